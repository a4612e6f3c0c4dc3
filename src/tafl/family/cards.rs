//! The cards of tafl games ([`Card`]): a game file's tags, hnefatafl.org's
//! fields (read as tags), an archive's line with none; each game's rules
//! named by their preset where they are one's.

use crate::core::card::{Card, each_card, game_text};
use crate::core::family::RecordBytes;
use crate::core::verdict::Verdict;
use crate::tafl::replay::{Game, replay_record};
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::{Chunk, Form, Games, Ply, parse_chunk};

/// The cards of the games of `record`, of `form`, to `each` in order (see
/// [`crate::core::family::Family::cards`]).
pub(super) fn cards(
    record: RecordBytes<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    replay: bool,
    workers: usize,
    each: &mut dyn FnMut(Card) -> bool,
) -> usize {
    let read = |chunk: Chunk| {
        let (text, parsed) = parse_chunk(&chunk);
        let replays = match replay {
            true => replay_record(&parsed.record, &parsed.errors, rules),
            false => Vec::new(),
        };
        let mut verdicts = replays.iter().map(Verdict::from);
        Game::all(&parsed.record)
            .into_iter()
            .map(|game| {
                let mut card = card(game, &text, chunk.offset, rules);
                card.verdict = verdicts.next();
                card
            })
            .collect()
    };
    each_card(
        Games::new(record.bytes, form),
        |c| c.bytes.len(),
        workers,
        read,
        each,
    )
}

/// What a game's record says of it: its text (in a piece whose text
/// starts at `offset` in the file), its tags, players, rules, moves, date
/// and whether it was rated.
fn card(game: Game<'_>, text: &str, offset: usize, rules: Option<&RuleSet>) -> Card {
    let span = game.span();
    let tags: Vec<(String, String)> = match game {
        Game::Otg(g) => g
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        Game::Csv(_) => Vec::new(),
    };
    let tag = |names: &[&str]| {
        names
            .iter()
            .find_map(|name| tags.iter().find(|(n, _)| n == name))
            .map(|(_, v)| v.clone())
    };
    let own = || {
        let written = game.rules_tag()?;
        let (read, _) = RuleSet::from_opentafl(&written.value).ok()?;
        Some(read)
    };
    let played = rules.cloned().or_else(own);
    let named = played.map(|r| r.preset_name().map_or_else(|| r.to_string(), str::to_owned));
    let moves = game
        .plies()
        .filter(|p| p.line.is_empty() && matches!(p.ply, Ply::Move(_)))
        .count();
    Card {
        number: 0,
        text: game_text(text, offset, span.start, span.end),
        players: [
            tag(&["attackers", "attacker"]),
            tag(&["defenders", "defender"]),
        ],
        rules: named,
        moves,
        date: tag(&["date"]),
        rated: tag(&["rated"]).and_then(|r| match r.as_str() {
            "Yes" | "yes" | "true" => Some(true),
            "No" | "no" | "false" => Some(false),
            _ => None,
        }),
        tags,
        verdict: None,
    }
}
