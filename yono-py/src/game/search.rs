//! Counting and playing in Rust without the GIL: perft, divide, random playouts.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use yono::{MoveList, SplitMix64};

use super::PyGame;
use crate::conversion::ints;
use crate::gil;
use crate::moves::move_obj;

impl PyGame {
    /// The leaf count of `perft` (also the module function `yono.perft`).
    pub(crate) fn count_leaves(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth: u32 = ints::int_arg(depth, "depth", "0 to 2**32 - 1")?;
        // A copy: the GIL is released for the count.
        let game = self.game_clone(py)?;
        Ok(gil::without_gil(py, move || game.perft(depth)))
    }
}

#[pymethods]
impl PyGame {
    /// Counts the leaves of the legal-move tree `depth` plies deep (pass counts as a
    /// move; a finished game has none). Runs in Rust without holding the GIL.
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.count_leaves(py, depth)
    }

    /// Perft split by first move: {Move: leaf count} in generation order.
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth: u32 = ints::int_arg(depth, "depth", "0 to 2**32 - 1")?;
        let game = self.game_clone(py)?;
        let split = gil::without_gil(py, move || game.divide(depth));
        let dict = PyDict::new(py);
        for (mv, n) in split {
            dict.set_item(move_obj(py, mv)?, n)?;
        }
        Ok(dict)
    }

    /// Plays uniformly random legal moves (in Rust) until the game is over or
    /// `max_plies` moves have been played; the moves go onto the move stack. `seed`
    /// makes the playout reproducible. Returns the number of moves played.
    /// Runs in Rust without holding the GIL, on a copy: other threads may read the
    /// Game meanwhile; if one changes it, the playout raises RuntimeError instead.
    #[pyo3(signature = (max_plies = None, seed = None))]
    fn playout(
        &self,
        py: Python<'_>,
        max_plies: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let max_plies: usize = match max_plies {
            None => 1000,
            Some(n) => ints::int_arg(n, "max_plies", "0 or more")?,
        };
        let mut rng = SplitMix64(ints::seed_arg(seed)?.unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0u8)
        }));
        // The playout runs on a copy without the GIL, so other threads can read the
        // game meanwhile (seeing it as it was); the copy replaces the game after,
        // unless another thread changed the game in between.
        let mut game = self.game_clone(py)?;
        let (played, game) = gil::without_gil(py, move || {
            let mut list = MoveList::new();
            let before = game.moves().len();
            while game.moves().len() - before < max_plies {
                game.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[rng.below(list.len())];
                game.play_unchecked(mv);
            }
            (game.moves().len() - before, game)
        });
        let mut current = self.game_mut(py)?;
        let before = game.moves().len() - played;
        if current.start() != game.start() || current.moves() != &game.moves()[..before] {
            return Err(PyRuntimeError::new_err(
                "the Game changed during the playout (another thread pushed, popped \
                 or unpickled); the playout was discarded",
            ));
        }
        *current = game;
        Ok(played)
    }
}

/// Counts the leaves of the legal-move tree from `position` (`Game.perft`).
#[pyfunction]
pub(crate) fn perft(
    py: Python<'_>,
    position: &Bound<'_, PyGame>,
    depth: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    position.get().count_leaves(py, depth)
}
