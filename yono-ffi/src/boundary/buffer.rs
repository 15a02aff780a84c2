//! Caller memory: C strings in, output pointers, and the caller buffers and arrays the
//! library writes into (the size-query rules of the header's introduction), once.

use std::ffi::{c_char, CStr};

use super::error::{yono_status, Fail, Res};

/// A writable output, which must not be NULL.
///
/// # Safety
/// `p` is NULL or writable memory for a `T`.
pub(crate) unsafe fn out_mut<'a, T>(p: *mut T, what: &str) -> Res<&'a mut T> {
    // SAFETY: NULL or writable, per the contract.
    unsafe { p.as_mut() }.ok_or_else(|| Fail::null(what))
}

/// Stores `value` in `*p` unless `p` is NULL (an output the caller may decline).
///
/// # Safety
/// `p` is NULL or writable memory for a `T`.
pub(crate) unsafe fn store_if<T>(p: *mut T, value: T) {
    // SAFETY: NULL or writable, per the contract.
    if let Some(p) = unsafe { p.as_mut() } {
        *p = value;
    }
}

/// A NUL-terminated UTF-8 string argument, which must not be NULL.
///
/// # Safety
/// `p` is NULL or a NUL-terminated string.
pub(crate) unsafe fn text_arg<'a>(p: *const c_char, what: &str) -> Res<&'a str> {
    // SAFETY: NULL or NUL-terminated, per the contract.
    unsafe { opt_text_arg(p, what) }?.ok_or_else(|| Fail::null(what))
}

/// A string argument that may be NULL.
///
/// # Safety
/// `p` is NULL or a NUL-terminated string.
pub(crate) unsafe fn opt_text_arg<'a>(p: *const c_char, what: &str) -> Res<Option<&'a str>> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: NUL-terminated, per the contract.
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes.to_str().map(Some).map_err(|e| {
        Fail::new(
            yono_status::YONO_STATUS_INVALID_UTF8,
            "invalid_utf8",
            format!("{what} is not valid UTF-8 (bad byte at offset {})", e.valid_up_to()),
        )
    })
}

/// A caller array of `count` elements (NULL allowed when count is 0), at most `max`.
///
/// # Safety
/// `ptr` points to `count` readable elements when `count` is not 0.
pub(crate) unsafe fn array_arg<'a, T>(ptr: *const T, count: usize, max: usize, what: &str) -> Res<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Fail::null(&format!("{what} (with a nonzero count)")));
    }
    if count > max {
        return Err(Fail::invalid(format!("{what} count {count} is more than {max}")));
    }
    // SAFETY: ptr points to count readable elements, per the contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// The size rules of every caller buffer and array: `(NULL, 0, &needed)` asks for the
/// size; otherwise `*needed` (when not NULL) receives it and a smaller capacity is
/// BUFFER_TOO_SMALL. Returns whether to write (`false` for a size query).
///
/// # Safety
/// `needed` is NULL or writable.
unsafe fn reserve<T>(need: usize, buf: *mut T, capacity: usize, needed: *mut usize, unit: &str) -> Res<bool> {
    if buf.is_null() {
        if capacity != 0 {
            return Err(Fail::null("the buffer (with a nonzero capacity)"));
        }
        // SAFETY: NULL or writable, per the contract.
        *unsafe { out_mut(needed, "needed (for a size query)") }? = need;
        return Ok(false);
    }
    // SAFETY: NULL or writable, per the contract.
    unsafe { store_if(needed, need) };
    if capacity < need {
        return Err(Fail::too_small(format!(
            "buffer of {capacity} {unit} is too small: {need} {unit} needed"
        )));
    }
    Ok(true)
}

/// Writes `text` and its NUL into a caller buffer, following the buffer rules in the
/// header's introduction (a buffer too small is set to "").
///
/// # Safety
/// `buf` is NULL or has `len` writable bytes; `needed` is NULL or writable.
pub(crate) unsafe fn write_text(text: &str, buf: *mut c_char, len: usize, needed: *mut usize) -> Res {
    // SAFETY: per the contract.
    let write = unsafe { reserve(text.len() + 1, buf, len, needed, "bytes") }.inspect_err(|_| {
        if !buf.is_null() && len > 0 {
            // SAFETY: buf has at least one writable byte.
            unsafe { *buf = 0 };
        }
    })?;
    if write {
        // SAFETY: buf has `len > text.len()` writable bytes and cannot overlap `text`.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
            *buf.add(text.len()) = 0;
        }
    }
    Ok(())
}

/// Copies `items`, converted, into a caller array, with the rules of [`write_text`]
/// (a too small array is left as it was).
///
/// # Safety
/// `out` is NULL or has `capacity` writable elements; `count` is NULL or writable.
pub(crate) unsafe fn write_array<T: Copy, C>(
    items: &[T],
    convert: impl Fn(T) -> C,
    out: *mut C,
    capacity: usize,
    count: *mut usize,
) -> Res {
    // SAFETY: per the contract.
    if unsafe { reserve(items.len(), out, capacity, count, "elements") }? {
        for (i, &item) in items.iter().enumerate() {
            // SAFETY: out has `capacity >= items.len()` writable elements.
            unsafe { out.add(i).write(convert(item)) };
        }
    }
    Ok(())
}
