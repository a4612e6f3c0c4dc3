//! A position: where every piece stands, what has happened this turn, and
//! whose turn it is. Small and `Copy`, so that trying a reading costs a copy.

use super::board::{self, DIRECTED_EDGES, LEAVING, edge_ends};
use super::penningr::Penningr;
use super::victory::Victory;
use crate::hirp::types::{Side, Space};

/// Hirþs per side.
pub const HIRTHS: u8 = 15;
/// Karves per side.
pub const KARVES: usize = 3;
/// The most Hirþs a Karve carries.
pub const CREW_MAX: u8 = 4;
/// Steps in a turn.
pub const STEPS_PER_TURN: u8 = 5;

/// One of a side's three Karves, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KarveId(pub u8);

/// A side's Lofðungr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lofdungr {
    /// Where it stands; `None` once it has left the board.
    pub at: Option<Space>,
    /// It moved into an empty space this turn.
    pub stopped: bool,
    /// The space it attacks from the line, this turn.
    pub attacking: Option<Space>,
    /// The space of a battle it lost, while it waits to retreat.
    pub retreat_from: Option<Space>,
}

/// A Karve and its crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Karve {
    /// Where it stands; `None` in the supply.
    pub at: Option<Space>,
    /// Hirþs aboard, 0 to 4.
    pub crew: u8,
    /// Of those, Hirþs that stopped this turn (which keep the Karve still).
    pub stopped_crew: u8,
    /// It moved into an empty space this turn.
    pub stopped: bool,
    /// The space it attacks from the line, this turn.
    pub attacking: Option<Space>,
    /// When it entered, to tell Karves apart when Hirþs board.
    pub entered: u16,
}

impl Karve {
    pub(crate) const IN_SUPPLY: Karve = Karve {
        at: None,
        crew: 0,
        stopped_crew: 0,
        stopped: false,
        attacking: None,
        entered: 0,
    };

    /// Whether it may still move this turn: not stopped, and carrying no
    /// Hirþ that stopped this turn (`docs/rules.md#stopped-crews`).
    pub const fn can_move(&self) -> bool {
        self.at.is_some() && !self.stopped && self.attacking.is_none() && self.stopped_crew == 0
    }

    /// Its power in battle: 0 empty, else 1 plus its crew.
    pub const fn power(&self) -> u8 {
        if self.crew == 0 { 0 } else { 1 + self.crew }
    }
}

/// One side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Army {
    /// The Lofðungr.
    pub lofdungr: Lofdungr,
    /// The three Karves, on the board or in the supply.
    pub karves: [Karve; KARVES],
    /// Loose Hirþs free to move, per space (board index).
    pub hirths: [u8; 11],
    /// Loose Hirþs that stopped this turn, per space.
    pub stopped: [u8; 11],
    /// Loose Hirþs standing on a line to attack, per directed edge.
    pub attacking: [u8; DIRECTED_EDGES],
    /// Hirþs removed from game.
    pub removed: u8,
    /// The directed edges with a Hirþ on them, as bits of edge indices:
    /// kept with `attacking` by [`Army::put_on_line`] and
    /// [`Army::take_off_line`], through which every change to it goes. Read
    /// rather than the 36 counts, which are written a byte at a time just
    /// before they are read, and a wide read of them waits for the writes.
    lines: u64,
    /// The spaces with Hirþs that stopped this turn, as bits of board
    /// indices: kept with `stopped` by [`Army::stop`] and [`Army::unstop`],
    /// for the same reason.
    stops: u16,
}

impl Army {
    /// An army with every piece off the board: the Lofðungr gone, the
    /// Karves and Hirþs in the supply.
    pub(crate) const fn off_the_board() -> Army {
        Army {
            lofdungr: Lofdungr {
                at: None,
                stopped: false,
                attacking: None,
                retreat_from: None,
            },
            karves: [Karve::IN_SUPPLY; KARVES],
            hirths: [0; 11],
            stopped: [0; 11],
            attacking: [0; DIRECTED_EDGES],
            removed: 0,
            lines: 0,
            stops: 0,
        }
    }

    fn new(home: Space) -> Army {
        Army {
            lofdungr: Lofdungr {
                at: Some(home),
                stopped: false,
                attacking: None,
                retreat_from: None,
            },
            karves: [Karve::IN_SUPPLY; KARVES],
            hirths: [0; 11],
            stopped: [0; 11],
            attacking: [0; DIRECTED_EDGES],
            removed: 0,
            lines: 0,
            stops: 0,
        }
    }

    /// A loose Hirþ stops on `at`.
    #[inline]
    pub(crate) fn stop(&mut self, at: Space) {
        self.stopped[at.index()] += 1;
        self.stops |= 1 << at.index();
    }

    /// A loose Hirþ that stopped on `at` leaves, if one is there.
    #[inline]
    pub(crate) fn unstop(&mut self, at: Space) {
        let stopped = &mut self.stopped[at.index()];
        *stopped = stopped.saturating_sub(1);
        if *stopped == 0 {
            self.stops &= !(1 << at.index());
        }
    }

    /// The directed edges with a loose Hirþ on them, as bits of edge
    /// indices.
    #[inline]
    pub(crate) fn lines(&self) -> u64 {
        self.lines
    }

    /// A loose Hirþ steps onto the directed edge `e`.
    #[inline]
    pub(crate) fn put_on_line(&mut self, e: usize) {
        self.attacking[e] += 1;
        self.lines |= 1 << e;
    }

    /// A loose Hirþ leaves the directed edge `e`, if one stands there.
    #[inline]
    pub(crate) fn take_off_line(&mut self, e: usize) {
        self.attacking[e] = self.attacking[e].saturating_sub(1);
        if self.attacking[e] == 0 {
            self.lines &= !(1 << e);
        }
    }

    /// Loose Hirþs attacking from `space`, on any line.
    #[inline]
    pub fn attacking_from(&self, space: Space) -> u8 {
        let mut edges = LEAVING[space.index()] & self.lines;
        let mut sum = 0;
        while edges != 0 {
            sum += self.attacking[edges.trailing_zeros() as usize];
            edges &= edges - 1;
        }
        sum
    }

    /// Loose Hirþs on `space`: free, stopped, or attacking from it.
    pub fn loose_on(&self, space: Space) -> u8 {
        self.hirths[space.index()] + self.stopped[space.index()] + self.attacking_from(space)
    }

    /// The Karves on `space`.
    pub fn karves_on(&self, space: Space) -> impl Iterator<Item = (KarveId, &Karve)> {
        self.karves
            .iter()
            .enumerate()
            .filter(move |(_, k)| k.at == Some(space))
            .map(|(n, k)| (KarveId(n as u8), k))
    }

    /// Whether the side holds a piece on `space` (pieces on a line count on
    /// the space they attack from).
    #[inline]
    pub fn controls(&self, space: Space) -> bool {
        // Every piece asked at once, with no test whose way no guess
        // foretells; Hirþs on lines, which take longer to count, last.
        let i = space.index();
        let mut held = u8::from(self.lofdungr.at == Some(space)) | self.hirths[i] | self.stopped[i];
        for karve in &self.karves {
            held |= u8::from(karve.at == Some(space));
        }
        held != 0 || self.attacking_from(space) > 0
    }

    /// The spaces the side controls, as a bit set of board indices.
    #[inline]
    pub fn controlled(&self) -> u16 {
        // A piece off the board sets bit 15, which holds no space and is
        // cleared after: no test on where each piece is.
        let mut bits = 1u16 << self.lofdungr.at.map_or(15, Space::index);
        for karve in &self.karves {
            bits |= 1 << karve.at.map_or(15, Space::index);
        }
        bits &= !(1 << 15);
        for n in 0..self.hirths.len() {
            bits |= u16::from(self.hirths[n] | self.stopped[n] != 0) << n;
        }
        let mut lines = self.lines;
        while lines != 0 {
            bits |= 1 << edge_ends(lines.trailing_zeros() as usize).0.index();
            lines &= lines - 1;
        }
        bits
    }

    /// Hirþs on the board, loose or aboard.
    pub fn hirths_on_board(&self) -> u8 {
        let loose: u8 = self
            .hirths
            .iter()
            .chain(&self.stopped)
            .chain(&self.attacking)
            .sum();
        let aboard: u8 = self
            .karves
            .iter()
            .filter(|k| k.at.is_some())
            .map(|k| k.crew)
            .sum();
        loose + aboard
    }

    /// Hirþs in the supply, ready to enter.
    pub fn hirth_supply(&self) -> u8 {
        HIRTHS - self.hirths_on_board() - self.removed
    }

    /// Karves in the supply.
    pub fn karve_supply(&self) -> u8 {
        self.karves.iter().filter(|k| k.at.is_none()).count() as u8
    }

    /// Clears what lasts only for a turn: stops and lines. Pieces on lines at
    /// the end of a turn have been dealt with by the battles.
    fn new_turn(&mut self) {
        // Only where Hirþs stopped: the counts were just written a byte at
        // a time.
        let mut stops = self.stops;
        while stops != 0 {
            let space = stops.trailing_zeros() as usize;
            self.hirths[space] += self.stopped[space];
            self.stopped[space] = 0;
            stops &= stops - 1;
        }
        self.stops = 0;
        self.lofdungr.stopped = false;
        self.lofdungr.attacking = None;
        self.lofdungr.retreat_from = None;
        for karve in &mut self.karves {
            karve.stopped = false;
            karve.stopped_crew = 0;
            karve.attacking = None;
        }
    }
}

/// Everything the rules need to know about a game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    armies: [Army; 2],
    to_move: Side,
    steps: u8,
    turns: u32,
    next_entry: u16,
    penningr: Penningr,
    result: Option<Victory>,
    /// Spaces won by an attack this turn, as bits of board indices: the
    /// winners enter them, so no retreat goes there.
    conquered: u16,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The start of a game: each Lofðungr on its home, everything else in the
    /// supply, Gull to move, the Penningr neutral.
    pub fn new() -> Position {
        Position {
            armies: [
                Army::new(board::home(Side::Gull)),
                Army::new(board::home(Side::Silfr)),
            ],
            to_move: Side::Gull,
            steps: 0,
            turns: 0,
            next_entry: 1,
            penningr: Penningr::default(),
            result: None,
            conquered: 0,
        }
    }

    /// A position between two turns: `armies` (Gull's first) as they stand,
    /// `turns` turns played, `to_move` to play the next, the Penningr and
    /// the result as given. The Karves on the board entered in the order of
    /// their `entered` numbers; what lasts only for a turn (stops, lines,
    /// conquests) is cleared.
    pub(crate) fn between_turns(
        armies: [Army; 2],
        to_move: Side,
        turns: u32,
        penningr: Penningr,
        result: Option<Victory>,
    ) -> Position {
        let entered = armies
            .iter()
            .flat_map(|a| a.karves.iter().map(|k| k.entered))
            .max()
            .unwrap_or(0);
        let mut position = Position {
            armies,
            to_move,
            steps: 0,
            turns,
            next_entry: entered.wrapping_add(1),
            penningr,
            result,
            conquered: 0,
        };
        for army in &mut position.armies {
            army.new_turn();
        }
        position
    }

    /// A side's pieces.
    pub fn army(&self, side: Side) -> &Army {
        &self.armies[side as usize]
    }

    pub(crate) fn army_mut(&mut self, side: Side) -> &mut Army {
        &mut self.armies[side as usize]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Steps taken this turn, 0 to 5.
    pub fn steps(&self) -> u8 {
        self.steps
    }

    /// Starts counting steps anew, for a replayer that counts a turn's steps
    /// itself (so that a record with too many can still be followed).
    pub(crate) fn reset_steps(&mut self) {
        self.steps = 0;
    }

    pub(crate) fn count_step(&mut self) {
        self.steps = self.steps.saturating_add(1);
    }

    /// Turns completed since the start.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The Penningr.
    pub fn penningr(&self) -> &Penningr {
        &self.penningr
    }

    pub(crate) fn penningr_mut(&mut self) -> &mut Penningr {
        &mut self.penningr
    }

    /// How the game was won, once it is over.
    pub fn result(&self) -> Option<Victory> {
        self.result
    }

    pub(crate) fn set_result(&mut self, victory: Victory) {
        if self.result.is_none() {
            self.result = Some(victory);
        }
    }

    /// Marks `space` as won by an attack this turn.
    pub(crate) fn conquer(&mut self, space: Space) {
        self.conquered |= 1 << space.index();
    }

    /// Whether an attack won `space` this turn (its winners are to enter it).
    pub fn is_conquered(&self, space: Space) -> bool {
        self.conquered & (1 << space.index()) != 0
    }

    /// The side holding a piece on `space`, if any.
    pub fn controller(&self, space: Space) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.army(s).controls(space))
    }

    /// Whether `other` is this position as a board shows it: the same
    /// pieces on the same spaces, with the same crews and the same state
    /// this turn, its Karves in any order. Which of two Karves entered
    /// first breaks a tie when a Hirþ boards (`docs/rules.md#which-karve`);
    /// it is not part of the board, nor is the number the next to enter
    /// will be given.
    pub fn alike(&self, other: &Position) -> bool {
        let plain = |p: &Position| {
            let mut p = *p;
            p.next_entry = 0;
            for army in &mut p.armies {
                for karve in &mut army.karves {
                    karve.entered = 0;
                }
                army.karves
                    .sort_by_key(|k| (k.at, k.crew, k.stopped_crew, k.stopped, k.attacking));
            }
            p
        };
        plain(self) == plain(other)
    }

    /// Whether no piece stands on `space`.
    pub fn is_empty(&self, space: Space) -> bool {
        self.controller(space).is_none()
    }

    /// The next entry number for a Karve.
    pub(crate) fn take_entry(&mut self) -> u16 {
        let n = self.next_entry;
        self.next_entry = self.next_entry.wrapping_add(1);
        n
    }

    /// Ends the turn: clears stops and lines, counts it, passes to the other side.
    pub(crate) fn pass_turn(&mut self) {
        for army in &mut self.armies {
            army.new_turn();
        }
        self.steps = 0;
        self.conquered = 0;
        self.turns += 1;
        self.to_move = self.to_move.opponent();
    }

    /// The kinds of piece a side has on `space`, counted as pieces: the
    /// Lofðungr, loose Hirþs, Karves.
    pub fn pieces_on(&self, side: Side, space: Space) -> PiecesOn {
        let army = self.army(side);
        PiecesOn {
            lofdungr: army.lofdungr.at == Some(space),
            hirths: army.loose_on(space),
            karves: army.karves_on(space).map(|(_, k)| k.crew).collect(),
        }
    }
}

/// A side's pieces on one space, for display and summaries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecesOn {
    /// The Lofðungr is there.
    pub lofdungr: bool,
    /// Loose Hirþs there.
    pub hirths: u8,
    /// The crew of each Karve there.
    pub karves: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::replay::{BattleView, Observer, StepView};
    use crate::hirp::syntax::ast::Turn;

    /// Checks every position a replay shows: each side's `lines` are the
    /// edges its `attacking` counts hold Hirþs on, and its `stops` the
    /// spaces its `stopped` counts hold Hirþs on.
    struct Lines(usize);

    /// Bit `n` set where `counts[n]` is not zero.
    fn not_zero(counts: &[u8]) -> u64 {
        counts
            .iter()
            .enumerate()
            .fold(0, |bits, (n, &c)| bits | u64::from(c > 0) << n)
    }

    impl Lines {
        fn check(&mut self, position: &Position) {
            for side in Side::ALL {
                let army = position.army(side);
                assert_eq!(army.lines(), not_zero(&army.attacking), "{position:?}");
                assert_eq!(
                    u64::from(army.stops),
                    not_zero(&army.stopped),
                    "{position:?}"
                );
            }
            self.0 += 1;
        }
    }

    impl Observer for Lines {
        fn step(&mut self, step: &StepView<'_>) {
            self.check(step.position);
        }

        fn battles(&mut self, _: &Turn, _: &[BattleView], position: &Position) {
            self.check(position);
        }

        fn turn(&mut self, _: &Turn, _: usize, position: &Position) {
            self.check(position);
        }
    }

    #[test]
    fn the_bits_follow_the_counts_of_hirths_on_lines_and_stopped() {
        let mut lines = Lines(0);
        let generated = crate::hirp::generate::games(crate::hirp::generate::Options {
            seed: 3,
            games: 400,
            max_turns: 200,
        });
        for game in generated {
            crate::hirp::replay::replay_game_with(&game, &[], &mut lines);
        }
        // Records with mistakes too, which the replay reads past.
        for path in crate::fixtures::files() {
            if path.extension().is_some_and(|e| e == "hirp") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let parsed = crate::hirp::syntax::parse(&text);
                for game in &parsed.record.games {
                    crate::hirp::replay::replay_game_with(game, &[], &mut lines);
                }
            }
        }
        assert!(lines.0 > 50_000, "{} positions", lines.0);
    }

    #[test]
    fn positions_alike_differ_only_in_which_karve_entered_first() {
        // Two of Gull's Karves entered, one then on 1 and one at home: the
        // one on 1 entered first in one position, second in the other.
        let mut one = Position::new();
        let mut other = Position::new();
        let (home, delta) = (board::home(Side::Gull), Space::GullNordrDelta);
        for position in [&mut one, &mut other] {
            for _ in 0..2 {
                let entered = position.take_entry();
                let karve = position.armies[0]
                    .karves
                    .iter_mut()
                    .find(|k| k.at.is_none());
                *karve.unwrap() = Karve {
                    at: Some(home),
                    entered,
                    ..Karve::IN_SUPPLY
                };
            }
        }
        one.armies[0].karves[0].at = Some(delta);
        other.armies[0].karves[1].at = Some(delta);
        assert_ne!(one, other);
        assert!(one.alike(&other));
        // A crew, though, is part of the board.
        other.armies[0].karves[1].crew = 1;
        assert!(!one.alike(&other));
    }
}
