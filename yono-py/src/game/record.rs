//! What the old `yono.Game` (now `yono.Record`) offered, kept on `Game` for one release
//! so that code written against the old class keeps working: `Game(game)`,
//! `Game.load`, `save`, metadata, comments, `moves`, `position`, `start`, `len()`.
//! Each warns (`DeprecationWarning`) and says what to use instead; the notes it sets
//! (metadata, comments) live in [`Notes`] beside the game and follow it through
//! copies, pickles and `pop`.

use std::collections::BTreeMap;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};
use yono::GameRecord;

use super::PyGame;
use crate::errors::{deprecated, record_err};
use crate::moves::move_list;
use crate::record::{load_record, play_err, save_record};

/// Metadata and comments of a game, as the core's `GameRecord` keeps them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Notes {
    metadata: BTreeMap<String, String>,
    /// The comment of move `ply` at `ply - 1`; moves past the end have none.
    pub(crate) comments: Vec<Option<String>>,
}

impl Notes {
    /// The notes of a record.
    pub(crate) fn of(rec: &GameRecord) -> Notes {
        Notes {
            metadata: rec.metadata().clone(),
            comments: (1..=rec.moves().len())
                .map(|ply| rec.comment(ply).map(str::to_string))
                .collect(),
        }
    }

    /// Sets metadata and comments on `rec`, each checked by the core.
    pub(crate) fn apply(
        py: Python<'_>,
        rec: &mut GameRecord,
        meta: &[(String, String)],
        comments: &[Option<String>],
    ) -> PyResult<()> {
        for (key, value) in meta {
            rec.set_meta(key, value).map_err(|e| record_err(py, e))?;
        }
        for (i, comment) in comments.iter().enumerate() {
            if let Some(c) = comment {
                rec.set_comment(i + 1, c).map_err(|e| record_err(py, e))?;
            }
        }
        Ok(())
    }

    /// The metadata as (key, value) pairs, in key order.
    pub(crate) fn metadata_pairs(&self) -> Vec<(String, String)> {
        self.metadata.clone().into_iter().collect()
    }

    /// Forgets the comments of moves after `ply` (they were taken back).
    #[inline]
    pub(crate) fn forget_above(&mut self, ply: usize) {
        self.comments.truncate(ply);
    }
}

impl PyGame {
    /// The game as a record: its history and notes.
    pub(crate) fn record(&self, py: Python<'_>) -> PyResult<GameRecord> {
        let state = self.state.get(py)?;
        let mut rec = GameRecord::from_game(state.game.clone());
        if let Some(notes) = &state.notes {
            Notes::apply(py, &mut rec, &notes.metadata_pairs(), &notes.comments)?;
        }
        Ok(rec)
    }

    /// A Game of a record (history and notes).
    pub(crate) fn of_record(rec: GameRecord) -> PyGame {
        let notes = Notes::of(&rec);
        PyGame::with_notes(rec.into_game(), Some(Box::new(notes)))
    }

    /// The deprecated `Game.{method}()` that changes the notes: warns that
    /// `yono.Record.{method}()` is the one to use, applies `change` to the game's
    /// record and keeps the notes it leaves; an error (a `RecordError`) changes
    /// nothing.
    fn change_notes<T>(
        &self,
        py: Python<'_>,
        method: &str,
        change: impl FnOnce(&mut GameRecord) -> Result<T, yono::RecordError>,
    ) -> PyResult<T> {
        deprecated(
            py,
            &format!("Game.{method}() is deprecated: use yono.Record.{method}()"),
        )?;
        let mut rec = self.record(py)?;
        let out = change(&mut rec).map_err(|e| record_err(py, e))?;
        self.state.get_mut(py)?.notes = Some(Box::new(Notes::of(&rec)));
        Ok(out)
    }

    /// The deprecated `push(move, comment=...)`: plays the move with its comment, as a
    /// record would; a refused move or comment changes nothing.
    pub(crate) fn push_commented(
        &self,
        py: Python<'_>,
        mv: yono::Move,
        comment: &str,
    ) -> PyResult<()> {
        deprecated(
            py,
            "Game.push(move, comment=...) is deprecated: use yono.Record.push(move, comment)",
        )?;
        let mut rec = self.record(py)?;
        rec.play(mv, Some(comment)).map_err(|e| play_err(py, e))?;
        let notes = Notes::of(&rec);
        let mut state = self.state.get_mut(py)?;
        state.game = rec.into_game();
        state.notes = Some(Box::new(notes));
        Ok(())
    }
}

#[pymethods]
impl PyGame {
    /// Deprecated: use `yono.Record.load(text).game`. Reads a game record (text, or
    /// JSON when the text starts with "{"), replaying every move; RecordError otherwise.
    #[classmethod]
    fn load(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<PyGame> {
        deprecated(
            py,
            "Game.load(text) is deprecated: use yono.Record.load(text)",
        )?;
        Ok(PyGame::of_record(load_record(py, text)?))
    }

    /// Deprecated: use `yono.Record(game).save(format)`. The game as a record: "text"
    /// (default) or "json".
    #[pyo3(signature = (format = "text"))]
    fn save(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        deprecated(
            py,
            "Game.save() is deprecated: use yono.Record(game).save()",
        )?;
        save_record(&self.record(py)?, format)
    }

    /// Deprecated: use `yono.Record(game).metadata`.
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        deprecated(
            py,
            "Game.metadata is deprecated: use yono.Record(game).metadata",
        )?;
        let pairs = self
            .state
            .get(py)?
            .notes
            .as_ref()
            .map(|n| n.metadata_pairs());
        let dict = PyDict::new(py);
        for (k, v) in pairs.unwrap_or_default() {
            dict.set_item(k, v)?;
        }
        Ok(dict)
    }

    /// Deprecated: use `yono.Record(game).meta(key)`.
    fn meta(&self, py: Python<'_>, key: &str) -> PyResult<Option<String>> {
        deprecated(
            py,
            "Game.meta() is deprecated: use yono.Record(game).meta()",
        )?;
        let state = self.state.get(py)?;
        Ok(state
            .notes
            .as_ref()
            .and_then(|n| n.metadata.get(key).cloned()))
    }

    /// Deprecated: use `yono.Record.set_meta`.
    fn set_meta(&self, py: Python<'_>, key: &str, value: &str) -> PyResult<()> {
        self.change_notes(py, "set_meta", |rec| rec.set_meta(key, value))
    }

    /// Deprecated: use `yono.Record.remove_meta`.
    fn remove_meta(&self, py: Python<'_>, key: &str) -> PyResult<Option<String>> {
        self.change_notes(py, "remove_meta", |rec| Ok(rec.remove_meta(key)))
    }

    /// Deprecated: use `yono.Record(game).comments`.
    #[getter]
    fn comments(&self, py: Python<'_>) -> PyResult<Vec<Option<String>>> {
        deprecated(
            py,
            "Game.comments is deprecated: use yono.Record(game).comments",
        )?;
        let state = self.state.get(py)?;
        let mut comments = state
            .notes
            .as_ref()
            .map(|n| n.comments.clone())
            .unwrap_or_default();
        comments.resize(state.game.moves().len(), None);
        Ok(comments)
    }

    /// Deprecated: use `yono.Record(game).comment(ply)`.
    fn comment(&self, py: Python<'_>, ply: usize) -> PyResult<Option<String>> {
        deprecated(
            py,
            "Game.comment() is deprecated: use yono.Record(game).comment()",
        )?;
        let state = self.state.get(py)?;
        let notes = state.notes.as_ref();
        Ok(notes.and_then(|n| n.comments.get(ply.checked_sub(1)?).cloned().flatten()))
    }

    /// Deprecated: use `yono.Record.set_comment`.
    fn set_comment(&self, py: Python<'_>, ply: usize, comment: &str) -> PyResult<()> {
        self.change_notes(py, "set_comment", |rec| rec.set_comment(ply, comment))
    }

    /// Deprecated: use `move_stack`.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        deprecated(py, "Game.moves is deprecated: use Game.move_stack")?;
        let moves = self.game(py)?.moves().to_vec();
        move_list(py, &moves)
    }

    /// Deprecated: a Game is its own position; use `copy()`.
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<PyGame> {
        deprecated(
            py,
            "Game.position is deprecated: a Game is its own position; use copy()",
        )?;
        self.duplicate(py)
    }

    /// Deprecated: use `root()`.
    #[getter]
    fn start(&self, py: Python<'_>) -> PyResult<PyGame> {
        deprecated(py, "Game.start is deprecated: use Game.root()")?;
        self.root(py)
    }

    /// Deprecated: use `ply()`. The number of moves played.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        deprecated(py, "len(game) is deprecated: use game.ply()")?;
        Ok(self.game(py)?.moves().len())
    }

    // A Game is always true, although it has a (deprecated) length.
    fn __bool__(&self) -> bool {
        true
    }
}
