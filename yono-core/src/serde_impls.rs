//! serde support: values go through their text forms, so JSON stays readable
//! (`"5e"`, `"8h2b+"`, `"sK"`, position text).

use crate::{Move, Piece, PieceKind, Position, Seat, Square};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! via_text {
    ($ty:ty, $parse:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text).ok_or_else(|| {
                    D::Error::custom(format!("invalid {}: {:?}", stringify!($ty), text))
                })
            }
        }
    };
}

via_text!(Square, |t| t.parse().ok());
via_text!(Move, |t| Move::from_usi(t).ok());
via_text!(Seat, |t| {
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_char(c),
        _ => Seat::ALL.into_iter().find(|s| s.name() == t),
    }
});
via_text!(PieceKind, |t| match t.as_bytes() {
    [b'+', c] => PieceKind::from_letter(*c as char).and_then(PieceKind::promoted),
    [c] => PieceKind::from_letter(*c as char),
    _ => None,
});
via_text!(Piece, |t| {
    let mut chars = t.chars();
    let seat = Seat::from_char(chars.next()?)?;
    let rest: String = chars.collect();
    let kind = match rest.as_bytes() {
        [b'+', c] => PieceKind::from_letter(*c as char).and_then(PieceKind::promoted),
        [c] => PieceKind::from_letter(*c as char),
        _ => None,
    }?;
    Some(Piece::new(seat, kind))
});

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Position::from_text(&text).map_err(D::Error::custom)
    }
}
