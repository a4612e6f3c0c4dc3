//! HIRP games from a position: a game cut after any turn and started again
//! from the position `hirp::hirp::position` writes there, as a
//! `[Position "..."]` tag, replays the rest as the whole game does: the
//! same positions after every later turn, the same problems with the same
//! labels, the same result. On the records of the fixtures (with their
//! mistakes) and on random games.

use crate::common;

use hirp::core::Severity;
use hirp::hirp::position;
use hirp::hirp::replay::{Observer, replay_game_with};
use hirp::hirp::rules::Position;
use hirp::hirp::syntax::{Game, SyntaxError, Turn, parse};

/// The position after each turn the replay plays, by the turn's index.
#[derive(Default)]
struct Ends(Vec<(usize, Position)>);

impl Observer for Ends {
    fn turn(&mut self, _: &Turn, index: usize, position: &Position) {
        self.0.push((index, *position));
    }
}

/// A problem as compared: its code, where it starts after the cut, its
/// message, label and turn.
type Seen = (String, usize, String, String, Option<String>);

/// A game's replay as compared.
struct Replayed {
    /// The positions after each turn, by the turn's index.
    ends: Vec<(usize, Position)>,
    /// The problems from an offset on, as seen from there.
    seen: Vec<Seen>,
    /// The result.
    result: Option<String>,
    /// The errors before the offset.
    before: usize,
}

/// The replay of `game` (with its syntax errors), its problems seen from
/// `from`.
fn replayed(game: &Game, errors: &[&SyntaxError], from: usize) -> Replayed {
    let mut ends = Ends::default();
    let report = replay_game_with(game, errors, &mut ends);
    let seen = report
        .problems
        .iter()
        .filter(|p| p.span.start >= from)
        .map(|p| {
            (
                p.code.to_string(),
                p.span.start - from,
                p.message.clone(),
                p.label.clone(),
                p.turn.clone(),
            )
        })
        .collect();
    let before = report
        .problems
        .iter()
        .filter(|p| p.span.start < from && p.severity == Severity::Error)
        .count();
    Replayed {
        ends: ends.0,
        seen,
        result: report.result.map(|v| v.to_string()),
        before,
    }
}

/// Checks every cut of the games of `text`; returns how many were made.
fn check_cuts(name: &str, text: &str) -> usize {
    let parsed = parse(text);
    let mut cuts = 0;
    for (g, game) in parsed.record.games.iter().enumerate() {
        if game.tags.iter().any(|t| t.name == "Position") {
            continue;
        }
        let errors: Vec<&SyntaxError> = parsed
            .errors
            .iter()
            .filter(|e| parsed.record.game_at(e.span.start) == Some(g))
            .collect();
        let ends = replayed(game, &errors, 0).ends;
        for &(index, after) in &ends {
            let Some(next) = game.turns.get(index + 1) else {
                continue;
            };
            let from = next.span.start;
            let whole = replayed(game, &errors, from);
            // The replay stops after too many errors, counted from the start
            // of what it reads: a cut game counts afresh.
            if whole.before > 0 && whole.seen.iter().any(|p| p.0 == "hirp::turn::unread") {
                continue;
            }
            let line = position::write(&after);
            let rest = &text[from..game.span.end.max(from)];
            let cut_text = format!("[Position \"{line}\"]\n");
            let cut_parsed = parse(&format!("{cut_text}{rest}"));
            let cut_game = &cut_parsed.record.games[0];
            let cut_errors: Vec<&SyntaxError> = cut_parsed
                .errors
                .iter()
                .filter(|e| cut_parsed.record.game_at(e.span.start) == Some(0))
                .collect();
            let cut = replayed(cut_game, &cut_errors, cut_text.len());
            let at = format!(
                "{name}, game {}, from after turn {}: {line}",
                g + 1,
                index + 1
            );
            assert_eq!(cut.seen, whole.seen, "{at}");
            assert_eq!(cut.result, whole.result, "{at}");
            let later: Vec<&(usize, Position)> =
                whole.ends.iter().filter(|(n, _)| *n > index).collect();
            assert_eq!(cut.ends.len(), later.len(), "{at}");
            for ((n, cut), (m, whole)) in cut.ends.iter().zip(later) {
                assert_eq!(n + index + 1, *m, "{at}");
                assert!(
                    cut.alike(whole),
                    "{at}: after turn {}\n{}\n{}",
                    m + 1,
                    position::write(cut),
                    position::write(whole)
                );
            }
            cuts += 1;
        }
    }
    cuts
}

#[test]
fn a_fixture_game_from_any_of_its_positions_replays_as_the_whole_game() {
    let mut cuts = 0;
    for path in common::files_under(&common::root().join("fixtures"), "hirp") {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        cuts += check_cuts(&common::relative(&path), &text);
    }
    assert!(cuts > 500, "{cuts} cuts");
}

#[test]
fn a_random_game_from_any_of_its_positions_replays_as_the_whole_game() {
    let cuts = check_cuts("generated", &common::generated(51, 40));
    assert!(cuts > 1_000, "{cuts} cuts");
}
