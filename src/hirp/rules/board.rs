//! The board as data: eleven spaces, eighteen edges, two homes, five middle
//! spaces. Everything else reads these tables.
//!
//! ```text
//!         +-----+-----+-----+-----+
//!         |  1  |  3  |  5  |  7  |
//!   ( 0 ) +-----+----(m)----+-----+ ( 9 )
//!         |  2  |  4  |  6  |  8  |
//!         +-----+-----+-----+-----+
//! ```
//!
//! ```
//! use hirp::hirp::rules::board::{MIDDLE, adjacent, distance, home, neighbours};
//! use hirp::hirp::{Side, Space};
//!
//! assert_eq!(home(Side::Silfr), Space::SilfrHome);
//! assert!(adjacent(Space::GullHome, Space::GullNordrDelta));
//! assert!(!adjacent(Space::GullHome, Space::Midr));
//! assert_eq!(neighbours(Space::Midr).count(), 4);
//! assert_eq!(distance(Space::GullHome, Space::Midr), 3);
//! assert_eq!(distance(Space::GullHome, Space::SilfrHome), 5);
//! assert!(MIDDLE.contains(&Space::Midr));
//! ```

use crate::hirp::types::{Side, Space};

/// The eighteen edges. The edges 1–2, 3–4, 5–6 and 7–8 are a reading of the
/// two-row board (`docs/rules.md#cross-edges`); no example depends on them.
pub const EDGES: [(Space, Space); 18] = {
    use Space::*;
    [
        (GullHome, GullNordrDelta),
        (GullHome, GullSudrDelta),
        (GullNordrDelta, GullSudrDelta),
        (GullNordrDelta, GullNordrArchipelago),
        (GullSudrDelta, GullSudrArchipelago),
        (GullNordrArchipelago, GullSudrArchipelago),
        (GullNordrArchipelago, SilfrNordrArchipelago),
        (GullSudrArchipelago, SilfrSudrArchipelago),
        (SilfrNordrArchipelago, SilfrSudrArchipelago),
        (SilfrNordrArchipelago, SilfrNordrDelta),
        (SilfrSudrArchipelago, SilfrSudrDelta),
        (SilfrNordrDelta, SilfrSudrDelta),
        (SilfrNordrDelta, SilfrHome),
        (SilfrSudrDelta, SilfrHome),
        (Midr, GullNordrArchipelago),
        (Midr, GullSudrArchipelago),
        (Midr, SilfrNordrArchipelago),
        (Midr, SilfrSudrArchipelago),
    ]
};

/// The five middle spaces; holding all of them at the end of one's turn wins
/// by Yfirráð.
pub const MIDDLE: [Space; 5] = [
    Space::GullNordrArchipelago,
    Space::GullSudrArchipelago,
    Space::Midr,
    Space::SilfrNordrArchipelago,
    Space::SilfrSudrArchipelago,
];

/// The number of directed edges: each edge, both ways. Loose Hirþs on a line
/// are counted per directed edge, from the space they attack from to the
/// space they attack ([`Army::attacking`](super::Army::attacking)).
pub(crate) const DIRECTED_EDGES: usize = 2 * EDGES.len();

/// `DIRECTED[from][to]`: the index of the directed edge, or `u8::MAX`.
const DIRECTED: [[u8; 11]; 11] = {
    let mut table = [[u8::MAX; 11]; 11];
    let mut n = 0;
    while n < EDGES.len() {
        let (a, b) = EDGES[n];
        table[a.index()][b.index()] = (2 * n) as u8;
        table[b.index()][a.index()] = (2 * n + 1) as u8;
        n += 1;
    }
    table
};

/// `LEAVING[space]`: the directed edges that leave `space`, as bits of edge
/// indices.
pub(super) const LEAVING: [u64; 11] = directed_edges(true);

/// `ENTERING[space]`: the directed edges that enter `space`, as bits of
/// edge indices. In the order of their indices they leave the spaces next
/// to `space` in board order (a test below checks it).
pub(super) const ENTERING: [u64; 11] = directed_edges(false);

/// For each space, the directed edges that leave it (`leaving`) or enter
/// it, as bits of edge indices: edge `2n` goes from the first space of
/// `EDGES[n]` to the second, `2n + 1` back.
const fn directed_edges(leaving: bool) -> [u64; 11] {
    let mut table = [0u64; 11];
    let mut n = 0;
    while n < EDGES.len() {
        let (a, b) = EDGES[n];
        let (out, back) = if leaving { (a, b) } else { (b, a) };
        table[out.index()] |= 1 << (2 * n);
        table[back.index()] |= 1 << (2 * n + 1);
        n += 1;
    }
    table
}

/// The index of the directed edge `from` → `to`, if they are adjacent.
pub const fn edge(from: Space, to: Space) -> Option<usize> {
    match DIRECTED[from.index()][to.index()] {
        u8::MAX => None,
        n => Some(n as usize),
    }
}

/// The spaces of a directed edge: where a piece on it stands, and the space
/// it attacks.
pub(crate) const fn edge_ends(edge: usize) -> (Space, Space) {
    let (a, b) = EDGES[edge / 2];
    if edge.is_multiple_of(2) {
        (a, b)
    } else {
        (b, a)
    }
}

/// Adjacency as bit sets: bit `b` of `ADJACENT[a]` is set when spaces with
/// board indices `a` and `b` share an edge.
const ADJACENT: [u16; 11] = {
    let mut table = [0u16; 11];
    let mut n = 0;
    while n < EDGES.len() {
        let (a, b) = EDGES[n];
        table[a.index()] |= 1 << b.index();
        table[b.index()] |= 1 << a.index();
        n += 1;
    }
    table
};

/// Whether two spaces share an edge.
pub const fn adjacent(a: Space, b: Space) -> bool {
    ADJACENT[a.index()] & (1 << b.index()) != 0
}

/// The spaces next to `space`, in board order.
pub fn neighbours(space: Space) -> impl Iterator<Item = Space> {
    spaces_in(ADJACENT[space.index()])
}

/// The spaces next to `space`, as a bit set of board indices.
pub(crate) const fn neighbour_bits(space: Space) -> u16 {
    ADJACENT[space.index()]
}

/// The spaces of a bit set of board indices, in board order.
pub(crate) fn spaces_in(bits: u16) -> impl Iterator<Item = Space> {
    let mut bits = bits & ((1 << Space::ALL.len()) - 1);
    std::iter::from_fn(move || {
        let index = bits.trailing_zeros() as usize;
        let space = Space::from_index(index)?;
        bits &= bits - 1;
        Some(space)
    })
}

/// A side's home space, where its pieces enter.
pub const fn home(side: Side) -> Space {
    match side {
        Side::Gull => Space::GullHome,
        Side::Silfr => Space::SilfrHome,
    }
}

/// The number of edges between two spaces on the bare board.
pub fn distance(from: Space, to: Space) -> u8 {
    let mut seen = 1u16 << from.index();
    let mut frontier = seen;
    let mut steps = 0;
    while frontier & (1 << to.index()) == 0 {
        let mut next = 0u16;
        for space in Space::ALL {
            if frontier & (1 << space.index()) != 0 {
                next |= ADJACENT[space.index()];
            }
        }
        next &= !seen;
        seen |= next;
        frontier = next;
        steps += 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighteen_edges_no_diagonal() {
        let degree: usize = Space::ALL.iter().map(|&s| neighbours(s).count()).sum();
        assert_eq!(degree, 36);
        assert!(!adjacent(
            Space::GullNordrArchipelago,
            Space::SilfrSudrArchipelago
        ));
        assert!(adjacent(Space::Midr, Space::SilfrSudrArchipelago));
        assert!(!adjacent(Space::GullHome, Space::Midr));
    }

    #[test]
    fn the_edges_into_a_space_leave_its_neighbours_in_board_order() {
        for space in Space::ALL {
            let mut edges = ENTERING[space.index()];
            let mut from = Vec::new();
            while edges != 0 {
                let e = edges.trailing_zeros() as usize;
                let (a, b) = edge_ends(e);
                assert_eq!(b, space);
                from.push(a);
                edges &= edges - 1;
            }
            assert_eq!(from, neighbours(space).collect::<Vec<_>>(), "{space:?}");
        }
    }

    #[test]
    fn distances() {
        assert_eq!(distance(Space::GullHome, Space::SilfrHome), 5);
        assert_eq!(distance(Space::GullHome, Space::Midr), 3);
        assert_eq!(distance(Space::Midr, Space::Midr), 0);
    }
}
