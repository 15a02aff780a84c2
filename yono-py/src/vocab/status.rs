//! `yono.Status` and `yono.PromotionStatus`.

use pyo3::prelude::*;

use super::mirror_enum;

mirror_enum! {
    /// Whether the game goes on, and how it ended. `str(status)` is "ongoing", "won" or
    /// "drawn_by_repetition" (the spelling of the test vectors); `Status(text)` reads
    /// it back.
    PyStatus("Status") values, read by read_status {
        /// The seat to move has a move (possibly "pass").
        Ongoing = 0 as "ONGOING",
        /// One seat is left (Yo[n]o), or the Shogi player to move has no legal move.
        Won = 1 as "WON",
        /// The same position occurred for the fourth time.
        DrawnByRepetition = 2 as "DRAWN_BY_REPETITION",
    }
}

impl PyStatus {
    /// The member for a core status (which also names the winner).
    pub(crate) fn of(status: yono::Status) -> PyStatus {
        match status {
            yono::Status::Ongoing => PyStatus::Ongoing,
            yono::Status::Won(_) => PyStatus::Won,
            yono::Status::DrawnByRepetition => PyStatus::DrawnByRepetition,
        }
    }

    /// The text of the status, as the test vectors spell it.
    pub(crate) fn text(self) -> &'static str {
        match self {
            PyStatus::Ongoing => "ongoing",
            PyStatus::Won => "won",
            PyStatus::DrawnByRepetition => "drawn_by_repetition",
        }
    }
}

/// `Status(text)`: the text `str(status)` gives.
fn read_status(text: &str) -> PyResult<PyStatus> {
    PyStatus::ALL
        .iter()
        .copied()
        .find(|s| s.text() == text)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("{text:?} is not a status")))
}

#[pymethods]
impl PyStatus {
    fn __str__(&self) -> &'static str {
        self.text()
    }
}

mirror_enum! {
    /// Whether a move from one square to another may promote
    /// (`Game.promotion_status`). `PromotionStatus(x)` takes a member or its int value.
    PyPromotionStatus("PromotionStatus") mirrors yono::PromotionStatus, read by no_text {
        /// Only the move without promotion is legal: play it without asking.
        Impossible as "IMPOSSIBLE",
        /// Both are legal: ask the player.
        Optional as "OPTIONAL",
        /// Only the promoting move is legal: play it without asking.
        Compulsory as "COMPULSORY",
    }
}

/// The core writes no text for a promotion status, so none is read.
fn no_text(text: &str) -> PyResult<PyPromotionStatus> {
    Err(pyo3::exceptions::PyValueError::new_err(format!(
        "{text:?} is not a promotion status (give a yono.PromotionStatus or its int value)"
    )))
}
