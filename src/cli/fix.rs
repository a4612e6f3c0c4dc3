//! `hirp fix`: apply every fix that is the only one.

use std::io::{self, Write};

use hirp::replay::{Problem, RecordReport, Severity, replay_record};
use hirp::syntax::{Chunk, Cut, Edit, Games, Span, parse_chunk};

use super::report::{Source, line_ends};
use super::{Reporter, Status, io_reason, read_input, write_stdout};

/// Correct a record: apply every diagnostic's fix where it has exactly one.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A diagnostic with exactly one fix (`write `Khh97``) is applied; one with
several, or none, is left and reported. Fixes are applied until none is
left, then the corrected record is validated and what is still wrong is
reported on standard error. Only the faulty tokens change: comments, tags and
layout stay as they were.

Examples:
  hirp fix game.hirp                  the corrected record on standard output
  hirp fix --diff game.hirp           a unified diff instead
  hirp fix --in-place game.hirp       rewrite the file, keeping game.hirp.orig

Exit status: 0 the corrected record is valid, 1 problems remain, 2 usage or
I/O error.")]
pub struct Args {
    /// The record to correct; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,

    /// Rewrite the file, keeping the original as FILE.orig.
    #[arg(long, conflicts_with = "diff")]
    in_place: bool,

    /// Print a unified diff of the changes instead of the record.
    #[arg(long)]
    diff: bool,
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

/// Checks a piece of a record as read from its chunk: the piece's bytes,
/// then, when the chunk was cut, the start of the line left unread (so the
/// replay knows the game goes on there). Spans start at `base`.
fn check(piece: &[u8], chunk: &Chunk, base: usize) -> (String, Vec<Problem>) {
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
    (text.into_owned(), problems(report).collect())
}

/// Corrects one chunk's piece of the record (its bytes up to any line left
/// unread), which starts at `base` of the corrected record. Returns the
/// corrected bytes, how many fixes were applied, and the problems left with
/// the text they point into.
fn fix_piece(chunk: &Chunk, base: usize, rounds: usize) -> (Vec<u8>, usize, String, Vec<Problem>) {
    let end = chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at);
    let mut piece = chunk.bytes[..end].to_vec();
    let mut applied = 0;
    let mut round = 0;
    loop {
        let (text, left) = check(&piece, chunk, base);
        let mut edits: Vec<Edit> = left
            .iter()
            .filter_map(|p| p.fix.as_ref())
            .filter(|e| e.span.start >= base)
            .map(|e| Edit {
                span: Span::new(e.span.start - base, e.span.end - base),
                replacement: e.replacement.clone(),
            })
            .collect();
        if edits.is_empty() || round == rounds {
            return (piece, applied, text, left);
        }
        let fixed = apply(&piece, &mut edits);
        if fixed == piece {
            return (piece, applied, text, left);
        }
        applied += edits.len();
        round += 1;
        piece = fixed;
    }
}

/// What fixing a record gave.
struct Fixed {
    applied: usize,
    errors: usize,
}

/// Corrects `original` game by game in up to `rounds` rounds of fixes,
/// writing the corrected record to `out` and reporting what is left wrong as
/// it goes (positions in the corrected record). Lines left unread for going
/// beyond the limits are copied as they were.
fn fix(
    path: &str,
    original: &[u8],
    rounds: usize,
    out: &mut dyn Write,
    reporter: &Reporter,
) -> io::Result<Fixed> {
    let mut fixed = Fixed {
        applied: 0,
        errors: 0,
    };
    // Where the original was copied up to; the corrected record's size and
    // lines so far.
    let mut copied = 0;
    let mut offset = 0;
    let mut line = 0;
    // Offsets count the bytes as read: UTF-16 is read decoded to UTF-8.
    let read = hirp::syntax::transcode(original);
    // Reading from memory cannot fail.
    for chunk in Games::new(original).map_while(Result::ok) {
        let gap = &read[copied..chunk.offset];
        out.write_all(gap)?;
        offset += gap.len();
        line += line_ends(gap).count();
        let (piece, applied, text, left) = fix_piece(&chunk, offset, rounds);
        fixed.applied += applied;
        fixed.errors += left
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        if !left.is_empty() {
            let source = Source::excerpt(path, &text, offset, line);
            reporter.emit_source(&source, left.iter().map(|p| p as &dyn miette::Diagnostic));
        }
        out.write_all(&piece)?;
        copied = chunk.offset + chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at);
        offset += piece.len();
        line += line_ends(&piece).count();
    }
    out.write_all(&read[copied..])?;
    out.flush()?;
    Ok(fixed)
}

/// Runs `hirp fix`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.in_place && args.file == "-" {
        reporter.error("--in-place rewrites a file; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let input = match read_input(&args.file) {
        Ok(input) => input,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    let path = args.file.as_str();
    let result = if args.diff {
        // The diff first, then what is left wrong, checked again.
        let mut after = Vec::with_capacity(input.bytes.len());
        let quiet = Reporter::quiet();
        fix(path, &input.bytes, ROUNDS, &mut after, &quiet).and_then(|fixed| {
            let read = hirp::syntax::transcode(&input.bytes);
            let before = String::from_utf8_lossy(&read);
            let shown_after = String::from_utf8_lossy(&after);
            let diff = similar::TextDiff::from_lines(&before, &shown_after);
            let shown = diff
                .unified_diff()
                .header(&format!("a/{path}"), &format!("b/{path}"))
                .to_string();
            write_stdout(&shown).map_err(io::Error::other)?;
            let left = fix(path, &after, 0, &mut io::sink(), reporter)?;
            Ok(Fixed {
                errors: left.errors,
                ..fixed
            })
        })
    } else if args.in_place {
        in_place(path, &input.bytes, reporter)
    } else {
        let stdout = io::stdout().lock();
        let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
        match fix(path, &input.bytes, ROUNDS, &mut out, reporter) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
            Err(e) => Err(io::Error::other(format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ))),
            done => done,
        }
    };
    let fixed = match result {
        Ok(fixed) => fixed,
        Err(e) => {
            reporter.error(&e.to_string());
            return Status::Failure;
        }
    };
    reporter.note(&format!(
        "{}: {} fixed; {} error{} left",
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

/// Fixes the file `path` in place: the corrected record is written beside
/// it and moved over it once whole, after the original is kept as
/// `FILE.orig`.
fn in_place(path: &str, original: &[u8], reporter: &Reporter) -> io::Result<Fixed> {
    let cannot = |e: io::Error| io::Error::other(format!("cannot write {path}: {}", io_reason(&e)));
    let target = std::path::Path::new(path);
    let name = target
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy());
    let temp = target.with_file_name(format!(".{name}.hirp-fix"));
    let written = std::fs::File::create(&temp).and_then(|file| {
        let mut out = io::BufWriter::new(file);
        fix(path, original, ROUNDS, &mut out, reporter)
    });
    let done = written.and_then(|fixed| {
        std::fs::write(format!("{path}.orig"), original)?;
        std::fs::rename(&temp, path)?;
        Ok(fixed)
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    done.map_err(cannot)
}
