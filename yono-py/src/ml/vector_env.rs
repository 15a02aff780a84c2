//! `yono.VectorEnv`: N games stepped together in Rust, with the GIL released and the
//! games spread over threads, writing into numpy arrays allocated once.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::encode::{self, ACTION_SIZE, OBS_LEN, OBS_PLANES};
use crate::ints::{int_arg, seed_arg};
use crate::{ruleset_arg, seat_arg, PyPosition, PySeat, SplitMix64};
use yono::{Game, MoveList, Ruleset, SeatSet};

/// The reward of a decided score: 2 * score / max - 1, so the winner gets 1 and the
/// first seat out -1 (Yo[n]o: 3, 2, 1, 0 give 1, 1/3, -1/3, -1).
pub fn score_reward(score: u8, max: u8) -> f32 {
    2.0 * f32::from(score) / f32::from(max) - 1.0
}

/// The reward of each of `remaining` seats when the game is drawn: the mean of the
/// places they share (max, max-1, ...), i.e. 1 - (remaining - 1) / max — 0 for a
/// four-seat Yo[n]o draw or a Shogi draw, never the reward of a loss.
pub fn draw_reward(remaining: usize, max: u8) -> f32 {
    1.0 - (remaining as f32 - 1.0) / f32::from(max)
}

/// One game of the batch.
struct Slot {
    game: Game,
    /// The legal moves of the current position (empty once it is over).
    moves: MoveList,
    rng: SplitMix64,
    /// The indices this game's observation and mask hold ones at: the next write
    /// clears only those (the arrays are the env's; callers only read them).
    obs_set: Vec<u16>,
    mask_set: Vec<u16>,
    /// The values of the observation's constant planes.
    feats: [u8; encode::FEATURE_PLANES],
}

/// A thread's share of the games and of the output arrays.
struct Chunk<'a> {
    first: usize,
    slots: &'a mut [Slot],
    obs: &'a mut [u8],
    mask: &'a mut [bool],
    rew: &'a mut [f32],
    term: &'a mut [bool],
    trunc: &'a mut [bool],
    drawn: &'a mut [bool],
    play: &'a mut [i8],
}

/// What all games share.
#[derive(Clone, Copy)]
struct Config {
    ruleset: Ruleset,
    max_plies: usize,
    /// The seats the caller's actions play; random moves play the others.
    agents: SeatSet,
}

/// One game's share of the output arrays.
struct Out<'a> {
    obs: &'a mut [u8],
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    drawn: &'a mut bool,
    to_play: &'a mut i8,
}

impl Slot {
    fn new(cfg: &Config, seed: u64) -> Slot {
        let mut slot = Slot {
            game: Game::new(cfg.ruleset),
            moves: MoveList::new(),
            rng: SplitMix64(seed),
            obs_set: Vec::new(),
            mask_set: Vec::new(),
            feats: [0; encode::FEATURE_PLANES],
        };
        slot.refresh();
        slot
    }

    fn refresh(&mut self) {
        if self.game.is_drawn() {
            self.moves = MoveList::new();
        } else {
            self.game.position().legal_moves_into(&mut self.moves);
        }
    }

    fn over(&self) -> bool {
        self.moves.is_empty()
    }

    fn random_move(&mut self) -> yono::Move {
        match self.moves.len() {
            0 => yono::Move::Pass,
            n => self.moves[self.rng.below(n)],
        }
    }

    /// Plays a legal move and adds the rewards of the seats it decided.
    fn play(&mut self, mv: yono::Move, rewards: &mut [f32], drawn: &mut bool) {
        let before = self.game.position().seats_in_game();
        self.game.play_unchecked(mv);
        self.refresh();
        let pos = self.game.position();
        let max = pos.ruleset().max_score();
        let after = pos.seats_in_game();
        for seat in before.iter().filter(|&s| !after.contains(s)) {
            if let yono::SeatState::Out(score) = pos.seat_state(seat) {
                rewards[seat.index()] += score_reward(score, max);
            }
        }
        if self.over() {
            if self.game.is_drawn() {
                *drawn = true;
                for seat in after.iter() {
                    rewards[seat.index()] += draw_reward(after.len(), max);
                }
            } else {
                let scores = pos.scores();
                for seat in after.iter() {
                    if let Some(score) = scores[seat.index()] {
                        rewards[seat.index()] += score_reward(score, max);
                    }
                }
            }
        }
    }

    /// Random moves for the seats the caller does not play, until an agent seat is
    /// to move, the game ends or the ply cap is reached.
    fn play_opponents(&mut self, cfg: &Config, rewards: &mut [f32], drawn: &mut bool) {
        while !self.over()
            && self.game.moves().len() < cfg.max_plies
            && !cfg.agents.contains(self.game.position().turn())
        {
            let mv = self.random_move();
            self.play(mv, rewards, drawn);
        }
    }

    fn reset(&mut self, cfg: &Config) {
        self.game = Game::new(cfg.ruleset);
        self.refresh();
        // Opponents' moves before the agents' first turn belong to the new game: their
        // rewards (none this early in practice) are not the finished game's.
        let mut scratch = [0.0; 4];
        let mut scratch_drawn = false;
        self.play_opponents(cfg, &mut scratch, &mut scratch_drawn);
    }

    /// One step: the action (or a random move), the opponents' replies, the end of the
    /// game with an automatic reset, and the new observation and mask.
    fn step(&mut self, cfg: &Config, action: Option<yono::Move>, out: Out<'_>) {
        out.rewards.fill(0.0);
        *out.terminated = false;
        *out.truncated = false;
        *out.drawn = false;
        if self.over() {
            // Never the case after a step (finished games are reset at once); kept so
            // that no state can make `random_move` index an empty list.
            self.reset(cfg);
        }
        let mv = match action {
            Some(mv) => mv,
            None => self.random_move(),
        };
        self.play(mv, out.rewards, out.drawn);
        self.play_opponents(cfg, out.rewards, out.drawn);
        if self.over() {
            *out.terminated = true;
            self.reset(cfg);
        } else if self.game.moves().len() >= cfg.max_plies {
            *out.truncated = true;
            self.reset(cfg);
        }
        self.write(out.obs, out.mask, out.to_play);
    }

    fn write(&mut self, obs: &mut [u8], mask: &mut [bool], to_play: &mut i8) {
        let pos = self.game.position();
        let turn = pos.turn();
        let reps = self.game.repetitions();
        encode::update_observation(pos, reps, turn, obs, &mut self.obs_set, &mut self.feats);
        encode::update_mask(&self.moves, turn, mask, &mut self.mask_set);
        *to_play = turn.index() as i8;
    }

    /// Like `write`, clearing the whole of both first.
    fn write_all(&mut self, obs: &mut [u8], mask: &mut [bool], to_play: &mut i8) {
        obs.fill(0);
        mask.fill(false);
        self.obs_set.clear();
        self.mask_set.clear();
        self.feats = [0; encode::FEATURE_PLANES];
        self.write(obs, mask, to_play);
    }
}

/// Batched self-play: `num_envs` games stepped together in Rust.
///
/// `VectorEnv(num_envs, ruleset="yono", *, seed=None, threads=1, max_plies=1000,
/// agents=None)`. Each call of `step(actions)` plays, in every game, the action of the
/// seat to move (an index into the action space in that seat's frame, see
/// `Position.legal_action_mask`; `actions=None` plays uniformly random legal moves),
/// then random moves for the seats not in `agents` (default: every seat is an agent,
/// i.e. pure self-play) until an agent seat is to move. A game that ends is
/// `terminated`; one that reaches `max_plies` plies is `truncated`; either way it is
/// reset at once (the observation returned is then the new game's first).
///
/// The outputs live in arrays allocated once and overwritten by every call:
/// `observations` (num_envs, 96, 9, 9) uint8 and `masks` (num_envs, ACTION_SIZE) bool,
/// both in the frame of the seat to move; `rewards` (num_envs, 4) float32 by absolute
/// seat (a seat's reward arrives in the step that decides its score: 2 * score / max -
/// 1, a draw's remaining seats sharing the mean of their places); `terminated`,
/// `truncated`, `drawn` (num_envs,) bool; `to_play` (num_envs,) int8, the seat index
/// to move. `step` and `reset` run without the GIL on `threads` threads.
#[pyclass(name = "VectorEnv", module = "yono")]
pub struct VectorEnv {
    slots: Vec<Slot>,
    cfg: Config,
    threads: usize,
    /// Observations (num_envs, 96, 9, 9) uint8, each in the frame of its seat to move.
    #[pyo3(get)]
    observations: Py<PyArray4<u8>>,
    /// Legal-action masks (num_envs, ACTION_SIZE) bool.
    #[pyo3(get)]
    masks: Py<PyArray2<bool>>,
    /// Rewards of the last step (num_envs, 4) float32, by absolute seat index.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// Whether game i ended in the last step (it has been reset since).
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    /// Whether game i reached `max_plies` in the last step (it has been reset since).
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    /// Whether game i ended in the last step by the repetition draw.
    #[pyo3(get)]
    drawn: Py<PyArray1<bool>>,
    /// The seat index (0-3) to move in game i: the frame of its observation and mask.
    #[pyo3(get)]
    to_play: Py<PyArray1<i8>>,
}

fn seeds(seed: Option<u64>, n: usize) -> Vec<u64> {
    let mut master = SplitMix64(seed.unwrap_or_else(|| {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(0u8)
    }));
    (0..n).map(|_| master.next()).collect()
}

impl VectorEnv {
    /// Runs `f` on every game with its share of the outputs, on the threads.
    fn run<F>(&mut self, py: Python<'_>, f: F) -> PyResult<()>
    where
        F: Fn(usize, &mut Slot, Out<'_>) + Sync,
    {
        let n = self.slots.len();
        let obs_arr = self.observations.bind(py);
        let mask_arr = self.masks.bind(py);
        let rew_arr = self.rewards.bind(py);
        let term_arr = self.terminated.bind(py);
        let trunc_arr = self.truncated.bind(py);
        let drawn_arr = self.drawn.bind(py);
        let play_arr = self.to_play.bind(py);
        let busy = |e: numpy::BorrowError| {
            PyValueError::new_err(format!("the VectorEnv output arrays are in use: {e}"))
        };
        let mut obs = obs_arr.try_readwrite().map_err(busy)?;
        let mut mask = mask_arr.try_readwrite().map_err(busy)?;
        let mut rew = rew_arr.try_readwrite().map_err(busy)?;
        let mut term = term_arr.try_readwrite().map_err(busy)?;
        let mut trunc = trunc_arr.try_readwrite().map_err(busy)?;
        let mut drawn = drawn_arr.try_readwrite().map_err(busy)?;
        let mut play = play_arr.try_readwrite().map_err(busy)?;
        let (obs, mask, rew) = (
            obs.as_slice_mut()?,
            mask.as_slice_mut()?,
            rew.as_slice_mut()?,
        );
        let (term, trunc) = (term.as_slice_mut()?, trunc.as_slice_mut()?);
        let (drawn, play) = (drawn.as_slice_mut()?, play.as_slice_mut()?);
        let threads = self.threads.clamp(1, n.max(1));
        let slots = &mut self.slots;
        let f = &f;
        crate::gil::without_gil(py, move || {
            let chunk = n.div_ceil(threads);
            let mut work: Vec<Chunk<'_>> = Vec::with_capacity(threads);
            let mut parts = (
                slots.chunks_mut(chunk),
                obs.chunks_mut(chunk * OBS_LEN),
                mask.chunks_mut(chunk * ACTION_SIZE),
                rew.chunks_mut(chunk * 4),
                term.chunks_mut(chunk),
            );
            let mut more = (
                trunc.chunks_mut(chunk),
                drawn.chunks_mut(chunk),
                play.chunks_mut(chunk),
            );
            while let (Some(slots), Some(obs), Some(mask), Some(rew), Some(term)) = (
                parts.0.next(),
                parts.1.next(),
                parts.2.next(),
                parts.3.next(),
                parts.4.next(),
            ) {
                let (Some(trunc), Some(drawn), Some(play)) =
                    (more.0.next(), more.1.next(), more.2.next())
                else {
                    break;
                };
                work.push(Chunk {
                    first: work.len() * chunk,
                    slots,
                    obs,
                    mask,
                    rew,
                    term,
                    trunc,
                    drawn,
                    play,
                });
            }
            let run_chunk = |c: Chunk<'_>| {
                for (i, slot) in c.slots.iter_mut().enumerate() {
                    let out = Out {
                        obs: &mut c.obs[i * OBS_LEN..(i + 1) * OBS_LEN],
                        mask: &mut c.mask[i * ACTION_SIZE..(i + 1) * ACTION_SIZE],
                        rewards: &mut c.rew[i * 4..(i + 1) * 4],
                        terminated: &mut c.term[i],
                        truncated: &mut c.trunc[i],
                        drawn: &mut c.drawn[i],
                        to_play: &mut c.play[i],
                    };
                    f(c.first + i, slot, out);
                }
            };
            let mut work = work.into_iter();
            let first = work.next();
            std::thread::scope(|s| {
                // The first chunk runs on this thread, the others on new ones.
                for c in work {
                    s.spawn(|| run_chunk(c));
                }
                if let Some(c) = first {
                    run_chunk(c);
                }
            });
        });
        Ok(())
    }

    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).clone().into_any(),
                self.masks.bind(py).clone().into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.terminated.bind(py).clone().into_any(),
                self.truncated.bind(py).clone().into_any(),
            ],
        )
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (num_envs, ruleset = None, *, seed = None, threads = None, max_plies = None, agents = None))]
    fn py_new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        ruleset: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        agents: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VectorEnv> {
        let num_envs: usize = int_arg(num_envs, "num_envs", "1 or more")?;
        let threads: usize = threads.map_or(Ok(1), |t| int_arg(t, "threads", "1 or more"))?;
        let max_plies: usize =
            max_plies.map_or(Ok(1000), |m| int_arg(m, "max_plies", "1 or more"))?;
        let seed = seed_arg(seed)?;
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        if max_plies == 0 {
            return Err(PyValueError::new_err("max_plies must be at least 1"));
        }
        let ruleset = ruleset
            .map(ruleset_arg)
            .transpose()?
            .unwrap_or(Ruleset::Yono);
        let agents = match agents {
            None => ruleset.seats(),
            Some(list) => {
                let mut set = SeatSet::EMPTY;
                for seat in list.try_iter()? {
                    set = set.with(seat_arg(&seat?)?);
                }
                if (set.bits() & ruleset.seats().bits()) == 0 {
                    return Err(PyValueError::new_err(
                        "agents must name at least one seat of the ruleset",
                    ));
                }
                set
            }
        };
        let cfg = Config {
            ruleset,
            max_plies,
            agents,
        };
        let slots = seeds(seed, num_envs)
            .into_iter()
            .map(|s| Slot::new(&cfg, s))
            .collect();
        let mut env = VectorEnv {
            slots,
            cfg,
            threads,
            observations: PyArray4::<u8>::zeros(py, [num_envs, OBS_PLANES, 9, 9], false).unbind(),
            masks: PyArray2::<bool>::zeros(py, [num_envs, ACTION_SIZE], false).unbind(),
            rewards: PyArray2::<f32>::zeros(py, [num_envs, 4], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, [num_envs], false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, [num_envs], false).unbind(),
            drawn: PyArray1::<bool>::zeros(py, [num_envs], false).unbind(),
            to_play: PyArray1::<i8>::zeros(py, [num_envs], false).unbind(),
        };
        env.reset_all(py, None)?;
        Ok(env)
    }

    /// Starts every game afresh (reseeding the random moves if `seed` is given) and
    /// returns `(observations, masks)`.
    #[pyo3(name = "reset", signature = (*, seed = None))]
    fn reset_all<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        if let Some(seed) = seed_arg(seed)? {
            let fresh = seeds(Some(seed), self.slots.len());
            for (slot, s) in self.slots.iter_mut().zip(fresh) {
                slot.rng = SplitMix64(s);
            }
        }
        let cfg = self.cfg;
        self.run(py, |_, slot, out| {
            out.rewards.fill(0.0);
            *out.terminated = false;
            *out.truncated = false;
            *out.drawn = false;
            slot.reset(&cfg);
            slot.write_all(out.obs, out.mask, out.to_play);
        })?;
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).clone().into_any(),
                self.masks.bind(py).clone().into_any(),
            ],
        )
    }

    /// Plays one move in every game: `actions[i]` (an int array of num_envs action
    /// indices, each legal in game i: ValueError naming the game otherwise, before any
    /// game is changed) or, with `actions=None`, a uniformly random legal move. Returns
    /// `(observations, masks, rewards, terminated, truncated)`, the env's own arrays.
    #[pyo3(signature = (actions = None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let cfg = self.cfg;
        match actions.filter(|a| !a.is_none()) {
            None => self.run(py, |_, slot, out| slot.step(&cfg, None, out))?,
            Some(actions) => {
                // Any sequence of ints (a list, a numpy array of any integer type) is
                // taken as int64 (no copy for a contiguous int64 array); floats are not.
                let np = py.import("numpy")?;
                let array = np.call_method1("asarray", (actions,))?;
                let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "actions must be integers, got an array of dtype {}",
                        array.getattr("dtype")?.str()?
                    )));
                }
                let kwargs = pyo3::types::PyDict::new(py);
                kwargs.set_item("dtype", "int64")?;
                let array = np.call_method("ascontiguousarray", (array,), Some(&kwargs))?;
                let array: PyReadonlyArray1<'py, i64> = array.extract().map_err(|_| {
                    PyValueError::new_err("actions must be a one-dimensional sequence of ints")
                })?;
                let actions = array.as_slice()?;
                if actions.len() != self.slots.len() {
                    return Err(PyValueError::new_err(format!(
                        "expected {} actions, got {}",
                        self.slots.len(),
                        actions.len()
                    )));
                }
                let mut moves = Vec::with_capacity(actions.len());
                for (i, (&a, slot)) in actions.iter().zip(&self.slots).enumerate() {
                    let turn = slot.game.position().turn();
                    let mv = usize::try_from(a)
                        .ok()
                        .and_then(|a| encode::move_of(a, turn))
                        .filter(|mv| slot.moves.contains(mv))
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "action {a} is not legal in game {i} ({} to move)",
                                turn.name()
                            ))
                        })?;
                    moves.push(mv);
                }
                let moves = &moves;
                self.run(py, |i, slot, out| slot.step(&cfg, Some(moves[i]), out))?;
            }
        }
        self.outputs(py)
    }

    /// A copy of game `i` as a Position (with its move stack).
    fn position(&self, i: usize) -> PyResult<PyPosition> {
        let slot = self.slots.get(i).ok_or_else(|| {
            PyValueError::new_err(format!("no game {i} (there are {})", self.slots.len()))
        })?;
        Ok(PyPosition::new(slot.game.clone()))
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The ply cap after which a game is truncated.
    #[getter]
    fn max_plies(&self) -> usize {
        self.cfg.max_plies
    }

    /// The seats whose moves the caller's actions choose.
    #[getter]
    fn agents(&self) -> Vec<PySeat> {
        self.cfg
            .agents
            .iter()
            .filter(|s| self.cfg.ruleset.seats().contains(*s))
            .map(PySeat::of)
            .collect()
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<yono.VectorEnv {} games, {}, {} threads, max_plies={}>",
            self.slots.len(),
            self.cfg.ruleset.name(),
            self.threads,
            self.cfg.max_plies
        )
    }
}
