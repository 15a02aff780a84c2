//! The one place the search advances a position.
//!
//! Today yono-core offers copy-make (`Position::play_unchecked` on a clone). When it
//! gains make/unmake with an undo token, only this file needs to change: the search
//! never touches a position in any other way.

use yono::{Move, Position};

/// The position after `mv`, which must be legal in `pos`.
#[inline]
pub(crate) fn child(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}
