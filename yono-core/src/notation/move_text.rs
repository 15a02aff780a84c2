//! Move text ([RULES.md §7](crate::rules#7-moves-in-text)): `7g7f`, `8h2b+`, `P*5e` and `pass`, parsed by
//! [`Move::from_usi`] (and `FromStr`) and printed by `Display`.

use crate::{Move, ParseMoveError, PieceKind, Square};
use core::fmt;
use core::str::FromStr;

impl Move {
    /// Parses move text: `7g7f`, `8h2b+`, `P*5e` or `pass`. Syntax only: whether
    /// the move is legal is the position's question ([`crate::Position::parse_move`]).
    ///
    /// ```
    /// use yono::Move;
    /// assert_eq!(Move::from_usi("8h2b+").unwrap().to_string(), "8h2b+");
    /// assert_eq!(Move::from_usi("pass"), Ok(Move::Pass));
    /// assert!(Move::from_usi("5e5e").is_err()); // from and to the same square
    /// ```
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
