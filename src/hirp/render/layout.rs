//! Where the parts of the text board stand, in its two sizes: the full
//! board, and a compact one for terminals narrower than the full one.
//!
//! Each size is a table: a box for each space, the cells of each of the
//! eighteen lines between them (in the order of
//! [`EDGES`](crate::hirp::rules::board::EDGES)), and for each line the slot where
//! the pieces standing on it are written.

use crate::hirp::types::Space;

/// Which drawing of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Drawing {
    /// Boxes of five rows with the space's name inside them.
    #[default]
    Full,
    /// Boxes of four rows with the name in their top border, closer
    /// together: for terminals narrower than the full board.
    Compact,
}

impl Drawing {
    /// The full board when `columns` leave room for it (or are not known),
    /// else the compact one.
    pub fn for_width(columns: Option<usize>) -> Drawing {
        match columns {
            Some(columns) if columns < Drawing::Full.width() => Drawing::Compact,
            _ => Drawing::Full,
        }
    }

    /// The columns the board takes.
    pub fn width(self) -> usize {
        self.geometry().width
    }

    /// The rows the board takes.
    pub fn height(self) -> usize {
        self.geometry().height
    }

    pub(super) fn geometry(self) -> &'static Geometry {
        match self {
            Drawing::Full => &FULL,
            Drawing::Compact => &COMPACT,
        }
    }
}

/// The place of everything on one drawing of the board.
pub(super) struct Geometry {
    pub(super) width: usize,
    pub(super) height: usize,
    /// Each space's box, by board index: its left column, top row and width.
    pub(super) boxes: [(usize, usize, usize); 11],
    /// The rows of every box.
    pub(super) box_height: usize,
    /// The space's name is written in the box's top border rather than on
    /// the row under it.
    pub(super) title_in_border: bool,
    /// The line of each edge.
    pub(super) lines: [Line; 18],
    /// Where the pieces standing on each edge are written.
    pub(super) slots: [Slot; 18],
}

impl Geometry {
    /// The box of `space`: left column, top row, width.
    pub(super) fn place(&self, space: Space) -> (usize, usize, usize) {
        self.boxes[space.index()]
    }
}

/// A line drawn between two boxes: `length` cells of `glyph` from `start`,
/// each `step` from the one before.
#[derive(Clone, Copy)]
pub(super) struct Line {
    pub(super) start: (usize, usize),
    pub(super) step: (isize, isize),
    pub(super) length: usize,
    pub(super) glyph: char,
}

impl Line {
    /// The cells of the line, from its start.
    pub(super) fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.length).map(move |n| {
            let n = n as isize;
            (
                self.start.0.wrapping_add_signed(self.step.0 * n),
                self.start.1.wrapping_add_signed(self.step.1 * n),
            )
        })
    }
}

/// Where the pieces on one line are written: the arrow on the line's cell
/// at column `x`, row `line`, the side's letter just before it, and the
/// pieces after it in at most `after` columns. Pieces that need more than
/// one row take the rows `rows.0..=rows.1`, one kind of piece a row.
#[derive(Clone, Copy)]
pub(super) struct Slot {
    pub(super) x: usize,
    pub(super) line: usize,
    pub(super) rows: (usize, usize),
    pub(super) after: usize,
}

/// The arrows of each edge of [`EDGES`](crate::hirp::rules::board::EDGES): for
/// an attack from its first space to its second, and the other way.
pub(super) const ARROWS: [(char, char); 18] = [
    ('↗', '↙'), // 0–1
    ('↘', '↖'), // 0–2
    ('▼', '▲'), // 1–2
    ('▶', '◀'), // 1–3
    ('▶', '◀'), // 2–4
    ('▼', '▲'), // 3–4
    ('▶', '◀'), // 3–5
    ('▶', '◀'), // 4–6
    ('▼', '▲'), // 5–6
    ('▶', '◀'), // 5–7
    ('▶', '◀'), // 6–8
    ('▼', '▲'), // 7–8
    ('↘', '↖'), // 7–9
    ('↗', '↙'), // 8–9
    ('↖', '↘'), // m–3
    ('↙', '↗'), // m–4
    ('↗', '↙'), // m–5
    ('↘', '↖'), // m–6
];

const fn line(x: usize, y: usize, step: (isize, isize), length: usize, glyph: char) -> Line {
    Line {
        start: (x, y),
        step,
        length,
        glyph,
    }
}

const fn slot(x: usize, line: usize, rows: (usize, usize), after: usize) -> Slot {
    Slot {
        x,
        line,
        rows,
        after,
    }
}

const RIGHT: (isize, isize) = (1, 0);
const DOWN: (isize, isize) = (0, 1);
const DOWN_RIGHT: (isize, isize) = (1, 1);
const UP_RIGHT: (isize, isize) = (1, -1);

/// The full board, 93 columns and 17 rows:
///
/// ```text
///                ┌──────────┐     ┌──────────┐
///                │1 Delta   │     │3 Arch    │
///                │          │─────│          │  …
///                │          │     │          │
///               ╱└──────────┘     └──────────┘
///              ╱       │             │   ╲
/// ┌──────────┐╱        │             │    ┌──────────┐
/// │0 Gull    │         │             │    │m Miðr    │  …
/// ```
static FULL: Geometry = Geometry {
    width: 93,
    height: 17,
    boxes: [
        (0, 6, 12),
        (15, 0, 12),
        (15, 12, 12),
        (32, 0, 12),
        (32, 12, 12),
        (49, 0, 12),
        (49, 12, 12),
        (66, 0, 12),
        (66, 12, 12),
        (81, 6, 12),
        (40, 6, 12),
    ],
    box_height: 5,
    title_in_border: false,
    lines: [
        line(12, 6, UP_RIGHT, 3, '╱'),
        line(12, 10, DOWN_RIGHT, 3, '╲'),
        line(21, 5, DOWN, 7, '│'),
        line(27, 2, RIGHT, 5, '─'),
        line(27, 14, RIGHT, 5, '─'),
        line(35, 5, DOWN, 7, '│'),
        line(44, 2, RIGHT, 5, '─'),
        line(44, 14, RIGHT, 5, '─'),
        line(57, 5, DOWN, 7, '│'),
        line(61, 2, RIGHT, 5, '─'),
        line(61, 14, RIGHT, 5, '─'),
        line(72, 5, DOWN, 7, '│'),
        line(78, 4, DOWN_RIGHT, 3, '╲'),
        line(78, 12, UP_RIGHT, 3, '╱'),
        line(39, 5, DOWN_RIGHT, 1, '╲'),
        line(39, 11, UP_RIGHT, 1, '╱'),
        line(52, 5, UP_RIGHT, 1, '╱'),
        line(52, 11, DOWN_RIGHT, 1, '╲'),
    ],
    slots: [
        slot(13, 5, (5, 5), 7),
        slot(13, 11, (11, 11), 7),
        slot(21, 8, (7, 9), 12),
        slot(28, 2, (1, 3), 3),
        slot(28, 14, (13, 15), 3),
        slot(35, 8, (7, 9), 4),
        slot(45, 2, (1, 3), 3),
        slot(45, 14, (13, 15), 3),
        slot(57, 8, (7, 9), 13),
        slot(62, 2, (1, 3), 3),
        slot(62, 14, (13, 15), 3),
        slot(72, 8, (7, 9), 8),
        slot(79, 5, (5, 5), 13),
        slot(79, 11, (11, 11), 13),
        slot(39, 5, (5, 5), 11),
        slot(39, 11, (11, 11), 11),
        slot(52, 5, (5, 5), 4),
        slot(52, 11, (11, 11), 4),
    ],
};

/// The compact board, 77 columns and 14 rows:
///
/// ```text
///            ┌1 Delta─┐     ┌3 Arch──┐
///            │        │     │        │
///            │        │─────│        │  …
///            └────────┘     └────────┘
///           ╱   │          │    ╲
/// ┌0 Gull──┐╱   │          │     ┌m Miðr────┐  …
/// ```
static COMPACT: Geometry = Geometry {
    width: 77,
    height: 14,
    boxes: [
        (0, 5, 10),
        (11, 0, 10),
        (11, 10, 10),
        (26, 0, 10),
        (26, 10, 10),
        (41, 0, 10),
        (41, 10, 10),
        (56, 0, 10),
        (56, 10, 10),
        (67, 5, 10),
        (33, 5, 11),
    ],
    box_height: 4,
    title_in_border: true,
    lines: [
        line(10, 4, UP_RIGHT, 1, '╱'),
        line(10, 9, DOWN_RIGHT, 1, '╲'),
        line(15, 4, DOWN, 6, '│'),
        line(21, 2, RIGHT, 5, '─'),
        line(21, 11, RIGHT, 5, '─'),
        line(27, 4, DOWN, 6, '│'),
        line(36, 2, RIGHT, 5, '─'),
        line(36, 11, RIGHT, 5, '─'),
        line(49, 4, DOWN, 6, '│'),
        line(51, 2, RIGHT, 5, '─'),
        line(51, 11, RIGHT, 5, '─'),
        line(61, 4, DOWN, 6, '│'),
        line(66, 4, DOWN_RIGHT, 1, '╲'),
        line(66, 9, UP_RIGHT, 1, '╱'),
        line(32, 4, DOWN_RIGHT, 1, '╲'),
        line(32, 9, UP_RIGHT, 1, '╱'),
        line(44, 4, UP_RIGHT, 1, '╱'),
        line(44, 9, DOWN_RIGHT, 1, '╲'),
    ],
    slots: [
        slot(10, 4, (4, 4), 4),
        slot(10, 9, (9, 9), 4),
        slot(15, 6, (5, 8), 10),
        slot(22, 2, (1, 3), 3),
        slot(22, 11, (11, 13), 3),
        slot(27, 6, (5, 8), 5),
        slot(37, 2, (1, 3), 3),
        slot(37, 11, (11, 13), 3),
        slot(49, 6, (5, 8), 10),
        slot(52, 2, (1, 3), 3),
        slot(52, 11, (11, 13), 3),
        slot(61, 6, (5, 8), 5),
        slot(66, 4, (4, 4), 10),
        slot(66, 9, (9, 9), 10),
        slot(32, 4, (4, 4), 10),
        slot(32, 9, (9, 9), 10),
        slot(44, 4, (4, 4), 4),
        slot(44, 9, (9, 9), 4),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::rules::board::EDGES;

    type Cell = (usize, usize);

    /// Whether `cell` lies in the box `(x, y, width)` of `height` rows.
    fn inside(cell: Cell, (x, y, width): (usize, usize, usize), height: usize) -> bool {
        (x..x + width).contains(&cell.0) && (y..y + height).contains(&cell.1)
    }

    /// Whether `cell` lies just outside the box, beside or diagonally next
    /// to its border.
    fn touches(cell: Cell, (x, y, width): (usize, usize, usize), height: usize) -> bool {
        let grown = (x.saturating_sub(1), y.saturating_sub(1), width + 2);
        inside(cell, grown, height + 2) && !inside(cell, (x, y, width), height)
    }

    /// The cells a slot may write: the side's letter, the arrow, the pieces.
    fn area(slot: Slot) -> impl Iterator<Item = Cell> {
        (slot.rows.0..=slot.rows.1)
            .flat_map(move |y| (slot.x - 1..=slot.x + slot.after).map(move |x| (x, y)))
    }

    fn geometries() -> [(&'static str, &'static Geometry); 2] {
        [("full", &FULL), ("compact", &COMPACT)]
    }

    #[test]
    fn every_line_runs_from_one_box_to_the_other() {
        for (name, g) in geometries() {
            for (n, (&(a, b), line)) in EDGES.iter().zip(&g.lines).enumerate() {
                let cells: Vec<Cell> = line.cells().collect();
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                let (a, b) = (g.place(a), g.place(b));
                let h = g.box_height;
                assert!(
                    (touches(first, a, h) && touches(last, b, h))
                        || (touches(first, b, h) && touches(last, a, h)),
                    "{name}: the line of edge {n} does not reach both its boxes"
                );
                for space in Space::ALL {
                    for &cell in &cells {
                        assert!(!inside(cell, g.place(space), h), "{name}: edge {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn pieces_on_a_line_are_written_on_it_and_over_nothing_else() {
        for (name, g) in geometries() {
            for (n, slot) in g.slots.iter().enumerate() {
                assert!(
                    g.lines[n].cells().any(|c| c == (slot.x, slot.line)),
                    "{name}: the arrow of edge {n} is not on its line"
                );
                assert!((slot.rows.0..=slot.rows.1).contains(&slot.line));
                for cell in area(*slot) {
                    assert!(cell.0 < g.width && cell.1 < g.height, "{name}: edge {n}");
                    for space in Space::ALL {
                        assert!(
                            !inside(cell, g.place(space), g.box_height),
                            "{name}: the pieces on edge {n} overwrite the box of {space}"
                        );
                    }
                    for (m, other) in g.slots.iter().enumerate().filter(|&(m, _)| m != n) {
                        assert!(
                            !g.lines[m].cells().any(|c| c == cell),
                            "{name}: the pieces on edge {n} overwrite the line of edge {m}"
                        );
                        assert!(
                            !area(*other).any(|c| c == cell),
                            "{name}: the pieces on edges {n} and {m} overlap"
                        );
                    }
                }
            }
        }
    }
}
