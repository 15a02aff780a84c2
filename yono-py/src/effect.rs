//! `yono.MoveEffect`: what a move does (`Game.preview`) or did (`Game.push_described`),
//! and `yono.Removal`: a seat the move removed, with what left the board with it.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::winner_of;
use crate::moves::{move_obj, PyMove};
use crate::piece::PyPiece;
use crate::square::PySquare;
use crate::vocab::{PyPieceKind, PySeat, PyStatus};

/// What a move does: returned by `Game.preview(move)` (before playing) and
/// `Game.push_described(move)` (as it is played).
#[pyclass(name = "MoveEffect", module = "yono", frozen, get_all)]
pub struct PyMoveEffect {
    /// The move.
    r#move: Py<PyMove>,
    /// The seat that plays it.
    mover: PySeat,
    /// The piece moved or dropped, before the move (None for a pass).
    piece: Option<PyPiece>,
    /// The piece taken, or None (it joins the mover's reserve unpromoted).
    captured: Option<PyPiece>,
    /// Whether the move promotes.
    promotes: bool,
    /// Whether the move gives check: after it, the mover threatens the King of a seat
    /// still in the game (`checked` says whose).
    gives_check: bool,
    /// The seats whose King the mover threatens after the move, in turn order.
    checked: Vec<PySeat>,
    /// The seats that lose by this move with their scores, [(Seat, score)]: seats
    /// checkmated and removed (Yo[n]o) and, when the move wins the game, every other
    /// seat (in Shogi the checkmated side, which stays on the board).
    fallen: Vec<(PySeat, u8)>,
    /// The seats the checkmate rule removed, in the order they fell, each with the
    /// pieces that left the board with it (a Removal: for animation).
    removed: Vec<Py<PyRemoval>>,
    /// The status after the move.
    status: PyStatus,
    /// The winner after the move, or None.
    winner: Option<PySeat>,
    /// The seat to move after the move (see `Game.turn`).
    next_turn: PySeat,
}

impl PyMoveEffect {
    /// The Python object of a core move effect.
    pub(crate) fn of(py: Python<'_>, e: yono::MoveEffect) -> PyResult<PyMoveEffect> {
        Ok(PyMoveEffect {
            r#move: move_obj(py, e.mv)?.unbind(),
            mover: PySeat::of(e.mover),
            piece: e.piece.map(PyPiece),
            captured: e.captured.map(PyPiece),
            promotes: e.promotes,
            gives_check: e.gives_check,
            checked: e.checked.iter().map(PySeat::of).collect(),
            fallen: e.fallen.iter().map(|&(s, n)| (PySeat::of(s), n)).collect(),
            removed: e
                .removed
                .into_iter()
                .map(|r| Py::new(py, PyRemoval(r)))
                .collect::<PyResult<_>>()?,
            status: PyStatus::of(e.status),
            winner: winner_of(e.status),
            next_turn: PySeat::of(e.next_turn),
        })
    }
}

#[pymethods]
impl PyMoveEffect {
    fn __repr__(&self) -> String {
        let fallen: Vec<String> = self
            .fallen
            .iter()
            .map(|(s, n)| format!("({}, {n})", s.core().name()))
            .collect();
        format!(
            "MoveEffect(move={}, mover={}, captured={}, promotes={}, gives_check={}, fallen=[{}])",
            self.r#move.get().0,
            self.mover.core().name(),
            self.captured
                .as_ref()
                .map_or("None".to_string(), |p| p.0.to_string()),
            if self.promotes { "True" } else { "False" },
            if self.gives_check { "True" } else { "False" },
            fallen.join(", "),
        )
    }
}

/// A seat removed by the checkmate rule, and what left the board with it: `seat`,
/// `score`, `pieces` ([(Square, Piece)] as they stood, in square order) and `reserve`
/// ({PieceKind: count}, emptied). In `MoveEffect.removed`.
#[pyclass(name = "Removal", module = "yono", frozen)]
pub struct PyRemoval(yono::Removal);

#[pymethods]
impl PyRemoval {
    /// The seat.
    #[getter]
    fn seat(&self) -> PySeat {
        PySeat::of(self.0.seat)
    }

    /// The score it received.
    #[getter]
    fn score(&self) -> u8 {
        self.0.score
    }

    /// Its pieces that stood on the board, with their squares, in square order.
    #[getter]
    fn pieces(&self) -> Vec<(PySquare, PyPiece)> {
        self.0
            .pieces
            .iter()
            .map(|&(sq, p)| (PySquare(sq), PyPiece(p)))
            .collect()
    }

    /// Its reserve as it was: {PieceKind: count}, only kinds held.
    #[getter]
    fn reserve<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (kind, count) in self.0.reserve.iter() {
            dict.set_item(PyPieceKind::of(kind), count)?;
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "Removal({}, score={}, {} pieces)",
            self.0.seat,
            self.0.score,
            self.0.pieces.len()
        )
    }
}
