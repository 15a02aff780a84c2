//! The old names, kept for one release so that programs written against 0.1.0 still
//! compile and link: each is the new function under its old name (the names table is
//! in docs/ARCHITECTURE.md). `tests/c/test_deprecated.c` calls every one.
#![allow(deprecated)]

use std::ffi::c_char;

use crate::boundary::yono_status;
use crate::game::*;
use crate::record::*;
use crate::types::*;

/// The old name of yono_game_new().
#[deprecated(note = "use yono_game_new()")]
#[no_mangle]
pub extern "C" fn yono_position_new() -> *mut yono_position {
    yono_game_new()
}

/// The old name of yono_game_new_ruleset().
#[must_use]
#[deprecated(note = "use yono_game_new_ruleset()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_new_ruleset(ruleset: yono_ruleset, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_new_ruleset(ruleset, out) }
}

/// The old name of yono_game_from_text().
#[must_use]
#[deprecated(note = "use yono_game_from_text()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_from_text(text: *const c_char, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_from_text(text, out) }
}

/// The old name of yono_game_from_sfen().
#[must_use]
#[deprecated(note = "use yono_game_from_sfen()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_from_sfen(sfen: *const c_char, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_from_sfen(sfen, out) }
}

/// The old name of yono_game_clone().
#[must_use]
#[deprecated(note = "use yono_game_clone()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_clone(pos: *const yono_position, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_clone(pos, out) }
}

/// The old name of yono_game_clone().
#[must_use]
#[deprecated(note = "use yono_game_clone()")]
#[no_mangle]
pub unsafe extern "C" fn yono_game_snapshot(game: *const yono_game, out: *mut *mut yono_game) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_clone(game, out) }
}

/// The old name of yono_game_free().
#[deprecated(note = "use yono_game_free()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_free(pos: *mut yono_position) {
    // SAFETY: the same contract.
    unsafe { yono_game_free(pos) }
}

/// The old name of yono_game_ruleset().
#[must_use]
#[deprecated(note = "use yono_game_ruleset()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_ruleset(pos: *const yono_position, out: *mut yono_ruleset) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_ruleset(pos, out) }
}

/// The old name of yono_game_turn().
#[must_use]
#[deprecated(note = "use yono_game_turn()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_turn(pos: *const yono_position, out: *mut yono_seat) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_turn(pos, out) }
}

/// The old name of yono_game_seats_in_game().
#[must_use]
#[deprecated(note = "use yono_game_seats_in_game()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_seats_in_game(pos: *const yono_position, out: *mut yono_seat_set) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_seats_in_game(pos, out) }
}

/// The old name of yono_game_move_number().
#[must_use]
#[deprecated(note = "use yono_game_move_number()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_move_number(pos: *const yono_position, out: *mut u32) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_move_number(pos, out) }
}

/// The old name of yono_game_piece_at().
#[must_use]
#[deprecated(note = "use yono_game_piece_at()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_piece_at(pos: *const yono_position, square: u8, out: *mut yono_piece) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_piece_at(pos, square, out) }
}

/// The old name of yono_game_reserve_count().
#[must_use]
#[deprecated(note = "use yono_game_reserve_count()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_reserve_count(
    pos: *const yono_position,
    seat: yono_seat,
    kind: yono_piece_kind,
    out: *mut u8,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_reserve_count(pos, seat, kind, out) }
}

/// The old name of yono_game_threatened_by().
#[must_use]
#[deprecated(note = "use yono_game_threatened_by()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_threatened_by(pos: *const yono_position, seat: yono_seat, out: *mut yono_seat_set) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_threatened_by(pos, seat, out) }
}

/// The old name of yono_game_get_status().
#[must_use]
#[deprecated(note = "use yono_game_get_status()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_status(pos: *const yono_position, out: *mut yono_game_status) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_get_status(pos, out) }
}

/// The old name of yono_game_winner().
#[must_use]
#[deprecated(note = "use yono_game_winner()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_winner(pos: *const yono_position, out: *mut yono_seat) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_winner(pos, out) }
}

/// The old name of yono_game_score().
#[must_use]
#[deprecated(note = "use yono_game_score()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_score(pos: *const yono_position, seat: yono_seat, out: *mut i8) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_score(pos, seat, out) }
}

/// The old name of yono_game_is_out().
#[must_use]
#[deprecated(note = "use yono_game_is_out()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_is_out(pos: *const yono_position, seat: yono_seat, out: *mut u8) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_is_out(pos, seat, out) }
}

/// The old name of yono_game_legal_moves().
#[must_use]
#[deprecated(note = "use yono_game_legal_moves()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_legal_moves(
    pos: *const yono_position,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_legal_moves(pos, moves, capacity, count) }
}

/// The old name of yono_game_history().
#[must_use]
#[deprecated(note = "use yono_game_history()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_history(
    pos: *const yono_position,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_history(pos, moves, capacity, count) }
}

/// The old name of yono_game_check_move().
#[must_use]
#[deprecated(note = "use yono_game_check_move()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_check_move(pos: *const yono_position, mv: yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_check_move(pos, mv) }
}

/// The old name of yono_game_play().
#[must_use]
#[deprecated(note = "use yono_game_play()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_play(pos: *mut yono_position, mv: yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_play(pos, mv) }
}

/// The old name of yono_game_play_text().
#[must_use]
#[deprecated(note = "use yono_game_play_text()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_play_text(pos: *mut yono_position, text: *const c_char) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_play_text(pos, text) }
}

/// The old name of yono_game_undo().
#[must_use]
#[deprecated(note = "use yono_game_undo()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_undo(pos: *mut yono_position, undone: *mut yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_undo(pos, undone) }
}

/// The old name of yono_game_text().
#[must_use]
#[deprecated(note = "use yono_game_text()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_text(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_text(pos, buf, buf_len, needed) }
}

/// The old name of yono_game_sfen().
#[must_use]
#[deprecated(note = "use yono_game_sfen()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_sfen(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_sfen(pos, buf, buf_len, needed) }
}

/// The old name of yono_game_diagram().
#[must_use]
#[deprecated(note = "use yono_game_diagram()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_diagram(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_diagram(pos, buf, buf_len, needed) }
}

/// The old name of yono_game_perft().
#[must_use]
#[deprecated(note = "use yono_game_perft()")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_perft(pos: *const yono_position, depth: u32, out: *mut u64) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_game_perft(pos, depth, out) }
}

/// The old name of yono_record_from_game().
#[must_use]
#[deprecated(note = "use yono_record_from_game()")]
#[no_mangle]
pub unsafe extern "C" fn yono_record_from_position(pos: *const yono_position, out: *mut *mut yono_record) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_record_from_game(pos, out) }
}

/// The old name of yono_record_to_game().
#[must_use]
#[deprecated(note = "use yono_record_to_game()")]
#[no_mangle]
pub unsafe extern "C" fn yono_record_position(rec: *const yono_record, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_record_to_game(rec, out) }
}
