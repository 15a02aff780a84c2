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
//! game.play_text("5g5f").unwrap();
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

use crate::{
    EndReason, Error, Game, Move, MoveError, ParseMoveError, Position, Ruleset, Seat, Status,
};
use std::collections::BTreeMap;

#[cfg(feature = "serde")]
mod json;
mod replay;
mod text;

use std::fmt::Write as _;

/// The format line of the text form, and the `format` field of the JSON form.
pub const FORMAT: &str = "yono-record 1";

/// The UTF-8 byte-order mark, which editors on Windows put at the start of a file:
/// skipped before a record is read.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// Longest record text (or JSON) accepted, in bytes.
pub const MAX_RECORD_LEN: usize = 8 * 1024 * 1024;

/// Most moves a record may hold.
pub const MAX_PLIES: usize = 100_000;

/// Longest metadata value or comment, in bytes.
pub const MAX_VALUE_LEN: usize = 1024;

/// Longest metadata key, in bytes.
pub const MAX_KEY_LEN: usize = 32;

/// The keys of the text form that are not metadata.
pub const RESERVED_KEYS: [&str; 5] = ["format", "ruleset", "start", "status", "scores"];

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

/// What is wrong with a move of a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveProblem {
    /// The line does not start with the expected move number.
    #[error("expected move number {expected}, found {found:?}")]
    Number {
        /// The number this move must have.
        expected: usize,
        /// What the line has.
        found: String,
    },
    /// The stated seat is not the seat to move.
    #[error("the seat to move is {expected}, but the record says {found:?}")]
    Seat {
        /// The seat to move.
        expected: Seat,
        /// What the record says.
        found: String,
    },
    /// Not a move, or not a legal one here.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The stated checkmates differ from what the move does.
    #[error("the record says the move checkmates {stated:?}, but it checkmates {actual:?}")]
    Mates {
        /// What the record says (`mates` list as written, `""` for none).
        stated: String,
        /// What the move does.
        actual: String,
    },
    /// Text after the move that is neither `mates …` nor a `;` comment.
    #[error(
        "unexpected text {0:?} after the move (expected 'mates <seat><score> …' or '; comment')"
    )]
    Trailing(String),
}

/// A record that cannot be loaded, or metadata or a comment that cannot be stored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Longer than [`MAX_RECORD_LEN`].
    #[error("record is {len} bytes long; at most {max} are accepted")]
    TooLong {
        /// Length of the input.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// More than [`MAX_PLIES`] moves.
    #[error("record has more than {0} moves")]
    TooManyMoves(usize),
    /// A line that is no header, move, comment or blank line.
    #[error("line {line}: cannot read {text:?} (expected 'key: value', '<number> <seat> <move>', '# comment' or a blank line)")]
    Syntax {
        /// Line number, from 1.
        line: usize,
        /// The line (cut to 64 characters).
        text: String,
    },
    /// The `format` is not [`FORMAT`].
    #[error("{}unknown format {found:?} (expected {FORMAT:?})", at(*line))]
    Format {
        /// Line number (0 in JSON).
        line: usize,
        /// What was found.
        found: String,
    },
    /// A metadata key that is not lower-case ASCII letters, digits, `_` and `-`
    /// (starting with a letter, at most [`MAX_KEY_LEN`] bytes), or a reserved key
    /// given as metadata.
    #[error("{}bad metadata key {key:?} (lower-case letters, digits, '_' and '-', starting with a letter, at most 32 bytes; not format, ruleset, start, status or scores)", at(*line))]
    BadKey {
        /// Line number (0 outside a text record).
        line: usize,
        /// The key (cut to 64 characters).
        key: String,
    },
    /// A value or comment that is empty, too long, or holds control characters.
    #[error("{}bad value for {key:?}: {reason}", at(*line))]
    BadValue {
        /// Line number (0 outside a text record).
        line: usize,
        /// The key, or `"comment"`.
        key: String,
        /// Why.
        reason: &'static str,
    },
    /// A key given twice.
    #[error("{}{key:?} is given twice", at(*line))]
    DuplicateKey {
        /// Line number.
        line: usize,
        /// The key.
        key: String,
    },
    /// A header line (other than `status`/`scores`) after the first move.
    #[error(
        "line {line}: header {key:?} after the moves (only status and scores may follow them)"
    )]
    HeaderAfterMoves {
        /// Line number.
        line: usize,
        /// The key.
        key: String,
    },
    /// The `ruleset` is not `yono` or `shogi`, or does not match the start position.
    #[error("{}ruleset {found:?} {}", at(*line), if *mismatch { "does not match the start position" } else { "is not yono or shogi" })]
    Ruleset {
        /// Line number (0 in JSON).
        line: usize,
        /// What was found.
        found: String,
        /// Whether it is a known ruleset that contradicts the start position.
        mismatch: bool,
    },
    /// The start position is invalid.
    #[error("{}start position: {error}", at(*line))]
    Start {
        /// Line number (0 in JSON).
        line: usize,
        /// Why.
        error: Error,
    },
    /// A bad move: the first one found, with its number (ply, from 1).
    #[error("move {ply}{}: {text:?}: {problem}", on(*line))]
    BadMove {
        /// The move's number in the record, from 1.
        ply: usize,
        /// Line number (0 in JSON).
        line: usize,
        /// The move as written (cut to 64 characters).
        text: String,
        /// What is wrong.
        problem: MoveProblem,
    },
    /// The stated status or scores contradict the replay.
    #[error("{}the record says {field} {stated:?}, but the moves give {actual:?}", at(*line))]
    Result {
        /// Line number (0 in JSON).
        line: usize,
        /// `"status"` or `"scores"`.
        field: &'static str,
        /// What the record says.
        stated: String,
        /// What the replay gives.
        actual: String,
    },
    /// A comment for a move the record does not have.
    #[error("no move {ply} to comment on (the record has {plies} moves)")]
    NoSuchMove {
        /// The requested move number.
        ply: usize,
        /// How many moves there are.
        plies: usize,
    },
    /// Malformed JSON, or JSON not shaped like a record.
    #[error("JSON: {0}")]
    Json(String),
}

fn at(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    }
}

fn on(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(" (line {line})")
    }
}

impl RecordError {
    /// The number (ply, from 1) of the bad move, for [`RecordError::BadMove`].
    pub fn ply(&self) -> Option<usize> {
        match self {
            RecordError::BadMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }

    /// The line of the text record the error is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        let line = match self {
            RecordError::Syntax { line, .. }
            | RecordError::Format { line, .. }
            | RecordError::BadKey { line, .. }
            | RecordError::BadValue { line, .. }
            | RecordError::DuplicateKey { line, .. }
            | RecordError::HeaderAfterMoves { line, .. }
            | RecordError::Ruleset { line, .. }
            | RecordError::Start { line, .. }
            | RecordError::BadMove { line, .. }
            | RecordError::Result { line, .. } => *line,
            _ => 0,
        };
        (line > 0).then_some(line)
    }
}

crate::error::error_codes! {
    RecordError => RECORD_CODES {
        RecordError::TooLong { .. } => "record_too_long",
        RecordError::TooManyMoves(_) => "record_too_many_moves",
        RecordError::Syntax { .. } => "record_syntax",
        RecordError::Format { .. } => "record_format",
        RecordError::BadKey { .. } => "record_bad_key",
        RecordError::BadValue { .. } => "record_bad_value",
        RecordError::DuplicateKey { .. } => "record_duplicate_key",
        RecordError::HeaderAfterMoves { .. } => "record_header_after_moves",
        RecordError::Ruleset { .. } => "record_ruleset",
        RecordError::Start { .. } => "record_start",
        RecordError::BadMove { .. } => "record_bad_move",
        RecordError::Result { .. } => "record_result",
        RecordError::NoSuchMove { .. } => "record_no_such_move",
        RecordError::Json(_) => "record_json",
    }
}

fn cut(text: &str) -> String {
    text.chars().take(64).collect()
}

/// Checks a metadata key.
fn check_key(line: usize, key: &str) -> Result<(), RecordError> {
    let ok = !key.is_empty()
        && key.len() <= MAX_KEY_LEN
        && key.as_bytes()[0].is_ascii_lowercase()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
        && !RESERVED_KEYS.contains(&key);
    if ok {
        Ok(())
    } else {
        Err(RecordError::BadKey {
            line,
            key: cut(key),
        })
    }
}

/// Normalises a value or comment: trimmed, non-empty, no control characters, at most
/// [`MAX_VALUE_LEN`] bytes.
fn clean_value(line: usize, key: &str, value: &str) -> Result<String, RecordError> {
    let bad = |reason| RecordError::BadValue {
        line,
        key: cut(key),
        reason,
    };
    let value = value.trim();
    if value.is_empty() {
        return Err(bad("empty"));
    }
    if value.len() > MAX_VALUE_LEN {
        return Err(bad("longer than 1024 bytes"));
    }
    if value.chars().any(char::is_control) {
        return Err(bad("holds a control character (values are one line)"));
    }
    Ok(value.to_string())
}

/// The result line of a record (text and JSON): the status, and after a Shogi loss by
/// perpetual check the reason in brackets (`won by North (perpetual check)`).
fn status_line(game: &Game) -> String {
    let status = game.status();
    match game.end_reason() {
        Some(reason @ EndReason::PerpetualCheck) => format!("{status} ({reason})"),
        _ => status.to_string(),
    }
}

/// Reads a result line: a status, optionally followed by ` (<end reason>)`; `None` when
/// malformed.
fn parse_status_line(text: &str) -> Option<(Status, Option<EndReason>)> {
    match text.strip_suffix(')').and_then(|t| t.split_once(" (")) {
        Some((status, reason)) => Some((status.parse().ok()?, Some(reason.parse().ok()?))),
        None => Some((text.parse().ok()?, None)),
    }
}

/// Whether a stated result line agrees with the game: the same status, and the same
/// end reason when one is stated.
fn status_agrees(stated: &str, game: &Game) -> bool {
    match parse_status_line(stated) {
        Some((status, reason)) => {
            status == game.status() && reason.map_or(true, |r| Some(r) == game.end_reason())
        }
        None => false,
    }
}

/// The scores as the text form writes them: `s=3 w=0 n=1 e=2`, `-` while undecided.
fn scores_text(ruleset: Ruleset, scores: [Option<u8>; 4]) -> String {
    ruleset
        .seats()
        .iter()
        .map(|s| match scores[s.index()] {
            Some(v) => format!("{}={v}", s.letter()),
            None => format!("{}=-", s.letter()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses `s=3 w=- …`; `None` when malformed.
fn parse_scores(text: &str) -> Option<[Option<u8>; 4]> {
    let mut scores = [None; 4];
    let mut seen = [false; 4];
    for token in text.split_ascii_whitespace() {
        let (seat, value) = token.split_once('=')?;
        let seat: Seat = seat.parse().ok()?;
        if seen[seat.index()] {
            return None;
        }
        seen[seat.index()] = true;
        scores[seat.index()] = match value {
            "-" => None,
            v if v.len() == 1 => Some(v.parse::<u8>().ok()?),
            _ => return None,
        };
    }
    Some(scores)
}

/// The `mates` list of one move: `e0 w0`.
fn mates_text(elims: &crate::Eliminations) -> String {
    elims
        .iter()
        .map(|(s, score)| format!("{}{score}", s.letter()))
        .collect::<Vec<_>>()
        .join(" ")
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
