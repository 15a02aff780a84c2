//! Edges of the position-text reader (issue 13): one rule for numbers, Shogi's seats
//! field, and a sensible message for a doubled space.

use yono::{ParseError, Position, PositionError, Setup, SHOGI_START, YONO_START};

#[test]
fn numbers_never_start_with_zero_anywhere() {
    // The move number and reserve counts follow the same rule: the writer's form only.
    let text = YONO_START.replace(" swne 1", " swne 01");
    let err = text.parse::<Setup>().unwrap_err();
    assert_eq!(err, ParseError::MoveNumber("01".into()));
    assert_eq!(err.code(), "move_number");
    let sfen = "8k/9/9/9/9/9/9/9/K8 b 01P 1";
    assert_eq!(Setup::from_sfen(sfen).unwrap_err().code(), "reserve");
    let held = YONO_START.replace("-/-/-/-", "01P/-/-/-");
    assert_eq!(held.parse::<Setup>().unwrap_err().code(), "reserve");
    // Without the zero both are fine.
    assert!(YONO_START
        .replace(" swne 1", " swne 10")
        .parse::<Setup>()
        .is_ok());
    assert!(Setup::from_sfen("8k/9/9/9/9/9/9/9/K8 b P 10").is_ok());
}

#[test]
fn a_score_in_the_shogi_seats_field_is_refused() {
    assert!(Position::from_text(SHOGI_START).is_ok());
    for seats in ["0-n-", "s-0-", "1-n-"] {
        let text = SHOGI_START.replace("s-n-", seats);
        let err = Position::from_text(&text).unwrap_err();
        assert_eq!(err, PositionError::NoRuleset.into(), "{seats}");
        assert!(err.to_string().contains("s-n-"), "{err}");
    }
}

#[test]
fn a_doubled_space_is_named_as_such() {
    let text = YONO_START.replacen(' ', "  ", 1);
    let err = text.parse::<Setup>().unwrap_err();
    assert_eq!(err, ParseError::FieldSeparator { after: 1 });
    assert_eq!(err.code(), "field_count");
    let message = err.to_string();
    assert!(
        message.contains("single spaces") && !message.contains("found 5"),
        "{message}"
    );
    // A missing field is still a count.
    let short = YONO_START.rsplit_once(' ').unwrap().0;
    assert_eq!(
        short.parse::<Setup>().unwrap_err(),
        ParseError::FieldCount {
            expected: 5,
            found: 4
        }
    );
}
