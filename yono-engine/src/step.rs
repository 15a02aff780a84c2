//! The one place the search advances a position.
//!
//! Copy-make (`Position::play_unchecked` on a clone). yono-core also offers
//! make/unmake (`Position::do_move` / `undo_move`) and a per-node `CheckmateHint`;
//! the hint was tried here and made no measurable difference (a whole engine game
//! under callgrind: 2,573 M instructions with it, 2,563 M without), since search time
//! goes to evaluation and move ordering. Only this file would change to switch: the
//! search never touches a position in any other way.

use yono::{Move, Position};

/// The position after `mv`, which must be legal in `pos`.
#[inline]
pub(crate) fn child(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next
}
