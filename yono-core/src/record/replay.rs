//! Replaying a record as read: every move is played, the first bad one reported with
//! its number, and stated results, scores and checkmates compared with the replay.

use super::text::split_move_line;
#[cfg(feature = "serde")]
use super::text::MoveParts;
use super::*;

/// A record as read, before the replay.
#[derive(Default)]
pub(super) struct RawRecord<'a> {
    pub(super) format: Option<(usize, String)>,
    pub(super) ruleset: Option<(usize, String)>,
    pub(super) start: Option<(usize, String)>,
    pub(super) status: Option<(usize, String)>,
    pub(super) scores: Option<(usize, String)>,
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(super) scores_json: Option<[Option<u8>; 4]>,
    pub(super) metadata: BTreeMap<String, String>,
    pub(super) moves: Vec<(usize, RawMove<'a>)>,
}

pub(super) enum RawMove<'a> {
    Text(&'a str),
    #[cfg(feature = "serde")]
    Parsed(super::json::doc::Move),
}

impl RawRecord<'_> {
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
            (Some((line, text)), _) => Position::from_text(text)
                .map_err(|error| RecordError::Start { line: *line, error })?,
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
        for (i, (line, raw)) in self.moves.into_iter().enumerate() {
            let ply = i + 1;
            let parts = match raw {
                RawMove::Text(l) => split_move_line(l),
                #[cfg(feature = "serde")]
                RawMove::Parsed(m) => MoveParts {
                    number: None,
                    seat: m.seat.map(|s| s.letter().to_string()),
                    mv: Move::from_usi(&m.mv),
                    mates: m.mates,
                    trailing: None,
                    comment: m.comment,
                    text: cut(&m.mv),
                },
            };
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
