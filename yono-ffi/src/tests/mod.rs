//! Tests of the exported functions called through their C signatures. (The C and C++
//! tests in `tests/c/` exercise the built library from C.)

use crate::convert::{arg, ToC};
use crate::yono_status::*;
use crate::*;
use std::ffi::{c_char, CStr, CString};
use std::ptr::null_mut;
use yono::Move;

mod board_data;
mod boundary;
mod vectors;
mod vocab;

pub(crate) fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

pub(crate) fn last_code() -> String {
    // SAFETY: the library returns a valid NUL-terminated static string.
    unsafe { CStr::from_ptr(yono_last_error_code()) }.to_str().unwrap().to_string()
}

pub(crate) fn last_message() -> String {
    // SAFETY: valid until the next call on this thread; copied at once.
    unsafe { CStr::from_ptr(yono_last_error_message()) }.to_str().unwrap().to_string()
}

/// An owned handle for the tests.
pub(crate) struct Pos(pub(crate) *mut yono_game);

impl Drop for Pos {
    fn drop(&mut self) {
        unsafe { yono_game_free(self.0) }
    }
}

impl Pos {
    pub(crate) fn from_text(text: &str) -> Result<Pos, (yono_status, String)> {
        let mut out = null_mut();
        let st = unsafe { yono_game_from_text(c(text).as_ptr(), &mut out) };
        if st == YONO_STATUS_OK {
            assert!(!out.is_null());
            Ok(Pos(out))
        } else {
            assert!(out.is_null());
            Err((st, last_code()))
        }
    }

    pub(crate) fn text(&self) -> String {
        read_text(|buf, len, needed| unsafe { yono_game_text(self.0, buf, len, needed) })
    }

    pub(crate) fn legal_moves(&self) -> Vec<String> {
        let mut n = 0;
        assert_eq!(unsafe { yono_game_legal_moves(self.0, null_mut(), 0, &mut n) }, YONO_STATUS_OK);
        let mut moves = vec![yono_move::default(); n];
        let mut n2 = 0;
        assert_eq!(
            unsafe { yono_game_legal_moves(self.0, moves.as_mut_ptr(), n, &mut n2) },
            YONO_STATUS_OK
        );
        assert_eq!(n, n2);
        moves.into_iter().map(move_text).collect()
    }

    pub(crate) fn play_text(&self, mv: &str) -> yono_status {
        unsafe { yono_game_play_text(self.0, c(mv).as_ptr()) }
    }
}

pub(crate) fn read_text(f: impl Fn(*mut c_char, usize, *mut usize) -> yono_status) -> String {
    let mut need = 0;
    assert_eq!(f(null_mut(), 0, &mut need), YONO_STATUS_OK);
    let mut buf = vec![0u8; need];
    assert_eq!(f(buf.as_mut_ptr().cast(), need, null_mut()), YONO_STATUS_OK);
    assert_eq!(buf.pop(), Some(0));
    String::from_utf8(buf).unwrap()
}

pub(crate) fn move_text(mv: yono_move) -> String {
    read_text(|buf, len, needed| unsafe { yono_move_to_text(mv, buf, len, needed) })
}
