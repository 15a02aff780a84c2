//! The checked-in header `include/yono.h` must be what cbindgen generates from
//! `src/lib.rs` with `cbindgen.toml`. Set `YONO_UPDATE_HEADER=1` to rewrite it.

use std::path::PathBuf;

fn generate() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src").join("lib.rs"))
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("header is UTF-8")
}

#[test]
fn header_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../include/yono.h");
    let generated = generate();
    assert!(
        generated.contains("yono_position_new"),
        "header lacks the API"
    );
    if std::env::var_os("YONO_UPDATE_HEADER").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("write include/yono.h");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == generated,
        "include/yono.h is stale: regenerate it with \
         `YONO_UPDATE_HEADER=1 cargo test -p yono-ffi --test header`"
    );
}
