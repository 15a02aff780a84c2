//! `yono.Piece`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::conversion::Wrap;
use crate::errors::value_err;
use crate::vocab::{PyPieceKind, PySeat};

/// A piece: a kind owned by a seat. `str(piece)` is its notation, e.g. "sK", "n+R".
#[pyclass(name = "Piece", module = "yono", eq, hash, frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyPiece(pub yono::Piece);

#[pymethods]
impl PyPiece {
    #[new]
    fn py_new(seat: Wrap<yono::Seat>, kind: Wrap<yono::PieceKind>) -> PyPiece {
        PyPiece(yono::Piece::new(seat.0, kind.0))
    }

    /// The piece the core reads from `symbol`, e.g. "sK" or "n+R" (a seat letter,
    /// then a kind); ValueError otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        symbol.parse().map(PyPiece).map_err(value_err)
    }

    /// The owner.
    #[getter]
    fn seat(&self) -> PySeat {
        PySeat::of(self.0.seat)
    }

    /// The kind.
    #[getter]
    fn kind(&self) -> PyPieceKind {
        PyPieceKind::of(self.0.kind)
    }

    /// The same seat's piece in its promoted form, or None for a King, a Gold or a
    /// piece already promoted.
    fn promoted(&self) -> Option<PyPiece> {
        self.0.promoted().map(PyPiece)
    }

    /// The same seat's piece in its unpromoted form (itself if it is not promoted).
    fn unpromoted(&self) -> PyPiece {
        PyPiece(self.0.unpromoted())
    }

    /// The notation, e.g. "sK" (also `str(piece)`).
    #[getter]
    fn symbol(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let f = py.get_type::<PyPiece>().getattr("from_symbol")?;
        PyTuple::new(py, [f, PyTuple::new(py, [self.0.to_string()])?.into_any()])
    }
}
