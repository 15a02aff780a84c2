//! The Python exceptions and the one place each core error becomes one.
//!
//! `yono.ParseError`, `yono.IllegalMoveError` and `yono.RecordError` are `ValueError`s
//! that carry the core's message and its stable `code` (one of `yono::ERROR_CODES`);
//! an `IllegalMoveError` also names the move, a `RecordError` the ply and line.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yono::MoveError;

pyo3::create_exception!(
    yono,
    ParseError,
    PyValueError,
    "Text that is not a valid position (malformed position text or SFEN, or a position \
     that cannot exist). `str(e)` is the core's message (what and where); `e.code` is the \
     stable snake_case error code, e.g. \"rank_length\" or \"nifu\"."
);
pyo3::create_exception!(
    yono,
    RecordError,
    PyValueError,
    "A game record that cannot be loaded, or metadata or a comment that cannot be \
     stored. `str(e)` says what and where; `e.code` is the stable code (e.g. \
     \"record_bad_move\"); `e.ply` is the number of the first bad move (from 1) or None; \
     `e.line` the line of the text record or None."
);
pyo3::create_exception!(
    yono,
    IllegalMoveError,
    PyValueError,
    "A move that cannot be played: text that is not a move (`code == \"malformed_move\"`) \
     or a move that is illegal in the position (`code` names the reason, e.g. \
     \"king_threatened\", \"nifu_drop\", \"game_over\"). `e.move` is the move text, or None \
     for malformed text."
);

/// A `ParseError` (or, for a move error, an `IllegalMoveError`) from a core error.
pub(crate) fn core_err(py: Python<'_>, e: yono::Error) -> PyErr {
    match e {
        yono::Error::Move(m) => move_err(py, m),
        other => with_attrs(
            py,
            ParseError::new_err(other.to_string()),
            &[("code", other.code())],
        ),
    }
}

/// An `IllegalMoveError` from a core move error.
pub(crate) fn move_err(py: Python<'_>, e: MoveError) -> PyErr {
    let mv = match &e {
        MoveError::Illegal { mv, .. } => Some(mv.to_string()),
        _ => None,
    };
    let err = with_attrs(
        py,
        IllegalMoveError::new_err(e.to_string()),
        &[("code", e.code())],
    );
    // Setting an attribute on a fresh exception cannot fail in practice; if it did,
    // the exception would still carry its message.
    let _ = err.value(py).setattr("move", mv);
    err
}

/// The `IllegalMoveError` of a well-formed move that is illegal here.
pub(crate) fn illegal(py: Python<'_>, mv: yono::Move, reason: yono::IllegalMove) -> PyErr {
    move_err(py, MoveError::Illegal { mv, reason })
}

/// A `RecordError` from a core record error.
pub(crate) fn record_err(py: Python<'_>, e: yono::RecordError) -> PyErr {
    let err = with_attrs(
        py,
        RecordError::new_err(e.to_string()),
        &[("code", e.code())],
    );
    let value = err.value(py);
    let _ = value.setattr("ply", e.ply());
    let _ = value.setattr("line", e.line());
    err
}

/// `err` with string attributes set on its exception value.
fn with_attrs(py: Python<'_>, err: PyErr, attrs: &[(&str, &str)]) -> PyErr {
    let value = err.value(py);
    for (name, text) in attrs {
        let _ = value.setattr(*name, *text);
    }
    err
}

/// A `ValueError` from any core error that has no exception of its own (a name that is
/// no seat, a square out of range, ...): the core's message.
pub(crate) fn value_err(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Warns (`DeprecationWarning`, at the caller's line) that an old name or use is
/// deprecated; `message` says what to use instead. Old names stay for one release.
pub(crate) fn deprecated(py: Python<'_>, message: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(message).map_err(value_err)?;
    let category = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
    PyErr::warn(py, category.as_any(), &message, 1)
}
