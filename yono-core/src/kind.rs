//! Piece kinds, promotion, and pieces (a kind owned by a seat).

use crate::Seat;
use core::fmt;

crate::vocab::vocabulary! {
    /// The kind of a piece, promoted kinds included.
    ///
    /// Numbered 0–13 ([`PieceKind::index`]): the eight unpromoted kinds, then the six
    /// promoted ones in the order of their base kinds. [`PieceKind::LETTERS`] holds
    /// each kind's notation letter (a promoted kind has its base kind's letter; its
    /// symbol, written by `Display`, adds `+`), [`PieceKind::NAMES`] the English names.
    ///
    /// ```
    /// use yono::PieceKind;
    /// assert_eq!(PieceKind::Rook.promoted(), Some(PieceKind::Dragon));
    /// assert_eq!(PieceKind::Dragon.unpromoted(), PieceKind::Rook);
    /// assert_eq!(PieceKind::Gold.promoted(), None);
    /// assert_eq!(PieceKind::Horse.to_string(), "+B");
    /// assert_eq!(PieceKind::from_index(13), Some(PieceKind::PromotedPawn));
    /// assert_eq!(PieceKind::NAMES[PieceKind::PromotedSilver as usize], "Promoted Silver");
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum PieceKind {
        /// King (`K`).
        King = 0, "King", 'K';
        /// Rook (`R`).
        Rook = 1, "Rook", 'R';
        /// Bishop (`B`).
        Bishop = 2, "Bishop", 'B';
        /// Gold general (`G`).
        Gold = 3, "Gold", 'G';
        /// Silver general (`S`).
        Silver = 4, "Silver", 'S';
        /// Knight (`N`).
        Knight = 5, "Knight", 'N';
        /// Lance (`L`).
        Lance = 6, "Lance", 'L';
        /// Pawn (`P`).
        Pawn = 7, "Pawn", 'P';
        /// Promoted Rook (`+R`).
        Dragon = 8, "Dragon", 'R';
        /// Promoted Bishop (`+B`).
        Horse = 9, "Horse", 'B';
        /// Promoted Silver (`+S`).
        PromotedSilver = 10, "Promoted Silver", 'S';
        /// Promoted Knight (`+N`).
        PromotedKnight = 11, "Promoted Knight", 'N';
        /// Promoted Lance (`+L`).
        PromotedLance = 12, "Promoted Lance", 'L';
        /// Promoted Pawn, "tokin" (`+P`).
        PromotedPawn = 13, "Promoted Pawn", 'P';
    }
}

impl PieceKind {
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

    /// Whether the kind has a promoted form (Rook, Bishop, Silver, Knight, Lance,
    /// Pawn).
    ///
    /// ```
    /// use yono::PieceKind;
    /// assert!(PieceKind::Pawn.can_promote());
    /// assert!(!PieceKind::Gold.can_promote() && !PieceKind::Dragon.can_promote());
    /// ```
    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }
}

impl PieceKind {
    /// The kind whose symbol (what `Display` writes) is `text`: the upper-case letter,
    /// after `+` for a promoted kind (`P`, `+R`); `None` for anything else.
    ///
    /// ```
    /// use yono::PieceKind;
    /// assert_eq!(PieceKind::from_symbol("+R"), Some(PieceKind::Dragon));
    /// assert_eq!(PieceKind::from_symbol("P"), Some(PieceKind::Pawn));
    /// assert_eq!(PieceKind::from_symbol("+G"), None);
    /// assert_eq!(PieceKind::from_symbol("p"), None);
    /// ```
    pub fn from_symbol(text: &str) -> Option<PieceKind> {
        match text.as_bytes() {
            [b'+', c] => PieceKind::from_letter(*c as char).and_then(PieceKind::promoted),
            [c] => PieceKind::from_letter(*c as char),
            _ => None,
        }
    }
}

impl fmt::Display for PieceKind {
    /// The symbol: `K`, `R`, …, `+R`, `+P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            f.write_str("+")?;
        }
        write!(f, "{}", self.letter())
    }
}

impl core::str::FromStr for PieceKind {
    type Err = crate::ParseNameError;

    /// The symbol [`Display`](fmt::Display) writes ([`PieceKind::from_symbol`]: `P`,
    /// `+R`, upper case only), or the English name in any case (`Pawn`, `dragon`,
    /// `Promoted Silver`).
    ///
    /// ```
    /// use yono::PieceKind;
    /// assert_eq!("+R".parse::<PieceKind>().unwrap(), PieceKind::Dragon);
    /// assert_eq!("P".parse::<PieceKind>().unwrap(), PieceKind::Pawn);
    /// assert_eq!("promoted silver".parse::<PieceKind>().unwrap(), PieceKind::PromotedSilver);
    /// assert!("+G".parse::<PieceKind>().is_err());
    /// assert!("p".parse::<PieceKind>().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`crate::ParseNameError`] when the text is no kind's symbol or name.
    fn from_str(text: &str) -> Result<PieceKind, Self::Err> {
        PieceKind::from_symbol(text)
            .or_else(|| PieceKind::from_name(text))
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

    /// The same seat's piece in its promoted form, or `None` for a kind that has none
    /// (King, Gold, promoted kinds).
    ///
    /// ```
    /// use yono::{Piece, PieceKind, Seat};
    /// let pawn = Piece::new(Seat::West, PieceKind::Pawn);
    /// assert_eq!(pawn.promoted(), Some(Piece::new(Seat::West, PieceKind::PromotedPawn)));
    /// assert_eq!(pawn.promoted().unwrap().unpromoted(), pawn);
    /// ```
    pub const fn promoted(self) -> Option<Piece> {
        match self.kind.promoted() {
            Some(kind) => Some(Piece::new(self.seat, kind)),
            None => None,
        }
    }

    /// The same seat's piece in its unpromoted form (itself if it is not promoted).
    pub const fn unpromoted(self) -> Piece {
        Piece::new(self.seat, self.kind.unpromoted())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat.letter(), self.kind)
    }
}

impl core::str::FromStr for Piece {
    type Err = crate::ParseNameError;

    /// The symbol [`Display`](fmt::Display) writes: the seat letter (lower case), then
    /// the kind's symbol (`sK`, `n+R`).
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
            .and_then(Seat::from_letter)
            .and_then(|seat| Some(Piece::new(seat, PieceKind::from_symbol(chars.as_str())?)))
            .ok_or_else(|| crate::ParseNameError::new("piece", text))
    }
}
