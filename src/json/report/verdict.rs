//! What validation says of a game, whatever its family: its turns, how it
//! ended, its problems. HIRP's and the tafl games' reports both become one,
//! so that `validate` and its JSON speak of every game alike. It stands in
//! the report, above both families, which it takes from.

use super::Winner;
use crate::core::Severity;
use crate::core::diagnostic::Problem;

/// A game's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// HIRP: the game's turn lines. Tafl: its turns as OpenTafl numbers
    /// them, two moves a turn: the moves its main line writes, halved and
    /// rounded up.
    pub turns: usize,
    /// How the game ended, if it did.
    pub result: Option<Ending>,
    /// Every problem, in file order.
    pub problems: Vec<Problem>,
    /// Whether the game was judged: not when its rules ask for what the
    /// engine does not play, for no verdict may rest on rules that were
    /// not played (a tafl game's `hirp::tafl::rules::not_played`).
    pub judged: bool,
}

impl Verdict {
    /// Whether no problem of error severity was found.
    pub fn is_valid(&self) -> bool {
        crate::core::diagnostic::no_error(&self.problems)
    }

    /// The number of problems of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        crate::core::diagnostic::count(&self.problems, severity)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Who won, or a draw.
    pub winner: Winner,
    /// How, as JSON names it: `yfirrad`, `king-captured`.
    pub victory: &'static str,
    /// A short name for tables: `Yfirráð`, `king captured`.
    pub short: &'static str,
    /// HIRP's points; the tafl games score none.
    pub points: Option<u8>,
    /// The sentence for people: `Gull wins by Yfirráð (1 point)`.
    pub text: String,
}

impl From<crate::hirp::replay::GameReport> for Verdict {
    fn from(report: crate::hirp::replay::GameReport) -> Verdict {
        Verdict {
            turns: report.turns,
            result: report.result.map(|victory| Ending {
                winner: match victory.winner {
                    crate::hirp::Side::Gull => Winner::Gull,
                    crate::hirp::Side::Silfr => Winner::Silfr,
                },
                victory: victory.kind.code(),
                short: victory.kind.short_name(),
                points: Some(victory.points()),
                text: victory.to_string(),
            }),
            problems: report.problems,
            judged: true,
        }
    }
}

impl From<crate::tafl::replay::Replay> for Verdict {
    fn from(mut replay: crate::tafl::replay::Replay) -> Verdict {
        let judged = replay.is_judged();
        let problems = std::mem::take(&mut replay.problems);
        Verdict {
            problems,
            judged,
            ..Verdict::of_replay(&replay)
        }
    }
}

impl Verdict {
    /// The verdict of a tafl game's replay, its problems copied (a check
    /// lends its replays: see [`crate::tafl::check::Checked`]).
    pub fn of_replay(replay: &crate::tafl::replay::Replay) -> Verdict {
        use crate::tafl::Side;
        Verdict {
            turns: replay.moves.div_ceil(2),
            result: replay.outcome.map(|outcome| Ending {
                winner: match outcome.winner {
                    Some(Side::Attackers) => Winner::Attackers,
                    Some(Side::Defenders) => Winner::Defenders,
                    None => Winner::Draw,
                },
                victory: outcome.end.code(),
                short: outcome.end.code(),
                points: None,
                text: outcome.to_string(),
            }),
            problems: replay.problems.clone(),
            judged: replay.is_judged(),
        }
    }
}
