//! The shape of the code, held by tests: the layers import nothing above
//! them, files are split before they pass 600 lines, and functions before
//! they pass 80.

use std::path::{Path, PathBuf};

/// The most lines a file of `src/` may have.
const MAX_FILE_LINES: usize = 600;

/// The most lines a function of `src/` may have, from its signature to its
/// closing brace.
const MAX_FUNCTION_LINES: usize = 80;

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The library code of a file: what comes before its tests (a file
/// `tests.rs` holds a module's tests, and no library code).
fn library_code<'a>(path: &Path, text: &'a str) -> &'a str {
    if path.file_name().is_some_and(|name| name == "tests.rs") {
        return "";
    }
    text.find("#[cfg(test)]").map_or(text, |n| &text[..n])
}

/// Checks that no library file under `layer` names a module of `above`.
fn imports_nothing_above(layer: &str, above: &[&str]) {
    let files = rust_files(Path::new(layer));
    assert!(!files.is_empty(), "{layer} holds no file");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        // What the code names, its comments and docs left out (a doc may
        // point a reader to any layer), and diagnostic codes, which are
        // names (`code(hirp::json::syntax)`), not paths.
        let code: String = library_code(&path, &text)
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .filter(|line| !line.trim_start().starts_with("code(hirp::"))
            .collect::<Vec<_>>()
            .join("\n");
        for module in above {
            for prefix in ["crate::", "hirp::"] {
                let name = format!("{prefix}{module}");
                assert!(
                    !code.contains(&name),
                    "{} names `{name}`, a layer above it",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn the_syntax_imports_nothing_above_it() {
    imports_nothing_above(
        "src/syntax",
        &[
            "stream", "check", "replay", "rules", "json", "render", "cli", "generate",
        ],
    );
}

#[test]
fn the_tafl_syntax_imports_nothing_above_it() {
    imports_nothing_above(
        "src/tafl/syntax",
        &[
            "tafl::rules",
            "rules",
            "stream",
            "check",
            "replay",
            "json",
            "render",
            "cli",
            "generate",
        ],
    );
}

/// The modules of the library that belong to a family, or stand above the
/// families.
const FAMILIES_AND_ABOVE: &[&str] = &[
    "syntax", "rules", "replay", "check", "json", "render", "page", "generate", "types", "tafl",
    "cli", "fixtures",
];

#[test]
fn the_core_names_no_family() {
    imports_nothing_above("src/core", FAMILIES_AND_ABOVE);
}

/// HIRP's modules import nothing of the tafl family's: the two are
/// siblings, and only the layers above both (the JSON envelope and report,
/// the page, the command line) name them both.
#[test]
fn hirps_modules_import_nothing_of_the_tafl_family() {
    for layer in [
        "src/syntax",
        "src/rules",
        "src/replay",
        "src/check",
        "src/render",
    ] {
        imports_nothing_above(layer, &["tafl"]);
    }
}

/// The tafl family imports nothing of HIRP's modules, nor of the layers
/// above both families (the JSON envelope, the checks' verdicts, the page).
#[test]
fn the_tafl_family_imports_nothing_of_hirps() {
    imports_nothing_above(
        "src/tafl",
        &[
            "syntax", "rules", "replay", "check", "generate", "render", "page", "types", "cli",
            "json",
        ],
    );
}

/// The replay writes steps itself (`replay::written`, both directions of a
/// step), and the generator builds on it, not the other way round.
#[test]
fn the_replay_imports_nothing_of_the_generator() {
    imports_nothing_above("src/replay", &["generate", "cli"]);
}

#[test]
fn the_rules_know_nothing_of_the_notation() {
    imports_nothing_above(
        "src/rules",
        &[
            "syntax", "stream", "check", "replay", "json", "render", "cli", "generate",
        ],
    );
}

#[test]
fn the_tafl_rules_know_nothing_of_the_notation() {
    imports_nothing_above(
        "src/tafl/rules",
        &[
            "tafl::syntax",
            "syntax",
            "stream",
            "check",
            "replay",
            "json",
            "render",
            "cli",
            "generate",
            "rules",
        ],
    );
}

/// The folder of the seam through which the commands reach a family.
const FAMILY_SEAM: &str = "src/cli/family";

/// The command line, `serve`, the JSON document and the page reach a family
/// through one seam, `src/cli/family/`: no other file of `src/cli/` names a
/// family, so a new family is written there and no command changes.
#[test]
fn the_commands_reach_a_family_through_one_seam() {
    let files = rust_files(Path::new("src/cli"));
    assert!(
        files.iter().any(|path| path.starts_with(FAMILY_SEAM)),
        "{FAMILY_SEAM} holds no file"
    );
    for path in files {
        if path.starts_with(FAMILY_SEAM) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for family in ["Family::Hirp", "Family::Tafl"] {
            assert!(
                !text.contains(family),
                "{} names `{family}`: a command reaches a family through {FAMILY_SEAM}",
                path.display()
            );
        }
    }
}

#[test]
fn no_file_of_the_library_passes_600_lines() {
    for path in rust_files(Path::new("src")) {
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        assert!(
            lines <= MAX_FILE_LINES,
            "{} has {lines} lines; split it by phase",
            path.display()
        );
    }
}

/// The text with comments, strings and character literals blanked out, line
/// ends kept, so that braces can be counted.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut n = 0;
    // Keeps the line ends of what is skipped.
    let skip = |out: &mut String, from: usize, to: usize| {
        out.extend(
            bytes[from..to]
                .iter()
                .filter(|&&b| b == b'\n')
                .map(|_| '\n'),
        );
    };
    while n < bytes.len() {
        let rest = &bytes[n..];
        let end = if rest.starts_with(b"//") {
            n + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            n + 2 + find(&rest[2..], b"*/").map_or(rest.len() - 2, |k| k + 2)
        } else if let Some(hashes) = raw_string_start(bytes, n) {
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let open = 2 + hashes;
            n + open + find(&rest[open..], &close).map_or(rest.len() - open, |k| k + close.len())
        } else if rest[0] == b'"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != b'"' {
                k += if rest[k] == b'\\' { 2 } else { 1 };
            }
            n + (k + 1).min(rest.len())
        } else if let Some(len) = char_literal(rest) {
            n + len
        } else {
            out.push(rest[0] as char);
            n += 1;
            continue;
        };
        skip(&mut out, n, end);
        n = end;
    }
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// At `r"` or `r#"`, the number of `#`s.
fn raw_string_start(bytes: &[u8], n: usize) -> Option<usize> {
    if bytes[n] != b'r' || n > 0 && (bytes[n - 1].is_ascii_alphanumeric() || bytes[n - 1] == b'_') {
        return None;
    }
    let hashes = bytes[n + 1..].iter().take_while(|&&b| b == b'#').count();
    (bytes.get(n + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// The length of a character literal at the start of `rest` (`'{'`,
/// `'\n'`, `'\u{1b}'`), not a lifetime.
fn char_literal(rest: &[u8]) -> Option<usize> {
    if rest.first() != Some(&b'\'') {
        return None;
    }
    let close = if rest.get(1) == Some(&b'\\') {
        rest.iter().skip(2).position(|&b| b == b'\'')? + 2
    } else {
        // One character, of up to four bytes.
        (2..=5).find(|&k| rest.get(k) == Some(&b'\''))?
    };
    let inside = &rest[1..close];
    let one_char = inside.first() == Some(&b'\\')
        || std::str::from_utf8(inside).is_ok_and(|s| s.chars().count() == 1);
    one_char.then_some(close + 1)
}

/// The functions of a file: name, first line, number of lines.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = function_name(line) else {
            continue;
        };
        let (mut depth, mut opened) = (0usize, false);
        'lines: for (n, line) in lines.iter().enumerate().skip(start) {
            for c in line.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth = depth.saturating_sub(1),
                    // A declaration without a body.
                    ';' if !opened => break 'lines,
                    _ => {}
                }
            }
            if opened && depth == 0 {
                found.push((name, start + 1, n - start + 1));
                break;
            }
        }
    }
    found
}

/// The name of the function a line declares, if it declares one.
fn function_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.next() {
        match word {
            "pub" | "const" | "async" | "unsafe" | "extern" | "default" => {}
            w if w.starts_with("pub(") => {}
            "fn" => {
                let name = words.next()?;
                let end = name.find(['(', '<']).unwrap_or(name.len());
                return Some(name[..end].to_owned());
            }
            _ => return None,
        }
    }
    None
}

#[test]
fn no_function_of_the_library_passes_80_lines() {
    let mut checked = 0;
    for path in rust_files(Path::new("src")) {
        let text = std::fs::read_to_string(&path).unwrap();
        for (name, line, lines) in functions(&text) {
            checked += 1;
            assert!(
                lines <= MAX_FUNCTION_LINES,
                "{}:{line}: `{name}` has {lines} lines; split it into named parts",
                path.display()
            );
        }
    }
    assert!(checked > 500, "only {checked} functions found");
}

#[test]
fn functions_are_measured_from_signature_to_closing_brace() {
    let text = "\
/// `{` in a comment
pub(crate) fn a(x: char) -> bool {
    let s = \"}}}\";
    let r = r#\"{\"#;
    matches!(x, '{' | '}') && s.len() > 1 && r.len() == 1
}

fn b<'a>(s: &'a str) -> &'a str { s }
fn c();
";
    let found = functions(text);
    assert_eq!(
        found,
        [("a".to_owned(), 2, 5), ("b".to_owned(), 8, 1)],
        "{}",
        code_only(text)
    );
}
