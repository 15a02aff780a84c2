//! What a [`VectorEnv`](super::VectorEnv) is built from: its [`Config`], who plays
//! each seat, the ply cap, and why a config is refused.

use yono::{Ruleset, Seat, SeatSet, MAX_MOVES};

/// The ply cap every yono environment uses unless told otherwise: a game still going
/// after this many plies is truncated. Uniformly random play makes the longest games,
/// and 99% of those end before it (measured with the random_games example: Yo\[n\]o
/// median 819 plies, 99th percentile 5,757 over 10,000 games; Shogi 406 and 4,083
/// over 5,000); games with an engine or a learner in them are far shorter.
///
/// ```
/// assert_eq!(yono_ml::Config::new(yono::Ruleset::Yono, 1).max_plies, yono_ml::DEFAULT_MAX_PLIES);
/// ```
pub const DEFAULT_MAX_PLIES: usize = 6000;

/// The width of a padded legal-action list: more legal moves than any position has
/// ([`MAX_MOVES`]).
pub const LEGAL_WIDTH: usize = MAX_MOVES;

/// Batches of random moves smaller than this are stepped on the calling thread alone
/// (see `VectorEnv::chunks`).
pub(super) const SPLIT_FROM: usize = 32;

/// The padding of a legal-action list after its last entry.
pub const NO_ACTION: i16 = -1;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The caller: the actions given to [`VectorEnv::step`] play this seat.
    Agent,
    /// Uniformly random legal moves.
    Random,
    /// yono-engine, searching `nodes` nodes a move (deterministic: the same position
    /// gives the same move).
    Engine {
        /// The node budget of each search.
        nodes: u64,
    },
}

/// How a [`VectorEnv`] is made; start from [`Config::new`] and change what you need.
///
/// ```
/// use yono::{Ruleset, Seat, SeatSet};
/// use yono_ml::{Config, Player};
/// let config = Config::new(Ruleset::Yono, 64)
///     .seed(7)
///     .threads(2)
///     .agents(SeatSet::single(Seat::South), Player::Engine { nodes: 200 });
/// assert_eq!(config.players[Seat::West.index()], Player::Engine { nodes: 200 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Yo\[n\]o or standard Shogi.
    pub ruleset: Ruleset,
    /// How many games (at least 1).
    pub num_envs: usize,
    /// Seeds the random moves (each game gets its own stream).
    pub seed: u64,
    /// Threads that step the games, the caller's included (at least 1). Batches of
    /// random moves under 32 games use the calling thread alone.
    pub threads: usize,
    /// A game still going after this many plies at the end of a step is truncated.
    pub max_plies: usize,
    /// Who plays each seat, by seat index (seats outside the ruleset are ignored). At
    /// least one seat of the ruleset must be an [`Player::Agent`].
    pub players: [Player; 4],
    /// Whether to write the legal-action masks (the lists are always written).
    pub masks: bool,
    /// Whether to play a game on once all its agent seats are out (by default it
    /// stops, as nothing more is learned from it, and is reset).
    pub play_out: bool,
    /// The transposition table of each engine (one per worker thread), in MiB.
    pub engine_hash_mb: usize,
}

/// Builders of `Config` that each set the field of their name: `$field(value)`.
macro_rules! setters {
    ($($(#[$doc:meta])* $field:ident: $ty:ty;)*) => {$(
        $(#[$doc])*
        pub fn $field(mut self, $field: $ty) -> Config {
            self.$field = $field;
            self
        }
    )*};
}

impl Config {
    /// `num_envs` games of `ruleset`, every seat an agent (self-play), seed 0, one
    /// thread, [`DEFAULT_MAX_PLIES`], masks on.
    pub fn new(ruleset: Ruleset, num_envs: usize) -> Config {
        Config {
            ruleset,
            num_envs,
            seed: 0,
            threads: 1,
            max_plies: DEFAULT_MAX_PLIES,
            players: [Player::Agent; 4],
            masks: true,
            play_out: false,
            engine_hash_mb: 1,
        }
    }

    setters! {
        /// With this seed.
        seed: u64;
        /// With this many threads.
        threads: usize;
        /// With this ply cap.
        max_plies: usize;
    }

    /// `agents` played by the caller, every other seat by `opponent`.
    pub fn agents(mut self, agents: SeatSet, opponent: Player) -> Config {
        for seat in Seat::ALL {
            self.players[seat.index()] = if agents.contains(seat) {
                Player::Agent
            } else {
                opponent
            };
        }
        self
    }

    /// `seat` played by `player`.
    pub fn player(mut self, seat: Seat, player: Player) -> Config {
        self.players[seat.index()] = player;
        self
    }

    setters! {
        /// With or without the legal-action masks.
        masks: bool;
        /// Whether games go on once their agent seats are all out.
        play_out: bool;
    }

    /// The seats of the ruleset the caller plays.
    pub fn agent_seats(&self) -> SeatSet {
        self.seats_where(|p| p == Player::Agent)
    }

    pub(super) fn seats_where(&self, f: impl Fn(Player) -> bool) -> SeatSet {
        self.ruleset
            .seats()
            .iter()
            .filter(|s| f(self.players[s.index()]))
            .fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Why a [`Config`] was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// `num_envs` was 0.
    #[error("num_envs must be at least 1")]
    NoGames,
    /// `threads` was 0.
    #[error("threads must be at least 1")]
    NoThreads,
    /// `max_plies` was 0.
    #[error("max_plies must be at least 1")]
    NoPlies,
    /// No seat of the ruleset is an agent.
    #[error("at least one seat of the ruleset ({0}) must be an agent")]
    NoAgent(&'static str),
    /// An engine with a node budget of 0.
    #[error("an engine player needs a node budget of at least 1")]
    NoNodes,
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
}
