//! Whatever text comes in, the parsers answer with a typed error or a valid position,
//! never a panic; and whatever move comes in, a rejected one changes nothing.

use proptest::prelude::*;
use yono::{Move, Position, Setup};

#[test]
fn huge_and_odd_inputs_are_refused_cheaply() {
    let huge = "9/".repeat(500_000);
    assert_eq!(Position::from_text(&huge).unwrap_err().code(), "too_long");
    assert_eq!(Position::from_sfen(&huge).unwrap_err().code(), "too_long");
    assert!(Move::from_usi(&huge).is_err());
    assert!(Position::start().parse_move(&huge).is_err());
    for text in ["\0", "\u{feff}", "ｓ", "5g5f\n", "P*5e ", "٥g5f", "𝟓g5f"] {
        assert!(Move::from_usi(text).is_err(), "{text:?}");
        assert!(Position::from_text(text).is_err(), "{text:?}");
    }
}

#[test]
fn every_error_message_names_the_problem() {
    let err = Position::from_text("4nK4/9/9/9/wK7eK/9/9/9/4sK3 s -/-/-/- swne 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "board rank i: describes 8 squares, expected 9"
    );
    let err =
        Position::from_text("4nK4/9/4sP4/9/wK7eK/9/4sP4/9/4sK4 s -/-/-/- swne 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "South has two unpromoted Pawns on one line (5c and 5g)"
    );
    let err = Position::start().parse_move("5i4g").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move 5i4g: the piece on 5i cannot move to 4g"
    );
    // 4h is a King step, but East's Pawns guard it.
    let err = Position::start().parse_move("5i4h").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move 5i4h: the move leaves the King of the seat to move threatened"
    );
}

fn mutate(text: &str, at: usize, with: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if !chars.is_empty() {
        let i = at % chars.len();
        chars[i] = with;
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Ok(pos) = Position::from_text(&text) {
            prop_assert_eq!(Position::from_text(&pos.text()).unwrap(), pos);
        }
        let _ = Position::from_sfen(&text);
        let _ = Move::from_usi(&text);
        let _ = Position::start().parse_move(&text);
    }

    #[test]
    fn mutated_positions_parse_or_fail_cleanly(
        at in 0usize..200,
        with in prop::sample::select(vec!['s','w','n','e','K','R','B','G','S','N','L','P','+','/',' ','-','0','1','2','9','x']),
    ) {
        let text = mutate(yono::YONO_START, at, with);
        match Position::from_text(&text) {
            Ok(pos) => {
                prop_assert_eq!(&pos.text(), &text.parse::<Setup>().unwrap().to_string());
                prop_assert_eq!(pos.key(), pos.compute_key());
            }
            Err(e) => prop_assert!(!e.code().is_empty() && !e.to_string().is_empty()),
        }
    }

    #[test]
    fn move_text_round_trips(code in any::<u16>()) {
        if let Some(mv) = Move::from_code(code) {
            prop_assert_eq!(Move::from_usi(&mv.to_string()), Ok(mv));
            prop_assert_eq!(mv.code(), code);
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_through_text() {
    use yono::{Piece, PieceKind, Seat, Square};
    let pos = Position::start();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", pos.text()));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let mv = Move::from_usi("8h2b+").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"8h2b+\"");
    assert_eq!(
        serde_json::from_str::<Move>("\"P*5e\"")
            .unwrap()
            .to_string(),
        "P*5e"
    );
    let sq: Square = serde_json::from_str("\"5e\"").unwrap();
    assert_eq!(sq.to_string(), "5e");
    let piece: Piece = serde_json::from_str("\"n+R\"").unwrap();
    assert_eq!(piece, Piece::new(Seat::North, PieceKind::Dragon));
    assert_eq!(serde_json::to_string(&Seat::East).unwrap(), "\"East\"");
    assert_eq!(serde_json::from_str::<Seat>("\"e\"").unwrap(), Seat::East);
    assert!(serde_json::from_str::<Position>("\"9/9 s\"").is_err());
    assert!(serde_json::from_str::<Move>("\"5j5k\"").is_err());
}
