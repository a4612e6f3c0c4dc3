//! The cards of HIRP's games ([`Card`]): their tags, the players the
//! `[Gull]` and `[Silfr]` tags name, their turn lines, and when they are
//! replayed their verdicts and keys.

use crate::core::card::{Card, Keys, each_card, game_text, key_of};
use crate::core::family::{Family, RecordBytes};
use crate::core::verdict::Verdict;
use crate::hirp::position::{canonical, write};
use crate::hirp::replay::{GameReport, replay_record};
use crate::hirp::syntax::{Chunk, Game};

use super::Hirp;

/// The cards of the games of `record` to `each` in order (see
/// [`crate::core::family::Family::cards`]).
pub(super) fn cards(
    record: RecordBytes<'_>,
    replay: bool,
    workers: usize,
    each: &mut dyn FnMut(Card) -> bool,
) -> usize {
    let read = |chunk: Chunk| {
        let (text, parsed) = Hirp::parse(&chunk);
        let offset = Hirp::start(&chunk).0;
        let reports = match replay {
            true => replay_record(&parsed.record, &parsed.errors).games,
            false => Vec::new(),
        };
        let mut reports = reports.into_iter();
        parsed
            .record
            .games
            .iter()
            .map(|game| {
                let mut card = card(game, &text, offset);
                if let Some(report) = reports.next() {
                    card.keys = Some(keys(game, &report));
                    card.verdict = Some(Verdict::from(report));
                }
                card
            })
            .collect()
    };
    let size = |chunk: &Chunk| Hirp::part(chunk).0.len();
    each_card(Hirp.chunks(record.bytes), size, workers, read, each)
}

/// What a game's record says of it, in a piece whose text starts at
/// `offset` in the file.
fn card(game: &Game, text: &str, offset: usize) -> Card {
    let tag = |name: &str| game.tag(name).map(str::to_owned);
    Card {
        number: 0,
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
    }
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
