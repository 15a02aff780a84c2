//! Playing a game: checking and playing a move, undo and redo.

use std::ffi::c_char;

use yono::{Game, Move, MoveError};

use crate::boundary::{guard, query, store_if, text_arg, try_mut, try_ref, yono_status, Fail, Res};
use crate::convert::{arg, parse, ToC};
use crate::types::yono_move;

use super::yono_game;

/// Checks whether `mv` is legal for the seat to move without playing it.
/// Returns YONO_STATUS_OK if it is legal.
/// Errors: NULL_ARGUMENT (game), INVALID_ARGUMENT (mv describes no move),
/// ILLEGAL_MOVE (yono_last_error_code() says why, e.g. "king_threatened"),
/// GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_check_move(game: *const yono_game, mv: yono_move) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { try_ref(game) }?;
        let mv = arg(mv, "move")?;
        game.check_move(mv).map_err(|reason| Fail::from(MoveError::Illegal { mv, reason }))
    })
}

/// Plays a move given by `mv`, the shape of every playing function.
///
/// # Safety
/// `game` is NULL or a live handle used by this call alone.
unsafe fn play_with(game: *mut yono_game, play: impl FnOnce(&mut Game) -> Res) -> yono_status {
    // SAFETY: per the contract.
    guard(|| play(unsafe { try_mut(game) }?))
}

/// Plays `mv` for the seat to move, then applies checkmates (seats may leave the
/// game) and the repetition draw. On any error the game is unchanged.
/// Errors: NULL_ARGUMENT (game), INVALID_ARGUMENT (mv describes no move),
/// ILLEGAL_MOVE, GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_play(game: *mut yono_game, mv: yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { play_with(game, |g| Ok(g.play(arg(mv, "move")?).map(drop)?)) }
}

/// Parses move text ("7g7f", "8h2b+", "P*5e", "pass") and plays it as
/// yono_game_play() does. On any error the game is unchanged.
/// Ownership: `text` stays the caller's.
/// Errors: NULL_ARGUMENT (game, text), INVALID_UTF8, PARSE_ERROR (code
/// "malformed_move"), ILLEGAL_MOVE, GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_play_text(game: *mut yono_game, text: *const c_char) -> yono_status {
    // SAFETY: the same contract.
    unsafe {
        play_with(game, |g| {
            // The handle is checked first, then the text.
            Ok(g.play(parse::<Move>(text_arg(text, "text")?)?).map(drop)?)
        })
    }
}

/// Takes back (`redo` false) or plays again (`redo` true) one move, storing it in
/// `*out` unless `out` is NULL.
///
/// # Safety
/// `game` is NULL or a live handle used by this call alone; `out` NULL or writable.
unsafe fn step(game: *mut yono_game, out: *mut yono_move, redo: bool) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        play_with(game, |g| {
            let mv = if redo { g.redo() } else { g.undo() };
            let mv = mv.ok_or_else(|| match redo {
                false => Fail::new(
                    yono_status::YONO_STATUS_NOTHING_TO_UNDO,
                    "nothing_to_undo",
                    "no move to undo: the game is at its start position",
                ),
                true => Fail::new(
                    yono_status::YONO_STATUS_NOTHING_TO_UNDO,
                    "nothing_to_redo",
                    "no move to redo: nothing was undone since the last move",
                ),
            })?;
            store_if(out, Move::to_c(mv));
            Ok(())
        })
    }
}

/// Takes back the last move played in this game, storing it in `*undone` unless
/// `undone` is NULL.
/// Errors: NULL_ARGUMENT (game), NOTHING_TO_UNDO (no move since the game's start
/// position; the game is unchanged).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_undo(game: *mut yono_game, undone: *mut yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { step(game, undone, false) }
}

/// Plays again the last move taken back by yono_game_undo(), storing it in
/// `*redone` unless that is NULL. Playing any other move forgets the undone moves.
/// Errors: NULL_ARGUMENT (game), NOTHING_TO_UNDO (code "nothing_to_redo": no undone
/// move to play again; nothing changes).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_redo(game: *mut yono_game, redone: *mut yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { step(game, redone, true) }
}

/// Stores in `*out` how many undone moves yono_game_redo() can play again.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_redo_count(game: *const yono_game, out: *mut usize) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.redo_moves().len())) }
}
