//! `yono.MoveEffect`: what a move does (`Game.preview`) or did (`Game.push_described`).

use pyo3::prelude::*;

use crate::game::winner_of;
use crate::moves::{move_obj, PyMove};
use crate::piece::PyPiece;
use crate::vocab::{PySeat, PyStatus};

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
    /// The seats that lose by this move with their scores, [(Seat, score)]: seats
    /// checkmated and removed (Yo[n]o) and, when the move wins the game, every other
    /// seat (in Shogi the checkmated side, which stays on the board).
    fallen: Vec<(PySeat, u8)>,
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
            fallen: e.fallen.iter().map(|&(s, n)| (PySeat::of(s), n)).collect(),
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
            "MoveEffect(move={}, mover={}, captured={}, promotes={}, fallen=[{}])",
            self.r#move.get().0,
            self.mover.core().name(),
            self.captured
                .as_ref()
                .map_or("None".to_string(), |p| p.0.to_string()),
            if self.promotes { "True" } else { "False" },
            fallen.join(", "),
        )
    }
}
