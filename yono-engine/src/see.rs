//! Static exchange evaluation: what a capture (or any move) wins or loses on its
//! destination square if both sides keep recapturing with their least valuable piece.
//! In four seats the exchange is between the two sides of the paranoid search: the
//! root seat, and all the others together (who do not take each other's pieces in
//! that view). Pins are ignored; a King recaptures only as the last attacker.

use yono::{attacks, Bitboard, Move, PieceKind, Position, Seat, SeatSet, Square};

use crate::eval::{exchange_value, piece_value};

/// Kinds from least to most valuable on the board (the order attackers are used in).
const CHEAPEST_FIRST: [PieceKind; 14] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::PromotedPawn,
    PieceKind::PromotedLance,
    PieceKind::PromotedKnight,
    PieceKind::PromotedSilver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

/// Each kind's place in [`CHEAPEST_FIRST`], by kind index.
const CHEAPNESS: [u8; 14] = {
    let mut rank = [0u8; 14];
    let mut i = 0;
    while i < 14 {
        rank[CHEAPEST_FIRST[i].index()] = i as u8;
        i += 1;
    }
    rank
};

/// The piece of `attackers` used first: the least valuable kind, and of it the
/// lowest square. Read from the board square by square: an exchange's attackers
/// are few, and asking each of the fourteen kinds in turn cost more.
#[inline]
fn cheapest(pos: &Position, attackers: Bitboard) -> Option<(PieceKind, Square)> {
    let mut best: Option<(u8, PieceKind, Square)> = None;
    for sq in attackers {
        if let Some(piece) = pos.piece_at(sq) {
            let rank = CHEAPNESS[piece.kind.index()];
            if best.map_or(true, |(r, _, _)| rank < r) {
                best = Some((rank, piece.kind, sq));
            }
        }
    }
    best.map(|(_, kind, sq)| (kind, sq))
}

/// The pieces of `seats` that attack `sq` with the occupancy `occupied` (pieces not
/// on `occupied` are left out).
pub(crate) fn attackers(
    pos: &Position,
    sq: Square,
    occupied: Bitboard,
    seats: SeatSet,
) -> Bitboard {
    let k = |kind| pos.kind_squares(kind);
    let (pawns, knights, silvers, lances) = (
        k(PieceKind::Pawn),
        k(PieceKind::Knight),
        k(PieceKind::Silver),
        k(PieceKind::Lance),
    );
    let golds = golds(pos);
    let mut team = Bitboard::EMPTY;
    let mut bb = Bitboard::EMPTY;
    for seat in crate::seats(seats) {
        let own = pos.pieces(seat);
        team |= own;
        // A piece of `seat` reaches `sq` from where a piece of the opposite seat on
        // `sq` would step to.
        let back: Seat = seat.opposite();
        bb |= ((attacks::pawn_attacks(back, sq) & pawns)
            | (attacks::knight_attacks(back, sq) & knights)
            | (attacks::silver_attacks(back, sq) & silvers)
            | (attacks::gold_attacks(back, sq) & golds))
            & own;
        // A Lance reaches `sq` only along its file: most have none on `sq`'s lines.
        let own_lances = own & lances & attacks::orthogonal_lines(sq);
        if own_lances.any() {
            bb |= attacks::lance_attacks(back, sq, occupied) & own_lances;
        }
    }
    bb |= attacks::king_attacks(sq)
        & team
        & (k(PieceKind::King) | k(PieceKind::Dragon) | k(PieceKind::Horse));
    // The long-range pieces on a line through `sq`, each reaching it when nothing
    // stands between (one lookup per piece, cheaper than `sq`'s four rays).
    let rooks = team & (k(PieceKind::Rook) | k(PieceKind::Dragon)) & attacks::orthogonal_lines(sq);
    let bishops = team & (k(PieceKind::Bishop) | k(PieceKind::Horse)) & attacks::diagonal_lines(sq);
    for slider in rooks | bishops {
        if (attacks::between(sq, slider) & occupied).is_empty() {
            bb = bb.with(slider);
        }
    }
    bb & occupied
}

/// Every piece that moves like a Gold.
fn golds(pos: &Position) -> Bitboard {
    pos.kind_squares(PieceKind::Gold)
        | pos.kind_squares(PieceKind::PromotedPawn)
        | pos.kind_squares(PieceKind::PromotedLance)
        | pos.kind_squares(PieceKind::PromotedKnight)
        | pos.kind_squares(PieceKind::PromotedSilver)
}

/// The side of the seat to move in an exchange, with `root` the root seat: the root
/// seat alone, or all the others.
pub(crate) fn side_of_mover(pos: &Position, root: Seat) -> SeatSet {
    let in_game = pos.seats_in_game();
    if pos.turn() == root {
        SeatSet::single(root)
    } else {
        in_game.without(root)
    }
}

/// Whether the exchange `mv` starts gains at least `threshold` centi-pawns for the
/// seat to move, whose side is `mine` (captures counted as the board value plus the
/// reserve value gained).
pub(crate) fn see_ge(pos: &Position, mv: Move, threshold: i32, mine: SeatSet) -> bool {
    let (from, to, moved) = match mv {
        Move::Board { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else {
                return threshold <= 0;
            };
            let kind = if promote {
                piece.kind.promoted().unwrap_or(piece.kind)
            } else {
                piece.kind
            };
            (Some(from), to, kind)
        }
        Move::Drop { kind, to } => (None, to, kind),
        Move::Pass => return threshold <= 0,
    };
    let mut swap = pos.piece_at(to).map_or(0, |p| exchange_value(p.kind)) - threshold;
    if swap < 0 {
        return false;
    }
    swap = exchange_value(moved) - swap;
    if swap <= 0 {
        return true;
    }
    let others = SeatSet::from_bits(pos.seats_in_game().bits() & !mine.bits());
    let mut occupied = pos.occupied().with(to);
    if let Some(from) = from {
        occupied = occupied.without(from);
    }
    let mut ours_to_move = true;
    let mut res = true;
    loop {
        ours_to_move = !ours_to_move;
        let side = if ours_to_move { mine } else { others };
        let side_attackers = attackers(pos, to, occupied.without(to), side);
        if side_attackers.is_empty() {
            break;
        }
        res = !res;
        let Some((kind, sq)) = cheapest(pos, side_attackers) else {
            break;
        };
        if kind == PieceKind::King {
            // The King may take only if nothing can take it back.
            let other = if ours_to_move { others } else { mine };
            let defended = attackers(pos, to, occupied.without(to).without(sq), other).any();
            return if defended { !res } else { res };
        }
        swap = exchange_value(kind) - swap;
        if swap < res as i32 {
            break;
        }
        occupied = occupied.without(sq);
    }
    res
}

/// A coarse value of a capture for ordering: what it takes, less a little of what
/// it risks.
pub(crate) fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = match mv {
        Move::Board { to, .. } => pos.piece_at(to).map_or(0, |p| exchange_value(p.kind)),
        _ => 0,
    };
    let attacker = mv
        .from()
        .and_then(|f| pos.piece_at(f))
        .map_or(0, |p| piece_value(p.kind));
    let promotion = match mv {
        Move::Board {
            from,
            promote: true,
            ..
        } => pos.piece_at(from).map_or(0, |p| {
            p.kind
                .promoted()
                .map_or(0, |k| piece_value(k) - piece_value(p.kind))
        }),
        _ => 0,
    };
    8 * victim + promotion - attacker / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `attackers` by its definition, piece by piece: each piece of `seats` left on
    /// `occupied` whose own attacks (the library's) reach `sq`.
    fn attackers_by_definition(
        pos: &Position,
        sq: Square,
        occupied: Bitboard,
        seats: SeatSet,
    ) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for from in occupied {
            if let Some(p) = pos.piece_at(from) {
                if seats.contains(p.seat)
                    && attacks::attacks(p.seat, p.kind, from, occupied).contains(sq)
                {
                    bb = bb.with(from);
                }
            }
        }
        bb
    }

    #[test]
    fn attackers_agree_with_their_definition() {
        crate::random_games::each_position(0x0F1E_2D3C_4B5A_6978, 20, |pos, _, _| {
            let mut state = pos.key();
            for sq in Square::all() {
                state = crate::eval::mix(state);
                // Occupancies with a square or two taken away or added.
                let a = Square::from_index((state % 81) as usize).unwrap();
                let b = Square::from_index((state >> 8) as usize % 81).unwrap();
                let occupied = pos.occupied().without(a).with(b);
                let seats = SeatSet::from_bits((state >> 20) as u8 & 0xF);
                assert_eq!(
                    attackers(pos, sq, occupied, seats),
                    attackers_by_definition(pos, sq, occupied, seats)
                );
            }
        });
    }

    fn see(sfen: &str, mv: &str) -> (bool, bool) {
        let pos = Position::from_sfen(sfen).unwrap();
        let mv: Move = mv.parse().unwrap();
        assert!(pos.is_legal(mv), "{mv}");
        let mine = side_of_mover(&pos, pos.turn());
        (see_ge(&pos, mv, 0, mine), see_ge(&pos, mv, 1, mine))
    }

    #[test]
    fn exchanges() {
        // A Rook takes a Pawn defended by a Gold: loses.
        assert_eq!(
            see("8k/9/4g4/4p4/9/9/9/4R4/8K b - 1", "5h5d"),
            (false, false)
        );
        // An undefended Pawn: wins.
        assert_eq!(see("8k/9/9/4p4/9/9/9/4R4/8K b - 1", "5h5d"), (true, true));
        // A Pawn takes a Pawn defended by a Gold, with the Rook behind it: wins.
        assert_eq!(
            see("8k/9/4g4/4p4/4P4/9/9/4R4/8K b - 1", "5e5d"),
            (true, true)
        );
        // A quiet move to an attacked square loses the piece; to a safe one, even.
        assert_eq!(see("8k/9/4p4/9/9/9/9/4R4/8K b - 1", "5h5d"), (false, false));
        assert_eq!(see("8k/9/9/9/9/9/9/4R4/8K b - 1", "5h5d"), (true, false));
        // A dropped Gold on a square no one attacks: even.
        assert_eq!(see("8k/9/9/9/9/9/9/9/8K b G 1", "G*5e"), (true, false));
    }
}
