//! One game of Yo[n]o Shogi with the engine playing the seats you choose and a
//! simple player (greedy or random) the others; prints the board at every checkmate
//! and the final scores. yono-core's own `selfplay` example cannot use the engine
//! (the core does not depend on it), so this is its engine-aware sibling.
//!
//! ```text
//! cargo run --release -p yono-engine --example play_game -- --engine s,n [--nodes 10k] [--others greedy|random] [--seed 1] [--max-plies 800]
//! ```

mod common;

use common::say;

use common::Player;
use std::time::Instant;
use yono::{Game, Ruleset, Seat, Status};

const USAGE: &str =
    "play_game --engine s,n [--nodes 10k] [--others greedy|random] [--seed N] [--max-plies N]";

/// The seats of a comma-separated list (`s,n`; the core's spellings).
fn seats(list: &str) -> Result<Vec<Seat>, String> {
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse()
                .map_err(|_| format!("bad seat {s:?} (s, w, n, e)"))
        })
        .collect()
}

fn main() {
    let mut engine_seats: Vec<Seat> = vec![Seat::South];
    let mut nodes = "10k".to_string();
    let mut others = "greedy".to_string();
    let mut seed = 1u64;
    let mut max_plies = 800usize;
    let mut cli = common::Cli::new("play_game", USAGE);
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--engine" => cli
                .value(&flag)
                .and_then(|v| seats(&v))
                .map(|v| engine_seats = v),
            "--nodes" => cli.value(&flag).map(|v| nodes = v),
            "--others" => cli.value(&flag).map(|v| others = v),
            "--seed" => cli.parsed(&flag).map(|n| seed = n),
            "--max-plies" => cli.parsed(&flag).map(|n| max_plies = n),
            _ => common::Cli::unknown(&flag),
        };
        cli.or_exit(parsed);
    }
    let mut players: Vec<Player> = Seat::ALL
        .iter()
        .map(|&s| {
            let spec = if engine_seats.contains(&s) {
                format!("engine@{nodes}")
            } else {
                others.clone()
            };
            Player::parse(&spec, seed.wrapping_mul(4).wrapping_add(s.index() as u64))
                .unwrap_or_else(|e| cli.or_exit(Err(e)))
        })
        .collect();
    let names: Vec<String> = engine_seats.iter().map(|s| s.name().to_string()).collect();
    say!(
        "Yo[n]o Shogi: engine@{nodes} plays {}, {others} the others; seed {seed}\n",
        names.join(", ")
    );
    let started = Instant::now();
    let mut game = Game::new(Ruleset::Yono);
    while !game.is_over() && game.moves().len() < max_plies {
        let mover = game.position().turn();
        let mv = players[mover.index()].choose(game.position());
        let before = game.position().seats_in_game();
        game.play(mv).expect("players choose legal moves");
        let after = game.position().seats_in_game();
        for fallen in before.iter().filter(|s| !after.contains(*s)) {
            say!(
                "Move {}: {mover} plays {mv}; {fallen} is checkmated and scores {}.\n\n{}\n",
                game.moves().len(),
                game.position().score(fallen).unwrap_or(0),
                game.position()
            );
        }
    }
    match game.status() {
        Status::Won(w) => say!("{w} wins after {} moves.", game.moves().len()),
        Status::DrawnByRepetition => say!("Drawn by fourfold repetition."),
        Status::Ongoing => say!("Stopped at the {max_plies}-move cap."),
    }
    for (seat, score) in game.scores() {
        let who = if engine_seats.contains(&seat) {
            "engine"
        } else {
            &others
        };
        match score {
            Some(s) => say!("  {:<5} {s}  ({who})", seat.name()),
            None => say!("  {:<5} -  ({who})", seat.name()),
        }
    }
    say!("Played in {:.1} s.", started.elapsed().as_secs_f64());
}
