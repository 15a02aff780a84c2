//! libFuzzer entry point; the checks live in `yono_fuzz::position_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| yono_fuzz::position_text(data));
