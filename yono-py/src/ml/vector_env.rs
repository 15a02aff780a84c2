//! `yono.VectorEnv`: numpy glue over `yono_ml::VectorEnv`. The games step in Rust on
//! the env's own worker threads with the GIL released; the outputs are read-only numpy
//! views of the env's buffers, made once.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use numpy::ndarray::{ArrayView, IxDyn, ShapeBuilder};
use numpy::{Element, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use crate::ints::{int_arg, seed_arg};
use crate::{ruleset_arg, seat_arg, PyGame, PySeat};
use yono::{Ruleset, SeatSet};
use yono_ml::{Actions, Config, Player, ACTION_SIZE, LEGAL_WIDTH, OBS_PLANES};

/// The env, shared with the numpy views' base object so that its buffers outlive
/// every view (and the views hold no reference to the Python object: no cycle).
type Shared = Arc<Mutex<yono_ml::VectorEnv>>;

fn lock(env: &Shared) -> MutexGuard<'_, yono_ml::VectorEnv> {
    // A panic inside a step is not caught by anything that would leave the env
    // half-written for Python to see: the step's own error is raised instead.
    env.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A read-only numpy view of `data` (shape `shape`, row strides `strides` in elements)
/// whose base object is `owner`, which keeps `data` alive.
#[allow(unsafe_code)]
pub(crate) fn view<'py, T: Element>(
    owner: &Bound<'py, PyAny>,
    data: &[T],
    shape: &[usize],
    strides: &[usize],
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let array = ArrayView::from_shape(IxDyn(shape).strides(IxDyn(strides)), data)
        .map_err(|e| PyValueError::new_err(format!("VectorEnv output view: {e}")))?;
    // SAFETY: `data` is one of the env's output buffers, allocated once when the env
    // was made and never reallocated (the env only writes into it); `owner` holds an
    // `Arc` of the env, so the buffer lives as long as the view's base object does.
    let array = unsafe { PyArrayDyn::borrow_from_array(&array, owner.clone()) };
    // Read-only, and for good: the base object is not an array and has no buffer
    // interface, so numpy refuses to make the view writeable again.
    array.readwrite().make_nonwriteable();
    Ok(array)
}

/// [`view`] as a stored object.
fn stored<T: Element>(
    owner: &Bound<'_, PyAny>,
    data: &[T],
    shape: &[usize],
    strides: &[usize],
) -> PyResult<Py<PyAny>> {
    Ok(view(owner, data, shape, strides)?.into_any().unbind())
}

/// The views made once, returned by the attributes and by `step` and `reset`.
struct Views {
    observations: Py<PyAny>,
    masks: Option<Py<PyAny>>,
    legal_counts: Py<PyAny>,
    rewards: Py<PyAny>,
    seat_terminated: Py<PyAny>,
    seat_truncated: Py<PyAny>,
    terminated: Py<PyAny>,
    truncated: Py<PyAny>,
    drawn: Py<PyAny>,
    to_play: Py<PyAny>,
    played_actions: Py<PyAny>,
    final_plies: Py<PyAny>,
    game_ids: Py<PyAny>,
}

/// Batched games stepped in Rust (docs/ML.md, "VectorEnv").
///
/// `VectorEnv(num_envs, ruleset="yono", *, seed=None, threads=1, max_plies=3000,
/// agents=None, opponent="random", engine_nodes=200, masks=True, play_out=False)`.
/// `agents` (default: every seat, pure self-play) are the seats the caller's actions
/// play; the others are played inside the step by `opponent` ("random" or "engine",
/// the latter yono-engine searching `engine_nodes` nodes a move). `step(actions)`
/// plays in every game the action of the agent seat to move (`actions`: action
/// indices; or `choices=`: indices into the `legal_actions` lists; or
/// `engine=nodes`: the engine's move; or nothing: uniformly random moves), then the
/// opponents' moves until an agent seat is to move again. A seat's reward arrives in
/// the step that decides its outcome, with `seat_terminated[i, seat]` set; seats left
/// undecided when a game is cut off get `seat_truncated`. A game whose agent seats
/// are all decided (or that ends, or reaches `max_plies`) is reset in the same step:
/// `terminated[i]` (every agent seat decided) or `truncated[i]` (cut off first); it
/// stops as soon as its agents are out unless `play_out=True`.
///
/// Outputs are read-only numpy views of the env's buffers, rewritten by every step
/// and reset: copy what you keep. `observations` (N, 96, 9, 9) uint8 and `masks`
/// (N, 13690) bool (None with `masks=False`), both in the frame of the seat to move;
/// `legal_actions` (N, width) int16, each row's first `legal_counts[i]` entries the
/// legal actions, then -1; `rewards` (N, 4) float32 by absolute seat; `seat_terminated`
/// and `seat_truncated` (N, 4) bool; `terminated`, `truncated`, `drawn` (N,) bool;
/// `to_play` (N,) int8; `played_actions` (N,) int64, the action each agent played in
/// the last step; `final_plies` (N,) int32, the length of a game that ended in the
/// last step; `game_ids` (N,) int64, the id of the game now in each slot.
#[pyclass(name = "VectorEnv", module = "yono", frozen)]
pub struct VectorEnv {
    env: Shared,
    /// The base object of the views: a capsule holding an `Arc` of the env.
    owner: Py<PyAny>,
    views: Views,
    threads: usize,
}

fn player_arg(opponent: Option<&Bound<'_, PyAny>>, nodes: u64) -> PyResult<Player> {
    let Some(opponent) = opponent.filter(|o| !o.is_none()) else {
        return Ok(Player::Random);
    };
    let text: String = opponent
        .extract()
        .map_err(|_| PyTypeError::new_err("opponent must be \"random\" or \"engine\" (a str)"))?;
    match text.as_str() {
        "random" => Ok(Player::Random),
        "engine" => Ok(Player::Engine { nodes }),
        other => Err(PyValueError::new_err(format!(
            "opponent must be \"random\" or \"engine\", got {other:?}"
        ))),
    }
}

fn agents_arg(agents: Option<&Bound<'_, PyAny>>, ruleset: Ruleset) -> PyResult<SeatSet> {
    let Some(list) = agents.filter(|a| !a.is_none()) else {
        return Ok(ruleset.seats());
    };
    let mut set = SeatSet::EMPTY;
    for seat in list.try_iter()? {
        set = set.with(seat_arg(&seat?)?);
    }
    Ok(set)
}

/// Any sequence of ints (a list, a numpy array of any integer dtype) as int64; no copy
/// for a contiguous int64 array. Floats and other dtypes are a TypeError.
fn int64s<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (values,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "{what} must be integers, got an array of dtype {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("dtype", "int64")?;
    let array = np.call_method("ascontiguousarray", (array,), Some(&kwargs))?;
    array.extract().map_err(|_| {
        PyValueError::new_err(format!("{what} must be a one-dimensional sequence of ints"))
    })
}

impl VectorEnv {
    fn make_views(owner: &Bound<'_, PyAny>, env: &yono_ml::VectorEnv) -> PyResult<Views> {
        let n = env.num_envs();
        let per_game = |data: &[bool]| stored(owner, data, &[n], &[1]);
        let per_seat = |data: &[bool]| stored(owner, data, &[n, 4], &[4, 1]);
        Ok(Views {
            observations: stored(
                owner,
                env.observations(),
                &[n, OBS_PLANES, 9, 9],
                &[OBS_PLANES * 81, 81, 9, 1],
            )?,
            masks: env
                .masks()
                .map(|m| stored(owner, m, &[n, ACTION_SIZE], &[ACTION_SIZE, 1]))
                .transpose()?,
            legal_counts: stored(owner, env.legal_counts(), &[n], &[1])?,
            rewards: stored(owner, env.rewards(), &[n, 4], &[4, 1])?,
            seat_terminated: per_seat(env.seat_terminated_all())?,
            seat_truncated: per_seat(env.seat_truncated_all())?,
            terminated: per_game(env.terminated())?,
            truncated: per_game(env.truncated())?,
            drawn: per_game(env.drawn())?,
            to_play: stored(owner, env.to_play(), &[n], &[1])?,
            played_actions: stored(owner, env.played(), &[n], &[1])?,
            final_plies: stored(owner, env.final_plies(), &[n], &[1])?,
            game_ids: stored(owner, env.game_ids(), &[n], &[1])?,
        })
    }

    /// The 5-tuple `step` returns: (observations, masks, rewards, terminated, truncated).
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let v = &self.views;
        PyTuple::new(
            py,
            [
                v.observations.bind(py).clone(),
                self.masks(py),
                v.rewards.bind(py).clone(),
                v.terminated.bind(py).clone(),
                v.truncated.bind(py).clone(),
            ],
        )
    }

    /// Runs `f` on the env with the GIL released; a step error becomes a ValueError.
    fn with_env<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut yono_ml::VectorEnv) -> Result<T, yono_ml::StepError> + Send,
    ) -> PyResult<T> {
        let env = &self.env;
        crate::gil::without_gil(py, move || f(&mut lock(env)))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (num_envs, ruleset = None, *, seed = None, threads = None, max_plies = None,
                        agents = None, opponent = None, engine_nodes = None, masks = true,
                        play_out = false))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        ruleset: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        agents: Option<&Bound<'_, PyAny>>,
        opponent: Option<&Bound<'_, PyAny>>,
        engine_nodes: Option<&Bound<'_, PyAny>>,
        masks: bool,
        play_out: bool,
    ) -> PyResult<VectorEnv> {
        let num_envs: usize = int_arg(num_envs, "num_envs", "1 or more")?;
        let threads: usize = threads.map_or(Ok(1), |t| int_arg(t, "threads", "1 or more"))?;
        let max_plies: usize = max_plies.map_or(Ok(yono_ml::DEFAULT_MAX_PLIES), |m| {
            int_arg(m, "max_plies", "1 or more")
        })?;
        let nodes: u64 =
            engine_nodes.map_or(Ok(200), |n| int_arg(n, "engine_nodes", "1 or more"))?;
        let seed = seed_arg(seed)?.unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0u8)
        });
        let ruleset = ruleset
            .map(ruleset_arg)
            .transpose()?
            .unwrap_or(Ruleset::Yono);
        let config = Config::new(ruleset, num_envs)
            .seed(seed)
            .threads(threads)
            .max_plies(max_plies)
            .agents(agents_arg(agents, ruleset)?, player_arg(opponent, nodes)?)
            .masks(masks)
            .play_out(play_out);
        // Making the env plays the opponents' first moves (engine searches, maybe).
        let env = crate::gil::without_gil(py, move || yono_ml::VectorEnv::new(config))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let env: Shared = Arc::new(Mutex::new(env));
        let owner =
            PyCapsule::new_with_value(py, Arc::clone(&env), c"yono.VectorEnv.buffers")?.into_any();
        let views = Self::make_views(&owner, &lock(&env))?;
        Ok(VectorEnv {
            env,
            owner: owner.unbind(),
            views,
            threads,
        })
    }

    /// Starts every game afresh (reseeding the random moves if `seed` is given) and
    /// returns `(observations, masks)`.
    #[pyo3(signature = (*, seed = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = seed_arg(seed)?;
        self.with_env(py, move |env| {
            env.reset(seed);
            Ok(())
        })?;
        PyTuple::new(
            py,
            [self.views.observations.bind(py).clone(), self.masks(py)],
        )
    }

    /// Plays one step in every game: `actions[i]` (an int array of num_envs action
    /// indices, each legal in game i), or `choices[i]` (indices into the
    /// `legal_actions` rows, each below `legal_counts[i]`), or with `engine=nodes` the
    /// engine's move, or with none of them a uniformly random legal move. A bad action
    /// is a ValueError naming the game, raised before any game changes. Returns
    /// `(observations, masks, rewards, terminated, truncated)`, the env's own views.
    #[pyo3(signature = (actions = None, *, choices = None, engine = None))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
        choices: Option<&Bound<'py, PyAny>>,
        engine: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let given = |a: Option<&Bound<'py, PyAny>>| a.filter(|a| !a.is_none()).cloned();
        match (given(actions), given(choices), given(engine)) {
            (None, None, None) => self.with_env(py, |env| env.step(Actions::Random))?,
            (Some(actions), None, None) => {
                let actions = int64s(py, &actions, "actions")?;
                let actions = actions.as_slice()?;
                self.with_env(py, |env| env.step(Actions::Indices(actions)))?
            }
            (None, Some(choices), None) => {
                let choices = int64s(py, &choices, "choices")?;
                let choices = choices.as_slice()?;
                self.with_env(py, |env| env.step(Actions::Choices(choices)))?
            }
            (None, None, Some(nodes)) => {
                let nodes: u64 = int_arg(&nodes, "engine", "a node budget of 1 or more")?;
                self.with_env(py, move |env| env.step(Actions::Engine { nodes }))?
            }
            _ => {
                return Err(PyValueError::new_err(
                    "give at most one of actions, choices= and engine=",
                ))
            }
        }
        self.outputs(py)
    }

    /// A copy of game `i` as a Position (with its move stack).
    fn position(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let env = lock(&self.env);
        let n = env.num_envs();
        let i: usize = int_arg(i, "i", &format!("a game number 0 to {}", n - 1))?;
        let game = env
            .game(i)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i} (there are {n})")))?;
        Ok(PyGame::new(game.clone()))
    }

    /// A copy of the game that ended in slot `i` in the last step (its final position
    /// and move stack), or None if none ended there.
    fn final_position(&self, i: &Bound<'_, PyAny>) -> PyResult<Option<PyGame>> {
        let env = lock(&self.env);
        let n = env.num_envs();
        let i: usize = int_arg(i, "i", &format!("a game number 0 to {}", n - 1))?;
        if i >= n {
            return Err(PyValueError::new_err(format!(
                "no game {i} (there are {n})"
            )));
        }
        Ok(env.final_game(i).map(|g| PyGame::new(g.clone())))
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        lock(&self.env).num_envs()
    }

    /// The ply cap after which a game is truncated.
    #[getter]
    fn max_plies(&self) -> usize {
        lock(&self.env).config().max_plies
    }

    /// The number of threads that step the games.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The seats whose moves the caller's actions choose.
    #[getter]
    fn agents(&self) -> Vec<PySeat> {
        lock(&self.env)
            .config()
            .agent_seats()
            .iter()
            .map(PySeat::of)
            .collect()
    }

    /// Observations (N, 96, 9, 9) uint8, each in the frame of its seat to move.
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.observations.clone_ref(py)
    }

    /// Legal-action masks (N, ACTION_SIZE) bool, or None when made with masks=False.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        match &self.views.masks {
            Some(m) => m.bind(py).clone(),
            None => py.None().into_bound(py),
        }
    }

    /// The legal actions of each game (mover's frame), int16 of shape (N, width) where
    /// width is the largest count now: row i holds `legal_counts[i]` actions, then -1.
    /// A new view each step (its width changes): read it after the step.
    #[getter]
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let env = lock(&self.env);
        let width = env.legal_counts().iter().copied().max().unwrap_or(0).max(1) as usize;
        let owner = self.owner.bind(py);
        view(
            owner,
            env.legal_actions_padded(),
            &[env.num_envs(), width],
            &[LEGAL_WIDTH, 1],
        )
        .map(Bound::into_any)
    }

    /// The number of legal actions of each game, int32 (N,).
    #[getter]
    fn legal_counts(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.legal_counts.clone_ref(py)
    }

    /// Rewards of the last step (N, 4) float32, by absolute seat index: non-zero only
    /// for the seats the step decided.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.rewards.clone_ref(py)
    }

    /// (N, 4) bool: the last step decided that seat's outcome (its reward is in
    /// `rewards`).
    #[getter]
    fn seat_terminated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.seat_terminated.clone_ref(py)
    }

    /// (N, 4) bool: the last step cut the seat's game off before its outcome was
    /// decided (the ply cap, or a game stopped once its agents were out).
    #[getter]
    fn seat_truncated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.seat_truncated.clone_ref(py)
    }

    /// (N,) bool: game i ended in the last step with every agent seat decided (it has
    /// been reset since).
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.terminated.clone_ref(py)
    }

    /// (N,) bool: game i was cut off at the ply cap in the last step with an agent seat
    /// undecided (it has been reset since).
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.truncated.clone_ref(py)
    }

    /// (N,) bool: the game that ended in the last step was drawn by repetition.
    #[getter]
    fn drawn(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.drawn.clone_ref(py)
    }

    /// (N,) int8: the seat index (0-3) to move in game i, the frame of its outputs.
    #[getter]
    fn to_play(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.to_play.clone_ref(py)
    }

    /// (N,) int64: the action the agent played in each game in the last step.
    #[getter]
    fn played_actions(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.played_actions.clone_ref(py)
    }

    /// (N,) int32: how many plies the game that ended in the last step lasted (0 where
    /// none ended).
    #[getter]
    fn final_plies(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.final_plies.clone_ref(py)
    }

    /// (N,) int64: the id of the game now in each slot (slot i's games are i,
    /// i + num_envs, i + 2 * num_envs, ...).
    #[getter]
    fn game_ids(&self, py: Python<'_>) -> Py<PyAny> {
        self.views.game_ids.clone_ref(py)
    }

    fn __len__(&self) -> usize {
        self.num_envs()
    }

    fn __repr__(&self) -> String {
        let env = lock(&self.env);
        let cfg = env.config();
        format!(
            "<yono.VectorEnv {} games, {}, {} threads, max_plies={}>",
            cfg.num_envs,
            cfg.ruleset.name(),
            self.threads,
            cfg.max_plies
        )
    }
}
