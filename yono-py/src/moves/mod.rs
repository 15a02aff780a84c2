//! `yono.Move`, and the interned Move objects every list of moves hands out.

mod interned;

pub(crate) use interned::{move_list, move_obj, move_vec};

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

use crate::conversion::Wrap;
use crate::square::PySquare;
use crate::vocab::PyPieceKind;

/// A move of the seat to move: a board move ("7g7f", promoting "8h2b+"), a drop from
/// the reserve ("P*5e"), or a pass ("pass", only when nothing else is legal).
///
/// `Move("7g7f")` is `Move.from_usi("7g7f")`; malformed text raises IllegalMoveError
/// with code "malformed_move". Moves compare and hash by value; `str(move)` is its text.
#[pyclass(name = "Move", module = "yono", frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyMove(pub yono::Move);

#[pymethods]
impl PyMove {
    /// A Move, or the move the core reads from move text.
    #[new]
    fn py_new(usi: Wrap<yono::Move>) -> PyMove {
        PyMove(usi.0)
    }

    /// Parses move text: "7g7f", "8h2b+", "P*5e" or "pass".
    #[staticmethod]
    fn from_usi(py: Python<'_>, usi: &str) -> PyResult<PyMove> {
        yono::Move::from_usi(usi)
            .map(PyMove)
            .map_err(|e| crate::errors::move_err(py, e.into()))
    }

    /// A board move from `from_square` to `to_square`, promoting if `promote`.
    #[staticmethod]
    #[pyo3(signature = (from_square, to_square, promote = false))]
    fn board(
        from_square: Wrap<yono::Square>,
        to_square: Wrap<yono::Square>,
        promote: bool,
    ) -> PyResult<PyMove> {
        let (from, to) = (from_square.0, to_square.0);
        if from == to {
            return Err(PyValueError::new_err(format!(
                "a board move needs two different squares, got {from} twice"
            )));
        }
        Ok(PyMove(yono::Move::Board { from, to, promote }))
    }

    /// A drop of `kind` (unpromoted: R B G S N L P) on `to_square`.
    #[staticmethod]
    fn drop(kind: Wrap<yono::PieceKind>, to_square: Wrap<yono::Square>) -> PyResult<PyMove> {
        let kind = kind.0;
        if kind.hand_index().is_none() {
            return Err(PyValueError::new_err(format!(
                "{kind} cannot be dropped (only R B G S N L P)"
            )));
        }
        Ok(PyMove(yono::Move::Drop {
            kind,
            to: to_square.0,
        }))
    }

    /// The pass move.
    #[classattr]
    #[pyo3(name = "PASS")]
    fn pass_move() -> PyMove {
        PyMove(yono::Move::Pass)
    }

    /// Decodes a compact 16-bit move code (see `code`); ValueError for a code no move has.
    #[staticmethod]
    fn from_code(code: i64) -> PyResult<PyMove> {
        u16::try_from(code)
            .ok()
            .and_then(yono::Move::from_code)
            .map(PyMove)
            .ok_or_else(|| PyValueError::new_err(format!("not a move code: {code}")))
    }

    /// The compact 16-bit code: board moves `from | to << 7 | promote << 14` (square
    /// indices), drops `0x8000 | hand_index << 7 | to`, pass `0xFFFF`.
    #[getter]
    fn code(&self) -> u16 {
        self.0.code()
    }

    /// The core's dense index of the move, 0 to 13,689 (`yono::Move::index`): board
    /// moves `(from * 81 + to) * 2 + promote`, drops `13122 + hand_index * 81 + to`,
    /// pass the last. Squares are as named, whoever moves (`Game.action` is the index
    /// in the mover's frame).
    #[getter]
    fn index(&self) -> usize {
        self.0.index()
    }

    /// The move with the core's dense index `index` (see `index`); ValueError for an
    /// index no move has.
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let range = format!("0 to {}", yono::Move::INDEX_COUNT - 1);
        let i: usize = crate::conversion::ints::int_arg(index, "index", &range)?;
        yono::Move::from_index(i)
            .map(PyMove)
            .ok_or_else(|| PyValueError::new_err(format!("no move has the index {i}")))
    }

    /// The move text, e.g. "7g7f" (also `str(move)`).
    fn usi(&self) -> String {
        self.0.to_string()
    }

    /// The origin square of a board move; None for a drop or pass.
    #[getter(from_square)]
    fn origin(&self) -> Option<PySquare> {
        self.0.from().map(PySquare)
    }

    /// The destination square; None for a pass.
    #[getter(to_square)]
    fn destination(&self) -> Option<PySquare> {
        self.0.to().map(PySquare)
    }

    /// The dropped kind of a drop; None otherwise.
    #[getter]
    fn drop_kind(&self) -> Option<PyPieceKind> {
        match self.0 {
            yono::Move::Drop { kind, .. } => Some(PyPieceKind::of(kind)),
            _ => None,
        }
    }

    /// Whether this board move promotes.
    #[getter]
    fn promotion(&self) -> bool {
        matches!(self.0, yono::Move::Board { promote: true, .. })
    }

    /// Whether this is a drop.
    #[getter]
    fn is_drop(&self) -> bool {
        matches!(self.0, yono::Move::Drop { .. })
    }

    /// Whether this is the pass move.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == yono::Move::Pass
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    // Equal to its text too (`"5g5f" in game.legal_moves`), so it hashes like the text.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let equal = if let Ok(m) = other.cast::<PyMove>() {
            m.get().0 == self.0
        } else if let Ok(text) = other.cast::<PyString>() {
            *text.to_cow()? == *self.0.to_string()
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(match op {
            CompareOp::Eq => PyBool::new(py, equal).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !equal).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.0.to_string()).hash()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_usi('{}')", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                py.get_type::<PyMove>().into_any(),
                PyTuple::new(py, [self.0.to_string()])?.into_any(),
            ],
        )
    }
}
