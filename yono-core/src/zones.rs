//! Seat geometry shared by both rulesets: the lines farthest forward (promotion zone,
//! last lines), the squares where a piece could never move again, the lines *nifu*
//! counts and the two bindings — and the promotion rule built on them ([RULES.md §4](crate::rules#4-promotion)).
//!
//! The drop zone differs between rulesets and lives with them in `ruleset.rs`.

use crate::{Bitboard, PieceKind, Seat, Square};

pub(crate) const fn rows(from: u32, to: u32) -> Bitboard {
    let mut bits = 0u128;
    let mut r = from;
    while r <= to {
        bits |= 0x1ffu128 << (9 * r);
        r += 1;
    }
    Bitboard(bits)
}

pub(crate) const fn cols(from: u32, to: u32) -> Bitboard {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 9 {
        let mut c = from;
        while c <= to {
            bits |= 1u128 << (9 * r + c);
            c += 1;
        }
        r += 1;
    }
    Bitboard(bits)
}

/// The three lines farthest forward for `seat`: its promotion zone in both rulesets.
/// Columns count from file 9 (column 0), rows from rank `a` (row 0).
pub(crate) const fn far_lines(seat: Seat, depth: u32) -> Bitboard {
    match seat {
        Seat::South => rows(0, depth - 1),
        Seat::North => rows(9 - depth, 8),
        Seat::West => cols(9 - depth, 8),
        Seat::East => cols(0, depth - 1),
    }
}

const PROMOTION_ZONES: [Bitboard; 4] = [
    far_lines(Seat::South, 3),
    far_lines(Seat::West, 3),
    far_lines(Seat::North, 3),
    far_lines(Seat::East, 3),
];
const LAST_LINE: [Bitboard; 4] = [
    far_lines(Seat::South, 1),
    far_lines(Seat::West, 1),
    far_lines(Seat::North, 1),
    far_lines(Seat::East, 1),
];
const LAST_TWO_LINES: [Bitboard; 4] = [
    far_lines(Seat::South, 2),
    far_lines(Seat::West, 2),
    far_lines(Seat::North, 2),
    far_lines(Seat::East, 2),
];

const fn binding_mask(even: bool) -> Bitboard {
    let mut bits = 0u128;
    let mut i = 0;
    while i < 81 {
        let file = 9 - i % 9;
        let rank = i / 9 + 1;
        if ((file + rank) % 2 == 0) == even {
            bits |= 1u128 << i;
        }
        i += 1;
    }
    Bitboard(bits)
}
/// Squares of the even binding (file + rank even), and of the odd one.
pub(crate) const BINDINGS: [Bitboard; 2] = [binding_mask(true), binding_mask(false)];

/// The squares a seat's Pawns line up on for *nifu*: a file for South and North,
/// a rank for West and East.
#[inline]
pub(crate) fn pawn_line(seat: Seat, sq: Square) -> Bitboard {
    match seat {
        Seat::South | Seat::North => COLUMNS[sq.col() as usize],
        Seat::West | Seat::East => ROWS[sq.row() as usize],
    }
}

const fn line_masks(columns: bool) -> [Bitboard; 9] {
    let mut out = [Bitboard::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        out[i] = if columns {
            cols(i as u32, i as u32)
        } else {
            rows(i as u32, i as u32)
        };
        i += 1;
    }
    out
}
static COLUMNS: [Bitboard; 9] = line_masks(true);
static ROWS: [Bitboard; 9] = line_masks(false);

/// The line farthest forward for `seat`: Pawns and Lances there must promote.
#[inline]
pub(crate) const fn last_line(seat: Seat) -> Bitboard {
    LAST_LINE[seat.index()]
}

/// The two lines farthest forward for `seat`: Knights there must promote.
#[inline]
pub(crate) const fn last_two_lines(seat: Seat) -> Bitboard {
    LAST_TWO_LINES[seat.index()]
}

/// Squares where an unpromoted piece of `kind` owned by `seat` could never move again.
#[inline]
pub(crate) const fn dead_squares(seat: Seat, kind: PieceKind) -> Bitboard {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => last_line(seat),
        PieceKind::Knight => last_two_lines(seat),
        _ => Bitboard::EMPTY,
    }
}

/// The promotion zone of `seat` in both rulesets: the three lines farthest forward.
#[inline]
pub(crate) const fn promotion_zone(seat: Seat) -> Bitboard {
    PROMOTION_ZONES[seat.index()]
}

crate::vocab::vocabulary! {
    /// Whether a board move may, must or cannot promote ([RULES.md §4](crate::rules#4-promotion)). Numbered 0–2;
    /// its text is its lower-case name (`impossible`, `optional`, `compulsory`).
    ///
    /// ```
    /// use yono::{PieceKind, PromotionStatus, Seat};
    /// let sq = |s: &str| s.parse().unwrap();
    /// // A South Pawn stepping into the zone may promote, onto the last rank it must.
    /// assert_eq!(PromotionStatus::of(Seat::South, PieceKind::Pawn, sq("5d"), sq("5c")),
    ///            PromotionStatus::Optional);
    /// assert_eq!(PromotionStatus::of(Seat::South, PieceKind::Pawn, sq("5b"), sq("5a")),
    ///            PromotionStatus::Compulsory);
    /// assert_eq!(PromotionStatus::of(Seat::South, PieceKind::Gold, sq("5b"), sq("5a")),
    ///            PromotionStatus::Impossible);
    /// assert_eq!(PromotionStatus::Optional.to_string(), "optional");
    /// assert_eq!("Compulsory".parse::<PromotionStatus>(), Ok(PromotionStatus::Compulsory));
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub enum PromotionStatus as "promotion status" {
        /// The move cannot promote: the piece has no promoted form (King, Gold, promoted
        /// pieces), or the move neither starts nor ends in the promotion zone.
        Impossible = 0, "impossible";
        /// The mover chooses.
        Optional = 1, "optional";
        /// The piece must promote: unpromoted it could never move again.
        Compulsory = 2, "compulsory";
    }
}

impl PromotionStatus {
    /// The promotion status of a `kind` of `seat` moving from `from` to `to` (whether
    /// the piece can actually go there is not checked). It is the generator's promotion rule for
    /// one destination, so generation and the one-move check cannot disagree.
    #[inline]
    pub fn of(seat: Seat, kind: PieceKind, from: Square, to: Square) -> PromotionStatus {
        let (promote, plain) = promotion_split(seat, kind, from, Bitboard::from_square(to));
        match (promote.contains(to), plain.contains(to)) {
            (false, _) => PromotionStatus::Impossible,
            (true, true) => PromotionStatus::Optional,
            (true, false) => PromotionStatus::Compulsory,
        }
    }
}

/// The promotion rule itself: splits the destinations `targets` of a `kind` of `seat`
/// on `from` into those it may reach promoting and those it may reach unpromoted.
/// Promotion is possible into, out of or within the zone; a piece must promote where
/// it could never move again. (A square in both sets is an optional promotion.)
#[inline]
pub(crate) fn promotion_split(
    seat: Seat,
    kind: PieceKind,
    from: Square,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    let zone = promotion_zone(seat);
    if kind.promoted().is_none() {
        (Bitboard::EMPTY, targets)
    } else if zone.contains(from) {
        (targets, targets & !dead_squares(seat, kind))
    } else {
        (targets & zone, targets & !dead_squares(seat, kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_has_the_sizes_of_the_rules() {
        for seat in Seat::ALL {
            assert_eq!(promotion_zone(seat).count(), 27);
            assert_eq!(last_line(seat).count(), 9);
            assert_eq!(last_two_lines(seat).count(), 18);
        }
        assert_eq!(BINDINGS[0].count() + BINDINGS[1].count(), 81);
        assert!(BINDINGS[0].contains("5i".parse().unwrap()));
    }

    #[test]
    fn promotion_status_agrees_with_the_split_for_every_move() {
        for seat in Seat::ALL {
            for kind in PieceKind::ALL {
                for from in Square::all() {
                    let (promote, plain) = promotion_split(seat, kind, from, Bitboard::FULL);
                    for to in Square::all() {
                        let status = PromotionStatus::of(seat, kind, from, to);
                        assert_eq!(status != PromotionStatus::Impossible, promote.contains(to));
                        assert_eq!(status != PromotionStatus::Compulsory, plain.contains(to));
                    }
                }
            }
        }
    }
}
