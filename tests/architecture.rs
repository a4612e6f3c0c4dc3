//! The shape of the code, held by tests: the layers import nothing above
//! them, no cycle runs between the library's modules, files are split
//! before they pass 600 lines, and functions before they pass 80.

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

/// The files of the module at `path` (`hirp::syntax`): its file, or every
/// file of its folder.
fn module_files(path: &str) -> Vec<PathBuf> {
    let path = Path::new("src").join(path.replace("::", "/"));
    let file = path.with_extension("rs");
    if file.is_file() {
        vec![file]
    } else {
        rust_files(&path)
    }
}

/// Checks that no library file of the module `layer` (`hirp::syntax`) names
/// one of the modules `above` (`hirp::rules`) or anything inside one,
/// through `crate::` or `super::`.
fn imports_nothing_above(layer: &str, above: &[&str]) {
    let files = module_files(layer);
    assert!(!files.is_empty(), "{layer} holds no file");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let module = module_path(Path::new("src"), &path);
        let code = code_only(library_code(&path, &text));
        for named in named_paths(&code, &module) {
            for module in above {
                let module: Vec<&str> = module.split("::").collect();
                assert!(
                    !named.starts_with(&module.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
                    "{} names `{}`, a layer above it",
                    path.display(),
                    named.join("::")
                );
            }
        }
    }
}

/// The layers above a family's notation: the rest of the family, and what
/// stands above the families.
fn above_the_syntax(family: &str) -> Vec<String> {
    let family_layers = [
        "rules", "replay", "check", "json", "render", "generate", "page",
    ];
    let mut above: Vec<String> = family_layers
        .iter()
        .map(|layer| format!("{family}::{layer}"))
        .collect();
    above.extend(ABOVE_THE_FAMILIES.iter().map(|s| s.to_string()));
    above
}

#[test]
fn the_syntax_of_each_family_imports_nothing_above_it() {
    for family in families() {
        let above = above_the_syntax(family);
        let above: Vec<&str> = above.iter().map(String::as_str).collect();
        imports_nothing_above(&format!("{family}::syntax"), &above);
    }
}

/// The rules of each family know nothing of its notation, nor of what is
/// built on the rules.
#[test]
fn the_rules_of_each_family_know_nothing_of_the_notation() {
    for family in families() {
        let mut above = above_the_syntax(family);
        above.retain(|layer| *layer != format!("{family}::rules"));
        above.push(format!("{family}::syntax"));
        let above: Vec<&str> = above.iter().map(String::as_str).collect();
        imports_nothing_above(&format!("{family}::rules"), &above);
    }
}

/// The families, siblings on the core, as the list of families names
/// them (each one's module is named for it).
fn families() -> Vec<&'static str> {
    hirp::any::AnyFamily::ids().collect()
}

/// Each family of the list has its folder with its side of the seam,
/// and each folder with a side of the seam is a family of the list.
#[test]
fn the_families_are_those_of_the_list_of_families() {
    let listed = families();
    assert!(listed.len() >= 2, "{listed:?}");
    for family in &listed {
        assert!(
            Path::new("src").join(family).join("family").is_dir(),
            "{family}"
        );
    }
    for entry in std::fs::read_dir("src").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.join("family").is_dir() {
            assert!(
                listed.contains(&name.as_str()),
                "src/{name} is not in the list of families"
            );
        }
    }
}

/// The modules of the library that stand above both families and name
/// them: the list of families, the JSON document and report, the page,
/// and the command line.
const ABOVE_THE_FAMILIES: &[&str] = &["any", "json", "page", "cli", "fixtures"];

#[test]
fn the_core_names_no_family() {
    let mut above = families();
    above.extend(ABOVE_THE_FAMILIES);
    imports_nothing_above("core", &above);
}

/// Each family imports nothing of the other, nor of the layers above both:
/// the two are siblings on the core.
#[test]
fn neither_family_imports_the_other() {
    for (family, other) in [("hirp", "tafl"), ("tafl", "hirp")] {
        let mut above = vec![other];
        above.extend(ABOVE_THE_FAMILIES);
        imports_nothing_above(family, &above);
    }
}

/// Nothing below the binary names the command line: the layers above the
/// families (the JSON document, the page) no more than the core or a
/// family.
#[test]
fn nothing_of_the_library_names_the_command_line() {
    for layer in ["core", "hirp", "tafl", "any", "json", "page"] {
        imports_nothing_above(layer, &["cli"]);
    }
}

/// The replay writes steps itself (`replay::written`, both directions of a
/// step), and the generator builds on it, not the other way round.
#[test]
fn the_replay_imports_nothing_of_the_generator() {
    imports_nothing_above("hirp::replay", &["hirp::generate", "cli"]);
}

/// A layer's check fails on a file that names a layer above it, however it
/// reaches it.
#[test]
fn a_name_of_a_layer_above_is_found_through_super() {
    let code = "use super::super::rules::Position;\nfn f() { crate::json::x(); }";
    let module: Vec<String> = ["hirp", "syntax", "games"].map(String::from).into();
    let named = named_paths(code, &module);
    let named: Vec<String> = named.iter().map(|path| path.join("::")).collect();
    assert_eq!(named, ["hirp::rules", "json::x"]);
}

/// Whether code of the binary names a family's modules (`hirp::hirp`,
/// `hirp::tafl`), its imports resolved: every `use` flattened to the full
/// path it imports (through groups, renames and globs), and every path of
/// the code read from the crate's name or from a name a `use` binds.
fn names_a_family(code: &str) -> bool {
    let file = syn::parse_file(code).expect("the file parses");
    let mut imports = Imports::default();
    syn::visit::Visit::visit_file(&mut imports, &file);
    let mut paths = Paths {
        bound: imports.bound,
        found: imports.full,
    };
    syn::visit::Visit::visit_file(&mut paths, &file);
    paths.found.iter().any(|path| names_family_module(path))
}

/// Whether a full path starts in a family's modules: `hirp::tafl::...`.
fn names_family_module(path: &[String]) -> bool {
    matches!(path, [krate, family, ..] if krate == "hirp" && families().contains(&family.as_str()))
}

/// The library's paths a file's `use` items import, and the names they
/// bind.
#[derive(Default)]
struct Imports {
    /// Each path imported, in full.
    full: Vec<Vec<String>>,
    /// The name each import binds, and the path it stands for.
    bound: std::collections::HashMap<String, Vec<String>>,
}

impl Imports {
    fn tree(&mut self, prefix: &[String], tree: &syn::UseTree) {
        let with = |name: &syn::Ident| {
            let mut path = prefix.to_vec();
            path.push(name.to_string());
            path
        };
        match tree {
            syn::UseTree::Path(path) => self.tree(&with(&path.ident), &path.tree),
            syn::UseTree::Name(name) if name.ident == "self" => self.bind(prefix.to_vec(), None),
            syn::UseTree::Name(name) => self.bind(with(&name.ident), None),
            syn::UseTree::Rename(rename) => {
                let path = match rename.ident == "self" {
                    true => prefix.to_vec(),
                    false => with(&rename.ident),
                };
                self.bind(path, Some(rename.rename.to_string()))
            }
            syn::UseTree::Glob(_) => self.full.push(prefix.to_vec()),
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.tree(prefix, tree);
                }
            }
        }
    }

    /// Binds `path`'s last name, or `rename`, to `path`.
    fn bind(&mut self, path: Vec<String>, rename: Option<String>) {
        if let Some(name) = rename.or_else(|| path.last().cloned()) {
            self.bound.insert(name, path.clone());
        }
        self.full.push(path);
    }
}

impl<'a> syn::visit::Visit<'a> for Imports {
    fn visit_item_use(&mut self, item: &'a syn::ItemUse) {
        self.tree(&[], &item.tree);
    }
}

/// The full paths of a file's code, each read through the names its
/// imports bind.
struct Paths {
    bound: std::collections::HashMap<String, Vec<String>>,
    found: Vec<Vec<String>>,
}

impl<'a> syn::visit::Visit<'a> for Paths {
    fn visit_path(&mut self, path: &'a syn::Path) {
        let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some((first, rest)) = names.split_first() {
            let mut full = match self.bound.get(first) {
                Some(bound) if path.leading_colon.is_none() => bound.clone(),
                _ => vec![first.clone()],
            };
            full.extend(rest.iter().cloned());
            self.found.push(full);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, _: &'a syn::ItemUse) {}
}

/// The commands reach a family through the library's seam, [`hirp::any`]
/// and [`hirp::core::family`]: no file of `src/cli/` names a family's
/// modules.
#[test]
fn the_commands_reach_a_family_through_one_seam() {
    let mut files = 0;
    for path in rust_files(Path::new("src/cli")) {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !names_a_family(&text),
            "{} names a family's modules: a command reaches a family through `hirp::any`",
            path.display()
        );
        files += 1;
    }
    assert!(files > 30, "the command line's files were found: {files}");
}

#[test]
fn a_family_is_named_however_it_is_imported() {
    assert!(names_a_family("use hirp::tafl::rules::RuleSet;"));
    assert!(names_a_family("fn f() { ::hirp::hirp::parse(text); }"));
    assert!(names_a_family(
        "use hirp::{core::Span, tafl::rules::RuleSet};"
    ));
    assert!(names_a_family(
        "use hirp::{self as library}; fn f() { library::tafl::x(); }"
    ));
    assert!(names_a_family(
        "use hirp::tafl as t; fn f(side: t::Side) -> bool { side == t::Side::Attackers }"
    ));
    assert!(names_a_family("use hirp::hirp::*;"));
    assert!(names_a_family("struct S { side: hirp::tafl::Side }"));
    assert!(!names_a_family(
        "use hirp::any::RulesChoice; fn f() { RulesChoice::x(); }"
    ));
    assert!(!names_a_family("use myhirp::tafl::x;"));
    assert!(!names_a_family("// hirp::tafl::x\nfn f() {}"));
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

/// The unit of the module graph a module path falls in: a module at the
/// crate's root (`core`, `json`), or one of a family's (`tafl::json`).
fn unit(path: &[String]) -> Option<String> {
    match path {
        [] => None,
        [family, sub, ..] if families().contains(&family.as_str()) && sub != "types" => {
            Some(format!("{family}::{sub}"))
        }
        [first, ..] => Some(first.clone()),
    }
}

/// The module path of a file of `src/`: `src/tafl/replay/moves.rs` is
/// `tafl::replay::moves`, a `mod.rs` its folder's.
fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(root).unwrap().with_extension("");
    let mut path: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if path
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        path.pop();
    }
    path
}

/// The module paths the code names through `crate::` and `super::`, each
/// resolved from `module` (a file's own module): `crate::{a, b::c}` names
/// `a` and `b::c`.
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut at = 0;
    while at < bytes.len() {
        let starts = (at == 0 || !word(bytes[at - 1]))
            && (code[at..].starts_with("crate::") || code[at..].starts_with("super::"));
        if !starts {
            at += 1;
            continue;
        }
        // The module the path starts from.
        let mut base: Vec<String> = Vec::new();
        if code[at..].starts_with("crate::") {
            at += "crate::".len();
        } else {
            // A file's module, then its parent for each `super`.
            base = module.to_vec();
            while code[at..].starts_with("super::") {
                base.pop();
                at += "super::".len();
            }
        }
        let (names, end) = path_names(&code[at..]);
        for name in names {
            let mut path = base.clone();
            path.extend(name);
            found.push(path);
        }
        at += end.max(1);
    }
    found
}

/// The paths of a `use` tree's text, `a::b` or `{a, b::c, d::{e, f}}`
/// (each part to its first brace), and where the tree ends.
fn path_names(text: &str) -> (Vec<Vec<String>>, usize) {
    let Some(rest) = text.strip_prefix('{') else {
        let (name, end) = leading_path(text);
        return (vec![name], end);
    };
    let (mut depth, mut part_start, mut names) = (0, 0, Vec::new());
    for (n, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            ',' | '}' if depth == 0 => {
                let (name, _) = leading_path(rest[part_start..n].trim_start());
                if !name.is_empty() && name[0] != "self" {
                    names.push(name);
                }
                part_start = n + 1;
                if c == '}' {
                    return (names, n + 2);
                }
            }
            _ => {}
        }
    }
    (names, text.len())
}

/// The path at the start of `text`, `a::b::C`, its segments to the first
/// that is not a module's (a type's, a brace), and where it ends.
fn leading_path(text: &str) -> (Vec<String>, usize) {
    let ident = |s: &str| {
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    };
    let (mut name, mut at) = (Vec::new(), 0);
    loop {
        let len = ident(&text[at..]);
        if len == 0 {
            break;
        }
        name.push(text[at..at + len].to_owned());
        at += len;
        if text[at..].starts_with("::") && text[at + 2..].starts_with(|c: char| c.is_lowercase()) {
            at += 2;
        } else {
            break;
        }
    }
    (name, at)
}

/// The units of the library under `root` and, for each, the units its code
/// names.
fn module_graph(root: &Path) -> Graph {
    let mut graph = Graph::default();
    for file in rust_files(root) {
        let module = module_path(root, &file);
        let Some(own) = unit(&module) else { continue };
        if own == "cli" || own == "main" || own == "fixtures" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let code = code_only(library_code(&file, &text));
        let names = named_paths(&code, &module);
        let entry = graph.entry(own.clone()).or_default();
        for path in names {
            if let Some(other) = unit(&path)
                && other != own
            {
                entry.insert(other);
            }
        }
    }
    graph
}

/// Units, each with the units it names.
type Graph = std::collections::BTreeMap<String, std::collections::BTreeSet<String>>;

/// A cycle of the graph, if it has one, as the units along it.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        stack: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(n) = stack.iter().position(|s| s == node) {
            let mut found = stack[n..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(graph, next, stack, done) {
                return Some(found);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = Default::default();
    graph
        .keys()
        .find_map(|node| visit(graph, node, &mut Vec::new(), &mut done))
}

/// No two modules of the library import each other, however far round:
/// the layers form a graph without a cycle.
#[test]
fn no_cycle_runs_between_the_librarys_modules() {
    let graph = module_graph(Path::new("src"));
    assert!(graph.contains_key("core") && graph.contains_key("tafl::replay"));
    assert!(graph["hirp::replay"].contains("hirp::rules"), "{graph:?}");
    assert!(graph["tafl::replay"].contains("tafl::rules"), "{graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

/// The modules of the command line under `root` (`src/cli`, in the crate
/// `src`), each with the modules its code names: through `super::` and
/// `crate::` (a module, or an item of one, counted as its module's), and a
/// module's own children by their names (`replay::run`).
fn command_line_graph(src: &Path, root: &Path) -> Graph {
    let files = rust_files(root);
    let modules: std::collections::BTreeSet<String> = files
        .iter()
        .map(|file| module_path(src, file).join("::"))
        .collect();
    let mut graph = Graph::default();
    for file in &files {
        let module = module_path(src, file);
        let own = module.join("::");
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_only(library_code(file, &text));
        let mut named: std::collections::BTreeSet<String> = named_paths(&code, &module)
            .iter()
            .filter_map(|path| {
                (1..=path.len())
                    .rev()
                    .map(|n| path[..n].join("::"))
                    .find(|prefix| modules.contains(prefix))
            })
            .collect();
        let prefix = format!("{own}::");
        for child in &modules {
            let Some(name) = child.strip_prefix(&prefix) else {
                continue;
            };
            let used = format!("{name}::");
            let named_here = code.match_indices(&used).any(|(at, _)| {
                !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
            });
            if !name.contains("::") && named_here {
                named.insert(child.clone());
            }
        }
        named.remove(&own);
        graph.entry(own).or_default().extend(named);
    }
    graph
}

/// No two modules of the command line import each other, however far
/// round: what the commands share stands below them, and the list of
/// commands (`cli`) above them all.
#[test]
fn no_circle_runs_between_the_command_lines_modules() {
    let graph = command_line_graph(Path::new("src"), Path::new("src/cli"));
    assert!(graph["cli"].contains("cli::replay"), "{graph:#?}");
    assert!(graph["cli::replay"].contains("cli::game"), "{graph:#?}");
    assert!(
        graph["cli::serve"].contains("cli::serve::api"),
        "{graph:#?}"
    );
    assert!(graph["cli::serve::api"].contains("cli::game"), "{graph:#?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

/// A command that uses what its parent holds, while the parent names the
/// command, makes a circle.
#[test]
fn a_circle_through_a_parent_is_found() {
    let root = std::env::temp_dir().join(format!("hirp-commands-{}", std::process::id()));
    let cli = root.join("cli");
    std::fs::create_dir_all(&cli).unwrap();
    let parent = "mod run;\nmod status;\nfn f() { run::go(); }\npub struct Status;\n";
    std::fs::write(cli.join("mod.rs"), parent).unwrap();
    std::fs::write(cli.join("run.rs"), "use super::Status;\n").unwrap();
    std::fs::write(cli.join("status.rs"), "pub struct Status;\n").unwrap();
    let graph = command_line_graph(&root, &cli);
    std::fs::write(cli.join("run.rs"), "use super::status::Status;\n").unwrap();
    let fixed = command_line_graph(&root, &cli);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        cycle(&graph),
        Some(vec!["cli".into(), "cli::run".into(), "cli".into()])
    );
    assert_eq!(cycle(&fixed), None, "{fixed:#?}");
}

#[test]
fn a_cycle_is_found_however_far_round() {
    let edges = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")];
    let mut graph = Graph::default();
    for (from, to) in edges {
        graph.entry(from.into()).or_default().insert(to.into());
    }
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    graph.get_mut("c").unwrap().remove("a");
    assert_eq!(cycle(&graph), None);
    let paths = named_paths(
        "use crate::{json, tafl::rules};\nuse super::super::x::Y;",
        &["tafl".into(), "replay".into(), "moves".into()],
    );
    let paths: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["json", "tafl::rules", "tafl::x"]);
    let nested = named_paths("use crate::{a::{b, c}, d::e::F};", &[]);
    assert_eq!(nested, [vec!["a".to_owned()], vec!["d".into(), "e".into()]]);
    // A tree whose two modules name each other, one through `super`.
    let root = std::env::temp_dir().join(format!("hirp-modules-{}", std::process::id()));
    std::fs::create_dir_all(root.join("b")).unwrap();
    std::fs::write(root.join("a.rs"), "use crate::b::X;\n").unwrap();
    std::fs::write(root.join("b/mod.rs"), "mod c;\n").unwrap();
    std::fs::write(root.join("b/c.rs"), "use super::super::a::Y;\n").unwrap();
    let graph = module_graph(&root);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}
