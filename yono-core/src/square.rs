//! Squares in absolute USI coordinates (file digit, rank letter) as seen from South.

use core::fmt;
use core::str::FromStr;

/// A square of the 9x9 board.
///
/// Named as in USI: file digit `1`–`9` (file 1 is the East edge) then rank letter
/// `a`–`i` (rank `a` is the North edge). Internally the index is
/// `9 * (rank - 1) + (9 - file)`, so index 0 is `9a` and index 80 is `1i`: the order in
/// which the position text lists squares.
///
/// ```
/// use yono::Square;
/// let sq: Square = "5i".parse().unwrap();
/// assert_eq!(sq.file(), 5);
/// assert_eq!(sq.rank(), 9);
/// assert_eq!(sq.to_string(), "5i");
/// assert_eq!(Square::new(5, 9), Some(sq));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 81;

    /// The square on `file` (1–9) and `rank` (1–9, `a` = 1).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((rank - 1) * 9 + (9 - file)))
        } else {
            None
        }
    }

    /// The square with index 0–80.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 81 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 81);
        Square(i as u8)
    }

    /// Index 0–80.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File digit 1–9.
    #[inline]
    pub const fn file(self) -> u8 {
        9 - self.0 % 9
    }

    /// Rank number 1–9 (`a` = 1).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Row from the North edge, 0–8.
    #[inline]
    pub(crate) const fn row(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// Column from the West edge (file 9), 0–8.
    #[inline]
    pub(crate) const fn col(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// The Bishop binding: `true` when file + rank is even (as on `5i`).
    #[inline]
    pub const fn is_even_binding(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The rank letter `a`–`i`.
    pub const fn rank_char(self) -> char {
        (b'a' + self.rank() - 1) as char
    }

    /// All 81 squares in index order (`9a`, `8a`, …, `1i`).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Parses `"5e"`-style text from the first two bytes of `s`.
    pub(crate) fn parse_bytes(b: &[u8]) -> Option<Square> {
        match b {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Square::new(f - b'0', r - b'a' + 1),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank_char())
    }
}

/// The text was not a square such as `5e`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square: {0:?} (expected a file digit 1-9 then a rank letter a-i, e.g. \"5e\")")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(s.as_bytes())
            .ok_or_else(|| ParseSquareError(s.chars().take(16).collect()))
    }
}
