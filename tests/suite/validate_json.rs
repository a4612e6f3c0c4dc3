//! `hirp validate --format json` is written from its types: whatever the
//! input, the output reads back into `hirp::json::report::Validation` (which
//! denies fields it does not know), writes back to the same bytes, and meets
//! the schema generated from the types.

use crate::common;
use crate::schema;

use std::path::{Path, PathBuf};

use hirp::json::report::{FileValidation, Validation};
use schema::conforms;
use serde_json::Value;

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-json-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `hirp validate --format json ARGS` with `stdin` on standard input;
/// returns the exit status and standard output.
fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>) {
    let output = common::hirp()
        .args(["validate", "--format", "json"])
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (output.status.code().unwrap(), output.stdout)
}

/// Runs `hirp validate --format json ARGS` with `stdin` on standard input;
/// returns the exit status and the document, checked against the contract.
fn validate(args: &[&str], stdin: &[u8]) -> (i32, Validation) {
    let (status, stdout) = run(args, stdin);
    (status, contract(&stdout, &format!("{args:?}")))
}

/// Reads `stdout` as one document of the contract, on one line: it
/// deserialises into the types, serialises back to the same bytes, and meets
/// the schema.
fn contract(stdout: &[u8], what: &str) -> Validation {
    let text = std::str::from_utf8(stdout).unwrap_or_else(|e| panic!("{what}: {e}"));
    let line = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("{what}: the document ends with a newline: {text}"));
    assert!(!line.contains('\n'), "{what}: one line: {text}");
    let validation: Validation =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{what}: {e}: {line}"));
    assert_eq!(
        serde_json::to_string(&validation).unwrap(),
        line,
        "{what}: the output is what the types write"
    );
    let value: Value = serde_json::from_str(line).unwrap();
    let schema = serde_json::to_value(hirp::json::validation_schema()).unwrap();
    if let Err(e) = conforms(&schema, &schema, &value, "") {
        panic!("{what}: the output does not meet the schema: {e}");
    }
    validation
}

/// Every record under `dir`, in path order, relative to the crate root.
fn records(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(records(&path));
        } else if path.extension().is_some_and(|e| e == "hirp") {
            found.push(common::relative(&path));
        }
    }
    found
}

/// Checks that `file` is the entry of `path`, read to its end.
fn read_to_end(file: &FileValidation, path: &str) {
    assert_eq!(file.path, path);
    assert_eq!(file.error, None, "{path}");
}

#[test]
fn every_fixture_alone_and_all_at_once_with_one_or_two_jobs() {
    let fixtures = records(&common::root().join("fixtures"));
    assert!(fixtures.len() > 100, "{} fixtures", fixtures.len());
    let mut alone = Vec::new();
    for path in &fixtures {
        let (status, validation) = validate(&[path], b"");
        assert!(status == 0 || status == 1, "{path}: status {status}");
        let [file] = <[FileValidation; 1]>::try_from(validation.files).unwrap();
        read_to_end(&file, path);
        let valid = file.games.iter().all(|g| g.valid)
            && file.diagnostics.iter().all(|d| d.severity != "error");
        assert_eq!(
            status == 0,
            valid,
            "{path}: the status agrees with the games"
        );
        alone.push(file);
    }
    let dirs = ["fixtures/invalid", "fixtures/rulebook", "fixtures/valid"];
    let one = run(&[&["-j", "1"], &dirs[..]].concat(), b"");
    let two = run(&[&["-j", "2"], &dirs[..]].concat(), b"");
    assert_eq!(one, two, "the output does not depend on -j");
    assert_eq!(one.0, 1);
    let all = contract(&one.1, "all fixtures");
    assert_eq!(all.files, alone, "each file as when it is validated alone");
}

#[test]
fn stopping_after_some_errors_closes_the_document() {
    let dirs = ["fixtures/rulebook", "fixtures/invalid"];
    let one = run(
        &[&["--max-errors", "3", "-j", "1"], &dirs[..]].concat(),
        b"",
    );
    let two = run(
        &[&["--max-errors", "3", "-j", "2"], &dirs[..]].concat(),
        b"",
    );
    assert_eq!(one, two, "the output does not depend on -j");
    assert_eq!(one.0, 1);
    let validation = contract(&one.1, "--max-errors 3");
    let games: usize = validation.files.iter().map(|f| f.games.len()).sum();
    assert!(games > 0 && games < 10, "{games} games before the stop");
    // Exactly three errors, and nothing after the third.
    let severities: Vec<&str> = validation
        .files
        .iter()
        .flat_map(|f| {
            f.games
                .iter()
                .flat_map(|g| &g.diagnostics)
                .chain(&f.diagnostics)
        })
        .map(|d| d.severity.as_str())
        .collect();
    assert_eq!(
        severities.iter().filter(|s| **s == "error").count(),
        3,
        "{severities:?}"
    );
    assert_eq!(severities.last(), Some(&"error"), "{severities:?}");
    // A game cut keeps what it is: invalid, with its turns and result.
    let (_, whole) = validate(&["fixtures/rulebook/en.hirp"], b"");
    let (_, cut) = validate(&["--max-errors", "1", "fixtures/rulebook/en.hirp"], b"");
    let (whole, cut) = (&whole.files[0].games[0], &cut.files[0].games[0]);
    assert_eq!(cut.diagnostics[..], whole.diagnostics[..1]);
    assert_eq!(
        (cut.valid, cut.turns, &cut.result),
        (false, 10, &whole.result)
    );
}

#[test]
fn stopping_in_a_file_without_games_cuts_its_problems() {
    let garbage = b"garbage\nmore garbage\n";
    let (status, validation) = validate(&["--max-errors", "1", "-"], garbage);
    assert_eq!(status, 1);
    assert_eq!(validation.files[0].diagnostics.len(), 1);
    let (_, whole) = validate(&["-"], garbage);
    assert_eq!(whole.files[0].diagnostics.len(), 2);
}

#[test]
fn standard_input_is_the_file_named_dash() {
    let path = "fixtures/rulebook/en.hirp";
    let (status, from_file) = validate(&[path], b"");
    let (stdin_status, from_stdin) = validate(&["-"], common::fixture(path).as_bytes());
    assert_eq!((status, stdin_status), (1, 1));
    let (mut file, stdin) = (from_file.files[0].clone(), &from_stdin.files[0]);
    read_to_end(stdin, "-");
    file.path = "-".to_owned();
    assert_eq!(&file, stdin);
}

#[test]
fn empty_and_binary_files() {
    let dir = scratch("odd");
    let empty = dir.join("empty.hirp");
    std::fs::write(&empty, "").unwrap();
    let binary = dir.join("binary.hirp");
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    std::fs::write(&binary, bytes).unwrap();
    let (empty, binary) = (empty.to_str().unwrap(), binary.to_str().unwrap());

    // A file that holds no game is no valid record.
    let (status, validation) = validate(&[empty], b"");
    assert_eq!(status, 1);
    let file = &validation.files[0];
    assert_eq!(file.path, empty);
    assert_eq!(file.error, Some(format!("{empty} holds no game")));
    assert!(file.games.is_empty() && file.diagnostics.is_empty());

    let (status, validation) = validate(&[binary], b"");
    assert_eq!(status, 1);
    read_to_end(&validation.files[0], binary);
    let file = &validation.files[0];
    let codes: Vec<&str> = file
        .diagnostics
        .iter()
        .chain(file.games.iter().flat_map(|g| &g.diagnostics))
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["hirp::syntax::binary"]);

    let (status, validation) = validate(&[empty, binary, empty], b"");
    assert_eq!(status, 1);
    assert_eq!(validation.files.len(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn directories_with_and_without_records() {
    let dir = scratch("dirs");
    let none = dir.join("none");
    std::fs::create_dir_all(&none).unwrap();
    std::fs::write(none.join("notes.txt"), "not a record").unwrap();
    let some = dir.join("some");
    std::fs::create_dir_all(some.join("sub")).unwrap();
    std::fs::write(some.join("a.hirp"), "G1 KeHeiHei /\n").unwrap();
    std::fs::write(some.join("sub/b.hirp"), "G1 KeHeiHei /\nS1 He7He8He7 /\n").unwrap();

    // A directory that holds no record has an entry with its error.
    let none = none.to_str().unwrap();
    let (status, validation) = validate(&[none], b"");
    assert_eq!(status, 1);
    assert_eq!(
        validation,
        Validation {
            files: vec![FileValidation {
                path: none.to_owned(),
                games: Vec::new(),
                diagnostics: Vec::new(),
                error: Some(format!("{none} holds no *.hirp or *.otg file")),
            }]
        }
    );

    let (status, validation) = validate(&[some.to_str().unwrap()], b"");
    assert_eq!(status, 1);
    let paths: Vec<&str> = validation.files.iter().map(|f| f.path.as_str()).collect();
    let expected = [some.join("a.hirp"), some.join("sub/b.hirp")];
    assert_eq!(
        paths,
        expected
            .iter()
            .map(|p| p.to_str().unwrap())
            .collect::<Vec<_>>()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file that cannot be read has an `error` (and an unreadable one after
/// others, the same): the status is 2, and the other files are reported.
fn unreadable(path: &Path) {
    let path = path.to_str().unwrap();
    let valid = "fixtures/valid/01-yfirrad-empty-karve.hirp";
    let (status, validation) = validate(&[valid, path, valid], b"");
    assert_eq!(status, 2, "{path}");
    let file = &validation.files[1];
    assert_eq!(file.path, path);
    let error = file.error.as_deref().expect("an error");
    assert!(
        error.starts_with(&format!("cannot read {path}: ")),
        "{error}"
    );
    assert!(file.games.is_empty() && file.diagnostics.is_empty());
    read_to_end(&validation.files[0], valid);
    read_to_end(&validation.files[2], valid);
}

#[cfg(unix)]
#[test]
fn a_file_that_cannot_be_opened_has_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unopened");
    // A socket is no file to open, whoever runs the test.
    let socket = dir.join("socket.hirp");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    unreadable(&socket);
    // A file without permissions, unless the test may read it anyway.
    let locked = dir.join("locked.hirp");
    std::fs::write(&locked, "G1 KeHeiHei /\n").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::File::open(&locked).is_err() {
        unreadable(&locked);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_path_has_its_entry_with_an_error_in_its_place() {
    unreadable(Path::new("no-such-file.hirp"));
    let (status, validation) = validate(&["no-such-file.hirp"], b"");
    assert_eq!(status, 2);
    assert_eq!(
        validation,
        Validation {
            files: vec![FileValidation {
                path: "no-such-file.hirp".to_owned(),
                games: Vec::new(),
                diagnostics: Vec::new(),
                error: Some("cannot read no-such-file.hirp: no such file or directory".to_owned()),
            }]
        }
    );
}

#[test]
fn only_comments_and_standard_input_with_no_game() {
    let (status, validation) = validate(&["-"], b"; a comment\n{ and another }\n");
    assert_eq!(status, 1);
    assert_eq!(
        validation.files[0].error.as_deref(),
        Some("standard input holds no game")
    );
    // A tag begins a game, even with no turn.
    let (status, validation) = validate(&["-"], b"[Event \"x\"]\n");
    assert_eq!(status, 0);
    read_to_end(&validation.files[0], "-");
    assert_eq!(validation.files[0].games.len(), 1);
}

#[test]
fn a_file_that_fails_while_being_read_has_an_error() {
    // Opened, then failing at the first read (on Linux).
    let path = Path::new("/proc/self/mem");
    if path.exists() {
        unreadable(path);
    }
}

#[test]
fn the_check_rejects_what_the_contract_does_not_allow() {
    let good = r#"{"files":[{"path":"a","games":[{"valid":true,"turns":1,"result":{"winner":"gull","victory":"drepid","points":5},"diagnostics":[],"match":{"game":1,"score":[5,0]}}],"diagnostics":[]}]}"#;
    contract(format!("{good}\n").as_bytes(), "a good document");
    let schema = serde_json::to_value(hirp::json::validation_schema()).unwrap();
    for (bad, change) in [
        (r#""path":"a""#, r#""path":"a","extra":1"#),
        (r#""turns":1"#, r#""turns":"1""#),
        (r#""turns":1"#, r#""turns":-1"#),
        (r#""winner":"gull""#, r#""winner":"red""#),
        (r#""score":[5,0]"#, r#""score":[5,0,0]"#),
        (r#""points":5"#, r#""points":256"#),
        (r#""valid":true,"#, ""),
    ] {
        let text = good.replacen(bad, change, 1);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(
            conforms(&schema, &schema, &value, "").is_err(),
            "the schema rejects {change}"
        );
        assert!(
            serde_json::from_str::<Validation>(&text).is_err(),
            "the types reject {change}"
        );
    }
}
