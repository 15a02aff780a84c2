//! Diagrams of the current position.

use pyo3::prelude::*;

use super::PyGame;
use yono::svg::SvgOptions;

use crate::conversion::{ints, Wrap};
use crate::svg::jupyter_svg;

#[pymethods]
impl PyGame {
    /// An SVG diagram (a string) of the current position: the board with coordinates,
    /// each seat's pieces in its colour pointing forward, reserves beside each side,
    /// the seat to move, checkmated seats with their scores. `lastmove` (a Move or
    /// move text) is shaded, `highlight` (a square or squares) too; `threats` marks
    /// threatened Kings with arrows from their attackers; `zones` (a seat) overlays
    /// that seat's drop and promotion zones; `size` is the width and height in pixels
    /// (0: scalable). For GUIs (docs/GUI.md): `orientation` (the seat at the bottom),
    /// `selected` (a square), `destinations` and `check` (a square or squares),
    /// `selected_reserve` ((seat, kind)), `text_as_paths` (letters as paths, for
    /// renderers without text). Arguments left out (or None) keep the core's defaults
    /// (`SvgOptions::DEFAULT`: 640 pixels, threats marked, South at the bottom). The
    /// picture shows the game's status: a draw by repetition, a loss by perpetual
    /// check.
    #[pyo3(signature = (
        lastmove = None, highlight = None, size = None, threats = None, zones = None, *,
        orientation = None, selected = None, destinations = None, check = None,
        selected_reserve = None, text_as_paths = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        lastmove: Option<Wrap<yono::Move>>,
        highlight: Option<Wrap<Vec<yono::Square>>>,
        size: Option<&Bound<'_, PyAny>>,
        threats: Option<bool>,
        zones: Option<Wrap<yono::Seat>>,
        orientation: Option<Wrap<yono::Seat>>,
        selected: Option<Wrap<yono::Square>>,
        destinations: Option<Wrap<Vec<yono::Square>>>,
        check: Option<Wrap<Vec<yono::Square>>>,
        selected_reserve: Option<(Wrap<yono::Seat>, Wrap<yono::PieceKind>)>,
        text_as_paths: Option<bool>,
    ) -> PyResult<String> {
        let mut opts = SvgOptions::DEFAULT;
        opts.last_move = lastmove.map(|m| m.0);
        opts.highlight = highlight.map_or(opts.highlight, |h| h.0);
        if let Some(size) = size.filter(|s| !s.is_none()) {
            opts.size = ints::int_arg(size, "size", "0 to 2**32 - 1")?;
        }
        opts.show_threats = threats.unwrap_or(opts.show_threats);
        opts.zones_for = zones.map(|s| s.0);
        opts.orientation = orientation.map_or(opts.orientation, |s| s.0);
        opts.selected = selected.map(|s| s.0);
        opts.destinations = destinations.map_or(opts.destinations, |d| d.0);
        opts.check = check.map_or(opts.check, |c| c.0);
        opts.selected_reserve = selected_reserve.map(|(seat, kind)| (seat.0, kind.0));
        opts.text_as_paths = text_as_paths.unwrap_or(opts.text_as_paths);
        Ok(self.game(py)?.svg(&opts))
    }

    /// The diagram Jupyter shows: the last pushed move and threatened Kings marked.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(jupyter_svg(&*self.game(py)?))
    }
}
