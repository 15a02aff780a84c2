//! `yono.Engine` and `yono.Analysis`: the search engine of the `yono-engine` crate.
//!
//! The engine is yono-engine's `EngineHandle`: it searches on a worker thread of its
//! own, one request at a time in the order they were made, and the calling thread
//! waits for the result without the GIL (`crate::gil::without_gil`). Each request is
//! made, with its own stop token, while the caller still holds the GIL, so `stop()`
//! from another thread after a search was asked for always reaches it, even before
//! the worker has begun it.

use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use yono_engine::{EngineConfig, EngineHandle, JobError, Limits, SearchError, SearchResult};

use crate::{move_obj, PyGame, PyMove};

/// A search engine for Yo[n]o Shogi and standard Shogi (alpha-beta over the seats; see
/// docs/ENGINE.md).
///
/// `Engine(seed=0, hash_mb=16, noise=0)`: `noise` (centi-pawns, hashed from the position
/// and `seed`) varies play between seeds. An engine keeps what a search learnt for
/// the next search of the same seat (as between the moves of a game); `clear()`
/// forgets it. With a node or depth limit the result of a new or cleared engine is
/// deterministic. Searches release the GIL; an engine can be pickled (its config).
#[pyclass(name = "Engine", module = "yono", frozen)]
pub struct PyEngine {
    config: EngineConfig,
    handle: EngineHandle,
}

/// What a search found: `best_move`, the principal variation `pv`, `score` (the
/// expected final score of the seat to move), `eval` (every seat's expected final score
/// at the end of the line, by seat index, None for seats not in the ruleset), `depth`,
/// `nodes`, `time` (seconds) and `stopped` (ended early by `stop()` or the time limit).
#[pyclass(name = "Analysis", module = "yono", frozen, get_all)]
pub struct PyAnalysis {
    best_move: PyMove,
    pv: Vec<PyMove>,
    score: f64,
    eval: Vec<Option<f64>>,
    depth: u32,
    nodes: u64,
    time: f64,
    stopped: bool,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(best_move={}, score={:.3}, depth={}, nodes={})",
            self.best_move.0, self.score, self.depth, self.nodes
        )
    }
}

fn limits(nodes: Option<u64>, depth: Option<u32>, time: Option<f64>) -> PyResult<Limits> {
    if nodes.is_none() && depth.is_none() && time.is_none() {
        return Err(PyValueError::new_err(
            "give at least one limit: nodes, depth or time",
        ));
    }
    if nodes == Some(0) || depth == Some(0) {
        return Err(PyValueError::new_err("nodes and depth must be at least 1"));
    }
    let time = match time {
        Some(t) if !(t.is_finite() && t > 0.0 && t < 1e9) => {
            return Err(PyValueError::new_err(format!(
                "time must be a positive number of seconds, got {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    Ok(Limits {
        nodes,
        depth,
        time,
        ..Default::default()
    })
}

impl PyEngine {
    fn run(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyGame>,
        limits: Limits,
    ) -> PyResult<SearchResult> {
        let game = position.get().game_clone(py)?;
        if game.is_over() {
            return Err(PyValueError::new_err(
                "the game is over: there is no move to search",
            ));
        }
        // Requested under the GIL: a stop() that runs after this call began sees it.
        let job = self.handle.start(&game, limits);
        crate::gil::without_gil(py, || job.wait()).map_err(|e| match e {
            JobError::Search(SearchError::GameOver) => PyValueError::new_err(e.to_string()),
            other => PyRuntimeError::new_err(other.to_string()),
        })
    }
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (seed = 0, hash_mb = 16, noise = 0))]
    fn py_new(seed: u64, hash_mb: usize, noise: u32) -> PyResult<PyEngine> {
        if !(1..=4096).contains(&hash_mb) {
            return Err(PyValueError::new_err(format!(
                "hash_mb must be 1 to 4096, got {hash_mb}"
            )));
        }
        let config = EngineConfig {
            seed,
            hash_mb,
            noise,
            ..Default::default()
        };
        Ok(PyEngine {
            config,
            handle: EngineHandle::new(config),
        })
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.config.seed
    }

    /// The transposition table size in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.config.hash_mb
    }

    /// The evaluation noise in centi-pawns.
    #[getter]
    fn noise(&self) -> u32 {
        self.config.noise
    }

    /// The best move for the seat to move of `position` within the limits (at least one
    /// of `nodes`, `depth`, `time` in seconds). ValueError when the game is over.
    #[pyo3(signature = (position, nodes = None, depth = None, time = None))]
    fn best_move<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyGame>,
        nodes: Option<u64>,
        depth: Option<u32>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let result = self.run(py, position, limits(nodes, depth, time)?)?;
        move_obj(py, result.best_move)
    }

    /// The full result of a search (see `Analysis`), with the same limits as
    /// `best_move`.
    #[pyo3(signature = (position, nodes = None, depth = None, time = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyGame>,
        nodes: Option<u64>,
        depth: Option<u32>,
        time: Option<f64>,
    ) -> PyResult<PyAnalysis> {
        let r = self.run(py, position, limits(nodes, depth, time)?)?;
        Ok(PyAnalysis {
            best_move: PyMove(r.best_move),
            pv: r.pv.into_iter().map(PyMove).collect(),
            score: r.score,
            eval: r.eval.to_vec(),
            depth: r.depth,
            nodes: r.nodes,
            time: r.time.as_secs_f64(),
            stopped: r.stopped,
        })
    }

    /// Ends every search asked of this engine so far, running or waiting, soon
    /// (callable from any thread); each then returns the best move found so far. A
    /// search asked for after this call is not affected.
    fn stop(&self) {
        self.handle.stop_all();
    }

    /// Makes the next search forget what the earlier ones learnt (its table and move
    /// histories): it gives what a new engine would. Call it between games.
    fn clear(&self) {
        self.handle.clear();
    }

    /// Expected final scores of every seat by the static evaluation, by seat index
    /// (None for seats not in the ruleset).
    #[staticmethod]
    fn evaluate(py: Python<'_>, position: &Bound<'_, PyGame>) -> PyResult<Vec<Option<f64>>> {
        let pos = position.get().pos(py)?.clone();
        Ok(yono_engine::evaluate(&pos).to_vec())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let c = slf.get().config;
        let args = PyTuple::new(
            py,
            [
                c.seed.into_pyobject(py)?.into_any(),
                c.hash_mb.into_pyobject(py)?.into_any(),
                c.noise.into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((slf.get_type().into_any(), args))
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine(seed={}, hash_mb={}, noise={})",
            self.config.seed, self.config.hash_mb, self.config.noise
        )
    }
}
