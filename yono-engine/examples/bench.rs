//! Search speed (nodes/s, single thread) beside the perft rate of the same positions:
//! the Yo[n]o start and middle games with four, three and two seats in, reached by a
//! seeded greedy game (the position texts are printed).
//!
//! `cargo run --release -p yono-engine --example bench -- [nodes]`

mod common;

use std::time::Instant;
use yono::{Position, Ruleset};
use yono_engine::{Engine, Limits};

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
        if next.seats_in_game().len() < seats {
            // Don't overshoot: take another random move, or give up if none keeps it.
            if k == seats {
                return pos;
            }
        }
        if k == seats {
            after += 1;
        }
        pos = next;
    }
}

fn main() {
    let nodes = std::env::args()
        .nth(1)
        .map(|s| common::parse_count(&s).expect("node count"))
        .unwrap_or(1_000_000);
    let positions = [
        ("Yo[n]o start", Position::start()),
        ("4 seats, middle game", middle_game(4, 30, 1)),
        ("3 seats, middle game", middle_game(3, 12, 2)),
        ("2 seats, middle game", middle_game(2, 8, 3)),
        ("Shogi start", Position::new(Ruleset::Shogi)),
    ];
    println!("| position | legal moves | search nodes/s | depth | perft depth | perft nodes/s |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, pos) in &positions {
        let mut engine = Engine::default();
        let r = engine
            .search(pos, Limits::nodes(nodes))
            .expect("game not over");
        let nps = r.nodes as f64 / r.time.as_secs_f64();
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
        println!(
            "| {name} | {} | {:.0} | {} | {depth} | {:.0} |",
            pos.legal_moves().len(),
            nps,
            r.depth,
            pn as f64 / pt
        );
    }
    for (name, pos) in &positions {
        println!("{name}: {}", pos.text());
    }
}
