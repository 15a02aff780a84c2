//! A seat's panel beside its side of the board: name, state and score, the seats
//! threatening its King, and its reserve.

use super::draw::{piece_shape, INK, SEAT_COLORS, SEAT_LIGHT_COLORS};
use super::geometry::{is_horizontal, panel_rect, reserve_center, reserve_rect};
use super::glyphs::{write_text, TextStyle};
use super::{Outcome, SvgOptions};
use crate::{Piece, Position, Seat, SeatSet, SeatState, Status};
use core::fmt::Write as _;

/// What the panel says of the seat: `to move`, `in the game`, `checkmated, score 1`,
/// `winner, score 3`, `lost, score 0`, `drawn, score 1`.
fn state_text(pos: &Position, outcome: &Outcome, seat: Seat, to_move: bool) -> String {
    match (pos.seat_state(seat), outcome.status, outcome.scores[seat]) {
        (SeatState::Out(score), _, _) => format!("checkmated, score {score}"),
        (_, Status::Won(w), Some(score)) if w == seat => format!("winner, score {score}"),
        (_, Status::DrawnByRepetition, Some(score)) => format!("drawn, score {score}"),
        (_, _, Some(score)) => format!("lost, score {score}"),
        _ if to_move => String::from("to move"),
        _ => String::from("in the game"),
    }
}

pub(super) fn panel(
    out: &mut String,
    pos: &Position,
    outcome: &Outcome,
    seat: Seat,
    threatened_by: SeatSet,
    opts: &SvgOptions,
) -> core::fmt::Result {
    let bottom = opts.orientation;
    let paths = opts.text_as_paths;
    let horizontal = is_horizontal(seat, bottom);
    let (x, y, w, h) = panel_rect(seat, bottom);
    let color = SEAT_COLORS[seat.index()];
    let out_of_game = matches!(pos.seat_state(seat), SeatState::Out(_));
    let to_move = pos.turn() == seat && outcome.status == Status::Ongoing;
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
    let status = state_text(pos, outcome, seat, to_move);
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
    let name = TextStyle {
        bold: true,
        class: "name",
        struck: out_of_game,
        ..TextStyle::plain(22.0, if out_of_game { "#757575" } else { color })
    };
    write_text(out, seat.name(), (name_x as f32, ty as f32), name, paths)?;
    // The room a line has: to the panel's right edge.
    let room = |from: i32| (x + w - 8 - from) as f32;
    if horizontal {
        let style = TextStyle {
            class: "status",
            max_width: room(x + 120),
            ..TextStyle::plain(16.0, INK)
        };
        write_text(out, &status, ((x + 120) as f32, ty as f32), style, paths)?;
    } else {
        // Narrow panel: one line per part ("checkmated" / "score 1").
        for (i, part) in status.split(", ").enumerate() {
            let style = TextStyle {
                class: "status",
                max_width: room(tx),
                ..TextStyle::plain(15.0, INK)
            };
            let line_y = (ty + 24 + 20 * i as i32) as f32;
            write_text(out, part, (tx as f32, line_y), style, paths)?;
        }
    }
    if !threatened_by.is_empty() {
        let names: Vec<&str> = threatened_by.iter().map(Seat::name).collect();
        let (cy, text, size) = if horizontal {
            (
                ty + 26,
                format!("King threatened by {}", names.join(", ")),
                16.0,
            )
        } else {
            (ty + 70, format!("check: {}", names.join(", ")), 14.0)
        };
        let style = TextStyle {
            bold: true,
            class: "threatened",
            max_width: room(tx),
            ..TextStyle::plain(size, "#b71c1c")
        };
        write_text(out, &text, (tx as f32, cy as f32), style, paths)?;
    }
    reserve(out, pos, seat, opts)?;
    out.push_str("</g>\n");
    Ok(())
}

/// The reserve: each kind in its own slot, with its count and a hit area.
fn reserve(out: &mut String, pos: &Position, seat: Seat, opts: &SvgOptions) -> core::fmt::Result {
    let bottom = opts.orientation;
    let paths = opts.text_as_paths;
    let horizontal = is_horizontal(seat, bottom);
    let (x, y, _, _) = panel_rect(seat, bottom);
    let reserve = pos.reserve(seat);
    if reserve.is_empty() {
        let (ex, ey) = (x + 12, if horizontal { y + 112 } else { y + 120 });
        // The title goes beside the text, not inside it: QtSvg prints a <title>
        // nested in <text>.
        write!(
            out,
            r##"<g class="reserve"><title>{seat} reserve: empty</title>"##
        )?;
        let style = TextStyle {
            class: "empty",
            ..TextStyle::plain(15.0, "#757575")
        };
        write_text(out, "reserve empty", (ex as f32, ey as f32), style, paths)?;
        out.truncate(out.trim_end().len());
        out.push_str("</g>\n");
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
        // As text the count starts after the piece; as paths (a little wider) it is
        // centred just right of it.
        let style = TextStyle {
            bold: true,
            centred: paths,
            class: "count",
            ..TextStyle::plain(18.0, INK)
        };
        let count_x = if paths { px + 36 } else { px + 22 };
        write_text(
            out,
            &format!("\u{d7}{count}"),
            (count_x as f32, (py + 20) as f32),
            style,
            paths,
        )?;
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
    Ok(())
}
