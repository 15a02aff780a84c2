//! The crate's one error type, [`Error`], over the errors of each operation (kept
//! beside it: `notation/error.rs`, `position/error.rs`, `movegen/error.rs`,
//! `record/error.rs`), and [`ERROR_CODES`], every code any of them has.

use crate::codes::distinct;
use crate::{MoveError, ParseError, PositionError};

/// Any error of this crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Malformed position text.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A position that cannot exist.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A bad or illegal move.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A game record that cannot be read or replayed.
    #[cfg(feature = "record")]
    #[error(transparent)]
    Record(Box<crate::RecordError>),
}

#[cfg(feature = "record")]
impl From<crate::RecordError> for Error {
    fn from(e: crate::RecordError) -> Error {
        Error::Record(Box::new(e))
    }
}

impl Error {
    /// The code of the wrapped error (see [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Parse(e) => e.code(),
            Error::Position(e) => e.code(),
            Error::Move(e) => e.code(),
            #[cfg(feature = "record")]
            Error::Record(e) => e.code(),
        }
    }
}

// Record codes come last, so the codes of the other types keep their places with or
// without the `record` feature (the bindings always enable it).
#[cfg(feature = "record")]
const RECORD_CODES: &[&str] = crate::record::RECORD_CODES;
#[cfg(not(feature = "record"))]
const RECORD_CODES: &[&str] = &[];

/// Append new lists (or codes) at the end only: the position of a code is its number
/// in C.
const LISTS: &[&[&str]] = &[
    crate::notation::error::PARSE_CODES,
    crate::position::error::POSITION_CODES,
    &["malformed_move"],
    crate::movegen::error::ILLEGAL_MOVE_CODES,
    RECORD_CODES,
];
const ALL: ([&str; 128], usize) = distinct(LISTS);

/// Every error code the crate can return, in a stable order (new codes are appended):
/// the one table the bindings derive theirs from (the C `enum yono_error_code`, the
/// Python `yono.error_codes()`). Generated from the same lists as the `code()` methods.
///
/// ```
/// assert!(yono::ERROR_CODES.contains(&"rank_length"));
/// let err = yono::Position::from_text("9 s -/-/-/- swne 1").unwrap_err();
/// assert!(yono::ERROR_CODES.contains(&err.code()));
/// ```
pub const ERROR_CODES: &[&str] = ALL.0.split_at(ALL.1).0;

#[cfg(test)]
mod tests {
    #[test]
    fn codes_are_distinct_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in super::ERROR_CODES {
            assert!(seen.insert(code), "{code} twice");
            assert!(!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
    }
}
