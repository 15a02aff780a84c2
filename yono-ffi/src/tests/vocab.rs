//! Every spelling the core accepts works through the C functions that take text, and
//! nothing else does: for each vocabulary type, candidate spellings (each value's
//! letter, symbol and name in lower, upper and title case, and near misses) are read
//! by the core's `FromStr` and by the C function, which must agree. The C numbers are
//! pinned to the core's at compile time (`types.rs`); here the text.

use super::*;
use std::ffi::CString;
use yono::{Piece, PieceKind, Ruleset, Seat, Square};

/// The spelling in lower, upper and title case, and as given.
fn cases(s: &str) -> Vec<String> {
    let mut title = s.to_ascii_lowercase();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    vec![
        s.to_string(),
        s.to_ascii_lowercase(),
        s.to_ascii_uppercase(),
        title,
    ]
}

/// Near misses that no vocabulary reads.
const NEAR_MISSES: [&str; 9] = ["", " ", "x", "+", "++R", "South ", " s", "5j", "yonoshogi"];

/// Reads every candidate with the core and through C (`from_text`), and checks that
/// they agree; returns how many the core accepted.
fn agree<T: std::str::FromStr + PartialEq + std::fmt::Debug, C: Copy>(
    candidates: &[String],
    init: C,
    from_text: unsafe extern "C" fn(*const c_char, *mut C) -> yono_status,
    to_core: impl Fn(C) -> T,
) -> usize {
    let mut accepted = 0;
    for text in candidates {
        let mut out = init;
        let status = unsafe { from_text(CString::new(text.as_str()).unwrap().as_ptr(), &mut out) };
        match text.parse::<T>() {
            Ok(value) => {
                assert_eq!(status, YONO_STATUS_OK, "{text:?}: {}", last_message());
                assert_eq!(to_core(out), value, "{text:?}");
                accepted += 1;
            }
            Err(_) => {
                assert_eq!(
                    status, YONO_STATUS_PARSE_ERROR,
                    "{text:?} accepted by C only"
                );
                assert_eq!(last_code(), "unknown_name", "{text:?}");
                assert!(!last_message().is_empty());
            }
        }
    }
    accepted
}

fn with_near_misses(mut spellings: Vec<String>) -> Vec<String> {
    spellings.extend(NEAR_MISSES.iter().map(|s| s.to_string()));
    spellings
}

#[test]
fn seats_read_as_the_core_reads_them() {
    let mut spellings = Vec::new();
    for seat in Seat::ALL {
        for s in [
            seat.char().to_string(),
            seat.name().to_string(),
            seat.to_string(),
        ] {
            spellings.extend(cases(&s));
        }
    }
    let accepted = agree(
        &with_near_misses(spellings),
        0,
        yono_seat_from_text,
        |c: yono_seat| Seat::from_index(c as usize).expect("a seat"),
    );
    // At least the letters and the names, in every case the core allows.
    assert!(accepted >= 4 * 2, "{accepted}");
    for (c, seat) in crate::types::SEATS {
        let text = read_text(|buf, len, needed| unsafe { yono_seat_to_text(c, buf, len, needed) });
        assert_eq!(text, seat.to_string());
    }
}

#[test]
fn piece_kinds_read_as_the_core_reads_them() {
    let mut spellings = Vec::new();
    for kind in PieceKind::ALL {
        let letter = kind.letter().to_string();
        for s in [
            kind.to_string(),
            letter.clone(),
            format!("+{letter}"),
            kind.name().to_string(),
        ] {
            spellings.extend(cases(&s));
        }
    }
    let accepted = agree(
        &with_near_misses(spellings),
        0,
        yono_piece_kind_from_text,
        |c: u8| PieceKind::from_index(c as usize).expect("a kind"),
    );
    assert!(accepted >= PieceKind::ALL.len(), "{accepted}");
    for (c, kind) in crate::types::KINDS {
        let text =
            read_text(|buf, len, needed| unsafe { yono_piece_kind_to_text(c, buf, len, needed) });
        assert_eq!(text, kind.to_string());
    }
}

#[test]
fn pieces_read_as_the_core_reads_them() {
    let mut spellings = Vec::new();
    for seat in Seat::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(seat, kind);
            spellings.extend(cases(&piece.to_string()));
            spellings.push(format!("{}{}", seat.name(), kind));
        }
    }
    let accepted = agree(
        &with_near_misses(spellings),
        yono_piece { seat: 0, kind: 0 },
        yono_piece_from_text,
        |c: yono_piece| {
            Piece::new(
                Seat::from_index(c.seat as usize).expect("a seat"),
                PieceKind::from_index(c.kind as usize).expect("a kind"),
            )
        },
    );
    assert!(accepted >= 4 * 14, "{accepted}");
    let dragon = yono_piece {
        seat: YONO_SEAT_NORTH,
        kind: YONO_PIECE_DRAGON,
    };
    let text =
        read_text(|buf, len, needed| unsafe { yono_piece_to_text(dragon, buf, len, needed) });
    assert_eq!(text, "n+R");
}

#[test]
fn squares_read_as_the_core_reads_them() {
    let mut spellings = Vec::new();
    for sq in Square::all() {
        spellings.extend(cases(&sq.to_string()));
    }
    let accepted = agree(
        &with_near_misses(spellings),
        0,
        yono_square_from_text,
        |c: u8| Square::from_index(c as usize).expect("a square"),
    );
    assert!(accepted >= 81, "{accepted}");
    for sq in Square::all() {
        let n = sq.index() as u8;
        let text =
            read_text(|buf, len, needed| unsafe { yono_square_to_text(n, buf, len, needed) });
        assert_eq!(text, sq.to_string());
    }
}

#[test]
fn rulesets_read_as_the_core_reads_them() {
    let mut spellings = Vec::new();
    for (_, ruleset) in crate::types::RULESETS {
        spellings.extend(cases(&ruleset.to_string()));
    }
    let accepted = agree(
        &with_near_misses(spellings),
        0,
        yono_ruleset_from_text,
        |c: u8| match c {
            YONO_RULESET_YONO => Ruleset::Yono,
            YONO_RULESET_SHOGI => Ruleset::Shogi,
            _ => panic!("not a ruleset: {c}"),
        },
    );
    assert!(accepted >= 2, "{accepted}");
    for (c, ruleset) in crate::types::RULESETS {
        let text =
            read_text(|buf, len, needed| unsafe { yono_ruleset_to_text(c, buf, len, needed) });
        assert_eq!(text, ruleset.to_string());
    }
}

#[test]
fn moves_read_as_the_core_reads_them() {
    let mut spellings: Vec<String> = (0..=u16::MAX)
        .filter_map(Move::from_code)
        .map(|m| m.to_string())
        .collect();
    spellings.extend(["PASS", "Pass", "p*5e", "7g7f+ ", "7g7g", "R*5e+"].map(String::from));
    for text in &spellings {
        let mut out = yono_move::default();
        let status =
            unsafe { yono_move_from_text(CString::new(text.as_str()).unwrap().as_ptr(), &mut out) };
        match text.parse::<Move>() {
            Ok(mv) => {
                assert_eq!(status, YONO_STATUS_OK, "{text:?}");
                assert_eq!(arg::<Move, _>(out, "move").ok(), Some(mv));
            }
            Err(_) => {
                assert_eq!(status, YONO_STATUS_PARSE_ERROR, "{text:?}");
                assert_eq!(last_code(), "malformed_move");
            }
        }
    }
}

#[test]
fn numbers_that_name_nothing_are_refused_in_text() {
    type ToText = unsafe extern "C" fn(u8, *mut c_char, usize, *mut usize) -> yono_status;
    let cases: [(ToText, u8); 5] = [
        (yono_seat_to_text, 4),
        (yono_seat_to_text, YONO_SEAT_NONE),
        (yono_piece_kind_to_text, 14),
        (yono_square_to_text, 81),
        (yono_ruleset_to_text, 2),
    ];
    for (to_text, n) in cases {
        let mut need = 0;
        assert_eq!(
            unsafe { to_text(n, null_mut(), 0, &mut need) },
            YONO_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(last_code(), "invalid_argument", "{n}");
        assert_eq!(need, 0, "a failed call changes nothing");
    }
    let mut seat = 7;
    assert_eq!(
        unsafe { yono_seat_from_text(std::ptr::null(), &mut seat) },
        YONO_STATUS_NULL_ARGUMENT
    );
    assert_eq!(seat, 7, "a failed call changes nothing");
}
