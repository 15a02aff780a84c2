//! Pickling: a game is its start text plus its moves packed as 16-bit move codes (two
//! bytes a move); loading checks every move again. A game with notes (set through the
//! deprecated record methods) pickles as the old record class did: `(start, codes,
//! metadata, comments)`. Pickles of earlier versions load too: moves as a list of
//! texts (old `Position`s), and the old record class's state.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use yono::Game;

use super::{Notes, PyGame};
use crate::errors::{core_err, move_err};

/// The moves packed as little-endian 16-bit codes.
pub(crate) fn pack_moves(moves: &[yono::Move]) -> Vec<u8> {
    moves.iter().flat_map(|m| m.code().to_le_bytes()).collect()
}

/// The moves of a pickled state: packed codes, or (older pickles) move texts.
pub(crate) fn unpack_moves(py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Vec<yono::Move>> {
    if let Ok(bytes) = state.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        if bytes.len() % 2 != 0 {
            return Err(PyValueError::new_err("corrupt pickle: odd move bytes"));
        }
        return bytes
            .chunks_exact(2)
            .map(|c| {
                let code = u16::from_le_bytes([c[0], c[1]]);
                yono::Move::from_code(code).ok_or_else(|| {
                    PyValueError::new_err(format!("corrupt pickle: move code {code}"))
                })
            })
            .collect();
    }
    let texts: Vec<String> = state.extract()?;
    texts
        .iter()
        .map(|t| yono::Move::from_usi(t).map_err(|e| move_err(py, e.into())))
        .collect()
}

/// `start` with `moves` replayed, each checked.
pub(crate) fn replay(
    py: Python<'_>,
    start: yono::Position,
    moves: &[yono::Move],
) -> PyResult<Game> {
    let mut game = Game::from_position(start);
    for &mv in moves {
        game.play(mv).map_err(|e| move_err(py, e))?;
    }
    Ok(game)
}

/// The notes of a pickled state: metadata pairs and comments, checked by the core.
pub(crate) fn unpack_notes(
    py: Python<'_>,
    game: &Game,
    meta: Vec<(String, String)>,
    comments: Vec<Option<String>>,
) -> PyResult<Notes> {
    let mut rec = yono::GameRecord::from_game(game.clone());
    Notes::apply(py, &mut rec, &meta, &comments)?;
    Ok(Notes::of(&rec))
}

#[pymethods]
impl PyGame {
    /// Pickle support: the start text, then the moves as state (with the notes, if any).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (start, codes, notes) = {
            let state = self.state.get(py)?;
            let codes = pack_moves(state.game.moves());
            (state.game.start().text(), codes, state.notes.clone())
        };
        let codes = PyBytes::new(py, &codes).into_any();
        let state = match notes {
            None => codes,
            Some(notes) => (
                start.clone(),
                codes,
                notes.metadata_pairs(),
                notes.comments.clone(),
            )
                .into_pyobject(py)?
                .into_any(),
        };
        PyTuple::new(
            py,
            [
                py.get_type::<PyGame>().into_any(),
                PyTuple::new(py, [start])?.into_any(),
                state,
            ],
        )
    }

    /// Restores a pickled state (see the module documentation for the forms read).
    fn __setstate__(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let (game, notes) = match state.cast::<PyTuple>() {
            // With notes: (start text, codes, metadata, comments).
            Ok(t) => {
                let (start, codes, meta, comments): (String, Bound<'_, PyAny>, _, _) =
                    t.extract()?;
                let start = yono::Position::from_text(&start).map_err(|e| core_err(py, e))?;
                let game = replay(py, start, &unpack_moves(py, &codes)?)?;
                let notes = unpack_notes(py, &game, meta, comments)?;
                (game, Some(notes))
            }
            Err(_) => {
                let start = self.game(py)?.start().clone();
                (replay(py, start, &unpack_moves(py, state)?)?, None)
            }
        };
        let mut s = self.state.get_mut(py)?;
        s.game = game;
        s.notes = notes.map(Box::new);
        Ok(())
    }
}
