//! What to draw besides the position: [`SvgOptions`], with its defaults written once
//! ([`SvgOptions::DEFAULT`]).

use super::geometry::{hit_test, Target, CANVAS};
use crate::{Move, PieceKind, Seat, Square};

/// The `with_*` builders of [`SvgOptions`], one line each: `sets` a field (`to Some`
/// for an optional one), or `adds to` a list of squares.
macro_rules! builders {
    ($([$($line:tt)*])*) => {
        $(builders!(@one $($line)*);)*
    };
    (@one $name:ident ($arg:ident: $ty:ty) sets $field:ident) => {
        #[doc = concat!("Sets [`SvgOptions::", stringify!($field), "`].")]
        #[must_use]
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$field = $arg;
            self
        }
    };
    (@one $name:ident ($arg:ident: $ty:ty) sets $field:ident to Some) => {
        #[doc = concat!("Sets [`SvgOptions::", stringify!($field), "`].")]
        #[must_use]
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$field = Some($arg);
            self
        }
    };
    (@one $name:ident adds to $field:ident) => {
        #[doc = concat!("Adds squares to [`SvgOptions::", stringify!($field), "`].")]
        #[must_use]
        pub fn $name(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
            self.$field.extend(squares);
            self
        }
    };
}

/// What to draw besides the position itself.
///
/// Build it with [`Default`] and the `with_*` methods (new options may be added, so it
/// cannot be built with a struct literal outside this crate), or change the fields of
/// a default value.
///
/// ```
/// use yono::svg::SvgOptions;
/// use yono::{Seat, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let opts = SvgOptions::default()
///     .with_size(480)
///     .with_orientation(Seat::North)
///     .with_selected(sq("5g"))
///     .with_destinations([sq("5f")])
///     .with_highlight([sq("5e")])
///     .with_threats(false)
///     .with_text_as_paths(true)
///     .with_zones_for(Seat::South);
/// assert_eq!(opts.size, 480);
/// assert_eq!(opts.highlight.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Width and height of the picture in pixels (it is square). `0` writes no
    /// `width`/`height` attributes, so the picture fills its container. Default 640.
    pub size: u32,
    /// The move that led to the position: its origin and destination (for a drop,
    /// the destination) are shaded yellow (class `last-move`). A pass marks nothing.
    pub last_move: Option<Move>,
    /// Squares to shade in cyan (class `highlight`), e.g. a plan.
    pub highlight: Vec<Square>,
    /// A selected square (the piece a user clicked): shaded green with a thick frame
    /// (class `selected`).
    pub selected: Option<Square>,
    /// A selected reserve piece (seat and kind, for a drop): its slot is framed
    /// (class `selected`).
    pub selected_reserve: Option<(Seat, PieceKind)>,
    /// Where the selection can go (class `destination`): a dot on an empty square, a
    /// frame on an occupied one (a capture).
    pub destinations: Vec<Square>,
    /// Squares to mark as in check (red, class `check`), besides the threatened Kings
    /// that [`SvgOptions::show_threats`] marks.
    pub check: Vec<Square>,
    /// Whether to mark every threatened King (a red square) with arrows in the
    /// attacking seats' colours from each piece that threatens it, and name the
    /// attackers in the King owner's panel. Default `true`.
    pub show_threats: bool,
    /// Overlay `seat`'s drop zone (tinted in its colour) and promotion zone (hatched).
    pub zones_for: Option<Seat>,
    /// The seat whose side of the board is drawn at the bottom. Default South; West
    /// turns the board a quarter turn clockwise (South then sits on the right), North
    /// half a turn, East three quarters.
    pub orientation: Seat,
    /// Draw all text — piece letters, `+`, reserve counts, board coordinates, seat
    /// names, the panels' states and scores, the status line and the legends — as
    /// stroked paths instead of `<text>`, for renderers without text (nanosvg). The
    /// picture then has no `<text>` element at all. Default `false`.
    pub text_as_paths: bool,
}

impl Default for SvgOptions {
    /// [`SvgOptions::DEFAULT`].
    fn default() -> Self {
        SvgOptions::DEFAULT
    }
}

impl SvgOptions {
    /// The defaults, the one place they are written (the bindings read them from
    /// here): 640 pixels, South at the bottom, threats shown, text as `<text>`, no
    /// overlay.
    ///
    /// ```
    /// use yono::svg::SvgOptions;
    /// assert_eq!(SvgOptions::DEFAULT, SvgOptions::default());
    /// assert_eq!(SvgOptions::DEFAULT.size, 640);
    /// assert!(SvgOptions::DEFAULT.show_threats && !SvgOptions::DEFAULT.text_as_paths);
    /// ```
    pub const DEFAULT: SvgOptions = SvgOptions {
        size: 640,
        last_move: None,
        highlight: Vec::new(),
        selected: None,
        selected_reserve: None,
        destinations: Vec::new(),
        check: Vec::new(),
        show_threats: true,
        zones_for: None,
        orientation: Seat::South,
        text_as_paths: false,
    };

    builders! {
        [with_size(size: u32) sets size]
        [with_last_move(mv: Move) sets last_move to Some]
        [with_highlight adds to highlight]
        [with_selected(square: Square) sets selected to Some]
        [with_destinations adds to destinations]
        [with_check adds to check]
        [with_threats(show: bool) sets show_threats]
        [with_zones_for(seat: Seat) sets zones_for to Some]
        [with_orientation(bottom: Seat) sets orientation]
        [with_text_as_paths(paths: bool) sets text_as_paths]
    }

    /// Sets [`SvgOptions::selected_reserve`].
    #[must_use]
    pub fn with_selected_reserve(mut self, seat: Seat, kind: PieceKind) -> Self {
        self.selected_reserve = Some((seat, kind));
        self
    }

    /// What is under the point (`x`, `y`) of a picture drawn with these options, in
    /// pixels of that picture (`size` pixels wide; for `size` 0, in `viewBox` units):
    /// [`hit_test`] after scaling.
    ///
    /// ```
    /// use yono::svg::{SvgOptions, Target};
    /// let opts = SvgOptions::default().with_size(460); // half the viewBox
    /// assert_eq!(opts.hit_test(95.0, 95.0), Some(Target::Square("9a".parse().unwrap())));
    /// assert_eq!(opts.hit_test(1.0, 1.0), None);
    /// ```
    pub fn hit_test(&self, x: f32, y: f32) -> Option<Target> {
        let scale = if self.size == 0 {
            1.0
        } else {
            CANVAS as f32 / self.size as f32
        };
        hit_test(x * scale, y * scale, self.orientation)
    }
}
