//! The boundary's promises: a handle of one type passed as another is an error, not
//! undefined behaviour; versioned structs refuse sizes no version has; every function
//! clears the last error.

use super::*;
use crate::boundary::Versioned;
use std::path::{Path, PathBuf};
use std::ptr::null;

fn new_record() -> *mut yono_record {
    let game = Pos(yono_game_new());
    let mut rec = null_mut();
    assert_eq!(unsafe { yono_record_from_game(game.0, &mut rec) }, YONO_STATUS_OK);
    rec
}

fn new_engine() -> *mut yono_engine {
    let mut engine = null_mut();
    assert_eq!(unsafe { yono_engine_new(null(), &mut engine) }, YONO_STATUS_OK);
    engine
}

#[test]
fn a_handle_of_another_type_is_refused() {
    let game = Pos(yono_game_new());
    let rec = new_record();
    let engine = new_engine();
    let mut turn = 9;
    // A record and an engine where a game belongs.
    for wrong in [rec.cast::<yono_game>(), engine.cast::<yono_game>()] {
        assert_eq!(unsafe { yono_game_turn(wrong, &mut turn) }, YONO_STATUS_INVALID_ARGUMENT);
        assert_eq!(last_code(), "wrong_handle_type");
        assert_eq!(
            unsafe { yono_game_play_text(wrong, c("5g5f").as_ptr()) },
            YONO_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(last_code(), "wrong_handle_type");
    }
    assert_eq!(turn, 9, "nothing written");
    assert!(last_message().contains("yono_engine handle was passed as a yono_game"));
    // A game where a record or an engine belongs.
    let mut n = 0;
    assert_eq!(
        unsafe { yono_record_ply_count(game.0.cast(), &mut n) },
        YONO_STATUS_INVALID_ARGUMENT
    );
    assert!(last_message().contains("yono_game handle was passed as a yono_record"));
    assert_eq!(unsafe { yono_engine_stop(game.0.cast()) }, YONO_STATUS_INVALID_ARGUMENT);
    assert_eq!(last_code(), "wrong_handle_type");
    // Freeing through the wrong function frees nothing and says so.
    unsafe { yono_game_free(rec.cast()) };
    assert_eq!(last_code(), "wrong_handle_type");
    assert_eq!(unsafe { yono_record_ply_count(rec, &mut n) }, YONO_STATUS_OK);
    unsafe { yono_record_free(game.0.cast()) };
    assert_eq!(last_code(), "wrong_handle_type");
    assert_eq!(game.legal_moves().len(), 12, "the game is still alive");
    unsafe { yono_record_free(rec) };
    assert_eq!(last_code(), "");
    unsafe { yono_engine_free(engine) };
    assert_eq!(last_code(), "");
}

#[test]
fn versioned_structs_refuse_unknown_sizes() {
    assert_eq!(yono_svg_options::SIZES.last(), Some(&std::mem::size_of::<yono_svg_options>()));
    let game = Pos(yono_game_new());
    let engine = new_engine();
    let mut limits = yono_search_limits {
        size: std::mem::size_of::<yono_search_limits>(),
        nodes: 200,
        depth: 0,
        time_seconds: 0.0,
    };
    let good_result = std::mem::size_of::<yono_search_result>();
    let mut result: yono_search_result = unsafe { std::mem::zeroed() };
    // `l->size = sizeof l`: the size of a pointer.
    for bad in [0, 8, std::mem::size_of::<yono_search_limits>() + 8] {
        limits.size = bad;
        result.size = good_result;
        let st = unsafe { yono_engine_search(engine, game.0, &limits, &mut result) };
        assert_eq!(st, YONO_STATUS_INVALID_ARGUMENT, "limits.size {bad}");
        assert!(last_message().contains("yono_search_limits"), "{}", last_message());
        assert_eq!(result.nodes, 0, "nothing searched, nothing written");
    }
    limits.size = std::mem::size_of::<yono_search_limits>();
    for bad in [8, 16, good_result - 8] {
        result.size = bad;
        let st = unsafe { yono_engine_search(engine, game.0, &limits, &mut result) };
        assert_eq!(st, YONO_STATUS_INVALID_ARGUMENT, "result.size {bad}");
        assert!(last_message().contains("yono_search_result"));
        assert_eq!(result.nodes, 0);
    }
    let mut options: yono_engine_options = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { yono_engine_options_default(&mut options) }, YONO_STATUS_OK);
    options.size = 8;
    let mut other = null_mut();
    assert_eq!(unsafe { yono_engine_new(&options, &mut other) }, YONO_STATUS_INVALID_ARGUMENT);
    assert!(other.is_null());
    // The right sizes work.
    result.size = good_result;
    assert_eq!(
        unsafe { yono_engine_search(engine, game.0, &limits, &mut result) },
        YONO_STATUS_OK,
        "{}",
        last_message()
    );
    assert!(result.nodes > 0 && result.size == good_result);
    unsafe { yono_engine_free(engine) };
}

/// The body of each exported function, by name, from the crate's sources.
fn exported_functions() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut functions = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices("extern \"C\" fn yono_") {
            let rest = &text[at + "extern \"C\" fn ".len()..];
            let name = rest[..rest.find('(').unwrap()].to_string();
            // rustfmt puts the closing brace of an item at column 0.
            let (open, end) = (rest.find('{').unwrap(), rest.find("\n}\n").unwrap());
            functions.push((name, rest[open..end].to_string()));
        }
    }
    functions
}

#[test]
fn every_function_clears_the_last_error() {
    // What an exported function may start with: the boundary's guards, the helpers
    // built on them, or another exported function (the old names).
    const ENTRIES: [&str; 14] = [
        "guard(",
        "guard_value(",
        "query(",
        "query_text(",
        "query_versioned(",
        "moves_query(",
        "play_with(",
        "step(",
        "change(",
        "from_text::<",
        "to_text(",
        "of_kind(",
        "free_handle(",
        "yono_",
    ];
    const READERS: [&str; 3] = ["yono_last_error_message", "yono_last_error_code", "yono_last_error_code_number"];
    let functions = exported_functions();
    assert!(functions.len() > 100, "{}", functions.len());
    for (name, body) in &functions {
        if READERS.contains(&name.as_str()) {
            continue;
        }
        let first = body
            .lines()
            .skip(1)
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//") && *l != "unsafe {")
            .unwrap_or("");
        assert!(
            ENTRIES.iter().any(|e| first.contains(e)) || first.starts_with("let mut out"),
            "{name} does not start at the boundary: {first:?}"
        );
    }
    // And behaviourally, for the functions that return a value instead of a status.
    let fail = || {
        assert_eq!(unsafe { yono_game_from_text(null(), null_mut()) }, YONO_STATUS_NULL_ARGUMENT);
        assert_eq!(last_code(), "null_argument");
    };
    fail();
    yono_version();
    assert_eq!(last_code(), "");
    fail();
    yono_version_number();
    assert_eq!(last_code(), "");
    fail();
    yono_version_compatible(0);
    assert_eq!(last_code(), "");
    fail();
    yono_status_name(3);
    assert_eq!(last_code(), "");
    fail();
    yono_error_code_name(3);
    assert_eq!(last_code(), "");
    fail();
    unsafe { yono_game_free(null_mut()) };
    assert_eq!(last_code(), "");
    fail();
    let game = yono_game_new();
    assert_eq!(last_code(), "");
    unsafe { yono_game_free(game) };
    // The readers keep it.
    fail();
    yono_last_error_message();
    yono_last_error_code_number();
    assert_eq!(last_code(), "null_argument");
}

#[test]
fn status_names_are_the_enum() {
    for (n, name) in [
        (YONO_STATUS_OK, "YONO_STATUS_OK"),
        (YONO_STATUS_NOTHING_TO_UNDO, "YONO_STATUS_NOTHING_TO_UNDO"),
    ] {
        let got = unsafe { CStr::from_ptr(yono_status_name(n as i32)) };
        assert_eq!(got.to_str().unwrap(), name);
    }
    for bad in [-1, 10, i32::MAX] {
        let got = unsafe { CStr::from_ptr(yono_status_name(bad)) };
        assert_eq!(got.to_str().unwrap(), "YONO_STATUS_UNKNOWN");
    }
}
