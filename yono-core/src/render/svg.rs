//! SVG board diagrams, generated as a string (no I/O, no external fonts or files).
//!
//! The diagram shows the 9x9 board with its coordinates, every piece as a Shogi-style
//! pentagon in its seat's colour pointing in its forward direction with its letter
//! (promoted pieces filled solid with a `+`), each seat's reserve in a panel beside its
//! side of the board, the seat to move, checkmated seats with their scores, and
//! optional overlays: the last move, a selected square or reserve piece, destination
//! dots, marked squares, threatened Kings with arrows from the pieces threatening them,
//! and a seat's 45-square drop zone and promotion zone. [`SvgOptions::orientation`]
//! puts any seat at the bottom (South by default).
//!
//! # Renderers
//!
//! The output keeps to what SVG Tiny 1.2 renderers draw (QtSvg, librsvg, resvg,
//! browsers): plain shapes, no markers, patterns, masks, filters or CSS, no `<title>`
//! inside `<text>`, text in a generic sans-serif font family. Renderers that draw no
//! text at all (nanosvg, used by SDL2_image) still show piece letters, the `+` of
//! promoted pieces, reserve counts and the board coordinates when
//! [`SvgOptions::text_as_paths`] is set: those are then drawn as stroked paths. Every
//! piece and reserve entry carries a `<title>` naming it (`"sK 5i"`,
//! `"South reserve: 2 Pawn"`), which tools and screen readers can read.
//!
//! # Geometry and hit-testing
//!
//! Everything is drawn in a `viewBox` of [`CANVAS`] x [`CANVAS`] units (920); a
//! picture of `size` pixels scales it by `size / 920`. The board's top-left corner is
//! at ([`BOARD_ORIGIN`], [`BOARD_ORIGIN`]) = (188, 188) and each square is [`SQUARE`]
//! (60) units wide, so the board spans 188..728 on both axes. Panels of 160 units sit
//! on the four sides (with 24 units for the coordinates in between). Which square is
//! where depends on the orientation: [`square_rect`] gives a square's rectangle,
//! [`reserve_rect`] a reserve slot's (each kind has a fixed slot, in `R B G S N L P`
//! order, so slots do not move as a reserve fills), and [`hit_test`] (or
//! [`SvgOptions::hit_test`], in pixels) maps a point back to a square or slot.
//! Squares carry ids `sq-5e`, reserve pieces `reserve-s-P` (with a transparent hit
//! area `slot-s-P` over the slot), pieces on the board `piece-5e`.
//!
//! ```
//! use yono::svg::{hit_test, square_rect, SvgOptions, Target};
//! use yono::{Position, Seat, Square};
//!
//! let mut pos = Position::start();
//! let mv = pos.parse_move("5g5f").unwrap();
//! pos.play(mv).unwrap();
//! let svg = pos.svg(&SvgOptions::default().with_last_move(mv).with_zones_for(Seat::West));
//! assert!(svg.starts_with("<?xml"));
//! assert!(svg.contains("<title>sP 5f</title>"));
//!
//! // With West at the bottom, West's King (9e) is in the bottom row's middle.
//! let king: Square = "9e".parse().unwrap();
//! let r = square_rect(king, Seat::West);
//! assert_eq!((r.x, r.y), (428.0, 668.0));
//! assert_eq!(hit_test(r.x + 1.0, r.y + 1.0, Seat::West), Some(Target::Square(king)));
//! ```

use crate::{attacks, Move, Piece, PieceKind, Position, Seat, SeatState, Square, Status};
use core::fmt::Write as _;

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
    /// Draw piece letters, `+`, reserve counts and board coordinates as stroked paths
    /// instead of `<text>`, for renderers without text (nanosvg). Default `false`.
    pub text_as_paths: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
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
        }
    }
}

impl SvgOptions {
    /// Sets [`SvgOptions::size`].
    #[must_use]
    pub fn with_size(mut self, size: u32) -> Self {
        self.size = size;
        self
    }
    /// Sets [`SvgOptions::last_move`].
    #[must_use]
    pub fn with_last_move(mut self, mv: Move) -> Self {
        self.last_move = Some(mv);
        self
    }
    /// Adds squares to [`SvgOptions::highlight`].
    #[must_use]
    pub fn with_highlight(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.highlight.extend(squares);
        self
    }
    /// Sets [`SvgOptions::selected`].
    #[must_use]
    pub fn with_selected(mut self, square: Square) -> Self {
        self.selected = Some(square);
        self
    }
    /// Sets [`SvgOptions::selected_reserve`].
    #[must_use]
    pub fn with_selected_reserve(mut self, seat: Seat, kind: PieceKind) -> Self {
        self.selected_reserve = Some((seat, kind));
        self
    }
    /// Adds squares to [`SvgOptions::destinations`].
    #[must_use]
    pub fn with_destinations(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.destinations.extend(squares);
        self
    }
    /// Adds squares to [`SvgOptions::check`].
    #[must_use]
    pub fn with_check(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.check.extend(squares);
        self
    }
    /// Sets [`SvgOptions::show_threats`].
    #[must_use]
    pub fn with_threats(mut self, show: bool) -> Self {
        self.show_threats = show;
        self
    }
    /// Sets [`SvgOptions::zones_for`].
    #[must_use]
    pub fn with_zones_for(mut self, seat: Seat) -> Self {
        self.zones_for = Some(seat);
        self
    }
    /// Sets [`SvgOptions::orientation`].
    #[must_use]
    pub fn with_orientation(mut self, bottom: Seat) -> Self {
        self.orientation = bottom;
        self
    }
    /// Sets [`SvgOptions::text_as_paths`].
    #[must_use]
    pub fn with_text_as_paths(mut self, paths: bool) -> Self {
        self.text_as_paths = paths;
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

/// The main colour of each seat (by index): pieces' outlines and letters, the solid
/// fill of promoted pieces, panel borders, threat arrows.
pub const SEAT_COLORS: [&str; 4] = ["#d32f2f", "#1565c0", "#2e7d32", "#8e24aa"];

/// The light colour of each seat (by index): the fill of unpromoted pieces.
pub const SEAT_LIGHT_COLORS: [&str; 4] = ["#ffcdd2", "#bbdefb", "#c8e6c9", "#e1bee7"];

/// Width and height of the `viewBox`, in SVG units.
pub const CANVAS: u32 = 920;
/// Width and height of one square, in `viewBox` units.
pub const SQUARE: u32 = 60;
/// The board's left and top edge, in `viewBox` units.
pub const BOARD_ORIGIN: u32 = B0 as u32;

/// A rectangle in `viewBox` units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

impl Rect {
    /// Whether the point is inside (left and top edges included, right and bottom
    /// excluded, so neighbouring squares never both contain a point).
    ///
    /// ```
    /// let r = yono::svg::Rect { x: 0.0, y: 0.0, width: 60.0, height: 60.0 };
    /// assert!(r.contains(0.0, 59.9) && !r.contains(60.0, 1.0));
    /// ```
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.width && y < self.y + self.height
    }
    /// The centre point.
    ///
    /// ```
    /// let r = yono::svg::Rect { x: 0.0, y: 0.0, width: 60.0, height: 60.0 };
    /// assert_eq!(r.center(), (30.0, 30.0));
    /// ```
    pub fn center(&self) -> (f32, f32) {
        (self.x + self.width / 2.0, self.y + self.height / 2.0)
    }
}

/// What a point of the diagram falls on: see [`hit_test`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A square of the board.
    Square(Square),
    /// The reserve slot of a seat for a kind (whether or not the seat holds one).
    Reserve(Seat, PieceKind),
}

/// The rectangle of `square` in `viewBox` units, with `bottom` seat at the bottom.
///
/// ```
/// use yono::svg::square_rect;
/// use yono::{Seat, Square};
/// let r = square_rect("9a".parse::<Square>().unwrap(), Seat::South);
/// assert_eq!((r.x, r.y, r.width, r.height), (188.0, 188.0, 60.0, 60.0));
/// // North at the bottom: 9a is the bottom-right square.
/// let r = square_rect("9a".parse::<Square>().unwrap(), Seat::North);
/// assert_eq!((r.x, r.y), (668.0, 668.0));
/// ```
pub fn square_rect(square: Square, bottom: Seat) -> Rect {
    let (c, r) = display_cell(square, bottom);
    Rect {
        x: (B0 + c * CELL) as f32,
        y: (B0 + r * CELL) as f32,
        width: CELL as f32,
        height: CELL as f32,
    }
}

/// The rectangle of `seat`'s reserve slot for `kind` (which includes the piece and its
/// count), with `bottom` seat at the bottom; `None` for a kind that is never held (a
/// King or a promoted kind). Each held kind has its own slot, `R B G S N L P` from
/// left to right (or top to bottom in a side panel).
///
/// ```
/// use yono::svg::{hit_test, reserve_rect, Target};
/// use yono::{PieceKind, Seat};
/// let r = reserve_rect(Seat::South, PieceKind::Pawn, Seat::South).unwrap();
/// let (x, y) = r.center();
/// assert_eq!(hit_test(x, y, Seat::South), Some(Target::Reserve(Seat::South, PieceKind::Pawn)));
/// assert_eq!(reserve_rect(Seat::South, PieceKind::King, Seat::South), None);
/// ```
pub fn reserve_rect(seat: Seat, kind: PieceKind, bottom: Seat) -> Option<Rect> {
    let slot = kind.hand_index()? as i32;
    let (px, py) = reserve_center(seat, slot, bottom);
    let (x0, y0, w, h) = if is_horizontal(seat, bottom) {
        (px - 24, py - 26, 72, 52)
    } else {
        (px - 26, py - 29, 96, 58)
    };
    Some(Rect {
        x: x0 as f32,
        y: y0 as f32,
        width: w as f32,
        height: h as f32,
    })
}

/// What the point (`x`, `y`), in `viewBox` units, falls on with `bottom` seat at the
/// bottom: a square, a reserve slot (see [`reserve_rect`]), or nothing.
///
/// ```
/// use yono::svg::{hit_test, square_rect, Target};
/// use yono::{Seat, Square};
/// for bottom in Seat::ALL {
///     for sq in Square::all() {
///         let (x, y) = square_rect(sq, bottom).center();
///         assert_eq!(hit_test(x, y, bottom), Some(Target::Square(sq)));
///     }
/// }
/// assert_eq!(hit_test(0.0, 0.0, Seat::South), None);
/// ```
pub fn hit_test(x: f32, y: f32, bottom: Seat) -> Option<Target> {
    let (b0, b1) = (B0 as f32, B1 as f32);
    if (b0..b1).contains(&x) && (b0..b1).contains(&y) {
        let c = (((x - b0) / CELL as f32) as i32).min(8);
        let r = (((y - b0) / CELL as f32) as i32).min(8);
        return Some(Target::Square(cell_square(c, r, bottom)));
    }
    for seat in Seat::ALL {
        for kind in PieceKind::HAND {
            if reserve_rect(seat, kind, bottom).is_some_and(|r| r.contains(x, y)) {
                return Some(Target::Reserve(seat, kind));
            }
        }
    }
    None
}

const PAD: i32 = 4;
const PANEL: i32 = 160;
const LABEL: i32 = 24;
const CELL: i32 = 60;
const BOARD: i32 = 9 * CELL;
/// Left and top edge of the board.
const B0: i32 = PAD + PANEL + LABEL;
/// Right and bottom edge of the board.
const B1: i32 = B0 + BOARD;
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
const BOARD_FILL: &str = "#f2d9a6";
const GRID: &str = "#5d4037";

/// Renders `pos` as an SVG document (see the [module documentation](self)).
///
/// ```
/// let svg = yono::svg::render(&yono::Position::start(), &Default::default());
/// assert!(svg.contains("<title>South reserve: empty</title>"));
/// ```
pub fn render(pos: &Position, opts: &SvgOptions) -> String {
    let mut out = String::with_capacity(48 * 1024);
    // Writing into a String cannot fail.
    let _ = write_svg(&mut out, pos, opts);
    out
}

impl Position {
    /// This position as an SVG diagram: [`svg::render`](render).
    ///
    /// ```
    /// let svg = yono::Position::start().svg(&yono::svg::SvgOptions::default().with_size(320));
    /// assert!(svg.contains(r#"width="320""#));
    /// ```
    pub fn svg(&self, opts: &SvgOptions) -> String {
        render(self, opts)
    }
}

/// Where a seat's side is drawn: 0 bottom, 1 left, 2 top, 3 right.
fn side(seat: Seat, bottom: Seat) -> usize {
    (seat.index() + 4 - bottom.index()) % 4
}

fn is_horizontal(seat: Seat, bottom: Seat) -> bool {
    side(seat, bottom) % 2 == 0
}

/// Column and row (0..8, from the top left) at which `sq` is drawn.
fn display_cell(sq: Square, bottom: Seat) -> (i32, i32) {
    let (mut c, mut r) = (9 - sq.file() as i32, sq.rank() as i32 - 1);
    // Each quarter turn brings the next seat clockwise from South to the bottom: the
    // left edge (West) goes to the bottom.
    for _ in 0..bottom.index() {
        (c, r) = (r, 8 - c);
    }
    (c, r)
}

/// The square drawn at column `c`, row `r` (the inverse of [`display_cell`]).
fn cell_square(mut c: i32, mut r: i32, bottom: Seat) -> Square {
    for _ in 0..bottom.index() {
        (c, r) = (8 - r, c);
    }
    Square::new((9 - c) as u8, (r + 1) as u8).expect("a column and row in 0..9")
}

fn center(sq: Square, bottom: Seat) -> (i32, i32) {
    let (c, r) = display_cell(sq, bottom);
    (B0 + c * CELL + CELL / 2, B0 + r * CELL + CELL / 2)
}

/// The panel of a seat: x, y, width, height.
fn panel_rect(seat: Seat, bottom: Seat) -> (i32, i32, i32, i32) {
    match side(seat, bottom) {
        0 => (B0, B1 + LABEL, BOARD, PANEL),
        1 => (PAD, B0, PANEL, BOARD),
        2 => (B0, PAD, BOARD, PANEL),
        _ => (B1 + LABEL, B0, PANEL, BOARD),
    }
}

/// Centre of the piece in reserve slot `slot` (0..6).
fn reserve_center(seat: Seat, slot: i32, bottom: Seat) -> (i32, i32) {
    let (x, y, _, _) = panel_rect(seat, bottom);
    if is_horizontal(seat, bottom) {
        (x + 40 + slot * 72, y + 108)
    } else {
        (x + 42, y + 130 + slot * 58)
    }
}

fn cell_rect(out: &mut String, sq: Square, bottom: Seat, attrs: &str) -> core::fmt::Result {
    let (cx, cy) = center(sq, bottom);
    writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" {attrs}/>"#,
        cx - CELL / 2,
        cy - CELL / 2
    )
}

/// Escapes text for XML character data and attribute values.
fn esc(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => s.push('?'),
            c => s.push(c),
        }
    }
    s
}

/// Strokes of the glyphs drawn as paths, in a box 4 wide with the baseline at y = 6
/// (capitals and digits 6 high, lower case 4, `g` descending to 8). Only what the
/// diagram writes: piece letters, `+`, digits, the rank letters and the `×` of counts.
fn glyph(c: char) -> &'static [&'static [(f32, f32)]] {
    match c {
        '0' => &[&[(0.0, 0.0), (4.0, 0.0), (4.0, 6.0), (0.0, 6.0), (0.0, 0.0)]],
        '1' => &[
            &[(1.0, 1.0), (2.0, 0.0), (2.0, 6.0)],
            &[(1.0, 6.0), (3.0, 6.0)],
        ],
        '2' => &[&[
            (0.0, 0.0),
            (4.0, 0.0),
            (4.0, 3.0),
            (0.0, 3.0),
            (0.0, 6.0),
            (4.0, 6.0),
        ]],
        '3' => &[
            &[(0.0, 0.0), (4.0, 0.0), (4.0, 6.0), (0.0, 6.0)],
            &[(1.0, 3.0), (4.0, 3.0)],
        ],
        '4' => &[
            &[(0.0, 0.0), (0.0, 3.0), (4.0, 3.0)],
            &[(4.0, 0.0), (4.0, 6.0)],
        ],
        '5' => &[&[
            (4.0, 0.0),
            (0.0, 0.0),
            (0.0, 3.0),
            (4.0, 3.0),
            (4.0, 6.0),
            (0.0, 6.0),
        ]],
        '6' => &[&[
            (4.0, 0.0),
            (0.0, 0.0),
            (0.0, 6.0),
            (4.0, 6.0),
            (4.0, 3.0),
            (0.0, 3.0),
        ]],
        '7' => &[&[(0.0, 0.0), (4.0, 0.0), (1.5, 6.0)]],
        '8' => &[
            &[(0.0, 0.0), (4.0, 0.0), (4.0, 6.0), (0.0, 6.0), (0.0, 0.0)],
            &[(0.0, 3.0), (4.0, 3.0)],
        ],
        '9' => &[&[
            (4.0, 3.0),
            (0.0, 3.0),
            (0.0, 0.0),
            (4.0, 0.0),
            (4.0, 6.0),
            (0.0, 6.0),
        ]],
        'K' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(4.0, 0.0), (0.0, 3.0), (4.0, 6.0)],
        ],
        'R' => &[
            &[
                (0.0, 6.0),
                (0.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.0),
                (3.0, 3.0),
                (0.0, 3.0),
            ],
            &[(2.0, 3.0), (4.0, 6.0)],
        ],
        'B' => &[
            &[
                (0.0, 0.0),
                (0.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
                (0.0, 3.0),
            ],
            &[(0.0, 0.0), (3.0, 0.0), (4.0, 1.0), (4.0, 2.0), (3.0, 3.0)],
        ],
        'G' => &[&[
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.0),
            (2.0, 3.0),
        ]],
        'S' => &[&[
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 2.0),
            (1.0, 3.0),
            (3.0, 3.0),
            (4.0, 4.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        'N' => &[&[(0.0, 6.0), (0.0, 0.0), (4.0, 6.0), (4.0, 0.0)]],
        'L' => &[&[(0.0, 0.0), (0.0, 6.0), (4.0, 6.0)]],
        'P' => &[&[
            (0.0, 6.0),
            (0.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.0),
            (3.0, 3.0),
            (0.0, 3.0),
        ]],
        '+' => &[&[(0.0, 3.0), (4.0, 3.0)], &[(2.0, 1.0), (2.0, 5.0)]],
        '\u{d7}' => &[&[(0.5, 2.0), (3.5, 5.0)], &[(3.5, 2.0), (0.5, 5.0)]],
        'a' => &[&[
            (0.5, 2.0),
            (4.0, 2.0),
            (4.0, 6.0),
            (0.0, 6.0),
            (0.0, 4.0),
            (4.0, 4.0),
        ]],
        'b' => &[&[(0.0, 0.0), (0.0, 6.0), (4.0, 6.0), (4.0, 2.0), (0.0, 2.0)]],
        'c' => &[&[(4.0, 2.0), (0.0, 2.0), (0.0, 6.0), (4.0, 6.0)]],
        'd' => &[&[(4.0, 0.0), (4.0, 6.0), (0.0, 6.0), (0.0, 2.0), (4.0, 2.0)]],
        'e' => &[&[
            (0.0, 4.0),
            (4.0, 4.0),
            (4.0, 2.0),
            (0.0, 2.0),
            (0.0, 6.0),
            (4.0, 6.0),
        ]],
        'f' => &[
            &[(4.0, 0.0), (2.0, 0.0), (1.0, 1.0), (1.0, 6.0)],
            &[(0.0, 2.5), (3.0, 2.5)],
        ],
        'g' => &[&[
            (4.0, 6.0),
            (0.0, 6.0),
            (0.0, 2.0),
            (4.0, 2.0),
            (4.0, 8.0),
            (0.0, 8.0),
        ]],
        'h' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(0.0, 2.0), (4.0, 2.0), (4.0, 6.0)],
        ],
        'i' => &[&[(2.0, 2.0), (2.0, 6.0)], &[(2.0, 0.0), (2.0, 0.7)]],
        _ => &[],
    }
}

/// Writes `text` centred on `x` with its baseline at `y`, `size` units high (the
/// font size), bold, in `fill`: a `<text>` element, or with `paths` one stroked
/// `<path>` of [`glyph`] strokes.
fn label(
    out: &mut String,
    text: &str,
    (x, y): (f32, f32),
    size: f32,
    fill: &str,
    paths: bool,
    class: &str,
) -> core::fmt::Result {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(r#" class="{class}""#)
    };
    if !paths {
        let text = esc(text).replace('\u{d7}', "&#215;");
        return writeln!(
            out,
            r#"<text{class} x="{x:.1}" y="{y:.1}" font-size="{size:.1}" font-weight="bold" text-anchor="middle" fill="{fill}">{text}</text>"#
        );
    }
    // Capitals are 0.7 of the font size high, like the sans-serif font's.
    let s = size * 0.7 / 6.0;
    let n = text.chars().count() as f32;
    let x0 = x - (n * 4.0 + (n - 1.0) * 2.0) * s / 2.0;
    write!(out, r#"<path{class} d=""#)?;
    for (i, c) in text.chars().enumerate() {
        for stroke in glyph(c) {
            for (j, &(gx, gy)) in stroke.iter().enumerate() {
                let px = x0 + (i as f32 * 6.0 + gx) * s;
                let py = y - (6.0 - gy) * s;
                write!(out, "{}{px:.1},{py:.1}", if j == 0 { 'M' } else { 'L' })?;
            }
        }
    }
    writeln!(
        out,
        r#"" fill="none" stroke="{fill}" stroke-width="{:.1}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        (size * 0.11).max(1.5)
    )
}

/// The piece outline pointing "up", centred on the origin, in units of 1/25 square.
const SHAPE: [(f32, f32); 5] = [
    (0.0, -25.0),
    (17.0, -18.0),
    (22.0, 24.0),
    (-22.0, 24.0),
    (-17.0, -18.0),
];

/// Rotates a point of [`SHAPE`] so that "up" points away from side `side` (0 bottom,
/// 1 left, 2 top, 3 right), the way the pieces of the seat drawn there move.
fn orient(side: usize, (x, y): (f32, f32)) -> (f32, f32) {
    match side {
        0 => (x, y),
        2 => (-x, -y),
        1 => (-y, x),
        _ => (y, -x),
    }
}

/// A piece: pentagon in the seat's colours pointing forward, and its letter upright.
fn piece_shape(
    out: &mut String,
    piece: Piece,
    (cx, cy): (f32, f32),
    scale: f32,
    title: &str,
    id: &str,
    opts: &SvgOptions,
) -> core::fmt::Result {
    let seat = piece.seat;
    let promoted = piece.kind.is_promoted();
    let (fill, stroke, ink) = if promoted {
        (SEAT_COLORS[seat.index()], "#212121", "#ffffff")
    } else {
        (
            SEAT_LIGHT_COLORS[seat.index()],
            SEAT_COLORS[seat.index()],
            SEAT_COLORS[seat.index()],
        )
    };
    write!(
        out,
        r#"<g class="piece {}" id="{id}"><title>{}</title><polygon points=""#,
        seat.letter(),
        esc(title)
    )?;
    let side = side(seat, opts.orientation);
    for (i, &p) in SHAPE.iter().enumerate() {
        let (x, y) = orient(side, p);
        if i > 0 {
            out.push(' ');
        }
        write!(out, "{:.1},{:.1}", cx + x * scale, cy + y * scale)?;
    }
    let width = if piece.kind == PieceKind::King {
        3.5
    } else {
        2.0
    };
    writeln!(
        out,
        r#"" fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/>"#
    )?;
    let (text, font) = if promoted {
        (format!("+{}", piece.kind.letter()), 20.0)
    } else {
        (piece.kind.letter().to_string(), 26.0)
    };
    label(
        out,
        &text,
        (cx, cy + font * scale * 0.36),
        font * scale,
        ink,
        opts.text_as_paths,
        "",
    )?;
    out.push_str("</g>\n");
    Ok(())
}

/// Diagonal stripes over one square (the promotion-zone hatching), as a path: QtSvg
/// and nanosvg draw no `<pattern>`.
fn hatch(out: &mut String, sq: Square, bottom: Seat, color: &str) -> core::fmt::Result {
    let (cx, cy) = center(sq, bottom);
    let (x, y) = (cx - CELL / 2, cy - CELL / 2);
    write!(out, r#"<path class="promotion-zone" d=""#)?;
    let mut t = 7;
    while t < 2 * CELL {
        // The line u + v = t of the square's own coordinates, cut to the square.
        let (u0, v0) = ((t - CELL).max(0), t.min(CELL));
        let (u1, v1) = (t.min(CELL), (t - CELL).max(0));
        write!(out, "M{},{}L{},{}", x + u0, y + v0, x + u1, y + v1)?;
        t += 14;
    }
    writeln!(
        out,
        r#"" stroke="{color}" stroke-opacity="0.55" stroke-width="5" fill="none"/>"#
    )
}

fn write_svg(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    let bottom = opts.orientation;
    let size = if opts.size == 0 {
        String::new()
    } else {
        format!(r#" width="{0}" height="{0}""#, opts.size)
    };
    writeln!(
        out,
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#
    )?;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{size} viewBox="0 0 {CANVAS} {CANVAS}" font-family="{FONT}">"#
    )?;
    let turn_text = match pos.status() {
        Status::Won(w) => format!("{w} has won"),
        _ => format!("{} to move", pos.turn()),
    };
    let ruleset_name = if pos.ruleset() == crate::Ruleset::Yono {
        "Yo[n]o Shogi"
    } else {
        "Shogi"
    };
    writeln!(
        out,
        "<title>{ruleset_name} position, move {}, {turn_text}</title>",
        pos.move_number(),
    )?;
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{CANVAS}" height="{CANVAS}" fill="#fafafa"/>"##
    )?;

    // The board, one rectangle per square (ids for scripts and hit-testing), and its
    // overlays under the grid.
    for sq in Square::all() {
        cell_rect(
            out,
            sq,
            bottom,
            &format!(r#"id="sq-{sq}" class="square" fill="{BOARD_FILL}""#),
        )?;
    }
    if let Some(seat) = opts.zones_for {
        let drop = pos.ruleset().drop_zone(seat);
        let attrs = format!(
            r#"class="drop-zone" fill="{}" fill-opacity="0.40""#,
            SEAT_LIGHT_COLORS[seat.index()]
        );
        for sq in drop {
            cell_rect(out, sq, bottom, &attrs)?;
        }
        for sq in pos.ruleset().promotion_zone(seat) {
            hatch(out, sq, bottom, SEAT_COLORS[seat.index()])?;
        }
    }
    if let Some(mv) = opts.last_move {
        for sq in mv.from().into_iter().chain(mv.to()) {
            cell_rect(
                out,
                sq,
                bottom,
                r##"class="last-move" fill="#fff176" fill-opacity="0.85""##,
            )?;
        }
    }
    for &sq in &opts.highlight {
        cell_rect(
            out,
            sq,
            bottom,
            r##"class="highlight" fill="#4dd0e1" fill-opacity="0.6""##,
        )?;
    }
    if let Some(sq) = opts.selected {
        cell_rect(
            out,
            sq,
            bottom,
            r##"class="selected" fill="#81c784" fill-opacity="0.8" stroke="#1b5e20" stroke-width="4""##,
        )?;
    }
    let threats = if opts.show_threats {
        pos.threats()
    } else {
        crate::BySeat::default()
    };
    for seat in Seat::ALL {
        if let (false, Some(king)) = (threats[seat.index()].is_empty(), pos.king(seat)) {
            cell_rect(
                out,
                king,
                bottom,
                r##"class="check" fill="#ff5252" fill-opacity="0.7""##,
            )?;
        }
    }
    for &sq in &opts.check {
        cell_rect(
            out,
            sq,
            bottom,
            r##"class="check" fill="#ff5252" fill-opacity="0.7""##,
        )?;
    }

    // Grid.
    write!(out, r#"<path d=""#)?;
    for i in 1..9 {
        let p = B0 + i * CELL;
        write!(out, "M{B0},{p}H{B1}M{p},{B0}V{B1}")?;
    }
    writeln!(out, r#"" stroke="{GRID}" stroke-width="1.5" fill="none"/>"#)?;
    writeln!(
        out,
        r#"<rect x="{B0}" y="{B0}" width="{BOARD}" height="{BOARD}" fill="none" stroke="{GRID}" stroke-width="3"/>"#
    )?;

    // Coordinates: above and below each column, left and right of each row (files
    // or ranks, whichever runs along that edge in this orientation).
    let coord = |sq: Square, along_file: bool| -> String {
        if along_file {
            sq.file().to_string()
        } else {
            sq.rank_char().to_string()
        }
    };
    let files_across = bottom.index() % 2 == 0;
    for i in 0..9 {
        let x = (B0 + i * CELL + CELL / 2) as f32;
        let text = coord(cell_square(i, 0, bottom), files_across);
        for y in [B0 - 7, B1 + 19] {
            coord_label(out, &text, x, y as f32, opts.text_as_paths)?;
        }
        let y = (B0 + i * CELL + CELL / 2 + 6) as f32;
        let text = coord(cell_square(0, i, bottom), !files_across);
        for x in [B0 - 12, B1 + 12] {
            coord_label(out, &text, x as f32, y, opts.text_as_paths)?;
        }
    }

    // Pieces.
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let (cx, cy) = center(sq, bottom);
            piece_shape(
                out,
                piece,
                (cx as f32, cy as f32),
                1.0,
                &format!("{piece} {sq}"),
                &format!("piece-{sq}"),
                opts,
            )?;
        }
    }

    // Destinations over the pieces: a dot on an empty square, a frame on a capture.
    for &sq in &opts.destinations {
        let (cx, cy) = center(sq, bottom);
        if pos.piece_at(sq).is_some() {
            writeln!(
                out,
                r##"<rect class="destination" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#1b5e20" stroke-opacity="0.75" stroke-width="5"/>"##,
                cx - CELL / 2 + 3,
                cy - CELL / 2 + 3,
                CELL - 6,
                CELL - 6
            )?;
        } else {
            writeln!(
                out,
                r##"<circle class="destination" cx="{cx}" cy="{cy}" r="10" fill="#1b5e20" fill-opacity="0.6"/>"##
            )?;
        }
    }

    // Threat arrows: from each threatening piece to the King, in the attacker's colour,
    // with the arrowhead as a polygon (QtSvg draws no markers).
    for victim in Seat::ALL {
        let (by, Some(king)) = (threats[victim.index()], pos.king(victim)) else {
            continue;
        };
        let (kx, ky) = center(king, bottom);
        for attacker in by.iter() {
            for sq in pos.pieces(attacker) {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                if !attacks::attacks(attacker, piece.kind, sq, pos.occupied()).contains(king) {
                    continue;
                }
                let (ax, ay) = center(sq, bottom);
                let (dx, dy) = ((kx - ax) as f32, (ky - ay) as f32);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                // The tip stops short of the King's centre; the shaft ends at the head.
                let (tx, ty) = (kx as f32 - ux * 12.0, ky as f32 - uy * 12.0);
                let (hx, hy) = (tx - ux * 18.0, ty - uy * 18.0);
                let color = SEAT_COLORS[attacker.index()];
                writeln!(
                    out,
                    r#"<g class="threat"><title>{} threatens {}'s King on {king}</title><line x1="{ax}" y1="{ay}" x2="{hx:.1}" y2="{hy:.1}" stroke="{color}" stroke-width="5" stroke-opacity="0.85"/><polygon points="{tx:.1},{ty:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}" fill-opacity="0.85"/></g>"#,
                    esc(&format!("{piece} on {sq}")),
                    victim,
                    hx - uy * 10.0,
                    hy + ux * 10.0,
                    hx + uy * 10.0,
                    hy - ux * 10.0,
                )?;
            }
        }
    }

    // Seat panels.
    for seat in pos.ruleset().seats().iter() {
        panel(out, pos, seat, threats[seat.index()], opts)?;
    }

    // Corners: what this is, and the zone legend.
    writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="17" font-weight="bold" fill="#212121">{ruleset_name}</text>"##,
        PAD + 8,
        PAD + 26,
    )?;
    writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="15" fill="#424242">move {}</text>"##,
        PAD + 8,
        PAD + 48,
        pos.move_number()
    )?;
    writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="15" fill="#424242">{}</text>"##,
        PAD + 8,
        PAD + 68,
        esc(&turn_text)
    )?;
    if let Some(seat) = opts.zones_for {
        let (x, y) = (PAD + 8, B1 + LABEL + 20);
        writeln!(
            out,
            r##"<text x="{x}" y="{}" font-size="15" font-weight="bold" fill="#212121">{} zones</text>"##,
            y + 10,
            seat
        )?;
        writeln!(
            out,
            r##"<rect x="{x}" y="{}" width="22" height="22" fill="{}" stroke="{GRID}"/><text x="{}" y="{}" font-size="14" fill="#424242">drop</text>"##,
            y + 24,
            SEAT_LIGHT_COLORS[seat.index()],
            x + 30,
            y + 40
        )?;
        writeln!(
            out,
            r##"<rect x="{x}" y="{}" width="22" height="22" fill="none" stroke="{GRID}"/><path d="M{},{}L{},{}M{},{}L{},{}" stroke="{}" stroke-opacity="0.55" stroke-width="5"/><text x="{}" y="{}" font-size="14" fill="#424242">promotion</text>"##,
            y + 54,
            x,
            y + 66,
            x + 12,
            y + 54,
            x + 10,
            y + 76,
            x + 22,
            y + 64,
            SEAT_COLORS[seat.index()],
            x + 30,
            y + 70
        )?;
    }
    out.push_str("</svg>\n");
    Ok(())
}

fn coord_label(out: &mut String, text: &str, x: f32, y: f32, paths: bool) -> core::fmt::Result {
    if paths {
        label(out, text, (x, y), 17.0, "#424242", true, "coord")
    } else {
        writeln!(
            out,
            r##"<text x="{x}" y="{y}" font-size="17" text-anchor="middle" fill="#424242">{text}</text>"##
        )
    }
}

/// A seat's panel beside its side of the board: name, state, threats, reserve.
fn panel(
    out: &mut String,
    pos: &Position,
    seat: Seat,
    threatened_by: crate::SeatSet,
    opts: &SvgOptions,
) -> core::fmt::Result {
    let bottom = opts.orientation;
    let horizontal = is_horizontal(seat, bottom);
    let (x, y, w, h) = panel_rect(seat, bottom);
    let color = SEAT_COLORS[seat.index()];
    let state = pos.seat_state(seat);
    let out_of_game = matches!(state, SeatState::Out(_));
    let to_move = pos.turn() == seat && pos.status() == Status::Ongoing;
    let (fill, stroke, stroke_width) = if out_of_game {
        ("#e0e0e0", "#9e9e9e", 2)
    } else if to_move {
        (SEAT_LIGHT_COLORS[seat.index()], color, 5)
    } else {
        ("#ffffff", color, 2)
    };
    writeln!(
        out,
        r#"<g class="panel {}"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>"#,
        seat.letter()
    )?;
    let status = match state {
        SeatState::Out(score) => format!("checkmated, score {score}"),
        _ => match (pos.status(), pos.score(seat)) {
            (Status::Won(w), Some(score)) if w == seat => format!("winner, score {score}"),
            (_, Some(score)) => format!("lost, score {score}"),
            _ if to_move => String::from("to move"),
            _ => String::from("in the game"),
        },
    };
    let name_color = if out_of_game { "#757575" } else { color };
    // Name, with a triangle before it for the seat to move.
    let (tx, ty) = (x + 12, y + 28);
    let name_x = if to_move {
        writeln!(
            out,
            r#"<polygon class="to-move" points="{tx},{} {},{} {tx},{}" fill="{color}"/>"#,
            ty - 16,
            tx + 14,
            ty - 8,
            ty
        )?;
        tx + 20
    } else {
        tx
    };
    writeln!(
        out,
        r#"<text x="{name_x}" y="{ty}" font-size="22" font-weight="bold" fill="{name_color}"{}>{seat}</text>"#,
        if out_of_game {
            r#" text-decoration="line-through""#
        } else {
            ""
        }
    )?;
    if horizontal {
        writeln!(
            out,
            r##"<text class="status" x="{}" y="{ty}" font-size="16" fill="#212121">{}</text>"##,
            x + 120,
            esc(&status)
        )?;
    } else {
        // Narrow panel: one line per part ("checkmated" / "score 1").
        for (i, part) in status.split(", ").enumerate() {
            writeln!(
                out,
                r##"<text class="status" x="{tx}" y="{}" font-size="15" fill="#212121">{}</text>"##,
                ty + 24 + 20 * i as i32,
                esc(part)
            )?;
        }
    }
    if !threatened_by.is_empty() {
        let names: Vec<&str> = threatened_by.iter().map(Seat::name).collect();
        let (cx, cy) = if horizontal {
            (tx, ty + 26)
        } else {
            (tx, ty + 70)
        };
        let text = if horizontal {
            format!("King threatened by {}", names.join(", "))
        } else {
            format!("check: {}", names.join(", "))
        };
        writeln!(
            out,
            r##"<text class="threatened" x="{cx}" y="{cy}" font-size="{}" font-weight="bold" fill="#b71c1c">{}</text>"##,
            if horizontal { 16 } else { 14 },
            esc(&text)
        )?;
    }
    // The reserve: each kind in its own slot.
    let reserve = pos.reserve(seat);
    if reserve.is_empty() {
        let (ex, ey) = if horizontal {
            (tx, y + 112)
        } else {
            (tx, y + 120)
        };
        // The title goes beside the text, not inside it: QtSvg prints a <title>
        // nested in <text>.
        writeln!(
            out,
            r##"<g class="reserve"><title>{seat} reserve: empty</title><text x="{ex}" y="{ey}" font-size="15" fill="#757575">reserve empty</text></g>"##
        )?;
    }
    if let Some((s, kind)) = opts.selected_reserve {
        if let (true, Some(r)) = (s == seat, reserve_rect(seat, kind, bottom)) {
            writeln!(
                out,
                r##"<rect class="selected" x="{}" y="{}" width="{}" height="{}" rx="6" fill="#81c784" fill-opacity="0.8" stroke="#1b5e20" stroke-width="4"/>"##,
                r.x, r.y, r.width, r.height
            )?;
        }
    }
    for (kind, count) in reserve.iter() {
        let slot = kind.hand_index().unwrap_or(0) as i32;
        let (px, py) = reserve_center(seat, slot, bottom);
        let title = format!("{seat} reserve: {count} {}", kind.name());
        let letter = kind.letter();
        piece_shape(
            out,
            Piece::new(seat, kind),
            (px as f32, py as f32),
            0.82,
            &title,
            &format!("reserve-{}-{letter}", seat.letter()),
            opts,
        )?;
        if opts.text_as_paths {
            label(
                out,
                &format!("\u{d7}{count}"),
                ((px + 36) as f32, (py + 20) as f32),
                18.0,
                "#212121",
                true,
                "count",
            )?;
        } else {
            writeln!(
                out,
                r##"<text class="count" x="{}" y="{}" font-size="18" font-weight="bold" fill="#212121">&#215;{count}</text>"##,
                px + 22,
                py + 20
            )?;
        }
        if let Some(r) = reserve_rect(seat, kind, bottom) {
            // Transparent but painted, so browsers deliver clicks on it.
            writeln!(
                out,
                r##"<rect id="slot-{}-{letter}" class="reserve-slot" x="{}" y="{}" width="{}" height="{}" fill="#000000" fill-opacity="0"/>"##,
                seat.letter(),
                r.x,
                r.y,
                r.width,
                r.height
            )?;
        }
    }
    out.push_str("</g>\n");
    Ok(())
}
