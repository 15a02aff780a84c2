//! `yono.Record`: a saved game, with metadata and per-move comments (the Python name of
//! the core's [`GameRecord`]; this class was called `yono.Game` before that name went
//! to the history-keeping class, docs/ARCHITECTURE.md).

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyType};
use yono::{Game, GameRecord};

use crate::conversion::Wrap;
use crate::errors::{move_err, record_err};
use crate::game::{pack_moves, replay, unpack_moves, Notes, PyGame};
use crate::moves::{move_list, move_obj, PyMove};
use crate::svg::jupyter_svg;
use crate::vocab::{PySeat, PyStatus};

/// A record read from text: the text form, or JSON when the text starts with "{".
/// Every move is replayed; RecordError (with code, ply, line) otherwise.
pub(crate) fn load_record(py: Python<'_>, text: &str) -> PyResult<GameRecord> {
    let rec = if text.trim_start().starts_with('{') {
        GameRecord::from_json(text)
    } else {
        GameRecord::from_text(text)
    };
    rec.map_err(|e| record_err(py, e))
}

/// A record written as "text" (the readable move list) or "json".
pub(crate) fn save_record(rec: &GameRecord, format: &str) -> PyResult<String> {
    match format {
        "text" => Ok(rec.to_text()),
        "json" => Ok(rec.to_json()),
        other => Err(PyValueError::new_err(format!(
            "unknown record format {other:?} (expected \"text\" or \"json\")"
        ))),
    }
}

/// The error of playing one move on a record: an illegal move is an
/// `IllegalMoveError` (as `Game.push` raises), a bad comment a `RecordError`.
pub(crate) fn play_err(py: Python<'_>, e: yono::RecordError) -> PyErr {
    match e {
        yono::RecordError::BadMove {
            problem: yono::MoveProblem::Move(e),
            ..
        } => move_err(py, e),
        e => record_err(py, e),
    }
}

/// A pickled `Record`: start text, move codes, metadata pairs, per-move comments.
type RecordState = (String, Vec<u8>, Vec<(String, String)>, Vec<Option<String>>);

/// A whole game with metadata and comments, saved and loaded as a game record (a
/// readable move list, or JSON; see docs/RECORDS.md).
///
/// `Record()` starts at the Yo[n]o start; `Record(game)` takes a Game's start, moves
/// (and any notes); `Record(ruleset="shogi")` starts a Shogi game. `Record.load(text)`
/// reads a record (text or JSON, detected) and replays every move: a bad one raises
/// RecordError with `e.ply`. `record.save()` writes the text form,
/// `record.save("json")` JSON; `Record.load(record.save()) == record`.
#[pyclass(name = "Record", module = "yono")]
#[derive(Clone)]
pub struct PyRecord {
    rec: GameRecord,
}

#[pymethods]
impl PyRecord {
    #[new]
    #[pyo3(signature = (game = None, *, ruleset = None))]
    fn py_new(
        py: Python<'_>,
        game: Option<&Bound<'_, PyGame>>,
        ruleset: Option<Wrap<yono::Ruleset>>,
    ) -> PyResult<PyRecord> {
        let rec = match (game, ruleset) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give a game or a ruleset, not both"))
            }
            (Some(g), None) => g.get().record(py)?,
            (None, r) => GameRecord::from_game(Game::new(r.map(|r| r.0).unwrap_or_default())),
        };
        Ok(PyRecord { rec })
    }

    /// Reads a game record: the text form, or JSON when the text starts with "{".
    /// Every move is replayed; raises RecordError (with code, ply, line).
    #[classmethod]
    fn load(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<PyRecord> {
        load_record(py, text).map(|rec| PyRecord { rec })
    }

    /// The record as text: "text" (the readable move list, default) or "json".
    #[pyo3(signature = (format = "text"))]
    fn save(&self, format: &str) -> PyResult<String> {
        save_record(&self.rec, format)
    }

    /// The metadata: {key: value} (a copy).
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in self.rec.metadata() {
            dict.set_item(k, v)?;
        }
        Ok(dict)
    }

    /// One metadata value, or None.
    fn meta(&self, key: &str) -> Option<String> {
        self.rec.meta(key).map(str::to_string)
    }

    /// Sets a metadata value (e.g. "event", "date", "south"); RecordError for a bad key
    /// or value (keys: lower-case letters, digits, _ and -; values: one line).
    fn set_meta(&mut self, py: Python<'_>, key: &str, value: &str) -> PyResult<()> {
        self.rec.set_meta(key, value).map_err(|e| record_err(py, e))
    }

    /// Removes a metadata value and returns it (None if absent).
    fn remove_meta(&mut self, key: &str) -> Option<String> {
        self.rec.remove_meta(key)
    }

    /// The moves, oldest first.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.rec.moves())
    }

    /// The comment of each move (None where there is none), oldest first.
    #[getter]
    fn comments(&self) -> Vec<Option<String>> {
        Notes::of(&self.rec).comments
    }

    /// The comment on move `ply` (from 1), or None.
    fn comment(&self, ply: usize) -> Option<String> {
        self.rec.comment(ply).map(str::to_string)
    }

    /// Sets the comment on move `ply` (from 1); "" removes it. RecordError otherwise.
    fn set_comment(&mut self, py: Python<'_>, ply: usize, comment: &str) -> PyResult<()> {
        self.rec
            .set_comment(ply, comment)
            .map_err(|e| record_err(py, e))
    }

    /// Plays a move (a Move or move text) with an optional comment; IllegalMoveError
    /// if it is not legal.
    #[pyo3(signature = (r#move, comment = None))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: Wrap<yono::Move>,
        comment: Option<&str>,
    ) -> PyResult<()> {
        self.rec
            .play(r#move.0, comment)
            .map_err(|e| play_err(py, e))
    }

    /// Takes back the last move (and its comment) and returns it; IndexError if none.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let mv = self
            .rec
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a record without moves"))?;
        move_obj(py, mv)
    }

    /// The game: the current position with the record's moves as its move stack (a
    /// copy, without the record's metadata and comments).
    #[getter]
    fn game(&self) -> PyGame {
        PyGame::new(self.rec.game().clone())
    }

    /// Deprecated: use `game` (the name of this property when the class was
    /// `yono.Game`).
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<PyGame> {
        crate::errors::deprecated(py, "Record.position is deprecated: use Record.game")?;
        Ok(self.game())
    }

    /// The start position (a Game without moves).
    #[getter]
    fn start(&self) -> PyGame {
        PyGame::new(Game::from_position(self.rec.start().clone()))
    }

    /// The status: ONGOING, WON or DRAWN_BY_REPETITION.
    fn status(&self) -> PyStatus {
        PyStatus::of(self.rec.game().status())
    }

    /// The winner once the game is won, else None.
    fn winner(&self) -> Option<PySeat> {
        crate::game::winner_of(self.rec.game().status())
    }

    /// Scores by seat index [South, West, North, East]; None while undecided.
    fn scores(&self) -> [Option<u8>; 4] {
        self.rec.game().scores().into()
    }

    fn __len__(&self) -> usize {
        self.rec.moves().len()
    }

    fn __eq__(&self, other: PyRef<'_, PyRecord>) -> bool {
        self.rec == other.rec
    }

    fn __repr__(&self) -> String {
        let status = self.rec.game().status();
        format!("<yono.Record {} moves, {status}>", self.rec.moves().len())
    }

    /// The diagram of the current position, for Jupyter.
    fn _repr_svg_(&self) -> String {
        jupyter_svg(self.rec.game())
    }

    fn __copy__(&self) -> PyRecord {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyRecord {
        self.clone()
    }

    /// Pickle support, so a record comes back from a `multiprocessing` worker: the
    /// start text, the moves as 16-bit codes (as for Game), the metadata and the
    /// comments; loading checks every move and every metadata entry again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let notes = Notes::of(&self.rec);
        let state = (
            self.rec.start().text(),
            PyBytes::new(py, &pack_moves(self.rec.moves())),
            notes.metadata_pairs(),
            notes.comments,
        );
        Ok((py.get_type::<PyRecord>(), (), state)
            .into_pyobject(py)?
            .into_any())
    }

    fn __setstate__(&mut self, py: Python<'_>, state: RecordState) -> PyResult<()> {
        let (start, codes, meta, comments) = state;
        let start =
            yono::Position::from_text(&start).map_err(|e| crate::errors::core_err(py, e))?;
        let moves = unpack_moves(py, PyBytes::new(py, &codes).as_any())?;
        let mut rec = GameRecord::from_game(replay(py, start, &moves)?);
        Notes::apply(py, &mut rec, &meta, &comments)?;
        self.rec = rec;
        Ok(())
    }
}
