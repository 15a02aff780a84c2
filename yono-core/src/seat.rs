//! The four seats, their turn order and the direction each army faces.

use core::fmt;

/// One of the four players, named by the side of the board they sit on.
///
/// Turn order is clockwise: South, West, North, East (RULES.md §1).
///
/// ```
/// use yono::Seat;
/// assert_eq!(Seat::South.next(), Seat::West);
/// assert_eq!(Seat::from_char('n'), Some(Seat::North));
/// assert_eq!(Seat::East.opposite(), Seat::West);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Seat {
    /// Moves first; forward is toward rank `a`. Sente in standard Shogi.
    South = 0,
    /// Forward is toward file 1.
    West = 1,
    /// Forward is toward rank `i`. Gote in standard Shogi.
    North = 2,
    /// Forward is toward file 9.
    East = 3,
}

impl Seat {
    /// All seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// Index 0–3 in turn order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with index `i` (0–3) in turn order.
    ///
    /// ```
    /// assert_eq!(yono::Seat::from_index(2), Some(yono::Seat::North));
    /// assert_eq!(yono::Seat::from_index(4), None);
    /// ```
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::South),
            1 => Some(Seat::West),
            2 => Some(Seat::North),
            3 => Some(Seat::East),
            _ => None,
        }
    }

    /// The next seat clockwise, regardless of who is still in the game.
    #[inline]
    pub const fn next(self) -> Seat {
        match self {
            Seat::South => Seat::West,
            Seat::West => Seat::North,
            Seat::North => Seat::East,
            Seat::East => Seat::South,
        }
    }

    /// The seat across the board, whose army faces the other way.
    #[inline]
    pub const fn opposite(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::West => Seat::East,
            Seat::North => Seat::South,
            Seat::East => Seat::West,
        }
    }

    /// The notation letter: `s`, `w`, `n` or `e`.
    pub const fn char(self) -> char {
        match self {
            Seat::South => 's',
            Seat::West => 'w',
            Seat::North => 'n',
            Seat::East => 'e',
        }
    }

    /// Parses a notation letter (lower case only).
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            's' => Some(Seat::South),
            'w' => Some(Seat::West),
            'n' => Some(Seat::North),
            'e' => Some(Seat::East),
            _ => None,
        }
    }

    /// The English name, e.g. `"South"`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }

    /// The step `(rank delta, column delta)` of one square forward for this seat's
    /// pieces. Columns count from file 9 (column 0) to file 1 (column 8).
    #[inline]
    pub(crate) const fn forward(self) -> (i8, i8) {
        match self {
            Seat::South => (-1, 0),
            Seat::North => (1, 0),
            Seat::West => (0, 1),
            Seat::East => (0, -1),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Seat {
    type Err = crate::ParseNameError;

    /// The seat letter (`s`, `w`, `n`, `e`) or the English name, in any case: the one
    /// reading of a seat's name used by serde, game records and the bindings.
    ///
    /// ```
    /// use yono::Seat;
    /// assert_eq!("s".parse::<Seat>().unwrap(), Seat::South);
    /// assert_eq!("West".parse::<Seat>().unwrap(), Seat::West);
    /// assert_eq!("NORTH".parse::<Seat>().unwrap(), Seat::North);
    /// assert_eq!(Seat::East.to_string().parse::<Seat>().unwrap(), Seat::East);
    /// assert!("x".parse::<Seat>().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`crate::ParseNameError`] when the text names no seat.
    fn from_str(text: &str) -> Result<Seat, Self::Err> {
        Seat::ALL
            .into_iter()
            .find(|s| {
                text.eq_ignore_ascii_case(s.name())
                    || (text.len() == 1
                        && text.eq_ignore_ascii_case(s.char().encode_utf8(&mut [0; 4])))
            })
            .ok_or_else(|| crate::ParseNameError::new("seat", text))
    }
}

/// A set of seats, e.g. the seats still in the game or the seats threatening a King.
///
/// ```
/// use yono::{Seat, SeatSet};
/// let set = SeatSet::EMPTY.with(Seat::North).with(Seat::South);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Seat::North));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat::South, Seat::North]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// All four seats.
    pub const ALL: SeatSet = SeatSet(0b1111);

    /// The set holding just `seat`.
    #[inline]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat as u8)
    }
    /// The set with raw bits `bits` (bit `i` for the seat with index `i`; higher bits
    /// are ignored).
    #[inline]
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & 0b1111)
    }
    /// Raw bits, bit `i` for the seat with index `i`.
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }
    /// The set with `seat` added.
    #[inline]
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat as u8))
    }
    /// The set with `seat` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat as u8))
    }
    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}
