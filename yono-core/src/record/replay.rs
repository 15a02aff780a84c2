//! Replaying a record as read: every move is played, the first bad one reported with
//! its number, and stated results, scores and checkmates compared with the replay.

use super::error::{MoveProblem, RecordError, StartError};
use super::format::FORMAT;
use super::raw::{
    clean_value, cut, mates_text, parse_scores, scores_text, status_agrees, status_line, RawRecord,
};
use super::GameRecord;
use crate::{Position, Ruleset, Setup};

impl RawRecord {
    pub(super) fn build(self) -> Result<GameRecord, RecordError> {
        if let Some((line, format)) = &self.format {
            if format != FORMAT {
                return Err(RecordError::Format {
                    line: *line,
                    found: cut(format),
                });
            }
        }
        let stated_ruleset = match &self.ruleset {
            None => None,
            Some((line, r)) => match r.parse::<Ruleset>() {
                Ok(ruleset) => Some((*line, ruleset)),
                Err(_) => {
                    return Err(RecordError::Ruleset {
                        line: *line,
                        found: cut(r),
                        mismatch: false,
                    })
                }
            },
        };
        let start = match (&self.start, stated_ruleset) {
            (Some((line, text)), _) => {
                let start = |error| RecordError::Start { line: *line, error };
                let setup: Setup = text.parse().map_err(|e| start(StartError::Parse(e)))?;
                Position::from_setup(&setup).map_err(|e| start(StartError::Position(e)))?
            }
            (None, Some((_, r))) => Position::new(r),
            (None, None) => Position::start(),
        };
        if let Some((line, r)) = stated_ruleset {
            if r != start.ruleset() {
                return Err(RecordError::Ruleset {
                    line,
                    found: r.name().to_string(),
                    mismatch: true,
                });
            }
        }
        let mut rec = GameRecord::new(start);
        rec.metadata = self.metadata;
        for (i, (line, parts)) in self.moves.into_iter().enumerate() {
            let ply = i + 1;
            let bad = |problem| RecordError::BadMove {
                ply,
                line,
                text: parts.text.clone(),
                problem,
            };
            if let Some(number) = &parts.number {
                let number = number.strip_suffix('.').unwrap_or(number);
                if number.parse::<usize>().ok() != Some(ply) {
                    return Err(bad(MoveProblem::Number {
                        expected: ply,
                        found: cut(number),
                    }));
                }
            }
            let pos = rec.game.position();
            if let Some(seat) = &parts.seat {
                let turn = pos.turn();
                if seat != &turn.letter().to_string() && !seat.eq_ignore_ascii_case(turn.name()) {
                    return Err(bad(MoveProblem::Seat {
                        expected: turn,
                        found: cut(seat),
                    }));
                }
            }
            if let Some(t) = parts.trailing.clone() {
                return Err(bad(MoveProblem::Trailing(cut(&t))));
            }
            let mv = parts
                .mv
                .clone()
                .map_err(|e| bad(MoveProblem::Move(e.into())))?;
            let mut after = pos.clone();
            let elims = after.play(mv).map_err(|e| bad(MoveProblem::Move(e)))?;
            if let Some(stated) = &parts.mates {
                let actual = mates_text(&elims);
                let normal: Vec<&str> = stated.split_ascii_whitespace().collect();
                if normal.join(" ") != actual {
                    return Err(bad(MoveProblem::Mates {
                        stated: cut(stated),
                        actual,
                    }));
                }
            }
            let comment = match &parts.comment {
                Some(c) => Some(clean_value(line, "comment", c)?),
                None => None,
            };
            // Game::play also refuses moves after a repetition draw.
            rec.game.play(mv).map_err(|e| bad(MoveProblem::Move(e)))?;
            rec.comments.push(comment);
        }
        let ruleset = rec.start().ruleset();
        if let Some((line, stated)) = &self.status {
            if !status_agrees(stated, &rec.game) {
                let actual = status_line(&rec.game);
                return Err(RecordError::Result {
                    line: *line,
                    field: "status",
                    stated: cut(stated),
                    actual,
                });
            }
        }
        let actual_scores: [Option<u8>; 4] = rec.game.scores().into();
        let stated_scores = match &self.scores {
            Some((line, text)) => Some((*line, parse_scores(text), text.clone())),
            None => self
                .scores_json
                .map(|s| (0, Some(s), scores_text(Ruleset::Yono, s))),
        };
        if let Some((line, parsed, text)) = stated_scores {
            if parsed != Some(actual_scores) {
                return Err(RecordError::Result {
                    line,
                    field: "scores",
                    stated: cut(&text),
                    actual: scores_text(ruleset, actual_scores),
                });
            }
        }
        Ok(rec)
    }
}
