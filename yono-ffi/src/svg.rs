//! SVG diagrams of a game (`yono_svg_options`, yono_game_svg()) and their geometry
//! for hit-testing (yono_svg_square_rect(), yono_svg_reserve_rect(),
//! yono_svg_hit_test()).

use std::ffi::c_char;

use yono::svg::{SvgOptions, Target};
use yono::{Move, Seat, Square};

use crate::boundary::{
    array_arg, check_size, guard, out_mut, query_text, read_versioned, versioned, write_versioned, yono_status, Fail, Res,
};
use crate::convert::{arg, HandKind, Part, ToC};
use crate::game::{yono_game, yono_position};
use crate::types::*;

/// What yono_game_svg() draws besides the position. Start from YONO_SVG_OPTIONS_INIT
/// or yono_svg_options_init() and change what you need.
///
/// The struct can grow: `struct_size` says which version the caller was compiled
/// against (sizeof(yono_svg_options) in its header). The library reads only the
/// first struct_size bytes and uses the defaults for fields a caller's older header
/// did not have; a struct_size that is no version's size (a newer header than the
/// library, or a slip) is an INVALID_ARGUMENT. New fields are only ever added at the
/// end.
///
/// cbindgen:field-names=[struct_size, size, show_threats, zones_for, has_last_move, last_move, highlight, highlight_count, orientation, text_as_paths, selected, selected_reserve_seat, selected_reserve_kind, destinations, destinations_count, check, check_count]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_svg_options {
    /// sizeof(yono_svg_options) as the caller compiled it (set by the initialisers).
    pub struct_size: usize,
    /// Width and height of the picture in pixels; 0 for a scalable picture (no
    /// width/height attributes). Default 640.
    pub size: u32,
    /// 1 to mark threatened Kings (red square, arrows from the threatening pieces,
    /// the attackers named in the owner's panel), 0 not to. Default 1.
    pub show_threats: u8,
    /// Overlay this seat's drop zone and promotion zone; YONO_SEAT_NONE (default)
    /// for none.
    pub zones_for: yono_seat,
    /// 1 if last_move is to be shaded, 0 (default) if not.
    pub has_last_move: u8,
    /// The last move (origin and destination shaded; a drop: its square).
    pub last_move: yono_move,
    /// Squares (0..80) to shade in cyan, or NULL; read during the call only.
    pub highlight: *const u8,
    /// Number of squares in highlight.
    pub highlight_count: usize,
    /// The seat drawn at the bottom (default YONO_SEAT_SOUTH); yono_svg_square_rect()
    /// and yono_svg_hit_test() give the geometry for it.
    pub orientation: yono_seat,
    /// 1 to draw piece letters, counts and coordinates as paths, for renderers
    /// without text such as nanosvg (SDL2_image); default 0.
    pub text_as_paths: u8,
    /// A selected square (shaded green, framed) or YONO_SQUARE_NONE (default).
    pub selected: u8,
    /// The seat of a selected reserve piece, or YONO_SEAT_NONE (default).
    pub selected_reserve_seat: yono_seat,
    /// The kind of a selected reserve piece (YONO_PIECE_ROOK .. YONO_PIECE_PAWN), or
    /// YONO_PIECE_NONE (default).
    pub selected_reserve_kind: yono_piece_kind,
    /// Destination squares (a dot, or a frame on an occupied square), or NULL.
    pub destinations: *const u8,
    /// Number of squares in destinations.
    pub destinations_count: usize,
    /// Squares to mark as in check (red), besides the threatened Kings, or NULL.
    pub check: *const u8,
    /// Number of squares in check.
    pub check_count: usize,
}

versioned!(yono_svg_options, struct_size);

/// The first published yono_svg_options, without struct_size: what
/// yono_svg_options_default() and yono_position_svg() still take, so programs built
/// against the old header keep working.
///
/// cbindgen:field-names=[size, show_threats, zones_for, has_last_move, last_move, highlight, highlight_count]
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_svg_options_v0 {
    /// As in yono_svg_options.
    pub size: u32,
    /// As in yono_svg_options.
    pub show_threats: u8,
    /// As in yono_svg_options.
    pub zones_for: yono_seat,
    /// As in yono_svg_options.
    pub has_last_move: u8,
    /// As in yono_svg_options.
    pub last_move: yono_move,
    /// As in yono_svg_options.
    pub highlight: *const u8,
    /// As in yono_svg_options.
    pub highlight_count: usize,
}

/// The defaults, from the core's (the one place they are written).
fn defaults() -> yono_svg_options {
    let d = SvgOptions::default();
    let squares = |v: &[Square]| (std::ptr::null(), v.len());
    let ((highlight, highlight_count), (destinations, destinations_count)) = (squares(&d.highlight), squares(&d.destinations));
    let (check, check_count) = squares(&d.check);
    yono_svg_options {
        struct_size: std::mem::size_of::<yono_svg_options>(),
        size: d.size,
        show_threats: d.show_threats as u8,
        zones_for: d.zones_for.to_c(),
        has_last_move: d.last_move.is_some() as u8,
        last_move: d.last_move.map_or(yono_move::default(), Move::to_c),
        highlight,
        highlight_count,
        orientation: d.orientation.to_c(),
        text_as_paths: d.text_as_paths as u8,
        selected: d.selected.to_c(),
        selected_reserve_seat: d.selected_reserve.map(|(s, _)| s).to_c(),
        selected_reserve_kind: d.selected_reserve.map_or(YONO_PIECE_NONE, |(_, k)| k.to_c()),
        destinations,
        destinations_count,
        check,
        check_count,
    }
}

/// Stores the default options in `*opts` (as YONO_SVG_OPTIONS_INIT): size 640, threats
/// shown, South at the bottom, text as text, nothing selected or marked. Pass
/// sizeof(yono_svg_options) as `struct_size`.
/// Errors: NULL_ARGUMENT (opts), INVALID_ARGUMENT (a struct_size this library does not
/// know).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_options_init(opts: *mut yono_svg_options, struct_size: usize) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        unsafe { out_mut(opts, "opts") }?;
        let size = check_size::<yono_svg_options>(struct_size, "struct_size")?;
        let mut value = defaults();
        value.struct_size = size;
        // SAFETY: `opts` has `size` writable bytes, per the contract.
        unsafe { write_versioned(opts, &value, size) };
        Ok(())
    })
}

/// Stores the default options in the old layout (yono_svg_options_v0).
/// Errors: NULL_ARGUMENT (out).
#[must_use]
#[deprecated(note = "use yono_svg_options_init() or YONO_SVG_OPTIONS_INIT")]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_options_default(out: *mut yono_svg_options_v0) -> yono_status {
    guard(|| {
        let d = defaults();
        // SAFETY: NULL or writable, per the contract.
        *unsafe { out_mut(out, "out") }? = yono_svg_options_v0 {
            size: d.size,
            show_threats: d.show_threats,
            zones_for: d.zones_for,
            has_last_move: d.has_last_move,
            last_move: d.last_move,
            highlight: d.highlight,
            highlight_count: d.highlight_count,
        };
        Ok(())
    })
}

/// Squares from a caller array.
///
/// # Safety
/// `ptr` points to `count` readable bytes when count is not 0.
unsafe fn squares_arg(ptr: *const u8, count: usize, what: &str) -> Res<Vec<Square>> {
    // SAFETY: per the contract.
    let squares = unsafe { array_arg(ptr, count, 81 * 16, what) }?;
    squares.iter().map(|&sq| arg(sq, Part(&what, "square"))).collect()
}

/// The options of a (current-layout) struct, checked.
///
/// # Safety
/// Each array of `o` has its count of readable bytes.
unsafe fn options_from(o: &yono_svg_options) -> Res<SvgOptions> {
    let mut out = SvgOptions::default()
        .with_size(o.size)
        .with_threats(arg(o.show_threats, "show_threats")?)
        .with_text_as_paths(arg(o.text_as_paths, "text_as_paths")?)
        .with_orientation(arg(o.orientation, "orientation")?);
    out.zones_for = arg(o.zones_for, "zones_for")?;
    if arg(o.has_last_move, "has_last_move")? {
        out.last_move = Some(arg(o.last_move, "last_move")?);
    }
    out.selected = arg(o.selected, "selected")?;
    out.selected_reserve = match (o.selected_reserve_seat, o.selected_reserve_kind) {
        (YONO_SEAT_NONE, YONO_PIECE_NONE) => None,
        (seat, kind) => Some((
            arg::<Seat, _>(seat, "selected_reserve_seat")?,
            arg::<HandKind, _>(kind, "selected_reserve_kind")?.0,
        )),
    };
    // SAFETY: each array has its count of readable bytes, per the contract.
    unsafe {
        out.highlight = squares_arg(o.highlight, o.highlight_count, "highlighted")?;
        out.destinations = squares_arg(o.destinations, o.destinations_count, "destination")?;
        out.check = squares_arg(o.check, o.check_count, "check")?;
    }
    Ok(out)
}

/// Writes an SVG 1.1 diagram of the current position into `buf`, with the buffer
/// rules of yono_game_text() (a diagram is about 30 to 60 kB: ask for the size
/// first). The board has coordinates; each seat's pieces are drawn in its own colour
/// pointing in its forward direction, promoted ones filled solid; each seat's reserve
/// and state (to move, checkmated with its score, winner) are shown beside its side.
/// The output draws alike in librsvg, resvg, browsers and QtSvg (no markers, patterns
/// or <title> inside <text>); with text_as_paths also in renderers without text.
/// Squares have ids "sq-5e", pieces "piece-5e", reserve pieces "reserve-s-P" with a
/// transparent hit area "slot-s-P". `opts` may be NULL for the defaults.
/// Geometry: yono_svg_square_rect(), yono_svg_reserve_rect(), yono_svg_hit_test().
/// Errors: as yono_game_text(), and INVALID_ARGUMENT (a bad struct_size, seat,
/// square, move or flag in opts), NULL_ARGUMENT (an array with a nonzero count).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_game_svg(
    game: *const yono_game,
    opts: *const yono_svg_options,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query_text(game, buf, buf_len, needed, |g| {
            let opts = match opts.is_null() {
                true => SvgOptions::default(),
                false => options_from(&read_versioned(opts, defaults(), "opts")?)?,
            };
            Ok(g.position().svg(&opts))
        })
    }
}

/// yono_game_svg() with the old options layout (yono_svg_options_v0, NULL for the
/// defaults).
/// Errors: as yono_game_svg().
#[must_use]
#[deprecated(note = "use yono_game_svg() with yono_svg_options")]
#[no_mangle]
pub unsafe extern "C" fn yono_position_svg(
    pos: *const yono_position,
    opts: *const yono_svg_options_v0,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> yono_status {
    // SAFETY: per the contract.
    unsafe {
        query_text(pos, buf, buf_len, needed, |g| {
            let mut o = defaults();
            if let Some(v0) = opts.as_ref() {
                o.size = v0.size;
                o.show_threats = v0.show_threats;
                o.zones_for = v0.zones_for;
                o.has_last_move = v0.has_last_move;
                o.last_move = v0.last_move;
                o.highlight = v0.highlight;
                o.highlight_count = v0.highlight_count;
            }
            Ok(g.position().svg(&options_from(&o)?))
        })
    }
}

/// A rectangle in the SVG's viewBox units (the viewBox is 920 x 920; a picture of
/// `size` pixels scales by size / 920).
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct yono_rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

impl ToC<yono_rect> for yono::svg::Rect {
    fn to_c(self) -> yono_rect {
        yono_rect {
            x: self.x,
            y: self.y,
            width: self.width,
            height: self.height,
        }
    }
}

/// Stores in `*out` the rectangle of `square` in a diagram drawn with `orientation`
/// at the bottom (the board's top-left corner is at (188, 188), squares are 60 wide).
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (square, orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_square_rect(square: u8, orientation: yono_seat, out: *mut yono_rect) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        let rect = yono::svg::square_rect(arg(square, "square")?, arg(orientation, "orientation")?);
        *out = rect.to_c();
        Ok(())
    })
}

/// Stores in `*out` the rectangle of `seat`'s reserve slot for `kind` (piece and
/// count) in a diagram drawn with `orientation` at the bottom. Each kind has a fixed
/// slot (R B G S N L P), drawn only while the seat holds one.
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (seat, kind, orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_reserve_rect(
    seat: yono_seat,
    kind: yono_piece_kind,
    orientation: yono_seat,
    out: *mut yono_rect,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        let (seat, HandKind(kind)) = (arg(seat, "seat")?, arg(kind, "kind")?);
        let rect = yono::svg::reserve_rect(seat, kind, arg(orientation, "orientation")?).ok_or_else(|| Fail::invalid("no reserve slot"))?;
        *out = rect.to_c();
        Ok(())
    })
}

/// What the point (x, y), in viewBox units (pixels * 920 / size), falls on in a
/// diagram drawn with `orientation` at the bottom: a square (stored in `*square`,
/// with `*seat` and `*kind` set to NONE), a reserve slot (`*seat` and `*kind` set,
/// `*square` YONO_SQUARE_NONE; the seat may hold none of that kind), or nothing (all
/// three NONE).
/// Errors: NULL_ARGUMENT (square, seat, kind), INVALID_ARGUMENT (orientation).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_svg_hit_test(
    x: f32,
    y: f32,
    orientation: yono_seat,
    square: *mut u8,
    seat: *mut yono_seat,
    kind: *mut yono_piece_kind,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let (square, seat, kind) = unsafe { (out_mut(square, "square")?, out_mut(seat, "seat")?, out_mut(kind, "kind")?) };
        let (sq, reserve) = match yono::svg::hit_test(x, y, arg(orientation, "orientation")?) {
            Some(Target::Square(sq)) => (Some(sq), None),
            Some(Target::Reserve(s, k)) => (None, Some((s, k))),
            None => (None, None),
        };
        *square = sq.to_c();
        *seat = reserve.map(|(s, _)| s).to_c();
        *kind = reserve.map_or(YONO_PIECE_NONE, |(_, k)| k.to_c());
        Ok(())
    })
}
