//! A written step meets a position: `Khhh03` becomes the rules steps it
//! stands for, or a [`Fault`] saying why it cannot.

use crate::rules::board::{self, distance};
use crate::rules::reading::{boarding_karve, leaving_karve};
use crate::rules::{Arrival, KarveId, Mover, Position, Step, StepError};
use crate::syntax::ast::{self, Action, Destination, Piece};
use crate::types::{PieceKind, Space};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Applied {
    /// Rules steps taken.
    pub steps: u8,
    /// The step attacks without `>`: the space it attacks.
    pub unmarked_attack: Option<Space>,
    /// The record could not say which Hirþ acted, and another choice exists.
    pub choice: bool,
    /// An attack whose walk could have ended on other spaces just as short.
    pub flexible: Option<FlexibleAttack>,
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

/// Plays a written step for the side to move; on a fault the position is
/// left as it was. `alternative` flips the choice between a Hirþ that stopped
/// this turn and a free one, where the record cannot tell them apart.
pub(super) fn apply(
    position: &mut Position,
    step: &ast::Step,
    alternative: bool,
) -> Result<Applied, Fault> {
    let mut trial = *position;
    let applied = play_written(&mut trial, step, alternative)?;
    *position = trial;
    Ok(applied)
}

/// Plays a written step as [`apply`] does, but on a fault leaves the position
/// part-way through the step: for a caller that keeps the position before
/// and puts it back, which saves a copy.
pub(super) fn play_written(
    pos: &mut Position,
    step: &ast::Step,
    alternative: bool,
) -> Result<Applied, Fault> {
    let side = pos.to_move();
    let home = board::home(side);
    let mut applied = Applied::default();
    let kind = step.piece.kind();
    match step.action {
        Action::Enter { to } => {
            if let Piece::Karve { crew } = step.piece
                && crew > 0
            {
                return Err(Fault::MannedKarveEnters { crew });
            }
            play(pos, Step::Enter(kind), &mut applied)?;
            if let Some(to) = to {
                let mover = match kind {
                    PieceKind::Karve => Mover::Karve(newest_karve(pos, home)),
                    _ => Mover::Hirth(home),
                };
                walk(pos, mover, home, to, &mut applied)?;
            }
        }
        Action::EnterAndBoard => {
            if let Piece::Karve { crew } = step.piece
                && crew > 0
            {
                // `Khei`: a Karve with its crew entering.
                return Err(Fault::MannedKarveEnters { crew });
            }
            if kind != PieceKind::Hirth {
                if kind == PieceKind::Lofdungr {
                    return Err(Fault::Play(StepError::LofdungrEnters));
                }
                return Err(Fault::OnlyHirthBoards(kind));
            }
            let karve =
                boarding_karve(pos, side, home).ok_or(Fault::NothingToBoard { at: Some(home) })?;
            let arrival = play(pos, Step::Enter(PieceKind::Hirth), &mut applied)?;
            let stopped = arrival == Arrival::Stopped;
            play(
                pos,
                Step::Board {
                    at: home,
                    stopped,
                    karve,
                },
                &mut applied,
            )?;
        }
        Action::Board => {
            if kind != PieceKind::Hirth {
                return Err(Fault::OnlyHirthBoards(kind));
            }
            let has_hirth = |at: Space| {
                let army = pos.army(side);
                army.hirths[at.index()] + army.stopped[at.index()] > 0
            };
            let spaces: Vec<Space> = Space::ALL
                .into_iter()
                .filter(|&at| has_hirth(at) && boarding_karve(pos, side, at).is_some())
                .collect();
            let at = match spaces.as_slice() {
                [] => {
                    // A full Karve by a loose Hirþ says more than "nothing".
                    let full = Space::ALL
                        .into_iter()
                        .find(|&at| has_hirth(at) && pos.army(side).karves_on(at).next().is_some());
                    return Err(
                        full.map_or(Fault::NothingToBoard { at: None }, |at| no_room(pos, at))
                    );
                }
                [at] => *at,
                _ => return Err(Fault::AmbiguousBoarding { spaces }),
            };
            let karve =
                boarding_karve(pos, side, at).ok_or(Fault::NothingToBoard { at: Some(at) })?;
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
                &mut applied,
            )?;
        }
        Action::Leave { karve: at, to } => {
            if kind != PieceKind::Hirth {
                return Err(Fault::OnlyHirthLeaves(kind));
            }
            let karve = leaving_karve(pos, side, at).ok_or(Fault::NoKarveToLeave { at })?;
            let k = pos.army(side).karves[usize::from(karve.0)];
            let (free, stopped) = (k.crew > k.stopped_crew, k.stopped_crew > 0);
            // A Hirþ that goes on must be free; one that stays leaves the
            // Karve free to move if it can.
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
                &mut applied,
            )?;
            if let Some(to) = to {
                walk(pos, Mover::Hirth(at), at, to, &mut applied)?;
            }
        }
        Action::Move { from, to } => {
            let mover = match step.piece {
                Piece::Lofdungr => {
                    let at = pos.army(side).lofdungr.at;
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
            walk(pos, mover, from, to, &mut applied)?;
        }
    }
    Ok(applied)
}

/// Why no Karve on `at` takes a boarding Hirþ: all full, or none there.
fn no_room(pos: &Position, at: Space) -> Fault {
    let mut karves = pos.army(pos.to_move()).karves_on(at).peekable();
    if karves.peek().is_some() && karves.all(|(_, k)| k.crew >= crate::rules::position::CREW_MAX) {
        Fault::Play(StepError::KarveFull { at })
    } else {
        Fault::NothingToBoard { at: Some(at) }
    }
}

/// Plays one rules step, counting it.
fn play(pos: &mut Position, step: Step, applied: &mut Applied) -> Result<Arrival, Fault> {
    let arrival = pos.play(step)?;
    applied.steps += 1;
    Ok(arrival)
}

/// The Karve that entered last on `home`.
fn newest_karve(pos: &Position, home: Space) -> KarveId {
    pos.army(pos.to_move())
        .karves_on(home)
        .max_by_key(|(_, k)| k.entered)
        .map_or(KarveId(0), |(id, _)| id)
}

/// The Karve on `at` with the written crew, a movable one first.
fn find_karve(pos: &Position, at: Space, crew: u32) -> Result<KarveId, Fault> {
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

/// Plays as much of a written step as is legal: the enter or leave, then
/// the walk along the bare board towards its destination for as long as the
/// rules allow. `Hv75` of a stopped Hirþ leaves the Karve and stays; `L06`
/// with only 1 and 3 held walks 0, 1, 3 and stops on the empty 5.
pub(super) fn prefix(pos: &mut Position, step: &ast::Step) {
    let side = pos.to_move();
    let home = board::home(side);
    let head = |action| ast::Step { action, ..*step };
    let (start, mover, to) = match step.action {
        Action::Enter { to: Some(to) } => {
            if apply(pos, &head(Action::Enter { to: None }), false).is_err() {
                return;
            }
            let mover = match step.piece {
                Piece::Karve { .. } => Mover::Karve(newest_karve(pos, home)),
                _ => Mover::Hirth(home),
            };
            (home, mover, to)
        }
        Action::Leave {
            karve,
            to: Some(to),
        } => {
            if apply(pos, &head(Action::Leave { karve, to: None }), false).is_err() {
                return;
            }
            (karve, Mover::Hirth(karve), to)
        }
        Action::Move { from, to } => {
            let mover = match step.piece {
                Piece::Lofdungr => Mover::Lofdungr,
                Piece::Hirth => Mover::Hirth(from),
                Piece::Karve { crew } => match find_karve(pos, from, crew) {
                    Ok(id) => Mover::Karve(id),
                    Err(_) => return,
                },
            };
            (from, mover, to)
        }
        _ => {
            let _ = play_written(pos, step, false);
            return;
        }
    };
    let mut mover = mover;
    let mut at = start;
    while at != to.space {
        let Some(next) =
            board::neighbours(at).find(|&n| distance(n, to.space) < distance(at, to.space))
        else {
            return;
        };
        if pos.play(Step::Move {
            piece: mover,
            to: next,
        }) != Ok(Arrival::Own)
            && next != to.space
        {
            return;
        }
        if let Mover::Hirth(_) = mover {
            mover = Mover::Hirth(next);
        }
        at = next;
    }
}

/// Plays a written step as nearly as the position allows, ignoring the rule
/// it breaks, so that the replay can go on after reporting it; returns the
/// steps it counts. Used only for recovery.
pub(super) fn force(pos: &mut Position, step: &ast::Step) -> u8 {
    let side = pos.to_move();
    let home = board::home(side);
    let walk_steps =
        |from: Space, to: Option<Destination>| to.map_or(0, |to| distance(from, to.space));
    match step.action {
        Action::Enter { to } => {
            if let Piece::Karve { crew } = step.piece {
                // Read `Khhe` as `Ke` and a `Hei` for each Hirþ.
                let mut steps = 0;
                if pos.play(Step::Enter(PieceKind::Karve)).is_ok() {
                    steps += 1;
                    for _ in 0..crew.min(4) {
                        let hei = ast::Step {
                            piece: Piece::Hirth,
                            action: Action::EnterAndBoard,
                            span: step.span,
                        };
                        if let Ok(applied) = apply(pos, &hei, false) {
                            steps += applied.steps;
                        }
                    }
                    if let Some(to) = to {
                        let karve = newest_karve(pos, home);
                        teleport(pos, Mover::Karve(karve), home, to);
                        steps += distance(home, to.space);
                    }
                }
                return steps;
            }
            if pos.play(Step::Enter(step.piece.kind())).is_ok()
                && let Some(to) = to
            {
                teleport(pos, Mover::Hirth(home), home, to);
            }
            1 + walk_steps(home, to)
        }
        Action::EnterAndBoard => 2,
        Action::Board => {
            let at = Space::ALL.into_iter().find(|&at| {
                pos.army(side).loose_on(at) > 0 && boarding_karve(pos, side, at).is_some()
            });
            if let Some(at) = at
                && let Some(karve) = boarding_karve(pos, side, at)
            {
                let stopped = pos.army(side).hirths[at.index()] == 0;
                let _ = pos.play(Step::Board { at, stopped, karve });
            }
            1
        }
        Action::Leave { karve: at, to } => {
            if let Some(karve) = leaving_karve(pos, side, at) {
                let k = pos.army(side).karves[usize::from(karve.0)];
                let stopped = k.crew == k.stopped_crew;
                if pos.play(Step::Leave { karve, stopped }).is_ok()
                    && let Some(to) = to
                {
                    teleport(pos, Mover::Hirth(at), at, to);
                }
            }
            1 + walk_steps(at, to)
        }
        Action::Move { from, to } => {
            let army = pos.army(side);
            let mover = match step.piece {
                Piece::Lofdungr => army.lofdungr.at.map(|_| Mover::Lofdungr),
                Piece::Hirth => (army.hirths[from.index()] + army.stopped[from.index()] > 0)
                    .then_some(Mover::Hirth(from)),
                Piece::Karve { crew } => army
                    .karves_on(from)
                    .min_by_key(|(_, k)| u32::from(k.crew).abs_diff(crew))
                    .map(|(id, _)| Mover::Karve(id)),
            };
            let start = match step.piece {
                Piece::Lofdungr => army.lofdungr.at.unwrap_or(from),
                _ => from,
            };
            if let Some(mover) = mover
                && start != to.space
            {
                teleport(pos, mover, start, to);
            }
            distance(from, to.space)
        }
    }
}

/// Puts a piece on its destination as if it had walked there, whatever lies
/// between: into an attack when the opponent holds the space.
fn teleport(pos: &mut Position, mover: Mover, from: Space, to: Destination) {
    let target = to.space;
    let arrival = pos.arrival(target);
    // An attacker stands on a line next to its target: walk the bare board to
    // the space before it.
    let before = board::neighbours(target)
        .min_by_key(|&n| distance(from, n))
        .unwrap_or(from);
    let mut mover = mover;
    if before != from {
        pos.relocate(mover, from, before, Arrival::Own);
        if let Mover::Hirth(_) = mover {
            mover = Mover::Hirth(before);
        }
    }
    let arrival = if arrival == Arrival::Attack && !board::adjacent(before, target) {
        Arrival::Own
    } else {
        arrival
    };
    pos.relocate(mover, before, target, arrival);
}
