//! Handles: the opaque C types and the Rust values behind them (the rustls-ffi
//! `Castable` pattern), with a type tag checked on every use.
//!
//! A C handle type is an empty marker struct (so cbindgen declares it opaque); the
//! allocation behind a handle is a [`Tagged`] value: a tag naming the handle type,
//! then the Rust value. Every function reads the tag before it touches the value, so
//! a handle of one type passed where another is expected (a `yono_record *` cast to
//! `yono_game *`) is an error with code "wrong_handle_type" instead of undefined
//! behaviour. Freeing clears the tag, which catches most uses of a freed handle too,
//! though such a use stays undefined (the memory may have been reused).

use super::error::{set_last_error, yono_status, Fail, Res};

/// A C handle type: what it holds and which type it is.
pub(crate) trait Castable {
    /// The Rust value behind the handle.
    type RustType;
    /// The handle type, whose tag starts every live handle of this type.
    const TYPE: HandleType;
}

/// Every handle type, each numbered by its tag: eight ASCII letters, unlikely in other
/// memory. (`yono_search` is one requested search, from yono_engine_start().)
#[repr(u64)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum HandleType {
    Game = tag(b"yonoGAME"),
    Record = tag(b"yonoRECD"),
    Engine = tag(b"yonoENGN"),
    Search = tag(b"yonoSRCH"),
}

impl HandleType {
    const ALL: [HandleType; 4] = [HandleType::Game, HandleType::Record, HandleType::Engine, HandleType::Search];

    /// The C name, for messages.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            HandleType::Game => "yono_game",
            HandleType::Record => "yono_record",
            HandleType::Engine => "yono_engine",
            HandleType::Search => "yono_search",
        }
    }
}

/// The tag written over a handle's tag when it is freed.
const FREED: u64 = tag(b"yonoFREE");

const fn tag(name: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*name)
}

/// The allocation behind a handle: the tag first, at a fixed offset.
#[repr(C)]
struct Tagged<T> {
    tag: u64,
    value: T,
}

/// Checks that `p` is a live handle of type `C`, and gives the allocation behind it.
/// (Inlined: a NULL check and one compare on every call; the error is built apart.)
///
/// # Safety
/// `p` is NULL or a live handle made by this library (of any handle type).
#[inline(always)]
unsafe fn tagged<C: Castable>(p: *const C) -> Res<*mut Tagged<C::RustType>> {
    let tag = p.cast::<u64>();
    // SAFETY: every handle of this library starts with a u64 tag (see `Tagged`).
    if !tag.is_null() && unsafe { tag.read() } == C::TYPE as u64 {
        return Ok(p.cast_mut().cast());
    }
    // SAFETY: as above.
    Err(unsafe { not_a_handle(tag, C::TYPE) })
}

/// Why `tag` is not the start of a live handle of type `expected`.
///
/// # Safety
/// As [`tagged`].
#[cold]
#[inline(never)]
unsafe fn not_a_handle(tag: *const u64, expected: HandleType) -> Fail {
    let name = expected.name();
    if tag.is_null() {
        return Fail::null(&format!("the {name} handle"));
    }
    // SAFETY: per the contract.
    let found = unsafe { tag.read() };
    let message = match HandleType::ALL.iter().find(|t| **t as u64 == found) {
        Some(other) => format!("a {} handle was passed as a {name}", other.name()),
        None if found == FREED => format!("a freed handle was passed as a live {name}"),
        None => format!("the pointer passed as a {name} is no handle of this library"),
    };
    Fail::new(yono_status::YONO_STATUS_INVALID_ARGUMENT, "wrong_handle_type", message)
}

/// The value behind a const handle.
///
/// # Safety
/// `p` is NULL or a live handle of this library, not changed during `'a`.
pub(crate) unsafe fn try_ref<'a, C: Castable>(p: *const C) -> Res<&'a C::RustType> {
    // SAFETY: a live handle of type C, per the checks and the contract.
    unsafe { tagged(p).map(|t| &(*t).value) }
}

/// The value behind a non-const handle.
///
/// # Safety
/// `p` is NULL or a live handle of this library, used by no one else during `'a`.
pub(crate) unsafe fn try_mut<'a, C: Castable>(p: *mut C) -> Res<&'a mut C::RustType> {
    // SAFETY: a live handle of type C, per the checks and the contract.
    unsafe { tagged(p).map(|t| &mut (*t).value) }
}

/// A new handle owning `value`; the caller frees it with [`free_handle`].
pub(crate) fn into_handle<C: Castable>(value: C::RustType) -> *mut C {
    Box::into_raw(Box::new(Tagged {
        tag: C::TYPE as u64,
        value,
    }))
    .cast()
}

/// Stores a new handle in `*out`: NULL first (so that `*out` is NULL on every error),
/// then the handle of what `make` gives.
///
/// # Safety
/// `out` is NULL or writable.
pub(crate) unsafe fn make_handle<C: Castable>(out: *mut *mut C, make: impl FnOnce() -> Res<C::RustType>) -> Res {
    // SAFETY: NULL or writable, per the contract.
    let out = unsafe { out.as_mut() }.ok_or_else(|| Fail::null("out"))?;
    *out = std::ptr::null_mut();
    *out = into_handle(make()?);
    Ok(())
}

/// Frees a handle; NULL does nothing, and so does a handle of another type (with the
/// last error set, since a free function has no status to return).
///
/// # Safety
/// `p` is NULL or a live handle of this library that is not used again.
pub(crate) unsafe fn free_handle<C: Castable>(p: *mut C) {
    super::guard_value((), || {
        if p.is_null() {
            return;
        }
        // SAFETY: NULL or a live handle, per the contract.
        match unsafe { tagged(p) } {
            Ok(t) => {
                // SAFETY: made by `into_handle` (the tag says so), freed once.
                unsafe {
                    (*t).tag = FREED;
                    drop(Box::from_raw(t));
                }
            }
            Err(fail) => set_last_error(fail.code, &fail.message),
        }
    })
}
