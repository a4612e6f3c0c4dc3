//! Where two records of one game part ways, whatever their family: each
//! family compares its records ([`Family::compare`](super::family::Family::compare))
//! into a [`Comparison`], and `hirp diff` writes its [`report`](Comparison::report).

use super::diagnostic::Problem;
use super::{Severity, Span, escape};

/// Two records compared, game by game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// What a turn is called in the report: `turn`, or a tafl `move`.
    pub turn: &'static str,
    /// Each game's comparison, in order, as many as the longer record has.
    pub games: Vec<GameDiff>,
}

/// One game of two records compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameDiff {
    /// Only the record of this index (0 the first, 1 the second) has the
    /// game.
    Only(usize),
    /// Both have it.
    Compared {
        /// Where their tokens differ, in order.
        places: Vec<Place>,
        /// The turns only the longer game has, when the family tells them
        /// apart from the places (HIRP's turns are matched by their place).
        only: Vec<OnlyTurn>,
        /// Where the games end, when they differ somewhere in `places`.
        ends: Option<Agreement>,
    },
}

/// A place where two games differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The game's number, when the records hold more than one.
    pub game: Option<usize>,
    /// The turn or move: `S3`, `12b`.
    pub at: String,
    /// Each record's tokens there, as written; empty for none.
    pub text: [String; 2],
    /// What the rules make of each side's tokens.
    pub verdict: [String; 2],
    /// Whether the positions after the place agree.
    pub after: Agreement,
}

/// A turn that only one of two games has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlyTurn {
    /// Its label.
    pub at: String,
    /// The record that has it: 0 the first, 1 the second.
    pub record: usize,
    /// Its moves as written.
    pub moves: String,
}

/// Whether two positions agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// They are the same.
    Agree,
    /// They differ.
    Differ,
    /// They are not known: a game has no rule set.
    Unknown,
}

impl Comparison {
    /// The places where the records differ: games only one has, places,
    /// turns only one game has.
    pub fn places(&self) -> usize {
        self.games
            .iter()
            .map(|game| match game {
                GameDiff::Only(_) => 1,
                GameDiff::Compared { places, only, .. } => places.len() + only.len(),
            })
            .sum()
    }

    /// The report `hirp diff` writes of the records named `names` (as
    /// shown, escaped): a line saying how many places differ and the first,
    /// then each place with each side's tokens and what the rules make of
    /// them, and whether the positions after it agree.
    pub fn report(&self, names: [&str; 2]) -> String {
        let mut out = String::new();
        let mut first = None;
        for (n, game) in self.games.iter().enumerate() {
            match game {
                GameDiff::Only(record) => {
                    out.push_str(&format!("game {}: only in {}\n", n + 1, names[*record]));
                }
                GameDiff::Compared { places, only, ends } => {
                    for place in places {
                        first.get_or_insert(place.at.as_str());
                        out.push_str(&place.describe(names, self.turn));
                    }
                    for turn in only {
                        out.push_str(&format!(
                            "  {}: only in {}: `{}`\n",
                            turn.at,
                            names[turn.record],
                            escape(&turn.moves)
                        ));
                    }
                    out.push_str(match ends {
                        None => "",
                        Some(Agreement::Unknown) => "  where they end is not known: no rule set\n",
                        Some(Agreement::Agree) => {
                            "  both end in the same position: read with its fixes, one is the other\n"
                        }
                        Some(Agreement::Differ) => "  they end in different positions\n",
                    });
                }
            }
        }
        header(names, self.places(), first) + &out
    }
}

impl Place {
    /// The place as `hirp diff` writes it: each side's tokens, what the
    /// rules make of them, and whether the positions after it agree.
    fn describe(&self, names: [&str; 2], turn: &str) -> String {
        let game = self
            .game
            .map_or_else(String::new, |n| format!("game {n}, "));
        let show = |text: &str| {
            if text.is_empty() {
                "nothing".to_owned()
            } else {
                format!("`{}`", escape(text))
            }
        };
        let after = match self.after {
            Agreement::Agree => format!("the positions after this {turn} agree"),
            Agreement::Differ => "the positions differ from here".to_owned(),
            Agreement::Unknown => "the positions are not known: no rule set".to_owned(),
        };
        format!(
            "  {game}{}: {} against {}\n    {}: {}\n    {}: {}\n    {after}\n",
            self.at,
            show(&self.text[0]),
            show(&self.text[1]),
            names[0],
            self.verdict[0],
            names[1],
            self.verdict[1],
        )
    }
}

/// The first line of the report.
fn header([a, b]: [&str; 2], places: usize, first: Option<&str>) -> String {
    let first = first.map_or_else(String::new, |at| format!(", the first in {at}"));
    match places {
        0 => format!("{a} and {b} describe the same game\n"),
        1 => format!("{a} and {b} differ in 1 place{first}:\n"),
        n => format!("{a} and {b} differ in {n} places{first}:\n"),
    }
}

/// What the rules say of a token: the first of `problems` (advice aside)
/// that lies in its `span`, or `legal`.
pub(crate) fn verdict(problems: &[Problem], span: Span) -> String {
    let found: Option<&Problem> = problems
        .iter()
        .filter(|p| p.severity != Severity::Advice)
        .find(|p| span.contains(p.span.start) || (span.is_empty() && p.span.start == span.start));
    let verdict = match found {
        Some(problem) => match &problem.help {
            Some(help) => format!("{} ({}; {help})", problem.code, problem.label),
            None => format!("{} ({})", problem.code, problem.label),
        },
        None => "legal".to_owned(),
    };
    escape(&verdict).into_owned()
}
