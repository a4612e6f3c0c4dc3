//! One turn of a game replayed: its label, its written steps and their
//! count, its Penningr actions, its battles, and the end of the turn.

use smallvec::SmallVec;

use super::battles;
use super::count::count_fixes;
use super::offers;
use super::problem::{
    Problem, ProblemKind, crew_help, offer_fixes, penningr_problem, unmarked_attack,
};
use super::recover::{Ahead, faults_within};
use super::repair;
use super::written::{self, FlexibleAttack, rest_plays};
use super::{Observer, StepView};
use crate::core::Edit;
use crate::core::Severity;
use crate::core::{Malformed, Span};
use crate::hirp::rules::STEPS_PER_TURN;
use crate::hirp::rules::{Offer, PenningrError, Position};
use crate::hirp::syntax::ast::{self, BattleToken, Label, PenningrMove, StepToken, Turn};
use crate::hirp::types::Space;

/// How the label of a step count's problem starts: the steps counted
/// follow it.
const COUNTED: &str = "these steps count ";

/// The steps a step count's problem says its turn counts.
pub(super) fn counted(problem: &crate::core::diagnostic::Problem) -> Option<u8> {
    let rest = problem.label.strip_prefix(COUNTED)?;
    rest[..rest.find(':')?].parse().ok()
}

/// A game being replayed.
pub(super) struct Replay<'o> {
    pub position: Position,
    /// The turns played before the game's first written turn: those before
    /// the position of its `[Position]` tag, else none.
    pub first: usize,
    pub problems: Vec<Problem>,
    pub observer: &'o mut dyn Observer,
    /// This turn's attacks that could stand on more than one space.
    pub flexible: Vec<FlexibleAttack>,
    /// Tokens that could not be read whose repair the rules confirmed: the
    /// repairs their syntax errors show. Others show none.
    pub confirmed: Vec<Span>,
    /// Whether the replay goes on from a guess (a retreat the record does
    /// not tell, a faulty step or a step count with no one repair): from a
    /// position the record may not mean, so no later problem of the game is
    /// given a repair.
    pub guessing: bool,
}

/// A token as a message quotes it: a long one cut to its first characters.
fn short(text: &str) -> std::borrow::Cow<'_, str> {
    const SHOWN: usize = 24;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

impl Replay<'_> {
    /// Adds a problem of the turn labelled `turn`.
    pub fn push(&mut self, mut problem: Problem, turn: Label) {
        problem.turn = Some(turn.to_string());
        if self.guessing {
            problem.fix = None;
        }
        self.problems.push(problem);
    }

    /// Stops the game's replay at `turn`, saying why.
    pub fn stop(&mut self, turn: &Turn, why: &str) {
        self.problems.push(Problem::new(
            ProblemKind::Unread,
            turn.label.span,
            format!("{why}; the rest of the game is not checked"),
        ));
    }

    /// Replays the game's turn `n` (from 0); `following` are the turns after
    /// it. `false` when the game's replay must stop.
    pub fn turn(&mut self, turn: &Turn, n: usize, following: &[Turn]) -> bool {
        let label = Label::of_turn(self.first + n);
        if !self.check_label(turn, n, label, following.first()) {
            return false;
        }
        let crowded_before = self.position.crowded();
        let start = self.position;
        let turns = start.turns();
        self.flexible.clear();
        let Some((counts, guessed)) = self.steps(turn, n, following, label) else {
            return false;
        };
        let steps = counts.iter().fold(0u8, |sum, &n| sum.saturating_add(n));
        if self.penningr(turn, following, label) {
            // The refusal may come after any step, but not after a sixth
            // (`docs/rules.md#refused-offer`).
            if steps > STEPS_PER_TURN && !guessed {
                self.step_count(turn, &counts, label);
            }
            self.battles_after_refusal(turn, label);
            self.position.close_ended_turn(turns);
            self.observer.turn(turn, n, &self.position);
            return true;
        }
        // After a fault with no fix the count is a guess: not reported.
        if steps != STEPS_PER_TURN && !guessed {
            self.step_count(turn, &counts, label);
            self.repair_count(turn, &start, steps, following);
        }
        if !self.battles(turn, following, label) {
            self.end_turn(turn, &crowded_before, label);
        }
        self.position.close_ended_turn(turns);
        self.observer.turn(turn, n, &self.position);
        true
    }

    /// Checks the turn's label against its place `n` in the game (`label`);
    /// `false` when the turn is the wrong side's and a turn may be missing,
    /// and the replay stops. When the turn after it (`next`) is labelled as
    /// this one's successor, the label alone is wrong
    /// (`docs/rules.md#a-label-of-the-wrong-side`): the turn is read as the
    /// side to move's, and the label's repair proposed.
    fn check_label(&mut self, turn: &Turn, n: usize, label: Label, next: Option<&Turn>) -> bool {
        // The turn's place in the game, counting those before its position.
        let n = self.first + n;
        let side = self.position.to_move();
        if turn.label.side != side {
            let mislabelled = next.is_some_and(|next| Label::of_turn(n + 1).same_turn(&next.label));
            let why = if mislabelled {
                ", as the turn after it shows"
            } else {
                "; a turn may be missing"
            };
            let problem = Problem::new(
                ProblemKind::WrongSide,
                turn.label.span,
                format!("turn {} of the game is {}'s{why}", n + 1, side.name()),
            )
            .with_help(format!("write `{label}`"));
            if mislabelled {
                let fix = Edit::new(turn.label.span, label.to_string());
                self.push(problem.with_fix(fix), label);
                return true;
            }
            self.push(problem, label);
            self.stop(turn, "the turns no longer alternate");
            return false;
        }
        if !label.same_turn(&turn.label) {
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
        label: Label,
    ) -> Option<(SmallVec<[u8; 8]>, bool)> {
        let mut counts = SmallVec::new();
        let mut guessed = false;
        // Steps taken before the token.
        let mut count = 0u8;
        let start = self.position;
        for (t, token) in turn.steps.iter().enumerate() {
            let rest = &turn.steps[t + 1..];
            self.position.reset_steps();
            let steps = match token {
                StepToken::Malformed(malformed) => self.malformed(turn, malformed, count, rest)?,
                StepToken::Step(step) => {
                    let ahead = Ahead {
                        start,
                        rest,
                        turn,
                        following,
                    };
                    let (steps, fixed) = self.step(step, &ahead, count, label);
                    guessed |= !fixed;
                    steps
                }
            };
            counts.push(steps);
            count = count.saturating_add(steps);
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

    /// Plays the fix of a token that could not be read, and gives its syntax
    /// error the fix as help; returns the steps it took, or `None` (the game's
    /// replay stops) when no edit makes the turn legal.
    fn malformed(
        &mut self,
        turn: &Turn,
        malformed: &Malformed,
        count: u8,
        rest: &[StepToken],
    ) -> Option<u8> {
        let fixes = repair::token_fixes(&malformed.text, &self.position, count, rest);
        let Some(fix) = fixes.first() else {
            self.stop(
                turn,
                &format!("`{}` could not be read", short(&malformed.text)),
            );
            return None;
        };
        self.confirmed.push(malformed.span);
        let one = (fixes.len() == 1 && !self.guessing)
            .then(|| Edit::new(malformed.span, fix.text.clone()));
        self.guessing |= fixes.len() > 1;
        if let Some(problem) = self.problems.iter_mut().find(|p| {
            p.code
                .kind::<crate::hirp::syntax::SyntaxErrorKind>()
                .is_some()
                && malformed.span.contains(p.span.start)
        }) {
            // The notation's own repair, played, keeps its explanation; a
            // Karve's move says the real crew.
            let notation_says = one.is_some() && problem.fix == one && problem.help.is_some();
            match crew_help(&fixes) {
                Some(help) => problem.help = Some(help),
                None if notation_says => {}
                None => offer_fixes(problem, &fixes),
            }
            problem.fix = one;
        }
        Some(repair::apply_fix(&mut self.position, fix))
    }

    /// Plays one written step, reporting and recovering from a fault; returns
    /// the steps it took and `false` when it was a fault with no fix.
    fn step(
        &mut self,
        step: &ast::WrittenStep,
        ahead: &Ahead<'_>,
        count: u8,
        label: Label,
    ) -> (u8, bool) {
        let before = self.position;
        let mut applied = match written::play_written(&mut self.position, step, false) {
            Ok(applied) => applied,
            Err(fault) => {
                self.position = before;
                return self.recover(step, &fault, before, ahead, count, label);
            }
        };
        // Where the record cannot tell which Hirþ acts, the one that lets
        // the rest of the turn be played.
        if applied.choice && !rest_plays(self.position, ahead.rest) {
            let mut other = before;
            if let Ok(alternative) = written::apply(&mut other, step, true)
                && rest_plays(other, ahead.rest)
            {
                self.position = other;
                applied = alternative;
            }
        }
        if let Some(target) = applied.unmarked_attack {
            let mut problem = unmarked_attack(step, target, self.position.to_move());
            let others = other_readings(step, &before, count, ahead);
            if !others.is_empty() {
                // Another space written for the one meant plays as well.
                let marked = problem.fix.take().map(|f| f.replacement);
                let texts: Vec<String> = marked.into_iter().chain(others).collect();
                problem = problem.offering("write", &texts);
                self.guessing = true;
            }
            self.push(problem, label);
        }
        self.flexible.extend(applied.flexible);
        (applied.steps(), true)
    }

    /// Reports a turn whose steps are not five, with what each token counts
    /// (read back by [`counted`]).
    fn step_count(&mut self, turn: &Turn, counts: &[u8], label: Label) {
        let steps = counts.iter().fold(0u8, |sum, &n| sum.saturating_add(n));
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
                format!("{COUNTED}{steps}: {}", parts.join(", ")),
            ),
            label,
        );
    }

    /// Gives the step count just reported the repairs that make the turn
    /// five steps, and goes on from the one repair when there is one.
    fn repair_count(&mut self, turn: &Turn, start: &Position, steps: u8, following: &[Turn]) {
        let fixes = count_fixes(start, turn, steps, following);
        let Some(problem) = self.problems.last_mut() else {
            return;
        };
        let written: Vec<String> = fixes.iter().map(|f| f.steps.clone()).collect();
        // With no one repair the replay goes on from the steps as written.
        let guessing = fixes.len() != 1;
        match fixes.as_slice() {
            [] => {}
            [fix] => {
                problem.help = Some(format!("write the steps `{}`", fix.steps));
                problem.fix = (!self.guessing).then(|| fix.edit.clone());
                self.position = fix.position;
            }
            _ => {
                let shown = &written[..written.len().min(repair::MAX_FIXES)];
                problem.offer("write the steps", shown);
            }
        }
        self.guessing |= guessing;
    }

    /// Applies the turn's Penningr actions; `true` when a refusal ended the
    /// game. An offer is answered in its turn
    /// (`docs/rules.md#offers-are-answered-at-once`).
    fn penningr(&mut self, turn: &Turn, following: &[Turn], label: Label) -> bool {
        let mut last_offer: Option<Span> = None;
        // An answer to an offer that was reported as not allowed is part of
        // that one mistake: it is skipped.
        let mut skip_answer = false;
        for (n, action) in turn.outcome.penningr.iter().enumerate() {
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
                Ok(_) if !answer => last_offer = Some(action.span),
                Ok(_) => {}
                Err(e) => {
                    let mut problem = penningr_problem(e, action);
                    if e == PenningrError::TripleBeforeDouble {
                        let penningr = *self.position.penningr();
                        let repair = offers::triple_repair(penningr, turn, n, following);
                        problem.fix = repair.as_ref().and_then(|(_, fix)| fix.clone());
                        problem.help = repair.map(|(help, _)| help);
                    }
                    self.push(problem, label);
                    if self.adopt_penningr(e, action) {
                        skip_answer = !answer;
                    }
                }
            }
        }
        if self.position.result().is_some() {
            return true;
        }
        if let (Some((by, offer)), Some(span)) = (self.position.penningr().pending, last_offer) {
            let answer = by.opponent();
            let offered = if offer == Offer::Double {
                "double"
            } else {
                "triple"
            };
            self.push(
                Problem::new(
                    ProblemKind::Unanswered,
                    span,
                    format!(
                        "{} must accept or refuse the {offered} at once",
                        answer.name()
                    ),
                )
                .offering("write", &[format!("{answer}a"), format!("{answer}r")]),
                label,
            );
            self.position.withdraw_offer();
        }
        false
    }

    /// After a Penningr action the rules refuse, adopts the reading the
    /// record most likely means; `true` when the action is simply dropped
    /// (and an answer to it after it is dropped too).
    fn adopt_penningr(&mut self, e: PenningrError, action: &ast::PenningrAction) -> bool {
        let accept = action.action == PenningrMove::Accept;
        match e {
            // Read as the other player's answer.
            PenningrError::OwnOffer { other, .. } => {
                let _ = self.position.answer(other, accept);
                false
            }
            // An answer means an offer was made: the one the other player
            // could make.
            PenningrError::NothingToAnswer => {
                let offer = if self.position.penningr().multiplier() == 1 {
                    Offer::Double
                } else {
                    Offer::Triple
                };
                if self.position.offer(action.side.opponent(), offer).is_ok() {
                    let _ = self.position.answer(action.side, accept);
                }
                false
            }
            // The waiting offer is still the one to answer.
            PenningrError::OfferPending { .. } => false,
            _ => true,
        }
    }

    /// Battles written after a refusal that ended the game: never fought.
    fn battles_after_refusal(&mut self, turn: &Turn, label: Label) {
        if let (Some(first), Some(last)) =
            (turn.outcome.battles.first(), turn.outcome.battles.last())
            && matches!(first, BattleToken::Battle(_))
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
    }

    /// Fights the turn's battles and compares them with the record; `true`
    /// when a retreat ended the game.
    fn battles(&mut self, turn: &Turn, following: &[Turn], label: Label) -> bool {
        let repaired = self.confirmed_outcome(turn, following);
        let written = battles::written(repaired.as_ref().unwrap_or(&turn.outcome));
        let mut found = Vec::new();
        let resolution = battles::resolve(
            &mut self.position,
            written.as_ref(),
            following,
            &self.flexible,
            &mut found,
        );
        for problem in found {
            self.push(problem, label);
        }
        self.guessing |= resolution.guessed;
        if !resolution.battles.is_empty() {
            self.observer
                .battles(turn, &resolution.battles, &self.position);
        }
        resolution.victory.is_some()
    }

    /// The turn's outcome with its battle records that could not be read
    /// repaired as their syntax errors propose, when the battles so written
    /// are the ones the rules fight (comparing them finds no error): the
    /// repairs are then confirmed, and the record's choices (who advances,
    /// where a Lofðungr retreats) followed.
    fn confirmed_outcome(&mut self, turn: &Turn, following: &[Turn]) -> Option<ast::Outcome> {
        let repaired = repair::repaired_outcome(&turn.outcome, &self.problems)?;
        let agrees = {
            let written = battles::written(&repaired)?;
            let (mut trial, mut found) = (self.position, Vec::new());
            battles::resolve(
                &mut trial,
                Some(&written),
                following,
                &self.flexible,
                &mut found,
            );
            found.iter().all(|p| p.severity != Severity::Error)
        };
        if !agrees {
            return None;
        }
        self.confirmed
            .extend(turn.outcome.battles.iter().filter_map(|token| match token {
                BattleToken::Malformed(malformed) => Some(malformed.span),
                BattleToken::Battle(_) => None,
            }));
        Some(repaired)
    }

    /// Ends the turn, reporting Karves left crowded on a space by this turn
    /// (those crowded before it were reported then).
    fn end_turn(&mut self, turn: &Turn, crowded_before: &[Space], label: Label) {
        let end = self.position.end_turn();
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
    }
}

/// Edits of a step read as an attack with no `>` that make it a move the
/// whole rest of the game plays after with no fault (`L6m` for `L64`):
/// readings as likely as the attack.
fn other_readings(
    step: &ast::WrittenStep,
    before: &Position,
    count: u8,
    ahead: &Ahead<'_>,
) -> Vec<String> {
    let text = step.to_string();
    let candidates = repair::fixes_up_to(&text, None, before, count, ahead.rest, usize::MAX);
    candidates
        .into_iter()
        .filter(|fix| !fix.text.contains('>') && fix.text.len() == text.len())
        .filter(|fix| {
            let mut position = *before;
            repair::apply_fix(&mut position, fix);
            faults_within(position, ahead, usize::MAX) == 0
        })
        .map(|fix| fix.text)
        .take(repair::MAX_FIXES - 1)
        .collect()
}

/// The step of a turn that brought a Karve to a crowded space, else the turn.
fn crowding_step(turn: &Turn, space: Space) -> Span {
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
