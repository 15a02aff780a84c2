//! Reading a game: whose turn, who is in, what stands where, the status and scores,
//! and the move lists (legal moves, the history, perft).

use yono::{Game, Move, Seat, SeatState};

use crate::boundary::{guard, query, try_ref, write_array, yono_status, Res};
use crate::convert::{arg, HandKind, ToC};
use crate::types::*;

use super::yono_game;

/// Writes a list of moves into a caller array with the array rules of
/// yono_game_legal_moves().
///
/// # Safety
/// As the functions that call it.
pub(crate) unsafe fn moves_query<'a, L: AsRef<[Move]>>(
    game: *const yono_game,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
    list: impl FnOnce(&'a Game) -> Res<L>,
) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let list = list(unsafe { try_ref(game) }?)?;
        // SAFETY: per the array rules of the contract.
        unsafe { write_array(list.as_ref(), Move::to_c, moves, capacity, count) }
    })
}

/// Stores the ruleset (YONO_RULESET_*) in `*out`.
/// Errors: NULL_ARGUMENT (game, out); INVALID_ARGUMENT with code "wrong_handle_type"
/// (another handle type) for every function on a yono_game.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_ruleset(game: *const yono_game, out: *mut yono_ruleset) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().ruleset().to_c())) }
}

/// Stores the seat to move (YONO_SEAT_*) in `*out`. Once a game is over this is still
/// the seat whose turn it would be: in Yo[n]o the winner (the only seat left), in Shogi
/// the checkmated side (checkmate there is having no move on one's turn). Who won:
/// yono_game_winner(); who lost: yono_game_lost_seats().
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_turn(game: *const yono_game, out: *mut yono_seat) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().turn().to_c())) }
}

/// Stores the set of seats still in the game (bit 1 << seat) in `*out`: not removed
/// by the checkmate rule. At the Yo[n]o start this is 0xF; at the Shogi start 0x5, and
/// it stays 0x5 after a Shogi checkmate (see yono_game_lost_seats()).
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_seats_in_game(game: *const yono_game, out: *mut yono_seat_set) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().seats_in_game().bits())) }
}

/// Stores the move number (1 at the start, +1 after every move or pass) in `*out`.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_move_number(game: *const yono_game, out: *mut u32) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().move_number())) }
}

/// Stores what stands on `square` (0..80, see YONO_SQUARE()) in `*out`: its seat
/// and kind, or YONO_SEAT_NONE and YONO_PIECE_NONE if the square is empty.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (square).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_piece_at(game: *const yono_game, square: u8, out: *mut yono_piece) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().piece_at(arg(square, "square")?).to_c())) }
}

/// Stores how many pieces of `kind` (YONO_PIECE_ROOK .. YONO_PIECE_PAWN) `seat`
/// holds in its reserve in `*out` (0 for a seat that is out or not in the ruleset).
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (seat, kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_reserve_count(
    game: *const yono_game,
    seat: yono_seat,
    kind: yono_piece_kind,
    out: *mut u8,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query(game, out, |g| {
            let HandKind(kind) = arg(kind, "kind")?;
            Ok(g.position().reserve(arg(seat, "seat")?).count(kind))
        })
    }
}

/// Stores in `*out` the set of seats (bit 1 << seat) whose pieces threaten the King
/// of `seat` (what a GUI shows as check); 0 when nobody does or `seat` has no King
/// (it is out, or not in the ruleset).
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_threatened_by(game: *const yono_game, seat: yono_seat, out: *mut yono_seat_set) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.position().threatened_by(arg(seat, "seat")?).bits())) }
}

/// Stores the game status (YONO_GAME_ONGOING, YONO_GAME_WON or
/// YONO_GAME_DRAWN_BY_REPETITION) in `*out`. (Named _get_status because
/// yono_game_status is the type of the answer.)
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_get_status(game: *const yono_game, out: *mut yono_game_status) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.status().to_c())) }
}

/// Stores how the game ended (YONO_END_*: last seat standing, no legal move,
/// repetition, perpetual check) in `*out`, or YONO_END_NONE while it goes on.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_end_reason(game: *const yono_game, out: *mut yono_end_reason) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.end_reason().to_c())) }
}

/// Stores the winner (YONO_SEAT_*) in `*out`, or YONO_SEAT_NONE while the game goes
/// on or when it was drawn.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_winner(game: *const yono_game, out: *mut yono_seat) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.status().winner().to_c())) }
}

/// Stores the score of `seat` in `*out` once it is decided, else -1: a checkmated
/// seat's score (3 minus the other seats still in the game when it fell), and at
/// the end of the game the winner's (3; Shogi: 1, the loser 0) or, after a draw by
/// repetition, every remaining seat's. -1 for a seat still playing in an ongoing
/// game and for a seat not in the ruleset (West and East in Shogi).
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_score(game: *const yono_game, seat: yono_seat, out: *mut i8) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.scores()[arg::<Seat, _>(seat, "seat")?].map_or(-1, |s| s as i8))) }
}

/// Stores in `*out` whether `seat` is out of the game: 1 if it was checkmated and
/// removed by the Yo[n]o checkmate rule, 0 if it is still on the board or not in the
/// ruleset. A checkmated Shogi side is not removed (0 here); who lost, in either
/// ruleset: yono_game_lost_seats(). (Its score: yono_game_score().)
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (seat).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_is_out(game: *const yono_game, seat: yono_seat, out: *mut u8) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query(game, out, |g| {
            Ok(matches!(g.position().seat_state(arg(seat, "seat")?), SeatState::Out(_)) as u8)
        })
    }
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
/// Errors: NULL_ARGUMENT (game; moves with capacity > 0; count in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_legal_moves(
    game: *const yono_game,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe { moves_query(game, moves, capacity, count, |g| Ok(g.legal_moves())) }
}

/// Writes the moves played so far in this game (from its start position, oldest
/// first) into `moves`, with the array rules of yono_game_legal_moves(); the
/// number is also what yono_game_undo() can take back.
/// Errors: NULL_ARGUMENT (game; moves with capacity > 0; count in a query),
/// BUFFER_TOO_SMALL.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_history(
    game: *const yono_game,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe { moves_query(game, moves, capacity, count, |g| Ok(g.moves())) }
}

/// Counts the leaves of the legal-move tree `depth` plies deep (perft; `pass`
/// counts as a move; depth 0 gives 1; a finished game has no moves) into `*out`.
/// Runs the rules engine directly: no per-node cost over the Rust library. Time
/// grows about tenfold (Yo[n]o) or thirtyfold (Shogi) per ply.
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_perft(game: *const yono_game, depth: u32, out: *mut u64) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.perft(depth))) }
}
