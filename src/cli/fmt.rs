//! `hirp fmt`: records in canonical notation.

use super::{Reporter, Status, read_records, write_stdout};

/// Print records in canonical notation, or check that they are.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The canonical form: tags first, one a line, then a blank line; one turn a
line, `G3 <steps> <outcome>` with single spaces; battles separated by one
space; comments kept, those on lines of their own before what they describe;
a blank line between games; `\\n` line ends, no byte order mark.

A file with syntax errors is not formatted: the errors are reported and the
exit status is 1.

Examples:
  hirp fmt game.hirp                  print the canonical form
  hirp fmt --check games/*.hirp       exit 1 if a file is not canonical
  hirp fmt --write game.hirp          rewrite the file in canonical form")]
pub struct Args {
    /// Record files to read; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Print nothing; name each file that is not in canonical form, with its
    /// first line that differs, and exit 1 if there is one.
    #[arg(long, conflicts_with = "write")]
    check: bool,

    /// Rewrite each file in canonical form (not standard input).
    #[arg(short, long)]
    write: bool,
}

/// Runs `hirp fmt`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.write && args.files.iter().any(|f| f == "-") {
        reporter.error("--write rewrites files; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let (records, mut status) = read_records(&args.files, reporter);
    let mut out = String::new();
    for record in records {
        if !record.parsed.errors.is_empty() {
            continue;
        }
        let canonical = record.parsed.record.to_string();
        if args.check {
            if let Some(difference) = first_difference(&record.text, &canonical) {
                reporter.error(&format!(
                    "{}: not in canonical form: {difference}",
                    record.path
                ));
                status = status.max(Status::Invalid);
            }
        } else if args.write {
            if canonical != record.text
                && let Err(e) = std::fs::write(&record.path, &canonical)
            {
                reporter.error(&format!(
                    "cannot write {}: {}",
                    record.path,
                    super::io_reason(&e)
                ));
                status = status.max(Status::Failure);
            }
        } else {
            if !out.is_empty() && !canonical.is_empty() {
                out.push('\n');
            }
            out.push_str(&canonical);
        }
    }
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    status
}

/// Where `text` first departs from its canonical form, said for a person;
/// `None` when they are the same.
fn first_difference(text: &str, canonical: &str) -> Option<String> {
    if text == canonical {
        return None;
    }
    if text.starts_with('\u{feff}') {
        return Some("line 1 starts with a byte order mark".to_owned());
    }
    let mut written = text.split('\n');
    let mut expected = canonical.split('\n');
    for line in 1.. {
        match (written.next(), expected.next()) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) if a.trim_end_matches('\r') == b => {
                return Some(format!(
                    "line {line} ends with `\\r\\n`, canonical is `\\n`"
                ));
            }
            (Some(a), Some(b)) => {
                return Some(format!("line {line} `{}` is written `{b}`", a.trim_end()));
            }
            (Some(a), None) => {
                return Some(format!("line {line} `{}` is not needed", a.trim_end()));
            }
            (None, _) => return Some(format!("line {line} is missing")),
        }
    }
    None
}
