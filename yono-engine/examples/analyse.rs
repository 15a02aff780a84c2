//! Searches one position and prints every iteration (a tool for looking into the
//! search).
//!
//! `cargo run --release -p yono-engine --example analyse -- [options] POSITION`
//!
//! POSITION is a Yo[n]o position text (RULES.md §8), an SFEN, `yono` or `shogi` (the
//! start). Options: `--depth D`, `--nodes N`, `--time MS`, `--multipv K`,
//! `--threads T`, `--hash MB`, `--mode paranoid|brs|brs+|paranoid-brs`, `--without nmp,lmr,...` (features
//! off), `--moves m1,m2,...` (played first, through a `Game`, so they count for
//! repetition).

use std::time::Duration;

use yono::{Game, Position, Ruleset};
use yono_engine::{Engine, EngineConfig, Features, Limits, StopToken};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut limits = Limits::default();
    let mut config = EngineConfig::default();
    let mut features = Features::default();
    let mut text = None;
    let mut moves = String::new();
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("option value");
        match a.as_str() {
            "--depth" => limits.depth = Some(value().parse().expect("depth")),
            "--nodes" => limits.nodes = Some(value().parse().expect("nodes")),
            "--time" => limits.time = Some(Duration::from_millis(value().parse().expect("ms"))),
            "--multipv" => config.multipv = value().parse().expect("multipv"),
            "--threads" => config.threads = value().parse().expect("threads"),
            "--hash" => config.hash_mb = value().parse().expect("hash"),
            "--mode" => config.mode = value().parse().expect("mode"),
            "--without" => features = Features::without(&value()).expect("features"),
            "--moves" => moves = value(),
            _ => text = Some(a),
        }
    }
    let text = text.unwrap_or_else(|| "yono".into());
    let pos = match text.as_str() {
        "yono" => Position::new(Ruleset::Yono),
        "shogi" => Position::new(Ruleset::Shogi),
        t => Position::from_text(t)
            .or_else(|_| Position::from_sfen(t))
            .expect("a position text or SFEN"),
    };
    let mut game = Game::from_position(pos);
    for mv in moves.split(',').filter(|m| !m.is_empty()) {
        game.play(mv.parse().expect("a move"))
            .expect("a legal move");
    }
    let mut engine = Engine::with_features(config, features);
    let result = engine
        .search_game(&game, limits, &StopToken::new(), &mut |info| {
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "depth {} seldepth {} multipv {} score {:.3} mate {:?} nodes {} nps {} time {} hashfull {} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                info.score,
                info.mate,
                info.nodes,
                info.nps,
                info.time.as_millis(),
                info.hashfull,
                pv.join(" ")
            );
        })
        .expect("a game that is not over");
    println!(
        "bestmove {} score {:.3} mate {:?} depth {} nodes {} stopped {}",
        result.best_move, result.score, result.mate, result.depth, result.nodes, result.stopped
    );
}
