//! Rulesets as data: which seats play, the setup, the zones and the special rules.
//!
//! Yo\[n\]o Shogi and standard two-player Shogi share every line of the engine; they
//! differ only in the values below.

use crate::zones::{cols, rows};
use crate::{Bitboard, PieceKind, Seat, SeatSet};

/// What a seat with no legal move does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveRule {
    /// It plays `pass` (Yo\[n\]o Shogi, [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
    Pass,
    /// It has lost (standard Shogi: checkmate or no move).
    Lose,
}

crate::vocab::vocabulary! {
    /// A set of rules the engine can play. Numbered 0 (Yo\[n\]o) and 1 (Shogi); the
    /// names ([`Ruleset::NAMES`]) are the short lower-case ones of records and
    /// bindings.
    ///
    /// ```
    /// use yono::{Ruleset, NoMoveRule, Seat};
    /// assert_eq!(Ruleset::Yono.seats().len(), 4);
    /// assert_eq!(Ruleset::Shogi.seats().len(), 2);
    /// assert_eq!(Ruleset::Shogi.no_move_rule(), NoMoveRule::Lose);
    /// assert_eq!(Ruleset::Yono.drop_zone(Seat::South).count(), 45);
    /// assert_eq!(Ruleset::NAMES, ["yono", "shogi"]);
    /// assert_eq!("Shogi".parse::<Ruleset>().unwrap(), Ruleset::Shogi);
    /// assert_eq!(Ruleset::Shogi.to_string(), "shogi");
    /// assert!("chess".parse::<Ruleset>().is_err());
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Ruleset as "ruleset" {
        /// Yo\[n\]o Shogi, the four-player game ([RULES.md §1–§8](crate::rules#1-board-seats-and-coordinates)).
        #[default]
        Yono = 0, "yono";
        /// Standard two-player Shogi ([RULES.md §9](crate::rules#9-standard-shogi)): South is Sente, North is Gote.
        Shogi = 1, "shogi";
    }
}

/// The Yo\[n\]o start position ([RULES.md §2](crate::rules#2-setup)).
pub const YONO_START: &str = "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1";

/// The standard Shogi start position in this library's position text.
pub const SHOGI_START: &str = "nLnNnSnGnKnGnSnNnL/1nR5nB1/nPnPnPnPnPnPnPnPnP/9/9/9/sPsPsPsPsPsPsPsPsP/1sB5sR1/sLsNsSsGsKsGsSsNsL s -/-/-/- s-n- 1";

/// On or in front of each camp: South files 5–9, West ranks a–e, North files 1–5,
/// East ranks e–i ([RULES.md §5](crate::rules#5-reserve-and-drops)).
const YONO_DROP_ZONES: [Bitboard; 4] = [cols(0, 4), rows(0, 4), cols(4, 8), rows(4, 8)];

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

    /// Whether the Bishop binding limit of [RULES.md §5](crate::rules#5-reserve-and-drops) applies.
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
        crate::zones::promotion_zone(seat)
    }

    /// The highest score a seat can get: the winner's (3 in Yo\[n\]o, 1 in Shogi).
    pub const fn max_score(self) -> u8 {
        self.seats().len() as u8 - 1
    }

    /// How many pieces of an unpromoted `kind` exist in this ruleset (board and
    /// reserves together, promoted ones counted as their base kind).
    pub const fn supply(self, kind: PieceKind) -> u8 {
        match self {
            // RULES.md §8: 4 of each, but 20 Pawns.
            Ruleset::Yono => match kind.unpromoted() {
                PieceKind::Pawn => 20,
                _ => 4,
            },
            Ruleset::Shogi => match kind.unpromoted() {
                PieceKind::King | PieceKind::Rook | PieceKind::Bishop => 2,
                PieceKind::Pawn => 18,
                _ => 4,
            },
        }
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
        }
        let e5: crate::Square = "5e".parse().unwrap();
        for seat in Seat::ALL {
            assert!(Ruleset::Yono.drop_zone(seat).contains(e5));
        }
    }
}
