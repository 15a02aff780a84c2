//! SVG board diagrams, generated as a string (no I/O, no external fonts or files).
//!
//! The module is split by job: `options.rs` ([`SvgOptions`]), `geometry.rs` (the
//! layout, [`square_rect`], [`reserve_rect`], [`hit_test`]), `glyphs.rs` (the stroke
//! font of [`SvgOptions::text_as_paths`] and the one text writer), `draw.rs` (the
//! board, pieces and overlays) and `panel.rs` (each seat's panel).
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
//! promoted pieces, reserve counts, board coordinates, seat names, states, scores and
//! the status line when
//! [`SvgOptions::text_as_paths`] is set: all text is then drawn as stroked paths, and
//! the picture has no `<text>` element. Every
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

mod draw;
mod geometry;
mod glyphs;
mod options;
mod panel;

pub use draw::{SEAT_COLORS, SEAT_LIGHT_COLORS};
pub use geometry::{
    hit_test, reserve_rect, square_rect, Rect, Target, BOARD_ORIGIN, CANVAS, SQUARE,
};
pub use options::SvgOptions;

use crate::{BySeat, EndReason, Game, Position, Status};

/// How the game stands, as the diagram shows it: from the position alone, or from a
/// [`Game`] with its repetition rules.
struct Outcome {
    status: Status,
    reason: Option<EndReason>,
    scores: BySeat<Option<u8>>,
}

/// Renders `pos` as an SVG document (see the [module documentation](self)). A position
/// knows nothing of repetition; [`render_game`] shows a game drawn by repetition (or
/// lost by perpetual check) as such.
///
/// ```
/// let svg = yono::svg::render(&yono::Position::start(), &Default::default());
/// assert!(svg.contains("<title>South reserve: empty</title>"));
/// ```
pub fn render(pos: &Position, opts: &SvgOptions) -> String {
    let status = pos.status();
    let outcome = Outcome {
        status,
        reason: pos.end_reason_given(status),
        scores: BySeat::from_fn(|s| pos.score_given(s, || status)),
    };
    draw::document(pos, &outcome, opts)
}

/// Renders the current position of `game` with the game's status: a game drawn by
/// repetition says `drawn by repetition` where a position would name the seat to move,
/// and a Shogi loss by perpetual check says so.
///
/// ```
/// use yono::{svg, Game, Ruleset};
/// let mut game = Game::new(Ruleset::Yono);
/// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// let picture = svg::render_game(&game, &svg::SvgOptions::DEFAULT);
/// assert!(picture.contains("drawn by repetition"));
/// assert!(!picture.contains("to move"));
/// ```
pub fn render_game(game: &Game, opts: &SvgOptions) -> String {
    let outcome = Outcome {
        status: game.status(),
        reason: game.end_reason(),
        scores: game.scores(),
    };
    draw::document(game.position(), &outcome, opts)
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

impl Game {
    /// The current position as an SVG diagram with the game's status:
    /// [`svg::render_game`](render_game).
    pub fn svg(&self, opts: &SvgOptions) -> String {
        render_game(self, opts)
    }
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
