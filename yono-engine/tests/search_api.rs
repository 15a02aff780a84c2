//! The search API of docs/ENGINE.md: a game's history, stop tokens, progress reports,
//! clocks and configs.

use std::time::Duration;

use yono::{Game, Move, Position, Ruleset};
use yono_engine::{Clock, Engine, EngineConfig, Limits, SearchInfo, StopToken};

/// A game from `sfen` with `moves` played.
fn game(sfen: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::from_sfen(sfen).unwrap());
    for mv in moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn search(game: &Game, limits: Limits) -> yono_engine::SearchResult {
    Engine::new(EngineConfig {
        hash_mb: 2,
        ..Default::default()
    })
    .search_game(game, limits, &StopToken::new(), &mut |_| {})
    .unwrap()
}

/// South has a Rook in reserve against bare Kings: North is lost, and the Kings'
/// shuffle 5i5h 5a5b 5h5i 5b5a brings the start back.
const ROOK_UP: &str = "4k4/9/9/9/9/9/9/9/4K4 b R 1";
const SHUFFLE: [&str; 4] = ["5i5h", "5a5b", "5h5i", "5b5a"];

#[test]
fn the_losing_side_takes_the_repetition_draw_of_the_history() {
    // The start has occurred three times; North's 5b5a makes it the fourth: a draw.
    let moves: Vec<&str> = SHUFFLE.repeat(3)[..11].to_vec();
    let game = game(ROOK_UP, &moves);
    let mut drawn = game.clone();
    drawn.play(mv("5b5a")).unwrap();
    assert!(drawn.is_drawn());
    let result = search(&game, Limits::depth(3));
    assert_eq!(result.best_move, mv("5b5a"));
    assert_eq!(result.score, 0.5);
    // Without the history the same position is simply lost for North.
    let blind = Engine::default()
        .search(game.position(), Limits::depth(3))
        .unwrap();
    assert!(blind.score < 0.5, "{}", blind.score);
}

#[test]
fn the_winning_side_avoids_the_repetition_draw_of_the_history() {
    // North to move first this time, so South is the one who could repeat: its
    // 5h5i would make the start occur for the fourth time.
    let start = "4k4/9/9/9/9/9/9/9/4K4 w R 1";
    let moves = [
        "5a5b", "5i5h", "5b5a", "5h5i", "5a5b", "5i5h", "5b5a", "5h5i", "5a5b", "5i5h", "5b5a",
    ];
    let game = game(start, &moves);
    let mut drawn = game.clone();
    drawn.play(mv("5h5i")).unwrap();
    assert!(drawn.is_drawn());
    for depth in 1..=3 {
        let result = search(&game, Limits::depth(depth));
        assert_ne!(result.best_move, mv("5h5i"), "depth {depth}");
        assert!(result.score > 0.5, "depth {depth}: {}", result.score);
    }
}

#[test]
fn a_drawn_game_is_over() {
    let moves: Vec<&str> = SHUFFLE.repeat(3).to_vec();
    let game = game(ROOK_UP, &moves);
    assert!(game.is_drawn());
    let err = Engine::default()
        .search_game(&game, Limits::depth(1), &StopToken::new(), &mut |_| {})
        .unwrap_err();
    assert_eq!(err, yono_engine::SearchError::GameOver);
}

#[test]
fn a_token_stopped_before_the_search_stops_it() {
    let game = Game::new(Ruleset::Yono);
    let token = StopToken::new();
    token.stop();
    let mut calls = 0;
    let result = Engine::default()
        .search_game(&game, Limits::default(), &token, &mut |_| calls += 1)
        .unwrap();
    assert!(result.stopped);
    assert!(game.is_legal(result.best_move));
    assert_eq!(calls, 0);
    // The token stays stopped: the search never clears it.
    assert!(token.is_stopped());
}

#[test]
fn a_token_stopped_from_another_thread_ends_an_unlimited_search() {
    let game = Game::new(Ruleset::Shogi);
    let token = StopToken::new();
    let remote = token.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        remote.stop();
    });
    let result = Engine::default()
        .search_game(&game, Limits::default(), &token, &mut |_| {})
        .unwrap();
    stopper.join().unwrap();
    assert!(result.stopped);
    assert!(game.is_legal(result.best_move));
}

#[test]
fn every_iteration_is_reported() {
    let game = Game::new(Ruleset::Yono);
    let mut infos: Vec<SearchInfo> = Vec::new();
    let result = Engine::default()
        .search_game(&game, Limits::depth(4), &StopToken::new(), &mut |info| {
            infos.push(info.clone())
        })
        .unwrap();
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    for pair in infos.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    for info in &infos {
        assert_eq!(info.multipv, 1);
        assert!(info.seldepth >= info.depth, "{info:?}");
        assert!(info.hashfull <= 1000);
        let total: f64 = info.scores.iter().flatten().sum();
        assert!((total - 6.0).abs() < 0.01, "{info:?}");
        let mut pos = game.position().clone();
        for &m in &info.pv {
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
        }
    }
    let last = infos.last().unwrap();
    assert_eq!(result.lines, std::slice::from_ref(last));
    assert_eq!((result.depth, result.nodes), (4, last.nodes));
    assert_eq!(result.pv, last.pv);
}

#[test]
fn search_and_search_game_agree_without_history() {
    let pos = Position::new(Ruleset::Shogi);
    let a = Engine::default()
        .search(&pos, Limits::nodes(3_000))
        .unwrap();
    let b = search(&Game::from_position(pos), Limits::nodes(3_000));
    assert_eq!((a.best_move, &a.pv, a.nodes), (b.best_move, &b.pv, b.nodes));
}

#[test]
fn a_clock_ends_the_search() {
    // Unlimited but for a 2-second clock (no increment): the plan keeps the search
    // far inside it. Only that it returns at all, stopped, is asserted.
    let clock = Clock {
        remaining: Duration::from_secs(2),
        ..Clock::default()
    };
    let game = Game::new(Ruleset::Shogi);
    let result = search(&game, Limits::clocks([Some(clock), None, None, None]));
    assert!(game.is_legal(result.best_move));
}

#[test]
fn perpetual_check_is_a_loss_for_the_checking_side() {
    // South's Rook checks along ranks a and b while North's King steps between 1a
    // and 1b; the start (North in check) has occurred three times when South is to
    // move. Its 9a9b would make the fourth occurrence with every South move a
    // check: South loses (RULES.md §11), so South, otherwise lost, does not play it
    // even though a draw would be welcome.
    let start = "9/R7k/9/9/9/9/9/9/4K4 w r2g 1";
    let cycle = ["1b1a", "9b9a", "1a1b", "9a9b"];
    let moves: Vec<&str> = cycle.repeat(3)[..11].to_vec();
    let game = game(start, &moves);
    let mut lost = game.clone();
    lost.play(mv("9a9b")).unwrap();
    assert_eq!(lost.perpetual_checker(), Some(yono::Seat::South));
    for depth in 1..=3 {
        let result = search(&game, Limits::depth(depth));
        assert_ne!(result.best_move, mv("9a9b"), "depth {depth}");
        assert!(result.score < 0.5, "depth {depth}: {}", result.score);
    }
}
