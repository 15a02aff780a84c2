//! libFuzzer entry point; the checks live in `yono_fuzz::play`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| yono_fuzz::play(data));
