//! Every way input can be wrong, as typed errors that say what and where.

use crate::{Move, Piece, PieceKind, Seat, Square};

/// Text that is not a well-formed position text (RULES.md §8) or SFEN.
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

/// A well-formed text describing a position that cannot exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The seats field matches no ruleset (all four seats, or South and North only).
    #[error("the seats field matches no ruleset: use four seats (Yo[n]o) or exactly s-n- (Shogi)")]
    NoRuleset,
    /// The seat to move is not in the game.
    #[error("the seat to move, {0}, is not in the game")]
    TurnNotInGame(Seat),
    /// A checkmated seat's score is impossible for this ruleset.
    #[error("{seat} has score {score}, but a checkmated seat scores 0 to {max}")]
    ScoreOutOfRange {
        /// The seat.
        seat: Seat,
        /// Its score.
        score: u8,
        /// The highest possible.
        max: u8,
    },
    /// The scores cannot have come from a sequence of checkmates.
    #[error(
        "{seat}'s score {score} does not fit the other scores and the seats still in the game"
    )]
    InconsistentScore {
        /// The seat.
        seat: Seat,
        /// Its score.
        score: u8,
    },
    /// A piece of a seat that is not in the game stands on the board.
    #[error("{piece} on {square}, but {} is not in the game", piece.seat)]
    PieceOfSeatNotInGame {
        /// The piece.
        piece: Piece,
        /// Where.
        square: Square,
    },
    /// A seat not in the game has a reserve.
    #[error("{0} has a reserve, but is not in the game")]
    ReserveOfSeatNotInGame(Seat),
    /// A seat in the game has no King.
    #[error("{0} is in the game but has no King")]
    MissingKing(Seat),
    /// A seat has more than one King.
    #[error("{seat} has {count} Kings")]
    TooManyKings {
        /// The seat.
        seat: Seat,
        /// How many.
        count: u32,
    },
    /// More pieces of a kind (promoted ones counted as their base kind, board and
    /// reserves together) than the game has.
    #[error("{count} pieces of kind {kind} in play, but the game has {max}")]
    TooManyPieces {
        /// The base kind.
        kind: PieceKind,
        /// How many are in play.
        count: u32,
        /// How many exist.
        max: u8,
    },
    /// An unpromoted Pawn, Lance or Knight where it could never move.
    #[error("{piece} on {square} could never move")]
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Where.
        square: Square,
    },
    /// Two unpromoted Pawns of one seat on one of its lines (*nifu*).
    #[error("{seat} has two unpromoted Pawns on one line ({first} and {second})")]
    Nifu {
        /// The seat.
        seat: Seat,
        /// The first Pawn.
        first: Square,
        /// The second Pawn.
        second: Square,
    },
    /// The seat to move threatens a King: it would have checkmated that seat already.
    #[error("{attacker}, the seat to move, could capture {victim}'s King")]
    KingCapturable {
        /// The seat to move.
        attacker: Seat,
        /// The King's owner.
        victim: Seat,
    },
    /// A Shogi position with pieces or reserves of West or East.
    #[error("a standard Shogi position cannot hold pieces of {0}")]
    SeatNotInRuleset(Seat),
}

/// Move text that is not a move at all (RULES.md §7).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move {text:?}: expected <from><to>[+] such as 7g7f or 8h2b+, <PIECE>*<to> such as P*5e, or pass")]
pub struct ParseMoveError {
    /// The text (cut to 32 characters).
    pub text: String,
}

/// Text that names no seat, piece kind, piece, ruleset, status, end reason or promotion
/// status (the `FromStr` of those).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a {what}")]
pub struct ParseNameError {
    /// What was expected: `"seat"`, `"piece kind"`, `"piece"`, `"ruleset"`, `"status"`,
    /// `"end reason"` or `"promotion status"`.
    pub what: &'static str,
    /// The text (cut to 32 characters).
    pub text: String,
}

impl ParseNameError {
    pub(crate) fn new(what: &'static str, text: &str) -> ParseNameError {
        ParseNameError {
            what,
            text: text.chars().take(32).collect(),
        }
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over: nothing may be played.
    #[error("the game is over")]
    GameOver,
    /// `pass` while another move is legal.
    #[error("pass is only allowed when no other move is legal")]
    PassNotAllowed,
    /// No piece of the seat to move on the from-square.
    #[error("no piece of the seat to move on {0}")]
    NoPieceToMove(Square),
    /// The piece cannot move that way.
    #[error("the piece on {from} cannot move to {to}")]
    UnreachableSquare {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The destination holds a piece of the mover.
    #[error("{0} holds a piece of the seat to move")]
    OwnPiece(Square),
    /// `+` where promotion is not possible.
    #[error("this move cannot promote")]
    CannotPromote,
    /// No `+` where promotion is compulsory.
    #[error("this move must promote (the piece could not move again)")]
    MustPromote,
    /// The dropped kind is not in the mover's reserve.
    #[error("no {0} in the reserve")]
    NotInReserve(PieceKind),
    /// The drop square is occupied.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The drop square is outside the seat's 45-square drop zone.
    #[error("{0} is outside the drop zone")]
    OutsideDropZone(Square),
    /// A Pawn, Lance or Knight dropped where it could never move.
    #[error("a {kind} dropped on {square} could never move")]
    DeadDrop {
        /// The kind.
        kind: PieceKind,
        /// Where.
        square: Square,
    },
    /// A second unpromoted Pawn on one line.
    #[error("nifu: an unpromoted Pawn of the seat to move is already on the line of {0}")]
    Nifu(Square),
    /// A Pawn drop that threatens a King whose owner would have no legal move.
    #[error("uchifuzume: the Pawn drop on {0} would leave the threatened King's owner without a legal move")]
    Uchifuzume(Square),
    /// A third Bishop onto one binding.
    #[error("binding limit: two Bishops of the seat to move already stand on the binding of {0}")]
    BindingLimit(Square),
    /// The mover's King would be threatened afterwards.
    #[error("the move leaves the King of the seat to move threatened")]
    KingThreatened,
    /// The move number is already 4294967295, the largest the notation holds: one
    /// more move could not be numbered (RULES.md §8).
    #[error("the move number is at its limit, 4294967295: no further move can be numbered")]
    MoveNumberLimit,
}

/// A move text or move that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// Not move text at all.
    #[error(transparent)]
    Malformed(#[from] ParseMoveError),
    /// A move, but not a legal one here.
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why.
        reason: IllegalMove,
    },
}

/// Any error of this crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Malformed position text.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A position that cannot exist.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A bad or illegal move.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A game record that cannot be read or replayed.
    #[cfg(feature = "record")]
    #[error(transparent)]
    Record(Box<crate::RecordError>),
}

#[cfg(feature = "record")]
impl From<crate::RecordError> for Error {
    fn from(e: crate::RecordError) -> Error {
        Error::Record(Box::new(e))
    }
}

/// Declares, from one list per error type, the inherent `code()` of the type and the
/// list of its codes, so that a code cannot be added to one and forgotten in the other.
macro_rules! error_codes {
    ($(#[$doc:meta])* $ty:ident => $list:ident { $($pat:pat => $code:literal,)* }) => {
        impl $ty {
            /// A stable, language-neutral `snake_case` name of the kind of error (e.g.
            /// `"rank_length"`), used by the test vectors and the bindings; every code is
            /// listed in [`crate::ERROR_CODES`].
            pub fn code(&self) -> &'static str {
                match self {
                    $($pat => $code,)*
                }
            }
        }
        $(#[$doc])*
        pub(crate) const $list: &[&str] = &[$($code),*];
    };
}
#[cfg(feature = "record")]
pub(crate) use error_codes;

error_codes! {
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

error_codes! {
    PositionError => POSITION_CODES {
            PositionError::NoRuleset => "no_ruleset",
            PositionError::TurnNotInGame(_) => "turn_not_in_game",
            PositionError::ScoreOutOfRange { .. } => "score_out_of_range",
            PositionError::InconsistentScore { .. } => "inconsistent_score",
            PositionError::PieceOfSeatNotInGame { .. } => "piece_of_seat_not_in_game",
            PositionError::ReserveOfSeatNotInGame(_) => "reserve_of_seat_not_in_game",
            PositionError::MissingKing(_) => "missing_king",
            PositionError::TooManyKings { .. } => "too_many_kings",
            PositionError::TooManyPieces { .. } => "too_many_pieces",
            PositionError::DeadPiece { .. } => "dead_piece",
            PositionError::Nifu { .. } => "nifu",
            PositionError::KingCapturable { .. } => "king_capturable",
            PositionError::SeatNotInRuleset(_) => "seat_not_in_ruleset",
    }
}

error_codes! {
    IllegalMove => ILLEGAL_MOVE_CODES {
            IllegalMove::GameOver => "game_over",
            IllegalMove::PassNotAllowed => "pass_not_allowed",
            IllegalMove::NoPieceToMove(_) => "no_piece_to_move",
            IllegalMove::UnreachableSquare { .. } => "unreachable_square",
            IllegalMove::OwnPiece(_) => "own_piece",
            IllegalMove::CannotPromote => "cannot_promote",
            IllegalMove::MustPromote => "must_promote",
            IllegalMove::NotInReserve(_) => "not_in_reserve",
            IllegalMove::Occupied(_) => "occupied",
            IllegalMove::OutsideDropZone(_) => "outside_drop_zone",
            IllegalMove::DeadDrop { .. } => "dead_drop",
            IllegalMove::Nifu(_) => "nifu_drop",
            IllegalMove::Uchifuzume(_) => "uchifuzume",
            IllegalMove::BindingLimit(_) => "binding_limit",
            IllegalMove::KingThreatened => "king_threatened",
            IllegalMove::MoveNumberLimit => "move_number_limit",
    }
}

impl MoveError {
    /// The code of the error: `"malformed_move"`, or the [`IllegalMove`] code.
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::Malformed(_) => "malformed_move",
            MoveError::Illegal { reason, .. } => reason.code(),
        }
    }
}

impl Error {
    /// The code of the wrapped error (see [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Parse(e) => e.code(),
            Error::Position(e) => e.code(),
            Error::Move(e) => e.code(),
            #[cfg(feature = "record")]
            Error::Record(e) => e.code(),
        }
    }
}

// Record codes come last, so the codes of the other types keep their places with or
// without the `record` feature (the bindings always enable it).
#[cfg(feature = "record")]
const RECORD_CODES: &[&str] = crate::record::RECORD_CODES;
#[cfg(not(feature = "record"))]
const RECORD_CODES: &[&str] = &[];

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The codes of `lists` in order, each once (a code such as `cannot_promote` names one
/// kind of mistake in two error types), padded with `""` to `N`; and how many there are.
const fn distinct<const N: usize>(lists: &[&[&'static str]]) -> ([&'static str; N], usize) {
    let mut out = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            let code = lists[i][j];
            let mut k = 0;
            while k < n && !same(out[k], code) {
                k += 1;
            }
            if k == n && n < N {
                out[n] = code;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    (out, n)
}

/// Append new lists (or codes) at the end only: the position of a code is its number
/// in C.
const LISTS: &[&[&str]] = &[
    PARSE_CODES,
    POSITION_CODES,
    &["malformed_move"],
    ILLEGAL_MOVE_CODES,
    RECORD_CODES,
];
const ALL: ([&str; 128], usize) = distinct(LISTS);

/// Every error code the crate can return, in a stable order (new codes are appended):
/// the one table the bindings derive theirs from (the C `enum yono_error_code`, the
/// Python `yono.error_codes()`). Generated from the same lists as the `code()` methods.
///
/// ```
/// assert!(yono::ERROR_CODES.contains(&"rank_length"));
/// let err = yono::Position::from_text("9 s -/-/-/- swne 1").unwrap_err();
/// assert!(yono::ERROR_CODES.contains(&err.code()));
/// ```
pub const ERROR_CODES: &[&str] = ALL.0.split_at(ALL.1).0;

#[cfg(test)]
mod tests {
    #[test]
    fn codes_are_distinct_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in super::ERROR_CODES {
            assert!(seen.insert(code), "{code} twice");
            assert!(!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
    }
}
