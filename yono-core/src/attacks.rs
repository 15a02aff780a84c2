//! Precomputed attack tables, oriented by each seat's forward direction.
//!
//! Step patterns (Gold, Silver, Knight, Pawn) depend on the seat because every army
//! faces a different way; sliders use rays and the first blocker along each ray.
//! All tables are built at compile time.

use crate::{Bitboard, PieceKind, Seat, Square};

/// Ray directions as (row, column) steps. Rows grow southward, columns eastward
/// (toward file 1), so the first four increase the square index.
const DIRS: [(i8, i8); 8] = [
    (1, 0),   // S
    (0, 1),   // E
    (1, -1),  // SW
    (1, 1),   // SE
    (-1, 0),  // N
    (0, -1),  // W
    (-1, 1),  // NE
    (-1, -1), // NW
];
const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

const fn bit(row: i8, col: i8) -> u128 {
    if row >= 0 && row < 9 && col >= 0 && col < 9 {
        1u128 << (row * 9 + col)
    } else {
        0
    }
}

const fn dir_index(d: (i8, i8)) -> usize {
    let mut i = 0;
    while i < 8 {
        if DIRS[i].0 == d.0 && DIRS[i].1 == d.1 {
            return i;
        }
        i += 1;
    }
    panic!("not a direction")
}

/// Step offsets, relative to forward `f` and sideways `p`: (forward count, side count).
const GOLD_STEPS: &[(i8, i8)] = &[(1, 0), (1, 1), (1, -1), (0, 1), (0, -1), (-1, 0)];
const SILVER_STEPS: &[(i8, i8)] = &[(1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: &[(i8, i8)] = &[(2, 1), (2, -1)];
const PAWN_STEPS: &[(i8, i8)] = &[(1, 0)];
const KING_STEPS: &[(i8, i8)] = &[
    (1, 0),
    (1, 1),
    (1, -1),
    (0, 1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (-1, -1),
];

const fn step_table(seat: Seat, steps: &[(i8, i8)]) -> [Bitboard; 81] {
    let (fr, fc) = seat.forward();
    // Sideways is forward turned a quarter: the patterns are left-right symmetric.
    let (pr, pc) = (fc, fr);
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let row = (sq / 9) as i8;
        let col = (sq % 9) as i8;
        let mut bits = 0u128;
        let mut i = 0;
        while i < steps.len() {
            let (nf, np) = steps[i];
            bits |= bit(row + nf * fr + np * pr, col + nf * fc + np * pc);
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const fn per_seat(steps: &[(i8, i8)]) -> [[Bitboard; 81]; 4] {
    [
        step_table(Seat::South, steps),
        step_table(Seat::West, steps),
        step_table(Seat::North, steps),
        step_table(Seat::East, steps),
    ]
}

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut table = [[Bitboard::EMPTY; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut row = (sq / 9) as i8 + DIRS[d].0;
            let mut col = (sq % 9) as i8 + DIRS[d].1;
            let mut bits = 0u128;
            while bit(row, col) != 0 {
                bits |= bit(row, col);
                row += DIRS[d].0;
                col += DIRS[d].1;
            }
            table[d][sq] = Bitboard(bits);
            sq += 1;
        }
        d += 1;
    }
    table
}

static GOLD: [[Bitboard; 81]; 4] = per_seat(GOLD_STEPS);
static SILVER: [[Bitboard; 81]; 4] = per_seat(SILVER_STEPS);
static KNIGHT: [[Bitboard; 81]; 4] = per_seat(KNIGHT_STEPS);
static PAWN: [[Bitboard; 81]; 4] = per_seat(PAWN_STEPS);
static KING: [Bitboard; 81] = step_table(Seat::South, KING_STEPS);
static KING_PER_SEAT: [[Bitboard; 81]; 4] = per_seat(KING_STEPS);
static NO_STEPS: [[Bitboard; 81]; 4] = [[Bitboard::EMPTY; 81]; 4];

/// Per kind (by index), the table of its single steps and leaps: a piece's steps are
/// then two loads, with no branch on its kind.
static STEPS: [&[[Bitboard; 81]; 4]; 14] = [
    &KING_PER_SEAT, // King
    &NO_STEPS,      // Rook
    &NO_STEPS,      // Bishop
    &GOLD,          // Gold
    &SILVER,        // Silver
    &KNIGHT,        // Knight
    &NO_STEPS,      // Lance
    &PAWN,          // Pawn
    &KING_PER_SEAT, // Dragon
    &KING_PER_SEAT, // Horse
    &GOLD,          // Promoted Silver
    &GOLD,          // Promoted Knight
    &GOLD,          // Promoted Lance
    &GOLD,          // Promoted Pawn
];
static RAYS: [[Bitboard; 81]; 8] = ray_table();
const LANCE_DIR: [usize; 4] = [
    dir_index(Seat::South.forward()),
    dir_index(Seat::West.forward()),
    dir_index(Seat::North.forward()),
    dir_index(Seat::East.forward()),
];

const fn lines_table(dirs: &[usize]) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let rays = ray_table();
    let mut sq = 0;
    while sq < 81 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < dirs.len() {
            bits |= rays[dirs[i]][sq].0;
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}
static LINES: [Bitboard; 81] = lines_table(&[0, 1, 2, 3, 4, 5, 6, 7]);

/// Squares within `radius` King steps of each square (the square included).
const fn box_table(radius: i8) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let (row, col) = ((sq / 9) as i8, (sq % 9) as i8);
        let mut bits = 0u128;
        let mut dr = -radius;
        while dr <= radius {
            let mut dc = -radius;
            while dc <= radius {
                bits |= bit(row + dr, col + dc);
                dc += 1;
            }
            dr += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// `DIRECTION[a][b]`: the ray direction from `a` that passes through `b`, or
/// `DIRECTIONS` when the two share no line.
static DIRECTION: [[u8; 81]; 81] = direction_table();

const fn direction_table() -> [[u8; 81]; 81] {
    let rays = ray_table();
    let mut table = [[DIRECTIONS as u8; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < DIRECTIONS {
            let mut b = 0;
            while b < 81 {
                if rays[d][a].0 & (1u128 << b) != 0 {
                    table[a][b] = d as u8;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static NEAR_2: [Bitboard; 81] = box_table(2);
static NEAR_3: [Bitboard; 81] = box_table(3);

/// Squares within two King steps of `sq`: where a one-step piece (Pawn, Silver, Gold,
/// King and the like) must stand to reach `sq` or one of its neighbours.
#[inline]
pub(crate) fn within_two_steps(sq: Square) -> Bitboard {
    NEAR_2[sq.index()]
}

/// Squares within three King steps of `sq`: where a Knight must stand to reach `sq`
/// or one of its neighbours.
#[inline]
pub(crate) fn within_three_steps(sq: Square) -> Bitboard {
    NEAR_3[sq.index()]
}

static ORTHOGONAL_LINES: [Bitboard; 81] = lines_table(&ORTHOGONAL);
static DIAGONAL_LINES: [Bitboard; 81] = lines_table(&DIAGONAL);

/// The squares along `dir` from `sq` on an empty board.
#[inline]
pub(crate) fn ray(dir: usize, sq: Square) -> Bitboard {
    RAYS[dir][sq.index()]
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise (or when they are neighbours).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    match DIRECTION[a.index()][b.index()] as usize {
        dir if dir < DIRECTIONS => RAYS[dir][a.index()] & RAYS[reverse(dir)][b.index()],
        _ => Bitboard::EMPTY,
    }
}

/// The ray from `from` that passes through `through` (empty when they share no line).
#[inline]
pub(crate) fn ray_through(from: Square, through: Square) -> Bitboard {
    match DIRECTION[from.index()][through.index()] as usize {
        dir if dir < DIRECTIONS => RAYS[dir][from.index()],
        _ => Bitboard::EMPTY,
    }
}

/// The rank and file through `sq` (excluding `sq`): where a Rook could reach it from.
#[inline]
pub fn orthogonal_lines(sq: Square) -> Bitboard {
    ORTHOGONAL_LINES[sq.index()]
}

/// The diagonals through `sq` (excluding `sq`): where a Bishop could reach it from.
#[inline]
pub fn diagonal_lines(sq: Square) -> Bitboard {
    DIAGONAL_LINES[sq.index()]
}

/// Number of ray directions; directions `0..4` increase the square index.
pub(crate) const DIRECTIONS: usize = 8;

/// The direction opposite to `dir`.
#[inline]
pub(crate) const fn reverse(dir: usize) -> usize {
    (dir + 4) % 8
}

/// The ray direction a Lance of `seat` slides in.
#[inline]
pub(crate) const fn lance_direction(seat: Seat) -> usize {
    LANCE_DIR[seat.index()]
}

/// Squares along `dir` from `sq` up to and including the first occupied one.
#[inline]
pub(crate) fn ray_attacks(dir: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq.index()];
    let blockers = (ray & occupied).0;
    // Directions 0–3 increase the index, so their nearest blocker is the lowest bit;
    // the others' is the highest. Either way the slot is found without a branch.
    let slot = if dir < 4 {
        (blockers | NO_BLOCKER_BELOW).trailing_zeros()
    } else {
        128 - blockers.leading_zeros()
    };
    ray ^ BEYOND[dir][slot as usize & 127]
}

/// A bit past the board: the "blocker" of a ray going up that meets none.
const NO_BLOCKER_BELOW: u128 = 1 << 81;

/// `BEYOND[dir][slot]`: the squares past the nearest blocker along `dir`. For
/// directions 0–3 the slot is the blocker's index (81: none); for the others it is
/// the blocker's index + 1 (0: none).
static BEYOND: [[Bitboard; 128]; 8] = beyond_table();

const fn beyond_table() -> [[Bitboard; 128]; 8] {
    let rays = ray_table();
    let mut table = [[Bitboard::EMPTY; 128]; 8];
    let mut dir = 0;
    while dir < DIRECTIONS {
        let mut sq = 0;
        while sq < 81 {
            let slot = if dir < 4 { sq } else { sq + 1 };
            table[dir][slot] = rays[dir][sq];
            sq += 1;
        }
        dir += 1;
    }
    table
}

/// Squares a Rook on `sq` reaches with the given occupancy (first blocker included).
///
/// ```
/// use yono::{attacks, Bitboard, Square};
/// let sq: Square = "5e".parse().unwrap();
/// assert_eq!(attacks::rook_attacks(sq, Bitboard::EMPTY).count(), 16);
/// ```
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    ORTHOGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| {
        acc | ray_attacks(d, sq, occupied)
    })
}

/// Squares a Bishop on `sq` reaches with the given occupancy (first blocker included).
///
/// ```
/// use yono::{attacks, Bitboard, Square};
/// assert_eq!(attacks::bishop_attacks("5e".parse().unwrap(), Bitboard::EMPTY).count(), 16);
/// ```
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    DIAGONAL.iter().fold(Bitboard::EMPTY, |acc, &d| {
        acc | ray_attacks(d, sq, occupied)
    })
}

/// Squares a Lance of `seat` on `sq` reaches (straight forward for that seat).
#[inline]
pub fn lance_attacks(seat: Seat, sq: Square, occupied: Bitboard) -> Bitboard {
    ray_attacks(LANCE_DIR[seat.index()], sq, occupied)
}

/// The eight neighbours of `sq`.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Gold moves for `seat` (also those of promoted Silver, Knight, Lance and Pawn).
#[inline]
pub fn gold_attacks(seat: Seat, sq: Square) -> Bitboard {
    GOLD[seat.index()][sq.index()]
}

/// Silver moves for `seat`.
#[inline]
pub fn silver_attacks(seat: Seat, sq: Square) -> Bitboard {
    SILVER[seat.index()][sq.index()]
}

/// Knight leaps for `seat`.
#[inline]
pub fn knight_attacks(seat: Seat, sq: Square) -> Bitboard {
    KNIGHT[seat.index()][sq.index()]
}

/// The one square in front of a Pawn of `seat`.
#[inline]
pub fn pawn_attacks(seat: Seat, sq: Square) -> Bitboard {
    PAWN[seat.index()][sq.index()]
}

/// The squares a piece of `kind` owned by `seat` on `sq` reaches by a single step or
/// a Knight's leap, not by sliding: all of a Pawn's, Knight's, Silver's or Gold-like
/// piece's moves, a King's, the one-square moves of a Dragon or Horse, nothing for a
/// Rook, Bishop or Lance.
#[inline]
pub(crate) fn steps(seat: Seat, kind: PieceKind, sq: Square) -> Bitboard {
    STEPS[kind.index()][seat.index()][sq.index()]
}

/// All squares on a rank, file or diagonal through `sq` (excluding `sq`).
#[inline]
pub fn lines_through(sq: Square) -> Bitboard {
    LINES[sq.index()]
}

/// Squares a piece of `kind` owned by `seat` on `sq` reaches, by the movement of
/// [RULES.md §3](crate::rules#3-movement), whatever stands on them.
///
/// ```
/// use yono::{attacks, Bitboard, PieceKind, Seat, Square};
/// let sq: Square = "5e".parse().unwrap();
/// // A West Pawn moves toward file 1.
/// let to = attacks::attacks(Seat::West, PieceKind::Pawn, sq, Bitboard::EMPTY);
/// assert_eq!(to.first().unwrap().to_string(), "4e");
/// ```
#[inline]
pub fn attacks(seat: Seat, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::King => king_attacks(sq),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        PieceKind::Silver => silver_attacks(seat, sq),
        PieceKind::Knight => knight_attacks(seat, sq),
        PieceKind::Lance => lance_attacks(seat, sq, occupied),
        PieceKind::Pawn => pawn_attacks(seat, sq),
        PieceKind::Gold
        | PieceKind::PromotedSilver
        | PieceKind::PromotedKnight
        | PieceKind::PromotedLance
        | PieceKind::PromotedPawn => gold_attacks(seat, sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn steps_are_the_moves_without_sliding() {
        for seat in Seat::ALL {
            for kind in PieceKind::ALL {
                for square in Square::all() {
                    let expected = match kind {
                        PieceKind::Rook | PieceKind::Bishop | PieceKind::Lance => Bitboard::EMPTY,
                        PieceKind::Dragon | PieceKind::Horse => king_attacks(square),
                        // On a full board the others' moves are their steps.
                        _ => attacks(seat, kind, square, Bitboard::FULL),
                    };
                    assert_eq!(
                        steps(seat, kind, square),
                        expected,
                        "{seat:?} {kind:?} {square}"
                    );
                }
            }
        }
    }

    #[test]
    fn orientation_of_each_seat() {
        let e5 = sq("5e");
        let front = |seat| pawn_attacks(seat, e5).first().unwrap().to_string();
        assert_eq!(front(Seat::South), "5d");
        assert_eq!(front(Seat::North), "5f");
        assert_eq!(front(Seat::West), "4e");
        assert_eq!(front(Seat::East), "6e");
        let knights: Vec<String> = knight_attacks(Seat::East, e5)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(knights, ["7d", "7f"]);
    }

    #[test]
    fn sliders_stop_at_first_blocker() {
        let occ = Bitboard::from_square(sq("5c")) | Bitboard::from_square(sq("3e"));
        let r = rook_attacks(sq("5e"), occ);
        assert!(r.contains(sq("5c")) && !r.contains(sq("5b")));
        assert!(r.contains(sq("3e")) && !r.contains(sq("2e")));
        assert!(r.contains(sq("5i")) && r.contains(sq("9e")));
        assert_eq!(lance_attacks(Seat::West, sq("5e"), occ).count(), 2);
    }
}
