//! Moves, their USI-style text (RULES.md §7), and an allocation-free move list.

use crate::{ParseMoveError, PieceKind, Square};
use core::fmt;
use core::str::FromStr;

/// A move of the seat to move: a board move, a drop from the reserve, or a pass.
///
/// ```
/// use yono::Move;
/// let mv: Move = "8h2b+".parse().unwrap();
/// assert!(matches!(mv, Move::Board { promote: true, .. }));
/// assert_eq!(mv.to_string(), "8h2b+");
/// assert_eq!(Move::from_usi("P*5e").unwrap().to_string(), "P*5e");
/// assert_eq!(Move::from_usi("pass").unwrap(), Move::Pass);
/// assert!(Move::from_usi("5j5k").is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from one square to another, capturing what stands there.
    Board {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A reserve piece is put on an empty square.
    Drop {
        /// The (unpromoted) kind.
        kind: PieceKind,
        /// Where.
        to: Square,
    },
    /// The seat has no other legal move (Yo\[n\]o only).
    Pass,
}

impl Move {
    /// Parses move text: `7g7f`, `8h2b+`, `P*5e` or `pass`.
    pub fn from_usi(text: &str) -> Result<Move, ParseMoveError> {
        let bad = || ParseMoveError {
            text: text.chars().take(32).collect(),
        };
        let b = text.as_bytes();
        if text == "pass" {
            return Ok(Move::Pass);
        }
        match b.len() {
            4 if b[1] == b'*' => {
                let kind = PieceKind::from_letter(b[0] as char)
                    .filter(|k| k.hand_index().is_some())
                    .ok_or_else(bad)?;
                let to = Square::parse_bytes(&b[2..4]).ok_or_else(bad)?;
                Ok(Move::Drop { kind, to })
            }
            4 | 5 => {
                let promote = match b.get(4) {
                    None => false,
                    Some(b'+') => true,
                    Some(_) => return Err(bad()),
                };
                let from = Square::parse_bytes(&b[0..2]).ok_or_else(bad)?;
                let to = Square::parse_bytes(&b[2..4]).ok_or_else(bad)?;
                if from == to {
                    return Err(bad());
                }
                Ok(Move::Board { from, to, promote })
            }
            _ => Err(bad()),
        }
    }

    /// The destination square (`None` for a pass).
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// The origin square of a board move.
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Board { from, .. } => Some(from),
            _ => None,
        }
    }

    /// A 16-bit code, handy for compact move arrays in the bindings: board moves
    /// `from | to << 7 | promote << 14`, drops `0x8000 | hand_index << 7 | to`,
    /// pass `0xFFFF`.
    ///
    /// ```
    /// use yono::Move;
    /// for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "pass"] {
    ///     let mv = Move::from_usi(text).unwrap();
    ///     assert_eq!(Move::from_code(mv.code()), Some(mv));
    /// }
    /// ```
    pub fn code(self) -> u16 {
        match self {
            Move::Board { from, to, promote } => {
                from.index() as u16 | (to.index() as u16) << 7 | (promote as u16) << 14
            }
            Move::Drop { kind, to } => {
                0x8000 | (kind.hand_index().unwrap_or(0) as u16) << 7 | to.index() as u16
            }
            Move::Pass => 0xFFFF,
        }
    }

    /// Decodes [`Move::code`]; `None` for a code no move has.
    pub fn from_code(code: u16) -> Option<Move> {
        if code == 0xFFFF {
            return Some(Move::Pass);
        }
        if code & 0x8000 != 0 {
            if code & 0x7C00 != 0 {
                return None;
            }
            let kind = *PieceKind::HAND.get(((code >> 7) & 7) as usize)?;
            let to = Square::from_index((code & 0x7F) as usize)?;
            return Some(Move::Drop { kind, to });
        }
        let from = Square::from_index((code & 0x7F) as usize)?;
        let to = Square::from_index(((code >> 7) & 0x7F) as usize)?;
        (from != to).then_some(Move::Board {
            from,
            to,
            promote: code & 0x4000 != 0,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Board { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { kind, to } => write!(f, "{}*{to}", kind.letter()),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_usi(s)
    }
}

/// Upper bound on legal moves: at most 45 pieces of one seat × 20 destinations ×
/// 2 (promotion or not), plus 7 reserve kinds × 45 drop squares.
pub const MAX_MOVES: usize = 45 * 20 * 2 + 7 * 45;

/// A fixed-capacity list of moves, filled without heap allocation.
///
/// ```
/// let pos = yono::Position::start();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 12);
/// assert!(moves.iter().any(|m| m.to_string() == "5i5h"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    // arrayvec leaves the unused capacity uninitialised: creating a list costs
    // nothing, where a plain array would be filled on every call.
    moves: arrayvec::ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: arrayvec::ArrayVec::new(),
        }
    }
    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        // The capacity is a proven bound; `try_push` keeps an impossible overflow
        // from ever being a panic.
        let _ = self.moves.try_push(mv);
    }
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.moves.clear();
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
