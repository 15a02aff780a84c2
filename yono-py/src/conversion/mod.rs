//! One conversion per core type: [`Wrap<T>`] reads a Python argument as the core's `T`,
//! accepting exactly what the core reads as a `T` (its `FromStr`) besides the Python
//! class of `T`, so that every argument that takes a seat, kind, square, move, ruleset,
//! position or set of squares takes the same spellings.
//!
//! | core type | Python argument |
//! |---|---|
//! | `Seat`, `PieceKind`, `Ruleset` | the enum member, or text the core reads (src/vocab) |
//! | `Square` | a `Square`, its name ("5e"), or its index 0-80 (an int or `__index__`) |
//! | `Vec<Square>` (a highlight set) | one square as above, or an iterable of them |
//! | `Move` | a `Move`, or move text (malformed text: `IllegalMoveError`) |
//! | `Position` | position text, or SFEN (four fields) |
//!
//! Text the core does not read is a `ValueError` with the core's message; an object of
//! another type a `TypeError` (pyo3 adds the argument's name). The enum classes'
//! conversions are generated with the classes (`mirror_enum!` in src/vocab).

pub(crate) mod ints;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::errors::{core_err, move_err, value_err};
use crate::moves::PyMove;
use crate::square::PySquare;

/// A core value read from a Python argument (see the module documentation).
pub(crate) struct Wrap<T>(pub(crate) T);

/// The TypeError for an argument of the wrong type: "expected {what}, got {type}".
fn wrong_type(obj: &Borrowed<'_, '_, PyAny>, what: &str) -> PyErr {
    match obj.get_type().name() {
        Ok(name) => PyTypeError::new_err(format!("expected {what}, got {name}")),
        Err(e) => e,
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Wrap<yono::Square> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(sq) = obj.cast::<PySquare>() {
            return Ok(Wrap(sq.get().0));
        }
        if let Ok(text) = obj.cast::<PyString>() {
            return text.to_cow()?.parse().map(Wrap).map_err(value_err);
        }
        // True and False are ints to Python, but never squares.
        if !obj.is_instance_of::<PyBool>() {
            if let Ok(i) = obj.call_method0("__index__") {
                return i
                    .extract::<usize>()
                    .ok()
                    .and_then(yono::Square::from_index)
                    .map(Wrap)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!("not a square index: {i} (expected 0 to 80)"))
                    });
            }
        }
        Err(wrong_type(
            &obj,
            "a yono.Square, a square name such as \"5e\" or an index 0-80",
        ))
    }
}

/// A set of squares (a highlight set of the SVG): one square, or an iterable of them.
impl<'a, 'py> FromPyObject<'a, 'py> for Wrap<Vec<yono::Square>> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<Wrap<yono::Square>>() {
            Ok(one) => return Ok(Wrap(vec![one.0])),
            // A square name or index that is no square.
            Err(e) if !e.is_instance_of::<PyTypeError>(obj.py()) => return Err(e),
            Err(_) => {}
        }
        let Ok(items) = obj.try_iter() else {
            return Err(wrong_type(&obj, "a square or an iterable of squares"));
        };
        items
            .map(|item| Ok(item?.extract::<Wrap<yono::Square>>()?.0))
            .collect::<PyResult<_>>()
            .map(Wrap)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Wrap<yono::Move> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(m) = obj.cast::<PyMove>() {
            return Ok(Wrap(m.get().0));
        }
        if let Ok(text) = obj.cast::<PyString>() {
            return yono::Move::from_usi(&text.to_cow()?)
                .map(Wrap)
                .map_err(|e| move_err(obj.py(), e.into()));
        }
        Err(wrong_type(
            &obj,
            "a yono.Move or move text such as \"7g7f\"",
        ))
    }
}

/// Position text or, when that fails and the text has SFEN's four fields, SFEN (the
/// position-text error stands otherwise).
impl<'a, 'py> FromPyObject<'a, 'py> for Wrap<yono::Position> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let Ok(text) = obj.cast::<PyString>() else {
            return Err(wrong_type(&obj, "position text or SFEN"));
        };
        let text = text.to_cow()?;
        match yono::Position::from_text(&text) {
            Ok(pos) => Ok(Wrap(pos)),
            Err(e) if text.split_whitespace().count() == 4 => yono::Position::from_sfen(&text)
                .map(Wrap)
                .map_err(|_| core_err(obj.py(), e)),
            Err(e) => Err(core_err(obj.py(), e)),
        }
    }
}

/// `obj` as a seat (for code that holds a `&Bound`; arguments use `Wrap<Seat>`).
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::Seat> {
    obj.extract::<Wrap<yono::Seat>>().map(|w| w.0)
}

/// `obj` as a ruleset.
pub(crate) fn ruleset_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::Ruleset> {
    obj.extract::<Wrap<yono::Ruleset>>().map(|w| w.0)
}

/// `obj` as a move (malformed text: `IllegalMoveError`).
pub(crate) fn move_arg(_py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<yono::Move> {
    obj.extract::<Wrap<yono::Move>>().map(|w| w.0)
}

/// What the core itself reads from `text` as a `what` (the `type` names of
/// tests/vectors/vocabulary.json: "seat", "piece_kind", "piece", "ruleset", "status",
/// "end_reason", "promotion_status", "square", and "move"): the value's number (a
/// piece's `seat * 14 + kind`, a status's index, a move's index), or None when the
/// core refuses the text. The vocabulary tests hold every Python surface to this
/// oracle, so that no surface reads more or less than the core.
#[pyfunction]
pub(crate) fn _core_reads(what: &str, text: &str) -> PyResult<Option<usize>> {
    Ok(match what {
        "seat" => text.parse::<yono::Seat>().ok().map(yono::Seat::index),
        "piece_kind" => text
            .parse::<yono::PieceKind>()
            .ok()
            .map(yono::PieceKind::index),
        "piece" => text
            .parse::<yono::Piece>()
            .ok()
            .map(|p| p.seat.index() * yono::PieceKind::COUNT + p.kind.index()),
        "ruleset" => text.parse::<yono::Ruleset>().ok().map(yono::Ruleset::index),
        "status" => text.parse::<yono::Status>().ok().map(yono::Status::index),
        "end_reason" => text
            .parse::<yono::EndReason>()
            .ok()
            .map(yono::EndReason::index),
        "promotion_status" => text
            .parse::<yono::PromotionStatus>()
            .ok()
            .map(yono::PromotionStatus::index),
        "square" => text.parse::<yono::Square>().ok().map(yono::Square::index),
        "move" => text.parse::<yono::Move>().ok().map(yono::Move::index),
        other => {
            return Err(PyValueError::new_err(format!(
                "no such vocabulary: {other:?}"
            )))
        }
    })
}
