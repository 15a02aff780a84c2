//! The README's "Where the rules live" table and the source tree agree: every file
//! under `yono-core/src/` is listed, and every listed path exists; so do
//! docs/ARCHITECTURE.md's maps of yono-core, yono-engine and yono-ml (the bindings'
//! maps are checked by their own crates); and no Rust file of the workspace is over
//! 800 lines.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The `.rs` files below `dir` (paths from `root`, `/`-separated).
fn sources(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
    let mut files = Vec::new();
    rust_files(dir, root, &mut files);
    out.extend(files.into_iter().map(|(path, _)| path));
}

/// The crate's directory and its source files (relative to `src/`), when the crate sits
/// in the yono workspace: the README and docs/ARCHITECTURE.md are the workspace's, which
/// the published crate does not carry, so outside it (an unpacked .crate) there is
/// nothing to check.
fn workspace_sources() -> Option<(PathBuf, BTreeSet<String>)> {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let in_workspace = std::fs::read_to_string(crate_dir.join("../Cargo.toml"))
        .is_ok_and(|t| t.contains("[workspace]") && t.contains("\"yono-core\""));
    if !in_workspace {
        eprintln!("skipped: not inside the yono workspace, so no README or map to check");
        return None;
    }
    let src = crate_dir.join("src");
    let mut files = BTreeSet::new();
    sources(&src, &src, &mut files);
    Some((crate_dir, files))
}

/// `listed` names exactly the source files `files`.
fn assert_lists(files: &BTreeSet<String>, listed: &BTreeSet<String>, what: &str) {
    let unlisted: Vec<_> = files.difference(listed).collect();
    let missing: Vec<_> = listed.difference(files).collect();
    assert!(
        unlisted.is_empty(),
        "files missing from {what}: {unlisted:?}"
    );
    assert!(
        missing.is_empty(),
        "{what} names files that do not exist: {missing:?}"
    );
}

/// The first cell of each row of the table that follows "Where the rules live".
fn listed(readme: &str) -> BTreeSet<String> {
    let start = readme
        .find("Where the rules live")
        .expect("README has the 'Where the rules live' table");
    readme[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cell = l.split('|').nth(1)?.trim();
            Some(cell.strip_prefix('`')?.strip_suffix('`')?.to_string())
        })
        .collect()
}

#[test]
fn the_readme_table_lists_exactly_the_source_files() {
    let Some((crate_dir, files)) = workspace_sources() else {
        return;
    };
    let readme = std::fs::read_to_string(crate_dir.join("../README.md")).expect("README.md");
    let table = listed(&readme);
    assert!(table.len() > 20, "table not found or too short: {table:?}");
    assert_lists(&files, &table, "the README's 'Where the rules live' table");
}

/// rustdoc's id for a heading: lower case, runs of other characters as one `-`.
fn heading_id(heading: &str) -> String {
    let mut id = String::new();
    for c in heading.chars() {
        if c.is_alphanumeric() {
            id.extend(c.to_lowercase());
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

#[test]
fn every_rules_citation_in_the_docs_links_to_the_shipped_rules() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // RULES.md ships in the package (the docs' `yono::rules` page includes it).
    let rules = std::fs::read_to_string(crate_dir.join("RULES.md")).expect("RULES.md in the crate");
    let ids: BTreeSet<String> = rules
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(heading_id)
        .collect();
    assert!(
        ids.contains("6-check-legality-checkmate-elimination-scoring"),
        "{ids:?}"
    );
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();
    for key in [
        "repository = ",
        "homepage = ",
        "documentation = ",
        "\"/RULES.md\"",
    ] {
        assert!(manifest.contains(key), "Cargo.toml lacks {key}");
    }
    let src = crate_dir.join("src");
    let mut files = BTreeSet::new();
    sources(&src, &src, &mut files);
    let mut links = 0;
    for file in files {
        let text = std::fs::read_to_string(src.join(&file)).unwrap();
        for (n, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            if !(doc.starts_with("///") || doc.starts_with("//!")) {
                continue;
            }
            for (at, _) in line.match_indices("RULES.md") {
                let rest = &line[at..];
                let linked = line[..at].ends_with('[') && rest.contains("](crate::rules");
                let named = rest.starts_with("RULES.md §n"); // the rules module's own doc
                assert!(
                    linked || named,
                    "{file}:{}: unlinked citation: {line}",
                    n + 1
                );
                if let Some(anchor) = rest.split("](crate::rules#").nth(1) {
                    let anchor = anchor.split(')').next().unwrap();
                    assert!(
                        ids.contains(anchor),
                        "{file}:{}: no section #{anchor}",
                        n + 1
                    );
                }
                links += 1;
            }
        }
    }
    assert!(links > 30, "only {links} citations found");
}

/// The files the core's map in docs/ARCHITECTURE.md names: the code block under
/// "### The map", read as a tree (two spaces of indent per level; a name ending in
/// `/` opens a folder; the names before the description, which follows two spaces).
fn mapped(architecture: &str) -> BTreeSet<String> {
    let start = architecture
        .find("### The map")
        .expect("ARCHITECTURE.md has the core's map");
    let block = architecture[start..]
        .split("```")
        .nth(1)
        .expect("the map is a code block");
    let mut folders: Vec<(usize, String)> = Vec::new();
    let mut files = BTreeSet::new();
    for line in block.lines().skip(2) {
        let indent = line.len() - line.trim_start().len();
        let names = line.trim_start().split("  ").next().unwrap_or("");
        if names.is_empty() {
            continue;
        }
        folders.retain(|(at, _)| *at < indent);
        let prefix: String = folders.iter().map(|(_, f)| f.as_str()).collect();
        for name in names.split_whitespace() {
            if name.ends_with('/') {
                folders.push((indent, name.to_string()));
            } else if name.ends_with(".rs") {
                files.insert(format!("{prefix}{name}"));
            }
        }
    }
    files
}

/// docs/ARCHITECTURE.md's text.
fn architecture(crate_dir: &Path) -> String {
    std::fs::read_to_string(crate_dir.join("../docs/ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

#[test]
fn the_architecture_map_lists_exactly_the_source_files() {
    let Some((crate_dir, files)) = workspace_sources() else {
        return;
    };
    let map = mapped(&architecture(&crate_dir));
    assert_lists(&files, &map, "ARCHITECTURE.md's map");
}

/// Every `.rs` file below `dir` with its path from `root` and its number of lines;
/// build output, artefacts, dependencies and hidden folders (virtualenvs, caches)
/// left out. The test script builds and installs beside the tests, so a folder or
/// file that vanishes while it is read is passed over (the callers check that the
/// files they expect were found).
fn rust_files(dir: &Path, root: &Path, out: &mut Vec<(String, usize)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            let skipped = name.starts_with('.')
                || matches!(name.as_str(), "target" | "node_modules" | "dist");
            if !skipped {
                rust_files(&path, root, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let rel = path.strip_prefix(root).expect("under the workspace");
            out.push((
                rel.to_string_lossy().replace('\\', "/"),
                text.lines().count(),
            ));
        }
    }
}

#[test]
fn no_rust_file_of_the_workspace_is_over_800_lines() {
    let Some((crate_dir, _)) = workspace_sources() else {
        return;
    };
    let root = crate_dir.join("..");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    assert!(
        files
            .iter()
            .any(|(f, _)| f == "yono-engine/src/search/node.rs"),
        "the walk missed the engine's sources: {} files",
        files.len()
    );
    let long: Vec<_> = files.iter().filter(|(_, n)| *n > 800).collect();
    assert!(
        long.is_empty(),
        "split these files (issue 23: at most 800 lines): {long:?}"
    );
}

/// The code block of docs/ARCHITECTURE.md that opens with the line `first`.
fn map_block<'a>(architecture: &'a str, first: &str) -> &'a str {
    let start = architecture
        .find(&format!("\n{first}\n"))
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has a map opening with {first}"));
    let rest = &architecture[start + 1..];
    &rest[..rest.find("```").expect("the map's block is closed")]
}

/// The maps of yono-engine and yono-ml are written as prose trees (a folder's small
/// files named in its description), so they are read loosely: every source file's
/// name, and every folder on its path, stands in the block as a word, and every
/// `.rs` word of the block is the name of one of the crate's files.
#[test]
fn the_engine_and_ml_maps_name_every_source_file() {
    let Some((crate_dir, _)) = workspace_sources() else {
        return;
    };
    let architecture = architecture(&crate_dir);
    for krate in ["yono-engine", "yono-ml"] {
        let src = crate_dir.join("..").join(krate).join("src");
        let mut files = BTreeSet::new();
        sources(&src, &src, &mut files);
        let block = map_block(&architecture, &format!("{krate}/src/"));
        let words: BTreeSet<&str> = block
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '(' | ')'))
            .map(|w| w.trim_matches('`'))
            .filter(|w| !w.is_empty())
            .collect();
        let mut unnamed = Vec::new();
        let mut names = BTreeSet::new();
        for file in &files {
            let mut parts: Vec<&str> = file.split('/').collect();
            let name = parts.pop().expect("a file name");
            names.insert(name);
            let folders_named = parts
                .iter()
                .all(|f| words.contains(format!("{f}/").as_str()));
            if !folders_named || !words.contains(name) {
                unnamed.push(file.clone());
            }
        }
        assert!(
            unnamed.is_empty(),
            "files missing from ARCHITECTURE.md's {krate} map: {unnamed:?}"
        );
        let stale: Vec<_> = words
            .iter()
            .filter(|w| w.ends_with(".rs") && !names.contains(*w))
            .collect();
        assert!(
            stale.is_empty(),
            "ARCHITECTURE.md's {krate} map names files that do not exist: {stale:?}"
        );
    }
}
