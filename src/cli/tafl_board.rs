//! `hirp board` on a tafl record: the position after a move, as text or
//! as an SVG picture.

use hirp::any::AnyFamily;
use hirp::core::family::Family as _;
use hirp::tafl::render::{Board, Glyphs, TextOptions};
use hirp::tafl::replay::{Game, Replay, ReplayedMove, RulesChoice, replay_game};
use hirp::tafl::rules::Position;
use hirp::tafl::syntax::{Annotations, Form, parse_bytes};

use super::family::family;
use super::{Reporter, Status, io_reason, write_stdout};

/// A game of a tafl record, read and replayed for `board` and `replay`.
pub struct TaflGame {
    /// The record's text, which the replay's spans point into.
    pub text: String,
    /// The game replayed, under a rule set.
    pub replay: Replay,
    /// The number of games in the record.
    pub games: usize,
    /// What a game file says of the game for a person: its players, its
    /// heading, its start-comment, the commentary on its moves.
    pub annotations: Annotations,
}

/// Why a game cannot be shown: a record that holds none (status 1, as
/// `validate` says of it), or a usage or I/O error (status 2).
pub enum Refusal {
    /// The record holds no game.
    Invalid(String),
    /// No such game, a record that cannot be read, no rule set.
    Failure(String),
}

impl Refusal {
    /// Reports the refusal; returns its exit status.
    pub fn report(self, reporter: &Reporter) -> Status {
        let (message, status) = match self {
            Refusal::Invalid(message) => (message, Status::Invalid),
            Refusal::Failure(message) => (message, Status::Failure),
        };
        reporter.error(&message);
        status
    }
}

/// Reads the tafl record at `path` (`-` for standard input, an archive if
/// its first line holds a comma) and replays its game `number` (from 1)
/// under `rules` if given, else under its rules tag. `Err` with the
/// message when the record cannot be read, has no such game, or the game
/// has no rule set.
pub fn read_game(
    path: &str,
    rules: Option<&RulesChoice>,
    number: usize,
) -> Result<TaflGame, Refusal> {
    let bytes = super::read_input(path).map_err(Refusal::Failure)?.bytes;
    // A record told as HIRP's is read as a game file.
    let form = match family(path, rules, &bytes) {
        AnyFamily::Tafl(tafl) => tafl.form(),
        AnyFamily::Hirp(_) => Form::Otg,
    };
    let (text, parsed) = parse_bytes(&bytes, form);
    let games = Game::all(&parsed.record);
    if games.is_empty() && !parsed.has_errors() {
        return Err(Refusal::Invalid(super::holds_no_game(path)));
    }
    let Some(game) = games.get(number.wrapping_sub(1)) else {
        if games.is_empty() {
            return Err(Refusal::Invalid(format!(
                "{} has no game that could be read",
                super::shown(path)
            )));
        }
        return Err(Refusal::Failure(super::no_such_game(
            path,
            games.len(),
            number,
        )));
    };
    // As `replay_record` gives each game its errors.
    let errors: Vec<_> = parsed
        .errors
        .iter()
        .filter(|e| parsed.record.game_at(e.span.start) == Some(number - 1))
        .collect();
    let replay = replay_game(*game, &errors, rules.map(|r| &r.rules));
    if replay.rules.is_none() && form == Form::Csv {
        return Err(Refusal::Failure(super::family::archive_without_rules(path)));
    }
    if replay.rules.is_none() {
        return Err(Refusal::Failure(format!(
            "game {number} of {path} has no rule set: give --rules"
        )));
    }
    Ok(TaflGame {
        text: text.into_owned(),
        replay,
        games: games.len(),
        annotations: game.annotations(),
    })
}

/// What `hirp board` was asked for a tafl record.
pub struct Request<'a> {
    /// The record's path, `-` for standard input.
    pub path: &'a str,
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
    let replay = match read_game(request.path, request.rules, request.game) {
        Ok(read) => read.replay,
        Err(refused) => return refused.report(reporter),
    };
    let Some((positions, steps, index)) = shown(&replay, request.turn) else {
        let wanted = request.turn.unwrap_or_default();
        return fail(format!(
            "game {} of {} has no move {wanted}",
            request.game,
            super::shown(request.path)
        ));
    };
    // The file's name, not the path to it, as HIRP's pictures say it.
    let name = super::replay::file_name(request.path);
    let mut caption = match index {
        0 => format!("{name}, game {}: the start", request.game),
        n => format!(
            "{name}, game {}: after {}",
            request.game,
            request
                .turn
                .map_or_else(|| steps[n - 1].address.to_string(), str::to_owned)
        ),
    };
    // At the game's end, how it ends.
    if let Some(outcome) = replay
        .outcome
        .filter(|_| index == replay.steps.len() && index > 0)
    {
        caption.push_str(&format!(" — {outcome}"));
    }
    let mut board = Board::of(&positions[index]).with_caption(&caption);
    if let Some(step) = index.checked_sub(1).map(|n| &steps[n])
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

/// The positions of the line of play that holds the move `turn` (`3b`,
/// `7a.1.2b`; by default the main line's last), that line's moves, and
/// the index of the position after the move; `None` when the game has no
/// such move.
fn shown<'a>(
    replay: &'a Replay,
    turn: Option<&str>,
) -> Option<(Vec<Position>, &'a [ReplayedMove], usize)> {
    let Some(wanted) = turn else {
        return Some((replay.positions(), &replay.steps, replay.steps.len()));
    };
    if let Some(n) = replay.steps.iter().position(|s| s.address == wanted) {
        return Some((replay.positions(), &replay.steps, n + 1));
    }
    replay.variations.iter().find_map(|variation| {
        let n = (0..variation.steps.len()).find(|&n| variation.label_of(n) == wanted)?;
        Some((variation.positions(), &variation.steps[..], n + 1))
    })
}
