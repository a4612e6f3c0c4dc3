//! The end of a game against what its record declares: the result the
//! rules decided, else a timeout, a resignation or a draw the record says;
//! an archive's capture counts against its moves.

use super::game::{Declared, Game};
use super::problem::ProblemKind;
use crate::core::Edit;
use crate::core::diagnostic::Problem;
use crate::tafl::Side;
use crate::tafl::rules::{End, Outcome, Position};
use crate::tafl::syntax::CsvGame;

/// A timeout or a resignation in the main line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndPly {
    /// `Timeout` or `Resigned`.
    pub(crate) end: End,
    /// The side to move, who lost.
    pub(crate) loser: Side,
}

impl EndPly {
    /// `the defenders win: a player ran out of time`.
    pub(crate) fn describe(&self) -> String {
        self.outcome().to_string()
    }

    pub(crate) fn outcome(&self) -> Outcome {
        Outcome {
            end: self.end,
            winner: Some(self.loser.opponent()),
        }
    }
}

/// How the game ended, and whether the record says so: the end the rules
/// decided, else the timeout or resignation written in the main line, else
/// the result the record declares (a win the position does not decide is
/// a resignation, or a loss on time when the record says so; a draw is
/// agreed).
pub(crate) fn judge(
    game: Game<'_>,
    position: &Position,
    end_ply: Option<EndPly>,
    problems: &mut Vec<Problem>,
) -> Option<Outcome> {
    let declaration = game.declaration();
    let known = position.outcome().or(end_ply.map(|e| e.outcome()));
    let Some(outcome) = known else {
        return match declaration.declared {
            Declared::Won(side) => Some(Outcome {
                end: if declaration.on_time {
                    End::Timeout
                } else {
                    End::Resigned
                },
                winner: Some(side),
            }),
            Declared::Draw => Some(Outcome {
                end: End::Agreed,
                winner: None,
            }),
            Declared::Ongoing | Declared::Unknown => None,
        };
    };
    let agrees = match declaration.declared {
        Declared::Won(side) => outcome.winner == Some(side),
        Declared::Draw => outcome.winner.is_none(),
        Declared::Ongoing => false,
        Declared::Unknown => true,
    };
    if let (false, Some(span)) = (agrees, declaration.span) {
        let right = match outcome.winner {
            Some(side) => Declared::Won(side),
            None => Declared::Draw,
        };
        let text = game.result_text(right);
        problems.push(
            Problem::new(ProblemKind::Result, span, outcome.to_string())
                .with_help(format!("write `{text}`"))
                .with_fix(Edit::new(span, text)),
        );
    }
    Some(outcome)
}

/// An archive's capture counts against the captures its moves write, each
/// square written counted, a square written twice twice: so the archives
/// count (`docs/rules.md#tafl-replaying-a-record`).
pub(crate) fn check_counts(line: &CsvGame, first: Side, problems: &mut Vec<Problem>) {
    let mut counts = [0u32; 2];
    let mut side = first;
    for ply in &line.plies {
        if let Some(m) = ply.as_move() {
            counts[usize::from(side == Side::Defenders)] += m.captures.len() as u32;
            side = side.opponent();
        }
    }
    let columns = [
        (&line.attacker_captures, Side::Attackers),
        (&line.defender_captures, Side::Defenders),
    ];
    for ((count, side), moves) in columns.into_iter().zip(counts) {
        let Some(written) = count.value else { continue };
        if written != moves {
            problems.push(
                Problem::new(
                    ProblemKind::CaptureCount,
                    count.span,
                    format!("the {side}' moves capture {moves}"),
                )
                .with_help(format!("write `{moves}`"))
                .with_fix(Edit::new(count.span, moves.to_string())),
            );
        }
    }
}
