//! `hirp validate`: replay records against the rules, many files at once.

use std::io;
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use hirp::Severity;
use hirp::core::Depth;
use hirp::core::escape;
use hirp::diagnostic::Problem;
use hirp::json::report::writer::{self, FileWriter};
use hirp::json::report::{Diagnostic, LineIndex, diagnostic, game_validation};

use super::family::RulesArg;
use hirp::core::family::Judged;

use super::judged::{check_input, needs_rules};
use super::progress::Progress;
use super::report::PedanticArg;
use super::sequence::{Cut, Piece, Sequence};
use super::shard::{Part, Shard, merge_parts};
use super::stdout::write_stdout;
use super::tally::Tally;
use super::walk::{Found, Input, Nothing, archives_need_rules, inputs_or_report};
use super::{report::Reporter, status::Status};

mod lines;
use lines::{Listing, human, up_to_error};

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

Directories are walked for *.hirp and *.otg files (hidden and ignored files
left out), in path order; archives (*.csv) are read when named, with
--rules. Files are checked in parallel, each game by game in flat memory,
and reported in order. A summary table ends the output, unless no file was
found.

A path that yields no record is an error named on standard error (in JSON,
its entry's `error`): a file that holds no game (empty, or only comments; a
tag begins a game) or a directory with no *.hirp or *.otg file.

Severities: error (the record is wrong), warning (legal but sloppy: an attack
written without `>`, battles out of board order), advice (a note). The notes
on the letter of OpenTafl's notation that OpenTafl's own files do not follow,
and on the letters hnefatafl.org's server writes in every start, are advice
given only with --pedantic.

Examples:
  hirp validate game.hirp
  hirp validate tournament/ --quiet          only failures and the summary
  hirp validate tournament/ --all            a line for every game
  hirp validate --format json games/*.hirp
  hirp validate --strict game.hirp           warnings count as errors

On several machines: each runs --shard K/N over the same paths with
--tally, which writes its part of the summary as JSON (the diagnostics
still on standard error); --merge PART... reads the parts and prints the
summary one run prints, with its exit status. A shard takes whole files,
those whose path hashes to K modulo N (the files found in a directory
too): a HIRP record's matches run across its games.

Exit status: 0 every record valid, 1 some record invalid or a path yields no
record, 2 usage or I/O error, or a tafl game whose rules are not played (no
verdict is given).")]
pub struct Args {
    /// Record files or directories to read; `-` reads standard input.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<String>,

    /// Output: `human` (diagnostics on standard error; a line for each game
    /// with a problem and a summary on standard output) or `json` (one
    /// document on standard output).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Treat warnings as errors.
    #[arg(long)]
    strict: bool,

    /// List only the games that fail (and their diagnostics), then the
    /// summary.
    #[arg(short, long, conflicts_with = "all")]
    quiet: bool,

    /// List every game, a line each, those with no problem too (by
    /// default, only the games with a problem are listed, and the others
    /// counted in the summary).
    #[arg(short, long)]
    all: bool,

    /// Stop after the Nth error: nothing is reported after it, warnings and
    /// advice included, and the summary counts what was reported.
    #[arg(long, value_name = "N", value_parser = parse_max_errors)]
    max_errors: Option<NonZeroUsize>,

    /// Check N files at a time (default: one per core).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,

    /// Read every game and report only what the grammar finds (and the
    /// repairs the rules confirm for it): no replay, no result, no match.
    #[arg(long)]
    syntax_only: bool,

    /// Check shard K of N alone (K from 1): the files whose path hashes to
    /// K modulo N.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,

    /// Write the summary as JSON, to be merged with --merge, and nothing
    /// else on standard output.
    #[arg(long, conflicts_with_all = ["merge", "format", "max_errors"])]
    tally: bool,

    /// Read the paths as summaries written with --tally, and print them
    /// merged: the summary table (with --format json, the merged tally).
    #[arg(long)]
    merge: bool,

    #[command(flatten)]
    rules: RulesArg,

    #[command(flatten)]
    pedantic: PedanticArg,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Reads `--max-errors`: a count of errors, from 1.
fn parse_max_errors(text: &str) -> Result<NonZeroUsize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("stopping after no error would report nothing: give 1 or more".to_owned()),
        Ok(n) => Ok(NonZeroUsize::new(n).expect("not zero")),
        Err(_) => Err(format!("`{text}` is not a count of errors: give 1 or more")),
    }
}

/// What the paths given yield, archives without `--rules` refused and
/// `--rules` for HIRP records noted; `None` when they cannot be found, the
/// error reported.
fn found(args: &Args, reporter: &Reporter) -> Option<Vec<Found>> {
    let found = inputs_or_report(&args.paths, reporter)?;
    super::family::rules_left_aside(
        args.rules.rules.as_ref(),
        found.iter().filter_map(|f| match f {
            Found::Input(input) => Some(input.path.as_str()),
            Found::Nothing(_) => None,
        }),
        reporter,
    );
    Some(archives_need_rules(found, args.rules.rules.as_ref()))
}

/// Runs `hirp validate`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let reporter = &reporter.with(args.pedantic);
    if args.merge {
        return merge(&args, reporter);
    }
    let Some(mut found) = found(&args, reporter) else {
        return Status::Failure;
    };
    if let Some(shard) = args.shard {
        found = sharded(found, shard);
    }
    // The status that the paths yielding nothing give, even if the work
    // stops before they are reported.
    let mut walked = Status::Ok;
    let mut total = 0;
    for found in &found {
        match found {
            Found::Input(input) => total += input.size.unwrap_or(0),
            Found::Nothing(nothing) => walked = walked.max(nothing.status),
        }
    }
    let progress = Progress::new(total);
    // With --tally, standard output holds the tally alone.
    let sequence = Sequence::new(
        |out: &[u8], err: &str| progress.print(if args.tally { b"" } else { out }, err),
        args.max_errors.map(NonZeroUsize::get),
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
    let validate = |n: usize, found: &Found, workers: usize| {
        let done = match found {
            _ if sequence.stopped() => Ok(()),
            Found::Input(input) => {
                validate_file(n, input, &args, reporter, &sequence, &progress, workers)
            }
            Found::Nothing(nothing) => nothing_found(n, nothing, args.format, &sequence),
        };
        if let Err(e) = done {
            sequence.stop();
            let mut fault = fault
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            fault.get_or_insert(e);
        }
        sequence.finish(n);
    };
    pool.install(|| each_input(&found, pool.current_num_threads(), &validate));
    let fault = fault
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(e) = fault {
        let _ = progress.finish(b"");
        // Writing into memory fails only if serialising does.
        reporter.error(&format!("cannot write the JSON report: {e}"));
        return Status::Failure;
    }
    let stopped = sequence.stopped();
    let mut tally = sequence.tally();
    if args.syntax_only {
        // No result is sought.
        tally.results.clear();
    }
    let end = output_end(&args, &tally, stopped);
    if let Err(message) = progress.finish(&end) {
        reporter.error(&message);
        return Status::Failure;
    }
    walked.max(tally.status())
}

/// The widest the summary is written, whatever the terminal.
const SUMMARY_WIDTH: usize = 100;

/// What ends the output: the JSON document's end, or the summary table
/// (with `stopped`, the line that `--max-errors` stopped the work).
fn output_end(args: &Args, tally: &Tally, stopped: bool) -> Vec<u8> {
    if args.tally {
        return tally.to_json().into_bytes();
    }
    match args.format {
        Format::Json => [writer::END, b"\n"].concat(),
        // No table of zeros when no file was found.
        Format::Human if tally.files == 0 => Vec::new(),
        Format::Human => {
            let which = if args.quiet {
                "games that pass"
            } else {
                "games with no problem"
            };
            tally
                .summary(args.max_errors.filter(|_| stopped), width(), which)
                .into_bytes()
        }
    }
}

/// The paths of `found` that `shard` takes: whole files, whatever their
/// number, since a HIRP match runs across its record's games.
fn sharded(mut found: Vec<Found>, shard: Shard) -> Vec<Found> {
    let paths = found.len().max(2);
    found.retain(|f| {
        let path = match f {
            Found::Input(input) => &input.path,
            Found::Nothing(nothing) => &nothing.path,
        };
        shard.part(paths, path, 0) == Part::Whole
    });
    found
}

/// The width of the summary: the terminal's, within bounds.
fn width() -> usize {
    super::stdout::output_columns().map_or(SUMMARY_WIDTH, |w| w.clamp(40, SUMMARY_WIDTH))
}

/// `hirp validate --merge`: the summaries of the parts, merged, as one run
/// prints its summary, and its exit status.
fn merge(args: &Args, reporter: &Reporter) -> Status {
    let mut tally = Tally::default();
    let failed = merge_parts(&args.paths, reporter, Tally::from_json, |part| {
        tally.add(part);
    });
    let which = match args.quiet {
        true => "games that pass",
        false => "games with no problem",
    };
    let text = match args.format {
        Format::Json => tally.to_json(),
        Format::Human => tally.summary(None, width(), which),
    };
    if let Err(message) = write_stdout(&text) {
        reporter.error(&message);
        return Status::Failure;
    }
    match failed {
        true => Status::Failure,
        false => tally.status(),
    }
}

/// Runs `validate(n, input, workers)` on every input on the pool's
/// `threads`: with fewer files to read than threads, every thread works on
/// each input in turn; with more, each input goes to one thread.
fn each_input(inputs: &[Found], threads: usize, validate: &(dyn Fn(usize, &Found, usize) + Sync)) {
    let files = inputs
        .iter()
        .filter(|i| matches!(i, Found::Input(_)))
        .count();
    if files < threads {
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

/// Hands the sequence what is reported, as number `n`, of a path that yields
/// nothing to read: an entry with its error in JSON, else its error line.
fn nothing_found<P: Fn(&[u8], &str) + Sync>(
    n: usize,
    nothing: &Nothing,
    format: Format,
    sequence: &Sequence<P>,
) -> io::Result<()> {
    let mut tally = Tally::default();
    match nothing.status {
        Status::Failure => tally.unreadable = 1,
        _ => tally.no_record = 1,
    }
    let mut piece = Piece {
        tally: tally.clone(),
        // Cut, it is not printed but still counted.
        cut: Some(Box::new(|_| Piece {
            tally,
            ..Piece::default()
        })),
        ..Piece::default()
    };
    match format {
        Format::Json => FileWriter::begin(&mut piece.out, n, &nothing.path)?.end(
            &mut piece.out,
            &[],
            Some(&nothing.message),
        )?,
        Format::Human => piece.err = format!("error: {}\n", escape(&nothing.message)),
    }
    sequence.emit(n, piece);
    Ok(())
}

impl Args {
    /// Which games the human output lists, and how.
    fn listing(&self) -> Listing {
        Listing {
            quiet: self.quiet,
            all: self.all,
            syntax_only: self.syntax_only,
            cut: self.max_errors.is_some(),
        }
    }
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
    // In JSON, the file's writer, and its problems in no game.
    let mut file = None;
    let mut loose = Loose::default();
    if args.format == Format::Json {
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
    // Whether the file holds a game or an error, and whether its reading
    // was halted (output stopped) before its end.
    let (mut something, mut halted) = (false, false);
    let on_game = |mut checked: Judged<'_>| {
        reporter.as_asked(&mut checked.verdict.problems, args.strict);
        something |= checked.in_game || checked.verdict.count(Severity::Error) > 0;
        let advanced = (checked.offset + checked.text.len()).saturating_sub(last_offset);
        last_offset = checked.offset + checked.text.len();
        progress.advance(advanced as u64);
        let piece = match &mut file {
            Some(file) => match json_game(file, &checked, &mut loose, args) {
                Ok(piece) => piece,
                Err(e) => {
                    fault = Some(e);
                    return false;
                }
            },
            None => human(&input.path, &checked, args.listing(), reporter),
        };
        halted = !sequence.emit(n, piece);
        !halted
    };
    let depth = if args.syntax_only {
        Depth::Syntax
    } else {
        Depth::Rules
    };
    let result = check_input(input, args.rules.rules.as_ref(), depth, workers, on_game);
    if let Some(e) = fault {
        return Err(e);
    }
    let mut tally = Tally {
        files: 1,
        ..Tally::default()
    };
    let error = match result {
        Err(e) if needs_rules(&e) => {
            tally.unreadable = 1;
            Some(super::family::archive_without_rules(&input.path))
        }
        Err(e) => {
            tally.unreadable = 1;
            Some(input.cannot_read(&e))
        }
        Ok(_) if !something && !halted => {
            tally.no_record = 1;
            Some(super::reading::holds_no_game(&input.path))
        }
        Ok(_) => None,
    };
    sequence.emit(n, file_end(file, loose, tally, error)?);
    Ok(())
}

/// A file's problems in no game, which JSON gives at the file's end.
#[derive(Default)]
struct Loose {
    problems: Vec<Problem>,
    diagnostics: Vec<Diagnostic>,
}

/// The end of a file's output: in JSON (when there is a `file` writer) its
/// problems in no game and its `error`, else the error's line; `tally`
/// counts the file and its error. Cut, it drops the problems after the last
/// error allowed, and the error (which comes after them) if it is not
/// allowed, though it still counts for the exit status.
fn file_end(
    file: Option<FileWriter>,
    loose: Loose,
    tally: Tally,
    error: Option<String>,
) -> io::Result<Piece> {
    let all = loose.problems.len();
    let mut piece = end_piece(file.clone(), &loose, all, &tally, error.as_deref())?;
    if piece.tally.error_count() > 0 {
        piece.cut = Some(Box::new(move |errors| {
            let kept = up_to_error(&loose.problems, errors);
            let loose_errors = Tally::problems(&loose.problems).error_count();
            let error = error.filter(|_| errors > loose_errors);
            // Serialising what was serialised whole cannot fail.
            end_piece(file, &loose, kept, &tally, error.as_deref()).unwrap_or_default()
        }));
    }
    Ok(piece)
}

/// The end of a file's output, as [`file_end`] says, with the first `kept`
/// problems in no game.
fn end_piece(
    file: Option<FileWriter>,
    loose: &Loose,
    kept: usize,
    tally: &Tally,
    error: Option<&str>,
) -> io::Result<Piece> {
    let mut piece = Piece {
        tally: tally.clone(),
        always: true,
        ..Piece::default()
    };
    piece.tally.add(Tally::problems(&loose.problems[..kept]));
    match file {
        Some(file) => file.end(&mut piece.out, &loose.diagnostics[..kept], error)?,
        None => {
            piece.err = error.map_or_else(String::new, |e| format!("error: {}\n", escape(e)));
        }
    }
    Ok(piece)
}

/// A game's JSON output; problems in no game are kept in `loose` for the end
/// of the file.
fn json_game(
    file: &mut FileWriter,
    checked: &Judged<'_>,
    loose: &mut Loose,
    args: &Args,
) -> io::Result<Piece> {
    let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
    let report = &checked.verdict;
    if !checked.in_game {
        loose
            .diagnostics
            .extend(report.problems.iter().map(|p| diagnostic(p, &lines)));
        loose.problems.extend(report.problems.iter().cloned());
        return Ok(Piece::default());
    }
    let mut validation = game_validation(report, checked.standing.as_ref(), &lines);
    let tally = Tally::game(report, true);
    let mut out = Vec::new();
    let before = file.clone();
    file.game(&mut out, &validation)?;
    let mut cut: Option<Cut> = None;
    if args.max_errors.is_some() && tally.error_count() > 0 {
        let mut report = report.clone();
        cut = Some(Box::new(move |errors| {
            let kept = up_to_error(&report.problems, errors);
            report.problems.truncate(kept);
            validation.diagnostics.truncate(kept);
            let mut out = Vec::new();
            // Serialising what was serialised whole cannot fail.
            let _ = before.clone().game(&mut out, &validation);
            Piece {
                out,
                tally: Tally::game(&report, true),
                ..Piece::default()
            }
        }));
    }
    Ok(Piece {
        out,
        tally,
        cut,
        ..Piece::default()
    })
}
