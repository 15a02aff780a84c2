//! Python bindings for `yono` (the Yo[n]o Shogi rules engine), built by maturin into
//! the extension module `yono._yono` and re-exported by the pure-Python package
//! `yono` (see `python/yono/__init__.py` and its type stubs `__init__.pyi`).
//!
//! The layer is thin: every rule lives in the core crate. This file only converts
//! arguments (seats, squares, moves given as objects or text), maps the core's errors
//! onto the Python exceptions `yono.ParseError` and `yono.IllegalMoveError` (both
//! `ValueError`s, carrying the core's message and stable `code`), and keeps a
//! [`yono::Game`] behind each Python `Position` so that `pop`, `move_stack` and the
//! fourfold-repetition draw work.
//!
//! No input reaches a Rust panic: every conversion is checked and reported as a
//! Python exception.

// The `///` comments below are also the Python docstrings, where `Yo[n]o` must read
// as written rather than as an escaped rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]
// Unsafe code is allowed only where it stands, with its reasoning: GilCell's `Sync`
// and the C-API methods of src/fastcall.rs.
#![deny(unsafe_code)]

use std::cell::{Ref, RefCell, RefMut};

// Position.push and Position.pop, written against the C API (the hot loop's calls).
mod fastcall;
// The GUI helpers: a second #[pymethods] block on Position, and their classes.
mod gui;

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyString, PyTuple, PyType};
use yono::GameRecord;
use yono::{Game, MoveError, MoveList};

mod ints;
// The machine-learning layer (actions, observations, VectorEnv): docs/ML.md.
mod ml;

mod engine;
// Every call that releases the GIL, counted (for the tests).
mod gil;

pyo3::create_exception!(
    yono,
    ParseError,
    PyValueError,
    "Text that is not a valid position (malformed position text or SFEN, or a position \
     that cannot exist). `str(e)` is the core's message (what and where); `e.code` is the \
     stable snake_case error code, e.g. \"rank_length\" or \"nifu\"."
);
pyo3::create_exception!(
    yono,
    RecordError,
    PyValueError,
    "A game record that cannot be loaded, or metadata or a comment that cannot be \
     stored. `str(e)` says what and where; `e.code` is the stable code (e.g. \
     \"record_bad_move\"); `e.ply` is the number of the first bad move (from 1) or None; \
     `e.line` the line of the text record or None."
);
pyo3::create_exception!(
    yono,
    IllegalMoveError,
    PyValueError,
    "A move that cannot be played: text that is not a move (`code == \"malformed_move\"`) \
     or a move that is illegal in the position (`code` names the reason, e.g. \
     \"king_threatened\", \"nifu_drop\", \"game_over\"). `e.move` is the move text, or None \
     for malformed text."
);

// ---- errors -------------------------------------------------------------------------

/// A `ParseError` (or, for a move error, an `IllegalMoveError`) from a core error.
fn core_err(py: Python<'_>, e: yono::Error) -> PyErr {
    match e {
        yono::Error::Move(m) => move_err(py, m),
        other => {
            let err = ParseError::new_err(other.to_string());
            set_attrs(py, &err, other.code(), None);
            err
        }
    }
}

/// An `IllegalMoveError` from a core move error.
fn move_err(py: Python<'_>, e: MoveError) -> PyErr {
    let mv = match &e {
        MoveError::Illegal { mv, .. } => Some(mv.to_string()),
        _ => None,
    };
    let err = IllegalMoveError::new_err(e.to_string());
    set_attrs(py, &err, e.code(), mv);
    err
}

fn set_attrs(py: Python<'_>, err: &PyErr, code: &str, mv: Option<String>) {
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail in practice; if it
    // did, the exception would still carry its message.
    let _ = value.setattr("code", code);
    if err.is_instance_of::<IllegalMoveError>(py) {
        let _ = value.setattr("move", mv);
    }
}

fn illegal(py: Python<'_>, mv: yono::Move, reason: yono::IllegalMove) -> PyErr {
    move_err(py, MoveError::Illegal { mv, reason })
}

// ---- enums ------------------------------------------------------------------------

/// Declares a Python enum class mirroring a core enum: the `#[pyclass]` (equal to its
/// int value and hashing like it, so `{1: x}[Seat.WEST]` works), pickling by name, and
/// with `mirrors Core`, the conversions `core()` / `of()` to and from `yono::Core`
/// (whose variants have the same names).
macro_rules! mirror_enum {
    (
        $(#[doc = $doc:literal])*
        $py:ident($pyname:literal) mirrors $core:ident {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $value:literal as $name:literal, )*
        }
    ) => {
        mirror_enum! {
            $(#[doc = $doc])*
            $py($pyname) {
                $( $(#[doc = $vdoc])* $variant = $value as $name, )*
            }
        }

        impl $py {
            fn core(self) -> yono::$core {
                match self {
                    $( $py::$variant => yono::$core::$variant, )*
                }
            }

            fn of(value: yono::$core) -> $py {
                match value {
                    $( yono::$core::$variant => $py::$variant, )*
                }
            }
        }
    };
    (
        $(#[doc = $doc:literal])*
        $py:ident($pyname:literal) {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $value:literal as $name:literal, )*
        }
    ) => {
        $(#[doc = $doc])*
        #[pyclass(name = $pyname, module = "yono", eq, eq_int, ord, frozen, from_py_object)]
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum $py {
            $( $(#[doc = $vdoc])* #[pyo3(name = $name)] $variant = $value, )*
        }

        impl $py {
            /// The Python name of the member, e.g. "SOUTH".
            fn variant_name(self) -> &'static str {
                match self {
                    $( $py::$variant => $name, )*
                }
            }
        }

        #[pymethods]
        impl $py {
            // It compares equal to its int value, so it must hash like it.
            fn __hash__(&self) -> isize {
                *self as isize
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                reduce_enum(py, py.get_type::<$py>(), self.variant_name())
            }
        }
    };
}

/// `__reduce__` for the enum classes: `getattr(cls, NAME)`.
fn reduce_enum<'py>(
    py: Python<'py>,
    cls: Bound<'py, PyType>,
    name: &'static str,
) -> PyResult<Bound<'py, PyTuple>> {
    let getattr = py.import("builtins")?.getattr("getattr")?;
    PyTuple::new(
        py,
        [
            getattr,
            PyTuple::new(py, [cls.into_any(), PyString::new(py, name).into_any()])?.into_any(),
        ],
    )
}

mirror_enum! {
    /// A seat (player): SOUTH, WEST, NORTH, EAST, in turn order (clockwise).
    ///
    /// `int(seat)` is its index 0-3 (and `hash(seat)` that of the index); `seat.letter`
    /// is its notation letter (s, w, n, e). Wherever a seat is expected, the letter
    /// ("s") or name ("South") is accepted too.
    PySeat("Seat") mirrors Seat {
        /// South (moves first; in standard Shogi: Sente/Black).
        South = 0 as "SOUTH",
        /// West.
        West = 1 as "WEST",
        /// North (in standard Shogi: Gote/White).
        North = 2 as "NORTH",
        /// East.
        East = 3 as "EAST",
    }
}

#[pymethods]
impl PySeat {
    /// The notation letter: "s", "w", "n" or "e".
    #[getter]
    fn letter(&self) -> String {
        self.core().char().to_string()
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

    /// The seat with notation letter `letter` ("s", "w", "n", "e"); ValueError otherwise.
    #[staticmethod]
    fn from_letter(letter: &str) -> PyResult<PySeat> {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => yono::Seat::from_char(c).map(PySeat::of),
            _ => None,
        }
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "not a seat letter: {letter:?} (expected s, w, n or e)"
            ))
        })
    }

    /// The seat with index 0-3; ValueError otherwise.
    #[staticmethod]
    fn from_index(index: i64) -> PyResult<PySeat> {
        usize::try_from(index)
            .ok()
            .and_then(yono::Seat::from_index)
            .map(PySeat::of)
            .ok_or_else(|| {
                PyValueError::new_err(format!("not a seat index: {index} (expected 0 to 3)"))
            })
    }

    fn __str__(&self) -> &'static str {
        self.core().name()
    }
}

fn seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::Seat> {
    if let Ok(s) = obj.cast::<PySeat>() {
        return Ok(s.get().core());
    }
    if let Ok(text) = obj.extract::<String>() {
        if let Some(seat) = yono::Seat::ALL.into_iter().find(|s| {
            text.len() == 1 && s.char().to_string() == text || s.name().eq_ignore_ascii_case(&text)
        }) {
            return Ok(seat);
        }
        return Err(PyValueError::new_err(format!(
            "not a seat: {text:?} (expected yono.Seat, a letter s/w/n/e or a name such as \"South\")"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.Seat or a seat letter, got {}",
        obj.get_type().name()?
    )))
}

mirror_enum! {
    /// The kind of a piece, promoted kinds included.
    ///
    /// `str(kind)` is its notation: "K", "R", ..., "+R" (DRAGON), "+P" (PROMOTED_PAWN);
    /// `int(kind)` its index 0-13.
    PyPieceKind("PieceKind") mirrors PieceKind {
        /// King (K).
        King = 0 as "KING",
        /// Rook (R).
        Rook = 1 as "ROOK",
        /// Bishop (B).
        Bishop = 2 as "BISHOP",
        /// Gold general (G).
        Gold = 3 as "GOLD",
        /// Silver general (S).
        Silver = 4 as "SILVER",
        /// Knight (N).
        Knight = 5 as "KNIGHT",
        /// Lance (L).
        Lance = 6 as "LANCE",
        /// Pawn (P).
        Pawn = 7 as "PAWN",
        /// Promoted Rook (+R).
        Dragon = 8 as "DRAGON",
        /// Promoted Bishop (+B).
        Horse = 9 as "HORSE",
        /// Promoted Silver (+S).
        PromotedSilver = 10 as "PROMOTED_SILVER",
        /// Promoted Knight (+N).
        PromotedKnight = 11 as "PROMOTED_KNIGHT",
        /// Promoted Lance (+L).
        PromotedLance = 12 as "PROMOTED_LANCE",
        /// Promoted Pawn (+P).
        PromotedPawn = 13 as "PROMOTED_PAWN",
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

    /// The unpromoted kind (what a captured piece becomes in the reserve).
    fn unpromoted(&self) -> PyPieceKind {
        PyPieceKind::of(self.core().unpromoted())
    }

    /// The kind with notation `symbol`: "K", "R", ..., "+R"; ValueError otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPieceKind> {
        kind_from_symbol(symbol)
    }

    fn __str__(&self) -> String {
        self.core().to_string()
    }
}

fn kind_from_symbol(symbol: &str) -> PyResult<PyPieceKind> {
    yono::PieceKind::ALL
        .into_iter()
        .find(|k| k.to_string() == symbol)
        .map(PyPieceKind::of)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "not a piece kind: {symbol:?} (expected K R B G S N L P or +R +B +S +N +L +P)"
            ))
        })
}

fn kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::PieceKind> {
    if let Ok(k) = obj.cast::<PyPieceKind>() {
        return Ok(k.get().core());
    }
    if let Ok(text) = obj.extract::<String>() {
        return kind_from_symbol(&text).map(PyPieceKind::core);
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.PieceKind or a kind symbol such as \"P\", got {}",
        obj.get_type().name()?
    )))
}

mirror_enum! {
    /// The ruleset: YONO (four-player Yo[n]o Shogi, the default) or SHOGI (standard
    /// two-player Shogi, South = Sente, North = Gote). Strings "yono" / "shogi" are accepted
    /// wherever a ruleset is expected.
    PyRuleset("Ruleset") mirrors Ruleset {
        /// Yo[n]o Shogi: four seats.
        Yono = 0 as "YONO",
        /// Standard Shogi: South and North.
        Shogi = 1 as "SHOGI",
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

fn ruleset_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::Ruleset> {
    if let Ok(r) = obj.cast::<PyRuleset>() {
        return Ok(r.get().core());
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "not a ruleset: {text:?} (expected \"yono\" or \"shogi\")"
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.Ruleset or \"yono\"/\"shogi\", got {}",
        obj.get_type().name()?
    )))
}

mirror_enum! {
    /// Whether the game goes on, and how it ended. `str(status)` is "ongoing", "won" or
    /// "drawn_by_repetition" (the spelling of the test vectors).
    PyStatus("Status") {
        /// The seat to move has a move (possibly "pass").
        Ongoing = 0 as "ONGOING",
        /// One seat is left (Yo[n]o), or the Shogi player to move has no legal move.
        Won = 1 as "WON",
        /// The same position occurred for the fourth time.
        DrawnByRepetition = 2 as "DRAWN_BY_REPETITION",
    }
}

impl PyStatus {
    fn of(status: yono::Status) -> PyStatus {
        match status {
            yono::Status::Ongoing => PyStatus::Ongoing,
            yono::Status::Won(_) => PyStatus::Won,
            yono::Status::DrawnByRepetition => PyStatus::DrawnByRepetition,
        }
    }
}

#[pymethods]
impl PyStatus {
    fn __str__(&self) -> &'static str {
        match self {
            PyStatus::Ongoing => "ongoing",
            PyStatus::Won => "won",
            PyStatus::DrawnByRepetition => "drawn_by_repetition",
        }
    }
}

// ---- squares, pieces, moves ----------------------------------------------------------

/// A square in USI coordinates as seen from South: file digit 1-9 (1 = East edge),
/// rank letter a-i (a = North edge), e.g. "5e".
///
/// `Square("5e")` or `Square(index)` with index 0-80 (0 = 9a, 8 = 1a, 80 = 1i);
/// `int(sq)` is the index. Wherever a square is expected, the text "5e" or the index is
/// accepted too. The module also has constants `yono.SQ_9A` ... `yono.SQ_1I` and the
/// list `yono.SQUARES` in index order.
#[pyclass(name = "Square", module = "yono", frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PySquare(yono::Square);

/// The index of a Square or an int (not a bool) for comparisons; None otherwise.
fn square_index_of(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if let Ok(s) = obj.cast::<PySquare>() {
        return Some(s.get().0.index() as i64);
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        // An int beyond i64 equals no square and orders by its sign.
        return Some(obj.extract::<i64>().unwrap_or_else(|_| {
            if obj.lt(0).unwrap_or(false) {
                i64::MIN
            } else {
                i64::MAX
            }
        }));
    }
    None
}

#[pymethods]
impl PySquare {
    #[new]
    fn py_new(square: &Bound<'_, PyAny>) -> PyResult<PySquare> {
        square_arg(square).map(PySquare)
    }

    /// The square on `file` (1-9) and `rank` (1-9, a = 1); ValueError otherwise.
    #[staticmethod]
    fn from_file_rank(file: i64, rank: i64) -> PyResult<PySquare> {
        u8::try_from(file)
            .ok()
            .zip(u8::try_from(rank).ok())
            .and_then(|(f, r)| yono::Square::new(f, r))
            .map(PySquare)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no square on file {file}, rank {rank} (both must be 1 to 9)"
                ))
            })
    }

    /// File digit 1-9.
    #[getter]
    fn file(&self) -> u8 {
        self.0.file()
    }

    /// Rank number 1-9 (a = 1).
    #[getter]
    fn rank(&self) -> u8 {
        self.0.rank()
    }

    /// Index 0-80 (0 = 9a, 8 = 1a, 80 = 1i).
    #[getter]
    fn index(&self) -> usize {
        self.0.index()
    }

    /// The USI name, e.g. "5e" (also `str(sq)`).
    #[getter]
    fn name(&self) -> String {
        self.0.to_string()
    }

    /// Whether file + rank is even (the Bishop binding of 5i).
    #[getter]
    fn is_even_binding(&self) -> bool {
        self.0.is_even_binding()
    }

    fn __int__(&self) -> usize {
        self.0.index()
    }

    // A square has `__index__`, so it compares (and orders, and hashes) like its index.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        match square_index_of(other) {
            Some(o) => {
                let result = op.matches((self.0.index() as i64).cmp(&o));
                PyBool::new(py, result).to_owned().into_any().unbind()
            }
            None => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> isize {
        self.0.index() as isize
    }

    fn __index__(&self) -> usize {
        self.0.index()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Square('{}')", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                py.get_type::<PySquare>().into_any(),
                PyTuple::new(py, [self.0.to_string()])?.into_any(),
            ],
        )
    }
}

fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<yono::Square> {
    if let Ok(s) = obj.cast::<PySquare>() {
        return Ok(s.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return text
            .parse::<yono::Square>()
            .map_err(|e| PyValueError::new_err(e.to_string()));
    }
    // True and False are ints to Python, but never squares.
    if !obj.is_instance_of::<PyBool>() {
        if let Ok(i) = obj.call_method0("__index__") {
            return i
                .extract::<usize>()
                .ok()
                .and_then(yono::Square::from_index)
                .ok_or_else(|| {
                    PyValueError::new_err(format!("not a square index: {i} (expected 0 to 80)"))
                });
        }
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.Square, a square name such as \"5e\" or an index 0-80, got {}",
        obj.get_type().name()?
    )))
}

/// A piece: a kind owned by a seat. `str(piece)` is its notation, e.g. "sK", "n+R".
#[pyclass(name = "Piece", module = "yono", eq, hash, frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyPiece(yono::Piece);

#[pymethods]
impl PyPiece {
    #[new]
    fn py_new(seat: &Bound<'_, PyAny>, kind: &Bound<'_, PyAny>) -> PyResult<PyPiece> {
        Ok(PyPiece(yono::Piece::new(seat_arg(seat)?, kind_arg(kind)?)))
    }

    /// The piece with notation `symbol`, e.g. "sK" or "n+R"; ValueError otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        let seat = chars.next().and_then(yono::Seat::from_char);
        match seat {
            Some(seat) => Ok(PyPiece(yono::Piece::new(seat, kind_from_symbol(chars.as_str())?.core()))),
            None => Err(PyValueError::new_err(format!(
                "not a piece: {symbol:?} (expected a seat letter then a kind, e.g. \"sK\" or \"n+R\")"
            ))),
        }
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

/// A move of the seat to move: a board move ("7g7f", promoting "8h2b+"), a drop from
/// the reserve ("P*5e"), or a pass ("pass", only when nothing else is legal).
///
/// `Move("7g7f")` is `Move.from_usi("7g7f")`; malformed text raises IllegalMoveError
/// with code "malformed_move". Moves compare and hash by value; `str(move)` is its text.
#[pyclass(name = "Move", module = "yono", frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyMove(yono::Move);

#[pymethods]
impl PyMove {
    #[new]
    fn py_new(py: Python<'_>, usi: &str) -> PyResult<PyMove> {
        PyMove::from_usi(py, usi)
    }

    /// Parses move text: "7g7f", "8h2b+", "P*5e" or "pass".
    #[staticmethod]
    fn from_usi(py: Python<'_>, usi: &str) -> PyResult<PyMove> {
        yono::Move::from_usi(usi)
            .map(PyMove)
            .map_err(|e| move_err(py, e.into()))
    }

    /// A board move from `from_square` to `to_square`, promoting if `promote`.
    #[staticmethod]
    #[pyo3(signature = (from_square, to_square, promote = false))]
    fn board(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promote: bool,
    ) -> PyResult<PyMove> {
        let from = square_arg(from_square)?;
        let to = square_arg(to_square)?;
        if from == to {
            return Err(PyValueError::new_err(format!(
                "a board move needs two different squares, got {from} twice"
            )));
        }
        Ok(PyMove(yono::Move::Board { from, to, promote }))
    }

    /// A drop of `kind` (unpromoted: R B G S N L P) on `to_square`.
    #[staticmethod]
    fn drop(kind: &Bound<'_, PyAny>, to_square: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let kind = kind_arg(kind)?;
        if kind.hand_index().is_none() {
            return Err(PyValueError::new_err(format!(
                "{kind} cannot be dropped (only R B G S N L P)"
            )));
        }
        Ok(PyMove(yono::Move::Drop {
            kind,
            to: square_arg(to_square)?,
        }))
    }

    /// The pass move.
    #[classattr]
    #[pyo3(name = "PASS")]
    fn pass_move() -> PyMove {
        PyMove(yono::Move::Pass)
    }

    /// Decodes a compact 16-bit move code (see `code`); ValueError for a code no move has.
    #[staticmethod]
    fn from_code(code: i64) -> PyResult<PyMove> {
        u16::try_from(code)
            .ok()
            .and_then(yono::Move::from_code)
            .map(PyMove)
            .ok_or_else(|| PyValueError::new_err(format!("not a move code: {code}")))
    }

    /// The compact 16-bit code: board moves `from | to << 7 | promote << 14` (square
    /// indices), drops `0x8000 | hand_index << 7 | to`, pass `0xFFFF`.
    #[getter]
    fn code(&self) -> u16 {
        self.0.code()
    }

    /// The move text, e.g. "7g7f" (also `str(move)`).
    fn usi(&self) -> String {
        self.0.to_string()
    }

    /// The origin square of a board move; None for a drop or pass.
    #[getter(from_square)]
    fn origin(&self) -> Option<PySquare> {
        self.0.from().map(PySquare)
    }

    /// The destination square; None for a pass.
    #[getter(to_square)]
    fn destination(&self) -> Option<PySquare> {
        self.0.to().map(PySquare)
    }

    /// The dropped kind of a drop; None otherwise.
    #[getter]
    fn drop_kind(&self) -> Option<PyPieceKind> {
        match self.0 {
            yono::Move::Drop { kind, .. } => Some(PyPieceKind::of(kind)),
            _ => None,
        }
    }

    /// Whether this board move promotes.
    #[getter]
    fn promotion(&self) -> bool {
        matches!(self.0, yono::Move::Board { promote: true, .. })
    }

    /// Whether this is a drop.
    #[getter]
    fn is_drop(&self) -> bool {
        matches!(self.0, yono::Move::Drop { .. })
    }

    /// Whether this is the pass move.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == yono::Move::Pass
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    // Equal to its text too (`"5g5f" in pos.legal_moves`), so it hashes like the text.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let equal = if let Ok(m) = other.cast::<PyMove>() {
            m.get().0 == self.0
        } else if let Ok(text) = other.cast::<PyString>() {
            *text.to_cow()? == *self.0.to_string()
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(match op {
            CompareOp::Eq => PyBool::new(py, equal).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !equal).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.0.to_string()).hash()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_usi('{}')", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                py.get_type::<PyMove>().into_any(),
                PyTuple::new(py, [self.0.to_string()])?.into_any(),
            ],
        )
    }
}

/// Slots of the move cache: every board move (from, to, promote), every drop, pass.
const MOVE_SLOTS: usize = 81 * 81 * 2 + 7 * 81 + 1;
// `Listed` keeps slots plus one in a u16.
const _: () = assert!(MOVE_SLOTS < u16::MAX as usize);

/// Interned `Move` objects. Moves are immutable values, so one object per move serves
/// every list: building a list of legal moves then costs a reference count per move
/// instead of an allocation.
static MOVE_CACHE: PyOnceLock<Box<[PyOnceLock<Py<PyMove>>]>> = PyOnceLock::new();

fn move_slot(mv: yono::Move) -> usize {
    match mv {
        yono::Move::Board { from, to, promote } => {
            (from.index() * 81 + to.index()) * 2 + promote as usize
        }
        yono::Move::Drop { kind, to } => {
            81 * 81 * 2 + kind.hand_index().unwrap_or(0) * 81 + to.index()
        }
        yono::Move::Pass => MOVE_SLOTS - 1,
    }
}

/// The (interned) Python object for `mv`.
fn move_obj(py: Python<'_>, mv: yono::Move) -> PyResult<Bound<'_, PyMove>> {
    let cache = MOVE_CACHE.get_or_init(py, || (0..MOVE_SLOTS).map(|_| PyOnceLock::new()).collect());
    let Some(slot) = cache.get(move_slot(mv)) else {
        return Bound::new(py, PyMove(mv));
    };
    if let Some(obj) = slot.get(py) {
        return Ok(obj.bind(py).clone());
    }
    let obj = Py::new(py, PyMove(mv))?;
    let out = obj.clone_ref(py).into_bound(py);
    // Another thread may have filled the slot meanwhile: either object is fine.
    let _ = slot.set(py, obj);
    Ok(out)
}

/// Python objects for a sequence of moves, as a list.
fn move_list<'py>(py: Python<'py>, moves: &[yono::Move]) -> PyResult<Bound<'py, PyList>> {
    let objs = moves
        .iter()
        .map(|&m| move_obj(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objs)
}

/// A move argument: a `Move` or move text. Malformed text is an IllegalMoveError.
fn move_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<yono::Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return yono::Move::from_usi(&text.to_cow()?).map_err(|e| move_err(py, e.into()));
    }
    Err(PyTypeError::new_err(format!(
        "expected a yono.Move or move text such as \"7g7f\", got {}",
        obj.get_type().name()?
    )))
}

// ---- position -------------------------------------------------------------------------

/// A `RefCell` that may live in a `frozen` pyclass shared between threads: it is only
/// reached with the `Python` token, so the GIL orders every access. A conflicting
/// borrow (a call on a Position from inside another call on it, e.g. from a finalizer)
/// raises RuntimeError instead of panicking.
struct GilCell<T>(RefCell<T>);

// SAFETY: `RefCell` is not `Sync` because its borrow flag is not atomic. Here the flag
// and the value are only touched by the thread holding the GIL: `get` and `get_mut`
// need the `Python` token, and the guards they return are `!Send`, so they are used and
// dropped on that thread and cannot enter `Python::detach` (whose closure must be
// `Send`). The GIL passes between threads like a lock (with acquire and release
// ordering), so a borrow left open while the GIL is elsewhere is seen as a borrow, not
// raced. The module is built for the limited API (abi3), which free-threaded CPython
// (the one build without a GIL) cannot load.
#[allow(unsafe_code)]
unsafe impl<T: Send> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    fn new(value: T) -> GilCell<T> {
        GilCell(RefCell::new(value))
    }

    fn get(&self, _py: Python<'_>) -> PyResult<Ref<'_, T>> {
        self.0.try_borrow().map_err(|_| in_use())
    }

    fn get_mut(&self, _py: Python<'_>) -> PyResult<RefMut<'_, T>> {
        self.0.try_borrow_mut().map_err(|_| in_use())
    }
}

fn in_use() -> PyErr {
    PyRuntimeError::new_err("the Position is in use by a call that has not returned")
}

/// A game position with its move history (python-chess style).
///
/// `Position()` is the Yo[n]o start; `Position(text)` parses position text (the
/// ruleset follows from its seats field: "s-n-" is standard Shogi);
/// `Position(ruleset="shogi")` or `Position.shogi()` is the Shogi start, and
/// `Position.from_sfen(...)` reads SFEN. Moves are played with `push` / `push_usi` and
/// taken back with `pop`; the history also decides the fourfold-repetition draw.
///
/// Two positions are equal when their current states are (board, reserves, seats, seat
/// to move, move number), whatever their histories. Positions are unhashable (they
/// change as moves are pushed); `pos.hash()` is the Zobrist key of the current state.
//
// The class is `frozen` and keeps its game in a `GilCell`, borrowed by each method only
// for its Rust work, never while Python objects are made. pyo3's own borrow of a
// mutable class lasts the whole call, and making a Python object can let another
// thread run (pyo3 releases the GIL while it waits to fill a lazily created value),
// so a second thread using the same Position got "Already borrowed". (A `Mutex` in
// place of the cell measured 5.6 ns slower per push+pop pair.)
#[pyclass(name = "Position", module = "yono", frozen)]
pub struct PyPosition {
    state: GilCell<PositionState>,
}

/// What a Position keeps: the game, the legal moves last listed, and the Move object
/// of the last push.
struct PositionState {
    game: Game,
    listed: Listed,
    /// The Move object the last `push` was given, with the ply that push made.
    /// `pop` returns it when it takes that very move back (python-chess also returns
    /// the pushed object), instead of looking the move up in the cache of Move
    /// objects: that cache is 220 KB, so its slot is often a cache miss.
    pushed: Option<(usize, Py<PyMove>)>,
}

/// The legal moves of one position of the game, as `legal_moves` last listed them:
/// their move slots (see [`move_slot`]) in a small open-addressing table. The set
/// stays valid while that position is on the game's stack: pushes above it and the
/// pops back to it leave it exactly as it was (the moves are taken back exactly), so
/// `push` checks a move of the usual loop (`for m in pos.legal_moves: pos.push(m) ...
/// pos.pop()`) with one probe instead of the full legality test. A pop below it or
/// any other change (through `PyPosition::game_mut`) forgets it.
///
/// A table at most half full keeps the set in one or two cache lines for a typical
/// position (128 bytes for 30 moves); a bitset over all 13,690 slots took 1.7 KB, and
/// its bit for a move was usually a cache miss once other positions had been used.
#[derive(Default)]
struct Listed {
    /// The ply (number of moves played) of the listed position, when the set is valid.
    ply: Option<usize>,
    /// Each listed slot plus one (0 marks an empty entry), at the entry its low bits
    /// name or after it (linear probing). The length is a power of two, at least
    /// twice the moves. A slot is (from × 81 + to) × 2 + promotion, so one
    /// position's moves already differ in their low bits: indexing by them directly
    /// cost 60 fewer instructions a push+pop pair than a multiplicative hash.
    table: Vec<u16>,
}

impl Listed {
    /// Remembers `moves` as the legal moves at `ply`.
    fn record(&mut self, ply: usize, moves: &[yono::Move]) {
        let len = (moves.len() * 2).next_power_of_two().max(16);
        self.table.clear();
        self.table.resize(len, 0);
        let mask = self.mask();
        for slot in moves.iter().filter_map(|&mv| Listed::slot(mv)) {
            let mut i = self.home(slot);
            while let Some(entry) = self.table.get_mut(i) {
                if *entry == 0 || *entry == slot {
                    *entry = slot;
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        self.ply = Some(ply);
    }

    /// Whether `mv` was listed as legal at `ply` (false when the set is not for `ply`).
    #[inline]
    fn contains(&self, ply: usize, mv: yono::Move) -> bool {
        if self.ply != Some(ply) {
            return false;
        }
        let Some(slot) = Listed::slot(mv) else {
            return false;
        };
        let mask = self.mask();
        let mut i = self.home(slot);
        while let Some(&entry) = self.table.get(i) {
            if entry == slot {
                return true;
            }
            if entry == 0 {
                return false;
            }
            i = (i + 1) & mask;
        }
        false
    }

    /// The table's entry for the move: [`move_slot`] plus one, which is one to one
    /// except for drops of kinds that are never held (they share a slot with a held
    /// kind, and are never legal).
    #[inline]
    fn slot(mv: yono::Move) -> Option<u16> {
        match mv {
            yono::Move::Drop { kind, .. } if kind.hand_index().is_none() => None,
            _ => u16::try_from(move_slot(mv) + 1).ok(),
        }
    }

    /// Where the probe for `slot` starts.
    #[inline]
    fn home(&self, slot: u16) -> usize {
        usize::from(slot) & self.mask()
    }

    /// The table's length minus one (its length is a power of two, or 0).
    #[inline]
    fn mask(&self) -> usize {
        self.table.len().wrapping_sub(1)
    }
}

impl PyPosition {
    fn new(game: Game) -> PyPosition {
        PyPosition {
            state: GilCell::new(PositionState {
                game,
                listed: Listed::default(),
                pushed: None,
            }),
        }
    }

    /// The game, borrowed until the guard is dropped.
    fn game(&self, py: Python<'_>) -> PyResult<Ref<'_, Game>> {
        Ok(Ref::map(self.state.get(py)?, |s| &s.game))
    }

    /// The game, to change. Forgets the listed legal moves (the change may be any).
    fn game_mut(&self, py: Python<'_>) -> PyResult<RefMut<'_, Game>> {
        Ok(RefMut::map(self.state.get_mut(py)?, |s| {
            s.listed.ply = None;
            &mut s.game
        }))
    }

    /// The current position (borrowed, like [`PyPosition::game`]).
    fn pos(&self, py: Python<'_>) -> PyResult<Ref<'_, yono::Position>> {
        Ok(Ref::map(self.game(py)?, Game::position))
    }

    /// A copy of the game (for `copy` and the Game class).
    fn game_clone(&self, py: Python<'_>) -> PyResult<Game> {
        Ok(self.game(py)?.clone())
    }

    /// Runs `f` on the legal moves (none once the game is over), outside the borrow.
    fn with_moves<T>(&self, py: Python<'_>, f: impl FnOnce(&[yono::Move]) -> T) -> PyResult<T> {
        // `Game::legal_moves` is empty after a repetition draw; the list is on the stack.
        let moves = self.game(py)?.legal_moves();
        Ok(f(moves.as_slice()))
    }

    /// Plays a move through the game (checked): a move listed by `legal_moves` in this
    /// very position is legal, anything else gets [`Game::play`]'s full check.
    /// `object` is the Move object the move came as, if any (for [`PyPosition::pop`]).
    fn play(
        &self,
        py: Python<'_>,
        mv: yono::Move,
        object: Option<&Bound<'_, PyMove>>,
    ) -> PyResult<()> {
        let mut state = self.state.get_mut(py)?;
        let s = &mut *state;
        if s.listed.contains(s.game.moves().len(), mv) {
            s.game.play_unchecked(mv);
        } else if let Err(e) = s.game.play(mv) {
            drop(state);
            return Err(move_err(py, e));
        }
        let ply = s.game.moves().len();
        let before =
            std::mem::replace(&mut s.pushed, object.map(|obj| (ply, obj.clone().unbind())));
        // Released after the borrow: freeing a Python object may run other code.
        drop(state);
        if let Some((_, obj)) = before {
            obj.drop_ref(py);
        }
        Ok(())
    }

    /// Takes back the last move, keeping the listed legal moves when their position is
    /// still on the stack; returns its Move object (IndexError when there is none).
    fn pop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let mut state = self.state.get_mut(py)?;
        let s = &mut *state;
        let ply = s.game.moves().len();
        let undone = s.game.undo();
        if s.listed.ply.is_some_and(|at| at > s.game.moves().len()) {
            s.listed.ply = None;
        }
        let pushed = s.pushed.take();
        drop(state);
        let mv = undone.ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        if let Some((at, obj)) = pushed {
            if at == ply && obj.get().0 == mv {
                return Ok(obj.into_bound(py));
            }
            obj.drop_ref(py);
        }
        move_obj(py, mv)
    }
}

/// A small deterministic random number generator (SplitMix64) for playouts.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

fn position_from_text(py: Python<'_>, text: &str) -> PyResult<yono::Position> {
    yono::Position::from_text(text).map_err(|e| core_err(py, e))
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (text = None, ruleset = None))]
    fn py_new(
        py: Python<'_>,
        text: Option<&str>,
        ruleset: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let ruleset = ruleset.map(ruleset_arg).transpose()?;
        let position = match text {
            None => yono::Position::new(ruleset.unwrap_or(yono::Ruleset::Yono)),
            Some(text) => {
                // Position text has five fields, SFEN four: text that is not position
                // text may be SFEN, and otherwise the position-text error stands.
                let pos = match yono::Position::from_text(text) {
                    Ok(pos) => pos,
                    Err(e) => match text.split_whitespace().count() {
                        4 => yono::Position::from_sfen(text).map_err(|_| core_err(py, e))?,
                        _ => return Err(core_err(py, e)),
                    },
                };
                if let Some(r) = ruleset {
                    if pos.ruleset() != r {
                        return Err(PyValueError::new_err(format!(
                            "the position text is a {} position, not {}",
                            pos.ruleset().name(),
                            r.name()
                        )));
                    }
                }
                pos
            }
        };
        Ok(PyPosition::new(Game::from_position(position)))
    }

    /// Parses and validates position text; raises ParseError (with `.code`).
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<PyPosition> {
        Ok(PyPosition::new(Game::from_position(position_from_text(
            py, text,
        )?)))
    }

    /// Reads a standard Shogi SFEN ("lnsgkgsnl/... b - 1"); raises ParseError.
    #[classmethod]
    fn from_sfen(_cls: &Bound<'_, PyType>, py: Python<'_>, sfen: &str) -> PyResult<PyPosition> {
        let pos = yono::Position::from_sfen(sfen).map_err(|e| core_err(py, e))?;
        Ok(PyPosition::new(Game::from_position(pos)))
    }

    /// The standard Shogi start position.
    #[classmethod]
    fn shogi(_cls: &Bound<'_, PyType>) -> PyPosition {
        PyPosition::new(Game::new(yono::Ruleset::Shogi))
    }

    /// The canonical position text of the current position.
    fn text(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.pos(py)?.text())
    }

    /// The SFEN of a standard Shogi position; ValueError for a Yo[n]o position.
    fn sfen(&self, py: Python<'_>) -> PyResult<String> {
        self.pos(py)?
            .sfen()
            .ok_or_else(|| PyValueError::new_err("SFEN exists only for standard Shogi positions"))
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self, py: Python<'_>) -> PyResult<PyRuleset> {
        Ok(PyRuleset::of(self.pos(py)?.ruleset()))
    }

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

    /// The moves pushed so far (oldest first).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.game(py)?.moves().to_vec();
        move_list(py, &moves)
    }

    /// How many moves have been pushed.
    fn ply(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.game(py)?.moves().len())
    }

    /// The legal moves (a fresh list; empty once the game is over).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Owned, so no borrow is held while the Move objects are made.
        let moves = {
            let mut state = self.state.get_mut(py)?;
            let PositionState { game, listed, .. } = &mut *state;
            let moves = game.legal_moves();
            listed.record(game.moves().len(), moves.as_slice());
            moves
        };
        move_list(py, moves.as_slice())
    }

    /// The legal moves as compact 16-bit codes (see `Move.code`), as a list of ints: it
    /// costs about as much as `legal_moves` (a list of Python objects either way). For
    /// speed use `legal_move_bytes`, `legal_actions` or `legal_action_mask`.
    fn legal_move_codes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let codes: Vec<u16> =
            self.with_moves(py, |moves| moves.iter().map(|m| m.code()).collect())?;
        PyList::new(py, codes)
    }

    /// The legal move codes packed as little-endian 16-bit integers in one `bytes`
    /// object (e.g. for `numpy.frombuffer(b, "<u2")` or `memoryview(b).cast("H")`).
    fn legal_move_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes: Vec<u8> = self.with_moves(py, |moves| {
            moves.iter().flat_map(|m| m.code().to_le_bytes()).collect()
        })?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// How many legal moves there are.
    fn legal_move_count(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_moves(py, |moves| moves.len())
    }

    /// Whether `move` (a Move or move text) is legal here; False for malformed text.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match move_arg(py, r#move) {
            Ok(mv) => Ok(self.game(py)?.is_legal(mv)),
            Err(e) if e.is_instance_of::<IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Raises IllegalMoveError (with `.code`) unless `move` is legal here.
    fn check_move(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = move_arg(py, r#move)?;
        let verdict = self.game(py)?.check_move(mv);
        verdict.map_err(|reason| illegal(py, mv, reason))
    }

    /// Parses move text and checks that it is legal here; returns the Move.
    fn parse_usi<'py>(&self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = yono::Move::from_usi(usi).map_err(|e| move_err(py, e.into()))?;
        let verdict = self.game(py)?.check_move(mv);
        verdict.map_err(|reason| illegal(py, mv, reason))?;
        move_obj(py, mv)
    }

    // `push` and `pop` are installed by `fastcall::install`.

    /// Parses, checks and plays move text; returns the Move.
    fn push_usi<'py>(&self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = yono::Move::from_usi(usi).map_err(|e| move_err(py, e.into()))?;
        self.play(py, mv, None)?;
        move_obj(py, mv)
    }

    /// Plays uniformly random legal moves (in Rust) until the game is over or
    /// `max_plies` moves have been played; the moves go onto the move stack. `seed`
    /// makes the playout reproducible. Returns the number of moves played.
    /// Runs in Rust without holding the GIL, on a copy: other threads may read the
    /// Position meanwhile; if one changes it, the playout raises RuntimeError instead.
    #[pyo3(signature = (max_plies = None, seed = None))]
    fn playout(
        &self,
        py: Python<'_>,
        max_plies: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let max_plies: usize = match max_plies {
            None => 1000,
            Some(n) => ints::int_arg(n, "max_plies", "0 or more")?,
        };
        let mut rng = SplitMix64(ints::seed_arg(seed)?.unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0u8)
        }));
        // The playout runs on a copy without the GIL, so other threads can read the
        // position meanwhile (seeing it as it was); the copy replaces the game after,
        // unless another thread changed the game in between.
        let mut game = self.game_clone(py)?;
        let (played, game) = gil::without_gil(py, move || {
            let mut list = MoveList::new();
            let before = game.moves().len();
            while game.moves().len() - before < max_plies {
                game.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[rng.below(list.len())];
                game.play_unchecked(mv);
            }
            (game.moves().len() - before, game)
        });
        let mut current = self.game_mut(py)?;
        let before = game.moves().len() - played;
        if current.start() != game.start() || current.moves() != &game.moves()[..before] {
            return Err(PyRuntimeError::new_err(
                "the Position changed during the playout (another thread pushed, popped \
                 or unpickled); the playout was discarded",
            ));
        }
        *current = game;
        Ok(played)
    }

    /// The last move; IndexError if there is none.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let mv = self
            .game(py)?
            .moves()
            .last()
            .copied()
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        move_obj(py, mv)
    }

    /// The position the move stack starts from (a new Position without history).
    fn root(&self, py: Python<'_>) -> PyResult<PyPosition> {
        let start = self.game(py)?.start().clone();
        Ok(PyPosition::new(Game::from_position(start)))
    }

    /// A copy; with `stack=False` the copy starts afresh from the current position
    /// (no history, so repetitions count from there).
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> PyResult<PyPosition> {
        Ok(if stack {
            PyPosition::new(self.game_clone(py)?)
        } else {
            PyPosition::new(Game::from_position(self.pos(py)?.clone()))
        })
    }

    /// The piece on `square` (a Square, "5e" or an index), or None.
    fn piece_at(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        let square = square_arg(square)?;
        Ok(self.pos(py)?.piece_at(square).map(PyPiece))
    }

    /// Every piece on the board, by square (in square index order).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let pos = self.pos(py)?.clone();
        for sq in yono::Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                dict.set_item(PySquare(sq), PyPiece(p))?;
            }
        }
        Ok(dict)
    }

    /// The square of `seat`'s King, or None once it is out of the game.
    fn king(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Option<PySquare>> {
        let seat = seat_arg(seat)?;
        Ok(self.pos(py)?.king(seat).map(PySquare))
    }

    /// The reserve (pieces in hand) of `seat`: {PieceKind: count}, only kinds held, in
    /// the order R B G S N L P.
    fn reserve<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let seat = seat_arg(seat)?;
        let reserve = *self.pos(py)?.reserve(seat);
        for (kind, count) in reserve.iter() {
            if count > 0 {
                dict.set_item(PyPieceKind::of(kind), count)?;
            }
        }
        Ok(dict)
    }

    /// The seats threatening `seat`'s King (in turn order; empty without a King).
    fn threatened_by(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PySeat>> {
        let seat = seat_arg(seat)?;
        Ok(self
            .pos(py)?
            .threatened_by(seat)
            .iter()
            .map(PySeat::of)
            .collect())
    }

    /// For each seat that has a King: the seats threatening it, in turn order.
    fn threats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let pos = self.pos(py)?.clone();
        for (seat, by) in pos.threats() {
            if pos.king(seat).is_some() {
                let by: Vec<PySeat> = by.iter().map(PySeat::of).collect();
                dict.set_item(PySeat::of(seat), PyList::new(py, by)?)?;
            }
        }
        Ok(dict)
    }

    /// Whether the King of the seat to move is threatened.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.pos(py)?.is_check())
    }

    /// The status: ONGOING, WON or DRAWN_BY_REPETITION.
    fn status(&self, py: Python<'_>) -> PyResult<PyStatus> {
        let status = self.game(py)?.status();
        Ok(PyStatus::of(status))
    }

    /// Whether the game has ended (won or drawn by repetition).
    fn is_game_over(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.game(py)?.is_over())
    }

    /// The winner once the game is won; None otherwise (also after a draw).
    fn winner(&self, py: Python<'_>) -> PyResult<Option<PySeat>> {
        let status = self.game(py)?.status();
        Ok(match status {
            yono::Status::Won(s) => Some(PySeat::of(s)),
            _ => None,
        })
    }

    /// The scores by seat index [South, West, North, East]: each seat's once decided
    /// (a checkmated seat's score; all of them once the game is over, the repetition
    /// draw included), else None. Seats not in the ruleset are always None.
    fn scores(&self, py: Python<'_>) -> PyResult<[Option<u8>; 4]> {
        Ok(self.game(py)?.scores().into())
    }

    /// The score of `seat` once decided, else None.
    fn score(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        let seat = seat_arg(seat)?;
        Ok(self.game(py)?.scores()[seat])
    }

    /// How often the current position has occurred in this history, this one included.
    fn repetitions(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.game(py)?.repetitions())
    }

    /// The 64-bit Zobrist key of the current position (board, reserves, seat to move,
    /// seats in the game; not the move number).
    fn hash(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.pos(py)?.key())
    }

    /// Counts the leaves of the legal-move tree `depth` plies deep (pass counts as a
    /// move; a finished game has none). Runs in Rust without holding the GIL.
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth: u32 = ints::int_arg(depth, "depth", "0 to 2**32 - 1")?;
        // A copy: the GIL is released for the count.
        let game = self.game_clone(py)?;
        Ok(gil::without_gil(py, move || game.perft(depth)))
    }

    /// Perft split by first move: {Move: leaf count} in generation order.
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth: u32 = ints::int_arg(depth, "depth", "0 to 2**32 - 1")?;
        let game = self.game_clone(py)?;
        let split = gil::without_gil(py, move || game.divide(depth));
        let dict = PyDict::new(py);
        for (mv, n) in split {
            dict.set_item(move_obj(py, mv)?, n)?;
        }
        Ok(dict)
    }

    /// An SVG diagram of the current position (see `yono.svg`).
    #[pyo3(signature = (lastmove = None, highlight = None, size = None, threats = true, zones = None, **gui))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        lastmove: Option<&Bound<'_, PyAny>>,
        highlight: Option<&Bound<'_, PyAny>>,
        size: Option<&Bound<'_, PyAny>>,
        threats: bool,
        zones: Option<&Bound<'_, PyAny>>,
        gui: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let mut opts = svg_options(py, lastmove, highlight, size, threats, zones)?;
        gui::svg_gui_options(&mut opts, gui)?;
        Ok(self.pos(py)?.svg(&opts))
    }

    /// The diagram Jupyter shows: the last pushed move and threatened Kings marked.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let mut opts = yono::svg::SvgOptions::default().with_size(480);
        let game = self.game(py)?;
        opts.last_move = game.moves().last().copied();
        Ok(game.position().svg(&opts))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.pos(py)?.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("yono.Position('{}')", self.pos(py)?.text()))
    }

    fn __eq__(&self, py: Python<'_>, other: PyRef<'_, PyPosition>) -> PyResult<bool> {
        Ok(*self.pos(py)? == *other.pos(py)?)
    }

    // Positions change as moves are pushed, so they are unhashable (like python-chess
    // boards); `pos.hash()` is the Zobrist key of the current state.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyPosition> {
        Ok(PyPosition::new(self.game_clone(py)?))
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        Ok(PyPosition::new(self.game_clone(py)?))
    }

    /// Pickle support: the start text, then the moves as state, packed as 16-bit move
    /// codes (two bytes a move). Loading checks every move again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (start, codes) = {
            let game = self.game(py)?;
            let codes: Vec<u8> = game
                .moves()
                .iter()
                .flat_map(|m| m.code().to_le_bytes())
                .collect();
            (game.start().text(), codes)
        };
        PyTuple::new(
            py,
            [
                py.get_type::<PyPosition>().into_any(),
                PyTuple::new(py, [start])?.into_any(),
                PyBytes::new(py, &codes).into_any(),
            ],
        )
    }

    /// The moves as packed codes (see `__reduce__`) or, from older pickles, move texts.
    fn __setstate__(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let moves: Vec<yono::Move> = if let Ok(bytes) = state.cast::<PyBytes>() {
            let bytes = bytes.as_bytes();
            if bytes.len() % 2 != 0 {
                return Err(PyValueError::new_err(
                    "corrupt Position pickle: odd move bytes",
                ));
            }
            bytes
                .chunks_exact(2)
                .map(|c| {
                    let code = u16::from_le_bytes([c[0], c[1]]);
                    yono::Move::from_code(code).ok_or_else(|| {
                        PyValueError::new_err(format!("corrupt Position pickle: move code {code}"))
                    })
                })
                .collect::<PyResult<_>>()?
        } else {
            let texts: Vec<String> = state.extract()?;
            texts
                .iter()
                .map(|t| yono::Move::from_usi(t).map_err(|e| move_err(py, e.into())))
                .collect::<PyResult<_>>()?
        };
        let mut restored = Game::from_position(self.game(py)?.start().clone());
        for mv in moves {
            restored.play(mv).map_err(|e| move_err(py, e))?;
        }
        *self.game_mut(py)? = restored;
        Ok(())
    }
}

// ---- series ---------------------------------------------------------------------------

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
            PyValueError::new_err(format!(
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
        self.series
            .add(core)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Adds a finished game (a Position whose game is over); ValueError if it is not.
    fn add_game(&mut self, py: Python<'_>, position: &Bound<'_, PyPosition>) -> PyResult<()> {
        let game = position.get().game(py)?;
        self.series
            .add_game(&game)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The total score of `seat`.
    fn total(&self, seat: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.series.total(seat_arg(seat)?))
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

// ---- SVG and game records ------------------------------------------------------------

/// `SvgOptions` from the Python arguments of `svg`.
fn svg_options(
    py: Python<'_>,
    lastmove: Option<&Bound<'_, PyAny>>,
    highlight: Option<&Bound<'_, PyAny>>,
    size: Option<&Bound<'_, PyAny>>,
    threats: bool,
    zones: Option<&Bound<'_, PyAny>>,
) -> PyResult<yono::svg::SvgOptions> {
    let size: u32 = match size {
        None => 640,
        Some(s) => ints::int_arg(s, "size", "0 to 2**32 - 1")?,
    };
    let mut opts = yono::svg::SvgOptions::default()
        .with_size(size)
        .with_threats(threats);
    if let Some(mv) = lastmove.filter(|m| !m.is_none()) {
        opts.last_move = Some(move_arg(py, mv)?);
    }
    if let Some(squares) = highlight.filter(|h| !h.is_none()) {
        // One square (a Square, its name or its index) or an iterable of them.
        if squares.is_instance_of::<PyString>()
            || squares.is_instance_of::<PySquare>()
            || squares.is_instance_of::<PyInt>()
        {
            opts.highlight.push(square_arg(squares)?);
        } else {
            for sq in squares.try_iter()? {
                opts.highlight.push(square_arg(&sq?)?);
            }
        }
    }
    if let Some(seat) = zones.filter(|z| !z.is_none()) {
        opts.zones_for = Some(seat_arg(seat)?);
    }
    Ok(opts)
}

/// An SVG diagram (a string) of `position`: the board with coordinates, each seat's
/// pieces in its colour pointing forward, reserves beside each side, the seat to move,
/// checkmated seats with their scores. `lastmove` (a Move or move text) is shaded,
/// `highlight` (squares) too; `threats` marks threatened Kings with arrows from their
/// attackers; `zones` (a seat) overlays that seat's drop and promotion zones; `size`
/// is the width and height in pixels (0: scalable). For GUIs (docs/GUI.md):
/// `orientation` (the seat at the bottom), `selected` (a square), `destinations`
/// (squares), `check` (squares), `selected_reserve` ((seat, kind)), `text_as_paths`
/// (letters as paths, for renderers without text).
#[pyfunction]
#[pyo3(signature = (position, lastmove = None, highlight = None, size = None, threats = true, zones = None, **gui))]
#[allow(clippy::too_many_arguments)]
fn svg(
    py: Python<'_>,
    position: &Bound<'_, PyPosition>,
    lastmove: Option<&Bound<'_, PyAny>>,
    highlight: Option<&Bound<'_, PyAny>>,
    size: Option<&Bound<'_, PyAny>>,
    threats: bool,
    zones: Option<&Bound<'_, PyAny>>,
    gui: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    position
        .get()
        .svg(py, lastmove, highlight, size, threats, zones, gui)
}

fn record_err(py: Python<'_>, e: yono::RecordError) -> PyErr {
    let err = RecordError::new_err(e.to_string());
    let value = err.value(py);
    let _ = value.setattr("code", e.code());
    let _ = value.setattr("ply", e.ply());
    let _ = value.setattr("line", e.line());
    err
}

/// A pickled `Game`: start text, move codes, metadata pairs, per-move comments.
type GameState = (String, Vec<u8>, Vec<(String, String)>, Vec<Option<String>>);

/// A whole game with metadata and comments, saved and loaded as a game record (a
/// readable move list, or JSON; see docs/RECORDS.md).
///
/// `Game()` starts at the Yo[n]o start; `Game(position)` takes a Position's start and
/// move stack; `Game(ruleset="shogi")` starts a Shogi game. `Game.load(text)` reads a
/// record (text or JSON, detected) and replays every move: a bad one raises RecordError
/// with `e.ply`. `game.save()` writes the text form, `game.save("json")` JSON;
/// `Game.load(game.save()) == game`.
#[pyclass(name = "Game", module = "yono")]
#[derive(Clone)]
pub struct PyGame {
    rec: GameRecord,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (position = None, *, ruleset = None))]
    fn py_new(
        py: Python<'_>,
        position: Option<&Bound<'_, PyPosition>>,
        ruleset: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let ruleset = ruleset.map(ruleset_arg).transpose()?;
        let game = match (position, ruleset) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "give a position or a ruleset, not both",
                ))
            }
            (Some(p), None) => p.get().game_clone(py)?,
            (None, r) => Game::new(r.unwrap_or(yono::Ruleset::Yono)),
        };
        Ok(PyGame {
            rec: GameRecord::from_game(game),
        })
    }

    /// Reads a game record: the text form, or JSON when the text starts with "{".
    /// Every move is replayed; raises RecordError (with code, ply, line).
    #[classmethod]
    fn load(_cls: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<PyGame> {
        let rec = if text.trim_start().starts_with('{') {
            GameRecord::from_json(text)
        } else {
            GameRecord::from_text(text)
        };
        rec.map(|rec| PyGame { rec }).map_err(|e| record_err(py, e))
    }

    /// The record as text: "text" (the readable move list, default) or "json".
    #[pyo3(signature = (format = "text"))]
    fn save(&self, format: &str) -> PyResult<String> {
        match format {
            "text" => Ok(self.rec.to_text()),
            "json" => Ok(self.rec.to_json()),
            other => Err(PyValueError::new_err(format!(
                "unknown record format {other:?} (expected \"text\" or \"json\")"
            ))),
        }
    }

    /// The metadata: {key: value} (a copy).
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in self.rec.metadata() {
            dict.set_item(k, v)?;
        }
        Ok(dict)
    }

    /// One metadata value, or None.
    fn meta(&self, key: &str) -> Option<String> {
        self.rec.meta(key).map(str::to_string)
    }

    /// Sets a metadata value (e.g. "event", "date", "south"); RecordError for a bad key
    /// or value (keys: lower-case letters, digits, _ and -; values: one line).
    fn set_meta(&mut self, py: Python<'_>, key: &str, value: &str) -> PyResult<()> {
        self.rec.set_meta(key, value).map_err(|e| record_err(py, e))
    }

    /// Removes a metadata value and returns it (None if absent).
    fn remove_meta(&mut self, key: &str) -> Option<String> {
        self.rec.remove_meta(key)
    }

    /// The moves, oldest first.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.rec.moves())
    }

    /// The comment of each move (None where there is none), oldest first.
    #[getter]
    fn comments(&self) -> Vec<Option<String>> {
        (1..=self.rec.moves().len())
            .map(|ply| self.rec.comment(ply).map(str::to_string))
            .collect()
    }

    /// The comment on move `ply` (from 1), or None.
    fn comment(&self, ply: usize) -> Option<String> {
        self.rec.comment(ply).map(str::to_string)
    }

    /// Sets the comment on move `ply` (from 1); "" removes it. RecordError otherwise.
    fn set_comment(&mut self, py: Python<'_>, ply: usize, comment: &str) -> PyResult<()> {
        self.rec
            .set_comment(ply, comment)
            .map_err(|e| record_err(py, e))
    }

    /// Plays a move (a Move or move text) with an optional comment; IllegalMoveError
    /// if it is not legal.
    #[pyo3(signature = (r#move, comment = None))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        comment: Option<&str>,
    ) -> PyResult<()> {
        let mv = move_arg(py, r#move)?;
        match self.rec.play(mv, comment) {
            Ok(()) => Ok(()),
            Err(yono::RecordError::BadMove {
                problem: yono::MoveProblem::Move(e),
                ..
            }) => Err(move_err(py, e)),
            Err(e) => Err(record_err(py, e)),
        }
    }

    /// Takes back the last move (and its comment) and returns it; IndexError if none.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let mv = self
            .rec
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a game without moves"))?;
        move_obj(py, mv)
    }

    /// The current position, with the game's moves as its move stack (a copy).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::new(self.rec.game().clone())
    }

    /// The start position (a copy).
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::new(Game::from_position(self.rec.start().clone()))
    }

    /// The status: ONGOING, WON or DRAWN_BY_REPETITION.
    fn status(&self) -> PyStatus {
        PyStatus::of(self.rec.game().status())
    }

    /// The winner once the game is won, else None.
    fn winner(&self) -> Option<PySeat> {
        match self.rec.game().status() {
            yono::Status::Won(s) => Some(PySeat::of(s)),
            _ => None,
        }
    }

    /// Scores by seat index [South, West, North, East]; None while undecided.
    fn scores(&self) -> [Option<u8>; 4] {
        self.rec.game().scores().into()
    }

    fn __len__(&self) -> usize {
        self.rec.moves().len()
    }

    fn __eq__(&self, other: PyRef<'_, PyGame>) -> bool {
        self.rec == other.rec
    }

    fn __repr__(&self) -> String {
        format!(
            "<yono.Game {} moves, {}>",
            self.rec.moves().len(),
            match self.rec.game().status() {
                yono::Status::Ongoing => String::from("ongoing"),
                yono::Status::Won(s) => format!("won by {s}"),
                yono::Status::DrawnByRepetition => String::from("drawn by repetition"),
            }
        )
    }

    /// The diagram of the current position, for Jupyter.
    fn _repr_svg_(&self) -> String {
        let mut opts = yono::svg::SvgOptions::default().with_size(480);
        opts.last_move = self.rec.game().moves().last().copied();
        self.rec.game().position().svg(&opts)
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickle support, so a game comes back from a `multiprocessing` worker: the start
    /// text, the moves as 16-bit codes (as for Position), the metadata and the
    /// comments; loading checks every move and every metadata entry again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let codes: Vec<u8> = self
            .rec
            .moves()
            .iter()
            .flat_map(|m| m.code().to_le_bytes())
            .collect();
        let meta: Vec<(String, String)> = self
            .rec
            .metadata()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let comments = self.comments();
        let state = (
            self.rec.start().text(),
            PyBytes::new(py, &codes),
            meta,
            comments,
        );
        (py.get_type::<PyGame>(), (), state).into_pyobject(py)
    }

    fn __setstate__(&mut self, py: Python<'_>, state: GameState) -> PyResult<()> {
        let (start, codes, meta, comments) = state;
        let restored = PyPosition::new(Game::from_position(position_from_text(py, &start)?));
        restored.__setstate__(py, PyBytes::new(py, &codes).as_any())?;
        let mut rec = GameRecord::from_game(restored.game_clone(py)?);
        for (k, v) in &meta {
            rec.set_meta(k, v).map_err(|e| record_err(py, e))?;
        }
        for (i, c) in comments.iter().enumerate() {
            if let Some(c) = c {
                rec.set_comment(i + 1, c).map_err(|e| record_err(py, e))?;
            }
        }
        self.rec = rec;
        Ok(())
    }
}

// ---- module ---------------------------------------------------------------------------

/// Counts the leaves of the legal-move tree from `position` (`Position.perft`).
/// Every error code the core can report as an exception's `.code` (`yono::ERROR_CODES`).
#[pyfunction]
fn error_codes() -> Vec<&'static str> {
    yono::ERROR_CODES.to_vec()
}

#[pyfunction]
fn perft(
    py: Python<'_>,
    position: &Bound<'_, PyPosition>,
    depth: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    position.get().perft(py, depth)
}

/// The native part of the `yono` package.
#[pymodule]
fn _yono(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PySeat>()?;
    m.add_class::<gui::PyPromotionStatus>()?;
    m.add_class::<gui::PyMoveEffect>()?;
    m.add_function(wrap_pyfunction!(gui::svg_square_rect, m)?)?;
    m.add_function(wrap_pyfunction!(gui::svg_reserve_rect, m)?)?;
    m.add_function(wrap_pyfunction!(gui::svg_hit_test, m)?)?;
    m.add_class::<PyPieceKind>()?;
    m.add_class::<PyRuleset>()?;
    m.add_class::<PyStatus>()?;
    m.add_class::<PySquare>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    fastcall::install(&m.py().get_type::<PyPosition>())?;
    m.add_class::<PySeries>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyAnalysis>()?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(error_codes, m)?)?;
    m.add_function(wrap_pyfunction!(gil::_threads_without_gil, m)?)?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("YONO_START", yono::YONO_START)?;
    m.add("SHOGI_START", yono::SHOGI_START)?;
    m.add("CORE_VERSION", yono::VERSION)?;
    // The package version, from this crate's Cargo version (the wheel's version), so
    // that `import yono` need not load importlib.metadata to learn it.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    ml::register(m)?;
    Ok(())
}
