//! Where the fast reading of a turn goes: the syntax tree, or nothing but
//! a count.

use crate::syntax::ast::{
    BattleToken, Label, Outcome, PenningrAction, Span, StepToken, Turn, WrittenBattle,
    WrittenFighter, WrittenStep,
};
use crate::types::Space;

/// Where a reading goes: what is made of the parts of a turn as they are
/// read. [`Tree`] makes the turn's syntax tree; [`Tally`] allocates
/// nothing and keeps of a turn its label alone. The reading, and where it
/// gives up, is the same for both.
pub(super) trait Sink {
    /// The steps of a turn.
    type Steps: Collect<StepToken>;
    /// The Penningr actions of an outcome.
    type Penningr: Collect<PenningrAction>;
    /// The pieces of a battle.
    type Fighters: Collect<WrittenFighter>;
    /// A battle.
    type Battle;
    /// The battles of an outcome.
    type Battles: Collect<Self::Battle>;
    /// An outcome.
    type Outcome;
    /// A turn.
    type Turn;

    /// A battle at `space`, `span` its text.
    fn battle(space: Space, fighters: Self::Fighters, span: Span) -> Self::Battle;
    /// Where the last of `battles` ends; `None` when there is none.
    fn battles_end(battles: &Self::Battles) -> Option<usize>;
    /// An outcome, `span` its text.
    fn outcome(penningr: Self::Penningr, battles: Self::Battles, span: Span) -> Self::Outcome;
    /// The text of an outcome.
    fn outcome_span(outcome: &Self::Outcome) -> Span;
    /// A turn, `span` its text from the label to the end of the outcome.
    fn turn(label: Label, steps: Self::Steps, outcome: Self::Outcome, span: Span) -> Self::Turn;
}

/// Where the parts read of one kind go, and how many there are.
pub(super) trait Collect<T>: Default {
    /// Room for `capacity` parts, where room is made.
    fn with_capacity(capacity: usize) -> Self;
    /// Takes the next part.
    fn push(&mut self, item: T);
    /// How many parts were pushed.
    fn len(&self) -> usize;
}

impl<T> Collect<T> for Vec<T> {
    #[inline]
    fn with_capacity(capacity: usize) -> Self {
        Vec::with_capacity(capacity)
    }

    #[inline]
    fn push(&mut self, item: T) {
        Vec::push(self, item);
    }

    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
}

/// The syntax tree of a turn, as the rules make it.
pub(super) struct Tree;

impl Sink for Tree {
    type Steps = Vec<StepToken>;
    type Penningr = Vec<PenningrAction>;
    type Fighters = Vec<WrittenFighter>;
    type Battle = BattleToken;
    type Battles = Vec<BattleToken>;
    type Outcome = Outcome;
    type Turn = Turn;

    #[inline]
    fn battle(space: Space, fighters: Vec<WrittenFighter>, span: Span) -> BattleToken {
        BattleToken::Battle(WrittenBattle {
            space,
            fighters,
            span,
        })
    }

    #[inline]
    fn battles_end(battles: &Vec<BattleToken>) -> Option<usize> {
        battles.last().map(|battle| battle.span().end)
    }

    #[inline]
    fn outcome(penningr: Vec<PenningrAction>, battles: Vec<BattleToken>, span: Span) -> Outcome {
        Outcome {
            penningr,
            battles,
            span,
        }
    }

    #[inline]
    fn outcome_span(outcome: &Outcome) -> Span {
        outcome.span
    }

    #[inline]
    fn turn(label: Label, steps: Vec<StepToken>, outcome: Outcome, span: Span) -> Turn {
        Turn {
            leading: Vec::new(),
            span,
            label,
            steps,
            outcome,
            trailing: Vec::new(),
        }
    }
}

/// A count of the parts read, keeping none of them; as a [`Sink`], the
/// label of a turn and nothing else.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally(usize);

impl<T> Collect<T> for Tally {
    #[inline]
    fn with_capacity(_: usize) -> Self {
        Tally(0)
    }

    #[inline]
    fn push(&mut self, _: T) {
        self.0 += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.0
    }
}

impl Sink for Tally {
    type Steps = Tally;
    type Penningr = Tally;
    type Fighters = Tally;
    type Battle = Span;
    type Battles = Ends;
    type Outcome = Span;
    type Turn = Label;

    #[inline]
    fn battle(_: Space, _: Tally, span: Span) -> Span {
        span
    }

    #[inline]
    fn battles_end(battles: &Ends) -> Option<usize> {
        (battles.count > 0).then_some(battles.end)
    }

    #[inline]
    fn outcome(_: Tally, _: Ends, span: Span) -> Span {
        span
    }

    #[inline]
    fn outcome_span(span: &Span) -> Span {
        *span
    }

    #[inline]
    fn turn(label: Label, _: Tally, _: Span, _: Span) -> Label {
        label
    }
}

/// Battles counted, and where the last ends.
#[derive(Clone, Copy, Default)]
pub(super) struct Ends {
    count: usize,
    end: usize,
}

impl Collect<Span> for Ends {
    #[inline]
    fn with_capacity(_: usize) -> Self {
        Ends::default()
    }

    #[inline]
    fn push(&mut self, span: Span) {
        self.count += 1;
        self.end = span.end;
    }

    #[inline]
    fn len(&self) -> usize {
        self.count
    }
}

impl<A: smallvec::Array> Collect<A::Item> for smallvec::SmallVec<A> {
    #[inline]
    fn with_capacity(_: usize) -> Self {
        smallvec::SmallVec::new()
    }

    #[inline]
    fn push(&mut self, item: A::Item) {
        smallvec::SmallVec::push(self, item);
    }

    #[inline]
    fn len(&self) -> usize {
        smallvec::SmallVec::len(self)
    }
}

/// A turn read onto the stack: everything the rules need of it, in
/// [`SmallVec`](smallvec::SmallVec)s sized for the usual turn, so that
/// reading one allocates nothing. Filled by
/// [`compact_turn`](super::compact_turn), which reads with the [`Compact`]
/// sink.
#[derive(Clone, Debug, Default)]
pub(crate) struct CompactTurn {
    pub label: Option<Label>,
    /// The steps (the fast reading makes no malformed token).
    pub steps: Steps,
    pub penningr: smallvec::SmallVec<[PenningrAction; 2]>,
    pub battles: smallvec::SmallVec<[CompactBattle; 2]>,
}

/// The steps of a [`CompactTurn`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Steps(pub smallvec::SmallVec<[WrittenStep; 5]>);

impl Collect<StepToken> for Steps {
    #[inline]
    fn with_capacity(_: usize) -> Self {
        Steps::default()
    }

    #[inline]
    fn push(&mut self, token: StepToken) {
        // The fast reading makes no other token.
        if let StepToken::Step(step) = token {
            self.0.push(step);
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A battle record of a [`CompactTurn`].
#[derive(Clone, Debug)]
pub(crate) struct CompactBattle {
    pub space: Space,
    pub fighters: smallvec::SmallVec<[WrittenFighter; 4]>,
}

/// An outcome of a [`CompactTurn`].
pub(crate) struct CompactOutcome {
    pub penningr: smallvec::SmallVec<[PenningrAction; 2]>,
    pub battles: smallvec::SmallVec<[CompactBattle; 2]>,
    span: Span,
}

/// What the rules need of a turn, on the stack: the parts of a
/// [`CompactTurn`].
pub(crate) struct Compact;

impl Sink for Compact {
    type Steps = Steps;
    type Penningr = smallvec::SmallVec<[PenningrAction; 2]>;
    type Fighters = smallvec::SmallVec<[WrittenFighter; 4]>;
    type Battle = (CompactBattle, Span);
    type Battles = Kept;
    type Outcome = CompactOutcome;
    type Turn = (Label, Steps, CompactOutcome);

    #[inline]
    fn battle(space: Space, fighters: Self::Fighters, span: Span) -> (CompactBattle, Span) {
        (CompactBattle { space, fighters }, span)
    }

    #[inline]
    fn battles_end(battles: &Kept) -> Option<usize> {
        (!battles.battles.is_empty()).then_some(battles.end)
    }

    #[inline]
    fn outcome(penningr: Self::Penningr, battles: Kept, span: Span) -> CompactOutcome {
        CompactOutcome {
            penningr,
            battles: battles.battles,
            span,
        }
    }

    #[inline]
    fn outcome_span(outcome: &CompactOutcome) -> Span {
        outcome.span
    }

    #[inline]
    fn turn(label: Label, steps: Steps, outcome: CompactOutcome, _: Span) -> Self::Turn {
        (label, steps, outcome)
    }
}

/// The battles of a [`CompactTurn`] kept, and where the last ends.
#[derive(Default)]
pub(crate) struct Kept {
    battles: smallvec::SmallVec<[CompactBattle; 2]>,
    end: usize,
}

impl Collect<(CompactBattle, Span)> for Kept {
    #[inline]
    fn with_capacity(_: usize) -> Self {
        Kept::default()
    }

    #[inline]
    fn push(&mut self, (battle, span): (CompactBattle, Span)) {
        self.battles.push(battle);
        self.end = span.end;
    }

    #[inline]
    fn len(&self) -> usize {
        self.battles.len()
    }
}
