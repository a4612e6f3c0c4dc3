//! `hirp json`: records as JSON.

use super::{Reporter, Status, read_records, write_stdout};

/// Write records as JSON, one document or one game a line.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each step, Penningr action and battle keeps its canonical notation beside its
typed fields, so `hirp notation` turns the JSON back into the same record.

Examples:
  hirp json game.hirp                 one document: {\"files\":[{\"path\":...,\"games\":[...]}]}
  hirp json --lines games/*.hirp      one game a line, for streaming tools
  hirp json --schema                  the JSON Schema of the document

Syntax errors are reported on standard error; what could be read is still
written, with unreadable text kept as `malformed` entries, and the exit
status is 1.")]
pub struct Args {
    /// Record files to read; `-` reads standard input.
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
        let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
        return finish(write_stdout(&format!("{text}\n")), Status::Ok, reporter);
    }
    let (records, status) = read_records(&args.files, reporter);
    let mut out = String::new();
    if args.lines {
        for record in &records {
            for number in 1..=record.parsed.record.games.len() {
                if let Some(line) =
                    hirp::json::game_line(&record.path, &record.parsed.record, number)
                {
                    out.push_str(&serde_json::to_string(&line).unwrap_or_default());
                    out.push('\n');
                }
            }
        }
    } else {
        let document =
            hirp::json::document(records.iter().map(|r| (r.path.as_str(), &r.parsed.record)));
        let text = if args.pretty {
            serde_json::to_string_pretty(&document)
        } else {
            serde_json::to_string(&document)
        };
        out = text.unwrap_or_default();
        out.push('\n');
    }
    finish(write_stdout(&out), status, reporter)
}

/// The status after writing: a write error is an I/O failure.
fn finish(written: Result<(), String>, status: Status, reporter: &Reporter) -> Status {
    match written {
        Ok(()) => status,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}
