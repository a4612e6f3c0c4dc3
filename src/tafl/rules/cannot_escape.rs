//! hnefatafl.org's engine's judgement that the king cannot escape (`cne:y`;
//! `docs/rules.md#tafl-hnefataflorg`): the king hemmed in on the edge, or
//! every corner shut off from the defenders with few ways left along the
//! edges. Judged on the board alone, with sets of squares: nothing is
//! allocated.

use super::bits::Bits;
use super::grid::{DIRS, Dir};
use super::position::{Position, si};
use crate::tafl::Side;

/// Up, down, right, left, by name.
const UP: Dir = DIRS[0];
const DOWN: Dir = DIRS[1];
const RIGHT: Dir = DIRS[2];
const LEFT: Dir = DIRS[3];

impl Position {
    /// Whether the attackers win because the king cannot escape, as
    /// hnefatafl.org's engine judges it after a move that leaves the game
    /// going (`src/board.rs`, `Board::can_not_escape`): never while no
    /// attacker is left (the engine gives the defenders the game first);
    /// always when there is no king; else when the king is hemmed in on
    /// the edge (`king_hemmed_in`), or when no corner's surroundings
    /// reach a defender (`shut_corners`) and,
    /// along each edge, the squares neither an attacker nor among those
    /// surroundings make one run of at most two squares, or of three with
    /// fewer than six defenders left, or, with fewer than four defenders
    /// and thirteen attackers or more, whatever they make.
    ///
    /// The engine counts the pieces left as those of its standard start
    /// less those captured since; each of its boards, a position set up
    /// included, starts its count of captures from the pieces it lacks
    /// against that start, so that the count is always the pieces on the
    /// board, as here: the defenders other than the king, the attackers.
    pub(crate) fn king_cannot_escape(&self) -> bool {
        let attackers = self.board.side[si(Side::Attackers)];
        if attackers.is_empty() {
            return false;
        }
        let Some(king) = self.board.king else {
            return true;
        };
        let defenders = self.board.side[si(Side::Defenders)] & !Bits::one(king);
        let (defenders, attackers) = (defenders.count(), attackers.count());
        if self.king_hemmed_in(king, defenders, attackers) {
            return true;
        }
        let Some(shut) = self.shut_corners() else {
            return false;
        };
        (defenders < 4 && attackers >= 13)
            || (defenders < 6 && self.edge_gaps_within(shut, 3))
            || self.edge_gaps_within(shut, 2)
    }

    /// Whether the king on `king` is hemmed in on the edge, `defenders`
    /// defenders besides him and `attackers` attackers on the board
    /// (`Board::king_trapped` and its four cases): he stands on an edge,
    /// on no square beside a corner, with the two squares on each side of him
    /// along the edge attackers or a corner, a corner counting as one
    /// attacker more; then, with more than five attackers so counted, the
    /// two squares inwards from him attackers too; and either fewer than
    /// two defenders are left, or more than seven attackers so counted
    /// and the two squares inwards from one of his neighbours along the
    /// edge attackers. A king on a corner, whom the engine never judges
    /// (he has escaped), is not hemmed in.
    fn king_hemmed_in(&self, king: usize, defenders: usize, attackers: usize) -> bool {
        let grid = &self.rules.grid;
        let held = self.board.side[si(Side::Attackers)];
        let d = usize::from(self.rules.set.dim);
        let (file, rank) = (king % d, king / d);
        // The engine's order: the first file, the last, the top rank, the
        // bottom one; a square on two edges is a corner.
        let (along, inwards, at) = if file == 0 {
            ([DOWN, UP], RIGHT, rank)
        } else if file == d - 1 {
            ([DOWN, UP], LEFT, rank)
        } else if rank == d - 1 {
            ([LEFT, RIGHT], DOWN, file)
        } else if rank == 0 {
            ([LEFT, RIGHT], UP, file)
        } else {
            return false;
        };
        if at < 2 || at + 3 > d {
            return false;
        }
        let corners = grid.corners();
        let attacker = |square: Option<usize>| square.is_some_and(|s| held.has(s));
        let mut counted = attackers;
        for dir in along {
            let mut square = Some(king);
            for _ in 0..2 {
                square = square.and_then(|s| grid.step(s, dir));
                match square {
                    Some(s) if corners.has(s) => counted += 1,
                    s if attacker(s) => {}
                    _ => return false,
                }
            }
        }
        // The two squares inwards from `from`.
        let inner = |from: Option<usize>| {
            let one = from.and_then(|s| grid.step(s, inwards));
            attacker(one) && attacker(one.and_then(|s| grid.step(s, inwards)))
        };
        if counted > 5 && !inner(Some(king)) {
            return false;
        }
        defenders < 2 || (counted > 7 && along.iter().any(|&dir| inner(grid.step(king, dir))))
    }

    /// The squares of the corners' surroundings, if none reaches a
    /// defender (`Board::closed_off_exits`, `closed_off_exit`): for each
    /// corner shut by attackers on the two squares along each edge from
    /// it, the corner alone; for each other, the corner, those of its two
    /// neighbours that are empty or attackers, and the empty squares on
    /// the edge that a search reaches from them. The search starts from
    /// those neighbours, an attacker's neighbours searched as an empty
    /// square's; it goes on through empty squares, stops at attackers,
    /// and fails at a defender or the king. It never goes back to the
    /// corner or its neighbours, so a defender beside the corner stops it
    /// and does not fail it, and an attacker beside it does not stop it.
    /// The other corners and the empty throne are empty squares to it; the
    /// order it meets squares in changes nothing.
    fn shut_corners(&self) -> Option<Bits> {
        let grid = &self.rules.grid;
        let open_edge = grid.edge() & !self.board.occupied();
        let mut shut = grid.corners();
        for corner in grid.corners().iter() {
            if let Some((seeds, barred)) = self.corner_search(corner) {
                shut |= seeds | (self.search(seeds, barred)? & open_edge);
            }
        }
        Some(shut)
    }

    /// Where the search from `corner` starts and what it never enters:
    /// those of its two neighbours that are empty or attackers, and the
    /// corner with its neighbours; `None` for a corner shut by attackers
    /// on the two squares along each edge from it, which is not searched.
    fn corner_search(&self, corner: usize) -> Option<(Bits, Bits)> {
        let grid = &self.rules.grid;
        let attackers = self.board.side[si(Side::Attackers)];
        let d = usize::from(self.rules.set.dim);
        let across = if corner.is_multiple_of(d) {
            RIGHT
        } else {
            LEFT
        };
        let upwards = if corner < d { UP } else { DOWN };
        let line = |dir| {
            let one = grid.step(corner, dir);
            (one, one.and_then(|s| grid.step(s, dir)))
        };
        let lines = [line(upwards), line(across)];
        let held = |s: Option<usize>| s.is_some_and(|s| attackers.has(s));
        if lines.iter().all(|&(one, two)| held(one) && held(two)) {
            return None;
        }
        let defenders = self.board.side[si(Side::Defenders)];
        let (mut seeds, mut barred) = (Bits::EMPTY, Bits::one(corner));
        for one in lines.into_iter().filter_map(|(one, _)| one) {
            barred.insert(one);
            if !defenders.has(one) {
                seeds.insert(one);
            }
        }
        Some((seeds, barred))
    }

    /// The squares a search meets from `seeds`, never entering `barred`:
    /// the neighbours of the seeds, then those of each empty square met;
    /// `None` once it meets a defender or the king.
    fn search(&self, seeds: Bits, barred: Bits) -> Option<Bits> {
        let grid = &self.rules.grid;
        let defenders = self.board.side[si(Side::Defenders)];
        let empty = grid.all() & !self.board.occupied();
        let open = grid.all() & !barred;
        let mut met = grid.spread(seeds) & open;
        loop {
            if !(met & defenders).is_empty() {
                return None;
            }
            let next = met | (grid.spread(met & empty) & open);
            if next == met {
                return Some(met);
            }
            met = next;
        }
    }

    /// Whether along each edge, corners included, the squares neither an
    /// attacker nor in `shut` make at most one run, of at most `most`
    /// squares (`Board::n_or_less_side_spaces`).
    fn edge_gaps_within(&self, shut: Bits, most: u32) -> bool {
        let d = usize::from(self.rules.set.dim);
        let gaps = self.rules.grid.all() & !shut & !self.board.side[si(Side::Attackers)];
        let file = |f: usize| {
            (0..d)
                .filter(|&rank| gaps.has(rank * d + f))
                .fold(0u64, |row, rank| row | 1 << rank)
        };
        let edges = [
            gaps.row(0, d),
            gaps.row((d - 1) * d, d),
            file(0),
            file(d - 1),
        ];
        edges.into_iter().all(|row| {
            let run = row.checked_shr(row.trailing_zeros()).unwrap_or(0);
            (run & run.wrapping_add(1)) == 0 && row.count_ones() <= most
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::Layout;
    use super::super::position::Position;
    use super::super::ruleset::RuleSet;
    use crate::tafl::Side;

    /// Positions with the engine's verdict on each, one a line: the board's
    /// size, an inverted position record and `y` or `n`
    /// (`fixtures/tafl/hnefatafl-org/SOURCES.md` says how they were made).
    const POSITIONS: &str = "fixtures/tafl/hnefatafl-org/cannot-escape.txt";

    #[test]
    fn every_position_is_judged_as_the_engine_judged_it() {
        let text = std::fs::read_to_string(POSITIONS).expect("the positions");
        let mut verdicts = [0; 2];
        let mut wrong = Vec::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            let [dim, record, verdict] = words[..] else {
                panic!("a line of three words: {line}");
            };
            let rules = RuleSet::hnefatafl_org(dim.parse().unwrap()).unwrap();
            let layout = Layout::from_opentafl_inverted(record).unwrap();
            let position = Position::from_layout(&rules, &layout, Side::Attackers).unwrap();
            let engine = verdict == "y";
            verdicts[usize::from(engine)] += 1;
            if position.king_cannot_escape() != engine {
                wrong.push(line);
            }
        }
        assert!(wrong.is_empty(), "{} wrong: {wrong:#?}", wrong.len());
        assert!(verdicts.iter().all(|&n| n > 300), "{verdicts:?}");
    }
}
