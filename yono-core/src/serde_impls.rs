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
via_text!(Move, |t| t.parse().ok());
via_text!(Seat, |t| t.parse().ok());
via_text!(PieceKind, |t| t.parse().ok());
via_text!(Piece, |t| t.parse().ok());

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
