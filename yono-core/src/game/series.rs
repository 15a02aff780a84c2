//! Scores added up over several games.

use crate::{BySeat, Game, Seat};

/// Scores added up over several games ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
///
/// ```
/// use yono::{Series, Seat};
/// let mut series = Series::default();
/// series.add([Some(3), Some(2), Some(1), Some(0)]).unwrap();
/// series.add([Some(0), Some(3), Some(1), Some(1)]).unwrap();
/// assert_eq!(series.total(Seat::West), 5);
/// assert_eq!(series.games(), 2);
/// assert!(series.add([Some(3), None, Some(1), Some(0)]).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Series {
    totals: BySeat<u32>,
    games: u32,
}

/// A game whose scores are not all decided cannot be added to a series.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is not over: {0} has no score yet")]
pub struct GameNotOver(pub Seat);

impl Series {
    /// Adds one finished game's scores (a [`BySeat`] or an array by seat index). Seats
    /// not in the ruleset are `None` and must be so for every seat of the ruleset once
    /// the game is over; pass `Some` for each seat that played.
    pub fn add(&mut self, scores: impl Into<BySeat<Option<u8>>>) -> Result<(), GameNotOver> {
        self.add_for(scores.into(), crate::SeatSet::ALL)
    }

    /// Adds a finished game.
    pub fn add_game(&mut self, game: &Game) -> Result<(), GameNotOver> {
        self.add_for(game.scores(), game.position().ruleset().seats())
    }

    fn add_for(
        &mut self,
        scores: BySeat<Option<u8>>,
        seats: crate::SeatSet,
    ) -> Result<(), GameNotOver> {
        if let Some(seat) = seats.iter().find(|&s| scores[s].is_none()) {
            return Err(GameNotOver(seat));
        }
        for (seat, score) in scores {
            self.totals[seat] += score.unwrap_or(0) as u32;
        }
        self.games += 1;
        Ok(())
    }

    /// A series with the given totals (a [`BySeat`] or an array by seat index) after
    /// `games` games, e.g. to restore one that was saved.
    ///
    /// ```
    /// let s = yono::Series::from_totals([5, 3, 1, 0], 3);
    /// assert_eq!(s.totals(), [5, 3, 1, 0]);
    /// assert_eq!(s.totals()[yono::Seat::West], 3);
    /// assert_eq!(s.games(), 3);
    /// ```
    pub fn from_totals(totals: impl Into<BySeat<u32>>, games: u32) -> Series {
        Series {
            totals: totals.into(),
            games,
        }
    }

    /// Total score of `seat`.
    pub fn total(&self, seat: Seat) -> u32 {
        self.totals[seat]
    }

    /// Totals of every seat.
    pub fn totals(&self) -> BySeat<u32> {
        self.totals
    }

    /// Games added.
    pub fn games(&self) -> u32 {
        self.games
    }
}
