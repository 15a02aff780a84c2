//! What a board GUI asks between clicks: the moves from a square, the drops of a
//! reserve kind, the promotion status of a from-to move, and what a move will do
//! (`preview`) or did (`push_described`). docs/GUI.md.

use pyo3::prelude::*;

use super::PyGame;
use crate::conversion::Wrap;
use crate::effect::PyMoveEffect;
use crate::errors::move_err;
use crate::moves::{move_vec, PyMove};
use crate::vocab::PyPromotionStatus;

#[pymethods]
impl PyGame {
    /// The legal moves of the piece on `square` (a Square or "5g"), both promotion
    /// choices included; [] for an empty square or another seat's piece.
    fn moves_from<'py>(
        &self,
        py: Python<'py>,
        square: Wrap<yono::Square>,
    ) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let moves = self.game(py)?.moves_from(square.0);
        move_vec(py, &moves)
    }

    /// The legal drops of `kind` (a PieceKind or its letter) by the seat to move; their
    /// `to` squares are the drop targets. [] if its reserve holds none.
    fn drops_of<'py>(
        &self,
        py: Python<'py>,
        kind: Wrap<yono::PieceKind>,
    ) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let moves = self.game(py)?.drops_of(kind.0);
        move_vec(py, &moves)
    }

    /// Whether the move from `from_square` to `to_square` may promote:
    /// PromotionStatus.IMPOSSIBLE / OPTIONAL (ask the player) / COMPULSORY, or None
    /// when no legal move goes there.
    fn promotion_status(
        &self,
        py: Python<'_>,
        from_square: Wrap<yono::Square>,
        to_square: Wrap<yono::Square>,
    ) -> PyResult<Option<PyPromotionStatus>> {
        let status = self.game(py)?.promotion_status(from_square.0, to_square.0);
        Ok(status.map(PyPromotionStatus::of))
    }

    /// What `move` (a Move or move text) would do, without playing it: a MoveEffect.
    /// IllegalMoveError as `push` would raise.
    fn preview(&self, py: Python<'_>, r#move: Wrap<yono::Move>) -> PyResult<PyMoveEffect> {
        let effect = self.game(py)?.preview(r#move.0);
        PyMoveEffect::of(py, effect.map_err(|e| move_err(py, e))?)
    }

    /// Plays `move` like `push` and returns what it did (a MoveEffect): one call, so
    /// that a GUI animates the move that was played.
    fn push_described(&self, py: Python<'_>, r#move: Wrap<yono::Move>) -> PyResult<PyMoveEffect> {
        let effect = self.game_mut(py)?.play_described(r#move.0);
        PyMoveEffect::of(py, effect.map_err(|e| move_err(py, e))?)
    }
}
