//! `hirp html`: a record as one self-contained HTML page that replays it.

use hirp::page::{self, html};

use super::family::{RulesArg, archive_without_rules, family};
use super::replay::EXAMPLE;
use super::{Reporter, Status, io_reason, read_input, write_stdout};

/// Write a record as one HTML page that replays it, board by board.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The page holds everything it shows (style, script and boards inline) and
makes no request of any kind: send it to a friend, open it in a browser.
It has a board for every step, buttons, the ← and → keys and a slider to
step through the game, the turn line with the token just played marked,
the battles, the result, and the record's problems, each linked to its
step; a game picker when the record holds several games.

With no FILE, the rulebook's example game (corrected), bundled in hirp.

Examples:
  hirp html game.hirp -o game.html     write the page
  hirp html game.hirp > game.html      the same
  hirp html game.otg -o game.html      a tafl game file, under its rules tag
  hirp html games.csv --rules brandub  an archive of tafl games
  hirp html --schema                   the JSON Schema of the page's data")]
pub struct Args {
    /// The record (`-` reads standard input); without it, the rulebook's
    /// example game.
    #[arg(value_name = "FILE", conflicts_with = "schema")]
    file: Option<String>,

    /// Write the page to OUT instead of standard output.
    #[arg(short, long, value_name = "OUT", conflicts_with = "schema")]
    output: Option<String>,

    /// Print the JSON Schema of the data a page is drawn from (what
    /// `hirp serve` answers on /api/page).
    #[arg(long)]
    schema: bool,

    #[command(flatten)]
    rules: RulesArg,
}

/// Runs `hirp html`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.schema {
        let schema = serde_json::to_string_pretty(&page::schema()).expect("a schema is JSON");
        return match write_stdout(&format!("{schema}\n")) {
            Ok(()) => Status::Ok,
            Err(message) => {
                reporter.error(&message);
                Status::Failure
            }
        };
    }
    super::family::rules_left_aside(args.rules.rules.as_ref(), args.file.as_deref(), reporter);
    let (name, bytes) = match &args.file {
        None => (
            "rulebook-example.hirp".to_owned(),
            EXAMPLE.as_bytes().to_vec(),
        ),
        Some(path) => match read_input(path) {
            Ok(input) => (super::shown(path).to_owned(), input.bytes),
            Err(message) => {
                reporter.error(&message);
                return Status::Failure;
            }
        },
    };
    let choice = args.rules.rules.as_ref();
    let path = args.file.as_deref().unwrap_or_default();
    if choice.is_none() && family(path, choice, &bytes).needs_rules() {
        reporter.error(&archive_without_rules(path));
        return Status::Failure;
    }
    // Packed game by game: one game's boards are held at a time.
    let page = family(path, choice, &bytes).packed(&name, &bytes, choice.map(|c| &c.rules));
    if page.games.is_empty() && page.diagnostics.is_empty() {
        reporter.error(&super::holds_no_game(&name));
        return Status::Invalid;
    }
    let written = match &args.output {
        None => write_stdout(&html::packed_html(&page)),
        Some(out) => std::fs::write(out, html::packed_html(&page))
            .map_err(|e| format!("cannot write {out}: {}", io_reason(&e))),
    };
    if let Err(message) = written {
        reporter.error(&message);
        return Status::Failure;
    }
    let errors = page
        .games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .chain(&page.diagnostics)
        .filter(|d| d.severity == "error")
        .count();
    if errors > 0 {
        reporter.note(&format!(
            "{name} has {errors} error{}: the page lists them",
            if errors == 1 { "" } else { "s" }
        ));
        Status::Invalid
    } else {
        Status::Ok
    }
}
