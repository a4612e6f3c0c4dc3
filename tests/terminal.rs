//! Nothing of a record reaches a terminal as it is: control characters and
//! characters that reorder text, in tags, comments, tokens and file names,
//! are shown escaped (`\u{1b}`) in every human output, and lines that end
//! in a lone `\r` are shown as lines.

mod common;

use std::path::{Path, PathBuf};

use common::hirp;
use hirp::core::must_escape;

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-terminal-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A record with a terminal title, colours, a screen clear, a C1 control
/// and a right-to-left override in a tag, a comment and two tokens; each
/// line holds an error or stands beside one, so that a snippet shows it.
const HOSTILE: &str = "[Event \"Cup\x1b]0;owned\x07\"] \u{202e}x\n\
                       ; comment \x1b[31mred\x1b[0m\n\
                       G1 KeHei\u{9b}2JHei /\n\
                       S1 He7He8He /\n";

/// The exit status, standard error and standard output of `hirp args...`
/// run in `dir`.
fn outputs(args: &[&str], dir: &Path) -> (Option<i32>, String, String) {
    let output = hirp().args(args).current_dir(dir).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The exit status of `hirp args...` run in `dir`, and what it shows:
/// standard error, then standard output.
fn run(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let (status, err, out) = outputs(args, dir);
    (status, err + &out)
}

/// Checks that `shown` holds no character a terminal would act on but line
/// ends.
fn assert_escaped(shown: &str, what: &str) {
    let raw: Vec<char> = shown
        .chars()
        .filter(|&c| must_escape(c) && c != '\n')
        .collect();
    assert!(raw.is_empty(), "{what} shows {raw:?} as it is:\n{shown}");
}

#[test]
fn validate_shows_tags_comments_and_tokens_escaped() {
    let dir = scratch("validate");
    std::fs::write(dir.join("hostile.hirp"), HOSTILE).unwrap();
    let (status, shown) = run(&["validate", "hostile.hirp"], &dir);
    assert_eq!(status, Some(1));
    assert_escaped(&shown, "validate");
    for escaped in [
        "\\u{1b}]0;owned\\u{7}",
        "\\u{1b}[31mred",
        "\\u{9b}2J",
        "U+202E",
    ] {
        assert!(shown.contains(escaped), "{escaped}:\n{shown}");
    }
    insta::assert_snapshot!(shown);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_human_output_shows_a_hostile_record_escaped() {
    let dir = scratch("every");
    std::fs::write(dir.join("hostile.hirp"), HOSTILE).unwrap();
    std::fs::write(
        dir.join("turns.hirp"),
        "G1 KeHeiHei / ; \x1b[2J\nS1 He7\x1b[8mHe8He /\n",
    )
    .unwrap();
    let commands: [&[&str]; 8] = [
        &["validate", "hostile.hirp", "turns.hirp"],
        &["validate", "--quiet", "hostile.hirp"],
        &["replay", "--continue", "turns.hirp"],
        &["board", "turns.hirp"],
        &["fix", "--diff", "turns.hirp"],
        &["fmt", "--check", "turns.hirp"],
        &["json", "hostile.hirp"],
        &["diff", "turns.hirp", "hostile.hirp"],
    ];
    for command in commands {
        let (_, err, out) = outputs(command, &dir);
        assert_escaped(&err, &command.join(" "));
        // `json` and `fix --diff` write data on standard output, as read.
        if !matches!(command[0], "json" | "fix") {
            assert_escaped(&out, &command.join(" "));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tafl game file with colours and a right-to-left override in its
/// players' tags, a move that reads up to a colour, and one that captures
/// nothing it writes.
const HOSTILE_TAFL: &str = "[attackers:Ann\x1b[31mred]\n\
                            [defenders:\u{202e}Bo]\n\
                            [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\
                            \n\
                            1. d2-c2xc3 d3-c3\n\
                            2. c2-b2\x1b[2J\n";

#[test]
fn a_tafl_replay_shows_its_tags_moves_and_file_name_escaped() {
    let dir = scratch("tafl");
    let name = "a\x1b[2Jb.otg";
    std::fs::write(dir.join(name), HOSTILE_TAFL).unwrap();
    let commands: [&[&str]; 6] = [
        &["replay", name],
        &["replay", "--continue", name],
        &["replay", "--turn", "1b", name],
        &["board", name],
        &["position", name],
        &["position", "--turn", "9a", name],
    ];
    for command in commands {
        let (status, err, out) = outputs(command, &dir);
        let expected = match command {
            ["board" | "position", _] => 0,
            ["position", ..] => 2,
            _ => 1,
        };
        assert_eq!(status, Some(expected), "{command:?}");
        assert_escaped(&err, &command.join(" "));
        assert_escaped(&out, &command.join(" "));
    }
    let (_, shown) = run(&["replay", "--continue", name], &dir);
    for escaped in [
        "a\\u{1b}[2Jb.otg: Ann\\u{1b}[31mred (attackers) against \\u{202e}Bo (defenders)",
        "╭─[a\\u{1b}[2Jb.otg:5:10]",
        "2. c2-b2\\u{1b}[2J",
    ] {
        assert!(shown.contains(escaped), "{escaped}:\n{shown}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_check_quotes_the_line_escaped() {
    let dir = scratch("fmt");
    std::fs::write(dir.join("game.hirp"), "G1  KeHeiHei / ; \x1b[2J\n").unwrap();
    let (status, shown) = run(&["fmt", "--check", "game.hirp"], &dir);
    assert_eq!(status, Some(1));
    assert_eq!(
        shown,
        "error: game.hirp: not in canonical form: line 1 `G1  KeHeiHei / ; \\u{1b}[2J` \
         is written `G1 KeHeiHei / ; \\u{1b}[2J`\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn file_names_are_shown_escaped() {
    let dir = scratch("names");
    let name = "a\x1b[2Jb.hirp";
    std::fs::write(dir.join(name), "G1 KeHeiHei /\nS1 Kx /\n").unwrap();
    let (status, shown) = run(&["validate", name, "no\x07such.hirp"], &dir);
    assert_eq!(status, Some(2));
    assert_escaped(&shown, "validate");
    assert!(
        shown.contains("error: cannot read no\\u{7}such.hirp: no such file or directory\n"),
        "{shown}"
    );
    assert!(shown.contains("╭─[a\\u{1b}[2Jb.hirp:2:5]"), "{shown}");
    assert!(shown.contains("\na\\u{1b}[2Jb.hirp: game 1: "), "{shown}");
    let (_, shown) = run(&["fix", name], &dir);
    assert!(
        shown.contains("a\\u{1b}[2Jb.hirp: 0 problems fixed; 1 error left"),
        "{shown}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lone_cr_line_ends_are_shown_as_lines() {
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    let dir = scratch("cr");
    std::fs::write(dir.join("en.hirp"), edition.replace('\n', "\r")).unwrap();
    let (status, shown) = run(&["validate", "en.hirp"], &dir);
    assert_eq!(status, Some(1));
    assert!(!shown.contains('\r'), "{shown:?}");
    // The same report as with `\n`, lines and columns included.
    std::fs::write(dir.join("en.hirp"), &edition).unwrap();
    let (_, with_lf) = run(&["validate", "en.hirp"], &dir);
    assert_eq!(shown, with_lf);
    insta::assert_snapshot!(shown);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_escaped_character_moves_the_underline_but_not_the_column() {
    // The ESC before the fault is shown as six characters: the underline
    // follows them, and the column named is the file's.
    let dir = scratch("column");
    std::fs::write(
        dir.join("game.hirp"),
        "G1 KeHeiHei / ; \x1b\x1b\nS1 He7\x1bx /\n",
    )
    .unwrap();
    let (_, shown, _) = outputs(&["json", "game.hirp"], &dir);
    assert!(shown.contains("╭─[game.hirp:2:7]"), "{shown}");
    insta::assert_snapshot!(shown);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `hirp args...`, run in `dir` with a terminal for its output (under
/// `script`), shows there; `None` when `script` is not installed.
fn on_a_terminal(args: &[&str], dir: &Path) -> Option<String> {
    let hirp = env!("CARGO_BIN_EXE_hirp");
    let command = std::iter::once(hirp)
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(dir)
        // Diagnostics in colour would put escapes of hirp's own there.
        .env("NO_COLOR", "1")
        .output()
        .ok()?;
    Some(String::from_utf8(output.stdout).unwrap())
}

#[test]
fn fmt_and_fix_escape_a_record_on_a_terminal_and_pass_it_through_a_pipe() {
    let dir = scratch("record-out");
    let game = common::fixture("fixtures/rulebook/corrected.hirp");
    let record = format!("[Event \"Cup\x1b]0;owned\x07\x1b[2J\"]\n{game}");
    std::fs::write(dir.join("hostile.hirp"), &record).unwrap();
    for command in [&["fmt", "hostile.hirp"][..], &["fix", "hostile.hirp"]] {
        let (status, _, out) = outputs(command, &dir);
        assert_eq!(status, Some(0), "{command:?}");
        assert!(
            out.starts_with("[Event \"Cup\x1b]0;owned\x07\x1b[2J\"]\n"),
            "{command:?}: piped as it is"
        );
        let Some(shown) = on_a_terminal(command, &dir) else {
            eprintln!("script is not installed: the terminal half is not run");
            return;
        };
        assert_escaped(
            &shown.replace('\r', ""),
            &format!("{command:?} on a terminal"),
        );
        assert!(
            shown.contains("[Event \"Cup\\u{1b}]0;owned\\u{7}\\u{1b}[2J\"]"),
            "{command:?}: {shown}"
        );
    }
}
