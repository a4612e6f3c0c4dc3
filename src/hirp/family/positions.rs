//! The positions of HIRP games, a line each (`grammar/hirp-position.ebnf`),
//! as `hirp position` prints them and `hirp json --positions` writes them.

use crate::core::family::{At, NoBoard, RecordBytes, Wanted, each_game};
use crate::core::json::JsonPosition;
use crate::hirp::Parsed;
use crate::hirp::position;
use crate::hirp::replay::{replay_game_with, start_of};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Chunk, Game, Games, SyntaxError, parse_chunk};

use super::board::{NthGame, TurnEnds, nth_game};

/// A game's positions: its start, then the position after each turn the
/// replay played, with the turn's place in the game.
type Replayed = Vec<(Option<usize>, Position)>;

/// The positions `wanted` of the games of `record`, each game's lines to
/// `each` with its number, until it returns `false`.
pub(super) fn positions(
    record: RecordBytes<'_>,
    wanted: Wanted<'_>,
    each: &mut dyn FnMut(usize, &str) -> bool,
) -> Result<(), NoBoard> {
    if let Some(number) = wanted.game {
        let NthGame { game, errors, .. } = nth_game(record.bytes, number)?;
        let errors: Vec<&SyntaxError> = errors.iter().collect();
        let lines = lines(&game, &replayed(&game, &errors), wanted.at)?;
        each(number, &lines);
        return Ok(());
    }
    let read = |chunk: Chunk| {
        let (_, parsed) = parse_chunk(&chunk);
        let games = parsed.record.games.iter().enumerate();
        games
            .map(|(n, game)| lines(game, &replayed(game, &errors_of(&parsed, n)), wanted.at))
            .collect()
    };
    let chunks = Games::new(record.bytes);
    each_game(chunks, |c| c.bytes.len(), wanted.workers, read, each)
}

/// The positions of game `index` of a piece read, as JSON writes them: the
/// start, then after each turn the replay played, with their hashes.
pub(super) fn json_positions(parsed: &Parsed, index: usize) -> Vec<JsonPosition> {
    let game = &parsed.record.games[index];
    replayed(game, &errors_of(parsed, index))
        .iter()
        .map(|(turn, position)| {
            JsonPosition::new(
                turn.map(|n| game.turns[n].label.to_string()),
                position::write(position),
                position::hash(position),
            )
        })
        .collect()
}

/// The syntax errors of game `index` of a piece read: those in it, or after
/// it up to the next game, as the replay gives them.
pub(super) fn errors_of(parsed: &Parsed, index: usize) -> Vec<&SyntaxError> {
    let record = &parsed.record;
    let errors = parsed.errors.iter();
    errors
        .filter(|e| record.game_at(e.span.start) == Some(index))
        .collect()
}

/// The positions of `game`, read with `errors`, replayed once.
pub(super) fn replayed(game: &Game, errors: &[&SyntaxError]) -> Replayed {
    let mut ends = TurnEnds::default();
    replay_game_with(game, errors, &mut ends);
    let mut positions = Vec::with_capacity(ends.0.len() + 1);
    positions.push((None, start(game)));
    positions.extend(ends.0.into_iter().map(|(n, position)| (Some(n), position)));
    positions
}

/// The position `game` starts from, as the replay starts it: its
/// `[Position]` tag's, else the start of a game (also when the tag does not
/// read, and the replay plays no turn).
fn start(game: &Game) -> Position {
    start_of(game).unwrap_or_else(|_| Position::new())
}

/// The lines of the positions of `game` that `at` asks for, each ended by
/// `\n`; `Err` when the game has no turn of the label asked for.
fn lines(game: &Game, replayed: &Replayed, at: At<'_>) -> Result<String, NoBoard> {
    let chosen = match at {
        At::Every => replayed.as_slice(),
        At::Start => &replayed[..1],
        At::Last => &replayed[replayed.len() - 1..],
        At::After(label) => {
            // The label as the record writes it.
            let written = |n: usize| game.turns[n].label.to_string() == label;
            let found = replayed.iter().position(|(n, _)| n.is_some_and(written));
            let Some(found) = found else {
                let first = game.turns.first().map(|t| t.label.to_string());
                let last = game.turns.last().map(|t| t.label.to_string());
                return Err(NoBoard::NoTurn {
                    wanted: Some(label.to_owned()),
                    range: first.zip(last),
                });
            };
            &replayed[found..=found]
        }
    };
    let mut lines = String::with_capacity(chosen.len() * 40);
    for (_, position) in chosen {
        lines.push_str(&position::write(position));
        lines.push('\n');
    }
    Ok(lines)
}
