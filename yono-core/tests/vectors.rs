//! The cross-language vectors in `tests/vectors/` (written by
//! `cargo run -p yono-core --example gen_vectors`) hold for the engine, and their
//! legal-move lists and move results also hold for the square-by-square reference.

mod reference;

use serde_json::Value;
use std::path::PathBuf;
use yono::{perft, Game, Move, Position, Seat, Status};

fn load(name: &str) -> Vec<Value> {
    // yono-core/tests/vectors links to the workspace's tests/vectors, so the vectors
    // travel inside the packaged crate and these tests run there too.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn status_of(status: Status) -> (&'static str, Option<String>) {
    match status {
        Status::Ongoing => ("ongoing", None),
        Status::Won(s) => ("won", Some(s.letter().to_string())),
        Status::DrawnByRepetition => ("drawn_by_repetition", None),
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn positions() {
    let vectors = load("positions.json");
    assert!(vectors.len() > 100);
    for v in vectors {
        let text = v["position"].as_str().unwrap();
        let pos = Position::from_text(text).unwrap();
        assert_eq!(pos.text(), text);
        let expected = strings(&v["legal_moves"]);
        let mut legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
        legal.sort();
        assert_eq!(legal, expected, "{}", v["name"]);
        assert_eq!(
            reference::legal_moves(text),
            expected,
            "reference: {}",
            v["name"]
        );
        let (status, winner) = status_of(pos.status());
        assert_eq!(v["status"], status);
        assert_eq!(v["winner"].as_str().map(String::from), winner);
        for seat in Seat::ALL {
            let key = seat.letter().to_string();
            if pos.king(seat).is_some() {
                let by: String = pos.threatened_by(seat).iter().map(|s| s.letter()).collect();
                assert_eq!(
                    v["threats"][&key],
                    by.as_str(),
                    "{} threats of {key}",
                    v["name"]
                );
            } else {
                assert!(v["threats"].get(&key).is_none());
            }
        }
        for (d, n) in v["perft"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                perft(&pos, d as u32 + 1),
                n.as_u64().unwrap(),
                "{}",
                v["name"]
            );
        }
    }
}

#[test]
fn games() {
    let vectors = load("games.json");
    assert!(vectors.iter().any(|v| v["end_reason"] == "perpetual check"));
    for v in vectors {
        let start = v["start"].as_str().unwrap();
        let mut game = Game::from_text(start).unwrap();
        let mut text = start.to_string();
        for m in strings(&v["moves"]) {
            game.play(m.parse().unwrap())
                .unwrap_or_else(|e| panic!("{}: {m}: {e}", v["name"]));
            text = reference::play(&text, &m);
        }
        assert_eq!(game.position().text(), v["final"].as_str().unwrap());
        assert_eq!(
            text,
            v["final"].as_str().unwrap(),
            "reference: {}",
            v["name"]
        );
        let (status, winner) = status_of(game.status());
        assert_eq!(v["status"], status);
        assert_eq!(v["winner"].as_str().map(String::from), winner);
        assert_eq!(
            v["end_reason"].as_str().map(String::from),
            game.end_reason().map(|r| r.to_string()),
            "{}",
            v["name"]
        );
        let scores: Vec<Option<u64>> = v["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::as_u64)
            .collect();
        let ours: Vec<Option<u64>> = game
            .scores()
            .iter()
            .map(|(_, s)| s.map(u64::from))
            .collect();
        assert_eq!(ours, scores, "{}", v["name"]);
    }
}

#[test]
fn bad_positions() {
    let vectors = load("bad_positions.json");
    assert!(vectors.len() >= 30);
    for v in vectors {
        let text = v["text"].as_str().unwrap();
        let result = match v["format"].as_str().unwrap() {
            "sfen" => Position::from_sfen(text),
            _ => Position::from_text(text),
        };
        let err = result.expect_err(text);
        assert_eq!(err.code(), v["error"].as_str().unwrap(), "{text:?}: {err}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn bad_moves() {
    for v in load("bad_moves.json") {
        let mut pos = Position::from_text(v["position"].as_str().unwrap()).unwrap();
        let before = pos.clone();
        let text = v["move"].as_str().unwrap();
        let err = text
            .parse::<Move>()
            .map_err(yono::MoveError::from)
            .and_then(|mv| pos.play(mv))
            .expect_err(text);
        assert_eq!(err.code(), v["error"].as_str().unwrap(), "{text:?}: {err}");
        assert_eq!(pos, before, "a rejected move must not change the position");
    }
}

/// Reads every spelling of `vocabulary.json` with the `FromStr` of its type: the value
/// it names, by number, or `None` when the text is refused.
fn read_word(ty: &str, text: &str) -> Option<(usize, String)> {
    fn word<T: std::str::FromStr + ToString>(
        text: &str,
        number: impl Fn(&T) -> usize,
    ) -> Option<(usize, String)> {
        text.parse::<T>().ok().map(|v| (number(&v), v.to_string()))
    }
    match ty {
        "seat" => word::<Seat>(text, |s| s.index()),
        "piece_kind" => word::<yono::PieceKind>(text, |k| k.index()),
        "piece" => word::<yono::Piece>(text, |p| {
            p.seat.index() * yono::PieceKind::COUNT + p.kind.index()
        }),
        "ruleset" => word::<yono::Ruleset>(text, |r| r.index()),
        "status" => word::<Status>(text, |s| s.index()),
        "end_reason" => word::<yono::EndReason>(text, |r| r.index()),
        "promotion_status" => word::<yono::PromotionStatus>(text, |p| p.index()),
        "square" => word::<yono::Square>(text, |s| s.index()),
        other => panic!("unknown vocabulary type {other}"),
    }
}

#[test]
fn vocabulary_spellings_are_read_as_the_vectors_say() {
    let types = load("vocabulary.json");
    assert_eq!(types.len(), 8);
    for ty in &types {
        let name = ty["type"].as_str().unwrap();
        let values = ty["values"].as_array().unwrap();
        assert!(!values.is_empty(), "{name}");
        for value in values {
            let number = value["number"].as_u64().unwrap() as usize;
            let text = value["text"].as_str().unwrap();
            for spelling in value["spellings"].as_array().unwrap() {
                let spelling = spelling.as_str().unwrap();
                assert_eq!(
                    read_word(name, spelling),
                    Some((number, text.to_string())),
                    "{name} {spelling:?}"
                );
            }
        }
        for bad in ty["rejected"].as_array().unwrap() {
            let bad = bad.as_str().unwrap();
            assert_eq!(read_word(name, bad), None, "{name} {bad:?} is read");
        }
    }
}
