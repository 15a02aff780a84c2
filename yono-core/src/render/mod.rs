//! Pictures of a position: the text diagram (`Display` for `Position` and `Game`,
//! `text.rs`) and, with the `svg` feature, SVG diagrams (`svg/`).

#[cfg(feature = "svg")]
pub mod svg;
mod text;

use crate::{EndReason, Seat, Status};

/// How the game stands, in the words every picture uses: `South to move`, `North has
/// won`, `North has won by perpetual check`, `drawn by repetition`. Never "to move"
/// once the game is over.
pub(crate) fn standing(turn: Seat, status: Status, reason: Option<EndReason>) -> String {
    match (status, reason) {
        (Status::Ongoing, _) => format!("{turn} to move"),
        (Status::Won(w), Some(EndReason::PerpetualCheck)) => {
            format!("{w} has won by perpetual check")
        }
        (Status::Won(w), _) => format!("{w} has won"),
        (Status::DrawnByRepetition, _) => Status::DrawnByRepetition.to_string(),
    }
}
