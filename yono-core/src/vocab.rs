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
/// The numbers must be 0, 1, 2, ... in order (a compile-time check says so).
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
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $number:literal, $text:literal; )+
        }
    ) => {
        $crate::vocab::vocabulary!(@enum $(#[$meta])* $name { $( $(#[$vmeta])* $variant = $number, $text; )+ });
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
