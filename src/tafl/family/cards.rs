//! The cards of tafl games ([`Card`]): a game file's tags, hnefatafl.org's
//! fields (read as tags), an archive's line with none; each game's rules
//! named by their preset where they are one's.

use std::cell::RefCell;

use crate::core::card::RecordReader;
use crate::core::card::{
    Card, Keys, Piece, Through, Wants, each_card, game_text, key_of, up_to_turns, whole_end,
};
use crate::core::limits::Limits;
use crate::core::verdict::Verdict;
use crate::tafl::convert::facts::Players;
use crate::tafl::replay::{Game, Replay, replay_record};
use crate::tafl::rules::{Layout, Move, PositionLine, RuleSet};
use crate::tafl::syntax::{Chunk, Form, Games, Ply, parse_chunk, parse_start};
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
    let replay = wants.replay || wants.through.is_some();
    let given = rules.map(rules_name);
    let read = |chunk: Chunk| {
        if !replay
            && !wants.moves
            && let Some(card) = header_card(&chunk, given.as_deref())
        {
            return vec![card];
        }
        let (text, parsed) = parse_chunk(&chunk);
        let replays = match replay {
            true => replay_record(&parsed.record, &parsed.errors, rules),
            false => Vec::new(),
        };
        let mut replays = replays.iter();
        let games = Game::all(&parsed.record);
        let whole = (games.len() == 1 && chunk.form == Form::Otg && chunk.cut.is_none())
            .then(|| chunk.offset + whole_end(&text));
        games
            .into_iter()
            .map(|game| {
                let end = whole.unwrap_or(game.span().end);
                let mut card = card(game, &text, (chunk.offset, end), given.as_deref());
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

/// The card of a game file's chunk read only up to its first turn, when
/// that reads as the whole chunk would: the chunk holds one game, all of
/// it text, whose turns hold no `[` (so neither a tag nor a game begins
/// among them). Its moves are not counted. `None` for any other chunk,
/// which is read whole.
fn header_card(chunk: &Chunk, given: Option<&str>) -> Option<Card> {
    if chunk.form != Form::Otg || chunk.cut.is_some() || chunk.note.is_some() {
        return None;
    }
    let is_turn = |line: &[u8]| line.first().is_some_and(u8::is_ascii_digit);
    let (text, turns) = up_to_turns(&chunk.bytes, is_turn, (b'[', b'['))?;
    let parsed = parse_start(chunk, turns);
    let [game] = Game::all(&parsed.record)[..] else {
        return None;
    };
    let end = chunk.offset + whole_end(text);
    let mut card = card(game, text, (chunk.offset, end), given);
    card.moves = None;
    Some(card)
}

/// The name of `rules`: its preset's, else its rules string.
fn rules_name(rules: &RuleSet) -> String {
    rules
        .preset_name()
        .map_or_else(|| rules.to_string(), str::to_owned)
}

/// The name of the rules a rules tag writes as `written` ([`rules_name`]),
/// if they read. The last few read on each thread are remembered: the
/// games of a collection are mostly played under a few.
fn named_rules(written: &str) -> Option<String> {
    const REMEMBERED: usize = 16;
    thread_local! {
        static READ: RefCell<Vec<(String, Option<String>)>> = const { RefCell::new(Vec::new()) };
    }
    READ.with_borrow_mut(|read| {
        if let Some((_, name)) = read.iter().find(|(w, _)| w == written) {
            return name.clone();
        }
        let name = RuleSet::from_opentafl(written)
            .ok()
            .map(|(rules, _)| rules_name(&rules));
        if read.len() == REMEMBERED {
            read.remove(0);
        }
        read.push((written.to_owned(), name.clone()));
        name
    })
}

/// What a game's record says of it: its text (in a piece whose text
/// starts at `offset` in the file, up to `end`), its tags, players, rules,
/// moves, date and whether it was rated.
fn card(game: Game<'_>, text: &str, (offset, end): (usize, usize), given: Option<&str>) -> Card {
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
    let named = match given {
        Some(name) => Some(name.to_owned()),
        None => game.rules_tag().and_then(|tag| named_rules(&tag.value)),
    };
    let moves = game
        .plies()
        .filter(|p| p.line.is_empty() && matches!(p.ply, Ply::Move(_)))
        .count();
    let said = Players::of(&tag);
    Card {
        number: 0,
        offset: span.start,
        text: game_text(text, offset, span.start, end),
        players: said.names,
        rules: named,
        moves: Some(moves),
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Form, header_card};
    use crate::tafl::family::Tafl;
    use crate::tafl::syntax::Games;

    /// Checks that the cards of `bytes` read up to the turns are those read
    /// whole, but for the moves counted; returns how many chunks were read
    /// up to their turns.
    fn same_cards(bytes: &[u8]) -> usize {
        crate::core::card::testing::same_cards(Tafl(Form::Otg), bytes);
        Games::new(bytes, Form::Otg)
            .map_while(Result::ok)
            .filter(|chunk| header_card(chunk, None).is_some())
            .count()
    }

    #[test]
    fn game_files_read_up_to_their_turns_give_the_cards_read_whole() {
        let mut quick = 0;
        for entry in walk(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tafl")) {
            if entry.extension().is_some_and(|e| e == "otg") {
                quick += same_cards(&std::fs::read(&entry).expect("a fixture"));
            }
        }
        let options = crate::tafl::generate::Options {
            rules: crate::tafl::rules::RuleSet::preset("copenhagen").expect("a preset"),
            seed: 5,
            games: 20,
            max_moves: 120,
        };
        let games: Vec<String> = crate::tafl::generate::games(&options).collect();
        assert_eq!(same_cards(games.join("\n").as_bytes()), 20);
        assert!(quick > 100, "{quick} fixture games read up to their turns");
    }

    /// The files under `dir`, at any depth.
    fn walk(dir: std::path::PathBuf) -> Vec<std::path::PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).expect("a directory").flatten() {
            let path = entry.path();
            match path.is_dir() {
                true => found.extend(walk(path)),
                false => found.push(path),
            }
        }
        found
    }

    /// Lines of game files, well written or not, joined at random.
    fn lines() -> impl Strategy<Value = Vec<u8>> {
        const LINES: &[&[u8]] = &[
            b"[rules:dim:7 start:/3t3/3t3/ttTKTtt/3t3/3t3/7/7/]\n",
            b"[attackers:olaf]\n",
            b"[defenders:Sigrun]\r\n",
            b"[date:2015.01.07]\r",
            b"[Event \"x\"]\n",
            b"1. d2-d3 e4-e6\n",
            b"2. a4-a2 d3-d2xc2\n",
            b"3. b4-b3 [a comment\n",
            b"over lines]\n",
            b"[Black opens.]\n",
            b"5a.1. a3-c3\n",
            b"6. d1-d2\r\n",
            b"7. d1-d2\r",
            b"8. d1-d2 ]\n",
            b"9. zz-zz\n",
            b"Black resigned.\n",
            b"\n",
            b"   \n",
            b" 9. d1-d2  \n",
            b"\xef\xbb\xbf[rules:dim:7]\n",
            b"[attackers:\xff]\n",
            b"10. d1-d2 \xfe\n",
            b"11. d1-d2",
        ];
        prop::collection::vec(prop::sample::select(LINES), 0..30).prop_map(|l| l.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn any_lines_read_up_to_their_turns_give_the_cards_read_whole(bytes in lines()) {
            same_cards(&bytes);
        }
    }
}
