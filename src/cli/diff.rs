//! `hirp diff`: where two records of one game part ways.

use hirp::any::AnyFamily;
use hirp::core::escape;
use hirp::core::family::RecordBytes;

use super::family::{RulesArg, family_of};
use super::{
    input::read_input, input::shown, reading::report_syntax, report::Reporter, status::Status,
    stdout::write_stdout,
};

/// Compare two records of the same game, turn by turn and move by move.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
HIRP: turns are matched by their place in the game, and their labels and
steps token by token. Tafl: the moves of each game's main line are matched
as a sequence, so that a move left out or put in is one place. Tags,
comments and layout do not count. For each place where the records differ:
each side's tokens, what the rules make of them, and whether the positions
after them still agree. Both records are of one family.

Examples:
  hirp diff mine.hirp theirs.hirp
  hirp fix game.hirp | hirp diff game.hirp -      what fix would change
  hirp diff mine.otg theirs.otg
  hirp diff --rules copenhagen a.csv b.csv

Each record's syntax errors are reported on standard error; a record is
compared as it reads.

Exit status: 0 the records describe the same game, 1 they differ, 2 usage or
I/O error.")]
pub struct Args {
    /// The first record.
    #[arg(value_name = "A")]
    a: String,
    /// The second record.
    #[arg(value_name = "B")]
    b: String,

    #[command(flatten)]
    rules: RulesArg,
}

/// The families of the two records, or the usage error: standard input
/// named twice, or a record that cannot be read.
fn families(args: &Args) -> Result<[AnyFamily; 2], Vec<String>> {
    super::input::stdin_once([&args.a, &args.b]).map_err(|e| vec![e])?;
    let rules = args.rules.rules.as_ref();
    let read = |path: &str| text_or_refusal(path).and_then(|()| family_of(path, rules));
    match [read(&args.a), read(&args.b)] {
        [Ok(a), Ok(b)] => Ok([a, b]),
        // Each path that cannot be read is named once.
        [Err(a), Err(b)] => Err(vec![a, b]),
        [Err(e), _] | [_, Err(e)] => Err(vec![e]),
    }
}

/// `Err` saying so when the record at `path` is not text (binary, or
/// UTF-16 without its mark), which no diff can compare; a file that is text
/// with bytes that are not UTF-8 is compared, its errors shown.
fn text_or_refusal(path: &str) -> Result<(), String> {
    let input = super::input::read_input(path)?;
    use hirp::core::encoding::{TextErrorKind, not_text_error};
    match not_text_error(&input.bytes).map(|e| e.kind) {
        Some(kind @ (TextErrorKind::Binary | TextErrorKind::Utf16WithoutBom)) => Err(format!(
            "{} is not a record to compare: {}",
            super::input::shown(path),
            kind.message()
        )),
        _ => Ok(()),
    }
}

/// Runs `hirp diff`: the records' family compares them; two records of
/// two families are a usage error. Each record's syntax errors are
/// reported; the status says whether the games differ.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let rules = args.rules.rules.as_ref();
    let paths = [args.a.as_str(), args.b.as_str()];
    let families = match families(&args) {
        Ok(families) => families,
        Err(messages) => {
            for message in messages {
                reporter.error(&message);
            }
            return Status::Failure;
        }
    };
    let mut read = Vec::with_capacity(2);
    for path in paths {
        match read_input(path) {
            Ok(input) => read.push(input.bytes),
            Err(message) => {
                reporter.error(&message);
                return Status::Failure;
            }
        }
    }
    let record = |n: usize| RecordBytes {
        path: paths[n],
        bytes: &read[n],
    };
    let records = [(families[0], record(0)), (families[1], record(1))];
    let comparison = match AnyFamily::compare(records, rules) {
        Ok(comparison) => comparison,
        Err(families) => {
            reporter.error(&two_families(paths, families));
            return Status::Failure;
        }
    };
    for n in [0, 1] {
        report_syntax(families[n], paths[n], &read[n], reporter);
    }
    let names = paths.map(|path| escape(shown(path)).into_owned());
    let report = comparison.report([&names[0], &names[1]]);
    if let Err(message) = write_stdout(&wrapped(&report)) {
        reporter.error(&message);
        return Status::Failure;
    }
    match comparison.places() {
        0 => Status::Ok,
        _ => Status::Invalid,
    }
}

/// Why two records of two families are not compared, HIRP's named first.
fn two_families(paths: [&str; 2], families: [AnyFamily; 2]) -> String {
    let (first, second) = if families[0] == AnyFamily::HIRP {
        ((paths[0], families[0]), (paths[1], families[1]))
    } else {
        ((paths[1], families[1]), (paths[0], families[0]))
    };
    format!(
        "hirp diff compares two records of one game: {} is a {} record, {} a {} record",
        escape(shown(first.0)),
        first.1.name(),
        escape(shown(second.0)),
        second.1.name()
    )
}

/// The report in lines as wide as the terminal (or `COLUMNS`) at most, a
/// line too long broken between words and taken up under its start,
/// indented four more; whole when no width is known (through a pipe, with
/// no `COLUMNS`).
fn wrapped(report: &str) -> String {
    let Some(width) = super::stdout::output_columns().map(|w| w.max(40)) else {
        return report.to_owned();
    };
    let mut out = String::with_capacity(report.len());
    for line in report.lines() {
        if line.chars().count() <= width {
            out.push_str(line);
        } else {
            let text = line.trim_start();
            let lead = &line[..line.len() - text.len()];
            let indent = format!("{lead}    ");
            out.push_str(&hirp::core::show::wrap(text, width, lead, &indent).join("\n"));
        }
        out.push('\n');
    }
    out
}
