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
//! a slip is repaired (`ahead`). A game file's variations are replayed
//! after its main line, each from the move it replaces, with the same
//! checks (`variations`).
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
mod captures;
mod fix;
mod game;
mod move_type;
mod moves;
mod problem;
mod result;
mod rules;
mod search;
mod variations;

use crate::core::Severity;
use crate::core::Span;
use crate::core::diagnostic::Problem;
use crate::tafl::rules::{Move, Outcome, Position, RuleSet, SquareSet};
use crate::tafl::syntax::{MoveType, Record, SyntaxError, WrittenMove};

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
    /// Every problem, syntax errors included, in file order: those of the
    /// variations too.
    pub problems: Vec<Problem>,
    /// The variations replayed, in the order their first lines are
    /// written (a variation that branches from no move of the game is not
    /// replayed).
    pub variations: Vec<ReplayedVariation>,
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
        let mut positions = Vec::with_capacity(self.steps.len() + 1);
        self.each_position(|_, position| positions.push(position.clone()));
        positions
    }

    /// Hands the position at the start, then after each step, to `each`
    /// with the number of steps played, as [`Replay::positions`] lists
    /// them, one position held at a time; nothing when no rule set was
    /// known.
    pub fn each_position(&self, mut each: impl FnMut(usize, &Position)) {
        let Some(rules) = &self.rules else {
            return;
        };
        let mut position = Position::new(rules);
        each(0, &position);
        for (n, step) in self.steps.iter().enumerate() {
            step.applied.apply(&mut position);
            each(n + 1, &position);
        }
    }

    /// The label of the move `n` of the line `line` (`None`: the main
    /// line, else a variation's index): `3b`, `7a.1.2b`.
    pub fn label(&self, line: Option<usize>, n: usize) -> String {
        match line {
            None => self.steps[n].address.to_string(),
            Some(v) => self.variations[v].label_of(n),
        }
    }

    /// The variation whose written lines hold the byte `at` of the text,
    /// for each byte asked: a lookup made once, in the order of the text.
    pub fn variation_holding(&self) -> impl Fn(usize) -> Option<usize> + '_ {
        let mut lines: Vec<(Span, usize)> = self
            .variations
            .iter()
            .enumerate()
            .flat_map(|(v, variation)| variation.lines.iter().map(move |line| (*line, v)))
            .collect();
        lines.sort_by_key(|(line, _)| line.start);
        move |at| {
            let n = lines.partition_point(|(line, _)| line.start <= at);
            let (line, v) = lines.get(n.checked_sub(1)?)?;
            (at < line.end.max(line.start + 1)).then_some(*v)
        }
    }

    /// The move after which variation `v` is played: `None` when it is
    /// played from the start of the game.
    pub fn played_after(&self, v: usize) -> Option<LineMove> {
        let variation = &self.variations[v];
        match (variation.parent, variation.branch) {
            (line, b) if b > 0 => Some((line, b - 1)),
            (None, _) => None,
            (Some(parent), _) => self.played_after(parent),
        }
    }

    /// The move variation `v` is shown with: the move it replaces, else
    /// (when it replaces no move played) the move it is played after;
    /// `None`: the start of the game.
    pub fn shown_with(&self, v: usize) -> Option<LineMove> {
        let variation = &self.variations[v];
        if variation.replaces {
            Some((variation.parent, variation.branch))
        } else {
            self.played_after(v)
        }
    }
}

/// A move of a line of play: the line (`None` the main line, else a
/// variation's index in [`Replay::variations`]) and its index there.
pub type LineMove = (Option<usize>, usize);

/// A variation replayed: another line of play, from the position before
/// the move it replaces (`docs/rules.md#tafl-variations`).
#[derive(Clone, Debug)]
pub struct ReplayedVariation {
    /// Its label: the address of its lines without their turn, `7a.1`
    /// (`3a.2.1a.1` off the variation `3a.2`).
    pub label: String,
    /// The line it branches from: `None` for the main line, else the index
    /// of a variation in [`Replay::variations`], always an earlier one.
    pub parent: Option<usize>,
    /// The moves of that line played before it: its first move is played
    /// where that line's move `branch` (from 0) is.
    pub branch: usize,
    /// Whether it replaces a move of that line that was played (the move
    /// `branch`): not when the move it replaces is a timeout, a
    /// resignation or a move after the end, or when it continues that line
    /// past its last move.
    pub replaces: bool,
    /// The position it starts from.
    pub start: Position,
    /// Its moves replayed; a step's address is its place in the variation,
    /// `2b` of `7a.1.2b`.
    pub steps: Vec<ReplayedMove>,
    /// How its moves end the game, if they do.
    pub outcome: Option<Outcome>,
    /// Its lines as written, each from its address to its last ply.
    pub lines: Vec<Span>,
}

impl ReplayedVariation {
    /// The label of its move `n`, `7a.1.2b`.
    pub fn label_of(&self, n: usize) -> String {
        format!("{}.{}", self.label, self.steps[n].address)
    }

    /// The position it starts from, then after each of its moves.
    pub fn positions(&self) -> Vec<Position> {
        let mut position = self.start.clone();
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
    /// The squares it is written from and to (what was played may differ:
    /// [`ReplayedMove::applied`]).
    pub written: Move,
    /// What the replay did with it.
    pub applied: Applied,
    /// What it captured (the king never: a captured king ends the game).
    pub captures: SquareSet,
}

impl ReplayedMove {
    /// The move as the game files' notation writes it: its squares as
    /// written, then the pieces the replay took, each after `x` or `/` as
    /// a game file writes them, `d6-d4xd5/e4`.
    ///
    /// ```
    /// use hirp::tafl::replay::replay_record;
    /// use hirp::tafl::rules::RuleSet;
    /// use hirp::tafl::syntax::{Form, parse};
    ///
    /// let parsed = parse("d2-c2 d3-d2 c2-c3xd3,1,0,Ongoing\n", Form::Csv);
    /// let rules = RuleSet::preset("brandub").unwrap();
    /// let replay = &replay_record(&parsed.record, &parsed.errors, Some(&rules))[0];
    /// let shown: Vec<String> = replay.steps.iter().map(|s| s.notation()).collect();
    /// assert_eq!(shown, ["d2-c2", "d3-d2", "c2-c3"]);
    /// ```
    pub fn notation(&self) -> String {
        let Move { from, to } = self.written;
        let captures = self.captures.iter();
        WrittenMove::made(from, MoveType::Regular, to, captures, None).to_string()
    }

    /// The move as a person is shown it: as `text`, the record's, writes
    /// it, or in the notation ([`ReplayedMove::notation`]) when the
    /// record's text is none ([`MoveText::Notation`]: hnefatafl.org's
    /// archive), its spans still pointing into the record's text.
    pub fn shown<'t>(&self, text: &'t str, moves: MoveText) -> std::borrow::Cow<'t, str> {
        match moves {
            MoveText::AsWritten => {
                crate::core::escape(text.get(self.span.start..self.span.end).unwrap_or_default())
            }
            MoveText::Notation => self.notation().into(),
        }
    }
}

/// What text shows a game's moves: the record's own, or the notation made
/// from what the replay played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// The record's text at each move's span (a game file, an archive).
    AsWritten,
    /// The notation (hnefatafl.org's archive, whose text is RON).
    Notation,
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
    replay_record_seen(record, errors, rules, |_, _, _| {})
}

/// Replays every game of a record as [`replay_record`] does, handing
/// `seen` each position of each game's main line as the replay reaches it,
/// with the game's index in the record and the moves played to reach it
/// (see [`replay_game_seen`]): the positions of a record read once.
pub fn replay_record_seen(
    record: &Record,
    errors: &[SyntaxError],
    rules: Option<&RuleSet>,
    mut seen: impl FnMut(usize, usize, &Position),
) -> Vec<Replay> {
    let games = Game::all(record);
    let mut syntax: Vec<Vec<&SyntaxError>> = vec![Vec::new(); games.len()];
    for error in errors {
        if let Some(n) = record.game_at(error.span.start) {
            syntax[n].push(error);
        }
    }
    let mut replays = Vec::with_capacity(games.len());
    for (n, (game, errors)) in games.iter().zip(syntax).enumerate() {
        let seen = &mut |moves: usize, position: &Position| seen(n, moves, position);
        replays.push(replay_game_seen(*game, &errors, rules, seen));
    }
    replays
}

/// Every game of a record with its syntax errors alone, as reading it
/// without its rules finds it: its moves counted, no rule set, no steps,
/// no outcome.
pub(crate) fn syntax_replays(record: &Record, errors: &[SyntaxError]) -> Vec<Replay> {
    let games = Game::all(record);
    let mut replays: Vec<Replay> = games
        .iter()
        .map(|game| Replay {
            rules: None,
            steps: Vec::new(),
            moves: game.plies().filter(|p| p.ply.as_move().is_some()).count(),
            outcome: None,
            problems: Vec::new(),
            variations: Vec::new(),
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
    replay_game_seen(game, errors, rules, &mut |_, _| {})
}

/// Replays one game as [`replay_game`] does, handing `seen` each position
/// of its main line as the replay reaches it, with the moves played to
/// reach it: the start with none, then the position after each move, as
/// [`Replay::positions`] lists them. A game replayed again after an error,
/// looking ahead, is seen again from its start (0 moves played), and the
/// last reading seen is the one the replay keeps; nothing is seen when no
/// rule set is known.
pub fn replay_game_seen(
    game: Game<'_>,
    errors: &[&SyntaxError],
    rules: Option<&RuleSet>,
    seen: &mut impl FnMut(usize, &Position),
) -> Replay {
    let mut problems: Vec<Problem> = errors.iter().map(|e| Problem::syntax(e)).collect();
    let rules = rules::resolve(game, rules, &mut problems);
    let mut replay = match rules {
        Some(rules) => {
            let once = moves::replay(game, rules.clone(), problems.clone(), false, seen);
            let mut replay = if once.is_valid() {
                once
            } else {
                moves::replay(game, rules, problems, true, seen)
            };
            let mut problems = std::mem::take(&mut replay.problems);
            replay.variations = variations::replay(game, &replay, &mut problems);
            replay.problems = problems;
            replay
        }
        None => Replay {
            rules: None,
            steps: Vec::new(),
            moves: game.plies().filter(|p| p.ply.as_move().is_some()).count(),
            outcome: None,
            problems,
            variations: Vec::new(),
        },
    };
    if game.server_written() {
        // A game hnefatafl.org's server wrote: a fix would write the
        // notation of a game file into its text.
        for problem in &mut replay.problems {
            problem.fix = None;
            problem.choices.clear();
        }
    }
    replay.problems.sort_by_key(|p| (p.span.start, p.span.end));
    replay
}
