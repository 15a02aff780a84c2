//! The four seats, their turn order and the direction each army faces.

use core::fmt;

crate::vocab::vocabulary! {
    /// One of the four players, named by the side of the board they sit on.
    ///
    /// Turn order is clockwise: South, West, North, East ([RULES.md §1](crate::rules#1-board-seats-and-coordinates)).
    /// The numbers (0–3, [`Seat::index`]) are the turn order; the letters
    /// ([`Seat::LETTERS`]) are the notation's, the names ([`Seat::NAMES`]) English.
    ///
    /// ```
    /// use yono::Seat;
    /// assert_eq!(Seat::South.next(), Seat::West);
    /// assert_eq!(Seat::from_letter('n'), Some(Seat::North));
    /// assert_eq!(Seat::East.opposite(), Seat::West);
    /// assert_eq!(Seat::LETTERS, ['s', 'w', 'n', 'e']);
    /// assert_eq!(Seat::NAMES[Seat::West as usize], "West");
    /// assert_eq!(Seat::from_index(2), Some(Seat::North));
    /// assert_eq!(Seat::from_index(4), None);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Seat {
        /// Moves first; forward is toward rank `a`. Sente in standard Shogi.
        South = 0, "South", 's';
        /// Forward is toward file 1.
        West = 1, "West", 'w';
        /// Forward is toward rank `i`. Gote in standard Shogi.
        North = 2, "North", 'n';
        /// Forward is toward file 9.
        East = 3, "East", 'e';
    }
}

impl Seat {
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

    /// The notation letter: `s`, `w`, `n` or `e` ([`Seat::letter`]).
    #[deprecated(note = "use Seat::letter (one name for the notation letter of seats and kinds)")]
    pub const fn char(self) -> char {
        self.letter()
    }

    /// Parses a notation letter, lower case only ([`Seat::from_letter`]).
    #[deprecated(note = "use Seat::from_letter (one name for seats and kinds)")]
    pub const fn from_char(c: char) -> Option<Seat> {
        Seat::from_letter(c)
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
        let mut letters = text.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) => Seat::from_letter(c.to_ascii_lowercase()),
            _ => None,
        };
        letter
            .or_else(|| Seat::from_name(text))
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
/// assert_eq!(format!("{set:?}"), "{South, North}");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

/// The seats, in turn order: `{South, North}`.
impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

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

/// One value per seat, indexed by [`Seat`]: scores, totals, anything kept for each of
/// the four seats. It dereferences to the `[T; 4]` it wraps (by seat index) and is
/// also indexed by `usize`, so array methods and `values[seat.index()]` keep working;
/// iterating gives `(Seat, value)` pairs in turn order.
///
/// ```
/// use yono::{BySeat, Seat};
/// let mut totals = BySeat::from([3u32, 0, 1, 2]);
/// totals[Seat::West] += 5;
/// assert_eq!(totals[Seat::West], 5);
/// assert_eq!(totals[Seat::North.index()], 1);
/// assert_eq!(totals, [3, 5, 1, 2]);
/// let best = totals.iter().max_by_key(|&(_, t)| *t).map(|(s, _)| s);
/// assert_eq!(best, Some(Seat::West));
/// let array: [u32; 4] = totals.into();
/// assert_eq!(array.iter().sum::<u32>(), 11);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
#[repr(transparent)]
pub struct BySeat<T>([T; 4]);

impl<T> BySeat<T> {
    /// The values for South, West, North and East (turn order, as [`Seat::index`]).
    ///
    /// ```
    /// let v = yono::BySeat::new(['s', 'w', 'n', 'e']);
    /// assert_eq!(v[yono::Seat::East], 'e');
    /// ```
    #[inline]
    pub const fn new(values: [T; 4]) -> BySeat<T> {
        BySeat(values)
    }

    /// The value `f(seat)` for each seat.
    ///
    /// ```
    /// use yono::{BySeat, Seat};
    /// let names = BySeat::from_fn(Seat::name);
    /// assert_eq!(names[Seat::North], "North");
    /// ```
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// The wrapped array, by seat index.
    ///
    /// ```
    /// assert_eq!(yono::BySeat::new([1, 2, 3, 4]).into_array(), [1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn into_array(self) -> [T; 4] {
        self.0
    }

    /// `(seat, &value)` for each seat, in turn order.
    ///
    /// ```
    /// use yono::{BySeat, Seat};
    /// let v = BySeat::new([0, 1, 0, 0]);
    /// assert_eq!(v.iter().find(|&(_, &x)| x == 1), Some((Seat::West, &1)));
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    /// The values alone, in turn order.
    ///
    /// ```
    /// let v = yono::BySeat::new([3, 1, 4, 1]);
    /// assert_eq!(v.values().sum::<i32>(), 9);
    /// ```
    pub fn values(&self) -> core::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// `(seat, &mut value)` for each seat, in turn order.
    ///
    /// ```
    /// use yono::BySeat;
    /// let mut v = BySeat::new([0; 4]);
    /// for (seat, x) in v.iter_mut() {
    ///     *x = seat.index() * 10;
    /// }
    /// assert_eq!(v, [0, 10, 20, 30]);
    /// ```
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Seat, &mut T)> + ExactSizeIterator {
        Seat::ALL.into_iter().zip(self.0.iter_mut())
    }

    /// The value `f(value)` for each seat.
    ///
    /// ```
    /// let scores = yono::BySeat::new([Some(3u8), None, Some(1), None]);
    /// assert_eq!(scores.map(|s| s.unwrap_or(0)), [3, 0, 1, 0]);
    /// ```
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }
}

impl<T> core::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> core::ops::IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// By seat index (0–3, turn order), as on the array: `values[seat.index()]`.
impl<T> core::ops::Index<usize> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, index: usize) -> &T {
        &self.0[index]
    }
}

impl<T> core::ops::IndexMut<usize> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.0[index]
    }
}

impl<T> core::ops::Deref for BySeat<T> {
    type Target = [T; 4];
    #[inline]
    fn deref(&self) -> &[T; 4] {
        &self.0
    }
}

impl<T> core::ops::DerefMut for BySeat<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T; 4] {
        &mut self.0
    }
}

impl<T> From<[T; 4]> for BySeat<T> {
    #[inline]
    fn from(values: [T; 4]) -> BySeat<T> {
        BySeat(values)
    }
}

impl<T> From<BySeat<T>> for [T; 4] {
    #[inline]
    fn from(values: BySeat<T>) -> [T; 4] {
        values.0
    }
}

impl<T: PartialEq> PartialEq<[T; 4]> for BySeat<T> {
    fn eq(&self, other: &[T; 4]) -> bool {
        self.0 == *other
    }
}

impl<T: PartialEq> PartialEq<BySeat<T>> for [T; 4] {
    fn eq(&self, other: &BySeat<T>) -> bool {
        *self == other.0
    }
}

/// Shown as the array it wraps, by seat index.
impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T> IntoIterator for BySeat<T> {
    type Item = (Seat, T);
    type IntoIter = core::iter::Zip<core::array::IntoIter<Seat, 4>, core::array::IntoIter<T, 4>>;
    fn into_iter(self) -> Self::IntoIter {
        Seat::ALL.into_iter().zip(self.0)
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = (Seat, &'a T);
    type IntoIter = core::iter::Zip<core::array::IntoIter<Seat, 4>, core::slice::Iter<'a, T>>;
    fn into_iter(self) -> Self::IntoIter {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<'a, T> IntoIterator for &'a mut BySeat<T> {
    type Item = (Seat, &'a mut T);
    type IntoIter = core::iter::Zip<core::array::IntoIter<Seat, 4>, core::slice::IterMut<'a, T>>;
    fn into_iter(self) -> Self::IntoIter {
        Seat::ALL.into_iter().zip(self.0.iter_mut())
    }
}
