//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod examples;
pub mod long_game;
pub mod replay;
pub mod server;

use std::path::{Path, PathBuf};

/// The crate's root directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `path` relative to the crate root, with `/` separators, for stable snapshots.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The `hirp` binary, run from the crate root without colour, in no known
/// number of columns.
pub fn hirp() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("hirp").expect("the hirp binary is built");
    cmd.current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS");
    cmd
}

/// Every file under `dir` whose name ends with `.` and `extension`, in
/// path order.
pub fn files_under(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder exists") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `games` generated games (`hirp gen`), as text.
pub fn generated(seed: u64, games: usize) -> String {
    hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed,
        games,
        max_turns: 200,
    })
    .to_string()
}

/// `text` with comments on lines of their own and after some tags and
/// turns, blanks before and after lines, and `\r\n` line ends on some:
/// still written the usual way.
pub fn decorated(text: &str) -> String {
    let mut out = String::new();
    for (n, line) in text.lines().enumerate() {
        if n % 11 == 0 {
            out.push_str("; a comment, Hirþ's {not a block} [nor a tag]\n");
        }
        if n % 5 == 0 {
            out.push_str(" \t");
        }
        out.push_str(line);
        if n % 3 == 0 && !line.is_empty() {
            out.push_str("\t ; after it;");
        }
        if n % 7 == 0 {
            out.push(' ');
        }
        out.push_str(if n % 2 == 0 { "\r\n" } else { "\n" });
    }
    out
}

/// Reads a fixture by its path relative to the crate root.
pub fn fixture(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("the fixture exists")
}

/// `hirp fix ARGS -` on `text`: exit status, standard output, standard
/// error.
pub fn fix_stdin(args: &[&str], text: &str) -> (i32, String, String) {
    let output = hirp()
        .arg("fix")
        .args(args)
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}
