//! What a board GUI asks beyond the rules: the moves of one piece, the drops of one
//! kind, whether a move may promote, what a move does before and after it is played,
//! and who has lost. (The threading pattern is yono_game_clone(); the picture and its
//! geometry are in `svg.rs`.)

use yono::{Move, MoveEffect, Square};

use crate::boundary::{guard, query, query_versioned, store_if, struct_size, try_mut, versioned, write_versioned, yono_status, Res};
use crate::convert::{arg, HandKind, ToC};
use crate::game::{moves_query, yono_game};
use crate::snapshot::reserve_counts;
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

/// A piece on its square: one of the pieces that left the board with a removed seat
/// (yono_move_effect2.removed_pieces).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct yono_square_piece {
    /// The square it stood on (0..80, see YONO_SQUARE()).
    pub square: u8,
    /// The piece, as it stood there.
    pub piece: yono_piece,
}

/// A seat removed by the checkmate rule and what left the board with it
/// (yono_move_effect2.removed): its pieces are
/// removed_pieces[first_piece .. first_piece + piece_count - 1], in square order.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct yono_removal {
    /// The seat (YONO_SEAT_*).
    pub seat: yono_seat,
    /// The score it received.
    pub score: u8,
    /// Where its pieces start in yono_move_effect2.removed_pieces.
    pub first_piece: u8,
    /// How many of its pieces stood on the board.
    pub piece_count: u8,
    /// Its reserve as it was when it fell (emptied since): reserve[kind -
    /// YONO_PIECE_ROOK] pieces of each kind.
    pub reserve: [u8; YONO_RESERVE_KINDS],
}

/// What a move does (yono_game_preview_effect()) or did (yono_game_play_effect()):
/// everything of yono_move_effect, and whether the move gives check and what left the
/// board with each seat it removed (for animation). Set `size` to
/// sizeof(yono_move_effect2) before the call (the struct can grow; yono_move_effect,
/// which has no size field, cannot).
///
/// cbindgen:field-names=[size, mv, mover, piece, captured, promotes, gives_check, checked, fallen_count, fallen, fallen_scores, status, winner, next_turn, removed_count, removed, removed_piece_count, removed_pieces]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_move_effect2 {
    /// sizeof(yono_move_effect2), set by the caller.
    pub size: usize,
    /// The move.
    pub mv: yono_move,
    /// The seat that plays it.
    pub mover: yono_seat,
    /// The piece moved or dropped, before the move (NONE for a pass).
    pub piece: yono_piece,
    /// The piece taken (NONE if none); it joins the mover's reserve unpromoted.
    pub captured: yono_piece,
    /// 1 if the move promotes, else 0.
    pub promotes: u8,
    /// 1 if the move gives check: after it the mover threatens the King of a seat still
    /// in the game (`checked` says whose), else 0.
    pub gives_check: u8,
    /// The seats whose King the mover threatens after the move (bit 1 << seat).
    pub checked: yono_seat_set,
    /// How many seats lose by this move (0..3).
    pub fallen_count: u8,
    /// The seats that lose, in seat order, as in yono_move_effect.
    pub fallen: [yono_seat; 4],
    /// Their scores (fallen_scores[i] is the score of fallen[i]).
    pub fallen_scores: [u8; 4],
    /// The game's status after the move (YONO_GAME_*).
    pub status: yono_game_status,
    /// The winner after the move, or YONO_SEAT_NONE.
    pub winner: yono_seat,
    /// The seat to move after the move (after a win: see yono_game_turn()).
    pub next_turn: yono_seat,
    /// How many seats the checkmate rule removed after the move (0..3; always 0 in
    /// Shogi, where the checkmated side stays on the board).
    pub removed_count: u8,
    /// The removed seats, in the order they fell (the first removed_count are set).
    pub removed: [yono_removal; 4],
    /// How many pieces left the board with them (the first removed_piece_count of
    /// removed_pieces are set).
    pub removed_piece_count: u8,
    /// The pieces that left the board, seat by seat in the order of `removed`, each
    /// seat's in square order.
    pub removed_pieces: [yono_square_piece; 81],
}

versioned!(yono_move_effect2, size);

fn effect2(e: &MoveEffect, size: usize) -> yono_move_effect2 {
    let base: yono_move_effect = e.to_c();
    let none = yono_square_piece {
        square: YONO_SQUARE_NONE,
        piece: None.to_c(),
    };
    let mut out = yono_move_effect2 {
        size,
        mv: e.mv.to_c(),
        mover: base.mover,
        piece: base.piece,
        captured: base.captured,
        promotes: base.promotes,
        gives_check: e.gives_check as u8,
        checked: e.checked.bits(),
        fallen_count: base.fallen_count,
        fallen: base.fallen,
        fallen_scores: base.fallen_scores,
        status: base.status,
        winner: base.winner,
        next_turn: base.next_turn,
        removed_count: 0,
        removed: [yono_removal {
            seat: YONO_SEAT_NONE,
            score: 0,
            first_piece: 0,
            piece_count: 0,
            reserve: [0; YONO_RESERVE_KINDS],
        }; 4],
        removed_piece_count: 0,
        removed_pieces: [none; 81],
    };
    // At most four seats, and their pieces stand on distinct squares: at most 81.
    let mut pieces = 0;
    for (slot, removal) in out.removed.iter_mut().zip(&e.removed) {
        let first = pieces;
        for (sq, piece) in &removal.pieces {
            if let Some(place) = out.removed_pieces.get_mut(pieces) {
                *place = yono_square_piece {
                    square: sq.to_c(),
                    piece: piece.to_c(),
                };
                pieces += 1;
            }
        }
        *slot = yono_removal {
            seat: removal.seat.to_c(),
            score: removal.score,
            first_piece: first as u8,
            piece_count: (pieces - first) as u8,
            reserve: reserve_counts(&removal.reserve),
        };
        out.removed_count += 1;
    }
    out.removed_piece_count = pieces as u8;
    out
}

/// What `mv` would do, without playing it, stored in `*out` (whose `size` the caller
/// sets to sizeof(yono_move_effect2)): as yono_game_preview(), with the check flag and
/// the pieces of the seats it would remove.
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (a malformed move, or
/// `out->size` not sizeof(yono_move_effect2)), ILLEGAL_MOVE and GAME_OVER as
/// yono_game_play() (nothing is played). On error `*out` is unchanged.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_preview_effect(game: *const yono_game, mv: yono_move, out: *mut yono_move_effect2) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query_versioned(game, out, |g, size| Ok(effect2(&g.preview(arg(mv, "move")?)?, size))) }
}

/// Plays `mv` (as yono_game_play()) and stores what it did in `*out` (NULL allowed;
/// otherwise its `size` set by the caller to sizeof(yono_move_effect2), checked
/// before the move is played): as yono_game_play_described(), with the check flag and
/// the pieces of the seats it removed.
/// Errors: as yono_game_play(); INVALID_ARGUMENT (`out->size` not
/// sizeof(yono_move_effect2)). On error nothing is played and `*out` is unchanged.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_play_effect(game: *mut yono_game, mv: yono_move, out: *mut yono_move_effect2) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let game = unsafe { try_mut(game) }?;
        let size: Option<usize> = match out.is_null() {
            true => None,
            // SAFETY: a struct with its size first, per the contract.
            false => Some(unsafe { struct_size(out, "out") }?),
        };
        let mv: Move = arg(mv, "move")?;
        let effect = game.play_described(mv)?;
        if let Some(size) = size {
            // SAFETY: `out` is writable for the size it states, per the contract.
            unsafe { write_versioned(out, &effect2(&effect, size), size) };
        }
        Res::Ok(())
    })
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
