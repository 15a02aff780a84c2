//! Whether the game goes on, who won, and the scores (RULES.md §6–§7).

use crate::notation::SeatState;
use crate::{BySeat, Position, Seat};

/// Whether the game goes on, and how it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The seat to move has a move (possibly `pass`).
    Ongoing,
    /// One seat is left (Yo\[n\]o), or the seat to move has no legal move (Shogi).
    Won(Seat),
    /// The same position occurred for the fourth time (only a [`crate::Game`] knows).
    DrawnByRepetition,
}

impl Position {
    /// Whether the game is still on, or who won. Repetition needs history: see
    /// [`crate::Game::status`].
    pub fn status(&self) -> Status {
        if self.in_game.len() <= 1 {
            return Status::Won(self.turn);
        }
        if self.ruleset.no_move_rule() == crate::NoMoveRule::Lose && !self.has_legal_move() {
            if let Some(winner) = self.in_game.without(self.turn).iter().next() {
                return Status::Won(winner);
            }
        }
        Status::Ongoing
    }

    /// Whether the game has ended (won; a [`crate::Game`] also knows repetition).
    pub fn is_game_over(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// The score of `seat` once it is decided: a checkmated seat's score, and at the
    /// end of a won game the winner's ([`Ruleset::max_score`](crate::Ruleset::max_score)) and, in Shogi, the
    /// loser's 0. `None` while undecided or for a seat not in the ruleset.
    pub fn score(&self, seat: Seat) -> Option<u8> {
        self.score_given(seat, || self.status())
    }

    /// [`Position::score`] for every seat.
    ///
    /// ```
    /// use yono::{Position, Seat};
    /// assert_eq!(Position::start().scores()[Seat::East], None);
    /// ```
    pub fn scores(&self) -> BySeat<Option<u8>> {
        // The status may cost a move search (Shogi): find it at most once.
        let status = std::cell::OnceCell::new();
        BySeat::from_fn(|s| self.score_given(s, || *status.get_or_init(|| self.status())))
    }

    pub(crate) fn score_given(&self, seat: Seat, status: impl FnOnce() -> Status) -> Option<u8> {
        match self.seats[seat.index()] {
            SeatState::Out(score) => Some(score),
            SeatState::Absent => None,
            SeatState::Playing => match status() {
                Status::Won(w) if w == seat => Some(self.ruleset.max_score()),
                Status::Won(_) => Some(0),
                _ => None,
            },
        }
    }
}
