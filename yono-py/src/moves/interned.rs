//! Interned `Move` objects. Moves are immutable values, so one object per move serves
//! every list: building a list of legal moves then costs a reference count per move
//! instead of an allocation.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use super::PyMove;

/// Slots of the cache: one per move index (`yono::Move::index`, the core's dense index).
pub(crate) const MOVE_SLOTS: usize = yono::Move::INDEX_COUNT;

static MOVE_CACHE: PyOnceLock<Box<[PyOnceLock<Py<PyMove>>]>> = PyOnceLock::new();

/// The (interned) Python object for `mv`.
pub(crate) fn move_obj(py: Python<'_>, mv: yono::Move) -> PyResult<Bound<'_, PyMove>> {
    let cache = MOVE_CACHE.get_or_init(py, || (0..MOVE_SLOTS).map(|_| PyOnceLock::new()).collect());
    // A drop of a kind never held would share a Rook drop's index, but no such Move can
    // be made from Python: `Move.drop`, move text and move codes all refuse it.
    let Some(slot) = cache.get(mv.index()) else {
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
