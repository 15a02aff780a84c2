//! What the engine writes: `info` lines and scores, per variant (docs/PROTOCOL.md).

use std::fmt::Write as _;

use yono::{Ruleset, SeatSet};

use crate::SearchInfo;

/// The largest centi-pawn score written (USI GUIs expect a bounded number).
const MAX_CP: f64 = 30_000.0;

/// The evaluation's spread: an advantage of this many centi-pawns gives a 3:1 chance
/// of outlasting the other seat (the rational sigmoid ½ + ½·d/(T + |d|) of
/// docs/ENGINE.md). Shogi's expected score maps back to centi-pawns through it.
const SPREAD: f64 = 1500.0;

/// A Shogi expected score (0 to 1) in centi-pawns, for USI's `score cp`.
///
/// The inverse of the evaluation's sigmoid: 0.5 is 0, 0.75 is +1500.
pub(crate) fn centipawns(score: f64) -> i64 {
    let x = (2.0 * score - 1.0).clamp(-1.0, 1.0);
    let cp = if x.abs() >= 1.0 {
        MAX_CP * x.signum()
    } else {
        SPREAD * x / (1.0 - x.abs())
    };
    cp.clamp(-MAX_CP, MAX_CP).round() as i64
}

/// One `info` line. Shogi: plain USI (`score cp` or `score mate`). Yo\[n\]o: the
/// root seat's `score points`, `mate` once a forced end is seen, and `scores` of every
/// seat still in at the root.
pub(crate) fn info_line(info: &SearchInfo, ruleset: Ruleset, in_game: SeatSet) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv.max(1)
    );
    match ruleset {
        Ruleset::Shogi => match info.mate {
            Some(plies) => write!(s, " score mate {plies}").unwrap(),
            None => write!(s, " score cp {}", centipawns(info.score)).unwrap(),
        },
        Ruleset::Yono => {
            write!(s, " score points {:.3}", info.score).unwrap();
            if let Some(plies) = info.mate {
                write!(s, " mate {plies}").unwrap();
            }
            s.push_str(" scores");
            for seat in in_game.iter() {
                let v = info.scores[seat.index()].unwrap_or(f64::NAN);
                write!(s, " {} {v:.3}", seat.letter()).unwrap();
            }
        }
    }
    write!(
        s,
        " nodes {} nps {} time {} hashfull {}",
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull.min(1000)
    )
    .unwrap();
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for mv in &info.pv {
            write!(s, " {mv}").unwrap();
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn centipawns_invert_the_sigmoid() {
        assert_eq!(centipawns(0.5), 0);
        assert_eq!(centipawns(0.75), 1500);
        assert_eq!(centipawns(0.25), -1500);
        assert_eq!(centipawns(1.0), 30_000);
        assert_eq!(centipawns(0.0), -30_000);
        assert!(centipawns(0.6) > 0 && centipawns(0.6) < 1500);
    }

    #[test]
    fn info_lines_per_variant() {
        let info = SearchInfo {
            depth: 3,
            seldepth: 7,
            nodes: 1000,
            nps: 50_000,
            time: Duration::from_millis(20),
            hashfull: 4,
            multipv: 1,
            pv: vec!["7g7f".parse().unwrap(), "3c3d".parse().unwrap()],
            score: 0.75,
            scores: [Some(0.75), None, Some(0.25), None],
            mate: None,
        };
        let shogi = info_line(&info, Ruleset::Shogi, Ruleset::Shogi.seats());
        assert_eq!(
            shogi,
            "info depth 3 seldepth 7 multipv 1 score cp 1500 nodes 1000 nps 50000 time 20 hashfull 4 pv 7g7f 3c3d"
        );
        let yono = info_line(
            &SearchInfo {
                mate: Some(-5),
                scores: [Some(2.5), Some(0.0), Some(1.0), Some(2.5)],
                ..info
            },
            Ruleset::Yono,
            SeatSet::ALL.without(yono::Seat::West),
        );
        assert!(yono.contains(" score points 0.750 mate -5 scores s 2.500 n 1.000 e 2.500 nodes"));
    }
}
