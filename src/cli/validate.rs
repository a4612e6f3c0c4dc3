//! `hirp validate`: replay records against the rules, many files at once.

use std::io::{BufReader, IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hirp::check::{Checked, check_parallel};
use hirp::json::report::{LineIndex, game_validation};
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
        |out: &str, err: &str| progress.print(out, err),
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
        progress.print("{\"files\":[", "");
    }
    // With fewer files than threads, every thread works on each file in
    // turn; with more, each file goes to one thread.
    let threads = pool.current_num_threads();
    pool.install(|| {
        if inputs.len() < threads {
            for (n, input) in inputs.iter().enumerate() {
                if !sequence.stopped() {
                    validate_file(n, input, &args, reporter, &sequence, &progress, threads);
                }
                sequence.finish(n);
            }
        } else {
            // Each thread takes the next file in order, so that the output
            // waiting for an earlier file is never more than a few files'.
            let next = AtomicUsize::new(0);
            rayon::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|_| {
                        loop {
                            let n = next.fetch_add(1, Ordering::Relaxed);
                            let Some(input) = inputs.get(n) else { break };
                            if !sequence.stopped() {
                                validate_file(n, input, &args, reporter, &sequence, &progress, 1);
                            }
                            sequence.finish(n);
                        }
                    });
                }
            });
        }
    });
    progress.finish();
    let stopped = sequence.stopped();
    let tally = sequence.tally();
    match args.format {
        Format::Json => progress.print("]}\n", ""),
        Format::Human => {
            let mut out = String::new();
            if stopped {
                out.push_str(&format!(
                    "stopped after {} errors (--max-errors)\n",
                    tally.error_count()
                ));
            }
            out.push_str(&tally.render());
            progress.print(&out, "");
        }
    }
    if !missing.is_empty() || tally.unreadable > 0 {
        Status::Failure
    } else if tally.error_count() > 0 {
        Status::Invalid
    } else {
        Status::Ok
    }
}

/// Checks one input game by game, handing its output to the sequence.
fn validate_file<P: Fn(&str, &str) + Sync>(
    n: usize,
    input: &Input,
    args: &Args,
    reporter: &Reporter,
    sequence: &Sequence<P>,
    progress: &Progress,
    workers: usize,
) {
    let json = args.format == Format::Json;
    let comma = if n > 0 { "," } else { "" };
    let path_json = serde_json::to_string(&input.path).unwrap_or_default();
    let reader: Box<dyn std::io::BufRead + Send> = match &input.target {
        Target::Stdin => Box::new(BufReader::new(std::io::stdin())),
        Target::File(path) => match std::fs::File::open(path) {
            Ok(file) => Box::new(BufReader::with_capacity(1 << 16, file)),
            Err(e) => {
                let message = format!("cannot read {}: {}", input.path, super::io_reason(&e));
                unreadable(n, sequence, json, comma, &path_json, message);
                return;
            }
        },
    };
    if json {
        let header = format!("{comma}{{\"path\":{path_json},\"games\":[");
        sequence.emit(
            n,
            Piece {
                out: header,
                ..Piece::default()
            },
        );
    }
    let mut loose = Vec::new();
    let mut first_game = true;
    let mut last_offset = 0;
    let result = check_parallel(reader, workers, |mut checked| {
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
        let piece = if json {
            let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
            if checked.game.is_none() {
                loose.extend(
                    checked
                        .report
                        .problems
                        .iter()
                        .map(|p| hirp::json::report::diagnostic(p, &lines)),
                );
                Piece {
                    tally: Tally::game(&checked.report, false),
                    ..Piece::default()
                }
            } else {
                let game = game_validation(&checked.report, checked.view.as_ref(), &lines);
                let sep = if std::mem::take(&mut first_game) {
                    ""
                } else {
                    ","
                };
                Piece {
                    out: format!("{sep}{}", serde_json::to_string(&game).unwrap_or_default()),
                    tally: Tally::game(&checked.report, true),
                    ..Piece::default()
                }
            }
        } else {
            human(&input.path, &checked, args.quiet, reporter)
        };
        sequence.emit(n, piece)
    });
    let mut end = Piece {
        tally: Tally {
            files: 1,
            ..Tally::default()
        },
        always: true,
        ..Piece::default()
    };
    if let Err(e) = result {
        let message = format!("cannot read {}: {}", input.path, super::io_reason(&e));
        end.tally.unreadable = 1;
        if !json {
            end.err = format!("error: {message}\n");
        }
        loose.clear();
    }
    if json {
        let diagnostics = serde_json::to_string(&loose).unwrap_or_default();
        end.out = format!("],\"diagnostics\":{diagnostics}}}");
    }
    sequence.emit(n, end);
}

/// The output of a file that cannot be opened.
fn unreadable<P: Fn(&str, &str) + Sync>(
    n: usize,
    sequence: &Sequence<P>,
    json: bool,
    comma: &str,
    path_json: &str,
    message: String,
) {
    let tally = Tally {
        files: 1,
        unreadable: 1,
        ..Tally::default()
    };
    let piece = if json {
        let error = serde_json::to_string(&message).unwrap_or_default();
        Piece {
            out: format!("{comma}{{\"path\":{path_json},\"games\":[],\"error\":{error}}}"),
            tally,
            ..Piece::default()
        }
    } else {
        Piece {
            err: format!("error: {message}\n"),
            tally,
            ..Piece::default()
        }
    };
    sequence.emit(n, piece);
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
                .map_or_else(String::new, |n| format!(" {n}"));
            let over = if view.winner.is_some() { ", over" } else { "" };
            format!(
                "; match{name}, game {}: {}-{}{over}",
                view.game, view.score.0, view.score.1
            )
        });
        format!(
            "{path}: game {}: {result} ({} turn{}; {}){standing}\n",
            checked.number,
            report.turns,
            if report.turns == 1 { "" } else { "s" },
            counts(report)
        )
    } else {
        String::new()
    };
    Piece {
        out,
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

    fn print(&self, out: &str, err: &str) {
        self.bar.suspend(|| {
            if !err.is_empty() {
                let _ = std::io::stderr().lock().write_all(err.as_bytes());
            }
            if !out.is_empty() {
                let mut stdout = std::io::stdout().lock();
                if let Err(e) = stdout.write_all(out.as_bytes())
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
