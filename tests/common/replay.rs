//! Running `hirp replay` as the tests of both families do.

use super::{hirp, root};

/// `hirp replay ARGS`: its exit status, standard output and standard error.
pub fn replay(args: &[&str]) -> (i32, String, String) {
    let output = hirp().arg("replay").args(args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// `hirp replay ARGS` with standard error joined to standard output, as a
/// terminal shows them: its exit status and what it printed.
pub fn replay_joined(args: &[&str]) -> (i32, String) {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' replay {} 2>&1",
            assert_cmd::cargo::cargo_bin("hirp").display(),
            args.join(" ")
        ))
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// Where `text` first stands in `out`.
pub fn at(out: &str, text: &str) -> usize {
    out.find(text)
        .unwrap_or_else(|| panic!("no {text:?} in\n{out}"))
}
