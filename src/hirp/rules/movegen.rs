//! Paths and legal steps.

use super::board;
use super::position::{Position, STEPS_PER_TURN};
use super::reading::{boarding_karve, leaving_karve};
use super::step::{Mover, Step};
use crate::hirp::types::{PieceKind, Space};

/// A path over the board: the spaces after the start, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    spaces: [Space; 11],
    len: u8,
}

impl Path {
    /// The spaces walked, the start excluded: one step each.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces[..usize::from(self.len)]
    }

    /// The number of steps.
    pub fn len(&self) -> u8 {
        self.len
    }

    /// Whether the path walks nowhere.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Position {
    /// The shortest path from `from` to `to` for the side to move, every space
    /// before the last one held by that side (a piece stops on an empty space
    /// and on a line to the opponent's; `docs/rules.md#shortest-walk`).
    /// `None` when there is no such path; `Some` of an empty path when
    /// `from == to`.
    pub fn shortest_path(&self, from: Space, to: Space) -> Option<Path> {
        let mut spaces = [to; 11];
        if from == to {
            return Some(Path { spaces, len: 0 });
        }
        // Most walks are one or two steps: they need no search. A search
        // would find these same paths, its queue in board order.
        if board::adjacent(from, to) {
            return Some(Path { spaces, len: 1 });
        }
        let own = self.army(self.to_move()).controlled();
        let between = board::neighbour_bits(from) & board::neighbour_bits(to) & own;
        if between != 0 {
            spaces[0] = board::spaces_in(between).next()?;
            return Some(Path { spaces, len: 2 });
        }
        search(from, to, own)
    }

    /// Every step the side to move may play now.
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        if self.result().is_some() || self.steps() >= STEPS_PER_TURN {
            return steps;
        }
        let side = self.to_move();
        let army = self.army(side);
        let mut candidates = vec![Step::Enter(PieceKind::Hirth), Step::Enter(PieceKind::Karve)];
        let mut movers = vec![Mover::Lofdungr];
        movers.extend((0..army.karves.len()).map(|n| Mover::Karve(super::KarveId(n as u8))));
        movers.extend(Space::ALL.into_iter().map(Mover::Hirth));
        for piece in movers {
            if let Ok(from) = self.movable(piece) {
                candidates.extend(board::neighbours(from).map(|to| Step::Move { piece, to }));
            }
        }
        for at in Space::ALL {
            for stopped in [false, true] {
                if let Some(karve) = boarding_karve(self, side, at) {
                    candidates.push(Step::Board { at, stopped, karve });
                }
                if let Some(karve) = leaving_karve(self, side, at) {
                    candidates.push(Step::Leave { karve, stopped });
                }
            }
        }
        for step in candidates {
            if self.clone().play(step).is_ok() {
                steps.push(step);
            }
        }
        steps
    }
}

/// Breadth-first search from `from` to `to` through the spaces `own` (bits of
/// board indices), neighbours taken in board order.
fn search(from: Space, to: Space, own: u16) -> Option<Path> {
    let mut spaces = [to; 11];
    let mut parent = [u8::MAX; 11];
    let mut queue = [from; 11];
    let (mut head, mut tail) = (0, 1);
    let mut seen = 1u16 << from.index();
    while head < tail {
        let at = queue[head];
        head += 1;
        if at == to {
            break;
        }
        // Only the start and own spaces can be walked through.
        if at != from && own & (1 << at.index()) == 0 {
            continue;
        }
        let new = board::neighbour_bits(at) & !seen;
        seen |= new;
        for next in board::spaces_in(new) {
            parent[next.index()] = at.index() as u8;
            queue[tail] = next;
            tail += 1;
        }
    }
    if seen & (1 << to.index()) == 0 {
        return None;
    }
    let mut reversed = [to; 11];
    let mut len = 0;
    let mut at = to;
    while at != from {
        reversed[len] = at;
        len += 1;
        at = Space::from_index(usize::from(parent[at.index()]))?;
    }
    for n in 0..len {
        spaces[n] = reversed[len - 1 - n];
    }
    Some(Path {
        spaces,
        len: len as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::generate::{Options, games};
    use crate::hirp::replay::{Observer, StepView, replay_game_with};

    /// Compares, after every step, each path with the one a search finds.
    struct Compare {
        positions: usize,
        short: usize,
    }

    impl Observer for Compare {
        fn step(&mut self, view: &StepView<'_>) {
            let position = view.position;
            let own = position.army(position.to_move()).controlled();
            for from in Space::ALL {
                for to in Space::ALL {
                    let path = position.shortest_path(from, to);
                    assert_eq!(path, search(from, to, own), "{from} to {to}");
                    self.short += usize::from(path.is_some_and(|p| p.len() == 2));
                }
            }
            self.positions += 1;
        }
    }

    #[test]
    fn short_walks_are_the_paths_a_search_finds() {
        let mut compare = Compare {
            positions: 0,
            short: 0,
        };
        let options = Options {
            seed: 7,
            games: 20,
            max_turns: 80,
        };
        for game in games(options) {
            replay_game_with(&game, &[], &mut compare);
        }
        assert!(compare.positions > 1000, "{} positions", compare.positions);
        assert!(compare.short > 10_000, "{} two-step paths", compare.short);
    }
}
