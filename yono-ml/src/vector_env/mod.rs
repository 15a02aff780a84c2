//! [`VectorEnv`]: N games stepped together, spread over a persistent worker pool,
//! writing observations, legal-action lists (and optionally masks), rewards and
//! per-seat episode ends into buffers allocated once.

mod buffers;
mod config;
mod slot;
mod step;

use std::sync::Mutex;

use yono::{Game, Move, SplitMix64};
use yono_engine::Engine;

use crate::action::ACTION_SIZE;
use crate::observation::OBS_LEN;

use buffers::*;
pub use config::*;
use slot::*;
pub use step::*;

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
        let mut master = SplitMix64(cfg.seed);
        let slots = (0..n)
            .map(|i| Slot::new(cfg.ruleset, master.next_u64(), i, n))
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
            parts.push(rest.take_first(size, mask_len));
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
            let mut master = SplitMix64(seed);
            for slot in &mut self.slots {
                slot.rng = SplitMix64(master.next_u64());
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
