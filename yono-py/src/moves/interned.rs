//! Interned `Move` objects. Moves are immutable values, so one object per move serves
//! every list: building a list of legal moves then costs a reference count per move
//! instead of an allocation.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use super::PyMove;

/// Slots of the cache: every board move (from, to, promote), every drop, pass.
pub(crate) const MOVE_SLOTS: usize = 81 * 81 * 2 + 7 * 81 + 1;
// The listed-moves table (src/game/listed.rs) keeps slots plus one in a u16.
const _: () = assert!(MOVE_SLOTS < u16::MAX as usize);

static MOVE_CACHE: PyOnceLock<Box<[PyOnceLock<Py<PyMove>>]>> = PyOnceLock::new();

/// The slot of `mv`: one to one over board moves, held kinds' drops and pass. (A drop
/// of a kind that is never held would share a Rook drop's slot, but no such Move can
/// be made from Python: `Move.drop`, move text and move codes all refuse it.)
pub(crate) fn move_slot(mv: yono::Move) -> usize {
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
pub(crate) fn move_obj(py: Python<'_>, mv: yono::Move) -> PyResult<Bound<'_, PyMove>> {
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
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: &[yono::Move],
) -> PyResult<Bound<'py, PyList>> {
    let objs = moves
        .iter()
        .map(|&m| move_obj(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objs)
}

/// Python objects for a sequence of moves, as a Vec.
pub(crate) fn move_vec<'py>(
    py: Python<'py>,
    moves: &[yono::Move],
) -> PyResult<Vec<Bound<'py, PyMove>>> {
    moves.iter().map(|&m| move_obj(py, m)).collect()
}
