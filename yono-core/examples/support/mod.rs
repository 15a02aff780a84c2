//! What more than one program needs: included by `mod support;` from
//! `gen_vectors.rs`, `perft.rs`, `play_instructions.rs` and `search.rs`, and by path from
//! `yono-core/selfplay/main.rs` and `bench/src/main.rs`. Each uses part of it.
#![allow(dead_code)]

use std::io::{self, ErrorKind};
use std::process::ExitCode;

use yono::{Game, Ruleset};

/// How a program that writes its results to standard output ends: a reader that
/// stopped early (`perft ... --divide | head`) had all it wanted, so status 0 and
/// no message; any other failure to write, the error and status 1.
pub fn exit_after_writing(program: &str, written: io::Result<()>) -> ExitCode {
    match written {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            eprintln!("{program}: writing to standard output: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

/// A program's name and usage, for the two answers every program gives: to `--help`
/// and to a call it cannot read.
pub struct Program {
    pub name: &'static str,
    pub usage: &'static str,
}

impl Program {
    /// The program's arguments. `--help` (or `-h`) prints `usage: {usage}` and ends
    /// with status 0; a `--` flag not in `flags` ends the program through
    /// [`Program::refuse`].
    pub fn arguments(&self, flags: &[&str]) -> Vec<String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            println!("usage: {}", self.usage);
            std::process::exit(0);
        }
        if let Some(a) = args
            .iter()
            .find(|a| a.starts_with("--") && !flags.contains(&a.as_str()))
        {
            self.refuse(&format!("unknown argument {a:?}"));
        }
        args
    }

    /// Ends a call the program cannot read: its name and the error, the usage,
    /// status 2.
    pub fn refuse(&self, error: &str) -> ! {
        eprintln!("{}: {error}\nusage: {}", self.name, self.usage);
        std::process::exit(2)
    }
}

/// xorshift64: deterministic for a seed, no dependency. The test vectors were
/// generated with it, so changing it changes `tests/vectors/*.json`.
pub struct Rng(pub u64);

impl Rng {
    /// A value in `0..n` (`n` > 0); the seed must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The positions of a seeded random Shogi game (up to 120 plies), each a game of its
/// own with no history: the push/pop workloads play every legal move of each, so the
/// Rust figures (`play_instructions.rs`, the bench's `Game` rows) measure the same
/// positions.
pub fn random_shogi_positions() -> Vec<Game> {
    let mut walk = Game::new(Ruleset::Shogi);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut games = Vec::new();
    for _ in 0..120 {
        let moves = walk.legal_moves();
        if moves.is_empty() {
            break;
        }
        games.push(Game::from_position(walk.position().clone()));
        walk.play(moves[rng.below(moves.len())])
            .expect("a legal move");
    }
    games
}
