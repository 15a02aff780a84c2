//! Game records: a whole game (metadata, start position, moves with optional
//! comments, per-seat results and scores) as human-readable text and, with the
//! `serde` feature, as JSON. The format is documented in the project's
//! `docs/RECORDS.md`.
//!
//! Loading replays every move and reports the first bad one with its number; results,
//! scores and checkmates stated in a record must agree with the replay. Saving and
//! loading round-trips: `GameRecord::from_text(&rec.to_text()) == Ok(rec)`.
//!
//! ```
//! use yono::GameRecord;
//! use yono::Game;
//!
//! let mut game = Game::new(yono::Ruleset::Yono);
//! game.play("5g5f".parse().unwrap()).unwrap();
//! let mut rec = GameRecord::from_game(game);
//! rec.set_meta("event", "Club night").unwrap();
//! rec.set_comment(1, "the centre Pawn").unwrap();
//! let text = rec.to_text();
//! assert!(text.contains("1 s 5g5f ; the centre Pawn"));
//! assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
//!
//! let bad = text.replace("5g5f", "5g5e");
//! let err = GameRecord::from_text(&bad).unwrap_err();
//! assert_eq!(err.ply(), Some(1));
//! ```

use crate::{Game, Move, Position};
use raw::{check_key, clean_value};
use std::collections::BTreeMap;

mod error;
mod format;
#[cfg(feature = "serde")]
mod json;
mod raw;
mod replay;
mod text;

pub(crate) use error::RECORD_CODES;
pub use error::{MoveProblem, RecordError, StartError};
pub use format::{FORMAT, MAX_KEY_LEN, MAX_PLIES, MAX_RECORD_LEN, MAX_VALUE_LEN, RESERVED_KEYS};

/// A game with its metadata and comments.
///
/// Holds a [`Game`] (start position and moves, all legal) plus free-form metadata
/// (`event`, `date`, player names `south` … `east`, anything else) and a comment per
/// move. The results (status, scores, who was checkmated when) are always the ones the
/// moves produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    metadata: BTreeMap<String, String>,
    game: Game,
    comments: Vec<Option<String>>,
}

impl GameRecord {
    /// A record of `game`, without metadata or comments.
    pub fn from_game(game: Game) -> GameRecord {
        let comments = vec![None; game.moves().len()];
        GameRecord {
            metadata: BTreeMap::new(),
            game,
            comments,
        }
    }

    /// A record of a game that has not started, from `start`.
    pub fn new(start: Position) -> GameRecord {
        GameRecord::from_game(Game::from_position(start))
    }

    /// The game: start position, moves, current position, status and scores.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, giving up metadata and comments.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.game.start()
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// The metadata, by key.
    pub fn metadata(&self) -> &BTreeMap<String, String> {
        &self.metadata
    }

    /// One metadata value; `None` both for a key that is absent and for one that can
    /// never be stored ([`GameRecord::try_meta`] tells them apart).
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.metadata.get(key).map(String::as_str)
    }

    /// One metadata value, telling an absent key (`Ok(None)`) from one that could never
    /// be stored: a malformed key or a reserved one such as `status`
    /// (`Err(`[`RecordError::BadKey`]`)`, as [`GameRecord::set_meta`] would say).
    ///
    /// ```
    /// let mut rec = yono::GameRecord::new(yono::Position::start());
    /// rec.set_meta("event", "Club night").unwrap();
    /// assert_eq!(rec.try_meta("event"), Ok(Some("Club night")));
    /// assert_eq!(rec.try_meta("site"), Ok(None));
    /// assert_eq!(rec.try_meta("Bad Key").unwrap_err().code(), "record_bad_key");
    /// assert!(rec.try_meta("status").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`RecordError::BadKey`] for a key no record can hold.
    pub fn try_meta(&self, key: &str) -> Result<Option<&str>, RecordError> {
        check_key(0, key)?;
        Ok(self.meta(key))
    }

    /// Sets a metadata value (trimmed). Keys are lower-case ASCII letters, digits, `_`
    /// and `-`, starting with a letter; the usual ones are `event`, `site`, `date`,
    /// `round`, and the player names `south`, `west`, `north`, `east`. Values are one
    /// line of at most [`MAX_VALUE_LEN`] bytes, not empty.
    ///
    /// ```
    /// let mut rec = yono::GameRecord::new(yono::Position::start());
    /// rec.set_meta("south", " Alice ").unwrap();
    /// assert_eq!(rec.meta("south"), Some("Alice"));
    /// assert!(rec.set_meta("Bad Key", "x").is_err());
    /// assert!(rec.set_meta("event", "two\nlines").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`RecordError::BadKey`] or [`RecordError::BadValue`] for a key or value the
    /// text form cannot hold.
    pub fn set_meta(&mut self, key: &str, value: &str) -> Result<(), RecordError> {
        check_key(0, key)?;
        let value = clean_value(0, key, value)?;
        self.metadata.insert(key.to_string(), value);
        Ok(())
    }

    /// Removes a metadata value, returning it.
    pub fn remove_meta(&mut self, key: &str) -> Option<String> {
        self.metadata.remove(key)
    }

    /// The comment on move `ply` (from 1).
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments.get(ply.checked_sub(1)?)?.as_deref()
    }

    /// Sets the comment on move `ply` (from 1): one line, trimmed, at most
    /// [`MAX_VALUE_LEN`] bytes; an empty comment removes it.
    ///
    /// # Errors
    ///
    /// [`RecordError`] when there is no move `ply`, or the comment cannot be written.
    pub fn set_comment(&mut self, ply: usize, comment: &str) -> Result<(), RecordError> {
        let plies = self.comments.len();
        let slot = ply
            .checked_sub(1)
            .and_then(|i| self.comments.get_mut(i))
            .ok_or(RecordError::NoSuchMove { ply, plies })?;
        *slot = if comment.trim().is_empty() {
            None
        } else {
            Some(clean_value(0, "comment", comment)?)
        };
        Ok(())
    }

    /// Plays a move (see [`Game::play`]), with an optional comment.
    ///
    /// # Errors
    ///
    /// [`RecordError`] when the move is illegal or the comment cannot be written.
    pub fn play(&mut self, mv: Move, comment: Option<&str>) -> Result<(), RecordError> {
        let ply = self.comments.len() + 1;
        let comment = match comment.map(str::trim) {
            Some(c) if !c.is_empty() => Some(clean_value(0, "comment", c)?),
            _ => None,
        };
        self.game.play(mv).map_err(|e| RecordError::BadMove {
            ply,
            line: 0,
            text: mv.to_string(),
            problem: MoveProblem::Move(e),
        })?;
        self.comments.push(comment);
        Ok(())
    }

    /// Takes back the last move and its comment.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.game.undo()?;
        self.comments.pop();
        Some(mv)
    }
}
