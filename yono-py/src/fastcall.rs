//! `Game.push` and `Game.pop` as plain CPython methods.
//!
//! They are the two calls of a search or playout loop written in Python
//! (`for m in game.legal_moves: game.push(m); ...; game.pop()`), so their per-call cost
//! is what such a loop measures. A `#[pymethods]` method goes through pyo3's
//! trampoline and argument parser: about 150 of the 930 instructions a push+pop pair
//! spent in this extension (a thread-local attach count raised and lowered per call,
//! the general argument parser, a type check of `self` that CPython has already
//! made). These two are written
//! against the C API instead. Everything they do besides reading their arguments is
//! the same Rust as the other methods use ([`PyGame::play`], [`PyGame::pop`]); a panic is
//! caught and raised as `pyo3_runtime.PanicException`, as pyo3 does. Only the hot call,
//! `push(move)` with one positional argument, is on the fast path; a call with keywords
//! (`move=`, or the deprecated `comment=` of the old record class) takes a cold one.
//!
//! CPython's method descriptor checks that `self` is a `Game` before it calls
//! the function (`Game.push(object(), m)` raises TypeError), and calls it with
//! the GIL held; the `SAFETY` comments below rely on those two facts.

#![allow(unsafe_code)]

use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::conversion::Wrap;
use crate::game::PyGame;
use crate::moves::PyMove;

/// Installs `push` and `pop` on the Game class (replacing nothing: the class
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

const PUSH_DOC: &CStr = c"push($self, /, move, *, comment=None)\n--\n\nPlays `move` (a Move or move text), after checking that it is legal; raises\nIllegalMoveError and leaves the game unchanged otherwise. Checkmated seats\nare removed at once (RULES.md \u{a7}6). `comment` is deprecated (use\nyono.Record.push(move, comment)).";

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
            .unwrap_or_else(|| "panic in Game.push or Game.pop".into());
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

/// `Game.push(move)`: one argument, by position or as `move=`; `comment=` (deprecated).
unsafe extern "C" fn push(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let body = |py: Python<'_>| {
        // SAFETY: `slf` is a live Game (the descriptor checked its type), borrowed for
        // the call.
        let slf = unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<PyGame>() };
        if !kwnames.is_null() || nargs != 1 {
            // SAFETY: as for `push` itself: `args` holds `nargs` positional values and
            // then one value per name in `kwnames` (NULL or a tuple of strings), all
            // borrowed for the call.
            return unsafe { push_with_keywords(py, slf, args, nargs, kwnames) };
        }
        // SAFETY: `args` holds the one positional argument (checked above), borrowed
        // for the call.
        let arg = unsafe { Borrowed::from_ptr(py, *args) };
        // `Bound::cast`, whose type check is inlined here (`Borrowed::cast` keeps it
        // out of line once it has several callers: 22 instructions a push).
        let object = (*arg).cast::<PyMove>().ok();
        let mv = match object {
            Some(m) => m.get().0,
            None => arg.extract::<Wrap<yono::Move>>()?.0,
        };
        slf.get().play(py, mv, object)?;
        Ok(py.None().into_ptr())
    };
    // SAFETY: CPython calls a method with the GIL held.
    unsafe { call(body) }
}

/// `push` called with keywords or with other than one positional argument: `move` by
/// position or keyword, and the deprecated `comment` by keyword.
///
/// # Safety
/// `args` must hold `nargs` positional values followed by one value per name of
/// `kwnames` (NULL or a tuple of strings), all borrowed for the call, as CPython's
/// `METH_FASTCALL | METH_KEYWORDS` convention passes them.
#[cold]
unsafe fn push_with_keywords(
    py: Python<'_>,
    slf: Borrowed<'_, '_, PyGame>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: `kwnames` is NULL or a tuple of strings, borrowed for the call.
    let kwnames = unsafe { Borrowed::from_ptr_or_opt(py, kwnames) };
    let names = match &kwnames {
        Some(names) => Some(names.cast::<PyTuple>()?),
        None => None,
    };
    let value = |i: usize| {
        // SAFETY: `i` is below `nargs` plus the number of names at every call below,
        // so `args[i]` is one of the values of the caller's contract.
        unsafe { Borrowed::from_ptr(py, *args.add(i)) }
    };
    let mut arg = (nargs == 1).then(|| value(0));
    let mut comment = None;
    if nargs > 1 {
        return Err(push_arity_error(nargs, kwnames));
    }
    for (i, name) in names.iter().flat_map(|n| n.iter()).enumerate() {
        let slot = if name.eq("move")? && arg.is_none() {
            &mut arg
        } else if name.eq("comment")? && comment.is_none() {
            &mut comment
        } else {
            return Err(push_arity_error(nargs, kwnames));
        };
        *slot = Some(value(nargs as usize + i));
    }
    let Some(arg) = arg else {
        return Err(push_arity_error(nargs, kwnames));
    };
    let comment = match comment.filter(|c| !c.is_none()) {
        Some(c) => Some(c.extract::<String>()?),
        None => None,
    };
    let object = arg.cast::<PyMove>().ok();
    let mv = match &object {
        Some(m) => m.get().0,
        None => arg.extract::<Wrap<yono::Move>>()?.0,
    };
    match comment {
        None => slf.get().play(py, mv, object.as_deref())?,
        Some(comment) => slf.get().push_commented(py, mv, &comment)?,
    }
    Ok(py.None().into_ptr())
}

/// The TypeError of a push call with the wrong arguments, worded like Python's own.
#[cold]
fn push_arity_error(nargs: ffi::Py_ssize_t, kwnames: Option<Borrowed<'_, '_, PyAny>>) -> PyErr {
    let keywords = kwnames.as_ref().map_or(0, |names| names.len().unwrap_or(0));
    if nargs == 0 && keywords == 0 {
        PyTypeError::new_err("Game.push() missing 1 required argument: 'move'")
    } else if keywords > 0 {
        let names = kwnames.map(|k| k.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!(
            "Game.push() takes one argument, 'move' (and the keyword 'comment'); got {nargs} positional and the keywords {names}"
        ))
    } else {
        PyTypeError::new_err(format!(
            "Game.push() takes 1 positional argument but {nargs} were given"
        ))
    }
}

/// `Game.pop()`.
unsafe extern "C" fn pop(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    let body = |py: Python<'_>| {
        // SAFETY: `slf` is a live Game (the descriptor checked its type), borrowed
        // for the call.
        let slf = unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<PyGame>() };
        Ok(slf.get().pop(py)?.into_ptr())
    };
    // SAFETY: CPython calls a method with the GIL held.
    unsafe { call(body) }
}
