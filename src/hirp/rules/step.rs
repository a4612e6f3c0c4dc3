//! One step of a turn, and playing it.
//!
//! A rules step is exactly one of the five steps of a turn, with the piece
//! named exactly. A written step such as `Khhh03` is several rules steps; the
//! replayer makes the translation.

use super::board;
use super::board::edge;
use super::position::{CREW_MAX, KarveId, Position, STEPS_PER_TURN};
use crate::hirp::types::{PieceKind, Space};

/// A piece of the side to move, as a step names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// The Lofðungr.
    Lofdungr,
    /// A Karve, with every Hirþ in it.
    Karve(KarveId),
    /// A loose Hirþ free to move, on this space.
    Hirth(Space),
}

/// One step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Put a Hirþ or a Karve from the supply on the home space.
    Enter(PieceKind),
    /// Move a piece to an adjacent space: into an own space it may go on; into
    /// an empty one it stops; into the opponent's it stands on the line and
    /// attacks.
    Move {
        /// The piece.
        piece: Mover,
        /// The adjacent space.
        to: Space,
    },
    /// A loose Hirþ boards a Karve on its space.
    Board {
        /// The Hirþ's space.
        at: Space,
        /// Board with a Hirþ that stopped this turn, rather than a free one.
        stopped: bool,
        /// The Karve.
        karve: KarveId,
    },
    /// A Hirþ leaves a Karve onto the Karve's space.
    Leave {
        /// The Karve.
        karve: KarveId,
        /// Leave with a Hirþ that stopped this turn, rather than a free one.
        stopped: bool,
    },
}

/// Where a moved or entered piece ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrival {
    /// On a space its side holds: it may go on moving.
    Own,
    /// On an empty space: it stops for the turn.
    Stopped,
    /// On the line to the opponent's space: it attacks.
    Attack,
}

/// Why a step cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The turn's five steps are taken.
    #[error("the turn's five steps are taken")]
    TurnOver,
    /// `Le`: the Lofðungr starts on the board and never enters.
    #[error("a Lofðungr never enters: it starts on its home space")]
    LofdungrEnters,
    /// `He` with no Hirþ left, `Ke` with no Karve left.
    #[error("no {} is left in the supply", kind.name())]
    SupplyEmpty {
        /// What was to enter.
        kind: PieceKind,
    },
    /// `He` while the opponent holds the home space.
    #[error("the opponent holds the home space {home}")]
    HomeHeld {
        /// The home space.
        home: Space,
    },
    /// No such piece of the side to move.
    #[error("there is no {} to move there", kind.name())]
    NoPiece {
        /// The kind of piece.
        kind: PieceKind,
        /// Where it was looked for.
        at: Option<Space>,
    },
    /// The piece stopped on an empty space this turn.
    #[error("the {} stopped on {at} this turn", kind.name())]
    Stopped {
        /// The kind of piece.
        kind: PieceKind,
        /// Where it stopped.
        at: Space,
    },
    /// The piece stands on a line to attack.
    #[error("the {} on {at} stands on the line to attack {target}", kind.name())]
    OnLine {
        /// The kind of piece.
        kind: PieceKind,
        /// The space it attacks from.
        at: Space,
        /// The space it attacks.
        target: Space,
    },
    /// The Karve carries a Hirþ that stopped this turn.
    #[error("the Karve on {at} carries a Hirþ that stopped this turn")]
    CarriesStoppedHirth {
        /// The Karve's space.
        at: Space,
    },
    /// A move to a space that is not next to the piece.
    #[error("{to} is not next to {from}")]
    NotAdjacent {
        /// Where the piece is.
        from: Space,
        /// Where it was to go.
        to: Space,
    },
    /// A Karve on no space, or not on the Hirþ's space.
    #[error("there is no Karve of the side to move on {at}")]
    NoKarve {
        /// The space.
        at: Space,
    },
    /// Boarding a Karve that carries four Hirþs.
    #[error("the Karve on {at} carries four Hirþs, its most")]
    KarveFull {
        /// The Karve's space.
        at: Space,
    },
    /// Boarding or leaving a Karve that stands on a line.
    #[error("the Karve on {at} stands on the line to attack {target}")]
    KarveOnLine {
        /// The Karve's space.
        at: Space,
        /// The space it attacks.
        target: Space,
    },
    /// No loose Hirþ (free or stopped, as asked) on the space.
    #[error("there is no loose Hirþ on {at} to board")]
    NoHirthToBoard {
        /// The space.
        at: Space,
    },
    /// No Hirþ in the Karve (free or stopped, as asked) to leave.
    #[error("the Karve on {at} has no Hirþ to leave")]
    NoHirthToLeave {
        /// The Karve's space.
        at: Space,
    },
}

impl Position {
    /// Plays one step for the side to move. On error the position is left as
    /// it was.
    #[inline]
    pub fn play(&mut self, step: Step) -> Result<Arrival, StepError> {
        if self.result().is_some() {
            return Err(StepError::GameOver);
        }
        if self.steps() >= STEPS_PER_TURN {
            return Err(StepError::TurnOver);
        }
        let arrival = match step {
            Step::Enter(kind) => self.enter(kind)?,
            Step::Move { piece, to } => self.move_piece(piece, to)?,
            Step::Board { at, stopped, karve } => self.board(at, stopped, karve)?,
            Step::Leave { karve, stopped } => self.leave(karve, stopped)?,
        };
        self.count_step();
        Ok(arrival)
    }

    /// Where a piece of the side to move ends if it steps onto `to`: the
    /// space's owner decides.
    #[inline]
    pub fn arrival(&self, to: Space) -> Arrival {
        let side = self.to_move();
        if self.army(side.opponent()).controls(to) {
            Arrival::Attack
        } else if self.army(side).controls(to) {
            Arrival::Own
        } else {
            Arrival::Stopped
        }
    }

    fn enter(&mut self, kind: PieceKind) -> Result<Arrival, StepError> {
        let side = self.to_move();
        let home = board::home(side);
        let supply = match kind {
            PieceKind::Lofdungr => return Err(StepError::LofdungrEnters),
            PieceKind::Hirth => self.army(side).hirth_supply(),
            PieceKind::Karve => self.army(side).karve_supply(),
        };
        if supply == 0 {
            return Err(StepError::SupplyEmpty { kind });
        }
        // Reading (`docs/rules.md#entering-is-moving`): entering follows the
        // rule of moving into a space. An empty
        // home stops the piece; a home the opponent holds cannot be entered.
        let arrival = self.arrival(home);
        if arrival == Arrival::Attack {
            return Err(StepError::HomeHeld { home });
        }
        let stopped = arrival == Arrival::Stopped;
        let entry = self.take_entry();
        let army = self.army_mut(side);
        if kind == PieceKind::Hirth {
            if stopped {
                army.stop(home);
            } else {
                army.hirths[home.index()] += 1;
            }
        } else if let Some(karve) = army.karves.iter_mut().find(|k| k.at.is_none()) {
            *karve = super::Karve {
                at: Some(home),
                crew: 0,
                stopped_crew: 0,
                stopped,
                attacking: None,
                entered: entry,
            };
        }
        Ok(arrival)
    }

    /// Checks that `piece` may move now and returns where it stands.
    #[inline]
    pub fn movable(&self, piece: Mover) -> Result<Space, StepError> {
        let army = self.army(self.to_move());
        match piece {
            Mover::Lofdungr => {
                let l = army.lofdungr;
                let at = l.at.ok_or(StepError::NoPiece {
                    kind: PieceKind::Lofdungr,
                    at: None,
                })?;
                if let Some(target) = l.attacking {
                    return Err(StepError::OnLine {
                        kind: PieceKind::Lofdungr,
                        at,
                        target,
                    });
                }
                if l.stopped {
                    return Err(StepError::Stopped {
                        kind: PieceKind::Lofdungr,
                        at,
                    });
                }
                Ok(at)
            }
            Mover::Karve(KarveId(n)) => {
                let karve = army.karves.get(usize::from(n)).copied();
                let Some((karve, at)) = karve.and_then(|k| Some((k, k.at?))) else {
                    return Err(StepError::NoPiece {
                        kind: PieceKind::Karve,
                        at: None,
                    });
                };
                if let Some(target) = karve.attacking {
                    return Err(StepError::OnLine {
                        kind: PieceKind::Karve,
                        at,
                        target,
                    });
                }
                if karve.stopped {
                    return Err(StepError::Stopped {
                        kind: PieceKind::Karve,
                        at,
                    });
                }
                if karve.stopped_crew > 0 {
                    return Err(StepError::CarriesStoppedHirth { at });
                }
                Ok(at)
            }
            Mover::Hirth(at) => {
                if army.hirths[at.index()] > 0 {
                    Ok(at)
                } else if army.stopped[at.index()] > 0 {
                    Err(StepError::Stopped {
                        kind: PieceKind::Hirth,
                        at,
                    })
                } else if let Some(target) = board::neighbours(at)
                    .find(|&to| edge(at, to).is_some_and(|e| army.attacking[e] > 0))
                {
                    Err(StepError::OnLine {
                        kind: PieceKind::Hirth,
                        at,
                        target,
                    })
                } else {
                    Err(StepError::NoPiece {
                        kind: PieceKind::Hirth,
                        at: Some(at),
                    })
                }
            }
        }
    }

    #[inline]
    fn move_piece(&mut self, piece: Mover, to: Space) -> Result<Arrival, StepError> {
        let from = self.movable(piece)?;
        if !board::adjacent(from, to) {
            return Err(StepError::NotAdjacent { from, to });
        }
        let arrival = self.arrival(to);
        self.relocate(piece, from, to, arrival);
        Ok(arrival)
    }

    /// Moves a piece from `from` towards `to`, ending as `arrival` says.
    #[inline]
    pub(crate) fn relocate(&mut self, piece: Mover, from: Space, to: Space, arrival: Arrival) {
        let side = self.to_move();
        let army = self.army_mut(side);
        let attacking = (arrival == Arrival::Attack).then_some(to);
        let stopped = arrival == Arrival::Stopped;
        match piece {
            Mover::Lofdungr => {
                let l = &mut army.lofdungr;
                if attacking.is_none() {
                    l.at = Some(to);
                }
                l.attacking = attacking;
                l.stopped = stopped;
            }
            Mover::Karve(KarveId(n)) => {
                if let Some(karve) = army.karves.get_mut(usize::from(n)) {
                    if attacking.is_none() {
                        karve.at = Some(to);
                    }
                    karve.attacking = attacking;
                    karve.stopped = stopped;
                    if stopped {
                        karve.stopped_crew = karve.crew;
                    }
                }
            }
            Mover::Hirth(at) => {
                if army.hirths[at.index()] > 0 {
                    army.hirths[at.index()] -= 1;
                } else {
                    army.unstop(at);
                }
                match (arrival, edge(from, to)) {
                    (Arrival::Attack, Some(e)) => army.put_on_line(e),
                    (Arrival::Stopped, _) => army.stop(to),
                    _ => army.hirths[to.index()] += 1,
                }
            }
        }
    }

    fn board(&mut self, at: Space, stopped: bool, karve: KarveId) -> Result<Arrival, StepError> {
        let side = self.to_move();
        let army = self.army(side);
        let Some(k) = army
            .karves
            .get(usize::from(karve.0))
            .filter(|k| k.at == Some(at))
        else {
            return Err(StepError::NoKarve { at });
        };
        if let Some(target) = k.attacking {
            return Err(StepError::KarveOnLine { at, target });
        }
        if k.crew >= CREW_MAX {
            return Err(StepError::KarveFull { at });
        }
        let loose = if stopped {
            army.stopped[at.index()]
        } else {
            army.hirths[at.index()]
        };
        if loose == 0 {
            return Err(StepError::NoHirthToBoard { at });
        }
        let army = self.army_mut(side);
        if stopped {
            army.unstop(at);
        } else {
            army.hirths[at.index()] -= 1;
        }
        let k = &mut army.karves[usize::from(karve.0)];
        k.crew += 1;
        if stopped {
            k.stopped_crew += 1;
        }
        Ok(Arrival::Own)
    }

    fn leave(&mut self, karve: KarveId, stopped: bool) -> Result<Arrival, StepError> {
        let side = self.to_move();
        let army = self.army(side);
        let k = army.karves.get(usize::from(karve.0)).copied();
        let Some((k, at)) = k.and_then(|k| Some((k, k.at?))) else {
            return Err(StepError::NoPiece {
                kind: PieceKind::Karve,
                at: None,
            });
        };
        if let Some(target) = k.attacking {
            return Err(StepError::KarveOnLine { at, target });
        }
        let available = if stopped {
            k.stopped_crew
        } else {
            k.crew - k.stopped_crew
        };
        if available == 0 {
            return Err(StepError::NoHirthToLeave { at });
        }
        let army = self.army_mut(side);
        let k = &mut army.karves[usize::from(karve.0)];
        k.crew -= 1;
        if stopped {
            k.stopped_crew -= 1;
            army.stop(at);
        } else {
            army.hirths[at.index()] += 1;
        }
        Ok(Arrival::Own)
    }
}
