//! The vocabulary declared once: [`vocabulary!`] turns one table per type (variant,
//! number, name and, for seats and kinds, notation letter) into the enum and the
//! tables the rest of the crate and the bindings read (`ALL`, `COUNT`, `NAMES`,
//! `LETTERS`, `index`/`from_index`, `name`, `letter`/`from_letter`), as
//! `error_codes!` does for the error codes. The numbers are the enum's discriminants,
//! so a binding can pin its constants with `Seat::West as u8` or `Seat::ALL[i]`.
//!
//! Each type's `FromStr` (in its own file) says which spellings it reads; they are
//! listed in the project's `docs/ARCHITECTURE.md`, "The vocabulary".

/// Declares a fieldless enum with its numbers and names (and letters) from one table.
///
/// ```text
/// vocabulary! {
///     /// docs
///     pub enum Seat {
///         /// docs
///         South = 0, "South", 's';
///         ...
///     }
/// }
/// ```
///
/// Without letters, `pub enum Ruleset as "ruleset" { Yono = 0, "yono"; ... }` also
/// gives the type its text: `Display` writes the name, `FromStr` reads it in any case
/// (a `ParseNameError` names what was expected, here `"ruleset"`). The numbers must be
/// 0, 1, 2, ... in order (a compile-time check says so).
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $number:literal, $text:literal, $letter:literal; )+
        }
    ) => {
        $crate::vocab::vocabulary!(@enum $(#[$meta])* $name { $( $(#[$vmeta])* $variant = $number, $text; )+ });
        impl $name {
            /// The notation letter of each value, by index.
            pub const LETTERS: [char; Self::COUNT] = [$($letter),+];

            /// The notation letter.
            #[inline]
            pub const fn letter(self) -> char {
                Self::LETTERS[self as usize]
            }

            /// The first value (in index order) whose letter is `c`, exactly (case
            /// matters).
            pub const fn from_letter(c: char) -> Option<$name> {
                let mut i = 0;
                while i < Self::COUNT {
                    if Self::LETTERS[i] == c {
                        return Some(Self::ALL[i]);
                    }
                    i += 1;
                }
                None
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident as $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $number:literal, $text:literal; )+
        }
    ) => {
        $crate::vocab::vocabulary!(@enum $(#[$meta])* $name { $( $(#[$vmeta])* $variant = $number, $text; )+ });

        /// The name.
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::ParseNameError;

            /// The name, in any ASCII case.
            ///
            /// # Errors
            ///
            /// [`ParseNameError`](crate::ParseNameError) for any other text.
            fn from_str(text: &str) -> Result<$name, Self::Err> {
                $name::from_name(text).ok_or_else(|| $crate::ParseNameError::new($what, text))
            }
        }
    };
    (@enum
        $(#[$meta:meta])*
        $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $number:literal, $text:literal; )+
        }
    ) => {
        $(#[$meta])*
        #[repr(u8)]
        pub enum $name {
            $( $(#[$vmeta])* $variant = $number, )+
        }

        impl $name {
            /// Every value in index order: `ALL[v.index()] == v`.
            pub const ALL: [$name; [$($number),+].len()] = [$($name::$variant),+];
            /// How many values there are.
            pub const COUNT: usize = Self::ALL.len();
            /// The English name of each value, by index.
            pub const NAMES: [&'static str; Self::COUNT] = [$($text),+];

            /// The number of the value (its discriminant): its place in
            #[doc = concat!("[`", stringify!($name), "::ALL`].")]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value with number `i`, or `None` past the last.
            pub const fn from_index(i: usize) -> Option<$name> {
                if i < Self::COUNT {
                    Some(Self::ALL[i])
                } else {
                    None
                }
            }

            /// The English name.
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The value whose name is `text`, in any ASCII case.
            pub(crate) fn from_name(text: &str) -> Option<$name> {
                Self::ALL
                    .into_iter()
                    .find(|v| text.eq_ignore_ascii_case(v.name()))
            }
        }

        const _: () = {
            let mut i = 0;
            while i < $name::COUNT {
                assert!(
                    $name::ALL[i] as usize == i,
                    concat!(stringify!($name), ": the numbers must be 0, 1, 2, ... in order")
                );
                i += 1;
            }
        };
    };
}

pub(crate) use vocabulary;

/// Text that names no seat, piece kind, piece, ruleset, status, end reason or promotion
/// status (the `FromStr` of those).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a {what}")]
pub struct ParseNameError {
    /// What was expected: `"seat"`, `"piece kind"`, `"piece"`, `"ruleset"`, `"status"`,
    /// `"end reason"` or `"promotion status"`.
    pub what: &'static str,
    /// The text (cut to 32 characters).
    pub text: String,
}

impl ParseNameError {
    pub(crate) fn new(what: &'static str, text: &str) -> ParseNameError {
        ParseNameError {
            what,
            text: text.chars().take(32).collect(),
        }
    }
}
