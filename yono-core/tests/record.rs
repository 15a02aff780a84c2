//! Game records: round trips of random complete games (text and JSON), corrupted
//! records rejected at the right move, stated results checked against the replay.

use proptest::prelude::*;
use yono::{Game, Move, RecordError, Ruleset};
use yono::{GameRecord, MoveProblem};

/// Plays random legal moves (from `seed`) until the game is over, at most `max` plies.
fn random_game(ruleset: Ruleset, seed: u64, max: usize) -> Game {
    let mut game = Game::new(ruleset);
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while !game.is_over() && game.moves().len() < max {
        let moves = game.legal_moves();
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        game.play(moves[(s % moves.len() as u64) as usize]).unwrap();
    }
    game
}

fn decorate(game: Game, meta: &[(String, String)], comments: &[(usize, String)]) -> GameRecord {
    let mut rec = GameRecord::from_game(game);
    for (k, v) in meta {
        rec.set_meta(k, v).unwrap();
    }
    let plies = rec.moves().len();
    for (i, c) in comments {
        if plies > 0 {
            rec.set_comment(1 + i % plies, c).unwrap();
        }
    }
    rec
}

fn meta_strategy() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(("[a-z][a-z0-9_-]{0,12}", "[^\\p{Cc}]{1,40}"), 0..5).prop_map(|v| {
        v.into_iter()
            .filter(|(k, v)| !yono::RESERVED_KEYS.contains(&k.as_str()) && !v.trim().is_empty())
            .collect()
    })
}

fn comment_strategy() -> impl Strategy<Value = Vec<(usize, String)>> {
    prop::collection::vec((0usize..10_000, "[^\\p{Cc}]{1,60}"), 0..6).prop_map(|v| {
        v.into_iter()
            .filter(|(_, c)| !c.trim().is_empty())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn complete_games_round_trip(seed in any::<u64>(), shogi in prop::bool::weighted(0.2),
                                 meta in meta_strategy(), comments in comment_strategy()) {
        let ruleset = if shogi { Ruleset::Shogi } else { Ruleset::Yono };
        let game = random_game(ruleset, seed, 3000);
        let rec = decorate(game.clone(), &meta, &comments);
        let text = rec.to_text();
        let back = GameRecord::from_text(&text).unwrap();
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(back.game(), &game);
        prop_assert_eq!(back.to_text(), text);
        let json = rec.to_json();
        let back = GameRecord::from_json(&json).unwrap();
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(back.to_json(), json);
    }

    #[test]
    fn a_bad_move_is_reported_with_its_number(seed in any::<u64>(), pick in any::<usize>(),
                                              junk in 0usize..4) {
        let game = random_game(Ruleset::Yono, seed, 300);
        prop_assume!(!game.moves().is_empty());
        let rec = GameRecord::from_game(game.clone());
        let n = 1 + pick % game.moves().len();
        // A move that is not legal at ply n: malformed, a pass where moves exist (or a
        // board move when only pass is legal), a King leap, or an empty-square move.
        let mut replay = Game::from_position(game.start().clone());
        for &mv in &game.moves()[..n - 1] {
            replay.play(mv).unwrap();
        }
        let legal = replay.legal_moves();
        let bad = match junk {
            0 => "5z5y".to_string(),
            1 if legal.as_slice() != [Move::Pass] => "pass".to_string(),
            _ => {
                let candidates = ["9a1i", "1i9a", "5e5d", "R*5e", "P*1a", "N*9a"];
                candidates
                    .iter()
                    .map(|t| Move::from_usi(t).unwrap())
                    .find(|m| !legal.contains(m))
                    .map(|m| m.to_string())
                    .unwrap()
            }
        };
        let text = rec.to_text();
        let lines: Vec<String> = text
            .lines()
            .map(|l| {
                let mut w = l.split(' ');
                if w.next() == Some(&n.to_string()) {
                    let seat = w.next().unwrap_or("");
                    format!("{n} {seat} {bad}")
                } else {
                    l.to_string()
                }
            })
            .collect();
        let err = GameRecord::from_text(&lines.join("\n")).unwrap_err();
        prop_assert_eq!(err.ply(), Some(n), "{}", err);
        prop_assert_eq!(err.code(), "record_bad_move");
        prop_assert!(err.to_string().starts_with(&format!("move {n} (line ")), "{}", err);

        // The same in JSON.
        let json = rec.to_json();
        let mut doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        doc["moves"][n - 1]["move"] = serde_json::Value::String(bad.clone());
        doc["moves"][n - 1].as_object_mut().unwrap().remove("mates");
        let err = GameRecord::from_json(&doc.to_string()).unwrap_err();
        prop_assert_eq!(err.ply(), Some(n), "{}", err);
    }
}

fn sample() -> GameRecord {
    let mut rec = GameRecord::from_game(random_game(Ruleset::Yono, 11, 5000));
    rec.set_meta("event", "Test match").unwrap();
    rec.set_meta("south", "Alice").unwrap();
    rec.set_comment(2, "a reply; with a semicolon").unwrap();
    rec
}

#[test]
fn the_text_form_reads_like_a_move_list() {
    let rec = sample();
    assert!(rec.game().is_over());
    let text = rec.to_text();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("format: yono-record 1"));
    assert_eq!(lines.next(), Some("ruleset: yono"));
    assert_eq!(lines.next(), Some("event: Test match"));
    assert_eq!(lines.next(), Some("south: Alice"));
    assert_eq!(
        lines.next(),
        Some(format!("start: {}", yono::YONO_START).as_str())
    );
    assert!(text.contains("\n1 s "));
    assert!(text.contains("\n2 w ") && text.contains(" ; a reply; with a semicolon\n"));
    assert_eq!(text.matches(" mates ").count(), 3, "{text}");
    assert!(text.contains("status: won by "));
    let scores = text.lines().last().unwrap();
    for score in ["=0", "=1", "=2", "=3"] {
        assert!(scores.contains(score), "{scores}");
    }
    assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
    // Windows line ends, extra blank lines and file comments are fine.
    let crlf = format!("# saved by hand\n\n{}", text.replace('\n', "\r\n"));
    assert_eq!(GameRecord::from_text(&crlf).unwrap(), rec);
    // So is the byte-order mark Windows editors write at the start, in both forms
    // (only there: elsewhere it is a character like any other).
    let bom = format!("\u{feff}{crlf}");
    assert_eq!(GameRecord::from_text(&bom).unwrap(), rec);
    let json = format!("\u{feff}{}", rec.to_json());
    assert_eq!(GameRecord::from_json(&json).unwrap(), rec);
    let inside = text.replace("event: Test match", "\u{feff}event: Test match");
    assert!(GameRecord::from_text(&inside).is_err());
}

#[test]
fn metadata_tells_an_absent_key_from_a_malformed_one() {
    let rec = sample();
    assert_eq!(rec.try_meta("south"), Ok(Some("Alice")));
    assert_eq!(rec.try_meta("north"), Ok(None));
    for bad in [
        "",
        "South",
        "bad key",
        "1st",
        "status",
        "ruleset",
        &"k".repeat(33),
    ] {
        let err = rec.try_meta(bad).unwrap_err();
        assert_eq!(err.code(), "record_bad_key", "{bad:?}");
        assert_eq!(rec.meta(bad), None);
    }
}

#[test]
fn a_minimal_hand_written_record_loads() {
    let rec =
        GameRecord::from_text("1 s 5g5f\n2 West 7e6e ; seat names work too\n3. n 5c5d\n").unwrap();
    assert_eq!(rec.moves().len(), 3);
    assert_eq!(rec.start(), &yono::Position::start());
    assert_eq!(rec.comment(2), Some("seat names work too"));
    let shogi = GameRecord::from_text("ruleset: shogi\n1 s 7g7f\n2 n 3c3d\n").unwrap();
    assert_eq!(shogi.start().ruleset(), Ruleset::Shogi);
    let empty = GameRecord::from_text("").unwrap();
    assert_eq!(empty, GameRecord::new(yono::Position::start()));
}

fn err(text: &str) -> RecordError {
    GameRecord::from_text(text).unwrap_err()
}

#[test]
fn contradicting_results_are_rejected() {
    let text = sample().to_text();
    let status = text.lines().find(|l| l.starts_with("status: ")).unwrap();
    let e = err(&text.replace(status, "status: ongoing"));
    assert_eq!(e.code(), "record_result");
    assert!(e.to_string().contains("status"));
    let scores = text.lines().last().unwrap();
    let swapped = scores
        .replace("=3", "=X")
        .replace("=0", "=3")
        .replace("=X", "=0");
    assert_eq!(err(&text.replace(scores, &swapped)).code(), "record_result");
    // A wrong 'mates' note is a bad move at its ply.
    let mates = text.lines().find(|l| l.contains(" mates ")).unwrap();
    let ply: usize = mates.split(' ').next().unwrap().parse().unwrap();
    let e = err(&text.replace(
        mates,
        &format!("{} s", &mates[..mates.find(" mates ").unwrap() + 7]),
    ));
    assert_eq!(e.ply(), Some(ply));
    assert!(matches!(
        e,
        RecordError::BadMove {
            problem: MoveProblem::Mates { .. },
            ..
        }
    ));
    // Leaving the notes out is fine: they are derived.
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("status") && !l.starts_with("scores"))
        .map(|l| match l.find(" mates ") {
            Some(i) => format!("{}\n", &l[..i]),
            None => format!("{l}\n"),
        })
        .collect();
    assert_eq!(GameRecord::from_text(&bare).unwrap(), sample());
}

#[test]
fn malformed_records_say_what_and_where() {
    let cases: &[(&str, &str, Option<usize>)] = &[
        ("format: yono-record 2\n", "record_format", Some(1)),
        ("ruleset: chess\n", "record_ruleset", Some(1)),
        (
            &format!("ruleset: shogi\nstart: {}\n", yono::YONO_START),
            "record_ruleset",
            Some(1),
        ),
        ("start: 9/9 s -/-/-/- swne 1\n", "record_start", Some(1)),
        ("event: a\nevent: b\n", "record_duplicate_key", Some(2)),
        ("Event: a\n", "record_bad_key", Some(1)),
        ("event:\n", "record_bad_value", Some(1)),
        ("what is this\n", "record_syntax", Some(1)),
        (
            "1 s 5g5f\nevent: late\n",
            "record_header_after_moves",
            Some(2),
        ),
        (
            "1 s 5g5f\nstatus: ongoing\n2 w 7e7f\n",
            "record_header_after_moves",
            Some(2),
        ),
        ("1 s 5g5f\n3 w 7e7f\n", "record_bad_move", Some(2)),
        ("1 n 5g5f\n", "record_bad_move", Some(1)),
        ("1 s 5g5f junk\n", "record_bad_move", Some(1)),
        ("1 s\n", "record_bad_move", Some(1)),
        ("1 s 5g5f ; tab\there\n", "record_bad_value", Some(1)),
        ("scores: s=9\n", "record_result", Some(1)),
    ];
    for (text, code, line) in cases {
        let e = err(text);
        assert_eq!(e.code(), *code, "{text:?}: {e}");
        assert_eq!(e.line(), *line, "{text:?}: {e}");
    }
    let e = err("1 s 5g5f\n2 w 5i5h\n");
    assert_eq!(e.ply(), Some(2));
    assert!(
        e.to_string()
            .starts_with("move 2 (line 2): \"2 w 5i5h\": illegal move 5i5h"),
        "{e}"
    );
    let huge = "#".repeat(yono::MAX_RECORD_LEN + 1);
    assert_eq!(err(&huge).code(), "record_too_long");
    for bad_json in ["", "{}", "[1]", r#"{"format":"yono-record 1","extra":1}"#] {
        assert_eq!(
            GameRecord::from_json(bad_json).unwrap_err().code(),
            "record_json"
        );
    }
}

#[test]
fn editing_a_record() {
    let mut rec = GameRecord::new(yono::Position::start());
    rec.play(Move::from_usi("5g5f").unwrap(), Some("  first  "))
        .unwrap();
    assert_eq!(rec.comment(1), Some("first"));
    let e = rec.play(Move::from_usi("5f5e").unwrap(), None).unwrap_err();
    assert_eq!(e.ply(), Some(2));
    assert!(rec.set_comment(2, "x").is_err());
    assert!(rec.set_comment(0, "x").is_err());
    rec.set_comment(1, "").unwrap();
    assert_eq!(rec.comment(1), None);
    assert!(rec.set_meta("status", "x").is_err());
    assert!(rec.set_meta("event", &"x".repeat(2000)).is_err());
    rec.set_meta("event", "E").unwrap();
    assert_eq!(rec.remove_meta("event").as_deref(), Some("E"));
    assert_eq!(rec.undo(), Some(Move::from_usi("5g5f").unwrap()));
    assert_eq!(rec.undo(), None);
}
