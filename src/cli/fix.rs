//! `hirp fix`: apply every fix that is the only one.

use hirp::replay::{Problem, RecordReport, Severity, replay_record};
use hirp::syntax::Edit;

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
fn problems(report: &RecordReport) -> impl Iterator<Item = &Problem> {
    report
        .problems
        .iter()
        .chain(report.games.iter().flat_map(|g| &g.problems))
}

/// Replays text and returns its report.
fn check(text: &str) -> RecordReport {
    let parsed = hirp::parse(text);
    replay_record(&parsed.record, &parsed.errors)
}

/// Applies edits to bytes (spans are byte offsets, so bytes that are not
/// UTF-8 outside the edits are kept as they were).
fn apply(bytes: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for edit in sorted {
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
    let mut bytes = input.bytes.clone();
    let mut applied = 0;
    for _ in 0..ROUNDS {
        let (text, _) = hirp::parse_bytes(&bytes);
        let edits: Vec<Edit> = problems(&check(&text))
            .filter_map(|p| p.fix.clone())
            .collect();
        if edits.is_empty() {
            break;
        }
        let fixed = apply(&bytes, &edits);
        if fixed == bytes {
            break;
        }
        applied += edits.len();
        bytes = fixed;
    }
    let (text, _) = hirp::parse_bytes(&bytes);
    let report = check(&text);
    let remaining: Vec<&Problem> = problems(&report).collect();
    let path = if args.file == "-" { "-" } else { &args.file };
    let written = if args.diff {
        let before = String::from_utf8_lossy(&input.bytes);
        let after = String::from_utf8_lossy(&bytes);
        let diff = similar::TextDiff::from_lines(&before, &after);
        write_stdout(
            &diff
                .unified_diff()
                .header(&format!("a/{path}"), &format!("b/{path}"))
                .to_string(),
        )
    } else if args.in_place {
        let backup = format!("{}.orig", args.file);
        std::fs::write(&backup, &input.bytes)
            .and_then(|()| std::fs::write(&args.file, &bytes))
            .map_err(|e| format!("cannot write {}: {}", args.file, io_reason(&e)))
    } else {
        super::write_stdout_bytes(&bytes)
    };
    if let Err(message) = written {
        reporter.error(&message);
        return Status::Failure;
    }
    reporter.emit(
        path,
        &text,
        remaining.iter().map(|p| *p as &dyn miette::Diagnostic),
    );
    let errors = remaining
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    reporter.note(&format!(
        "{}: {} fixed; {} error{} left",
        path,
        match applied {
            1 => "1 problem".to_owned(),
            n => format!("{n} problems"),
        },
        errors,
        if errors == 1 { "" } else { "s" }
    ));
    if errors == 0 {
        Status::Ok
    } else {
        Status::Invalid
    }
}
