//! A record as read, before the replay ([`RawRecord`], [`MoveParts`]): what the text
//! and JSON readers hand to `replay.rs`, and the pieces of record text both forms
//! share (keys, values, the result line, scores, the `mates` list).

use super::error::RecordError;
use super::format::{BYTE_ORDER_MARK, MAX_KEY_LEN, MAX_RECORD_LEN, MAX_VALUE_LEN, RESERVED_KEYS};
use crate::{EndReason, Game, Move, ParseMoveError, Ruleset, Seat, Status};
use std::collections::BTreeMap;

/// A record as read, before the replay.
#[derive(Default)]
pub(super) struct RawRecord {
    pub(super) format: Option<(usize, String)>,
    pub(super) ruleset: Option<(usize, String)>,
    pub(super) start: Option<(usize, String)>,
    pub(super) status: Option<(usize, String)>,
    pub(super) scores: Option<(usize, String)>,
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(super) scores_json: Option<[Option<u8>; 4]>,
    pub(super) metadata: BTreeMap<String, String>,
    /// Each move with its line (0 in JSON).
    pub(super) moves: Vec<(usize, MoveParts)>,
}

/// One move as read: its fields, before checking (the seat as written: a letter or a
/// name).
pub(super) struct MoveParts {
    pub(super) number: Option<String>,
    pub(super) seat: Option<String>,
    pub(super) mv: Result<Move, ParseMoveError>,
    pub(super) mates: Option<String>,
    pub(super) trailing: Option<String>,
    pub(super) comment: Option<String>,
    pub(super) text: String,
}

/// The record text to read: without a leading byte-order mark, and refused when longer
/// than [`MAX_RECORD_LEN`] (both forms).
pub(super) fn record_input(text: &str) -> Result<&str, RecordError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError::TooLong {
            len: text.len(),
            max: MAX_RECORD_LEN,
        });
    }
    Ok(text)
}

pub(super) fn cut(text: &str) -> String {
    text.chars().take(64).collect()
}

/// Checks a metadata key.
pub(super) fn check_key(line: usize, key: &str) -> Result<(), RecordError> {
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
pub(super) fn clean_value(line: usize, key: &str, value: &str) -> Result<String, RecordError> {
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
pub(super) fn status_line(game: &Game) -> String {
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
pub(super) fn status_agrees(stated: &str, game: &Game) -> bool {
    match parse_status_line(stated) {
        Some((status, reason)) => {
            status == game.status() && reason.map_or(true, |r| Some(r) == game.end_reason())
        }
        None => false,
    }
}

/// The scores as the text form writes them: `s=3 w=0 n=1 e=2`, `-` while undecided.
pub(super) fn scores_text(ruleset: Ruleset, scores: [Option<u8>; 4]) -> String {
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
pub(super) fn parse_scores(text: &str) -> Option<[Option<u8>; 4]> {
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
pub(super) fn mates_text(elims: &crate::Eliminations) -> String {
    elims
        .iter()
        .map(|(s, score)| format!("{}{score}", s.letter()))
        .collect::<Vec<_>>()
        .join(" ")
}
