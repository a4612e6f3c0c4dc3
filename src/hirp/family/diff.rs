//! Two HIRP records compared: turns matched by their place in the game,
//! and their labels and steps token by token.

use crate::core::Span;
use crate::core::diff::{Agreement, Comparison, GameDiff, OnlyTurn, Place, verdict};
use crate::hirp::replay::{GameReport, first_turn, replay_game_with, replay_record};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Game, Label, SyntaxError, Turn, parse_bytes};

use super::board::TurnEnds;

/// The records `bytes` compared, game by game.
pub(super) fn compare(bytes: [&[u8]; 2]) -> Comparison {
    let parsed = bytes.map(|b| parse_bytes(b).1);
    let reports = [0, 1].map(|n| replay_record(&parsed[n].record, &parsed[n].errors));
    let [a, b] = [&parsed[0], &parsed[1]];
    let count = a.record.games.len().max(b.record.games.len());
    let games = (0..count)
        .map(|n| match (a.record.games.get(n), b.record.games.get(n)) {
            (Some(ga), Some(gb)) => {
                let reports = [&reports[0].games[n], &reports[1].games[n]];
                let errors = [&a.errors[..], &b.errors[..]];
                compare_games([ga, gb], reports, errors, (count > 1).then_some(n + 1))
            }
            (Some(_), None) => GameDiff::Only(0),
            _ => GameDiff::Only(1),
        })
        .collect();
    Comparison {
        turn: "turn",
        games,
    }
}

/// Two games compared: the places where their turns differ, each with
/// whether the positions after the turn agree; the turns only the longer
/// has; and, when they differ somewhere, whether they end alike.
fn compare_games(
    [a, b]: [&Game; 2],
    reports: [&GameReport; 2],
    errors: [&[SyntaxError]; 2],
    game: Option<usize>,
) -> GameDiff {
    let ends = [turn_ends(a, errors[0]), turn_ends(b, errors[1])];
    let places: Vec<Place> = a
        .turns
        .iter()
        .zip(&b.turns)
        .enumerate()
        .flat_map(|(n, (ta, tb))| turn_places(n, first_turn(a) + n, ta, tb))
        .map(|(index, at, sides)| Place {
            game,
            at,
            text: [sides[0].0.clone(), sides[1].0.clone()],
            verdict: [0, 1].map(|n| verdict(&reports[n].problems, sides[n].1)),
            after: match (ends[0].get(index), ends[1].get(index)) {
                (Some(x), Some(y)) if x == y => Agreement::Agree,
                _ => Agreement::Differ,
            },
        })
        .collect();
    let (longer, record) = if a.turns.len() > b.turns.len() {
        (a, 0)
    } else {
        (b, 1)
    };
    let common = a.turns.len().min(b.turns.len());
    let only = (longer.turns.iter().enumerate().skip(common))
        .map(|(n, turn)| OnlyTurn {
            at: label(first_turn(longer) + n),
            record,
            moves: moves(turn),
        })
        .collect();
    let same_end =
        reports[0].position == reports[1].position && reports[0].result == reports[1].result;
    let ends = (!places.is_empty()).then_some(if same_end {
        Agreement::Agree
    } else {
        Agreement::Differ
    });
    GameDiff::Compared { places, only, ends }
}

/// The label of turn `n` of a game, counting from its start: `G1`, `S1`...
fn label(n: usize) -> String {
    Label::of_turn(n).to_string()
}

/// The position after each turn of a game, as the replay reads it.
fn turn_ends(game: &Game, errors: &[SyntaxError]) -> Vec<Position> {
    let errors: Vec<&SyntaxError> = errors.iter().collect();
    let mut ends = TurnEnds::default();
    replay_game_with(game, &errors, &mut ends);
    ends.0.into_iter().map(|(_, position)| position).collect()
}

/// The tokens of a turn that are compared: each step, then the outcome.
fn tokens(turn: &Turn) -> Vec<(String, Span)> {
    let mut tokens: Vec<(String, Span)> = turn
        .steps
        .iter()
        .map(|step| (step.to_string(), step.span()))
        .collect();
    tokens.push((turn.outcome.to_string(), turn.outcome.span));
    tokens
}

/// The moves of a turn as written: its steps and its outcome, without its
/// label and comments.
fn moves(turn: &Turn) -> String {
    let steps: String = turn.steps.iter().map(ToString::to_string).collect();
    format!("{steps} {}", turn.outcome)
}

/// A place where two versions of a turn differ: the turn's index, its
/// label, and each side's tokens there with their span.
type TurnPlace = (usize, String, [(String, Span); 2]);

/// The places where two versions of turn `index` of the game (the turn
/// `place` counting those before its position) differ: their labels, if
/// they name different turns, then runs of tokens that do not match,
/// aligned by a diff of the token sequences.
fn turn_places(index: usize, place: usize, a: &Turn, b: &Turn) -> Vec<TurnPlace> {
    let label = label(place);
    let mut places = Vec::new();
    if !a.label.same_turn(&b.label) {
        let side = |turn: &Turn| (turn.label.to_string(), turn.label.span);
        places.push((index, label.clone(), [side(a), side(b)]));
    }
    let (ta, tb) = (tokens(a), tokens(b));
    let words = |tokens: &[(String, Span)]| -> Vec<String> {
        tokens.iter().map(|(t, _)| t.clone()).collect()
    };
    let joined = |tokens: &[(String, Span)]| -> (String, Span) {
        let text: String = tokens.iter().map(|(t, _)| t.as_str()).collect();
        let span = tokens
            .iter()
            .map(|(_, s)| *s)
            .reduce(Span::join)
            .unwrap_or_default();
        (text, span)
    };
    let (wa, wb) = (words(&ta), words(&tb));
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &wa, &wb) {
        let (_, ra, rb) = op.as_tag_tuple();
        if op.tag() != similar::DiffTag::Equal {
            places.push((index, label.clone(), [joined(&ta[ra]), joined(&tb[rb])]));
        }
    }
    places
}
