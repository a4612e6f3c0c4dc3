//! The command line as scripts see it: streams, exit codes, stdin, colour.

use crate::common;

use std::io::Write as _;
use std::process::{Command, Stdio};

use common::hirp;

#[test]
fn missing_file_is_one_line_and_exit_2() {
    let output = hirp().args(["json", "no-such-game.hirp"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: cannot read no-such-game.hirp: no such file or directory\n"
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "{\"files\":[{\"path\":\"no-such-game.hirp\",\"games\":[],\
         \"error\":\"cannot read no-such-game.hirp: no such file or directory\"}]}\n",
        "the document is still written, the file listed with its error"
    );
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_command_of_many_files_walks_directories_as_validate_does() {
    let dir = scratch("walk");
    let (a, b) = ("G1 KeHeiHei /\n", "G1 KeHeiHei /\nS1 He7He8He /\n");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/b.hirp"), b).unwrap();
    std::fs::write(dir.join("a.hirp"), a).unwrap();
    std::fs::write(dir.join(".hidden.hirp"), "G1 Kx /\n").unwrap();
    std::fs::write(dir.join("ignored.hirp"), "G1 Kx /\n").unwrap();
    std::fs::write(dir.join(".gitignore"), "ignored.hirp\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
    let run = |args: &[&str]| {
        let output = hirp().args(args).arg(&dir).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let (pa, pb) = (
        dir.join("a.hirp").display().to_string(),
        dir.join("sub/b.hirp").display().to_string(),
    );
    let validated = run(&["validate", "--all"]);
    assert!(
        validated.starts_with(&format!("{pa}: game 1")),
        "{validated}"
    );
    assert!(
        validated.contains(&format!("\n{pb}: game 1")),
        "{validated}"
    );
    assert_eq!(run(&["fmt"]), format!("{a}\n{b}"));
    assert_eq!(run(&["fmt", "--check"]), "");
    assert_eq!(run(&["fix"]), format!("{a}{b}"));
    let json: serde_json::Value = serde_json::from_str(&run(&["json"])).unwrap();
    let paths: Vec<&str> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, [pa.as_str(), pb.as_str()]);
    let lines = run(&["json", "--lines"]);
    assert_eq!(lines.lines().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_in_place_fixes_every_record_under_a_directory() {
    let dir = scratch("fix-dir");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for path in ["en.hirp", "sub/pl.hirp"] {
        let edition = path.rsplit('/').next().unwrap();
        std::fs::copy(
            common::root().join("fixtures/rulebook").join(edition),
            dir.join(path),
        )
        .unwrap();
    }
    let output = hirp()
        .args(["fix", "--in-place"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    for path in ["en.hirp", "sub/pl.hirp"] {
        assert_eq!(
            std::fs::read_to_string(dir.join(path)).unwrap(),
            corrected,
            "{path}"
        );
        assert!(dir.join(format!("{path}.orig")).is_file(), "{path}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    let output = hirp().args(["json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = hirp().args(["no-such-command"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = hirp()
        .args(["json", "--schema", "x.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn stdin_is_read_for_dash() {
    let text = common::fixture("fixtures/rulebook/corrected.hirp");
    let output = hirp()
        .args(["fmt", "-"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), text);
}

/// What `hirp ARGS PATH` writes to standard output and its exit status,
/// with PATH and its file name written as standard input names them.
fn as_from_stdin(args: &[&str], path: &str) -> (Option<i32>, String) {
    let output = hirp().args(args).arg(path).output().unwrap();
    let name = std::path::Path::new(path)
        .file_name()
        .unwrap()
        .to_str()
        .unwrap();
    let stdout = String::from_utf8(output.stdout)
        .unwrap()
        .replace(path, "-")
        .replace(name, "standard input");
    (output.status.code(), caption_unwrapped(&stdout))
}

/// `shown` with a board's caption on one line: a caption is wrapped to the
/// board's width, so a file's name and "standard input" wrap apart.
fn caption_unwrapped(shown: &str) -> String {
    match shown.split_once("\n     a  b") {
        Some((caption, board)) if !caption.contains("\n\n") => {
            format!("{}\n     a  b{board}", caption.replace('\n', " "))
        }
        _ => shown.to_owned(),
    }
}

#[test]
fn a_tafl_record_on_stdin_or_in_a_txt_file_is_read_as_tafl_by_every_command() {
    let dir = scratch("sniff");
    for path in [
        "fixtures/tafl/opentafl/copenhagen-resigned.otg",
        "fixtures/tafl/valid/brandub/agreed.otg",
    ] {
        let text = std::fs::read(path).unwrap();
        let txt = dir.join("game.txt");
        std::fs::write(&txt, &text).unwrap();
        for command in [
            "validate", "fix", "fmt", "json", "board", "position", "replay", "html",
        ] {
            let expected = as_from_stdin(&[command], path);
            let output = hirp()
                .args([command, "-"])
                .write_stdin(text.clone())
                .output()
                .unwrap();
            let stdout = caption_unwrapped(&String::from_utf8(output.stdout).unwrap());
            assert_eq!(
                (output.status.code(), stdout),
                expected,
                "hirp {command} - < {path}"
            );
            let from_txt = as_from_stdin(&[command], txt.to_str().unwrap());
            assert_eq!(
                from_txt, expected,
                "hirp {command} game.txt, a copy of {path}"
            );
        }
    }
}

#[test]
fn an_archive_on_stdin_is_read_as_one_without_rules_and_checked_with_them() {
    let archive = "d6-c6 e4-e1 f4-e4 d3-f3,0,0,Ongoing\nb4-b3 c4-c5 d6-c6,0,0,Ongoing\n";
    let json = hirp()
        .args(["json", "-"])
        .write_stdin(archive)
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(0));
    let json = String::from_utf8(json.stdout).unwrap();
    assert!(json.contains(r#""form":"csv""#), "{json}");
    let checked = hirp()
        .args(["validate", "--rules", "brandubh-online", "-"])
        .write_stdin(archive)
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(0));
    let summary = String::from_utf8(checked.stdout).unwrap();
    assert!(summary.contains("\ngames     2\n"), "{summary}");
}

#[test]
fn a_hirp_record_on_stdin_stays_hirp_when_rules_are_given() {
    let output = hirp()
        .args(["replay", "--rules", "brandub", "-"])
        .write_stdin("G1 KeHeiHei /\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--rules is for tafl records"), "{stderr}");
}

#[test]
fn fmt_check_passes_canonical_and_fails_otherwise() {
    let output = hirp()
        .args(["fmt", "--check", "fixtures/rulebook/corrected.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty() && output.stderr.is_empty());

    let output = hirp()
        .args(["fmt", "--check", "-"])
        .write_stdin("G1  KeHeiHei   /\nS1 He7He8He /\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: -: not in canonical form: line 1 `G1  KeHeiHei   /` is written `G1 KeHeiHei /`\n"
    );
}

#[test]
fn fmt_prints_the_canonical_form() {
    let messy =
        "\u{feff}[Gull  \"Ragna\"] ;host\r\n{ first }  G1\tKeHeiHei  / {a}\r\nS1 He7He8He /\r\n";
    let output = hirp()
        .args(["fmt", "-"])
        .write_stdin(messy)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    insta::assert_snapshot!(String::from_utf8(output.stdout).unwrap());
}

#[test]
fn fmt_write_rewrites_the_file() {
    let dir = std::env::temp_dir().join(format!("hirp-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.hirp");
    std::fs::write(&path, "G1 KeHeiHei   /\r\n").unwrap();
    let output = hirp().args(["fmt", "--write"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "G1 KeHeiHei /\n");
    // A file with a syntax error is left as it is.
    let broken = dir.join("broken.hirp");
    std::fs::write(&broken, "G1 KeHeiHei   /\nS1 Kx /\n").unwrap();
    let output = hirp()
        .args(["fmt", "--write"])
        .arg(&broken)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "G1 KeHeiHei   /\nS1 Kx /\n"
    );
    // Nothing else is left in the directory.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["broken.hirp", "game.hirp"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_check_names_the_line_in_a_later_game() {
    let text = "G1 KeHeiHei /\nS1 He7He8He /\n\n[Game \"2\"]\n\nG1 KeHeiHei  /\n";
    let output = hirp()
        .args(["fmt", "--check", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: -: not in canonical form: line 6 `G1 KeHeiHei  /` is written `G1 KeHeiHei /`\n"
    );
}

#[test]
fn fmt_refuses_records_with_syntax_errors() {
    let output = hirp()
        .args(["fmt", "fixtures/rulebook/en.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("hirp::syntax::crew_letter"), "{err}");
    // The last word says what repairs them.
    assert!(
        err.ends_with(
            "fixtures/rulebook/en.hirp is not formatted for its syntax errors; `hirp fix` \
             repairs each that has one repair\n"
        ),
        "{err}"
    );
}

#[test]
fn json_with_syntax_errors_still_writes_what_was_read() {
    let output = hirp()
        .args(["json", "fixtures/rulebook/pl.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let battle = &json["files"][0]["games"][0]["turns"][4]["battles"][0];
    assert_eq!(battle["malformed"], true);
    assert_eq!(battle["notation"], "/-6SK^GH6");
}

#[test]
fn json_and_notation_round_trip_through_a_pipe() {
    let text = common::fixture("fixtures/rulebook/corrected.hirp");
    for args in [
        &["json", "-"][..],
        &["json", "--lines", "-"],
        &["json", "--pretty", "-"],
    ] {
        let json = hirp()
            .args(args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert_eq!(json.status.code(), Some(0));
        let back = hirp()
            .args(["notation", "-"])
            .write_stdin(json.stdout)
            .output()
            .unwrap();
        assert_eq!(back.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8(back.stdout).unwrap(), text, "{args:?}");
    }
}

#[test]
fn json_lines_has_one_game_a_line() {
    let text = "[Event \"a\"]\nG1 He /\n\n[Event \"b\"]\nG1 He /\nS1 He /\n";
    let output = hirp()
        .args(["json", "--lines", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[1]["path"], "-");
    assert_eq!(lines[1]["turns"].as_array().unwrap().len(), 2);
}

#[test]
fn schema_describes_the_document() {
    let output = hirp().args(["json", "--schema"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(schema["title"], "Document");
    assert!(schema["$defs"]["Step"]["properties"]["notation"].is_object());
    let lines = hirp()
        .args(["json", "--schema", "--lines"])
        .output()
        .unwrap();
    let schema: serde_json::Value = serde_json::from_slice(&lines.stdout).unwrap();
    assert_eq!(schema["title"], "GameLine");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let escape = |args: &[&str], no_color: bool| {
        let mut cmd = hirp();
        if !no_color {
            cmd.env_remove("NO_COLOR");
        }
        let output = cmd.args(args).output().unwrap();
        String::from_utf8(output.stderr).unwrap().contains('\u{1b}')
    };
    let file = "fixtures/rulebook/en.hirp";
    assert!(!escape(&["json", file], false), "a pipe gets no colour");
    assert!(escape(&["--color", "always", "json", file], true));
    assert!(!escape(&["--color", "never", "json", file], false));
}

#[test]
fn help_teaches_the_notation_and_exit_codes() {
    let output = hirp().arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("G3 Hv3mHv3>6 >6SK^GH6"));
    assert!(help.contains("Exit status: 0"));
    for command in ["validate", "json", "notation", "fmt"] {
        let output = hirp().args([command, "--help"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert!(
            String::from_utf8(output.stdout)
                .unwrap()
                .contains("Examples:")
        );
    }
}

#[test]
fn json_help_shows_its_files_as_required() {
    let output = hirp().args(["json", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let usage: String = help
        .lines()
        .skip_while(|l| !l.starts_with("Usage:"))
        .take_while(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(usage);
    // What the usage says is what is checked.
    let missing = hirp().arg("json").output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let schema = hirp()
        .args(["json", "--schema", "--lines"])
        .output()
        .unwrap();
    assert_eq!(schema.status.code(), Some(0));
}

#[test]
fn help_says_what_each_colour_choice_does() {
    let output = hirp().args(["validate", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    for value in [
        "auto:   Colour when writing to a terminal and NO_COLOR is not set",
        "always: Always colour",
        "never:  Never colour",
    ] {
        assert!(help.contains(value), "{value}");
    }
}

/// Runs `hirp ARGS` with `stdin` on standard input and, as standard output,
/// a pipe whose reader has gone (as `| head -1` leaves it once it has its
/// line); returns the exit status and standard error.
fn with_stdout_closed(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hirp"))
        .args(args)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // The command may end without reading all of it.
    let feeder = std::thread::spawn(move || drop(input.write_all(&stdin)));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (
        output.status.code().expect("an exit status"),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_closed_standard_output_changes_no_exit_status() {
    // More JSON than a pipe or a buffer holds, before a file with errors.
    let big = hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed: 3,
        games: 20,
        max_turns: 60,
    })
    .to_string();
    let ambiguous = "G1 He1He1He /\nS1 He8He7He /\nG2 H13L06He /\n";
    let json = hirp()
        .args(["json", "fixtures/rulebook/corrected.hirp"])
        .output()
        .unwrap()
        .stdout;
    let cases: [(&[&str], &[u8], i32); 11] = [
        (&["validate", "fixtures/valid", "fixtures/rulebook"], b"", 1),
        (
            &["validate", "--format", "json", "fixtures/rulebook/en.hirp"],
            b"",
            1,
        ),
        (&["fix", "-"], ambiguous.as_bytes(), 1),
        (
            &[
                "fmt",
                "fixtures/rulebook/corrected.hirp",
                "fixtures/rulebook/en.hirp",
            ],
            b"",
            1,
        ),
        (
            &["json", "-", "fixtures/rulebook/pl.hirp"],
            big.as_bytes(),
            1,
        ),
        (&["notation", "-", "fixtures/rulebook/en.hirp"], &json, 1),
        (&["replay", "fixtures/rulebook/en.hirp"], b"", 1),
        (&["board", "fixtures/rulebook/en.hirp"], b"", 0),
        (
            &[
                "diff",
                "fixtures/rulebook/en.hirp",
                "fixtures/rulebook/corrected.hirp",
            ],
            b"",
            1,
        ),
        (&["gen", "--games", "3"], b"", 0),
        (&["json", "--schema"], b"", 0),
    ];
    for (args, stdin, status) in cases {
        let open = hirp().args(args).write_stdin(stdin).output().unwrap();
        let open = (
            open.status.code().unwrap(),
            String::from_utf8(open.stderr).unwrap(),
        );
        assert_eq!(open.0, status, "{args:?}");
        assert_eq!(
            with_stdout_closed(args, stdin),
            open,
            "{args:?}: the same status and standard error as with a reader"
        );
    }
}

#[test]
fn a_full_disk_under_standard_output_is_an_io_error() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        eprintln!("skipped: this system has no /dev/full");
        return;
    };
    for format in ["human", "json"] {
        let output = Command::new(env!("CARGO_BIN_EXE_hirp"))
            .args(["validate", "--format", format, "fixtures/valid"])
            .current_dir(common::root())
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "error: cannot write to standard output: No space left on device\n",
            "{format}"
        );
    }
}

#[test]
fn standard_input_named_twice_is_a_usage_error() {
    for command in ["diff", "validate", "fmt", "json", "notation", "fix"] {
        let output = hirp()
            .args([command, "-", "-"])
            .write_stdin("G1 KeHeiHei /\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "error: standard input (`-`) is named more than once; it can be read only once\n",
            "{command}"
        );
        assert!(output.stdout.is_empty(), "{command}");
    }
}

/// What running `hirp ARGS` in `dir` shows: the command, its standard
/// output and error, and its exit status.
fn transcript(dir: &std::path::Path, runs: &[&[&str]]) -> String {
    let mut shown = String::new();
    for args in runs {
        let output = hirp().current_dir(dir).args(*args).output().unwrap();
        shown.push_str(&format!("$ hirp {}\n", args.join(" ")));
        for (name, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
            if !bytes.is_empty() {
                shown.push_str(&format!("[{name}]\n{}", String::from_utf8_lossy(bytes)));
            }
        }
        shown.push_str(&format!("[exit {}]\n\n", output.status.code().unwrap()));
    }
    shown
}

#[test]
fn a_path_that_yields_no_record_is_an_error() {
    let dir = scratch("no-record");
    std::fs::write(dir.join("empty.hirp"), "").unwrap();
    std::fs::write(dir.join("comments.hirp"), "; a comment\n{ another }\n").unwrap();
    std::fs::create_dir_all(dir.join("notes")).unwrap();
    std::fs::write(dir.join("notes/todo.txt"), "not a record").unwrap();
    std::fs::write(dir.join("game.hirp"), "G1 KeHeiHei /\n").unwrap();
    let shown = transcript(
        &dir,
        &[
            &["validate", "missing.hirp"],
            &["validate", "--format", "json", "missing.hirp"],
            &["validate", "empty.hirp"],
            &["validate", "notes"],
            &[
                "validate",
                "--quiet",
                "comments.hirp",
                "missing.hirp",
                "game.hirp",
                "notes",
            ],
            &["validate", "--format", "json", "notes", "empty.hirp"],
            &["fmt", "--check", "comments.hirp", "notes"],
            &["json", "--lines", "empty.hirp", "notes"],
            &["fix", "comments.hirp"],
        ],
    );
    insta::assert_snapshot!(shown);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_given_for_hirp_records_is_said_to_be_left_aside_once() {
    for command in ["validate", "fix", "json", "board"] {
        let output = hirp()
            .args([
                command,
                "--rules",
                "brandub",
                "fixtures/rulebook/corrected.hirp",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{command}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let notes = stderr.matches("--rules is for tafl records").count();
        assert_eq!(notes, 1, "{command}: {stderr}");
    }
    let output = hirp()
        .args([
            "validate",
            "--quiet",
            "--rules",
            "brandub",
            "fixtures/valid",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr.matches("--rules is for tafl records").count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("HIRP records (fixtures/valid/"), "{stderr}");
    let tafl = hirp()
        .args([
            "validate",
            "--rules",
            "brandubh-online",
            "fixtures/tafl/valid/brandub/timeout.csv",
        ])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8(tafl.stderr)
            .unwrap()
            .contains("--rules is for")
    );
}

#[test]
fn completions_are_scripts_each_shell_reads_and_name_every_command() {
    let commands = [
        "replay",
        "board",
        "position",
        "html",
        "validate",
        "fix",
        "diff",
        "json",
        "notation",
        "fmt",
        "gen",
        "rules",
        "serve",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = hirp().args(["completions", shell]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for command in commands {
            assert!(script.contains(command), "{shell}: no {command}");
        }
    }
    // Bash reads its script without a syntax error.
    let script = hirp()
        .args(["completions", "bash"])
        .output()
        .unwrap()
        .stdout;
    let dir = std::env::temp_dir().join(format!("hirp-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hirp.bash");
    std::fs::write(&path, script).unwrap();
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let unknown = hirp().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn man_writes_a_page_for_hirp_and_each_command() {
    let output = hirp().arg("man").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains(".TH hirp 1"), "{page}");
    assert!(page.contains("tafl"), "the page says what hirp is for");

    let dir = std::env::temp_dir().join(format!("hirp-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let output = hirp()
        .args(["man", "--dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "hirp-board.1",
            "hirp-completions.1",
            "hirp-convert.1",
            "hirp-dedupe.1",
            "hirp-diff.1",
            "hirp-fix.1",
            "hirp-fmt.1",
            "hirp-gen.1",
            "hirp-html.1",
            "hirp-json.1",
            "hirp-man.1",
            "hirp-notation.1",
            "hirp-position.1",
            "hirp-replay.1",
            "hirp-rules.1",
            "hirp-select.1",
            "hirp-serve.1",
            "hirp-split.1",
            "hirp-stats.1",
            "hirp-validate.1",
            "hirp.1",
        ]
    );
    let validate = std::fs::read_to_string(dir.join("hirp-validate.1")).unwrap();
    assert!(validate.contains(".TH hirp-validate 1"), "{validate}");
    assert!(
        validate.contains("max\\-errors"),
        "the page lists the options"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line beyond the limit is reported by its length, in both families,
/// not by the character that starts it.
#[test]
fn a_line_too_long_is_told_by_its_length() {
    let dir = scratch("long-line");
    let hirp_path = dir.join("long.hirp");
    let csv_path = dir.join("long.csv");
    std::fs::write(&hirp_path, format!("G1 {} /\n", "KeHeiHei".repeat(9_000))).unwrap();
    std::fs::write(
        &csv_path,
        format!("{},0,0,Draw\n", "d2-e2 e2-d2 ".repeat(6_000)),
    )
    .unwrap();
    let mut seen = String::new();
    for (path, rules) in [(&hirp_path, None), (&csv_path, Some("brandub"))] {
        let mut command = hirp();
        command.args(["validate", "--quiet"]);
        if let Some(rules) = rules {
            command.args(["--rules", rules]);
        }
        let output = command.arg(path).current_dir(&dir).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8(output.stderr).unwrap();
        seen.push_str(&stderr.replace(&dir.display().to_string(), "DIR"));
    }
    insta::assert_snapshot!(seen);
}

/// Standard input is `-` where a path stands (a diagnostic's place, the head
/// of a line about the file, a JSON `path`) and standard input in a
/// sentence, in every message.
#[test]
fn standard_input_is_named_alike_in_every_message() {
    let run = |args: &[&str], stdin: &str| {
        let output = hirp()
            .args(args)
            .write_stdin(stdin.to_owned())
            .output()
            .unwrap();
        let (out, err) = (output.stdout, output.stderr);
        String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap()
    };
    let faulty = "G1 KeHeiHei /\nS1 He7He8HeHe /\n";
    let said = [
        run(&["validate", "-"], faulty),
        run(&["validate", "--format", "json", "-"], faulty),
        run(&["fmt", "--check", "-"], "G1  KeHeiHei /\n"),
        run(&["validate", "-"], ""),
        run(&["replay", "--game", "3", "-"], faulty),
        run(&["board", "--turn", "S9", "-"], faulty),
        run(&["notation", "-"], "{\"files\": [}"),
        run(
            &["diff", "-", "fixtures/valid/01-yfirrad-empty-karve.hirp"],
            faulty,
        ),
    ]
    .concat();
    for expected in [
        "-: game 1: no result",
        "[-:2:4]",
        "\"path\":\"-\"",
        "error: -: not in canonical form",
        "error: standard input holds no game",
        "error: standard input has 1 game; there is no game 3",
        "error: game 1 of standard input has no turn S9",
        "error: -: not JSON",
        "standard input and fixtures/valid/01-yfirrad-empty-karve.hirp differ",
    ] {
        assert!(said.contains(expected), "{expected}:\n{said}");
    }
    assert!(!said.contains("stdin"), "{said}");
}

/// `hirp diff` keeps to the width it is given (`COLUMNS`), a line too long
/// broken between words, never inside one; through a pipe with no width,
/// each line is whole.
#[test]
fn diff_lines_keep_to_the_width_broken_between_words() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diff-width");
    std::fs::create_dir_all(&dir).unwrap();
    let original = common::root().join("fixtures/rulebook/en.hirp");
    let text = std::fs::read_to_string(&original).unwrap();
    let changed = dir.join("crew-letter.hirp");
    std::fs::write(&changed, text.replacen("Khh3mL64Khei", "Khk3mL64Khei", 1)).unwrap();
    let diff = |columns: Option<&str>| {
        let mut cmd = hirp();
        cmd.env_remove("COLUMNS");
        if let Some(columns) = columns {
            cmd.env("COLUMNS", columns);
        }
        let output = cmd
            .arg("diff")
            .arg(&original)
            .arg(&changed)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        String::from_utf8(output.stdout).unwrap()
    };
    let whole = diff(None);
    assert!(whole.lines().any(|l| l.chars().count() > 60), "{whole}");
    let narrow = diff(Some("60"));
    for line in narrow.lines() {
        assert!(line.chars().count() <= 60, "{line:?} in\n{narrow}");
    }
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&narrow), words(&whole));
    assert!(narrow.lines().count() > whole.lines().count());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `hirp board --turn 0` draws a game's start, before its first turn, in
/// both families: the board `hirp position --turn 0` names, headed as the
/// start.
#[test]
fn board_turn_0_draws_the_start() {
    let run = |args: &[&str]| {
        let output = hirp().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let games = [
        ("fixtures/rulebook/en.hirp", None),
        (
            "fixtures/tafl/valid/brandub/king_escaped.otg",
            Some("brandub"),
        ),
    ];
    for (path, rules) in games {
        let start = run(&["board", path, "--turn", "0"]);
        insta::assert_snapshot!(format!("board_start_{}", rules.unwrap_or("hirp")), start);
        let line = run(&["position", path, "--turn", "0"]);
        let mut args = vec!["board", "--position", line.trim()];
        if let Some(rules) = rules {
            args.extend(["--rules", rules]);
        }
        let drawn = run(&args);
        // The same board under another heading.
        let body = |text: &str| text.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&start), body(&drawn), "{path}");
        let last = run(&["board", path]);
        assert_ne!(body(&start), body(&last), "{path}");
    }
}
