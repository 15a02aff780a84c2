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
//! ## For engine authors: the fast path
//!
//! The **convenient path** — [`Position::legal_moves`], [`Position::play`], [`Game`] —
//! checks every move, builds lists and keeps history. A search takes the **fast
//! path**, which allocates nothing: [`Position::generate_moves`] hands out the legal
//! moves in batches ([`MoveSet`]: one piece's destinations as bitboards, one kind's
//! drops, or `pass`) and stops when the callback returns `true`;
//! [`Position::generate_moves_for`] restricts it to some origin squares;
//! [`Position::do_move`] / [`Position::undo_move`] make and unmake in place with a
//! 32-byte [`Undo`] token ([`Position::do_move_hinted`] with a per-node
//! [`CheckmateHint`] is faster still; [`Position::play_unchecked_hinted`] on a clone
//! is the copy-make version, the internal perft's own path); [`Position::null_move`] and
//! [`Position::pass_turn_to`] let another seat move now, with the checkmate rule
//! applied to the new mover. To count moves without making them,
//! [`Position::count_legal_moves`] is cheaper than summing the sets' sizes: it counts
//! all Pawn steps with one popcount, where the callback hands out each Pawn alone.
//!
//! ```
//! use yono::{MoveList, Position};
//!
//! fn perft(pos: &mut Position, depth: u32) -> u64 {
//!     if depth == 1 {
//!         let mut n = 0;
//!         pos.generate_moves(|set| {
//!             n += set.len() as u64; // bulk counting: no move is built
//!             false
//!         });
//!         return n;
//!     }
//!     let mut moves = MoveList::new();
//!     pos.generate_moves(|set| {
//!         moves.extend(set);
//!         false
//!     });
//!     let hint = pos.checkmate_hint();
//!     let mut n = 0;
//!     for mv in moves {
//!         let (undo, _fallen) = pos.do_move_hinted(mv, &hint);
//!         n += perft(pos, depth - 1);
//!         pos.undo_move(mv, undo);
//!     }
//!     n
//! }
//!
//! let mut pos = Position::start();
//! assert_eq!(perft(&mut pos, 3), yono::perft(&pos, 3));
//! assert_eq!(pos, Position::start());
//! ```
//!
//! ## Where the rules live
//!
//! The modules are private; every item is re-exported once, here at the root.
//! Vocabulary: `seat.rs`, `kind.rs` (pieces), `square.rs`, `bitboard.rs`, [`attacks`]
//! (movement), `zones.rs` (seat geometry and the promotion rule), `ruleset.rs`
//! (the Yo\[n\]o / Shogi switches). Rules: `position/` (validation, playing, King
//! safety and the checkmate rule, status and scores), `movegen/` (legal moves, drops,
//! why one move is illegal), `game.rs` (history, repetition). Text: `notation/`
//! (move text, position text, SFEN), `record/` (game records), `render/` (text and SVG
//! diagrams). The project's `docs/ARCHITECTURE.md` has the full map.
//!
//! ## Feature flags
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `serde` | on | `Serialize`/`Deserialize` for the types (through their text forms) |
//! | `record` | on | [`GameRecord`]: game records as text, and as JSON when `serde` is on too |
//! | `svg` | on | the [`svg`] module and [`Position::svg`] |
//!
//! An engine that needs the rules alone can use `default-features = false`.
//!
//! ## GUIs and threads
//!
//! GUIs: [`Position::moves_from`], [`Position::drops_of`],
//! [`Position::promotion_status`], [`Position::preview`] and [`Game::play_described`]
//! ([`MoveEffect`]), [`Position::lost_seats`], [`Game::redo`], and the SVG geometry in
//! `svg` (see the project's `docs/GUI.md`). A [`Game`] answers the same questions with
//! the repetition draw ([`Game::moves_from`], [`Game::drops_of`],
//! [`Game::promotion_status`], [`Game::lost_seats`]; [`Game::live_position`] is `None`
//! once it is drawn): the bindings ask these.
//!
//! Threads: every type is `Send` and `Sync` and keeps no interior mutability (no cache
//! or lazy state behind `&self`), so any number of threads may read one `Game` or
//! `Position` at once, while a change (`&mut self`) excludes everything else, as the
//! borrow checker enforces. A GUI whose computer player runs on another thread clones
//! the `Game` after each move (a snapshot) and hands the clone to the GUI thread.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod error;
mod game;
mod gui;
mod kind;
mod movegen;
pub use movegen::{MoveSet, MoveSetIter};
mod moves;
mod notation;
mod perft;
mod position;
// Lets the test-support files shared with the integration tests say `yono::`.
#[cfg(test)]
extern crate self as yono;
#[cfg(test)]
mod proptests;
#[cfg(feature = "record")]
mod record;
mod render;
mod reserve;
// Quarter turns with the seats relabelled: methods on Square, Seat, Move, Setup, Position.
mod rotate;
mod ruleset;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
mod snapshot;
mod square;
mod vocab;
mod zobrist;
mod zones;

pub use bitboard::Bitboard;
pub use error::{
    Error, IllegalMove, MoveError, ParseError, ParseMoveError, ParseNameError, PositionError,
    ReserveProblem, ERROR_CODES,
};
pub use game::{Game, GameNotOver, Played, Series};
pub use gui::{MoveEffect, Removal};
pub use kind::{Piece, PieceKind};
pub use moves::{Move, MoveList, MoveListIntoIter, MAX_MOVES};
pub use notation::{SeatState, Setup, MAX_TEXT_LEN};
pub use perft::{divide, perft, perft_full};
pub use position::{CheckmateHint, Eliminations, EndReason, Position, Status, Undo};
#[cfg(feature = "record")]
pub use record::{
    GameRecord, MoveProblem, RecordError, FORMAT as RECORD_FORMAT, MAX_KEY_LEN, MAX_PLIES,
    MAX_RECORD_LEN, MAX_VALUE_LEN, RESERVED_KEYS,
};
#[cfg(feature = "svg")]
pub use render::svg;
pub use reserve::Reserve;
pub use ruleset::{NoMoveRule, Ruleset, SHOGI_START, YONO_START};
pub use seat::{BySeat, Seat, SeatSet};
pub use snapshot::{PieceView, Snapshot};
pub use square::{ParseSquareError, Square};
pub use zobrist::splitmix;
pub use zones::PromotionStatus;

/// The crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The crate README's Rust examples (copied in the workspace README), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
