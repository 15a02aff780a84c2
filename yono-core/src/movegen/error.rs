//! Why a move cannot be played: malformed text, or a move the position does not allow
//! (`legality.rs` says which rule).

use crate::{Move, ParseMoveError, PieceKind, Square};

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
    /// more move could not be numbered ([RULES.md §8](crate::rules#8-positions-in-text)).
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

crate::codes::error_codes! {
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
