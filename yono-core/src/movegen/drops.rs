//! Where a piece from the reserve may be dropped ([RULES.md §5](crate::rules#5-reserve-and-drops)): the drop zone, the
//! last lines, *nifu*, the Bishop binding limit and *uchifuzume*.

use crate::zones::{dead_squares, pawn_line, BINDINGS};
use crate::{attacks, Bitboard, PieceKind, Position, Seat, Square};

impl Position {
    /// Squares where a Pawn of `seat` would stand right in front of another seat's
    /// King: the only drops the uchifuzume rule can forbid.
    pub(crate) fn uchifuzume_candidates(&self, seat: Seat) -> Bitboard {
        let kings = self.by_kind[PieceKind::King.index()] & !self.by_seat[seat.index()];
        kings.into_iter().fold(Bitboard::EMPTY, |acc, k| {
            acc | attacks::pawn_attacks(seat.opposite(), k)
        })
    }

    /// Empty drop-zone squares where a `kind` of `seat` may land, by the last-line,
    /// nifu and binding rules (not yet King safety or uchifuzume).
    pub(crate) fn drop_squares(
        &self,
        seat: Seat,
        kind: PieceKind,
        empty_in_zone: Bitboard,
    ) -> Bitboard {
        let mut squares = empty_in_zone & !dead_squares(seat, kind);
        match kind {
            PieceKind::Pawn => {
                for pawn in self.pieces_of(seat, PieceKind::Pawn) {
                    squares &= !pawn_line(seat, pawn);
                }
            }
            PieceKind::Bishop if self.ruleset.binding_limit() => {
                let bishops = self.pieces_of(seat, PieceKind::Bishop);
                for binding in BINDINGS {
                    if (bishops & binding).count() >= 2 {
                        squares &= !binding;
                    }
                }
            }
            _ => {}
        }
        squares
    }

    /// [RULES.md §5](crate::rules#5-reserve-and-drops) uchifuzume: the Pawn dropped on `to` threatens another seat's King
    /// whose owner, moving right after the drop, would have no legal move.
    pub(crate) fn drop_is_uchifuzume(&self, seat: Seat, to: Square) -> bool {
        let Some(front) = attacks::pawn_attacks(seat, to).first() else {
            return false;
        };
        match self.board[front.index()] {
            Some(p) if p.kind == PieceKind::King && p.seat != seat => !self
                .with_drop(seat, PieceKind::Pawn, to)
                .seat_has_move(p.seat),
            _ => false,
        }
    }
}
