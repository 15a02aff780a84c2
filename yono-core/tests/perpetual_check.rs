//! RULES.md §6 "Perpetual check" (the specification's §11): in standard Shogi a
//! fourfold repetition in which every move of one side gave check is lost by that
//! side; any other fourfold repetition is a draw, and in Yo[n]o always.

use yono::{EndReason, Game, GameRecord, IllegalMove, Position, Seat, Status};

fn game(text_or_sfen: &str) -> Game {
    let pos = Position::from_sfen(text_or_sfen)
        .or_else(|_| Position::from_text(text_or_sfen))
        .unwrap_or_else(|e| panic!("{text_or_sfen}: {e}"));
    Game::from_position(pos)
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for mv in moves {
        let played = game.play(mv.parse().unwrap());
        assert!(played.is_ok(), "{mv}: {played:?}");
    }
}

/// South's Rook checks from 1a and 1b; North's King steps 9a-9b and back. Every
/// South move gives check, no North move does.
const SOUTH_CHECKS: &str = "k8/8R/9/9/9/9/9/9/4K4 b - 1";
const SOUTH_CYCLE: [&str; 4] = ["1b1a", "9a9b", "1a1b", "9b9a"];

/// The same with the colours swapped: North's Rook checks South's King on 9i/9h.
const NORTH_CHECKS: &str = "4k4/9/9/9/9/9/9/8r/K8 w - 1";
const NORTH_CYCLE: [&str; 4] = ["1h1i", "9i9h", "1i1h", "9h9i"];

#[test]
fn south_checking_every_move_loses() {
    let mut game = game(SOUTH_CHECKS);
    play_all(&mut game, &SOUTH_CYCLE.repeat(3)[..11]);
    assert_eq!(game.status(), Status::Ongoing);
    let played = game.play("9b9a".parse().unwrap()).unwrap();
    assert_eq!(played.lost_by_perpetual_check, Some(Seat::South));
    assert!(!played.drawn);
    assert_eq!(game.status(), Status::Won(Seat::North));
    assert_eq!(game.end_reason(), Some(EndReason::PerpetualCheck));
    assert_eq!(game.perpetual_checker(), Some(Seat::South));
    assert_eq!(game.scores(), [Some(0), None, Some(1), None]);
    assert!(!game.is_drawn() && game.is_over());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.lost_seats().iter().collect::<Vec<_>>(), [Seat::South]);
    assert_eq!(
        game.check_move("1b1a".parse().unwrap()),
        Err(IllegalMove::GameOver)
    );
    // The position alone knows nothing of the history.
    assert_eq!(game.position().status(), Status::Ongoing);
    // Undo reopens the game.
    game.undo().unwrap();
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.end_reason(), None);
    assert_eq!(game.perpetual_checker(), None);
}

#[test]
fn north_checking_every_move_loses() {
    let mut game = game(NORTH_CHECKS);
    play_all(&mut game, &NORTH_CYCLE.repeat(3));
    assert_eq!(game.status(), Status::Won(Seat::South));
    assert_eq!(game.end_reason(), Some(EndReason::PerpetualCheck));
    assert_eq!(game.perpetual_checker(), Some(Seat::North));
    assert_eq!(game.scores(), [Some(1), None, Some(0), None]);
}

#[test]
fn a_repetition_without_checks_is_a_draw() {
    // Both Kings step back and forth.
    let mut game = game(SOUTH_CHECKS);
    play_all(&mut game, &["5i5h", "9a8a", "5h5i", "8a9a"].repeat(3));
    assert_eq!(game.status(), Status::DrawnByRepetition);
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
    assert_eq!(game.perpetual_checker(), None);
    assert_eq!(game.scores(), [Some(0), None, Some(0), None]);
}

#[test]
fn a_repetition_with_a_non_checking_move_of_the_checker_is_a_draw() {
    // South checks on 1a and 1b, but between the checks also plays 1b2b and 2b1b,
    // which do not check. The start position recurs every four plies.
    let mut game = game(SOUTH_CHECKS);
    let checks = SOUTH_CYCLE;
    let quiet = ["1b2b", "9a8a", "2b1b", "8a9a"];
    play_all(&mut game, &[checks, quiet, checks].concat());
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.status(), Status::DrawnByRepetition);
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
    // Quiet moves before the first occurrence of the repeated position do not count:
    // from Rook 2b and King 8a, 2b1b and 8a9a reach the start of the checking cycle.
    let mut game = self::game("1k7/7R1/9/9/9/9/9/9/4K4 b - 1");
    play_all(&mut game, &["2b1b", "8a9a"]);
    play_all(&mut game, &checks.repeat(3));
    assert_eq!(game.status(), Status::Won(Seat::North));
}

#[test]
fn yono_repetitions_stay_draws_even_when_one_seat_always_checks() {
    // The Shogi pattern with two Yo[n]o seats left: South's Rook checks North's King
    // with every move.
    let mut game = game("nK8/8sR/9/9/9/9/9/9/4sK4 s -/-/-/- s0n1 1");
    play_all(&mut game, &SOUTH_CYCLE.repeat(3));
    assert_eq!(game.status(), Status::DrawnByRepetition);
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
    assert_eq!(game.perpetual_checker(), None);
}

#[test]
fn records_say_perpetual_check_and_check_it() {
    let mut game = game(SOUTH_CHECKS);
    play_all(&mut game, &SOUTH_CYCLE.repeat(3));
    let rec = GameRecord::from_game(game);
    let text = rec.to_text();
    assert!(
        text.contains("status: won by North (perpetual check)\n"),
        "{text}"
    );
    assert!(text.contains("scores: s=0 n=1\n"), "{text}");
    assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
    let json = rec.to_json();
    assert!(json.contains(r#""status": "won by North (perpetual check)""#));
    assert_eq!(GameRecord::from_json(&json).unwrap(), rec);
    // The reason may be left out, but not contradicted.
    let bare = text.replace(" (perpetual check)", "");
    assert_eq!(GameRecord::from_text(&bare).unwrap(), rec);
    for wrong in [
        "status: drawn by repetition",
        "status: won by South (perpetual check)",
        "status: won by North (repetition)",
        "status: won by North (perpetual)",
    ] {
        let bad = text.replace("status: won by North (perpetual check)", wrong);
        let err = GameRecord::from_text(&bad).unwrap_err();
        assert_eq!(err.code(), "record_result", "{wrong}: {err}");
        assert!(err.to_string().contains("won by North (perpetual check)"));
    }
}
