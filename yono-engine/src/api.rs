//! The engine's public vocabulary: what a caller asks for (limits, clocks, a stop
//! token, the engine's config) and what a search reports (progress and result).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use yono::Move;

/// One search's stop signal. Whoever asks for a search creates it and may stop it
/// from any thread at any time; the search only reads it and never clears it, so a
/// stop sent after the request and before the search starts is kept (the search then
/// returns at once with the first move of its order).
///
/// ```
/// use yono_engine::StopToken;
/// let token = StopToken::new();
/// let for_the_gui = token.clone(); // clones share one flag
/// assert!(!token.is_stopped());
/// for_the_gui.stop();
/// assert!(token.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopToken(Arc<AtomicBool>);

impl StopToken {
    /// A token not yet stopped.
    pub fn new() -> Self {
        StopToken::default()
    }

    /// A token reading (and setting) an existing flag: how [`crate::Engine::search`]
    /// serves the engine's [`crate::Engine::stop_flag`].
    pub(crate) fn from_flag(flag: Arc<AtomicBool>) -> Self {
        StopToken(flag)
    }

    /// Asks the search to stop; it returns its best move soon after.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopToken::stop`] was called on this token or a clone of it.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One seat's clock, for time management. USI semantics for Shogi: `remaining` is
/// the main time left, `increment` is added after each move (USI `binc`/`winc`), and
/// once the main time is used up each move may take `byoyomi` (USI `byoyomi`).
///
/// ```
/// use std::time::Duration;
/// use yono_engine::Clock;
/// let blitz = Clock { remaining: Duration::from_secs(60), increment: Duration::from_secs(1), ..Clock::default() };
/// assert_eq!(blitz.byoyomi, Duration::ZERO);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time left.
    pub remaining: Duration,
    /// Added to `remaining` after each move.
    pub increment: Duration,
    /// Time per move once `remaining` is used up.
    pub byoyomi: Duration,
}

/// When to stop searching. Every limit left `None` is unlimited; with none at all the
/// search runs until its stop token is stopped (USI `go infinite`), or to
/// [`crate::MAX_DEPTH`].
///
/// ```
/// use yono_engine::Limits;
/// let l = Limits::nodes(10_000).with_depth(6);
/// assert_eq!((l.nodes, l.depth, l.time), (Some(10_000), Some(6), None));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes (positions visited). Deterministic.
    pub nodes: Option<u64>,
    /// Stop after the iteration of this many full-width plies. Deterministic.
    pub depth: Option<u32>,
    /// A fixed time for this move (USI `movetime`; not deterministic).
    pub time: Option<Duration>,
    /// Every seat's clock, by [`yono::Seat::index`]; the engine manages the time of
    /// the seat to move from its own clock (the others' are for information). Used
    /// only when `time` is `None`.
    pub clocks: [Option<Clock>; 4],
    /// Mate search: stop as soon as a forced win in at most this many moves of the
    /// seat to move is found (docs/ENGINE.md, "Mate scores", says what a forced win
    /// is in each ruleset).
    pub mate: Option<u32>,
}

/// The `Limits::with_*` builders: each sets one limit of a copy.
macro_rules! with_limit {
    ($($(#[$doc:meta])* $name:ident($arg:ident: $ty:ty) sets $field:ident;)*) => {$(
        $(#[$doc])*
        #[must_use]
        pub fn $name(mut self, $arg: $ty) -> Limits {
            self.$field = Some($arg);
            self
        }
    )*};
}

impl Limits {
    /// A node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits::default().with_nodes(n)
    }
    /// A depth limit (full-width plies; one round of Yo\[n\]o is four).
    pub fn depth(d: u32) -> Limits {
        Limits::default().with_depth(d)
    }
    /// A time limit.
    pub fn time(t: Duration) -> Limits {
        Limits::default().with_time(t)
    }
    /// Clocks: the engine plans the time of the seat to move from its clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use yono_engine::{Clock, Limits};
    /// let clock = Clock { remaining: Duration::from_secs(30), ..Clock::default() };
    /// let l = Limits::clocks([Some(clock), None, Some(clock), None]);
    /// assert_eq!(l.clocks[0], Some(clock));
    /// ```
    pub fn clocks(clocks: [Option<Clock>; 4]) -> Limits {
        Limits {
            clocks,
            ..Limits::default()
        }
    }
    with_limit! {
        /// This limit with a node limit too.
        with_nodes(n: u64) sets nodes;
        /// This limit with a depth limit too.
        with_depth(d: u32) sets depth;
        /// This limit with a time limit too.
        with_time(t: Duration) sets time;
        /// This limit with a mate search too (see [`Limits::mate`]).
        with_mate(moves: u32) sets mate;
    }
}

/// How the search treats the other seats in four-seat Yo\[n\]o (standard Shogi has
/// one opponent: every mode is the same two-player search there). docs/ENGINE.md
/// says what each does and the tournament that chose the default.
///
/// ```
/// use yono_engine::SearchMode;
/// let mode: SearchMode = "brs+".parse().unwrap();
/// assert_eq!(mode, SearchMode::BestReplyPlus);
/// assert_eq!(mode.name(), "brs+");
/// assert!("maxn".parse::<SearchMode>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchMode {
    /// Every other seat minimises the seat to move's expected score, each in turn.
    Paranoid,
    /// Best-Reply Search: between two moves of the root seat, only the one opponent
    /// whose reply is best against it moves.
    BestReply,
    /// BRS+: as Best-Reply Search, but the other opponents play their first move in
    /// the move order instead of skipping their turn, so every line is a legal game.
    BestReplyPlus,
    /// Paranoid for the other seats' first round (their replies to the root seat's
    /// first move), Best-Reply layers after the root seat's later moves. The default:
    /// it won the four-seat tournament at equal time (docs/ENGINE.md, "Strength").
    #[default]
    ParanoidBestReply,
}

impl SearchMode {
    /// Every mode.
    pub const ALL: [SearchMode; 4] = [
        SearchMode::Paranoid,
        SearchMode::BestReply,
        SearchMode::BestReplyPlus,
        SearchMode::ParanoidBestReply,
    ];

    /// The mode's name as options spell it: `paranoid`, `brs`, `brs+`, `paranoid-brs`.
    pub fn name(self) -> &'static str {
        match self {
            SearchMode::Paranoid => "paranoid",
            SearchMode::BestReply => "brs",
            SearchMode::BestReplyPlus => "brs+",
            SearchMode::ParanoidBestReply => "paranoid-brs",
        }
    }
}

impl std::fmt::Display for SearchMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`SearchMode`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown search mode {0:?} (expected paranoid, brs, brs+ or paranoid-brs)")]
pub struct ParseSearchModeError(pub String);

impl std::str::FromStr for SearchMode {
    type Err = ParseSearchModeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SearchMode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseSearchModeError(s.to_string()))
    }
}

/// How an engine is built. Two engines with equal configs given the same position and
/// a node or depth limit return the same result (with `threads` 1).
///
/// ```
/// let config = yono_engine::EngineConfig { seed: 7, ..Default::default() };
/// assert_eq!((config.hash_mb, config.threads, config.multipv), (16, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Seeds the evaluation noise (no effect while `noise` is 0).
    pub seed: u64,
    /// Transposition table size in MiB (at least 1).
    pub hash_mb: usize,
    /// Evaluation noise in centi-pawns (a hash of the position and the seed, so still
    /// deterministic): varies play between games with different seeds. 0 = none.
    pub noise: u32,
    /// Search threads (at least 1), each with its own 1 MiB of cached evaluations
    /// besides the shared table.
    pub threads: usize,
    /// Principal variations to report (at least 1): the best `multipv` root moves,
    /// each with its own line, in [`SearchResult::lines`].
    pub multipv: usize,
    /// The four-seat search (no effect in standard Shogi).
    pub mode: SearchMode,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            seed: 0,
            hash_mb: 16,
            noise: 0,
            threads: 1,
            multipv: 1,
            mode: SearchMode::default(),
        }
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The game is over (won, or drawn by repetition): there is no move to choose.
    #[error("the game is over: there is no move to search")]
    GameOver,
}

/// One iteration's progress (or one MultiPV line of it), as the `on_info` callback of
/// [`crate::Engine::search_game`] receives it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The iteration's depth (full-width plies).
    pub depth: u32,
    /// The deepest ply the search reached (quiescence and extensions included).
    pub seldepth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// Which line this is, 1 for the best (MultiPV).
    pub multipv: u32,
    /// The line, starting with its root move.
    pub pv: Vec<Move>,
    /// The root seat's searched value: its expected final score (0–3 Yo\[n\]o, 0–1
    /// Shogi).
    pub score: f64,
    /// Every seat's expected final score at the end of the line, by seat index
    /// (`None` for a seat not in the ruleset).
    pub scores: [Option<f64>; 4],
    /// Plies to a forced end seen by the search: positive when it is good for the
    /// root seat (it mates, or in Yo\[n\]o wins the game), negative when bad (it is
    /// mated, or falls), `None` when no forced line is seen (docs/ENGINE.md, "Mate
    /// scores").
    pub mate: Option<i32>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play.
    pub best_move: Move,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// The searched value for the seat to move: its expected final score (0–3 in
    /// Yo\[n\]o, 0–1 in Shogi).
    pub score: f64,
    /// Every seat's expected final score at the end of the principal variation, by
    /// seat index (`None` for seats not in the ruleset). Out seats show their score.
    pub eval: [Option<f64>; 4],
    /// The deepest completed full-width iteration (0 if the first was cut short).
    pub depth: u32,
    /// The deepest ply reached (quiescence and extensions included).
    pub seldepth: u32,
    /// Nodes (positions) visited.
    pub nodes: u64,
    /// Wall-clock time spent.
    pub time: Duration,
    /// Whether the stop token, the stop flag or a time limit ended the search early.
    pub stopped: bool,
    /// Plies to a forced end, as [`SearchInfo::mate`].
    pub mate: Option<i32>,
    /// The MultiPV lines of the last completed iteration, best first (one line when
    /// `multipv` is 1).
    pub lines: Vec<SearchInfo>,
}
