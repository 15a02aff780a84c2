use std::time::{Duration, Instant};
use yono::{Game, Position};
use yono_engine::{Engine, Limits, StopToken};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = Position::from_text(&args[1]).unwrap();
    let mut game = Game::from_position(pos);
    for m in args[2].split(',') {
        game.play_text(m).unwrap();
    }
    let mut e = Engine::default();
    for i in 0..6 {
        let t = Instant::now();
        let r = e
            .search_game(
                &game,
                Limits::time(Duration::from_millis(50)),
                &StopToken::new(),
                &mut |_| {},
            )
            .unwrap();
        println!(
            "search {i}: depth {} nodes {} wall {:?} {}",
            r.depth,
            r.nodes,
            t.elapsed(),
            r.best_move
        );
    }
}
