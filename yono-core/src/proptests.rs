//! Property tests: random games compared move for move with the deliberately simple
//! reference generator in `tests/reference/` (square by square, written straight
//! from [RULES.md](crate::rules)), plus the invariants every position must keep.

#[path = "../tests/reference/mod.rs"]
mod reference;

#[path = "../tests/invariants/mod.rs"]
mod invariants;

use crate::{Bitboard, Game, Move, PieceKind, Position, Ruleset, Seat, Square};
use proptest::prelude::*;

/// Starting points with reserves, eliminated seats and both rulesets.
pub(crate) fn starts() -> Vec<Position> {
    let yono = Position::start();
    let mut out = vec![yono.clone(), Position::new(Ruleset::Shogi)];
    // Minor pieces in their owners' reserves: drops of many kinds from move 1.
    out.push(invariants::with_in_reserve(&yono, |k| {
        matches!(k, PieceKind::Silver | PieceKind::Knight | PieceKind::Lance)
    }));
    // Gold and Bishop too: Bishop drops meet the binding limit.
    out.push(invariants::with_in_reserve(&yono, |k| {
        matches!(
            k,
            PieceKind::Gold | PieceKind::Bishop | PieceKind::Silver | PieceKind::Knight
        )
    }));
    // West out first (score 0): three seats.
    out.push(invariants::with_out(&yono, &[(Seat::West, 0)]));
    // West then North out: two seats.
    out.push(invariants::with_out(
        &yono,
        &[(Seat::West, 0), (Seat::North, 1)],
    ));
    // Shogi with hands.
    out.push(invariants::with_in_reserve(
        &Position::new(Ruleset::Shogi),
        |k| matches!(k, PieceKind::Silver | PieceKind::Knight | PieceKind::Pawn),
    ));
    out
}

fn sorted_texts(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Checks the invariants of one position and one move from it; returns the child.
fn step(pos: &Position, mv: Move, with_reference: bool) -> Position {
    let legal = pos.legal_moves();
    let text = pos.text();
    if with_reference {
        assert_eq!(
            sorted_texts(&legal),
            reference::legal_moves(&text),
            "legal moves differ from the reference in {text}"
        );
    }
    // Text round trip and hash from scratch.
    assert_eq!(
        Position::from_text(&text).as_ref(),
        Ok(pos),
        "text round trip of {text}"
    );
    assert_eq!(pos.key(), pos.compute_key(), "incremental hash in {text}");
    // No legal move leaves the mover's King threatened (before any checkmate).
    let mover = pos.turn();
    let hint = pos.checkmate_hint();
    for &m in legal.iter() {
        assert!(
            pos.is_legal(m),
            "generated move {m} rejected by is_legal in {text}"
        );
        // Perft's shortcut through the checkmate rule changes nothing.
        let (mut plain, mut hinted) = (pos.clone(), pos.clone());
        assert_eq!(
            plain.play_unchecked(m),
            hinted.play_hinted(m, &hint),
            "eliminations after {m} in {text}"
        );
        assert_eq!(plain, hinted, "play_hinted({m}) in {text}");
        if m == Move::Pass {
            continue;
        }
        let mut raw = pos.clone();
        raw.apply_move(mover, m);
        let king = raw.king(mover).expect("a seat in the game has a King");
        let threatened = raw.attacked_by_any(
            pos.seats_in_game().without(mover),
            king,
            raw.occupied(),
            Bitboard::EMPTY,
        );
        assert!(
            !threatened,
            "{m} leaves {mover}'s King threatened in {text}"
        );
    }
    let mut child = pos.clone();
    let fallen = child.play_unchecked(mv);
    // The seats `play` reports as fallen (in the order they fell) are exactly those
    // that left the game.
    let mut reported: Vec<Seat> = fallen.iter().map(|(s, _)| s).collect();
    reported.sort();
    let left: Vec<Seat> = pos
        .seats_in_game()
        .iter()
        .filter(|&s| !child.seats_in_game().contains(s))
        .collect();
    assert_eq!(reported, left, "{mv} in {text}");
    // Hash, text, Kings, conservation of pieces, scores, move number.
    invariants::check_child(pos, mv, &child);
    if with_reference {
        assert_eq!(
            child.text(),
            reference::play(&text, &mv.to_string()),
            "result of {mv} differs from the reference in {text}"
        );
    }
    child
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_agree_with_reference_and_keep_invariants(
        start in 0usize..7,
        choices in prop::collection::vec(any::<u32>(), 40..110),
    ) {
        let mut pos = starts()[start].clone();
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                prop_assert!(pos.is_game_over());
                prop_assert_eq!(reference::legal_moves(&pos.text()).len(), 0);
                break;
            }
            let mv = legal[choice as usize % legal.len()];
            pos = step(&pos, mv, true);
        }
    }

    #[test]
    fn is_legal_agrees_with_generation_on_arbitrary_moves(
        start in 0usize..7,
        choices in prop::collection::vec(any::<u32>(), 0..60),
        probes in prop::collection::vec(any::<u16>(), 50),
    ) {
        let mut pos = starts()[start].clone();
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() { break; }
            pos.play_unchecked(legal[choice as usize % legal.len()]);
        }
        let legal = pos.legal_moves();
        for code in probes {
            if let Some(mv) = Move::from_code(code) {
                prop_assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{} in {}", mv, pos.text());
                let mut copy = pos.clone();
                if copy.play(mv).is_err() {
                    prop_assert_eq!(&copy, &pos, "a rejected move changed the position");
                }
            }
        }
    }

    #[test]
    fn game_play_accepts_exactly_the_legal_moves(
        start in 0usize..7,
        choices in prop::collection::vec(any::<u32>(), 1..60),
    ) {
        // Every move a piece could make by its movement, and every drop, tried through
        // `Game::play` (whose King facts are cached per position) one after another in
        // the same position, and taken back when accepted.
        let mut game = Game::from_position(starts()[start].clone());
        for choice in choices {
            let pos = game.position().clone();
            let legal = pos.legal_moves();
            if legal.is_empty() { break; }
            let seat = pos.turn();
            let mut tries = Vec::new();
            for from in pos.pieces(seat) {
                let kind = pos.piece_at(from).expect("own piece").kind;
                for to in crate::attacks::attacks(seat, kind, from, pos.occupied()) {
                    tries.push(Move::Board { from, to, promote: false });
                    tries.push(Move::Board { from, to, promote: true });
                }
            }
            for (kind, _) in pos.reserve(seat).iter() {
                for to in !pos.occupied() {
                    tries.push(Move::Drop { kind, to });
                }
            }
            tries.push(Move::Pass);
            for mv in tries {
                let accepted = game.play(mv).is_ok();
                prop_assert_eq!(accepted, legal.contains(&mv), "{} in {}", mv, pos.text());
                if accepted {
                    game.undo();
                }
                prop_assert_eq!(game.position(), &pos);
            }
            game.play(legal[choice as usize % legal.len()]).unwrap();
        }
    }

    #[test]
    fn game_play_with_listed_moves_accepts_exactly_the_legal_moves(
        start in 0usize..7,
        steps in prop::collection::vec((any::<u32>(), 0u8..4), 1..60),
        probes in prop::collection::vec(any::<u16>(), 16),
    ) {
        // Moves listed by `list_legal_moves` at random plies, moves played and taken
        // back: whichever ply's list the game remembers, `play` accepts exactly the
        // moves legal now, among them moves listed at other plies, and a rejected move
        // changes nothing.
        let mut game = Game::from_position(starts()[start].clone());
        let mut seen: Vec<Move> = Vec::new();
        for (choice, action) in steps {
            match action {
                0 => {
                    let listed = game.list_legal_moves();
                    prop_assert_eq!(&listed, &game.legal_moves());
                    seen.extend(listed.iter().copied());
                }
                1 => {
                    game.undo();
                }
                _ => {}
            }
            let legal = game.legal_moves();
            let before = game.clone();
            let tries = seen.iter().rev().take(48).copied()
                .chain(probes.iter().filter_map(|&code| Move::from_code(code)));
            for mv in tries {
                let accepted = game.play(mv).is_ok();
                prop_assert_eq!(accepted, legal.contains(&mv), "{} in {}", mv, before.position().text());
                if accepted {
                    game.undo();
                }
                prop_assert_eq!(&game, &before);
                prop_assert_eq!(game.position(), before.position());
            }
            if legal.is_empty() { break; }
            if action != 1 {
                game.play(legal[choice as usize % legal.len()]).unwrap();
            }
        }
    }

    #[test]
    fn game_undo_restores_every_position(
        start in 0usize..7,
        choices in prop::collection::vec(any::<u32>(), 1..80),
    ) {
        let mut game = Game::from_position(starts()[start].clone());
        let mut seen = vec![game.position().clone()];
        for choice in choices {
            let legal = game.legal_moves();
            if legal.is_empty() { break; }
            game.play(legal[choice as usize % legal.len()]).unwrap();
            seen.push(game.position().clone());
        }
        while game.undo().is_some() {
            seen.pop();
            prop_assert_eq!(game.position(), seen.last().unwrap());
        }
        prop_assert_eq!(seen.len(), 1);
    }
}

/// A tiny deterministic generator for the long-run tests.
pub(crate) struct XorShift(pub u64);
impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Long random games from every start: checks invariants at every ply (the reference
/// on a sample) and that the games actually exercise passes, eliminations, drops and
/// promotions.
#[test]
fn long_random_games_cover_every_rule() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    let (mut passes, mut eliminations, mut drops, mut promotions, mut finished) = (0, 0, 0, 0, 0);
    let starts = starts();
    for game in 0..60 {
        let mut pos = starts[game % starts.len()].clone();
        for ply in 0..400 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                finished += 1;
                break;
            }
            let mv = legal[(rng.next() % legal.len() as u64) as usize];
            match mv {
                Move::Pass => passes += 1,
                Move::Drop { .. } => drops += 1,
                Move::Board { promote: true, .. } => promotions += 1,
                _ => {}
            }
            let before = pos.seats_in_game().len();
            pos = step(&pos, mv, ply % 8 == 0);
            eliminations += before - pos.seats_in_game().len();
        }
    }
    eprintln!(
        "random games: {passes} passes, {eliminations} eliminations, {drops} drops, \
         {promotions} promotions, {finished} finished"
    );
    assert!(passes > 0, "no pass in the random games");
    assert!(eliminations > 0, "no elimination in the random games");
    assert!(
        drops > 100 && promotions > 100,
        "drops {drops}, promotions {promotions}"
    );
    assert!(finished > 0, "no game finished");
}

#[test]
fn derived_starts_are_distinct_and_valid() {
    let starts = starts();
    for (i, a) in starts.iter().enumerate() {
        for b in &starts[i + 1..] {
            assert_ne!(a.key(), b.key());
        }
        assert!(!a.legal_moves().is_empty());
    }
    let sq: Square = "5i".parse().unwrap();
    assert_eq!(
        starts[0].piece_at(sq).map(|p| p.kind),
        Some(PieceKind::King)
    );
}

/// Which of the public callbacks hands out the moves.
#[derive(Clone, Copy)]
enum Restrict {
    None,
    Origins(Bitboard),
    OriginsTargets(Bitboard, Bitboard),
}

/// The legal moves as the public callback hands them out, restricted as asked.
fn callback_moves(pos: &Position, restrict: Restrict) -> Vec<Move> {
    let mut out = Vec::new();
    let push = |set: crate::MoveSet| {
        assert!(!set.is_empty(), "an empty set was handed out");
        let before = out.len();
        out.extend(set);
        assert_eq!(out.len() - before, set.len());
        for &mv in &out[before..] {
            assert!(set.contains(mv));
        }
        false
    };
    let stopped = match restrict {
        Restrict::None => pos.generate_moves(push),
        Restrict::Origins(origins) => pos.generate_moves_for(origins, push),
        Restrict::OriginsTargets(origins, targets) => {
            pos.generate_board_moves(origins, targets, push)
        }
    };
    assert!(!stopped);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn callback_moves_equal_legal_moves(
        start in 0usize..7,
        choices in prop::collection::vec((any::<u32>(), any::<u128>(), any::<u8>()), 1..120),
    ) {
        let mut pos = starts()[start].clone();
        for (choice, mask, stop_after) in choices {
            let legal = pos.legal_moves();
            let mut got = callback_moves(&pos, Restrict::None);
            let mut want: Vec<Move> = legal.iter().copied().collect();
            got.sort_by_key(|m| m.to_string());
            want.sort_by_key(|m| m.to_string());
            prop_assert_eq!(&got, &want, "in {}", pos.text());

            let mask = Bitboard(mask) & Bitboard::FULL;
            let mut got = callback_moves(&pos, Restrict::Origins(mask));
            let mut want: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Board { from, .. } if mask.contains(*from)))
                .collect();
            got.sort_by_key(|m| m.to_string());
            want.sort_by_key(|m| m.to_string());
            prop_assert_eq!(&got, &want, "origins {:?} in {}", mask, pos.text());

            // Destinations too: some squares, and a search's captures.
            let own = pos.pieces(pos.turn());
            let captures = pos.occupied() & !own;
            let some = Bitboard(mask.0.rotate_left(choice % 81)) & Bitboard::FULL;
            for (origins, targets) in [(mask, some), (own, captures)] {
                let restrict = Restrict::OriginsTargets(origins, targets);
                let mut got = callback_moves(&pos, restrict);
                let mut want: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Board { from, to, .. }
                        if origins.contains(*from) && targets.contains(*to)))
                    .collect();
                got.sort_by_key(|m| m.to_string());
                want.sort_by_key(|m| m.to_string());
                prop_assert_eq!(&got, &want, "{:?} to {:?} in {}", origins, targets, pos.text());
            }

            // Early exit: the callback is not called again once it said stop.
            let mut batches = 0;
            pos.generate_moves(|_| { batches += 1; false });
            let limit = usize::from(stop_after % 8) + 1;
            let mut calls = 0;
            let stopped = pos.generate_moves(|_| { calls += 1; calls == limit });
            prop_assert_eq!(calls, batches.min(limit));
            prop_assert_eq!(stopped, batches >= limit);

            if legal.is_empty() { break; }
            pos.play_unchecked(legal[choice as usize % legal.len()]);
        }
    }

    #[test]
    fn do_undo_and_null_moves_restore_position_and_key(
        start in 0usize..7,
        choices in prop::collection::vec((any::<u32>(), 0u8..10), 1..200),
    ) {
        let mut pos = starts()[start].clone();
        let mut stack = Vec::new();
        for (choice, kind) in choices {
            let before = pos.clone();
            // Mostly real moves; sometimes a null move or a turn handed to any seat.
            let (mv, undo, fallen) = match kind {
                0 => {
                    let (undo, fallen) = pos.null_move();
                    prop_assert_eq!(pos.move_number(), before.move_number().saturating_add(1));
                    (Move::Pass, undo, fallen)
                }
                1 => {
                    let seat = Seat::ALL[choice as usize % 4];
                    match pos.hand_turn_to(seat) {
                        Some((undo, fallen)) => {
                            prop_assert_eq!(pos.turn(), seat);
                            (Move::Pass, undo, fallen)
                        }
                        None => {
                            prop_assert!(!before.seats_in_game().contains(seat) || before.is_game_over());
                            prop_assert_eq!(&pos, &before);
                            continue;
                        }
                    }
                }
                _ => {
                    let legal = pos.legal_moves();
                    if legal.is_empty() { break; }
                    let mv = legal[choice as usize % legal.len()];
                    let mut copy = pos.clone();
                    let expect = copy.play_unchecked(mv);
                    let (undo, fallen) = if choice % 2 == 0 {
                        pos.do_move(mv)
                    } else {
                        let hint = pos.checkmate_hint();
                        pos.do_move_hinted(mv, &hint)
                    };
                    prop_assert_eq!(&pos, &copy);
                    prop_assert_eq!(fallen, expect);
                    (mv, undo, fallen)
                }
            };
            // Whoever fell was threatened by the new mover, and is gone.
            for (seat, _) in fallen.iter() {
                prop_assert!(!pos.seats_in_game().contains(seat));
            }
            prop_assert_eq!(pos.key(), pos.compute_key());
            stack.push((mv, undo, before));
        }
        while let Some((mv, undo, before)) = stack.pop() {
            pos.undo_move(mv, undo);
            prop_assert_eq!(&pos, &before);
            prop_assert_eq!(pos.key(), before.key());
            prop_assert_eq!(pos.move_number(), before.move_number());
        }
    }
}

/// Null moves and handed turns in long random games do eliminate seats, and undo
/// brings every one of them back.
#[test]
fn null_moves_eliminate_and_undo_restores() {
    let mut rng = XorShift(0x0dd_ba11_5eed);
    let mut fell = 0;
    for game in 0..40 {
        let mut pos = starts()[game % 7].clone();
        for _ in 0..300 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let before = pos.clone();
            let r = rng.next();
            let (mv, undo, fallen) = if r % 5 == 0 {
                let seat = Seat::ALL[(r >> 8) as usize % 4];
                match pos.hand_turn_to(seat) {
                    Some((undo, fallen)) => (Move::Pass, undo, fallen),
                    None => continue,
                }
            } else {
                let mv = legal[(r >> 8) as usize % legal.len()];
                let (undo, fallen) = pos.do_move(mv);
                (mv, undo, fallen)
            };
            if !fallen.is_empty() {
                fell += fallen.len();
                let mut back = pos.clone();
                back.undo_move(mv, undo);
                assert_eq!(back, before);
                assert_eq!(back.key(), before.key());
            }
        }
    }
    assert!(fell > 0, "no seat fell in the random games");
}
