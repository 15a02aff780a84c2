//! Every spelling the core accepts works through the C functions that take text, and
//! nothing else does. Two sources of spellings: `tests/vectors/vocabulary.json` (every
//! spelling the core reads, and near misses it refuses, as the other bindings read
//! them), and candidates made here (each value's letter, symbol and name in lower, upper
//! and title case) that the core's `FromStr` and the C function must agree on. The C
//! numbers are pinned to the core's at compile time (`types.rs`); here the text.

use super::*;
use serde_json::Value;
use std::ffi::CString;
use yono::{Piece, PieceKind, Ruleset, Seat, Square};

/// A C function reading one vocabulary type into a byte.
type FromText = unsafe extern "C" fn(*const c_char, *mut u8) -> yono_status;
/// A C function writing one vocabulary type from a byte.
type ToText = unsafe extern "C" fn(u8, *mut c_char, usize, *mut usize) -> yono_status;

/// The C text functions of the vocabulary types that are one byte, by the type's name
/// in vocabulary.json.
const BYTE_TYPES: [(&str, FromText, ToText); 4] = [
    ("seat", yono_seat_from_text, yono_seat_to_text),
    ("piece_kind", yono_piece_kind_from_text, yono_piece_kind_to_text),
    ("ruleset", yono_ruleset_from_text, yono_ruleset_to_text),
    ("square", yono_square_from_text, yono_square_to_text),
];

fn vocabulary(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/vocabulary.json");
    let all: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    all.as_array()
        .unwrap()
        .iter()
        .find(|t| t["type"] == name)
        .unwrap_or_else(|| panic!("vocabulary.json has no {name}"))
        .clone()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// Reads `text` through C: the status and the byte written (200 if none).
fn read(from_text: FromText, text: &str) -> (yono_status, u8) {
    let mut out = 200;
    let st = unsafe { from_text(CString::new(text).unwrap().as_ptr(), &mut out) };
    (st, out)
}

fn assert_refused(status: yono_status, out: u8, text: &str) {
    assert_eq!(status, YONO_STATUS_PARSE_ERROR, "{text:?} accepted by C");
    assert_eq!(last_code(), "unknown_name", "{text:?}");
    assert!(!last_message().is_empty());
    assert_eq!(out, 200, "{text:?}: a refused text wrote something");
}

#[test]
fn every_spelling_of_the_vectors_reads_through_c() {
    for (name, from_text, to_text) in BYTE_TYPES {
        let vocab = vocabulary(name);
        let values = vocab["values"].as_array().unwrap();
        assert!(!values.is_empty());
        for value in values {
            let number = value["number"].as_u64().unwrap() as u8;
            for text in strings(&value["spellings"]) {
                let (status, out) = read(from_text, &text);
                assert_eq!(status, YONO_STATUS_OK, "{name} {text:?}: {}", last_message());
                assert_eq!(out, number, "{name} {text:?}");
            }
            let written = read_text(|buf, len, needed| unsafe { to_text(number, buf, len, needed) });
            assert_eq!(written, value["text"].as_str().unwrap(), "{name} {number}");
        }
        for text in strings(&vocab["rejected"]) {
            let (status, out) = read(from_text, &text);
            assert_refused(status, out, &text);
        }
        // One past the last number names nothing.
        let mut need = 0;
        let past = values.len() as u8;
        assert_eq!(
            unsafe { to_text(past, null_mut(), 0, &mut need) },
            YONO_STATUS_INVALID_ARGUMENT,
            "{name} {past}"
        );
    }
    let pieces = vocabulary("piece");
    for value in pieces["values"].as_array().unwrap() {
        for text in strings(&value["spellings"]) {
            let mut piece = yono_piece { seat: 9, kind: 9 };
            let st = unsafe { yono_piece_from_text(c(&text).as_ptr(), &mut piece) };
            assert_eq!(st, YONO_STATUS_OK, "{text:?}");
            let written = read_text(|buf, len, needed| unsafe { yono_piece_to_text(piece, buf, len, needed) });
            assert_eq!(written, value["text"].as_str().unwrap());
        }
    }
    for text in strings(&pieces["rejected"]) {
        let mut piece = yono_piece { seat: 9, kind: 9 };
        let st = unsafe { yono_piece_from_text(c(&text).as_ptr(), &mut piece) };
        assert_eq!((st, piece.seat), (YONO_STATUS_PARSE_ERROR, 9), "{text:?}");
    }
}

/// The spelling in lower, upper and title case, and as given.
fn cases(s: &str) -> Vec<String> {
    let mut title = s.to_ascii_lowercase();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    vec![s.to_string(), s.to_ascii_lowercase(), s.to_ascii_uppercase(), title]
}

/// Near misses that no vocabulary reads.
const NEAR_MISSES: [&str; 9] = ["", " ", "x", "+", "++R", "South ", " s", "5j", "yonoshogi"];

/// The candidates for the byte types: each value's text, letter and name in every case.
fn candidates(name: &str) -> Vec<String> {
    let mut spellings: Vec<String> = NEAR_MISSES.iter().map(|s| s.to_string()).collect();
    let mut add = |s: String| spellings.extend(cases(&s));
    match name {
        "seat" => Seat::ALL.iter().for_each(|s| {
            add(s.letter().to_string());
            add(s.name().to_string());
        }),
        "piece_kind" => PieceKind::ALL.iter().for_each(|k| {
            add(k.to_string());
            add(k.letter().to_string());
            add(format!("+{}", k.letter()));
            add(k.name().to_string());
        }),
        "ruleset" => Ruleset::ALL.iter().for_each(|r| add(r.to_string())),
        "square" => Square::ALL.iter().for_each(|s| add(s.to_string())),
        _ => unreachable!(),
    }
    spellings
}

/// The core's reading of `text` as the type called `name`, as its number.
fn core_reading(name: &str, text: &str) -> Option<u8> {
    let n = match name {
        "seat" => text.parse::<Seat>().ok()?.index(),
        "piece_kind" => text.parse::<PieceKind>().ok()?.index(),
        "ruleset" => text.parse::<Ruleset>().ok()?.index(),
        "square" => text.parse::<Square>().ok()?.index(),
        _ => unreachable!(),
    };
    Some(n as u8)
}

#[test]
fn c_reads_exactly_what_the_core_reads() {
    for (name, from_text, _) in BYTE_TYPES {
        let mut accepted = 0;
        for text in candidates(name) {
            let (status, out) = read(from_text, &text);
            match core_reading(name, &text) {
                Some(n) => {
                    assert_eq!((status, out), (YONO_STATUS_OK, n), "{name} {text:?}");
                    accepted += 1;
                }
                None => assert_refused(status, out, &text),
            }
        }
        assert!(accepted > 0, "{name}: no candidate accepted");
    }
    for seat in Seat::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(seat, kind);
            for text in cases(&piece.to_string()) {
                let mut out = yono_piece { seat: 9, kind: 9 };
                let st = unsafe { yono_piece_from_text(c(&text).as_ptr(), &mut out) };
                match text.parse::<Piece>() {
                    Ok(p) => assert_eq!((st, out), (YONO_STATUS_OK, p.to_c()), "{text:?}"),
                    Err(_) => assert_eq!(st, YONO_STATUS_PARSE_ERROR, "{text:?}"),
                }
            }
        }
    }
}

#[test]
fn moves_read_as_the_core_reads_them() {
    let mut spellings: Vec<String> = (0..=u16::MAX).filter_map(Move::from_code).map(|m| m.to_string()).collect();
    spellings.extend(["PASS", "Pass", "p*5e", "7g7f+ ", "7g7g", "R*5e+"].map(String::from));
    for text in &spellings {
        let mut out = yono_move::default();
        let status = unsafe { yono_move_from_text(c(text).as_ptr(), &mut out) };
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
    for (to_text, n) in [
        (BYTE_TYPES[0].2, YONO_SEAT_NONE),
        (BYTE_TYPES[1].2, YONO_PIECE_NONE),
        (BYTE_TYPES[3].2, YONO_SQUARE_NONE),
    ] {
        let mut need = 0;
        assert_eq!(unsafe { to_text(n, null_mut(), 0, &mut need) }, YONO_STATUS_INVALID_ARGUMENT);
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

#[test]
fn a_number_out_of_range_is_named_with_its_range() {
    use crate::boundary::Fail;
    use crate::convert::arg;
    use crate::types::{YONO_SEAT_NONE, YONO_SQUARE_NONE};
    let message = |r: Result<(), Fail>| r.unwrap_err().message;
    assert_eq!(message(arg::<Seat, _>(4u8, "seat").map(drop)), "seat 4 is not a seat (0 to 3)");
    assert_eq!(
        message(arg::<PieceKind, _>(14u8, "kind").map(drop)),
        "kind 14 is not a piece kind (0 to 13)"
    );
    assert_eq!(
        message(arg::<Ruleset, _>(2u8, "ruleset").map(drop)),
        "ruleset 2 is not a ruleset (0 Yo[n]o, 1 Shogi)"
    );
    assert_eq!(
        message(arg::<Square, _>(81u8, "square").map(drop)),
        "square 81 is not a square (0 to 80)"
    );
    // The NONE-able forms: NONE is none, any other number is read as above.
    assert_eq!(
        message(arg::<Option<Seat>, _>(7u8, "seat").map(drop)),
        "seat 7 is not a seat (0 to 3)"
    );
    assert!(matches!(arg::<Option<Seat>, _>(YONO_SEAT_NONE, "seat"), Ok(None)));
    assert!(matches!(arg::<Option<Square>, _>(YONO_SQUARE_NONE, "square"), Ok(None)));
    assert!(matches!(arg::<Option<Square>, _>(80u8, "square"), Ok(Some(sq)) if sq.index() == 80));
}
