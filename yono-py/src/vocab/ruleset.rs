//! `yono.Ruleset`.

use pyo3::prelude::*;

use super::{mirror_enum, PySeat};

mirror_enum! {
    /// The ruleset: YONO (four-player Yo[n]o Shogi, the default) or SHOGI (standard
    /// two-player Shogi, South = Sente, North = Gote). Wherever a ruleset is expected,
    /// its name ("yono", "shogi", either case) is accepted too.
    PyRuleset("Ruleset") mirrors yono::Ruleset, read by FromStr {
        /// Yo[n]o Shogi: four seats.
        Yono as "YONO",
        /// Standard Shogi: South and North.
        Shogi as "SHOGI",
    }
}

#[pymethods]
impl PyRuleset {
    /// Short lower-case name: "yono" or "shogi".
    #[getter]
    fn label(&self) -> &'static str {
        self.core().name()
    }

    /// The seats that take part, in turn order.
    #[getter]
    fn seats(&self) -> Vec<PySeat> {
        self.core().seats().iter().map(PySeat::of).collect()
    }

    /// The winner's score: 3 in Yo[n]o, 1 in Shogi.
    #[getter]
    fn max_score(&self) -> u8 {
        self.core().max_score()
    }

    /// The start position as position text.
    #[getter]
    fn start_text(&self) -> &'static str {
        self.core().start_text()
    }

    fn __str__(&self) -> &'static str {
        self.core().name()
    }
}
