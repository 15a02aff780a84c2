//! Perft from a position: `cargo run --release --example perft -- <start|shogi|TEXT|SFEN> <depth> [--divide] [--full]`.
//!
//! Prints the count at every depth up to the one asked, with nodes per second.

mod support;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;
use support::Program;
use yono::{divide, perft, perft_full, Position, Ruleset};

const PROGRAM: Program = Program {
    name: "perft",
    usage: "perft <start|shogi|yono|POSITION TEXT|SFEN> <depth> [--divide] [--full]",
};

fn main() -> ExitCode {
    let args = PROGRAM.arguments(&["--divide", "--full"]);
    let flags: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| a.starts_with("--"))
        .collect();
    let rest: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let &[text, depth] = rest.as_slice() else {
        PROGRAM.refuse("a position and a depth are needed");
    };
    let Ok(depth) = depth.parse::<u32>() else {
        PROGRAM.refuse(&format!("depth {depth:?} is not a whole number"));
    };
    let pos = match text {
        "start" => Ok(Position::start()),
        t => match t.parse::<Ruleset>() {
            Ok(ruleset) => Ok(Position::new(ruleset)),
            Err(_) => t
                .parse::<Position>()
                .or_else(|e| Position::from_sfen(t).map_err(|_| e)),
        },
    };
    let pos = match pos {
        Ok(p) => p,
        Err(e) => PROGRAM.refuse(&e.to_string()),
    };
    let full = flags.contains(&"--full");
    let divided = flags.contains(&"--divide");
    let counted = count(&pos, depth, full, divided, &mut io::stdout().lock());
    support::exit_after_writing(PROGRAM.name, counted)
}

/// Writes `pos`, its divide if asked, and the count at every depth up to `depth`.
fn count(
    pos: &Position,
    depth: u32,
    full: bool,
    divided: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "{pos}\n")?;
    if divided {
        for (mv, n) in divide(pos, depth) {
            writeln!(out, "{mv}: {n}")?;
        }
    }
    for d in 1..=depth {
        let t = Instant::now();
        let n = if full {
            perft_full(pos, d)
        } else {
            perft(pos, d)
        };
        let secs = t.elapsed().as_secs_f64();
        writeln!(
            out,
            "depth {d}: {n:>14} nodes  {secs:>8.3} s  {:>12.0} nodes/s{}",
            n as f64 / secs.max(1e-9),
            if full {
                " (every move played)"
            } else {
                " (last ply counted)"
            }
        )?;
    }
    Ok(())
}
