//! # yono-engine: a program that plays Yo\[n\]o Shogi
//!
//! A search engine for the four-player Yo\[n\]o Shogi (and standard Shogi, through the
//! same code), built only on the public API of the `yono` rules library: alpha-beta
//! over the root seat against the others (paranoid for their first round, Best-Reply
//! after it: [`SearchMode`]) with iterative deepening, a transposition table on the position's
//! Zobrist key, move ordering, check extensions and a quiescence search that knows
//! that a seat falls the instant its King is threatened by the seat about to move.
//! Its evaluation is each seat's expected final score (3/2/1/0). The design and the
//! measured strength are in the project's `docs/ENGINE.md`.
//!
//! ```
//! // Run as the first doctest of yono-engine/src/lib.rs (a test keeps the two equal).
//! use yono::Position;
//! use yono_engine::{Engine, Limits};
//!
//! let mut pos = Position::start();
//! let mut engine = Engine::default();
//! let result = engine.search(&pos, Limits::nodes(2_000)).unwrap();
//! println!("{} plays {}, expecting {:.2} points", pos.turn(), result.best_move, result.score);
//! pos.play(result.best_move).unwrap();
//! ```
//!
//! With a node or depth limit the result is deterministic: the same config, position
//! and limits give the same move on every machine. A time limit or the stop flag
//! ([`Engine::stop_flag`]) end a search early from the clock or from another thread.

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod api;
mod eval;
mod handle;
mod movepick;
pub mod protocol;
#[cfg(test)]
mod random_games;
mod score;
mod search;
mod see;
mod threats;
mod time;
mod tt;
mod weights;

/// The evaluation's features, for the tuner (`examples/tune.rs`); not a stable API.
#[doc(hidden)]
pub mod tuning {
    pub use crate::eval::*;
}

pub use api::{
    Clock, EngineConfig, Limits, ParseSearchModeError, SearchError, SearchInfo, SearchMode,
    SearchResult, StopToken,
};
pub use handle::{EngineHandle, InfoCallback, JobError, SearchJob};
pub use search::{Engine, Features, MAX_DEPTH};

use yono::{Position, Seat, SeatSet};

/// The engine's static evaluation: every seat's expected final score, by seat index
/// (`None` for a seat not in the ruleset). Decided scores are exact; the values of the
/// seats still in the game add up to the points still to be shared.
///
/// ```
/// let values = yono_engine::evaluate(&yono::Position::start());
/// let total: f64 = values.iter().flatten().sum();
/// assert!((total - 6.0).abs() < 0.01); // 0 + 1 + 2 + 3
/// ```
pub fn evaluate(pos: &Position) -> [Option<f64>; 4] {
    let values = eval::evaluate(pos, 0, 0);
    let seats = pos.ruleset().seats();
    Seat::ALL.map(|s| {
        seats
            .contains(s)
            .then(|| values[s.index()] as f64 / eval::POINT as f64)
    })
}

/// The material value the engine gives a piece kind, in centi-pawns (a Pawn is 100,
/// a King 0).
///
/// ```
/// assert!(yono_engine::piece_value(yono::PieceKind::Rook) > yono_engine::piece_value(yono::PieceKind::Pawn));
/// ```
pub fn piece_value(kind: yono::PieceKind) -> i32 {
    eval::piece_value(kind)
}

/// The seats of `set` in turn order, read from its bits: the engine's hot loops
/// over seats (the evaluation, threats, exchanges) cost 1.7-2.5% fewer
/// instructions of a search this way than with `SeatSet::iter`, which filters the
/// four seats. (That one, changed to this, slowed the library's perft by 1%.)
#[inline]
pub(crate) fn seats(set: SeatSet) -> impl Iterator<Item = Seat> {
    let mut bits = set.bits();
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(Seat::ALL[i & 3])
    })
}
