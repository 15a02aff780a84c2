//! One conversion per type between the C vocabulary (`types.rs`) and the core's: C
//! numbers and structs in ([`FromC`], checked), out ([`ToC`]), and text in
//! ([`parse`], the core's `FromStr`, so that a C argument accepts exactly the spellings
//! the core accepts).

use std::fmt::{self, Display};
use std::str::FromStr;

use yono::{EndReason, Move, Piece, PieceKind, PromotionStatus, Ruleset, Seat, Square, Status};

use crate::boundary::{yono_status, Fail, Res};
use crate::types::*;

/// A C value read as a core value: `what` names the argument in the error (formatted
/// only then: a call that succeeds allocates nothing).
pub(crate) trait FromC<C>: Sized {
    fn from_c(c: C, what: &dyn Display) -> Res<Self>;
}

/// The label of a part of an argument, "move origin square": `Part("move", "origin square")`.
pub(crate) struct Part<'a>(pub(crate) &'a dyn Display, pub(crate) &'a str);

impl Display for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0, self.1)
    }
}

/// A core value written as a C value.
pub(crate) trait ToC<C> {
    fn to_c(self) -> C;
}

/// Reads a C argument as a core value: `arg::<Seat, _>(seat, "seat")`.
#[inline(always)]
pub(crate) fn arg<T: FromC<C>, C>(c: C, what: impl Display) -> Res<T> {
    T::from_c(c, &what)
}

/// A core type numbered by its `index()` (`from_index()` reads it back) and the C
/// number it is, in and out: `$not` says in the error what the number must be.
macro_rules! numbered {
    ($($core:ty => $c:ty, $not:literal;)*) => {$(
        impl FromC<$c> for $core {
            #[inline(always)]
            fn from_c(n: $c, what: &dyn Display) -> Res<$core> {
                <$core>::from_index(n as usize).ok_or_else(|| Fail::invalid(format!(concat!("{} {} is not ", $not), what, n)))
            }
        }

        impl ToC<$c> for $core {
            fn to_c(self) -> $c {
                self.index() as $c
            }
        }
    )*};
}

numbered! {
    Seat => yono_seat, "a seat (0 to 3)";
    PieceKind => yono_piece_kind, "a piece kind (0 to 13)";
    Ruleset => yono_ruleset, "a ruleset (0 Yo[n]o, 1 Shogi)";
    Square => u8, "a square (0 to 80)";
}

/// An optional core value as its C number, `$none` for none.
macro_rules! optional {
    ($($core:ty => $c:ty, $none:ident;)*) => {$(
        impl FromC<$c> for Option<$core> {
            #[inline(always)]
            fn from_c(n: $c, what: &dyn Display) -> Res<Option<$core>> {
                match n {
                    $none => Ok(None),
                    n => arg(n, what).map(Some),
                }
            }
        }

        impl ToC<$c> for Option<$core> {
            fn to_c(self) -> $c {
                self.map_or($none, <$core as ToC<$c>>::to_c)
            }
        }
    )*};
}

optional! {
    Seat => yono_seat, YONO_SEAT_NONE;
    Square => u8, YONO_SQUARE_NONE;
}

/// A kind a reserve can hold (and a drop can drop): Rook to Pawn.
#[derive(Copy, Clone)]
pub(crate) struct HandKind(pub(crate) PieceKind);

impl FromC<yono_piece_kind> for HandKind {
    #[inline(always)]
    fn from_c(kind: yono_piece_kind, what: &dyn Display) -> Res<HandKind> {
        PieceKind::from_index(kind as usize)
            .filter(|k| k.hand_index().is_some())
            .map(HandKind)
            .ok_or_else(|| {
                Fail::invalid(format!(
                    "{what} {kind} cannot be held in a reserve (Rook {YONO_PIECE_ROOK} to \
                     Pawn {YONO_PIECE_PAWN})"
                ))
            })
    }
}

/// A 0/1 flag.
impl FromC<u8> for bool {
    #[inline(always)]
    fn from_c(flag: u8, what: &dyn Display) -> Res<bool> {
        match flag {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(Fail::invalid(format!("{what} {v} is not 0 or 1"))),
        }
    }
}

impl FromC<yono_move> for Move {
    #[inline(always)]
    fn from_c(mv: yono_move, what: &dyn Display) -> Res<Move> {
        match mv.type_ {
            YONO_MOVE_BOARD => {
                let from: Square = arg(mv.from, Part(what, "origin square"))?;
                let to: Square = arg(mv.to, Part(what, "destination square"))?;
                if from == to {
                    return Err(Fail::invalid(format!("{what}: a board move from {from} to the same square")));
                }
                let promote = arg(mv.promote, Part(what, "promote flag"))?;
                Ok(Move::Board { from, to, promote })
            }
            YONO_MOVE_DROP => Ok(Move::Drop {
                kind: arg::<HandKind, _>(mv.drop_kind, Part(what, "drop kind"))?.0,
                to: arg(mv.to, Part(what, "drop square"))?,
            }),
            YONO_MOVE_PASS => Ok(Move::Pass),
            t => Err(Fail::invalid(format!(
                "{what} type {t} is not a move type (0 board, 1 drop, 2 pass)"
            ))),
        }
    }
}

impl ToC<yono_move> for Move {
    fn to_c(self) -> yono_move {
        match self {
            Move::Board { from, to, promote } => yono_move {
                type_: YONO_MOVE_BOARD,
                from: from.to_c(),
                to: to.to_c(),
                promote: promote as u8,
                drop_kind: 0,
            },
            Move::Drop { kind, to } => yono_move {
                type_: YONO_MOVE_DROP,
                to: to.to_c(),
                drop_kind: kind.to_c(),
                ..yono_move::default()
            },
            Move::Pass => yono_move {
                type_: YONO_MOVE_PASS,
                ..yono_move::default()
            },
        }
    }
}

impl FromC<yono_piece> for Piece {
    fn from_c(piece: yono_piece, what: &dyn Display) -> Res<Piece> {
        Ok(Piece::new(
            arg(piece.seat, Part(what, "seat"))?,
            arg(piece.kind, Part(what, "kind"))?,
        ))
    }
}

impl ToC<yono_piece> for Option<Piece> {
    fn to_c(self) -> yono_piece {
        yono_piece {
            seat: self.map(|p| p.seat).to_c(),
            kind: self.map_or(YONO_PIECE_NONE, |p| p.kind.to_c()),
        }
    }
}

impl ToC<yono_piece> for Piece {
    fn to_c(self) -> yono_piece {
        Some(self).to_c()
    }
}

/// The kind of the status (its number in the core, pinned in `types.rs`).
impl ToC<yono_game_status> for Status {
    fn to_c(self) -> yono_game_status {
        self.index() as yono_game_status
    }
}

/// YONO_END_NONE while the game goes on.
impl ToC<yono_end_reason> for Option<EndReason> {
    fn to_c(self) -> yono_end_reason {
        self.map_or(YONO_END_NONE, |r| r.index() as yono_end_reason)
    }
}

/// YONO_PROMOTION_NO_MOVE for no legal move.
impl ToC<yono_promotion> for Option<PromotionStatus> {
    fn to_c(self) -> yono_promotion {
        self.map_or(YONO_PROMOTION_NO_MOVE, |p| p.index() as yono_promotion)
    }
}

/// A core type read from text with its `FromStr`, and the error its failure is.
pub(crate) trait Text: FromStr + ToString {
    fn parse_fail(error: Self::Err) -> Fail;
}

/// Text that names no seat, kind, piece, square or ruleset.
fn unknown_name(error: impl std::fmt::Display) -> Fail {
    Fail::new(yono_status::YONO_STATUS_PARSE_ERROR, "unknown_name", error.to_string())
}

/// Text that names a value, failing as unknown_name().
macro_rules! named {
    ($($core:ty),*) => {$(
        impl Text for $core {
            fn parse_fail(error: Self::Err) -> Fail {
                unknown_name(error)
            }
        }
    )*};
}

named!(Seat, PieceKind, Piece, Ruleset, Square);

impl Text for Move {
    fn parse_fail(error: yono::ParseMoveError) -> Fail {
        Fail::from(yono::MoveError::from(error))
    }
}

/// Text read as a core value, exactly as the core reads it.
pub(crate) fn parse<T: Text>(text: &str) -> Res<T> {
    text.parse().map_err(T::parse_fail)
}
