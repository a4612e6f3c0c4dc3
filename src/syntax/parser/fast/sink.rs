//! Where the fast reading of a turn goes: the syntax tree, the parts the
//! rules need on the stack, or nothing but a count.
//!
//! The reading hands each part to its sink as it reads it, in place: no
//! part is built and then moved, so a turn read onto the stack is copied
//! nowhere.

use smallvec::SmallVec;

use crate::syntax::ast::{
    BattleToken, Label, Outcome, PenningrAction, Span, StepToken, Turn, WrittenBattle,
    WrittenFighter, WrittenStep,
};
use crate::types::Space;

/// Where a reading goes: what is made of the parts of a turn as they are
/// read, in the order read. [`Tree`] makes the turn's syntax tree;
/// [`Tally`] keeps nothing; [`CompactTurn`] keeps what the rules need. The
/// reading, which counts the parts itself, and where it gives up, is the
/// same for all.
pub(super) trait Sink {
    /// The turn's label.
    fn label(&mut self, label: Label);
    /// The next step.
    fn step(&mut self, step: WrittenStep);
    /// The next Penningr action.
    fn penningr(&mut self, action: PenningrAction);
    /// A battle begins, at `space`.
    fn battle(&mut self, space: Space);
    /// The next piece of the battle begun last.
    fn fighter(&mut self, fighter: WrittenFighter);
    /// The battle begun last ends, `span` its text.
    fn battle_end(&mut self, span: Span);
    /// The outcome ends, `span` its text; the turn is whole, `turn` its text
    /// from the label to the end of the outcome.
    fn end(&mut self, outcome: Span, turn: Span);
}

/// The syntax tree of a turn, as the rules make it, built part by part.
#[derive(Default)]
pub(super) struct Tree {
    label: Option<Label>,
    steps: Vec<StepToken>,
    penningr: Vec<PenningrAction>,
    battles: Vec<BattleToken>,
    /// The pieces of the battle begun last, and its space.
    fighters: Vec<WrittenFighter>,
    space: Option<Space>,
    outcome: Span,
    span: Span,
}

impl Tree {
    /// The turn read; `None` when no label was read.
    pub(super) fn into_turn(self) -> Option<Turn> {
        Some(Turn {
            leading: Vec::new(),
            span: self.span,
            label: self.label?,
            steps: self.steps,
            outcome: Outcome {
                penningr: self.penningr,
                battles: self.battles,
                span: self.outcome,
            },
            trailing: Vec::new(),
        })
    }
}

impl Sink for Tree {
    #[inline]
    fn label(&mut self, label: Label) {
        self.label = Some(label);
        self.steps.reserve(5);
    }

    #[inline]
    fn step(&mut self, step: WrittenStep) {
        self.steps.push(StepToken::Step(step));
    }

    #[inline]
    fn penningr(&mut self, action: PenningrAction) {
        self.penningr.push(action);
    }

    #[inline]
    fn battle(&mut self, space: Space) {
        self.space = Some(space);
        self.fighters = Vec::with_capacity(4);
    }

    #[inline]
    fn fighter(&mut self, fighter: WrittenFighter) {
        self.fighters.push(fighter);
    }

    #[inline]
    fn battle_end(&mut self, span: Span) {
        if let Some(space) = self.space.take() {
            self.battles.push(BattleToken::Battle(WrittenBattle {
                space,
                fighters: std::mem::take(&mut self.fighters),
                span,
            }));
        }
    }

    #[inline]
    fn end(&mut self, outcome: Span, turn: Span) {
        self.outcome = outcome;
        self.span = turn;
    }
}

/// Nothing kept of the parts read.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally;

impl Sink for Tally {
    #[inline(always)]
    fn label(&mut self, _: Label) {}

    #[inline(always)]
    fn step(&mut self, _: WrittenStep) {}

    #[inline(always)]
    fn penningr(&mut self, _: PenningrAction) {}

    #[inline(always)]
    fn battle(&mut self, _: Space) {}

    #[inline(always)]
    fn fighter(&mut self, _: WrittenFighter) {}

    #[inline(always)]
    fn battle_end(&mut self, _: Span) {}

    #[inline(always)]
    fn end(&mut self, _: Span, _: Span) {}
}

/// A turn read onto the stack: everything the rules need of it, in
/// [`SmallVec`]s sized for the usual turn, so that reading one allocates
/// nothing. Filled in place by [`compact_turn`](super::compact_turn),
/// which clears it first; one buffer serves every turn of a chunk.
#[derive(Clone, Debug, Default)]
pub(crate) struct CompactTurn {
    pub label: Option<Label>,
    /// The steps (the fast reading makes no malformed token).
    pub steps: Steps,
    pub penningr: SmallVec<[PenningrAction; 2]>,
    pub battles: SmallVec<[CompactBattle; 2]>,
}

impl CompactTurn {
    /// Empties it for the next turn, keeping its room.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.label = None;
        self.steps.0.clear();
        self.penningr.clear();
        self.battles.clear();
    }
}

/// The steps of a [`CompactTurn`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Steps(pub SmallVec<[WrittenStep; 5]>);

/// A battle record of a [`CompactTurn`].
#[derive(Clone, Debug)]
pub(crate) struct CompactBattle {
    pub space: Space,
    pub fighters: SmallVec<[WrittenFighter; 4]>,
}

impl Sink for CompactTurn {
    #[inline]
    fn label(&mut self, label: Label) {
        self.label = Some(label);
    }

    #[inline]
    fn step(&mut self, step: WrittenStep) {
        self.steps.0.push(step);
    }

    #[inline]
    fn penningr(&mut self, action: PenningrAction) {
        self.penningr.push(action);
    }

    #[inline]
    fn battle(&mut self, space: Space) {
        self.battles.push(CompactBattle {
            space,
            fighters: SmallVec::new(),
        });
    }

    #[inline]
    fn fighter(&mut self, fighter: WrittenFighter) {
        if let Some(battle) = self.battles.last_mut() {
            battle.fighters.push(fighter);
        }
    }

    #[inline]
    fn battle_end(&mut self, _: Span) {}

    #[inline]
    fn end(&mut self, _: Span, _: Span) {}
}
