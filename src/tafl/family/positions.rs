//! The positions of tafl games, a line each, as `hirp position` prints them
//! and `hirp json --positions` writes them: OpenTafl's position record
//! (`Position::to_opentafl`), the side to move, and the number of the move
//! it plays next.

use std::fmt::Write as _;

use crate::core::family::{At, NoBoard, RecordBytes, Wanted, each_game};
use crate::core::json::JsonPosition;
use crate::tafl::Side;
use crate::tafl::replay::{Replay, ReplayedMove, replay_record_seen};
use crate::tafl::rules::{Position, RuleSet};
use crate::tafl::syntax::{Chunk, Form, Games, parse_chunk};

use super::board::{line_through, shown_game};
use super::side_name;

/// The positions `wanted` of the games of `record`, of `form`, each
/// replayed under `rules` if given (else its own), each game's lines to
/// `each` with its number, until it returns `false`.
pub(super) fn positions(
    record: RecordBytes<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    wanted: Wanted<'_>,
    each: &mut dyn FnMut(usize, &str) -> bool,
) -> Result<(), NoBoard> {
    if let Some(number) = wanted.game {
        let replay = shown_game(record.bytes, form, rules, number)?.replay;
        each(number, &lines(&replay, wanted.at)?);
        return Ok(());
    }
    // Each chunk's games replayed once, their positions written as the
    // replay reaches them.
    let read = |chunk: Chunk| {
        let (_, parsed) = parse_chunk(&chunk);
        let mut seen = Seen::default();
        let see = |game, moves, position: &Position| seen.see(game, moves, position);
        let replays = replay_record_seen(&parsed.record, &parsed.errors, rules, see);
        let game_lines = |(n, replay): (usize, &Replay)| match replay.rules {
            None => Err(NoBoard::NoRules),
            Some(_) if wanted.at == At::Every => Ok(seen.lines(n, &replay.steps)),
            Some(_) => lines(replay, wanted.at),
        };
        replays.iter().enumerate().map(game_lines).collect()
    };
    let chunks = Games::new(record.bytes, form);
    each_game(chunks, |c| c.bytes.len(), wanted.workers, read, each)
}

/// The positions of a piece's games as the replay reached them, the main
/// line of each: their records one after another, and where each ends with
/// its side to move and whether a piece of that side must move again (a
/// berserk turn).
#[derive(Default)]
struct Seen {
    games: Vec<(String, Vec<End>)>,
}

/// Where a position's record ends among its game's, the side to move, and
/// whether a piece of that side must move again.
type End = (usize, Side, bool);

impl Seen {
    /// Keeps `position`, reached after `moves` moves of game `game`; a game
    /// seen from its start again is read again, and its positions so far
    /// are dropped.
    fn see(&mut self, game: usize, moves: usize, position: &Position) {
        if self.games.len() <= game {
            self.games.resize_with(game + 1, Default::default);
        }
        let (records, ends) = &mut self.games[game];
        if moves == 0 {
            records.clear();
            ends.clear();
        }
        position.write_opentafl(records);
        let berserk = position.berserker().is_some();
        ends.push((records.len(), position.turn(), berserk));
    }

    /// The lines of every position of game `game`, whose main line's moves
    /// are `steps`.
    fn lines(&self, game: usize, steps: &[ReplayedMove]) -> String {
        let Some((records, ends)) = self.games.get(game) else {
            return String::new();
        };
        let mut lines = String::with_capacity(records.len() + ends.len() * 16);
        let mut from = 0;
        for (n, &(end, side, berserk)) in ends.iter().enumerate() {
            lines.push_str(&records[from..end]);
            let _ = writeln!(lines, " {} {}", side_name(side), number(steps, n, berserk));
            from = end;
        }
        lines
    }
}

/// The positions of a game replayed, as JSON writes them: the start, then
/// after each move of its main line, with their hashes; none when its
/// rules are not known.
pub(super) fn json_positions(replay: &Replay) -> Vec<JsonPosition> {
    let steps = &replay.steps;
    let mut positions = Vec::with_capacity(steps.len() + 1);
    replay.each_position(|n, position| {
        let mut line = String::with_capacity(64);
        write_line(&mut line, position, steps, n);
        let after = n.checked_sub(1).map(|m| steps[m].address.to_string());
        positions.push(JsonPosition::new(after, line, position.hash()));
    });
    positions
}

/// The addresses of the first and last of `steps`, a main line's moves, if
/// there are any: what a game has to show.
pub(super) fn range(steps: &[ReplayedMove]) -> Option<(String, String)> {
    let first = steps.first()?.address.to_string();
    let last = steps.last()?.address.to_string();
    Some((first, last))
}

/// The lines of the positions of a game replayed that `at` asks for, each
/// ended by `\n`; `Err` when it has no move of the label asked for.
fn lines(replay: &Replay, at: At<'_>) -> Result<String, NoBoard> {
    let steps = &replay.steps;
    let wanted = match at {
        At::After(label) => {
            let Some((positions, steps, n)) = line_through(replay, Some(label)) else {
                return Err(NoBoard::NoTurn {
                    wanted: Some(label.to_owned()),
                    range: range(steps),
                });
            };
            let mut line = String::with_capacity(64);
            write_line(&mut line, &positions[n], steps, n);
            line.push('\n');
            return Ok(line);
        }
        At::Every => 0..=steps.len(),
        At::Start => 0..=0,
        At::Last => steps.len()..=steps.len(),
    };
    let dim = replay
        .rules
        .as_ref()
        .map_or(0, |rules| usize::from(rules.dim));
    let mut lines = String::with_capacity(wanted.clone().count() * (dim * (dim + 1) + 20));
    replay.each_position(|n, position| {
        if wanted.contains(&n) {
            write_line(&mut lines, position, steps, n);
            lines.push('\n');
        }
    });
    Ok(lines)
}

/// Writes the line of `position`, reached after the first `n` moves of the
/// line of play `steps`, to `out`.
fn write_line(out: &mut String, position: &Position, steps: &[ReplayedMove], n: usize) {
    position.write_opentafl(out);
    let side = side_name(position.turn());
    let berserk = position.berserker().is_some();
    let _ = write!(out, " {side} {}", number(steps, n, berserk));
}

/// The number of the move the side to move plays after the first `n` moves
/// of a line of play, `steps`: that of the line's next move as the record
/// numbers it; after the last, that of the last when it was the first of
/// its turn or when the same side moves again (`berserk`: a berserk turn's
/// `13c` after `13b`), else the next.
fn number(steps: &[ReplayedMove], n: usize, berserk: bool) -> u32 {
    if let Some(next) = steps.get(n) {
        return next.address.turn;
    }
    match n.checked_sub(1).and_then(|last| steps.get(last)) {
        None => 1,
        Some(last) if last.address.ply == 0 || berserk => last.address.turn,
        Some(last) => last.address.turn.saturating_add(1),
    }
}
