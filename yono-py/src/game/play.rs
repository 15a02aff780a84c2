//! Legal moves, checking a move, playing and taking back, the history.
//!
//! The ways to play a move (docs/ARCHITECTURE.md, "Playing a move"): `push` (checked;
//! with `pop` the make/unmake of a search loop), and three that answer another need:
//! `push_described` (a GUI: what the move did), `redo` (stepping through a history),
//! `playout` (many random moves in Rust). `push_usi` is `push` of text, deprecated.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use super::PyGame;
use crate::conversion::Wrap;
use crate::errors::{illegal, move_err};
use crate::moves::{move_list, move_obj, move_vec, PyMove};

impl PyGame {
    /// Runs `f` on the legal moves (none once the game is over), outside the borrow.
    pub(crate) fn with_moves<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&[yono::Move]) -> T,
    ) -> PyResult<T> {
        // `Game::legal_moves` is empty after a repetition draw; the list is on the stack.
        let moves = self.game(py)?.legal_moves();
        Ok(f(moves.as_slice()))
    }

    /// Plays a move through [`yono::Game::play`] (checked: a move `legal_moves` listed
    /// in this very position with one probe, anything else in full). `object` is the
    /// Move object the move came as, if any (for [`PyGame::pop`]).
    pub(crate) fn play(
        &self,
        py: Python<'_>,
        mv: yono::Move,
        object: Option<&Bound<'_, PyMove>>,
    ) -> PyResult<()> {
        let mut state = self.state.get_mut(py)?;
        let s = &mut *state;
        if let Err(e) = s.game.play(mv) {
            drop(state);
            return Err(move_err(py, e));
        }
        let ply = s.game.moves().len();
        let before =
            std::mem::replace(&mut s.pushed, object.map(|obj| (ply, obj.clone().unbind())));
        // Released after the borrow: freeing a Python object may run other code.
        drop(state);
        if let Some((_, obj)) = before {
            obj.drop_ref(py);
        }
        Ok(())
    }

    /// Takes back the last move (the core game keeps the listed legal moves when their
    /// position is still on the stack); returns its Move object (IndexError when there
    /// is none).
    pub(crate) fn pop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let mut state = self.state.get_mut(py)?;
        let s = &mut *state;
        let ply = s.game.moves().len();
        let undone = s.game.undo();
        let now = s.game.moves().len();
        if let Some(notes) = &mut s.notes {
            notes.forget_above(now);
        }
        let pushed = s.pushed.take();
        drop(state);
        let mv = undone.ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        if let Some((at, obj)) = pushed {
            if at == ply && obj.get().0 == mv {
                return Ok(obj.into_bound(py));
            }
            obj.drop_ref(py);
        }
        move_obj(py, mv)
    }
}

#[pymethods]
impl PyGame {
    /// The legal moves (a fresh list; empty once the game is over).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Owned, so no borrow is held while the Move objects are made.
        let moves = self.state.get_mut(py)?.game.list_legal_moves();
        move_list(py, moves.as_slice())
    }

    /// The legal moves as compact 16-bit codes (see `Move.code`), as a list of ints: it
    /// costs about as much as `legal_moves` (a list of Python objects either way). For
    /// speed use `legal_move_bytes`, `legal_actions` or `legal_action_mask`.
    fn legal_move_codes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let codes: Vec<u16> =
            self.with_moves(py, |moves| moves.iter().map(|m| m.code()).collect())?;
        PyList::new(py, codes)
    }

    /// The legal move codes packed as little-endian 16-bit integers in one `bytes`
    /// object (e.g. for `numpy.frombuffer(b, "<u2")` or `memoryview(b).cast("H")`).
    fn legal_move_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes: Vec<u8> = self.with_moves(py, |moves| {
            moves.iter().flat_map(|m| m.code().to_le_bytes()).collect()
        })?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// How many legal moves there are.
    fn legal_move_count(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_moves(py, |moves| moves.len())
    }

    /// Whether `move` (a Move or move text) is legal here; False for malformed text.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match r#move.extract::<Wrap<yono::Move>>() {
            Ok(mv) => Ok(self.game(py)?.is_legal(mv.0)),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Raises IllegalMoveError (with `.code`) unless `move` is legal here.
    fn check_move(&self, py: Python<'_>, r#move: Wrap<yono::Move>) -> PyResult<()> {
        let verdict = self.game(py)?.check_move(r#move.0);
        verdict.map_err(|reason| illegal(py, r#move.0, reason))
    }

    /// Parses move text and checks that it is legal here; returns the Move.
    fn parse_usi<'py>(&self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = yono::Move::from_usi(usi).map_err(|e| move_err(py, e.into()))?;
        let verdict = self.game(py)?.check_move(mv);
        verdict.map_err(|reason| illegal(py, mv, reason))?;
        move_obj(py, mv)
    }

    // `push` and `pop` are installed by `fastcall::install`.

    /// Parses, checks and plays move text; returns the Move. Deprecated: `push` takes
    /// move text too (and `peek()` gives the Move).
    fn push_usi<'py>(&self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyMove>> {
        crate::errors::deprecated(
            py,
            "Game.push_usi(text) is deprecated: use Game.push(text) (and peek() for the Move)",
        )?;
        let mv = yono::Move::from_usi(usi).map_err(|e| move_err(py, e.into()))?;
        self.play(py, mv, None)?;
        move_obj(py, mv)
    }

    /// The last move; IndexError if there is none.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let last = self.game(py)?.moves().last().copied();
        let mv = last.ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        move_obj(py, mv)
    }

    /// The moves pushed so far (oldest first).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.game(py)?.moves().to_vec();
        move_list(py, &moves)
    }

    /// How many moves have been pushed.
    fn ply(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.game(py)?.moves().len())
    }

    /// Plays again the last move taken back by `pop` and returns it; IndexError when
    /// there is none (nothing popped, or another move pushed since). With `pop`, it
    /// steps a GUI back and forth through a game.
    fn redo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let redone = self.game_mut(py)?.redo();
        move_obj(
            py,
            redone.ok_or_else(|| PyIndexError::new_err("nothing to redo"))?,
        )
    }

    /// The moves `redo` would play, the next one last.
    #[getter]
    fn redo_stack<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let moves = self.game(py)?.redo_moves().to_vec();
        move_vec(py, &moves)
    }
}
