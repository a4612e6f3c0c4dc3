//! `hirp json`: records as JSON.

use std::io::{self, BufWriter, Write};

use hirp::json::{DocumentWriter, GameLine};
use hirp::syntax::{Comment, Game};

use super::walk::{Found, Input, inputs};
use super::{Reporter, Status, Stdout, each_chunk, holds_no_game, io_reason, write_stdout};

/// Write records as JSON, one document or one game a line.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each step, Penningr action and battle keeps its canonical notation beside its
typed fields, so `hirp notation` turns the JSON back into the same record.

Directories are walked for *.hirp files (hidden and ignored files left out),
in path order.

Examples:
  hirp json game.hirp                 one document: {\"files\":[{\"path\":...,\"games\":[...]}]}
  hirp json --lines games/            one game a line, for streaming tools
  hirp json --schema                  the JSON Schema of the document

Syntax errors are reported on standard error; what could be read is still
written, with unreadable text kept as `malformed` entries, and the exit
status is 1. A file that holds no game (empty, or only comments) and a
directory with no *.hirp file are reported the same way.")]
#[command(override_usage = "\
hirp json [OPTIONS] <FILE>...
       hirp json --schema [--lines]")]
pub struct Args {
    /// Record files, or directories to walk for *.hirp files; `-` reads
    /// standard input. Needed but with --schema.
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
}

/// Runs `hirp json`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
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
    let found = match inputs(&args.files) {
        Ok(found) => found,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, Stdout);
    let mut status = Status::Ok;
    let written = if args.lines {
        each_input(&found, reporter, &mut status, |input, reader, status| {
            let mut pending: Option<GameLine> = None;
            let mut number = 0;
            let closing = read(reader, &input.path, reporter, status, |game| {
                if let Some(line) = pending.take() {
                    write_line(&mut out, &line)?;
                }
                number += 1;
                pending = Some(GameLine::of(&input.path, number, game));
                Ok(())
            })?;
            match pending {
                Some(line) => write_line(&mut out, &line.with_closing(&closing)),
                None => Ok(()),
            }
        })
        .and_then(|()| out.flush())
    } else {
        let mut writer = DocumentWriter::new(out, args.pretty);
        // A file that cannot be read is reported and left out of the
        // document.
        each_input(&found, reporter, &mut status, |input, reader, status| {
            writer.begin_file(&input.path)?;
            let closing = read(reader, &input.path, reporter, status, |game| {
                writer.game(game)
            })?;
            writer.end_file(&closing)
        })
        .and_then(|()| writer.finish())
        .and_then(|mut out| {
            out.write_all(b"\n")?;
            out.flush()
        })
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

/// Hands each input found, opened, to `on_input`; reports what cannot be
/// read. An error from `on_input` (writing) stops the work and is returned.
fn each_input(
    found: &[Found],
    reporter: &Reporter,
    status: &mut Status,
    mut on_input: impl FnMut(&Input, Box<dyn io::BufRead + Send>, &mut Status) -> io::Result<()>,
) -> io::Result<()> {
    for found in found {
        match found {
            Found::Nothing(nothing) => {
                reporter.error(&nothing.message);
                *status = (*status).max(nothing.status);
            }
            Found::Input(input) => match input.open() {
                Ok(reader) => on_input(input, reader, status)?,
                Err(e) => {
                    reporter.error(&input.cannot_read(&e));
                    *status = (*status).max(Status::Failure);
                }
            },
        }
    }
    Ok(())
}

/// Writes one JSON line.
fn write_line(out: &mut impl Write, line: &GameLine) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

/// Reads `reader` (opened from `path`) game by game, reporting its syntax
/// errors as they come, and a file that holds no game; hands each game to
/// `on_game`; returns the comments after the last game.
fn read(
    reader: impl io::BufRead,
    path: &str,
    reporter: &Reporter,
    status: &mut Status,
    mut on_game: impl FnMut(&Game) -> io::Result<()>,
) -> io::Result<Vec<Comment>> {
    let mut closing = Vec::new();
    let (mut file, mut games) = (Status::Ok, 0);
    each_chunk(reader, path, reporter, &mut file, |read| {
        for game in &read.parsed.record.games {
            on_game(game)?;
            games += 1;
        }
        closing.extend(read.parsed.record.comments.iter().cloned());
        Ok(())
    })?;
    if file == Status::Ok && games == 0 {
        reporter.error(&holds_no_game(path));
        file = Status::Invalid;
    }
    *status = (*status).max(file);
    Ok(closing)
}
