//! Time grows linearly with the input: for each kind of input, hostile or
//! not, doubling it at most doubles the instructions `hirp` runs, counted by
//! `valgrind --tool=callgrind` (which counts the same whatever else the
//! machine is doing), the instructions of an empty input taken off.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What doubling the input may do to the instructions: twice, with room for
/// the fixed costs that do not scale (buffers, tables sized in steps).
const MOST: f64 = 2.2;

/// The instructions `hirp ARGS FILE` runs, as callgrind counts them.
fn instructions(args: &[&str], file: &Path) -> u64 {
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(assert_cmd::cargo::cargo_bin("hirp"))
        .args(args)
        .arg(file)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .expect("valgrind runs (it is on every machine the project is built on)");
    let stderr = String::from_utf8_lossy(&output.stderr);
    stderr
        .lines()
        .find_map(|line| line.split("Collected : ").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count from callgrind:\n{stderr}"))
}

/// A file in this test's directory.
fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a measurement: .ci/run runs it in release (cargo test --release --test linear)"
)]
fn doubling_the_input_at_most_doubles_the_work() {
    let dir = std::env::temp_dir().join(format!("hirp-linear-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let generated = |seed, games| {
        hirp::hirp::generate::record(hirp::hirp::generate::Options {
            seed,
            games,
            max_turns: 200,
        })
        .to_string()
    };
    let validated = generated(1, 6);
    let converted = generated(7, 3);
    // Each input as a function of its size: the size, then twice it.
    type Make = Box<dyn Fn(usize) -> Vec<u8> + Send + Sync>;
    let cases: Vec<(&str, &[&str], usize, Make)> = vec![
        (
            "generated games",
            &["validate", "-j", "1"],
            2,
            Box::new(move |n| validated.repeat(n).into_bytes()),
        ),
        (
            "generated games as JSON",
            &["json"],
            2,
            Box::new(move |n| converted.repeat(n).into_bytes()),
        ),
        (
            "a long legal game",
            &["validate", "-j", "1"],
            1000,
            Box::new(|n| common::long_game::long_game(n, None).into_bytes()),
        ),
        (
            "a long game with a mistake every tenth turn",
            &["validate", "-j", "1"],
            500,
            Box::new(|n| common::long_game::long_game(n, Some(10)).into_bytes()),
        ),
        (
            "a game of nothing but mistakes",
            &["validate", "-j", "1"],
            150,
            Box::new(|n| common::long_game::long_game(n, Some(1)).into_bytes()),
        ),
        (
            "lines that are not notation",
            &["validate", "-j", "1"],
            300,
            Box::new(|n| {
                ("G1 KeHeiHei /\n".to_owned() + &"Ragna moved her Karve;\n".repeat(n)).into_bytes()
            }),
        ),
        (
            "nested comments on one line",
            &["validate", "-j", "1"],
            10_000,
            Box::new(|n| {
                format!("{}{}\nG1 KeHeiHei /\n", "{".repeat(n), "}".repeat(n)).into_bytes()
            }),
        ),
        (
            "comments never closed",
            &["validate", "-j", "1"],
            400,
            Box::new(|n| format!("G1 KeHeiHei /\n{}", "{ S1 He7He8He /\n".repeat(n)).into_bytes()),
        ),
        (
            "a long crew",
            &["validate", "-j", "1"],
            20_000,
            Box::new(|n| format!("G1 K{}e /\n", "h".repeat(n)).into_bytes()),
        ),
        (
            "battles on one line",
            &["validate", "-j", "1"],
            5_000,
            Box::new(|n| format!("G1 KeHeiHei {}\n", ">6GHx".repeat(n)).into_bytes()),
        ),
        (
            "a line beyond the limit",
            &["validate", "-j", "1"],
            100_000,
            Box::new(|n| format!("G1 {} /\nS1 He7He8He /\n", "He".repeat(n)).into_bytes()),
        ),
        (
            "a record to fix",
            &["fix"],
            10,
            Box::new(|n| {
                common::fixture("fixtures/rulebook/en.hirp")
                    .repeat(n)
                    .into_bytes()
            }),
        ),
        (
            // One game the search repairs (a move written twice), one it
            // cannot (any move of the defenders fits at the end).
            "a tafl archive to fix",
            &["fix", "--rules", "brandub"],
            50,
            Box::new(|n| {
                concat!(
                    "b4-b2 d5-e5 f4-f7 f4-f7 d3-a3 d6-a6 e5-f5,0,0,Ongoing\n",
                    "b4-b2 d5-e5 f4-f7 d3-a3 d6-a6 g4-g3,0,0,Ongoing\n",
                )
                .repeat(n)
                .into_bytes()
            }),
        ),
    ];
    // Two at a time: callgrind runs one thread, and counts the same however
    // busy the machine is.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, String, bool)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                let (cases, next, dir) = (&cases, &next, &dir);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((name, args, size, make)) = cases.get(n) else {
                            return done;
                        };
                        // A tafl case names its rules; its file is an archive.
                        let extension = if args.contains(&"--rules") { "csv" } else { "hirp" };
                        let file = |which: &str, bytes: &[u8]| {
                            write(dir, &format!("{worker}-{which}.{extension}"), bytes)
                        };
                        let empty = instructions(args, &file("empty", b""));
                        let one = instructions(args, &file("one", &make(*size)));
                        let two = instructions(args, &file("two", &make(2 * size)));
                        let ratio = two.saturating_sub(empty) as f64
                            / one.saturating_sub(empty).max(1) as f64;
                        let line = format!(
                            "{name}: {one} then {two} instructions ({empty} for nothing): {ratio:.2}\n"
                        );
                        done.push((n, line, ratio > MOST));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    results.sort();
    let report: String = results.iter().map(|(_, line, _)| line.as_str()).collect();
    let failed = results.iter().filter(|(_, _, failed)| *failed).count();
    std::fs::remove_dir_all(&dir).unwrap();
    println!("{report}");
    assert_eq!(failed, 0, "more than linear:\n{report}");
}
