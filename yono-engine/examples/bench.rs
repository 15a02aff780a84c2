//! Search speed beside perft on fixed positions of both rulesets: nodes per second
//! and the time to reach depths 8, 10 and 12, for this engine and (with
//! `--before PATH`) the engine of commit 014eba7 behind the line protocol
//! (`scripts/old-engine.sh` builds it), in one run.
//!
//! `cargo run --release -p yono-engine --example bench -- [--before PATH] [--cap NODES]`
//!
//! Every search is single-threaded with the default 16 MiB table and stops at depth
//! 12 or after `--cap` nodes (default 20 million), whichever comes first; a depth
//! not reached is shown as `>` the time spent. The positions (printed at the end)
//! are the Yo[n]o start, middle games with four, three and two seats in reached by
//! a seeded greedy/random game, the Shogi start and a Shogi middle game.

mod common;

use common::say;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use yono::{Game, Position};
use yono_engine::{Engine, Limits, StopToken};

/// Seconds to each of the depths 8, 10, 12 (None: not reached), nodes, seconds.
type Timing = ([Option<f64>; 3], u64, f64);

fn time_new(pos: &Position, cap: u64) -> Timing {
    let mut engine = Engine::default();
    let mut reached = [None; 3];
    let started = Instant::now();
    let r = engine
        .search_game(
            &Game::from_position(pos.clone()),
            Limits::depth(12).with_nodes(cap),
            &StopToken::new(),
            &mut |info| {
                for (i, d) in [8, 10, 12].into_iter().enumerate() {
                    if info.depth == d {
                        reached[i] = Some(info.time.as_secs_f64());
                    }
                }
            },
        )
        .expect("the game is not over");
    (reached, r.nodes, started.elapsed().as_secs_f64())
}

/// The old engine: one `go depth D nodes CAP` per depth (it reports no iterations).
fn time_old(path: &str, pos: &Position, cap: u64) -> Option<Timing> {
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut stdout = BufReader::new(child.stdout.take()?);
    let mut reached = [None; 3];
    let (mut nodes, mut secs) = (0, 0.0);
    for (i, d) in [8, 10, 12].into_iter().enumerate() {
        writeln!(stdin, "position {}", pos.text()).ok()?;
        writeln!(stdin, "go depth {d} nodes {cap}").ok()?;
        stdin.flush().ok()?;
        let mut line = String::new();
        stdout.read_line(&mut line).ok()?;
        // bestmove M depth D nodes N time MS
        let w: Vec<&str> = line.split_whitespace().collect();
        let depth: u32 = w.get(3)?.parse().ok()?;
        nodes = w.get(5)?.parse().ok()?;
        secs = w.get(7)?.parse::<f64>().ok()? / 1000.0;
        if depth >= d {
            reached[i] = Some(secs);
        } else {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    Some((reached, nodes, secs))
}

fn cells(t: &Timing) -> String {
    let (reached, nodes, secs) = t;
    let depths: Vec<String> = reached
        .iter()
        .map(|r| match r {
            Some(s) => format!("{s:.2}"),
            None => format!(">{secs:.1}"),
        })
        .collect();
    format!(
        "{:.0} | {}",
        *nodes as f64 / secs.max(1e-9),
        depths.join(" | ")
    )
}

fn main() {
    let mut before = None;
    let mut cap = 20_000_000u64;
    let mut cli = common::Cli::new("bench", "bench [--before PATH] [--cap NODES]");
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--before" => cli.value(&flag).map(|v| before = Some(v)),
            "--cap" => cli
                .value(&flag)
                .and_then(|v| common::parse_count(&v))
                .map(|n| cap = n),
            other => common::Cli::unknown(other),
        };
        cli.or_exit(parsed);
    }
    let positions = common::bench_positions();
    say!(
        "load average {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    say!("| position | moves | perft depth | perft nodes/s | engine | search nodes/s | to depth 8 (s) | to 10 | to 12 |");
    say!("|---|---:|---:|---:|---|---:|---:|---:|---:|");
    for (name, pos) in &positions {
        // Perft to the depth that takes at least a fraction of a second.
        let mut depth = 1;
        let (mut pn, mut pt);
        loop {
            let t = Instant::now();
            pn = yono::perft(pos, depth);
            pt = t.elapsed().as_secs_f64();
            if pt > 0.3 || depth >= 6 {
                break;
            }
            depth += 1;
        }
        let perft = format!(
            "{} | {depth} | {:.0}",
            pos.legal_moves().len(),
            pn as f64 / pt
        );
        if let Some(path) = &before {
            if let Some(t) = time_old(path, pos, cap) {
                say!("| {name} | {perft} | 014eba7 | {} |", cells(&t));
            }
        }
        say!(
            "| {name} | {perft} | this | {} |",
            cells(&time_new(pos, cap))
        );
    }
    for (name, pos) in &positions {
        say!("{name}: {}", pos.text());
    }
}
