//! The boundary between C and Rust, the only place with the unsafe plumbing every
//! function shares: the panic guard, statuses and the last error, handles and their
//! type tags, caller buffers, versioned structs. The handle modules above it hold no
//! pointer logic of their own.

mod buffer;
mod error;
mod handle;
mod panic;
mod sized;

pub(crate) use buffer::{array_arg, opt_text_arg, out_mut, store_if, text_arg, write_array, write_text};
#[cfg(test)]
pub(crate) use error::{clear_last_error, code_cstr, code_number, codes, set_last_error, FFI_CODES};
pub use error::{
    yono_error_code, yono_error_code_name, yono_last_error_code, yono_last_error_code_number, yono_last_error_message, yono_status,
    yono_status_name,
};
pub(crate) use error::{Fail, Res};
pub(crate) use handle::{free_handle, into_handle, make_handle, try_mut, try_ref, Castable, HandleType};
#[cfg(any(test, feature = "selftest"))]
pub use panic::yono_selftest_internal_error;
pub(crate) use panic::{guard, guard_value};
pub(crate) use sized::{check_size, read_versioned, struct_size, versioned, write_versioned, Versioned};

/// Runs a query on a const handle and stores its answer in `*out`: the shape of most
/// reading functions (`yono_game_turn(game, &seat)`).
///
/// # Safety
/// `handle` is NULL or a live handle; `out` is NULL or writable.
pub(crate) unsafe fn query<'a, C: Castable + 'a, T>(
    handle: *const C,
    out: *mut T,
    f: impl FnOnce(&'a C::RustType) -> Res<T>,
) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let (value, out) = unsafe { (try_ref(handle)?, out_mut(out, "out")?) };
        *out = f(value)?;
        Ok(())
    })
}

/// Runs a query on a const handle and stores its answer in `*out`, a versioned struct
/// whose size the caller sets: `f` makes the answer for that size. The handle is
/// checked first, then the size; on error `*out` is unchanged.
///
/// # Safety
/// `handle` is NULL or a live handle; `out` is NULL or a struct with its size first,
/// writable for the size it states.
pub(crate) unsafe fn query_versioned<'a, C: Castable + 'a, T: Versioned>(
    handle: *const C,
    out: *mut T,
    f: impl FnOnce(&'a C::RustType, usize) -> Res<T>,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let value = unsafe { try_ref(handle) }?;
        // SAFETY: NULL or a struct with its size first, per the contract.
        let size = unsafe { struct_size(out, "out") }?;
        let answer = f(value, size)?;
        // SAFETY: `out` is writable for the size it states, per the contract.
        unsafe { write_versioned(out, &answer, size) };
        Ok(())
    })
}

/// Runs a query on a const handle that answers with text, written into a caller buffer
/// with the buffer rules.
///
/// # Safety
/// `handle` is NULL or a live handle; `buf` and `needed` as in [`write_text`].
pub(crate) unsafe fn query_text<'a, C: Castable + 'a, S: AsRef<str>>(
    handle: *const C,
    buf: *mut std::ffi::c_char,
    buf_len: usize,
    needed: *mut usize,
    f: impl FnOnce(&'a C::RustType) -> Res<S>,
) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let text = f(unsafe { try_ref(handle) }?)?;
        // SAFETY: per the contract.
        unsafe { write_text(text.as_ref(), buf, buf_len, needed) }
    })
}
