//! `yono.Status`, `yono.EndReason` and `yono.PromotionStatus`.

use pyo3::prelude::*;

use super::mirror_enum;

mirror_enum! {
    /// Whether the game goes on, and how it ended (who won: `Game.winner()`; why:
    /// `Game.end_reason`). `str(status)` is the core's name of the status with `_` for
    /// spaces: "ongoing", "won" or "drawn_by_repetition" (the spelling of the test
    /// vectors). `Status(text)` reads that, or any status text the core reads
    /// ("drawn by repetition", "won by North").
    PyStatus("Status") values, read by read_status {
        /// The seat to move has a move (possibly "pass").
        Ongoing = 0 as "ONGOING",
        /// One seat is left (Yo[n]o), or the Shogi player to move has no legal move, or
        /// (Shogi) the other side lost by perpetual check.
        Won = 1 as "WON",
        /// The same position occurred for the fourth time.
        DrawnByRepetition = 2 as "DRAWN_BY_REPETITION",
    }
}

// The values above are the core's `Status::index` (checked here, at compile time).
const _: () = {
    assert!(yono::Status::Ongoing.index() == PyStatus::Ongoing as usize);
    assert!(yono::Status::Won(yono::Seat::South).index() == PyStatus::Won as usize);
    assert!(yono::Status::DrawnByRepetition.index() == PyStatus::DrawnByRepetition as usize);
    assert!(yono::Status::COUNT == PyStatus::ALL.len());
};

impl PyStatus {
    /// The member for a core status (which also names the winner).
    pub(crate) fn of(status: yono::Status) -> PyStatus {
        PyStatus::ALL[status.index()]
    }

    /// The core's name of the status (`Status::NAMES`), e.g. "drawn by repetition".
    fn name(self) -> &'static str {
        yono::Status::NAMES[self as usize]
    }
}

/// `Status(text)`: a status text the core reads, or the text `str(status)` gives.
fn read_status(text: &str) -> PyResult<PyStatus> {
    if let Ok(status) = text.parse::<yono::Status>() {
        return Ok(PyStatus::of(status));
    }
    PyStatus::ALL
        .iter()
        .copied()
        .find(|s| s.name().replace(' ', "_") == text)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("{text:?} is not a status")))
}

#[pymethods]
impl PyStatus {
    fn __str__(&self) -> String {
        self.name().replace(' ', "_")
    }
}

mirror_enum! {
    /// How a finished game ended (`Game.end_reason`): LAST_SEAT_STANDING (Yo[n]o),
    /// NO_LEGAL_MOVE (Shogi checkmate), REPETITION (a draw), PERPETUAL_CHECK (Shogi: a
    /// fourfold repetition in which every move of one side gave check; that side
    /// lost). `str(reason)` is the core's name, e.g. "perpetual check".
    PyEndReason("EndReason") mirrors yono::EndReason, read by FromStr {
        /// Every other seat was checkmated; the one left won.
        LastSeatStanding as "LAST_SEAT_STANDING",
        /// The side to move has no legal move (checkmate in standard Shogi).
        NoLegalMove as "NO_LEGAL_MOVE",
        /// The fourth occurrence of a position: a draw.
        Repetition as "REPETITION",
        /// Standard Shogi: every move of one side in the repetition gave check.
        PerpetualCheck as "PERPETUAL_CHECK",
    }
}

#[pymethods]
impl PyEndReason {
    fn __str__(&self) -> &'static str {
        self.core().name()
    }
}

mirror_enum! {
    /// Whether a move from one square to another may promote
    /// (`Game.promotion_status`). `PromotionStatus(x)` takes a member, its int value
    /// or its name ("optional", any case).
    PyPromotionStatus("PromotionStatus") mirrors yono::PromotionStatus, read by FromStr {
        /// Only the move without promotion is legal: play it without asking.
        Impossible as "IMPOSSIBLE",
        /// Both are legal: ask the player.
        Optional as "OPTIONAL",
        /// Only the promoting move is legal: play it without asking.
        Compulsory as "COMPULSORY",
    }
}
