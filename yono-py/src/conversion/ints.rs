//! Integer arguments with errors that name the argument: an int outside the range is a
//! ValueError saying which argument and which range (pyo3's own conversion raises an
//! OverflowError naming neither), a non-int a TypeError. Anything with `__index__`
//! (e.g. a numpy integer) counts as an int; `True` and `False` do not. The stubs say
//! `SupportsIndex` wherever one of these is read.

use pyo3::conversion::FromPyObjectOwned;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// `obj` as a `T`; `range` describes the accepted values, e.g. "0 to 80".
pub(crate) fn int_arg<'py, T>(obj: &Bound<'py, PyAny>, name: &str, range: &str) -> PyResult<T>
where
    T: FromPyObjectOwned<'py>,
{
    let not_int = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "{name} must be an int, got {}",
            obj.get_type().name()?
        )))
    };
    if obj.is_instance_of::<PyBool>() {
        return Err(not_int()?);
    }
    if let Ok(v) = obj.extract::<T>() {
        return Ok(v);
    }
    match obj.call_method0("__index__") {
        Ok(i) => Err(PyValueError::new_err(format!(
            "{name} must be {range}, got {i}"
        ))),
        Err(_) => Err(not_int()?),
    }
}

/// Whether `obj` is an int to the API: an int or anything with `__index__`, but not
/// a bool.
pub(crate) fn is_int(obj: &Bound<'_, PyAny>) -> bool {
    !obj.is_instance_of::<PyBool>()
        && (obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false))
}

/// An optional seed: None or an int 0 to 2**64 - 1.
pub(crate) fn seed_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    obj.filter(|o| !o.is_none())
        .map(|o| int_arg::<u64>(o, "seed", "0 to 2**64 - 1"))
        .transpose()
}
