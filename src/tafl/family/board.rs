//! The position after a move of a tafl game, or one a line gives, as
//! `hirp board` shows it.

use crate::core::Span;
use crate::core::family::{BadPosition, NoBoard, Picture, RecordBytes, START, file_name};
use crate::tafl::render::{Board, Glyphs, TextOptions};
use crate::tafl::replay::{Game, MoveText, Replay, ReplayedMove, replay_game};
use crate::tafl::rules::{Position, PositionLine, PositionLineError, RuleSet};
use crate::tafl::syntax::{Annotations, Form, parse_bytes};

/// A game of a tafl record, read and replayed to be shown.
pub struct ShownGame {
    /// The record's text, which the replay's spans point into.
    pub text: String,
    /// The game replayed, under a rule set.
    pub replay: Replay,
    /// The number of games in the record.
    pub games: usize,
    /// What a game file says of the game for a person: its players, its
    /// heading, its start-comment, the commentary on its moves.
    pub annotations: Annotations,
    /// What text shows its moves.
    pub move_text: MoveText,
}

/// Reads the record `bytes` in `form` and replays its game `number`,
/// counted from 1, under `rules` if given, else under its rules tag, as the
/// replay gives each game its syntax errors. `Err` when the record holds no game
/// that could be read, no such game, or the game has no rule set.
pub fn shown_game(
    bytes: &[u8],
    form: Form,
    rules: Option<&RuleSet>,
    number: usize,
) -> Result<ShownGame, NoBoard> {
    let (text, parsed) = parse_bytes(bytes, form);
    let games = Game::all(&parsed.record);
    let Some(game) = games.get(number.wrapping_sub(1)) else {
        return Err(match games.len() {
            0 => NoBoard::NoGame,
            n => NoBoard::NoSuchGame(n),
        });
    };
    let errors: Vec<_> = parsed
        .errors
        .iter()
        .filter(|e| parsed.record.game_at(e.span.start) == Some(number - 1))
        .collect();
    let replay = replay_game(*game, &errors, rules);
    if replay.rules.is_none() {
        return Err(NoBoard::NoRules);
    }
    Ok(ShownGame {
        text: text.into_owned(),
        replay,
        games: games.len(),
        annotations: game.annotations(),
        move_text: game.move_text(),
    })
}

/// The position after the move labelled `turn` (`3b`, `7a.1.2b`; the main
/// line's last when `None`) of game `number` of `record`, drawn as
/// `picture` says.
pub(super) fn board(
    record: RecordBytes<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    (number, turn): (usize, Option<&str>),
    picture: Picture,
) -> Result<String, NoBoard> {
    let replay = shown_game(record.bytes, form, rules, number)?.replay;
    let Some((positions, steps, index)) = line_through(&replay, turn) else {
        return Err(NoBoard::NoTurn {
            wanted: turn.map(str::to_owned),
            range: super::positions::range(&replay.steps),
        });
    };
    let name = file_name(record.path);
    let mut caption = match index {
        0 => format!("{name}, game {number}: the start"),
        n => format!(
            "{name}, game {number}: after {}",
            turn.map_or_else(|| steps[n - 1].address.to_string(), str::to_owned)
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
    Ok(drawn(board, picture))
}

/// `board` drawn as `picture` says.
fn drawn(board: Board<'_>, picture: Picture) -> String {
    match picture {
        Picture::Text { color, .. } => board.text(TextOptions {
            glyphs: Glyphs::Unicode,
            color,
        }),
        Picture::Svg => board.svg(),
    }
}

/// `rules` starting from the position `line` gives
/// ([`PositionLine::rules`]), or where and why it does not read or sets up
/// no game under them.
pub(super) fn rules_from(line: &str, rules: &RuleSet) -> Result<RuleSet, BadPosition> {
    let bad = |e: PositionLineError| BadPosition {
        span: Span::new(e.span.start, e.span.end),
        message: e.message,
    };
    PositionLine::read(line)
        .and_then(|read| read.rules(rules))
        .map_err(bad)
}

/// The position `line` gives under `rules`, drawn as `picture` says,
/// captioned with the side to move (and the move number the line gives).
pub(super) fn position_board(
    line: &str,
    rules: &RuleSet,
    picture: Picture,
) -> Result<String, NoBoard> {
    let start = rules_from(line, rules).map_err(NoBoard::Position)?;
    let position =
        Position::from_layout(&start, &start.start, start.first_side()).map_err(|e| {
            NoBoard::Position(BadPosition {
                span: Span::new(0, line.len()),
                message: e.to_string(),
            })
        })?;
    let number = PositionLine::read(line).ok().and_then(|read| read.number);
    let mut caption = format!("{} to move", capitalised(position.turn().name()));
    if let Some(number) = number {
        caption.push_str(&format!(", move {number}"));
    }
    Ok(drawn(Board::of(&position).with_caption(&caption), picture))
}

/// `word` with its first letter in upper case.
fn capitalised(word: &str) -> String {
    let mut letters = word.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// The positions of the line of play that holds the move `turn` (`3b`,
/// `7a.1.2b`; by default the main line's last), that line's moves, and
/// the index of the position after the move; `None` when the game has no
/// such move.
pub(super) fn line_through<'a>(
    replay: &'a Replay,
    turn: Option<&str>,
) -> Option<(Vec<Position>, &'a [ReplayedMove], usize)> {
    let Some(wanted) = turn else {
        return Some((replay.positions(), &replay.steps, replay.steps.len()));
    };
    if wanted == START {
        // The start, before the first move.
        return Some((replay.positions(), &replay.steps, 0));
    }
    if let Some(n) = replay.steps.iter().position(|s| s.address == wanted) {
        return Some((replay.positions(), &replay.steps, n + 1));
    }
    replay.variations.iter().find_map(|variation| {
        let n = (0..variation.steps.len()).find(|&n| variation.label_of(n) == wanted)?;
        Some((variation.positions(), &variation.steps[..], n + 1))
    })
}
