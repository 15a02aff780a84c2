//! The machine-learning layer's Python face: thin numpy glue over the `yono-ml` crate
//! (the action index, observation planes, rewards, `VectorEnv`), plus the quarter-turn
//! helpers on the core types. Layouts: docs/ML.md.

pub mod vector_env;

use numpy::{
    Element, PyArray1, PyArray3, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use yono_ml::{ActionParts, ACTION_SIZE, DEFAULT_MAX_PLIES, OBS_LEN, OBS_PLANES};

use crate::{move_arg, move_obj, seat_arg, PyGame, PyMove, PySeat, PySquare};

/// Quarter turns as a Python int: any int, taken modulo 4.
fn turns_arg(quarter_turns: i64) -> u32 {
    quarter_turns.rem_euclid(4) as u32
}

/// A writable, C-contiguous view of `out`, which must have exactly `shape`.
fn out_view<'py, T: Element>(
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

/// The TypeError for an `out` of a dtype the method does not write.
fn dtype_error(out: &Bound<'_, PyAny>, what: &str, accepted: &str) -> PyErr {
    let dtype = out
        .getattr("dtype")
        .and_then(|d| d.str().map(|s| s.to_string()))
        .unwrap_or_else(|_| {
            out.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        });
    PyTypeError::new_err(format!(
        "{what}: `out` must be a numpy array of dtype {accepted}, got {dtype}"
    ))
}

/// Writes a 0/1 mask with ones at `actions` into `out` (any of bool, int8, uint8).
fn write_mask_into<T: Element + From<bool> + Copy>(
    out: &Bound<'_, PyArrayDyn<T>>,
    actions: &[usize],
) -> PyResult<()> {
    let mut view = out_view(out, &[ACTION_SIZE], "legal_action_mask")?;
    let slice = view.as_slice_mut()?;
    slice.fill(T::from(false));
    for &a in actions {
        slice[a] = T::from(true);
    }
    Ok(())
}

impl PyGame {
    /// The legal actions of the seat to move, in move-generation order.
    fn legal_action_list(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        let game = self.game(py)?;
        let turn = game.position().turn();
        Ok(game
            .legal_moves()
            .iter()
            .map(|&m| yono_ml::action_of(m, turn))
            .collect())
    }
}

#[pymethods]
impl PyGame {
    /// The observation planes of the position as seen by `seat` (default: the seat to
    /// move), turned so that `seat` sits South: a uint8 array of shape (96, 9, 9), see
    /// docs/ML.md. With `out` (a C-contiguous uint8 array of that shape) the planes are
    /// written into it without copying and `out` is returned.
    #[pyo3(signature = (out = None, seat = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = seat.map(seat_arg).transpose()?;
        let out = match out {
            Some(o) => o
                .cast_into::<PyArrayDyn<u8>>()
                .map_err(|e| dtype_error(e.into_inner().as_any(), "observation", "uint8"))?,
            None => PyArray3::<u8>::zeros(py, [OBS_PLANES, 9, 9], false)
                .to_dyn()
                .clone(),
        };
        {
            let mut view = out_view(&out, &[OBS_PLANES, 9, 9], "observation")?;
            let slice = view.as_slice_mut()?;
            let game = self.game(py)?;
            let pos = game.position();
            let view_seat = seat.unwrap_or(pos.turn());
            yono_ml::write_observation(pos, game.repetitions(), view_seat, slice)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        Ok(out.into_any())
    }

    /// The legal actions as a mask of `ACTION_SIZE` entries, 1 (True) where the action
    /// (in the frame of the seat to move) is legal; all 0 once the game is over. A bool
    /// array, or with `out` (a C-contiguous array of shape (ACTION_SIZE,) and dtype
    /// bool, int8 or uint8) written into `out`, which is returned.
    #[pyo3(signature = (out = None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let actions = self.legal_action_list(py)?;
        let out = match out {
            Some(o) => o,
            None => PyArray1::<bool>::zeros(py, [ACTION_SIZE], false).into_any(),
        };
        if let Ok(mask) = out.cast::<PyArrayDyn<bool>>() {
            write_mask_into(mask, &actions)?;
        } else if let Ok(mask) = out.cast::<PyArrayDyn<i8>>() {
            write_mask_into(mask, &actions)?;
        } else if let Ok(mask) = out.cast::<PyArrayDyn<u8>>() {
            write_mask_into(mask, &actions)?;
        } else {
            return Err(dtype_error(
                &out,
                "legal_action_mask",
                "bool, int8 or uint8",
            ));
        }
        Ok(out)
    }

    /// The legal actions (indices into the action space, in the frame of the seat to
    /// move) as an int64 array, in move-generation order.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let actions = self.legal_action_list(py)?;
        Ok(PyArray1::from_iter(
            py,
            actions.into_iter().map(|a| a as i64),
        ))
    }

    /// The action index of `move` (a Move or move text) in the frame of the seat to
    /// move; any well-formed move has one, legal or not.
    fn action(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = move_arg(py, r#move)?;
        Ok(yono_ml::action_of(mv, self.pos(py)?.turn()))
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
        let mv = yono_ml::move_of(action, turn).ok_or_else(|| {
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
    fn rotated(&self, py: Python<'_>, quarter_turns: i64) -> PyResult<PyGame> {
        let turned = self.pos(py)?.rotated(turns_arg(quarter_turns));
        turned
            .map(|p| PyGame::new(yono::Game::from_position(p)))
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

/// The rewards of the seats whose outcome the last move of `position` decided, by
/// seat index (None for the others): `before` lists the seats in the game before that
/// move. The one rule for rewards and ties (yono-ml's `decided_rewards`, docs/ML.md).
#[pyfunction]
fn decided_rewards(
    py: Python<'_>,
    position: &Bound<'_, PyGame>,
    before: &Bound<'_, PyAny>,
) -> PyResult<Vec<Option<f32>>> {
    let mut seats = yono::SeatSet::EMPTY;
    for seat in before.try_iter()? {
        seats = seats.with(seat_arg(&seat?)?);
    }
    let game = position.get().game(py)?;
    Ok(yono_ml::decided_rewards(seats, &game).to_vec())
}

/// The reward of a place (a score, or the mean of shared scores) when the winner
/// scores `max_score`: `2 * place / max_score - 1`.
#[pyfunction]
fn place_reward(place: f32, max_score: u8) -> PyResult<f32> {
    if max_score == 0 {
        return Err(PyValueError::new_err("max_score must be at least 1"));
    }
    Ok(yono_ml::place_reward(place, max_score))
}

/// The table behind `ACTION_PARTS`, made once for the process.
static ACTION_PARTS: std::sync::OnceLock<Box<[i16]>> = std::sync::OnceLock::new();

/// The place each of `remaining` seats takes when the game ends drawn with them in it
/// (they share the top places); the value of a game cut off by a ply cap.
#[pyfunction]
fn draw_place(remaining: usize, ruleset: &Bound<'_, PyAny>) -> PyResult<f32> {
    Ok(yono_ml::draw_place(remaining, crate::ruleset_arg(ruleset)?))
}

/// `ACTION_PARTS[a]` = (source, target, promote) of action `a`: an int16 table of
/// shape (ACTION_SIZE, 3), read-only for good.
fn action_parts_table(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let table = ACTION_PARTS.get_or_init(|| {
        (0..ACTION_SIZE)
            .flat_map(|a| {
                let p = ActionParts::of(a).unwrap_or(ActionParts {
                    source: 0,
                    target: 0,
                    promote: false,
                });
                [
                    i16::from(p.source),
                    i16::from(p.target),
                    i16::from(p.promote),
                ]
            })
            .collect()
    });
    // The table is static; the base object only has to be one numpy cannot make
    // writeable (not an array, no buffer interface).
    let owner = PyCapsule::new_with_value(py, (), c"yono.ACTION_PARTS")?.into_any();
    Ok(vector_env::view(&owner, table, &[ACTION_SIZE, 3], &[3, 1])?.into_any())
}

/// Registers the ML classes, functions and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<vector_env::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(decided_rewards, m)?)?;
    m.add_function(wrap_pyfunction!(place_reward, m)?)?;
    m.add_function(wrap_pyfunction!(draw_place, m)?)?;
    m.add("ACTION_SIZE", ACTION_SIZE)?;
    m.add("OBSERVATION_SHAPE", (OBS_PLANES, 9, 9))?;
    m.add("OBSERVATION_SIZE", OBS_LEN)?;
    m.add("DEFAULT_MAX_PLIES", DEFAULT_MAX_PLIES)?;
    m.add("ACTION_SOURCES", yono_ml::SOURCES)?;
    m.add("ACTION_TARGETS", yono_ml::TARGETS)?;
    m.add("ACTION_PARTS", action_parts_table(m.py())?)?;
    m.add("LEGAL_WIDTH", yono_ml::LEGAL_WIDTH)?;
    Ok(())
}
