//! A written step meets a position: `Khhh03` becomes the rules steps it
//! stands for, or a [`Fault`] saying why it cannot.
//!
//! [`play_written`] reads one action of the notation at a time (enter,
//! enter and board, board, leave, move), as `rules/step.rs` plays one kind
//! of rules step at a time. A move walks the shortest way
//! (`docs/rules.md#shortest-walk`). Where the record cannot say which piece
//! acts, the choices are those of `docs/rules.md#which-karve`,
//! `docs/rules.md#which-hirth` and `docs/rules.md#where-an-attacker-stands`.

use smallvec::SmallVec;

mod write;

pub(crate) use write::{writable, write_step};

use super::problem::{Problem, fault_problem, unmarked_attack};
use crate::hirp::rules::board;
use crate::hirp::rules::reading::{boarding_karve, leaving_karve};
use crate::hirp::rules::{Arrival, CREW_MAX, KarveId, Mover, Position, Step, StepError};
use crate::hirp::syntax::ast::{self, Action, Destination, Piece, StepToken};
use crate::hirp::types::{PieceKind, Space};

/// Why a written step cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// The rules refused one of the steps.
    Play(StepError),
    /// No Karve on `at` carries the written crew.
    Crew {
        at: Space,
        written: u32,
        crews: Vec<u8>,
    },
    /// The Lofðungr is not on the space the step starts from.
    LofdungrElsewhere { from: Space, at: Option<Space> },
    /// No Karve at all on the space.
    NoKarve { at: Space },
    /// No path through own spaces.
    NoPath { from: Space, to: Space },
    /// `>` on a move into a space the opponent does not hold.
    NotAnAttack { to: Space },
    /// `Kh...e`: a Karve with a crew entering.
    MannedKarveEnters { crew: u32 },
    /// `Li`, `Ki`, `Lei`, `Kei`.
    OnlyHirthBoards(PieceKind),
    /// `Lv3`, `Kv3`.
    OnlyHirthLeaves(PieceKind),
    /// `Hi` or `Hei` with no Karve to board (on `at`, if the space is known).
    NothingToBoard { at: Option<Space> },
    /// `Hi` with several spaces where a Hirþ could board.
    AmbiguousBoarding { spaces: Vec<Space> },
    /// `Hv3` with no manned Karve on 3.
    NoKarveToLeave { at: Space },
    /// `L00`.
    SameSpace { at: Space },
}

impl From<StepError> for Fault {
    fn from(e: StepError) -> Self {
        Fault::Play(e)
    }
}

/// A written step played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Applied {
    /// The rules steps taken, in order (a written step takes at most five).
    pub played: SmallVec<[Step; 5]>,
    /// The step attacks without `>`: the space it attacks.
    pub unmarked_attack: Option<Space>,
    /// The record could not say which Hirþ acted, and another choice exists.
    pub choice: bool,
    /// An attack whose walk could have ended on other spaces just as short.
    pub flexible: Option<FlexibleAttack>,
}

impl Applied {
    /// The number of rules steps taken.
    pub fn steps(&self) -> u8 {
        u8::try_from(self.played.len()).unwrap_or(u8::MAX)
    }
}

/// An attack written as a walk with several shortest ways that end on
/// different spaces (`H4>5` via 3, 6 or m): the record cannot say which space
/// the attacker stands on; its battle record may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FlexibleAttack {
    /// The attacking piece.
    pub mover: Mover,
    /// The attacked space.
    pub target: Space,
    /// The space the replay put it on.
    pub origin: Space,
    /// Every space it could stand on, as bits of board indices.
    pub origins: u16,
}

/// A written step resolved against a position: what it stands for in the
/// rules. See [`resolve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The rules steps the written step stands for, in order: `Khhh03` is
    /// two moves of the Karve, `Hei` an entry and a boarding.
    pub steps: Vec<Step>,
    /// The position after them.
    pub position: Position,
    /// A warning the replay gives for it: an attack written without `>`,
    /// which is read as the attack it is.
    pub warning: Option<Problem>,
}

/// Resolves a written step against a position, as the replay reads it: the
/// rules steps it stands for and the position after them, or the problem
/// the replay reports for it (its code, what the rules computed there, and
/// the step's span). The steps count against the turn's five, as
/// [`Position::steps`] gives them. Where the record cannot tell which of
/// two Hirþs on a space acts (one that stopped this turn and a free one),
/// the replay's first choice is taken. `position` is not changed.
///
/// ```
/// use hirp::hirp::rules::Position;
/// use hirp::hirp::syntax::WrittenStep;
///
/// let start = Position::new();
/// let step: WrittenStep = "He".parse().unwrap();
/// let resolved = hirp::hirp::replay::resolve(&start, &step).unwrap();
/// assert_eq!(resolved.steps.len(), 1);
///
/// let wrong: WrittenStep = "Khh01".parse().unwrap();
/// let problem = hirp::hirp::replay::resolve(&start, &wrong).unwrap_err();
/// assert_eq!(problem.code.to_string(), "hirp::step::no_piece");
/// assert_eq!(problem.label, "Gull has no Karve on 0");
/// ```
#[expect(
    clippy::result_large_err,
    reason = "the error is the replay's own diagnostic, made once for a faulty step"
)]
pub fn resolve(position: &Position, step: &ast::WrittenStep) -> Result<Resolved, Problem> {
    let mut after = *position;
    match play_written(&mut after, step, false) {
        Ok(applied) => Ok(Resolved {
            steps: applied.played.to_vec(),
            warning: applied
                .unmarked_attack
                .map(|target| unmarked_attack(step, target, after.to_move())),
            position: after,
        }),
        Err(fault) => Err(fault_problem(&fault, step, position)),
    }
}

/// Plays a written step for the side to move; on a fault the position is
/// left as it was. `alternative` flips the choice between a Hirþ that stopped
/// this turn and a free one, where the record cannot tell them apart.
pub(super) fn apply(
    position: &mut Position,
    step: &ast::WrittenStep,
    alternative: bool,
) -> Result<Applied, Fault> {
    let mut trial = *position;
    let applied = play_written(&mut trial, step, alternative)?;
    *position = trial;
    Ok(applied)
}

/// Whether written steps play from `position` without a fault, each with
/// either choice of Hirþ (malformed tokens are passed over).
pub(super) fn rest_plays(mut position: Position, rest: &[StepToken]) -> bool {
    rest.iter().all(|token| match token {
        StepToken::Step(step) => plays_either_way(&mut position, step),
        StepToken::Malformed(_) => true,
    })
}

/// Whether written steps play from `position` without a fault, each with
/// either choice of Hirþ, as [`rest_plays`] has them play.
pub(super) fn steps_play(mut position: Position, rest: &[ast::WrittenStep]) -> bool {
    rest.iter()
        .all(|step| plays_either_way(&mut position, step))
}

/// Plays a written step with the first choice of Hirþ, else the other;
/// whether either played.
fn plays_either_way(position: &mut Position, step: &ast::WrittenStep) -> bool {
    position.reset_steps();
    apply(position, step, false).is_ok() || apply(position, step, true).is_ok()
}

/// Plays a written step as [`apply`] does, but on a fault leaves the position
/// part-way through the step: for a caller that keeps the position before
/// and puts it back, which saves a copy.
pub(super) fn play_written(
    pos: &mut Position,
    step: &ast::WrittenStep,
    alternative: bool,
) -> Result<Applied, Fault> {
    let mut applied = Applied::default();
    match step.action {
        Action::Enter { to } => enter(pos, step.piece, to, &mut applied)?,
        Action::EnterAndBoard => enter_and_board(pos, step.piece, &mut applied)?,
        Action::Board => board_karve(pos, step.piece.kind(), alternative, &mut applied)?,
        Action::Leave { karve, to } => {
            leave(pos, step.piece.kind(), karve, to, alternative, &mut applied)?;
        }
        Action::Move { from, to } => move_piece(pos, step.piece, from, to, &mut applied)?,
    }
    Ok(applied)
}

/// `He`, `Ke`, `He7`, `He>1`: enter on the home space, then perhaps walk on.
fn enter(
    pos: &mut Position,
    piece: Piece,
    to: Option<Destination>,
    applied: &mut Applied,
) -> Result<(), Fault> {
    if let Piece::Karve { crew } = piece
        && crew > 0
    {
        return Err(Fault::MannedKarveEnters { crew });
    }
    let kind = piece.kind();
    play(pos, Step::Enter(kind), applied)?;
    if let Some(to) = to {
        let home = board::home(pos.to_move());
        let mover = match kind {
            PieceKind::Karve => Mover::Karve(newest_karve(pos, home)),
            _ => Mover::Hirth(home),
        };
        walk(pos, mover, home, to, applied)?;
    }
    Ok(())
}

/// `Hei`: enter, then board the Karve on the home space.
fn enter_and_board(pos: &mut Position, piece: Piece, applied: &mut Applied) -> Result<(), Fault> {
    if let Piece::Karve { crew } = piece
        && crew > 0
    {
        // `Khei`: a Karve with its crew entering.
        return Err(Fault::MannedKarveEnters { crew });
    }
    match piece.kind() {
        PieceKind::Hirth => {}
        PieceKind::Lofdungr => return Err(Fault::Play(StepError::LofdungrEnters)),
        kind => return Err(Fault::OnlyHirthBoards(kind)),
    }
    let side = pos.to_move();
    let home = board::home(side);
    let karve = boarding_karve(pos, side, home).ok_or(Fault::NothingToBoard { at: Some(home) })?;
    let arrival = play(pos, Step::Enter(PieceKind::Hirth), applied)?;
    let stopped = arrival == Arrival::Stopped;
    play(
        pos,
        Step::Board {
            at: home,
            stopped,
            karve,
        },
        applied,
    )?;
    Ok(())
}

/// `Hi`: a Hirþ boards a Karve on its own space, the only space where one
/// can.
fn board_karve(
    pos: &mut Position,
    kind: PieceKind,
    alternative: bool,
    applied: &mut Applied,
) -> Result<(), Fault> {
    if kind != PieceKind::Hirth {
        return Err(Fault::OnlyHirthBoards(kind));
    }
    let side = pos.to_move();
    let has_hirth = |at: Space| {
        let army = pos.army(side);
        army.hirths[at.index()] + army.stopped[at.index()] > 0
    };
    // The spaces where a Hirþ could board, in board order: those of the
    // Karves with room and not on a line (where `boarding_karve` finds
    // one), by a loose Hirþ.
    let room = pos
        .army(side)
        .karves
        .iter()
        .filter(|k| k.crew < CREW_MAX && k.attacking.is_none())
        .filter_map(|k| k.at)
        .fold(0u16, |bits, at| bits | 1 << at.index());
    let spaces: SmallVec<[Space; 3]> = board::spaces_in(room).filter(|&at| has_hirth(at)).collect();
    let at = match spaces.as_slice() {
        [] => {
            // A full Karve by a loose Hirþ says more than "nothing".
            let full = Space::ALL
                .into_iter()
                .find(|&at| has_hirth(at) && pos.army(side).karves_on(at).next().is_some());
            return Err(full.map_or(Fault::NothingToBoard { at: None }, |at| no_room(pos, at)));
        }
        [at] => *at,
        _ => {
            return Err(Fault::AmbiguousBoarding {
                spaces: spaces.to_vec(),
            });
        }
    };
    let karve = boarding_karve(pos, side, at).ok_or(Fault::NothingToBoard { at: Some(at) })?;
    let army = pos.army(side);
    let (free, stopped) = (army.hirths[at.index()] > 0, army.stopped[at.index()] > 0);
    applied.choice = free && stopped;
    let use_stopped = if applied.choice {
        alternative
    } else {
        stopped && !free
    };
    play(
        pos,
        Step::Board {
            at,
            stopped: use_stopped,
            karve,
        },
        applied,
    )?;
    Ok(())
}

/// `Hv3`, `Hv3m`, `Hv3>6`: leave the Karve on a space, then perhaps walk on.
fn leave(
    pos: &mut Position,
    kind: PieceKind,
    at: Space,
    to: Option<Destination>,
    alternative: bool,
    applied: &mut Applied,
) -> Result<(), Fault> {
    if kind != PieceKind::Hirth {
        return Err(Fault::OnlyHirthLeaves(kind));
    }
    let karve = leaving_karve(pos, pos.to_move(), at).ok_or(Fault::NoKarveToLeave { at })?;
    let k = pos.army(pos.to_move()).karves[usize::from(karve.0)];
    let (free, stopped) = (k.crew > k.stopped_crew, k.stopped_crew > 0);
    // A Hirþ that goes on must be free; one that stays leaves the Karve
    // free to move if it can.
    let use_stopped = if to.is_some() {
        false
    } else {
        applied.choice = free && stopped;
        if applied.choice {
            !alternative
        } else {
            stopped
        }
    };
    play(
        pos,
        Step::Leave {
            karve,
            stopped: use_stopped,
        },
        applied,
    )?;
    if let Some(to) = to {
        walk(pos, Mover::Hirth(at), at, to, applied)?;
    }
    Ok(())
}

/// `L01`, `Khhh03`, `Hm>6`: move from a space to another.
fn move_piece(
    pos: &mut Position,
    piece: Piece,
    from: Space,
    to: Destination,
    applied: &mut Applied,
) -> Result<(), Fault> {
    let mover = match piece {
        Piece::Lofdungr => {
            let at = pos.army(pos.to_move()).lofdungr.at;
            if at != Some(from) {
                return Err(Fault::LofdungrElsewhere { from, at });
            }
            Mover::Lofdungr
        }
        Piece::Hirth => Mover::Hirth(from),
        Piece::Karve { crew } => Mover::Karve(find_karve(pos, from, crew)?),
    };
    if to.space == from {
        return Err(Fault::SameSpace { at: from });
    }
    walk(pos, mover, from, to, applied)
}

/// Why no Karve on `at` takes a boarding Hirþ: all full, or none there.
fn no_room(pos: &Position, at: Space) -> Fault {
    let mut karves = pos.army(pos.to_move()).karves_on(at).peekable();
    if karves.peek().is_some() && karves.all(|(_, k)| k.crew >= crate::hirp::rules::CREW_MAX) {
        Fault::Play(StepError::KarveFull { at })
    } else {
        Fault::NothingToBoard { at: Some(at) }
    }
}

/// Plays one rules step, recording it.
fn play(pos: &mut Position, step: Step, applied: &mut Applied) -> Result<Arrival, Fault> {
    let arrival = pos.play(step)?;
    applied.played.push(step);
    Ok(arrival)
}

/// The Karve that entered last on `home`.
pub(super) fn newest_karve(pos: &Position, home: Space) -> KarveId {
    pos.army(pos.to_move())
        .karves_on(home)
        .max_by_key(|(_, k)| k.entered)
        .map_or(KarveId(0), |(id, _)| id)
}

/// The Karve on `at` with the written crew, a movable one first.
pub(super) fn find_karve(pos: &Position, at: Space, crew: u32) -> Result<KarveId, Fault> {
    let army = pos.army(pos.to_move());
    let mut here = army.karves_on(at).peekable();
    if here.peek().is_none() {
        return Err(Fault::NoKarve { at });
    }
    let mut same = army
        .karves_on(at)
        .filter(|(_, k)| u32::from(k.crew) == crew);
    if let Some((first, k)) = same.next() {
        let movable = if k.can_move() {
            first
        } else {
            same.find(|(_, k)| k.can_move()).map_or(first, |(id, _)| id)
        };
        return Ok(movable);
    }
    Err(Fault::Crew {
        at,
        written: crew,
        crews: army.karves_on(at).map(|(_, k)| k.crew).collect(),
    })
}

/// Moves a piece from `from` along the shortest path of own spaces to the
/// destination, checking `>` against what the move does.
fn walk(
    pos: &mut Position,
    mut mover: Mover,
    from: Space,
    to: Destination,
    applied: &mut Applied,
) -> Result<(), Fault> {
    // The piece must be free before a path is sought.
    pos.movable(mover)?;
    let path = pos
        .shortest_path(from, to.space)
        .ok_or(Fault::NoPath { from, to: to.space })?;
    // The position before is needed only for an attack at the end of a
    // longer walk (see `flexible`).
    let before = (path.len() >= 2).then_some(*pos);
    let mut arrival = Arrival::Own;
    for &space in path.spaces() {
        arrival = play(
            pos,
            Step::Move {
                piece: mover,
                to: space,
            },
            applied,
        )?;
        if let Mover::Hirth(_) = mover {
            mover = Mover::Hirth(space);
        }
    }
    match (arrival == Arrival::Attack, to.attack) {
        (true, false) => applied.unmarked_attack = Some(to.space),
        (false, true) => return Err(Fault::NotAnAttack { to: to.space }),
        _ => {}
    }
    if arrival == Arrival::Attack
        && let Some(before) = before
    {
        let origin = path.spaces()[usize::from(path.len()) - 2];
        applied.flexible = flexible(&before, mover, from, to.space, path.len(), origin);
    }
    Ok(())
}

/// The spaces an attack walking `len` steps from `from` to `target` could
/// stand on: next to the target, held by the mover, and `len - 1` steps away
/// through its spaces. `Some` only when there is more than one.
fn flexible(
    before: &Position,
    mover: Mover,
    from: Space,
    target: Space,
    len: u8,
    origin: Space,
) -> Option<FlexibleAttack> {
    let own = before.army(before.to_move());
    let origins = board::neighbours(target)
        .filter(|&x| x != from && own.controls(x))
        .filter(|&x| {
            before
                .shortest_path(from, x)
                .is_some_and(|p| p.len() == len - 1)
        })
        .fold(0u16, |bits, x| bits | 1 << x.index());
    let mover = match mover {
        Mover::Hirth(_) => Mover::Hirth(origin),
        other => other,
    };
    (origins.count_ones() > 1).then_some(FlexibleAttack {
        mover,
        target,
        origin,
        origins,
    })
}
