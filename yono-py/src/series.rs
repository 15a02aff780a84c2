//! `yono.Series`: scores added up over several games (RULES.md §6).

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::conversion::Wrap;
use crate::errors::value_err;
use crate::game::PyGame;

/// Scores added up over several games (RULES.md §6).
#[pyclass(name = "Series", module = "yono")]
#[derive(Clone, Default)]
pub struct PySeries {
    series: yono::Series,
}

#[pymethods]
impl PySeries {
    #[new]
    fn py_new() -> PySeries {
        PySeries::default()
    }

    /// Adds one finished game's scores [South, West, North, East], as `scores()` gives
    /// them: all four for Yo[n]o, or South's and North's with None for West and East in
    /// Shogi (those add 0). ValueError for scores out of range (0-3 in Yo[n]o, 0-1 in
    /// Shogi) or missing.
    fn add(&mut self, scores: Vec<Option<i64>>) -> PyResult<()> {
        let bad = || {
            value_err(format!(
                "not the scores of a finished game: {scores:?} (Yo[n]o: four scores 0 to \
                 3; Shogi: South's and North's, 0 or 1, with None for West and East)"
            ))
        };
        if scores.len() != 4 {
            return Err(bad());
        }
        // Shogi's scores() gives None for West and East, which are not in the game.
        let shogi = scores[1].is_none()
            && scores[3].is_none()
            && scores[0].is_some()
            && scores[2].is_some();
        let max = if shogi { 1 } else { 3 };
        if scores.iter().flatten().any(|v| !(0..=max).contains(v)) {
            return Err(bad());
        }
        let mut core = [0, 1, 2, 3].map(|i| scores[i].map(|v| v as u8));
        if shogi {
            core[1] = Some(0);
            core[3] = Some(0);
        }
        self.series.add(core).map_err(value_err)
    }

    /// Adds a finished game (a Game that is over); ValueError if it is not.
    fn add_game(&mut self, py: Python<'_>, position: &Bound<'_, PyGame>) -> PyResult<()> {
        let game = position.get().game(py)?;
        self.series.add_game(&game).map_err(value_err)
    }

    /// The total score of `seat`.
    fn total(&self, seat: Wrap<yono::Seat>) -> u32 {
        self.series.total(seat.0)
    }

    /// Totals by seat index [South, West, North, East].
    fn totals(&self) -> [u32; 4] {
        self.series.totals().into()
    }

    /// How many games were added.
    #[getter]
    fn games(&self) -> u32 {
        self.series.games()
    }

    /// A series with the given totals [South, West, North, East] after `games` games.
    #[staticmethod]
    fn from_totals(totals: [u32; 4], games: u32) -> PySeries {
        PySeries {
            series: yono::Series::from_totals(totals, games),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let ctor = slf.get_type().getattr("from_totals")?;
        (
            ctor,
            (this.series.totals().into_array(), this.series.games()),
        )
            .into_pyobject(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PySeries>>()
            .is_ok_and(|o| o.series == self.series)
    }

    fn __repr__(&self) -> String {
        format!(
            "<yono.Series games={} totals={:?}>",
            self.series.games(),
            self.series.totals()
        )
    }
}
