//! The replayer: the one place where written steps meet positions.
//!
//! Each turn of a game is played on a [`Position`]: its label checked, each
//! written step resolved and played, the step count checked, the Penningr
//! actions applied, the battles fought and compared with the record. Every
//! problem becomes a [`Problem`] pointing at the token at fault, saying what
//! the rules computed and, when a small edit of the token makes the turn
//! legal, how to write it. After a problem the replay goes on with the
//! nearest legal reading (the repaired token, the real crew, the computed
//! battle), so one run reports every problem and never a consequence of an
//! earlier one as a new one. Where the record cannot be followed at all (a
//! line or token that cannot be read, a turn of the wrong side), the replay
//! of that game stops with an advice.

mod battles;
mod matches;
mod problem;
mod repair;
mod written;

pub use battles::BattleView;
pub use matches::{MatchView, Matches};
pub use problem::{Code, Problem, ProblemKind, Severity};

use crate::rules::{Offer, PenningrError, Position, Victory};
use crate::syntax::ast::{self, Game, PenningrMove, Record, Span, StepToken, Turn};
use crate::syntax::{Edit, SyntaxError, SyntaxErrorKind};
use crate::types::Side;
use problem::one_of;
use smallvec::SmallVec;
use written::Fault;

/// What replaying one game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's turn lines.
    pub turns: usize,
    /// How the game was won, if it was.
    pub result: Option<Victory>,
    /// Every problem, syntax errors included, in file order.
    pub problems: Vec<Problem>,
    /// The position after the last turn replayed.
    pub position: Position,
}

impl GameReport {
    /// Whether no problem of error severity was found.
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(|p| p.severity != Severity::Error)
    }

    /// The number of problems of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }
}

/// What replaying a record found: one report per game, and the syntax errors
/// that lie in no game (a file with no game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordReport {
    /// One report per game, in file order.
    pub games: Vec<GameReport>,
    /// Syntax errors of a file that holds no game.
    pub problems: Vec<Problem>,
}

/// Errors after which a game's replay stops: what a game of nothing but
/// mistakes costs in time and memory stays small.
pub const MAX_ERRORS: usize = 1000;

/// A token as a message quotes it: a long one cut to its first characters.
fn short(text: &str) -> std::borrow::Cow<'_, str> {
    const SHOWN: usize = 24;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// Syntax errors after which a line may have been a turn that was not read.
fn drops_a_line(kind: SyntaxErrorKind) -> bool {
    use SyntaxErrorKind::*;
    matches!(
        kind,
        InvalidUtf8
            | UnexpectedLine
            | MissingLabel
            | LowercaseLabel
            | MissingRound
            | RoundTooLarge
            | MissingSteps
            | MissingSpace
            | TooManyTokens
            | LineTooLong
            | GameTooLong
            | TooManyErrors
    )
}

/// Replays every game of a parsed record. `errors` are its syntax errors:
/// each goes to the game it lies in (or follows), and the lines they made
/// unreadable stop that game's replay.
pub fn replay_record(record: &Record, errors: &[SyntaxError]) -> RecordReport {
    let mut games: Vec<GameReport> = Vec::with_capacity(record.games.len());
    let mut loose = Vec::new();
    let owner = |offset: usize| {
        let after = record.games.partition_point(|g| g.span.start <= offset);
        after
            .checked_sub(1)
            .or((!record.games.is_empty()).then_some(0))
    };
    let mut per_game: Vec<Vec<&SyntaxError>> = vec![Vec::new(); record.games.len()];
    for error in errors {
        match owner(error.span.start) {
            Some(n) => per_game[n].push(error),
            None => loose.push(Problem::syntax(error)),
        }
    }
    for (game, errors) in record.games.iter().zip(per_game) {
        games.push(replay_game(game, &errors));
    }
    RecordReport {
        games,
        problems: loose,
    }
}

/// What a replay shows as it goes: every position, for boards and pictures.
/// Each method has a default that does nothing.
pub trait Observer {
    /// After a written step is played (as read, or as its nearest legal
    /// reading after a problem).
    fn step(&mut self, _step: &StepView<'_>) {}

    /// After a turn's battles, retreats and advances.
    fn battles(&mut self, _turn: &Turn, _battles: &[BattleView], _position: &Position) {}

    /// At the end of turn `index` (from 0), with the position the next turn
    /// starts from (or the final one, when the game ended in this turn).
    fn turn(&mut self, _turn: &Turn, _index: usize, _position: &Position) {}
}

/// A written step just played.
#[derive(Clone, Copy, Debug)]
pub struct StepView<'a> {
    /// The turn it belongs to.
    pub turn: &'a Turn,
    /// The turn's place in the game, from 0.
    pub index: usize,
    /// The token's place in the turn's steps, from 0.
    pub token: usize,
    /// Steps taken this turn so far, this token's included.
    pub steps: u8,
    /// The position after it.
    pub position: &'a Position,
}

/// An observer that sees nothing.
struct Unobserved;

impl Observer for Unobserved {}

/// Replays one game, with the syntax errors that belong to it.
pub fn replay_game(game: &Game, errors: &[&SyntaxError]) -> GameReport {
    replay_game_with(game, errors, &mut Unobserved)
}

/// Replays one game as [`replay_game`] does, showing every position to an
/// [`Observer`].
pub fn replay_game_with(
    game: &Game,
    errors: &[&SyntaxError],
    observer: &mut dyn Observer,
) -> GameReport {
    let mut replay = Replay {
        position: Position::new(),
        problems: errors.iter().map(|e| Problem::syntax(e)).collect(),
        observer,
        flexible: Vec::new(),
    };
    // Turns are in file order: the turn holding an offset is found by halves.
    let turn_at = |offset: usize| {
        let n = game.turns.partition_point(|t| t.span.end <= offset);
        game.turns
            .get(n)
            .is_some_and(|t| t.span.contains(offset))
            .then_some(n)
    };
    let mut unread: Vec<usize> = errors
        .iter()
        .filter(|e| drops_a_line(e.kind))
        .filter(|e| turn_at(e.span.start).is_none())
        .map(|e| e.span.start)
        .collect();
    unread.sort_unstable();
    let mut unread = unread.into_iter().peekable();
    // Errors so far, counted as problems come.
    let (mut errors, mut counted) = (0, 0);
    for (n, turn) in game.turns.iter().enumerate() {
        let expected = expected_label(n);
        let skipped = unread.peek().is_some_and(|&at| at < turn.span.start);
        while unread.next_if(|&at| at < turn.span.start).is_some() {}
        if skipped {
            replay.stop(turn, "a line before this turn could not be read");
            break;
        }
        errors += replay.problems[counted..]
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        counted = replay.problems.len();
        if errors >= MAX_ERRORS {
            replay.stop(
                turn,
                &format!("the game has {errors} errors before this turn"),
            );
            break;
        }
        if let Some(result) = replay.position.result() {
            replay.push(
                Problem::new(
                    ProblemKind::AfterEnd,
                    turn.label.span,
                    format!("the game ended before this turn: {result}"),
                )
                .with_help("remove the turns after the end of the game"),
                expected,
            );
            break;
        }
        if !replay.turn(turn, n, &game.turns[n + 1..]) {
            break;
        }
    }
    for problem in &mut replay.problems {
        if problem.turn.is_none()
            && let Some(n) = turn_at(problem.span.start)
        {
            problem.turn = Some(expected_label(n).to_string());
        }
    }
    replay.problems.sort_by_key(|p| (p.span.start, p.span.end));
    GameReport {
        turns: game.turns.len(),
        result: replay.position.result(),
        problems: replay.problems,
        position: replay.position,
    }
}

/// The label of the game's turn `n` (from 0): `G1`, `S1`, `G2`...
fn expected_label(n: usize) -> TurnName {
    TurnName(n)
}

/// The label a turn should have, by its place in the game (from 0); written
/// out only when a problem needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TurnName(usize);

impl TurnName {
    fn side(self) -> Side {
        if self.0.is_multiple_of(2) {
            Side::Gull
        } else {
            Side::Silfr
        }
    }

    fn round(self) -> usize {
        self.0 / 2 + 1
    }

    /// Whether `label` is this one.
    fn is(self, label: &ast::Label) -> bool {
        label.side == self.side() && usize::try_from(label.round) == Ok(self.round())
    }
}

impl std::fmt::Display for TurnName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.side(), self.round())
    }
}

/// A game being replayed.
struct Replay<'o> {
    position: Position,
    problems: Vec<Problem>,
    observer: &'o mut dyn Observer,
    /// This turn's attacks that could stand on more than one space.
    flexible: Vec<written::FlexibleAttack>,
}

impl Replay<'_> {
    fn push(&mut self, mut problem: Problem, turn: TurnName) {
        problem.turn = Some(turn.to_string());
        self.problems.push(problem);
    }

    fn stop(&mut self, turn: &Turn, why: &str) {
        self.problems.push(Problem::new(
            ProblemKind::Unread,
            turn.label.span,
            format!("{why}; the rest of the game is not checked"),
        ));
    }

    /// Replays one turn (`next` is the one after, if any); `false` when the
    /// game's replay must stop.
    fn turn(&mut self, turn: &Turn, n: usize, following: &[Turn]) -> bool {
        let next = following.first();
        let label = expected_label(n);
        let side = self.position.to_move();
        if turn.label.side != side {
            self.push(
                Problem::new(
                    ProblemKind::WrongSide,
                    turn.label.span,
                    format!(
                        "turn {} of the game is {}'s; a turn may be missing",
                        n + 1,
                        side.name()
                    ),
                )
                .with_help(format!("write `{label}`")),
                label,
            );
            self.stop(turn, "the turns no longer alternate");
            return false;
        }
        if !label.is(&turn.label) {
            self.push(
                Problem::new(
                    ProblemKind::TurnLabel,
                    turn.label.span,
                    format!("this is turn {} of the game: {label}", n + 1),
                )
                .with_help(format!("write `{label}`"))
                .with_fix(Edit::new(turn.label.span, label.to_string())),
                label,
            );
        }
        let crowded_before = self.position.crowded();
        self.flexible.clear();
        let Some((counts, guessed)) = self.steps(turn, n, following, label) else {
            return false;
        };
        let steps: u8 = counts.iter().sum();
        let refused = self.penningr(turn, label);
        if refused {
            // The refusal may come after any step, but not after a sixth.
            if steps > crate::rules::position::STEPS_PER_TURN && !guessed {
                self.step_count(turn, &counts, label);
            }
            if let (Some(first), Some(last)) =
                (turn.outcome.battles.first(), turn.outcome.battles.last())
                && matches!(first, ast::BattleToken::Battle(_))
            {
                self.push(
                    Problem::new(
                        ProblemKind::BattleNotFought,
                        first.span(),
                        "the refusal ended the game before the battles",
                    )
                    .with_help("write `/` for the battles")
                    .with_fix(Edit::new(first.span().join(last.span()), "/")),
                    label,
                );
            }
            self.observer.turn(turn, n, &self.position);
            return true;
        }
        // After a fault with no fix the count is a guess: not reported.
        if steps != crate::rules::position::STEPS_PER_TURN && !guessed {
            self.step_count(turn, &counts, label);
        }
        let compare = battles::readable(&turn.outcome) && !turn.outcome.span.is_empty();
        let mut found = Vec::new();
        let resolution = battles::resolve(
            &mut self.position,
            &turn.outcome,
            compare,
            next,
            &self.flexible,
            &mut found,
        );
        for problem in found {
            self.push(problem, label);
        }
        if !resolution.battles.is_empty() {
            self.observer
                .battles(turn, &resolution.battles, &self.position);
        }
        if resolution.victory.is_some() {
            self.observer.turn(turn, n, &self.position);
            return true;
        }
        let end = self.position.end_turn();
        // Karves left crowded from an earlier turn were reported then.
        for space in end
            .crowded
            .into_iter()
            .filter(|s| !crowded_before.contains(s))
        {
            self.push(
                Problem::new(
                    ProblemKind::Crowded,
                    crowding_step(turn, space),
                    format!("more than one Karve stands on {space} at the end of the turn"),
                ),
                label,
            );
        }
        self.observer.turn(turn, n, &self.position);
        true
    }

    /// Plays the turn's steps; returns how many rules steps each token took
    /// and whether a count had to be guessed (a fault with no fix), or `None`
    /// when a token cannot be read at all.
    fn steps(
        &mut self,
        turn: &Turn,
        index: usize,
        following: &[Turn],
        label: TurnName,
    ) -> Option<(SmallVec<[u8; 8]>, bool)> {
        let mut counts = SmallVec::new();
        let mut guessed = false;
        // Steps taken before the token.
        let mut count = 0u8;
        for (t, token) in turn.steps.iter().enumerate() {
            let rest = &turn.steps[t + 1..];
            self.position.reset_steps();
            match token {
                StepToken::Malformed(malformed) => {
                    let fixes = repair::fixes(&malformed.text, None, &self.position, count, rest);
                    let Some(fix) = fixes.first() else {
                        self.stop(
                            turn,
                            &format!("`{}` could not be read", short(&malformed.text)),
                        );
                        return None;
                    };
                    let help = fix_help(&fixes, true);
                    if let Some(problem) = self.problems.iter_mut().find(|p| {
                        matches!(p.code, Code::Syntax(_)) && malformed.span.contains(p.span.start)
                    }) {
                        problem.help = Some(help);
                        problem.fix =
                            (fixes.len() == 1).then(|| Edit::new(malformed.span, fix.text.clone()));
                    }
                    let steps = repair::apply_fix(&mut self.position, fix);
                    counts.push(steps);
                    count = count.saturating_add(steps);
                }
                StepToken::Step(step) => {
                    let ahead = Ahead {
                        rest,
                        turn,
                        following,
                    };
                    let (steps, fixed) = self.step(step, &ahead, count, label);
                    counts.push(steps);
                    count = count.saturating_add(steps);
                    guessed |= !fixed;
                }
            }
            self.observer.step(&StepView {
                turn,
                index,
                token: t,
                steps: count,
                position: &self.position,
            });
        }
        Some((counts, guessed))
    }

    /// Plays one written step, reporting and recovering from a fault; returns
    /// the steps it took and `false` when it was a fault with no fix.
    fn step(
        &mut self,
        step: &ast::Step,
        ahead: &Ahead<'_>,
        count: u8,
        label: TurnName,
    ) -> (u8, bool) {
        let before = self.position;
        let rest = ahead.rest;
        match written::play_written(&mut self.position, step, false) {
            Ok(applied) => {
                let mut applied = applied;
                if applied.choice && !self.rest_plays(rest) {
                    let mut other = before;
                    if let Ok(alternative) = written::apply(&mut other, step, true)
                        && rest_plays(other, rest)
                    {
                        self.position = other;
                        applied = alternative;
                    }
                }
                if let Some(target) = applied.unmarked_attack {
                    let marked = with_attack_marker(step);
                    self.push(
                        Problem::new(
                            ProblemKind::AttackWithoutMarker,
                            step.span,
                            format!(
                                "{} holds {target}: this move attacks it",
                                self.position.to_move().opponent().name()
                            ),
                        )
                        .with_help(format!("write `{marked}`"))
                        .with_fix(Edit::new(step.span, marked.to_string())),
                        label,
                    );
                }
                self.flexible.extend(applied.flexible);
                (applied.steps, true)
            }
            Err(fault) => {
                self.position = before;
                let text = step.to_string();
                // An ambiguous `Hi` is not a badly written token: no edit of
                // it says which Karve was meant.
                let mut fixes = if matches!(fault, Fault::AmbiguousBoarding { .. }) {
                    Vec::new()
                } else {
                    repair::fixes(&text, Some(&fault), &before, count, rest)
                };
                // The fix the rest of the record agrees with comes first.
                if fixes.len() > 1 {
                    let mut scored: Vec<(usize, repair::Fix)> = fixes
                        .into_iter()
                        .map(|fix| {
                            let mut position = before;
                            repair::apply_fix(&mut position, &fix);
                            (faults_ahead(position, ahead), fix)
                        })
                        .collect();
                    scored.sort_by_key(|(faults, _)| *faults);
                    fixes = scored.into_iter().map(|(_, fix)| fix).collect();
                }
                let mut problem = fault_problem(&fault, step, &before);
                if !fixes.is_empty() {
                    problem = problem.with_help(fix_help(&fixes, false));
                }
                if let [fix] = fixes.as_slice() {
                    problem = problem.with_fix(Edit::new(step.span, fix.text.clone()));
                }
                self.push(problem, label);
                // The nearest legal reading: the best fix, or else the legal
                // part of the step, the step as if it were legal, or no step
                // at all, whichever the rest of the record agrees with best.
                let readings: Vec<(Position, u8)> = if let Some(fix) = fixes.first() {
                    let mut position = before;
                    let steps = repair::apply_fix(&mut position, fix);
                    vec![(position, steps)]
                } else {
                    let mut forced = before;
                    let steps = written::force(&mut forced, step);
                    let mut prefix = before;
                    written::prefix(&mut prefix, step);
                    let mut readings = vec![(prefix, steps), (forced, steps), (before, steps)];
                    // Last, any one legal step in its place: the record may
                    // have replaced a whole token.
                    readings.extend(before.legal_steps().into_iter().filter_map(|legal| {
                        let mut position = before;
                        position.play(legal).ok()?;
                        Some((position, steps))
                    }));
                    readings
                };
                let best = readings
                    .iter()
                    .enumerate()
                    .min_by_key(|(n, (position, _))| {
                        let faults = if readings.len() > 1 {
                            faults_ahead(*position, ahead)
                        } else {
                            0
                        };
                        (faults, *n)
                    })
                    .map_or(0, |(n, _)| n);
                let (position, steps) = readings[best];
                self.position = position;
                (steps, !fixes.is_empty())
            }
        }
    }

    fn rest_plays(&self, rest: &[StepToken]) -> bool {
        rest_plays(self.position, rest)
    }

    /// Reports a turn whose steps are not five, with what each token counts.
    fn step_count(&mut self, turn: &Turn, counts: &[u8], label: TurnName) {
        let steps: u8 = counts.iter().sum();
        let parts: Vec<String> = turn
            .steps
            .iter()
            .zip(counts)
            .map(|(token, n)| format!("{token} {n}"))
            .collect();
        let span = match turn.steps.as_slice() {
            [first, .., last] => first.span().join(last.span()),
            [only] => only.span(),
            [] => turn.label.span,
        };
        self.push(
            Problem::new(
                ProblemKind::StepCount,
                span,
                format!("these steps count {steps}: {}", parts.join(", ")),
            ),
            label,
        );
    }

    /// Applies the turn's Penningr actions; `true` when a refusal ended the game.
    fn penningr(&mut self, turn: &Turn, label: TurnName) -> bool {
        let mut last_offer: Option<Span> = None;
        // An answer to an offer that was reported as not allowed is part of
        // that one mistake: it is skipped.
        let mut skip_answer = false;
        for action in &turn.outcome.penningr {
            if self.position.result().is_some() {
                break;
            }
            let answer = matches!(action.action, PenningrMove::Accept | PenningrMove::Refuse);
            if answer && std::mem::take(&mut skip_answer) {
                continue;
            }
            let side = action.side;
            let result = match action.action {
                PenningrMove::Double => self.position.offer(side, Offer::Double).map(|()| None),
                PenningrMove::Triple => self.position.offer(side, Offer::Triple).map(|()| None),
                PenningrMove::Accept => self.position.answer(side, true),
                PenningrMove::Refuse => self.position.answer(side, false),
            };
            match result {
                Ok(_) => {
                    if matches!(action.action, PenningrMove::Double | PenningrMove::Triple) {
                        last_offer = Some(action.span);
                    }
                }
                Err(e) => {
                    let (kind, help, fix) = penningr_problem(e, action);
                    let mut problem = Problem::new(kind, action.span, e.to_string());
                    if let Some(help) = help {
                        problem = problem.with_help(help);
                    }
                    if let Some(fix) = fix {
                        problem = problem.with_fix(Edit::new(action.span, fix));
                    }
                    self.push(problem, label);
                    match e {
                        // Read as the other player's answer.
                        PenningrError::OwnOffer { other, .. } => {
                            let accept = action.action == PenningrMove::Accept;
                            let _ = self.position.answer(other, accept);
                        }
                        // An answer means an offer was made: the one the
                        // other player could make.
                        PenningrError::NothingToAnswer => {
                            let accept = action.action == PenningrMove::Accept;
                            let offerer = side.opponent();
                            let offer = if self.position.penningr().multiplier() == 1 {
                                Offer::Double
                            } else {
                                Offer::Triple
                            };
                            if self.position.offer(offerer, offer).is_ok() {
                                let _ = self.position.answer(side, accept);
                            }
                        }
                        // The waiting offer is still the one to answer.
                        PenningrError::OfferPending { .. } => {}
                        _ => skip_answer = !answer,
                    }
                }
            }
        }
        if self.position.result().is_some() {
            return true;
        }
        if let (Some((by, offer)), Some(span)) = (self.position.penningr().pending, last_offer) {
            let answer = by.opponent();
            self.push(
                Problem::new(
                    ProblemKind::Unanswered,
                    span,
                    format!(
                        "{} must accept or refuse the {} at once",
                        answer.name(),
                        if offer == Offer::Double {
                            "double"
                        } else {
                            "triple"
                        }
                    ),
                )
                .with_help(format!("write `{answer}a` or `{answer}r`")),
                label,
            );
            self.position.withdraw_offer();
        }
        false
    }
}

/// What follows a step in the record, to choose among readings of it.
struct Ahead<'a> {
    /// The turn's steps after it.
    rest: &'a [StepToken],
    /// The turn.
    turn: &'a Turn,
    /// The turns after it.
    following: &'a [Turn],
}

/// Turns after the current one that a reading is checked against: the
/// opponent's, then the mover's own next one.
const TURNS_AHEAD: usize = 2;

/// How many faults the record shows ahead of `position`: in the rest of the
/// turn's steps and its battles, and in the next turns. Fewer means the
/// reading is nearer to what the record means.
fn faults_ahead(mut position: Position, ahead: &Ahead<'_>) -> usize {
    let mut faults = count_faults(&mut position, ahead.rest);
    faults += battle_faults(&mut position, &ahead.turn.outcome);
    for turn in ahead.following.iter().take(TURNS_AHEAD) {
        if position.result().is_some() {
            break;
        }
        position.end_turn();
        faults += count_faults(&mut position, &turn.steps);
        faults += battle_faults(&mut position, &turn.outcome);
    }
    faults
}

/// Fights a turn's battles on `position`; returns the errors the record shows.
fn battle_faults(position: &mut Position, outcome: &ast::Outcome) -> usize {
    let compare = battles::readable(outcome) && !outcome.span.is_empty();
    let mut found = Vec::new();
    battles::resolve(position, outcome, compare, None, &[], &mut found);
    found
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count()
}

/// Plays written steps as far as they go, forcing the faulty ones; returns
/// how many were faulty.
fn count_faults(position: &mut Position, steps: &[StepToken]) -> usize {
    let mut faults = 0;
    for token in steps {
        let StepToken::Step(step) = token else {
            continue;
        };
        position.reset_steps();
        if written::apply(position, step, false).is_err()
            && written::apply(position, step, true).is_err()
        {
            faults += 1;
            written::force(position, step);
        }
    }
    faults
}

/// A help line for fixes; for a token that could not be read, saying the
/// Karve's real crew when a Karve's move is the fix.
fn fix_help(fixes: &[repair::Fix], crew_fact: bool) -> String {
    let written: Vec<String> = fixes.iter().map(|f| f.text.clone()).collect();
    if let (true, [fix]) = (crew_fact, fixes)
        && let [step] = fix.steps.as_slice()
        && let (ast::Piece::Karve { crew }, ast::Action::Move { from, .. }) =
            (step.piece, step.action)
    {
        let crew = u8::try_from(crew).unwrap_or(u8::MAX);
        return format!(
            "the Karve on {from} carries {}: write {}",
            battles::hirths(crew),
            one_of(&written)
        );
    }
    format!("write {}", one_of(&written))
}

/// Plays one written step as the replayer reads it; returns the steps it
/// took, or `None` on a fault or an attack written without `>`.
pub(crate) fn apply_written(position: &mut Position, step: &ast::Step) -> Option<u8> {
    match written::apply(position, step, false) {
        Ok(applied) if applied.unmarked_attack.is_none() => Some(applied.steps),
        _ => None,
    }
}

/// Whether a turn's written steps play without a fault, from the start of
/// the turn.
fn steps_play(position: Position, steps: &[StepToken]) -> bool {
    rest_plays(position, steps)
}

/// Whether the remaining written steps of a turn play without a fault.
fn rest_plays(mut position: Position, rest: &[StepToken]) -> bool {
    rest.iter().all(|token| match token {
        StepToken::Step(step) => {
            position.reset_steps();
            written::apply(&mut position, step, false).is_ok()
                || written::apply(&mut position, step, true).is_ok()
        }
        StepToken::Malformed(_) => true,
    })
}

/// The written step with `>` before its destination.
fn with_attack_marker(step: &ast::Step) -> ast::Step {
    let mut marked = *step;
    match &mut marked.action {
        ast::Action::Enter { to: Some(to) }
        | ast::Action::Leave { to: Some(to), .. }
        | ast::Action::Move { to, .. } => to.attack = true,
        _ => {}
    }
    marked
}

/// The step of a turn that brought a Karve to a crowded space, else the turn.
fn crowding_step(turn: &Turn, space: crate::types::Space) -> Span {
    turn.read_steps()
        .filter(|s| matches!(s.piece, ast::Piece::Karve { .. }))
        .filter(|s| match s.action {
            ast::Action::Enter { to } | ast::Action::Leave { to, .. } => {
                to.is_some_and(|to| to.space == space)
            }
            ast::Action::Move { to, .. } => to.space == space,
            _ => false,
        })
        .last()
        .map_or(turn.span, |s| s.span)
}

/// The problem for a Penningr error, its help, and the action that fixes it
/// when there is one.
fn penningr_problem(
    e: PenningrError,
    action: &ast::PenningrAction,
) -> (ProblemKind, Option<String>, Option<String>) {
    let other = action.side.opponent();
    match e {
        PenningrError::OfferPending { pending_by, .. } => {
            let answerer = pending_by.opponent();
            (
                ProblemKind::OfferPending,
                Some(format!(
                    "{} answers first: `{answerer}a` or `{answerer}r`",
                    answerer.name()
                )),
                None,
            )
        }
        PenningrError::AlreadyDoubled => (
            ProblemKind::AlreadyDoubled,
            Some("the holder of the Penningr may offer a triple (`t`)".to_owned()),
            None,
        ),
        PenningrError::TripleBeforeDouble => {
            let double = format!("{}d", action.side);
            (
                ProblemKind::TripleBeforeDouble,
                Some(format!("write `{double}` for a double")),
                Some(double),
            )
        }
        PenningrError::NotHolder { holder } => (
            ProblemKind::NotHolder,
            Some(format!("only `{holder}t` offers the triple")),
            None,
        ),
        PenningrError::NoMoreOffers => (ProblemKind::NoMoreOffers, None, None),
        PenningrError::NothingToAnswer => (ProblemKind::NothingToAnswer, None, None),
        PenningrError::OwnOffer { .. } => {
            let answer = format!("{other}{}", action.action.letter());
            (
                ProblemKind::OwnOffer,
                Some(format!("write `{answer}`")),
                Some(answer),
            )
        }
        PenningrError::GameOver => (ProblemKind::AfterEnd, None, None),
    }
}

/// The problem for a written step's fault.
fn fault_problem(fault: &Fault, step: &ast::Step, position: &Position) -> Problem {
    use crate::rules::StepError as E;
    let span = step.span;
    let side = position.to_move();
    match fault {
        Fault::Play(e) => {
            let kind = match e {
                E::GameOver => ProblemKind::AfterEnd,
                E::TurnOver => ProblemKind::StepCount,
                E::LofdungrEnters => ProblemKind::LofdungrEnters,
                E::SupplyEmpty { .. } => ProblemKind::SupplyEmpty,
                E::HomeHeld { .. } => ProblemKind::HomeHeld,
                E::NoPiece { .. } | E::NoHirthToBoard { .. } => ProblemKind::NoPiece,
                E::Stopped { .. } | E::NoHirthToLeave { .. } => ProblemKind::Stopped,
                E::OnLine { .. } | E::KarveOnLine { .. } => ProblemKind::OnLine,
                E::CarriesStoppedHirth { .. } => ProblemKind::StoppedCrew,
                E::NotAdjacent { .. } => ProblemKind::NoPath,
                E::NoKarve { .. } => ProblemKind::NothingToBoard,
                E::KarveFull { .. } => ProblemKind::KarveFull,
            };
            let label = match e {
                E::NoPiece { kind, at: Some(at) } => {
                    format!("{} has no free {} on {at}", side.name(), kind.name())
                }
                E::NoHirthToLeave { at } => {
                    format!("the Hirþs in the Karve on {at} stopped this turn")
                }
                e => e.to_string(),
            };
            Problem::new(kind, span, label)
        }
        Fault::Crew { at, crews, .. } => {
            let label = match crews.as_slice() {
                [crew] => format!("the Karve on {at} carries {}", battles::hirths(*crew)),
                crews => {
                    let list: Vec<String> = crews.iter().map(|c| c.to_string()).collect();
                    let list = one_of(&list).replace('`', "").replace(" or ", " and ");
                    format!("the Karves on {at} carry {list} Hirþs")
                }
            };
            Problem::new(ProblemKind::Crew, span, label)
        }
        Fault::LofdungrElsewhere { at, .. } => Problem::new(
            ProblemKind::NoPiece,
            span,
            match at {
                Some(at) => format!("{}'s Lofðungr stands on {at}", side.name()),
                None => format!("{}'s Lofðungr has left the board", side.name()),
            },
        ),
        Fault::NoKarve { at } => Problem::new(
            ProblemKind::NoPiece,
            span,
            format!("{} has no Karve on {at}", side.name()),
        ),
        Fault::NoPath { from, to } => Problem::new(
            ProblemKind::NoPath,
            span,
            format!(
                "every way from {from} to {to} crosses a space {} does not hold",
                side.name()
            ),
        ),
        Fault::NotAnAttack { to } => Problem::new(
            ProblemKind::NotAnAttack,
            span,
            match position.controller(*to) {
                Some(_) => format!("{} holds {to}: the move ends there", side.name()),
                None => format!("{to} is empty: the move stops there"),
            },
        ),
        Fault::MannedKarveEnters { crew } => Problem::new(
            ProblemKind::MannedKarveEnters,
            span,
            if *crew == 1 {
                "the Karve enters empty; its Hirþ enters and boards it after".to_owned()
            } else {
                format!("the Karve enters empty; its {crew} Hirþs enter and board it one by one")
            },
        ),
        Fault::OnlyHirthBoards(kind) => Problem::new(
            ProblemKind::OnlyHirthBoards,
            span,
            format!("a {} never boards a Karve", kind.name()),
        ),
        Fault::OnlyHirthLeaves(kind) => Problem::new(
            ProblemKind::OnlyHirthLeaves,
            span,
            format!("a {} is never aboard a Karve", kind.name()),
        ),
        Fault::NothingToBoard { at } => Problem::new(
            ProblemKind::NothingToBoard,
            span,
            match at {
                Some(at) => format!("{} has no Karve with room on {at}", side.name()),
                None => format!(
                    "no loose Hirþ of {} stands by a Karve with room",
                    side.name()
                ),
            },
        ),
        Fault::AmbiguousBoarding { spaces } => {
            let list: Vec<String> = spaces.iter().map(ToString::to_string).collect();
            Problem::new(
                ProblemKind::AmbiguousBoarding,
                span,
                format!("a Hirþ could board on {}", one_of(&list).replace('`', "")),
            )
        }
        Fault::NoKarveToLeave { at } => Problem::new(
            ProblemKind::NoKarveToLeave,
            span,
            format!("{} has no manned Karve on {at}", side.name()),
        ),
        Fault::SameSpace { at } => Problem::new(
            ProblemKind::SameSpace,
            span,
            format!("the move starts and ends on {at}"),
        ),
    }
}
