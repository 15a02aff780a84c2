//! Diagrams: the module functions `yono.svg`, `svg_square_rect`, `svg_reserve_rect`
//! and `svg_hit_test` (the geometry a GUI needs to map clicks, docs/GUI.md). The
//! options themselves are read by `Game.svg` (src/game/svg.rs).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use yono::svg::SvgOptions;

use crate::conversion::Wrap;
use crate::square::PySquare;
use crate::vocab::{PyPieceKind, PySeat};

/// The size of the diagram Jupyter shows (`_repr_svg_`): smaller than the default of
/// `svg()`, to sit in a notebook's output.
const JUPYTER_SIZE: u32 = 480;

/// The diagram Jupyter shows of a game: the last move shaded, threatened Kings marked,
/// and the game's status (a draw by repetition or a loss by perpetual check says so).
pub(crate) fn jupyter_svg(game: &yono::Game) -> String {
    let mut opts = SvgOptions::DEFAULT.with_size(JUPYTER_SIZE);
    opts.last_move = game.moves().last().copied();
    game.svg(&opts)
}

/// An SVG diagram (a string) of `position` (a Game): `yono.svg(game, ...)` is
/// `game.svg(...)`, with the same arguments.
#[pyfunction]
#[pyo3(signature = (position, *args, **kwargs))]
pub(crate) fn svg<'py>(
    position: &Bound<'py, crate::game::PyGame>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    position.call_method("svg", args, kwargs)
}

/// The rectangle (x, y, width, height) of `square` in the SVG's 920 x 920 viewBox,
/// with `orientation` at the bottom (docs/GUI.md, "Geometry").
#[pyfunction]
#[pyo3(signature = (square, orientation = None))]
pub(crate) fn svg_square_rect(
    square: Wrap<yono::Square>,
    orientation: Option<Wrap<yono::Seat>>,
) -> (f32, f32, f32, f32) {
    let r = yono::svg::square_rect(square.0, bottom(orientation));
    (r.x, r.y, r.width, r.height)
}

/// The rectangle (x, y, width, height) of `seat`'s reserve slot for `kind` in the
/// viewBox; ValueError for a kind that is never held.
#[pyfunction]
#[pyo3(signature = (seat, kind, orientation = None))]
pub(crate) fn svg_reserve_rect(
    seat: Wrap<yono::Seat>,
    kind: Wrap<yono::PieceKind>,
    orientation: Option<Wrap<yono::Seat>>,
) -> PyResult<(f32, f32, f32, f32)> {
    let r = yono::svg::reserve_rect(seat.0, kind.0, bottom(orientation))
        .ok_or_else(|| crate::errors::value_err("that kind is never held in a reserve"))?;
    Ok((r.x, r.y, r.width, r.height))
}

/// What the viewBox point (x, y) falls on with `orientation` at the bottom: a Square,
/// a (Seat, PieceKind) reserve slot, or None.
#[pyfunction]
#[pyo3(signature = (x, y, orientation = None))]
pub(crate) fn svg_hit_test(
    py: Python<'_>,
    x: f32,
    y: f32,
    orientation: Option<Wrap<yono::Seat>>,
) -> PyResult<Option<Bound<'_, PyAny>>> {
    Ok(match yono::svg::hit_test(x, y, bottom(orientation)) {
        Some(yono::svg::Target::Square(sq)) => Some(Bound::new(py, PySquare(sq))?.into_any()),
        Some(yono::svg::Target::Reserve(seat, kind)) => Some(
            (PySeat::of(seat), PyPieceKind::of(kind))
                .into_pyobject(py)?
                .into_any(),
        ),
        None => None,
    })
}

/// The seat at the bottom: the given one, or the core's default orientation.
fn bottom(orientation: Option<Wrap<yono::Seat>>) -> yono::Seat {
    orientation.map_or(SvgOptions::DEFAULT.orientation, |s| s.0)
}
