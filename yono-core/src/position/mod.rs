//! A valid position: pieces, reserves, who is still in the game, whose turn it is.
//!
//! This file holds the type, its accessors and the board primitives every other part
//! builds on. The rest of `impl Position` is split by rule:
//!
//! | file | answers |
//! |---|---|
//! | `validate.rs` | can this position exist? ([RULES.md §8](crate::rules#8-positions-in-text)) |
//! | `play.rs` | make and unmake a move |
//! | `checkmate.rs` | who threatens which King; King safety; the checkmate rule (§6) |
//! | `status.rs` | is the game over, who won, the scores |
//! | `crate::movegen` | the legal moves, and why one move is illegal |
//! | `crate::notation` | position text and SFEN |
//! | `crate::render` | text and SVG diagrams |

mod checkmate;
pub(crate) mod error;
mod play;
mod status;
mod validate;

pub(crate) use checkmate::KingFacts;
pub use checkmate::{CheckmateHint, Eliminations};
pub use play::Undo;
pub use status::{EndReason, Status};

use crate::notation::{SeatState, Setup};
use crate::zobrist::{reserve_key, KEYS};
use crate::{Bitboard, BySeat, Piece, PieceKind, Reserve, Ruleset, Seat, SeatSet, Square};

/// The state of a game without its history (see [`crate::Game`] for repetition).
///
/// Cheap to copy (a few hundred bytes), so copy-make is the way to try a move.
///
/// ```
/// use yono::{Position, Seat};
/// let mut pos = Position::start();
/// assert_eq!(pos.turn(), Seat::South);
/// pos.play("5g5f".parse().unwrap()).unwrap();
/// assert_eq!(pos.turn(), Seat::West);
/// assert_eq!(pos.move_number(), 2);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) ruleset: Ruleset,
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_seat: [Bitboard; 4],
    pub(crate) by_kind: [Bitboard; 14],
    pub(crate) occupied: Bitboard,
    pub(crate) reserves: BySeat<Reserve>,
    pub(crate) seats: BySeat<SeatState>,
    pub(crate) in_game: SeatSet,
    pub(crate) turn: Seat,
    pub(crate) move_number: u32,
    pub(crate) key: u64,
}

impl Position {
    /// The Yo\[n\]o Shogi start position ([RULES.md §2](crate::rules#2-setup)).
    pub fn start() -> Position {
        Position::new(Ruleset::Yono)
    }

    /// The start position of `ruleset`.
    ///
    /// ```
    /// use yono::{Position, Ruleset};
    /// assert_eq!(Position::new(Ruleset::Shogi).legal_moves().len(), 30);
    /// ```
    pub fn new(ruleset: Ruleset) -> Position {
        // The start texts are constants checked by the tests, so this cannot fail.
        match Position::from_text(ruleset.start_text()) {
            Ok(pos) => pos,
            Err(e) => unreachable!("built-in start position is invalid: {e}"),
        }
    }

    /// The canonical position text.
    pub fn text(&self) -> String {
        self.to_setup().to_string()
    }

    /// The SFEN of a standard Shogi position; `None` for Yo\[n\]o.
    pub fn sfen(&self) -> Option<String> {
        self.to_setup().to_sfen()
    }

    /// The unvalidated description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            reserves: self.reserves,
            seats: self.seats,
            move_number: self.move_number,
        }
    }

    /// The ruleset.
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    /// The seat to move. Once the game is over this is still the seat whose turn it
    /// would be: in Yo\[n\]o the winner (the only seat left), in Shogi the checkmated
    /// side (checkmate there is having no move on one's turn). Who won: [`Position::status`];
    /// who lost: [`Position::lost_seats`].
    #[inline]
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The seats still in the game.
    #[inline]
    pub fn seats_in_game(&self) -> SeatSet {
        self.in_game
    }
    /// Whether `seat` is playing, out with a score, or not part of the ruleset.
    #[inline]
    pub fn seat_state(&self, seat: Seat) -> SeatState {
        self.seats[seat.index()]
    }
    /// The move number: 1 at the start, +1 after every move or pass.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    /// The reserve of `seat`.
    #[inline]
    pub fn reserve(&self, seat: Seat) -> &Reserve {
        &self.reserves[seat.index()]
    }
    /// Squares holding pieces of `seat`.
    #[inline]
    pub fn pieces(&self, seat: Seat) -> Bitboard {
        self.by_seat[seat.index()]
    }
    /// Squares holding pieces of `kind` (any seat).
    #[inline]
    pub fn kind_squares(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    /// Squares holding pieces of `seat` and `kind`.
    #[inline]
    pub fn pieces_of(&self, seat: Seat, kind: PieceKind) -> Bitboard {
        self.by_seat[seat.index()] & self.by_kind[kind.index()]
    }
    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }
    /// Where the King of `seat` stands (`None` once the seat is out).
    #[inline]
    pub fn king(&self, seat: Seat) -> Option<Square> {
        self.pieces_of(seat, PieceKind::King).first()
    }
    /// The Zobrist key: board, reserves, seat to move and seats in the game
    /// (what [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring) compares for repetition), maintained incrementally.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch; always equal to [`Position::key`].
    pub fn compute_key(&self) -> u64 {
        let mut key = KEYS.turn[self.turn.index()];
        for seat in self.in_game.iter() {
            key ^= KEYS.in_game[seat.index()];
        }
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= KEYS.piece[p.seat.index()][p.kind.index()][sq.index()];
            }
        }
        for (s, reserve) in self.reserves.values().enumerate() {
            for (h, &count) in reserve.0.iter().enumerate() {
                key ^= reserve_key(s, h, count);
            }
        }
        key
    }

    // ---- attacks and threats -------------------------------------------------------

    // ---- status and scores ---------------------------------------------------------

    // ---- playing -------------------------------------------------------------------

    /// The next seat in the game after `seat`, clockwise.
    pub(crate) fn next_in_game(&self, seat: Seat) -> Seat {
        let mut s = seat.next();
        while !self.in_game.contains(s) && s != seat {
            s = s.next();
        }
        s
    }

    fn set_turn(&mut self, seat: Seat) {
        self.key ^= KEYS.turn[self.turn.index()] ^ KEYS.turn[seat.index()];
        self.turn = seat;
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.place(sq, piece);
        self.key ^= KEYS.piece[piece.seat.index()][piece.kind.index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.lift(sq)?;
        self.key ^= KEYS.piece[piece.seat.index()][piece.kind.index()][sq.index()];
        Some(piece)
    }

    /// [`Position::put`] without the key.
    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_seat[piece.seat.index()] |= bb;
        self.by_kind[piece.kind.index()] |= bb;
        self.occupied |= bb;
    }

    /// [`Position::remove`] without the key.
    #[inline]
    fn lift(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let bb = !Bitboard::from_square(sq);
        self.by_seat[piece.seat.index()] &= bb;
        self.by_kind[piece.kind.index()] &= bb;
        self.occupied &= bb;
        Some(piece)
    }

    fn add_to_reserve(&mut self, seat: Seat, kind: PieceKind) {
        if let Some(h) = kind.hand_index() {
            let count = &mut self.reserves[seat.index()].0[h];
            self.key ^= reserve_key(seat.index(), h, *count);
            *count = count.saturating_add(1);
            self.key ^= reserve_key(seat.index(), h, *count);
        }
    }

    fn take_from_reserve(&mut self, seat: Seat, kind: PieceKind) {
        if let Some(h) = kind.hand_index() {
            let count = &mut self.reserves[seat.index()].0[h];
            self.key ^= reserve_key(seat.index(), h, *count);
            *count = count.saturating_sub(1);
            self.key ^= reserve_key(seat.index(), h, *count);
        }
    }
}

impl core::str::FromStr for Position {
    type Err = crate::Error;

    /// [`Position::from_text`]: position text, validated. (`Display` is the board
    /// diagram, not the text: use [`Position::text`] to write position text.)
    ///
    /// ```
    /// let pos: yono::Position = yono::YONO_START.parse().unwrap();
    /// assert_eq!(pos, yono::Position::start());
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Position::from_text`].
    fn from_str(text: &str) -> Result<Position, crate::Error> {
        Position::from_text(text)
    }
}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.move_number.hash(state);
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({:?})", self.text())
    }
}
