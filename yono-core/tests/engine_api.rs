//! The engine-facing API of issue 13 (part 1): the incremental repetition count of
//! `Game`, what `Game::play` reports, `Game::check_move`, `BySeat` and the mutable
//! `MoveList`. Each is checked against a brute-force or independent computation.

mod invariants;

use invariants::Rng;
use std::collections::HashSet;
use yono::{BySeat, Game, IllegalMove, Move, MoveList, Piece, Position, Ruleset, Seat, SeatState};

/// Kings stepping out and back: every eight plies the start position recurs, so
/// following it reaches the fourfold repetition.
const CYCLE: [&str; 8] = [
    "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
];

#[test]
fn repetition_count_equals_a_recount_of_the_history() {
    let mut deepest = 0;
    let mut draws = 0;
    for seed in 0..12 {
        let mut rng = Rng(seed);
        let mut game = Game::new(Ruleset::Yono);
        // The key of every position of the game, the start's first: the recount.
        let mut keys = vec![game.position().key()];
        for step in 0..400 {
            let recount = |keys: &[u64], key| keys.iter().filter(|&&k| k == key).count();
            if game.is_drawn() || (step % 5 == 4 && rng.below(2) == 0) {
                if game.undo().is_none() {
                    assert_eq!(keys.len(), 1);
                    continue;
                }
                keys.pop();
                assert_eq!(game.position().key(), *keys.last().unwrap());
                assert_eq!(game.repetitions(), recount(&keys, game.position().key()));
                assert!(!game.is_drawn());
                continue;
            }
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Mostly the cycle (so positions recur), sometimes a random move.
            let cycle_move = Move::from_usi(CYCLE[game.moves().len() % CYCLE.len()]).unwrap();
            let mv = if legal.contains(&cycle_move) && rng.below(8) != 0 {
                cycle_move
            } else {
                rng.pick(&legal)
            };
            let played = game.play(mv).expect("a legal move");
            let key = game.position().key();
            keys.push(key);
            let count = recount(&keys, key);
            assert_eq!(game.repetitions(), count, "seed {seed} step {step}");
            assert_eq!(game.is_drawn(), count >= 4);
            assert_eq!(played.drawn, count >= 4);
            if game.is_drawn() {
                draws += 1;
                assert!(game.legal_moves().is_empty());
                assert_eq!(game.check_move(mv), Err(IllegalMove::GameOver));
            }
            deepest = deepest.max(count);
        }
        // The game replayed from scratch counts the same.
        let mut replay = Game::new(Ruleset::Yono);
        for &mv in game.moves() {
            replay.play(mv).unwrap();
        }
        assert_eq!(replay.repetitions(), game.repetitions());
        assert_eq!(replay.is_drawn(), game.is_drawn());
    }
    // The walk did reach the draw, so the counts above were tested up to four.
    assert!(
        deepest >= 4 && draws > 0,
        "deepest {deepest}, draws {draws}"
    );
}

/// Random positions of both rulesets, some of them with seats already out.
fn random_games(seeds: u64, plies: usize) -> impl Iterator<Item = (Game, Rng)> {
    (0..seeds).map(move |seed| {
        let mut rng = Rng(seed ^ 0xA5A5);
        let ruleset = if seed % 3 == 0 {
            Ruleset::Shogi
        } else {
            Ruleset::Yono
        };
        let mut game = Game::new(ruleset);
        let length = rng.below(plies);
        for _ in 0..length {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = rng.pick(&legal);
            game.play(mv).unwrap();
        }
        (game, rng)
    })
}

#[test]
fn played_reports_the_difference_between_before_and_after() {
    let (mut captures, mut promotions, mut falls) = (0, 0, 0);
    for (mut game, mut rng) in random_games(60, 300) {
        for _ in 0..40 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = rng.pick(&legal);
            let before = game.position().clone();
            let played = game.play(mv).unwrap();
            let after = game.position();
            assert_eq!(played.mover, before.turn());
            let (captured, promoted) = match mv {
                Move::Board { from, to, .. } => {
                    let moved = before.piece_at(from).unwrap();
                    let arrived = after.piece_at(to).unwrap();
                    (before.piece_at(to), moved.kind != arrived.kind)
                }
                _ => (None, false),
            };
            assert_eq!(played.captured, captured, "{mv} in {before:?}");
            assert_eq!(played.promoted, promoted, "{mv} in {before:?}");
            if let Some(Piece { kind, .. }) = captured {
                let kind = kind.unpromoted();
                assert_eq!(
                    after.reserve(played.mover).count(kind),
                    before.reserve(played.mover).count(kind) + 1
                );
            }
            // The seats that left, with the scores they got, are the eliminations.
            let gone: HashSet<(Seat, u8)> = before
                .seats_in_game()
                .iter()
                .filter(|&s| !after.seats_in_game().contains(s))
                .map(|s| match after.seat_state(s) {
                    SeatState::Out(score) => (s, score),
                    other => panic!("{s} left the game but is {other:?}"),
                })
                .collect();
            let reported: HashSet<(Seat, u8)> = played.eliminations.iter().collect();
            assert_eq!(reported, gone);
            assert_eq!(played.eliminations.len(), gone.len());
            // Position::play says the same, in the same order.
            let mut copy = before.clone();
            assert_eq!(copy.play(mv).unwrap(), played.eliminations);
            assert_eq!(played.drawn, game.is_drawn());
            captures += captured.is_some() as u32;
            promotions += promoted as u32;
            falls += !gone.is_empty() as u32;
        }
    }
    assert!(
        captures > 0 && promotions > 0 && falls > 0,
        "{captures} {promotions} {falls}"
    );
}

#[test]
fn game_check_move_agrees_with_legal_moves() {
    let mut tried = 0;
    for (mut game, mut rng) in random_games(40, 400) {
        for _ in 0..6 {
            let legal = game.legal_moves();
            // Generated moves, and random codes (mostly illegal, some not).
            let mut candidates: Vec<Move> = legal.iter().copied().collect();
            candidates.push(Move::Pass);
            while candidates.len() < legal.len() + 300 {
                if let Some(mv) = Move::from_code(rng.next() as u16) {
                    candidates.push(mv);
                }
            }
            // `Game::play` keeps the King facts of the position for later checks; a
            // refused move exercises that path without changing the game.
            if rng.below(2) == 0 {
                let refused = candidates.iter().find(|m| !legal.contains(m));
                if let Some(&mv) = refused {
                    assert!(game.play(mv).is_err());
                }
            }
            for &mv in &candidates {
                let verdict = game.check_move(mv);
                assert_eq!(verdict.is_ok(), legal.contains(&mv), "{mv}");
                assert_eq!(verdict, game.position().check_move(mv), "{mv}");
                tried += 1;
            }
            // And `play` gives the same verdict.
            let mv = candidates[rng.below(candidates.len())];
            let mut copy = game.clone();
            match (copy.play(mv), game.check_move(mv)) {
                (Ok(_), Ok(())) => {}
                (Err(yono::MoveError::Illegal { reason, .. }), Err(checked)) => {
                    assert_eq!(reason, checked);
                    assert_eq!(copy, game);
                }
                other => panic!("{mv}: play and check_move disagree: {other:?}"),
            }
            if legal.is_empty() {
                break;
            }
            game.play(rng.pick(&legal)).unwrap();
        }
    }
    assert!(tried > 50_000, "{tried}");
}

#[test]
fn by_seat_is_indexed_by_seat_and_by_index() {
    let mut v: BySeat<usize> = BySeat::from([10, 20, 30, 40]);
    for seat in Seat::ALL {
        assert_eq!(v[seat], 10 * (seat.index() + 1));
        assert_eq!(v[seat], v[seat.index()]);
    }
    v[Seat::North] += 5;
    v[0] -= 1;
    assert_eq!(v, [9, 20, 35, 40]);
    assert_eq!([9, 20, 35, 40], v);
    let pairs: Vec<(Seat, usize)> = v.iter().map(|(s, &x)| (s, x)).collect();
    assert_eq!(
        pairs,
        [
            (Seat::South, 9),
            (Seat::West, 20),
            (Seat::North, 35),
            (Seat::East, 40)
        ]
    );
    assert_eq!(v.into_iter().map(|(s, _)| s).collect::<Vec<_>>(), Seat::ALL);
    for (seat, x) in &mut v {
        *x = seat.index();
    }
    assert_eq!(v.into_array(), [0, 1, 2, 3]);
    assert_eq!(BySeat::from_fn(Seat::letter), ['s', 'w', 'n', 'e']);
    assert_eq!(BySeat::<u8>::default(), [0; 4]);
    assert_eq!(format!("{:?}", BySeat::new([1, 2, 3, 4])), "[1, 2, 3, 4]");
    // Array methods through Deref.
    assert_eq!(v.iter().count(), 4);
    assert!(v.contains(&3));
}

#[cfg(feature = "serde")]
#[test]
fn by_seat_serializes_as_the_array() {
    let v = BySeat::new([Some(3u8), None, Some(0), Some(1)]);
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(json, "[3,null,0,1]");
    assert_eq!(
        serde_json::from_str::<BySeat<Option<u8>>>(&json).unwrap(),
        v
    );
    // Series keeps the form it had with an array of totals.
    let series = yono::Series::from_totals([5, 3, 1, 0], 3);
    let json = serde_json::to_string(&series).unwrap();
    assert_eq!(json, r#"{"totals":[5,3,1,0],"games":3}"#);
    assert_eq!(serde_json::from_str::<yono::Series>(&json).unwrap(), series);
}

#[test]
fn game_scores_and_series_totals_are_by_seat() {
    let mut game = Game::new(Ruleset::Yono);
    for mv in CYCLE.iter().cycle().take(24) {
        game.play(mv.parse().unwrap()).unwrap();
    }
    assert!(game.is_drawn());
    let scores = game.scores();
    for seat in Seat::ALL {
        assert_eq!(scores[seat], Some(0));
    }
    let mut series = yono::Series::default();
    series.add_game(&game).unwrap();
    series
        .add(BySeat::new([Some(3), Some(2), Some(1), Some(0)]))
        .unwrap();
    assert_eq!(series.totals()[Seat::South], 3);
    assert_eq!(series.totals(), [3, 2, 1, 0]);
    assert_eq!(series.total(Seat::West), 2);
}

/// The moves of some random positions, both rulesets.
fn sample_lists() -> Vec<MoveList> {
    random_games(20, 200)
        .map(|(game, _)| game.position().legal_moves())
        .filter(|l| l.len() > 3)
        .collect()
}

#[test]
fn move_list_sorts_filters_and_iterates_like_a_vec() {
    for list in sample_lists() {
        let vec: Vec<Move> = list.to_vec();
        let key = |m: &Move| (m.to().map(|s| s.index()), m.code());

        let mut sorted = list.clone();
        sorted.sort_by_key(key);
        let mut expected = vec.clone();
        expected.sort_by_key(key);
        assert_eq!(sorted.as_slice(), expected.as_slice());

        let mut kept = list.clone();
        kept.retain(|m| m.code() % 3 == 0);
        let expected: Vec<Move> = vec.iter().copied().filter(|m| m.code() % 3 == 0).collect();
        assert_eq!(kept.as_slice(), expected.as_slice());

        let mut swapped = list.clone();
        swapped.swap(0, 1);
        assert_eq!((swapped[0], swapped[1]), (vec[1], vec[0]));

        let mut cut = list.clone();
        cut.truncate(2);
        assert_eq!(cut.as_slice(), &vec[..2]);
        assert_eq!(cut.pop(), Some(vec[1]));
        assert_eq!(cut.len(), 1);

        let mut removed = list.clone();
        assert_eq!(removed.swap_remove(0), Some(vec[0]));
        assert_eq!(removed[0], *vec.last().unwrap());
        assert_eq!(removed.len(), vec.len() - 1);

        let by_value: Vec<Move> = list.clone().into_iter().collect();
        assert_eq!(by_value, vec);
        let reversed: Vec<Move> = list.clone().into_iter().rev().collect();
        assert_eq!(reversed, vec.iter().rev().copied().collect::<Vec<_>>());
        assert_eq!(list.clone().into_iter().len(), vec.len());

        let collected: MoveList = vec.iter().copied().collect();
        assert_eq!(collected, list);
        let mut extended = MoveList::new();
        extended.extend(vec.iter().copied());
        assert_eq!(extended, list);
    }
}

#[test]
fn move_list_holds_max_moves_and_never_panics_past_them() {
    let mut list: MoveList = std::iter::repeat_n(Move::Pass, yono::MAX_MOVES + 10).collect();
    assert_eq!(list.len(), yono::MAX_MOVES);
    assert!(list.is_full());
    list.push(Move::Pass);
    assert_eq!(list.len(), yono::MAX_MOVES);
    assert_eq!(list.try_push(Move::Pass), Err(Move::Pass));
    list.pop();
    assert_eq!(list.try_push(Move::Pass), Ok(()));
}

#[test]
fn a_move_list_from_position_matches_the_game() {
    let pos = Position::start();
    assert_eq!(
        Game::from_position(pos.clone()).legal_moves(),
        pos.legal_moves()
    );
}
