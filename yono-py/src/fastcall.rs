//! `Position.push` and `Position.pop` as plain CPython methods.
//!
//! They are the two calls of a search or playout loop written in Python
//! (`for m in pos.legal_moves: pos.push(m); ...; pos.pop()`), so their per-call cost
//! is what such a loop measures. A `#[pymethods]` method goes through pyo3's
//! trampoline and argument parser: about 150 of the 930 instructions a push+pop pair
//! spent in this extension (a thread-local attach count raised and lowered per call,
//! the general argument parser, a type check of `self` that CPython has already
//! made). These two are written
//! against the C API instead. Everything they do besides reading their arguments is
//! the same Rust as the other methods use ([`PyPosition::play`], [`PyPosition::pop`]); a panic is
//! caught and raised as `pyo3_runtime.PanicException`, as pyo3 does.
//!
//! CPython's method descriptor checks that `self` is a `Position` before it calls
//! the function (`Position.push(object(), m)` raises TypeError), and calls it with
//! the GIL held; the `SAFETY` comments below rely on those two facts.

#![allow(unsafe_code)]

use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::{move_arg, PyMove, PyPosition};

/// Installs `push` and `pop` on the Position class (replacing nothing: the class
/// defines neither).
pub(crate) fn install(cls: &Bound<'_, PyType>) -> PyResult<()> {
    let defs = [
        (
            "push",
            c"push",
            ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: push,
            },
            ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            PUSH_DOC,
        ),
        (
            "pop",
            c"pop",
            ffi::PyMethodDefPointer { PyCFunction: pop },
            ffi::METH_NOARGS,
            POP_DOC,
        ),
    ];
    for (name, c_name, ml_meth, ml_flags, doc) in defs {
        // CPython keeps a pointer to the definition for the life of the method
        // descriptor, which lives as long as the class: the definition is leaked once
        // per interpreter (two small structs).
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: c_name.as_ptr(),
            ml_meth,
            ml_flags,
            ml_doc: doc.as_ptr(),
        }));
        // SAFETY: `cls` is a live type object and `def` a valid definition that
        // outlives it; the result is a new reference or NULL with an exception set.
        let descr = unsafe {
            Bound::from_owned_ptr_or_err(cls.py(), ffi::PyDescr_NewMethod(cls.as_type_ptr(), def))?
        };
        cls.setattr(name, descr)?;
    }
    Ok(())
}

const PUSH_DOC: &CStr = c"push($self, /, move)\n--\n\nPlays `move` (a Move or move text), after checking that it is legal; raises\nIllegalMoveError and leaves the position unchanged otherwise. Checkmated seats\nare removed at once (RULES.md \u{a7}6).";

const POP_DOC: &CStr =
    c"pop($self, /)\n--\n\nTakes back the last move and returns it; IndexError if there is none.";

/// Runs `body` with the Python token, turning an error or a panic into a raised
/// exception and NULL.
///
/// # Safety
/// The calling thread must hold the GIL.
unsafe fn call(
    body: impl for<'py> FnOnce(Python<'py>) -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    // SAFETY: the caller holds the GIL.
    let py = unsafe { Python::assume_attached() };
    let result = catch_unwind(AssertUnwindSafe(|| body(py))).unwrap_or_else(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic in Position.push or Position.pop".into());
        Err(PanicException::new_err(text))
    });
    match result {
        Ok(obj) => obj,
        Err(err) => {
            err.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// `Position.push(move)`: one argument, by position or as `move=`.
unsafe extern "C" fn push(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let body = |py: Python<'_>| {
        // SAFETY: `kwnames` is NULL or a tuple of strings, borrowed for the call.
        let kwnames = unsafe { Borrowed::from_ptr_or_opt(py, kwnames) };
        let one_argument = match &kwnames {
            None => nargs == 1,
            Some(names) => {
                let names = names.cast::<PyTuple>()?;
                match (nargs, names.len()) {
                    (1, 0) => true,
                    (0, 1) => names.get_item(0)?.eq("move")?,
                    _ => false,
                }
            }
        };
        if !one_argument {
            return Err(push_arity_error(nargs, kwnames));
        }
        // SAFETY: `args` holds the `nargs` positional and then the keyword values
        // (one in all, checked above), borrowed for the call; `slf` is a live
        // Position (the descriptor checked its type), borrowed for the call.
        let (slf, arg) = unsafe {
            (
                Borrowed::from_ptr(py, slf).cast_unchecked::<PyPosition>(),
                Borrowed::from_ptr(py, *args),
            )
        };
        let object = arg.cast::<PyMove>().ok();
        let mv = match &object {
            Some(m) => m.get().0,
            None => move_arg(py, &arg)?,
        };
        slf.get().play(py, mv, object.as_deref())?;
        Ok(py.None().into_ptr())
    };
    // SAFETY: CPython calls a method with the GIL held.
    unsafe { call(body) }
}

/// The TypeError of a push call with the wrong arguments, worded like Python's own.
#[cold]
fn push_arity_error(nargs: ffi::Py_ssize_t, kwnames: Option<Borrowed<'_, '_, PyAny>>) -> PyErr {
    let keywords = kwnames.as_ref().map_or(0, |names| names.len().unwrap_or(0));
    if nargs == 0 && keywords == 0 {
        PyTypeError::new_err("Position.push() missing 1 required argument: 'move'")
    } else if keywords > 0 {
        let names = kwnames.map(|k| k.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!(
            "Position.push() takes one argument, 'move'; got {nargs} positional and the keywords {names}"
        ))
    } else {
        PyTypeError::new_err(format!(
            "Position.push() takes 1 positional argument but {nargs} were given"
        ))
    }
}

/// `Position.pop()`.
unsafe extern "C" fn pop(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let body = |py: Python<'_>| {
        // SAFETY: `slf` is a live Position (the descriptor checked its type),
        // borrowed for the call.
        let slf = unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<PyPosition>() };
        Ok(slf.get().pop(py)?.into_ptr())
    };
    // SAFETY: CPython calls a method with the GIL held.
    unsafe { call(body) }
}
