//! Plays games with `yono_ml::VectorEnv` and reports their lengths and outcomes.
//!
//! ```text
//! cargo run --release -p yono-ml --example random_games                 # random self-play
//! cargo run --release -p yono-ml --example random_games -- --games 2000 --threads 2
//! cargo run --release -p yono-ml --example random_games -- --south engine:200
//! cargo run --release -p yono-ml --example random_games -- --south random --others engine:200
//! ```
//!
//! South is the agent (moves chosen by `--south`: `random` or `engine:NODES`); the
//! other seats are played inside the environment by `--others` (default: South's
//! player too, i.e. self-play). Prints the plies of the finished games (percentiles),
//! South's mean score with a 95% interval, and checks that every game's rewards add up
//! to zero.

mod support;

use std::time::Instant;

use support::Program;
use yono::{Ruleset, Seat, SeatSet};
use yono_ml::{Actions, Config, Player, VectorEnv};

struct Args {
    games: usize,
    envs: usize,
    threads: usize,
    seed: u64,
    max_plies: usize,
    ruleset: Ruleset,
    south: Player,
    others: Option<Player>,
}

fn player(text: &str) -> Result<Player, String> {
    match text.split_once(':') {
        None if text == "random" => Ok(Player::Random),
        Some(("engine", nodes)) => nodes
            .parse()
            .map(|nodes| Player::Engine { nodes })
            .map_err(|e| format!("engine:NODES needs a number of nodes ({e})")),
        _ => Err(format!("unknown player {text:?} (random or engine:NODES)")),
    }
}

const PROGRAM: Program = Program {
    name: "random_games",
    usage: "random_games [--games N] [--envs N] [--threads N] [--seed N] [--max-plies N] \
            [--ruleset yono|shogi] [--south random|engine:NODES] [--others random|engine:NODES]",
    flags: &[
        "--games",
        "--envs",
        "--threads",
        "--seed",
        "--max-plies",
        "--ruleset",
        "--south",
        "--others",
    ],
};

fn parse() -> Args {
    let mut args = Args {
        games: 1000,
        envs: 64,
        threads: 1,
        seed: 1,
        max_plies: 100_000,
        ruleset: Ruleset::Yono,
        south: Player::Random,
        others: None,
    };
    for (flag, value) in PROGRAM.flags() {
        let value = value.as_str();
        match flag.as_str() {
            "--games" => args.games = PROGRAM.parsed(&flag, value),
            "--envs" => args.envs = PROGRAM.parsed(&flag, value),
            "--threads" => args.threads = PROGRAM.parsed(&flag, value),
            "--seed" => args.seed = PROGRAM.parsed(&flag, value),
            "--max-plies" => args.max_plies = PROGRAM.parsed(&flag, value),
            "--ruleset" => args.ruleset = PROGRAM.parsed(&flag, value),
            "--south" => args.south = player(value).unwrap_or_else(|e| PROGRAM.refuse(e)),
            "--others" => args.others = Some(player(value).unwrap_or_else(|e| PROGRAM.refuse(e))),
            _ => unreachable!("flags() passes only the flags listed"),
        }
    }
    if args.games == 0 {
        PROGRAM.refuse("--games must be at least 1");
    }
    args
}

fn main() {
    let args = parse();
    // South's moves come from the step's actions; with no `--others` every seat is an
    // agent and plays the same way (self-play).
    let config = Config::new(args.ruleset, args.envs)
        .seed(args.seed)
        .threads(args.threads)
        .max_plies(args.max_plies);
    let config = match args.others {
        Some(others) => config.agents(SeatSet::single(Seat::South), others),
        None => config,
    };
    let mut env = VectorEnv::new(config).unwrap_or_else(|e| PROGRAM.refuse(e));
    let actions = match args.south {
        Player::Engine { nodes } => Actions::Engine { nodes },
        _ => Actions::Random,
    };
    let max = f64::from(args.ruleset.max_score());
    let n = env.num_envs();
    let mut totals = vec![[0.0f64; 4]; n];
    let mut lengths = Vec::new();
    let mut south_scores = Vec::new();
    let (mut truncated, mut drawn) = (0, 0);
    let started = Instant::now();
    let mut steps = 0u64;
    while lengths.len() < args.games {
        env.step(actions)
            .expect("random and engine steps are always legal");
        steps += n as u64;
        for (i, total) in totals.iter_mut().enumerate() {
            for (t, r) in total.iter_mut().zip(env.reward(i)) {
                *t += f64::from(*r);
            }
            if env.seat_terminated(i)[Seat::South.index()] {
                south_scores.push((total[Seat::South.index()] + 1.0) * max / 2.0);
            }
            if env.terminated()[i] || env.truncated()[i] {
                let sum: f64 = total.iter().sum();
                if env.terminated()[i] && args.others.is_none() && sum.abs() > 1e-4 {
                    eprintln!("rewards of a finished game add up to {sum}, not 0");
                    std::process::exit(1);
                }
                truncated += usize::from(env.truncated()[i]);
                drawn += usize::from(env.drawn()[i]);
                *total = [0.0; 4];
                lengths.push(env.final_plies()[i]);
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    lengths.sort_unstable();
    let pct = |p: f64| lengths[((lengths.len() - 1) as f64 * p).round() as usize];
    PROGRAM.say(format_args!(
        "plies of the finished games: median {}, 90% {}, 99% {}, max {}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    ));
    let mean = south_scores.iter().sum::<f64>() / south_scores.len().max(1) as f64;
    let var = south_scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>()
        / (south_scores.len().max(2) - 1) as f64;
    let half = 1.96 * (var / south_scores.len().max(1) as f64).sqrt();
    PROGRAM.say(format_args!(
        "{} games ({} truncated, {} drawn), {steps} agent steps in {secs:.1} s ({:.0} steps/s)",
        lengths.len(),
        truncated,
        drawn,
        steps as f64 / secs
    ));
    PROGRAM.say(format_args!(
        "South's mean score {mean:.3} ± {half:.3} over {} decided games (equal share {:.2})",
        south_scores.len(),
        max * (max + 1.0) / 2.0 / args.ruleset.seats().len() as f64
    ));
}
