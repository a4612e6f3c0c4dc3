//! `hirp fix`: apply every fix that is the only one.

use std::io::{self, Write};

use hirp::Severity;
use hirp::diagnostic::Problem;
use hirp::replay::{RecordReport, replay_record};
use hirp::syntax::{Chunk, Cut, Edit, Games, Span, parse_chunk};
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax as tafl;

use super::family::{Family, RulesArg, family};
use super::report::{Source, line_ends};
use super::rewrite::Rewrite;
use super::walk::{Found, Input, Target, inputs};
use super::{Reporter, Status, Stdout, holds_no_game, io_reason, write_stdout};

/// Correct a record: apply every diagnostic's fix where it has exactly one.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A diagnostic with exactly one fix (`write `Khh97``) is applied; one with
several, or none, is left and reported. Fixes are applied until none is
left, then the corrected record is validated and what is still wrong is
reported on standard error. Only the faulty tokens change: comments, tags and
layout stay as they were.

With --in-place, a file with nothing to fix is left untouched. Otherwise
the original is kept under the first free name of FILE.orig, FILE.orig.1,
FILE.orig.2... (a backup is never overwritten), and the corrected record,
written to a new file beside it and flushed to the disk, is renamed over it
with its permissions: a crash or a full disk leaves the old file or the new
one, never part of one.

Directories are walked for *.hirp and *.otg files (hidden and ignored files
left out), in path order; archives (*.csv) are read when named. With several files, standard output gets each corrected
record in turn, as fixing it alone would print it and with nothing between
them (as `cat` joins files); --diff prints a diff a file, --in-place
rewrites each file.

Examples:
  hirp fix game.hirp                  the corrected record on standard output
  hirp fix --diff game.hirp           a unified diff instead
  hirp fix --in-place game.hirp       rewrite the file, keeping game.hirp.orig
  hirp fix --in-place games/          rewrite every record under games/

Exit status: 0 every corrected record is valid, 1 problems remain or a path
yields no record (a file that holds no game, a directory with no *.hirp or
*.otg file), 2 usage or I/O error.")]
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

    #[command(flatten)]
    rules: RulesArg,
}

/// Fixing rounds at most: a fix can bring another to light.
const ROUNDS: usize = 8;

/// The problems of a record report.
fn problems(report: RecordReport) -> impl Iterator<Item = Problem> {
    report
        .problems
        .into_iter()
        .chain(report.games.into_iter().flat_map(|g| g.problems))
}

/// Applies edits to bytes (spans are byte offsets, so bytes that are not
/// UTF-8 outside the edits are kept as they were). Edits that overlap one
/// applied before, or reach beyond the bytes, are left out.
fn apply(bytes: &[u8], edits: &mut [Edit]) -> Vec<u8> {
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for edit in edits.iter() {
        if edit.span.start < at || edit.span.end > bytes.len() {
            continue;
        }
        out.extend_from_slice(&bytes[at..edit.span.start]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = edit.span.end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// A piece of a record, checked.
struct Checked {
    /// Its text, which the problems point into.
    text: String,
    /// Its problems.
    left: Vec<Problem>,
    /// The games in it.
    games: usize,
}

/// Checks a piece of a HIRP record as read from its chunk: the piece's
/// bytes, then, when the chunk was cut, the start of the line left unread
/// (so the replay knows the game goes on there). Spans start at `base`.
fn check(piece: &[u8], chunk: &Chunk, base: usize) -> Checked {
    let mut bytes = piece.to_vec();
    let cut = chunk.cut.map(|cut| {
        bytes.extend_from_slice(&chunk.bytes[cut.at..]);
        Cut {
            at: piece.len(),
            ..cut
        }
    });
    let whole = Chunk {
        bytes,
        offset: base,
        line: 0,
        cut,
        note: chunk.note.clone(),
    };
    let (text, parsed) = parse_chunk(&whole);
    let report = replay_record(&parsed.record, &parsed.errors);
    Checked {
        text: text.into_owned(),
        games: report.games.len(),
        left: problems(report).collect(),
    }
}

/// Checks a piece of a tafl record as [`check`] checks a HIRP one, each
/// game under `rules` if given, else under its rules tag.
fn check_tafl(piece: &[u8], chunk: &tafl::Chunk, base: usize, rules: Option<&RuleSet>) -> Checked {
    let mut bytes = piece.to_vec();
    let cut = chunk.cut.map(|cut| {
        bytes.extend_from_slice(&chunk.bytes[cut.at..]);
        tafl::Cut {
            at: piece.len(),
            ..cut
        }
    });
    let whole = tafl::Chunk {
        bytes,
        offset: base,
        line: 0,
        cut,
        note: chunk.note.clone(),
        form: chunk.form,
    };
    let (text, parsed) = tafl::parse_chunk(&whole);
    let replays = hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, rules);
    let left = if replays.is_empty() {
        parsed.errors.iter().map(Problem::tafl_syntax).collect()
    } else {
        replays
            .iter()
            .flat_map(|r| r.problems.iter().cloned())
            .collect()
    };
    Checked {
        text: text.into_owned(),
        games: replays.len(),
        left,
    }
}

/// A chunk of a record of either family, as fixing reads it.
struct Part<'a> {
    /// Its bytes, as read.
    bytes: &'a [u8],
    /// Their offset in the record as read.
    offset: usize,
    /// Where the piece to fix ends in them: before any line left unread.
    end: usize,
    /// Checks a version of the piece whose spans start at the offset given.
    check: &'a dyn Fn(&[u8], usize) -> Checked,
}

/// Corrects one chunk's piece of the record, which starts at `base` of the
/// corrected record. Returns the corrected bytes, how many fixes were
/// applied, and the corrected piece checked.
fn fix_piece(part: &Part<'_>, base: usize, rounds: usize) -> (Vec<u8>, usize, Checked) {
    let mut piece = part.bytes[..part.end].to_vec();
    let mut applied = 0;
    let mut round = 0;
    loop {
        let checked = (part.check)(&piece, base);
        let mut edits: Vec<Edit> = checked
            .left
            .iter()
            .filter_map(|p| p.fix.as_ref())
            .filter(|e| e.span.start >= base)
            .map(|e| Edit {
                span: Span::new(e.span.start - base, e.span.end - base),
                replacement: e.replacement.clone(),
            })
            .collect();
        if edits.is_empty() || round == rounds {
            return (piece, applied, checked);
        }
        let fixed = apply(&piece, &mut edits);
        if fixed == piece {
            return (piece, applied, checked);
        }
        applied += edits.len();
        round += 1;
        piece = fixed;
    }
}

/// What fixing a record gave.
#[derive(Default)]
struct Fixed {
    applied: usize,
    errors: usize,
    games: usize,
    /// In place, where the original was kept.
    kept: Option<std::path::PathBuf>,
}

/// What to fix: a record read, its family, and the rules of a tafl one.
struct Subject<'a> {
    /// The path shown.
    path: &'a str,
    /// The record's bytes.
    original: &'a [u8],
    family: Family,
    rules: Option<&'a RuleSet>,
}

impl<'a> Subject<'a> {
    /// A HIRP record.
    fn hirp(path: &'a str, original: &'a [u8]) -> Subject<'a> {
        Subject {
            path,
            original,
            family: Family::Hirp,
            rules: None,
        }
    }

    /// The same record with other bytes: the corrected ones.
    fn with(&self, original: &'a [u8]) -> Subject<'a> {
        Subject { original, ..*self }
    }
}

/// Corrects a record game by game in up to `rounds` rounds of fixes,
/// writing the corrected record to `out` and reporting what is left wrong as
/// it goes (positions in the corrected record). Lines left unread for going
/// beyond the limits are copied as they were.
fn fix(
    subject: &Subject<'_>,
    rounds: usize,
    out: &mut dyn Write,
    reporter: &Reporter,
) -> io::Result<Fixed> {
    let mut fixed = Fixed::default();
    // Where the original was copied up to; the corrected record's size and
    // lines so far.
    let (mut copied, mut offset, mut line) = (0, 0, 0);
    // Offsets count the bytes as read: UTF-16 is read decoded to UTF-8.
    let read = hirp::syntax::transcode(subject.original);
    let mut each = |part: Part<'_>| -> io::Result<()> {
        let gap = &read[copied..part.offset];
        out.write_all(gap)?;
        offset += gap.len();
        line += line_ends(gap).count();
        let (piece, applied, checked) = fix_piece(&part, offset, rounds);
        let left = &checked.left;
        fixed.applied += applied;
        fixed.games += checked.games;
        fixed.errors += left
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        if !left.is_empty() {
            let source = Source::excerpt(subject.path, &checked.text, offset, line);
            reporter.emit_source(&source, left.iter().map(|p| p as &dyn miette::Diagnostic));
        }
        out.write_all(&piece)?;
        copied = part.offset + part.end;
        offset += piece.len();
        line += line_ends(&piece).count();
        Ok(())
    };
    // Reading from memory cannot fail.
    match subject.family {
        Family::Hirp => {
            for chunk in Games::new(subject.original).map_while(Result::ok) {
                each(Part {
                    bytes: &chunk.bytes,
                    offset: chunk.offset,
                    end: chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at),
                    check: &|piece, base| check(piece, &chunk, base),
                })?;
            }
        }
        Family::Tafl(form) => {
            for chunk in tafl::Games::new(subject.original, form).map_while(Result::ok) {
                each(Part {
                    bytes: &chunk.bytes,
                    offset: chunk.offset,
                    end: chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at),
                    check: &|piece, base| check_tafl(piece, &chunk, base, subject.rules),
                })?;
            }
        }
    }
    out.write_all(&read[copied..])?;
    out.flush()?;
    Ok(fixed)
}

/// A HIRP record fixed in memory, as `hirp fix` writes it: the corrected
/// bytes, how many fixes were applied and how many errors are left.
pub(super) fn fix_bytes(original: &[u8]) -> (Vec<u8>, usize, usize) {
    let mut corrected = Vec::with_capacity(original.len());
    let subject = Subject::hirp("-", original);
    // Writing into memory cannot fail.
    let fixed = fix(&subject, ROUNDS, &mut corrected, &Reporter::quiet())
        .expect("writing into memory does not fail");
    (corrected, fixed.applied, fixed.errors)
}

/// Runs `hirp fix`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.in_place && args.files.iter().any(|f| f == "-") {
        reporter.error("--in-place rewrites a file; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let found = match inputs(&args.files) {
        Ok(found) => found,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
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
    let subject = Subject {
        path,
        original: &original,
        family: family(path, args.rules.rules.as_ref(), &original),
        rules: args.rules.rules.as_ref().map(|r| &r.rules),
    };
    let result = if args.diff {
        diff(&subject, reporter)
    } else if args.in_place {
        in_place(&subject, &input.target, reporter)
    } else {
        let mut out = io::BufWriter::with_capacity(1 << 16, Stdout);
        fix(&subject, ROUNDS, &mut out, reporter).map_err(|e| {
            io::Error::other(format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ))
        })
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
    let kept = fixed.kept.as_ref().map_or_else(String::new, |kept| {
        format!("; the original is kept as {}", kept.display())
    });
    reporter.note(&format!(
        "{}: {} fixed; {} error{} left{kept}",
        path,
        match fixed.applied {
            1 => "1 problem".to_owned(),
            n => format!("{n} problems"),
        },
        fixed.errors,
        if fixed.errors == 1 { "" } else { "s" }
    ));
    if fixed.errors == 0 {
        Status::Ok
    } else {
        Status::Invalid
    }
}

/// Prints the unified diff of fixing the record, then reports what is left
/// wrong, checked again.
fn diff(subject: &Subject<'_>, reporter: &Reporter) -> io::Result<Fixed> {
    let path = subject.path;
    let mut after = Vec::with_capacity(subject.original.len());
    let fixed = fix(subject, ROUNDS, &mut after, &Reporter::quiet())?;
    // The text the diff compares: the file as read (UTF-16 decoded).
    let read = hirp::syntax::transcode(subject.original);
    let before = String::from_utf8_lossy(&read);
    let shown_after = String::from_utf8_lossy(&after);
    let diff = similar::TextDiff::from_lines(&before, &shown_after);
    let shown = diff
        .unified_diff()
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    write_stdout(&shown).map_err(io::Error::other)?;
    let left = fix(&subject.with(&after), 0, &mut io::sink(), reporter)?;
    Ok(Fixed {
        errors: left.errors,
        ..fixed
    })
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
    rewrite.write_all(&corrected).map_err(cannot)?;
    fixed.kept = Some(rewrite.commit_keeping(file, original).map_err(cannot)?);
    Ok(fixed)
}
