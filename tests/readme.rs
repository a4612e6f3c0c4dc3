//! Every `console` example in the README and in `docs/*.md` prints what
//! its page says it prints: each is run by `sh` from the crate root, with
//! the built `hirp` first on the `PATH`, standard error joined to standard
//! output. `HIRP_UPDATE_DOCS=1 cargo test --test readme` writes what they
//! print into the pages instead. The README stays a front door, and every
//! relative link of these pages leads somewhere.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The most lines the README may have: the manual is under `docs/`.
const README_MAX_LINES: usize = 300;

/// An example: the line it starts on, its command, and what it prints.
struct Example {
    line: usize,
    command: String,
    expected: String,
    /// The lines of the page its output takes, the fences excluded.
    output_lines: std::ops::Range<usize>,
}

/// The pages whose examples are run: the README, then `docs/*.md` in path
/// order, each as its path from the crate root.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_owned()];
    pages.extend(
        common::files_under(&common::root().join("docs"), "md")
            .iter()
            .map(|path| common::relative(path)),
    );
    pages
}

/// A page's `console` blocks, each one command and its output.
fn examples(page: &str) -> Vec<Example> {
    let text = common::fixture(page);
    let mut examples = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        if line != "```console" {
            continue;
        }
        let (_, first) = lines.next().expect("a console block has a command");
        let command = first
            .strip_prefix("$ ")
            .unwrap_or_else(|| panic!("{page}:{}: a console block starts with `$ `", n + 2));
        let mut expected = String::new();
        let mut end = n + 2;
        for (m, line) in lines.by_ref() {
            if line == "```" {
                end = m;
                break;
            }
            expected.push_str(line);
            expected.push('\n');
        }
        examples.push(Example {
            line: n + 2,
            command: command.to_owned(),
            expected,
            output_lines: n + 2..end,
        });
    }
    examples
}

/// The directory the `hirp` binary under test is in.
fn bin_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_hirp"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Lines without trailing blanks, as a Markdown file keeps them.
fn trimmed(text: &str) -> String {
    text.lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}

/// Runs an example's command from the crate root and returns what it
/// printed, trimmed: as a reader who runs it through a pipe sees it, with
/// no `COLUMNS` (an example that wants a width sets it).
fn run(example: &Example, path: &std::ffi::OsStr, scratch: &Path) -> String {
    // An example that writes a file under docs/ writes it elsewhere, so
    // that the test leaves the tree as it found it.
    let command = example
        .command
        .replace(" docs/", &format!(" {}/", scratch.display()));
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(common::root())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    trimmed(&String::from_utf8_lossy(&output.stdout))
}

#[test]
fn every_console_example_prints_what_it_shows() {
    let path = std::env::join_paths(std::iter::once(bin_dir()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let scratch = std::env::temp_dir().join(format!("hirp-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let update = std::env::var_os("HIRP_UPDATE_DOCS").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages() {
        let examples = examples(&page);
        if page == "README.md" {
            assert!(
                examples.len() >= 3,
                "the README has {} examples",
                examples.len()
            );
        }
        count += examples.len();
        let mut printed = Vec::new();
        for example in &examples {
            let actual = run(example, &path, &scratch);
            if actual != trimmed(&example.expected) {
                failures.push(format!(
                    "{page}:{}: `{}` prints\n{actual}\nbut the page shows\n{}",
                    example.line, example.command, example.expected
                ));
            }
            printed.push(actual);
        }
        if update && !examples.is_empty() {
            write_outputs(&page, &examples, &printed);
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    assert!(count >= 30, "found {count} examples");
    if !update {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

/// Writes what each example printed into its page, in place of what it
/// showed.
fn write_outputs(page: &str, examples: &[Example], printed: &[String]) {
    let text = common::fixture(page);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    let mut at = 0;
    for (example, actual) in examples.iter().zip(printed) {
        for line in &lines[at..example.output_lines.start] {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(actual);
        at = example.output_lines.end;
    }
    for line in &lines[at..] {
        out.push_str(line);
        out.push('\n');
    }
    std::fs::write(common::root().join(page), out).unwrap();
}

#[test]
fn the_readme_is_a_front_door() {
    let lines = common::fixture("README.md").lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the detail to docs/"
    );
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped,
/// spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown page's headings, code blocks left out.
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of a page's inline links `[text](target)` that are not a
/// web address, code blocks left out.
fn relative_links(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (n, _) in line.match_indices("](") {
            let target: String = line[n + 2..].chars().take_while(|&c| c != ')').collect();
            if !target.contains("://") && !target.starts_with("mailto:") {
                found.push(target);
            }
        }
    }
    found
}

#[test]
fn every_relative_link_leads_somewhere() {
    let mut checked = 0;
    for page in pages() {
        let text = common::fixture(&page);
        let dir = Path::new(&page).parent().unwrap_or(Path::new(""));
        for link in relative_links(&text) {
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                PathBuf::from(&page)
            } else {
                dir.join(file)
            };
            let on_disk = common::root().join(&target);
            assert!(on_disk.exists(), "{page} links to {link}: no such file");
            if !fragment.is_empty() {
                let target_text = std::fs::read_to_string(&on_disk).unwrap();
                assert!(
                    anchors(&target_text).iter().any(|a| a == fragment),
                    "{page} links to {link}: no such heading"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} relative links checked");
}
