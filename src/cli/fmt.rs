//! `hirp fmt`: records in canonical notation.

use std::io::{self, Write as _};

use hirp::any::RulesChoice;

use super::family::RulesArg;
use super::pieces::read_pieces;
use super::report::PedanticArg;
use super::rewrite::Rewrite;
use super::walk::{Found, Input, Target, inputs_or_report};
use super::{
    input::io_reason, reading::holds_no_game, report::Reporter, status::Status,
    stdout::write_record_stdout,
};

/// Print records in canonical notation, or check that they are.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The canonical form: tags first, one a line, then a blank line; one turn a
line, `G3 <steps> <outcome>` with single spaces; battles separated by one
space; comments kept, those on lines of their own before what they describe;
a blank line between games; `\\n` line ends, no byte order mark.

Tafl records (`*.otg`, `*.csv`; standard input with --rules) have their
own: an OpenTafl game file's tags one a line (a value written over several
lines joined with single spaces) with the rules tag last, a blank line,
then one turn a line, `3. d1-d3 e5-e2xe4`, each commentary on a line of its
own after its turn and each variation on its own line; captures separated
by `/`; a blank line between games. An archive: its header if it has one,
then one game a line, moves separated by single spaces.

A file with syntax errors is not formatted: the errors are reported, with a
word that `hirp fix` repairs them, and the exit status is 1. So is a path that yields no record: a file that holds no
game (empty, or only comments) or a directory with no *.hirp or *.otg file.

Directories are walked for *.hirp and *.otg files (hidden and ignored files
left out), in path order; archives (*.csv) are read when named. The records
of several files are printed one after another, separated by a blank line.

--write leaves a canonical file untouched, and replaces another by writing
its canonical form to a new file beside it, flushed to the disk, then
renamed over it with its permissions: a crash or a full disk leaves the old
file or the new one, never part of one. No backup is kept. Ctrl-C or
SIGTERM removes the new file before hirp ends (exit status 130 or 143); one
that a run killed outright left is removed by the next run on the file.

Examples:
  hirp fmt game.hirp                  print the canonical form
  hirp fmt --rules brandub - < g.otg  a tafl record from standard input
  hirp fmt --check games/             exit 1 if a file is not canonical
  hirp fmt --write game.hirp          rewrite the file in canonical form")]
pub struct Args {
    /// Record files, or directories to walk for *.hirp and *.otg files; `-`
    /// reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Print nothing; name each file that is not in canonical form, with its
    /// first line that differs, and exit 1 if there is one.
    #[arg(long, conflicts_with = "write")]
    check: bool,

    /// Rewrite each file that is not in canonical form (not standard input),
    /// whole or not at all; a canonical file is left untouched.
    #[arg(short, long)]
    write: bool,

    #[command(flatten)]
    rules: RulesArg,

    #[command(flatten)]
    pedantic: PedanticArg,
}

/// Runs `hirp fmt`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let reporter = &reporter.with(args.pedantic);
    if args.write && args.files.iter().any(|f| f == "-") {
        reporter.error("--write rewrites files; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let Some(found) = inputs_or_report(&args.files, reporter) else {
        return Status::Failure;
    };
    let mut status = Status::Ok;
    let mut out = String::new();
    for found in &found {
        let input = match found {
            Found::Input(input) => input,
            Found::Nothing(nothing) => {
                reporter.error(&nothing.message);
                status = status.max(nothing.status);
                continue;
            }
        };
        let rules = args.rules.rules.as_ref();
        let file = if args.check {
            check(input, rules, reporter)
        } else if args.write {
            write(input, rules, reporter)
        } else {
            print(input, rules, reporter, &mut out)
        };
        status = status.max(file);
    }
    if let Err(message) = write_record_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    status
}

/// With --check: names the file if it is not in canonical form.
fn check(input: &Input, rules: Option<&RulesChoice>, reporter: &Reporter) -> Status {
    let mut status = Status::Ok;
    match format(input, rules, reporter, &mut status, |_| Ok(())) {
        Ok(Some(difference)) if status == Status::Ok => {
            let path = &input.path;
            reporter.error(&format!("{path}: not in canonical form: {difference}"));
            Status::Invalid
        }
        _ => status,
    }
}

/// Adds the canonical form of the file to `out`, a blank line after what is
/// there.
fn print(
    input: &Input,
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
    out: &mut String,
) -> Status {
    let mut status = Status::Ok;
    let mut canonical = String::new();
    // Writing into memory cannot fail.
    let _ = format(input, rules, reporter, &mut status, |piece| {
        canonical.push_str(piece);
        Ok(())
    });
    if status == Status::Ok {
        if !out.is_empty() && !canonical.is_empty() {
            out.push('\n');
        }
        out.push_str(&canonical);
    }
    status
}

/// With --write: rewrites the file in canonical form if it is not in it, as
/// [`Rewrite`] does (so that it is whole, old or new, whatever happens).
/// The file is read once to check it, and again to write it.
fn write(input: &Input, rules: Option<&RulesChoice>, reporter: &Reporter) -> Status {
    let mut status = Status::Ok;
    let checked = format(input, rules, reporter, &mut status, |_| Ok(()));
    if status != Status::Ok || !matches!(checked, Ok(Some(_))) {
        return status;
    }
    let path = &input.path;
    let cannot = |e: io::Error| format!("cannot write {path}: {}", io_reason(&e));
    let begun = match &input.target {
        Target::File(file) => Rewrite::begin(file).map_err(cannot),
        Target::Stdin => Err(cannot(io::Error::other("it is standard input"))),
    };
    let written = begun.and_then(|mut rewrite| {
        for note in &rewrite.notes {
            reporter.note(&format!("{path}: {note}"));
        }
        let mut again = Status::Ok;
        let formatted = format(input, rules, &Reporter::quiet(), &mut again, |piece| {
            rewrite.write_all(piece.as_bytes())
        });
        match (formatted, again) {
            (Ok(_), Status::Ok) => rewrite.commit().map_err(cannot),
            (Err(e), _) => Err(cannot(e)),
            (Ok(_), _) => Err(format!(
                "{path} changed while it was formatted; it is left as it was"
            )),
        }
    });
    match written {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// Reads a file game by game (one game's syntax tree at a time is held),
/// handing its canonical form to `out` piece by piece; returns where the
/// file first departs from it, if it does. Syntax errors, a file that cannot
/// be read and one that holds no game are reported, in `status`; after a
/// syntax error nothing more is handed to `out`. An error from `out` is
/// returned.
fn format(
    input: &Input,
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
    status: &mut Status,
    mut out: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<Option<String>> {
    let mut difference = None;
    let mut games = 0;
    let mut broken = false;
    read_pieces(input, rules, reporter, status, &mut games, |piece| {
        // After a syntax error nothing is formatted; later errors are still
        // reported.
        broken |= piece.broken;
        if broken {
            return Ok(());
        }
        if difference.is_none() {
            difference = first_difference(piece.text, &piece.canonical)
                .map(|(line, text)| format!("line {} {text}", line + piece.line));
        }
        out(&piece.canonical)
    })?;
    if *status == Status::Ok && games == 0 {
        reporter.error(&holds_no_game(&input.path));
        *status = Status::Invalid;
    }
    if broken {
        reporter.note(&format!(
            "{} is not formatted for its syntax errors; `hirp fix` repairs each that has \
             one repair",
            super::input::shown(&input.path)
        ));
    }
    Ok(difference)
}

/// Where `text` first departs from its canonical form, said for a person
/// with the number of the line (from 1); `None` when they are the same.
fn first_difference(text: &str, canonical: &str) -> Option<(usize, String)> {
    if text == canonical {
        return None;
    }
    if text.starts_with('\u{feff}') {
        return Some((1, "starts with a byte order mark".to_owned()));
    }
    let mut written = text.split('\n');
    let mut expected = canonical.split('\n');
    for line in 1.. {
        match (written.next(), expected.next()) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) if a.trim_end_matches('\r') == b => {
                return Some((line, "ends with `\\r\\n`, canonical is `\\n`".to_owned()));
            }
            (Some(a), Some(b)) => {
                return Some((line, format!("`{}` is written `{b}`", a.trim_end())));
            }
            (Some(a), None) => {
                return Some((line, format!("`{}` is not needed", a.trim_end())));
            }
            (None, _) => return Some((line, "is missing".to_owned())),
        }
    }
    None
}
