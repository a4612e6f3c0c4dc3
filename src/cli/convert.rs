//! `hirp convert`: games written in another form of their family.

use hirp::any::{AnyFamily, Job};
use hirp::core::convert::{Converted, Target};
use hirp::core::family::{Family, RecordBytes};
use std::collections::BTreeMap;

use super::family::{RulesArg, archive_without_rules, family};
use super::games_out::GamesOut;
use super::input::{io_reason, read_input, shown, stdin_once};
use super::reading::no_game;
use super::{report::Reporter, status::Status};

/// Write games in another form: a game file, an archive, hnefatafl.org's.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is replayed under its rules (those --rules names, else its own)
and written in the form --to names, with the pieces each move took and
the end the game reached:

  otg   an OpenTafl game file: the players, ratings, clocks, messages and
        every other tag as tags, the result, the rules (a blank line
        between two games)
  csv   an archive, one game a line: the moves, `timeout` after them when
        a side lost on time, each side's captures and the result
  ron   a line of hnefatafl.org's archive, as its server writes it
  json  a game as hnefatafl.org's server sends it, one a line
  hirp  a HIRP record, in canonical form (its one form)

What the form cannot hold of a record (the players' ratings in an archive,
the tags hnefatafl.org has no field for) is named in a note, once a file.
The text written is read back in its form and replayed: a game that would
not come back as the same moves to the same end is not written, and the
reason is given (a game with errors, a board hnefatafl.org does not play,
an agreed draw its JSON cannot say). The other games are written all the
same, and the exit status is 1.

Examples:
  hirp convert --to otg archived-games.ron      hnefatafl.org's archive as game files
  hirp convert --to ron game.otg >> archived-games.ron
  hirp convert --to csv --rules copenhagen games.otg
  hirp convert --to json - < game.pgn           the PGN export as the server's JSON")]
pub struct Args {
    /// Record files; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// The form to write: otg, csv, ron, json (hnefatafl.org's), or hirp.
    #[arg(long, value_name = "FORM", value_parser = parse_target)]
    to: String,

    #[command(flatten)]
    rules: RulesArg,
}

/// Checks a form's name as `--to` takes it.
fn parse_target(text: &str) -> Result<String, String> {
    let targets = AnyFamily::targets();
    if targets.iter().any(|t| t.name == text) {
        return Ok(text.to_owned());
    }
    let names: Vec<String> = targets.iter().map(|t| format!("`{}`", t.name)).collect();
    Err(format!(
        "`{text}` is not a form hirp writes: {}",
        names.join(", ")
    ))
}

/// Runs `hirp convert`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if let Err(message) = stdin_once(&args.files) {
        reporter.error(&message);
        return Status::Failure;
    }
    let rules = args.rules.rules.as_ref();
    let mut out = Output {
        out: match GamesOut::open(None) {
            Ok(out) => out,
            Err(message) => {
                reporter.error(&message);
                return Status::Failure;
            }
        },
        held: None,
    };
    let mut status = Status::Ok;
    for path in &args.files {
        let bytes = match read_input(path) {
            Ok(input) => input.bytes,
            Err(message) => {
                reporter.error(&message);
                status = status.max(Status::Failure);
                continue;
            }
        };
        let family = family(path, rules, &bytes);
        if rules.is_none() && family.needs_rules() {
            reporter.error(&archive_without_rules(path));
            status = status.max(Status::Failure);
            continue;
        }
        let record = RecordBytes {
            path,
            bytes: &bytes,
        };
        let job = Convert {
            record,
            to: &args.to,
            out: &mut out,
            reporter,
        };
        let file = match family.run(rules, job) {
            Some(file) => file,
            None if out.out.failed() => Status::Failure,
            None => no_game(family, path, &bytes, reporter),
        };
        status = status.max(file);
        if out.out.failed() {
            break;
        }
    }
    let between = AnyFamily::targets()
        .iter()
        .find(|t| t.name == args.to)
        .map_or("", |t| t.between);
    if let Err(e) = out.finish(between) {
        reporter.error(&format!(
            "cannot write to standard output: {}",
            io_reason(&e)
        ));
        return Status::Failure;
    }
    status
}

/// The games written to standard output, through one buffer.
struct Output {
    out: GamesOut,
    /// A game that may only end the output, held until it is known whether
    /// another follows it: where it stands, and its text.
    held: Option<(String, usize, String)>,
}

impl Output {
    /// Writes game `number` of the file at `path`, after `between` when a
    /// game was written before it; one that may only end the output
    /// ([`Converted::last_only`]) is held until the next comes, and is
    /// then refused. Returns whether a held game was refused, and `false`
    /// once writing failed.
    fn game(
        &mut self,
        (path, number): (&str, usize),
        converted: &Converted,
        between: &str,
        reporter: &Reporter,
    ) -> (bool, bool) {
        let refused = self.refuse_held(reporter);
        if converted.last_only {
            self.held = Some((path.to_owned(), number, converted.text.clone()));
            return (refused, true);
        }
        (refused, self.write(&converted.text, between))
    }

    /// Refuses the game held, if any, since another game follows it.
    fn refuse_held(&mut self, reporter: &Reporter) -> bool {
        let Some((path, number, _)) = self.held.take() else {
            return false;
        };
        reporter.error(&format!(
            "{path}: game {number} is not converted: it has no move, and the tags of the \
             game after it would join its own; a game file holds such a game only last"
        ));
        true
    }

    /// Writes a game's text, after `between` when one was written before;
    /// `false` once writing failed.
    fn write(&mut self, text: &str, between: &str) -> bool {
        self.out.write(text, between)
    }

    /// Writes the game held, which ends the output, and what the buffer
    /// holds: the first error of writing, if any.
    fn finish(&mut self, between: &str) -> std::io::Result<()> {
        if let Some((_, _, text)) = self.held.take() {
            self.write(&text, between);
        }
        self.out.finish()
    }
}

/// What `hirp convert` asks of a family: a record's games in the form
/// `to`; the file's status, `None` when it holds no game.
struct Convert<'a, 'o> {
    record: RecordBytes<'a>,
    to: &'a str,
    out: &'o mut Output,
    reporter: &'a Reporter,
}

impl Job for Convert<'_, '_> {
    type Output = Option<Status>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Option<Status> {
        let path = shown(self.record.path);
        let targets = F::targets();
        let Some(target) = targets.iter().find(|t| t.name == self.to) else {
            let names: Vec<String> = targets.iter().map(|t| format!("`{}`", t.name)).collect();
            self.reporter.error(&format!(
                "{path} is a {} record, written as {}, not as `{}`",
                F::NAME,
                names.join(", "),
                self.to
            ));
            return Some(Status::Failure);
        };
        let mut status = Status::Ok;
        let mut lost: BTreeMap<String, usize> = BTreeMap::new();
        let workers = std::thread::available_parallelism().map_or(1, usize::from);
        let out = self.out;
        let reporter = self.reporter;
        let each = &mut |number: usize, game: Result<Converted, String>| match game {
            Ok(converted) => {
                let (refused, go_on) =
                    out.game((path, number), &converted, target.between, reporter);
                if refused {
                    status = Status::Invalid;
                }
                for what in converted.lost {
                    *lost.entry(what).or_default() += 1;
                }
                go_on
            }
            Err(why) => {
                reporter.error(&format!("{path}: game {number} is not converted: {why}"));
                status = Status::Invalid;
                true
            }
        };
        let games = family.convert(self.record, options, self.to, workers, each);
        if games == 0 {
            return None;
        }
        note_lost(path, target, games, &lost, reporter);
        Some(status)
    }
}

/// Says, once for the file, what its games held that the form cannot,
/// with how many of them held each when not all did.
fn note_lost(
    path: &str,
    target: &Target,
    games: usize,
    lost: &BTreeMap<String, usize>,
    reporter: &Reporter,
) {
    if lost.is_empty() {
        return;
    }
    let items: Vec<String> = lost
        .iter()
        .map(|(what, &n)| match n == games {
            true => what.clone(),
            false => format!("{what} ({n} of {games} games)"),
        })
        .collect();
    reporter.note(&format!(
        "{path}: written as {}, which does not hold:",
        target.about
    ));
    for item in items {
        reporter.note(&format!("  {item}"));
    }
}
