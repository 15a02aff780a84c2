//! The GUI helpers: per-square and per-kind move lists, promotion status, what a move
//! does (before and after playing), who lost, redo, and records continued after
//! loading. Each is checked against what it abbreviates (the full move list, the
//! position after playing) over random games in both rulesets.

mod invariants;

use invariants::XorShift;
use yono::{
    Game, GameRecord, Move, PieceKind, Position, PromotionStatus, Ruleset, Seat, SeatState, Square,
    Status,
};

/// Calls `check` on every `every`-th position of 24 random games.
fn random_games(every: usize, mut check: impl FnMut(&Game)) {
    for seed in 0..24u64 {
        let (mut game, mut rng) = XorShift::game(seed, 3);
        for ply in 0..(20 + seed as usize * 9) {
            if ply % every == 0 {
                check(&game);
            }
            if rng.play(&mut game).is_none() {
                break;
            }
        }
        check(&game);
    }
}

#[test]
fn moves_from_and_drops_of_partition_the_legal_moves() {
    random_games(3, |game| {
        let pos = game.position();
        let all = pos.legal_moves();
        let mut count = 0;
        for sq in Square::all() {
            let from = pos.moves_from(sq);
            assert!(from.iter().all(|m| m.from() == Some(sq) && all.contains(m)));
            count += from.len();
        }
        for kind in PieceKind::HAND {
            let drops = pos.drops_of(kind);
            assert!(drops
                .iter()
                .all(|m| matches!(m, Move::Drop { kind: k, .. } if *k == kind) && all.contains(m)));
            count += drops.len();
        }
        let passes = all.iter().filter(|m| **m == Move::Pass).count();
        assert_eq!(count + passes, all.len(), "{}", pos.text());
    });
}

#[test]
fn a_game_asks_its_position_until_it_is_drawn() {
    random_games(7, |game| {
        let pos = game.position();
        assert!(game.live_position().is_some());
        for sq in Square::all() {
            let from = game.moves_from(sq);
            assert_eq!(from, pos.moves_from(sq));
            for to in from.iter().filter_map(|m| m.to()) {
                assert_eq!(game.promotion_status(sq, to), pos.promotion_status(sq, to));
            }
        }
        for kind in PieceKind::HAND {
            assert_eq!(game.drops_of(kind), pos.drops_of(kind));
        }
        assert_eq!(game.lost_seats(), pos.lost_seats());
        assert_eq!(game.perft(1), yono::perft(pos, 1));
        assert_eq!(game.divide(1), yono::divide(pos, 1));
        for &mv in game.legal_moves().iter() {
            assert!(game.is_legal(mv));
        }
    });
    // Drawn by repetition: no moves, no promotion, no loser beyond the seats out,
    // though the board alone still has moves.
    let cycles: [(Ruleset, &[&str]); 2] = [
        (
            Ruleset::Yono,
            &[
                "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
            ],
        ),
        (Ruleset::Shogi, &["5i5h", "5a5b", "5h5i", "5b5a"]),
    ];
    for (ruleset, cycle) in cycles {
        let mut game = Game::new(ruleset);
        for mv in cycle.repeat(3) {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert!(game.is_drawn() && game.live_position().is_none());
        let pos = game.position();
        let mut list = pos.legal_moves();
        assert!(!list.is_empty());
        game.legal_moves_into(&mut list);
        assert!(list.is_empty());
        for sq in Square::all() {
            assert!(game.moves_from(sq).is_empty());
            for to in pos.moves_from(sq).iter().filter_map(|m| m.to()) {
                assert_eq!(game.promotion_status(sq, to), None);
            }
        }
        assert!(PieceKind::HAND.iter().all(|&k| game.drops_of(k).is_empty()));
        assert!(game.lost_seats().is_empty());
        assert_eq!((game.perft(0), game.perft(2)), (1, 0));
        assert!(game.divide(2).is_empty());
        for &mv in pos.legal_moves().iter() {
            assert!(!game.is_legal(mv));
            assert_eq!(game.check_move(mv), Err(yono::IllegalMove::GameOver));
        }
    }
}

#[test]
fn promotion_status_matches_the_move_list() {
    random_games(17, |game| {
        let pos = game.position();
        let all = pos.legal_moves();
        for from in Square::all() {
            if pos.piece_at(from).is_none_or(|p| p.seat != pos.turn()) {
                continue;
            }
            for to in Square::all() {
                let plain = all.contains(&Move::Board {
                    from,
                    to,
                    promote: false,
                });
                let promo = all.contains(&Move::Board {
                    from,
                    to,
                    promote: true,
                });
                let want = match (plain, promo) {
                    (true, true) => Some(PromotionStatus::Optional),
                    (true, false) => Some(PromotionStatus::Impossible),
                    (false, true) => Some(PromotionStatus::Compulsory),
                    (false, false) => None,
                };
                assert_eq!(pos.promotion_status(from, to), want);
            }
        }
    });
    // A Pawn moving to the last rank must promote.
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1").unwrap();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let pos2 = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    assert_eq!(
        pos2.promotion_status(sq("9b"), sq("9a")),
        Some(PromotionStatus::Compulsory)
    );
    assert_eq!(
        pos.promotion_status(sq("5i"), sq("5h")),
        Some(PromotionStatus::Impossible)
    );
}

#[test]
fn preview_says_what_playing_does() {
    random_games(5, |game| {
        let pos = game.position();
        for &mv in pos.legal_moves().iter().step_by(7) {
            let effect = game.preview(mv).unwrap();
            let mut after = game.clone();
            let played = after.play_described(mv).unwrap();
            assert_eq!(effect, played);
            // Against the positions themselves.
            assert_eq!(effect.mover, pos.turn());
            assert_eq!(effect.next_turn, after.position().turn());
            assert_eq!(effect.status, after.status());
            if let Some(to) = mv.to() {
                assert_eq!(
                    effect.captured,
                    if mv.from().is_some() {
                        pos.piece_at(to)
                    } else {
                        None
                    }
                );
            }
            let reserve_before = pos.reserve(pos.turn()).total();
            let reserve_after = after.position().reserve(pos.turn()).total();
            if after.position().seat_state(pos.turn()) == SeatState::Playing {
                let expected = reserve_before + u32::from(effect.captured.is_some())
                    - u32::from(matches!(mv, Move::Drop { .. }));
                assert_eq!(reserve_after, expected);
            }
            for (seat, score) in &effect.fallen {
                assert!(after.position().lost_seats().contains(*seat));
                assert!(!pos.lost_seats().contains(*seat));
                assert_eq!(after.scores()[*seat], Some(*score));
            }
            assert_eq!(
                effect.fallen.len(),
                after.position().lost_seats().len() - pos.lost_seats().len()
            );
            if let Move::Board { promote, .. } = mv {
                assert_eq!(effect.promotes, promote);
            }
        }
        // An illegal move is the same error as playing it.
        let empty = Square::all()
            .find(|&sq| pos.piece_at(sq).is_none())
            .unwrap();
        let to = Square::all().find(|&sq| sq != empty).unwrap();
        let bad = Move::Board {
            from: empty,
            to,
            promote: false,
        };
        assert_eq!(
            game.preview(bad).unwrap_err(),
            game.clone().play(bad).unwrap_err()
        );
    });
}

#[test]
fn shogi_win_turn_lost_seats_and_scores_agree() {
    let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let effect = pos.preview(pos.parse_move("G*5b").unwrap()).unwrap();
    pos.play("G*5b".parse().unwrap()).unwrap();
    assert_eq!(pos.status(), Status::Won(Seat::South));
    // The checkmated side is the seat to move (it has no move) and stays on the board.
    assert_eq!(pos.turn(), Seat::North);
    assert_eq!(pos.seat_state(Seat::North), SeatState::Playing);
    assert_eq!(pos.seats_in_game().len(), 2);
    // ...but it has lost, with score 0; the winner has 1.
    assert_eq!(pos.lost_seats().iter().collect::<Vec<_>>(), [Seat::North]);
    assert_eq!(pos.score(Seat::North), Some(0));
    assert_eq!(pos.score(Seat::South), Some(1));
    assert_eq!(effect.fallen, [(Seat::North, 0)]);
    assert_eq!(effect.next_turn, Seat::North);
}

/// Plays one of the legal moves (there must be one), chosen by a linear congruential
/// step of `s`.
fn play_lcg(game: &mut Game, s: &mut u64) {
    let moves = game.legal_moves();
    *s = s
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    game.play(moves[(*s >> 33) as usize % moves.len()]).unwrap();
}

#[test]
fn yono_win_turn_is_the_winner() {
    // Play random Yo[n]o games to the end: the seat to move is the winner, and every
    // other seat has lost.
    for seed in 0..3u64 {
        let mut game = Game::new(Ruleset::Yono);
        let mut s = seed * 7919 + 13;
        while !game.is_over() {
            play_lcg(&mut game, &mut s);
        }
        let pos = game.position();
        if let Status::Won(w) = game.status() {
            assert_eq!(pos.turn(), w);
            assert_eq!(pos.lost_seats().len(), 3);
            assert!(!pos.lost_seats().contains(w));
        }
    }
}

#[test]
fn undo_and_redo_step_through_a_game() {
    let mut game = Game::new(Ruleset::Yono);
    let mut s = 99u64;
    for _ in 0..60 {
        play_lcg(&mut game, &mut s);
    }
    let end = game.clone();
    let positions: Vec<Position> = {
        let mut g = game.clone();
        let mut v = vec![g.position().clone()];
        while g.undo().is_some() {
            v.push(g.position().clone());
        }
        v
    };
    for (i, p) in positions.iter().enumerate().skip(1) {
        game.undo().unwrap();
        assert_eq!(game.position(), p);
        assert_eq!(game.redo_moves().len(), i);
    }
    assert!(game.undo().is_none());
    for p in positions.iter().rev().skip(1) {
        game.redo().unwrap();
        assert_eq!(game.position(), p);
    }
    assert_eq!(game, end);
    assert_eq!(game.redo(), None);
}

#[test]
fn a_loaded_record_continued_keeps_comments_and_unknown_headers() {
    let mut game = Game::new(Ruleset::Yono);
    game.play("5g5f".parse().unwrap()).unwrap();
    game.play("7e6e".parse().unwrap()).unwrap();
    let mut rec = GameRecord::from_game(game);
    rec.set_meta("event", "Club night").unwrap();
    rec.set_meta("x-engine-notes", "kept as is").unwrap();
    rec.set_comment(1, "the centre Pawn").unwrap();
    rec.set_comment(2, "West replies").unwrap();
    let text = rec.to_text();

    let mut loaded = GameRecord::from_text(&text).unwrap();
    assert_eq!(loaded.comment(1), Some("the centre Pawn"));
    let keys: Vec<&String> = loaded.metadata().keys().collect();
    assert!(keys.iter().any(|k| *k == "x-engine-notes"));
    let next = loaded.game().legal_moves()[0];
    loaded.play(next, Some("North plays on")).unwrap();
    let saved = loaded.to_text();
    let back = GameRecord::from_text(&saved).unwrap();
    assert_eq!(back.moves().len(), 3);
    assert_eq!(back.comment(1), Some("the centre Pawn"));
    assert_eq!(back.comment(2), Some("West replies"));
    assert_eq!(back.comment(3), Some("North plays on"));
    assert_eq!(back.meta("x-engine-notes"), Some("kept as is"));
    assert_eq!(back.meta("event"), Some("Club night"));
}

#[test]
fn games_positions_and_records_can_be_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Game>();
    send_sync::<Position>();
    send_sync::<GameRecord>();
    // Two threads reading one game at once see the same thing.
    let mut game = Game::new(Ruleset::Yono);
    game.play("5g5f".parse().unwrap()).unwrap();
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| game.legal_moves().len());
        let b = s.spawn(|| game.legal_moves().len());
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a, b);
    assert_eq!(a, game.legal_moves().len());
}

#[test]
fn the_move_effect_says_what_left_the_board_and_who_is_checked() {
    let (mut removals, mut checks) = (0, 0);
    random_games(2, |game| {
        let pos = game.position();
        for &mv in pos.legal_moves().iter() {
            let effect = game.preview(mv).unwrap();
            let mut after = game.clone();
            let played = after.play(mv).unwrap();
            let after = after.position();
            // Check: the mover, if still in, threatens these Kings now.
            let mover = pos.turn();
            let checked: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&s| s != mover && after.king(s).is_some())
                .filter(|&s| after.threats()[s].contains(mover))
                .collect();
            assert_eq!(effect.checked.iter().collect::<Vec<_>>(), checked);
            assert_eq!(effect.gives_check, !checked.is_empty());
            checks += usize::from(effect.gives_check);
            // Removals: the fallen seats in order, each with every piece it had on the
            // board after the move (a captured piece of its own excepted) and its reserve.
            let fell: Vec<(Seat, u8)> = played.eliminations.iter().collect();
            let removed: Vec<(Seat, u8)> =
                effect.removed.iter().map(|r| (r.seat, r.score)).collect();
            assert_eq!(removed, fell);
            // The board after the move, before the checkmate rule, made by hand.
            let mut board: Vec<Option<yono::Piece>> =
                Square::all().map(|sq| pos.piece_at(sq)).collect();
            match mv {
                Move::Board { from, to, promote } => {
                    let piece = board[from.index()].take().unwrap();
                    board[to.index()] = Some(if promote {
                        piece.promoted().unwrap()
                    } else {
                        piece
                    });
                }
                Move::Drop { kind, to } => board[to.index()] = Some(yono::Piece::new(mover, kind)),
                Move::Pass => {}
            }
            for removal in &effect.removed {
                removals += 1;
                let expected: Vec<(Square, yono::Piece)> = Square::all()
                    .filter_map(|sq| Some((sq, board[sq.index()]?)))
                    .filter(|(_, p)| p.seat == removal.seat)
                    .collect();
                assert_eq!(removal.pieces, expected, "{} {mv}", pos.text());
                let mut reserve = *pos.reserve(removal.seat);
                if removal.seat == mover {
                    if let Some(captured) = effect.captured {
                        reserve.add(captured.kind);
                    }
                    if let Move::Drop { kind, .. } = mv {
                        reserve.take(kind);
                    }
                }
                assert_eq!(removal.reserve, reserve);
                assert!(removal
                    .pieces
                    .iter()
                    .all(|(sq, _)| after.piece_at(*sq).is_none()
                        || after.piece_at(*sq).unwrap().seat != removal.seat));
            }
        }
    });
    assert!(removals >= 20, "only {removals} removals seen");
    assert!(checks >= 20, "only {checks} checks seen");
}

#[test]
fn the_snapshot_is_the_position() {
    random_games(4, |game| {
        let pos = game.position();
        let snap = game.snapshot();
        for sq in Square::all() {
            let view = snap.piece_at(sq);
            assert_eq!(view.map(|v| v.piece()), pos.piece_at(sq));
            if let Some(v) = view {
                assert_eq!(v.promoted, v.kind.is_promoted());
                assert_eq!(v.facing, v.seat.opposite());
            }
        }
        for seat in Seat::ALL {
            assert_eq!(snap.reserves[seat], *pos.reserve(seat));
            assert_eq!(snap.seats[seat], pos.seat_state(seat));
            assert_eq!(snap.checks[seat], pos.threatened_by(seat));
        }
        assert_eq!(snap.scores, game.scores());
        assert_eq!(snap.status, game.status());
        assert_eq!(snap.end_reason, game.end_reason());
        assert_eq!(snap.in_game, pos.seats_in_game());
        assert_eq!(snap.move_number, pos.move_number());
        assert_eq!(snap.ruleset, pos.ruleset());
        let over = game.is_over();
        assert_eq!(snap.to_move, (!over).then_some(pos.turn()));
    });
    // A drawn game: nobody to move, whatever the board says.
    let mut game = Game::new(Ruleset::Yono);
    for mv in [
        "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
    ]
    .repeat(3)
    {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let snap = game.snapshot();
    assert_eq!(snap.status, Status::DrawnByRepetition);
    assert_eq!(snap.to_move, None);
    assert_eq!(snap.end_reason, Some(yono::EndReason::Repetition));
    assert_eq!(game.position().snapshot().to_move, Some(Seat::South));
}

#[test]
fn pieces_convert_to_and_from_their_promoted_forms() {
    for kind in PieceKind::ALL {
        let piece = yono::Piece::new(Seat::East, kind);
        match piece.promoted() {
            Some(p) => {
                assert!(kind.can_promote() && !kind.is_promoted() && p.kind.is_promoted());
                assert_eq!(p.unpromoted(), piece);
                assert_eq!(p.seat, Seat::East);
            }
            None => assert!(!kind.can_promote()),
        }
        assert_eq!(piece.unpromoted().kind, kind.unpromoted());
    }
    let promotable: Vec<PieceKind> = PieceKind::ALL
        .into_iter()
        .filter(|k| k.can_promote())
        .collect();
    assert_eq!(promotable.len(), 6);
}
