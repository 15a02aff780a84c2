//! `yono.Square`.

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use crate::conversion::Wrap;

/// A square in USI coordinates as seen from South: file digit 1-9 (1 = East edge),
/// rank letter a-i (a = North edge), e.g. "5e".
///
/// `Square("5e")` or `Square(index)` with index 0-80 (0 = 9a, 8 = 1a, 80 = 1i);
/// `int(sq)` is the index. Wherever a square is expected, the text "5e" or the index is
/// accepted too. The module also has constants `yono.SQ_9A` ... `yono.SQ_1I` and the
/// list `yono.SQUARES` in index order.
#[pyclass(name = "Square", module = "yono", frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PySquare(pub yono::Square);

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
    fn py_new(square: Wrap<yono::Square>) -> PySquare {
        PySquare(square.0)
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
