//! VectorEnv steps per second at 1 and 2 threads (random moves, observations, lists and
//! masks written every step), runs alternating so that a change in the machine's load
//! hits both thread counts alike.
//!
//! ```text
//! cargo run --release -p yono-ml --example throughput                  # 8, 64, 256, 1024 games
//! cargo run --release -p yono-ml --example throughput -- --seconds 2 --rounds 5 --games 256
//! ```
//!
//! Prints one line per run and, per size, the range of each thread count and the range
//! of the ratio 2 threads / 1 thread over the rounds (each round's two runs are
//! adjacent in time). `--fixed STEPS --games N --threads T` instead plays exactly STEPS
//! steps once (for instruction counts under `valgrind --tool=callgrind`).

use std::time::Instant;

use yono::Ruleset;
use yono_ml::{Actions, Config, VectorEnv};

fn run(games: usize, threads: usize, seconds: f64, masks: bool) -> f64 {
    let config = Config::new(Ruleset::Yono, games)
        .seed(1)
        .threads(threads)
        .masks(masks);
    let mut env = VectorEnv::new(config).expect("a valid config");
    for _ in 0..20 {
        env.step(Actions::Random).expect("random steps are legal");
    }
    let started = Instant::now();
    let mut steps = 0usize;
    while started.elapsed().as_secs_f64() < seconds {
        for _ in 0..10 {
            env.step(Actions::Random).expect("random steps are legal");
        }
        steps += 10 * games;
    }
    steps as f64 / started.elapsed().as_secs_f64()
}

fn range(values: &[f64]) -> (f64, f64) {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo, hi)
}

fn main() {
    let mut seconds = 1.0;
    let mut rounds = 3;
    let mut sizes = vec![8, 64, 256, 1024];
    let mut masks = true;
    let mut fixed: Option<usize> = None;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--seconds" => seconds = value.parse().expect("--seconds takes a number"),
            "--rounds" => rounds = value.parse().expect("--rounds takes a number"),
            "--games" => sizes = vec![value.parse().expect("--games takes a number")],
            "--masks" => masks = value != "0" && value != "false",
            "--fixed" => fixed = Some(value.parse().expect("--fixed takes a number of steps")),
            "--threads" => threads = value.parse().expect("--threads takes a number"),
            _ => {
                eprintln!("throughput: unknown flag {flag}");
                std::process::exit(2);
            }
        }
    }
    if let Some(steps) = fixed {
        let config = Config::new(Ruleset::Yono, sizes[0])
            .seed(1)
            .threads(threads)
            .masks(masks);
        let mut env = VectorEnv::new(config).expect("a valid config");
        for _ in 0..steps {
            env.step(Actions::Random).expect("random steps are legal");
        }
        println!("{steps} steps of {} games on {threads} threads", sizes[0]);
        return;
    }
    println!("| games | 1 thread (steps/s) | 2 threads (steps/s) | 2 / 1 per round |");
    println!("|---|---|---|---|");
    for &games in &sizes {
        let (mut one, mut two, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            // Alternate which thread count goes first.
            let (a, b) = if round % 2 == 0 {
                let a = run(games, 1, seconds, masks);
                (a, run(games, 2, seconds, masks))
            } else {
                let b = run(games, 2, seconds, masks);
                (run(games, 1, seconds, masks), b)
            };
            eprintln!("games {games} round {round}: 1 thread {a:.0}, 2 threads {b:.0}");
            one.push(a);
            two.push(b);
            ratio.push(b / a);
        }
        let ((o1, o2), (t1, t2), (r1, r2)) = (range(&one), range(&two), range(&ratio));
        println!(
            "| {games} | {:.0}k-{:.0}k | {:.0}k-{:.0}k | {r1:.2}-{r2:.2} |",
            o1 / 1e3,
            o2 / 1e3,
            t1 / 1e3,
            t2 / 1e3
        );
    }
}
