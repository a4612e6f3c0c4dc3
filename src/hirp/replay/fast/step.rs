//! The usual written steps played straight onto a position: a move of a
//! piece to the next space or two spaces on, and an entry, perhaps with
//! such a move after it.
//!
//! [`play`] plays a written step only where it is sure to do exactly what
//! [`play_written`](super::super::written::play_written) does with its
//! first choice, and to find nothing to report: the same rules steps, by
//! [`Position::relocate`] and [`Position::play`], the same position after,
//! and the same attack that could have stood elsewhere. Everything else
//! (boarding, leaving, a longer walk, a fault, an attack written without
//! `>`) it leaves untouched and says `None`, and the fast path hands the
//! step to `play_written`. It saves the general step's bookkeeping: no
//! list of rules steps, no fault values, no second look for a path.
//!
//! A unit test holds the two to that on every position of generated games
//! against every step a record could write there.

use super::super::written::{FlexibleAttack, newest_karve};
use crate::hirp::rules::board::{self, adjacent, neighbour_bits};
use crate::hirp::rules::{Arrival, Mover, Position, Step};
use crate::hirp::syntax::ast::{Action, Destination, Piece, WrittenStep};
use crate::hirp::types::{PieceKind, Space};

/// A written step played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quick {
    /// The rules steps it took.
    pub steps: u8,
    /// It ended on a line, attacking.
    pub attacks: bool,
    /// An attack whose walk could have ended on other spaces.
    pub flexible: Option<FlexibleAttack>,
}

/// Plays a written step as `play_written` plays it with its first choice,
/// when that is a move or an entry that finds nothing to report; `None`,
/// with `position` untouched, for anything else. `opponent` are the spaces
/// the opponent of the side to move holds, as bits of board indices (no
/// step of a turn changes them).
#[inline]
pub(super) fn play(position: &mut Position, step: &WrittenStep, opponent: u16) -> Option<Quick> {
    if position.result().is_some() {
        return None;
    }
    match step.action {
        Action::Move { from, to } => {
            let mover = mover(position, step.piece, from)?;
            let walk = plan(position, opponent, from, to)?;
            Some(walk.apply(position, mover, 0))
        }
        Action::Enter { to: None } => {
            let kind = entering(step.piece)?;
            position.play(Step::Enter(kind)).ok()?;
            Some(Quick {
                steps: 1,
                attacks: false,
                flexible: None,
            })
        }
        Action::Enter { to: Some(to) } => {
            let kind = entering(step.piece)?;
            let home = board::home(position.to_move());
            // Entered on a space its side holds, the piece is free to go
            // on, and the walk from home is the same before the entry as
            // after it.
            if to.space == home || arrival(position, opponent, home) != Arrival::Own {
                return None;
            }
            let walk = plan(position, opponent, home, to)?;
            position.play(Step::Enter(kind)).ok()?;
            let mover = match kind {
                PieceKind::Karve => Mover::Karve(newest_karve(position, home)),
                _ => Mover::Hirth(home),
            };
            Some(walk.apply(position, mover, 1))
        }
        Action::EnterAndBoard | Action::Board | Action::Leave { .. } => None,
    }
}

/// The kind of piece a written entry puts on the board: a Hirþ or an
/// empty Karve.
fn entering(piece: Piece) -> Option<PieceKind> {
    match piece {
        Piece::Hirth => Some(PieceKind::Hirth),
        Piece::Karve { crew: 0 } => Some(PieceKind::Karve),
        _ => None,
    }
}

/// The piece a move written from `from` names, when it is there and free
/// to move: a free loose Hirþ, the Lofðungr, or the first free Karve with
/// the written crew (the one `find_karve` takes).
#[inline]
fn mover(position: &Position, piece: Piece, from: Space) -> Option<Mover> {
    let army = position.army(position.to_move());
    match piece {
        Piece::Hirth => (army.hirths[from.index()] > 0).then_some(Mover::Hirth(from)),
        Piece::Lofdungr => {
            let l = army.lofdungr;
            (l.at == Some(from) && !l.stopped && l.attacking.is_none()).then_some(Mover::Lofdungr)
        }
        Piece::Karve { crew } => army
            .karves
            .iter()
            .position(|k| k.at == Some(from) && u32::from(k.crew) == crew && k.can_move())
            .map(|n| Mover::Karve(crate::hirp::rules::KarveId(n as u8))),
    }
}

/// A walk of one or two steps, found and checked before anything moves.
#[derive(Clone, Copy, Debug)]
struct Walk {
    from: Space,
    /// The space passed through on a walk of two steps.
    through: Option<Space>,
    to: Space,
    /// How the piece ends on `to`.
    arrival: Arrival,
    /// The spaces it could have attacked from, as bits of board indices,
    /// on a walk of two steps that attacks.
    origins: u16,
}

/// The walk from `from` to `to` that `walk` takes, when it is one step, or
/// two through a space of the mover's own, and ends as written: `None`
/// for a longer walk, a walk through a space the opponent holds too, an
/// attack written without `>` or a `>` on a move that does not attack.
#[inline]
fn plan(position: &Position, opponent: u16, from: Space, to: Destination) -> Option<Walk> {
    let target = to.space;
    if target == from {
        return None;
    }
    let (through, origins) = if adjacent(from, target) {
        (None, 0)
    } else {
        // The shortest way's first space in board order, as the search
        // finds it: held by the mover, next to both ends.
        let own = position.army(position.to_move()).controlled();
        let between = neighbour_bits(from) & neighbour_bits(target) & own;
        let through = Space::from_index(between.trailing_zeros() as usize)?;
        if opponent & bit(through) != 0 {
            return None;
        }
        (Some(through), between)
    };
    // The mover leaving `from` for `through` changes nothing on `target`.
    let arrival = arrival(position, opponent, target);
    if (arrival == Arrival::Attack) != to.attack {
        return None;
    }
    Some(Walk {
        from,
        through,
        to: target,
        arrival,
        origins,
    })
}

/// A space as a bit of board indices.
fn bit(space: Space) -> u16 {
    1 << space.index()
}

/// [`Position::arrival`], the opponent's spaces given as bits.
#[inline]
fn arrival(position: &Position, opponent: u16, to: Space) -> Arrival {
    if opponent & bit(to) != 0 {
        Arrival::Attack
    } else if position.army(position.to_move()).controls(to) {
        Arrival::Own
    } else {
        Arrival::Stopped
    }
}

impl Walk {
    /// Moves `mover` along the walk, `before` rules steps having been
    /// taken by the written step already.
    #[inline]
    fn apply(self, position: &mut Position, mut mover: Mover, before: u8) -> Quick {
        let mut last = self.from;
        let mut flexible = None;
        if let Some(through) = self.through {
            position.relocate(mover, self.from, through, Arrival::Own);
            position.count_step();
            if let Mover::Hirth(_) = mover {
                mover = Mover::Hirth(through);
            }
            if self.arrival == Arrival::Attack && self.origins.count_ones() > 1 {
                flexible = Some(FlexibleAttack {
                    mover,
                    target: self.to,
                    origin: through,
                    origins: self.origins,
                });
            }
            last = through;
        }
        position.relocate(mover, last, self.to, self.arrival);
        position.count_step();
        Quick {
            steps: before + 1 + u8::from(self.through.is_some()),
            attacks: self.arrival == Arrival::Attack,
            flexible,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Span;
    use crate::hirp::replay::written::play_written;
    use crate::hirp::replay::{Observer, StepView};

    /// Every position after a written step of generated games.
    struct Positions(Vec<Position>);

    impl Observer for Positions {
        fn step(&mut self, step: &StepView<'_>) {
            self.0.push(*step.position);
        }

        fn turn(&mut self, _: &crate::hirp::syntax::ast::Turn, _: usize, position: &Position) {
            self.0.push(*position);
        }
    }

    /// Every move and entry a record could write, attacks with `>` or not.
    fn written_steps() -> Vec<WrittenStep> {
        let mut pieces = vec![Piece::Hirth, Piece::Lofdungr];
        pieces.extend((0..=5).map(|crew| Piece::Karve { crew }));
        let destinations = || {
            Space::ALL
                .into_iter()
                .flat_map(|space| [false, true].map(|attack| Destination { space, attack }))
        };
        let mut steps = Vec::new();
        for piece in pieces {
            let step = |action| WrittenStep {
                piece,
                action,
                span: Span::default(),
            };
            steps.push(step(Action::Enter { to: None }));
            steps.extend(destinations().map(|to| step(Action::Enter { to: Some(to) })));
            for from in Space::ALL {
                steps.extend(destinations().map(|to| step(Action::Move { from, to })));
            }
            steps.push(step(Action::Board));
            steps.push(step(Action::EnterAndBoard));
        }
        steps
    }

    #[test]
    fn plays_as_the_written_step_does_wherever_it_plays() {
        let games = crate::hirp::generate::games(crate::hirp::generate::Options {
            seed: 11,
            games: 12,
            max_turns: 120,
        });
        let steps = written_steps();
        let (mut positions, mut played, mut handed) = (0, 0, 0);
        for game in games {
            let mut seen = Positions(vec![Position::new()]);
            crate::hirp::replay::replay_game_with(&game, &[], &mut seen);
            for mut start in seen.0 {
                if start.result().is_some() {
                    continue;
                }
                positions += 1;
                start.reset_steps();
                let opponent = start.army(start.to_move().opponent()).controlled();
                let before = start.battles();
                for step in &steps {
                    let mut quick = start;
                    let Some(got) = play(&mut quick, step, opponent) else {
                        assert_eq!(quick, start, "{step} changed the position it refused");
                        handed += 1;
                        continue;
                    };
                    played += 1;
                    let mut full = start;
                    let applied = play_written(&mut full, step, false)
                        .unwrap_or_else(|e| panic!("{step} refused in full: {e:?}"));
                    assert_eq!(applied.unmarked_attack, None, "{step}");
                    assert!(!applied.choice, "{step}");
                    assert_eq!(applied.steps(), got.steps, "{step}");
                    assert_eq!(applied.flexible, got.flexible, "{step}");
                    assert_eq!(full, quick, "{step}");
                    // A step that does not attack leaves the battles as
                    // they were; one that does makes one.
                    let after = full.battles();
                    if got.attacks {
                        assert!(!after.is_empty(), "{step}");
                    } else {
                        assert_eq!(after, before, "{step}");
                    }
                }
            }
        }
        eprintln!("{positions} positions: {played} steps played, {handed} handed on");
        assert!(positions > 1_000, "{positions}");
        assert!(played > 10_000, "{played}");
    }

    #[test]
    fn a_fault_or_an_unmarked_attack_is_handed_on() {
        let mut start = Position::new();
        let step = |text: &str| -> WrittenStep { text.parse().unwrap() };
        let silfr = start.army(crate::hirp::types::Side::Silfr).controlled();
        // No Hirþ on 0; the Lofðungr is not on 1.
        assert_eq!(play(&mut start, &step("H01"), silfr), None);
        assert_eq!(play(&mut start, &step("L12"), silfr), None);
        // Into an empty space with `>`.
        assert_eq!(play(&mut start, &step("L0>1"), silfr), None);
        assert_eq!(start, Position::new());
        let played = play(&mut start, &step("L01"), silfr).unwrap();
        assert_eq!(played.steps, 1);
    }
}
