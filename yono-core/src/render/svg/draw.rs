//! Drawing the document: the board, its overlays, the pieces, the threat arrows and the
//! corner legends (the seats' panels are `panel.rs`).

use super::geometry::{cell_square, center, side, B0, B1, BOARD, CANVAS, CELL, LABEL, PAD};
use super::glyphs::{write_text, TextStyle};
use super::{esc, panel, Outcome, SvgOptions};
use crate::{Piece, PieceKind, Position, Seat, Square};
use core::fmt::Write as _;

/// The main colour of each seat (by index): pieces' outlines and letters, the solid
/// fill of promoted pieces, panel borders, threat arrows.
pub const SEAT_COLORS: [&str; 4] = ["#d32f2f", "#1565c0", "#2e7d32", "#8e24aa"];

/// The light colour of each seat (by index): the fill of unpromoted pieces.
pub const SEAT_LIGHT_COLORS: [&str; 4] = ["#ffcdd2", "#bbdefb", "#c8e6c9", "#e1bee7"];

const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
const BOARD_FILL: &str = "#f2d9a6";
pub(super) const GRID: &str = "#5d4037";
pub(super) const INK: &str = "#212121";
pub(super) const GREY: &str = "#424242";

/// The whole SVG document.
pub(super) fn document(pos: &Position, outcome: &Outcome, opts: &SvgOptions) -> String {
    let mut out = String::with_capacity(48 * 1024);
    // Writing into a String cannot fail.
    let _ = write_svg(&mut out, pos, outcome, opts);
    out
}

pub(super) fn cell_rect(
    out: &mut String,
    sq: Square,
    bottom: Seat,
    attrs: &str,
) -> core::fmt::Result {
    let (cx, cy) = center(sq, bottom);
    writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" {attrs}/>"#,
        cx - CELL / 2,
        cy - CELL / 2
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
pub(super) fn piece_shape(
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
        (SEAT_COLORS[seat.index()], INK, "#ffffff")
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
    let font = if promoted { 20.0 } else { 26.0 };
    let style = TextStyle {
        bold: true,
        centred: true,
        class: "letter",
        ..TextStyle::plain(font * scale, ink)
    };
    write_text(
        out,
        &piece.kind.to_string(),
        (cx, cy + font * scale * 0.36),
        style,
        opts.text_as_paths,
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

fn write_svg(
    out: &mut String,
    pos: &Position,
    outcome: &Outcome,
    opts: &SvgOptions,
) -> core::fmt::Result {
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
    let standing = crate::render::standing(pos.turn(), outcome.status, outcome.reason);
    let ruleset_name = if pos.ruleset() == crate::Ruleset::Yono {
        "Yo[n]o Shogi"
    } else {
        "Shogi"
    };
    writeln!(
        out,
        "<title>{ruleset_name} position, move {}, {}</title>",
        pos.move_number(),
        esc(&standing),
    )?;
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{CANVAS}" height="{CANVAS}" fill="#fafafa"/>"##
    )?;
    board(out, pos, opts)?;
    let threats = if opts.show_threats {
        pos.threats()
    } else {
        crate::BySeat::default()
    };
    for seat in Seat::ALL {
        if let (false, Some(king)) = (threats[seat].is_empty(), pos.king(seat)) {
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
    grid_and_coordinates(out, opts)?;

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
    destinations(out, pos, opts)?;
    threat_arrows(out, pos, &threats, bottom)?;
    for seat in pos.ruleset().seats().iter() {
        panel::panel(out, pos, outcome, seat, threats[seat], opts)?;
    }
    corners(out, pos, ruleset_name, &standing, opts)?;
    out.push_str("</svg>\n");
    Ok(())
}

/// The squares (one rectangle each, with ids for scripts and hit-testing) and the
/// overlays under the grid: zones, last move, highlights, the selected square.
fn board(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    let bottom = opts.orientation;
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
    Ok(())
}

/// The grid, and the coordinates above and below each column, left and right of each
/// row (files or ranks, whichever runs along that edge in this orientation).
fn grid_and_coordinates(out: &mut String, opts: &SvgOptions) -> core::fmt::Result {
    let bottom = opts.orientation;
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
    let coord = |sq: Square, along_file: bool| -> String {
        if along_file {
            sq.file().to_string()
        } else {
            sq.rank_char().to_string()
        }
    };
    let style = TextStyle {
        centred: true,
        class: "coord",
        ..TextStyle::plain(17.0, GREY)
    };
    let files_across = bottom.index() % 2 == 0;
    for i in 0..9 {
        let x = (B0 + i * CELL + CELL / 2) as f32;
        let text = coord(cell_square(i, 0, bottom), files_across);
        for y in [B0 - 7, B1 + 19] {
            write_text(out, &text, (x, y as f32), style, opts.text_as_paths)?;
        }
        let y = (B0 + i * CELL + CELL / 2 + 6) as f32;
        let text = coord(cell_square(0, i, bottom), !files_across);
        for x in [B0 - 12, B1 + 12] {
            write_text(out, &text, (x as f32, y), style, opts.text_as_paths)?;
        }
    }
    Ok(())
}

/// Destinations over the pieces: a dot on an empty square, a frame on a capture.
fn destinations(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    for &sq in &opts.destinations {
        let (cx, cy) = center(sq, opts.orientation);
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
    Ok(())
}

/// Threat arrows: from each threatening piece (as [`Position::attackers`] names them)
/// to the King, in the attacker's colour, with the arrowhead as a polygon (QtSvg draws
/// no markers).
fn threat_arrows(
    out: &mut String,
    pos: &Position,
    threats: &crate::BySeat<crate::SeatSet>,
    bottom: Seat,
) -> core::fmt::Result {
    for (victim, by) in threats {
        let Some(king) = pos.king(victim) else {
            continue;
        };
        let (kx, ky) = center(king, bottom);
        for attacker in by.iter() {
            for sq in pos.attackers(attacker, king) {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
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
    Ok(())
}

/// The top-left corner (what this is, the move, how the game stands) and, with zones,
/// the zone legend in the bottom-left corner.
fn corners(
    out: &mut String,
    pos: &Position,
    ruleset_name: &str,
    standing: &str,
    opts: &SvgOptions,
) -> core::fmt::Result {
    let paths = opts.text_as_paths;
    let x = (PAD + 8) as f32;
    let title = TextStyle {
        bold: true,
        class: "caption",
        ..TextStyle::plain(17.0, INK)
    };
    write_text(out, ruleset_name, (x, (PAD + 26) as f32), title, paths)?;
    let line = TextStyle {
        class: "caption",
        max_width: (B0 - LABEL - 2 * PAD - 8) as f32,
        ..TextStyle::plain(15.0, GREY)
    };
    let move_text = format!("move {}", pos.move_number());
    write_text(out, &move_text, (x, (PAD + 48) as f32), line, paths)?;
    // The narrow corner takes one short line; a longer standing breaks after "won".
    match standing.split_once(" by ") {
        Some((first, rest)) if standing.len() > 20 => {
            write_text(out, first, (x, (PAD + 68) as f32), line, paths)?;
            write_text(
                out,
                &format!("by {rest}"),
                (x, (PAD + 86) as f32),
                line,
                paths,
            )?;
        }
        _ => write_text(out, standing, (x, (PAD + 68) as f32), line, paths)?,
    }
    let Some(seat) = opts.zones_for else {
        return Ok(());
    };
    let (x, y) = (PAD + 8, B1 + LABEL + 20);
    write_text(
        out,
        &format!("{seat} zones"),
        (x as f32, (y + 10) as f32),
        TextStyle {
            bold: true,
            class: "legend",
            ..TextStyle::plain(15.0, INK)
        },
        paths,
    )?;
    // Each swatch is a 22-unit square, with its word beside it.
    let swatch = |out: &mut String, top: i32, fill: &str, word: &str| -> core::fmt::Result {
        writeln!(
            out,
            r##"<rect x="{x}" y="{top}" width="22" height="22" fill="{fill}" stroke="{GRID}"/>"##
        )?;
        let legend = TextStyle {
            class: "legend",
            ..TextStyle::plain(14.0, GREY)
        };
        let at = ((x + 30) as f32, (top + 16) as f32);
        write_text(out, word, at, legend, paths)
    };
    swatch(out, y + 24, SEAT_LIGHT_COLORS[seat.index()], "drop")?;
    swatch(out, y + 54, "none", "promotion")?;
    // The promotion swatch's two stripes, as the zone's hatching.
    writeln!(
        out,
        r##"<path d="M{x},{}L{},{}M{},{}L{},{}" stroke="{}" stroke-opacity="0.55" stroke-width="5"/>"##,
        y + 66,
        x + 12,
        y + 54,
        x + 10,
        y + 76,
        x + 22,
        y + 64,
        SEAT_COLORS[seat.index()],
    )
}
