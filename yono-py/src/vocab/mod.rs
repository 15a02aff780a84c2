//! The Python enums of the core's vocabulary: `Seat`, `PieceKind`, `Ruleset`, `Status`,
//! `EndReason` and `PromotionStatus`, each declared once by [`mirror_enum!`] over its core type.
//!
//! A mirrored enum takes its values from the core's tables (`vocabulary!` in the core:
//! `South = yono::Seat::South.index()`), and compile-time assertions pin it to them, so
//! a core variant added, removed or renumbered fails to compile here; the member names
//! are pinned to the core's names by `tests/test_vocabulary.py`. Each class equals its
//! int value (and hashes like it), pickles by name, and is built from a member, its
//! int value, or any text the core reads (`Seat("s")`, `Seat("South")`, `Seat(0)`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

mod kind;
mod ruleset;
mod seat;
mod status;

pub use kind::PyPieceKind;
pub use ruleset::PyRuleset;
pub use seat::PySeat;
pub use status::{PyEndReason, PyPromotionStatus, PyStatus};

/// Declares a Python enum class.
///
/// `Py(name) mirrors Core, read by R { Variant as "NAME", ... }` mirrors a core enum of
/// the core's `vocabulary!` with the same variant names: values from the core's
/// `index()`, `core()` and `of()`, and `Wrap<Core>` (the argument conversion, src/conversion) reading a
/// member or text. `Py(name) values, read by R { Variant = 0 as "NAME", ... }` is an
/// enum with values of its own (`Status`, whose core type carries the winner).
/// Either way: the `#[pyclass]`, `ALL`, the constructor, `__hash__`, `__reduce__`.
/// `read by FromStr` reads text with the core type's `FromStr`; `read by f` with the
/// function `f: &str -> PyResult<Py>`.
macro_rules! mirror_enum {
    (
        $(#[doc = $doc:literal])*
        $py:ident($pyname:literal) mirrors $core:ty, read by $read:tt {
            $( $(#[doc = $vdoc:literal])* $variant:ident as $name:literal, )*
        }
    ) => {
        crate::vocab::mirror_enum! {
            @class $(#[doc = $doc])* $py($pyname), core $core, read by $read {
                $( $(#[doc = $vdoc])* $variant = <$core>::$variant.index() as isize => $name, )*
            }
        }

        // The core's table and this class agree: as many values, each with its number
        // (a variant the core adds, removes or renumbers fails to compile here).
        const _: () = {
            assert!(<$core>::COUNT == $py::ALL.len());
            $( assert!(<$core>::$variant.index() == $py::$variant as usize); )*
        };

        impl $py {
            /// The core value.
            pub(crate) const fn core(self) -> $core {
                match self {
                    $( $py::$variant => <$core>::$variant, )*
                }
            }

            /// The member for a core value (in range: the assertion above).
            pub(crate) const fn of(value: $core) -> $py {
                $py::ALL[value.index()]
            }
        }

        impl<'a, 'py> ::pyo3::FromPyObject<'a, 'py> for crate::conversion::Wrap<$core> {
            type Error = ::pyo3::PyErr;

            fn extract(
                obj: ::pyo3::Borrowed<'a, 'py, ::pyo3::PyAny>,
            ) -> ::pyo3::PyResult<Self> {
                crate::vocab::member_or_text::<$py>(&obj)
                    .map(|m| crate::conversion::Wrap(m.core()))
            }
        }
    };
    (
        $(#[doc = $doc:literal])*
        $py:ident($pyname:literal) values, read by $read:tt {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $value:literal as $name:literal, )*
        }
    ) => {
        crate::vocab::mirror_enum! {
            @class $(#[doc = $doc])* $py($pyname), core $py, read by $read {
                $( $(#[doc = $vdoc])* $variant = $value => $name, )*
            }
        }
    };
    (
        @class $(#[doc = $doc:literal])* $py:ident($pyname:literal), core $core:ty, read by $read:tt {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $value:expr => $name:literal, )*
        }
    ) => {
        $(#[doc = $doc])*
        #[::pyo3::pyclass(name = $pyname, module = "yono", eq, eq_int, ord, frozen, from_py_object)]
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum $py {
            $( $(#[doc = $vdoc])* #[pyo3(name = $name)] $variant = $value, )*
        }

        impl $py {
            /// Every member, in value order.
            pub(crate) const ALL: &'static [$py] = &[$( $py::$variant, )*];

            /// The Python name of the member, e.g. "SOUTH".
            pub(crate) const fn variant_name(self) -> &'static str {
                match self {
                    $( $py::$variant => $name, )*
                }
            }
        }

        impl crate::vocab::Vocab for $py {
            const CLASS: &'static str = $pyname;
            const ALL: &'static [$py] = $py::ALL;

            fn value(self) -> isize {
                self as isize
            }

            fn read(text: &str) -> ::pyo3::PyResult<$py> {
                crate::vocab::mirror_enum!(@read $read, $core, $py, text)
            }
        }

        #[::pyo3::pymethods]
        impl $py {
            /// A member, its int value, or text the core reads (e.g. a letter or a name).
            #[new]
            fn py_new(value: &::pyo3::Bound<'_, ::pyo3::PyAny>) -> ::pyo3::PyResult<$py> {
                crate::vocab::construct::<$py>(value)
            }

            // It compares equal to its int value, so it must hash like it.
            fn __hash__(&self) -> isize {
                *self as isize
            }

            fn __reduce__<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyTuple>> {
                crate::vocab::reduce_enum::<$py>(py, self.variant_name())
            }
        }
    };
    (@read FromStr, $core:ty, $py:ident, $text:ident) => {
        $text.parse::<$core>().map($py::of).map_err(crate::errors::value_err)
    };
    (@read $read:ident, $core:ty, $py:ident, $text:ident) => {
        $read($text)
    };
}
pub(crate) use mirror_enum;

/// What the conversions need of a Python enum class.
pub(crate) trait Vocab:
    pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Copy + Sync + 'static
{
    /// The Python class name, e.g. "Seat".
    const CLASS: &'static str;
    /// Every member, in value order.
    const ALL: &'static [Self];
    /// The int value.
    fn value(self) -> isize;
    /// Text read as a member (ValueError otherwise).
    fn read(text: &str) -> PyResult<Self>;
}

/// `obj` as a member of `T`: a member, or text the core reads. Anything else is a
/// TypeError: an argument that takes a seat takes no int (`Seat(0)` makes one).
pub(crate) fn member_or_text<T: Vocab>(obj: &Borrowed<'_, '_, PyAny>) -> PyResult<T> {
    if let Ok(member) = obj.cast::<T>() {
        return Ok(*member.get());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return T::read(&text.to_cow()?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.{} or its text, got {}",
        T::CLASS,
        obj.get_type().name()?
    )))
}

/// The constructor of an enum class: a member, its int value, or its text.
pub(crate) fn construct<T: Vocab>(value: &Bound<'_, PyAny>) -> PyResult<T> {
    if crate::ints::is_int(value) {
        let wanted: Option<isize> = value.extract().ok();
        return T::ALL
            .iter()
            .copied()
            .find(|m| Some(m.value()) == wanted)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{value} is not a yono.{} value (expected 0 to {})",
                    T::CLASS,
                    T::ALL.len() - 1
                ))
            });
    }
    member_or_text(&value.as_borrowed())
}

/// `__reduce__` for the enum classes: `getattr(cls, NAME)`.
pub(crate) fn reduce_enum<'py, T: Vocab>(
    py: Python<'py>,
    name: &'static str,
) -> PyResult<Bound<'py, PyTuple>> {
    let cls = py.get_type::<T>();
    let getattr = py.import("builtins")?.getattr("getattr")?;
    PyTuple::new(
        py,
        [
            getattr,
            PyTuple::new(py, [cls.into_any(), PyString::new(py, name).into_any()])?.into_any(),
        ],
    )
}
