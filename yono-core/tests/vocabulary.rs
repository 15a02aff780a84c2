//! The vocabulary declared once: numbers, names, letters and spellings of seats,
//! kinds, rulesets, statuses and squares, and the dense move index.

use yono::{
    EndReason, Move, Piece, PieceKind, Position, PromotionStatus, Ruleset, Seat, Square, Status,
};

/// xorshift64, for seeded random games.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The formula yono-py's `move_slot` used before the core had `Move::index`, written
/// out independently: the core's index must give the same numbers.
fn binding_formula(mv: Move) -> usize {
    match mv {
        Move::Board { from, to, promote } => {
            (from.index() * 81 + to.index()) * 2 + usize::from(promote)
        }
        Move::Drop { kind, to } => {
            let hand = "RBGSNLP".find(kind.letter()).expect("a held kind");
            81 * 81 * 2 + hand * 81 + to.index()
        }
        Move::Pass => 13_689,
    }
}

#[test]
fn move_index_round_trips_over_the_legal_moves_of_many_positions() {
    let mut rng = 0x1234_5678_9ABC_DEF1u64;
    let mut checked = 0;
    for game in 0..40 {
        let ruleset = if game % 2 == 0 {
            Ruleset::Yono
        } else {
            Ruleset::Shogi
        };
        let mut pos = Position::new(ruleset);
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut seen = std::collections::HashSet::new();
            for &mv in moves.iter() {
                let i = mv.index();
                assert!(i < Move::INDEX_COUNT, "{mv} -> {i}");
                assert_eq!(i, binding_formula(mv), "{mv}");
                assert_eq!(Move::from_index(i), Some(mv), "{mv} -> {i}");
                assert!(seen.insert(i), "two moves share index {i}");
                checked += 1;
            }
            let mv = moves[(next(&mut rng) % moves.len() as u64) as usize];
            pos.play(mv).unwrap();
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

#[test]
fn every_index_is_one_move_or_an_unused_from_to_slot() {
    assert_eq!(Move::INDEX_COUNT, 13_690);
    let mut moves = 0;
    for i in 0..Move::INDEX_COUNT {
        match Move::from_index(i) {
            Some(mv) => {
                assert_eq!(mv.index(), i);
                moves += 1;
            }
            None => {
                assert!(
                    i < 81 * 81 * 2,
                    "index {i} past the board slots has no move"
                );
                let (from, to) = (i / 2 / 81, i / 2 % 81);
                assert_eq!(from, to, "index {i} has no move but is no from == to slot");
            }
        }
    }
    assert_eq!(moves, Move::INDEX_COUNT - 81 * 2);
    assert_eq!(Move::from_index(Move::INDEX_COUNT), None);
    assert_eq!(Move::from_index(usize::MAX), None);
}

#[test]
fn the_numbers_are_the_places_in_all() {
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        assert_eq!((seat.index(), seat as usize), (i, i));
        assert_eq!(Seat::from_index(i), Some(seat));
        assert_eq!(Seat::NAMES[i], seat.name());
        assert_eq!(Seat::LETTERS[i], seat.letter());
    }
    assert_eq!(Seat::from_index(Seat::COUNT), None);
    for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
        assert_eq!((kind.index(), kind as usize), (i, i));
        assert_eq!(PieceKind::from_index(i), Some(kind));
        assert_eq!(PieceKind::NAMES[i], kind.name());
        assert_eq!(kind.letter(), kind.unpromoted().letter());
    }
    assert_eq!(PieceKind::COUNT, 14);
    assert_eq!(PieceKind::from_index(14), None);
    assert_eq!(
        (Ruleset::Yono as u8, Ruleset::Shogi as u8, Ruleset::COUNT),
        (0, 1, 2)
    );
    assert_eq!(
        PromotionStatus::ALL,
        [
            PromotionStatus::Impossible,
            PromotionStatus::Optional,
            PromotionStatus::Compulsory
        ]
    );
    assert_eq!(EndReason::from_index(3), Some(EndReason::PerpetualCheck));
    for (i, sq) in Square::ALL.into_iter().enumerate() {
        assert_eq!(sq.index(), i);
        assert_eq!(Square::NAMES[i], sq.to_string());
        assert_eq!(format!("{sq:?}"), sq.to_string());
    }
    let statuses = [
        Status::Ongoing,
        Status::Won(Seat::West),
        Status::DrawnByRepetition,
    ];
    for (i, status) in statuses.into_iter().enumerate() {
        assert_eq!(status.index(), i);
    }
}

/// Every spelling docs/ARCHITECTURE.md ("The vocabulary") says the core reads, derived
/// from the tables here (the spellings it refuses are in tests/vectors/vocabulary.json,
/// checked by tests/vectors.rs).
#[test]
fn the_documented_spellings_are_read() {
    for seat in Seat::ALL {
        let letter = seat.letter().to_string();
        for text in [
            letter.clone(),
            letter.to_uppercase(),
            seat.name().to_string(),
            seat.name().to_lowercase(),
            seat.name().to_uppercase(),
        ] {
            assert_eq!(text.parse::<Seat>(), Ok(seat), "{text:?}");
        }
        assert_eq!(Seat::from_letter(seat.letter()), Some(seat));
        assert_eq!(Seat::from_letter(seat.letter().to_ascii_uppercase()), None);
    }

    for kind in PieceKind::ALL {
        for text in [
            kind.to_string(),
            kind.name().to_string(),
            kind.name().to_lowercase(),
            kind.name().to_uppercase(),
        ] {
            assert_eq!(text.parse::<PieceKind>(), Ok(kind), "{text:?}");
        }
    }

    for seat in Seat::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(seat, kind);
            assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
        }
    }

    for ruleset in Ruleset::ALL {
        for text in [ruleset.name().to_string(), ruleset.name().to_uppercase()] {
            assert_eq!(text.parse::<Ruleset>(), Ok(ruleset), "{text:?}");
        }
    }
    assert!("Yo[n]o".parse::<Ruleset>().is_err());

    for status in [
        Status::Ongoing,
        Status::DrawnByRepetition,
        Status::Won(Seat::South),
        Status::Won(Seat::East),
    ] {
        let text = status.to_string();
        for text in [text.clone(), text.to_uppercase()] {
            assert_eq!(text.parse::<Status>(), Ok(status), "{text:?}");
        }
    }
    assert_eq!("won by e".parse::<Status>(), Ok(Status::Won(Seat::East)));

    for reason in EndReason::ALL {
        assert_eq!(reason.to_string().parse::<EndReason>(), Ok(reason));
        assert_eq!(
            reason.name().to_uppercase().parse::<EndReason>(),
            Ok(reason)
        );
    }
    for status in PromotionStatus::ALL {
        assert_eq!(status.to_string().parse::<PromotionStatus>(), Ok(status));
    }

    for sq in Square::ALL {
        assert_eq!(sq.name().parse::<Square>(), Ok(sq));
        assert!(sq.name().to_uppercase().parse::<Square>().is_err());
    }
}

#[test]
fn debug_reads_well() {
    let sq: Square = "5e".parse().unwrap();
    assert_eq!(format!("{sq:?}"), "5e");
    let mv: Move = "P*5e".parse().unwrap();
    assert_eq!(format!("{mv:?}"), "P*5e");
    assert_eq!(format!("{:?}", Some(mv)), "Some(P*5e)");
    let set = yono::SeatSet::EMPTY.with(Seat::East).with(Seat::West);
    assert_eq!(format!("{set:?}"), "{West, East}");
    let bb = yono::Bitboard::from_square(sq);
    assert_eq!(format!("{bb:?}"), "Bitboard{5e}");
    let mut pos =
        Position::from_text("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1").unwrap();
    assert_eq!(format!("{:?}", pos.reserve(Seat::North)), "Reserve(P)");
    let fallen = pos.play("5a5b".parse().unwrap()).unwrap();
    assert_eq!(format!("{fallen:?}"), "Eliminations[(North, 0)]");
    assert_eq!(
        format!("{:?}", yono::Eliminations::default()),
        "Eliminations[]"
    );
    let setup = pos.to_setup();
    assert_eq!(format!("{setup:?}"), format!("Setup({:?})", pos.text()));
    let game = yono::Game::from_position(pos.clone());
    assert_eq!(
        format!("{game:?}"),
        format!(
            "Game {{ start: {:?}, moves: [], status: Ongoing }}",
            pos.text()
        )
    );
}
