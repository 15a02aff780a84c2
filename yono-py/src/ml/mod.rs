//! The machine-learning layer: a dense action index and observation planes, both in
//! the frame of the seat they are for (the board turned so that seat sits South),
//! written by Rust straight into numpy arrays; quarter-turn helpers; and `VectorEnv`,
//! batched self-play stepped in Rust with the GIL released. Layouts: docs/ML.md.

pub mod encode;
pub mod vector_env;

use numpy::{
    PyArray1, PyArray3, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{move_arg, move_obj, seat_arg, PyMove, PyPosition, PySeat, PySquare};
use encode::{ACTION_SIZE, OBS_LEN, OBS_PLANES};

/// Quarter turns as a Python int: any int, taken modulo 4.
fn turns_arg(quarter_turns: i64) -> u32 {
    quarter_turns.rem_euclid(4) as u32
}

/// A writable, C-contiguous view of `out`, which must have exactly `shape`.
fn out_view<'py, T: numpy::Element>(
    out: &Bound<'py, PyArrayDyn<T>>,
    shape: &[usize],
    what: &str,
) -> PyResult<PyReadwriteArrayDyn<'py, T>> {
    if out.shape() != shape {
        return Err(PyValueError::new_err(format!(
            "{what}: `out` has shape {:?}, expected {shape:?}",
            out.shape()
        )));
    }
    if !out.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "{what}: `out` must be C-contiguous"
        )));
    }
    out.try_readwrite()
        .map_err(|e| PyValueError::new_err(format!("{what}: `out` is not writable ({e})")))
}

#[pymethods]
impl PyPosition {
    /// The observation planes of the position as seen by `seat` (default: the seat to
    /// move), turned so that `seat` sits South: a uint8 array of shape (96, 9, 9), see
    /// docs/ML.md. With `out` (a C-contiguous uint8 array of that shape) the planes are
    /// written into it without copying and `out` is returned.
    #[pyo3(signature = (out = None, seat = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArrayDyn<u8>>>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = seat.map(seat_arg).transpose()?;
        let out = match out {
            Some(o) => o,
            None => PyArray3::<u8>::zeros(py, [OBS_PLANES, 9, 9], false)
                .to_dyn()
                .clone(),
        };
        {
            let mut view = out_view(&out, &[OBS_PLANES, 9, 9], "observation")?;
            let slice = view.as_slice_mut()?;
            let game = self.game(py)?;
            let view_seat = seat.unwrap_or(game.position().turn());
            encode::write_observation(game.position(), game.repetitions(), view_seat, slice);
        }
        Ok(out.into_any())
    }

    /// The legal actions as a mask: a bool array of `ACTION_SIZE` entries, True where
    /// the action (in the frame of the seat to move) is legal; all False once the game
    /// is over. With `out` (a C-contiguous bool array of that size) the mask is
    /// written into it without copying and `out` is returned.
    #[pyo3(signature = (out = None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArrayDyn<bool>>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let out = match out {
            Some(o) => o,
            None => PyArray1::<bool>::zeros(py, [ACTION_SIZE], false)
                .to_dyn()
                .clone(),
        };
        {
            let mut view = out_view(&out, &[ACTION_SIZE], "legal_action_mask")?;
            let slice = view.as_slice_mut()?;
            let game = self.game(py)?;
            let moves = game.legal_moves();
            encode::write_mask(&moves, game.position().turn(), slice);
        }
        Ok(out.into_any())
    }

    /// The legal actions (indices into the action space, in the frame of the seat to
    /// move) as an int64 array, in move-generation order.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let actions: Vec<i64> = {
            let game = self.game(py)?;
            let turn = game.position().turn();
            game.legal_moves()
                .iter()
                .map(|&m| encode::action_of(m, turn) as i64)
                .collect()
        };
        Ok(PyArray1::from_vec(py, actions))
    }

    /// The action index of `move` (a Move or move text) in the frame of the seat to
    /// move; any well-formed move has one, legal or not.
    fn action(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = move_arg(py, r#move)?;
        Ok(encode::action_of(mv, self.pos(py)?.turn()))
    }

    /// The move of action index `action` (in the frame of the seat to move), legal or
    /// not; ValueError for an index outside 0..ACTION_SIZE or one that names no move
    /// (a board move to its own square).
    #[pyo3(name = "move")]
    fn move_of<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let range = format!("an action index 0 to {}", ACTION_SIZE - 1);
        let action: usize = crate::ints::int_arg(action, "action", &range)?;
        let turn = self.pos(py)?.turn();
        let mv = encode::move_of(action, turn).ok_or_else(|| {
            PyValueError::new_err(format!(
                "not an action: {action} (expected a move's index below {ACTION_SIZE})"
            ))
        })?;
        move_obj(py, mv)
    }

    /// Plays the move of action index `action` after checking that it is legal
    /// (IllegalMoveError otherwise); returns the Move.
    fn push_action<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.move_of(py, action)?;
        let m = mv.get().0;
        self.play(py, m, None)?;
        Ok(mv)
    }

    /// The position turned by `quarter_turns` clockwise quarter turns with every seat
    /// relabelled as the seat that many places on (one turn: South becomes West), as a
    /// new Position without history. ValueError for an odd number of turns of a
    /// standard Shogi position.
    #[pyo3(signature = (quarter_turns = 1))]
    fn rotated(&self, py: Python<'_>, quarter_turns: i64) -> PyResult<PyPosition> {
        let turned = self.pos(py)?.rotated(turns_arg(quarter_turns));
        turned
            .map(|p| PyPosition::new(yono::Game::from_position(p)))
            .map_err(|e| PyValueError::new_err(format!("cannot turn this position: {e}")))
    }
}

#[pymethods]
impl PySquare {
    /// The square after `quarter_turns` clockwise quarter turns of the board (as drawn
    /// with South at the bottom): one turn takes 9i to 9a.
    #[pyo3(signature = (quarter_turns = 1))]
    fn rotated(&self, quarter_turns: i64) -> PySquare {
        PySquare(self.0.rotated(turns_arg(quarter_turns)))
    }
}

#[pymethods]
impl PySeat {
    /// The seat this seat becomes after `quarter_turns` clockwise quarter turns: one
    /// turn makes South West.
    #[pyo3(signature = (quarter_turns = 1))]
    fn rotated(&self, quarter_turns: i64) -> PySeat {
        PySeat::of(self.core().rotated(turns_arg(quarter_turns)))
    }
}

#[pymethods]
impl PyMove {
    /// The move with its squares turned by `quarter_turns` clockwise quarter turns.
    #[pyo3(signature = (quarter_turns = 1))]
    fn rotated<'py>(&self, py: Python<'py>, quarter_turns: i64) -> PyResult<Bound<'py, PyMove>> {
        move_obj(py, self.0.rotated(turns_arg(quarter_turns)))
    }
}

/// Registers the ML classes and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<vector_env::VectorEnv>()?;
    m.add("ACTION_SIZE", ACTION_SIZE)?;
    m.add("OBSERVATION_SHAPE", (OBS_PLANES, 9, 9))?;
    m.add("OBSERVATION_SIZE", OBS_LEN)?;
    Ok(())
}
