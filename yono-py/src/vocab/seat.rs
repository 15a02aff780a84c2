//! `yono.Seat`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::mirror_enum;

mirror_enum! {
    /// A seat (player): SOUTH, WEST, NORTH, EAST, in turn order (clockwise).
    ///
    /// `int(seat)` is its index 0-3 (and `hash(seat)` that of the index); `seat.letter`
    /// is its notation letter (s, w, n, e). `Seat(x)` takes a Seat, its index, or any
    /// text the core reads as a seat (the letter or the name, either case); every
    /// argument that takes a seat takes a Seat or that text.
    PySeat("Seat") mirrors yono::Seat, read by FromStr {
        /// South (moves first; in standard Shogi: Sente/Black).
        South as "SOUTH",
        /// West.
        West as "WEST",
        /// North (in standard Shogi: Gote/White).
        North as "NORTH",
        /// East.
        East as "EAST",
    }
}

#[pymethods]
impl PySeat {
    /// The notation letter: "s", "w", "n" or "e".
    #[getter]
    fn letter(&self) -> String {
        self.core().letter().to_string()
    }

    /// The index 0-3 in turn order (also `int(seat)`).
    #[getter]
    fn index(&self) -> usize {
        self.core().index()
    }

    /// The English name: "South", "West", "North" or "East".
    #[getter]
    fn title(&self) -> &'static str {
        self.core().name()
    }

    /// The next seat clockwise (regardless of who is still in the game).
    fn next(&self) -> PySeat {
        PySeat::of(self.core().next())
    }

    /// The seat sitting opposite.
    fn opposite(&self) -> PySeat {
        PySeat::of(self.core().opposite())
    }

    /// The seat with notation letter `letter` (exactly "s", "w", "n" or "e", the
    /// letters of position text); ValueError otherwise. `Seat(text)` reads every
    /// spelling.
    #[staticmethod]
    fn from_letter(letter: &str) -> PyResult<PySeat> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => yono::Seat::from_letter(c).map(PySeat::of),
            _ => None,
        }
        .ok_or_else(|| PyValueError::new_err(format!("not a seat letter: {letter:?}")))
    }

    /// The seat with index 0-3; ValueError otherwise (the same as `Seat(index)`).
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<PySeat> {
        let index: usize = crate::ints::int_arg(index, "index", "0 to 3")?;
        yono::Seat::from_index(index)
            .map(PySeat::of)
            .ok_or_else(|| PyValueError::new_err(format!("index must be 0 to 3, got {index}")))
    }

    fn __str__(&self) -> &'static str {
        self.core().name()
    }
}
