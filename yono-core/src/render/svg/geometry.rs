//! Where everything is drawn, and what a point falls on: the `viewBox` layout, the
//! rectangles of squares and reserve slots in any orientation, and hit-testing.

use crate::{PieceKind, Seat, Square};

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

pub(super) const PAD: i32 = 4;
pub(super) const PANEL: i32 = 160;
pub(super) const LABEL: i32 = 24;
pub(super) const CELL: i32 = 60;
pub(super) const BOARD: i32 = 9 * CELL;
/// Left and top edge of the board.
pub(super) const B0: i32 = PAD + PANEL + LABEL;
/// Right and bottom edge of the board.
pub(super) const B1: i32 = B0 + BOARD;
/// Where a seat's side is drawn: 0 bottom, 1 left, 2 top, 3 right.
pub(super) fn side(seat: Seat, bottom: Seat) -> usize {
    (seat.index() + 4 - bottom.index()) % 4
}

pub(super) fn is_horizontal(seat: Seat, bottom: Seat) -> bool {
    side(seat, bottom) % 2 == 0
}

/// Column and row (0..8, from the top left) at which `sq` is drawn.
pub(super) fn display_cell(sq: Square, bottom: Seat) -> (i32, i32) {
    let (mut c, mut r) = (9 - sq.file() as i32, sq.rank() as i32 - 1);
    // Each quarter turn brings the next seat clockwise from South to the bottom: the
    // left edge (West) goes to the bottom.
    for _ in 0..bottom.index() {
        (c, r) = (r, 8 - c);
    }
    (c, r)
}

/// The square drawn at column `c`, row `r` (the inverse of [`display_cell`]).
pub(super) fn cell_square(mut c: i32, mut r: i32, bottom: Seat) -> Square {
    for _ in 0..bottom.index() {
        (c, r) = (8 - r, c);
    }
    Square::new((9 - c) as u8, (r + 1) as u8).expect("a column and row in 0..9")
}

pub(super) fn center(sq: Square, bottom: Seat) -> (i32, i32) {
    let (c, r) = display_cell(sq, bottom);
    (B0 + c * CELL + CELL / 2, B0 + r * CELL + CELL / 2)
}

/// The panel of a seat: x, y, width, height.
pub(super) fn panel_rect(seat: Seat, bottom: Seat) -> (i32, i32, i32, i32) {
    match side(seat, bottom) {
        0 => (B0, B1 + LABEL, BOARD, PANEL),
        1 => (PAD, B0, PANEL, BOARD),
        2 => (B0, PAD, BOARD, PANEL),
        _ => (B1 + LABEL, B0, PANEL, BOARD),
    }
}

/// Centre of the piece in reserve slot `slot` (0..6).
pub(super) fn reserve_center(seat: Seat, slot: i32, bottom: Seat) -> (i32, i32) {
    let (x, y, _, _) = panel_rect(seat, bottom);
    if is_horizontal(seat, bottom) {
        (x + 40 + slot * 72, y + 108)
    } else {
        (x + 42, y + 130 + slot * 58)
    }
}
