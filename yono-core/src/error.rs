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
    #[error("the seats field matches no ruleset: use four seats (Yo[n]o) or South and North with West and East '-' (Shogi)")]
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
}

/// A move text or move that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
}

/// Stable, language-neutral names for error kinds, used by the test vectors and the
/// bindings.
pub trait ErrorCode {
    /// A short `snake_case` name of the kind of error, e.g. `"rank_length"`.
    fn code(&self) -> &'static str;
}

impl ErrorCode for ParseError {
    fn code(&self) -> &'static str {
        match self {
            ParseError::Empty => "empty",
            ParseError::TooLong { .. } => "too_long",
            ParseError::FieldCount { .. } => "field_count",
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
}

impl ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        match self {
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
}

impl ErrorCode for IllegalMove {
    fn code(&self) -> &'static str {
        match self {
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
        }
    }
}

impl ErrorCode for MoveError {
    fn code(&self) -> &'static str {
        match self {
            MoveError::Malformed(_) => "malformed_move",
            MoveError::Illegal { reason, .. } => reason.code(),
        }
    }
}

impl ErrorCode for Error {
    fn code(&self) -> &'static str {
        match self {
            Error::Parse(e) => e.code(),
            Error::Position(e) => e.code(),
            Error::Move(e) => e.code(),
        }
    }
}
