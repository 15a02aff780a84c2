//! Search values and their scales, with mate (decided result) distances.
//!
//! **Standard Shogi** is a two-player zero-sum game, and any increasing function of
//! the expected score orders positions the same way, so the search works in
//! centi-pawns from the seat to move's side (negamax): the evaluation's strength
//! difference. A mate found `p` plies from the root is `MATE - p` (being mated,
//! `-(MATE - p)`): a quicker mate is worth more, a slower loss less bad.
//!
//! **Yo\[n\]o** values are the root seat's expected final score in milli-points
//! times [`YONO_UNIT`], centred on the equal share (1.5 points): `V = 128 · E − 192000`.
//! Every evaluation is a multiple of 128, which leaves the low bits for decided
//! results: the root seat falling `p` plies from the root with final score `k` is
//! `128 · 1000k − 192000 + p` (a slower fall is better), winning the game (the last
//! seat left) is `WIN − p` with `WIN` above every evaluation (a quicker win is
//! better). Nodes of the other seats see `−V` (their side of the paranoid game).

use yono::Ruleset;

/// A search value (see the module's text for the two scales).
pub(crate) type Value = i32;

/// Above every value.
pub(crate) const INF: Value = 1_000_000;
/// The deepest ply: decided values carry plies up to this.
pub(crate) const MAX_PLY: usize = 100;

/// Shogi: a mate at the root.
const MATE: Value = 32_000;
/// Shogi: values beyond this are mates.
const MATE_BOUND: Value = MATE - MAX_PLY as Value - 1;
/// Yo\[n\]o: value units per milli-point of expected score.
pub(crate) const YONO_UNIT: Value = 128;
/// Yo\[n\]o: the equal share of 1.5 points, in value units.
const YONO_CENTRE: Value = 1500 * YONO_UNIT;
/// Yo\[n\]o: winning the game at the root.
const WIN: Value = YONO_CENTRE + 2 * YONO_UNIT;

/// The value scale of one ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scale {
    yono: bool,
}

impl Scale {
    pub(crate) fn new(ruleset: Ruleset) -> Scale {
        Scale {
            yono: ruleset == Ruleset::Yono,
        }
    }

    pub(crate) fn is_yono(self) -> bool {
        self.yono
    }

    /// About one Pawn of material at an even position, in value units: what the
    /// search's pruning margins are measured in. (Yo\[n\]o: a Pawn moves each of the
    /// three pairwise chances about 3%, about 94 milli-points in all.)
    pub(crate) fn pawn(self) -> Value {
        if self.yono {
            94 * YONO_UNIT
        } else {
            100
        }
    }

    /// The largest evaluation (values beyond it are decided results or bounds).
    pub(crate) fn max_eval(self) -> Value {
        if self.yono {
            YONO_CENTRE
        } else {
            MATE_BOUND - 1
        }
    }

    /// A root-relative evaluation from the expected score in milli-points (Yo\[n\]o)
    /// or a strength difference in centi-pawns (Shogi).
    pub(crate) fn of_eval(self, raw: i32) -> Value {
        if self.yono {
            raw * YONO_UNIT - YONO_CENTRE
        } else {
            raw.clamp(-self.max_eval(), self.max_eval())
        }
    }

    /// Shogi: the seat to move at `ply` has no legal move.
    pub(crate) fn mated(self, ply: usize) -> Value {
        -(MATE - ply as Value)
    }

    /// Yo\[n\]o, root-relative: the root seat fell at `ply` with final `score`.
    pub(crate) fn fallen(self, score: u8, ply: usize) -> Value {
        score as Value * 1000 * YONO_UNIT - YONO_CENTRE + ply as Value
    }

    /// Yo\[n\]o, root-relative: the root seat is the last one left at `ply`.
    pub(crate) fn won(self, ply: usize) -> Value {
        WIN - ply as Value
    }

    /// A root-relative value of exact milli-points (a draw, or a finished game).
    pub(crate) fn exact(self, milli: i32) -> Value {
        if self.yono {
            milli * YONO_UNIT - YONO_CENTRE
        } else {
            // Shogi's exact results are 0, ½ and 1 point: lost, drawn, won.
            match milli {
                m if m >= 1000 => MATE,
                m if m <= 0 => -MATE,
                _ => 0,
            }
        }
    }

    /// Whether a value (either side's view) is a decided result with a distance.
    pub(crate) fn is_decided(self, v: Value) -> bool {
        if self.yono {
            v.abs() > YONO_CENTRE || (v + YONO_CENTRE).rem_euclid(YONO_UNIT) != 0
        } else {
            v.abs() > MATE_BOUND
        }
    }

    /// Whether a value (either side's view) is beyond every evaluation: a decided
    /// win, or Yo\[n\]o's worst loss (falling first). Pruning leaves such bounds
    /// alone.
    pub(crate) fn is_extreme(self, v: Value) -> bool {
        if self.yono {
            !(-YONO_CENTRE + YONO_UNIT..=YONO_CENTRE).contains(&v)
        } else {
            v.abs() > MATE_BOUND
        }
    }

    /// The mate distance in plies from the root of a root-relative value: positive
    /// for the root seat's decided win, negative for its loss (Yo\[n\]o: its fall).
    pub(crate) fn mate_distance(self, v: Value) -> Option<i32> {
        if !self.is_decided(v) {
            return None;
        }
        if self.yono {
            if v > YONO_CENTRE {
                return Some(WIN - v);
            }
            let p = (v + YONO_CENTRE).rem_euclid(YONO_UNIT);
            Some(-p)
        } else if v > 0 {
            Some(MATE - v)
        } else {
            Some(-(MATE + v))
        }
    }

    /// The value to store at `ply` for a value `v` seen from a node whose side has
    /// `sign` (+1 root seat's, −1 the others') : decided results count their plies
    /// from the node, not from the root.
    pub(crate) fn for_tt(self, v: Value, ply: usize, sign: Value) -> Value {
        self.shift(v, ply as Value, sign)
    }

    /// The inverse of [`Scale::for_tt`].
    pub(crate) fn read_tt(self, v: Value, ply: usize, sign: Value) -> Value {
        self.shift(v, -(ply as Value), sign)
    }

    fn shift(self, v: Value, plies: Value, sign: Value) -> Value {
        if !self.is_decided(v) {
            return v;
        }
        if self.yono {
            let root = sign * v;
            let moved = if root > YONO_CENTRE {
                root + plies
            } else {
                root - plies
            };
            sign * moved
        } else if v > 0 {
            v + plies
        } else {
            v - plies
        }
    }

    /// The expected final score (points) of a root-relative value, for reports:
    /// Yo\[n\]o values are milli-points already; Shogi centi-pawns go through the
    /// evaluation's logistic.
    pub(crate) fn points(self, v: Value) -> f64 {
        if self.yono {
            if v > YONO_CENTRE {
                return 3.0;
            }
            let rest = (v + YONO_CENTRE).rem_euclid(YONO_UNIT);
            ((v + YONO_CENTRE - rest) as f64 / YONO_UNIT as f64 / 1000.0).clamp(0.0, 3.0)
        } else if v > MATE_BOUND {
            1.0
        } else if v < -MATE_BOUND {
            0.0
        } else {
            crate::eval::shogi_win_probability(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yono_decided_values_round_trip() {
        let s = Scale::new(Ruleset::Yono);
        for milli in [0, 1, 1499, 1500, 2999] {
            assert!(!s.is_decided(s.of_eval(milli)));
        }
        let fall = s.fallen(1, 7);
        assert!(s.is_decided(fall) && s.is_decided(-fall));
        assert_eq!(s.mate_distance(fall), Some(-7));
        assert!(s.fallen(1, 9) > fall && s.fallen(1, 9) < s.of_eval(1001));
        assert!(s.fallen(1, 90) < s.of_eval(1001));
        let win = s.won(5);
        assert_eq!(s.mate_distance(win), Some(5));
        assert!(win > s.won(7) && s.won(90) > s.of_eval(2999));
        // Stored at ply 3 of the root side and read back at ply 3: unchanged; read
        // at ply 1 the fall is 2 plies nearer.
        for sign in [1, -1] {
            for v in [fall, win] {
                let stored = s.for_tt(sign * v, 3, sign);
                assert_eq!(s.read_tt(stored, 3, sign), sign * v);
            }
        }
        assert_eq!(s.read_tt(s.for_tt(fall, 3, 1), 1, 1), s.fallen(1, 5));
        assert_eq!(s.read_tt(s.for_tt(-win, 3, -1), 1, -1), -s.won(3));
        assert_eq!(s.points(s.fallen(2, 4)), 2.0);
        assert_eq!(s.points(s.exact(1000)), 1.0);
    }

    #[test]
    fn shogi_mates_round_trip() {
        let s = Scale::new(Ruleset::Shogi);
        let mated = s.mated(4);
        assert_eq!(s.mate_distance(mated), Some(-4));
        assert_eq!(s.mate_distance(-mated), Some(4));
        assert!(!s.is_decided(s.of_eval(1_000_000)));
        assert_eq!(s.read_tt(s.for_tt(-mated, 4, 1), 2, 1), -s.mated(2));
    }
}
