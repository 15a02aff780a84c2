//! Which seats threaten which King, for every seat of a position at once: the
//! answers of `Position::threatened_by`, with the work that does not depend on the
//! seat (grouping the pieces by how they attack, the long-range and King-like
//! attackers of a King's square) done once instead of once per seat pair. The
//! evaluation asks this for every seat at every node.

use yono::{attacks, Bitboard, PieceKind, Position, Seat, SeatSet};

use crate::seats;

/// The seats that may threaten the King of `seat`: those in the game but `seat`
/// and the seat to move, which threatens no King (RULES.md §6: that King fell when
/// the turn came to it). None for the seat not to move in a game of two.
#[inline]
pub(crate) fn possible_threateners(pos: &Position, seat: Seat) -> SeatSet {
    pos.seats_in_game().without(seat).without(pos.turn())
}

/// The pieces of a position grouped by how they attack.
pub(crate) struct Attackers {
    pawn: Bitboard,
    knight: Bitboard,
    silver: Bitboard,
    gold_like: Bitboard,
    king_like: Bitboard,
    rook_like: Bitboard,
    bishop_like: Bitboard,
    lance: Bitboard,
    occupied: Bitboard,
}

impl Attackers {
    /// The groups of `pos`.
    #[inline]
    pub(crate) fn of(pos: &Position) -> Attackers {
        let k = |kind| pos.kind_squares(kind);
        Attackers {
            pawn: k(PieceKind::Pawn),
            knight: k(PieceKind::Knight),
            silver: k(PieceKind::Silver),
            gold_like: k(PieceKind::Gold)
                | k(PieceKind::PromotedSilver)
                | k(PieceKind::PromotedKnight)
                | k(PieceKind::PromotedLance)
                | k(PieceKind::PromotedPawn),
            king_like: k(PieceKind::King) | k(PieceKind::Dragon) | k(PieceKind::Horse),
            rook_like: k(PieceKind::Rook) | k(PieceKind::Dragon),
            bishop_like: k(PieceKind::Bishop) | k(PieceKind::Horse),
            lance: k(PieceKind::Lance),
            occupied: pos.occupied(),
        }
    }

    /// The seats in the game whose pieces attack the King of `seat`: exactly
    /// `pos.threatened_by(seat)`, `pos` being the position the groups are of.
    #[inline]
    pub(crate) fn threatened_by(&self, pos: &Position, seat: Seat) -> SeatSet {
        let threateners = possible_threateners(pos, seat);
        if threateners.is_empty() {
            return SeatSet::EMPTY;
        }
        let mover = pos.turn();
        let Some(king) = pos.king(seat) else {
            return SeatSet::EMPTY;
        };
        let occupied = self.occupied;
        let theirs = occupied & !pos.pieces(seat) & !pos.pieces(mover);
        // The attackers whose reach does not depend on their seat.
        let mut common = attacks::king_attacks(king) & self.king_like;
        // The long-range pieces on the King's lines, each reaching it when nothing
        // stands between (one lookup per piece, cheaper than the King's four rays).
        let rooks = self.rook_like & theirs & attacks::orthogonal_lines(king);
        let bishops = self.bishop_like & theirs & attacks::diagonal_lines(king);
        for slider in rooks | bishops {
            if (attacks::between(king, slider) & occupied).is_empty() {
                common = common.with(slider);
            }
        }
        let mut threats = SeatSet::EMPTY;
        for by in seats(threateners) {
            let them = pos.pieces(by);
            if (common & them).any() {
                threats = threats.with(by);
                continue;
            }
            // A piece of `by` on x reaches the King exactly when a piece of the
            // opposite seat on the King's square reaches x.
            let back = by.opposite();
            let mut hit = (attacks::pawn_attacks(back, king) & self.pawn)
                | (attacks::knight_attacks(back, king) & self.knight)
                | (attacks::silver_attacks(back, king) & self.silver)
                | (attacks::gold_attacks(back, king) & self.gold_like);
            // A Lance reaches the King only along its file.
            let lances = self.lance & them & attacks::orthogonal_lines(king);
            if lances.any() {
                hit |= attacks::lance_attacks(back, king, occupied) & lances;
            }
            if (hit & them).any() {
                threats = threats.with(by);
            }
        }
        threats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    #[test]
    fn agrees_with_the_rules_library() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for ruleset in [yono::Ruleset::Yono, yono::Ruleset::Shogi] {
            for _game in 0..40 {
                let mut pos = Position::new(ruleset);
                for _ply in 0..300 {
                    let groups = Attackers::of(&pos);
                    for seat in Seat::ALL {
                        assert_eq!(
                            groups.threatened_by(&pos, seat),
                            pos.threatened_by(seat),
                            "{} {seat:?}",
                            pos.text()
                        );
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() || pos.seats_in_game().len() <= 1 {
                        break;
                    }
                    let mv = legal[(next(&mut state) % legal.len() as u64) as usize];
                    pos.play_unchecked(mv);
                }
            }
        }
    }
}
