//! What a board GUI asks between clicks, from Python: moves from a square, drops of a
//! reserve kind, the promotion status of a from-to move, what a move will do
//! (`preview`) or did (`push_described`), the seats that lost, redo, and a snapshot for
//! another thread. A second `#[pymethods]` block on `Position` (pyo3's
//! `multiple-pymethods`), kept apart from lib.rs.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::{
    kind_arg, move_arg, move_err, move_obj, seat_arg, square_arg, PyMove, PyPiece, PyPieceKind,
    PyPosition, PySeat, PySquare, PyStatus,
};

fn squares(obj: &Bound<'_, PyAny>) -> PyResult<Vec<yono::Square>> {
    if obj.is_instance_of::<PyString>() {
        return Ok(vec![square_arg(obj)?]);
    }
    obj.try_iter()?.map(|sq| square_arg(&sq?)).collect()
}

/// The GUI options of `svg(...)` (its `**gui` keywords) onto `opts`.
pub(crate) fn svg_gui_options(
    opts: &mut yono::svg::SvgOptions,
    gui: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let Some(gui) = gui else {
        return Ok(());
    };
    for (key, value) in gui.iter() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        match key.as_str() {
            "orientation" => opts.orientation = seat_arg(&value)?,
            "selected" => opts.selected = Some(square_arg(&value)?),
            "destinations" => opts.destinations = squares(&value)?,
            "check" => opts.check = squares(&value)?,
            "text_as_paths" => opts.text_as_paths = value.is_truthy()?,
            "selected_reserve" => {
                let (seat, kind): (Bound<'_, PyAny>, Bound<'_, PyAny>) = value.extract()?;
                opts.selected_reserve = Some((seat_arg(&seat)?, kind_arg(&kind)?));
            }
            other => {
                return Err(PyTypeError::new_err(format!(
                    "svg() got an unexpected keyword argument {other:?}"
                )))
            }
        }
    }
    Ok(())
}

/// The rectangle (x, y, width, height) of `square` in the SVG's 920 x 920 viewBox,
/// with `orientation` at the bottom (docs/GUI.md, "Geometry").
#[pyfunction]
#[pyo3(signature = (square, orientation = None))]
pub(crate) fn svg_square_rect(
    square: &Bound<'_, PyAny>,
    orientation: Option<&Bound<'_, PyAny>>,
) -> PyResult<(f32, f32, f32, f32)> {
    let bottom = orientation
        .map(seat_arg)
        .transpose()?
        .unwrap_or(yono::Seat::South);
    let r = yono::svg::square_rect(square_arg(square)?, bottom);
    Ok((r.x, r.y, r.width, r.height))
}

/// The rectangle (x, y, width, height) of `seat`'s reserve slot for `kind` in the
/// viewBox; ValueError for a kind that is never held.
#[pyfunction]
#[pyo3(signature = (seat, kind, orientation = None))]
pub(crate) fn svg_reserve_rect(
    seat: &Bound<'_, PyAny>,
    kind: &Bound<'_, PyAny>,
    orientation: Option<&Bound<'_, PyAny>>,
) -> PyResult<(f32, f32, f32, f32)> {
    let bottom = orientation
        .map(seat_arg)
        .transpose()?
        .unwrap_or(yono::Seat::South);
    let r = yono::svg::reserve_rect(seat_arg(seat)?, kind_arg(kind)?, bottom).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err("that kind is never held in a reserve")
    })?;
    Ok((r.x, r.y, r.width, r.height))
}

/// What the viewBox point (x, y) falls on with `orientation` at the bottom: a Square,
/// a (Seat, PieceKind) reserve slot, or None.
#[pyfunction]
#[pyo3(signature = (x, y, orientation = None))]
pub(crate) fn svg_hit_test<'py>(
    py: Python<'py>,
    x: f32,
    y: f32,
    orientation: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let bottom = orientation
        .map(seat_arg)
        .transpose()?
        .unwrap_or(yono::Seat::South);
    Ok(match yono::svg::hit_test(x, y, bottom) {
        Some(yono::svg::Target::Square(sq)) => Some(Bound::new(py, PySquare(sq))?.into_any()),
        Some(yono::svg::Target::Reserve(seat, kind)) => Some(
            (PySeat::of(seat), PyPieceKind::of(kind))
                .into_pyobject(py)?
                .into_any(),
        ),
        None => None,
    })
}

/// Whether a move from one square to another may promote (`Position.promotion_status`).
#[pyclass(
    name = "PromotionStatus",
    module = "yono",
    eq,
    eq_int,
    hash,
    frozen,
    from_py_object
)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PyPromotionStatus {
    /// Only the move without promotion is legal: play it without asking.
    #[pyo3(name = "IMPOSSIBLE")]
    Impossible = 0,
    /// Both are legal: ask the player.
    #[pyo3(name = "OPTIONAL")]
    Optional = 1,
    /// Only the promoting move is legal: play it without asking.
    #[pyo3(name = "COMPULSORY")]
    Compulsory = 2,
}

/// What a move does: returned by `Position.preview(move)` (before playing) and
/// `Position.push_described(move)` (as it is played).
#[pyclass(name = "MoveEffect", module = "yono", frozen, get_all)]
pub struct PyMoveEffect {
    /// The move.
    r#move: Py<PyMove>,
    /// The seat that plays it.
    mover: PySeat,
    /// The piece moved or dropped, before the move (None for a pass).
    piece: Option<PyPiece>,
    /// The piece taken, or None (it joins the mover's reserve unpromoted).
    captured: Option<PyPiece>,
    /// Whether the move promotes.
    promotes: bool,
    /// The seats that lose by this move with their scores, [(Seat, score)]: seats
    /// checkmated and removed (Yo[n]o) and, when the move wins the game, every other
    /// seat (in Shogi the checkmated side, which stays on the board).
    fallen: Vec<(PySeat, u8)>,
    /// The status after the move.
    status: PyStatus,
    /// The winner after the move, or None.
    winner: Option<PySeat>,
    /// The seat to move after the move (see `Position.turn`).
    next_turn: PySeat,
}

#[pymethods]
impl PyMoveEffect {
    fn __repr__(&self) -> String {
        let fallen: Vec<String> = self
            .fallen
            .iter()
            .map(|(s, n)| format!("({}, {n})", s.core().name()))
            .collect();
        format!(
            "MoveEffect(move={}, mover={}, captured={}, promotes={}, fallen=[{}])",
            self.r#move.get().0,
            self.mover.core().name(),
            self.captured
                .as_ref()
                .map_or("None".to_string(), |p| p.0.to_string()),
            if self.promotes { "True" } else { "False" },
            fallen.join(", "),
        )
    }
}

fn effect_obj(py: Python<'_>, e: yono::MoveEffect) -> PyResult<PyMoveEffect> {
    Ok(PyMoveEffect {
        r#move: move_obj(py, e.mv)?.unbind(),
        mover: PySeat::of(e.mover),
        piece: e.piece.map(PyPiece),
        captured: e.captured.map(PyPiece),
        promotes: e.promotes,
        fallen: e.fallen.iter().map(|&(s, n)| (PySeat::of(s), n)).collect(),
        status: match e.status {
            yono::Status::Ongoing => PyStatus::Ongoing,
            yono::Status::Won(_) => PyStatus::Won,
            yono::Status::DrawnByRepetition => PyStatus::DrawnByRepetition,
        },
        winner: match e.status {
            yono::Status::Won(w) => Some(PySeat::of(w)),
            _ => None,
        },
        next_turn: PySeat::of(e.next_turn),
    })
}

#[pymethods]
impl PyPosition {
    /// The legal moves of the piece on `square` (a Square or "5g"), both promotion
    /// choices included; [] for an empty square or another seat's piece.
    fn moves_from<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let from = square_arg(square)?;
        let moves = self.game(py)?.moves_from(from);
        moves.into_iter().map(|m| move_obj(py, m)).collect()
    }

    /// The legal drops of `kind` (a PieceKind or its letter) by the seat to move; their
    /// `to` squares are the drop targets. [] if its reserve holds none.
    fn drops_of<'py>(
        &self,
        py: Python<'py>,
        kind: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let kind = kind_arg(kind)?;
        let moves = self.game(py)?.drops_of(kind);
        moves.into_iter().map(|m| move_obj(py, m)).collect()
    }

    /// Whether the move from `from_square` to `to_square` may promote:
    /// PromotionStatus.IMPOSSIBLE / OPTIONAL (ask the player) / COMPULSORY, or None
    /// when no legal move goes there.
    fn promotion_status(
        &self,
        py: Python<'_>,
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<PyPromotionStatus>> {
        let (from, to) = (square_arg(from_square)?, square_arg(to_square)?);
        let status = self.game(py)?.promotion_status(from, to);
        Ok(status.map(|p| match p {
            yono::PromotionStatus::Impossible => PyPromotionStatus::Impossible,
            yono::PromotionStatus::Optional => PyPromotionStatus::Optional,
            yono::PromotionStatus::Compulsory => PyPromotionStatus::Compulsory,
        }))
    }

    /// What `move` (a Move or move text) would do, without playing it: a MoveEffect.
    /// IllegalMoveError as `push` would raise.
    fn preview(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyMoveEffect> {
        let mv = move_arg(py, r#move)?;
        let effect = self.game(py)?.preview(mv);
        effect_obj(py, effect.map_err(|e| move_err(py, e))?)
    }

    /// Plays `move` like `push` and returns what it did (a MoveEffect).
    fn push_described(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyMoveEffect> {
        let mv = move_arg(py, r#move)?;
        let effect = self.game_mut(py)?.play_described(mv);
        effect_obj(py, effect.map_err(|e| move_err(py, e))?)
    }

    /// Plays again the last move taken back by `pop` and returns it; IndexError when
    /// there is none (nothing popped, or another move pushed since).
    fn redo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let redone = self.game_mut(py)?.redo();
        let mv =
            redone.ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("nothing to redo"))?;
        move_obj(py, mv)
    }

    /// The moves `redo` would play, the next one last.
    #[getter]
    fn redo_stack<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyMove>>> {
        let moves = self.game(py)?.redo_moves().to_vec();
        moves.into_iter().map(|m| move_obj(py, m)).collect()
    }

    /// The seats that have lost, in turn order: checkmated and removed, and once the
    /// game is won every seat but the winner (in Shogi the checkmated side, which is
    /// never removed and so stays in `seats`).
    #[getter]
    fn lost_seats(&self, py: Python<'_>) -> PyResult<Vec<PySeat>> {
        let lost = self.game(py)?.lost_seats();
        Ok(lost.iter().map(PySeat::of).collect())
    }

    /// An independent copy (history included) for another thread: the pattern for a
    /// GUI is that the thread that plays takes a snapshot after each move and hands it
    /// over; the reader then needs no lock. (The same as `copy()`.)
    fn snapshot(&self, py: Python<'_>) -> PyResult<PyPosition> {
        Ok(PyPosition::new(self.game_clone(py)?))
    }
}
