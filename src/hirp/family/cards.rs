//! The cards of HIRP's games ([`Card`]): their tags, the players the
//! `[Gull]` and `[Silfr]` tags name, their turn lines.

use crate::core::card::{Card, each_card, game_text};
use crate::core::family::{Family, RecordBytes};
use crate::core::verdict::Verdict;
use crate::hirp::replay::replay_record;
use crate::hirp::syntax::Chunk;

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
        let mut verdicts = reports.into_iter().map(Verdict::from);
        parsed
            .record
            .games
            .iter()
            .map(|game| {
                let tags: Vec<(String, String)> = game
                    .tags
                    .iter()
                    .map(|t| (t.name.clone(), t.value.clone()))
                    .collect();
                let tag = |name: &str| game.tag(name).map(str::to_owned);
                Card {
                    number: 0,
                    text: game_text(&text, offset, game.span.start, game.span.end),
                    players: [tag("Gull"), tag("Silfr")],
                    rules: None,
                    moves: game.turns.len(),
                    date: tag("Date"),
                    rated: None,
                    tags,
                    verdict: verdicts.next(),
                }
            })
            .collect()
    };
    let size = |chunk: &Chunk| Hirp::part(chunk).0.len();
    each_card(Hirp.chunks(record.bytes), size, workers, read, each)
}
