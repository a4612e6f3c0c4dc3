//! Every `console` example in the README prints what the README says it
//! prints: each is run by `sh` from the crate root, with the built `hirp`
//! first on the `PATH`, standard error joined to standard output.
//! `HIRP_UPDATE_DOCS=1 cargo test --test readme` writes what they print into
//! the README instead.

mod common;

use std::path::PathBuf;
use std::process::Command;

/// An example: the line it starts on, its command, and what it prints.
struct Example {
    line: usize,
    command: String,
    expected: String,
    /// The lines of the README its output takes, the fences excluded.
    output_lines: std::ops::Range<usize>,
}

/// The README's `console` blocks, each one command and its output.
fn examples() -> Vec<Example> {
    let readme = common::fixture("README.md");
    let mut examples = Vec::new();
    let mut lines = readme.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        if line != "```console" {
            continue;
        }
        let (_, first) = lines.next().expect("a console block has a command");
        let command = first
            .strip_prefix("$ ")
            .unwrap_or_else(|| panic!("README.md:{}: a console block starts with `$ `", n + 2));
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

#[test]
fn every_console_example_prints_what_it_shows() {
    let examples = examples();
    assert!(examples.len() >= 10, "found {} examples", examples.len());
    let path = std::env::join_paths(std::iter::once(bin_dir()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let scratch = std::env::temp_dir().join(format!("hirp-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    let mut printed = Vec::new();
    for example in &examples {
        // An example that writes a file under docs/ writes it elsewhere, so
        // that the test leaves the tree as it found it.
        let command = example
            .command
            .replace(" docs/", &format!(" {}/", scratch.display()));
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{{ {command}\n}} 2>&1"))
            .current_dir(common::root())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .env_remove("CLICOLOR_FORCE")
            .output()
            .unwrap();
        let actual = trimmed(&String::from_utf8_lossy(&output.stdout));
        printed.push(actual.clone());
        if actual != trimmed(&example.expected) {
            failures.push(format!(
                "README.md:{}: `{}` prints\n{actual}\nbut the README shows\n{}",
                example.line, example.command, example.expected
            ));
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    if std::env::var_os("HIRP_UPDATE_DOCS").is_some() {
        update(&examples, &printed);
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Writes what each example printed into the README, in place of what it
/// showed.
fn update(examples: &[Example], printed: &[String]) {
    let readme = common::fixture("README.md");
    let lines: Vec<&str> = readme.lines().collect();
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
    std::fs::write(common::root().join("README.md"), out).unwrap();
}
