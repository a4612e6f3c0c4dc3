//! The cards of HIRP's games ([`Card`]): their tags, the players the
//! `[Gull]` and `[Silfr]` tags name, their turn lines, and when they are
//! replayed their verdicts and keys.

use crate::core::card::RecordReader;
use crate::core::card::{Card, Keys, Piece, Through, Wants, each_card, game_text, key_of};
use crate::core::family::Family;
use crate::core::limits::Limits;
use crate::core::verdict::Verdict;
use crate::hirp::position::{self, canonical, mirror, write};
use crate::hirp::replay::{GameReport, replay_record};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Chunk, Game, Games};

use super::Hirp;
use super::positions::{errors_of, replayed};

/// The cards of the games of `record` to `each` in order (see
/// [`crate::core::family::Family::cards`]).
pub(super) fn cards(
    record: RecordReader<'_>,
    wants: &Wants,
    workers: usize,
    each: &mut dyn FnMut(Card) -> bool,
) -> std::io::Result<usize> {
    let read = |chunk: Chunk| {
        let (text, parsed) = Hirp::parse(&chunk);
        let offset = Hirp::start(&chunk).0;
        let reports = match wants.replay {
            true => replay_record(&parsed.record, &parsed.errors).games,
            false => Vec::new(),
        };
        let mut reports = reports.into_iter();
        parsed
            .record
            .games
            .iter()
            .enumerate()
            .map(|(n, game)| {
                let mut card = card(game, &text, offset);
                if let Some(report) = reports.next() {
                    card.keys = Some(keys(game, &report));
                    card.verdict = Some(Verdict::from(report));
                }
                if let Some(through) = &wants.through {
                    let played = replayed(game, &errors_of(&parsed, n));
                    card.passes = Some(played.iter().any(|(_, p)| is(through, p)));
                }
                card
            })
            .collect()
    };
    let piece = Piece {
        size: |chunk: &Chunk| Hirp::part(chunk).0.len(),
        start: |chunk: &Chunk| Hirp::start(chunk).0,
        bytes: |chunk: &Chunk| Hirp::part(chunk).0,
    };
    // Every game of the record: each card is handed over and dropped.
    each_card(
        Games::with_limits(record.reader, Limits::COLLECTION),
        piece,
        wants,
        workers,
        read,
        each,
    )
}

/// What a game's record says of it, in a piece whose text starts at
/// `offset` in the file.
fn card(game: &Game, text: &str, offset: usize) -> Card {
    let tag = |name: &str| game.tag(name).map(str::to_owned);
    Card {
        number: 0,
        offset: game.span.start,
        text: game_text(text, offset, game.span.start, game.span.end),
        players: [tag("Gull"), tag("Silfr")],
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        rules: None,
        moves: game.turns.len(),
        date: tag("Date"),
        rated: None,
        ratings: [None, None],
        verdict: None,
        keys: None,
        passes: None,
    }
}

/// The key of a position's board, as [`through`] and [`is`] key it: its
/// line's first field.
fn board_key(position: &Position) -> u64 {
    key_of(position::board(position))
}

/// Whether `position` is the position `through` asks for.
fn is(through: &Through, position: &Position) -> bool {
    through.is(board_key(position), position.to_move() as usize)
}

/// The position line `position` as games are matched against it (see
/// [`crate::core::family::Family::through`]): a board alone matches with
/// either side to move.
pub(super) fn through(position: &str, symmetric: bool) -> Result<Through, String> {
    let fields: Vec<&str> = position.split_whitespace().collect();
    // The round is not compared: one is lent to a line that leaves it out.
    let read = match fields.as_slice() {
        [board] => position::read(&format!("{board} gull 1")),
        [board, side] => position::read(&format!("{board} {side} 1")),
        _ => position::read(position.trim()),
    };
    let board_only = fields.len() == 1;
    let read = read.map_err(|e| e.message)?;
    let mut boards = vec![board_key(&read)];
    if symmetric {
        boards.push(board_key(&mirror(&read)));
        boards.dedup();
    }
    Ok(Through {
        boards,
        side: (!board_only).then_some(read.to_move() as usize),
    })
}

/// The keys of a game replayed: its turns as the notation writes them, its
/// last position, and that position's canonical form under the map's
/// mirror (the turns' mirror is not reckoned: the moves' symmetric key is
/// their key).
fn keys(game: &Game, report: &GameReport) -> Keys {
    let turns: Vec<String> = game.turns.iter().map(ToString::to_string).collect();
    let moves = key_of(&turns);
    Keys {
        moves,
        moves_symmetric: moves,
        end: key_of(write(&report.position)),
        end_symmetric: key_of(write(&canonical(&report.position))),
    }
}
