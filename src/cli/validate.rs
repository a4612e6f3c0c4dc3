//! `hirp validate`: replay records against the rules, many files at once.

use std::io::{self, BufReader, IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hirp::check::{Checked, check_parallel};
use hirp::json::report::writer::{self, FileWriter};
use hirp::json::report::{Diagnostic, LineIndex, diagnostic, game_validation};
use hirp::replay::Severity;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::report::Source;
use super::sequence::{Piece, Sequence};
use super::tally::Tally;
use super::walk::{Input, Target, inputs};
use super::{Reporter, Status};

/// Check records against the rules: every illegal step, every miscounted battle.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is replayed turn by turn. Every problem is reported at the token at
fault with what the rules computed there and, when a small edit of the token
makes the turn legal, how to write it. After a problem the replay goes on
with the nearest legal reading, so one run reports every problem.

Games with one [Match] tag, or a file's games with no tags at all, are a
match: colours swap each game, the score runs to five points, no game comes
after. A [Result] tag (`Silfr Drepid 10`, `*`, `..., Match Silfr 5-2`) is
checked against what the replay finds.

Directories are walked for *.hirp files (hidden and ignored files left out),
in path order. Files are checked in parallel, each game by game in flat
memory, and reported in order. A summary table ends the output.

Severities: error (the record is wrong), warning (legal but sloppy: an attack
written without `>`, battles out of board order), advice (a note).

Examples:
  hirp validate game.hirp
  hirp validate tournament/ --quiet          only failures and the summary
  hirp validate --format json games/*.hirp
  hirp validate --strict game.hirp           warnings count as errors

Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.")]
pub struct Args {
    /// Record files or directories to read; `-` reads standard input.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<String>,

    /// Output: `human` (diagnostics on standard error, a line a game and a
    /// summary on standard output) or `json` (one document on standard output).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Treat warnings as errors.
    #[arg(long)]
    strict: bool,

    /// Print only failures and the summary.
    #[arg(short, long)]
    quiet: bool,

    /// Stop after N errors.
    #[arg(long, value_name = "N")]
    max_errors: Option<usize>,

    /// Check N files at a time (default: one per core).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Runs `hirp validate`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let (inputs, missing) = inputs(&args.paths);
    for message in &missing {
        reporter.error(message);
    }
    let total: u64 = inputs.iter().filter_map(|i| i.size).sum();
    let progress = Progress::new(total);
    let sequence = Sequence::new(
        |out: &[u8], err: &str| progress.print(out, err),
        args.max_errors,
    );
    let jobs = args.jobs.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => {
            reporter.error(&format!("cannot start {jobs} threads: {e}"));
            return Status::Failure;
        }
    };
    if args.format == Format::Json {
        progress.print(writer::BEGIN, "");
    }
    // A JSON report that cannot be written stops the work.
    let fault = Mutex::new(None);
    let validate = |n: usize, input: &Input, workers: usize| {
        if !sequence.stopped()
            && let Err(e) = validate_file(n, input, &args, reporter, &sequence, &progress, workers)
        {
            sequence.stop();
            let mut fault = fault
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            fault.get_or_insert(e);
        }
        sequence.finish(n);
    };
    pool.install(|| each_input(&inputs, pool.current_num_threads(), &validate));
    progress.finish();
    let fault = fault
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(e) = fault {
        // Writing into memory fails only if serialising does.
        reporter.error(&format!("cannot write the JSON report: {e}"));
        return Status::Failure;
    }
    let stopped = sequence.stopped();
    let tally = sequence.tally();
    match args.format {
        Format::Json => progress.print(&[writer::END, b"\n"].concat(), ""),
        Format::Human => progress.print(summary(&tally, stopped).as_bytes(), ""),
    }
    if !missing.is_empty() || tally.unreadable > 0 {
        Status::Failure
    } else if tally.error_count() > 0 {
        Status::Invalid
    } else {
        Status::Ok
    }
}

/// Runs `validate(n, input, workers)` on every input on the pool's
/// `threads`: with fewer inputs than threads, every thread works on each
/// input in turn; with more, each input goes to one thread.
fn each_input(inputs: &[Input], threads: usize, validate: &(dyn Fn(usize, &Input, usize) + Sync)) {
    if inputs.len() < threads {
        for (n, input) in inputs.iter().enumerate() {
            validate(n, input, threads);
        }
        return;
    }
    // Each thread takes the next input in order, so that the output waiting
    // for an earlier one is never more than a few inputs'.
    let next = AtomicUsize::new(0);
    rayon::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let Some(input) = inputs.get(n) else { break };
                    validate(n, input, 1);
                }
            });
        }
    });
}

/// The summary table, after a line saying so if `--max-errors` stopped the
/// work.
fn summary(tally: &Tally, stopped: bool) -> String {
    let mut out = String::new();
    if stopped {
        out.push_str(&format!(
            "stopped after {} errors (--max-errors)\n",
            tally.error_count()
        ));
    }
    out.push_str(&tally.render());
    out
}

/// Checks one input game by game, handing its output to the sequence; fails
/// only if its JSON report cannot be written.
fn validate_file<P: Fn(&[u8], &str) + Sync>(
    n: usize,
    input: &Input,
    args: &Args,
    reporter: &Reporter,
    sequence: &Sequence<P>,
    progress: &Progress,
    workers: usize,
) -> io::Result<()> {
    let json = args.format == Format::Json;
    // In JSON, the file's writer, and its problems in no game.
    let mut file = None;
    let mut loose = Vec::new();
    if json {
        let mut out = Vec::new();
        file = Some(FileWriter::begin(&mut out, n, &input.path)?);
        sequence.emit(
            n,
            Piece {
                out,
                ..Piece::default()
            },
        );
    }
    let mut fault = None;
    let mut last_offset = 0;
    let result = open(&input.target).and_then(|reader| {
        check_parallel(reader, workers, |mut checked| {
            if args.strict {
                for problem in &mut checked.report.problems {
                    if problem.severity == Severity::Warning {
                        problem.severity = Severity::Error;
                    }
                }
            }
            let advanced = (checked.offset + checked.text.len()).saturating_sub(last_offset);
            last_offset = checked.offset + checked.text.len();
            progress.advance(advanced as u64);
            let piece = match &mut file {
                Some(file) => match json_game(file, &checked, &mut loose) {
                    Ok(piece) => piece,
                    Err(e) => {
                        fault = Some(e);
                        return false;
                    }
                },
                None => human(&input.path, &checked, args.quiet, reporter),
            };
            sequence.emit(n, piece)
        })
    });
    if let Some(e) = fault {
        return Err(e);
    }
    let mut end = Piece {
        tally: Tally {
            files: 1,
            ..Tally::default()
        },
        always: true,
        ..Piece::default()
    };
    let mut error = None;
    if let Err(e) = result {
        let message = format!("cannot read {}: {}", input.path, super::io_reason(&e));
        end.tally.unreadable = 1;
        if json {
            error = Some(message);
        } else {
            end.err = format!("error: {}\n", hirp::syntax::escape(&message));
        }
    }
    if let Some(file) = file {
        file.end(&mut end.out, &loose, error.as_deref())?;
    }
    sequence.emit(n, end);
    Ok(())
}

/// Opens an input for reading.
fn open(target: &Target) -> io::Result<Box<dyn io::BufRead + Send>> {
    Ok(match target {
        Target::Stdin => Box::new(BufReader::new(io::stdin())),
        Target::File(path) => Box::new(BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(path)?,
        )),
    })
}

/// A game's JSON output; problems in no game are kept in `loose` for the end
/// of the file.
fn json_game(
    file: &mut FileWriter,
    checked: &Checked<'_>,
    loose: &mut Vec<Diagnostic>,
) -> io::Result<Piece> {
    let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
    let report = &checked.report;
    let mut out = Vec::new();
    if checked.game.is_some() {
        file.game(
            &mut out,
            &game_validation(report, checked.view.as_ref(), &lines),
        )?;
    } else {
        loose.extend(report.problems.iter().map(|p| diagnostic(p, &lines)));
    }
    Ok(Piece {
        out,
        tally: Tally::game(report, checked.game.is_some()),
        ..Piece::default()
    })
}

/// A game's human output: its diagnostics, and a line for it.
fn human(path: &str, checked: &Checked<'_>, quiet: bool, reporter: &Reporter) -> Piece {
    let report = &checked.report;
    let tally = Tally::game(report, checked.game.is_some());
    let failed = !report.is_valid();
    if quiet && !failed {
        return Piece {
            tally,
            ..Piece::default()
        };
    }
    let source = Source::excerpt(path, checked.text, checked.offset, checked.line);
    let err = reporter.render_all(
        &source,
        report.problems.iter().map(|p| p as &dyn miette::Diagnostic),
    );
    let out = if checked.game.is_some() {
        let result = report
            .result
            .map_or_else(|| "no result".to_owned(), |v| v.to_string());
        let standing = checked.view.as_ref().map_or_else(String::new, |view| {
            let name = view
                .name
                .as_ref()
                .map_or_else(String::new, |n| format!(" {}", hirp::syntax::escape(n)));
            let over = if view.winner.is_some() { ", over" } else { "" };
            format!(
                "; match{name}, game {}: {}-{}{over}",
                view.game, view.score.0, view.score.1
            )
        });
        format!(
            "{}: game {}: {result} ({} turn{}; {}){standing}\n",
            hirp::syntax::escape(path),
            checked.number,
            report.turns,
            if report.turns == 1 { "" } else { "s" },
            counts(report)
        )
    } else {
        String::new()
    };
    Piece {
        out: out.into_bytes(),
        err,
        tally,
        ..Piece::default()
    }
}

/// "2 errors, 1 warning, no advice".
fn counts(report: &hirp::replay::GameReport) -> String {
    let plural = |n: usize, word: &str| match n {
        0 => format!("no {word}s"),
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    };
    let advice = report.count(Severity::Advice);
    format!(
        "{}, {}, {}",
        plural(report.count(Severity::Error), "error"),
        plural(report.count(Severity::Warning), "warning"),
        if advice == 0 {
            "no advice".to_owned()
        } else {
            format!("{advice} advice")
        }
    )
}

/// A progress bar on standard error, shown only on a terminal and only once
/// the work has taken more than a second; everything printed goes through
/// it, so that it is drawn around.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    terminal: bool,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn advance(&self, bytes: u64) {
        self.bar.inc(bytes);
        if self.terminal && self.bar.is_hidden() && self.start.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn print(&self, out: &[u8], err: &str) {
        self.bar.suspend(|| {
            if !err.is_empty() {
                let _ = std::io::stderr().lock().write_all(err.as_bytes());
            }
            if !out.is_empty() {
                let mut stdout = std::io::stdout().lock();
                if let Err(e) = stdout.write_all(out)
                    && e.kind() == std::io::ErrorKind::BrokenPipe
                {
                    std::process::exit(0);
                }
            }
        });
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
