//! What a board GUI asks beyond the rules: the moves of one piece, the drops of one
//! kind, whether a move may promote, what a move does before and after it is played,
//! and who has lost. (The threading pattern is yono_game_clone(); the picture and its
//! geometry are in `svg.rs`.)

use yono::{MoveEffect, Square};

use crate::boundary::{guard, query, store_if, try_mut, yono_status};
use crate::convert::{arg, HandKind, ToC};
use crate::game::{moves_query, yono_game};
use crate::types::*;

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
    /// The seat to move after the move (after a win: see yono_game_turn()).
    pub next_turn: yono_seat,
}

impl ToC<yono_move_effect> for &MoveEffect {
    fn to_c(self) -> yono_move_effect {
        let mut out = yono_move_effect {
            mover: self.mover.to_c(),
            piece: self.piece.to_c(),
            captured: self.captured.to_c(),
            promotes: self.promotes as u8,
            fallen_count: 0,
            fallen: [YONO_SEAT_NONE; 4],
            fallen_scores: [0; 4],
            status: self.status.to_c(),
            winner: self.status.winner().to_c(),
            next_turn: self.next_turn.to_c(),
        };
        for (i, &(seat, score)) in self.fallen.iter().take(4).enumerate() {
            out.fallen[i] = seat.to_c();
            out.fallen_scores[i] = score;
            out.fallen_count += 1;
        }
        out
    }
}
/// The legal board moves of the piece on `from` (none for an empty square or another
/// seat's piece; both promotion choices included), into `moves` with the array rules
/// of yono_game_legal_moves(). For the squares to highlight after a click.
/// Errors: as yono_game_legal_moves(), INVALID_ARGUMENT (from).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_moves_from(
    game: *const yono_game,
    from: u8,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        moves_query(game, moves, capacity, count, |g| {
            Ok(g.moves_from(arg::<Square, _>(from, "origin square")?))
        })
    }
}

/// The legal drops of `kind` (YONO_PIECE_ROOK .. YONO_PIECE_PAWN) by the seat to move
/// (none if its reserve holds none), with the array rules of
/// yono_game_legal_moves(); their `to` squares are the drop targets.
/// Errors: as yono_game_legal_moves(), INVALID_ARGUMENT (kind).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_drops_of(
    game: *const yono_game,
    kind: yono_piece_kind,
    moves: *mut yono_move,
    capacity: usize,
    count: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        moves_query(
            game,
            moves,
            capacity,
            count,
            |g| Ok(g.drops_of(arg::<HandKind, _>(kind, "kind")?.0)),
        )
    }
}

/// Stores in `*out` whether the move `from`→`to` may promote: IMPOSSIBLE, OPTIONAL
/// (ask the player), COMPULSORY, or YONO_PROMOTION_NO_MOVE when it is not legal.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (from, to).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_promotion_status(game: *const yono_game, from: u8, to: u8, out: *mut yono_promotion) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query(game, out, |g| {
            let from: Square = arg(from, "origin square")?;
            Ok(g.promotion_status(from, arg(to, "destination square")?).to_c())
        })
    }
}

/// What `mv` would do, without playing it, stored in `*out`.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (a malformed move),
/// ILLEGAL_MOVE and GAME_OVER as yono_game_play() (nothing is played).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_preview(game: *const yono_game, mv: yono_move, out: *mut yono_move_effect) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.preview(arg(mv, "move")?)?.to_c())) }
}

/// Plays `mv` (as yono_game_play()) and stores what it did in `*out` (`out` may be
/// NULL).
/// Errors: as yono_game_play().
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_play_described(game: *mut yono_game, mv: yono_move, out: *mut yono_move_effect) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { try_mut(game) }?;
        let effect = game.play_described(arg(mv, "move")?)?;
        // SAFETY: NULL or writable, per the contract.
        unsafe { store_if(out, effect.to_c()) };
        Ok(())
    })
}

/// Stores in `*out` the seats that have lost (a yono_seat_set): the checkmated seats
/// removed from the game and, once the game is won, every seat but the winner. In
/// Shogi the checkmated side is never removed (yono_game_is_out() stays 0 and
/// yono_game_seats_in_game() keeps it), so this is the call for "who lost".
/// Errors: NULL_ARGUMENT (game, out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_lost_seats(game: *const yono_game, out: *mut yono_seat_set) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query(game, out, |g| Ok(g.lost_seats().bits())) }
}
