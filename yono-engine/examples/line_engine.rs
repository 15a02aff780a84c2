//! The engine behind a minimal line protocol, so that two builds can play each
//! other through `examples/match.rs` (`proc:` players). Not the engine program
//! (`yono-engine`, docs/PROTOCOL.md): only what matches need.
//!
//! ```text
//! position <position text> [moves m1 m2 ...]   (RULES.md §8 text, §7 moves)
//! go movetime MS | go nodes N | go depth D     -> bestmove <move>
//! quit
//! ```
//!
//! Arguments: `--mode paranoid|brs|brs+|paranoid-brs`, `--hash MB`, `--without nmp,lmr,...`.

mod common;

use std::io::{BufRead, Write};
use std::time::Duration;

use yono::{Game, Position};
use yono_engine::{Engine, EngineConfig, Features, Limits, StopToken};

fn main() {
    let mut config = EngineConfig::default();
    let mut features = Features::default();
    let mut cli = common::Cli::new(
        "line_engine",
        "line_engine [--mode paranoid|brs|brs+|paranoid-brs] [--hash MB] [--without nmp,lmr,...]",
    );
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--mode" => cli.parsed(&flag).map(|m| config.mode = m),
            "--hash" => cli.parsed(&flag).map(|mb| config.hash_mb = mb),
            "--without" => cli
                .value(&flag)
                .and_then(|v| Features::without(&v))
                .map(|f| features = f),
            other => common::Cli::unknown(other),
        };
        cli.or_exit(parsed);
    }
    let mut engine = Engine::with_features(config, features);
    let mut game = Game::new(yono::Ruleset::Yono);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("position ") {
            let (text, moves) = rest.split_once(" moves ").unwrap_or((rest, ""));
            match Position::from_text(text) {
                Ok(pos) => {
                    game = Game::from_position(pos);
                    for mv in moves.split_whitespace() {
                        if mv
                            .parse()
                            .map(|m| game.play(m))
                            .map_or(true, |r| r.is_err())
                        {
                            break;
                        }
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "info string error: {e}");
                }
            }
        } else if let Some(go) = line.strip_prefix("go ") {
            let mut it = go.split_whitespace();
            let limits = match (it.next(), it.next().and_then(|v| v.parse::<u64>().ok())) {
                (Some("movetime"), Some(ms)) => Limits::time(Duration::from_millis(ms)),
                (Some("nodes"), Some(n)) => Limits::nodes(n),
                (Some("depth"), Some(d)) => Limits::depth(d as u32),
                _ => Limits::depth(4),
            };
            let answer = match engine.search_game(&game, limits, &StopToken::new(), &mut |_| {}) {
                Ok(r) => format!("bestmove {}", r.best_move),
                Err(e) => format!("info string error: {e}"),
            };
            let _ = writeln!(out, "{answer}");
            let _ = out.flush();
        } else if line == "quit" {
            break;
        }
    }
}
