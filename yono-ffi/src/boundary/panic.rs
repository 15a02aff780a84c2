//! The panic boundary: every exported function runs its body inside [`guard`] (the
//! functions that return a status) or [`guard_value`] (the few that return a value),
//! so no unwinding ever reaches C and every call starts by clearing the last error.
//! (rustls-ffi writes the same as a macro, `ffi_panic_boundary!`; a function taking a
//! closure lets the body use `?` on [`Res`].)

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::error::{clear_last_error, set_last_error, yono_status, Res};

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        String::from("unknown panic")
    }
}

fn record_panic(payload: &(dyn std::any::Any + Send)) {
    set_last_error("internal_error", &format!("internal error: {}", panic_message(payload)));
}

/// The boundary around every function that returns a status: clears the last error,
/// runs `f`, records its error (or a caught panic) and returns the status.
pub(crate) fn guard(f: impl FnOnce() -> Res) -> yono_status {
    clear_last_error();
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => yono_status::YONO_STATUS_OK,
        Ok(Err(fail)) => {
            set_last_error(fail.code, &fail.message);
            fail.status
        }
        Err(payload) => {
            record_panic(&*payload);
            yono_status::YONO_STATUS_INTERNAL_ERROR
        }
    }
}

/// The boundary around a function that returns a value instead of a status: clears
/// the last error, runs `f`, and gives `fallback` (with an internal error recorded)
/// if it panics.
pub(crate) fn guard_value<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    clear_last_error();
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        record_panic(&*payload);
        fallback
    })
}

/// Exercises the panic boundary: panics inside the library, which is caught and
/// reported as YONO_STATUS_INTERNAL_ERROR with code "internal_error". It always
/// returns that; it exists so that callers and tests can check their handling of
/// internal errors. (The panic message may also be printed on stderr.)
/// Test-only: exported by builds with the "selftest" feature, and not declared in
/// yono.h (tests declare it themselves).
#[must_use]
#[cfg(any(test, feature = "selftest"))]
#[no_mangle]
pub extern "C" fn yono_selftest_internal_error() -> yono_status {
    guard(|| panic!("yono_selftest_internal_error: deliberate panic"))
}
