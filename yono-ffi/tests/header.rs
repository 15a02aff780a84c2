//! The checked-in header `include/yono.h` must be what cbindgen generates from
//! `src/lib.rs` with `cbindgen.toml`. Set `YONO_UPDATE_HEADER=1` to rewrite it.

use std::path::PathBuf;

fn generate() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    // The version macros come from the Cargo version, so they cannot drift from it.
    let version = format!(
        "\n\
         /** Version of this header (of the library it was generated with): major. */\n\
         #define YONO_VERSION_MAJOR {major}\n\
         /** Version of this header: minor. */\n\
         #define YONO_VERSION_MINOR {minor}\n\
         /** Version of this header: patch. */\n\
         #define YONO_VERSION_PATCH {patch}\n\
         /** Version of this header as a string; the library's is yono_version(). */\n\
         #define YONO_VERSION_STRING \"{major}.{minor}.{patch}\"\n\
         /**\n \
         * Version of this header as one number, major * 1000000 + minor * 1000 + patch;\n \
         * the library's is yono_version_number(), and yono_version_compatible(YONO_VERSION_NUMBER)\n \
         * says whether the library loaded at run time can serve this header.\n \
         */\n\
         #define YONO_VERSION_NUMBER \\\n    \
         (YONO_VERSION_MAJOR * 1000000 + YONO_VERSION_MINOR * 1000 + YONO_VERSION_PATCH)\n",
        major = env!("CARGO_PKG_VERSION_MAJOR"),
        minor = env!("CARGO_PKG_VERSION_MINOR"),
        patch = env!("CARGO_PKG_VERSION_PATCH"),
    );
    config.after_includes = Some(version + config.after_includes.as_deref().unwrap_or(""));
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
