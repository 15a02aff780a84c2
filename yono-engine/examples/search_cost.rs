//! A fixed, deterministic search workload for measuring the cost of a node: the six
//! positions of `bench`, each searched single-threaded to a fixed depth (the same
//! tree on every run), printing nodes, best move, score and line. A speed change
//! must leave every line of the output as it was; its effect is measured in
//! instructions per node under callgrind, which wall-clock noise does not touch:
//!
//! `valgrind --tool=callgrind --toggle-collect='*Engine*::run' target/profiling/examples/search_cost [--only I]`
//!
//! `cargo run --release -p yono-engine --example search_cost -- [--only I] [--scale K]`
//!
//! `--only I` searches only the I-th position (0–5); `--scale K` adds K plies to
//! every depth (negative: fewer), for a longer or shorter run.
//!
//! The four- and three-seat positions are searched in paranoid mode, the mode of
//! every table in docs/ENGINE.md "Speed": the default paranoid-brs reaches the
//! same nominal depths only after 10–15 times the nodes, and its nodes are the same
//! code but for the Best-Reply layer.

mod common;

use common::say;

use yono::Game;
use yono_engine::{Engine, EngineConfig, Limits, SearchMode, StopToken};

/// The depth of each position's search: chosen so that each takes about a hundred
/// thousands of nodes.
const DEPTHS: [i32; 6] = [14, 12, 9, 10, 15, 15];

fn main() {
    let mut only: Option<usize> = None;
    let mut scale = 0i32;
    let mut cli = common::Cli::new("search_cost", "search_cost [--only I] [--scale K]");
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--only" => cli.parsed(&flag).map(|i| only = Some(i)),
            "--scale" => cli.parsed(&flag).map(|k| scale = k),
            other => common::Cli::unknown(other),
        };
        cli.or_exit(parsed);
    }
    for (i, (name, pos)) in common::bench_positions().into_iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let depth = (DEPTHS[i] + scale).max(1) as u32;
        let mut engine = Engine::new(EngineConfig {
            mode: SearchMode::Paranoid,
            ..Default::default()
        });
        let r = engine
            .search_game(
                &Game::from_position(pos),
                Limits::depth(depth),
                &StopToken::new(),
                &mut |_| {},
            )
            .expect("the game is not over");
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        say!(
            "{i} {name}: depth {} nodes {} bestmove {} score {:.6} mate {:?} pv {}",
            r.depth,
            r.nodes,
            r.best_move,
            r.score,
            r.mate,
            pv.join(" ")
        );
    }
}
