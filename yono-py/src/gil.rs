//! The one way the bindings run Rust without the GIL.
//!
//! Every long call (playouts, perft, the engine's search, `VectorEnv.step`) goes
//! through [`without_gil`], which also counts the threads that are inside such a call
//! right now. `yono._yono._threads_without_gil()` reads the count, so a test can prove
//! that a call released the GIL without timing anything: a second Python thread (which
//! needs the GIL to run at all) sees the count above zero only while the first thread
//! is inside Rust with the GIL released.

use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;

static THREADS_WITHOUT_GIL: AtomicUsize = AtomicUsize::new(0);

/// Decrements the count when the call ends, panicking or not.
struct Inside;

impl Drop for Inside {
    fn drop(&mut self) {
        THREADS_WITHOUT_GIL.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `f` with the GIL released (pyo3's `Python::detach`, whose `Ungil` bound is
/// `Send` on stable Rust), counted.
pub(crate) fn without_gil<T, F>(py: Python<'_>, f: F) -> T
where
    F: Send + FnOnce() -> T,
    T: Send,
{
    py.detach(|| {
        THREADS_WITHOUT_GIL.fetch_add(1, Ordering::SeqCst);
        let _inside = Inside;
        f()
    })
}

/// How many threads are inside a yono call that released the GIL, now.
#[pyfunction]
pub(crate) fn _threads_without_gil() -> usize {
    THREADS_WITHOUT_GIL.load(Ordering::SeqCst)
}
