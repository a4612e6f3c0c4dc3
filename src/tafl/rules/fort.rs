//! The ends that judge the whole board: the defenders encircled (`surf:`)
//! or immobile, and the king's exit fort (`efe:`)
//! (`docs/rules.md#tafl-reading-encirclement-and-exit-forts`).

use super::bits::Bits;
use super::compiled::Class;
use super::grid::DIRS;
use super::position::{Position, si};
use crate::tafl::Side;

impl Position {
    /// Whether no defender can reach the edge: the squares joined to the
    /// edge through squares free of attackers hold no defender, and no
    /// defender may jump onto the edge.
    pub(crate) fn encircled(&self) -> bool {
        let grid = &self.rules.grid;
        let open = grid.all() & !self.board.side[si(Side::Attackers)];
        let outside = grid.flood(grid.edge() & open, open);
        (outside & self.board.side[si(Side::Defenders)]).is_empty()
            && !(self.rules.extended && self.defender_jumps_out())
    }

    /// Whether no defender stands beside an empty square (OpenTafl's
    /// engine then gives the attackers the game, in a game with jumps as in
    /// any other).
    pub(crate) fn immobile(&self) -> bool {
        let grid = &self.rules.grid;
        let empty = grid.all() & !self.board.occupied();
        (grid.spread(self.board.side[si(Side::Defenders)]) & empty).is_empty()
    }

    /// Whether the king is in an exit fort: he stands on the edge and has a
    /// legal move, no attacker stands next to his fort (he and the empty
    /// squares joined to him), and no defender walling it in can be
    /// captured. A fort that only reaches the edge through its empty
    /// squares wins once the king steps onto the edge.
    pub(crate) fn exit_fort(&self) -> bool {
        let Some(king) = self.board.king else {
            return false;
        };
        let grid = &self.rules.grid;
        if !grid.edge().has(king) || !self.can_move_from(king) {
            return false;
        }
        let fort = grid.flood(Bits::one(king), grid.all() & !self.board.occupied());
        let wall = grid.spread(fort) & !fort;
        if !(wall & self.board.side[si(Side::Attackers)]).is_empty() {
            return false;
        }
        (wall & !self.unbreakable(fort)).is_empty()
    }

    /// The defenders that no sequence of attackers' moves can capture,
    /// given that no attacker can enter `fort`: the largest set of
    /// defenders each of which, on both lines through it, has a neighbour
    /// off the board, in the fort (and not hostile to it) or in the set.
    fn unbreakable(&self, fort: Bits) -> Bits {
        let grid = &self.rules.grid;
        let hostile = self.rules.hostile_empty[Class::Defender as usize]
            | self.rules.hostile_full[Class::Defender as usize];
        let king = self.board.king.map_or(Bits::EMPTY, Bits::one);
        let mut safe = self.board.side[si(Side::Defenders)] & !king;
        loop {
            let shelter = safe | king | (fort & !hostile);
            let open = |i: Option<usize>| i.is_some_and(|i| !shelter.has(i));
            let mut broken = Bits::EMPTY;
            for d in safe.iter() {
                let lines = [[DIRS[0], DIRS[1]], [DIRS[2], DIRS[3]]];
                if lines
                    .iter()
                    .any(|&[a, b]| open(grid.step(d, a)) && open(grid.step(d, b)))
                {
                    broken.insert(d);
                }
            }
            if broken.is_empty() {
                return safe;
            }
            safe &= !broken;
        }
    }
}
