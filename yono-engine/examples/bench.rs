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

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use yono::{Game, Position, Ruleset};
use yono_engine::{Engine, Limits, StopToken};

/// The first position of a seeded greedy/random game with `seats` seats in, after
/// `extra` more plies (fewer if the count would drop).
fn middle_game(seats: usize, extra: usize, seed: u64) -> Position {
    let mut rng = common::Rng::new(seed);
    let mut pos = Position::start();
    let mut after = 0;
    loop {
        let k = pos.seats_in_game().len();
        if k == seats && after >= extra {
            return pos;
        }
        let mv = if rng.below(3) == 0 {
            let legal = pos.legal_moves();
            legal[rng.below(legal.len())]
        } else {
            common::greedy(&pos, &mut rng)
        };
        let mut next = pos.clone();
        next.play_unchecked(mv);
        if next.seats_in_game().len() < seats && k == seats {
            return pos;
        }
        if k == seats {
            after += 1;
        }
        pos = next;
    }
}

/// A Shogi middle game: a fixed opening line.
fn shogi_middle() -> Position {
    let mut pos = Position::new(Ruleset::Shogi);
    for mv in "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b 5g5f 3a3b 4i5h 7b8b 9g9f 9c9d 8h7g 7a7b 7h8h 4a5b 9i9h 6c6d 8h9i 5b6c 5h6h 6a7a 6g6f 3b4c 4g4f".split(' ') {
        pos.play(mv.parse().expect("a move")).expect("a legal line");
    }
    pos
}

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
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--before" => before = args.next(),
            "--cap" => cap = common::parse_count(&args.next().expect("--cap N")).expect("--cap"),
            other => panic!("unknown argument {other:?}"),
        }
    }
    let positions = [
        ("Yo[n]o start", Position::start()),
        ("4 seats, middle game", middle_game(4, 30, 1)),
        ("3 seats, middle game", middle_game(3, 12, 2)),
        ("2 seats, middle game", middle_game(2, 8, 3)),
        ("Shogi start", Position::new(Ruleset::Shogi)),
        ("Shogi middle game", shogi_middle()),
    ];
    println!(
        "load average {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!("| position | moves | perft depth | perft nodes/s | engine | search nodes/s | to depth 8 (s) | to 10 | to 12 |");
    println!("|---|---:|---:|---:|---|---:|---:|---:|---:|");
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
                println!("| {name} | {perft} | 014eba7 | {} |", cells(&t));
            }
        }
        println!(
            "| {name} | {perft} | this | {} |",
            cells(&time_new(pos, cap))
        );
    }
    for (name, pos) in &positions {
        println!("{name}: {}", pos.text());
    }
}
