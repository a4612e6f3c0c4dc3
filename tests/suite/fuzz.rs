//! The fuzz targets' checks (`fuzz/checks.rs`) on their seed corpora and on
//! every input a fuzzer found failing (`fuzz/regressions/<target>/`), so
//! that what fuzzing found stays fixed without a fuzzer.

use crate::checks;

use crate::common;

/// Runs `check` on every file of `fuzz/seeds/<target>` and
/// `fuzz/regressions/<target>`; returns how many there were.
fn run(target: &str, check: fn(&[u8])) -> usize {
    run_on(target, target, check)
}

/// Runs `check` on every file of `fuzz/seeds/<seeds>` and
/// `fuzz/regressions/<target>`; returns how many there were.
fn run_on(seeds: &str, target: &str, check: fn(&[u8])) -> usize {
    let mut count = 0;
    for (dir, name) in [("seeds", seeds), ("regressions", target)] {
        let dir = common::root().join("fuzz").join(dir).join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).unwrap();
            let result = std::panic::catch_unwind(|| check(&data));
            assert!(result.is_ok(), "{}", common::relative(&path));
            count += 1;
        }
    }
    count
}

#[test]
fn position_seeds_and_regressions() {
    assert!(run("position", checks::position) >= 12);
}

#[test]
fn parse_seeds_and_regressions() {
    assert!(run("parse", checks::parse) >= 150);
}

#[test]
fn validate_seeds_and_regressions() {
    assert!(run("validate", checks::validate) >= 150);
}

#[test]
fn json_import_seeds_and_regressions() {
    assert!(run("json_import", checks::json_import) >= 40);
}

#[test]
fn tafl_parse_seeds_and_regressions() {
    assert!(run("tafl_parse", checks::tafl_parse) >= 50);
}

/// `tafl_validate` starts from the seeds of `tafl_parse`.
#[test]
fn tafl_validate_seeds_and_regressions() {
    assert!(run_on("tafl_parse", "tafl_validate", checks::tafl_validate) >= 50);
}

/// `page` starts from the seeds of `tafl_parse` and of `parse`.
#[test]
fn page_seeds_and_regressions() {
    let tafl = run_on("tafl_parse", "page", checks::page);
    let hirp = run_on("parse", "page", checks::page);
    assert!(tafl >= 50 && hirp >= 150, "{tafl} and {hirp}");
}

/// `scan` starts from the seeds of `parse`.
#[test]
fn scan_seeds_and_regressions() {
    assert!(run_on("parse", "scan", checks::scan) >= 150);
}

/// `fast` starts from the seeds of `parse`.
#[test]
fn fast_seeds_and_regressions() {
    assert!(
        run_on("parse", "fast", |data| {
            checks::fast(data);
        }) >= 150
    );
}

/// `ron` starts from the lines of hnefatafl.org's archive.
#[test]
fn ron_seeds_and_regressions() {
    assert!(run("ron", checks::ron) >= 12);
}
