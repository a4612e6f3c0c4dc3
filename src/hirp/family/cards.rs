//! The cards of HIRP's games ([`Card`]): their tags, the players the
//! `[Gull]` and `[Silfr]` tags name, their turn lines, and when they are
//! replayed their verdicts and keys.

use crate::core::card::RecordReader;
use crate::core::card::{
    Card, Keys, Piece, Through, Wants, each_card, game_text, key_of, line_starts, up_to_turns,
    whole_end,
};
use crate::core::chunk::after_blanks;
use crate::core::family::Family;
use crate::core::limits::Limits;
use crate::core::verdict::Verdict;
use crate::hirp::Side;
use crate::hirp::position::{self, canonical, mirror, write};
use crate::hirp::replay::{GameReport, replay_record};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Chunk, Game, Games, label_at, parse_start};

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
        if !wants.replay
            && !wants.moves
            && wants.through.is_none()
            && let Some(card) = header_card(&chunk)
        {
            return vec![card];
        }
        let (text, parsed) = Hirp::parse(&chunk);
        let offset = Hirp::start(&chunk).0;
        let reports = match wants.replay {
            true => replay_record(&parsed.record, &parsed.errors).games,
            false => Vec::new(),
        };
        let mut reports = reports.into_iter();
        let games = &parsed.record.games;
        let whole = (games.len() == 1 && chunk.cut.is_none()).then(|| offset + whole_end(&text));
        games
            .iter()
            .enumerate()
            .map(|(n, game)| {
                let end = whole.unwrap_or(game.span.end);
                let mut card = card(game, &text, (offset, end));
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

/// The card of a chunk read only up to its first turn, when that reads as
/// the whole chunk would: the chunk holds one game, all of it text, whose
/// turns hold no `[` or `{` (no tag, no comment over lines) and no `G1`
/// after the first (so no game begins among them). Its moves are not
/// counted. `None` for any other chunk, which is read whole.
fn header_card(chunk: &Chunk) -> Option<Card> {
    if chunk.cut.is_some() || chunk.note.is_some() {
        return None;
    }
    let is_turn = |line: &[u8]| label_at(line).is_some();
    let (text, turns) = up_to_turns(&chunk.bytes, is_turn, (b'[', b'{'))?;
    let rest = &chunk.bytes[turns..];
    let begins = |at: usize| {
        let label = label_at(after_blanks(&rest[at..]));
        label.is_some_and(|label| label == (Side::Gull, Some(1)))
    };
    if line_starts(rest).any(begins) {
        return None;
    }
    let parsed = parse_start(chunk, turns);
    let [game] = &parsed.record.games[..] else {
        return None;
    };
    if !game.turns.is_empty() {
        return None;
    }
    let mut card = card(game, text, (chunk.offset, chunk.offset + whole_end(text)));
    card.moves = None;
    Some(card)
}

/// What a game's record says of it, in a piece whose text starts at
/// `offset` in the file, up to `end`.
fn card(game: &Game, text: &str, (offset, end): (usize, usize)) -> Card {
    let tag = |name: &str| game.tag(name).map(str::to_owned);
    Card {
        number: 0,
        offset: game.span.start,
        text: game_text(text, offset, game.span.start, end),
        players: [tag("Gull"), tag("Silfr")],
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        rules: None,
        moves: Some(game.turns.len()),
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Hirp, header_card};
    use crate::hirp::syntax::Games;

    /// Checks that the cards of `bytes` read up to the turns are those read
    /// whole, but for the moves counted; returns how many chunks were read
    /// up to their turns.
    fn same_cards(bytes: &[u8]) -> usize {
        crate::core::card::testing::same_cards(Hirp, bytes);
        Games::new(bytes)
            .map_while(Result::ok)
            .filter(|chunk| header_card(chunk).is_some())
            .count()
    }

    #[test]
    fn records_read_up_to_their_turns_give_the_cards_read_whole() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut quick = 0;
        for dir in ["valid", "invalid", "rulebook"] {
            for entry in std::fs::read_dir(fixtures.join(dir))
                .expect("fixtures")
                .flatten()
            {
                if entry.path().extension().is_some_and(|e| e == "hirp") {
                    quick += same_cards(&std::fs::read(entry.path()).expect("a fixture"));
                }
            }
        }
        assert!(quick >= 10, "{quick} fixture games read up to their turns");
        let record = crate::hirp::generate::record(crate::hirp::generate::Options {
            seed: 7,
            games: 30,
            max_turns: 120,
        });
        let text = record
            .to_string()
            .replace("[Result", "[Gull \"olaf\"]\n[Silfr \"Sigrun\"]\n[Result");
        assert_eq!(same_cards(text.as_bytes()), 30);
    }

    /// Lines of records, well written or not, joined at random.
    fn lines() -> impl Strategy<Value = Vec<u8>> {
        const LINES: &[&[u8]] = &[
            b"[Game \"2\"]\n",
            b"[Gull \"olaf\"]\r\n",
            b"[Silfr \"Sigrun\"]\r",
            b"G1 KeHeiHei /\n",
            b"S1 He GdSa/\n",
            b"G2 K3>5L42 >5SK5SH5GK^\n",
            b"S2 Hm>3H98 >3GK3GH3SHx ; a note [\n",
            b"G1 He /\n",
            b"G01 He /\n",
            b"G10 He /\n",
            b"  G1 He /\n",
            b"\n",
            b"   \n",
            b"; a comment\n",
            b"G5 {a comment\n",
            b"over lines}\n",
            b"S5 \"a string\" /\n",
            b"Hello\n",
            b"\xef\xbb\xbfG1 He /\n",
            b"G9 He /\xff\n",
            b"S8 He /",
            b"G4 He /   \n",
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
