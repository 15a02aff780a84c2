//! Self-play positions labelled by the games' results, for fitting the evaluation
//! (`examples/tune.rs`).
//!
//! ```text
//! cargo run --release -p yono-engine --example selfplay -- --variant shogi \
//!     --games 2000 --nodes 1500 --seed 1 --out shogi.txt [--concurrency 2]
//! ```
//!
//! Each game starts with 4–10 random plies (seeded), then the engine plays every
//! seat at `--nodes` nodes a move with evaluation noise 20. Every later position
//! whose seat to move is not in check and whose chosen move takes nothing is
//! written as `score,score,score,score|position text`: the final score of each seat
//! (South, West, North, East; Shogi 1, 0 or ½, a seat not in the ruleset 0).
//! Games that reach the ply cap (Shogi 320, Yo[n]o 600) are left out.
//!
//! `--from-records FILE` labels the games of another player instead: the records
//! that `examples/match.rs --record` writes (for example YaneuraOu against itself),
//! with the same choice of positions; a game ended by the ply cap is left out, one
//! ended by a player giving no move (a resignation) is lost by that player.

mod common;

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use yono::{Game, Move, Position, Ruleset, Seat};
use yono_engine::{Engine, EngineConfig, Limits, StopToken};

/// One game: the recorded positions' texts and the final scores (`None`: capped).
fn game(ruleset: Ruleset, seed: u64, nodes: u64) -> Option<(Vec<String>, [f64; 4])> {
    let mut rng = common::Rng::new(seed);
    let mut game = Game::new(ruleset);
    let random = 4 + rng.below(7);
    for _ in 0..random {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.below(moves.len())]).ok()?;
    }
    let mut engine = Engine::new(EngineConfig {
        seed,
        noise: 20,
        hash_mb: 8,
        ..Default::default()
    });
    let cap = if ruleset == Ruleset::Shogi { 320 } else { 600 };
    let mut texts = Vec::new();
    while !game.is_over() {
        if game.moves().len() >= cap {
            return None;
        }
        let pos = game.position();
        let result = engine
            .search_game(&game, Limits::nodes(nodes), &StopToken::new(), &mut |_| {})
            .ok()?;
        let mv = result.best_move;
        if is_sampled(pos, mv) {
            texts.push(pos.text());
        }
        game.play(mv).ok()?;
    }
    Some((texts, common::finished_scores(&game)))
}

/// The lines of one game: `score,score,score,score|position text` per position.
fn labelled(texts: &[String], scores: [f64; 4]) -> String {
    let label: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
    let label = label.join(",");
    texts.iter().map(|t| format!("{label}|{t}\n")).collect()
}

/// Whether the position before `mv` is labelled: a quiet one (not in check, the
/// move played not a capture), whose static value the game's result can teach.
fn is_sampled(pos: &Position, mv: Move) -> bool {
    let captures = matches!(mv, Move::Board { to, .. } if pos.piece_at(to).is_some());
    !pos.is_check() && !captures
}

/// The positions and final scores of one `examples/match.rs` record line
/// (`number|start position|moves|A's score|how it ended`); `None` for a capped game
/// or a line that does not replay.
fn recorded_game(line: &str) -> Option<(Vec<String>, [f64; 4])> {
    let fields: Vec<&str> = line.split('|').collect();
    let [_, start, moves, _, reason] = fields[..] else {
        return None;
    };
    if reason == "ply cap" {
        return None;
    }
    let mut game = Game::from_text(start).ok()?;
    let mut texts = Vec::new();
    for text in moves.split_whitespace() {
        let pos = game.position();
        let mv = pos.parse_move(text).ok()?;
        if is_sampled(pos, mv) {
            texts.push(pos.text());
        }
        game.play(mv).ok()?;
    }
    if game.is_over() {
        return Some((texts, common::finished_scores(&game)));
    }
    // The seat to move gave no move: it resigned, or answered nothing legal.
    let pos = game.position();
    if pos.ruleset() != Ruleset::Shogi {
        return None;
    }
    let loser = pos.turn();
    let scores =
        Seat::ALL.map(|s| f64::from(u8::from(s != loser && pos.ruleset().seats().contains(s))));
    Some((texts, scores))
}

fn main() {
    let mut variant = Ruleset::Shogi;
    let mut games = 100usize;
    let mut nodes = 1500u64;
    let mut seed = 1u64;
    let mut out = String::from("selfplay.txt");
    let mut concurrency = 1usize;
    let mut records = None;
    let mut cli = common::Cli::new(
        "selfplay",
        "selfplay [--variant shogi|yono] [--games N] [--nodes N] [--seed N] [--out FILE] \
[--concurrency N] [--from-records FILE]",
    );
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--variant" => cli
                .value(&flag)
                .and_then(|v| common::parse_variant(&v))
                .map(|v| variant = v),
            "--games" => cli.parsed(&flag).map(|n| games = n),
            "--nodes" => cli.parsed(&flag).map(|n| nodes = n),
            "--seed" => cli.parsed(&flag).map(|n| seed = n),
            "--out" => cli.value(&flag).map(|v| out = v),
            "--concurrency" => cli.parsed(&flag).map(|n| concurrency = n),
            "--from-records" => cli.value(&flag).map(|v| records = Some(v)),
            other => common::Cli::unknown(other),
        };
        cli.or_exit(parsed);
    }
    let file =
        Mutex::new(cli.or_exit(std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))));
    if let Some(path) = records {
        let text = cli.or_exit(std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}")));
        let (mut kept, mut positions) = (0, 0);
        let mut chunk = String::new();
        for line in text.lines() {
            if let Some((texts, scores)) = recorded_game(line) {
                kept += 1;
                positions += texts.len();
                chunk += &labelled(&texts, scores);
            }
        }
        file.lock()
            .unwrap()
            .write_all(chunk.as_bytes())
            .expect("the output file");
        eprintln!(
            "{positions} positions from {kept} of {} recorded games",
            text.lines().count()
        );
        return;
    }
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
                let Some((texts, scores)) = game(variant, game_seed, nodes) else {
                    continue;
                };
                let chunk = labelled(&texts, scores);
                file.lock()
                    .unwrap()
                    .write_all(chunk.as_bytes())
                    .expect("the output file");
                let n = written.fetch_add(texts.len(), Ordering::Relaxed) + texts.len();
                if g % 50 == 0 {
                    eprintln!(
                        "game {g}: {n} positions, {:.0} s",
                        started.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    eprintln!(
        "{} positions from {games} games in {:.0} s",
        written.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}
