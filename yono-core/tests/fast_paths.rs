//! The public fast paths for engines: null moves and handed turns apply the
//! checkmate rule of the new mover (RULES.md §6, "Null moves").

use yono::{Move, Position, Seat, Status};

/// South to move, its King on 5i in West's Rook's file.
fn south_in_west_check() -> Position {
    Position::from_text("4wR4/9/9/9/wK7eK/9/9/9/4sK3nK s -/-/-/- swne 7").unwrap()
}

#[test]
fn null_move_lets_the_next_seat_take_a_threatened_king() {
    let mut pos = south_in_west_check();
    let before = pos.clone();
    let (undo, fallen) = pos.null_move();
    assert_eq!(pos.turn(), Seat::West);
    assert_eq!(pos.move_number(), 8);
    let fallen: Vec<_> = fallen.iter().collect();
    assert_eq!(fallen, vec![(Seat::South, 0)]);
    assert!(!pos.seats_in_game().contains(Seat::South));
    assert_eq!(pos.king(Seat::South), None);
    assert_eq!(pos.key(), pos.compute_key());
    pos.undo_move(Move::Pass, undo);
    assert_eq!(pos, before);
    assert_eq!(pos.key(), before.key());
}

#[test]
// `pass_turn_to` is deprecated; it keeps working for one release.
#[allow(deprecated)]
fn handing_the_turn_to_a_seat_that_threatens_nobody_removes_nobody() {
    let mut pos = south_in_west_check();
    let before = pos.clone();
    let (undo, fallen) = pos.pass_turn_to(Seat::North).unwrap();
    assert!(fallen.is_empty());
    assert_eq!(pos.turn(), Seat::North);
    assert_eq!(pos.seats_in_game(), before.seats_in_game());
    pos.undo_move(Move::Pass, undo);
    assert_eq!(pos, before);

    // Handed to West directly, South falls as after the null move.
    let (undo, fallen) = pos.pass_turn_to(Seat::West).unwrap();
    assert_eq!(fallen.iter().collect::<Vec<_>>(), vec![(Seat::South, 0)]);
    pos.undo_move(Move::Pass, undo);
    assert_eq!(pos, before);
}

#[test]
// `pass_turn_to` is deprecated; it keeps working for one release.
#[allow(deprecated)]
fn handing_the_turn_to_a_seat_out_of_the_game_is_refused() {
    let mut pos = south_in_west_check();
    let (_, _) = pos.null_move();
    let after = pos.clone();
    assert!(pos.pass_turn_to(Seat::South).is_none());
    assert_eq!(pos, after);
}

#[test]
// `pass_turn_to` is deprecated; it keeps working for one release.
#[allow(deprecated)]
fn handing_the_turn_after_the_game_is_over_is_refused() {
    let mut pos = Position::from_text("4wR3wK/9/9/9/9/9/9/9/4sK4 s -/-/-/- sw01 1").unwrap();
    let (_, fallen) = pos.null_move();
    assert_eq!(fallen.len(), 1);
    assert_eq!(pos.status(), Status::Won(Seat::West));
    let over = pos.clone();
    assert!(pos.pass_turn_to(Seat::West).is_none());
    assert_eq!(pos, over);
    assert!(pos.legal_moves().is_empty());
    assert!(!pos.generate_moves(|_| panic!("no move once the game is over")));
}

/// The move number goes up by one with every move; at the notation's limit a move is
/// refused rather than numbered the same as the position before it.
#[test]
fn no_move_is_played_at_the_move_number_limit() {
    let text = Position::start()
        .text()
        .replace(" swne 1", " swne 4294967294");
    let mut pos = Position::from_text(&text).unwrap();
    pos.play("5g5f".parse().unwrap()).unwrap();
    assert_eq!(pos.move_number(), u32::MAX);
    let at_limit = pos.clone();
    let legal = pos.legal_moves();
    assert!(!legal.is_empty(), "generation does not look at the number");
    for &mv in legal.iter() {
        let err = pos.play(mv).unwrap_err();
        assert_eq!(err.code(), "move_number_limit", "{mv}");
        assert_eq!(pos, at_limit);
        assert!(!pos.is_legal(mv));
    }
    let mut game = yono::Game::from_position(at_limit.clone());
    let err = game.play(legal[0]).unwrap_err();
    assert_eq!(err.code(), "move_number_limit");
    assert_eq!(game.position(), &at_limit);
    // One below the limit, the last move is still played and numbered.
    let mut pos = Position::from_text(&text).unwrap();
    assert!(pos.play("5g5f".parse().unwrap()).is_ok());
}

/// The deprecated ways to play keep working for one release, as the paths that replace
/// them do.
#[test]
#[allow(deprecated)]
fn the_deprecated_ways_to_play_still_agree_with_their_replacements() {
    let pos = Position::start();
    let hint = pos.checkmate_hint();
    for mv in pos.legal_moves() {
        let (mut a, mut b, mut c) = (pos.clone(), pos.clone(), pos.clone());
        assert_eq!(a.play_text(&mv.to_string()), b.play(mv));
        assert_eq!(
            c.play_unchecked_hinted(mv, &hint),
            pos.clone().play_unchecked(mv)
        );
        assert_eq!((&a, &c), (&b, &b));
    }
    let mut game = yono::Game::new(yono::Ruleset::Yono);
    assert!(game.play_text("5g5f").is_ok());
    assert_eq!(
        game.play_text("5g5f").unwrap_err().code(),
        "no_piece_to_move"
    );
}
