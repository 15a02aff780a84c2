//! Why a well-formed position text describes a position that cannot exist
//! ([RULES.md §8](crate::rules#8-positions-in-text)): the errors of
//! `Position::from_setup` (`validate.rs`).

use crate::{Piece, PieceKind, Seat, Square};

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

crate::codes::error_codes! {
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
