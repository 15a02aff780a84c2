//! Text in and out: position text ([RULES.md §8](crate::rules#8-positions-in-text)), SFEN for standard Shogi, and move
//! text ([RULES.md §7](crate::rules#7-moves-in-text): [`crate::Move::from_usi`], `FromStr` and `Display` for
//! [`crate::Move`]). Parsing checks syntax only; [`crate::Position::from_setup`]
//! decides whether a position can exist.

pub(crate) mod error;
mod move_text;
mod position_text;
mod sfen;

pub use position_text::{SeatState, Setup, MAX_TEXT_LEN};
