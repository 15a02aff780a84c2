//! `yono.PieceKind`.

use pyo3::prelude::*;

use super::mirror_enum;

mirror_enum! {
    /// The kind of a piece, promoted kinds included.
    ///
    /// `str(kind)` is its notation: "K", "R", ..., "+R" (DRAGON), "+P" (PROMOTED_PAWN);
    /// `int(kind)` its index 0-13. `PieceKind(x)` takes a PieceKind, its index, or any
    /// text the core reads as a kind; every argument that takes a kind takes a
    /// PieceKind or that text.
    PyPieceKind("PieceKind") mirrors yono::PieceKind, read by FromStr {
        /// King (K).
        King as "KING",
        /// Rook (R).
        Rook as "ROOK",
        /// Bishop (B).
        Bishop as "BISHOP",
        /// Gold general (G).
        Gold as "GOLD",
        /// Silver general (S).
        Silver as "SILVER",
        /// Knight (N).
        Knight as "KNIGHT",
        /// Lance (L).
        Lance as "LANCE",
        /// Pawn (P).
        Pawn as "PAWN",
        /// Promoted Rook (+R).
        Dragon as "DRAGON",
        /// Promoted Bishop (+B).
        Horse as "HORSE",
        /// Promoted Silver (+S).
        PromotedSilver as "PROMOTED_SILVER",
        /// Promoted Knight (+N).
        PromotedKnight as "PROMOTED_KNIGHT",
        /// Promoted Lance (+L).
        PromotedLance as "PROMOTED_LANCE",
        /// Promoted Pawn (+P).
        PromotedPawn as "PROMOTED_PAWN",
    }
}

#[pymethods]
impl PyPieceKind {
    /// The letter of the unpromoted kind: K R B G S N L P.
    #[getter]
    fn letter(&self) -> String {
        self.core().letter().to_string()
    }

    /// The notation: "K", "R", ..., "+R" for a promoted kind (also `str(kind)`).
    #[getter]
    fn symbol(&self) -> String {
        self.core().to_string()
    }

    /// The English name, e.g. "Promoted Silver".
    #[getter]
    fn title(&self) -> &'static str {
        self.core().name()
    }

    /// Whether this is a promoted kind.
    #[getter]
    fn is_promoted(&self) -> bool {
        self.core().is_promoted()
    }

    /// The promoted kind, or None for King, Gold and kinds already promoted.
    fn promoted(&self) -> Option<PyPieceKind> {
        self.core().promoted().map(PyPieceKind::of)
    }

    /// Whether the kind has a promoted form (R B S N L P).
    #[getter]
    fn can_promote(&self) -> bool {
        self.core().can_promote()
    }

    /// The unpromoted kind (what a captured piece becomes in the reserve).
    fn unpromoted(&self) -> PyPieceKind {
        PyPieceKind::of(self.core().unpromoted())
    }

    /// The kind the core reads from `symbol` ("K", "R", ..., "+R"); ValueError
    /// otherwise. The same as `PieceKind(symbol)`.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPieceKind> {
        <PyPieceKind as crate::vocab::Vocab>::read(symbol)
    }

    fn __str__(&self) -> String {
        self.core().to_string()
    }
}
