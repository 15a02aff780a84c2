//! The fuzz targets' checks without a fuzzer (stable Rust, `cargo test` in fuzz/):
//! every seed and every regression input once, then a few thousand random and
//! mutated inputs per target from a fixed-seed generator (no coverage guidance:
//! the smoke run CI can always afford).
//!
//! `cargo test -- --ignored regenerate_seeds` rewrites fuzz/seeds/ from the start
//! positions, the cross-language test vectors (tests/vectors/*.json) and random
//! playouts.

#[path = "../../yono-core/tests/invariants/mod.rs"]
mod invariants;

use invariants::Rng;
use std::fs;
use std::path::{Path, PathBuf};
use yono::{Game, Move, Position, Ruleset};

type Target = fn(&[u8]);

const TARGETS: [(&str, Target); 4] = [
    ("position_text", yono_fuzz::position_text),
    ("move_text", yono_fuzz::move_text),
    ("sfen", yono_fuzz::sfen),
    ("play", yono_fuzz::play),
];

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file());
    out.sort();
    out
}

/// Inputs of one target: its seeds, its regressions, and what `scripts/fuzz.sh`
/// runs collected locally (fuzz/corpus, if present).
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    ["seeds", "regressions", "corpus"]
        .iter()
        .flat_map(|d| files(&fuzz_dir().join(d).join(target)))
        .map(|p| {
            let data = fs::read(&p).expect("readable input");
            (p, data)
        })
        .collect()
}

#[test]
fn seeds_and_regressions_pass() {
    for (name, target) in TARGETS {
        let inputs = inputs(name);
        assert!(
            !inputs.is_empty(),
            "no seeds for {name}: run the regenerate_seeds test"
        );
        for (path, data) in inputs {
            let result = std::panic::catch_unwind(|| target(&data));
            assert!(result.is_ok(), "{name} failed on {}", path.display());
        }
    }
}

/// One mutation in the style of libFuzzer: flip, insert, delete, duplicate or
/// splice bytes, or insert a dictionary token.
fn mutate(rng: &mut Rng, data: &mut Vec<u8>, tokens: &[&[u8]]) {
    let len = data.len();
    match rng.below(6) {
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            data[i] = rng.next() as u8;
        }
        2 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below(len - i).min(8);
            data.drain(i..i + n);
        }
        3 => {
            let i = rng.below(len + 1);
            data.insert(i, rng.next() as u8);
        }
        4 if len > 1 => {
            let a = rng.below(len);
            let b = a + rng.below(len - a);
            let piece = data[a..b].to_vec();
            let at = rng.below(len + 1);
            data.splice(at..at, piece);
        }
        _ => {
            let t = tokens[rng.below(tokens.len())];
            let at = rng.below(len + 1);
            data.splice(at..at, t.iter().copied());
        }
    }
}

/// The mutation smoke run: `YONO_FUZZ_ITERATIONS` (default 2000) inputs per target,
/// each a seed with a few mutations or plain random bytes.
#[test]
fn mutated_and_random_inputs() {
    let iterations: usize = std::env::var("YONO_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let tokens: Vec<&[u8]> = vec![
        b"sK",
        b"wK",
        b"nK",
        b"eK",
        b"sP",
        b"e+R",
        b"+",
        b"/",
        b" ",
        b"-",
        b"9",
        b"1",
        b"0",
        b"swne",
        b"s-n-",
        b"s0ne",
        b"P*",
        b"pass",
        b"\n",
        b"\0",
        b"\xff",
        b"\xc3\xa9",
        b"2P",
        b"b",
        b"w",
        b"lnsgk",
        b"PPPPP",
    ];
    for (t, (name, target)) in TARGETS.iter().enumerate() {
        let seeds: Vec<Vec<u8>> = inputs(name).into_iter().map(|(_, d)| d).collect();
        let mut rng = Rng(0x5EED_0000 + t as u64);
        for i in 0..iterations {
            let mut data = if i % 10 == 9 || seeds.is_empty() {
                (0..rng.below(300)).map(|_| rng.next() as u8).collect()
            } else {
                seeds[rng.below(seeds.len())].clone()
            };
            for _ in 0..1 + rng.below(8) {
                mutate(&mut rng, &mut data, &tokens);
            }
            data.truncate(4096);
            let result = std::panic::catch_unwind(|| target(&data));
            assert!(
                result.is_ok(),
                "{name} failed on input {:?}",
                String::from_utf8_lossy(&data)
            );
        }
    }
}

// ---- seed generation ----------------------------------------------------------

fn vectors(name: &str) -> serde_json::Value {
    let path = fuzz_dir().join("../tests/vectors").join(name);
    serde_json::from_str(&fs::read_to_string(path).expect("vectors")).expect("json")
}

fn str_field<'a>(v: &'a serde_json::Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_default()
}

/// Positions along random playouts from each start of the `play` target.
fn playout_positions() -> Vec<Position> {
    let mut rng = Rng(7);
    let mut out = Vec::new();
    for (i, start) in yono_fuzz::starts().into_iter().enumerate() {
        for game_no in 0..3 {
            let mut pos = start.clone();
            for ply in 0..400 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if ply % (37 + i + game_no) == 5 {
                    out.push(pos.clone());
                }
                pos.play_unchecked(rng.pick(&legal));
            }
            out.push(pos);
        }
    }
    out
}

/// The `play` encoding of a move list from one of the `play` starts.
fn encode_game(start_index: u8, start: &Position, moves: &[Move]) -> Option<Vec<u8>> {
    let mut data = vec![start_index];
    let mut game = Game::from_position(start.clone());
    for &mv in moves {
        let legal = game.legal_moves();
        let index = legal.iter().position(|&m| m == mv)?;
        data.push(((index & 0xf) << 4) as u8 | 3);
        data.push((index >> 4) as u8);
        game.play(mv).ok()?;
    }
    Some(data)
}

#[test]
#[ignore = "rewrites fuzz/seeds/; run by hand"]
fn regenerate_seeds() {
    let mut seeds: Vec<(&str, String, Vec<u8>)> = Vec::new();
    let positions = vectors("positions.json");
    let bad_positions = vectors("bad_positions.json");
    let bad_moves = vectors("bad_moves.json");
    let games = vectors("games.json");
    let playouts = playout_positions();

    // position_text and sfen: valid and invalid texts.
    let mut texts: Vec<String> = vec![yono::YONO_START.into(), yono::SHOGI_START.into()];
    for v in positions.as_array().expect("array") {
        texts.push(str_field(v, "position").into());
    }
    for v in games.as_array().expect("array") {
        texts.push(str_field(v, "final").into());
    }
    texts.extend(playouts.iter().map(|p| p.text()));
    for v in bad_positions.as_array().expect("array") {
        if str_field(v, "format") == "text" && str_field(v, "text").len() < 2000 {
            texts.push(str_field(v, "text").into());
        }
    }
    for (i, t) in texts.iter().enumerate() {
        seeds.push((
            "position_text",
            format!("text-{i:03}"),
            t.clone().into_bytes(),
        ));
    }
    let mut sfens: Vec<String> = texts
        .iter()
        .filter_map(|t| Position::from_text(t).ok()?.sfen())
        .collect();
    for v in bad_positions.as_array().expect("array") {
        if str_field(v, "format") == "sfen" {
            sfens.push(str_field(v, "text").into());
        }
    }
    sfens.push("8k/9/9/9/9/9/9/9/K8 b 2Pr 5".into());
    for (i, s) in sfens.iter().enumerate() {
        seeds.push(("sfen", format!("sfen-{i:03}"), s.clone().into_bytes()));
    }

    // move_text: "<position>\n<move>".
    let mut pairs: Vec<(String, String)> = Vec::new();
    for v in bad_moves.as_array().expect("array") {
        pairs.push((str_field(v, "position").into(), str_field(v, "move").into()));
    }
    let mut rng = Rng(11);
    for (i, t) in texts.iter().enumerate().filter(|(i, _)| i % 3 == 0) {
        if let Ok(pos) = Position::from_text(t) {
            let legal = pos.legal_moves();
            if !legal.is_empty() {
                pairs.push((t.clone(), rng.pick(&legal).to_string()));
            }
            if i % 2 == 0 {
                pairs.push((t.clone(), "pass".into()));
            }
        }
    }
    for (i, (p, m)) in pairs.iter().enumerate() {
        seeds.push((
            "move_text",
            format!("move-{i:03}"),
            format!("{p}\n{m}").into_bytes(),
        ));
    }

    // play: the vector games from the starts the target knows, and random bytes.
    let starts = yono_fuzz::starts();
    for v in games.as_array().expect("array") {
        let start = Position::from_text(str_field(v, "start")).expect("start");
        let Some(index) = starts.iter().position(|s| *s == start) else {
            continue;
        };
        let moves: Vec<Move> = v["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| Move::from_usi(m.as_str().expect("text")).expect("move"))
            .collect();
        if let Some(data) = encode_game(index as u8, &start, &moves) {
            seeds.push((
                "play",
                format!("game-{}", str_field(v, "name").replace(' ', "-")),
                data,
            ));
        }
    }
    for i in 0..starts.len() {
        let data: Vec<u8> = std::iter::once(i as u8)
            .chain((0..600).map(|_| rng.next() as u8))
            .collect();
        seeds.push(("play", format!("random-{i}"), data));
    }
    assert!(Ruleset::Shogi != Ruleset::Yono);

    for (name, _) in TARGETS {
        let dir = fuzz_dir().join("seeds").join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("seed dir");
    }
    for (target, name, data) in seeds {
        fs::write(fuzz_dir().join("seeds").join(target).join(name), data).expect("write seed");
    }
}
