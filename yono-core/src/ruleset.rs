//! Rulesets as data: which seats play, the setup, the zones and the special rules.
//!
//! Yo\[n\]o Shogi and standard two-player Shogi share every line of the engine; they
//! differ only in the values below.

use crate::{Bitboard, PieceKind, Seat, SeatSet};

/// What a seat with no legal move does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveRule {
    /// It plays `pass` (Yo\[n\]o Shogi, RULES.md §6).
    Pass,
    /// It has lost (standard Shogi: checkmate or no move).
    Lose,
}

/// A set of rules the engine can play.
///
/// ```
/// use yono::{Ruleset, NoMoveRule, Seat};
/// assert_eq!(Ruleset::Yono.seats().len(), 4);
/// assert_eq!(Ruleset::Shogi.seats().len(), 2);
/// assert_eq!(Ruleset::Shogi.no_move_rule(), NoMoveRule::Lose);
/// assert_eq!(Ruleset::Yono.drop_zone(Seat::South).count(), 45);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ruleset {
    /// Yo\[n\]o Shogi, the four-player game (RULES.md §1–§8).
    #[default]
    Yono,
    /// Standard two-player Shogi (RULES.md §9): South is Sente, North is Gote.
    Shogi,
}

/// The Yo\[n\]o start position (RULES.md §2).
pub const YONO_START: &str = "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1";

/// The standard Shogi start position in this library's position text.
pub const SHOGI_START: &str = "nLnNnSnGnKnGnSnNnL/1nR5nB1/nPnPnPnPnPnPnPnPnP/9/9/9/sPsPsPsPsPsPsPsPsP/1sB5sR1/sLsNsSsGsKsGsSsNsL s -/-/-/- s-n- 1";

const fn rows(from: u32, to: u32) -> Bitboard {
    let mut bits = 0u128;
    let mut r = from;
    while r <= to {
        bits |= 0x1ffu128 << (9 * r);
        r += 1;
    }
    Bitboard(bits)
}

const fn cols(from: u32, to: u32) -> Bitboard {
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
pub const fn far_lines(seat: Seat, depth: u32) -> Bitboard {
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
/// On or in front of each camp: South files 5–9, West ranks a–e, North files 1–5,
/// East ranks e–i (RULES.md §5).
const YONO_DROP_ZONES: [Bitboard; 4] = [cols(0, 4), rows(0, 4), cols(4, 8), rows(4, 8)];

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
pub(crate) fn pawn_line(seat: Seat, sq: crate::Square) -> Bitboard {
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

impl Ruleset {
    /// The seats that take part.
    pub const fn seats(self) -> SeatSet {
        match self {
            Ruleset::Yono => SeatSet::ALL,
            Ruleset::Shogi => SeatSet::single(Seat::South).with(Seat::North),
        }
    }

    /// The start position as position text.
    pub const fn start_text(self) -> &'static str {
        match self {
            Ruleset::Yono => YONO_START,
            Ruleset::Shogi => SHOGI_START,
        }
    }

    /// What a seat with no legal move does.
    pub const fn no_move_rule(self) -> NoMoveRule {
        match self {
            Ruleset::Yono => NoMoveRule::Pass,
            Ruleset::Shogi => NoMoveRule::Lose,
        }
    }

    /// Whether the Bishop binding limit of RULES.md §5 applies.
    pub const fn binding_limit(self) -> bool {
        matches!(self, Ruleset::Yono)
    }

    /// The squares `seat` may drop onto (before the per-kind restrictions).
    pub const fn drop_zone(self, seat: Seat) -> Bitboard {
        match self {
            Ruleset::Yono => YONO_DROP_ZONES[seat.index()],
            Ruleset::Shogi => Bitboard::FULL,
        }
    }

    /// The promotion zone of `seat`: the three lines farthest forward.
    pub const fn promotion_zone(self, seat: Seat) -> Bitboard {
        PROMOTION_ZONES[seat.index()]
    }

    /// The highest score a seat can get: the winner's (3 in Yo\[n\]o, 1 in Shogi).
    pub const fn max_score(self) -> u8 {
        self.seats().len() as u8 - 1
    }

    /// How many pieces of an unpromoted `kind` exist in this ruleset (board and
    /// reserves together, promoted ones counted as their base kind).
    pub const fn supply(self, kind: PieceKind) -> u8 {
        match self {
            Ruleset::Yono => kind.yono_supply(),
            Ruleset::Shogi => match kind.unpromoted() {
                PieceKind::King | PieceKind::Rook | PieceKind::Bishop => 2,
                PieceKind::Pawn => 18,
                _ => 4,
            },
        }
    }

    /// Short lower-case name: `"yono"` or `"shogi"`.
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Yono => "yono",
            Ruleset::Shogi => "shogi",
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_have_the_sizes_of_the_rules() {
        for seat in Seat::ALL {
            assert_eq!(Ruleset::Yono.drop_zone(seat).count(), 45);
            assert_eq!(Ruleset::Yono.promotion_zone(seat).count(), 27);
            assert_eq!(last_line(seat).count(), 9);
        }
        let e5: crate::Square = "5e".parse().unwrap();
        for seat in Seat::ALL {
            assert!(Ruleset::Yono.drop_zone(seat).contains(e5));
        }
        assert_eq!(BINDINGS[0].count() + BINDINGS[1].count(), 81);
        assert!(BINDINGS[0].contains("5i".parse().unwrap()));
    }
}
