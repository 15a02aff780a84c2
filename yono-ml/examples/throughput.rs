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

mod support;

use std::time::Instant;

use support::Program;
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

const PROGRAM: Program = Program {
    name: "throughput",
    usage: "throughput [--seconds S] [--rounds N] [--games N] [--masks 0|1] \
            [--fixed STEPS --threads T]",
    flags: &[
        "--seconds",
        "--rounds",
        "--games",
        "--masks",
        "--fixed",
        "--threads",
    ],
};

fn main() {
    let mut seconds = 1.0;
    let mut rounds = 3;
    let mut sizes = vec![8, 64, 256, 1024];
    let mut masks = true;
    let mut fixed: Option<usize> = None;
    let mut threads = 1;
    for (flag, value) in PROGRAM.flags() {
        match flag.as_str() {
            "--seconds" => seconds = PROGRAM.parsed(&flag, &value),
            "--rounds" => rounds = PROGRAM.parsed(&flag, &value),
            "--games" => sizes = vec![PROGRAM.parsed(&flag, &value)],
            "--masks" => masks = value != "0" && value != "false",
            "--fixed" => fixed = Some(PROGRAM.parsed(&flag, &value)),
            "--threads" => threads = PROGRAM.parsed(&flag, &value),
            _ => unreachable!("flags() passes only the flags listed"),
        }
    }
    if !(seconds > 0.0 && seconds <= 3600.0) || rounds == 0 || sizes[0] == 0 || threads == 0 {
        PROGRAM.refuse(
            "--seconds must be above 0 (at most 3600); --rounds, --games and --threads at least 1",
        );
    }
    if let Some(steps) = fixed {
        let config = Config::new(Ruleset::Yono, sizes[0])
            .seed(1)
            .threads(threads)
            .masks(masks);
        let mut env = VectorEnv::new(config).unwrap_or_else(|e| PROGRAM.refuse(e));
        for _ in 0..steps {
            env.step(Actions::Random).expect("random steps are legal");
        }
        PROGRAM.say(format_args!(
            "{steps} steps of {} games on {threads} threads",
            sizes[0]
        ));
        return;
    }
    PROGRAM.say(format_args!(
        "| games | 1 thread (steps/s) | 2 threads (steps/s) | 2 / 1 per round |"
    ));
    PROGRAM.say(format_args!("|---|---|---|---|"));
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
        PROGRAM.say(format_args!(
            "| {games} | {:.0}k-{:.0}k | {:.0}k-{:.0}k | {r1:.2}-{r2:.2} |",
            o1 / 1e3,
            o2 / 1e3,
            t1 / 1e3,
            t2 / 1e3
        ));
    }
}
