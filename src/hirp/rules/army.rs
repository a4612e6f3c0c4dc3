//! A side's pieces: its Lofðungr, its three Karves and their crews, its
//! loose Hirþs space by space and on lines, and those removed from game.

use super::board::{DIRECTED_EDGES, LEAVING, edge_ends};
use crate::hirp::types::Space;

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
    pub(super) stops: u16,
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

    /// An army at the start of a game: its Lofðungr on `home`, every
    /// other piece in the supply.
    pub(super) fn new(home: Space) -> Army {
        let mut army = Army::off_the_board();
        army.lofdungr.at = Some(home);
        army
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
    pub(super) fn new_turn(&mut self) {
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
