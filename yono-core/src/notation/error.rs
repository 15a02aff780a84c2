//! What is wrong with position text, SFEN or move text: the errors of reading them.

use crate::{PieceKind, Seat};

/// Text that is not a well-formed position text ([RULES.md §8](crate::rules#8-positions-in-text)) or SFEN.
///
/// Each variant names the field and, where it applies, the rank or seat.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but white space.
    #[error("empty position text")]
    Empty,
    /// Longer than any position text can be.
    #[error("position text is {len} bytes long; at most {max} are accepted")]
    TooLong {
        /// Length of the input.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Not the five (SFEN: four) space-separated fields.
    #[error("expected {expected} fields separated by single spaces, found {found}")]
    FieldCount {
        /// How many the format has.
        expected: usize,
        /// How many were found.
        found: usize,
    },
    /// The right number of fields, but more than one space between two of them.
    #[error("fields must be separated by single spaces: more than one space after field {after}")]
    FieldSeparator {
        /// How many fields come before the extra space.
        after: usize,
    },
    /// The board does not have nine ranks.
    #[error("board: expected 9 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank does not describe exactly nine squares.
    #[error("board rank {rank}: describes {squares} squares, expected 9")]
    RankLength {
        /// Rank letter.
        rank: char,
        /// Squares described.
        squares: usize,
    },
    /// A character that has no meaning at that point of a rank.
    #[error("board rank {rank}: unexpected character {found:?}")]
    BoardChar {
        /// Rank letter.
        rank: char,
        /// The offending character.
        found: char,
    },
    /// A seat letter not followed by a piece letter.
    #[error("board rank {rank}: seat letter {seat:?} is not followed by a piece letter")]
    MissingKind {
        /// Rank letter.
        rank: char,
        /// The seat letter.
        seat: char,
    },
    /// `+` on a King or Gold.
    #[error("board rank {rank}: {kind} cannot be promoted")]
    CannotPromote {
        /// Rank letter.
        rank: char,
        /// The kind after `+`.
        kind: PieceKind,
    },
    /// The seat-to-move field is not `s`, `w`, `n` or `e` (SFEN: `b` or `w`).
    #[error("seat to move: expected {expected}, found {found:?}")]
    Turn {
        /// What the format allows.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// The reserves field does not have four groups.
    #[error("reserves: expected 4 groups separated by '/', found {0}")]
    ReserveGroupCount(usize),
    /// A reserve group is malformed.
    #[error("reserve of {seat}: {problem}")]
    Reserve {
        /// Whose reserve (in SFEN: whose hand).
        seat: Seat,
        /// What is wrong.
        problem: ReserveProblem,
    },
    /// The seats field is malformed.
    #[error("seats: {0}")]
    Seats(String),
    /// The move number is not a whole number from 1 up.
    #[error("move number: expected a whole number from 1 to 4294967295, found {0:?}")]
    MoveNumber(String),
}

/// What is wrong with a reserve group.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReserveProblem {
    /// Empty group (should be `-`).
    #[error("empty group (an empty reserve is written '-')")]
    EmptyGroup,
    /// Not one of `R B G S N L P` (a King can never be held).
    #[error("{0:?} is not a piece letter a reserve can hold (R B G S N L P)")]
    Letter(char),
    /// A count not followed by a letter.
    #[error("count without a piece letter")]
    DanglingCount,
    /// A count of zero or of more than two digits.
    #[error("count {0:?} is not from 1 to 99")]
    Count(String),
    /// The same kind twice.
    #[error("{0} is listed twice")]
    Repeated(PieceKind),
}

/// Move text that is not a move at all ([RULES.md §7](crate::rules#7-moves-in-text)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move {text:?}: expected <from><to>[+] such as 7g7f or 8h2b+, <PIECE>*<to> such as P*5e, or pass")]
pub struct ParseMoveError {
    /// The text (cut to 32 characters).
    pub text: String,
}

crate::codes::error_codes! {
    ParseError => PARSE_CODES {
            ParseError::Empty => "empty",
            ParseError::TooLong { .. } => "too_long",
            ParseError::FieldCount { .. } => "field_count",
            // The same kind of mistake (the fields are not split as the format says);
            // only the message is more precise.
            ParseError::FieldSeparator { .. } => "field_count",
            ParseError::RankCount(_) => "rank_count",
            ParseError::RankLength { .. } => "rank_length",
            ParseError::BoardChar { .. } => "board_char",
            ParseError::MissingKind { .. } => "missing_kind",
            ParseError::CannotPromote { .. } => "cannot_promote",
            ParseError::Turn { .. } => "turn",
            ParseError::ReserveGroupCount(_) => "reserve_group_count",
            ParseError::Reserve { .. } => "reserve",
            ParseError::Seats(_) => "seats",
            ParseError::MoveNumber(_) => "move_number",
    }
}
