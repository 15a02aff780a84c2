//! [`VectorEnv`]: N games stepped together, spread over a persistent worker pool,
//! writing observations, legal-action lists (and optionally masks), rewards and
//! per-seat episode ends into buffers allocated once.

use std::sync::Mutex;

use yono::{Game, Move, MoveList, Ruleset, Seat, SeatSet, MAX_MOVES};
use yono_engine::{Engine, EngineConfig, Limits};

use crate::action::{action_of, move_of, ACTION_SIZE};
use crate::observation::{update_mask_from, update_observation, FEATURE_PLANES, OBS_LEN};
use crate::reward::decided_rewards;

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
const SPLIT_FROM: usize = 32;

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

    /// With this seed.
    pub fn seed(mut self, seed: u64) -> Config {
        self.seed = seed;
        self
    }

    /// With this many threads.
    pub fn threads(mut self, threads: usize) -> Config {
        self.threads = threads;
        self
    }

    /// With this ply cap.
    pub fn max_plies(mut self, max_plies: usize) -> Config {
        self.max_plies = max_plies;
        self
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

    /// With or without the legal-action masks.
    pub fn masks(mut self, masks: bool) -> Config {
        self.masks = masks;
        self
    }

    /// Whether games go on once their agent seats are all out.
    pub fn play_out(mut self, play_out: bool) -> Config {
        self.play_out = play_out;
        self
    }

    /// The seats of the ruleset the caller plays.
    pub fn agent_seats(&self) -> SeatSet {
        self.seats_where(|p| p == Player::Agent)
    }

    fn seats_where(&self, f: impl Fn(Player) -> bool) -> SeatSet {
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

/// Why a step was refused (nothing was played).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// Not one action per game.
    #[error("expected {expected} actions (one per game), got {got}")]
    WrongCount {
        /// The number of games.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An action index that is not a legal move of the seat to move.
    #[error("action {action} is not legal in game {game} ({seat} to move)")]
    IllegalAction {
        /// The game.
        game: usize,
        /// The action given.
        action: i64,
        /// The seat to move there.
        seat: &'static str,
    },
    /// An index into the legal-action list outside the list.
    #[error("choice {choice} is outside game {game}'s list of {count} legal actions")]
    ChoiceOutOfRange {
        /// The game.
        game: usize,
        /// The index given.
        choice: i64,
        /// The length of that game's list.
        count: usize,
    },
    /// An engine asked to search 0 nodes.
    #[error("the engine needs a node budget of at least 1")]
    NoNodes,
}

/// What the agents play in a step.
#[derive(Clone, Copy, Debug)]
pub enum Actions<'a> {
    /// A uniformly random legal move in every game.
    Random,
    /// `actions[i]`: an action index (mover's frame) legal in game `i`.
    Indices(&'a [i64]),
    /// `choices[i]`: an index into game `i`'s legal-action list
    /// ([`VectorEnv::legal_actions`]).
    Choices(&'a [i64]),
    /// The engine's move at this node budget, in every game.
    Engine {
        /// The node budget of each search.
        nodes: u64,
    },
}

/// The agent's move in one game.
#[derive(Clone, Copy)]
enum AgentMove {
    Given(Move),
    Random,
    Engine(u64),
}

/// A small deterministic random number generator (SplitMix64, the core's).
#[derive(Clone, Copy, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let (state, out) = yono::splitmix(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// One game of the batch and what the incremental writes remember about it.
struct Slot {
    game: Game,
    /// The legal moves of the current position (empty once it is over).
    moves: MoveList,
    rng: Rng,
    /// Seats whose outcome this game has decided.
    decided: SeatSet,
    /// The game that ended in the last step, until the next step.
    finished: Option<Game>,
    /// The current game's id; the next game of this slot gets `id + num_envs`.
    id: u64,
    stride: u64,
    /// The indices this game's observation holds ones at, and its constant planes:
    /// the next write clears only those.
    obs_set: Vec<u16>,
    feats: [u8; FEATURE_PLANES],
}

/// Where a game's moves report the seats they decide.
struct Report<'a> {
    rewards: &'a mut [f32],
    seat_terminated: &'a mut [bool],
}

/// One game's share of the output buffers.
struct GameOut<'a> {
    obs: &'a mut [u8],
    mask: &'a mut [bool],
    legal: &'a mut [i16],
    count: &'a mut i32,
    rewards: &'a mut [f32],
    seat_terminated: &'a mut [bool],
    seat_truncated: &'a mut [bool],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    drawn: &'a mut bool,
    to_play: &'a mut i8,
    played: &'a mut i64,
    final_plies: &'a mut i32,
    game_id: &'a mut i64,
}

/// Engines for the threads: a chunk of games borrows one when it first needs it.
struct Engines<'a> {
    spare: &'a Mutex<Vec<Engine>>,
    hash_mb: usize,
    engine: Option<Engine>,
}

impl Engines<'_> {
    fn best_move(&mut self, game: &Game, nodes: u64) -> Option<Move> {
        let engine = self.engine.get_or_insert_with(|| {
            let spare = self.spare.lock().ok().and_then(|mut s| s.pop());
            spare.unwrap_or_else(|| {
                Engine::new(EngineConfig {
                    hash_mb: self.hash_mb,
                    ..EngineConfig::default()
                })
            })
        });
        engine
            .search(game.position(), Limits::nodes(nodes))
            .ok()
            .map(|r| r.best_move)
    }
}

impl Drop for Engines<'_> {
    fn drop(&mut self) {
        if let (Some(engine), Ok(mut spare)) = (self.engine.take(), self.spare.lock()) {
            spare.push(engine);
        }
    }
}

impl Slot {
    /// Slot `index` of `count`.
    fn new(ruleset: Ruleset, seed: u64, index: usize, count: usize) -> Slot {
        let mut slot = Slot {
            game: Game::new(ruleset),
            moves: MoveList::new(),
            rng: Rng(seed),
            decided: SeatSet::EMPTY,
            finished: None,
            // The first reset moves on to the first id.
            id: (index as u64).wrapping_sub(count as u64),
            stride: count as u64,
            obs_set: Vec::new(),
            feats: [0; FEATURE_PLANES],
        };
        slot.refresh();
        slot
    }

    /// The move of the agent's action `a` in this game (game number `game`, for the
    /// error): an action index, or with `by_choice` an index into the legal list.
    fn agent_move(&self, game: usize, a: i64, by_choice: bool) -> Result<Move, StepError> {
        let turn = self.game.position().turn();
        let index = usize::try_from(a).ok();
        if by_choice {
            index
                .and_then(|c| self.moves.as_slice().get(c).copied())
                .ok_or(StepError::ChoiceOutOfRange {
                    game,
                    choice: a,
                    count: self.moves.len(),
                })
        } else {
            index
                .and_then(|a| move_of(a, turn))
                .filter(|mv| self.moves.contains(mv))
                .ok_or(StepError::IllegalAction {
                    game,
                    action: a,
                    seat: turn.name(),
                })
        }
    }

    fn refresh(&mut self) {
        self.game.legal_moves_into(&mut self.moves);
    }

    fn over(&self) -> bool {
        self.moves.is_empty()
    }

    fn random_move(&mut self) -> Move {
        match self.moves.len() {
            0 => Move::Pass,
            n => self.moves[self.rng.below(n)],
        }
    }

    fn choose(&mut self, player: AgentMove, engines: &mut Engines<'_>) -> Move {
        match player {
            AgentMove::Given(mv) => mv,
            AgentMove::Random => self.random_move(),
            AgentMove::Engine(nodes) => engines
                .best_move(&self.game, nodes)
                .unwrap_or_else(|| self.random_move()),
        }
    }

    /// Plays a legal move and reports the rewards of the seats it decided.
    fn play(&mut self, mv: Move, report: &mut Report<'_>) {
        let before = self.game.position().seats_in_game();
        self.game.play_unchecked(mv);
        self.refresh();
        if before != self.game.position().seats_in_game() || self.over() {
            let rewards = decided_rewards(before, &self.game);
            for (s, reward) in rewards.into_iter().enumerate() {
                if let Some(r) = reward {
                    report.rewards[s] = r;
                    report.seat_terminated[s] = true;
                    self.decided = self.decided.with(Seat::ALL[s]);
                }
            }
        }
    }

    /// Whether the caller still plays a seat in this game.
    fn agents_in(&self, cfg: &Config) -> bool {
        cfg.agent_seats().bits() & self.game.position().seats_in_game().bits() != 0
    }

    /// The other seats' moves until an agent seat is to move, the game ends, the cap
    /// `max_plies` is reached, or (unless `play_out`) no agent seat is left.
    fn play_opponents(
        &mut self,
        cfg: &Config,
        max_plies: usize,
        report: &mut Report<'_>,
        engines: &mut Engines<'_>,
    ) {
        while !self.over() && self.game.moves().len() < max_plies {
            let turn = self.game.position().turn();
            let player = match cfg.players[turn.index()] {
                Player::Agent => break,
                Player::Random => AgentMove::Random,
                Player::Engine { nodes } => AgentMove::Engine(nodes),
            };
            if !cfg.play_out && !self.agents_in(cfg) {
                break;
            }
            let mv = self.choose(player, engines);
            self.play(mv, report);
        }
    }

    /// A new game, played up to the first agent move. From the start no seat can fall
    /// within the three plies before an agent's first turn (tests/vector_env.rs checks
    /// every line), so nothing is decided here and the cap does not apply.
    /// Returns the game it replaced.
    fn reset(&mut self, cfg: &Config, engines: &mut Engines<'_>) -> Game {
        let old = std::mem::replace(&mut self.game, Game::new(cfg.ruleset));
        self.decided = SeatSet::EMPTY;
        self.id = self.id.wrapping_add(self.stride);
        self.refresh();
        let (mut rewards, mut seat_terminated) = ([0.0; 4], [false; 4]);
        let mut unused = Report {
            rewards: &mut rewards,
            seat_terminated: &mut seat_terminated,
        };
        self.play_opponents(cfg, usize::MAX, &mut unused, engines);
        old
    }

    /// One step: the agent's move, the opponents' replies, the ends, an automatic
    /// reset of a finished game, and the new outputs.
    fn step(
        &mut self,
        cfg: &Config,
        agent: AgentMove,
        mut out: GameOut<'_>,
        engines: &mut Engines<'_>,
    ) {
        out.clear_step();
        self.finished = None;
        if self.over() {
            // Never the case after a step (finished games are reset at once); kept so
            // that no state can make the agent move in a finished game.
            self.reset(cfg, engines);
        }
        let turn = self.game.position().turn();
        let mv = self.choose(agent, engines);
        *out.played = action_of(mv, turn) as i64;
        let mut report = Report {
            rewards: out.rewards,
            seat_terminated: out.seat_terminated,
        };
        self.play(mv, &mut report);
        self.play_opponents(cfg, cfg.max_plies, &mut report, engines);
        let stopped = !cfg.play_out && !self.agents_in(cfg);
        let capped = self.game.moves().len() >= cfg.max_plies;
        if self.over() || stopped || capped {
            let undecided = cfg
                .ruleset
                .seats()
                .iter()
                .filter(|s| !self.decided.contains(*s));
            for seat in undecided {
                out.seat_truncated[seat.index()] = true;
            }
            let agents_decided = cfg.agent_seats().bits() & !self.decided.bits() == 0;
            *out.terminated = agents_decided;
            *out.truncated = !agents_decided;
            *out.drawn = self.game.is_drawn();
            *out.final_plies = self.game.moves().len() as i32;
            self.finished = Some(self.reset(cfg, engines));
        }
        self.write(cfg, out);
    }

    /// Writes the observation, legal list, mask and seat to move, touching only what
    /// changed since the last write.
    fn write(&mut self, cfg: &Config, out: GameOut<'_>) {
        let pos = self.game.position();
        let turn = pos.turn();
        let reps = self.game.repetitions();
        update_observation(pos, reps, turn, out.obs, &mut self.obs_set, &mut self.feats);
        let before = (*out.count).max(0) as usize;
        if cfg.masks {
            update_mask_from(&out.legal[..before], out.mask, false);
        }
        for (entry, &mv) in out.legal.iter_mut().zip(self.moves.iter()) {
            *entry = action_of(mv, turn) as i16;
        }
        let now = self.moves.len();
        if before > now {
            out.legal[now..before].fill(NO_ACTION);
        }
        *out.count = now as i32;
        if cfg.masks {
            update_mask_from(&out.legal[..now], out.mask, true);
        }
        *out.to_play = turn.index() as i8;
        *out.game_id = self.id as i64;
    }
}

impl GameOut<'_> {
    /// Clears what a step reports about itself (rewards, ends, the action played).
    fn clear_step(&mut self) {
        self.rewards.fill(0.0);
        self.seat_terminated.fill(false);
        self.seat_truncated.fill(false);
        *self.terminated = false;
        *self.truncated = false;
        *self.drawn = false;
        *self.played = -1;
        *self.final_plies = 0;
    }
}

/// The output buffers, allocated once.
struct Buffers {
    observations: Box<[u8]>,
    masks: Box<[bool]>,
    legal: Box<[i16]>,
    counts: Box<[i32]>,
    rewards: Box<[f32]>,
    seat_terminated: Box<[bool]>,
    seat_truncated: Box<[bool]>,
    terminated: Box<[bool]>,
    truncated: Box<[bool]>,
    drawn: Box<[bool]>,
    to_play: Box<[i8]>,
    played: Box<[i64]>,
    final_plies: Box<[i32]>,
    game_ids: Box<[i64]>,
}

/// A contiguous range of games with their share of every buffer.
struct Part<'a> {
    first: usize,
    slots: &'a mut [Slot],
    obs: &'a mut [u8],
    masks: &'a mut [bool],
    legal: &'a mut [i16],
    counts: &'a mut [i32],
    rewards: &'a mut [f32],
    seat_terminated: &'a mut [bool],
    seat_truncated: &'a mut [bool],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    drawn: &'a mut [bool],
    to_play: &'a mut [i8],
    played: &'a mut [i64],
    final_plies: &'a mut [i32],
    game_ids: &'a mut [i64],
}

impl<'a> Part<'a> {
    /// The first `games` games and the rest.
    fn split(self, games: usize, mask_len: usize) -> (Part<'a>, Part<'a>) {
        let (slots, slots2) = self.slots.split_at_mut(games);
        let (obs, obs2) = self.obs.split_at_mut(games * OBS_LEN);
        let (masks, masks2) = self.masks.split_at_mut(games * mask_len);
        let (legal, legal2) = self.legal.split_at_mut(games * LEGAL_WIDTH);
        let (counts, counts2) = self.counts.split_at_mut(games);
        let (rewards, rewards2) = self.rewards.split_at_mut(games * 4);
        let (st, st2) = self.seat_terminated.split_at_mut(games * 4);
        let (su, su2) = self.seat_truncated.split_at_mut(games * 4);
        let (term, term2) = self.terminated.split_at_mut(games);
        let (trunc, trunc2) = self.truncated.split_at_mut(games);
        let (drawn, drawn2) = self.drawn.split_at_mut(games);
        let (to_play, to_play2) = self.to_play.split_at_mut(games);
        let (played, played2) = self.played.split_at_mut(games);
        let (final_plies, final_plies2) = self.final_plies.split_at_mut(games);
        let (game_ids, game_ids2) = self.game_ids.split_at_mut(games);
        (
            Part {
                first: self.first,
                slots,
                obs,
                masks,
                legal,
                counts,
                rewards,
                seat_terminated: st,
                seat_truncated: su,
                terminated: term,
                truncated: trunc,
                drawn,
                to_play,
                played,
                final_plies,
                game_ids,
            },
            Part {
                first: self.first + games,
                slots: slots2,
                obs: obs2,
                masks: masks2,
                legal: legal2,
                counts: counts2,
                rewards: rewards2,
                seat_terminated: st2,
                seat_truncated: su2,
                terminated: term2,
                truncated: trunc2,
                drawn: drawn2,
                to_play: to_play2,
                played: played2,
                final_plies: final_plies2,
                game_ids: game_ids2,
            },
        )
    }

    /// Runs `f` on each game of the part with its outputs.
    fn each(self, mask_len: usize, mut f: impl FnMut(usize, &mut Slot, GameOut<'_>)) {
        let games = self
            .slots
            .iter_mut()
            .zip(self.obs.chunks_exact_mut(OBS_LEN))
            .zip(self.legal.chunks_exact_mut(LEGAL_WIDTH))
            .zip(self.counts.iter_mut())
            .zip(self.rewards.chunks_exact_mut(4))
            .zip(self.seat_terminated.chunks_exact_mut(4))
            .zip(self.seat_truncated.chunks_exact_mut(4))
            .zip(self.terminated.iter_mut())
            .zip(self.truncated.iter_mut())
            .zip(self.drawn.iter_mut())
            .zip(self.to_play.iter_mut())
            .zip(self.played.iter_mut())
            .zip(self.final_plies.iter_mut())
            .zip(self.game_ids.iter_mut());
        let mut masks = self.masks.chunks_exact_mut(mask_len.max(1));
        for (i, item) in games.enumerate() {
            let (
                (
                    (
                        (
                            (
                                (
                                    (((((((slot, obs), legal), count), rewards), st), su), term),
                                    trunc,
                                ),
                                drawn,
                            ),
                            to_play,
                        ),
                        played,
                    ),
                    final_plies,
                ),
                game_id,
            ) = item;
            let mask = if mask_len == 0 {
                &mut [][..]
            } else {
                masks.next().unwrap_or(&mut [])
            };
            let out = GameOut {
                obs,
                mask,
                legal,
                count,
                rewards,
                seat_terminated: st,
                seat_truncated: su,
                terminated: term,
                truncated: trunc,
                drawn,
                to_play,
                played,
                final_plies,
                game_id,
            };
            f(self.first + i, slot, out);
        }
    }
}

/// N games of Yo\[n\]o (or Shogi) stepped together on a persistent pool of threads.
///
/// Each [`VectorEnv::step`] plays, in every game, the agent's move (given as action
/// indices, as indices into the legal-action lists, random, or the engine's), then the
/// other seats' moves (random or engine, as configured) until an agent seat is to move
/// again. Per seat, a step reports the rewards of the seats it decided
/// ([`VectorEnv::rewards`], see [`decided_rewards`]) with
/// [`VectorEnv::seat_terminated`] set for them, and [`VectorEnv::seat_truncated`] for
/// seats left undecided when the game was cut off. A game whose agent seats are all
/// decided, or that ended, or reached the ply cap, is reset in the same step
/// ([`VectorEnv::terminated`] / [`VectorEnv::truncated`] say which), so the outputs
/// then show the new game's first position.
///
/// ```
/// use yono::{Ruleset, Seat, SeatSet};
/// use yono_ml::{Actions, Config, Player, VectorEnv};
///
/// let config = Config::new(Ruleset::Yono, 8).seed(1).agents(SeatSet::single(Seat::South), Player::Random);
/// let mut env = VectorEnv::new(config).unwrap();
/// let mut outcomes = 0;
/// for _ in 0..2_000 {
///     // Play the first legal action of each game's list.
///     let choices = vec![0; env.num_envs()];
///     env.step(Actions::Choices(&choices)).unwrap();
///     for game in 0..env.num_envs() {
///         if env.seat_terminated(game)[Seat::South.index()] {
///             assert!(env.terminated()[game]); // South was the only agent
///             outcomes += 1;
///         }
///     }
/// }
/// assert!(outcomes > 0);
/// ```
pub struct VectorEnv {
    cfg: Config,
    slots: Vec<Slot>,
    buf: Buffers,
    pool: crate::pool::Pool,
    engines: Mutex<Vec<Engine>>,
    /// The agents' moves of the step being checked (reused).
    moves: Vec<Move>,
}

impl std::fmt::Debug for VectorEnv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VectorEnv")
            .field("config", &self.cfg)
            .finish()
    }
}

impl VectorEnv {
    /// The environment of `config`, every game at its first agent turn.
    pub fn new(config: Config) -> Result<VectorEnv, ConfigError> {
        let cfg = config;
        if cfg.num_envs == 0 {
            return Err(ConfigError::NoGames);
        }
        if cfg.threads == 0 {
            return Err(ConfigError::NoThreads);
        }
        if cfg.max_plies == 0 {
            return Err(ConfigError::NoPlies);
        }
        if cfg.agent_seats().is_empty() {
            return Err(ConfigError::NoAgent(cfg.ruleset.name()));
        }
        if !cfg
            .seats_where(|p| p == Player::Engine { nodes: 0 })
            .is_empty()
        {
            return Err(ConfigError::NoNodes);
        }
        let n = cfg.num_envs;
        let pool = crate::pool::Pool::new(cfg.threads.min(n))
            .map_err(|e| ConfigError::Threads(e.to_string()))?;
        let mut master = Rng(cfg.seed);
        let slots = (0..n)
            .map(|i| Slot::new(cfg.ruleset, master.next(), i, n))
            .collect();
        let mask_len = if cfg.masks { ACTION_SIZE } else { 0 };
        let buf = Buffers {
            observations: vec![0; n * OBS_LEN].into(),
            masks: vec![false; n * mask_len].into(),
            legal: vec![NO_ACTION; n * LEGAL_WIDTH].into(),
            counts: vec![0; n].into(),
            rewards: vec![0.0; n * 4].into(),
            seat_terminated: vec![false; n * 4].into(),
            seat_truncated: vec![false; n * 4].into(),
            terminated: vec![false; n].into(),
            truncated: vec![false; n].into(),
            drawn: vec![false; n].into(),
            to_play: vec![0; n].into(),
            played: vec![-1; n].into(),
            final_plies: vec![0; n].into(),
            game_ids: vec![0; n].into(),
        };
        let mut env = VectorEnv {
            cfg,
            slots,
            buf,
            pool,
            engines: Mutex::new(Vec::new()),
            moves: Vec::with_capacity(n),
        };
        env.start_games();
        Ok(env)
    }

    /// Runs `f` on every game with its outputs, on the pool.
    fn run(
        &mut self,
        chunks: usize,
        f: impl Fn(usize, &mut Slot, GameOut<'_>, &mut Engines<'_>) + Sync,
    ) {
        let n = self.slots.len();
        let mask_len = if self.cfg.masks { ACTION_SIZE } else { 0 };
        let b = &mut self.buf;
        let mut rest = Part {
            first: 0,
            slots: &mut self.slots,
            obs: &mut b.observations,
            masks: &mut b.masks,
            legal: &mut b.legal,
            counts: &mut b.counts,
            rewards: &mut b.rewards,
            seat_terminated: &mut b.seat_terminated,
            seat_truncated: &mut b.seat_truncated,
            terminated: &mut b.terminated,
            truncated: &mut b.truncated,
            drawn: &mut b.drawn,
            to_play: &mut b.to_play,
            played: &mut b.played,
            final_plies: &mut b.final_plies,
            game_ids: &mut b.game_ids,
        };
        let chunks = chunks.clamp(1, n);
        let mut parts = Vec::with_capacity(chunks);
        for c in 0..chunks {
            // Chunk c holds games c * n / chunks .. (c + 1) * n / chunks.
            let size = (c + 1) * n / chunks - c * n / chunks;
            let (part, more) = rest.split(size, mask_len);
            parts.push(part);
            rest = more;
        }
        let spare = &self.engines;
        let hash_mb = self.cfg.engine_hash_mb;
        self.pool.run(parts, |part| {
            let mut engines = Engines {
                spare,
                hash_mb,
                engine: None,
            };
            part.each(mask_len, |i, slot, out| f(i, slot, out, &mut engines));
        });
    }

    /// How many chunks a step is cut into: a few per thread, so that a thread that
    /// starts late or draws slow games (engine searches) leaves work to the others.
    /// A small batch of random moves is not split at all: waking a helper costs
    /// about as much as it would save (measured: 2 threads ran 8 games at 0.6 times
    /// the speed of one).
    fn chunks(&self, engine: bool) -> usize {
        let (per_thread, smallest) = if engine { (16, 2) } else { (4, SPLIT_FROM) };
        if self.pool.threads() == 1 || self.slots.len() < smallest {
            1
        } else {
            self.pool.threads() * per_thread
        }
    }

    fn uses_engine(&self) -> bool {
        !self
            .cfg
            .seats_where(|p| matches!(p, Player::Engine { .. }))
            .is_empty()
    }

    fn start_games(&mut self) {
        let cfg = self.cfg.clone();
        let chunks = self.chunks(self.uses_engine());
        self.run(chunks, |_, slot, mut out, engines| {
            out.clear_step();
            slot.finished = None;
            slot.reset(&cfg, engines);
            slot.write(&cfg, out);
        });
    }

    /// Starts every game afresh, reseeding the random moves with `seed` if given.
    pub fn reset(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            self.cfg.seed = seed;
            let mut master = Rng(seed);
            for slot in &mut self.slots {
                slot.rng = Rng(master.next());
            }
        }
        self.start_games();
    }

    /// Plays one step in every game (see [`VectorEnv`]). A refused step changes
    /// nothing: every action is checked before any game moves.
    pub fn step(&mut self, actions: Actions<'_>) -> Result<(), StepError> {
        let n = self.slots.len();
        match actions {
            Actions::Random => self.step_with(false, &|_| AgentMove::Random),
            Actions::Engine { nodes: 0 } => return Err(StepError::NoNodes),
            Actions::Engine { nodes } => self.step_with(true, &|_| AgentMove::Engine(nodes)),
            Actions::Indices(given) | Actions::Choices(given) => {
                if given.len() != n {
                    return Err(StepError::WrongCount {
                        expected: n,
                        got: given.len(),
                    });
                }
                let by_choice = matches!(actions, Actions::Choices(_));
                let mut moves = std::mem::take(&mut self.moves);
                moves.clear();
                for (game, (&a, slot)) in given.iter().zip(&self.slots).enumerate() {
                    match slot.agent_move(game, a, by_choice) {
                        Ok(mv) => moves.push(mv),
                        Err(e) => {
                            self.moves = moves;
                            return Err(e);
                        }
                    }
                }
                self.step_with(false, &|i| AgentMove::Given(moves[i]));
                self.moves = moves;
            }
        }
        Ok(())
    }

    fn step_with(&mut self, engine_agents: bool, agent: &(dyn Fn(usize) -> AgentMove + Sync)) {
        let cfg = self.cfg.clone();
        let chunks = self.chunks(engine_agents || self.uses_engine());
        self.run(chunks, |i, slot, out, engines| {
            slot.step(&cfg, agent(i), out, engines)
        });
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The number of games.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Game `i` (its position and history); `None` past the last game.
    pub fn game(&self, i: usize) -> Option<&Game> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// The game that ended in slot `i` in the last step (its final position and
    /// history), until the next step; `None` if none ended there.
    pub fn final_game(&self, i: usize) -> Option<&Game> {
        self.slots.get(i).and_then(|s| s.finished.as_ref())
    }

    /// The observations, [`OBS_LEN`] bytes per game, each in the frame of its seat to
    /// move (see [`crate::write_observation`]).
    pub fn observations(&self) -> &[u8] {
        &self.buf.observations
    }

    /// Game `i`'s observation ([`OBS_LEN`] bytes). Panics past the last game, like
    /// slice indexing.
    pub fn observation(&self, i: usize) -> &[u8] {
        &self.buf.observations[i * OBS_LEN..(i + 1) * OBS_LEN]
    }

    /// The legal-action masks, [`ACTION_SIZE`] per game; `None` when the config has no
    /// masks.
    pub fn masks(&self) -> Option<&[bool]> {
        self.cfg.masks.then_some(&*self.buf.masks)
    }

    /// The padded legal-action lists: [`LEGAL_WIDTH`] entries per game, the first
    /// `legal_counts()[i]` of them game `i`'s legal actions in move-generation order,
    /// the rest [`NO_ACTION`].
    pub fn legal_actions_padded(&self) -> &[i16] {
        &self.buf.legal
    }

    /// Game `i`'s legal actions (mover's frame). Panics past the last game.
    pub fn legal_actions(&self, i: usize) -> &[i16] {
        let start = i * LEGAL_WIDTH;
        &self.buf.legal[start..start + self.buf.counts[i] as usize]
    }

    /// The number of legal actions of each game.
    pub fn legal_counts(&self) -> &[i32] {
        &self.buf.counts
    }

    /// The rewards of the last step, 4 per game by absolute seat index: non-zero only
    /// for seats it decided.
    pub fn rewards(&self) -> &[f32] {
        &self.buf.rewards
    }

    /// Game `i`'s rewards by seat index. Panics past the last game.
    pub fn reward(&self, i: usize) -> &[f32] {
        &self.buf.rewards[i * 4..i * 4 + 4]
    }

    /// 4 per game: whether the last step decided that seat's outcome (its reward is in
    /// [`VectorEnv::rewards`]).
    pub fn seat_terminated_all(&self) -> &[bool] {
        &self.buf.seat_terminated
    }

    /// Game `i`'s [`VectorEnv::seat_terminated_all`] by seat index.
    pub fn seat_terminated(&self, i: usize) -> &[bool] {
        &self.buf.seat_terminated[i * 4..i * 4 + 4]
    }

    /// 4 per game: whether the last step cut the seat's game off before its outcome
    /// was decided (the ply cap, or a game stopped once its agents were out).
    pub fn seat_truncated_all(&self) -> &[bool] {
        &self.buf.seat_truncated
    }

    /// Game `i`'s [`VectorEnv::seat_truncated_all`] by seat index.
    pub fn seat_truncated(&self, i: usize) -> &[bool] {
        &self.buf.seat_truncated[i * 4..i * 4 + 4]
    }

    /// Per game: whether the last step ended it with every agent seat decided (it has
    /// been reset since).
    pub fn terminated(&self) -> &[bool] {
        &self.buf.terminated
    }

    /// Per game: whether the last step cut it off at the ply cap with an agent seat
    /// undecided (it has been reset since).
    pub fn truncated(&self) -> &[bool] {
        &self.buf.truncated
    }

    /// Per game: whether the game that ended in the last step was drawn by repetition.
    pub fn drawn(&self) -> &[bool] {
        &self.buf.drawn
    }

    /// Per game: the seat index (0-3) to move now, the frame of its observation.
    pub fn to_play(&self) -> &[i8] {
        &self.buf.to_play
    }

    /// Per game: the action the agent played in the last step (mover's frame), -1
    /// before the first step.
    pub fn played(&self) -> &[i64] {
        &self.buf.played
    }

    /// Per game: how many plies the game that ended in the last step lasted (0 when
    /// none ended).
    pub fn final_plies(&self) -> &[i32] {
        &self.buf.final_plies
    }

    /// Per game: the id of the game now in that slot, unique within this environment
    /// (slot `i`'s games are `i`, `i + num_envs`, `i + 2 * num_envs`, ...).
    pub fn game_ids(&self) -> &[i64] {
        &self.buf.game_ids
    }
}
