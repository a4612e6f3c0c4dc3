//! `hirp notation`: JSON back to notation, of either family.

use super::{
    input::read_or_report, reading::holds_no_game, report::Reporter, status::Status,
    stdout::write_stdout,
};

/// Write JSON records (from `hirp json`, with or without --lines) as notation.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Reads what `hirp json` writes: one document, or one game a line, of HIRP's
records and of tafl records (OpenTafl game files and archives, each written
in its own form, and hnefatafl.org's archive, as its server writes it)
alike. The typed fields count; a `notation` string that disagrees with them
is an error, named by its JSON path; a file with no game is an error too. Records of several files are written one after another,
separated by a blank line.

Examples:
  hirp notation game.json
  hirp json game.hirp | hirp notation -
  hirp json game.otg | hirp notation -")]
pub struct Args {
    /// JSON files to read; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,
}

/// Runs `hirp notation`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if let Err(message) = super::input::stdin_once(&args.files) {
        reporter.error(&message);
        return Status::Failure;
    }
    let mut status = Status::Ok;
    let mut out = String::new();
    for path in &args.files {
        let Some(input) = read_or_report(path, reporter, &mut status) else {
            continue;
        };
        let Ok(text) = std::str::from_utf8(&input.bytes) else {
            reporter.error(&format!("{path}: JSON must be UTF-8"));
            status = status.max(Status::Invalid);
            continue;
        };
        match hirp::json::read_any_records(text) {
            Ok(records) if records.iter().all(|(_, r)| r.is_empty()) => {
                reporter.error(&holds_no_game(path));
                status = status.max(Status::Invalid);
            }
            Ok(records) => {
                for (_, record) in records {
                    if !out.is_empty() {
                        out.push('\n');
                    }
                    out.push_str(&record.to_string());
                }
            }
            Err(error) => {
                reporter.error(&format!("{path}: {error}"));
                status = status.max(Status::Invalid);
            }
        }
    }
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    status
}
