//! The position after a turn of a HIRP game, or one a line gives, as
//! `hirp board` shows it.

use crate::core::family::{BadPosition, NoBoard, Picture, RecordBytes, START, file_name};
use crate::hirp::render::frame::{position_frame, turn_end};
use crate::hirp::render::svg::svg;
use crate::hirp::render::text::Drawing;
use crate::hirp::replay::{Observer, first_turn, replay_game_with};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Game, Games, Label, SyntaxError, Turn, parse_chunk};

/// The position after the turn labelled `turn` (the last when `None`) of
/// game `number` of `record`, drawn as `picture` says.
pub(super) fn board(
    record: RecordBytes<'_>,
    number: usize,
    turn: Option<&str>,
    picture: Picture,
) -> Result<String, NoBoard> {
    let NthGame { game, errors, .. } = nth_game(record.bytes, number)?;
    if turn == Some(START) {
        return Ok(start_board(record.path, number, &game, picture));
    }
    let errors: Vec<&SyntaxError> = errors.iter().collect();
    let mut ends = TurnEnds::default();
    replay_game_with(&game, &errors, &mut ends);
    let first = first_turn(&game);
    let label = |n: usize| Label::of_turn(first + n).to_string();
    let end = match turn {
        Some(wanted) => ends.0.iter().find(|(n, _)| label(*n) == wanted),
        None => ends.0.last(),
    };
    let Some((n, position)) = end else {
        let first = ends.0.first().map(|(n, _)| label(*n));
        let last = ends.0.last().map(|(n, _)| label(*n));
        return Err(NoBoard::NoTurn {
            wanted: turn.map(str::to_owned),
            range: first.zip(last),
        });
    };
    Ok(match picture {
        Picture::Text { columns, color } => {
            let layout = Drawing::for_width(columns);
            turn_end(&label(*n), position, &game.turns[*n], layout).render(color)
        }
        Picture::Svg => {
            let name = file_name(record.path);
            let mut caption = format!("{name}, game {number}, after {}", label(*n));
            if let Some(victory) = position.result() {
                caption.push_str(&format!(": {victory}"));
            }
            svg(position, &caption)
        }
    })
}

/// Game `number` of the record at `path` at its start (the rulebook's
/// opening, or the position its `[Position]` tag gives), drawn as
/// `picture` says.
fn start_board(path: &str, number: usize, game: &Game, picture: Picture) -> String {
    // A tag that does not read is the replay's error: the board is the
    // rulebook's start, as the replay's is.
    let position = crate::hirp::replay::start_of(game).unwrap_or_else(|_| Position::new());
    let heading = "Start";
    match picture {
        Picture::Text { columns, color } => {
            position_frame(heading, &position, Drawing::for_width(columns)).render(color)
        }
        Picture::Svg => {
            let name = file_name(path);
            svg(&position, &format!("{name}, game {number}: the start"))
        }
    }
}

/// A game of a record, read alone.
pub struct NthGame {
    /// The game.
    pub game: Game,
    /// The syntax errors that belong to it: those in it, or after it up to
    /// the next game, as the replay gives them.
    pub errors: Vec<SyntaxError>,
    /// The decoded text of the chunk it was read from, which its spans
    /// point into from `offset` on.
    pub text: String,
    /// The chunk's offset in the record.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

/// Game `number` (counted from 1) of the record `bytes`, read a chunk at a
/// time so that only its piece of the record is held.
pub fn nth_game(bytes: &[u8], number: usize) -> Result<NthGame, NoBoard> {
    let mut seen = 0;
    // Reading from memory cannot fail.
    for chunk in Games::new(bytes).map_while(Result::ok) {
        let (text, parsed) = parse_chunk(&chunk);
        let count = parsed.record.games.len();
        if number > seen && number <= seen + count {
            let index = number - seen - 1;
            let errors = parsed
                .errors
                .iter()
                .filter(|e| parsed.record.game_at(e.span.start) == Some(index))
                .cloned()
                .collect();
            let mut games = parsed.record.games;
            return Ok(NthGame {
                game: games.swap_remove(index),
                errors,
                text: text.into_owned(),
                offset: chunk.offset,
                line: chunk.line,
            });
        }
        seen += count;
    }
    Err(if seen == 0 {
        NoBoard::NoGame
    } else {
        NoBoard::NoSuchGame(seen)
    })
}

/// The position at the end of each turn, by the turn's place in the game.
#[derive(Default)]
pub(super) struct TurnEnds(pub(super) Vec<(usize, Position)>);

impl Observer for TurnEnds {
    fn turn(&mut self, _turn: &Turn, index: usize, position: &Position) {
        self.0.push((index, *position));
    }
}

/// The position a line gives (`grammar/hirp-position.ebnf`), drawn as
/// `picture` says: headed by the turn it has to play, or, once the game is
/// over, by the turn that ended it.
pub(super) fn position_board(line: &str, picture: Picture) -> Result<String, NoBoard> {
    let position = read_position(line).map_err(NoBoard::Position)?;
    let heading = match position.result() {
        None => {
            let label = Label::of_turn(turn_index(&position));
            format!("{} to play {label}", label.side.name())
        }
        Some(_) => match turn_index(&position).checked_sub(1) {
            Some(last) => format!("After {}", Label::of_turn(last)),
            None => "The game is over".to_owned(),
        },
    };
    Ok(match picture {
        Picture::Text { columns, color } => {
            position_frame(&heading, &position, Drawing::for_width(columns)).render(color)
        }
        Picture::Svg => {
            let mut caption = heading;
            if let Some(victory) = position.result() {
                caption.push_str(&format!(": {victory}"));
            }
            svg(&position, &caption)
        }
    })
}

/// The position a line gives, or where and why it does not read.
pub(super) fn read_position(line: &str) -> Result<Position, BadPosition> {
    crate::hirp::position::read(line).map_err(|e| BadPosition {
        span: e.span,
        message: e.message,
    })
}

/// The place in its game of the turn `position` has to play, from 0.
pub(super) fn turn_index(position: &Position) -> usize {
    usize::try_from(position.turns()).unwrap_or(usize::MAX)
}
