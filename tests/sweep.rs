//! A mutation sweep: the project's own records of both families (and of
//! hnefatafl.org's forms, its archive `.ron`, its PGN exports and its JSON,
//! apart), changed at random a byte, a token or a line at a time, under
//! every command that reads a record. Whatever the bytes, each run ends
//! with exit status 0, 1 or 2 (no panic, no signal), within 20 seconds (a
//! minute in the debug build), in at most 2 GB of address space, with at
//! most 20 MB on standard error.
//!
//! The edits know nothing of what a mistake is: they are drawn at random
//! from the bytes the family's records are written in, from any byte, and
//! from the lines and tokens of the records (`common/sweep_mutants.rs`,
//! which `tests/suite/fix_agrees.rs` draws from too). Reproducible from a seed:
//! `HIRP_SWEEP_SEED` (default 1) and `HIRP_SWEEP_MUTANTS` (default 40, for
//! the debug build, and a quarter as many of hnefatafl.org's alone; CI
//! runs thousands of runs in release). A mutant that
//! fails is written under `target/tmp/sweep/` and named in the failure;
//! `HIRP_SWEEP_ONLY=N` runs mutant N of the seed alone.
//! `HIRP_SWEEP_FILES`, a folder, adds its files, unchanged, under every
//! command. `cargo test --release --test sweep -- --nocapture` prints a
//! summary.

mod common;
#[path = "common/sweep_mutants.rs"]
mod sweep_mutants;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::root;
use sweep_mutants::{Fixture, Rng, fixtures, mutate};

/// The time a run may take: 20 seconds, or a minute for the debug build,
/// where one run needs more unchanged (`hirp html` of the 494 KB
/// Copenhagen archive, `fixtures/tafl/archives/copenhagen.csv`, takes 24 s
/// there, where `docs/guide.md` gives 4.8 s in release).
const TIME: Duration = Duration::from_secs(if cfg!(debug_assertions) { 60 } else { 20 });
/// What a run may take more for each megabyte of its largest input: an
/// edit may repeat a record into megabytes, and `hirp html` writes pages
/// at some 7 s a megabyte of record in release (`docs/guide.md`; the page's
/// speed is an open item of its own), three times that in debug.
const TIME_PER_MB: Duration = Duration::from_secs(if cfg!(debug_assertions) { 45 } else { 15 });

/// The two sweeps run one after the other: side by side on a machine of
/// two cores, each run takes twice its time.
static ONE_SWEEP: Mutex<()> = Mutex::new(());
/// The address space a run may take.
const MEMORY: u64 = 2 << 30;
/// What a run may write on standard error.
const STDERR: usize = 20 << 20;

/// How one run ended.
struct Run {
    args: Vec<String>,
    /// The exit status, or `None` when killed by a signal.
    status: Option<i32>,
    elapsed: Duration,
    timed_out: bool,
    /// The time it was given.
    limit: Duration,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    stderr_len: usize,
}

impl Run {
    /// What is wrong with the run, if anything.
    fn fault(&self) -> Option<String> {
        let panicked = String::from_utf8_lossy(&self.stderr).contains("panicked");
        if self.timed_out {
            Some(format!("still running after {:?}", self.limit))
        } else if !matches!(self.status, Some(0..=2)) {
            Some(format!("exit status {:?} (None: a signal)", self.status))
        } else if panicked {
            Some("\"panicked\" on standard error".to_string())
        } else if self.stderr_len > STDERR {
            Some(format!("{} bytes on standard error", self.stderr_len))
        } else {
            None
        }
    }
}

/// Reads all of `from`, keeping at most `keep` bytes, and counts it all.
fn drain(mut from: impl Read, keep: usize) -> (Vec<u8>, usize) {
    let mut kept = Vec::new();
    let mut total = 0;
    let mut buffer = vec![0; 64 << 10];
    while let Ok(n) = from.read(&mut buffer) {
        if n == 0 {
            break;
        }
        let room = keep.saturating_sub(kept.len()).min(n);
        kept.extend_from_slice(&buffer[..room]);
        total += n;
    }
    (kept, total)
}

/// Runs `hirp` with `args`, in at most 2 GB of address space (`prlimit`),
/// killed after [`TIME`] and [`TIME_PER_MB`] for each megabyte of its
/// largest input; keeps standard output when `keep_stdout`.
fn run(args: Vec<String>, keep_stdout: bool) -> Run {
    let mut child = Command::new("prlimit")
        .arg(format!("--as={MEMORY}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_hirp"))
        .args(&args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit (util-linux) runs hirp");
    // The largest file among the arguments, in megabytes.
    let megabytes = args
        .iter()
        .filter_map(|a| std::fs::metadata(root().join(a)).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len() as f64 / 1e6)
        .fold(0.0, f64::max);
    let limit = TIME + TIME_PER_MB.mul_f64(megabytes);
    let start = Instant::now();
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let keep = if keep_stdout { 64 << 20 } else { 0 };
    let out = std::thread::spawn(move || drain(stdout, keep));
    let err = std::thread::spawn(move || drain(stderr, STDERR + 1));
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child is waited for") {
            break status;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("the child is waited for");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
    let (stdout, _) = out.join().expect("standard output is read");
    let (stderr, stderr_len) = err.join().expect("standard error is read");
    Run {
        args,
        status: status.code(),
        elapsed,
        timed_out,
        limit,
        stdout,
        stderr,
        stderr_len,
    }
}

/// The runs of every command on a record at `path`, against `original`
/// for `diff`; `scratch` is a folder of the caller's own.
fn every_command(
    rng: &mut Rng,
    path: &Path,
    original: &Path,
    rules: Option<&str>,
    scratch: &Path,
) -> Vec<Run> {
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let (m, o) = (text(path), text(original));
    let html = text(&scratch.join("page.html"));
    let commands: [&[&str]; 16] = [
        &["validate", &m],
        &["validate", "--format", "json", &m],
        &["json", &m],
        &["fmt", "--check", &m],
        &["fmt", &m],
        &["fix", "--diff", &m],
        &["fix", &m],
        &["replay", &m],
        &["replay", "--continue", &m],
        &["board", &m],
        &["board", "--svg", "-", &m],
        &["position", "--all", &m],
        &["html", "-o", &html, &m],
        &["diff", &o, &m],
        // A tafl record through its replay, the writer and the reading
        // back; a HIRP record in its own form.
        &["convert", "--to", "ron", &m],
        &["convert", "--to", "hirp", &m],
    ];
    let mut runs = Vec::new();
    for command in commands {
        let mut args: Vec<String> = command.iter().map(|a| a.to_string()).collect();
        if let Some(rules) = rules {
            args.splice(1..1, ["--rules".to_string(), rules.to_string()]);
        }
        runs.push(run(args, command[0] == "json"));
    }
    // `notation` reads JSON: what `json` wrote of the record, as it is and
    // changed as a record is.
    let json = runs[2].stdout.clone();
    let alphabet: Vec<u8> = (b' '..=b'~').collect();
    let changed = mutate(rng, &json, &alphabet, &json);
    for (n, bytes) in [json, changed].into_iter().enumerate() {
        let file = scratch.join(format!("record-{n}.json"));
        std::fs::write(&file, bytes).expect("the scratch folder is written");
        runs.push(run(vec!["notation".into(), text(&file)], false));
    }
    runs
}

/// What the sweep saw.
#[derive(Default)]
struct Tally {
    mutants: usize,
    runs: usize,
    statuses: BTreeMap<String, usize>,
    slowest: (Duration, String),
    largest_stderr: (usize, String),
    failures: Vec<String>,
}

impl Tally {
    /// Counts `runs` of a mutant called `name`; the input of a run that
    /// fails is copied to a file whose name starts with `keep`.
    fn add(&mut self, runs: &[Run], name: &str, keep: &Path) {
        for run in runs {
            self.runs += 1;
            let status = run.status.map_or("signal".into(), |s| s.to_string());
            *self.statuses.entry(status).or_default() += 1;
            let shown = format!("hirp {} ({name})", run.args.join(" "));
            if run.elapsed > self.slowest.0 {
                self.slowest = (run.elapsed, shown.clone());
            }
            if run.stderr_len > self.largest_stderr.0 {
                self.largest_stderr = (run.stderr_len, shown.clone());
            }
            if let Some(fault) = run.fault() {
                let input = Path::new(run.args.last().expect("an input"));
                let base = input.file_name().expect("a file name").to_string_lossy();
                let kept = PathBuf::from(format!("{}-{base}", keep.display()));
                std::fs::copy(input, &kept).expect("the failing input is kept");
                let head =
                    String::from_utf8_lossy(&run.stderr[..run.stderr.len().min(2000)]).into_owned();
                self.failures.push(format!(
                    "{shown}: {fault}; its input kept as {}\n{head}",
                    kept.display()
                ));
            }
        }
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a number"))
    })
}

/// Makes mutant `n` of seed `seed`, runs every command on it and counts
/// the runs in `tally`.
fn sweep_one(
    seed: u64,
    n: u64,
    fixtures: &[&Fixture],
    alphabets: &[Vec<u8>; 3],
    dir: &Path,
    tally: &Mutex<Tally>,
) {
    let (fixture, bytes, mut rng) = sweep_mutants::mutant(seed, n, fixtures, alphabets);
    let scratch = dir.join(format!("worker-{seed}-{n}"));
    std::fs::create_dir_all(&scratch).expect("the scratch folder is made");
    let extension = fixture.path.extension().expect("an extension");
    let path = scratch.join("mutant").with_extension(extension);
    std::fs::write(&path, &bytes).expect("the mutant is written");
    let runs = every_command(&mut rng, &path, &fixture.path, fixture.rules, &scratch);
    let name = format!(
        "seed {seed}, mutant {n} of {}",
        common::relative(&fixture.path)
    );
    let keep = dir.join(format!("seed-{seed}-mutant-{n}"));
    let mut tally = tally.lock().expect("no worker panicked");
    tally.mutants += 1;
    tally.add(&runs, &name, &keep);
    std::fs::remove_dir_all(&scratch).expect("the scratch folder is removed");
}

/// Mutants `mutants` of `seed`, of the records `chosen` picks, shared out
/// among the cores.
fn sweep(
    seed: u64,
    mutants: std::ops::Range<u64>,
    dir: &Path,
    chosen: fn(&Fixture) -> bool,
) -> Tally {
    let (all, alphabets) = fixtures();
    let fixtures: Vec<&Fixture> = all.iter().filter(|f| chosen(f)).collect();
    assert!(!fixtures.is_empty(), "records to mutate");
    let next = AtomicU64::new(mutants.start);
    let tally = Mutex::new(Tally::default());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= mutants.end {
                        break;
                    }
                    sweep_one(seed, n, &fixtures, &alphabets, dir, &tally);
                }
            });
        }
    });
    tally.into_inner().expect("no worker panicked")
}

/// Every file in `HIRP_SWEEP_FILES`, unchanged, under every command.
fn sweep_files(folder: &Path, dir: &Path, tally: &mut Tally) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("HIRP_SWEEP_FILES is a folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.is_file())
        .collect();
    paths.sort();
    let mut rng = Rng::new(0);
    let scratch = dir.join("files");
    std::fs::create_dir_all(&scratch).expect("the scratch folder is made");
    for path in paths {
        let csv = path.extension().is_some_and(|e| e == "csv");
        let rules = csv.then_some("brandub");
        let runs = every_command(&mut rng, &path, &path, rules, &scratch);
        tally.add(&runs, &path.display().to_string(), &scratch.join("file"));
    }
}

#[test]
fn every_command_ends_well_on_mutated_records_of_both_families() {
    let _alone = ONE_SWEEP.lock().unwrap_or_else(|e| e.into_inner());
    let mutants = env_number("HIRP_SWEEP_MUTANTS", 40);
    let tally = sweep_of(mutants, "sweep", |_| true);
    check(tally);
}

/// hnefatafl.org's archive, one RON value a line, mutated apart: it is a
/// few records among hundreds.
#[test]
fn every_command_ends_well_on_mutated_archives_of_hnefatafl_org() {
    let _alone = ONE_SWEEP.lock().unwrap_or_else(|e| e.into_inner());
    let mutants = env_number("HIRP_SWEEP_MUTANTS", 40).div_ceil(4);
    let tally = sweep_of(mutants, "sweep-ron", |f| f.family == 2);
    check(tally);
}

/// The sweep of `mutants` mutants of the records `chosen` picks (of
/// `HIRP_SWEEP_ONLY` alone when it is set), in the folder `name`; then
/// the files of `HIRP_SWEEP_FILES` unchanged.
fn sweep_of(mutants: u64, name: &str, chosen: fn(&Fixture) -> bool) -> (u64, Tally, u64) {
    let seed = env_number("HIRP_SWEEP_SEED", 1);
    // One mutant alone, to reproduce a failure.
    let range = match std::env::var("HIRP_SWEEP_ONLY") {
        Ok(_) => env_number("HIRP_SWEEP_ONLY", 0)..env_number("HIRP_SWEEP_ONLY", 0) + 1,
        Err(_) => 0..mutants,
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("the sweep's folder is made");
    let start = Instant::now();
    let mut tally = sweep(seed, range.clone(), &dir, chosen);
    if let Some(folder) = std::env::var_os("HIRP_SWEEP_FILES") {
        sweep_files(Path::new(&folder), &dir, &mut tally);
    }
    println!(
        "{name}: seed {seed}, {} mutants, {} runs in {:.1} s; exit statuses {:?}; \
         slowest {:.2} s: {}; largest stderr {} bytes: {}",
        tally.mutants,
        tally.runs,
        start.elapsed().as_secs_f64(),
        tally.statuses,
        tally.slowest.0.as_secs_f64(),
        tally.slowest.1,
        tally.largest_stderr.0,
        tally.largest_stderr.1,
    );
    (seed, tally, range.end - range.start)
}

/// Every mutant of the sweep was run, and every run ended well.
fn check((seed, tally, mutants): (u64, Tally, u64)) {
    assert_eq!(tally.mutants as u64, mutants, "every mutant was run");
    assert!(
        tally.failures.is_empty(),
        "{} failing runs (reproduce with HIRP_SWEEP_SEED={seed}):\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
}
