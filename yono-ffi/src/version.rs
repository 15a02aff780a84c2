//! The library version, as text and as numbers, so that a program can check at run time that the
//! libyono it was loaded with is one it can work with. The header carries the version
//! it was generated from (YONO_VERSION_MAJOR/MINOR/PATCH/STRING/NUMBER, written by
//! `tests/header.rs` from the Cargo version).
//!
//! These functions only return constants, but like every function they clear the
//! last error (through the panic boundary's `guard_value`).

use std::ffi::{c_char, CStr};

use crate::boundary::guard_value;

/// Parses a decimal version component at compile time (Cargo guarantees digits).
const fn component(s: &str) -> u32 {
    let bytes = s.as_bytes();
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

const MAJOR: u32 = component(env!("CARGO_PKG_VERSION_MAJOR"));
const MINOR: u32 = component(env!("CARGO_PKG_VERSION_MINOR"));
const PATCH: u32 = component(env!("CARGO_PKG_VERSION_PATCH"));

/// The version as one number, major * 1000000 + minor * 1000 + patch.
const NUMBER: u32 = MAJOR * 1_000_000 + MINOR * 1_000 + PATCH;

/// The version as a C string.
const VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
    Ok(v) => v,
    Err(_) => c"unknown",
};

/// The library version, e.g. "0.1.0".
///
/// Ownership: a static string owned by the library; never free it. Never NULL.
#[no_mangle]
pub extern "C" fn yono_version() -> *const c_char {
    guard_value(VERSION.as_ptr(), || VERSION.as_ptr())
}

/// The library version as one number: major * 1000000 + minor * 1000 + patch (0.1.0
/// is 1000, 1.2.3 would be 1002003), the same form as YONO_VERSION_NUMBER in the
/// header. The string form is yono_version().
#[no_mangle]
pub extern "C" fn yono_version_number() -> u32 {
    guard_value(NUMBER, || NUMBER)
}

/// Whether this library can serve a program compiled against the header whose
/// YONO_VERSION_NUMBER is `header_version`: the library is not older than the header
/// and has the same major version, and before 1.0 the same minor version too (0.x
/// minor releases may break the ABI; this is also why the SONAME is libyono.so.0.1).
///
/// Typical use, at start-up:
///
///     if (!yono_version_compatible(YONO_VERSION_NUMBER)) {
///         fprintf(stderr, "need libyono %s, found %s\n", YONO_VERSION_STRING, yono_version());
///         return 1;
///     }
#[no_mangle]
pub extern "C" fn yono_version_compatible(header_version: u32) -> bool {
    guard_value(false, || {
        let (major, minor) = (header_version / 1_000_000, header_version / 1_000 % 1_000);
        header_version <= NUMBER && major == MAJOR && (MAJOR != 0 || minor == MINOR)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_matches_the_version_string() {
        // SAFETY: yono_version() returns a static NUL-terminated string.
        let text = unsafe { CStr::from_ptr(yono_version()) }.to_str().unwrap();
        let parts: Vec<u32> = text.split('.').map(|p| p.parse().unwrap()).collect();
        assert_eq!(parts.len(), 3);
        assert_eq!(yono_version_number(), parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2]);
    }

    #[test]
    fn compatibility_rule() {
        let n = yono_version_number();
        assert!(yono_version_compatible(n));
        // A header newer than the library asks for what the library may lack.
        assert!(!yono_version_compatible(n + 1));
        // Another major version, or before 1.0 another minor version, is another ABI.
        assert!(!yono_version_compatible(n + 1_000_000));
        if MAJOR == 0 && MINOR != 0 {
            assert!(!yono_version_compatible(n - 1_000));
        }
        if PATCH != 0 {
            assert!(yono_version_compatible(n - 1));
        }
        assert!(!yono_version_compatible(0));
    }
}
