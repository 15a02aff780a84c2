//! SVG board diagrams, generated as a string (no I/O, no external fonts or files).
//!
//! The diagram shows the 9x9 board as seen from South with its coordinates (files 9–1
//! left to right, ranks a–i top to bottom), every piece as a Shogi-style pentagon in
//! its seat's colour pointing in its forward direction with its letter (promoted
//! pieces filled solid with a `+`), each seat's reserve in a panel beside its side of
//! the board, the seat to move, checkmated seats with their scores, and optional
//! overlays: the last move, arbitrary squares, threatened Kings with arrows from the
//! pieces threatening them, and a seat's 45-square drop zone and promotion zone.
//!
//! The output is SVG 1.1 (one `<svg>` element with a `viewBox`, plain shapes, text in
//! a generic sans-serif font family), so every browser and `rsvg-convert` render it
//! alike. Every piece and reserve entry carries a `<title>` naming it (`"sK 5i"`,
//! `"South reserve: 2 Pawn"`), which tools and screen readers can read.
//!
//! ```
//! use yono::svg::SvgOptions;
//! use yono::{Position, Seat};
//!
//! let mut pos = Position::start();
//! let mv = pos.parse_move("5g5f").unwrap();
//! pos.play(mv).unwrap();
//! let svg = pos.svg(&SvgOptions::default().with_last_move(mv).with_zones_for(Seat::West));
//! assert!(svg.starts_with("<?xml"));
//! assert!(svg.contains("<title>sP 5f</title>"));
//! ```

use crate::{attacks, Move, Piece, Position, Seat, SeatState, Square, Status};
use core::fmt::Write as _;

/// What to draw besides the position itself.
///
/// Build it with [`Default`] and the `with_*` methods, or fill in the fields.
///
/// ```
/// use yono::svg::SvgOptions;
/// use yono::{Seat, Square};
/// let opts = SvgOptions::default()
///     .with_size(480)
///     .with_highlight(["5e".parse::<Square>().unwrap()])
///     .with_threats(false)
///     .with_zones_for(Seat::South);
/// assert_eq!(opts.size, 480);
/// assert_eq!(opts.highlight.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Width and height of the picture in pixels (it is square). `0` writes no
    /// `width`/`height` attributes, so the picture fills its container. Default 640.
    pub size: u32,
    /// The move that led to the position: its origin and destination (for a drop,
    /// the destination) are shaded yellow. A pass marks nothing.
    pub last_move: Option<Move>,
    /// Squares to shade (in cyan), e.g. a selection or a plan.
    pub highlight: Vec<Square>,
    /// Whether to mark every threatened King (a red square) with arrows in the
    /// attacking seats' colours from each piece that threatens it, and name the
    /// attackers in the King owner's panel. Default `true`.
    pub show_threats: bool,
    /// Overlay `seat`'s drop zone (tinted in its colour) and promotion zone (hatched).
    pub zones_for: Option<Seat>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            size: 640,
            last_move: None,
            highlight: Vec::new(),
            show_threats: true,
            zones_for: None,
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
}

/// The main colour of each seat (by index): pieces' outlines and letters, the solid
/// fill of promoted pieces, panel borders, threat arrows.
pub const SEAT_COLORS: [&str; 4] = ["#d32f2f", "#1565c0", "#2e7d32", "#8e24aa"];

/// The light colour of each seat (by index): the fill of unpromoted pieces.
pub const SEAT_LIGHT_COLORS: [&str; 4] = ["#ffcdd2", "#bbdefb", "#c8e6c9", "#e1bee7"];

const CANVAS: i32 = 920;
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

fn center(sq: Square) -> (i32, i32) {
    let col = 9 - sq.file() as i32;
    let row = sq.rank() as i32 - 1;
    (B0 + col * CELL + CELL / 2, B0 + row * CELL + CELL / 2)
}

fn cell_rect(out: &mut String, sq: Square, attrs: &str) -> core::fmt::Result {
    let (cx, cy) = center(sq);
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

/// The piece outline pointing "up", centred on the origin, in units of 1/25 square.
const SHAPE: [(f32, f32); 5] = [
    (0.0, -25.0),
    (17.0, -18.0),
    (22.0, 24.0),
    (-22.0, 24.0),
    (-17.0, -18.0),
];

/// Rotates a point of [`SHAPE`] so that "up" becomes `seat`'s forward direction.
fn orient(seat: Seat, (x, y): (f32, f32)) -> (f32, f32) {
    match seat {
        Seat::South => (x, y),
        Seat::North => (-x, -y),
        Seat::West => (-y, x),
        Seat::East => (y, -x),
    }
}

/// A piece: pentagon in the seat's colours pointing forward, and its letter upright.
fn piece_shape(
    out: &mut String,
    piece: Piece,
    (cx, cy): (f32, f32),
    scale: f32,
    title: &str,
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
        r#"<g class="piece {}"><title>{}</title><polygon points=""#,
        seat.char(),
        esc(title)
    )?;
    for (i, &p) in SHAPE.iter().enumerate() {
        let (x, y) = orient(seat, p);
        if i > 0 {
            out.push(' ');
        }
        write!(out, "{:.1},{:.1}", cx + x * scale, cy + y * scale)?;
    }
    let width = if piece.kind == crate::PieceKind::King {
        3.5
    } else {
        2.0
    };
    let (label, font) = if promoted {
        (format!("+{}", piece.kind.letter()), 20.0)
    } else {
        (piece.kind.letter().to_string(), 26.0)
    };
    writeln!(
        out,
        r#"" fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/><text x="{cx:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" text-anchor="middle" fill="{ink}">{label}</text></g>"#,
        cy + font * scale * 0.36,
        font * scale
    )
}

fn write_svg(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
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
    writeln!(
        out,
        "<title>{} position, move {}, {}</title>",
        if pos.ruleset() == crate::Ruleset::Yono {
            "Yo[n]o Shogi"
        } else {
            "Shogi"
        },
        pos.move_number(),
        turn_text
    )?;

    // Definitions: arrowheads per seat, the promotion-zone hatching.
    out.push_str("<defs>\n");
    for seat in Seat::ALL {
        writeln!(
            out,
            r#"<marker id="arrow-{}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{}"/></marker>"#,
            seat.char(),
            SEAT_COLORS[seat.index()]
        )?;
    }
    if let Some(seat) = opts.zones_for {
        writeln!(
            out,
            r#"<pattern id="promotion-zone" patternUnits="userSpaceOnUse" width="14" height="14" patternTransform="rotate(45)"><rect x="0" y="0" width="5" height="14" fill="{}" fill-opacity="0.55"/></pattern>"#,
            SEAT_COLORS[seat.index()]
        )?;
    }
    out.push_str("</defs>\n");
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{CANVAS}" height="{CANVAS}" fill="#fafafa"/>"##
    )?;

    // The board and its overlays, under the grid.
    writeln!(
        out,
        r#"<rect x="{B0}" y="{B0}" width="{BOARD}" height="{BOARD}" fill="{BOARD_FILL}"/>"#
    )?;
    if let Some(seat) = opts.zones_for {
        let drop = pos.ruleset().drop_zone(seat);
        let attrs = format!(
            r#"class="drop-zone" fill="{}" fill-opacity="0.40""#,
            SEAT_LIGHT_COLORS[seat.index()]
        );
        for sq in drop {
            cell_rect(out, sq, &attrs)?;
        }
        for sq in pos.ruleset().promotion_zone(seat) {
            cell_rect(
                out,
                sq,
                r#"class="promotion-zone" fill="url(#promotion-zone)""#,
            )?;
        }
    }
    if let Some(mv) = opts.last_move {
        for sq in mv.from().into_iter().chain(mv.to()) {
            cell_rect(
                out,
                sq,
                r##"class="last-move" fill="#fff176" fill-opacity="0.85""##,
            )?;
        }
    }
    for &sq in &opts.highlight {
        cell_rect(
            out,
            sq,
            r##"class="highlight" fill="#4dd0e1" fill-opacity="0.6""##,
        )?;
    }
    let threats = if opts.show_threats {
        pos.threats()
    } else {
        [crate::SeatSet::EMPTY; 4]
    };
    for seat in Seat::ALL {
        if let (false, Some(king)) = (threats[seat.index()].is_empty(), pos.king(seat)) {
            cell_rect(
                out,
                king,
                r##"class="check" fill="#ff5252" fill-opacity="0.7""##,
            )?;
        }
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

    // Coordinates: files above and below, ranks left and right.
    for file in 1..=9u8 {
        let x = B0 + (9 - file as i32) * CELL + CELL / 2;
        for y in [B0 - 7, B1 + 19] {
            writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="17" text-anchor="middle" fill="#424242">{file}</text>"##
            )?;
        }
    }
    for rank in 0..9i32 {
        let y = B0 + rank * CELL + CELL / 2 + 6;
        let letter = (b'a' + rank as u8) as char;
        for x in [B0 - 12, B1 + 12] {
            writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="17" text-anchor="middle" fill="#424242">{letter}</text>"##
            )?;
        }
    }

    // Pieces.
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let (cx, cy) = center(sq);
            piece_shape(
                out,
                piece,
                (cx as f32, cy as f32),
                1.0,
                &format!("{piece} {sq}"),
            )?;
        }
    }

    // Threat arrows: from each threatening piece to the King, in the attacker's colour.
    for victim in Seat::ALL {
        let (by, Some(king)) = (threats[victim.index()], pos.king(victim)) else {
            continue;
        };
        let (kx, ky) = center(king);
        for attacker in by.iter() {
            for sq in pos.pieces(attacker) {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                if !attacks::attacks(attacker, piece.kind, sq, pos.occupied()).contains(king) {
                    continue;
                }
                let (ax, ay) = center(sq);
                let (dx, dy) = ((kx - ax) as f32, (ky - ay) as f32);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ex, ey) = (kx as f32 - dx / len * 20.0, ky as f32 - dy / len * 20.0);
                writeln!(
                    out,
                    r#"<line class="threat" x1="{ax}" y1="{ay}" x2="{ex:.1}" y2="{ey:.1}" stroke="{}" stroke-width="5" stroke-opacity="0.85" marker-end="url(#arrow-{})"><title>{} threatens {}'s King on {king}</title></line>"#,
                    SEAT_COLORS[attacker.index()],
                    attacker.char(),
                    esc(&format!("{piece} on {sq}")),
                    victim
                )?;
            }
        }
    }

    // Seat panels.
    for seat in pos.ruleset().seats().iter() {
        panel(out, pos, seat, threats[seat.index()])?;
    }

    // Corners: what this is, and the zone legend.
    writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="17" font-weight="bold" fill="#212121">{}</text>"##,
        PAD + 8,
        PAD + 26,
        if pos.ruleset() == crate::Ruleset::Yono {
            "Yo[n]o Shogi"
        } else {
            "Shogi"
        }
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
            r##"<rect x="{x}" y="{}" width="22" height="22" fill="url(#promotion-zone)" stroke="{GRID}"/><text x="{}" y="{}" font-size="14" fill="#424242">promotion</text>"##,
            y + 54,
            x + 30,
            y + 70
        )?;
    }
    out.push_str("</svg>\n");
    Ok(())
}

/// A seat's panel beside its side of the board: name, state, threats, reserve.
fn panel(
    out: &mut String,
    pos: &Position,
    seat: Seat,
    threatened_by: crate::SeatSet,
) -> core::fmt::Result {
    let horizontal = matches!(seat, Seat::South | Seat::North);
    let (x, y, w, h) = match seat {
        Seat::North => (B0, PAD, BOARD, PANEL),
        Seat::South => (B0, B1 + LABEL, BOARD, PANEL),
        Seat::West => (PAD, B0, PANEL, BOARD),
        Seat::East => (B1 + LABEL, B0, PANEL, BOARD),
    };
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
        seat.char()
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
    // The reserve.
    let reserve = pos.reserve(seat);
    if reserve.is_empty() {
        let (ex, ey) = if horizontal {
            (tx, y + 112)
        } else {
            (tx, y + 120)
        };
        writeln!(
            out,
            r##"<text class="reserve" x="{ex}" y="{ey}" font-size="15" fill="#757575"><title>{seat} reserve: empty</title>reserve empty</text>"##
        )?;
    }
    for (i, (kind, count)) in reserve.iter().enumerate() {
        let i = i as i32;
        let (px, py) = if horizontal {
            (x + 40 + i * 72, y + 108)
        } else {
            (x + 42, y + 130 + i * 58)
        };
        let title = format!("{seat} reserve: {count} {}", kind.name());
        piece_shape(
            out,
            Piece::new(seat, kind),
            (px as f32, py as f32),
            0.82,
            &title,
        )?;
        writeln!(
            out,
            r##"<text class="count" x="{}" y="{}" font-size="18" font-weight="bold" fill="#212121">&#215;{count}</text>"##,
            px + 22,
            py + 20
        )?;
    }
    out.push_str("</g>\n");
    Ok(())
}
