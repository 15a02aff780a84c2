//! Text in and out: position text (RULES.md §8), SFEN for standard Shogi, and move
//! text (RULES.md §7: [`crate::Move::from_usi`], `FromStr` and `Display` for
//! [`crate::Move`]). Parsing checks syntax only; [`crate::Position::from_setup`]
//! decides whether a position can exist.

pub(crate) mod error;
mod move_text;
mod position_text;
mod sfen;

pub use position_text::{SeatState, Setup, MAX_TEXT_LEN};
