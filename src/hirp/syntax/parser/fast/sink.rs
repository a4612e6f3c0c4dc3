//! Where the fast reading of a turn goes: the syntax tree, the parts the
//! rules need on the stack, or nothing but a count.
//!
//! The reading hands each part to its sink as it reads it, in place: no
//! part is built and then moved, so a turn read onto the stack is copied
//! nowhere.

use crate::core::Span;
use crate::hirp::syntax::ast::{
    Action, BattleToken, Fate, Label, Outcome, PenningrAction, PenningrMove, Piece, StepToken,
    Turn, WrittenBattle, WrittenFighter, WrittenStep,
};
use crate::hirp::types::{Side, Space};

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

/// Steps a [`CompactTurn`] holds: a turn of more is read by the rules.
const STEPS: usize = 8;
/// Penningr actions a [`CompactTurn`] holds.
const PENNINGR: usize = 4;
/// Battle records a [`CompactTurn`] holds.
const BATTLES: usize = 4;
/// Pieces a [`CompactBattle`] holds.
const FIGHTERS: usize = 16;

/// What fills the room not yet read into.
const NO_STEP: WrittenStep = WrittenStep {
    piece: Piece::Hirth,
    action: Action::Board,
    span: Span { start: 0, end: 0 },
};
const NO_PENNINGR: PenningrAction = PenningrAction {
    side: Side::Gull,
    action: PenningrMove::Double,
    span: Span { start: 0, end: 0 },
};
const NO_FIGHTER: WrittenFighter = WrittenFighter {
    side: Side::Gull,
    piece: Piece::Hirth,
    fate: Fate::RemovedFromGame,
    span: Span { start: 0, end: 0 },
};
const NO_BATTLE: CompactBattle = CompactBattle {
    space: Space::Midr,
    fighters: [NO_FIGHTER; FIGHTERS],
    len: 0,
};

/// A turn read onto the stack: everything the rules need of it, in arrays
/// sized for the usual turn with their lengths, so that reading one
/// allocates nothing and clearing it costs four stores. A turn with more
/// parts than they hold is `overflowed`, and left to the rules to read.
/// Filled in place by [`compact_turn`](super::compact_turn), which clears
/// it first; one buffer serves every turn of a chunk.
#[derive(Clone, Debug)]
pub(crate) struct CompactTurn {
    pub label: Option<Label>,
    steps: [WrittenStep; STEPS],
    penningr: [PenningrAction; PENNINGR],
    battles: [CompactBattle; BATTLES],
    lens: Lens,
}

/// How much of each array of a [`CompactTurn`] is read, and whether a part
/// did not fit.
#[derive(Clone, Copy, Debug, Default)]
struct Lens {
    steps: u8,
    penningr: u8,
    battles: u8,
    overflowed: bool,
}

impl Default for CompactTurn {
    fn default() -> Self {
        CompactTurn {
            label: None,
            steps: [NO_STEP; STEPS],
            penningr: [NO_PENNINGR; PENNINGR],
            battles: [NO_BATTLE; BATTLES],
            lens: Lens::default(),
        }
    }
}

impl CompactTurn {
    /// Empties it for the next turn, keeping its room.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.label = None;
        self.lens = Lens::default();
    }

    /// Whether a part did not fit: the turn must be read by the rules.
    #[inline]
    pub(super) fn overflowed(&self) -> bool {
        self.lens.overflowed
    }

    /// The steps (the fast reading makes no malformed token).
    #[inline]
    pub fn steps(&self) -> &[WrittenStep] {
        &self.steps[..usize::from(self.lens.steps)]
    }

    /// The Penningr actions.
    #[inline]
    pub fn penningr(&self) -> &[PenningrAction] {
        &self.penningr[..usize::from(self.lens.penningr)]
    }

    /// The battle records.
    #[inline]
    pub fn battles(&self) -> &[CompactBattle] {
        &self.battles[..usize::from(self.lens.battles)]
    }
}

/// A battle record of a [`CompactTurn`].
#[derive(Clone, Debug)]
pub(crate) struct CompactBattle {
    pub space: Space,
    fighters: [WrittenFighter; FIGHTERS],
    len: u8,
}

impl CompactBattle {
    /// Its pieces, as written.
    #[inline]
    pub fn fighters(&self) -> &[WrittenFighter] {
        &self.fighters[..usize::from(self.len)]
    }
}

/// Puts `item` at `*len` of `room` and counts it, or marks `overflowed`.
#[inline(always)]
fn put<T>(room: &mut [T], len: &mut u8, item: T, overflowed: &mut bool) {
    match room.get_mut(usize::from(*len)) {
        Some(slot) => {
            *slot = item;
            *len += 1;
        }
        None => *overflowed = true,
    }
}

impl Sink for CompactTurn {
    #[inline]
    fn label(&mut self, label: Label) {
        self.label = Some(label);
    }

    #[inline]
    fn step(&mut self, step: WrittenStep) {
        let lens = &mut self.lens;
        put(&mut self.steps, &mut lens.steps, step, &mut lens.overflowed);
    }

    #[inline]
    fn penningr(&mut self, action: PenningrAction) {
        let lens = &mut self.lens;
        put(
            &mut self.penningr,
            &mut lens.penningr,
            action,
            &mut lens.overflowed,
        );
    }

    #[inline]
    fn battle(&mut self, space: Space) {
        let lens = &mut self.lens;
        match self.battles.get_mut(usize::from(lens.battles)) {
            Some(battle) => {
                battle.space = space;
                battle.len = 0;
                lens.battles += 1;
            }
            None => lens.overflowed = true,
        }
    }

    #[inline]
    fn fighter(&mut self, fighter: WrittenFighter) {
        let lens = &mut self.lens;
        match usize::from(lens.battles)
            .checked_sub(1)
            .and_then(|n| self.battles.get_mut(n))
        {
            Some(battle) => put(
                &mut battle.fighters,
                &mut battle.len,
                fighter,
                &mut lens.overflowed,
            ),
            None => lens.overflowed = true,
        }
    }

    #[inline]
    fn battle_end(&mut self, _: Span) {}

    #[inline]
    fn end(&mut self, _: Span, _: Span) {}
}

/// What plays the steps of a turn as they are read (see
/// [`compact_turn`](super::compact_turn)).
pub(crate) trait Player {
    /// The turn's label, read before its steps.
    fn label(&mut self, label: Label);
    /// The next step: whether it is played, and so not kept.
    fn step(&mut self, step: &WrittenStep) -> bool;
}

/// A turn read onto the stack, its steps first offered to a player.
pub(super) struct Played<'a, P> {
    pub turn: &'a mut CompactTurn,
    pub player: &'a mut P,
}

impl<P: Player> Sink for Played<'_, P> {
    #[inline]
    fn label(&mut self, label: Label) {
        self.turn.label(label);
        self.player.label(label);
    }

    #[inline]
    fn step(&mut self, step: WrittenStep) {
        if !self.player.step(&step) {
            self.turn.step(step);
        }
    }

    #[inline]
    fn penningr(&mut self, action: PenningrAction) {
        self.turn.penningr(action);
    }

    #[inline]
    fn battle(&mut self, space: Space) {
        self.turn.battle(space);
    }

    #[inline]
    fn fighter(&mut self, fighter: WrittenFighter) {
        self.turn.fighter(fighter);
    }

    #[inline]
    fn battle_end(&mut self, span: Span) {
        self.turn.battle_end(span);
    }

    #[inline]
    fn end(&mut self, outcome: Span, turn: Span) {
        self.turn.end(outcome, turn);
    }
}
