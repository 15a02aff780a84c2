//! Moves and an allocation-free move list (their text, [RULES.md §7](crate::rules#7-moves-in-text), is in
//! `notation/move_text.rs`).

use crate::{PieceKind, Square};
use core::fmt;

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
/// assert_eq!(format!("{mv:?}"), "8h2b+"); // Debug is the move text too
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// How many dense indexes there are ([`Move::index`]): 13,690 = 81 × 81 × 2 board
    /// slots, 7 × 81 drop slots and one for `pass`.
    pub const INDEX_COUNT: usize = BOARD_INDEXES + 7 * 81 + 1;

    /// The dense index of the move in `0..`[`Move::INDEX_COUNT`], in the absolute
    /// frame (squares as named, whoever moves): a board move
    /// `(from * 81 + to) * 2 + promote`, a drop `81 * 81 * 2 + hand_index * 81 + to`
    /// (hand order `R B G S N L P`), `pass` the last index, 13,689. Square numbers are
    /// [`Square::index`]. Every move has its own index; the `from == to` slots are
    /// unused. A learning layer that wants the mover's frame turns the move first
    /// ([`Move::rotated`]).
    ///
    /// ```
    /// use yono::Move;
    /// let mv: Move = "5g5f".parse().unwrap();
    /// assert_eq!(mv.index(), (58 * 81 + 49) * 2); // 5g is square 58, 5f square 49
    /// assert_eq!(Move::from_index(mv.index()), Some(mv));
    /// assert_eq!(Move::Pass.index(), Move::INDEX_COUNT - 1);
    /// assert_eq!(Move::from_usi("R*9a").unwrap().index(), 81 * 81 * 2);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Move::Board { from, to, promote } => {
                (from.index() * 81 + to.index()) * 2 + promote as usize
            }
            Move::Drop { kind, to } => {
                let hand = match kind.hand_index() {
                    Some(h) => h,
                    // A drop of a kind that is never held is no move of the game; it
                    // shares the Rook's slots rather than leave the range.
                    None => 0,
                };
                BOARD_INDEXES + hand * 81 + to.index()
            }
            Move::Pass => Move::INDEX_COUNT - 1,
        }
    }

    /// The move with dense index `index` ([`Move::index`]); `None` past the last index
    /// and for the unused `from == to` slots.
    ///
    /// ```
    /// use yono::Move;
    /// assert_eq!(Move::from_index(Move::INDEX_COUNT - 1), Some(Move::Pass));
    /// assert_eq!(Move::from_index(0), None); // 9a to 9a
    /// assert_eq!(Move::from_index(Move::INDEX_COUNT), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Move> {
        if index < BOARD_INDEXES {
            let (from, to) = (index / 2 / 81, index / 2 % 81);
            if from == to {
                return None;
            }
            Some(Move::Board {
                from: Square::from_index_unchecked(from),
                to: Square::from_index_unchecked(to),
                promote: index % 2 == 1,
            })
        } else if index < Move::INDEX_COUNT - 1 {
            let drop = index - BOARD_INDEXES;
            Some(Move::Drop {
                kind: PieceKind::HAND[drop / 81],
                to: Square::from_index_unchecked(drop % 81),
            })
        } else if index == Move::INDEX_COUNT - 1 {
            Some(Move::Pass)
        } else {
            None
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

/// The board-move slots of [`Move::index`]: every from × to × promote.
const BOARD_INDEXES: usize = 81 * 81 * 2;

/// The move text, as `Display` writes it: `8h2b+`, `P*5e`, `pass`.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Upper bound on legal moves: at most 45 pieces of one seat × 20 destinations ×
/// 2 (promotion or not), plus 7 reserve kinds × 45 drop squares.
pub const MAX_MOVES: usize = 45 * 20 * 2 + 7 * 45;

/// A fixed-capacity list of moves, filled without heap allocation: the generator's
/// output, and a list an engine may reorder, filter and consume in place (it
/// dereferences to `[Move]`, so `sort_by_key`, `swap`, `iter_mut` and the other slice
/// methods apply). It holds at most [`MAX_MOVES`] moves, more than any position has.
///
/// ```
/// use yono::{Move, MoveList, Position};
/// let pos = Position::start();
/// let mut moves = pos.legal_moves();
/// assert_eq!(moves.len(), 12);
/// assert!(moves.iter().any(|m| m.to_string() == "5i5h"));
/// // Move ordering and filtering without copying into a Vec:
/// moves.retain(|m| matches!(m, Move::Board { .. }));
/// moves.sort_by_key(|m| core::cmp::Reverse(m.to().map(|s| s.index())));
/// moves.truncate(3);
/// let first_three: Vec<Move> = moves.into_iter().collect();
/// assert_eq!(first_three.len(), 3);
/// ```
#[derive(Clone)]
pub struct MoveList {
    // arrayvec leaves the unused capacity uninitialised: creating a list costs
    // nothing, where a plain array would be filled on every call.
    moves: arrayvec::ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// assert!(yono::MoveList::new().is_empty());
    /// ```
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: arrayvec::ArrayVec::new(),
        }
    }
    /// Appends `mv`. A full list (already [`MAX_MOVES`] moves, which no position's
    /// legal moves reach) is left as it is: pushing never panics. Use
    /// [`MoveList::try_push`] to learn whether the move went in.
    ///
    /// ```
    /// let mut list = yono::MoveList::new();
    /// list.push(yono::Move::Pass);
    /// assert_eq!(list.as_slice(), [yono::Move::Pass]);
    /// ```
    #[inline]
    pub fn push(&mut self, mv: Move) {
        // The capacity is a proven bound for generation; `try_push` keeps an
        // impossible overflow from ever being a panic.
        let _ = self.moves.try_push(mv);
    }
    /// Appends `mv`, or hands it back when the list is full.
    ///
    /// ```
    /// use yono::{Move, MoveList, MAX_MOVES};
    /// let mut list: MoveList = std::iter::repeat(Move::Pass).take(MAX_MOVES).collect();
    /// assert!(list.is_full());
    /// assert_eq!(list.try_push(Move::Pass), Err(Move::Pass));
    /// ```
    #[inline]
    pub fn try_push(&mut self, mv: Move) -> Result<(), Move> {
        self.moves.try_push(mv).map_err(|e| e.element())
    }
    /// Removes and returns the last move.
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// let last = *list.last().unwrap();
    /// assert_eq!(list.pop(), Some(last));
    /// assert_eq!(list.len(), 11);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        self.moves.pop()
    }
    /// Removes every move.
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// list.clear();
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }
    /// Keeps the first `len` moves (all of them if there are fewer).
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// list.truncate(2);
    /// assert_eq!(list.len(), 2);
    /// ```
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }
    /// Keeps only the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// list.retain(|m| m.to_string().starts_with("5i"));
    /// assert!(!list.is_empty() && list.iter().all(|m| m.to_string().starts_with("5i")));
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(|mv| keep(mv));
    }
    /// Removes the move at `index` and puts the last move in its place (O(1), the
    /// order changes); `None` when `index` is out of range.
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// let first = list[0];
    /// assert_eq!(list.swap_remove(0), Some(first));
    /// assert_eq!(list.swap_remove(99), None);
    /// ```
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> Option<Move> {
        self.moves.swap_pop(index)
    }
    /// Number of moves.
    ///
    /// ```
    /// assert_eq!(yono::Position::start().legal_moves().len(), 12);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether there are no moves.
    ///
    /// ```
    /// assert!(!yono::Position::start().legal_moves().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// Whether the list holds [`MAX_MOVES`] moves and takes no more.
    ///
    /// ```
    /// assert!(!yono::MoveList::new().is_full());
    /// ```
    #[inline]
    pub fn is_full(&self) -> bool {
        self.moves.is_full()
    }
    /// The moves as a slice.
    ///
    /// ```
    /// let list = yono::Position::start().legal_moves();
    /// assert_eq!(list.as_slice().len(), 12);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
    /// The moves as a mutable slice, e.g. to reorder them in place.
    ///
    /// ```
    /// let mut list = yono::Position::start().legal_moves();
    /// list.as_mut_slice().reverse();
    /// assert_eq!(list[0], *yono::Position::start().legal_moves().last().unwrap());
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
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

/// Lists are equal when they hold the same moves in the same order.
impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl AsRef<[Move]> for MoveList {
    fn as_ref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl AsMut<[Move]> for MoveList {
    fn as_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
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

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter(self.moves.into_iter())
    }
}

/// Collects at most [`MAX_MOVES`] moves; any beyond are dropped, as by
/// [`MoveList::push`].
///
/// ```
/// let pos = yono::Position::start();
/// let drops: yono::MoveList = pos.legal_moves().into_iter().filter(|m| m.from().is_none()).collect();
/// assert!(drops.is_empty());
/// ```
impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}

/// Appends moves until the list holds [`MAX_MOVES`]; any beyond are dropped.
///
/// ```
/// let mut list = yono::MoveList::new();
/// list.extend([yono::Move::Pass, yono::Move::Pass]);
/// assert_eq!(list.len(), 2);
/// ```
impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            if self.try_push(mv).is_err() {
                break;
            }
        }
    }
}

/// The moves of a [`MoveList`], by value (from `list.into_iter()`).
///
/// ```
/// let moves: Vec<yono::Move> = yono::Position::start().legal_moves().into_iter().collect();
/// assert_eq!(moves.len(), 12);
/// ```
#[derive(Clone, Debug)]
pub struct MoveListIntoIter(arrayvec::IntoIter<Move, MAX_MOVES>);

impl Iterator for MoveListIntoIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for MoveListIntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl core::iter::FusedIterator for MoveListIntoIter {}
