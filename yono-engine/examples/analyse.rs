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

mod common;

use common::say;

use std::time::Duration;

use yono::{Game, Position, Ruleset};
use yono_engine::{Engine, EngineConfig, Features, Limits, StopToken};

fn main() {
    let mut cli = common::Cli::new(
        "analyse",
        "analyse [--depth D] [--nodes N] [--time MS] [--multipv K] [--threads T] [--hash MB] \
[--mode paranoid|brs|brs+|paranoid-brs] [--without nmp,lmr,...] [--moves m1,m2,...] \
[POSITION: a position text, an SFEN, yono or shogi]",
    );
    let analysed = analyse(&mut cli);
    cli.or_exit(analysed);
}

fn analyse(cli: &mut common::Cli) -> Result<(), String> {
    let mut limits = Limits::default();
    let mut config = EngineConfig::default();
    let mut features = Features::default();
    let mut text = None;
    let mut moves = String::new();
    while let Some(a) = cli.next_arg() {
        match a.as_str() {
            "--depth" => limits.depth = Some(cli.parsed(&a)?),
            "--nodes" => limits.nodes = Some(cli.parsed(&a)?),
            "--time" => limits.time = Some(Duration::from_millis(cli.parsed(&a)?)),
            "--multipv" => config.multipv = cli.parsed(&a)?,
            "--threads" => config.threads = cli.parsed(&a)?,
            "--hash" => config.hash_mb = cli.parsed(&a)?,
            "--mode" => config.mode = cli.parsed(&a)?,
            "--without" => features = Features::without(&cli.value(&a)?)?,
            "--moves" => moves = cli.value(&a)?,
            _ if a.starts_with("--") => return common::Cli::unknown(&a),
            _ => {
                if let Some(first) = &text {
                    return Err(format!("two positions: {first:?} and {a:?}"));
                }
                text = Some(a);
            }
        }
    }
    let text = text.unwrap_or_else(|| "yono".into());
    let pos = match text.as_str() {
        "yono" => Position::new(Ruleset::Yono),
        "shogi" => Position::new(Ruleset::Shogi),
        t => Position::from_text(t)
            .or_else(|_| Position::from_sfen(t))
            .map_err(|e| format!("{t:?} is neither a position text nor an SFEN: {e}"))?,
    };
    let mut game = Game::from_position(pos);
    for mv in moves.split(',').filter(|m| !m.is_empty()) {
        let parsed = mv.parse().map_err(|e| format!("move {mv:?}: {e}"))?;
        game.play(parsed).map_err(|e| format!("move {mv:?}: {e}"))?;
    }
    let mut engine = Engine::with_features(config, features);
    let result = engine
        .search_game(&game, limits, &StopToken::new(), &mut |info| {
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            say!(
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
        .map_err(|e| e.to_string())?;
    say!(
        "bestmove {} score {:.3} mate {:?} depth {} nodes {} stopped {}",
        result.best_move,
        result.score,
        result.mate,
        result.depth,
        result.nodes,
        result.stopped
    );
    Ok(())
}
