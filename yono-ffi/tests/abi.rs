//! The header changes only by additions and deprecations: every declaration of the
//! published header (`abi-0.1.txt`, the declarations of `include/yono.h` as released
//! in 0.1.0, one a line, in the normal form below) is still in `include/yono.h`, with
//! the same types, values and field order. (That the old functions still link is
//! checked from C: `tests/c/test_deprecated.c` calls every one.)
//!
//! The list is frozen: it is what programs compiled against 0.1.0 rely on. A new
//! minor release (0.2, a new ABI) may write a new list with
//! `YONO_WRITE_ABI=yono-ffi/abi-0.2.txt cargo test -p yono-ffi --test abi`.

use std::collections::BTreeSet;
use std::path::PathBuf;

/// Deletes `/* ... */` and `// ...` comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.map_or(true, |l| b < l) => {
                out.push_str(&rest[..b]);
                let end = rest[b..].find("*/").map_or(rest.len(), |e| b + e + 2);
                out.push(' ');
                rest = &rest[end..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = &rest[l..];
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
            }
            (None, None) => {
                out.push_str(rest);
                return out;
            }
            (Some(_), None) => unreachable!("covered by the first arm"),
        }
    }
}

/// One space between tokens, none inside parentheses' edges or before commas.
fn squeeze(text: &str) -> String {
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    words.replace("( ", "(").replace(" )", ")").replace(" ,", ",").replace(" ;", ";")
}

/// Removes the attribute macros, which say how a declaration warns, not what it is.
fn strip_attributes(decl: &str) -> String {
    let mut out = decl.replace("YONO_MUST_USE", " ");
    while let Some(start) = out.find("YONO_DEPRECATED(") {
        let mut depth = 0;
        let mut end = out.len();
        for (i, c) in out[start..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(start..end, " ");
    }
    out
}

/// The declarations of a header, one a line: `#define NAME VALUE`, each typedef and
/// prototype, `struct NAME[i] FIELD` for the i-th field and `enum NAME MEMBER`.
fn declarations(header: &str) -> BTreeSet<String> {
    let text = strip_comments(header);
    let mut out = BTreeSet::new();
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with('#') {
            code.push_str(line);
            code.push('\n');
            continue;
        }
        let mut directive = trimmed.to_string();
        while directive.ends_with('\\') {
            directive.pop();
            directive.push(' ');
            directive.push_str(lines.next().unwrap_or(""));
        }
        if let Some(define) = directive.strip_prefix("#define ") {
            out.insert(format!("#define {}", squeeze(define)));
        }
    }
    let code = strip_attributes(&code.replace("extern \"C\" {", " "));
    let mut depth = 0usize;
    let mut decl = String::new();
    for c in code.chars() {
        match c {
            '{' => depth += 1,
            // The closing brace of `extern "C" {` stands at depth 0.
            '}' if depth == 0 => continue,
            '}' => depth -= 1,
            ';' if depth == 0 => {
                add_declaration(&squeeze(&decl), &mut out);
                decl.clear();
                continue;
            }
            _ => {}
        }
        decl.push(c);
    }
    assert!(decl.trim().is_empty(), "text after the last declaration: {decl:?}");
    out
}

fn add_declaration(decl: &str, out: &mut BTreeSet<String>) {
    let (Some(open), Some(close)) = (decl.find('{'), decl.rfind('}')) else {
        out.insert(decl.to_string());
        return;
    };
    let head = decl[..open].trim();
    let name = head.rsplit(' ').next().unwrap_or(head);
    let body = &decl[open + 1..close];
    out.insert(format!("{head} {}", decl[close + 1..].trim()));
    if head.contains("enum ") {
        for member in body.split(',').map(str::trim).filter(|m| !m.is_empty()) {
            out.insert(format!("enum {name} {member}"));
        }
    } else {
        for (i, field) in body.split(';').map(str::trim).filter(|f| !f.is_empty()).enumerate() {
            out.insert(format!("struct {name}[{i}] {field}"));
        }
    }
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_published_declaration_is_still_declared() {
    let header = std::fs::read_to_string(manifest_dir().join("../include/yono.h")).unwrap();
    let current = declarations(&header);
    if let Some(path) = std::env::var_os("YONO_WRITE_ABI") {
        let lines: Vec<&str> = current.iter().map(String::as_str).collect();
        std::fs::write(path, lines.join("\n") + "\n").expect("write the ABI list");
        return;
    }
    let published = std::fs::read_to_string(manifest_dir().join("abi-0.1.txt")).unwrap();
    let published: Vec<&str> = published.lines().filter(|l| !l.is_empty()).collect();
    assert!(published.len() > 250, "abi-0.1.txt is too short");
    let missing: Vec<&&str> = published.iter().filter(|l| !current.contains(**l)).collect();
    assert!(
        missing.is_empty(),
        "include/yono.h lost or changed published declarations (only additions and \
         deprecations are allowed within 0.1): {missing:#?}"
    );
}

#[test]
fn the_normal_form_sees_what_matters() {
    let header = "#define A 1\n/* c */ typedef struct s { int a; /* x */ char *b; } s;\n\
                  typedef enum e { X = 0, Y = 1, } e;\n#ifdef __cplusplus\nextern \"C\" {\n\
                  #endif\nYONO_MUST_USE YONO_DEPRECATED(\"use g()\") int f(const s *p ,\n\
                  int  n);\n#ifdef __cplusplus\n}  // extern \"C\"\n#endif\n";
    let got: Vec<String> = declarations(header).into_iter().collect();
    assert_eq!(
        got,
        [
            "#define A 1",
            "enum e X = 0",
            "enum e Y = 1",
            "int f(const s *p, int n)",
            "struct s[0] int a",
            "struct s[1] char *b",
            "typedef enum e e",
            "typedef struct s s",
        ]
    );
}
