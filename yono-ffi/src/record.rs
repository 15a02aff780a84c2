//! `yono_record`, a game record (the core's `GameRecord`): loading and saving, its
//! metadata and comments, continuing it, and the game it holds.

use std::ffi::c_char;

use yono::GameRecord;

use crate::boundary::{
    free_handle, guard, make_handle, opt_text_arg, query, query_text, store_if, text_arg, try_mut, try_ref, yono_status, Castable, Fail,
    HandleType, Res,
};
use crate::convert::arg;
use crate::game::{yono_game, yono_position};
use crate::types::yono_move;

/// A game record: a game (start position and moves) with metadata (event, date,
/// player names, ...) and a comment per move, saved and loaded in the text form of
/// docs/RECORDS.md.
///
/// Opaque. Create with yono_record_load() or yono_record_from_game(); destroy with
/// yono_record_free(). Threads: as yono_game (const calls may overlap). Another handle
/// type passed as a yono_record is detected (code "wrong_handle_type").
pub struct yono_record {
    _opaque: [u8; 0],
}

impl Castable for yono_record {
    type RustType = GameRecord;
    const TYPE: HandleType = HandleType::Record;
}

/// Changes a record, the shape of every function that does.
///
/// # Safety
/// `rec` is NULL or a live handle used by this call alone.
unsafe fn change(rec: *mut yono_record, f: impl FnOnce(&mut GameRecord) -> Res) -> yono_status {
    // SAFETY: per the contract.
    guard(|| f(unsafe { try_mut(rec) }?))
}

/// Reads a game record into a new handle in `*out`, replaying and checking every
/// move, and the stated results against the replay. The text form and the JSON form
/// (text starting with "{" after white space) are both read, also after a UTF-8
/// byte-order mark (as editors on Windows save files).
///
/// `bad_ply` may be NULL; otherwise it receives the number (from 1) of the first bad
/// move when the error is "record_bad_move", else 0.
/// Ownership: `text` stays the caller's. On YONO_STATUS_OK the caller owns `*out` and
/// must release it with yono_record_free(); on failure `*out` is set to NULL.
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (the code, one of
/// the "record_..." codes, says what; the message says where, e.g. "move 7 (line 12):
/// ...").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_load(text: *const c_char, out: *mut *mut yono_record, bad_ply: *mut usize) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        unsafe { store_if(bad_ply, 0) };
        // SAFETY: per the contract.
        unsafe {
            make_handle(out, || {
                let text = text_arg(text, "text")?;
                // The core skips a byte-order mark itself; the form is told after it.
                let body = text.strip_prefix('\u{feff}').unwrap_or(text);
                let parsed = match body.trim_start().starts_with('{') {
                    true => GameRecord::from_json(text),
                    false => GameRecord::from_text(text),
                };
                parsed.map_err(|e| {
                    store_if(bad_ply, e.ply().unwrap_or(0));
                    Fail::from(e)
                })
            })
        }
    })
}

/// A new record of the game `game` (its start position and every move played),
/// without metadata or comments, stored in `*out`.
/// Ownership: as yono_record_load().
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_from_game(game: *const yono_game, out: *mut *mut yono_record) -> yono_status {
    // SAFETY: per the contract.
    guard(|| unsafe { make_handle(out, || Ok(GameRecord::from_game(try_ref(game)?.clone()))) })
}

/// Releases a record. NULL is allowed and does nothing, and so does a handle of
/// another type (with the last error set to "wrong_handle_type").
#[no_mangle]
pub unsafe extern "C" fn yono_record_free(rec: *mut yono_record) {
    // SAFETY: NULL or a live handle, freed once, per the contract.
    unsafe { free_handle(rec) }
}

/// Writes the record in its text form into `buf` (buffer rules of
/// yono_game_text()). yono_record_load() of this text gives an equal record.
/// Errors: as yono_game_text() (with rec for game).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_save(rec: *const yono_record, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query_text(rec, buf, buf_len, needed, |r| Ok(r.to_text())) }
}

/// Writes the record in its JSON form (the machine form of docs/RECORDS.md) into `buf`
/// (buffer rules of yono_game_text()). yono_record_load() of this text gives an
/// equal record.
/// Errors: as yono_game_text() (with rec for game).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_save_json(
    rec: *const yono_record,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query_text(rec, buf, buf_len, needed, |r| Ok(r.to_json())) }
}

/// Sets metadata `key` to `value` (trimmed; one line, at most 1024 bytes), or removes
/// it when `value` is NULL. Keys are lower-case ASCII letters, digits, '_' and '-',
/// starting with a letter: "event", "site", "date", "round", "south", "west",
/// "north", "east", ...
/// Errors: NULL_ARGUMENT (rec, key), INVALID_UTF8, INVALID_ARGUMENT (code
/// "record_bad_key" or "record_bad_value").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_set_meta(rec: *mut yono_record, key: *const c_char, value: *const c_char) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        change(rec, |r| {
            let key = text_arg(key, "key")?;
            match opt_text_arg(value, "value")? {
                None => drop(r.remove_meta(key)),
                Some(value) => r.set_meta(key, value)?,
            }
            Ok(())
        })
    }
}

/// Writes metadata `key`'s value into `buf` (buffer rules of yono_game_text()).
/// Errors: as yono_game_text() (with rec for game), NULL_ARGUMENT (key),
/// INVALID_UTF8, INVALID_ARGUMENT: code "record_no_such_key" for a key the record does
/// not have, "record_bad_key" for one no record can hold (malformed, or reserved such
/// as "status"), so a caller can tell "not set" from "never valid".
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta(
    rec: *const yono_record,
    key: *const c_char,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query_text(rec, buf, buf_len, needed, |r| {
            let key = text_arg(key, "key")?;
            r.try_meta(key)?.ok_or_else(|| {
                Fail::new(
                    yono_status::YONO_STATUS_INVALID_ARGUMENT,
                    "record_no_such_key",
                    format!("the record has no metadata {key:?}"),
                )
            })
        })
    }
}

/// Stores in `*out` how many metadata keys the record has (its headers, unknown ones
/// included; yono_record_meta_key() names them).
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta_count(rec: *const yono_record, out: *mut usize) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(rec, out, |r| Ok(r.metadata().len())) }
}

/// Writes the `index`-th metadata key (0 .. yono_record_meta_count() - 1, in sorted
/// order) into `buf` (buffer rules of yono_game_text()); its value:
/// yono_record_meta().
/// Errors: as yono_game_text() (with rec for game), INVALID_ARGUMENT (index).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta_key(
    rec: *const yono_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query_text(rec, buf, buf_len, needed, |r| {
            r.metadata()
                .keys()
                .nth(index)
                .ok_or_else(|| Fail::invalid(format!("metadata index {index}: the record has {} keys", r.metadata().len())))
        })
    }
}

/// Sets the comment on move `ply` (from 1; one line, at most 1024 bytes), or removes
/// it when `comment` is NULL or "".
/// Errors: NULL_ARGUMENT (rec), INVALID_UTF8, INVALID_ARGUMENT (code
/// "record_no_such_move" or "record_bad_value").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_set_comment(rec: *mut yono_record, ply: usize, comment: *const c_char) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        change(rec, |r| {
            let comment = opt_text_arg(comment, "comment")?;
            Ok(r.set_comment(ply, comment.unwrap_or(""))?)
        })
    }
}

/// Writes the comment on move `ply` (from 1) into `buf` (buffer rules of
/// yono_game_text()); "" when that move has none.
/// Errors: as yono_game_text() (with rec for game), INVALID_ARGUMENT (code
/// "record_no_such_move": ply is 0 or past the last move).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_comment(
    rec: *const yono_record,
    ply: usize,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query_text(rec, buf, buf_len, needed, |r| {
            if ply == 0 || ply > r.moves().len() {
                return Err(Fail::new(
                    yono_status::YONO_STATUS_INVALID_ARGUMENT,
                    "record_no_such_move",
                    format!("no move {ply}: the record has {} moves", r.moves().len()),
                ));
            }
            Ok(r.comment(ply).unwrap_or(""))
        })
    }
}

/// Stores the number of moves in the record in `*out`.
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_ply_count(rec: *const yono_record, out: *mut usize) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(rec, out, |r| Ok(r.moves().len())) }
}

/// Appends `mv` to the record (played from its final position, checked as
/// yono_game_play()), with `comment` (one line, at most 1024 bytes; NULL or "" for
/// none). Metadata and earlier comments are kept, so a loaded record can be continued
/// and saved again.
/// Errors: NULL_ARGUMENT (rec), INVALID_UTF8, INVALID_ARGUMENT (a malformed move, or
/// code "record_bad_value" for the comment), PARSE_ERROR (code "record_bad_move": the
/// move is not legal there; the message says why). Nothing changes on error.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_play(rec: *mut yono_record, mv: yono_move, comment: *const c_char) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        change(rec, |r| {
            let comment = opt_text_arg(comment, "comment")?;
            Ok(r.play(arg(mv, "move")?, comment)?)
        })
    }
}

/// A new game handle at the record's final position, with its moves as history
/// (status, scores, undo work as usual), stored in `*out`.
/// Ownership: as yono_game_from_text(): the caller frees `*out`.
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_to_game(rec: *const yono_record, out: *mut *mut yono_position) -> yono_status {
    // SAFETY: per the contract.
    guard(|| unsafe { make_handle(out, || Ok(try_ref(rec)?.game().clone())) })
}
