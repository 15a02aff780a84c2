//! The Rust example of the README's "Playing against the engine" section is the first
//! doctest of this crate (which `cargo test --doc` compiles and runs): keep them equal.

#[test]
fn readme_example_is_the_crate_doctest() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let section = readme
        .split("## Playing against the engine")
        .nth(1)
        .expect("README has the section");
    let body = section
        .split("```rust,ignore\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a rust block");
    let lib = std::fs::read_to_string(format!("{root}/yono-engine/src/lib.rs")).unwrap();
    let doc: String = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let example = doc.split("```\n").nth(1).expect("a doctest in lib.rs");
    assert_eq!(body, example);
}
