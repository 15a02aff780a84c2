//! Versioned structs: a struct whose first field is its size (`size` or
//! `struct_size`, sizeof the struct as the caller compiled it), so that it can grow.
//!
//! The size must be one this library knows: the size of one of the struct's published
//! versions. Anything else is INVALID_ARGUMENT with code "unknown_struct_size" (a slip
//! such as `l->size = sizeof l`, the size of a pointer, must not silently drop every
//! field past the size). A known older size reads that version's fields and leaves the
//! newer ones at their defaults; the library writes only the caller's size.

use super::error::{Fail, Res};

/// A struct whose first field is a `size_t` holding its size: implemented by
/// [`versioned!`], which checks that at compile time.
///
/// # Safety
/// Implementors are `#[repr(C)]` with a `usize` as their first field.
pub(crate) unsafe trait Versioned: Copy {
    /// The C name, for messages.
    const NAME: &'static str;
    /// The sizes of its published versions, oldest first; the last is the current
    /// `size_of::<Self>()` (checked by `versions_are_ordered` in the tests).
    const SIZES: &'static [usize];
}

/// `size`, checked: the size of a published version of `T`.
pub(crate) fn check_size<T: Versioned>(size: usize, what: &str) -> Res<usize> {
    if T::SIZES.contains(&size) {
        return Ok(size);
    }
    Err(Fail::invalid(format!(
        "{what}: size {size} is not sizeof({}) of any version this library knows ({:?}): \
         set it to sizeof({0}) (the size of the struct, not of a pointer to it)",
        T::NAME,
        T::SIZES
    )))
}

/// The size field of the caller's struct at `p` (which must not be NULL), checked.
///
/// # Safety
/// `p` is NULL or points to a readable `usize`.
pub(crate) unsafe fn struct_size<T: Versioned>(p: *const T, what: &str) -> Res<usize> {
    if p.is_null() {
        return Err(Fail::null(what));
    }
    // SAFETY: a readable size field first, per the contract (read unaligned: the caller
    // may have cast any memory).
    check_size::<T>(unsafe { p.cast::<usize>().read_unaligned() }, what)
}

/// The caller's struct over `defaults`: the fields its (checked) size covers are the
/// caller's, the rest keep their defaults.
///
/// # Safety
/// `p` is NULL or points to a struct of its stated size.
pub(crate) unsafe fn read_versioned<T: Versioned>(p: *const T, defaults: T, what: &str) -> Res<T> {
    // SAFETY: per the contract.
    let size = unsafe { struct_size(p, what) }?;
    let mut out = defaults;
    // SAFETY: the caller's struct has `size <= size_of::<T>()` readable bytes (SIZES
    // holds no larger size), `out` as many writable ones, and they do not overlap.
    unsafe { std::ptr::copy_nonoverlapping(p.cast::<u8>(), (&mut out as *mut T).cast::<u8>(), size) };
    Ok(out)
}

/// Writes the first `size` bytes of `value` (a size from [`struct_size`]) to the
/// caller's struct at `p`.
///
/// # Safety
/// `p` points to a writable struct of `size` bytes, a size [`struct_size`] accepted.
pub(crate) unsafe fn write_versioned<T: Versioned>(p: *mut T, value: &T, size: usize) {
    debug_assert!(T::SIZES.contains(&size));
    // SAFETY: per the contract; `value` has size_of::<T>() >= size readable bytes.
    unsafe { std::ptr::copy_nonoverlapping((value as *const T).cast::<u8>(), p.cast::<u8>(), size) };
}

/// Declares a `#[repr(C)]` struct versioned: `versioned!(yono_search_limits, size)`
/// names its size field (checked to be a `usize` at offset 0); older published sizes,
/// oldest first, may follow (`versioned!(s, size, 24, 32)`), the current size is last.
macro_rules! versioned {
    ($name:ident, $size:ident $(, $older:expr)*) => {
        const _: () = assert!(std::mem::offset_of!($name, $size) == 0);
        const _: fn(&$name) -> usize = |s| s.$size;
        // SAFETY: the size field is a usize at offset 0 (checked above), and the structs
        // this macro is given are #[repr(C)] (their C declarations are the header's).
        unsafe impl $crate::boundary::Versioned for $name {
            const NAME: &'static str = stringify!($name);
            const SIZES: &'static [usize] = &[$($older,)* std::mem::size_of::<$name>()];
        }
    };
}
pub(crate) use versioned;
