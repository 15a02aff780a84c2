//! `yono_game`, the game handle (the core's `Game`: a position with the moves that
//! led to it): making and freeing one here, reading it in `read.rs`, playing and
//! taking back in `play.rs`, its text forms in `text.rs`.

use std::ffi::c_char;

use yono::{Game, Position, Ruleset};

use crate::boundary::{free_handle, guard, make_handle, text_arg, try_ref, yono_status, Castable, HandleType};
use crate::convert::arg;
use crate::types::yono_ruleset;

mod play;
mod read;
mod text;

pub use play::*;
pub(crate) use read::moves_query;
pub use read::*;
pub use text::*;

/// The game handle: a position together with the moves that led to it from its start
/// position (for undo and for the fourfold-repetition draw).
///
/// Opaque. Create with yono_game_new(), yono_game_new_ruleset(), yono_game_from_text(),
/// yono_game_from_sfen() or yono_game_clone(); destroy with yono_game_free(). Threads:
/// const calls may run concurrently on one handle, a non-const call must run alone
/// (see the header's introduction). Passing another handle type (a yono_record or
/// yono_engine cast to yono_game) is detected: INVALID_ARGUMENT, code
/// "wrong_handle_type".
/// (The struct keeps its first name, yono_position, so that code naming
/// `struct yono_position` still compiles; yono_game is the name to use.)
pub struct yono_position {
    _opaque: [u8; 0],
}

/// The game handle's name: what yono_position (its old name, kept for existing code)
/// really is, a game.
pub type yono_game = yono_position;

impl Castable for yono_position {
    type RustType = Game;
    const TYPE: HandleType = HandleType::Game;
}

/// A new game at the Yo[n]o Shogi start position (South to move, 12 legal moves).
///
/// Ownership: the caller owns the returned handle and must release it with
/// yono_game_free(). Returns NULL only on an internal error.
#[no_mangle]
pub extern "C" fn yono_game_new() -> *mut yono_game {
    let mut out = std::ptr::null_mut();
    // SAFETY: `out` is a local.
    match guard(|| unsafe { make_handle(&mut out, || Ok(Game::new(Ruleset::Yono))) }) {
        yono_status::YONO_STATUS_OK => out,
        _ => std::ptr::null_mut(),
    }
}

/// A new game at the start position of `ruleset` (YONO_RULESET_YONO or
/// YONO_RULESET_SHOGI), stored in `*out`.
///
/// Ownership: on YONO_STATUS_OK the caller owns `*out` and must release it with
/// yono_game_free(); on failure `*out` is set to NULL (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (ruleset).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_new_ruleset(ruleset: yono_ruleset, out: *mut *mut yono_game) -> yono_status {
    // SAFETY: NULL or writable, per the contract.
    guard(|| unsafe { make_handle(out, || Ok(Game::new(arg(ruleset, "ruleset")?))) })
}

/// Parses position text (RULES.md section 8, e.g. the Yo[n]o start
/// "wLwRwP1nKnGnSnNnL/... s -/-/-/- swne 1"; seats field "s-n-" means standard
/// Shogi) into a new game starting there, stored in `*out`.
///
/// `text` must be a NUL-terminated string; texts longer than 1024 bytes are rejected.
/// Ownership: `text` stays the caller's (not retained). On YONO_STATUS_OK the caller
/// owns `*out` and must release it with yono_game_free(); on failure `*out` is
/// set to NULL (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (see
/// yono_last_error_code() for what is wrong).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_from_text(text: *const c_char, out: *mut *mut yono_game) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        unsafe { make_handle(out, || Ok(Game::from_text(text_arg(text, "text")?)?)) }
    })
}

/// Parses a standard Shogi SFEN (e.g.
/// "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") into a new
/// standard Shogi game starting there, stored in `*out`.
///
/// Ownership and errors as yono_game_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_from_sfen(sfen: *const c_char, out: *mut *mut yono_game) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        unsafe { make_handle(out, || Ok(Game::from_position(Position::from_sfen(text_arg(sfen, "sfen")?)?))) }
    })
}

/// A copy of `game`, history included, stored in `*out`: an independent deep copy (a
/// few microseconds). The two evolve independently. For another thread, take it while
/// no other thread changes `game` (under the lock of the thread that plays), then hand
/// it to the reader, which needs no lock for it and frees it with yono_game_free().
///
/// Ownership: `game` stays the caller's. On YONO_STATUS_OK the caller owns `*out`
/// and must release it with yono_game_free(); on failure `*out` is set to NULL
/// (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (code "wrong_handle_type").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_clone(game: *const yono_game, out: *mut *mut yono_game) -> yono_status {
    // SAFETY: per the contract.
    guard(|| unsafe { make_handle(out, || Ok(try_ref(game)?.clone())) })
}

/// Releases a game handle. NULL is allowed and does nothing, and so does a handle of
/// another type (with the last error set to "wrong_handle_type"). The handle must not
/// be used afterwards, nor freed twice.
#[no_mangle]
pub unsafe extern "C" fn yono_game_free(game: *mut yono_game) {
    // SAFETY: NULL or a live handle, freed once, per the contract.
    unsafe { free_handle(game) }
}
