//! The text form of a game record (docs/RECORDS.md).

use super::error::RecordError;
use super::format::{FORMAT, MAX_PLIES};
use super::raw::{
    check_key, clean_value, cut, mates_text, record_input, scores_text, status_line, MoveParts,
    RawRecord,
};
use super::GameRecord;
use crate::Move;
use std::fmt::Write as _;

impl GameRecord {
    /// The text form (see `docs/RECORDS.md`).
    ///
    /// ```
    /// let rec = yono::GameRecord::new(yono::Position::start());
    /// let text = rec.to_text();
    /// assert!(text.starts_with("format: yono-record 1\nruleset: yono\n"));
    /// assert!(text.ends_with("status: ongoing\nscores: s=- w=- n=- e=-\n"));
    /// ```
    pub fn to_text(&self) -> String {
        let start = self.game.start();
        let ruleset = start.ruleset();
        let mut out = String::with_capacity(256 + 24 * self.comments.len());
        let _ = writeln!(out, "format: {FORMAT}");
        let _ = writeln!(out, "ruleset: {}", ruleset.name());
        for (key, value) in &self.metadata {
            let _ = writeln!(out, "{key}: {value}");
        }
        let _ = writeln!(out, "start: {}", start.text());
        out.push('\n');
        let mut pos = start.clone();
        for (i, (&mv, comment)) in self.game.moves().iter().zip(&self.comments).enumerate() {
            let seat = pos.turn();
            let elims = pos.play_unchecked(mv);
            let _ = write!(out, "{} {} {mv}", i + 1, seat.letter());
            if !elims.is_empty() {
                let _ = write!(out, " mates {}", mates_text(&elims));
            }
            if let Some(c) = comment {
                let _ = write!(out, " ; {c}");
            }
            out.push('\n');
        }
        if !self.comments.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "status: {}", status_line(&self.game));
        let _ = writeln!(
            out,
            "scores: {}",
            scores_text(ruleset, self.game.scores().into())
        );
        out
    }

    /// Reads the text form, replaying and checking every move.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for the first problem: a malformed line, a bad header value, a
    /// move that cannot be played (with its number), or a stated result that the replay
    /// contradicts.
    pub fn from_text(text: &str) -> Result<GameRecord, RecordError> {
        let text = record_input(text)?;
        let mut headers: Vec<(usize, String, String)> = Vec::new();
        let mut moves: Vec<(usize, &str)> = Vec::new();
        let mut trailer: Vec<(usize, String, String)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if l.as_bytes()[0].is_ascii_digit() {
                if !trailer.is_empty() {
                    let (tl, key, _) = &trailer[0];
                    return Err(RecordError::HeaderAfterMoves {
                        line: *tl,
                        key: key.clone(),
                    });
                }
                if moves.len() >= MAX_PLIES {
                    return Err(RecordError::TooManyMoves(MAX_PLIES));
                }
                moves.push((line, l));
                continue;
            }
            let Some((key, value)) = l.split_once(':') else {
                return Err(RecordError::Syntax { line, text: cut(l) });
            };
            let (key, value) = (key.trim().to_string(), value.trim().to_string());
            if moves.is_empty() {
                headers.push((line, key, value));
            } else if key == "status" || key == "scores" {
                trailer.push((line, key, value));
            } else {
                return Err(RecordError::HeaderAfterMoves { line, key });
            }
        }
        let mut raw = RawRecord::default();
        let mut seen: Vec<String> = Vec::new();
        for (line, key, value) in headers.into_iter().chain(trailer) {
            if seen.contains(&key) {
                return Err(RecordError::DuplicateKey { line, key });
            }
            seen.push(key.clone());
            match key.as_str() {
                "format" => raw.format = Some((line, value)),
                "ruleset" => raw.ruleset = Some((line, value)),
                "start" => raw.start = Some((line, value)),
                "status" => raw.status = Some((line, value)),
                "scores" => raw.scores = Some((line, value)),
                _ => {
                    check_key(line, &key)?;
                    let value = clean_value(line, &key, &value)?;
                    raw.metadata.insert(key, value);
                }
            }
        }
        raw.moves = moves
            .into_iter()
            .map(|(line, l)| (line, split_move_line(l)))
            .collect();
        raw.build()
    }
}

/// The fields of a move line: `<number> <seat> <move>[ mates …][ ; comment]`.
fn split_move_line(l: &str) -> MoveParts {
    let (body, comment) = match l.split_once(';') {
        Some((b, c)) => (b, Some(c.trim().to_string()).filter(|c| !c.is_empty())),
        None => (l, None),
    };
    let mut words = body.split_ascii_whitespace();
    let number = words.next().map(str::to_string);
    let seat = words.next().map(str::to_string);
    let mv_text = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let (mates, trailing) = match rest.split_first() {
        None => (None, None),
        Some((&"mates", list)) if !list.is_empty() => (Some(list.join(" ")), None),
        Some(_) => (None, Some(rest.join(" "))),
    };
    MoveParts {
        number,
        seat,
        mv: Move::from_usi(mv_text),
        mates,
        trailing,
        comment,
        text: cut(body.trim()),
    }
}
