//! The subcommands of `hirp`, one file each, and what they share: reading
//! inputs, rendering diagnostics, exit codes.

mod board;
mod boards;
mod diff;
mod family;
mod fix;
mod fmt;
mod generate;
mod html;
mod interactive;
mod json;
mod judged;
mod manual;
mod mend;
mod notation;
mod pieces;
mod progress;
mod quote;
mod replay;
mod report;
mod rewrite;
mod rules;
mod screen;
mod sequence;
mod serve;
mod stdout;
mod tafl_moves;
mod tafl_notes;
mod tafl_replay;
mod tafl_scene;
mod tally;
mod temporary;
mod validate;
mod walk;

use std::borrow::Cow;
use std::io::{self, Read};

use hirp::any::{AnyFamily, Job};
use hirp::core::family::{Family, NoBoard};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

pub use report::Reporter;
pub use stdout::Stdout;

/// Read, check and replay game records of the Viking board games: HIRP, and
/// the tafl games (Brandub, Hnefatafl and the variants OpenTafl plays).
#[derive(Debug, Parser)]
#[command(name = "hirp", version, propagate_version = true)]
#[command(after_help = "\
HIRP records are written in the rulebook's notation, one turn a line:

  G3 Hv3mHv3>6 >6SK^GH6

Tafl records are OpenTafl game files (.otg, `1. d2-e2 d3-d2`) or archives of
one game a line (.csv, `d2-e2 e4-e1,0,0,Ongoing`); --rules names their rules
where the record does not.

Every command takes file paths, or `-` for standard input (at most once).
Data goes to standard output, diagnostics to standard error.

Exit status: 0 all is well, 1 a record has errors or a path yields no record,
2 usage or I/O error.")]
pub struct Cli {
    /// When to colour diagnostics; `auto` colours on a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,

    #[command(subcommand)]
    command: Command,
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

#[derive(Debug, Subcommand)]
enum Command {
    Replay(replay::Args),
    Board(board::Args),
    Html(html::Args),
    Validate(validate::Args),
    Fix(fix::Args),
    Diff(diff::Args),
    Json(json::Args),
    Notation(notation::Args),
    Fmt(fmt::Args),
    Gen(generate::Args),
    Rules(rules::Args),
    Serve(serve::Args),
    Completions(manual::CompletionsArgs),
    Man(manual::ManArgs),
}

/// How a command ended, as the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: every record is fine.
    Ok = 0,
    /// 1: some record has errors.
    Invalid = 1,
    /// 2: a usage or I/O error.
    Failure = 2,
    /// 130: interrupted by Ctrl-C, as a shell reports a program ended by
    /// SIGINT.
    Interrupted = 130,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status as u8)
    }
}

/// Runs the command line and returns the exit status.
pub fn run(cli: Cli) -> ExitCode {
    let reporter = Reporter::new(cli.color);
    let status = match cli.command {
        Command::Replay(args) => replay::run(args, &reporter, stdout_color(cli.color)),
        Command::Board(args) => board::run(args, &reporter, stdout_color(cli.color)),
        Command::Html(args) => html::run(args, &reporter),
        Command::Validate(args) => validate::run(args, &reporter),
        Command::Fix(args) => fix::run(args, &reporter),
        Command::Diff(args) => diff::run(args, &reporter),
        Command::Json(args) => json::run(args, &reporter),
        Command::Notation(args) => notation::run(args, &reporter),
        Command::Fmt(args) => fmt::run(args, &reporter),
        Command::Gen(args) => generate::run(args, &reporter),
        Command::Rules(args) => rules::run(args, &reporter),
        Command::Serve(args) => serve::run(args, &reporter),
        Command::Completions(args) => manual::completions(args, &reporter),
        Command::Man(args) => manual::man(args, &reporter),
    };
    status.into()
}

/// Whether to colour what goes to standard output.
fn stdout_color(choice: ColorChoice) -> bool {
    use std::io::IsTerminal;
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal() && !no_color,
    }
}

/// An input read whole: its bytes.
pub struct Input {
    /// The contents.
    pub bytes: Vec<u8>,
}

/// Checks that standard input (`-`) is named at most once among `paths`:
/// it can be read only once. `Err` with the usage error.
pub fn stdin_once<'a>(paths: impl IntoIterator<Item = &'a String>) -> Result<(), String> {
    if paths.into_iter().filter(|p| *p == "-").count() > 1 {
        return Err(
            "standard input (`-`) is named more than once; it can be read only once".into(),
        );
    }
    Ok(())
}

/// Reads a path as [`read_input`] does; `None` when it cannot be read,
/// the error reported and `status` made a failure.
pub fn read_or_report(path: &str, reporter: &Reporter, status: &mut Status) -> Option<Input> {
    read_input(path)
        .map_err(|message| {
            reporter.error(&message);
            *status = (*status).max(Status::Failure);
        })
        .ok()
}

/// Reads a path, or standard input for `-`. The error is one line that names
/// the path. Standard input is read once, when first asked for, and kept:
/// a command may look at its start to tell its family, then read it whole.
pub fn read_input(path: &str) -> Result<Input, String> {
    static STDIN: std::sync::OnceLock<Result<Vec<u8>, String>> = std::sync::OnceLock::new();
    let read = if path == "-" {
        STDIN
            .get_or_init(|| {
                let mut bytes = Vec::new();
                io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .map(|_| bytes)
                    .map_err(|e| io_reason(&e))
            })
            .clone()
    } else {
        std::fs::read(path).map_err(|e| io_reason(&e))
    };
    match read {
        Ok(bytes) => Ok(Input { bytes }),
        Err(reason) => Err(format!("cannot read {}: {reason}", shown(path))),
    }
}

/// A path as said in a message: standard input for `-`.
pub fn shown(path: &str) -> &str {
    if path == "-" { "standard input" } else { path }
}

/// A short reason for an I/O error, without the OS error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(n) => text[..n].to_owned(),
                None => text,
            }
        }
    }
}

/// Writes to standard output (dropped once it is closed, see [`Stdout`]).
pub fn write_stdout(text: &str) -> Result<(), String> {
    use io::Write as _;
    Stdout
        .write_all(text.as_bytes())
        .and_then(|()| Stdout.flush())
        .map_err(|e| format!("cannot write to standard output: {}", io_reason(&e)))
}

/// Writes a record's text to standard output: as it is through a pipe or
/// into a file, so that nothing of it is lost; with the characters that
/// would act on a terminal escaped (`\u{1b}`) when standard output is one,
/// so that a record cannot retitle the window or clear the screen.
pub fn write_record_stdout(text: &str) -> Result<(), String> {
    if io::IsTerminal::is_terminal(&io::stdout()) {
        write_stdout(&for_terminal(text))
    } else {
        write_stdout(text)
    }
}

/// `text` with each line's characters that would act on a terminal
/// escaped, its line ends (`\n`, `\r\n`) kept.
fn for_terminal(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c != '\n' && hirp::core::must_escape(c))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix("\r\n") {
            Some(body) => (body, "\r\n"),
            None => line
                .strip_suffix('\n')
                .map_or((line, ""), |body| (body, "\n")),
        };
        out.push_str(&hirp::core::escape(body));
        out.push_str(end);
    }
    Cow::Owned(out)
}

/// The error for a file that holds no game (nor any error): empty, or only
/// comments. A path that yields no record must not pass for a valid one.
pub fn holds_no_game(path: &str) -> String {
    format!("{} holds no game", shown(path))
}

/// A piece of a record read by [`each_chunk`]: the chunk as cut, its
/// decoded text and what it reads as, in the terms of the family `F`.
pub struct ReadChunk<'a, F: Family> {
    /// The chunk as cut.
    pub chunk: &'a F::Chunk,
    /// Its decoded text.
    pub text: &'a str,
    /// What was read.
    pub parsed: &'a F::Parsed,
}

/// Reads the chunks of a record of family `F` read from `path`, game by
/// game within the limits: syntax errors are reported as they come (status
/// 1), a failure to read ends it (status 2), and each piece goes to
/// `on_chunk`, whose error (writing) is returned.
pub fn each_chunk<F: Family>(
    chunks: impl IntoIterator<Item = io::Result<F::Chunk>>,
    path: &str,
    reporter: &Reporter,
    status: &mut Status,
    mut on_chunk: impl FnMut(ReadChunk<'_, F>) -> io::Result<()>,
) -> io::Result<()> {
    for chunk in chunks {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(e) => {
                reporter.error(&format!("cannot read {}: {}", shown(path), io_reason(&e)));
                *status = (*status).max(Status::Failure);
                break;
            }
        };
        let (text, parsed) = F::parse(&chunk);
        if F::broken(&parsed) {
            *status = (*status).max(Status::Invalid);
        }
        let mut problems = F::syntax_problems(&parsed);
        problems.retain(|p| reporter.shows(p));
        if !problems.is_empty() {
            let (offset, line) = F::start(&chunk);
            let source = report::Source::excerpt(path, &text, offset, line);
            reporter.emit_source(
                &source,
                problems.iter().map(|p| p as &dyn miette::Diagnostic),
            );
        }
        on_chunk(ReadChunk {
            chunk: &chunk,
            text: &text,
            parsed: &parsed,
        })?;
    }
    Ok(())
}

/// One game of a record, found game by game so that only its piece of the
/// record is held.
pub struct OneGame {
    /// The game.
    pub game: hirp::hirp::syntax::Game,
    /// The syntax errors that belong to it: those in it, or after it up to
    /// the next game.
    pub errors: Vec<hirp::hirp::syntax::SyntaxError>,
    /// The text it was read from, for diagnostics.
    pub source: report::Source,
}

/// Reports a record of `family` that holds no game: its syntax errors, if
/// it has any, then that it has no game that could be read, or none at all;
/// returns status 1, as `validate` says of it.
pub fn no_game(family: AnyFamily, path: &str, bytes: &[u8], reporter: &Reporter) -> Status {
    if report_syntax(family, path, bytes, reporter) == Status::Invalid {
        reporter.error(&format!("{} has no game that could be read", shown(path)));
    } else {
        reporter.error(&holds_no_game(path));
    }
    Status::Invalid
}

/// Reports the syntax errors of the record `bytes` of `family`, read from
/// `path`; returns the status they make: 1 when there is an error.
pub fn report_syntax(family: AnyFamily, path: &str, bytes: &[u8], reporter: &Reporter) -> Status {
    struct Syntax<'a> {
        path: &'a str,
        bytes: &'a [u8],
        reporter: &'a Reporter,
    }
    impl Job for Syntax<'_> {
        type Output = Status;
        fn run<F: Family>(self, family: F, _: &F::Options) -> Status {
            let mut status = Status::Ok;
            let chunks = family.chunks(self.bytes);
            // Reading from memory cannot fail.
            let _ = each_chunk::<F>(chunks, self.path, self.reporter, &mut status, |_| Ok(()));
            status
        }
    }
    let syntax = Syntax {
        path,
        bytes,
        reporter,
    };
    family.run(None, syntax)
}

/// Why game `number` of the record at `path`, which holds `games` games
/// (at least one), cannot be shown.
pub fn no_such_game(path: &str, games: usize, number: usize) -> String {
    format!(
        "{} has {games} game{}; there is no game {number}",
        shown(path),
        if games == 1 { "" } else { "s" },
    )
}

/// Game `number` (from 1) of the record `bytes` read from `path`; `Err`
/// with the number of games there are when there is no such game.
pub fn nth_game(path: &str, bytes: &[u8], number: usize) -> Result<OneGame, usize> {
    match hirp::hirp::family::nth_game(bytes, number) {
        Ok(found) => Ok(OneGame {
            source: report::Source::excerpt(path, &found.text, found.offset, found.line),
            game: found.game,
            errors: found.errors,
        }),
        Err(NoBoard::NoSuchGame(games)) => Err(games),
        Err(_) => Err(0),
    }
}
