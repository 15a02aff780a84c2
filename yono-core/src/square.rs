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
/// The numbers 0–80 ([`Square::index`], [`Square::from_index`]) and the names
/// ([`Square::NAMES`], by number) are the one table the bindings read. `Debug` prints
/// the name too.
///
/// ```
/// use yono::Square;
/// let sq: Square = "5i".parse().unwrap();
/// assert_eq!(sq.file(), 5);
/// assert_eq!(sq.rank(), 9);
/// assert_eq!(sq.to_string(), "5i");
/// assert_eq!(format!("{sq:?}"), "5i");
/// assert_eq!(Square::new(5, 9), Some(sq));
/// assert_eq!(Square::NAMES[sq.index()], "5i");
/// assert_eq!(Square::ALL[76], sq);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The names of the squares by index, rank by rank from `a`, each rank from file 9.
const NAMES: [&str; 81] = [
    "9a", "8a", "7a", "6a", "5a", "4a", "3a", "2a", "1a", //
    "9b", "8b", "7b", "6b", "5b", "4b", "3b", "2b", "1b", //
    "9c", "8c", "7c", "6c", "5c", "4c", "3c", "2c", "1c", //
    "9d", "8d", "7d", "6d", "5d", "4d", "3d", "2d", "1d", //
    "9e", "8e", "7e", "6e", "5e", "4e", "3e", "2e", "1e", //
    "9f", "8f", "7f", "6f", "5f", "4f", "3f", "2f", "1f", //
    "9g", "8g", "7g", "6g", "5g", "4g", "3g", "2g", "1g", //
    "9h", "8h", "7h", "6h", "5h", "4h", "3h", "2h", "1h", //
    "9i", "8i", "7i", "6i", "5i", "4i", "3i", "2i", "1i", //
];

// The table and the index formula agree (checked at compile time).
const _: () = {
    let mut i = 0;
    while i < 81 {
        let name = NAMES[i].as_bytes();
        let sq = Square::from_index_unchecked(i);
        assert!(name[0] == b'0' + sq.file() && name[1] == b'a' + sq.rank() - 1);
        i += 1;
    }
};

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 81;

    /// Every square, in index order (`ALL[i].index() == i`).
    pub const ALL: [Square; 81] = {
        let mut all = [Square(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The name of each square by index (`"9a"`, `"8a"`, …, `"1i"`).
    pub const NAMES: [&'static str; 81] = NAMES;

    /// The name, e.g. `"5e"` (what `Display` writes).
    #[inline]
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

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

    /// All 81 squares in index order (`9a`, `8a`, …, `1i`): [`Square::ALL`] as an
    /// iterator.
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
        f.write_str(self.name())
    }
}

/// The name, as `Display` writes it: `5e`.
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a square such as `5e`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square: {0:?} (expected a file digit 1-9 then a rank letter a-i, e.g. \"5e\")")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// The name exactly: a file digit `1`–`9`, then a lower-case rank letter `a`–`i`.
    ///
    /// ```
    /// use yono::Square;
    /// assert_eq!("5e".parse::<Square>().unwrap().index(), 40);
    /// assert!("5E".parse::<Square>().is_err() && "55".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(s.as_bytes())
            .ok_or_else(|| ParseSquareError(s.chars().take(16).collect()))
    }
}
