//! `hirp html`: a record as one self-contained HTML page that replays it.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal as _, Write};
use std::path::Path;

use hirp::core::json::problem::Diagnostic;
use hirp::page::{self, Field, GamePage, PageWriter};

use super::family::{RulesArg, archive_without_rules, family};
use super::game::EXAMPLE;
use super::temporary::{self, Live, Role};
use super::{
    input::io_reason, input::read_input, report::Reporter, status::Status, stdout::Stdout,
    stdout::write_stdout,
};

/// Write a record as one HTML page that replays it, board by board.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The page holds everything it shows (style, script and boards inline) and
makes no request of any kind: send it to a friend, open it in a browser.
It has a board for every step, buttons, the ← and → keys and a slider to
step through the game, the turn line with the token just played marked,
the battles, the result, and the record's problems, each linked to its
step; a game picker when the record holds several games. The page is
written game by game as each is replayed, and shows at most 500,000 turns.

With no FILE, the rulebook's example game (corrected), bundled in hirp.

Examples:
  hirp html game.hirp -o game.html     write the page
  hirp html game.hirp > game.html      the same (to a terminal, the page is
                                       refused: it is for a browser)
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

/// Why a page is not written to a terminal, where it would be a screenful
/// of markup and script, with the option that writes it to a file named
/// after the record `file`.
fn not_for_a_terminal(file: Option<&str>) -> String {
    let file = file.unwrap_or("");
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty() && file != "-")
        .unwrap_or("game");
    format!(
        "the page is HTML for a browser, not for the terminal: give `-o {stem}.html`, \
         or send standard output to a file (`> {stem}.html`)"
    )
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
    if args.output.is_none() && std::io::stdout().is_terminal() {
        reporter.error(&not_for_a_terminal(args.file.as_deref()));
        return Status::Failure;
    }
    let (name, bytes) = match &args.file {
        None => (
            "rulebook-example.hirp".to_owned(),
            EXAMPLE.as_bytes().to_vec(),
        ),
        Some(path) => match read_input(path) {
            Ok(input) => (super::input::shown(path).to_owned(), input.bytes),
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
    let family = family(path, choice, &bytes);
    let (turns, _) = family.page_turns(&bytes, choice);
    if turns > MAX_TURNS {
        reporter.error(&format!(
            "{name} has {turns} turns, and a page shows at most {MAX_TURNS}: \
             split the record, or replay it with `hirp replay`"
        ));
        return Status::Failure;
    }
    let rules = choice;
    let legend = family.page_legend();
    let written = match &args.output {
        None => write_page(Stdout, &name, &legend, |each| {
            family.page_games(&name, &bytes, rules, each)
        })
        .map_err(|e| format!("cannot write to standard output: {}", io_reason(&e))),
        Some(out) => write_file(out, |file| {
            write_page(file, &name, &legend, |each| {
                family.page_games(&name, &bytes, rules, each)
            })
        }),
    };
    let written = match written {
        Ok(written) => written,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    if written.games == 0 && written.problems == 0 {
        reporter.error(&super::reading::holds_no_game(&name));
        return Status::Invalid;
    }
    if written.errors > 0 {
        let errors = written.errors;
        reporter.note(&format!(
            "{name} has {errors} error{}: the page lists them",
            if errors == 1 { "" } else { "s" }
        ));
        Status::Invalid
    } else {
        Status::Ok
    }
}

/// The most turns a page shows: some 13 MB of HIRP record, a page of some
/// 500 MB, which a browser may well refuse.
pub const MAX_TURNS: usize = 500_000;

/// What was written of a page.
struct Page {
    games: usize,
    errors: usize,
    /// The problems that lie in no game.
    problems: usize,
}

/// Writes the page called `name` to `out`, game by game as `games` hands
/// them over: one game's boards are held at a time.
fn write_page<W: Write>(
    out: W,
    name: &str,
    legend: &[Field],
    games: impl FnOnce(&mut dyn FnMut(GamePage)) -> (String, Vec<Diagnostic>),
) -> io::Result<Page> {
    let mut writer =
        PageWriter::start(BufWriter::new(out), &hirp::core::page::title(name), legend)?;
    let mut failed = None;
    let (_, diagnostics) = games(&mut |game| {
        if failed.is_none() {
            failed = writer.game(&game).err();
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let written = writer.finish(&diagnostics)?;
    Ok(Page {
        games: written.games,
        errors: written.errors,
        problems: diagnostics.len(),
    })
}

/// Writes the file `out` by `write`, under a temporary name beside it,
/// renamed to `out` once it is whole: a page that fails half-way leaves
/// `out` as it was.
/// `out` written in place when it is no regular file (`/dev/null`, a
/// pipe, a link, which a rename would replace).
fn write_file(out: &str, write: impl FnOnce(File) -> io::Result<Page>) -> Result<Page, String> {
    let target = Path::new(out);
    let reason = |e: io::Error| format!("cannot write {out}: {}", io_reason(&e));
    if std::fs::symlink_metadata(target).is_ok_and(|m| !m.is_file()) {
        return File::create(target).and_then(write).map_err(reason);
    }
    let (temp, file) = temporary::create(target, Role::New).map_err(reason)?;
    let written = write(file).and_then(|page| {
        let mut live = Live::lock();
        std::fs::rename(&temp, target)?;
        live.forget(&temp);
        Ok(page)
    });
    if written.is_err() {
        temporary::remove(&temp);
    }
    written.map_err(reason)
}
