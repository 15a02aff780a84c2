//! The vocabulary as text: seats, piece kinds, pieces, squares, rulesets and moves
//! read with the core's `FromStr` (every spelling the core accepts, nothing else) and
//! written with its `Display`; and a kind's promoted and unpromoted forms.

use std::ffi::c_char;

use yono::{Move, Piece, PieceKind, Ruleset, Seat, Square};

use crate::boundary::{guard, out_mut, text_arg, write_text, yono_status, Res};
use crate::convert::{arg, parse, Text, ToC};
use crate::types::{yono_move, yono_piece, yono_piece_kind, yono_ruleset, yono_seat, YONO_PIECE_NONE};

/// Reads `text` as a `T` into `*out`.
///
/// # Safety
/// `text` is NULL or NUL-terminated; `out` is NULL or writable.
unsafe fn from_text<T: Text + ToC<C>, C>(text: *const c_char, out: *mut C) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let (text, out) = unsafe { (text_arg(text, "text")?, out_mut(out, "out")?) };
        *out = parse::<T>(text)?.to_c();
        Ok(())
    })
}

/// Writes the text of `value` (checked from its C form) into a caller buffer.
///
/// # Safety
/// `buf` and `needed` as in the buffer rules.
unsafe fn to_text<T: ToString>(value: impl FnOnce() -> Res<T>, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: per the contract.
    guard(|| unsafe { write_text(&value()?.to_string(), buf, buf_len, needed) })
}

/// Stores in `*out` what `f` says of the piece kind `kind` (checked first).
///
/// # Safety
/// `out` is NULL or writable.
unsafe fn of_kind<C>(kind: yono_piece_kind, out: *mut C, f: impl FnOnce(PieceKind) -> C) -> yono_status {
    guard(|| {
        let kind: PieceKind = arg(kind, "kind")?;
        // SAFETY: NULL or writable, per the contract.
        *unsafe { out_mut(out, "out") }? = f(kind);
        Ok(())
    })
}

/// Parses move text ("7g7f", "8h2b+", "P*5e", "pass") into `*out`, without
/// checking legality (see yono_game_check_move()).
/// Ownership: `text` stays the caller's.
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (code
/// "malformed_move").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_move_from_text(text: *const c_char, out: *mut yono_move) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<Move, _>(text, out) }
}

/// Writes the text of `mv` ("7g7f", "8h2b+", "P*5e", "pass") into `buf`, with the
/// buffer rules of yono_game_text(); YONO_MOVE_TEXT_MAX bytes always suffice.
/// Errors: INVALID_ARGUMENT (mv describes no move), NULL_ARGUMENT (buf with
/// buf_len > 0; needed in a query), BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_move_to_text(mv: yono_move, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<Move, _>(mv, "move"), buf, buf_len, needed) }
}

/// Reads a seat's letter or English name, in any case ("s", "South", "NORTH", "e")
/// into `*out`: the spellings of the rules library, the same in every binding.
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (code "unknown_name").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_seat_from_text(text: *const c_char, out: *mut yono_seat) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<Seat, _>(text, out) }
}

/// Writes the English name of `seat` ("South") into `buf` (buffer rules of
/// yono_game_text()).
/// Errors: INVALID_ARGUMENT (seat), as yono_move_to_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_seat_to_text(seat: yono_seat, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<Seat, _>(seat, "seat"), buf, buf_len, needed) }
}

/// Reads a piece kind's symbol ("P", "+R": as the position text and
/// yono_piece_kind_to_text() write it, in the spellings the rules library accepts)
/// into `*out`.
/// Errors: as yono_seat_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_kind_from_text(text: *const c_char, out: *mut yono_piece_kind) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<PieceKind, _>(text, out) }
}

/// Writes the symbol of `kind` ("K", "+R") into `buf` (buffer rules of
/// yono_game_text()).
/// Errors: INVALID_ARGUMENT (kind), as yono_move_to_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_kind_to_text(
    kind: yono_piece_kind,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<PieceKind, _>(kind, "kind"), buf, buf_len, needed) }
}

/// Stores in `*out` the promoted form of `kind` (YONO_PIECE_PAWN gives
/// YONO_PIECE_PROMOTED_PAWN, YONO_PIECE_ROOK YONO_PIECE_DRAGON), or YONO_PIECE_NONE
/// for a kind that has none (King, Gold, and the promoted kinds themselves).
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_kind_promoted(kind: yono_piece_kind, out: *mut yono_piece_kind) -> yono_status {
    // SAFETY: the same contract.
    unsafe { of_kind(kind, out, |k| k.promoted().map_or(YONO_PIECE_NONE, PieceKind::to_c)) }
}

/// Stores in `*out` the unpromoted form of `kind` (YONO_PIECE_DRAGON gives
/// YONO_PIECE_ROOK: the kind a captured piece joins the reserve as), `kind` itself
/// for a kind that is not promoted.
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_kind_unpromoted(kind: yono_piece_kind, out: *mut yono_piece_kind) -> yono_status {
    // SAFETY: the same contract.
    unsafe { of_kind(kind, out, |k| k.unpromoted().to_c()) }
}

/// Stores in `*out` whether `kind` is a promoted kind (YONO_PIECE_DRAGON ..
/// YONO_PIECE_PROMOTED_PAWN: drawn with "+").
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_kind_is_promoted(kind: yono_piece_kind, out: *mut bool) -> yono_status {
    // SAFETY: the same contract.
    unsafe { of_kind(kind, out, PieceKind::is_promoted) }
}

/// Reads a piece as the position text writes it, seat letter then kind ("sK",
/// "n+R"), into `*out`.
/// Errors: as yono_seat_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_from_text(text: *const c_char, out: *mut yono_piece) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<Piece, _>(text, out) }
}

/// Writes `piece` ("sK", "n+R") into `buf` (buffer rules of yono_game_text()).
/// Errors: INVALID_ARGUMENT (a seat or kind that is none), as yono_move_to_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_piece_to_text(piece: yono_piece, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<Piece, _>(piece, "piece"), buf, buf_len, needed) }
}

/// Reads a square's name, file digit then rank letter ("5e", "9a"), into `*out` (its
/// number 0..80, see YONO_SQUARE()).
/// Errors: as yono_seat_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_square_from_text(text: *const c_char, out: *mut u8) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<Square, _>(text, out) }
}

/// Writes the name of square number `square` ("5e") into `buf` (buffer rules of
/// yono_game_text()).
/// Errors: INVALID_ARGUMENT (square), as yono_move_to_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_square_to_text(square: u8, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<Square, _>(square, "square"), buf, buf_len, needed) }
}

/// Reads a ruleset's name, in any case ("yono", "shogi"), into `*out`.
/// Errors: as yono_seat_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_ruleset_from_text(text: *const c_char, out: *mut yono_ruleset) -> yono_status {
    // SAFETY: the same contract.
    unsafe { from_text::<Ruleset, _>(text, out) }
}

/// Writes the name of `ruleset` ("yono", "shogi") into `buf` (buffer rules of
/// yono_game_text()).
/// Errors: INVALID_ARGUMENT (ruleset), as yono_move_to_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_ruleset_to_text(ruleset: yono_ruleset, buf: *mut c_char, buf_len: usize, needed: *mut usize) -> yono_status {
    // SAFETY: the same contract.
    unsafe { to_text(|| arg::<Ruleset, _>(ruleset, "ruleset"), buf, buf_len, needed) }
}
