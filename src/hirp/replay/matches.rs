//! Games as matches, and `[Result]` tags.
//!
//! Consecutive games with the same `[Match "..."]` tag are one match, and so
//! are consecutive games with no tag at all. Within a match the players swap
//! colours each game (checked by the `[Gull]` and `[Silfr]` tags where both
//! games have them), each game is finished before the next begins, and the
//! match ends when a player reaches five points: a game after that is an
//! error. Every game's `[Result]` tag is checked against the result the
//! replay computed, and a match result on it against the match.
//!
//! [`Matches`] is fed one game at a time, so that a file can be checked as
//! it is read.

use super::GameReport;
use super::problem::{Problem, ProblemKind};
use crate::core::Span;
use crate::hirp::rules::{Match, Player};
use crate::hirp::syntax::ast::{Game, ResultTag, Tag};
use crate::hirp::types::Side;

/// Which games belong together.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// Games with this `[Match]` tag.
    Named(String),
    /// Games with no tag at all.
    Untagged,
}

/// A match in progress.
#[derive(Clone, Debug)]
struct Current {
    key: Key,
    score: Match,
    /// The names the players go by: (first player, second player), once known.
    names: (Option<String>, Option<String>),
    /// The last game had no result.
    unfinished: bool,
}

/// Where a game stands in its match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchView {
    /// The match's name, from its `[Match]` tag.
    pub name: Option<String>,
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The score after the game: (first player, second player), the first
    /// player being Gull in the match's first game.
    pub score: (u8, u8),
    /// The match's winner, once a player has five points.
    pub winner: Option<Player>,
    /// The players' names, if the tags give them.
    pub names: (Option<String>, Option<String>),
}

/// Checks games as matches, one game at a time.
#[derive(Clone, Debug, Default)]
pub struct Matches {
    current: Option<Current>,
}

/// What the checks of a match need of a game.
pub(crate) struct Head<'a> {
    /// Its tags.
    pub tags: &'a [Tag],
    /// Where a problem of the game as a whole is reported: its first tag
    /// or turn.
    pub at: Span,
}

impl<'a> Head<'a> {
    fn of(game: &'a Game) -> Head<'a> {
        let at = game
            .tags
            .first()
            .map(|t| t.span)
            .or_else(|| game.turns.first().map(|t| t.label.span))
            .unwrap_or(game.span);
        Head {
            tags: &game.tags,
            at,
        }
    }

    /// The value of the first tag named `name`, if any.
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }
}

impl Matches {
    /// Checks `game` (whose replay found `report`) as the next game of its
    /// match, and its `[Result]` tag; pushes what is wrong onto the report.
    /// Returns where the game stands in its match, if it is in one.
    pub fn game(&mut self, game: &Game, report: &mut GameReport) -> Option<MatchView> {
        self.tagged(&Head::of(game), report)
    }

    /// Checks a game as [`game`](Matches::game) does, from what it needs
    /// of the game: its tags, and where to report a problem of the game as
    /// a whole.
    pub(crate) fn tagged(&mut self, game: &Head<'_>, report: &mut GameReport) -> Option<MatchView> {
        let key = match game.tag("Match") {
            Some(name) => Some(Key::Named(name.to_owned())),
            None if game.tags.is_empty() => Some(Key::Untagged),
            None => None,
        };
        let Some(key) = key else {
            // A game of its own: only its result is checked.
            self.current = None;
            check_result(game, report, None, None);
            return None;
        };
        let current = match self.current.take() {
            Some(current) if current.key == key => current,
            _ => Current {
                key,
                score: Match::new(),
                names: (None, None),
                unfinished: false,
            },
        };
        let mut current = current;
        let number = current.score.games() + 1;
        if let Some(winner) = current.score.winner() {
            let (w, l) = (
                current.score.points(winner),
                current.score.points(other(winner)),
            );
            report.problems.push(
                Problem::new(
                    ProblemKind::MatchAfterEnd,
                    game.at,
                    format!("the match ended with game {} at {w}-{l}", number - 1),
                )
                .with_help("start a new match with a [Match] tag of its own"),
            );
        } else if current.unfinished {
            report.problems.push(Problem::new(
                ProblemKind::MatchUnfinished,
                game.at,
                format!(
                    "game {} of the match has no result, yet game {number} follows",
                    number - 1
                ),
            ));
        }
        check_colours(game, report, &mut current, number);
        let ended_before = current.score.winner().is_some();
        current.score.record(report.result);
        current.unfinished = report.result.is_none();
        let ends_here = !ended_before && current.score.winner().is_some();
        check_result(game, report, Some(&current.score), Some(ends_here));
        // Games with no tags are a match only when there are several.
        if current.key == Key::Untagged && number == 1 {
            self.current = Some(current);
            return None;
        }
        let view = MatchView {
            name: match &current.key {
                Key::Named(name) => Some(name.clone()),
                Key::Untagged => None,
            },
            game: number,
            score: (
                current.score.points(Player::First),
                current.score.points(Player::Second),
            ),
            winner: current.score.winner(),
            names: current.names.clone(),
        };
        self.current = Some(current);
        Some(view)
    }
}

/// The other player.
fn other(player: Player) -> Player {
    match player {
        Player::First => Player::Second,
        Player::Second => Player::First,
    }
}

/// Checks that the players named by `[Gull]` and `[Silfr]` swap colours:
/// one problem for the game, however many of its tags are wrong.
fn check_colours(game: &Head<'_>, report: &mut GameReport, current: &mut Current, number: u32) {
    let score = current.score;
    let mut wrong = Vec::new();
    for side in Side::ALL {
        let Some(name) = game.tag(side.name()) else {
            continue;
        };
        let known = match score.player(side) {
            Player::First => &mut current.names.0,
            Player::Second => &mut current.names.1,
        };
        match known {
            None => *known = Some(name.to_owned()),
            Some(expected) if expected != name => wrong.push((side, expected.clone())),
            Some(_) => {}
        }
    }
    let Some((side, expected)) = wrong.first() else {
        return;
    };
    let span = game
        .tags
        .iter()
        .find(|t| t.name == side.name())
        .map_or(game.at, |t| t.span);
    let fixes: Vec<String> = wrong
        .iter()
        .map(|(side, name)| format!("[{} \"{name}\"]", side.name()))
        .collect();
    report.problems.push(
        Problem::new(
            ProblemKind::MatchColours,
            span,
            format!(
                "the players swap colours each game: {expected} plays {} in game {number}",
                side.name()
            ),
        )
        .with_help(format!("write {}", fixes.join(" and "))),
    );
}

/// Checks a game's `[Result]` tag against its computed result and, when the
/// game is in a match, against the match (`ends_here`: the match ended with
/// this game).
fn check_result(
    game: &Head<'_>,
    report: &mut GameReport,
    score: Option<&Match>,
    ends_here: Option<bool>,
) {
    let Some(tag) = game.tags.iter().find(|t| t.name == "Result") else {
        return;
    };
    let written = match tag.value.parse::<ResultTag>() {
        Ok(written) => written,
        Err(_) => {
            report.problems.push(
                Problem::new(
                    ProblemKind::ResultSyntax,
                    tag.span,
                    format!("`{}` is not a result", tag.value),
                )
                .with_help(format!(
                    "write [Result \"{}\"]",
                    computed(report, score, ends_here)
                )),
            );
            return;
        }
    };
    let expected = computed(report, score, ends_here);
    let game_wrong = written.game != expected.game;
    // A match result is only checked where it is written.
    let match_wrong = written.r#match.is_some() && written.r#match != expected.r#match;
    if game_wrong || match_wrong {
        let fixed = ResultTag {
            r#match: written.r#match.and(expected.r#match),
            ..expected
        };
        let label = match (game_wrong, report.result) {
            (true, Some(victory)) => format!("the replay finds: {victory}"),
            (true, None) => "the replay finds no result: the game is not over".to_owned(),
            (false, _) => match expected.r#match {
                Some(m) => format!(
                    "the match ends {}-{} for {}",
                    m.points,
                    m.other,
                    m.winner.name()
                ),
                None => "the match does not end with this game".to_owned(),
            },
        };
        report.problems.push(
            Problem::new(ProblemKind::ResultMismatch, tag.span, label)
                .with_help(format!("write [Result \"{fixed}\"]")),
        );
    }
}

/// The `[Result]` value the replay computed, with the match result when the
/// match ended with this game.
fn computed(report: &GameReport, score: Option<&Match>, ends_here: Option<bool>) -> ResultTag {
    let game = report.result.map(|v| crate::hirp::syntax::ast::GameResult {
        winner: v.winner,
        victory: v.kind,
        points: u32::from(v.points()),
    });
    let r#match = match (score, ends_here) {
        (Some(score), Some(true)) => score.winner().map(|winner| {
            // The winner, by the colour they played in this game: the score
            // has recorded it, so the colours are those of the game before.
            let games = score.games();
            let first_is_gull = (games - 1).is_multiple_of(2);
            let side = match (winner, first_is_gull) {
                (Player::First, true) | (Player::Second, false) => Side::Gull,
                _ => Side::Silfr,
            };
            crate::hirp::syntax::ast::MatchResult {
                winner: side,
                points: u32::from(score.points(winner)),
                other: u32::from(score.points(other(winner))),
            }
        }),
        _ => None,
    };
    ResultTag { game, r#match }
}
