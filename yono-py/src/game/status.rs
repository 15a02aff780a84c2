//! How the game stands: status, winner, why it ended, scores, repetitions, the seats
//! that lost, and the board snapshot a GUI draws from.

use pyo3::prelude::*;

use super::PyGame;
use crate::conversion::Wrap;
use crate::snapshot::PySnapshot;
use crate::vocab::{PyEndReason, PySeat, PyStatus};

/// The winner of a status, if it is won.
pub(crate) fn winner_of(status: yono::Status) -> Option<PySeat> {
    match status {
        yono::Status::Won(seat) => Some(PySeat::of(seat)),
        _ => None,
    }
}

#[pymethods]
impl PyGame {
    /// The status: ONGOING, WON or DRAWN_BY_REPETITION.
    fn status(&self, py: Python<'_>) -> PyResult<PyStatus> {
        Ok(PyStatus::of(self.game(py)?.status()))
    }

    /// Whether the game has ended (won or drawn by repetition).
    fn is_game_over(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.game(py)?.is_over())
    }

    /// The winner once the game is won; None otherwise (also after a draw).
    fn winner(&self, py: Python<'_>) -> PyResult<Option<PySeat>> {
        Ok(winner_of(self.game(py)?.status()))
    }

    /// The scores by seat index [South, West, North, East]: each seat's once decided
    /// (a checkmated seat's score; all of them once the game is over, the repetition
    /// draw included), else None. Seats not in the ruleset are always None.
    fn scores(&self, py: Python<'_>) -> PyResult<[Option<u8>; 4]> {
        Ok(self.game(py)?.scores().into())
    }

    /// The score of `seat` once decided, else None.
    fn score(&self, py: Python<'_>, seat: Wrap<yono::Seat>) -> PyResult<Option<u8>> {
        Ok(self.game(py)?.scores()[seat.0])
    }

    /// Why the game ended (LAST_SEAT_STANDING, NO_LEGAL_MOVE, REPETITION or
    /// PERPETUAL_CHECK), or None while it goes on.
    #[getter]
    fn end_reason(&self, py: Python<'_>) -> PyResult<Option<PyEndReason>> {
        Ok(self.game(py)?.end_reason().map(PyEndReason::of))
    }

    /// The side that lost by perpetual check (standard Shogi), once the game ended so.
    #[getter]
    fn perpetual_checker(&self, py: Python<'_>) -> PyResult<Option<PySeat>> {
        Ok(self.game(py)?.perpetual_checker().map(PySeat::of))
    }

    /// Everything a GUI draws for the current position, as plain data (a Snapshot:
    /// each square's piece with its owner, kind, promotion and facing; reserves;
    /// seats; scores; status; checks). For a GUI that draws the board itself.
    fn board_snapshot(&self, py: Python<'_>) -> PyResult<PySnapshot> {
        Ok(PySnapshot::of(self.game(py)?.snapshot()))
    }

    /// How often the current position has occurred in this history, this one included.
    fn repetitions(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.game(py)?.repetitions())
    }

    /// The seats that have lost, in turn order: checkmated and removed, and once the
    /// game is won every seat but the winner (in Shogi the checkmated side, which is
    /// never removed and so stays in `seats`).
    #[getter]
    fn lost_seats(&self, py: Python<'_>) -> PyResult<Vec<PySeat>> {
        let lost = self.game(py)?.lost_seats();
        Ok(lost.iter().map(PySeat::of).collect())
    }
}
