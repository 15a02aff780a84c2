//! A tournament: one player (the hero) against three copies of another (the field),
//! the hero rotated through all four seats, in Yo[n]o Shogi.
//!
//! ```text
//! cargo run --release -p yono-engine --example tournament -- \
//!     --hero engine@10k --field random --games 24 [--seed 1] [--max-plies 800]
//! ```
//!
//! Players: `random` (uniform), `greedy` (one ply, the engine's static evaluation),
//! `engine@N` (the engine at N nodes per move; `10k`, `1m` work). Each game gets its
//! own seed, so engines (evaluation noise 10 centi-pawns) and random players vary.
//!
//! Adjudication: a game still going after `--max-plies` plies (default 800, i.e. 200
//! rounds) is scored as if the seats still in fell in order of material (board and
//! reserve, engine piece values), least first; tied seats share their scores. A
//! fourfold repetition scores as RULES.md §6 says. Reports the hero's mean score with
//! a 95% confidence interval (normal approximation, 1.96 standard errors), the
//! field's mean, the hero's win share, game lengths and how many were adjudicated.

mod common;

use common::say;

use common::Player;
use std::time::Instant;
use yono::{Game, Ruleset, Seat, Status};

struct Args {
    hero: String,
    field: String,
    games: usize,
    seed: u64,
    max_plies: usize,
}

const USAGE: &str = "tournament [--hero PLAYER] [--field PLAYER] [--games N] [--seed N] \
[--max-plies N] (PLAYER: random, greedy or engine@N)";

fn parse_args(cli: &mut common::Cli) -> Result<Args, String> {
    let mut args = Args {
        hero: "engine@10k".into(),
        field: "random".into(),
        games: 24,
        seed: 1,
        max_plies: 800,
    };
    while let Some(flag) = cli.next_arg() {
        match flag.as_str() {
            "--hero" => args.hero = cli.value(&flag)?,
            "--field" => args.field = cli.value(&flag)?,
            "--games" => args.games = cli.parsed(&flag)?,
            "--seed" => args.seed = cli.parsed(&flag)?,
            "--max-plies" => args.max_plies = cli.parsed(&flag)?,
            other => return common::Cli::unknown(other),
        }
    }
    Ok(args)
}

/// The scores of a game, by seat; `adjudicated` when the ply cap ended it.
fn final_scores(game: &Game) -> ([f64; 4], bool) {
    let pos = game.position();
    if game.is_over() {
        return (common::finished_scores(game), false);
    }
    (common::capped_scores(pos), true)
}

fn main() {
    let mut cli = common::Cli::new("tournament", USAGE);
    let parsed = parse_args(&mut cli);
    let args = cli.or_exit(parsed);
    let started = Instant::now();
    let mut hero_scores = Vec::new();
    let mut field_scores = Vec::new();
    let mut wins = 0;
    let mut lengths = Vec::new();
    let mut adjudicated = 0;
    for g in 0..args.games {
        let hero_seat = common::four_seat_hero(g);
        let game_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let mut players: Vec<Player> = Seat::ALL
            .iter()
            .map(|&s| {
                let spec = if s == hero_seat {
                    &args.hero
                } else {
                    &args.field
                };
                Player::parse(
                    spec,
                    game_seed.wrapping_mul(4).wrapping_add(s.index() as u64),
                )
                .unwrap_or_else(|e| cli.or_exit(Err(e)))
            })
            .collect();
        let mut game = Game::new(Ruleset::Yono);
        while !game.is_over() && game.moves().len() < args.max_plies {
            let seat = game.position().turn();
            let mv = players[seat.index()].choose(game.position());
            game.play(mv).expect("players choose legal moves");
        }
        let (scores, adj) = final_scores(&game);
        adjudicated += adj as usize;
        lengths.push(game.moves().len());
        let hero = scores[hero_seat.index()];
        hero_scores.push(hero);
        for s in Seat::ALL.iter().filter(|&&s| s != hero_seat) {
            field_scores.push(scores[s.index()]);
        }
        let won = matches!(game.status(), Status::Won(w) if w == hero_seat) || (adj && hero >= 3.0);
        wins += won as usize;
        eprintln!(
            "game {:>3}: hero {} scores {hero} ({} plies{}) [{:.0} s]",
            g + 1,
            hero_seat.name(),
            game.moves().len(),
            if adj { ", adjudicated" } else { "" },
            started.elapsed().as_secs_f64()
        );
    }
    let n = hero_scores.len() as f64;
    let mean = hero_scores.iter().sum::<f64>() / n;
    let var = hero_scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let ci = 1.96 * (var / n).sqrt();
    let field_mean = field_scores.iter().sum::<f64>() / field_scores.len() as f64;
    lengths.sort_unstable();
    let mean_len = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    say!(
        "| {} | 3 x {} | {} | {:.2} ± {:.2} | {:.2} | {:.0}% | {:.0} ({}–{}) | {} |",
        args.hero,
        args.field,
        args.games,
        mean,
        ci,
        field_mean,
        100.0 * wins as f64 / n,
        mean_len,
        lengths[0],
        lengths[lengths.len() - 1],
        adjudicated
    );
    eprintln!(
        "hero {} vs 3 x {}: mean {mean:.3} ± {ci:.3} (95%), field mean {field_mean:.3}, wins {wins}/{}, plies mean {mean_len:.0}, adjudicated {adjudicated}, {:.0} s",
        args.hero,
        args.field,
        args.games,
        started.elapsed().as_secs_f64()
    );
}
