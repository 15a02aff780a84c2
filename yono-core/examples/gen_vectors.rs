//! Writes the cross-language test vectors in `tests/vectors/` (JSON):
//! `cargo run -p yono-core --example gen_vectors`.
//!
//! Positions come from hand-made rule positions and seeded random games; the bad
//! inputs and their expected error codes are curated here by hand, and the generator
//! refuses to write a file if the engine disagrees with an expected code.

mod support;

use serde::Serialize;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use support::{Program, Rng};
use yono::{perft, Game, Move, PieceKind, Position, Ruleset, Seat, Status};

#[derive(Serialize)]
struct PositionVector {
    name: String,
    position: String,
    legal_moves: Vec<String>,
    status: &'static str,
    winner: Option<String>,
    threats: std::collections::BTreeMap<String, String>,
    perft: Vec<u64>,
}

#[derive(Serialize)]
struct GameVector {
    name: String,
    start: String,
    moves: Vec<String>,
    #[serde(rename = "final")]
    final_position: String,
    status: &'static str,
    winner: Option<String>,
    /// `EndReason`'s text once the game is over (`perpetual check`, ...).
    end_reason: Option<String>,
    scores: [Option<u8>; 4],
}

#[derive(Serialize)]
struct BadPosition {
    text: String,
    format: &'static str,
    error: &'static str,
}

/// One value of a vocabulary type: its number, its text (`Display`), and the
/// spellings the core reads as it (what every binding must accept too).
#[derive(Serialize)]
struct Word {
    number: usize,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    letter: Option<char>,
    spellings: Vec<String>,
}

/// A vocabulary type: its values in number order, and spellings it refuses.
#[derive(Serialize)]
struct Vocabulary {
    #[serde(rename = "type")]
    ty: &'static str,
    values: Vec<Word>,
    rejected: Vec<&'static str>,
}

#[derive(Serialize)]
struct BadMove {
    position: String,
    #[serde(rename = "move")]
    mv: String,
    error: &'static str,
}

/// Hand-made positions, one per rule (the same ones as `tests/rules.rs`).
const RULE_POSITIONS: &[(&str, &str)] = &[
    ("yono start", yono::YONO_START),
    ("shogi start", yono::SHOGI_START),
    (
        "cascade before the move",
        "wK8/9/9/9/1wR1nK3eK1/9/9/9/4sK4 s -/-/-/- swne 1",
    ),
    (
        "simultaneous before the move",
        "wK3nK4/9/9/9/4wR3eK/9/9/9/sK8 s -/-/-/- swne 1",
    ),
    (
        "must pass",
        "wK7nK/9/9/9/8eK/9/9/sL8/1sR2sK4 w -/-/-/- swne 7",
    ),
    (
        "last two, must pass",
        "nK8/9/9/9/9/9/9/sL8/1sR2sK4 n -/-/-/- s0n1 30",
    ),
    (
        "west nifu",
        "4nK4/9/9/9/wK1wP5eK/9/9/9/4sK4 w -/P/-/- swne 1",
    ),
    (
        "east nifu",
        "4nK4/9/9/9/wK7eK/6eP2/9/9/4sK4 e -/-/-/P swne 1",
    ),
    (
        "binding limit",
        "4nK4/wK8/9/9/8eK/9/9/1sB1sB5/4sK4 s B/-/-/- swne 1",
    ),
    (
        "uchifuzume",
        "nK8/2sS6/1sG7/9/wK7eK/9/9/9/4sK4 s P/-/-/- swne 1",
    ),
    (
        "promotion",
        "2nK6/4sP4/4sN4/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1",
    ),
    (
        "shogi mate",
        "4nK4/4sG4/4sP4/9/9/9/9/9/4sK4 n -/-/-/- s-n- 1",
    ),
    (
        "drops of all four",
        "4nK4/9/9/9/wK7eK/9/9/9/4sK4 s G/G/G/G swne 1",
    ),
    (
        "discovered threat",
        "nK8/4eR4/9/9/wK7eK/9/9/4sG4/4sK4 s -/-/-/- swne 1",
    ),
];

fn status_name(status: Status) -> (&'static str, Option<String>) {
    match status {
        Status::Ongoing => ("ongoing", None),
        Status::Won(s) => ("won", Some(s.letter().to_string())),
        Status::DrawnByRepetition => ("drawn_by_repetition", None),
    }
}

fn position_vector(name: String, pos: &Position, depth: u32) -> PositionVector {
    let mut legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    legal.sort();
    let (status, winner) = status_name(pos.status());
    let threats = Seat::ALL
        .iter()
        .filter(|s| pos.king(**s).is_some())
        .map(|s| {
            let by: String = pos.threatened_by(*s).iter().map(|t| t.letter()).collect();
            (s.letter().to_string(), by)
        })
        .collect();
    PositionVector {
        name,
        position: pos.text(),
        legal_moves: legal,
        status,
        winner,
        threats,
        perft: (1..=depth).map(|d| perft(pos, d)).collect(),
    }
}

/// A seeded random game, preferring captures, up to `cap` plies.
fn random_game(start: Position, seed: u64, cap: usize) -> Game {
    let mut rng = Rng(seed);
    let mut game = Game::from_position(start);
    while game.moves().len() < cap {
        // Sorted, so the vectors do not change when the generator's order does.
        let mut legal = game.legal_moves().to_vec();
        legal.sort_by_key(|m| m.to_string());
        if legal.is_empty() {
            break;
        }
        let pos = game.position();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Board { to, .. } if pos.piece_at(*to).is_some()))
            .collect();
        let mv = if !captures.is_empty() && rng.below(3) > 0 {
            captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        game.play(mv).expect("generated moves are legal");
    }
    game
}

fn game_vector(name: &str, game: &Game) -> GameVector {
    let (status, winner) = status_name(game.status());
    GameVector {
        name: name.to_string(),
        start: game.start().text(),
        moves: game.moves().iter().map(Move::to_string).collect(),
        final_position: game.position().text(),
        status,
        winner,
        end_reason: game.end_reason().map(|r| r.to_string()),
        scores: game.scores().into(),
    }
}

/// The text, and the same in lower and upper case (for names read in any case).
fn cases(text: &str) -> Vec<String> {
    let mut out = vec![text.to_string(), text.to_lowercase(), text.to_uppercase()];
    out.dedup();
    out.sort();
    out.dedup();
    out
}

/// Every vocabulary type with its spellings, each checked against the core's
/// `FromStr` before it is written (docs/ARCHITECTURE.md, "The vocabulary").
fn vocabulary() -> Vec<Vocabulary> {
    fn checked<T: core::str::FromStr + PartialEq + core::fmt::Debug>(
        ty: &'static str,
        values: Vec<(T, Word)>,
        rejected: Vec<&'static str>,
    ) -> Vocabulary {
        for (value, word) in &values {
            for text in &word.spellings {
                assert_eq!(
                    text.parse::<T>().ok().as_ref(),
                    Some(value),
                    "{ty} {text:?}"
                );
            }
        }
        for text in &rejected {
            assert!(text.parse::<T>().is_err(), "{ty} {text:?} is read");
        }
        Vocabulary {
            ty,
            values: values.into_iter().map(|(_, w)| w).collect(),
            rejected,
        }
    }
    let lettered = |number: usize, text: String, letter: char, spellings: Vec<String>| Word {
        number,
        text,
        letter: Some(letter),
        spellings,
    };
    let seats = Seat::ALL
        .into_iter()
        .map(|s| {
            let spellings = [cases(s.name()), cases(&s.letter().to_string())].concat();
            (s, lettered(s.index(), s.to_string(), s.letter(), spellings))
        })
        .collect();
    let kinds = PieceKind::ALL
        .into_iter()
        .map(|k| {
            let spellings = [vec![k.to_string()], cases(k.name())].concat();
            (k, lettered(k.index(), k.to_string(), k.letter(), spellings))
        })
        .collect();
    let pieces = Seat::ALL
        .into_iter()
        .flat_map(|s| PieceKind::ALL.map(|k| yono::Piece::new(s, k)))
        .map(|p| {
            let word = Word {
                number: p.seat.index() * PieceKind::COUNT + p.kind.index(),
                text: p.to_string(),
                letter: None,
                spellings: vec![p.to_string()],
            };
            (p, word)
        })
        .collect();
    let named = |number: usize, name: &str| Word {
        number,
        text: name.to_string(),
        letter: None,
        spellings: cases(name),
    };
    let rulesets = Ruleset::ALL
        .into_iter()
        .map(|r| (r, named(r.index(), r.name())))
        .collect();
    let reasons = yono::EndReason::ALL
        .into_iter()
        .map(|r| (r, named(r.index(), r.name())))
        .collect();
    let promotions = yono::PromotionStatus::ALL
        .into_iter()
        .map(|p| (p, named(p.index(), p.name())))
        .collect();
    let mut statuses = vec![
        (Status::Ongoing, named(0, "ongoing")),
        (Status::DrawnByRepetition, named(2, "drawn by repetition")),
    ];
    for seat in Seat::ALL {
        let status = Status::Won(seat);
        let mut word = named(status.index(), &status.to_string());
        word.spellings
            .extend(cases(&format!("won by {}", seat.letter())));
        statuses.push((status, word));
    }
    let squares = yono::Square::ALL
        .into_iter()
        .map(|sq| {
            let word = Word {
                number: sq.index(),
                text: sq.to_string(),
                letter: None,
                spellings: vec![sq.to_string()],
            };
            (sq, word)
        })
        .collect();
    vec![
        checked("seat", seats, vec!["", "x", "So", "south ", " s", "sw"]),
        checked(
            "piece_kind",
            kinds,
            vec!["", "p", "+p", "+G", "+K", "PP", "Tokin", "Promoted  Pawn"],
        ),
        checked("piece", pieces, vec!["SK", "sk", "sKing", "s+G", "K", "xK"]),
        checked("ruleset", rulesets, vec!["", "Yo[n]o", "chess", " yono"]),
        checked(
            "status",
            statuses,
            vec![
                "won",
                "won by",
                "won by X",
                "drawn",
                "ongoing ",
                "won  by South",
            ],
        ),
        checked("end_reason", reasons, vec!["", "mate", "perpetual"]),
        checked("promotion_status", promotions, vec!["", "maybe", "must"]),
        checked("square", squares, vec!["", "5E", "0a", "5j", "55", "5e "]),
    ]
}

fn bad_positions() -> Vec<BadPosition> {
    let start = yono::YONO_START;
    let with_board = |board: &str| format!("{board} s -/-/-/- swne 1");
    let kings = "4nK4/9/9/9/wK7eK/9/9/9/4sK4";
    let cases: Vec<(String, &'static str)> = vec![
        (String::new(), "empty"),
        ("   \n".into(), "empty"),
        ("x".repeat(4096), "too_long"),
        ("9/9/9/9/9/9/9/9/9 s -/-/-/-".into(), "field_count"),
        (start.replacen(' ', "  ", 1), "field_count"),
        (format!("{start} extra"), "field_count"),
        (with_board("4nK4/9/9/9/wK7eK/9/9/4sK4"), "rank_count"),
        (with_board("4nK5/9/9/9/wK7eK/9/9/9/4sK4"), "rank_length"),
        (with_board("4nK3/9/9/9/wK7eK/9/9/9/4sK4"), "rank_length"),
        (with_board("4xK4/9/9/9/wK7eK/9/9/9/4sK4"), "board_char"),
        (with_board("4nQ4/9/9/9/wK7eK/9/9/9/4sK4"), "board_char"),
        (with_board("4nK3s/9/9/9/wK7eK/9/9/9/4sK4"), "missing_kind"),
        (with_board("4nK4/0/9/9/wK7eK/9/9/9/4sK4"), "board_char"),
        (with_board("4nK4/9/9/9/wK7eK/9/9/9/4s+K4"), "cannot_promote"),
        (
            with_board("4nK4/4s+G4/9/9/wK7eK/9/9/9/4sK4"),
            "cannot_promote",
        ),
        (with_board("4nK4/4S4/9/9/wK7eK/9/9/9/4sK4"), "board_char"),
        (with_board("4nK4/9/9/9/wK7eK/9/9/9/4sK4\0"), "board_char"),
        (format!("{kings} x -/-/-/- swne 1"), "turn"),
        (format!("{kings} sw -/-/-/- swne 1"), "turn"),
        (format!("{kings} s -/-/- swne 1"), "reserve_group_count"),
        (format!("{kings} s K/-/-/- swne 1"), "reserve"),
        (format!("{kings} s 0P/-/-/- swne 1"), "reserve"),
        (format!("{kings} s PP/-/-/- swne 1"), "reserve"),
        (format!("{kings} s 2/-/-/- swne 1"), "reserve"),
        (format!("{kings} s -//-/- swne 1"), "reserve"),
        (format!("{kings} s 100P/-/-/- swne 1"), "reserve"),
        (format!("{kings} s p/-/-/- swne 1"), "reserve"),
        (format!("{kings} s -/-/-/- swn 1"), "seats"),
        (format!("{kings} s -/-/-/- xwne 1"), "seats"),
        (format!("{kings} s -/-/-/- swne 0"), "move_number"),
        (format!("{kings} s -/-/-/- swne -1"), "move_number"),
        (format!("{kings} s -/-/-/- swne 99999999999"), "move_number"),
        (format!("{kings} s -/-/-/- swne +1"), "move_number"),
        (format!("{kings} s -/-/-/- s-ne 1"), "no_ruleset"),
        (
            "4nK4/9/9/9/8eK/9/9/9/4sK4 w -/-/-/- s0ne 1".into(),
            "turn_not_in_game",
        ),
        (
            "4nK4/9/9/9/8eK/9/9/9/4sK4 s -/-/-/- s3ne 1".into(),
            "score_out_of_range",
        ),
        (
            "4nK4/9/9/9/8eK/9/9/9/4sK4 s -/-/-/- s2ne 1".into(),
            "inconsistent_score",
        ),
        (
            format!("{kings} s -/-/-/- s0ne 1"),
            "piece_of_seat_not_in_game",
        ),
        (
            "4nK4/9/9/9/8eK/9/9/9/4sK4 s -/P/-/- s0ne 1".into(),
            "reserve_of_seat_not_in_game",
        ),
        (with_board("9/9/9/9/wK7eK/9/9/9/4sK4"), "missing_king"),
        (
            with_board("4nK4/9/9/9/wK7eK/9/9/9/3sKsK4"),
            "too_many_kings",
        ),
        (format!("{kings} s 3R/2R/-/- swne 1"), "too_many_pieces"),
        (format!("{kings} s 18P/3P/-/- swne 1"), "too_many_pieces"),
        (
            format!("{kings} s 3G/-/-/- swne 1").replace("4sK4", "4sK3sG"),
            "ok",
        ),
        (with_board("4nKsP3/9/9/9/wK7eK/9/9/9/4sK4"), "dead_piece"),
        (with_board("4nK4/7wN1/9/9/wK7eK/9/9/9/4sK4"), "dead_piece"),
        (with_board("4nK4/9/9/9/wK7eK/9/9/9/4sK3nL"), "dead_piece"),
        (with_board("4nK4/9/4sP4/9/wK7eK/9/4sP4/9/4sK4"), "nifu"),
        (with_board("4nK4/9/9/9/wKwP2wP3eK/9/9/9/4sK4"), "nifu"),
        (
            with_board("4nK4/4sR4/9/9/wK7eK/9/9/9/4sK4"),
            "king_capturable",
        ),
        (
            "4nK4/9/9/9/wK8/9/9/9/4sK4 s -/-/-/- s-n- 1".into(),
            "seat_not_in_ruleset",
        ),
        (
            "4nK4/9/9/9/9/9/9/9/4sK4 s -/P/-/- s-n- 1".into(),
            "seat_not_in_ruleset",
        ),
        (
            "4nK4/9/9/9/9/9/9/9/4sK4 s -/-/-/- s-n1 1".into(),
            "no_ruleset",
        ),
    ];
    let mut out: Vec<BadPosition> = cases
        .into_iter()
        .filter(|(_, code)| *code != "ok")
        .map(|(text, error)| BadPosition {
            text,
            format: "text",
            error,
        })
        .collect();
    let sfen_cases = [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "turn",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
            "field_count",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNQ b - 1",
            "board_char",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1",
            "reserve",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
            "too_many_pieces",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1",
            "missing_king",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/4P4/9/PPPPP1PPP/1B5R1/LNSGKGSNL b - 1",
            "nifu",
        ),
    ];
    out.extend(sfen_cases.into_iter().map(|(text, error)| BadPosition {
        text: text.into(),
        format: "sfen",
        error,
    }));
    out
}

fn bad_moves() -> Vec<BadMove> {
    let start = yono::YONO_START;
    let rule = |name: &str| {
        RULE_POSITIONS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.to_string())
            .expect("known rule position")
    };
    let cases: Vec<(String, &str, &'static str)> = vec![
        (start.into(), "", "malformed_move"),
        (start.into(), "5j5k", "malformed_move"),
        (start.into(), "P*", "malformed_move"),
        (start.into(), "5g5g", "malformed_move"),
        (start.into(), "K*5e", "malformed_move"),
        (start.into(), "+P*5e", "malformed_move"),
        (start.into(), "5g5f++", "malformed_move"),
        (start.into(), "PASS", "malformed_move"),
        (start.into(), "5g5f\0", "malformed_move"),
        (start.into(), "5e5d", "no_piece_to_move"),
        (start.into(), "7e6e", "no_piece_to_move"),
        (start.into(), "5g5e", "unreachable_square"),
        (start.into(), "5i6i", "own_piece"),
        (start.into(), "5g5f+", "cannot_promote"),
        (start.into(), "P*5e", "not_in_reserve"),
        (start.into(), "pass", "pass_not_allowed"),
        (rule("promotion"), "5b5a", "must_promote"),
        (rule("drops of all four"), "G*5i", "occupied"),
        (rule("drops of all four"), "G*4e", "outside_drop_zone"),
        (rule("west nifu"), "P*5e", "nifu_drop"),
        (rule("west nifu"), "P*1a", "dead_drop"),
        (rule("uchifuzume"), "P*9b", "uchifuzume"),
        (rule("binding limit"), "B*5e", "binding_limit"),
        (rule("discovered threat"), "5h6h", "king_threatened"),
        (rule("shogi mate"), "5a4b", "game_over"),
        (
            "9/9/9/9/9/9/9/sL8/1sR2sK4 s -/-/-/- s021 31".into(),
            "5i5h",
            "game_over",
        ),
    ];
    cases
        .into_iter()
        .map(|(position, mv, error)| BadMove {
            position,
            mv: mv.into(),
            error,
        })
        .collect()
}

const PROGRAM: Program = Program {
    name: "gen_vectors",
    usage: "gen_vectors (writes tests/vectors/*.json)",
};

fn main() -> ExitCode {
    PROGRAM.arguments(&[]);
    // Through the link yono-core/tests/vectors this is the workspace's tests/vectors;
    // in an unpacked crate it stays inside the crate.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    std::fs::create_dir_all(&dir).expect("create tests/vectors");

    let mut positions = Vec::new();
    for (name, text) in RULE_POSITIONS {
        let pos = Position::from_text(text).expect("rule position is valid");
        let depth = if name.ends_with("start") { 3 } else { 2 };
        positions.push(position_vector(name.to_string(), &pos, depth));
    }
    let mut games = Vec::new();
    for seed in 1..=8u64 {
        let ruleset = if seed % 4 == 0 {
            Ruleset::Shogi
        } else {
            Ruleset::Yono
        };
        let game = random_game(Position::new(ruleset), seed * 0x9E37_79B9, 600);
        let mut replay = Game::from_position(game.start().clone());
        for (ply, mv) in game.moves().iter().enumerate() {
            if ply % 25 == 10 {
                let name = format!("{} random game {seed}, ply {ply}", ruleset.name());
                positions.push(position_vector(name, replay.position(), 2));
            }
            replay.play(*mv).expect("replay");
        }
        games.push(game_vector(
            &format!("{} random game {seed}", ruleset.name()),
            &game,
        ));
    }
    let mut repetition = Game::new(Ruleset::Yono);
    for _ in 0..3 {
        for m in [
            "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
        ] {
            repetition
                .play(m.parse().unwrap())
                .expect("repetition cycle");
        }
    }
    games.push(game_vector("fourfold repetition", &repetition));
    // Shogi: South's Rook checks with every move of the cycle and loses by
    // perpetual check (RULES.md §6).
    let checks = Position::from_sfen("k8/8R/9/9/9/9/9/9/4K4 b - 1").expect("valid SFEN");
    let mut perpetual = Game::from_position(checks);
    for m in ["1b1a", "9a9b", "1a1b", "9b9a"].repeat(3) {
        perpetual
            .play(m.parse().expect("move text"))
            .expect("perpetual check cycle");
    }
    assert_eq!(perpetual.perpetual_checker(), Some(Seat::South));
    games.push(game_vector("shogi perpetual check", &perpetual));

    let bad_positions = bad_positions();
    for case in &bad_positions {
        let result = match case.format {
            "sfen" => Position::from_sfen(&case.text),
            _ => Position::from_text(&case.text),
        };
        match result {
            Err(e) if e.code() == case.error => {}
            other => panic!(
                "{:?}: expected {}, got {:?}",
                case.text.chars().take(80).collect::<String>(),
                case.error,
                other.map(|p| p.text())
            ),
        }
    }
    let bad_moves = bad_moves();
    for case in &bad_moves {
        let pos = Position::from_text(&case.position).expect("valid position");
        match pos.parse_move(&case.mv) {
            Err(e) if e.code() == case.error => {}
            other => panic!(
                "{} in {}: expected {}, got {other:?}",
                case.mv, case.position, case.error
            ),
        }
    }

    let mut out = io::stdout().lock();
    let mut write = |name: &str, value: &dyn erased::Json| {
        let path = dir.join(name);
        std::fs::write(&path, value.json() + "\n").expect("write vector file");
        writeln!(out, "wrote {}", path.display())
    };
    let written = write("positions.json", &positions)
        .and_then(|()| write("games.json", &games))
        .and_then(|()| write("bad_positions.json", &bad_positions))
        .and_then(|()| write("bad_moves.json", &bad_moves))
        .and_then(|()| write("vocabulary.json", &vocabulary()));
    support::exit_after_writing(PROGRAM.name, written)
}

mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string_pretty(self).expect("serialisable")
        }
    }
}
