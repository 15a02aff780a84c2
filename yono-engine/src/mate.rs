//! Standard Shogi's mate in one: a move after which the other side has no legal
//! move. Only checking moves can mate, so only those are tried: drops onto the
//! squares from which the dropped piece attacks the King (next to it only where
//! the dropper also guards the square, else the King takes the piece), and board
//! moves that land a piece (promoted or not) on such a square. Pawn drops never
//! mate (uchifuzume), discovered checks are not looked for.

use yono::{attacks, Bitboard, Move, PieceKind, Position, Seat, SeatSet};

use crate::threats::piece_attacks;
use crate::{movepick, see};

/// A move of the seat to move (not in check) that mates at once, if one is found.
pub(crate) fn mate_in_one(pos: &mut Position) -> Option<Move> {
    let mover = pos.turn();
    let enemy = mover.opposite();
    let king = pos.king(enemy)?;
    let occupied = pos.occupied();
    let empty = !occupied;
    let back: Seat = enemy;
    let near = attacks::king_attacks(king);
    let mine = SeatSet::single(mover);
    // Drops.
    let hand: Vec<(PieceKind, u8)> = pos.reserve(mover).iter().collect();
    for (kind, n) in hand {
        if n == 0 || kind == PieceKind::Pawn {
            continue;
        }
        // A piece of `mover` on X attacks the King when a piece of the other seat on
        // the King's square would reach X.
        let from = piece_attacks(back, kind, king, occupied) & empty;
        for sq in from {
            if near.contains(sq) && see::attackers(pos, sq, occupied, mine).is_empty() {
                continue;
            }
            let mv = Move::Drop { kind, to: sq };
            if pos.is_legal(mv) && mates(pos, mv) {
                return Some(mv);
            }
        }
    }
    // Board moves onto a checking square: only pieces near the King (a step or a
    // Knight's leap from a checking square) and the long-range pieces can make one.
    let sliders = pos.kind_squares(PieceKind::Rook)
        | pos.kind_squares(PieceKind::Bishop)
        | pos.kind_squares(PieceKind::Lance)
        | pos.kind_squares(PieceKind::Dragon)
        | pos.kind_squares(PieceKind::Horse);
    let own = pos.pieces(mover) & (near_box(king) | sliders);
    let reach = near | attacks::knight_attacks(back, king);
    let mut found = None;
    let mut candidates: Vec<Move> = Vec::new();
    movepick::for_board_moves(pos, own, |from, promote, plain| {
        let Some(piece) = pos.piece_at(from) else {
            return;
        };
        let slider = matches!(
            piece.kind,
            PieceKind::Rook
                | PieceKind::Bishop
                | PieceKind::Lance
                | PieceKind::Dragon
                | PieceKind::Horse
        );
        let landing = if slider { Bitboard::FULL } else { reach };
        for (set, promoted) in [(promote, true), (plain, false)] {
            let kind = if promoted {
                piece.kind.promoted().unwrap_or(piece.kind)
            } else {
                piece.kind
            };
            let occ = occupied.without(from);
            let checks = piece_attacks(back, kind, king, occ);
            for to in set & landing & checks {
                candidates.push(Move::Board {
                    from,
                    to,
                    promote: promoted,
                });
            }
        }
    });
    for mv in candidates {
        if mates(pos, mv) {
            found = Some(mv);
            break;
        }
    }
    found
}

/// The squares within three files and ranks of `sq`: where a piece must stand to
/// reach, in one step or leap, a square next to it or a Knight's leap from it.
fn near_box(sq: yono::Square) -> Bitboard {
    static BOXES: std::sync::OnceLock<[Bitboard; 81]> = std::sync::OnceLock::new();
    BOXES.get_or_init(|| {
        let mut boxes = [Bitboard::EMPTY; 81];
        for a in yono::Square::all() {
            for b in yono::Square::all() {
                let d = (a.file() as i32 - b.file() as i32)
                    .abs()
                    .max((a.rank() as i32 - b.rank() as i32).abs());
                if d <= 3 {
                    boxes[a.index()] = boxes[a.index()].with(b);
                }
            }
        }
        boxes
    })[sq.index()]
}

/// Whether the legal move `mv` leaves the other side without a legal move.
fn mates(pos: &mut Position, mv: Move) -> bool {
    let (undo, _) = pos.do_move(mv);
    let mated = pos.is_check() && !pos.has_legal_move();
    pos.undo_move(mv, undo);
    mated
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mate found, checked: legal, and the other side has no move after it.
    fn find(sfen: &str) -> Option<String> {
        let mut pos = Position::from_sfen(sfen).unwrap();
        let before = pos.clone();
        let found = mate_in_one(&mut pos);
        assert_eq!(pos, before);
        let mv = found?;
        let mut after = pos.clone();
        after.play(mv).unwrap();
        assert!(after.legal_moves().is_empty(), "{mv} does not mate");
        Some(mv.to_string())
    }

    #[test]
    fn finds_drop_and_board_mates() {
        // The head Gold.
        assert_eq!(
            find("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").as_deref(),
            Some("G*5b")
        );
        // A Gold next to the King without support is taken: no mate.
        assert_eq!(find("4k4/9/9/9/9/9/9/9/4K4 b G 1"), None);
        // A Silver dropped at the King's head, guarded by the Pawn, leaves the
        // King the squares beside it: no mate.
        assert_eq!(find("4k4/9/4P4/9/9/9/9/9/4K4 b S 1"), None);
        // Board moves: the Gold, or the Pawn promoting, steps up to the King's head.
        assert!(find("4k4/9/3GP4/9/9/9/9/9/4K4 b - 1").is_some());
        // A Knight drop mates a King walled in by its own pieces.
        assert_eq!(
            find("7lk/7np/9/9/9/9/9/9/4K4 b N 1").as_deref(),
            Some("N*2c")
        );
    }
}
