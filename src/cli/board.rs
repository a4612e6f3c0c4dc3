//! `hirp board`: one position, as text or as an SVG picture.

use hirp::any::{AnyFamily, Job};
use hirp::core::family::{Family, NoBoard, Picture, RecordBytes};

use super::family::RulesArg;
use super::game::{parse_turn_or_start, record_and_family, refused};
use super::stdout::output_columns;
use super::{input::io_reason, report::Reporter, status::Status, stdout::write_stdout};

/// Show the position after a turn: as a text board, or an SVG picture.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The position after the given turn (by default the game's last; --turn 0,
the start), as the replay reads the record (past errors, with the nearest
legal reading).

With --position, a position given on the command line, with no record: a
HIRP position line, as `hirp position` prints it; or, with --rules, a tafl
position record, the first rank first, then if need be the side to move
(`attackers`, `defenders`) and the move number.

Examples:
  hirp board game.hirp --turn S3                 the board after S3
  hirp board game.otg --turn 0                   the start
  hirp board game.hirp --turn S3 --svg s3.svg    the same as a picture
  hirp board --svg - > final.svg                 the rulebook example's end
  hirp board --position 'LH2/K2/-/-/-/-/-/-/-/l/-/- silfr 7'
  hirp board --rules brandub --position '/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/ defenders'")]
pub struct Args {
    /// The record (`-` reads standard input); without it, the rulebook's
    /// example game.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,

    /// The turn after which to show the position (`S3`; a tafl move, `3b`,
    /// or a variation's, `7a.1.2b`; `0`, the start); by default the last.
    #[arg(long, value_name = "LABEL", value_parser = parse_turn_or_start)]
    turn: Option<String>,

    /// Show POSITION instead of a record's: a HIRP position line
    /// (`L/-/-/-/-/-/-/-/-/l/-/- gull 1`), or with --rules a tafl position
    /// record (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`), then `attackers` or
    /// `defenders` to move if need be.
    #[arg(long, value_name = "POSITION", conflicts_with_all = ["file", "game", "turn"])]
    position: Option<String>,

    /// Write an SVG picture to PATH (`-` for standard output) instead of the
    /// text board.
    #[arg(long, value_name = "PATH")]
    svg: Option<String>,

    #[command(flatten)]
    rules: RulesArg,
}

/// Runs `hirp board`: the record's family draws the position.
pub fn run(args: Args, reporter: &Reporter, color: bool) -> Status {
    if let Some(target) = args.svg.as_deref().filter(|t| is_record_path(t)) {
        // `hirp board --svg game.hirp` would write the picture over the
        // record it meant to read.
        reporter.error(&format!(
            "--svg names the picture to write, and {target} is a record's name: \
             write `hirp board {target} --svg OUT.svg`"
        ));
        return Status::Failure;
    }
    let rules = args.rules.rules.as_ref();
    let picture = match args.svg {
        None => Picture::Text {
            columns: output_columns(),
            color,
        },
        Some(_) => Picture::Svg,
    };
    if let Some(position) = args.position.as_deref() {
        let family = AnyFamily::of_rules(rules);
        let drawn = family.run(rules, PositionBoard { position, picture });
        return match drawn {
            Ok(drawn) => written(drawn, args.svg.as_deref(), reporter),
            Err(NoBoard::Position(bad)) => {
                reporter.bad_position("--position", position, &bad);
                // Not a position of the family at all: perhaps another's.
                if rules.is_none() && bad.span.start == 0 {
                    reporter.note(&format!(
                        "without --rules, --position is read as a {} position; a tafl \
                         position needs its rules (--rules)",
                        family.name()
                    ));
                }
                Status::Failure
            }
            // A family that plays rules is told only when they are given.
            Err(_) => {
                reporter.error(&format!(
                    "a {} position is drawn under a rule set: give --rules",
                    family.name()
                ));
                Status::Failure
            }
        };
    }
    let (path, bytes, family) = match record_and_family(args.file.as_deref(), rules, reporter) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let path = path.as_str();
    let board = Board {
        record: RecordBytes {
            path,
            bytes: &bytes,
        },
        number: args.game,
        turn: args.turn.as_deref(),
        picture,
    };
    match family.run(rules, board) {
        Ok(drawn) => written(drawn, args.svg.as_deref(), reporter),
        Err(no_board) => refused(family, no_board, &board.record, args.game, reporter),
    }
}

/// Writes the board drawn to standard output, or to the picture `svg`
/// names.
fn written(drawn: String, svg: Option<&str>, reporter: &Reporter) -> Status {
    let written = match svg {
        None | Some("-") => write_stdout(&drawn),
        Some(target) => std::fs::write(target, drawn)
            .map_err(|e| format!("cannot write {target}: {}", io_reason(&e))),
    };
    match written {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// What `hirp board` asks of a family.
#[derive(Clone, Copy)]
struct Board<'a> {
    record: RecordBytes<'a>,
    number: usize,
    turn: Option<&'a str>,
    picture: Picture,
}

impl Job for Board<'_> {
    type Output = Result<String, NoBoard>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Result<String, NoBoard> {
        family.board(self.record, options, self.number, self.turn, self.picture)
    }
}

/// What `hirp board --position` asks of a family.
#[derive(Clone, Copy)]
struct PositionBoard<'a> {
    position: &'a str,
    picture: Picture,
}

impl Job for PositionBoard<'_> {
    type Output = Result<String, NoBoard>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Result<String, NoBoard> {
        family.position_board(self.position, options, self.picture)
    }
}

/// Whether `path` ends as a record's or a JSON file's name, in any case.
fn is_record_path(path: &str) -> bool {
    let extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    matches!(extension.as_deref(), Some("hirp" | "otg" | "csv" | "json"))
}
