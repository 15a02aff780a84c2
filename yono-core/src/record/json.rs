//! The JSON form of a game record (docs/RECORDS.md), with the `serde` feature.

use super::error::RecordError;
use super::format::{FORMAT, MAX_PLIES};
use super::raw::{
    check_key, clean_value, cut, mates_text, record_input, status_line, MoveParts, RawRecord,
};
use super::GameRecord;
use crate::Move;
use std::collections::BTreeMap;

impl GameRecord {
    /// The JSON form (see `docs/RECORDS.md`).
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// game.play("5g5f".parse().unwrap()).unwrap();
    /// let rec = yono::GameRecord::from_game(game);
    /// let json = rec.to_json();
    /// assert!(json.contains(r#""move": "5g5f""#));
    /// assert_eq!(yono::GameRecord::from_json(&json).unwrap(), rec);
    /// ```
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        let start = self.game.start();
        let mut pos = start.clone();
        let moves = self
            .game
            .moves()
            .iter()
            .zip(&self.comments)
            .map(|(&mv, comment)| {
                let seat = pos.turn();
                let elims = pos.play_unchecked(mv);
                doc::Move {
                    seat: Some(seat),
                    mv: mv.to_string(),
                    mates: (!elims.is_empty()).then(|| mates_text(&elims)),
                    comment: comment.clone(),
                }
            })
            .collect();
        let doc = doc::Record {
            format: FORMAT.to_string(),
            ruleset: Some(start.ruleset().name().to_string()),
            metadata: self.metadata.clone(),
            start: Some(start.text()),
            moves,
            status: Some(status_line(&self.game)),
            scores: Some(self.game.scores().into()),
        };
        // Serialising plain strings, numbers and maps cannot fail.
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    }

    /// Reads the JSON form, replaying and checking every move.
    #[cfg(feature = "serde")]
    ///
    /// # Errors
    ///
    /// [`RecordError`]: `record_json` for JSON that is not a record document, otherwise
    /// as [`GameRecord::from_text`].
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let text = record_input(text)?;
        let doc: doc::Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if doc.moves.len() > MAX_PLIES {
            return Err(RecordError::TooManyMoves(MAX_PLIES));
        }
        let mut raw = RawRecord {
            format: Some((0, doc.format)),
            ruleset: doc.ruleset.map(|r| (0, r)),
            start: doc.start.map(|s| (0, s)),
            status: doc.status.map(|s| (0, s)),
            scores: None,
            scores_json: doc.scores,
            metadata: BTreeMap::new(),
            moves: Vec::new(),
        };
        for (key, value) in doc.metadata {
            check_key(0, &key)?;
            let value = clean_value(0, &key, &value)?;
            raw.metadata.insert(key, value);
        }
        raw.moves = doc
            .moves
            .into_iter()
            .map(|m| {
                let parts = MoveParts {
                    number: None,
                    seat: m.seat.map(|s| s.letter().to_string()),
                    mv: Move::from_usi(&m.mv),
                    mates: m.mates,
                    trailing: None,
                    comment: m.comment,
                    text: cut(&m.mv),
                };
                (0, parts)
            })
            .collect();
        raw.build()
    }
}

/// The JSON document, field by field.
mod doc {
    use crate::Seat;
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct Record {
        pub format: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ruleset: Option<String>,
        #[serde(default)]
        pub metadata: BTreeMap<String, String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub start: Option<String>,
        #[serde(default)]
        pub moves: Vec<Move>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub scores: Option<[Option<u8>; 4]>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct Move {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub seat: Option<Seat>,
        /// Move text, parsed during the replay so that a malformed move is reported
        /// with its number.
        #[serde(rename = "move")]
        pub mv: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub mates: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub comment: Option<String>,
    }
}
