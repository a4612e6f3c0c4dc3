//! The cards of tafl games ([`Card`]): a game file's tags, hnefatafl.org's
//! fields (read as tags), an archive's line with none; each game's rules
//! named by their preset where they are one's.

use crate::core::card::RecordReader;
use crate::core::card::{Card, Keys, Piece, Through, Wants, each_card, game_text, key_of};
use crate::core::limits::Limits;
use crate::core::verdict::Verdict;
use crate::tafl::convert::facts::Players;
use crate::tafl::replay::{Game, Replay, replay_record};
use crate::tafl::rules::{Layout, Move, PositionLine, RuleSet};
use crate::tafl::syntax::{Chunk, Form, Games, Ply, parse_chunk};
use crate::tafl::{Side, Square};

/// The cards of the games of `record`, of `form`, to `each` in order (see
/// [`crate::core::family::Family::cards`]).
pub(super) fn cards(
    record: RecordReader<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    wants: &Wants,
    workers: usize,
    each: &mut dyn FnMut(Card) -> bool,
) -> std::io::Result<usize> {
    let read = |chunk: Chunk| {
        let (text, parsed) = parse_chunk(&chunk);
        let replays = match wants.replay || wants.through.is_some() {
            true => replay_record(&parsed.record, &parsed.errors, rules),
            false => Vec::new(),
        };
        let mut replays = replays.iter();
        Game::all(&parsed.record)
            .into_iter()
            .map(|game| {
                let mut card = card(game, &text, chunk.offset, rules);
                if let Some(replay) = replays.next() {
                    card.verdict = Some(Verdict::from(replay));
                    card.keys = keys(replay);
                    card.passes = wants.through.as_ref().map(|t| passes(replay, t));
                }
                card
            })
            .collect()
    };
    // Every game of the record: each card is handed over and dropped.
    each_card(
        Games::with_limits(record.reader, form, Limits::COLLECTION),
        Piece {
            size: |c: &Chunk| c.bytes.len(),
            start: |c: &Chunk| c.offset,
            bytes: |c: &Chunk| c.bytes.as_slice(),
        },
        wants,
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
    let said = Players::of(&tag);
    Card {
        number: 0,
        offset: span.start,
        text: game_text(text, offset, span.start, span.end),
        players: said.names,
        rules: named,
        moves,
        date: said.date,
        rated: said.rated,
        ratings: said.ratings.map(|r| r.map(|r| (r.rating, Some(r.rd)))),
        tags,
        verdict: None,
        keys: None,
        passes: None,
    }
}

/// The key of a board, as [`through`] and [`passes`] key it: of its
/// OpenTafl record, as `hirp position` prints it.
fn board_key(record: &str) -> u64 {
    key_of(record)
}

/// The position line `position` as games are matched against it (see
/// [`crate::core::family::Family::through`]).
pub(super) fn through(position: &str, symmetric: bool) -> Result<Through, String> {
    let line = PositionLine::read(position.trim()).map_err(|e| e.message)?;
    let images = if symmetric { 0..8 } else { 0..1 };
    let mut boards: Vec<u64> = images
        .map(|s| board_key(&line.layout.symmetric(s).to_opentafl()))
        .collect();
    boards.sort_unstable();
    boards.dedup();
    Ok(Through {
        boards,
        side: line.to_move.map(|side| side as usize),
    })
}

/// Whether a game replayed passes through `through`, from its start to
/// its last position (none with no rules).
fn passes(replay: &Replay, through: &Through) -> bool {
    let mut found = false;
    replay.each_position(|_, position| {
        found = found || through.is(board_key(&position.to_opentafl()), position.turn() as usize);
    });
    found
}

/// The keys of a game replayed (none with no rules): its start and the
/// moves it played, and the position it ended in with its side to move;
/// each also as the least over the board's eight symmetries.
fn keys(replay: &Replay) -> Option<Keys> {
    let rules = replay.rules.as_ref()?;
    let moves: Vec<Move> = replay.steps.iter().filter_map(|s| s.applied.mv()).collect();
    let mut end = None;
    replay.each_position(|_, position| end = Some((position.layout(), position.turn())));
    let (layout, turn) = end?;
    let dim = rules.dim;
    let image = |symmetry: u8| {
        let start = rules.start.symmetric(symmetry).to_opentafl();
        let moved: Vec<(Square, Square)> = moves
            .iter()
            .map(|m| {
                (
                    m.from.symmetric(dim, symmetry),
                    m.to.symmetric(dim, symmetry),
                )
            })
            .collect();
        key_of((start, moved))
    };
    let board = |layout: &Layout| key_of((layout.to_opentafl(), turn == Side::Attackers));
    Some(Keys {
        moves: image(0),
        moves_symmetric: (0..8).map(image).min().unwrap_or_default(),
        end: board(&layout),
        end_symmetric: (0..8)
            .map(|s| board(&layout.symmetric(s)))
            .min()
            .unwrap_or_default(),
    })
}
