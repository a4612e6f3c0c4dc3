//! `hirp board` on a tafl record: the position after a move, as text or
//! as an SVG picture.

use hirp::tafl::render::{Board, Glyphs, TextOptions};
use hirp::tafl::replay::{RulesChoice, replay_record};
use hirp::tafl::syntax::{Form, parse_bytes};

use super::{Reporter, Status, io_reason, write_stdout};

/// What `hirp board` was asked for a tafl record.
pub struct Request<'a> {
    /// The record's path, `-` for standard input.
    pub path: &'a str,
    /// Its form.
    pub form: Form,
    /// `--rules`.
    pub rules: Option<&'a RulesChoice>,
    /// The game, from 1.
    pub game: usize,
    /// The move, `3b`; the last when `None`.
    pub turn: Option<&'a str>,
    /// Where to write an SVG picture, `-` for standard output.
    pub svg: Option<&'a str>,
    /// Whether to colour the text board.
    pub color: bool,
}

/// Shows the position after the move `turn` (`3b`; by default the last) of
/// game `game` of a tafl record.
pub fn run(request: Request<'_>, reporter: &Reporter) -> Status {
    let fail = |message: String| {
        reporter.error(&message);
        Status::Failure
    };
    let bytes = match super::read_input(request.path) {
        Ok(input) => input.bytes,
        Err(message) => return fail(message),
    };
    let (_, parsed) = parse_bytes(&bytes, request.form);
    let rules = request.rules.map(|r| &r.rules);
    let replays = replay_record(&parsed.record, &parsed.errors, rules);
    let Some(replay) = replays.get(request.game.wrapping_sub(1)) else {
        return fail(format!(
            "{} has {} game(s), not a game {}",
            request.path,
            replays.len(),
            request.game
        ));
    };
    if replay.rules.is_none() {
        return fail(format!(
            "game {} of {} has no rule set: give --rules",
            request.game, request.path
        ));
    }
    let positions = replay.positions();
    let index = match request.turn {
        None => replay.steps.len(),
        Some(wanted) => match replay.steps.iter().position(|s| s.address == wanted) {
            Some(n) => n + 1,
            None => {
                return fail(format!(
                    "game {} of {} has no move {wanted}",
                    request.game, request.path
                ));
            }
        },
    };
    let caption = match index {
        0 => format!("{}, game {}: the start", request.path, request.game),
        n => format!(
            "{}, game {}: after {}",
            request.path,
            request.game,
            replay.steps[n - 1].address
        ),
    };
    let mut board = Board::of(&positions[index]).with_caption(&caption);
    if let Some(step) = index.checked_sub(1).map(|n| &replay.steps[n])
        && let Some(mv) = step.applied.mv()
    {
        board = board.with_last_move(mv, step.captures.iter());
    }
    let written = match request.svg {
        None => write_stdout(&board.text(TextOptions {
            glyphs: Glyphs::Unicode,
            color: request.color,
        })),
        Some("-") => write_stdout(&board.svg()),
        Some(target) => std::fs::write(target, board.svg())
            .map_err(|e| format!("cannot write {target}: {}", io_reason(&e))),
    };
    match written {
        Ok(()) => Status::Ok,
        Err(message) => fail(message),
    }
}
