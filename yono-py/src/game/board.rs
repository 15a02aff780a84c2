//! What stands on the board now: the seat to move, pieces, Kings, reserves, threats,
//! the position key.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::PyGame;
use crate::conversion::Wrap;
use crate::piece::PyPiece;
use crate::square::PySquare;
use crate::vocab::{PyPieceKind, PySeat};

#[pymethods]
impl PyGame {
    /// The seat to move. Once the game is over this is still the seat whose turn it
    /// would be: in Yo[n]o the winner (the only seat left), in Shogi the checkmated side
    /// (checkmate there is having no move). Who won: `winner`; who lost: `lost_seats`.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<PySeat> {
        Ok(PySeat::of(self.pos(py)?.turn()))
    }

    /// The seats still in the game, in turn order.
    #[getter]
    fn seats(&self, py: Python<'_>) -> PyResult<Vec<PySeat>> {
        let seats = self.pos(py)?.seats_in_game();
        Ok(seats.iter().map(PySeat::of).collect())
    }

    /// The move number: 1 at the start, +1 after every move or pass.
    #[getter]
    fn move_number(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.pos(py)?.move_number())
    }

    /// The piece on `square` (a Square, "5e" or an index), or None.
    fn piece_at(&self, py: Python<'_>, square: Wrap<yono::Square>) -> PyResult<Option<PyPiece>> {
        Ok(self.pos(py)?.piece_at(square.0).map(PyPiece))
    }

    /// Every piece on the board, by square (in square index order).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pieces: Vec<(yono::Square, yono::Piece)> = {
            let pos = self.pos(py)?;
            yono::Square::all()
                .filter_map(|sq| Some((sq, pos.piece_at(sq)?)))
                .collect()
        };
        let dict = PyDict::new(py);
        for (sq, piece) in pieces {
            dict.set_item(PySquare(sq), PyPiece(piece))?;
        }
        Ok(dict)
    }

    /// The square of `seat`'s King, or None once it is out of the game.
    fn king(&self, py: Python<'_>, seat: Wrap<yono::Seat>) -> PyResult<Option<PySquare>> {
        Ok(self.pos(py)?.king(seat.0).map(PySquare))
    }

    /// The reserve (pieces in hand) of `seat`: {PieceKind: count}, only kinds held, in
    /// the order R B G S N L P.
    fn reserve<'py>(
        &self,
        py: Python<'py>,
        seat: Wrap<yono::Seat>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let reserve = *self.pos(py)?.reserve(seat.0);
        let dict = PyDict::new(py);
        for (kind, count) in reserve.iter().filter(|&(_, n)| n > 0) {
            dict.set_item(PyPieceKind::of(kind), count)?;
        }
        Ok(dict)
    }

    /// The seats threatening `seat`'s King (in turn order; empty without a King).
    fn threatened_by(&self, py: Python<'_>, seat: Wrap<yono::Seat>) -> PyResult<Vec<PySeat>> {
        let by = self.pos(py)?.threatened_by(seat.0);
        Ok(by.iter().map(PySeat::of).collect())
    }

    /// For each seat that has a King: the seats threatening it, in turn order.
    fn threats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let threats: Vec<(yono::Seat, Vec<PySeat>)> = {
            let pos = self.pos(py)?;
            pos.threats()
                .into_iter()
                .filter(|&(seat, _)| pos.king(seat).is_some())
                .map(|(seat, by)| (seat, by.iter().map(PySeat::of).collect()))
                .collect()
        };
        let dict = PyDict::new(py);
        for (seat, by) in threats {
            dict.set_item(PySeat::of(seat), PyList::new(py, by)?)?;
        }
        Ok(dict)
    }

    /// Whether the King of the seat to move is threatened.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.pos(py)?.is_check())
    }

    /// The 64-bit Zobrist key of the current position (board, reserves, seat to move,
    /// seats in the game; not the move number).
    fn hash(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.pos(py)?.key())
    }
}
