//! Why a record cannot be loaded or edited: [`RecordError`], with the problem of a bad
//! move ([`MoveProblem`]) and of a bad start position ([`StartError`]).

use super::format::FORMAT;
use crate::{MoveError, ParseError, PositionError, Seat};

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

/// Why the start position of a record cannot be used: malformed position text, or a
/// position that cannot exist (the two errors [`crate::Position::from_text`] gives).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// Malformed position text.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A position that cannot exist.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl StartError {
    /// The code of the wrapped error.
    pub fn code(&self) -> &'static str {
        match self {
            StartError::Parse(e) => e.code(),
            StartError::Position(e) => e.code(),
        }
    }
}

/// A record that cannot be loaded, or metadata or a comment that cannot be stored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Longer than [`MAX_RECORD_LEN`](crate::MAX_RECORD_LEN).
    #[error("record is {len} bytes long; at most {max} are accepted")]
    TooLong {
        /// Length of the input.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// More than [`MAX_PLIES`](crate::MAX_PLIES) moves.
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
    /// The `format` is not [`FORMAT`](crate::RECORD_FORMAT).
    #[error("{}unknown format {found:?} (expected {FORMAT:?})", at(*line))]
    Format {
        /// Line number (0 in JSON).
        line: usize,
        /// What was found.
        found: String,
    },
    /// A metadata key that is not lower-case ASCII letters, digits, `_` and `-`
    /// (starting with a letter, at most [`MAX_KEY_LEN`](crate::MAX_KEY_LEN) bytes), or a reserved key
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
        /// Why: malformed text or a position that cannot exist.
        error: StartError,
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

crate::codes::error_codes! {
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
