//! A seat's reserve ("hand"): captured pieces it may drop.

use crate::PieceKind;
use core::fmt;

/// Counts of each droppable kind, indexed in the order `R B G S N L P`.
///
/// ```
/// use yono::{PieceKind, Reserve};
/// let mut r = Reserve::default();
/// r.add(PieceKind::Pawn);
/// r.add(PieceKind::Pawn);
/// r.add(PieceKind::Bishop);
/// assert_eq!(r.count(PieceKind::Pawn), 2);
/// assert_eq!(r.to_string(), "B2P");
/// assert_eq!(format!("{r:?}"), "Reserve(B2P)");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Reserve(pub [u8; 7]);

/// The position text's group: `Reserve(B2P)`, `Reserve(-)`.
impl fmt::Debug for Reserve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reserve({self})")
    }
}

impl Reserve {
    /// How many of `kind` (its unpromoted form) the reserve holds.
    #[inline]
    pub fn count(&self, kind: PieceKind) -> u8 {
        kind.unpromoted().hand_index().map_or(0, |i| self.0[i])
    }
    /// Adds one piece of `kind` (stored unpromoted); Kings are ignored.
    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        if let Some(i) = kind.unpromoted().hand_index() {
            self.0[i] = self.0[i].saturating_add(1);
        }
    }
    /// Takes one piece of `kind` out; `false` if there is none.
    #[inline]
    pub fn take(&mut self, kind: PieceKind) -> bool {
        match kind.hand_index() {
            Some(i) if self.0[i] > 0 => {
                self.0[i] -= 1;
                true
            }
            _ => false,
        }
    }
    /// Whether the reserve is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
    /// Total number of pieces held.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    /// `(kind, count)` for every kind held, in `R B G S N L P` order.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::HAND
            .iter()
            .zip(self.0)
            .filter(|(_, c)| *c > 0)
            .map(|(k, c)| (*k, c))
    }
}

impl fmt::Display for Reserve {
    /// The canonical group of the position text: `-`, or e.g. `B2P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (kind, count) in self.iter() {
            if count > 1 {
                write!(f, "{count}")?;
            }
            write!(f, "{}", kind.letter())?;
        }
        Ok(())
    }
}
