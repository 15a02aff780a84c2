//! `yono.Game`: a game in play, its position and its history (the Python name of the
//! core's [`yono::Game`]; `yono.Position` is its deprecated alias).
//!
//! The class is one struct ([`PyGame`]) with its methods by theme:
//!
//! | file | methods |
//! |---|---|
//! | `mod.rs` | the state, construction, text and SFEN, equality, copies |
//! | `play.rs` | legal moves, checking, `push`/`pop` (their Rust side), history |
//! | `board.rs` | what is on the board: pieces, Kings, reserves, threats, the key |
//! | `status.rs` | status, winner, end reason, scores, repetitions, lost seats, the board snapshot |
//! | `search.rs` | perft, divide, random playouts (in Rust, without the GIL) |
//! | `gui.rs` | what a GUI asks between clicks: moves from a square, previews |
//! | `svg.rs` | diagrams |
//! | `pickle.rs` | pickling |
//! | `record.rs` | the deprecated record methods of the old `yono.Game` (`save`, ...) |
//!
//! `push` and `pop` themselves are C-API methods (src/fastcall.rs) over
//! [`PyGame::play`] and [`PyGame::pop`].

mod board;
mod cell;
mod gui;
mod pickle;
mod play;
mod record;
mod search;
mod status;
mod svg;

use std::cell::{Ref, RefMut};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use yono::Game;

use crate::conversion::Wrap;
use crate::errors::{core_err, value_err};
use crate::moves::PyMove;
use crate::vocab::PyRuleset;
use cell::GilCell;
pub(crate) use pickle::{pack_moves, replay, unpack_moves};
pub(crate) use record::Notes;
pub(crate) use search::perft;
pub(crate) use status::winner_of;

/// A game: the current position and the moves that led to it (python-chess style).
///
/// `Game()` is the Yo[n]o start; `Game(text)` parses position text or SFEN (the
/// ruleset follows from the text: "s-n-" seats are standard Shogi);
/// `Game(ruleset="shogi")` or `Game.shogi()` is the Shogi start; `Game(other)` copies
/// another game, history included. Moves are played with `push` and taken back with
/// `pop`; the history also decides the fourfold-repetition draw.
///
/// Two games are equal when their current positions are (board, reserves, seats, seat
/// to move, move number), whatever their histories. Games are unhashable (they change
/// as moves are pushed); `game.hash()` is the Zobrist key of the current position.
//
// The class is `frozen` and keeps its state in a `GilCell`, borrowed by each method
// only for its Rust work, never while Python objects are made. pyo3's own borrow of a
// mutable class lasts the whole call, and making a Python object can let another
// thread run (pyo3 releases the GIL while it waits to fill a lazily created value),
// so a second thread using the same Game got "Already borrowed". (A `Mutex` in place
// of the cell measured 5.6 ns slower per push+pop pair.)
#[pyclass(name = "Game", module = "yono", frozen)]
pub struct PyGame {
    state: GilCell<GameState>,
}

/// What a Game keeps: the core game (which remembers the legal moves it last listed,
/// so that `push` checks a listed move with one probe), the Move object of the last
/// push, and (only for code written against the old record class) metadata and
/// comments.
struct GameState {
    game: Game,
    /// The Move object the last `push` was given, with the ply that push made.
    /// `pop` returns it when it takes that very move back (python-chess also returns
    /// the pushed object), instead of looking the move up in the cache of Move
    /// objects: that cache is 220 KB, so its slot is often a cache miss.
    pushed: Option<(usize, Py<PyMove>)>,
    /// Metadata and comments, when the deprecated record methods set some.
    notes: Option<Box<Notes>>,
}

impl PyGame {
    /// A Game of `game`, without notes.
    pub(crate) fn new(game: Game) -> PyGame {
        PyGame::with_notes(game, None)
    }

    fn with_notes(game: Game, notes: Option<Box<Notes>>) -> PyGame {
        PyGame {
            state: GilCell::new(GameState {
                game,
                pushed: None,
                notes,
            }),
        }
    }

    /// The core game, borrowed until the guard is dropped.
    pub(crate) fn game(&self, py: Python<'_>) -> PyResult<Ref<'_, Game>> {
        Ok(Ref::map(self.state.get(py)?, |s| &s.game))
    }

    /// The core game, to change.
    pub(crate) fn game_mut(&self, py: Python<'_>) -> PyResult<RefMut<'_, Game>> {
        Ok(RefMut::map(self.state.get_mut(py)?, |s| &mut s.game))
    }

    /// The current position (borrowed, like [`PyGame::game`]).
    pub(crate) fn pos(&self, py: Python<'_>) -> PyResult<Ref<'_, yono::Position>> {
        Ok(Ref::map(self.game(py)?, Game::position))
    }

    /// A copy of the core game.
    pub(crate) fn game_clone(&self, py: Python<'_>) -> PyResult<Game> {
        Ok(self.game(py)?.clone())
    }

    /// An independent copy: history and notes.
    fn duplicate(&self, py: Python<'_>) -> PyResult<PyGame> {
        let state = self.state.get(py)?;
        Ok(PyGame::with_notes(state.game.clone(), state.notes.clone()))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (text = None, ruleset = None, *, position = None))]
    fn py_new(
        py: Python<'_>,
        text: Option<&Bound<'_, PyAny>>,
        ruleset: Option<Wrap<yono::Ruleset>>,
        position: Option<&Bound<'_, PyGame>>,
    ) -> PyResult<PyGame> {
        let ruleset = ruleset.map(|r| r.0);
        if position.is_some() {
            crate::errors::deprecated(
                py,
                "Game(position=game) is deprecated: use Game(game) or game.copy()",
            )?;
        }
        let other = match (text, position) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give a text or a position, not both"))
            }
            (Some(t), None) => t.cast::<PyGame>().ok().cloned(),
            (None, p) => p.cloned(),
        };
        if let Some(other) = other {
            // A copy of another game, as the old record class's `Game(position)` made.
            if ruleset.is_some() {
                return Err(PyValueError::new_err("give a game or a ruleset, not both"));
            }
            return other.get().duplicate(py);
        }
        let position = match text {
            None => yono::Position::new(ruleset.unwrap_or_default()),
            Some(text) => {
                let pos = text.extract::<Wrap<yono::Position>>()?.0;
                if let Some(r) = ruleset.filter(|&r| r != pos.ruleset()) {
                    return Err(PyValueError::new_err(format!(
                        "the position text is a {} position, not {}",
                        pos.ruleset().name(),
                        r.name()
                    )));
                }
                pos
            }
        };
        Ok(PyGame::new(Game::from_position(position)))
    }

    /// Parses and validates position text; raises ParseError (with `.code`).
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<PyGame> {
        let pos = yono::Position::from_text(text).map_err(|e| core_err(py, e))?;
        Ok(PyGame::new(Game::from_position(pos)))
    }

    /// Reads a standard Shogi SFEN ("lnsgkgsnl/... b - 1"); raises ParseError.
    #[classmethod]
    fn from_sfen(_cls: &Bound<'_, PyType>, py: Python<'_>, sfen: &str) -> PyResult<PyGame> {
        let pos = yono::Position::from_sfen(sfen).map_err(|e| core_err(py, e))?;
        Ok(PyGame::new(Game::from_position(pos)))
    }

    /// The standard Shogi start position.
    #[classmethod]
    fn shogi(_cls: &Bound<'_, PyType>) -> PyGame {
        PyGame::new(Game::new(yono::Ruleset::Shogi))
    }

    /// The canonical position text of the current position.
    fn text(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.pos(py)?.text())
    }

    /// The SFEN of a standard Shogi position; ValueError for a Yo[n]o position.
    fn sfen(&self, py: Python<'_>) -> PyResult<String> {
        self.pos(py)?
            .sfen()
            .ok_or_else(|| value_err("SFEN exists only for standard Shogi positions"))
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self, py: Python<'_>) -> PyResult<PyRuleset> {
        Ok(PyRuleset::of(self.pos(py)?.ruleset()))
    }

    /// The position the move stack starts from (a new Game without history).
    fn root(&self, py: Python<'_>) -> PyResult<PyGame> {
        let start = self.game(py)?.start().clone();
        Ok(PyGame::new(Game::from_position(start)))
    }

    /// A copy; with `stack=False` the copy starts afresh from the current position
    /// (no history, so repetitions count from there).
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> PyResult<PyGame> {
        if stack {
            self.duplicate(py)
        } else {
            Ok(PyGame::new(Game::from_position(self.pos(py)?.clone())))
        }
    }

    /// Deprecated: use `copy()` (the same: an independent copy, history included, as
    /// C's `yono_game_clone`). The name `snapshot` is the core's for the board as
    /// plain data (`board_snapshot()` here).
    fn snapshot(&self, py: Python<'_>) -> PyResult<PyGame> {
        crate::errors::deprecated(py, "Game.snapshot() is deprecated: use Game.copy()")?;
        self.duplicate(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.duplicate(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        self.duplicate(py)
    }

    /// The text diagram: the board, each seat's state and reserve, and how the game
    /// stands ("move 25, drawn by repetition": never "to move" once it is over).
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.game(py)?.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("yono.Game('{}')", self.pos(py)?.text()))
    }

    fn __eq__(&self, py: Python<'_>, other: PyRef<'_, PyGame>) -> PyResult<bool> {
        Ok(*self.pos(py)? == *other.pos(py)?)
    }

    // Games change as moves are pushed, so they are unhashable (like python-chess
    // boards); `game.hash()` is the Zobrist key of the current position.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;
}
