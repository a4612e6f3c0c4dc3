//! `hirp board`: one position, as text or as an SVG picture.

use hirp::hirp::render::svg;

use hirp::hirp::render::text::Drawing;

use super::boards::show_with_legend;
use super::family::RulesArg;
use super::replay::{Moment, caption, label, output_columns, parse_turn, record, shown_game};
use super::{Reporter, Status, io_reason, write_stdout};

/// Show the position after a turn: as a text board, or an SVG picture.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The position after the given turn (by default the game's last), as the
replay reads the record (past errors, with the nearest legal reading).

Examples:
  hirp board game.hirp --turn S3                 the board after S3
  hirp board game.hirp --turn S3 --svg s3.svg    the same as a picture
  hirp board --svg - > final.svg                 the rulebook example's end")]
pub struct Args {
    /// The record (`-` reads standard input); without it, the rulebook's
    /// example game.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,

    /// The turn after which to show the position (`S3`; a tafl move, `3b`,
    /// or a variation's, `7a.1.2b`); by default the last.
    #[arg(long, value_name = "LABEL", value_parser = parse_turn)]
    turn: Option<String>,

    /// Write an SVG picture to PATH (`-` for standard output) instead of the
    /// text board.
    #[arg(long, value_name = "PATH")]
    svg: Option<String>,

    #[command(flatten)]
    rules: RulesArg,
}

/// Runs `hirp board`, as the record's family shows a board.
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
    super::family::rules_left_aside(args.rules.rules.as_ref(), args.file.as_deref(), reporter);
    match super::family::of_file(args.file.as_deref(), args.rules.rules.as_ref()) {
        Ok(family) => super::family::board(family, args, reporter, color),
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
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

/// Runs `hirp board` on a tafl record.
pub fn tafl(args: Args, reporter: &Reporter, color: bool) -> Status {
    let request = super::tafl_board::Request {
        path: args.file.as_deref().unwrap_or_default(),
        rules: args.rules.rules.as_ref(),
        game: args.game,
        turn: args.turn.as_deref(),
        svg: args.svg.as_deref(),
        color,
    };
    super::tafl_board::run(request, reporter)
}

/// Runs `hirp board` on a HIRP record, or the rulebook's example.
pub fn hirp(args: Args, reporter: &Reporter, color: bool) -> Status {
    let (path, found, _) = match shown_game(args.file.as_deref(), args.game, reporter) {
        Ok(shown) => shown,
        Err(status) => return status,
    };
    let game = &found.game;
    let replayed = record(game, &found.errors);
    let mut ends = replayed
        .frames
        .iter()
        .filter(|f| matches!(f.moment, Moment::TurnEnd));
    let frame = match &args.turn {
        Some(wanted) => ends.find(|f| &label(f.turn) == wanted),
        None => ends.next_back(),
    };
    let Some(frame) = frame else {
        match &args.turn {
            Some(wanted) => reporter.error(&format!(
                "game {} of {} has no turn {wanted}",
                args.game,
                super::shown(&path)
            )),
            None => reporter.error(&format!(
                "game {} of {} has no turn to show",
                args.game,
                super::shown(&path)
            )),
        }
        return Status::Failure;
    };
    let written = match &args.svg {
        None => {
            let layout = Drawing::for_width(output_columns());
            write_stdout(&show_with_legend(game, frame, layout, &[]).render(color))
        }
        Some(target) => {
            let picture = svg::svg(&frame.position, &caption(&path, args.game, frame));
            if target == "-" {
                write_stdout(&picture)
            } else {
                std::fs::write(target, picture)
                    .map_err(|e| format!("cannot write {target}: {}", io_reason(&e)))
            }
        }
    };
    match written {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}
