//! `yono_board_snapshot`: everything a GUI that draws the board itself (without the
//! SVG) needs, as plain data in one call (the core's `Snapshot`), and its pieces,
//! `yono_piece_view`.

use yono::{PieceKind, PieceView, Seat, SeatState, Snapshot};

use crate::boundary::{query_versioned, versioned, yono_status};
use crate::convert::ToC;
use crate::game::yono_game;
use crate::types::*;

/// A piece as a GUI draws it: owner, kind, whether it is promoted and which way it
/// points; for an empty square every field is NONE (YONO_SEAT_NONE,
/// YONO_PIECE_NONE) and `promoted` is 0.
///
/// To draw a piece that points up turned toward `facing` with seat `bottom` drawn at
/// the bottom (as yono_svg_options.orientation), turn it clockwise by
/// ((seat + 4 - bottom) % 4) * 90 degrees: 0 for the bottom seat's pieces, 180 for the
/// seat opposite.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct yono_piece_view {
    /// The owner (YONO_SEAT_*), YONO_SEAT_NONE if the square is empty.
    pub seat: yono_seat,
    /// The kind (YONO_PIECE_*; a promoted kind for a promoted piece), YONO_PIECE_NONE
    /// if empty.
    pub kind: yono_piece_kind,
    /// 1 if the piece is promoted (drawn with "+"), else 0.
    pub promoted: u8,
    /// The side of the board the piece points toward, named by the seat sitting there:
    /// its owner's opposite (South's pieces face North's side, rank a; West's face
    /// East's, file 1). YONO_SEAT_NONE if empty.
    pub facing: yono_seat,
}

/// Everything a GUI draws for the position of a game, as plain data:
/// yono_game_board_snapshot(). Set `size` to sizeof(yono_board_snapshot) before the
/// call (the struct can grow: the library writes only what `size` covers).
///
/// cbindgen:field-names=[size, move_number, ruleset, to_move, status, winner, end_reason, seats, in_game, scores, checks, squares, reserves]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_board_snapshot {
    /// sizeof(yono_board_snapshot), set by the caller.
    pub size: usize,
    /// The move number (1 at the start).
    pub move_number: u32,
    /// The ruleset (YONO_RULESET_*).
    pub ruleset: yono_ruleset,
    /// The seat to move, YONO_SEAT_NONE once the game is over (then `status` and
    /// `winner` say how it ended).
    pub to_move: yono_seat,
    /// The game's status (YONO_GAME_*), the repetition rules included.
    pub status: yono_game_status,
    /// The winner, or YONO_SEAT_NONE.
    pub winner: yono_seat,
    /// Why the game ended (YONO_END_*), YONO_END_NONE while it goes on.
    pub end_reason: yono_end_reason,
    /// The seats of the ruleset (bit 1 << seat): 0xF in Yo[n]o, 0x5 in Shogi.
    pub seats: yono_seat_set,
    /// The seats still in the game, as yono_game_seats_in_game(): a seat of `seats`
    /// missing here was checkmated and removed.
    pub in_game: yono_seat_set,
    /// Each seat's score once decided, by seat (as yono_game_score()), else
    /// YONO_SCORE_NONE.
    pub scores: [u8; 4],
    /// For each seat, the seats whose pieces threaten its King (check), by seat (as
    /// yono_game_threatened_by()).
    pub checks: [yono_seat_set; 4],
    /// What stands on each square, by square number (see YONO_SQUARE()).
    pub squares: [yono_piece_view; 81],
    /// Each seat's reserve: reserves[seat][kind - YONO_PIECE_ROOK] is how many pieces of
    /// that kind it holds (0 for a seat that is out or not in the ruleset).
    pub reserves: [[u8; YONO_RESERVE_KINDS]; 4],
}

versioned!(yono_board_snapshot, size);

impl ToC<yono_piece_view> for Option<PieceView> {
    fn to_c(self) -> yono_piece_view {
        match self {
            Some(v) => yono_piece_view {
                seat: v.seat.to_c(),
                kind: v.kind.to_c(),
                promoted: v.promoted as u8,
                facing: v.facing.to_c(),
            },
            None => yono_piece_view {
                seat: YONO_SEAT_NONE,
                kind: YONO_PIECE_NONE,
                promoted: 0,
                facing: YONO_SEAT_NONE,
            },
        }
    }
}

/// A reserve as counts by kind, Rook first.
pub(crate) fn reserve_counts(reserve: &yono::Reserve) -> [u8; YONO_RESERVE_KINDS] {
    PieceKind::HAND.map(|kind| reserve.count(kind))
}

fn snapshot_to_c(s: &Snapshot, size: usize) -> yono_board_snapshot {
    let by_seat = |f: &dyn Fn(Seat) -> u8| Seat::ALL.map(f);
    yono_board_snapshot {
        size,
        move_number: s.move_number,
        ruleset: s.ruleset.to_c(),
        to_move: s.to_move.to_c(),
        status: s.status.to_c(),
        winner: s.status.winner().to_c(),
        end_reason: s.end_reason.to_c(),
        seats: Seat::ALL
            .iter()
            .filter(|&&seat| s.seats[seat] != SeatState::Absent)
            .fold(0, |bits, &seat| bits | 1 << seat.index()),
        in_game: s.in_game.bits(),
        scores: by_seat(&|seat| s.scores[seat].unwrap_or(YONO_SCORE_NONE)),
        checks: by_seat(&|seat| s.checks[seat].bits()),
        squares: s.squares.map(ToC::to_c),
        reserves: Seat::ALL.map(|seat| reserve_counts(&s.reserves[seat])),
    }
}

/// Stores in `*out` (whose `size` the caller sets to sizeof(yono_board_snapshot))
/// everything a GUI draws for the current position of `game`, for a GUI that draws
/// the board itself instead of showing yono_game_svg(): per square the piece (seat,
/// kind, promoted, facing), the reserves, the seats of the ruleset and those still
/// in, the scores, the seat to move, the status, winner and end reason, and the Kings
/// in check. The same data as the other bindings' snapshot (Rust Game::snapshot(),
/// Python Game.board_snapshot()). (Not yono_game_snapshot(), the old name of
/// yono_game_clone().)
/// Errors: NULL_ARGUMENT (game, out), INVALID_ARGUMENT (`out->size` is not
/// sizeof(yono_board_snapshot); code "wrong_handle_type" for another handle type).
/// On error `*out` is unchanged.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_board_snapshot(game: *const yono_game, out: *mut yono_board_snapshot) -> yono_status {
    // SAFETY: per the contract.
    unsafe { query_versioned(game, out, |g, size| Ok(snapshot_to_c(&g.snapshot(), size))) }
}
