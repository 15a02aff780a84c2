//! # yono-ffi: the C ABI of the Yo[n]o Shogi rules engine
//!
//! Builds `libyono.so` and `libyono.a`; the header `include/yono.h` is generated from
//! this file by cbindgen (see `cbindgen.toml` and `tests/header.rs`). The doc comments
//! below become the header's comments, so they are written for C programmers.
//!
//! Every exported function runs inside a panic boundary ([`guard`]): no unwinding ever
//! reaches C. Every pointer is checked for NULL, every C string for UTF-8, every
//! buffer for its size.

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use yono::{Game, IllegalMove, Move, MoveError, PieceKind, Position, Ruleset, Seat};
use yono::{SeatState, Square, Status};

// ---------------------------------------------------------------------------------
// Types and constants
// ---------------------------------------------------------------------------------

/// The result of every fallible function.
///
/// On any status other than YONO_STATUS_OK, yono_last_error_message() gives the
/// human-readable reason and yono_last_error_code() a stable snake_case code, and the
/// function has changed nothing: outputs are left as they were (except that handle
/// outputs are set to NULL and text buffers to "" where documented).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum yono_status {
    /// Success.
    YONO_STATUS_OK = 0,
    /// A pointer argument that must not be NULL was NULL.
    YONO_STATUS_NULL_ARGUMENT = 1,
    /// A C string argument is not valid UTF-8.
    YONO_STATUS_INVALID_UTF8 = 2,
    /// Position text, SFEN or move text is malformed, or describes a position that
    /// cannot exist. yono_last_error_code() names the problem (e.g. "rank_length",
    /// "nifu", "malformed_move").
    YONO_STATUS_PARSE_ERROR = 3,
    /// A well-formed move that is not legal in the position. yono_last_error_code()
    /// gives the reason (e.g. "king_threatened", "nifu_drop", "pass_not_allowed").
    YONO_STATUS_ILLEGAL_MOVE = 4,
    /// A caller buffer is too small; the needed size was stored where requested.
    YONO_STATUS_BUFFER_TOO_SMALL = 5,
    /// The game is over (won or drawn by repetition): no move can be played.
    YONO_STATUS_GAME_OVER = 6,
    /// A bug in the library (a caught panic). Please report it.
    YONO_STATUS_INTERNAL_ERROR = 7,
    /// A numeric argument is out of range: a seat, square, piece kind, ruleset, or a
    /// yono_move struct that describes no move; or a request that does not apply
    /// (SFEN of a Yo[n]o position).
    YONO_STATUS_INVALID_ARGUMENT = 8,
    /// yono_position_undo() at the start of the game: there is no move to take back.
    YONO_STATUS_NOTHING_TO_UNDO = 9,
}

use yono_status::*;

mod codes;
pub use codes::yono_error_code;

/// A seat: one of the YONO_SEAT_* values. Turn order is South, West, North, East.
pub type yono_seat = u8;
/// South (`s`), who moves first.
pub const YONO_SEAT_SOUTH: yono_seat = 0;
/// West (`w`).
pub const YONO_SEAT_WEST: yono_seat = 1;
/// North (`n`).
pub const YONO_SEAT_NORTH: yono_seat = 2;
/// East (`e`).
pub const YONO_SEAT_EAST: yono_seat = 3;
/// No seat: an empty square's owner, the winner of an undecided game.
pub const YONO_SEAT_NONE: yono_seat = 255;

/// A set of seats as bits: bit i (1 << i) is set for the seat with value i
/// (e.g. 0x5 = South and North).
pub type yono_seat_set = u8;

/// A piece kind: one of the YONO_PIECE_* values.
pub type yono_piece_kind = u8;
/// King (K).
pub const YONO_PIECE_KING: yono_piece_kind = 0;
/// Rook (R).
pub const YONO_PIECE_ROOK: yono_piece_kind = 1;
/// Bishop (B).
pub const YONO_PIECE_BISHOP: yono_piece_kind = 2;
/// Gold general (G).
pub const YONO_PIECE_GOLD: yono_piece_kind = 3;
/// Silver general (S).
pub const YONO_PIECE_SILVER: yono_piece_kind = 4;
/// Knight (N).
pub const YONO_PIECE_KNIGHT: yono_piece_kind = 5;
/// Lance (L).
pub const YONO_PIECE_LANCE: yono_piece_kind = 6;
/// Pawn (P).
pub const YONO_PIECE_PAWN: yono_piece_kind = 7;
/// Dragon, promoted Rook (+R).
pub const YONO_PIECE_DRAGON: yono_piece_kind = 8;
/// Horse, promoted Bishop (+B).
pub const YONO_PIECE_HORSE: yono_piece_kind = 9;
/// Promoted Silver (+S).
pub const YONO_PIECE_PROMOTED_SILVER: yono_piece_kind = 10;
/// Promoted Knight (+N).
pub const YONO_PIECE_PROMOTED_KNIGHT: yono_piece_kind = 11;
/// Promoted Lance (+L).
pub const YONO_PIECE_PROMOTED_LANCE: yono_piece_kind = 12;
/// Promoted Pawn, tokin (+P).
pub const YONO_PIECE_PROMOTED_PAWN: yono_piece_kind = 13;
/// No piece (an empty square).
pub const YONO_PIECE_NONE: yono_piece_kind = 255;

/// A ruleset: YONO_RULESET_YONO (four players) or YONO_RULESET_SHOGI (standard
/// two-player Shogi, South = Sente, North = Gote).
pub type yono_ruleset = u8;
/// Yo[n]o Shogi, four players.
pub const YONO_RULESET_YONO: yono_ruleset = 0;
/// Standard Shogi.
pub const YONO_RULESET_SHOGI: yono_ruleset = 1;

/// The state of a game: one of the YONO_GAME_* values.
pub type yono_game_status = u8;
/// The game goes on.
pub const YONO_GAME_ONGOING: yono_game_status = 0;
/// One seat has won (see yono_position_winner()).
pub const YONO_GAME_WON: yono_game_status = 1;
/// The same position occurred for the fourth time: drawn.
pub const YONO_GAME_DRAWN_BY_REPETITION: yono_game_status = 2;

/// The type of a yono_move: one of the YONO_MOVE_* values.
pub type yono_move_type = u8;
/// A piece moves from one square to another.
pub const YONO_MOVE_BOARD: yono_move_type = 0;
/// A reserve piece is dropped onto an empty square.
pub const YONO_MOVE_DROP: yono_move_type = 1;
/// The seat to move passes (allowed only when it has no other legal move).
pub const YONO_MOVE_PASS: yono_move_type = 2;

/// Number of squares. Square values are 0..80: see YONO_SQUARE().
pub const YONO_SQUARE_COUNT: u8 = 81;
/// "No square" in options and results that may name none.
pub const YONO_SQUARE_NONE: u8 = 255;
/// Upper bound on the number of legal moves in any position: an array of this many
/// yono_move always holds yono_position_legal_moves().
pub const YONO_MAX_MOVES: usize = 2115;
const _: () = assert!(YONO_MAX_MOVES == yono::MAX_MOVES);
/// Buffer size that always holds a move text with its NUL ("8h2b+" is the longest).
pub const YONO_MOVE_TEXT_MAX: usize = 8;

/// A move, as plain data: fill it in yourself or get it from the library.
///
/// - Board move (type YONO_MOVE_BOARD): `from` and `to` are squares (0..80, see
///   YONO_SQUARE()), `promote` is 1 to promote and 0 not to. `drop_kind` is ignored.
/// - Drop (type YONO_MOVE_DROP): `drop_kind` is the piece kind (YONO_PIECE_ROOK ..
///   YONO_PIECE_PAWN), `to` the square. `from` and `promote` are ignored.
/// - Pass (type YONO_MOVE_PASS): the other fields are ignored.
///
/// Moves written by the library have every ignored field set to 0.
///
/// cbindgen:field-names=[type, from, to, promote, drop_kind]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct yono_move {
    /// YONO_MOVE_BOARD, YONO_MOVE_DROP or YONO_MOVE_PASS.
    pub type_: yono_move_type,
    /// Origin square of a board move.
    pub from: u8,
    /// Destination square of a board move or drop.
    pub to: u8,
    /// 1 if a board move promotes, else 0.
    pub promote: u8,
    /// Piece kind of a drop (YONO_PIECE_ROOK .. YONO_PIECE_PAWN).
    pub drop_kind: yono_piece_kind,
}

/// What stands on a square: seat and kind, or YONO_SEAT_NONE and YONO_PIECE_NONE
/// for an empty square.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct yono_piece {
    /// The owner (YONO_SEAT_*), YONO_SEAT_NONE if empty.
    pub seat: yono_seat,
    /// The kind (YONO_PIECE_*), YONO_PIECE_NONE if empty.
    pub kind: yono_piece_kind,
}

/// The game handle: a position together with the moves that led to it from its start
/// position (for undo and for the fourfold-repetition draw).
///
/// Opaque. Create with yono_position_new(), yono_position_new_ruleset(),
/// yono_position_from_text(), yono_position_from_sfen(), yono_position_clone() or
/// yono_game_snapshot(); destroy with yono_position_free(). Threads: const calls may
/// run concurrently on one handle, a non-const call must run alone (see the header's
/// introduction).
/// (The struct keeps its first name, yono_position, so that code naming
/// `struct yono_position` still compiles; yono_game is the name to use.)
pub struct yono_position {
    game: Game,
}

/// The game handle's name: what yono_position (its old name, kept for existing code)
/// really is, a game.
pub type yono_game = yono_position;

// ---------------------------------------------------------------------------------
// Errors and the panic boundary
// ---------------------------------------------------------------------------------

/// An error on its way to C: status, stable code, message.
struct Fail {
    status: yono_status,
    code: &'static str,
    message: String,
}

impl Fail {
    fn new(status: yono_status, code: &'static str, message: impl Into<String>) -> Fail {
        Fail {
            status,
            code,
            message: message.into(),
        }
    }

    fn null(what: &str) -> Fail {
        Fail::new(
            YONO_STATUS_NULL_ARGUMENT,
            "null_argument",
            format!("{what} is NULL"),
        )
    }

    fn invalid(message: impl Into<String>) -> Fail {
        Fail::new(YONO_STATUS_INVALID_ARGUMENT, "invalid_argument", message)
    }

    fn from_error(e: &yono::Error) -> Fail {
        match e {
            yono::Error::Move(m) => Fail::from_move_error(m),
            _ => Fail::new(YONO_STATUS_PARSE_ERROR, e.code(), e.to_string()),
        }
    }

    fn from_move_error(e: &MoveError) -> Fail {
        let status = match e {
            MoveError::Malformed(_) => YONO_STATUS_PARSE_ERROR,
            MoveError::Illegal {
                reason: IllegalMove::GameOver,
                ..
            } => YONO_STATUS_GAME_OVER,
            _ => YONO_STATUS_ILLEGAL_MOVE,
        };
        Fail::new(status, e.code(), e.to_string())
    }
}

type Res<T = ()> = Result<T, Fail>;

struct LastError {
    code: &'static CStr,
    message: CString,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError {
        code: c"",
        message: CString::default(),
    });
}

/// Codes only the C API produces (its own argument checks); every other code comes
/// from `yono::ERROR_CODES`. Both feed the generated `codes.rs`.
#[cfg(test)]
pub(crate) const FFI_CODES: &[&str] = &[
    "null_argument",
    "invalid_utf8",
    "buffer_too_small",
    "internal_error",
    "invalid_argument",
    "nothing_to_undo",
    "nothing_to_redo",
];

/// The static C string of a code, found in the generated table (whose freshness a
/// test checks against `yono::ERROR_CODES`), so the pointer handed to C is 'static.
fn code_cstr(code: &str) -> &'static CStr {
    codes::ERROR_CODE_NAMES
        .iter()
        .copied()
        .find(|c| c.to_bytes() == code.as_bytes())
        .unwrap_or(c"error")
}

/// The number of a code in `enum yono_error_code` (0 for none or unknown).
fn code_number(code: &CStr) -> u32 {
    codes::ERROR_CODE_NAMES
        .iter()
        .position(|c| *c == code)
        .map_or(0, |i| i as u32)
}

fn set_last_error(code: &'static str, message: &str) {
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    let code = code_cstr(code);
    // `try_with`: during thread teardown the slot may be gone; then the message is lost.
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            e.code = code;
            e.message = message;
        }
    });
}

fn clear_last_error() {
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            e.code = c"";
            if !e.message.as_bytes().is_empty() {
                e.message = CString::default();
            }
        }
    });
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        String::from("unknown panic")
    }
}

/// The panic boundary around every fallible function: clears the last error, runs
/// `f`, records its error (or a caught panic) and returns the status.
fn guard(f: impl FnOnce() -> Res) -> yono_status {
    clear_last_error();
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => YONO_STATUS_OK,
        Ok(Err(fail)) => {
            set_last_error(fail.code, &fail.message);
            fail.status
        }
        Err(payload) => {
            set_last_error(
                "internal_error",
                &format!("internal error: {}", panic_message(&*payload)),
            );
            YONO_STATUS_INTERNAL_ERROR
        }
    }
}

// ---------------------------------------------------------------------------------
// Argument helpers
// ---------------------------------------------------------------------------------

unsafe fn game_ref<'a>(pos: *const yono_position) -> Res<&'a Game> {
    // SAFETY: the caller passes NULL or a live handle from this library.
    unsafe { pos.as_ref() }
        .map(|p| &p.game)
        .ok_or_else(|| Fail::null("pos"))
}

unsafe fn game_mut<'a>(pos: *mut yono_position) -> Res<&'a mut Game> {
    // SAFETY: the caller passes NULL or a live handle used by one thread at a time.
    unsafe { pos.as_mut() }
        .map(|p| &mut p.game)
        .ok_or_else(|| Fail::null("pos"))
}

unsafe fn out_mut<'a, T>(p: *mut T, what: &str) -> Res<&'a mut T> {
    // SAFETY: the caller passes NULL or a pointer to writable memory for a T.
    unsafe { p.as_mut() }.ok_or_else(|| Fail::null(what))
}

unsafe fn text_arg<'a>(p: *const c_char, what: &str) -> Res<&'a str> {
    if p.is_null() {
        return Err(Fail::null(what));
    }
    // SAFETY: the caller passes a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes.to_str().map_err(|e| {
        Fail::new(
            YONO_STATUS_INVALID_UTF8,
            "invalid_utf8",
            format!(
                "{what} is not valid UTF-8 (bad byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

fn seat_arg(seat: yono_seat) -> Res<Seat> {
    Seat::from_index(seat as usize)
        .ok_or_else(|| Fail::invalid(format!("seat {seat} is not a seat (0 to 3)")))
}

fn hand_kind_arg(kind: yono_piece_kind) -> Res<PieceKind> {
    PieceKind::from_index(kind as usize)
        .filter(|k| k.hand_index().is_some())
        .ok_or_else(|| {
            Fail::invalid(format!(
                "piece kind {kind} cannot be held in a reserve (Rook {} to Pawn {})",
                YONO_PIECE_ROOK, YONO_PIECE_PAWN
            ))
        })
}

fn ruleset_arg(ruleset: yono_ruleset) -> Res<Ruleset> {
    match ruleset {
        YONO_RULESET_YONO => Ok(Ruleset::Yono),
        YONO_RULESET_SHOGI => Ok(Ruleset::Shogi),
        _ => Err(Fail::invalid(format!(
            "ruleset {ruleset} is not a ruleset (0 Yo[n]o, 1 Shogi)"
        ))),
    }
}

fn square_arg(square: u8, what: &str) -> Res<Square> {
    Square::from_index(square as usize)
        .ok_or_else(|| Fail::invalid(format!("{what} square {square} is not a square (0 to 80)")))
}

fn to_c_move(mv: Move) -> yono_move {
    match mv {
        Move::Board { from, to, promote } => yono_move {
            type_: YONO_MOVE_BOARD,
            from: from.index() as u8,
            to: to.index() as u8,
            promote: promote as u8,
            drop_kind: 0,
        },
        Move::Drop { kind, to } => yono_move {
            type_: YONO_MOVE_DROP,
            from: 0,
            to: to.index() as u8,
            promote: 0,
            drop_kind: kind.index() as u8,
        },
        Move::Pass => yono_move {
            type_: YONO_MOVE_PASS,
            ..yono_move::default()
        },
    }
}

fn from_c_move(mv: yono_move) -> Res<Move> {
    match mv.type_ {
        YONO_MOVE_BOARD => {
            let from = square_arg(mv.from, "move origin")?;
            let to = square_arg(mv.to, "move destination")?;
            if from == to {
                return Err(Fail::invalid(format!(
                    "board move from {from} to the same square"
                )));
            }
            let promote = match mv.promote {
                0 => false,
                1 => true,
                p => {
                    return Err(Fail::invalid(format!(
                        "move promote flag {p} is not 0 or 1"
                    )))
                }
            };
            Ok(Move::Board { from, to, promote })
        }
        YONO_MOVE_DROP => Ok(Move::Drop {
            kind: hand_kind_arg(mv.drop_kind)?,
            to: square_arg(mv.to, "drop destination")?,
        }),
        YONO_MOVE_PASS => Ok(Move::Pass),
        t => Err(Fail::invalid(format!(
            "move type {t} is not a move type (0 board, 1 drop, 2 pass)"
        ))),
    }
}

/// Writes `text` and its NUL into a caller buffer, following the buffer rules in the
/// header's introduction.
unsafe fn write_text(text: &str, buf: *mut c_char, len: usize, needed: *mut usize) -> Res {
    let need = text.len() + 1;
    if buf.is_null() {
        if len != 0 {
            return Err(Fail::null("buf (with a nonzero buf_len)"));
        }
        // Size query.
        // SAFETY: NULL or writable, per the contract.
        let needed = unsafe { out_mut(needed, "needed (for a size query)") }?;
        *needed = need;
        return Ok(());
    }
    // SAFETY: NULL or writable, per the contract.
    if let Some(n) = unsafe { needed.as_mut() } {
        *n = need;
    }
    if len < need {
        if len > 0 {
            // SAFETY: buf has at least one writable byte.
            unsafe { *buf = 0 };
        }
        return Err(Fail::new(
            YONO_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small",
            format!("buffer of {len} bytes is too small: {need} bytes needed"),
        ));
    }
    // SAFETY: buf has `len >= need` writable bytes, and cannot overlap our String.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        *buf.add(text.len()) = 0;
    }
    Ok(())
}

/// Copies `items` into a caller array, with the same rules as [`write_text`].
unsafe fn write_moves(items: &[Move], out: *mut yono_move, cap: usize, count: *mut usize) -> Res {
    let need = items.len();
    if out.is_null() {
        if cap != 0 {
            return Err(Fail::null("moves (with a nonzero capacity)"));
        }
        // SAFETY: NULL or writable, per the contract.
        let count = unsafe { out_mut(count, "count (for a size query)") }?;
        *count = need;
        return Ok(());
    }
    // SAFETY: NULL or writable, per the contract.
    if let Some(c) = unsafe { count.as_mut() } {
        *c = need;
    }
    if cap < need {
        return Err(Fail::new(
            YONO_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small",
            format!("move array of {cap} is too small: {need} moves"),
        ));
    }
    for (i, &mv) in items.iter().enumerate() {
        // SAFETY: out has `cap >= need` writable elements.
        unsafe { out.add(i).write(to_c_move(mv)) };
    }
    Ok(())
}

fn new_handle(game: Game) -> *mut yono_position {
    Box::into_raw(Box::new(yono_position { game }))
}

/// Stores a new handle in `*out`, which must not be NULL (checked by the caller).
fn make_handle(out: &mut *mut yono_position, make: impl FnOnce() -> Res<Game>) -> Res {
    *out = std::ptr::null_mut();
    *out = new_handle(make()?);
    Ok(())
}

// ---------------------------------------------------------------------------------
// Library-wide functions
// ---------------------------------------------------------------------------------

/// The library version, e.g. "0.1.0".
///
/// Ownership: a static string owned by the library; never free it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_version() -> *const c_char {
    const VERSION: &CStr =
        match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
            Ok(v) => v,
            Err(_) => c"unknown",
        };
    VERSION.as_ptr()
}

// yono_version_number() and yono_version_compatible().
mod version;

/// The human-readable message of the last failed call made by this thread (what
/// and where, e.g. "board rank c: describes 8 squares, expected 9"), or "" when the
/// last call succeeded. Every fallible function clears it on entry.
///
/// Ownership: owned by the library (thread-local); never free it. Valid until the
/// next call into the library from the same thread: copy it to keep it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_last_error_message() -> *const c_char {
    catch_unwind(|| {
        LAST_ERROR
            .try_with(|e| e.try_borrow().map(|e| e.message.as_ptr()).ok())
            .ok()
            .flatten()
    })
    .ok()
    .flatten()
    .unwrap_or(c"".as_ptr())
}

/// The stable snake_case code of the last failed call made by this thread, or ""
/// when the last call succeeded: "null_argument", "invalid_utf8",
/// "buffer_too_small", "invalid_argument", "nothing_to_undo", "internal_error", or
/// the rules engine's code for parse errors and illegal moves ("rank_length",
/// "nifu", "malformed_move", "king_threatened", "game_over", ...; the same codes as
/// the test vectors and the other bindings).
///
/// Ownership: a static string owned by the library; never free it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_last_error_code() -> *const c_char {
    catch_unwind(|| {
        LAST_ERROR
            .try_with(|e| e.try_borrow().map(|e| e.code.as_ptr()).ok())
            .ok()
            .flatten()
    })
    .ok()
    .flatten()
    .unwrap_or(c"".as_ptr())
}

/// The code of the last error on this thread as a number of `enum yono_error_code`
/// (YONO_ERROR_NONE when the last call succeeded): the same error as
/// yono_last_error_code(), for a switch statement. Numbers never change; new codes
/// are appended.
#[no_mangle]
pub extern "C" fn yono_last_error_code_number() -> yono_error_code {
    let n = catch_unwind(|| {
        LAST_ERROR
            .try_with(|e| e.try_borrow().map(|e| code_number(e.code)).ok())
            .ok()
            .flatten()
    })
    .ok()
    .flatten()
    .unwrap_or(0);
    codes::from_number(n)
}

/// The snake_case name of an error code number, e.g. "rank_length"; "" for a number
/// that is no code (and for YONO_ERROR_NONE).
///
/// Ownership: a static string owned by the library; never free it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_error_code_name(code: u32) -> *const c_char {
    codes::ERROR_CODE_NAMES
        .get(code as usize)
        .copied()
        .unwrap_or(c"")
        .as_ptr()
}

/// The name of a status value, e.g. "YONO_STATUS_PARSE_ERROR"; "YONO_STATUS_UNKNOWN"
/// for a value that is not a yono_status.
///
/// Ownership: a static string owned by the library; never free it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_status_name(status: i32) -> *const c_char {
    let name: &'static CStr = match status {
        0 => c"YONO_STATUS_OK",
        1 => c"YONO_STATUS_NULL_ARGUMENT",
        2 => c"YONO_STATUS_INVALID_UTF8",
        3 => c"YONO_STATUS_PARSE_ERROR",
        4 => c"YONO_STATUS_ILLEGAL_MOVE",
        5 => c"YONO_STATUS_BUFFER_TOO_SMALL",
        6 => c"YONO_STATUS_GAME_OVER",
        7 => c"YONO_STATUS_INTERNAL_ERROR",
        8 => c"YONO_STATUS_INVALID_ARGUMENT",
        9 => c"YONO_STATUS_NOTHING_TO_UNDO",
        _ => c"YONO_STATUS_UNKNOWN",
    };
    name.as_ptr()
}

/// Exercises the panic boundary: panics inside the library, which is caught and
/// reported as YONO_STATUS_INTERNAL_ERROR with code "internal_error". It always
/// returns that; it exists so that callers and tests can check their handling of
/// internal errors. (The panic message may also be printed on stderr.)
/// Test-only: exported by builds with the "selftest" feature, and not declared in
/// yono.h (tests declare it themselves).
#[must_use]
#[cfg(any(test, feature = "selftest"))]
#[no_mangle]
pub extern "C" fn yono_selftest_internal_error() -> yono_status {
    guard(|| panic!("yono_selftest_internal_error: deliberate panic"))
}

// ---------------------------------------------------------------------------------
// Creating and destroying positions
// ---------------------------------------------------------------------------------

/// A new game at the Yo[n]o Shogi start position (South to move, 12 legal moves).
///
/// Ownership: the caller owns the returned handle and must release it with
/// yono_position_free(). Returns NULL only on an internal error.
#[no_mangle]
pub extern "C" fn yono_position_new() -> *mut yono_position {
    let mut out = std::ptr::null_mut();
    let status = guard(|| make_handle(&mut out, || Ok(Game::new(Ruleset::Yono))));
    if status == YONO_STATUS_OK {
        out
    } else {
        std::ptr::null_mut()
    }
}

/// A new game at the start position of `ruleset` (YONO_RULESET_YONO or
/// YONO_RULESET_SHOGI), stored in `*out`.
///
/// Ownership: on YONO_STATUS_OK the caller owns `*out` and must release it with
/// yono_position_free(); on failure `*out` is set to NULL (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (ruleset).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_new_ruleset(
    ruleset: yono_ruleset,
    out: *mut *mut yono_position,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        make_handle(out, || Ok(Game::new(ruleset_arg(ruleset)?)))
    })
}

/// Parses position text (RULES.md section 8, e.g. the Yo[n]o start
/// "wLwRwP1nKnGnSnNnL/... s -/-/-/- swne 1"; seats field "s-n-" means standard
/// Shogi) into a new game starting there, stored in `*out`.
///
/// `text` must be a NUL-terminated string; texts longer than 1024 bytes are rejected.
/// Ownership: `text` stays the caller's (not retained). On YONO_STATUS_OK the caller
/// owns `*out` and must release it with yono_position_free(); on failure `*out` is
/// set to NULL (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (see
/// yono_last_error_code() for what is wrong).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_from_text(
    text: *const c_char,
    out: *mut *mut yono_position,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or NUL-terminated, per the contract.
        let text = unsafe { text_arg(text, "text") }?;
        make_handle(out, || {
            Game::from_text(text).map_err(|e| Fail::from_error(&e))
        })
    })
}

/// Parses a standard Shogi SFEN (e.g.
/// "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") into a new
/// standard Shogi game starting there, stored in `*out`.
///
/// Ownership and errors as yono_position_from_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_from_sfen(
    sfen: *const c_char,
    out: *mut *mut yono_position,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or NUL-terminated, per the contract.
        let sfen = unsafe { text_arg(sfen, "sfen") }?;
        make_handle(out, || {
            Position::from_sfen(sfen)
                .map(Game::from_position)
                .map_err(|e| Fail::from_error(&e))
        })
    })
}

/// A copy of `pos`, history included, stored in `*out`. The two evolve independently.
///
/// Ownership: `pos` stays the caller's. On YONO_STATUS_OK the caller owns `*out`
/// and must release it with yono_position_free(); on failure `*out` is set to NULL
/// (when `out` is not NULL).
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_clone(
    pos: *const yono_position,
    out: *mut *mut yono_position,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        make_handle(out, || Ok(game.clone()))
    })
}

/// Releases a handle. NULL is allowed and does nothing. The handle must not be used
/// afterwards, nor freed twice.
#[no_mangle]
pub unsafe extern "C" fn yono_position_free(pos: *mut yono_position) {
    // SAFETY: NULL or a live handle from Box::into_raw, freed once, per the contract.
    unsafe { free_handle(pos) }
}

/// Drops a handle made by `Box::into_raw`; NULL does nothing.
///
/// # Safety
/// `handle` is NULL or a live handle from `Box::into_raw` that is not used again.
unsafe fn free_handle<T>(handle: *mut T) {
    if handle.is_null() {
        return;
    }
    // Dropping cannot panic, but keep unwinding out of C all the same.
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: per this function's contract.
        drop(unsafe { Box::from_raw(handle) });
    }));
}

// ---------------------------------------------------------------------------------
// Reading a position
// ---------------------------------------------------------------------------------

/// Stores the ruleset (YONO_RULESET_*) in `*out`.
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_ruleset(
    pos: *const yono_position,
    out: *mut yono_ruleset,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = match game.position().ruleset() {
            Ruleset::Yono => YONO_RULESET_YONO,
            Ruleset::Shogi => YONO_RULESET_SHOGI,
        };
        Ok(())
    })
}

/// Stores the seat to move (YONO_SEAT_*) in `*out`. Once a game is over this is still
/// the seat whose turn it would be: in Yo[n]o the winner (the only seat left), in Shogi
/// the checkmated side (checkmate there is having no move on one's turn). Who won:
/// yono_position_winner(); who lost: yono_game_lost_seats().
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_turn(
    pos: *const yono_position,
    out: *mut yono_seat,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = game.position().turn().index() as yono_seat;
        Ok(())
    })
}

/// Stores the set of seats still in the game (bit 1 << seat) in `*out`: not removed
/// by the checkmate rule. At the Yo[n]o start this is 0xF; at the Shogi start 0x5, and
/// it stays 0x5 after a Shogi checkmate (see yono_game_lost_seats()).
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_seats_in_game(
    pos: *const yono_position,
    out: *mut yono_seat_set,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = game.position().seats_in_game().bits();
        Ok(())
    })
}

/// Stores the move number (1 at the start, +1 after every move or pass) in `*out`.
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_move_number(
    pos: *const yono_position,
    out: *mut u32,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = game.position().move_number();
        Ok(())
    })
}

/// Stores what stands on `square` (0..80, see YONO_SQUARE()) in `*out`: its seat
/// and kind, or YONO_SEAT_NONE and YONO_PIECE_NONE if the square is empty.
/// Errors: NULL_ARGUMENT (pos, out), INVALID_ARGUMENT (square).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_piece_at(
    pos: *const yono_position,
    square: u8,
    out: *mut yono_piece,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        let sq = square_arg(square, "the")?;
        *out = match game.position().piece_at(sq) {
            Some(p) => yono_piece {
                seat: p.seat.index() as yono_seat,
                kind: p.kind.index() as yono_piece_kind,
            },
            None => yono_piece {
                seat: YONO_SEAT_NONE,
                kind: YONO_PIECE_NONE,
            },
        };
        Ok(())
    })
}

/// Stores how many pieces of `kind` (YONO_PIECE_ROOK .. YONO_PIECE_PAWN) `seat`
/// holds in its reserve in `*out` (0 for a seat that is out or not in the ruleset).
/// Errors: NULL_ARGUMENT (pos, out), INVALID_ARGUMENT (seat, kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_reserve_count(
    pos: *const yono_position,
    seat: yono_seat,
    kind: yono_piece_kind,
    out: *mut u8,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        let (seat, kind) = (seat_arg(seat)?, hand_kind_arg(kind)?);
        *out = game.position().reserve(seat).count(kind);
        Ok(())
    })
}

/// Stores in `*out` the set of seats (bit 1 << seat) whose pieces threaten the King
/// of `seat` (what a GUI shows as check); 0 when nobody does or `seat` has no King
/// (it is out, or not in the ruleset).
/// Errors: NULL_ARGUMENT (pos, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_threatened_by(
    pos: *const yono_position,
    seat: yono_seat,
    out: *mut yono_seat_set,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = game.position().threatened_by(seat_arg(seat)?).bits();
        Ok(())
    })
}

/// Stores the game status (YONO_GAME_ONGOING, YONO_GAME_WON or
/// YONO_GAME_DRAWN_BY_REPETITION) in `*out`.
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_status(
    pos: *const yono_position,
    out: *mut yono_game_status,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = match game.status() {
            Status::Ongoing => YONO_GAME_ONGOING,
            Status::Won(_) => YONO_GAME_WON,
            Status::DrawnByRepetition => YONO_GAME_DRAWN_BY_REPETITION,
        };
        Ok(())
    })
}

/// Stores the winner (YONO_SEAT_*) in `*out`, or YONO_SEAT_NONE while the game goes
/// on or when it was drawn.
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_winner(
    pos: *const yono_position,
    out: *mut yono_seat,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = match game.status() {
            Status::Won(seat) => seat.index() as yono_seat,
            _ => YONO_SEAT_NONE,
        };
        Ok(())
    })
}

/// Stores the score of `seat` in `*out` once it is decided, else -1: a checkmated
/// seat's score (3 minus the other seats still in the game when it fell), and at
/// the end of the game the winner's (3; Shogi: 1, the loser 0) or, after a draw by
/// repetition, every remaining seat's. -1 for a seat still playing in an ongoing
/// game and for a seat not in the ruleset (West and East in Shogi).
/// Errors: NULL_ARGUMENT (pos, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_score(
    pos: *const yono_position,
    seat: yono_seat,
    out: *mut i8,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        let seat = seat_arg(seat)?;
        *out = game.scores()[seat.index()].map_or(-1, |s| s as i8);
        Ok(())
    })
}

/// Stores in `*out` whether `seat` is out of the game: 1 if it was checkmated and
/// removed by the Yo[n]o checkmate rule, 0 if it is still on the board or not in the
/// ruleset. A checkmated Shogi side is not removed (0 here); who lost, in either
/// ruleset: yono_game_lost_seats(). (Its score: yono_position_score().)
/// Errors: NULL_ARGUMENT (pos, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_is_out(
    pos: *const yono_position,
    seat: yono_seat,
    out: *mut u8,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        let seat = seat_arg(seat)?;
        *out = matches!(game.position().seat_state(seat), SeatState::Out(_)) as u8;
        Ok(())
    })
}

/// Writes the legal moves of the seat to move into `moves` (an array of `capacity`
/// elements) and their number into `*count`. None once the game is over; just
/// `pass` when the seat to move has nothing else.
///
/// Array rules: `moves` == NULL with `capacity` == 0 asks only for the number:
/// `*count` is set (count must not be NULL then) and YONO_STATUS_OK returned.
/// Otherwise `*count` (if count is not NULL) receives the number of moves, and if
/// `capacity` is smaller, YONO_STATUS_BUFFER_TOO_SMALL is returned and nothing is
/// written to `moves`. YONO_MAX_MOVES elements are always enough.
/// Ownership: `moves` and `count` stay the caller's.
/// Errors: NULL_ARGUMENT (pos; moves with capacity > 0; count in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_legal_moves(
    pos: *const yono_position,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        let list = game.legal_moves();
        // SAFETY: per the array rules of the contract.
        unsafe { write_moves(&list, moves, capacity, count) }
    })
}

/// Writes the moves played so far in this game (from its start position, oldest
/// first) into `moves`, with the array rules of yono_position_legal_moves(); the
/// number is also what yono_position_undo() can take back.
/// Errors: NULL_ARGUMENT (pos; moves with capacity > 0; count in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_history(
    pos: *const yono_position,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        // SAFETY: per the array rules of the contract.
        unsafe { write_moves(game.moves(), moves, capacity, count) }
    })
}

/// Checks whether `mv` is legal for the seat to move without playing it.
/// Returns YONO_STATUS_OK if it is legal.
/// Errors: NULL_ARGUMENT (pos), INVALID_ARGUMENT (mv describes no move),
/// ILLEGAL_MOVE (yono_last_error_code() says why, e.g. "king_threatened"),
/// GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_check_move(
    pos: *const yono_position,
    mv: yono_move,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        let mv = from_c_move(mv)?;
        game.check_move(mv)
            .map_err(|reason| Fail::from_move_error(&MoveError::Illegal { mv, reason }))
    })
}

/// Plays `mv` for the seat to move, then applies checkmates (seats may leave the
/// game) and the repetition draw. On any error the position is unchanged.
/// Errors: NULL_ARGUMENT (pos), INVALID_ARGUMENT (mv describes no move),
/// ILLEGAL_MOVE, GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_play(pos: *mut yono_position, mv: yono_move) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_mut(pos) }?;
        let mv = from_c_move(mv)?;
        game.play(mv)
            .map(drop)
            .map_err(|e| Fail::from_move_error(&e))
    })
}

/// Parses move text ("7g7f", "8h2b+", "P*5e", "pass") and plays it as
/// yono_position_play() does. On any error the position is unchanged.
/// Ownership: `text` stays the caller's.
/// Errors: NULL_ARGUMENT (pos, text), INVALID_UTF8, PARSE_ERROR (code
/// "malformed_move"), ILLEGAL_MOVE, GAME_OVER.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_play_text(
    pos: *mut yono_position,
    text: *const c_char,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, text) = unsafe { (game_mut(pos)?, text_arg(text, "text")?) };
        game.play_text(text)
            .map(drop)
            .map_err(|e| Fail::from_move_error(&e))
    })
}

/// Takes back the last move played in this game, storing it in `*undone` unless
/// `undone` is NULL.
/// Errors: NULL_ARGUMENT (pos), NOTHING_TO_UNDO (no move since the game's start
/// position; the position is unchanged).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_undo(
    pos: *mut yono_position,
    undone: *mut yono_move,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_mut(pos) }?;
        let mv = game.undo().ok_or_else(|| {
            Fail::new(
                YONO_STATUS_NOTHING_TO_UNDO,
                "nothing_to_undo",
                "no move to undo: the game is at its start position",
            )
        })?;
        // SAFETY: NULL or writable, per the contract.
        if let Some(out) = unsafe { undone.as_mut() } {
            *out = to_c_move(mv);
        }
        Ok(())
    })
}

// ---------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------

/// Writes the canonical position text (RULES.md section 8) into `buf`.
///
/// Buffer rules (the same for every function that writes text): `buf` == NULL with
/// `buf_len` == 0 asks only for the size: `*needed` receives the bytes needed,
/// terminating NUL included (needed must not be NULL then), and YONO_STATUS_OK is
/// returned. Otherwise `*needed` (if needed is not NULL) receives that size; if
/// `buf_len` is smaller, YONO_STATUS_BUFFER_TOO_SMALL is returned and `buf` is set to
/// "" (when buf_len > 0); else the NUL-terminated text is written.
/// Ownership: `buf` and `needed` stay the caller's; the library keeps no pointer.
/// Errors: NULL_ARGUMENT (pos; buf with buf_len > 0; needed in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_text(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&game.position().text(), buf, buf_len, needed) }
    })
}

/// Writes the SFEN of a standard Shogi position into `buf` (buffer rules of
/// yono_position_text()).
/// Errors: as yono_position_text(), and INVALID_ARGUMENT for a Yo[n]o position
/// (which has no SFEN).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_sfen(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        let sfen = game
            .position()
            .sfen()
            .ok_or_else(|| Fail::invalid("only a standard Shogi position has an SFEN"))?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&sfen, buf, buf_len, needed) }
    })
}

/// Writes a multi-line board diagram (pieces as seat letter + kind, e.g. "sK",
/// "n+R"; then each seat's state and reserve, and who is to move) into `buf`, with
/// the buffer rules of yono_position_text(). Lines end with '\n' (none after the
/// last).
/// Errors: as yono_position_text().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_diagram(
    pos: *const yono_position,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&game.position().to_string(), buf, buf_len, needed) }
    })
}

/// Parses move text ("7g7f", "8h2b+", "P*5e", "pass") into `*out`, without
/// checking legality (see yono_position_check_move()).
/// Ownership: `text` stays the caller's.
/// Errors: NULL_ARGUMENT (text, out), INVALID_UTF8, PARSE_ERROR (code
/// "malformed_move").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_move_from_text(
    text: *const c_char,
    out: *mut yono_move,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (text, out) = unsafe { (text_arg(text, "text")?, out_mut(out, "out")?) };
        let mv = Move::from_usi(text).map_err(|e| Fail::from_move_error(&e.into()))?;
        *out = to_c_move(mv);
        Ok(())
    })
}

/// Writes the text of `mv` ("7g7f", "8h2b+", "P*5e", "pass") into `buf`, with the
/// buffer rules of yono_position_text(); YONO_MOVE_TEXT_MAX bytes always suffice.
/// Errors: INVALID_ARGUMENT (mv describes no move), NULL_ARGUMENT (buf with
/// buf_len > 0; needed in a query), BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_move_to_text(
    mv: yono_move,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        let mv = from_c_move(mv)?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&mv.to_string(), buf, buf_len, needed) }
    })
}

// ---------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------

/// Counts the leaves of the legal-move tree `depth` plies deep (perft; `pass`
/// counts as a move; depth 0 gives 1; a finished game has no moves) into `*out`.
/// Runs the rules engine directly: no per-node cost over the Rust library. Time
/// grows about tenfold (Yo[n]o) or thirtyfold (Shogi) per ply.
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_position_perft(
    pos: *const yono_position,
    depth: u32,
    out: *mut u64,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(pos)?, out_mut(out, "out")?) };
        *out = game.perft(depth);
        Ok(())
    })
}

// ---------------------------------------------------------------------------------
// SVG diagrams
// ---------------------------------------------------------------------------------

/// What yono_game_svg() draws besides the position. Start from YONO_SVG_OPTIONS_INIT
/// or yono_svg_options_init() and change what you need.
///
/// The struct can grow: `struct_size` says which version the caller was compiled
/// against (sizeof(yono_svg_options) in its header). The library reads only the
/// first struct_size bytes and uses the defaults for fields a caller's older header
/// did not have; a struct_size larger than the library knows (a newer header than the
/// library) is an INVALID_ARGUMENT. New fields are only ever added at the end.
///
/// cbindgen:field-names=[struct_size, size, show_threats, zones_for, has_last_move, last_move, highlight, highlight_count, orientation, text_as_paths, selected, selected_reserve_seat, selected_reserve_kind, destinations, destinations_count, check, check_count]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_svg_options {
    /// sizeof(yono_svg_options) as the caller compiled it (set by the initialisers).
    pub struct_size: usize,
    /// Width and height of the picture in pixels; 0 for a scalable picture (no
    /// width/height attributes). Default 640.
    pub size: u32,
    /// 1 to mark threatened Kings (red square, arrows from the threatening pieces,
    /// the attackers named in the owner's panel), 0 not to. Default 1.
    pub show_threats: u8,
    /// Overlay this seat's drop zone and promotion zone; YONO_SEAT_NONE (default)
    /// for none.
    pub zones_for: yono_seat,
    /// 1 if last_move is to be shaded, 0 (default) if not.
    pub has_last_move: u8,
    /// The last move (origin and destination shaded; a drop: its square).
    pub last_move: yono_move,
    /// Squares (0..80) to shade in cyan, or NULL; read during the call only.
    pub highlight: *const u8,
    /// Number of squares in highlight.
    pub highlight_count: usize,
    /// The seat drawn at the bottom (default YONO_SEAT_SOUTH); yono_svg_square_rect()
    /// and yono_svg_hit_test() give the geometry for it.
    pub orientation: yono_seat,
    /// 1 to draw piece letters, counts and coordinates as paths, for renderers
    /// without text such as nanosvg (SDL2_image); default 0.
    pub text_as_paths: u8,
    /// A selected square (shaded green, framed) or YONO_SQUARE_NONE (default).
    pub selected: u8,
    /// The seat of a selected reserve piece, or YONO_SEAT_NONE (default).
    pub selected_reserve_seat: yono_seat,
    /// The kind of a selected reserve piece (YONO_PIECE_ROOK .. YONO_PIECE_PAWN), or
    /// YONO_PIECE_NONE (default).
    pub selected_reserve_kind: yono_piece_kind,
    /// Destination squares (a dot, or a frame on an occupied square), or NULL.
    pub destinations: *const u8,
    /// Number of squares in destinations.
    pub destinations_count: usize,
    /// Squares to mark as in check (red), besides the threatened Kings, or NULL.
    pub check: *const u8,
    /// Number of squares in check.
    pub check_count: usize,
}

/// The first published yono_svg_options, without struct_size: what
/// yono_svg_options_default() and yono_position_svg() still take, so programs built
/// against the old header keep working.
///
/// cbindgen:field-names=[size, show_threats, zones_for, has_last_move, last_move, highlight, highlight_count]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_svg_options_v0 {
    /// As in yono_svg_options.
    pub size: u32,
    /// As in yono_svg_options.
    pub show_threats: u8,
    /// As in yono_svg_options.
    pub zones_for: yono_seat,
    /// As in yono_svg_options.
    pub has_last_move: u8,
    /// As in yono_svg_options.
    pub last_move: yono_move,
    /// As in yono_svg_options.
    pub highlight: *const u8,
    /// As in yono_svg_options.
    pub highlight_count: usize,
}

/// The smallest struct_size accepted: the first version with struct_size.
const SVG_OPTIONS_V1_SIZE: usize = std::mem::size_of::<yono_svg_options>();

fn svg_options_defaults() -> yono_svg_options {
    yono_svg_options {
        struct_size: std::mem::size_of::<yono_svg_options>(),
        size: 640,
        show_threats: 1,
        zones_for: YONO_SEAT_NONE,
        has_last_move: 0,
        last_move: yono_move::default(),
        highlight: std::ptr::null(),
        highlight_count: 0,
        orientation: YONO_SEAT_SOUTH,
        text_as_paths: 0,
        selected: YONO_SQUARE_NONE,
        selected_reserve_seat: YONO_SEAT_NONE,
        selected_reserve_kind: YONO_PIECE_NONE,
        destinations: std::ptr::null(),
        destinations_count: 0,
        check: std::ptr::null(),
        check_count: 0,
    }
}

/// Stores the default options in `*opts` (as YONO_SVG_OPTIONS_INIT): size 640, threats
/// shown, South at the bottom, text as text, nothing selected or marked. Pass
/// sizeof(yono_svg_options) as `struct_size`.
/// Errors: NULL_ARGUMENT (opts), INVALID_ARGUMENT (a struct_size this library does not
/// know).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_options_init(
    opts: *mut yono_svg_options,
    struct_size: usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(opts, "opts") }?;
        if struct_size != SVG_OPTIONS_V1_SIZE {
            return Err(Fail::invalid(format!(
                "struct_size {struct_size} is not sizeof(yono_svg_options) ({SVG_OPTIONS_V1_SIZE})"
            )));
        }
        *out = svg_options_defaults();
        Ok(())
    })
}

/// Stores the default options in the old layout (yono_svg_options_v0).
/// Errors: NULL_ARGUMENT (out).
#[must_use]
#[deprecated(note = "use yono_svg_options_init() or YONO_SVG_OPTIONS_INIT")]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_options_default(out: *mut yono_svg_options_v0) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = yono_svg_options_v0 {
            size: 640,
            show_threats: 1,
            zones_for: YONO_SEAT_NONE,
            has_last_move: 0,
            last_move: yono_move::default(),
            highlight: std::ptr::null(),
            highlight_count: 0,
        };
        Ok(())
    })
}

/// Squares from a caller array of `count` bytes (NULL allowed when count is 0).
unsafe fn squares_arg(ptr: *const u8, count: usize, what: &str) -> Res<Vec<Square>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if ptr.is_null() {
        return Err(Fail::null(&format!("{what} (with a nonzero count)")));
    }
    if count > 81 * 16 {
        return Err(Fail::invalid(format!(
            "{what} count {count} is more than 1296"
        )));
    }
    // SAFETY: ptr points to count readable bytes, per the contract.
    let squares = unsafe { std::slice::from_raw_parts(ptr, count) };
    squares.iter().map(|&sq| square_arg(sq, what)).collect()
}

fn flag_arg(v: u8, what: &str) -> Res<bool> {
    match v {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(Fail::invalid(format!("{what} {v} is not 0 or 1"))),
    }
}

/// The options of a (current-layout) struct, checked.
unsafe fn svg_options_from(o: &yono_svg_options) -> Res<yono::svg::SvgOptions> {
    let mut out = yono::svg::SvgOptions::default()
        .with_size(o.size)
        .with_threats(flag_arg(o.show_threats, "show_threats")?)
        .with_text_as_paths(flag_arg(o.text_as_paths, "text_as_paths")?)
        .with_orientation(seat_arg(o.orientation)?);
    if o.zones_for != YONO_SEAT_NONE {
        out.zones_for = Some(seat_arg(o.zones_for)?);
    }
    if flag_arg(o.has_last_move, "has_last_move")? {
        out.last_move = Some(from_c_move(o.last_move)?);
    }
    if o.selected != YONO_SQUARE_NONE {
        out.selected = Some(square_arg(o.selected, "selected")?);
    }
    match (o.selected_reserve_seat, o.selected_reserve_kind) {
        (YONO_SEAT_NONE, YONO_PIECE_NONE) => {}
        (seat, kind) => {
            out.selected_reserve = Some((seat_arg(seat)?, hand_kind_arg(kind)?));
        }
    }
    // SAFETY: each array has its count of readable bytes, per the contract.
    unsafe {
        out.highlight = squares_arg(o.highlight, o.highlight_count, "highlighted")?;
        out.destinations = squares_arg(o.destinations, o.destinations_count, "destination")?;
        out.check = squares_arg(o.check, o.check_count, "check")?;
    }
    Ok(out)
}

unsafe fn svg_options_arg(opts: *const yono_svg_options) -> Res<yono::svg::SvgOptions> {
    if opts.is_null() {
        return Ok(yono::svg::SvgOptions::default());
    }
    // SAFETY: a readable struct_size field first, per the contract.
    let size = unsafe { opts.cast::<usize>().read_unaligned() };
    let ours = std::mem::size_of::<yono_svg_options>();
    if size > ours || size < SVG_OPTIONS_V1_SIZE {
        return Err(Fail::invalid(format!(
            "struct_size {size} is not a yono_svg_options size this library knows \
             ({SVG_OPTIONS_V1_SIZE} to {ours}): initialise with YONO_SVG_OPTIONS_INIT"
        )));
    }
    // Older, shorter layouts: the caller's bytes over the defaults.
    let mut o = svg_options_defaults();
    // SAFETY: the caller's struct has `size` readable bytes, and `o` at least as many.
    unsafe {
        std::ptr::copy_nonoverlapping(
            opts.cast::<u8>(),
            (&mut o as *mut yono_svg_options).cast::<u8>(),
            size,
        )
    };
    // SAFETY: the arrays in `o` come from the caller, per the contract.
    unsafe { svg_options_from(&o) }
}

/// Writes an SVG 1.1 diagram of the current position into `buf`, with the buffer
/// rules of yono_position_text() (a diagram is about 30 to 60 kB: ask for the size
/// first). The board has coordinates; each seat's pieces are drawn in its own colour
/// pointing in its forward direction, promoted ones filled solid; each seat's reserve
/// and state (to move, checkmated with its score, winner) are shown beside its side.
/// The output draws alike in librsvg, resvg, browsers and QtSvg (no markers, patterns
/// or <title> inside <text>); with text_as_paths also in renderers without text.
/// Squares have ids "sq-5e", pieces "piece-5e", reserve pieces "reserve-s-P" with a
/// transparent hit area "slot-s-P". `opts` may be NULL for the defaults.
/// Geometry: yono_svg_square_rect(), yono_svg_reserve_rect(), yono_svg_hit_test().
/// Errors: as yono_position_text(), and INVALID_ARGUMENT (a bad struct_size, seat,
/// square, move or flag in opts), NULL_ARGUMENT (an array with a nonzero count).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_svg(
    game: *const yono_game,
    opts: *const yono_svg_options,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: NULL or valid, per the contract.
        let opts = unsafe { svg_options_arg(opts) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&game.position().svg(&opts), buf, buf_len, needed) }
    })
}

/// yono_game_svg() with the old options layout (yono_svg_options_v0, NULL for the
/// defaults).
/// Errors: as yono_game_svg().
#[must_use]
#[deprecated(note = "use yono_game_svg() with yono_svg_options")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_svg(
    pos: *const yono_position,
    opts: *const yono_svg_options_v0,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        let mut o = svg_options_defaults();
        // SAFETY: NULL or a valid old-layout struct, per the contract.
        if let Some(v0) = unsafe { opts.as_ref() } {
            o.size = v0.size;
            o.show_threats = v0.show_threats;
            o.zones_for = v0.zones_for;
            o.has_last_move = v0.has_last_move;
            o.last_move = v0.last_move;
            o.highlight = v0.highlight;
            o.highlight_count = v0.highlight_count;
        }
        // SAFETY: the arrays come from the caller, per the contract.
        let opts = unsafe { svg_options_from(&o) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&game.position().svg(&opts), buf, buf_len, needed) }
    })
}

/// A rectangle in the SVG's viewBox units (the viewBox is 920 x 920; a picture of
/// `size` pixels scales by size / 920).
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct yono_rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

fn to_c_rect(r: yono::svg::Rect) -> yono_rect {
    yono_rect {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
    }
}

/// Stores in `*out` the rectangle of `square` in a diagram drawn with `orientation`
/// at the bottom (the board's top-left corner is at (188, 188), squares are 60 wide).
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (square, orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_square_rect(
    square: u8,
    orientation: yono_seat,
    out: *mut yono_rect,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        let sq = square_arg(square, "the")?;
        *out = to_c_rect(yono::svg::square_rect(sq, seat_arg(orientation)?));
        Ok(())
    })
}

/// Stores in `*out` the rectangle of `seat`'s reserve slot for `kind` (piece and
/// count) in a diagram drawn with `orientation` at the bottom. Each kind has a fixed
/// slot (R B G S N L P), drawn only while the seat holds one.
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (seat, kind, orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_reserve_rect(
    seat: yono_seat,
    kind: yono_piece_kind,
    orientation: yono_seat,
    out: *mut yono_rect,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        let (seat, kind) = (seat_arg(seat)?, hand_kind_arg(kind)?);
        let rect = yono::svg::reserve_rect(seat, kind, seat_arg(orientation)?)
            .ok_or_else(|| Fail::invalid("no reserve slot"))?;
        *out = to_c_rect(rect);
        Ok(())
    })
}

/// What the point (x, y), in viewBox units (pixels * 920 / size), falls on in a
/// diagram drawn with `orientation` at the bottom: a square (stored in `*square`,
/// with `*seat` and `*kind` set to NONE), a reserve slot (`*seat` and `*kind` set,
/// `*square` YONO_SQUARE_NONE; the seat may hold none of that kind), or nothing (all
/// three NONE).
/// Errors: NULL_ARGUMENT (square, seat, kind), INVALID_ARGUMENT (orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_hit_test(
    x: f32,
    y: f32,
    orientation: yono_seat,
    square: *mut u8,
    seat: *mut yono_seat,
    kind: *mut yono_piece_kind,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let (square, seat, kind) = unsafe {
            (
                out_mut(square, "square")?,
                out_mut(seat, "seat")?,
                out_mut(kind, "kind")?,
            )
        };
        let hit = yono::svg::hit_test(x, y, seat_arg(orientation)?);
        (*square, *seat, *kind) = match hit {
            Some(yono::svg::Target::Square(sq)) => {
                (sq.index() as u8, YONO_SEAT_NONE, YONO_PIECE_NONE)
            }
            Some(yono::svg::Target::Reserve(s, k)) => (
                YONO_SQUARE_NONE,
                s.index() as yono_seat,
                k.index() as yono_piece_kind,
            ),
            None => (YONO_SQUARE_NONE, YONO_SEAT_NONE, YONO_PIECE_NONE),
        };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------
// Game records
// ---------------------------------------------------------------------------------

/// A game record: a game (start position and moves) with metadata (event, date,
/// player names, ...) and a comment per move, saved and loaded in the text form of
/// docs/RECORDS.md.
///
/// Opaque. Create with yono_record_load() or yono_record_from_position(); destroy with
/// yono_record_free(). Threads: as yono_game (const calls may overlap).
pub struct yono_record {
    rec: yono::GameRecord,
}

/// A record that cannot be loaded is a PARSE_ERROR; metadata or a comment that
/// cannot be stored an INVALID_ARGUMENT. The code ("record_...") says which problem.
fn record_fail(e: &yono::RecordError) -> Fail {
    let status = match e {
        yono::RecordError::BadKey { line: 0, .. }
        | yono::RecordError::BadValue { line: 0, .. }
        | yono::RecordError::NoSuchMove { .. } => YONO_STATUS_INVALID_ARGUMENT,
        _ => YONO_STATUS_PARSE_ERROR,
    };
    Fail::new(status, e.code(), e.to_string())
}

unsafe fn record_ref<'a>(rec: *const yono_record) -> Res<&'a yono::GameRecord> {
    // SAFETY: the caller passes NULL or a live handle from this library.
    unsafe { rec.as_ref() }
        .map(|r| &r.rec)
        .ok_or_else(|| Fail::null("rec"))
}

unsafe fn record_mut<'a>(rec: *mut yono_record) -> Res<&'a mut yono::GameRecord> {
    // SAFETY: the caller passes NULL or a live handle used by one thread at a time.
    unsafe { rec.as_mut() }
        .map(|r| &mut r.rec)
        .ok_or_else(|| Fail::null("rec"))
}

/// Reads a game record into a new handle in `*out`, replaying and checking every
/// move, and the stated results against the replay. The text form and the JSON form
/// (text starting with "{" after white space) are both read.
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
pub unsafe extern "C" fn yono_record_load(
    text: *const c_char,
    out: *mut *mut yono_record,
    bad_ply: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        if let Some(p) = unsafe { bad_ply.as_mut() } {
            *p = 0;
        }
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or NUL-terminated, per the contract.
        let text = unsafe { text_arg(text, "text") }?;
        let parsed = if text.trim_start().starts_with('{') {
            yono::GameRecord::from_json(text)
        } else {
            yono::GameRecord::from_text(text)
        };
        let rec = parsed.map_err(|e| {
            // SAFETY: NULL or writable, per the contract.
            if let Some(p) = unsafe { bad_ply.as_mut() } {
                *p = e.ply().unwrap_or(0);
            }
            record_fail(&e)
        })?;
        *out = Box::into_raw(Box::new(yono_record { rec }));
        Ok(())
    })
}

/// A new record of the game `pos` (its start position and every move played), without
/// metadata or comments, stored in `*out`.
/// Ownership: as yono_record_load().
/// Errors: NULL_ARGUMENT (pos, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_from_position(
    pos: *const yono_position,
    out: *mut *mut yono_record,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(pos) }?;
        let rec = yono::GameRecord::from_game(game.clone());
        *out = Box::into_raw(Box::new(yono_record { rec }));
        Ok(())
    })
}

/// Releases a record. NULL is allowed and does nothing.
#[no_mangle]
pub unsafe extern "C" fn yono_record_free(rec: *mut yono_record) {
    // SAFETY: NULL or a live handle from Box::into_raw, freed once, per the contract.
    unsafe { free_handle(rec) }
}

/// Writes the record in its text form into `buf` (buffer rules of
/// yono_position_text()). yono_record_load() of this text gives an equal record.
/// Errors: as yono_position_text() (with rec for pos).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_save(
    rec: *const yono_record,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_ref(rec) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&rec.to_text(), buf, buf_len, needed) }
    })
}

/// Writes the record in its JSON form (the machine form of docs/RECORDS.md) into `buf`
/// (buffer rules of yono_position_text()). yono_record_load() of this text gives an
/// equal record.
/// Errors: as yono_position_text() (with rec for pos).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_save_json(
    rec: *const yono_record,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_ref(rec) }?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(&rec.to_json(), buf, buf_len, needed) }
    })
}

/// Sets metadata `key` to `value` (trimmed; one line, at most 1024 bytes), or removes
/// it when `value` is NULL. Keys are lower-case ASCII letters, digits, '_' and '-',
/// starting with a letter: "event", "site", "date", "round", "south", "west",
/// "north", "east", ...
/// Errors: NULL_ARGUMENT (rec, key), INVALID_UTF8, INVALID_ARGUMENT (code
/// "record_bad_key" or "record_bad_value").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_set_meta(
    rec: *mut yono_record,
    key: *const c_char,
    value: *const c_char,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (rec, key) = unsafe { (record_mut(rec)?, text_arg(key, "key")?) };
        if value.is_null() {
            rec.remove_meta(key);
            return Ok(());
        }
        // SAFETY: NUL-terminated, per the contract.
        let value = unsafe { text_arg(value, "value") }?;
        rec.set_meta(key, value).map_err(|e| record_fail(&e))
    })
}

/// Writes metadata `key`'s value into `buf` (buffer rules of yono_position_text()).
/// Errors: as yono_position_text() (with rec for pos), NULL_ARGUMENT (key),
/// INVALID_UTF8, INVALID_ARGUMENT (no such key).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta(
    rec: *const yono_record,
    key: *const c_char,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (rec, key) = unsafe { (record_ref(rec)?, text_arg(key, "key")?) };
        let value = rec
            .meta(key)
            .ok_or_else(|| Fail::invalid(format!("no metadata {key:?}")))?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(value, buf, buf_len, needed) }
    })
}

/// Sets the comment on move `ply` (from 1; one line, at most 1024 bytes), or removes
/// it when `comment` is NULL or "".
/// Errors: NULL_ARGUMENT (rec), INVALID_UTF8, INVALID_ARGUMENT (code
/// "record_no_such_move" or "record_bad_value").
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_set_comment(
    rec: *mut yono_record,
    ply: usize,
    comment: *const c_char,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_mut(rec) }?;
        let comment = if comment.is_null() {
            ""
        } else {
            // SAFETY: NUL-terminated, per the contract.
            unsafe { text_arg(comment, "comment") }?
        };
        rec.set_comment(ply, comment).map_err(|e| record_fail(&e))
    })
}

/// Stores the number of moves in the record in `*out`.
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_ply_count(
    rec: *const yono_record,
    out: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (rec, out) = unsafe { (record_ref(rec)?, out_mut(out, "out")?) };
        *out = rec.moves().len();
        Ok(())
    })
}

/// The old name of yono_record_to_game(), which it calls (the new name says that it
/// makes a new handle).
/// Errors: as yono_record_to_game().
#[must_use]
#[deprecated(note = "use yono_record_to_game()")]
#[no_mangle]
pub unsafe extern "C" fn yono_record_position(
    rec: *const yono_record,
    out: *mut *mut yono_position,
) -> yono_status {
    // SAFETY: the same contract.
    unsafe { yono_record_to_game(rec, out) }
}

/// A new game handle at the record's final position, with its moves as history
/// (status, scores, undo work as usual), stored in `*out`.
/// Ownership: as yono_position_from_text(): the caller frees `*out`.
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_to_game(
    rec: *const yono_record,
    out: *mut *mut yono_position,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_ref(rec) }?;
        make_handle(out, || Ok(rec.game().clone()))
    })
}

// ---------------------------------------------------------------------------------
// Threads and GUIs
// ---------------------------------------------------------------------------------

/// A snapshot of `game` for another thread: an independent deep copy (history
/// included) stored in `*out`, a few microseconds. Take it while no other thread
/// changes `game` (under the lock of the thread that plays), then hand it to the
/// reader, which needs no lock for it and frees it with yono_game_free().
/// Ownership: the caller owns `*out`; on failure `*out` is set to NULL.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_snapshot(
    game: *const yono_game,
    out: *mut *mut yono_game,
) -> yono_status {
    // SAFETY: the same contract as yono_position_clone().
    unsafe { yono_position_clone(game, out) }
}

/// Releases a game handle (the same as yono_position_free()). NULL is allowed.
#[no_mangle]
pub unsafe extern "C" fn yono_game_free(game: *mut yono_game) {
    // SAFETY: the same contract as yono_position_free().
    unsafe { yono_position_free(game) }
}

/// Whether a from→to move may promote: yono_game_promotion_status().
pub type yono_promotion = u8;
/// Only the move without promotion is legal: play it without asking.
pub const YONO_PROMOTION_IMPOSSIBLE: yono_promotion = 0;
/// Both are legal: ask the player.
pub const YONO_PROMOTION_OPTIONAL: yono_promotion = 1;
/// Only the promoting move is legal: play it without asking.
pub const YONO_PROMOTION_COMPULSORY: yono_promotion = 2;
/// No legal move goes from that square to that square.
pub const YONO_PROMOTION_NO_MOVE: yono_promotion = 255;

/// What a move does (yono_game_preview()) or did (yono_game_play_described()).
///
/// cbindgen:field-names=[mover, piece, captured, promotes, fallen_count, fallen, fallen_scores, status, winner, next_turn]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_move_effect {
    /// The seat that plays it.
    pub mover: yono_seat,
    /// The piece moved or dropped, before the move (NONE for a pass).
    pub piece: yono_piece,
    /// The piece taken (NONE if none); it joins the mover's reserve unpromoted.
    pub captured: yono_piece,
    /// 1 if the move promotes, else 0.
    pub promotes: u8,
    /// How many seats lose by this move (0..3).
    pub fallen_count: u8,
    /// The seats that lose, in seat order: checkmated and removed (Yo[n]o), and at the
    /// end of a won game every seat but the winner (in Shogi the checkmated side).
    pub fallen: [yono_seat; 4],
    /// Their scores (fallen_scores[i] is the score of fallen[i]).
    pub fallen_scores: [u8; 4],
    /// The game's status after the move (YONO_GAME_*).
    pub status: yono_game_status,
    /// The winner after the move, or YONO_SEAT_NONE.
    pub winner: yono_seat,
    /// The seat to move after the move (after a win: see yono_position_turn()).
    pub next_turn: yono_seat,
}

fn to_c_piece(p: Option<yono::Piece>) -> yono_piece {
    match p {
        Some(p) => yono_piece {
            seat: p.seat.index() as yono_seat,
            kind: p.kind.index() as yono_piece_kind,
        },
        None => yono_piece {
            seat: YONO_SEAT_NONE,
            kind: YONO_PIECE_NONE,
        },
    }
}

fn to_c_effect(e: &yono::MoveEffect) -> yono_move_effect {
    let mut out = yono_move_effect {
        mover: e.mover.index() as yono_seat,
        piece: to_c_piece(e.piece),
        captured: to_c_piece(e.captured),
        promotes: e.promotes as u8,
        fallen_count: 0,
        fallen: [YONO_SEAT_NONE; 4],
        fallen_scores: [0; 4],
        status: match e.status {
            Status::Ongoing => YONO_GAME_ONGOING,
            Status::Won(_) => YONO_GAME_WON,
            Status::DrawnByRepetition => YONO_GAME_DRAWN_BY_REPETITION,
        },
        winner: match e.status {
            Status::Won(w) => w.index() as yono_seat,
            _ => YONO_SEAT_NONE,
        },
        next_turn: e.next_turn.index() as yono_seat,
    };
    for (i, &(seat, score)) in e.fallen.iter().take(4).enumerate() {
        out.fallen[i] = seat.index() as yono_seat;
        out.fallen_scores[i] = score;
        out.fallen_count += 1;
    }
    out
}

/// The legal board moves of the piece on `from` (none for an empty square or another
/// seat's piece; both promotion choices included), into `moves` with the array rules
/// of yono_position_legal_moves(). For the squares to highlight after a click.
/// Errors: as yono_position_legal_moves(), INVALID_ARGUMENT (from).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_moves_from(
    game: *const yono_game,
    from: u8,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(game) }?;
        let from = square_arg(from, "origin")?;
        let list = game.moves_from(from);
        // SAFETY: per the array rules of the contract.
        unsafe { write_moves(&list, moves, capacity, count) }
    })
}

/// The legal drops of `kind` (YONO_PIECE_ROOK .. YONO_PIECE_PAWN) by the seat to move
/// (none if its reserve holds none), with the array rules of
/// yono_position_legal_moves(); their `to` squares are the drop targets.
/// Errors: as yono_position_legal_moves(), INVALID_ARGUMENT (kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_drops_of(
    game: *const yono_game,
    kind: yono_piece_kind,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_ref(game) }?;
        let kind = hand_kind_arg(kind)?;
        let list = game.drops_of(kind);
        // SAFETY: per the array rules of the contract.
        unsafe { write_moves(&list, moves, capacity, count) }
    })
}

/// Stores in `*out` whether the move `from`→`to` may promote: IMPOSSIBLE, OPTIONAL
/// (ask the player), COMPULSORY, or YONO_PROMOTION_NO_MOVE when it is not legal.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (from, to).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_promotion_status(
    game: *const yono_game,
    from: u8,
    to: u8,
    out: *mut yono_promotion,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(game)?, out_mut(out, "out")?) };
        let (from, to) = (square_arg(from, "origin")?, square_arg(to, "destination")?);
        *out = match game.promotion_status(from, to) {
            Some(yono::PromotionStatus::Impossible) => YONO_PROMOTION_IMPOSSIBLE,
            Some(yono::PromotionStatus::Optional) => YONO_PROMOTION_OPTIONAL,
            Some(yono::PromotionStatus::Compulsory) => YONO_PROMOTION_COMPULSORY,
            None => YONO_PROMOTION_NO_MOVE,
        };
        Ok(())
    })
}

/// What `mv` would do, without playing it, stored in `*out`.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (a malformed move),
/// ILLEGAL_MOVE and GAME_OVER as yono_position_play() (nothing is played).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_preview(
    game: *const yono_game,
    mv: yono_move,
    out: *mut yono_move_effect,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(game)?, out_mut(out, "out")?) };
        let effect = game
            .preview(from_c_move(mv)?)
            .map_err(|e| Fail::from_move_error(&e))?;
        *out = to_c_effect(&effect);
        Ok(())
    })
}

/// Plays `mv` (as yono_position_play()) and stores what it did in `*out` (`out` may be
/// NULL).
/// Errors: as yono_position_play().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_play_described(
    game: *mut yono_game,
    mv: yono_move,
    out: *mut yono_move_effect,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_mut(game) }?;
        let effect = game
            .play_described(from_c_move(mv)?)
            .map_err(|e| Fail::from_move_error(&e))?;
        // SAFETY: NULL or writable, per the contract.
        if let Some(out) = unsafe { out.as_mut() } {
            *out = to_c_effect(&effect);
        }
        Ok(())
    })
}

/// Plays again the last move taken back by yono_position_undo(), storing it in
/// `*redone` unless that is NULL. Playing any other move forgets the undone moves.
/// Errors: NULL_ARGUMENT (game), NOTHING_TO_UNDO (code "nothing_to_redo": no undone
/// move to play again; nothing changes).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_redo(
    game: *mut yono_game,
    redone: *mut yono_move,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { game_mut(game) }?;
        let mv = game.redo().ok_or_else(|| {
            Fail::new(
                YONO_STATUS_NOTHING_TO_UNDO,
                "nothing_to_redo",
                "no move to redo: nothing was undone since the last move",
            )
        })?;
        // SAFETY: NULL or writable, per the contract.
        if let Some(out) = unsafe { redone.as_mut() } {
            *out = to_c_move(mv);
        }
        Ok(())
    })
}

/// Stores in `*out` how many undone moves yono_game_redo() can play again.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_redo_count(
    game: *const yono_game,
    out: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(game)?, out_mut(out, "out")?) };
        *out = game.redo_moves().len();
        Ok(())
    })
}

/// Stores in `*out` the seats that have lost (a yono_seat_set): the checkmated seats
/// removed from the game and, once the game is won, every seat but the winner. In
/// Shogi the checkmated side is never removed (yono_position_is_out() stays 0 and
/// yono_position_seats_in_game() keeps it), so this is the call for "who lost".
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_lost_seats(
    game: *const yono_game,
    out: *mut yono_seat_set,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (game, out) = unsafe { (game_ref(game)?, out_mut(out, "out")?) };
        *out = game.lost_seats().bits();
        Ok(())
    })
}

/// Writes the comment on move `ply` (from 1) into `buf` (buffer rules of
/// yono_position_text()); "" when that move has none.
/// Errors: as yono_position_text() (with rec for pos), INVALID_ARGUMENT (code
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
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_ref(rec) }?;
        if ply == 0 || ply > rec.moves().len() {
            return Err(Fail::new(
                YONO_STATUS_INVALID_ARGUMENT,
                "record_no_such_move",
                format!("no move {ply}: the record has {} moves", rec.moves().len()),
            ));
        }
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(rec.comment(ply).unwrap_or(""), buf, buf_len, needed) }
    })
}

/// Stores in `*out` how many metadata keys the record has (its headers, unknown ones
/// included; yono_record_meta_key() names them).
/// Errors: NULL_ARGUMENT (rec, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta_count(
    rec: *const yono_record,
    out: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or valid, per the contract.
        let (rec, out) = unsafe { (record_ref(rec)?, out_mut(out, "out")?) };
        *out = rec.metadata().len();
        Ok(())
    })
}

/// Writes the `index`-th metadata key (0 .. yono_record_meta_count() - 1, in sorted
/// order) into `buf` (buffer rules of yono_position_text()); its value:
/// yono_record_meta().
/// Errors: as yono_position_text() (with rec for pos), INVALID_ARGUMENT (index).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_meta_key(
    rec: *const yono_record,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_ref(rec) }?;
        let key = rec.metadata().keys().nth(index).ok_or_else(|| {
            Fail::invalid(format!(
                "metadata index {index}: the record has {} keys",
                rec.metadata().len()
            ))
        })?;
        // SAFETY: per the buffer rules of the contract.
        unsafe { write_text(key, buf, buf_len, needed) }
    })
}

/// Appends `mv` to the record (played from its final position, checked as
/// yono_position_play()), with `comment` (one line, at most 1024 bytes; NULL or "" for
/// none). Metadata and earlier comments are kept, so a loaded record can be continued
/// and saved again.
/// Errors: NULL_ARGUMENT (rec), INVALID_UTF8, INVALID_ARGUMENT (a malformed move, or
/// code "record_bad_value" for the comment), PARSE_ERROR (code "record_bad_move": the
/// move is not legal there; the message says why). Nothing changes on error.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_record_play(
    rec: *mut yono_record,
    mv: yono_move,
    comment: *const c_char,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let rec = unsafe { record_mut(rec) }?;
        let comment = if comment.is_null() {
            None
        } else {
            // SAFETY: NUL-terminated, per the contract.
            Some(unsafe { text_arg(comment, "comment") }?)
        };
        rec.play(from_c_move(mv)?, comment)
            .map_err(|e| record_fail(&e))
    })
}

mod engine;
pub use engine::*;

#[cfg(test)]
mod tests;
