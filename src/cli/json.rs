//! `hirp json`: records of either family as JSON.

use hirp::any::AnyFamily;
use std::io::{self, BufRead, BufWriter, Write};

use hirp::any::Job;
use hirp::any::RulesChoice;
use hirp::core::family::{Family, Pieces};
use hirp::json::DocumentWriter;

use super::family::{Opened, RulesArg, archive_without_rules, family};
use super::report::PedanticArg;
use super::walk::{Found, inputs_or_report};
use super::{
    input::io_reason, reading::each_chunk, reading::holds_no_game, report::Reporter,
    status::Status, stdout::Stdout, stdout::write_stdout,
};

/// Write records as JSON, one document or one game a line.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each step, Penningr action and battle keeps its canonical notation beside its
typed fields, so `hirp notation` turns the JSON back into the same record.

Tafl records are written too: OpenTafl game files (*.otg) and archives of one
game a line (*.csv), told by their extension, or standard input given --rules
(any rule set: a record is written as read, not replayed). Each entry and line
names its record's family, \"family\": \"hirp\" or \"family\": \"tafl\", and a tafl
one its form, \"form\": \"otg\" or \"form\": \"csv\"; each ply keeps its canonical
notation beside its typed fields.

With --positions, each game is replayed and written with its positions
beside its turns: the start, then after each turn (a tafl move), each the
line `hirp position` prints and a 64-bit hash as 16 hexadecimal digits
(\"positions\":[{\"position\":...,\"hash\":...},{\"after\":\"G1\",...},...]).
`hirp notation` leaves them aside. Without it, nothing is replayed.

Directories are walked for *.hirp and *.otg files (hidden and ignored files
left out), in path order; archives (*.csv) are read when named.

Examples:
  hirp json game.hirp                 {\"files\":[{\"path\":...,\"family\":\"hirp\",\"games\":[...]}]}
  hirp json --lines games/            one game a line, for streaming tools
  hirp json game.otg games.csv        {\"files\":[{\"path\":...,\"family\":\"tafl\",\"form\":\"otg\",...},...]}
  hirp json --rules brandub -         a tafl record on standard input
  hirp json --positions game.hirp     each game with its positions
  hirp json --schema                  the JSON Schema of the document

Syntax errors are reported on standard error; what could be read is still
written, with unreadable text kept as `malformed` entries, and the exit
status is 1. A file that holds no game (empty, or only comments) and a
directory with no *.hirp or *.otg file are reported the same way. A path
that yields no record (a file that cannot be read, exit status 2; such a
directory) has its entry all the same, as validate --format json gives it:
{\"path\":...,\"games\":[],\"error\":\"...\"}; JSON Lines have no line for it.")]
#[command(override_usage = "\
hirp json [OPTIONS] <FILE>...
       hirp json --schema [--lines]")]
pub struct Args {
    /// Record files (*.hirp, *.otg, *.csv), or directories to walk for
    /// *.hirp and *.otg files; `-` reads standard input. Needed but with
    /// --schema.
    #[arg(value_name = "FILE", required_unless_present = "schema")]
    files: Vec<String>,

    /// Write JSON Lines: one game a line, each with its file's path and number.
    #[arg(long)]
    lines: bool,

    /// Indent the document for reading.
    #[arg(long, conflicts_with = "lines")]
    pretty: bool,

    /// Print the JSON Schema of the output (with --lines, of one line) and exit.
    #[arg(long, conflicts_with = "files")]
    schema: bool,

    /// Write each game's positions beside its turns: its start, then after
    /// each turn (a tafl move), each the line `hirp position` prints, with
    /// a 64-bit hash as 16 hexadecimal digits. The games are replayed; a
    /// tafl archive needs --rules.
    #[arg(long)]
    positions: bool,

    #[command(flatten)]
    rules: RulesArg,

    #[command(flatten)]
    pedantic: PedanticArg,
}

/// Runs `hirp json`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let reporter = &reporter.with(args.pedantic);
    if args.schema {
        let schema = hirp::json::schema(args.lines);
        let written = serde_json::to_string_pretty(&schema)
            .map_err(|e| format!("cannot write the schema: {e}"))
            .and_then(|text| write_stdout(&format!("{text}\n")));
        return match written {
            Ok(()) => Status::Ok,
            Err(message) => {
                reporter.error(&message);
                Status::Failure
            }
        };
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
    let reading = Reading {
        rules: args.rules.rules.as_ref(),
        positions: args.positions,
    };
    let out = BufWriter::with_capacity(1 << 16, Stdout);
    let mut status = Status::Ok;
    let written = if args.lines {
        write_lines(&found, reading, reporter, &mut status, out)
    } else {
        write_document(&found, reading, args.pretty, reporter, &mut status, out)
    };
    match written {
        Ok(()) => status,
        Err(e) => {
            reporter.error(&format!(
                "cannot write to standard output: {}",
                io_reason(&e)
            ));
            Status::Failure
        }
    }
}

/// Writes the inputs as one document; a path that yields no record (a file
/// that cannot be read, a directory with none) is reported, and has its
/// entry with its `error`, as `validate --format json` gives it.
fn write_document(
    found: &[Found],
    reading: Reading<'_>,
    pretty: bool,
    reporter: &Reporter,
    status: &mut Status,
    out: impl Write,
) -> io::Result<()> {
    let mut writer = DocumentWriter::new(out, pretty);
    let file = |input: Result<(AnyFamily, Opened<'_>), Unread<'_>>| match input {
        Ok((family, opened)) => {
            let opened = reading.checked(family, opened);
            let entry = Entry::Document(&mut writer, opened, reading.positions);
            family.run(reading.replayed(), entry)
        }
        Err(unread) => writer.unread(unread.path, unread.error),
    };
    each_input(found, reading.rules, reporter, status, file)?;
    let mut out = writer.finish()?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Writes the inputs as JSON Lines, one game a line; a path that yields no
/// record has no line, and is reported.
fn write_lines(
    found: &[Found],
    reading: Reading<'_>,
    reporter: &Reporter,
    status: &mut Status,
    mut out: impl Write,
) -> io::Result<()> {
    let file = |input: Result<(AnyFamily, Opened<'_>), Unread<'_>>| match input {
        Ok((family, opened)) => {
            let opened = reading.checked(family, opened);
            let entry = Entry::<Stdout>::Lines(&mut out, opened, reading.positions);
            family.run(reading.replayed(), entry)
        }
        Err(_) => Ok(()),
    };
    each_input(found, reading.rules, reporter, status, file)?;
    out.flush()
}

/// How the records are read: the rules given, and whether each game is
/// replayed to write its positions.
#[derive(Clone, Copy)]
struct Reading<'r> {
    rules: Option<&'r RulesChoice>,
    positions: bool,
}

impl<'r> Reading<'r> {
    /// The rules a record is replayed under: none when it is written as
    /// read, not replayed.
    fn replayed(self) -> Option<&'r RulesChoice> {
        self.rules.filter(|_| self.positions)
    }

    /// `opened`, reported when its games' positions are asked for and
    /// cannot be known: an archive, given no rules (exit status 2). Its
    /// games are written all the same, without positions.
    fn checked<'a>(self, family: AnyFamily, opened: Opened<'a>) -> Opened<'a> {
        if self.positions && self.rules.is_none() && family.needs_rules() {
            opened.reporter.error(&archive_without_rules(opened.path));
            *opened.status = (*opened.status).max(Status::Failure);
        }
        opened
    }
}

/// One record's JSON: its entry in the document, or its lines, with each
/// game's positions or not.
enum Entry<'a, 'o, W: Write> {
    Document(&'o mut DocumentWriter<W>, Opened<'a>, bool),
    Lines(&'o mut dyn Write, Opened<'a>, bool),
}

impl<W: Write> Job for Entry<'_, '_, W> {
    type Output = io::Result<()>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> io::Result<()> {
        match self {
            Entry::Document(writer, opened, positions) => read(family, opened, |path, pieces| {
                let positions = positions.then_some(options);
                family.json_entry(writer, path, positions, pieces)
            }),
            Entry::Lines(out, opened, positions) => read(family, opened, |path, pieces| {
                let positions = positions.then_some(options);
                family.json_lines(out, path, positions, pieces)
            }),
        }
    }
}

/// Reads a record of `family` piece by piece, reporting its syntax errors
/// as they come, and a file that holds no game; `write` writes the pieces.
fn read<F: Family>(
    family: F,
    opened: Opened<'_>,
    write: impl FnOnce(&str, Pieces<'_, F::Parsed>) -> io::Result<()>,
) -> io::Result<()> {
    let Opened {
        reader,
        path,
        reporter,
        status,
    } = opened;
    let (mut file, mut games) = (Status::Ok, 0);
    let mut chunks = Some(family.chunks(reader));
    write(path, &mut |each| {
        let Some(chunks) = chunks.take() else {
            return Ok(());
        };
        each_chunk::<F>(chunks, path, reporter, &mut file, |read| {
            games += F::games_in(read.parsed);
            each(read.parsed)
        })
    })?;
    no_game(path, games, reporter, &mut file);
    *status = (*status).max(file);
    Ok(())
}

/// A path given that yields no record, and why.
struct Unread<'a> {
    path: &'a str,
    error: &'a str,
}

/// Hands each input found, opened, with its family, to `on_input`, and
/// each path that yields no record; reports what cannot be read. An error
/// from `on_input` (writing) stops the work and is returned.
fn each_input(
    found: &[Found],
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
    status: &mut Status,
    mut on_input: impl FnMut(Result<(AnyFamily, Opened<'_>), Unread<'_>>) -> io::Result<()>,
) -> io::Result<()> {
    for found in found {
        let input = match found {
            Found::Nothing(nothing) => {
                reporter.error(&nothing.message);
                *status = (*status).max(nothing.status);
                on_input(Err(Unread {
                    path: &nothing.path,
                    error: &nothing.message,
                }))?;
                continue;
            }
            Found::Input(input) => input,
        };
        let opened = input.open().and_then(|mut reader| {
            let head = reader.fill_buf()?;
            let family = family(&input.path, rules, head);
            Ok((family, reader))
        });
        match opened {
            Ok((family, reader)) => {
                let opened = Opened {
                    reader,
                    path: &input.path,
                    reporter,
                    status,
                };
                on_input(Ok((family, opened)))?;
            }
            Err(e) => {
                let message = input.cannot_read(&e);
                reporter.error(&message);
                *status = (*status).max(Status::Failure);
                on_input(Err(Unread {
                    path: &input.path,
                    error: &message,
                }))?;
            }
        }
    }
    Ok(())
}

/// Reports a file read with no error and no game, which must not pass for
/// a valid record.
fn no_game(path: &str, games: usize, reporter: &Reporter, file: &mut Status) {
    if *file == Status::Ok && games == 0 {
        reporter.error(&holds_no_game(path));
        *file = Status::Invalid;
    }
}
