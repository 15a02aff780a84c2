//! A game's position as text: position text, SFEN, the board diagram.

use std::ffi::c_char;

use crate::boundary::{query_text, yono_status, Fail};

use super::yono_game;

/// Writes the canonical position text (RULES.md section 8) into `buf`.
///
/// Buffer rules (the same for every function that writes text): `buf` == NULL with
/// `buf_len` == 0 asks only for the size: `*needed` receives the bytes needed,
/// terminating NUL included (needed must not be NULL then), and YONO_STATUS_OK is
/// returned. Otherwise `*needed` (if needed is not NULL) receives that size; if
/// `buf_len` is smaller, YONO_STATUS_BUFFER_TOO_SMALL is returned and `buf` is set to
/// "" (when buf_len > 0); else the NUL-terminated text is written.
/// Ownership: `buf` and `needed` stay the caller's; the library keeps no pointer.
/// Errors: NULL_ARGUMENT (game; buf with buf_len > 0; needed in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_text(game: *const yono_game, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: per the buffer rules of the contract.
    unsafe { query_text(game, buf, buf_len, needed, |g| Ok(g.position().text())) }
}

/// Writes the SFEN of a standard Shogi position into `buf` (buffer rules of
/// yono_game_text()).
/// Errors: as yono_game_text(), and INVALID_ARGUMENT for a Yo[n]o position
/// (which has no SFEN).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_sfen(game: *const yono_game, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: per the buffer rules of the contract.
    unsafe {
        query_text(game, buf, buf_len, needed, |g| {
            g.position()
                .sfen()
                .ok_or_else(|| Fail::invalid("only a standard Shogi position has an SFEN"))
        })
    }
}

/// Writes the game's status as text ("ongoing", "won by North", "drawn by
/// repetition": the words of every binding, which the Rust library also reads back)
/// into `buf` (buffer rules of yono_game_text()). How a won game ended:
/// yono_game_end_reason().
/// Errors: as yono_game_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_status_text(
    game: *const yono_game,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the buffer rules of the contract.
    unsafe { query_text(game, buf, buf_len, needed, |g| Ok(g.status().to_string())) }
}

/// Writes a multi-line board diagram (pieces as seat letter + kind, e.g. "sK",
/// "n+R"; then each seat's state and reserve, and who is to move) into `buf`, with
/// the buffer rules of yono_game_text(). Lines end with '\n' (none after the
/// last).
/// Errors: as yono_game_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_diagram(game: *const yono_game, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: per the buffer rules of the contract.
    unsafe { query_text(game, buf, buf_len, needed, |g| Ok(g.position().to_string())) }
}
