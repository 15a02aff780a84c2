//! Whether the game goes on, who won, and the scores ([RULES.md §6–§7](crate::rules#6-check-legality-checkmate-elimination-scoring)).

use crate::notation::SeatState;
use crate::{BySeat, Position, Seat};

/// Whether the game goes on, and who won.
///
/// Its text ([`Display`](core::fmt::Display), read back by [`FromStr`](core::str::FromStr))
/// is the one every surface shows: `ongoing`, `won by North`, `drawn by repetition`.
/// How a finished game ended (checkmate, last seat standing, perpetual check) is
/// [`EndReason`].
///
/// ```
/// use yono::{Seat, Status};
/// assert_eq!(Status::Won(Seat::North).to_string(), "won by North");
/// assert_eq!("won by North".parse::<Status>().unwrap(), Status::Won(Seat::North));
/// assert_eq!("Drawn by repetition".parse::<Status>().unwrap(), Status::DrawnByRepetition);
/// assert_eq!(Status::Won(Seat::East).index(), 1);
/// assert_eq!(Status::NAMES[Status::DrawnByRepetition.index()], "drawn by repetition");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The seat to move has a move (possibly `pass`).
    Ongoing,
    /// One seat is left (Yo\[n\]o), or the seat to move has no legal move (Shogi), or
    /// (Shogi, with a [`crate::Game`]) the other side lost by perpetual check.
    Won(Seat),
    /// The same position occurred for the fourth time (only a [`crate::Game`] knows).
    DrawnByRepetition,
}

impl Status {
    /// How many kinds of status there are.
    pub const COUNT: usize = 3;
    /// The name of each kind of status, by [`Status::index`] (the text of `won by X`
    /// without its seat).
    pub const NAMES: [&'static str; Status::COUNT] = ["ongoing", "won", "drawn by repetition"];

    /// The number of the kind of status: 0 ongoing, 1 won, 2 drawn by repetition (the
    /// numbers the bindings use).
    pub const fn index(self) -> usize {
        match self {
            Status::Ongoing => 0,
            Status::Won(_) => 1,
            Status::DrawnByRepetition => 2,
        }
    }

    /// The winner of a won game.
    ///
    /// ```
    /// use yono::{Seat, Status};
    /// assert_eq!(Status::Won(Seat::West).winner(), Some(Seat::West));
    /// assert_eq!(Status::Ongoing.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Seat> {
        match self {
            Status::Won(seat) => Some(seat),
            _ => None,
        }
    }
}

impl core::fmt::Display for Status {
    /// `ongoing`, `won by <Seat>` (the seat's name) or `drawn by repetition`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Status::Won(seat) => write!(f, "won by {seat}"),
            other => f.write_str(Status::NAMES[other.index()]),
        }
    }
}

impl core::str::FromStr for Status {
    type Err = crate::ParseNameError;

    /// What [`Display`](core::fmt::Display) writes, the words in any ASCII case and the
    /// seat as [`Seat`]'s `FromStr` reads it (letter or name): `ongoing`, `won by
    /// North`, `won by n`, `drawn by repetition`.
    ///
    /// # Errors
    ///
    /// [`crate::ParseNameError`] for any other text.
    fn from_str(text: &str) -> Result<Status, Self::Err> {
        let bad = || crate::ParseNameError::new("status", text);
        if let Some(kind) = [Status::Ongoing, Status::DrawnByRepetition]
            .into_iter()
            .find(|s| text.eq_ignore_ascii_case(Status::NAMES[s.index()]))
        {
            return Ok(kind);
        }
        let prefix = "won by ";
        match text.get(..prefix.len()) {
            Some(head) if head.eq_ignore_ascii_case(prefix) => text[prefix.len()..]
                .parse()
                .map(Status::Won)
                .map_err(|_| bad()),
            _ => Err(bad()),
        }
    }
}

crate::vocab::vocabulary! {
    /// How a finished game ended ([`Position::end_reason`], [`crate::Game::end_reason`]).
    /// Its text is its name: `last seat standing`, `no legal move`, `repetition`,
    /// `perpetual check`.
    ///
    /// ```
    /// use yono::EndReason;
    /// assert_eq!(EndReason::PerpetualCheck.to_string(), "perpetual check");
    /// assert_eq!("Perpetual Check".parse::<EndReason>().unwrap(), EndReason::PerpetualCheck);
    /// assert_eq!(EndReason::ALL.len(), 4);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum EndReason as "end reason" {
        /// Yo\[n\]o: every other seat was checkmated; the one left won.
        LastSeatStanding = 0, "last seat standing";
        /// Standard Shogi: the side to move has no legal move (checkmate) and lost.
        NoLegalMove = 1, "no legal move";
        /// The fourth occurrence of a position: a draw ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
        Repetition = 2, "repetition";
        /// Standard Shogi: a fourfold repetition in which every move of one side gave
        /// check; that side lost ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring), "Perpetual check").
        PerpetualCheck = 3, "perpetual check";
    }
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

    /// How the game ended, by the position alone: `None` while it goes on,
    /// [`EndReason::LastSeatStanding`] (Yo\[n\]o) or [`EndReason::NoLegalMove`]
    /// (Shogi). Repetition needs history: see [`crate::Game::end_reason`].
    ///
    /// ```
    /// use yono::{EndReason, Position};
    /// let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// assert_eq!(pos.end_reason(), None);
    /// pos.play("G*5b".parse().unwrap()).unwrap();
    /// assert_eq!(pos.end_reason(), Some(EndReason::NoLegalMove));
    /// ```
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end_reason_given(self.status())
    }

    /// [`Position::end_reason`] once the status is known.
    pub(crate) fn end_reason_given(&self, status: Status) -> Option<EndReason> {
        match status {
            Status::Ongoing => None,
            Status::DrawnByRepetition => Some(EndReason::Repetition),
            Status::Won(_) if self.in_game.len() <= 1 => Some(EndReason::LastSeatStanding),
            Status::Won(_) => Some(EndReason::NoLegalMove),
        }
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
