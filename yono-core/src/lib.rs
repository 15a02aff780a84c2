//! # yono: the rules of Yo\[n\]o Shogi
//!
//! Yo\[n\]o Shogi is a four-player Shogi on the standard 9x9 board: South, West, North
//! and East each command half a Shogi army from their own corner. A seat is
//! checkmated — and all its pieces and reserve leave the game — when its King is
//! threatened by the seat about to move. The last seat standing wins; every
//! checkmated seat scores 3 minus the number of other seats left when it fell.
//! The full rules, with every interpretation written down, are in
//! [RULES.md](crate::rules), shipped in this crate.
//!
//! The same engine also plays standard two-player Shogi ([`Ruleset::Shogi`]), which
//! is how its move generation is proven against published perft counts.
//!
//! The common tasks, each with its own example:
//!
//! ## Play a game
//!
//! A [`Position`] is the board, the reserves, the seats still in and the seat to
//! move. [`Position::legal_moves`] lists the moves; [`Position::play`] checks one and
//! plays it, and says which seats the checkmate rule removed.
//!
//! ```
//! use yono::{Move, Position, Seat, Status};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 12);
//! let mv: Move = "5g5f".parse().unwrap(); // move text: 5g5f, 8h2b+, P*5e, pass
//! let fallen = pos.play(mv).unwrap();
//! assert!(fallen.is_empty());
//! assert_eq!(pos.turn(), Seat::West);
//! assert_eq!(pos.status(), Status::Ongoing);
//! println!("{pos}"); // a text diagram: pieces as wL, n+P; reserves as R2GS2P
//! ```
//!
//! ## Positions as text, and SFEN
//!
//! Position text ([RULES.md §8](crate::rules#8-positions-in-text)) writes a Yo\[n\]o
//! position in one line; standard Shogi positions read and write SFEN too.
//!
//! ```
//! use yono::{Position, Ruleset};
//!
//! let pos = Position::from_text(yono::YONO_START).unwrap();
//! assert_eq!(pos.text(), yono::YONO_START);
//! let shogi = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
//!     .unwrap();
//! assert_eq!(shogi, Position::new(Ruleset::Shogi));
//! assert_eq!(shogi.sfen().unwrap(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
//! assert_eq!(pos.sfen(), None); // four seats have no SFEN
//! ```
//!
//! ## Errors
//!
//! Bad input gets a typed error that says what and where, and a stable code (listed
//! in [`ERROR_CODES`], the table the bindings share); a rejected move changes
//! nothing.
//!
//! ```
//! use yono::{Error, IllegalMove, MoveError, ParseError, Position};
//!
//! let err = Position::from_text("9/9/9 s -/-/-/- swne 1").unwrap_err();
//! assert!(matches!(err, Error::Parse(ParseError::RankCount(3))));
//! assert_eq!(err.code(), "rank_count");
//!
//! let mut pos = Position::start();
//! let err = pos.play("5i4h".parse().unwrap()).unwrap_err();
//! assert!(matches!(err, MoveError::Illegal { reason: IllegalMove::KingThreatened, .. }));
//! assert_eq!(err.to_string(), "illegal move 5i4h: the move leaves the King of the seat to move threatened");
//! assert_eq!(pos, Position::start());
//! assert_eq!("5j5k".parse::<yono::Move>().unwrap_err().to_string().split(':').next(),
//!            Some("malformed move \"5j5k\""));
//! ```
//!
//! ## A game: undo, redo and repetition
//!
//! A [`Game`] keeps the history: undo and redo, and what a bare position cannot know,
//! the fourfold-repetition draw and, in standard Shogi, the loss by perpetual check
//! ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
//!
//! ```
//! use yono::{EndReason, Game, Ruleset, Status};
//!
//! let mut game = Game::new(Ruleset::Yono);
//! game.play("5g5f".parse().unwrap()).unwrap();
//! assert_eq!(game.undo().unwrap().to_string(), "5g5f");
//! assert_eq!(game.redo().unwrap().to_string(), "5g5f");
//! game.undo();
//! // Four Kings step out and back, three times: the start occurs a fourth time.
//! for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! assert_eq!(game.status(), Status::DrawnByRepetition);
//! assert_eq!(game.end_reason(), Some(EndReason::Repetition));
//! assert_eq!(game.scores(), [Some(0); 4]);
//! assert!(game.legal_moves().is_empty());
//! ```
//!
//! ## Game records
//!
//! A [`GameRecord`] is a game with metadata and comments, saved as a readable move
//! list (or JSON) and loaded back by replaying every move (the format:
//! `docs/RECORDS.md` in the repository).
//!
//! ```
//! use yono::{Game, GameRecord, Ruleset};
//!
//! let mut game = Game::new(Ruleset::Yono);
//! game.play("5g5f".parse().unwrap()).unwrap();
//! let mut record = GameRecord::from_game(game);
//! record.set_meta("event", "Club night").unwrap();
//! let text = record.to_text();
//! assert!(text.contains("event: Club night\n") && text.contains("\n1 s 5g5f\n"));
//! assert_eq!(GameRecord::from_text(&text).unwrap(), record);
//! let bad = GameRecord::from_text(&text.replace("5g5f", "5g5e")).unwrap_err();
//! assert_eq!(bad.ply(), Some(1));
//! ```
//!
//! ## Pictures
//!
//! [`Position::svg`] and [`Game::svg`] draw an SVG diagram ([`svg`]: options with
//! their defaults in [`svg::SvgOptions::DEFAULT`], geometry and hit-testing for GUIs);
//! `Display` draws a text diagram. A GUI that draws the board itself reads a
//! [`Snapshot`].
//!
//! ```
//! use yono::svg::SvgOptions;
//! use yono::{Game, Ruleset, Seat};
//!
//! let game = Game::new(Ruleset::Yono);
//! let picture = game.svg(&SvgOptions::DEFAULT.with_orientation(Seat::West));
//! assert!(picture.starts_with("<?xml") && picture.contains("South to move"));
//! // For renderers without text (nanosvg): every letter as a stroked path.
//! let paths = game.svg(&SvgOptions::DEFAULT.with_text_as_paths(true));
//! assert!(!paths.contains("<text"));
//! assert_eq!(game.snapshot().squares.iter().flatten().count(), 48);
//! ```
//!
//! ## Ways to play a move
//!
//! | call | checks | what for |
//! |---|---|---|
//! | [`Position::play`] | yes | the convenient path: a move from outside (move text: `play(text.parse()?)`) |
//! | [`Position::play_unchecked`] | no | copy-make in a search: `let mut child = pos.clone(); child.play_unchecked(mv)` |
//! | [`Position::do_move`] / [`Position::undo_move`] | no | make/unmake in place with a 32-byte [`Undo`] |
//! | [`Position::do_move_hinted`] | no | the same, with a [`CheckmateHint`] computed once per node: the hot loop of a search |
//! | [`Position::null_move`] | — | a search's null move (the checkmate rule applies to the new mover) |
//! | [`Game::play`] / [`Game::play_unchecked`] | yes / no | with history (undo, repetition); a move of [`Game::list_legal_moves`] is checked with one probe; unchecked for a move taken from the game's own legal list |
//! | [`Game::play_described`] | yes | a GUI's move: also says what it did ([`MoveEffect`]) |
//!
//! [`Game::undo`] and [`Game::redo`] step through the history. Deprecated, kept for
//! one release: `Position::play_text` and `Game::play_text` (use `play(text.parse()?)`),
//! `Position::play_unchecked_hinted` (use `do_move_hinted`, or `play_unchecked` on a
//! clone), `Position::pass_turn_to` (use `null_move`).
//!
//! ## For engine authors: the fast path
//!
//! The **convenient path** — [`Position::legal_moves`], [`Position::play`], [`Game`] —
//! checks every move, builds lists and keeps history. A search takes the **fast
//! path**, which allocates nothing: [`Position::generate_moves`] hands out the legal
//! moves in batches ([`MoveSet`]: one piece's destinations as bitboards, one kind's
//! drops, or `pass`) and stops when the callback returns `true`;
//! [`Position::generate_moves_for`] restricts it to some origin squares,
//! [`Position::generate_board_moves`] to some origins and destinations (a search's
//! captures);
//! [`Position::do_move`] / [`Position::undo_move`] make and unmake in place
//! ([`Position::do_move_hinted`] with a per-node [`CheckmateHint`] is faster still);
//! [`Position::null_move`] lets the next seat move now, with the checkmate rule
//! applied to the new mover. To count moves without making them,
//! [`Position::count_legal_moves`] is cheaper than summing the sets' sizes: it counts
//! all Pawn steps with one popcount, where the callback hands out each Pawn alone.
//!
//! ```
//! use yono::{MoveList, Position};
//!
//! fn perft(pos: &mut Position, depth: u32) -> u64 {
//!     if depth == 1 {
//!         return pos.count_legal_moves(); // bulk counting: no move is built
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
//! ## The vocabulary
//!
//! Seats, piece kinds, rulesets, statuses, promotion statuses, end reasons and squares
//! are each declared once, with their numbers, names and letters as tables
//! ([`Seat::ALL`], [`Seat::NAMES`], [`Seat::LETTERS`], [`PieceKind::ALL`],
//! [`Square::NAMES`], ...), and read and written by their `FromStr` and `Display`;
//! [`Move::index`] is the dense move index (0 to 13,689) the bindings and learning
//! code share. The project's `docs/ARCHITECTURE.md` lists every spelling each type
//! reads.
//!
//! ```
//! use yono::{Move, PieceKind, Seat, Status};
//!
//! assert_eq!("north".parse::<Seat>(), Ok(Seat::North));
//! assert_eq!("n".parse::<Seat>(), Ok(Seat::North));
//! assert_eq!("+P".parse::<PieceKind>(), Ok(PieceKind::PromotedPawn));
//! assert_eq!(Seat::LETTERS, ['s', 'w', 'n', 'e']);
//! assert_eq!("won by West".parse::<Status>(), Ok(Status::Won(Seat::West)));
//! let mv: Move = "P*5e".parse().unwrap();
//! assert_eq!(Move::from_index(mv.index()), Some(mv));
//! ```
//!
//! ## Where the rules live
//!
//! The modules are private; every item is re-exported once, here at the root.
//! Vocabulary: `vocab.rs` (the tables), `seat.rs`, `kind.rs` (pieces), `square.rs`,
//! `bitboard.rs`, [`attacks`] (movement), `zones.rs` (seat geometry and the promotion
//! rule), `ruleset.rs` (the Yo\[n\]o / Shogi switches). Rules: `position/` (validation,
//! playing, King safety and the checkmate rule, status and scores), `movegen/` (legal
//! moves, drops, why one move is illegal), `game/` (history, repetition, perpetual
//! check). Text: `notation/` (move text, position text, SFEN), `record/` (game
//! records), `render/` (text and SVG diagrams). Each error type sits beside its
//! operation; `error.rs` joins them into [`Error`] and [`ERROR_CODES`]. The project's
//! `docs/ARCHITECTURE.md` has the full map.
//!
//! ## Feature flags
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `serde` | on | `Serialize`/`Deserialize` for the types (through their text forms) |
//! | `record` | on | [`GameRecord`]: game records as text, and as JSON when `serde` is on too |
//! | `svg` | on | the [`svg`] module, [`Position::svg`] and [`Game::svg`] |
//!
//! An engine that needs the rules alone can use `default-features = false`.
//!
//! ## Performance note: build for x86-64-v2
//!
//! The bitboards count squares with the POPCNT instruction, which x86-64 CPUs have
//! had since about 2009 but which the default `x86-64` target does not assume. This
//! project builds with `-C target-cpu=x86-64-v2` (its `.cargo/config.toml`), but that
//! setting does not reach the crates that depend on yono: a default build of yours
//! runs about 27% more instructions per standard Shogi perft node (77.1 against 60.5,
//! measured with callgrind on Shogi perft 5 from the start; 10% more on the Yo\[n\]o
//! start). To get the fast build, either set the flag for one build,
//!
//! ```sh
//! RUSTFLAGS="-C target-cpu=x86-64-v2" cargo build --release
//! ```
//!
//! or put it in your project's `.cargo/config.toml`:
//!
//! ```toml
//! [target.'cfg(target_arch = "x86_64")']
//! rustflags = ["-C", "target-cpu=x86-64-v2"]
//! ```
//!
//! (`-C target-cpu=native` suits a program that runs where it is built.)
//!
//! ## GUIs and threads
//!
//! GUIs: [`Position::moves_from`], [`Position::drops_of`],
//! [`Position::promotion_status`], [`Position::preview`] and [`Game::play_described`]
//! ([`MoveEffect`]: captures, promotion, check, the pieces that left the board with a
//! fallen seat), [`Position::lost_seats`], [`Game::redo`], [`Snapshot`] (the board as
//! plain data), and the SVG geometry in `svg` (see the project's `docs/GUI.md`). A
//! [`Game`] answers the same questions with the repetition rules
//! ([`Game::moves_from`], [`Game::drops_of`], [`Game::promotion_status`],
//! [`Game::lost_seats`], [`Game::snapshot`]; [`Game::live_position`] is `None` once a
//! repetition ended it): the bindings ask these.
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
mod codes;
mod error;
mod game;
mod gui;
mod kind;
mod movegen;
pub use movegen::error::{IllegalMove, MoveError};
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
pub use error::{Error, ERROR_CODES};
pub use game::{Game, GameNotOver, Played, Series};
pub use gui::{MoveEffect, Removal};
pub use kind::{Piece, PieceKind};
pub use moves::{Move, MoveList, MoveListIntoIter, MAX_MOVES};
pub use notation::error::{ParseError, ParseMoveError, ReserveProblem};
pub use notation::{SeatState, Setup, MAX_TEXT_LEN};
pub use perft::{divide, perft, perft_full};
pub use position::error::PositionError;
pub use position::{CheckmateHint, Eliminations, EndReason, Position, Status, Undo};
#[cfg(feature = "record")]
pub use record::{
    GameRecord, MoveProblem, RecordError, StartError, FORMAT as RECORD_FORMAT, MAX_KEY_LEN,
    MAX_PLIES, MAX_RECORD_LEN, MAX_VALUE_LEN, RESERVED_KEYS,
};
#[cfg(feature = "svg")]
pub use render::svg;
pub use reserve::Reserve;
pub use ruleset::{NoMoveRule, Ruleset, SHOGI_START, YONO_START};
pub use seat::{BySeat, Seat, SeatSet};
pub use snapshot::{PieceView, Snapshot};
pub use square::{ParseSquareError, Square};
pub use vocab::ParseNameError;
pub use zobrist::{splitmix, SplitMix64};
pub use zones::PromotionStatus;

/// The rules as this crate implements them: the project's [RULES.md](crate::rules), shipped in
/// the package (every "RULES.md §n" in these docs links here).
#[allow(rustdoc::broken_intra_doc_links)] // "Yo[n]o" is a name, not a link
pub mod rules {
    #![doc = include_str!("../RULES.md")]
}

/// The crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The crate README's Rust examples (copied in the workspace README), run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
