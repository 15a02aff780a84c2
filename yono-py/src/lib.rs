//! Python bindings for `yono` (the Yo[n]o Shogi rules engine), built by maturin into
//! the extension module `yono._yono` and re-exported by the pure-Python package
//! `yono` (see `python/yono/__init__.py` and its type stubs `__init__.pyi`).
//!
//! The layer is thin: every rule lives in the core crate. This file only declares:
//! one module per Python class (a folder with methods by theme for `Game`), the
//! conversions (`Wrap<T>`: every argument reads what the core reads), the exceptions,
//! and the module `_yono`. docs/ARCHITECTURE.md ("yono-py") maps the tree; a test
//! (`tests/test_layout.py`) keeps that map and the tree in agreement.
//!
//! No input reaches a Rust panic: every conversion is checked and reported as a
//! Python exception.

// The `///` comments below are also the Python docstrings, where `Yo[n]o` must read
// as written rather than as an escaped rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]
// Unsafe code is allowed only where it stands, with its reasoning: GilCell's `Sync`
// (src/game/cell.rs) and the C-API methods of src/fastcall.rs.
#![deny(unsafe_code)]

// The vocabulary and the conversions.
mod conversion;
mod errors;
mod vocab;

// One module (or folder) per class.
mod effect;
mod game;
mod moves;
mod piece;
mod record;
mod series;
mod snapshot;
mod square;

// `Game.push` and `Game.pop`, written against the C API (the hot loop's calls).
mod fastcall;
// Diagrams: the module functions.
mod svg;
// Every call that releases the GIL, counted (for the tests).
mod gil;

// The search engine (`yono.Engine`) and the machine-learning layer (docs/ML.md).
mod engine;
mod ml;

// The names the engine and machine-learning modules use.
pub(crate) use conversion::{ints, move_arg, ruleset_arg, seat_arg};
pub(crate) use game::PyGame;
pub(crate) use moves::{move_obj, PyMove};
pub(crate) use square::PySquare;
pub(crate) use vocab::PySeat;

use pyo3::prelude::*;

/// The native part of the `yono` package.
#[pymodule]
mod _yono {
    use pyo3::prelude::*;

    #[pymodule_export]
    use super::error_codes;
    #[pymodule_export]
    use crate::conversion::_core_reads;
    #[pymodule_export]
    use crate::effect::{PyMoveEffect, PyRemoval};
    #[pymodule_export]
    use crate::engine::{PyAnalysis, PyEngine};
    #[pymodule_export]
    use crate::game::{perft, PyGame};
    #[pymodule_export]
    use crate::gil::_threads_without_gil;
    #[pymodule_export]
    use crate::moves::PyMove;
    #[pymodule_export]
    use crate::piece::PyPiece;
    #[pymodule_export]
    use crate::record::PyRecord;
    #[pymodule_export]
    use crate::series::PySeries;
    #[pymodule_export]
    use crate::snapshot::{PyPieceView, PySnapshot};
    #[pymodule_export]
    use crate::square::PySquare;
    #[pymodule_export]
    use crate::svg::{svg, svg_hit_test, svg_reserve_rect, svg_square_rect};
    #[pymodule_export]
    use crate::vocab::{PyEndReason, PyPieceKind, PyPromotionStatus, PyRuleset, PySeat, PyStatus};

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        let py = m.py();
        crate::fastcall::install(&py.get_type::<crate::game::PyGame>())?;
        m.add("ParseError", py.get_type::<crate::errors::ParseError>())?;
        m.add(
            "IllegalMoveError",
            py.get_type::<crate::errors::IllegalMoveError>(),
        )?;
        m.add("RecordError", py.get_type::<crate::errors::RecordError>())?;
        // The core's tables, in the core's order.
        let seats: Vec<_> = yono::Seat::ALL.map(crate::vocab::PySeat::of).into();
        m.add("SEATS", seats)?;
        let hand: Vec<_> = yono::PieceKind::HAND
            .map(crate::vocab::PyPieceKind::of)
            .into();
        m.add("HAND_KINDS", hand)?;
        let squares: Vec<_> = yono::Square::all().map(crate::square::PySquare).collect();
        m.add("SQUARES", squares)?;
        m.add("YONO_START", yono::YONO_START)?;
        m.add("SHOGI_START", yono::SHOGI_START)?;
        m.add("CORE_VERSION", yono::VERSION)?;
        // The package version, from this crate's Cargo version (the wheel's version),
        // so that `import yono` need not load importlib.metadata to learn it.
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        crate::ml::register(m)
    }
}

/// Every error code the core can report as an exception's `.code` (`yono::ERROR_CODES`).
#[pyfunction]
fn error_codes() -> Vec<&'static str> {
    yono::ERROR_CODES.to_vec()
}
