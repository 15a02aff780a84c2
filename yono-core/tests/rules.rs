//! One test per rule of RULES.md, on hand-made positions.

use yono::{
    Game, IllegalMove, Move, MoveError, PieceKind, Position, Ruleset, Seat, SeatState, Square,
    Status,
};

fn pos(text: &str) -> Position {
    Position::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::from_usi(text).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn reason(p: &Position, m: &str) -> IllegalMove {
    p.check_move(mv(m)).expect_err(m)
}

fn moves_of(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn start_position_has_the_twelve_moves_of_the_rules() {
    let p = Position::start();
    assert_eq!(
        moves_of(&p),
        [
            "5g5f", "5i5h", "5i6h", "6g6f", "6i5h", "6i6h", "6i7h", "7g7f", "7i6h", "7i7h", "8g8f",
            "9g9f"
        ]
    );
    assert_eq!(p.threats(), [yono::SeatSet::EMPTY; 4]);
    // Each camp is 5 x 3 and has 12 pieces.
    for seat in Seat::ALL {
        assert_eq!(p.pieces(seat).count(), 12);
    }
}

#[test]
fn turn_order_is_clockwise() {
    let mut p = Position::start();
    let mut order = vec![p.turn()];
    for m in ["5g5f", "7e6e", "5c5d", "3e4e"] {
        p.play(m.parse().unwrap()).unwrap();
        order.push(p.turn());
    }
    assert_eq!(
        order,
        [
            Seat::South,
            Seat::West,
            Seat::North,
            Seat::East,
            Seat::South
        ]
    );
}

#[test]
fn checkmate_cascade_removes_seats_round_by_round() {
    // West's Rook threatens North's King; behind it on rank e stands East's King.
    let mut p = pos("wK8/9/9/9/1wR1nK3eK1/9/9/9/4sK4 s -/-/-/- swne 1");
    let fallen: Vec<_> = p.play("5i5h".parse().unwrap()).unwrap().iter().collect();
    // North falls first (four in the game: scores 0); its removal opens the rank and
    // East falls in the next round (three in the game: scores 1).
    assert_eq!(fallen, [(Seat::North, 0), (Seat::East, 1)]);
    assert_eq!(p.text(), "wK8/9/9/9/1wR7/9/9/4sK4/9 w -/-/-/- sw01 2");
    assert_eq!(p.turn(), Seat::West);
    assert_eq!(p.scores(), [None, None, Some(0), Some(1)]);
    // Turn order now skips the fallen seats.
    p.play("9a8a".parse().unwrap()).unwrap();
    assert_eq!(p.turn(), Seat::South);
}

#[test]
fn undo_restores_seats_a_checkmate_removed() {
    // The cascade above, and a fallen seat with pieces and a reserve, played in a
    // Game (which takes moves back in place) and undone.
    for (text, moves) in [
        (
            "wK8/9/9/9/1wR1nK3eK1/9/9/9/4sK4 s -/-/-/- swne 1",
            &["5i5h", "9a8a"][..],
        ),
        (
            "wK3nK4/9/9/9/4wR3eK/nP8/9/9/sK8 s -/-/3P2L/- swne 1",
            &["9i8i"][..],
        ),
        (
            "wK7nK/9/9/9/8eK/9/9/sL8/1sR2sK4 w -/-/-/- swne 7",
            &["pass", "1a2a", "1e2e"][..],
        ),
    ] {
        let start = pos(text);
        let mut game = Game::from_position(start.clone());
        let mut seen = vec![start.clone()];
        for m in moves {
            game.play(m.parse().unwrap()).unwrap();
            seen.push(game.position().clone());
        }
        assert!(
            game.position().seats_in_game().len() < 4,
            "{text}: nobody fell"
        );
        while game.undo().is_some() {
            seen.pop();
            let back = game.position();
            assert_eq!(back, seen.last().unwrap(), "{text}");
            assert_eq!(back.key(), back.compute_key(), "{text}");
        }
        assert_eq!(game.position(), &start);
    }
}

#[test]
fn simultaneous_checkmates_count_each_other_as_still_in() {
    // West's Rook on 5e sees North's King up file 5 and East's King along rank e.
    let mut p = pos("wK3nK4/9/9/9/4wR3eK/9/9/9/sK8 s -/-/-/- swne 1");
    let fallen: Vec<_> = p.play("9i9h".parse().unwrap()).unwrap().iter().collect();
    assert_eq!(fallen, [(Seat::North, 0), (Seat::East, 0)]);
    assert_eq!(p.seat_state(Seat::North), SeatState::Out(0));
    assert!(p.text().ends_with(" w -/-/-/- sw00 2"));
}

#[test]
fn pieces_and_reserve_of_a_checkmated_seat_leave_the_game() {
    let mut p = pos("wK3nK4/9/9/9/4wR3eK/nP8/9/9/sK8 s -/-/3P2L/- swne 1");
    p.play("9i8i".parse().unwrap()).unwrap();
    assert!(p.pieces(Seat::North).is_empty());
    assert!(p.reserve(Seat::North).is_empty());
}

#[test]
fn a_seat_without_moves_passes_and_falls_when_its_attacker_is_next() {
    // West's King on 9a is threatened by South's Lance; every flight square is covered.
    let mut p = pos("wK7nK/9/9/9/8eK/9/9/sL8/1sR2sK4 w -/-/-/- swne 7");
    assert_eq!(p.legal_moves().as_slice(), [Move::Pass]);
    assert!(p.is_check());
    p.play(Move::Pass).unwrap();
    assert_eq!((p.turn(), p.move_number()), (Seat::North, 8));
    assert!(p.seats_in_game().contains(Seat::West));
    // Pass is legal only when nothing else is.
    assert_eq!(reason(&p, "pass"), IllegalMove::PassNotAllowed);
    p.play("1a2a".parse().unwrap()).unwrap();
    // After East's move South is next: West's King is threatened by South.
    let fallen: Vec<_> = p.play("1e2e".parse().unwrap()).unwrap().iter().collect();
    assert_eq!(fallen, [(Seat::West, 0)]);
}

#[test]
fn the_last_checkmate_ends_the_game_and_scores_three_two_one_zero() {
    let mut p = pos("nK8/9/9/9/9/9/9/sL8/1sR2sK4 n -/-/-/- s0n1 30");
    assert_eq!(p.legal_moves().as_slice(), [Move::Pass]);
    p.play(Move::Pass).unwrap();
    assert_eq!(p.status(), Status::Won(Seat::South));
    assert_eq!(p.scores(), [Some(3), Some(0), Some(2), Some(1)]);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.text(), "9/9/9/9/9/9/9/sL8/1sR2sK4 s -/-/-/- s021 31");
    assert_eq!(reason(&p, "5i5h"), IllegalMove::GameOver);
}

#[test]
fn west_and_east_nifu_runs_along_ranks() {
    let p = pos("4nK4/9/9/9/wK1wP5eK/9/9/9/4sK4 w -/P/-/- swne 1");
    assert_eq!(reason(&p, "P*5e"), IllegalMove::Nifu(sq("5e")));
    assert!(
        p.is_legal(mv("P*7d")),
        "same file, other rank is fine for West"
    );
    assert_eq!(reason(&p, "P*5f"), IllegalMove::OutsideDropZone(sq("5f")));
    let e = pos("4nK4/9/9/9/wK7eK/6eP2/9/9/4sK4 e -/-/-/P swne 1");
    assert_eq!(reason(&e, "P*5f"), IllegalMove::Nifu(sq("5f")));
    assert!(e.is_legal(mv("P*3g")));
    // A promoted Pawn does not count.
    let t = pos("4nK4/9/9/9/wK1w+P5eK/9/9/9/4sK4 w -/P/-/- swne 1");
    assert!(t.is_legal(mv("P*5e")));
}

#[test]
fn pawns_lances_and_knights_cannot_be_dropped_where_they_could_never_move() {
    let west = pos("4nK4/9/9/9/wK7eK/9/9/9/4sK4 w -/NLP/-/- swne 1");
    // West's last line is file 1, its last two files 1 and 2.
    for drop in ["P*1c", "L*1c", "N*2c"] {
        assert!(
            matches!(reason(&west, drop), IllegalMove::DeadDrop { .. }),
            "{drop}"
        );
    }
    assert!(west.is_legal(mv("N*3c")) && west.is_legal(mv("P*2c")));
}

#[test]
fn bishop_binding_limit() {
    // South's Bishops on 8h and 6h are both on the even binding.
    let p = pos("4nK4/wK8/9/9/8eK/9/9/1sB1sB5/4sK4 s B/-/-/- swne 1");
    assert_eq!(reason(&p, "B*5e"), IllegalMove::BindingLimit(sq("5e")));
    assert!(p.is_legal(mv("B*5f")), "the odd binding is free");
    // A Horse is not bound and does not count.
    let h = pos("4nK4/wK8/9/9/8eK/9/9/1sB1s+B5/4sK4 s B/-/-/- swne 1");
    assert!(h.is_legal(mv("B*5e")));
    // Standard Shogi has no binding limit (and only two Bishops).
    assert!(!Ruleset::Shogi.binding_limit() && Ruleset::Yono.binding_limit());
}

#[test]
fn uchifuzume_forbids_a_pawn_drop_that_leaves_the_king_without_a_move() {
    // North's King in the corner: Silver covers 8a, Gold covers 8b and 9b.
    let p = pos("nK8/2sS6/1sG7/9/wK7eK/9/9/9/4sK4 s P/-/-/- swne 1");
    assert_eq!(reason(&p, "P*9b"), IllegalMove::Uchifuzume(sq("9b")));
    // North is not even next to move (West is): the rule holds for any King.
    assert_eq!(p.turn().next(), Seat::West);
    // With a flight square (no Silver) the same drop is legal.
    let free = pos("nK8/9/1sG7/9/wK7eK/9/9/9/4sK4 s P/-/-/- swne 1");
    assert!(free.is_legal(mv("P*9b")));
}

#[test]
fn uchifuzume_is_only_about_drops() {
    // The same mate delivered by a Pawn moving up is legal, and North falls when it
    // has passed and South is next.
    let mut p = pos("nK8/2sS6/sPsG7/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1");
    assert!(p.is_legal(mv("9c9b")) && p.is_legal(mv("9c9b+")));
    p.play("9c9b".parse().unwrap()).unwrap();
    p.play("9e9d".parse().unwrap()).unwrap();
    assert_eq!(p.legal_moves().as_slice(), [Move::Pass]);
    p.play(Move::Pass).unwrap();
    p.play("1e1d".parse().unwrap()).unwrap();
    assert_eq!(p.seat_state(Seat::North), SeatState::Out(0));
}

#[test]
fn promotion_is_optional_in_the_zone_and_compulsory_at_the_end() {
    let p = pos("2nK6/4sP4/4sN4/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1");
    assert_eq!(reason(&p, "5b5a"), IllegalMove::MustPromote);
    assert!(p.is_legal(mv("5b5a+")));
    assert_eq!(reason(&p, "5c4a"), IllegalMove::MustPromote);
    assert!(p.is_legal(mv("5c6a+")));
    assert_eq!(reason(&p, "5i5h+"), IllegalMove::CannotPromote);
    // West promotes on files 1-3 and must promote a Pawn reaching file 1.
    let w = pos("4nK4/9/9/9/wK7eK/7wP1/9/9/4sK4 w -/-/-/- swne 1");
    assert_eq!(reason(&w, "2f1f"), IllegalMove::MustPromote);
    let mut w2 = w.clone();
    w2.play("2f1f+".parse().unwrap()).unwrap();
    assert_eq!(
        w2.piece_at(sq("1f")).map(|p| p.kind),
        Some(PieceKind::PromotedPawn)
    );
    // Optional: a Pawn stepping within the zone may stay a Pawn.
    let o = pos("4nK4/9/9/4sP4/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1");
    assert!(o.is_legal(mv("5d5c")) && o.is_legal(mv("5d5c+")));
    assert_eq!(reason(&o, "5i5h+"), IllegalMove::CannotPromote);
}

#[test]
fn captured_pieces_go_unpromoted_into_the_reserve() {
    let mut p = pos("4nK4/9/9/9/wK3n+R3eK/4sR4/9/9/4sK4 s -/-/-/- swne 1");
    p.play("5f5e".parse().unwrap()).unwrap();
    assert_eq!(p.reserve(Seat::South).count(PieceKind::Rook), 1);
    assert_eq!(p.reserve(Seat::South).to_string(), "R");
}

#[test]
fn a_move_is_illegal_if_any_other_seat_threatens_the_king_afterwards() {
    // South's Gold on 5h shields its King from East's Rook on 5a... of North's file:
    // East's Rook on 5b. Moving the Gold sideways uncovers the King.
    let p = pos("nK8/4eR4/9/9/wK7eK/9/9/4sG4/4sK4 s -/-/-/- swne 1");
    assert_eq!(reason(&p, "5h6h"), IllegalMove::KingThreatened);
    assert!(p.is_legal(mv("5h5g")));
}

#[test]
fn drops_stay_in_the_45_square_zone() {
    let p = pos("4nK4/9/9/9/wK7eK/9/9/9/4sK4 s G/G/G/G swne 1");
    assert_eq!(reason(&p, "G*4e"), IllegalMove::OutsideDropZone(sq("4e")));
    assert!(p.is_legal(mv("G*6a")) && p.is_legal(mv("G*9a")));
    let drops = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Drop { .. }))
        .count();
    // 45 squares less the two Kings standing in South's zone (5a, 5i) and 9e.
    assert_eq!(drops, 45 - 3);
}

#[test]
fn fourfold_repetition_draws_and_scores_the_remaining_seats() {
    let mut game = Game::new(Ruleset::Yono);
    let cycle = [
        "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
    ];
    for round in 0..3 {
        for (i, m) in cycle.iter().enumerate() {
            assert_eq!(game.status(), Status::Ongoing, "round {round} move {i}");
            game.play(m.parse().unwrap()).unwrap();
        }
    }
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.status(), Status::DrawnByRepetition);
    assert_eq!(game.scores(), [Some(0); 4]);
    assert!(game.legal_moves().is_empty());
    let err = game.play("5g5f".parse().unwrap()).unwrap_err();
    assert_eq!(err.code(), "game_over");
    // Undo takes the game back to before the draw.
    game.undo();
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn shogi_ruleset_a_seat_without_moves_loses() {
    let p = pos("4nK4/4sG4/4sP4/9/9/9/9/9/4sK4 n -/-/-/- s-n- 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.status(), Status::Won(Seat::South));
    assert_eq!(p.scores(), [Some(1), None, Some(0), None]);
    assert_eq!(reason(&p, "pass"), IllegalMove::GameOver);
}

#[test]
fn sfen_round_trips_and_matches_the_position_text() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let p = Position::from_sfen(sfen).unwrap();
    assert_eq!(p, Position::new(Ruleset::Shogi));
    assert_eq!(p.sfen().as_deref(), Some(sfen));
    let hands = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124";
    let q = Position::from_sfen(hands).unwrap();
    assert_eq!(q.sfen().as_deref(), Some(hands));
    assert_eq!(Position::from_text(&q.text()).unwrap(), q);
    assert_eq!(Position::start().sfen(), None);
}

#[test]
fn move_text_parser_says_why_a_move_is_rejected() {
    let p = Position::start();
    assert!(matches!(
        p.parse_move("hello"),
        Err(MoveError::Malformed(_))
    ));
    let err = p.parse_move("5g5e").unwrap_err();
    assert_eq!(err.code(), "unreachable_square");
    assert!(err.to_string().contains("5g5e"));
    assert_eq!(p.parse_move("5g5f"), Ok(mv("5g5f")));
}

#[test]
fn a_seat_that_passes_under_threat_from_the_next_seat_falls_at_once() {
    // West's King on 9a is threatened by North's Rook on 9i and cannot move; North
    // moves next, so West's pass is followed straight away by its checkmate.
    let mut p = pos("wK7nK/9/9/9/8eK/9/9/4sK4/nRnR7 w -/-/-/- swne 5");
    assert_eq!(p.legal_moves().as_slice(), [Move::Pass]);
    let fallen: Vec<_> = p.play(Move::Pass).unwrap().iter().collect();
    assert_eq!(fallen, [(Seat::West, 0)]);
    assert_eq!(p.text(), "8nK/9/9/9/8eK/9/9/4sK4/nRnR7 n -/-/-/- s0ne 6");
}
