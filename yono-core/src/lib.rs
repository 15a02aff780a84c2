//! # yono: the rules of Yo\[n\]o Shogi
//!
//! Yo\[n\]o Shogi is a four-player Shogi on the standard 9x9 board: South, West, North
//! and East each command half a Shogi army from their own corner. A seat is
//! checkmated — and all its pieces and reserve leave the game — when its King is
//! threatened by the seat about to move. The last seat standing wins; every
//! checkmated seat scores 3 minus the number of other seats left when it fell.
//! The full rules are in the project's `RULES.md`.
//!
//! The same engine also plays standard two-player Shogi ([`Ruleset::Shogi`]), which
//! is how its move generation is proven against published perft counts.
//!
//! ```
//! use yono::{Position, Status};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 12);
//! pos.play_text("5g5f").unwrap();
//! println!("{pos}");
//! assert_eq!(pos.status(), Status::Ongoing);
//! assert_eq!(
//!     pos.text(),
//!     "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/4sP1eP1eG/sPsPsPsP2eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL w -/-/-/- swne 2"
//! );
//! ```
//!
//! Layout: one module per concept — [`seat`], [`kind`] (pieces), [`square`],
//! [`bitboard`], [`attacks`], [`ruleset`] (zones and rule switches), [`setup`]
//! (unvalidated positions and their text), [`position`] (validation, playing,
//! checkmate), `movegen` (legal moves and why a move is illegal), [`game`]
//! (history and repetition), [`mod@perft`], `zobrist` (hashing).
//!
//! GUIs: [`Position::moves_from`], [`Position::drops_of`],
//! [`Position::promotion_status`], [`Position::preview`] and [`Game::play_described`]
//! ([`MoveEffect`]), [`Position::lost_seats`], [`Game::redo`], and the SVG geometry in
//! [`svg`] (see the project's `docs/GUI.md`).
//!
//! Threads: every type is `Send` and `Sync` and keeps no interior mutability (no cache
//! or lazy state behind `&self`), so any number of threads may read one `Game` or
//! `Position` at once, while a change (`&mut self`) excludes everything else, as the
//! borrow checker enforces. A GUI whose computer player runs on another thread clones
//! the `Game` after each move (a snapshot) and hands the clone to the GUI thread.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
pub mod bitboard;
mod display;
pub mod error;
pub mod game;
mod gui;
pub mod kind;
mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
// Lets the test-support files shared with the integration tests say `yono::`.
#[cfg(test)]
extern crate self as yono;
#[cfg(test)]
mod proptests;
pub mod record;
pub mod reserve;
pub mod ruleset;
pub mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod setup;
pub mod square;
pub mod svg;
mod zobrist;

pub use bitboard::Bitboard;
pub use error::{
    Error, ErrorCode, IllegalMove, MoveError, ParseError, ParseMoveError, PositionError,
    ReserveProblem,
};
pub use game::{Game, GameNotOver, Series};
pub use gui::{MoveEffect, PromotionStatus};
pub use kind::{Piece, PieceKind};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use perft::{divide, perft, perft_full};
pub use position::{Eliminations, Position, Status};
pub use record::{GameRecord, RecordError};
pub use reserve::Reserve;
pub use ruleset::{NoMoveRule, Ruleset};
pub use seat::{Seat, SeatSet};
pub use setup::{SeatState, Setup};
pub use square::{ParseSquareError, Square};
pub use svg::{SvgOptions, Target as SvgTarget};

/// The crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The Rust example of the top-level README, compiled and run as a doctest.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
