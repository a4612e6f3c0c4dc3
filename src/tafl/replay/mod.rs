//! Tafl records replayed against the rules: the one place where a written
//! move meets a position. Every move is checked (a piece of the side to
//! move, along its row or column, a clear way, a square it may stop on),
//! every written capture list against the captures the rules compute, and
//! the end against the recorded result; each problem is a
//! [`Problem`] at the token at fault, with a
//! code `hirp::tafl::<area>::<name>` ([`ProblemKind`]) and, when one
//! exists, the edit that fixes it.
//!
//! After an illegal move the replay goes on with the position the player
//! meant: the one legal move the written one is a slip of, else the piece
//! moved as written all the same, so that one run reports every problem and
//! never a consequence of an earlier one
//! (`docs/rules.md#tafl-replaying-a-record`). A game with an error is
//! replayed again looking ahead: slips are ranked by how much of the game
//! plays after each, and a legal move that a later refused one shows to be
//! a slip is repaired (`ahead`).
//!
//! ```
//! use hirp::tafl::replay::replay_record;
//! use hirp::tafl::rules::RuleSet;
//! use hirp::tafl::syntax::{Form, parse};
//!
//! let text = "d2-c2 d3-d2 c2-c3xd3,1,0,Ongoing\n";
//! let parsed = parse(text, Form::Csv);
//! let rules = RuleSet::preset("brandub").unwrap();
//! let replays = replay_record(&parsed.record, &parsed.errors, Some(&rules));
//! let problem = &replays[0].problems[0];
//! assert_eq!(problem.code.to_string(), "hirp::tafl::capture::spurious");
//! ```

mod ahead;
mod fix;
mod game;
mod move_type;
mod moves;
mod problem;
mod result;
mod rules;

use crate::core::Severity;
use crate::core::Span;
use crate::core::diagnostic::Problem;
use crate::tafl::rules::{Move, Outcome, Position, RuleSet, SquareSet};
use crate::tafl::syntax::{Record, SyntaxError};

pub use fix::check_piece;
pub use game::{Game, WrittenPly};
pub use problem::ProblemKind;
pub use rules::{RulesChoice, rules_choice};

/// A game replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The rule set it was replayed under, when one was known.
    pub rules: Option<RuleSet>,
    /// The moves replayed, in order.
    pub steps: Vec<ReplayedMove>,
    /// The moves the record's main line writes (a timeout or a resignation
    /// is not one).
    pub moves: usize,
    /// How the game ended: as the rules decided it, else as the record
    /// declares it (a resignation, a loss on time, a draw agreed). `None`
    /// while it goes on.
    pub outcome: Option<Outcome>,
    /// Every problem, syntax errors included, in file order.
    pub problems: Vec<Problem>,
}

impl Replay {
    /// Whether no problem of error severity was found.
    pub fn is_valid(&self) -> bool {
        crate::core::diagnostic::no_error(&self.problems)
    }

    /// Whether the game was judged: not when its rules ask for what the
    /// engine does not play (`hirp::tafl::rules::not_played`).
    pub fn is_judged(&self) -> bool {
        let not_played = ProblemKind::RulesNotPlayed.into();
        !self
            .problems
            .iter()
            .any(|problem| problem.code == not_played)
    }

    /// The number of problems of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        crate::core::diagnostic::count(&self.problems, severity)
    }

    /// The position at the start, then after each step; empty when no rule
    /// set was known.
    pub fn positions(&self) -> Vec<Position> {
        let Some(rules) = &self.rules else {
            return Vec::new();
        };
        let mut position = Position::new(rules);
        let mut positions = vec![position.clone()];
        for step in &self.steps {
            step.applied.apply(&mut position);
            positions.push(position.clone());
        }
        positions
    }
}

/// A move replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedMove {
    /// Its address in the game: the turn's number and `a` or `b`, `3b`.
    pub address: crate::tafl::syntax::MoveAddress,
    /// The ply as written.
    pub span: Span,
    /// What the replay did with it.
    pub applied: Applied,
    /// What it captured (the king never: a captured king ends the game).
    pub captures: SquareSet,
}

/// What the replay did with a written move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Played it: the move written, or the legal move it is a slip of.
    Played(Move),
    /// Moved the piece as written though the rules refuse it.
    Forced(Move),
    /// Played it for the other side, whose piece it moves, as if a move
    /// of the side to move were left out before it.
    OutOfTurn(Move),
    /// Passed the turn: the move could be neither played nor forced.
    Passed,
}

impl Applied {
    /// The move on the board, if one was made.
    pub fn mv(self) -> Option<Move> {
        match self {
            Applied::Played(mv) | Applied::Forced(mv) | Applied::OutOfTurn(mv) => Some(mv),
            Applied::Passed => None,
        }
    }

    fn apply(self, position: &mut Position) {
        match self {
            Applied::Played(mv) => {
                let _ = position.play(mv);
            }
            Applied::Forced(mv) => {
                let _ = position.force(mv);
            }
            Applied::OutOfTurn(mv) => {
                position.pass();
                let _ = position.play(mv);
            }
            Applied::Passed => {
                position.pass();
            }
        }
    }
}

/// Replays every game of a record, each under `rules` if given, else under
/// its `[rules:]` tag; the reader's `errors` go to the game they lie in.
pub fn replay_record(
    record: &Record,
    errors: &[SyntaxError],
    rules: Option<&RuleSet>,
) -> Vec<Replay> {
    let games = Game::all(record);
    let mut syntax: Vec<Vec<&SyntaxError>> = vec![Vec::new(); games.len()];
    for error in errors {
        if let Some(n) = record.game_at(error.span.start) {
            syntax[n].push(error);
        }
    }
    games
        .iter()
        .zip(syntax)
        .map(|(game, errors)| replay_game(*game, &errors, rules))
        .collect()
}

/// Every game of a record with its syntax errors alone, as reading it
/// without its rules finds it: its moves counted, no rule set, no steps,
/// no outcome.
pub fn syntax_replays(record: &Record, errors: &[SyntaxError]) -> Vec<Replay> {
    let games = Game::all(record);
    let mut replays: Vec<Replay> = games
        .iter()
        .map(|game| Replay {
            rules: None,
            steps: Vec::new(),
            moves: game.plies().filter(|p| p.ply.as_move().is_some()).count(),
            outcome: None,
            problems: Vec::new(),
        })
        .collect();
    for error in errors {
        if let Some(n) = record.game_at(error.span.start) {
            replays[n].problems.push(Problem::syntax(error));
        }
    }
    replays
}

/// Replays one game under `rules` if given, else under its `[rules:]` tag;
/// `errors` are the reader's errors in it.
pub fn replay_game(game: Game<'_>, errors: &[&SyntaxError], rules: Option<&RuleSet>) -> Replay {
    let mut problems: Vec<Problem> = errors.iter().map(|e| Problem::syntax(e)).collect();
    let rules = rules::resolve(game, rules, &mut problems);
    let mut replay = match rules {
        Some(rules) => {
            let once = moves::replay(game, rules.clone(), problems.clone(), false);
            if once.is_valid() {
                once
            } else {
                moves::replay(game, rules, problems, true)
            }
        }
        None => Replay {
            rules: None,
            steps: Vec::new(),
            moves: game.plies().filter(|p| p.ply.as_move().is_some()).count(),
            outcome: None,
            problems,
        },
    };
    replay.problems.sort_by_key(|p| (p.span.start, p.span.end));
    replay
}
