//! `hirp fix` says of the record it writes what `hirp validate` says of
//! it: `fix` exits with 0, and its note says "0 errors left", only when
//! `validate` of its output exits with 0, and the errors its note counts
//! are those `validate` counts, a match's and a whole file's among them.
//!
//! Held on the mutants of the mutation sweep
//! (`tests/common/sweep_mutants.rs`) of a fixed seed, records of both
//! families in every form they are written in (hnefatafl.org's client's
//! PGN export and its server's JSON besides the sweep's), and on a HIRP
//! record whose first line is written twice, which `fix` once printed
//! unchanged with "0 errors left" while `validate` of it found two games
//! of a match, the first unfinished.

use crate::common;
use crate::sweep_mutants;

use std::path::{Path, PathBuf};

use common::{files_under, hirp, root};
use sweep_mutants::{Fixture, fixtures};

/// The seed of the mutants, unless `HIRP_FIX_AGREES_SEED` gives another.
const SEED: u64 = 54;
/// How many mutants of each form are checked, about 10 s in all in the
/// debug build; `HIRP_FIX_AGREES_TIMES=N` checks N times as many.
const MUTANTS: [(&str, usize); 6] = [
    ("hirp", 30),
    ("otg", 20),
    ("csv", 10),
    ("ron", 10),
    ("pgn", 10),
    ("json", 10),
];
/// The largest mutant checked: an edit may repeat a line ten thousand
/// times, which `fix` takes seconds to search in the debug build.
const LARGEST: usize = 16 << 10;

/// What `validate --format json` says of a record: its exit status, and
/// the errors it counts (a file's error, that it holds no game, among
/// them).
fn validate(path: &Path, rules: Option<&str>) -> (i32, usize) {
    let mut command = hirp();
    command.arg("validate").args(rules_arg(rules));
    let output = command
        .arg("--format")
        .arg("json")
        .arg(path)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("validate's JSON of {}: {e}", path.display()));
    let file = &report["files"][0];
    let errors = |diagnostics: &serde_json::Value| {
        let all = diagnostics
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        all.iter().filter(|d| d["severity"] == "error").count()
    };
    let games = file["games"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let in_games: usize = games.iter().map(|g| errors(&g["diagnostics"])).sum();
    let count = in_games + errors(&file["diagnostics"]) + usize::from(!file["error"].is_null());
    (output.status.code().expect("an exit status"), count)
}

/// `--rules NAME`, when there are rules to give.
fn rules_arg(rules: Option<&str>) -> Vec<String> {
    rules.map_or_else(Vec::new, |r| vec!["--rules".into(), r.into()])
}

/// What `fix` did with a record.
struct Fixed {
    status: i32,
    /// The record it wrote.
    record: Vec<u8>,
    /// What it wrote on standard error.
    stderr: String,
    /// The errors its note says are left, if it wrote the note.
    left: Option<usize>,
}

/// `fix` of the record at `path`.
fn fix(path: &Path, rules: Option<&str>) -> Fixed {
    let output = hirp()
        .arg("fix")
        .args(rules_arg(rules))
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let note = format!("{}: ", path.display());
    let left = stderr
        .lines()
        .filter_map(|line| line.strip_prefix(&note))
        .find_map(|rest| {
            let (_, left) = rest.split_once(" fixed; ")?;
            let (count, _) = left.split_once(" error")?;
            count.parse().ok()
        });
    Fixed {
        status: output.status.code().expect("an exit status"),
        record: output.stdout,
        stderr,
        left,
    }
}

/// Fixes the record `bytes` as a file named `name` under `scratch`, then
/// validates what `fix` wrote, in a file of the same name: `Err` with what
/// each said when they do not agree. Returns the exit status `validate`
/// gave.
fn agree(scratch: &Path, name: &str, bytes: &[u8], rules: Option<&str>) -> Result<i32, String> {
    let (mutant, fixed) = (scratch.join("mutant"), scratch.join("fixed"));
    for folder in [&mutant, &fixed] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let (input, output) = (mutant.join(name), fixed.join(name));
    std::fs::write(&input, bytes).unwrap();
    let fix = fix(&input, rules);
    std::fs::write(&output, &fix.record).unwrap();
    let (status, errors) = validate(&output, rules);
    let said = || {
        format!(
            "fix exited with {} and said {:?} errors left, validate of its output exited with \
             {status} and counted {errors} errors; fix wrote:\n{}",
            fix.status, fix.left, fix.stderr
        )
    };
    let agrees = match fix.left {
        // The note counts what validate counts, and fix exits with 0 when
        // it counts none.
        Some(left) => left == errors && (fix.status == 0) == (left == 0),
        // No note: the record holds no game, as validate says too.
        None => fix.stderr.contains("holds no game") && errors > 0,
    };
    if agrees && (fix.status == 0) == (status == 0) {
        Ok(status)
    } else {
        Err(said())
    }
}

/// hnefatafl.org's server's JSON written one value in a file, which the
/// sweep leaves out, as records to mutate (of tafl, family 1).
fn exports() -> Vec<Fixture> {
    let tafl = root().join("fixtures/tafl");
    let paths = [files_under(&tafl, "json")];
    let fixture = |path: PathBuf| Fixture {
        bytes: std::fs::read(&path).unwrap(),
        path,
        family: 1,
        rules: None,
    };
    paths.into_iter().flatten().map(fixture).collect()
}

#[test]
fn fix_says_of_the_sweeps_mutants_what_validate_says() {
    let (mut all, alphabets) = fixtures();
    all.extend(exports());
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fix-agrees");
    let _ = std::fs::remove_dir_all(&scratch);
    let number = |name: &str, default: u64| {
        std::env::var(name).map_or(default, |v| v.parse().expect("a number"))
    };
    let seed = number("HIRP_FIX_AGREES_SEED", SEED);
    let times = number("HIRP_FIX_AGREES_TIMES", 1) as usize;
    let (mut statuses, mut disagreements) = ([0; 3], Vec::new());
    for (form, mutants) in MUTANTS {
        let mutants = mutants * times;
        let of_form = |f: &&Fixture| f.path.extension().is_some_and(|e| e == form);
        let records: Vec<&Fixture> = all.iter().filter(of_form).collect();
        let (mut checked, mut n) = (0, 0);
        while checked < mutants {
            let (fixture, bytes, _) = sweep_mutants::mutant(seed, n, &records, &alphabets);
            n += 1;
            if bytes.len() > LARGEST {
                continue;
            }
            checked += 1;
            let name = format!("{n}.{form}");
            match agree(&scratch.join(&name), &name, &bytes, fixture.rules) {
                Ok(status) => statuses[status as usize] += 1,
                Err(said) => disagreements.push(format!(
                    "{form} mutant {} of seed {seed}, of {}: {said}",
                    n - 1,
                    common::relative(&fixture.path)
                )),
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} mutants (under {}):\n{}",
        disagreements.len(),
        scratch.display(),
        disagreements.join("\n")
    );
    println!("seed {seed}: exit statuses of validate of fix's output (0, 1, 2): {statuses:?}");
    // Some mutants are valid once fixed, and some are not.
    assert!(statuses[0] > 0 && statuses[1] > 0, "{statuses:?}");
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// The rulebook's game, its first line written twice: two games of a
/// match, the first with no result though the second follows.
fn first_line_twice() -> String {
    let game = common::fixture("fixtures/rulebook/corrected.hirp");
    let first = game.lines().next().unwrap();
    format!("{first}\n{game}")
}

#[test]
fn fix_of_a_first_line_written_twice_takes_the_copy_out() {
    // The two games play as one without the copy, up to the game's last
    // turn, whose battle is written without its advance (an advice).
    let record = first_line_twice();
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fix-agrees-twice");
    assert_eq!(
        agree(&scratch, "twice.hirp", record.as_bytes(), None),
        Ok(0)
    );
    let output = hirp()
        .args(["fix", "-"])
        .write_stdin(record.as_str())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let game = common::fixture("fixtures/rulebook/corrected.hirp");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), game);
    let stderr = String::from_utf8(output.stderr).unwrap();
    insta::assert_snapshot!(stderr);
    std::fs::remove_dir_all(&scratch).unwrap();
}
