//! `hirp fix`: apply every fix that is the only one.

use hirp::any::AnyFamily;
use std::io::{self, Write};

use hirp::any::RulesChoice;
use hirp::core::fix::{CheckedPiece, Corrected, FixedChunk, Fixing, ROUNDS};

use super::family::{RulesArg, archive_without_rules, family};
use super::report::PedanticArg;
use super::rewrite::Rewrite;
use super::walk::{Found, Input, Target, archives_need_rules, inputs_or_report};
use super::{
    input::io_reason, reading::holds_no_game, report::Reporter, status::Status, stdout::Stdout,
    stdout::write_record_stdout,
};

mod left;
use left::{Record, Reporting, Written};

/// Correct a record: apply every diagnostic's fix where it has exactly one.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A diagnostic with exactly one fix (`write `Khh97``) is applied; one with
several, or none, is left and reported. Fixes are applied until none is
left; the corrected record is validated as it is written, as `hirp
validate` validates a file (a HIRP match's problems and a whole file's
too), and what is still wrong is reported on standard error and counted
in the note (`N errors left`). A game is corrected only when its repairs
leave it valid; otherwise it is left as written, and the note says so.
Where several repairs fit a problem equally well, none is applied, and the
note counts those games. Only the faulty tokens change: comments, tags and
layout stay as they were. Advice (a note on the letter of the notation, such
as a capture written twice) with a fix is reported but not applied unless
--advice is given; advice with none is left to `hirp validate` (and shown
with --pedantic).

With --in-place, a file with nothing to fix is left untouched. Otherwise
the original is kept under the first free name of FILE.orig, FILE.orig.1,
FILE.orig.2... (a backup is never overwritten), and the corrected record,
written to a new file beside it and flushed to the disk, is renamed over it
with its permissions: a crash or a full disk leaves the old file or the new
one, never part of one. The backup is written under a temporary name and
renamed once whole. Ctrl-C or SIGTERM removes the temporary files before
hirp ends (exit status 130 or 143); one that a run killed outright left is
removed by the next run on the file.

Directories are walked for *.hirp and *.otg files (hidden and ignored files
left out), in path order; archives (*.csv) are read when named, with
--rules. With several files, standard output gets each corrected record in
turn, as fixing it alone would print it and with nothing between them (as
`cat` joins files); --diff prints a diff a file, --in-place rewrites each
file.

Examples:
  hirp fix game.hirp                  the corrected record on standard output
  hirp fix --diff game.hirp           a unified diff instead
  hirp fix --advice game.otg          also apply the fixes of advice
  hirp fix --in-place game.hirp       rewrite the file, keeping game.hirp.orig
  hirp fix --in-place games/          rewrite every record under games/
  hirp fix -j 1 big.hirp              correct on one thread

Exit status: 0 every corrected record is valid (`hirp validate` of it
would exit with 0), 1 problems remain or a path yields no record (a file
that holds no game, a directory with no *.hirp or *.otg file), 2 usage or
I/O error.")]
pub struct Args {
    /// Records to correct, or directories to walk for *.hirp and *.otg
    /// files; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Rewrite each file that has something to fix, keeping the original as
    /// FILE.orig (or FILE.orig.1, FILE.orig.2... if that is taken).
    #[arg(long, conflicts_with = "diff")]
    in_place: bool,

    /// Print a unified diff of the changes instead of the record.
    #[arg(long)]
    diff: bool,

    /// Also apply the fixes of advice (a capture written twice, captures
    /// out of order...), which are otherwise only reported.
    #[arg(long)]
    advice: bool,

    /// Correct a file's games on N threads, at most 64 (default, or 0: one
    /// per core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=64))]
    jobs: Option<u64>,

    #[command(flatten)]
    rules: RulesArg,

    #[command(flatten)]
    pedantic: PedanticArg,
}

/// What fixing a record gave.
#[derive(Default)]
struct Fixed {
    applied: usize,
    /// Games left as written: their repairs would leave them invalid.
    withheld: usize,
    /// Games with a problem that several repairs fit equally well.
    tied: usize,
    errors: usize,
    games: usize,
    /// In place, where the original was kept.
    kept: Option<std::path::PathBuf>,
}

/// What to fix: a record read, its family, and the rules of a tafl one.
pub struct Subject<'a> {
    /// The path shown.
    path: &'a str,
    /// The record's bytes.
    original: &'a [u8],
    family: AnyFamily,
    rules: Option<&'a RulesChoice>,
    /// Whether the problems of pedantic codes are reported and fixed.
    pedantic: bool,
    /// Whether the fixes of advice are applied.
    advice: bool,
    /// The threads that correct its chunks.
    workers: usize,
}

impl<'a> Subject<'a> {
    /// The record `original` called `path`, its family told from its name
    /// and its first line as [`family`] tells it, a tafl one replayed under
    /// `rules` if given, else under its rules tag.
    pub fn of(path: &'a str, original: &'a [u8], rules: Option<&'a RulesChoice>) -> Subject<'a> {
        Subject {
            path,
            original,
            family: family(path, rules, original),
            rules,
            pedantic: false,
            advice: false,
            workers: 1,
        }
    }

    /// The same record, the problems of pedantic codes reported and fixed
    /// when `pedantic` says so (`--pedantic`).
    pub fn pedantic(self, pedantic: bool) -> Subject<'a> {
        Subject { pedantic, ..self }
    }

    /// The same record, the fixes of advice applied when `advice` says so
    /// (`--advice`); otherwise advice is only reported.
    pub fn advice(self, advice: bool) -> Subject<'a> {
        Subject { advice, ..self }
    }

    /// The same record, corrected on `workers` threads (one or fewer: on
    /// the calling thread).
    pub fn workers(self, workers: usize) -> Subject<'a> {
        Subject { workers, ..self }
    }

    /// The record's family.
    pub fn family(&self) -> AnyFamily {
        self.family
    }
}

impl Subject<'_> {
    /// Which problems `fix` reports of the record, and how.
    fn reporting(&self) -> Reporting {
        Reporting {
            pedantic: self.pedantic,
            advice: self.advice,
        }
    }
}

/// The problems of `checked` as `fix` treats them ([`Reporting::reports`],
/// [`Reporting::strip_advice_fix`]).
fn kept(subject: &Subject<'_>, mut checked: CheckedPiece) -> CheckedPiece {
    let reporting = subject.reporting();
    checked.retain(|p| reporting.reports(p));
    for problem in &mut checked.problems {
        reporting.strip_advice_fix(problem);
    }
    checked
}

/// Corrects a record game by game in up to `rounds` rounds of fixes,
/// writing the corrected record to `out`, while what is left wrong in it is
/// found by the checks `validate` runs on a file and reported as it goes
/// (positions in the corrected record; see [`left`]).
fn fix(
    subject: &Subject<'_>,
    rounds: usize,
    out: &mut dyn Write,
    reporter: &Reporter,
) -> io::Result<Fixed> {
    let record = Record {
        path: subject.path,
        rules: subject.rules,
        workers: subject.workers,
        reporting: subject.reporting(),
    };
    let (fixed, left) = left::checked(&record, reporter, |written| {
        write_fixed(subject, rounds, out, written)
    });
    Ok(Fixed {
        errors: left.errors,
        games: left.games,
        ..fixed?
    })
}

/// Corrects a record as [`fix`] does, writing the corrected record to
/// `out` and handing it to `written`, with what fixing found in each
/// piece. Lines left unread for going beyond the limits are copied as they
/// were. The chunks of the record are corrected on the subject's workers,
/// and written in order.
fn write_fixed(
    subject: &Subject<'_>,
    rounds: usize,
    out: &mut dyn Write,
    written: &mut Written,
) -> io::Result<Fixed> {
    let keep = |checked: CheckedPiece| kept(subject, checked);
    let fixing = Fixing {
        workers: subject.workers,
        rounds,
        keep: &keep,
    };
    let mut fixed = Fixed::default();
    // Where the original was copied up to; the corrected record's size so
    // far.
    let (mut copied, mut offset) = (0, 0);
    // Offsets count the bytes as read: UTF-16 is read decoded to UTF-8.
    let read = hirp::core::encoding::transcode(subject.original);
    let mut write = |mut chunk: FixedChunk| -> io::Result<()> {
        let gap = &read[copied..chunk.offset];
        out.write_all(gap)?;
        written.text(gap);
        offset += gap.len();
        chunk.shift(offset);
        let Corrected {
            piece,
            applied,
            withheld,
            checked,
        } = chunk.corrected;
        fixed.applied += applied;
        fixed.withheld += withheld;
        fixed.tied += checked.tied();
        out.write_all(&piece)?;
        copied = chunk.end;
        offset += piece.len();
        written.found(checked.problems);
        written.text(&piece);
        Ok(())
    };
    let mut failure = None;
    subject.family.fix_chunks(
        subject.original,
        subject.rules,
        &fixing,
        &mut |chunk| match write(chunk) {
            Ok(()) => true,
            Err(e) => {
                failure = Some(e);
                false
            }
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    out.write_all(&read[copied..])?;
    written.text(&read[copied..]);
    out.flush()?;
    Ok(fixed)
}

/// A record of either family fixed in memory, as `hirp fix` writes it: the
/// corrected bytes, how many fixes were applied and how many errors are
/// left.
pub fn fix_bytes(subject: &Subject<'_>) -> (Vec<u8>, usize, usize) {
    let mut corrected = Vec::with_capacity(subject.original.len());
    // Writing into memory cannot fail.
    let fixed = fix(subject, ROUNDS, &mut corrected, &Reporter::quiet())
        .expect("writing into memory does not fail");
    (corrected, fixed.applied, fixed.errors)
}

/// Runs `hirp fix`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.in_place && args.files.iter().any(|f| f == "-") {
        reporter.error("--in-place rewrites a file; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let Some(found) = inputs_or_report(&args.files, reporter) else {
        return Status::Failure;
    };
    super::family::rules_left_aside(
        args.rules.rules.as_ref(),
        found.iter().filter_map(|f| match f {
            Found::Input(input) => Some(input.path.as_str()),
            Found::Nothing(_) => None,
        }),
        reporter,
    );
    let found = archives_need_rules(found, args.rules.rules.as_ref());
    let mut status = Status::Ok;
    for found in &found {
        let file = match found {
            Found::Input(input) => fix_input(input, &args, reporter),
            Found::Nothing(nothing) => {
                reporter.error(&nothing.message);
                nothing.status
            }
        };
        status = status.max(file);
    }
    status
}

/// Corrects `subject` to standard output: streamed through a pipe or into
/// a file; on a terminal, held whole and shown with what would act on the
/// terminal escaped.
fn to_stdout(subject: &Subject<'_>, reporter: &Reporter) -> io::Result<Fixed> {
    let cannot = |e: io::Error| {
        io::Error::other(format!(
            "cannot write to standard output: {}",
            io_reason(&e)
        ))
    };
    if !io::IsTerminal::is_terminal(&io::stdout()) {
        let mut out = io::BufWriter::with_capacity(1 << 16, Stdout);
        return fix(subject, ROUNDS, &mut out, reporter).map_err(cannot);
    }
    let mut held = Vec::new();
    let fixed = fix(subject, ROUNDS, &mut held, reporter).map_err(cannot)?;
    write_record_stdout(&String::from_utf8_lossy(&held)).map_err(io::Error::other)?;
    Ok(fixed)
}

/// Corrects one input as `args` say: to standard output, as a diff, or in
/// place. Returns its exit status.
fn fix_input(input: &Input, args: &Args, reporter: &Reporter) -> Status {
    let original = match input.read() {
        Ok(bytes) => bytes,
        Err(e) => {
            reporter.error(&input.cannot_read(&e));
            return Status::Failure;
        }
    };
    let path = input.path.as_str();
    let rules = args.rules.rules.as_ref();
    if rules.is_none() && family(path, rules, &original).needs_rules() {
        // An archive told by its text, as on standard input, is refused as
        // one told by its name is.
        reporter.error(&archive_without_rules(path));
        return Status::Failure;
    }
    let subject = Subject::of(path, &original, rules)
        .pedantic(args.pedantic.pedantic)
        .advice(args.advice)
        .workers(workers(args.jobs));
    let result = if args.diff {
        diff(&subject, reporter)
    } else if args.in_place {
        in_place(&subject, &input.target, reporter)
    } else {
        to_stdout(&subject, reporter)
    };
    let fixed = match result {
        Ok(fixed) => fixed,
        Err(e) => {
            reporter.error(&e.to_string());
            return Status::Failure;
        }
    };
    if fixed.games == 0 && fixed.errors == 0 {
        reporter.error(&holds_no_game(path));
        return Status::Invalid;
    }
    reporter.note(&summary(path, &fixed));
    if fixed.errors == 0 {
        Status::Ok
    } else {
        Status::Invalid
    }
}

/// The note after fixing a record: what was fixed, what is left, what was
/// left as written, where several repairs tie, and where the original is
/// kept.
fn summary(path: &str, fixed: &Fixed) -> String {
    let plural = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    let withheld = match fixed.withheld {
        0 => String::new(),
        n => format!(
            "; {} left as written, as {} would leave {} invalid",
            plural(n, "game", "games"),
            if n == 1 {
                "its repairs"
            } else {
                "their repairs"
            },
            if n == 1 { "it" } else { "them" },
        ),
    };
    let tied = match fixed.tied {
        0 => String::new(),
        n => format!(
            "; {} a problem that several repairs fit equally well: none was applied",
            plural(n, "game has", "games have"),
        ),
    };
    let kept = fixed.kept.as_ref().map_or_else(String::new, |kept| {
        format!("; the original is kept as {}", kept.display())
    });
    format!(
        "{path}: {} fixed; {} left{withheld}{tied}{kept}",
        plural(fixed.applied, "problem", "problems"),
        plural(fixed.errors, "error", "errors"),
    )
}

/// The threads `--jobs` asks for: one per core when it is not given, or
/// given as 0.
fn workers(jobs: Option<u64>) -> usize {
    match jobs {
        Some(0) | None => std::thread::available_parallelism().map_or(1, usize::from),
        // At most 64.
        Some(n) => usize::try_from(n).unwrap_or(64),
    }
}

/// Prints the unified diff of fixing the record, having reported what is
/// left wrong in the record corrected, as fixing to standard output does.
fn diff(subject: &Subject<'_>, reporter: &Reporter) -> io::Result<Fixed> {
    let path = subject.path;
    let mut after = Vec::with_capacity(subject.original.len());
    let fixed = fix(subject, ROUNDS, &mut after, reporter)?;
    // The text the diff compares: the file as read (UTF-16 decoded).
    let read = hirp::core::encoding::transcode(subject.original);
    let before = String::from_utf8_lossy(&read);
    let shown_after = String::from_utf8_lossy(&after);
    let diff = similar::TextDiff::from_lines(&before, &shown_after);
    let shown = diff
        .unified_diff()
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    write_record_stdout(&shown).map_err(io::Error::other)?;
    Ok(fixed)
}

/// Fixes the file `target` in place if there is something to fix: the
/// corrected record replaces it as [`Rewrite`] does, after the original is
/// kept under the first free name of `FILE.orig`, `FILE.orig.1`... A file
/// with nothing to fix is left as it is.
fn in_place(subject: &Subject<'_>, target: &Target, reporter: &Reporter) -> io::Result<Fixed> {
    let (path, original) = (subject.path, subject.original);
    let mut corrected = Vec::with_capacity(original.len());
    let mut fixed = fix(subject, ROUNDS, &mut corrected, reporter)?;
    if corrected == original {
        return Ok(fixed);
    }
    let cannot = |e: io::Error| io::Error::other(format!("cannot write {path}: {}", io_reason(&e)));
    let Target::File(file) = target else {
        return Err(cannot(io::Error::other("it is standard input")));
    };
    let mut rewrite = Rewrite::begin(file).map_err(cannot)?;
    for note in &rewrite.notes {
        reporter.note(&format!("{path}: {note}"));
    }
    rewrite.write_all(&corrected).map_err(cannot)?;
    fixed.kept = Some(rewrite.commit_keeping(file, original).map_err(cannot)?);
    Ok(fixed)
}
