//! Piece kinds, promotion, and pieces (a kind owned by a seat).

use crate::Seat;
use core::fmt;

/// The kind of a piece, promoted kinds included.
///
/// ```
/// use yono::PieceKind;
/// assert_eq!(PieceKind::Rook.promoted(), Some(PieceKind::Dragon));
/// assert_eq!(PieceKind::Dragon.unpromoted(), PieceKind::Rook);
/// assert_eq!(PieceKind::Gold.promoted(), None);
/// assert_eq!(PieceKind::Horse.to_string(), "+B");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// King (`K`).
    King = 0,
    /// Rook (`R`).
    Rook = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Gold general (`G`).
    Gold = 3,
    /// Silver general (`S`).
    Silver = 4,
    /// Knight (`N`).
    Knight = 5,
    /// Lance (`L`).
    Lance = 6,
    /// Pawn (`P`).
    Pawn = 7,
    /// Promoted Rook (`+R`).
    Dragon = 8,
    /// Promoted Bishop (`+B`).
    Horse = 9,
    /// Promoted Silver (`+S`).
    PromotedSilver = 10,
    /// Promoted Knight (`+N`).
    PromotedKnight = 11,
    /// Promoted Lance (`+L`).
    PromotedLance = 12,
    /// Promoted Pawn, "tokin" (`+P`).
    PromotedPawn = 13,
}

impl PieceKind {
    /// All fourteen kinds, in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::King,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
        PieceKind::Dragon,
        PieceKind::Horse,
        PieceKind::PromotedSilver,
        PieceKind::PromotedKnight,
        PieceKind::PromotedLance,
        PieceKind::PromotedPawn,
    ];

    /// The seven kinds a reserve can hold, in notation order `R B G S N L P`: the
    /// unpromoted kinds but the King, [`PieceKind::ALL`]`[1..8]`.
    ///
    /// ```
    /// use yono::PieceKind;
    /// let letters: String = PieceKind::HAND.iter().map(|k| k.letter()).collect();
    /// assert_eq!(letters, "RBGSNLP");
    /// assert_eq!(PieceKind::HAND[..], PieceKind::ALL[1..8]);
    /// ```
    pub const HAND: [PieceKind; 7] = {
        let mut hand = [PieceKind::Pawn; 7];
        let mut i = 0;
        while i < 7 {
            hand[i] = PieceKind::ALL[i + 1];
            i += 1;
        }
        hand
    };

    /// Index 0–13.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i` (0–13).
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// Index 0–6 into a reserve (`R B G S N L P`), for kinds that can be held.
    #[inline]
    pub const fn hand_index(self) -> Option<usize> {
        match self {
            PieceKind::Rook => Some(0),
            PieceKind::Bishop => Some(1),
            PieceKind::Gold => Some(2),
            PieceKind::Silver => Some(3),
            PieceKind::Knight => Some(4),
            PieceKind::Lance => Some(5),
            PieceKind::Pawn => Some(6),
            _ => None,
        }
    }

    /// Whether this kind is a promoted one.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= 8
    }

    /// The promoted kind, or `None` for King, Gold and kinds already promoted.
    #[inline]
    pub const fn promoted(self) -> Option<PieceKind> {
        match self {
            PieceKind::Rook => Some(PieceKind::Dragon),
            PieceKind::Bishop => Some(PieceKind::Horse),
            PieceKind::Silver => Some(PieceKind::PromotedSilver),
            PieceKind::Knight => Some(PieceKind::PromotedKnight),
            PieceKind::Lance => Some(PieceKind::PromotedLance),
            PieceKind::Pawn => Some(PieceKind::PromotedPawn),
            _ => None,
        }
    }

    /// The kind a captured piece becomes in the reserve.
    #[inline]
    pub const fn unpromoted(self) -> PieceKind {
        match self {
            PieceKind::Dragon => PieceKind::Rook,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::PromotedSilver => PieceKind::Silver,
            PieceKind::PromotedKnight => PieceKind::Knight,
            PieceKind::PromotedLance => PieceKind::Lance,
            PieceKind::PromotedPawn => PieceKind::Pawn,
            k => k,
        }
    }

    /// The letter of the unpromoted kind: `K R B G S N L P`.
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            PieceKind::King => 'K',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Gold => 'G',
            PieceKind::Silver => 'S',
            PieceKind::Knight => 'N',
            PieceKind::Lance => 'L',
            _ => 'P',
        }
    }

    /// Parses an unpromoted kind letter (upper case).
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        match c {
            'K' => Some(PieceKind::King),
            'R' => Some(PieceKind::Rook),
            'B' => Some(PieceKind::Bishop),
            'G' => Some(PieceKind::Gold),
            'S' => Some(PieceKind::Silver),
            'N' => Some(PieceKind::Knight),
            'L' => Some(PieceKind::Lance),
            'P' => Some(PieceKind::Pawn),
            _ => None,
        }
    }

    /// English name, e.g. `"Promoted Silver"`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "King",
            PieceKind::Rook => "Rook",
            PieceKind::Bishop => "Bishop",
            PieceKind::Gold => "Gold",
            PieceKind::Silver => "Silver",
            PieceKind::Knight => "Knight",
            PieceKind::Lance => "Lance",
            PieceKind::Pawn => "Pawn",
            PieceKind::Dragon => "Dragon",
            PieceKind::Horse => "Horse",
            PieceKind::PromotedSilver => "Promoted Silver",
            PieceKind::PromotedKnight => "Promoted Knight",
            PieceKind::PromotedLance => "Promoted Lance",
            PieceKind::PromotedPawn => "Promoted Pawn",
        }
    }
}

impl fmt::Display for PieceKind {
    /// `K`, `R`, …, `+R`, `+P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            f.write_str("+")?;
        }
        write!(f, "{}", self.letter())
    }
}

impl core::str::FromStr for PieceKind {
    type Err = crate::ParseNameError;

    /// The symbol [`Display`](fmt::Display) writes: the upper-case letter, after `+`
    /// for a promoted kind (`P`, `+R`).
    ///
    /// ```
    /// use yono::PieceKind;
    /// assert_eq!("+R".parse::<PieceKind>().unwrap(), PieceKind::Dragon);
    /// assert_eq!("P".parse::<PieceKind>().unwrap(), PieceKind::Pawn);
    /// assert!("+G".parse::<PieceKind>().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`crate::ParseNameError`] when the text is no kind's symbol.
    fn from_str(text: &str) -> Result<PieceKind, Self::Err> {
        match text.as_bytes() {
            [b'+', c] => PieceKind::from_letter(*c as char).and_then(PieceKind::promoted),
            [c] => PieceKind::from_letter(*c as char),
            _ => None,
        }
        .ok_or_else(|| crate::ParseNameError::new("piece kind", text))
    }
}

/// A piece: a kind owned by a seat.
///
/// ```
/// use yono::{Piece, PieceKind, Seat};
/// let p = Piece::new(Seat::North, PieceKind::Dragon);
/// assert_eq!(p.to_string(), "n+R");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub seat: Seat,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `kind` owned by `seat`.
    pub const fn new(seat: Seat, kind: PieceKind) -> Piece {
        Piece { seat, kind }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat.char(), self.kind)
    }
}

impl core::str::FromStr for Piece {
    type Err = crate::ParseNameError;

    /// The symbol [`Display`](fmt::Display) writes: seat letter, then the kind (`sK`,
    /// `n+R`).
    ///
    /// ```
    /// use yono::{Piece, PieceKind, Seat};
    /// assert_eq!("n+R".parse::<Piece>().unwrap(), Piece::new(Seat::North, PieceKind::Dragon));
    /// ```
    ///
    /// # Errors
    ///
    /// [`crate::ParseNameError`] when the text is no piece's symbol.
    fn from_str(text: &str) -> Result<Piece, Self::Err> {
        let mut chars = text.chars();
        chars
            .next()
            .and_then(Seat::from_char)
            .and_then(|seat| Some(Piece::new(seat, chars.as_str().parse().ok()?)))
            .ok_or_else(|| crate::ParseNameError::new("piece", text))
    }
}
