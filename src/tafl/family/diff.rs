//! Two tafl records compared: the moves of each game's main line matched
//! as a sequence, so that a move left out or put in is one place.

use crate::core::Span;
use crate::core::diff::{Agreement, Comparison, GameDiff, Place, verdict};
use crate::tafl::replay::{Game, Replay, replay_record};
use crate::tafl::rules::{Position, RuleSet};
use crate::tafl::syntax::{Form, parse_bytes};

/// A ply of the main line as compared: its address, its canonical text and
/// where it was written.
struct Token {
    address: String,
    text: String,
    span: Span,
}

/// The records `bytes`, each of its form, compared game by game, each
/// replayed under `rules` if given, else under its rules tag.
pub(super) fn compare(records: [(&[u8], Form); 2], rules: Option<&RuleSet>) -> Comparison {
    let parsed = records.map(|(bytes, form)| parse_bytes(bytes, form).1);
    let replays = [0, 1].map(|n| replay_record(&parsed[n].record, &parsed[n].errors, rules));
    let games = [Game::all(&parsed[0].record), Game::all(&parsed[1].record)];
    let count = games[0].len().max(games[1].len());
    let games = (0..count)
        .map(|n| match (games[0].get(n), games[1].get(n)) {
            (Some(a), Some(b)) => {
                let sides = [(*a, &replays[0][n]), (*b, &replays[1][n])];
                compare_games(sides, (count > 1).then_some(n + 1))
            }
            (Some(_), None) => GameDiff::Only(0),
            _ => GameDiff::Only(1),
        })
        .collect();
    Comparison {
        turn: "move",
        games,
    }
}

/// The plies of a game's main line.
fn tokens(game: Game<'_>) -> Vec<Token> {
    game.plies()
        .map(|written| Token {
            address: written.address().to_string(),
            text: written.ply.to_string(),
            span: written.ply.span(),
        })
        .collect()
}

/// The position after the move at `address`, if the replay played one
/// there.
fn after(replay: &Replay, positions: &[Position], address: &str) -> Option<Position> {
    let n = replay.steps.iter().position(|s| s.address == address)?;
    positions.get(n + 1).cloned()
}

/// Two games compared, aligned by a diff of their plies, and where they
/// end. Positions are replayed only for games that differ.
fn compare_games(sides: [(Game<'_>, &Replay); 2], game: Option<usize>) -> GameDiff {
    let [(ga, ra), (gb, rb)] = sides;
    let (ta, tb) = (tokens(ga), tokens(gb));
    let words = |tokens: &[Token]| tokens.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    let (wa, wb) = (words(&ta), words(&tb));
    if wa == wb {
        return GameDiff::Compared {
            places: Vec::new(),
            only: Vec::new(),
            ends: None,
        };
    }
    let positions = [ra.positions(), rb.positions()];
    let known = [ra, rb].iter().all(|r| r.rules.is_some());
    let mut places = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &wa, &wb) {
        if op.tag() == similar::DiffTag::Equal {
            continue;
        }
        let (_, range_a, range_b) = op.as_tag_tuple();
        let (pa, pb) = (&ta[range_a], &tb[range_b]);
        let at = pa
            .first()
            .or(pb.first())
            .map_or_else(String::new, |t| t.address.clone());
        let ends = (
            pa.last().and_then(|t| after(ra, &positions[0], &t.address)),
            pb.last().and_then(|t| after(rb, &positions[1], &t.address)),
        );
        places.push(Place {
            game,
            at,
            text: [written(pa), written(pb)],
            verdict: [judged(pa, ra), judged(pb, rb)],
            after: match ends {
                _ if !known => Agreement::Unknown,
                (Some(x), Some(y)) if x == y => Agreement::Agree,
                _ => Agreement::Differ,
            },
        });
    }
    let same = positions[0].last() == positions[1].last() && ra.outcome == rb.outcome;
    let ends = match (positions[0].last(), positions[1].last()) {
        (None, _) | (_, None) => Agreement::Unknown,
        _ if same => Agreement::Agree,
        _ => Agreement::Differ,
    };
    GameDiff::Compared {
        places,
        only: Vec::new(),
        ends: Some(ends),
    }
}

/// The plies as written, a space apart.
fn written(tokens: &[Token]) -> String {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    texts.join(" ")
}

/// What the rules make of the plies: the first that is not legal, else
/// `legal`; nothing when the game has no rule set.
fn judged(tokens: &[Token], replay: &Replay) -> String {
    match replay.rules {
        None => "not checked: no rule set (give --rules)".to_owned(),
        Some(_) => tokens
            .iter()
            .map(|t| verdict(&replay.problems, t.span))
            .find(|v| v != "legal")
            .unwrap_or_else(|| "legal".to_owned()),
    }
}
