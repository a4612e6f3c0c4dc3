//! Tafl records checked game by game, in flat memory: each chunk the
//! reader cuts read, its games replayed, and handed over in file order.

use std::borrow::Cow;
use std::io::{self, BufRead};

use super::replay::{Game, Replay, replay_record, syntax_replays};
use super::rules::RuleSet;
use super::syntax::{Form, Games, parse_chunk};
use crate::check::Depth;
use crate::diagnostic::Problem;

/// A game checked, as [`check`] hands it over.
pub struct Checked<'a> {
    /// The game's number in the file, from 1; 0 for problems that lie in no
    /// game (a file with none).
    pub number: usize,
    /// The game, if the problems lie in one.
    pub game: Option<Game<'a>>,
    /// What its replay found (for problems in no game: those problems).
    pub replay: Replay,
    /// The decoded text of the chunk the game was read from, which spans
    /// point into from `offset` on.
    pub text: &'a str,
    /// The chunk's offset in the file.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

/// Reads and replays a tafl record of `form` game by game, each under
/// `rules` if given, else under its `[rules:]` tag, handing each game to
/// `on_game`; stops early when `on_game` returns `false`. Returns the bytes
/// read.
pub fn check<R: BufRead>(
    reader: R,
    form: Form,
    rules: Option<&RuleSet>,
    on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    check_with(reader, form, rules, Depth::Rules, on_game)
}

/// Checks a tafl record as [`check`] does, to the `depth` given: with
/// [`Depth::Syntax`], each game is read and its syntax errors reported,
/// and no rule set is needed.
pub fn check_with<R: BufRead>(
    reader: R,
    form: Form,
    rules: Option<&RuleSet>,
    depth: Depth,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    let (mut number, mut read) = (0, 0);
    for chunk in Games::new(reader, form) {
        let chunk = chunk?;
        read += chunk.bytes.len();
        let (text, parsed) = parse_chunk(&chunk);
        let text: Cow<'_, str> = text;
        let games = Game::all(&parsed.record);
        if games.is_empty() {
            if parsed.errors.is_empty() {
                continue;
            }
            let replay = Replay {
                rules: None,
                steps: Vec::new(),
                moves: 0,
                outcome: None,
                problems: parsed.errors.iter().map(Problem::tafl_syntax).collect(),
            };
            let checked = Checked {
                number: 0,
                game: None,
                replay,
                text: &text,
                offset: chunk.offset,
                line: chunk.line,
            };
            if !on_game(checked) {
                break;
            }
            continue;
        }
        let replays = match depth {
            Depth::Rules => replay_record(&parsed.record, &parsed.errors, rules),
            Depth::Syntax => syntax_replays(&parsed.record, &parsed.errors),
        };
        for (game, replay) in games.into_iter().zip(replays) {
            number += 1;
            let checked = Checked {
                number,
                game: Some(game),
                replay,
                text: &text,
                offset: chunk.offset,
                line: chunk.line,
            };
            if !on_game(checked) {
                return Ok(read);
            }
        }
    }
    Ok(read)
}
