//! The workload of `play_instructions.sh`: `Game::play` + `Game::undo` of every legal
//! move of 120 Shogi positions (a seeded random game), `PASSES` times.
//!
//! `cargo run --release -p yono-core --example play_instructions -- MODE PASSES`, where
//! MODE is `listed` (the moves come from `Game::list_legal_moves`, so `play` checks
//! each with one probe) or `checked` (from `Game::legal_moves`: `play` runs the full
//! check, with the King facts cached per position). Run under callgrind with two
//! values of PASSES: the difference of the totals over the extra pairs is the cost of
//! one pair, without the set-up.

mod support;

use std::hint::black_box;
use std::io::{self, Write};
use std::process::ExitCode;

use support::Program;
use yono::Move;

const PROGRAM: Program = Program {
    name: "play_instructions",
    usage: "play_instructions listed|checked PASSES",
};

fn main() -> ExitCode {
    let args = PROGRAM.arguments(&[]);
    let [mode, passes] = args.as_slice() else {
        PROGRAM.refuse("a mode and a number of passes are needed");
    };
    let listed = match mode.as_str() {
        "listed" => true,
        "checked" => false,
        other => PROGRAM.refuse(&format!("unknown mode {other:?}: listed or checked")),
    };
    let Ok(passes) = passes.parse::<u32>() else {
        PROGRAM.refuse(&format!("PASSES must be a whole number, not {passes:?}"));
    };
    let mut games = support::random_shogi_positions();
    let lists: Vec<Vec<Move>> = games
        .iter_mut()
        .map(|g| {
            let moves = if listed {
                g.list_legal_moves()
            } else {
                g.legal_moves()
            };
            moves.to_vec()
        })
        .collect();
    let mut pairs = 0u64;
    for _ in 0..passes {
        for (game, moves) in games.iter_mut().zip(&lists) {
            for &mv in moves {
                black_box(game.play(black_box(mv)).expect("a legal move"));
                black_box(game.undo());
                pairs += 1;
            }
        }
    }
    let written = writeln!(io::stdout(), "positions {} pairs {pairs}", games.len());
    support::exit_after_writing(PROGRAM.name, written)
}
