//! The cross-language vectors of `tests/vectors/` through the C signatures, and the
//! error-code table.

use super::*;
use serde_json::Value;
use std::path::PathBuf;
use std::ptr::{null, null_mut};

pub(crate) fn vectors(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text).unwrap();
    let list = v.as_array().unwrap().clone();
    assert!(!list.is_empty(), "{name} is empty");
    list
}

const SEAT_LETTERS: [char; 4] = ['s', 'w', 'n', 'e'];

fn status_name(pos: &Pos) -> &'static str {
    let mut gs = 99;
    assert_eq!(unsafe { yono_game_get_status(pos.0, &mut gs) }, YONO_STATUS_OK);
    match gs {
        YONO_GAME_ONGOING => "ongoing",
        YONO_GAME_WON => "won",
        YONO_GAME_DRAWN_BY_REPETITION => "drawn_by_repetition",
        _ => panic!("bad status {gs}"),
    }
}

fn winner_letter(pos: &Pos) -> Value {
    let mut w = 0;
    assert_eq!(unsafe { yono_game_winner(pos.0, &mut w) }, YONO_STATUS_OK);
    if w == YONO_SEAT_NONE {
        Value::Null
    } else {
        Value::String(SEAT_LETTERS[w as usize].to_string())
    }
}

#[test]
fn vector_positions() {
    for v in vectors("positions.json") {
        let name = v["name"].as_str().unwrap();
        let pos = Pos::from_text(v["position"].as_str().unwrap()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(pos.text(), v["position"].as_str().unwrap(), "{name}");
        let mut moves = pos.legal_moves();
        moves.sort();
        let expected: Vec<&str> = v["legal_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(moves, expected, "{name}: legal moves");
        assert_eq!(status_name(&pos), v["status"].as_str().unwrap(), "{name}");
        assert_eq!(winner_letter(&pos), v["winner"], "{name}: winner");
        for (letter, threats) in v["threats"].as_object().unwrap() {
            let seat = SEAT_LETTERS.iter().position(|c| c.to_string() == *letter).unwrap();
            let mut bits = 0;
            assert_eq!(unsafe { yono_game_threatened_by(pos.0, seat as u8, &mut bits) }, YONO_STATUS_OK);
            let got: String = (0..4).filter(|i| bits & (1 << i) != 0).map(|i| SEAT_LETTERS[i]).collect();
            assert_eq!(got, threats.as_str().unwrap(), "{name}: threats on {letter}");
        }
        for (depth, n) in v["perft"].as_array().unwrap().iter().enumerate() {
            let mut nodes = 0;
            assert_eq!(unsafe { yono_game_perft(pos.0, depth as u32 + 1, &mut nodes) }, YONO_STATUS_OK);
            assert_eq!(nodes, n.as_u64().unwrap(), "{name}: perft {}", depth + 1);
        }
    }
}

#[test]
fn vector_games() {
    for v in vectors("games.json") {
        let name = v["name"].as_str().unwrap();
        let pos = Pos::from_text(v["start"].as_str().unwrap()).unwrap();
        let moves = v["moves"].as_array().unwrap();
        for (i, mv) in moves.iter().enumerate() {
            let st = pos.play_text(mv.as_str().unwrap());
            assert_eq!(st, YONO_STATUS_OK, "{name}: move {i} {mv}: {}", last_message());
        }
        assert_eq!(pos.text(), v["final"].as_str().unwrap(), "{name}");
        assert_eq!(status_name(&pos), v["status"].as_str().unwrap(), "{name}");
        assert_eq!(winner_letter(&pos), v["winner"], "{name}");
        let mut reason = 0;
        assert_eq!(unsafe { yono_game_end_reason(pos.0, &mut reason) }, YONO_STATUS_OK);
        let reason = yono::EndReason::from_index(reason as usize).map(|r| r.to_string());
        assert_eq!(reason.as_deref(), v["end_reason"].as_str(), "{name}: end reason");
        let scores: Vec<Value> = (0..4u8)
            .map(|s| {
                let mut score = 0;
                assert_eq!(unsafe { yono_game_score(pos.0, s, &mut score) }, YONO_STATUS_OK);
                if score < 0 {
                    Value::Null
                } else {
                    Value::from(score)
                }
            })
            .collect();
        assert_eq!(Value::Array(scores), v["scores"], "{name}: scores");
        let mut count = 0;
        assert_eq!(unsafe { yono_game_history(pos.0, null_mut(), 0, &mut count) }, YONO_STATUS_OK);
        assert_eq!(count, moves.len());
        if status_name(&pos) != "ongoing" {
            assert_eq!(pos.play_text("pass"), YONO_STATUS_GAME_OVER, "{name}");
            assert!(pos.legal_moves().is_empty());
        }
        // Undo all the way back to the start.
        for _ in 0..moves.len() {
            assert_eq!(unsafe { yono_game_undo(pos.0, null_mut()) }, YONO_STATUS_OK);
        }
        assert_eq!(pos.text(), v["start"].as_str().unwrap(), "{name}: undo");
    }
}

#[test]
fn vector_bad_positions() {
    for v in vectors("bad_positions.json") {
        let text = v["text"].as_str().unwrap();
        let expected = v["error"].as_str().unwrap();
        if text.contains('\0') {
            // Not expressible as a C string: C sees only the part before the NUL.
            continue;
        }
        let mut out = null_mut();
        let ctext = c(text);
        let st = match v["format"].as_str() {
            Some("sfen") => unsafe { yono_game_from_sfen(ctext.as_ptr(), &mut out) },
            _ => unsafe { yono_game_from_text(ctext.as_ptr(), &mut out) },
        };
        assert_eq!(st, YONO_STATUS_PARSE_ERROR, "{text:?}");
        assert!(out.is_null());
        assert_eq!(last_code(), expected, "{text:?}: {}", last_message());
        assert!(!last_message().is_empty());
    }
}

#[test]
fn vector_bad_moves() {
    for v in vectors("bad_moves.json") {
        let pos = Pos::from_text(v["position"].as_str().unwrap()).unwrap();
        let before = pos.text();
        let mv = v["move"].as_str().unwrap();
        let expected = v["error"].as_str().unwrap();
        if mv.contains('\0') {
            // Not expressible as a C string: C sees only the part before the NUL.
            continue;
        }
        let st = pos.play_text(mv);
        let want = match expected {
            "malformed_move" => YONO_STATUS_PARSE_ERROR,
            "game_over" => YONO_STATUS_GAME_OVER,
            _ => YONO_STATUS_ILLEGAL_MOVE,
        };
        assert_eq!(st, want, "{mv:?}");
        assert_eq!(last_code(), expected, "{mv:?}: {}", last_message());
        assert_eq!(pos.text(), before, "{mv:?} changed the position");
        // The same through the struct API, for well-formed moves.
        let mut m = yono_move::default();
        let parsed = unsafe { yono_move_from_text(c(mv).as_ptr(), &mut m) };
        if expected == "malformed_move" {
            assert_eq!(parsed, YONO_STATUS_PARSE_ERROR);
        } else {
            assert_eq!(parsed, YONO_STATUS_OK);
            assert_eq!(unsafe { yono_game_check_move(pos.0, m) }, want, "{mv:?}");
            assert_eq!(last_code(), expected);
            assert_eq!(unsafe { yono_game_play(pos.0, m) }, want, "{mv:?}");
        }
    }
}

#[test]
fn every_move_code_round_trips_through_the_struct() {
    for code in 0..=u16::MAX {
        if let Some(mv) = Move::from_code(code) {
            let c_mv = Move::to_c(mv);
            assert_eq!(arg::<Move, _>(c_mv, "move").ok(), Some(mv));
            assert_eq!(move_text(c_mv), mv.to_string());
        }
    }
}

#[test]
fn panics_become_internal_errors() {
    assert_eq!(yono_selftest_internal_error(), YONO_STATUS_INTERNAL_ERROR);
    assert_eq!(last_code(), "internal_error");
    assert!(last_message().contains("deliberate panic"));
    // A later success clears it.
    let pos = Pos(yono_game_new());
    assert_eq!(pos.legal_moves().len(), 12);
    assert_eq!(last_code(), "");
}

#[test]
fn every_error_code_is_known() {
    // Codes handed to C must be among the static ones, never the "error" fallback.
    let parse = ["empty", "rank_count", "too_many_kings", "nifu", "king_capturable"];
    let moves = ["malformed_move", "king_threatened", "nifu_drop", "uchifuzume", "game_over"];
    for code in parse.iter().chain(&moves) {
        assert_eq!(code_cstr(code).to_str().unwrap(), *code);
    }
    let (bad_positions, bad_moves) = (vectors("bad_positions.json"), vectors("bad_moves.json"));
    for v in bad_positions.iter().chain(&bad_moves) {
        let code = v["error"].as_str().unwrap();
        assert_eq!(code_cstr(code).to_str().unwrap(), code);
    }
    assert_eq!(code_cstr("no_such_code").to_str().unwrap(), "error");
}

#[test]
fn errors_are_per_thread() {
    let pos = Pos(yono_game_new());
    assert_eq!(pos.play_text("pass"), YONO_STATUS_ILLEGAL_MOVE);
    std::thread::spawn(|| {
        assert_eq!(last_code(), "");
        assert_eq!(unsafe { yono_game_from_text(null(), null_mut()) }, YONO_STATUS_NULL_ARGUMENT);
        assert_eq!(last_code(), "null_argument");
    })
    .join()
    .unwrap();
    assert_eq!(last_code(), "pass_not_allowed");
}

#[test]
fn messages_with_nul_bytes_stay_c_strings() {
    set_last_error("empty", "a\0b");
    assert_eq!(last_message(), "a\\0b");
    clear_last_error();
    assert_eq!(last_message(), "");
}

/// Every code of the core and of the C API has its line in `error-codes.txt` (the
/// numbered list build.rs makes the C table of). `YONO_UPDATE_HEADER=1` appends the
/// missing ones (then rebuild and regenerate the header).
#[test]
fn error_code_list_is_complete() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("error-codes.txt");
    let mut current = std::fs::read_to_string(&path).unwrap_or_default();
    let listed: Vec<&str> = current
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // The built table is the list: same names, same numbers.
    assert_eq!(codes::ERROR_CODE_NAMES.len(), listed.len() + 1);
    for (n, name) in listed.iter().enumerate() {
        assert_eq!(codes::ERROR_CODE_NAMES[n + 1].to_bytes(), name.as_bytes());
    }
    let missing: Vec<&str> = FFI_CODES
        .iter()
        .chain(yono::ERROR_CODES)
        .copied()
        .filter(|code| !listed.contains(code))
        .collect();
    if std::env::var_os("YONO_UPDATE_HEADER").is_some_and(|v| v == "1") {
        for code in &missing {
            current.push_str(code);
            current.push('\n');
        }
        std::fs::write(&path, &current).expect("write error-codes.txt");
        return;
    }
    assert!(
        missing.is_empty(),
        "yono-ffi/error-codes.txt lacks {missing:?}: append them with \
         `YONO_UPDATE_HEADER=1 cargo test -p yono-ffi`, then regenerate the header \
         (the same command again)"
    );
}

#[test]
fn every_core_code_round_trips_through_c() {
    let mut numbers = std::collections::HashSet::new();
    for code in FFI_CODES.iter().chain(yono::ERROR_CODES) {
        let c_code = code_cstr(code);
        assert_eq!(c_code.to_bytes(), code.as_bytes(), "{code} has no C string");
        let n = code_number(c_code);
        assert!(n > 0 && numbers.insert(n), "{code} has no number of its own");
        assert_eq!(codes::from_number(n) as u32, n);
        // SAFETY: the library returns a valid NUL-terminated static string.
        let name = unsafe { CStr::from_ptr(yono_error_code_name(n)) };
        assert_eq!(name.to_bytes(), code.as_bytes());
    }
    // An error set through the C API reports the same code as a string and a number.
    let pos = yono_game_new();
    // SAFETY: a valid handle and a NUL-terminated string.
    let status = unsafe { yono_game_play_text(pos, c("5i4h").as_ptr()) };
    assert_eq!(status, YONO_STATUS_ILLEGAL_MOVE);
    let n = yono_last_error_code_number() as u32;
    let code = last_code();
    assert_eq!(code, "king_threatened");
    // SAFETY: as above.
    let name = unsafe { CStr::from_ptr(yono_error_code_name(n)) };
    assert_eq!(name.to_str().unwrap(), code);
    // SAFETY: the handle from yono_game_new, freed once.
    unsafe { yono_game_free(pos) };
}
