//! The ends that judge the whole board: the defenders encircled (`surf:`)
//! or immobile, and the king's exit fort (`efe:`)
//! (`docs/rules.md#tafl-reading-encirclement-and-exit-forts`).

use super::bits::Bits;
use super::compiled::Class;
use super::grid::DIRS;
use super::position::{Position, si};
use super::ruleset::FortWalls;
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
        if self.rules.set.edge_fort_walls == FortWalls::Flanked {
            return self.flanked_fort();
        }
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

    /// Whether the king is in an exit fort as hnefatafl.org's engine judges
    /// one (`src/board.rs`, `Board::exit_forts`): he stands on the edge
    /// beside an empty square, and a search of the empty squares from him
    /// meets no attacker and, while two attackers or more are on the
    /// board, no defender with neither neighbour across the way the search
    /// came a defender or off the board. The search is the engine's to
    /// the letter, the order it meets squares in included: a square is
    /// judged from the way it is first met, and the king's four
    /// neighbours may be met again.
    fn flanked_fort(&self) -> bool {
        // The engine's order: up, left, down, right.
        const ORDER: [usize; 4] = [DIRS[0], DIRS[3], DIRS[1], DIRS[2]];
        let Some(king) = self.board.king else {
            return false;
        };
        let grid = &self.rules.grid;
        let occupied = self.board.occupied();
        let beside_empty = DIRS
            .iter()
            .any(|&d| grid.step(king, d).is_some_and(|n| !occupied.has(n)));
        if !grid.edge().has(king) || !beside_empty {
            return false;
        }
        let attackers = self.board.side[si(Side::Attackers)];
        let defenders = self.board.side[si(Side::Defenders)];
        let enough = attackers.count() > 1;
        // Whether a defender on `at`, met going `dir`, has a defender or
        // the edge on one side across that way.
        let flanked = |at: usize, dir: usize| {
            let across = if dir < 2 {
                [DIRS[2], DIRS[3]]
            } else {
                [DIRS[0], DIRS[1]]
            };
            across
                .iter()
                .any(|&a| grid.step(at, a).is_none_or(|n| defenders.has(n)))
        };
        let mut met = Bits::EMPTY;
        let mut stack: Vec<(usize, usize)> = ORDER
            .iter()
            .filter_map(|&d| grid.step(king, d).map(|n| (n, d)))
            .collect();
        while let Some((at, dir)) = stack.pop() {
            if !occupied.has(at) {
                for d in ORDER {
                    if let Some(next) = grid.step(at, d)
                        && !met.has(next)
                    {
                        met.insert(next);
                        stack.push((next, d));
                    }
                }
            } else if attackers.has(at) || (enough && !flanked(at, dir)) {
                // An attacker met, or a defender it may take.
                return false;
            }
        }
        true
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
