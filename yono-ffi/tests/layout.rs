//! docs/ARCHITECTURE.md's section on yono-ffi and the crate agree: its tree lists
//! exactly the files under `yono-ffi/src/`, and its names table names only functions
//! the header declares, with every deprecated one in the "old names" column.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn section() -> String {
    let text = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let start = text
        .find("## yono-ffi: the C binding")
        .expect("docs/ARCHITECTURE.md has the section '## yono-ffi: the C binding'");
    let rest = &text[start + 3..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_string()
}

fn sources(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap();
            out.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The files of the tree: each line's leading names ending in `.rs` or `/`, under the
/// folders their indentation (two spaces a level) puts them in.
fn tree(section: &str) -> BTreeSet<String> {
    let block = section.split("```").nth(1).expect("the tree in a ``` block");
    let mut folders: Vec<String> = Vec::new();
    let mut files = BTreeSet::new();
    for line in block.lines().skip_while(|l| !l.starts_with("yono-ffi/src/")).skip(1) {
        let depth = (line.len() - line.trim_start().len()) / 2;
        if depth == 0 || line.trim().is_empty() {
            continue;
        }
        for name in line.split_whitespace() {
            if let Some(folder) = name.strip_suffix('/') {
                folders.truncate(depth - 1);
                folders.push(folder.to_string());
            } else if name.ends_with(".rs") {
                folders.truncate(depth - 1);
                let mut path = folders.join("/");
                if !path.is_empty() {
                    path.push('/');
                }
                files.insert(path + name);
            } else {
                break;
            }
        }
    }
    files
}

#[test]
fn the_tree_lists_exactly_the_source_files() {
    let src = root().join("yono-ffi/src");
    let mut files = BTreeSet::new();
    sources(&src, &src, &mut files);
    let listed = tree(&section());
    assert!(listed.len() > 15, "tree not found or too short: {listed:?}");
    let (unlisted, missing): (Vec<_>, Vec<_>) = (files.difference(&listed).collect(), listed.difference(&files).collect());
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "docs/ARCHITECTURE.md's tree of yono-ffi/src lacks {unlisted:?} and lists {missing:?}, which do not exist"
    );
}

/// The `yono_*` names of one column of the names table (0-based).
fn column(section: &str, index: usize) -> BTreeSet<String> {
    section
        .lines()
        .skip_while(|l| !l.starts_with("| concept |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(index + 1).map(str::to_string))
        .flat_map(|cell| {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .filter(|n| n.starts_with("yono_"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The functions of the header, with whether each is deprecated.
fn header_functions() -> Vec<(String, bool)> {
    let header = std::fs::read_to_string(root().join("include/yono.h")).unwrap();
    let mut out = Vec::new();
    let mut deprecated = false;
    for line in header.lines() {
        if line.starts_with("YONO_DEPRECATED(") {
            deprecated = true;
            continue;
        }
        let decl = line.trim_start_matches("YONO_MUST_USE ");
        if !line.starts_with(' ') && decl.contains(" yono_") && decl.contains('(') {
            let before = &decl[..decl.find('(').unwrap()];
            let name = before.rsplit(' ').next().unwrap().trim_start_matches('*');
            out.push((name.to_string(), deprecated));
            deprecated = false;
        }
    }
    out
}

#[test]
fn the_names_table_names_the_header() {
    let section = section();
    let (current, old) = (column(&section, 2), column(&section, 3));
    assert!(current.len() > 30 && old.len() > 25, "{current:?} {old:?}");
    let functions = header_functions();
    assert!(functions.len() > 100, "{}", functions.len());
    let header = std::fs::read_to_string(root().join("include/yono.h")).unwrap();
    for name in current.iter().chain(&old) {
        assert!(header.contains(name.as_str()), "{name} is not in include/yono.h");
    }
    for (name, deprecated) in &functions {
        if current.contains(name) {
            assert!(!deprecated, "{name} is a current name but deprecated in the header");
        }
        if old.contains(name) {
            assert!(deprecated, "{name} is an old name but not deprecated in the header");
        }
        if *deprecated {
            assert!(old.contains(name), "{name} is deprecated but not in the names table");
        }
    }
}

#[test]
fn every_old_name_is_called_from_c() {
    let calls = ["tests/c/test_deprecated.c", "tests/c/test_svg_record.c"]
        .map(|f| std::fs::read_to_string(root().join(f)).unwrap())
        .concat();
    let old: Vec<String> = header_functions()
        .into_iter()
        .filter(|(_, deprecated)| *deprecated)
        .map(|(name, _)| name)
        .collect();
    assert!(old.len() > 25, "{old:?}");
    for name in old {
        assert!(calls.contains(&format!("{name}(")), "no C test calls {name}()");
    }
}
