//! `yono.Snapshot` and `yono.PieceView`: the board as plain data, for a GUI that draws
//! the board itself instead of showing the SVG (`Game.board_snapshot()`; the core's
//! `Game::snapshot`).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::conversion::Wrap;
use crate::piece::PyPiece;
use crate::square::PySquare;
use crate::vocab::{PyEndReason, PyPieceKind, PyRuleset, PySeat, PyStatus};

/// A piece as a GUI draws it: `seat` (the owner), `kind` (a promoted kind for a
/// promoted piece), `promoted`, and `facing` (the seat whose side of the board it
/// points toward: its owner's opposite). `angle(bottom)` is how far to turn it.
#[pyclass(name = "PieceView", module = "yono", frozen, eq, hash, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PyPieceView {
    /// The owner.
    #[pyo3(get)]
    seat: PySeat,
    /// The kind (a promoted kind for a promoted piece).
    #[pyo3(get)]
    kind: PyPieceKind,
    /// Whether the piece is promoted (drawn filled, with `+`).
    #[pyo3(get)]
    promoted: bool,
    /// The side of the board the piece points toward, named by the seat sitting there.
    #[pyo3(get)]
    facing: PySeat,
    view: yono::PieceView,
}

impl PyPieceView {
    fn of(view: yono::PieceView) -> PyPieceView {
        PyPieceView {
            seat: PySeat::of(view.seat),
            kind: PyPieceKind::of(view.kind),
            promoted: view.promoted,
            facing: PySeat::of(view.facing),
            view,
        }
    }
}

#[pymethods]
impl PyPieceView {
    /// The piece itself.
    #[getter]
    fn piece(&self) -> PyPiece {
        PyPiece(self.view.piece())
    }

    /// Degrees clockwise (0, 90, 180 or 270) to turn a piece drawn pointing up when
    /// `bottom`'s side of the board is at the bottom (default South, as the SVG's
    /// `orientation`).
    #[pyo3(signature = (bottom = None))]
    fn angle(&self, bottom: Option<Wrap<yono::Seat>>) -> u16 {
        let bottom = bottom.map_or(yono::svg::SvgOptions::DEFAULT.orientation, |s| s.0);
        self.view.angle(bottom)
    }

    fn __repr__(&self) -> String {
        format!(
            "PieceView({}, facing {})",
            self.view.piece(),
            self.view.facing
        )
    }
}

/// Everything a GUI draws for the current position, as plain data (a copy, taken when
/// `Game.board_snapshot()` was called): `squares` (the 81 squares in index order, each
/// a PieceView or None), `reserves` (by seat index, {PieceKind: count}), `seats` (in
/// the game), `scores` (by seat index), `to_move` (None once the game is over),
/// `move_number`, `status`, `winner`, `end_reason`, `checks` ({Seat: [Seat]}: who
/// threatens each King) and `ruleset`.
#[pyclass(name = "Snapshot", module = "yono", frozen)]
pub struct PySnapshot(yono::Snapshot);

impl PySnapshot {
    pub(crate) fn of(snapshot: yono::Snapshot) -> PySnapshot {
        PySnapshot(snapshot)
    }
}

#[pymethods]
impl PySnapshot {
    /// The piece on each square, by square index (0 = 9a ... 80 = 1i), or None.
    #[getter]
    fn squares(&self) -> Vec<Option<PyPieceView>> {
        self.0
            .squares
            .iter()
            .map(|p| p.map(PyPieceView::of))
            .collect()
    }

    /// The piece on `square` (a Square, "5e" or an index), or None.
    fn piece_at(&self, square: Wrap<yono::Square>) -> Option<PyPieceView> {
        self.0.piece_at(square.0).map(PyPieceView::of)
    }

    /// Every piece on the board, by square (in square index order).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (sq, piece) in yono::Square::ALL.into_iter().zip(self.0.squares) {
            if let Some(p) = piece {
                dict.set_item(PySquare(sq), PyPieceView::of(p))?;
            }
        }
        Ok(dict)
    }

    /// Each seat's reserve, by seat index: {PieceKind: count}, only kinds held.
    #[getter]
    fn reserves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        yono::Seat::ALL
            .iter()
            .map(|&seat| {
                let dict = PyDict::new(py);
                for (kind, count) in self.0.reserves[seat].iter() {
                    dict.set_item(PyPieceKind::of(kind), count)?;
                }
                Ok(dict)
            })
            .collect()
    }

    /// The seats still in the game, in turn order.
    #[getter]
    fn seats(&self) -> Vec<PySeat> {
        self.0.in_game.iter().map(PySeat::of).collect()
    }

    /// The scores by seat index, each once decided.
    #[getter]
    fn scores(&self) -> [Option<u8>; 4] {
        self.0.scores.into()
    }

    /// The seat to move; None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<PySeat> {
        self.0.to_move.map(PySeat::of)
    }

    /// The move number.
    #[getter]
    fn move_number(&self) -> u32 {
        self.0.move_number
    }

    /// The status (the game's, repetition rules included).
    #[getter]
    fn status(&self) -> PyStatus {
        PyStatus::of(self.0.status)
    }

    /// The winner once the game is won.
    #[getter]
    fn winner(&self) -> Option<PySeat> {
        self.0.status.winner().map(PySeat::of)
    }

    /// Why the game ended, once it has.
    #[getter]
    fn end_reason(&self) -> Option<PyEndReason> {
        self.0.end_reason.map(PyEndReason::of)
    }

    /// For each seat with a King: the seats threatening it, in turn order.
    #[getter]
    fn checks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for seat in self.0.in_game.iter() {
            let by: Vec<PySeat> = self.0.checks[seat].iter().map(PySeat::of).collect();
            dict.set_item(PySeat::of(seat), by)?;
        }
        Ok(dict)
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset::of(self.0.ruleset)
    }

    fn __repr__(&self) -> String {
        format!(
            "<yono.Snapshot move {}, {}>",
            self.0.move_number, self.0.status
        )
    }
}
