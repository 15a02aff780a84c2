//! [`GilCell`]: the cell a `Game` keeps its state in.

use std::cell::{Ref, RefCell, RefMut};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// A `RefCell` that may live in a `frozen` pyclass shared between threads: it is only
/// reached with the `Python` token, so the GIL orders every access. A conflicting
/// borrow (a call on a Game from inside another call on it, e.g. from a finalizer)
/// raises RuntimeError instead of panicking.
pub(crate) struct GilCell<T>(RefCell<T>);

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
    pub(crate) fn new(value: T) -> GilCell<T> {
        GilCell(RefCell::new(value))
    }

    pub(crate) fn get(&self, _py: Python<'_>) -> PyResult<Ref<'_, T>> {
        self.0.try_borrow().map_err(|_| in_use())
    }

    pub(crate) fn get_mut(&self, _py: Python<'_>) -> PyResult<RefMut<'_, T>> {
        self.0.try_borrow_mut().map_err(|_| in_use())
    }
}

fn in_use() -> PyErr {
    PyRuntimeError::new_err("the Game is in use by a call that has not returned")
}
