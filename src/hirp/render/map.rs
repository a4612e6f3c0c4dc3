//! The board as a map: where each space is drawn, its outline, its label and
//! the routes between neighbours. Coordinates are SVG user units; the board
//! fills the top of a 1000-wide picture.
//!
//! The homes are two tall islands at the short ends; spaces 1 to 8 are tiles
//! in two rows of four, Norðr above Suðr; Miðr is a round island where the
//! inner corners of 3, 4, 5 and 6 are cut away around it. Each of the
//! eighteen edges is a land bridge across the water between two spaces.

use std::f64::consts::FRAC_1_SQRT_2;

use super::svg::{Canvas, Num};
use crate::hirp::rules::board::EDGES;
use crate::hirp::types::Space;

/// A point.
pub type Point = (f64, f64);

/// The width of the picture.
pub const WIDTH: f64 = 1000.0;
/// The sea around the board: left, top, right, bottom.
pub const SEA: (f64, f64, f64, f64) = (12.0, 12.0, 988.0, 510.0);

/// The left and right of each column of tiles: the deltas are narrower than
/// the archipelago.
const COLUMNS: [(f64, f64); 4] = [
    (185.0, 305.0),
    (323.0, 491.0),
    (509.0, 677.0),
    (695.0, 815.0),
];
/// The top and bottom of the Norðr row, then of the Suðr row.
const ROWS: [(f64, f64); 2] = [(72.0, 252.0), (270.0, 450.0)];
const CORNER: f64 = 14.0;

/// The size of the smallest text on the board, the spaces' names and the
/// compass: a page draws the board no narrower than makes it 9 pixels tall.
pub const LABEL_SIZE: f64 = 14.0;

const MIDR: Point = (500.0, 261.0);
const MIDR_RADIUS: f64 = 46.0;
/// The radius of the water cut out of 3, 4, 5 and 6 around Miðr.
const MIDR_CUT: f64 = 57.0;

const HOME_X: [f64; 2] = [100.0, 900.0];
const HOME_RADII: Point = (65.0, 112.0);

/// Where small waves are drawn on the open sea.
const WAVES: [Point; 10] = [
    (58.0, 44.0),
    (236.0, 36.0),
    (372.0, 54.0),
    (640.0, 40.0),
    (880.0, 50.0),
    (110.0, 470.0),
    (300.0, 486.0),
    (690.0, 472.0),
    (840.0, 490.0),
    (938.0, 420.0),
];

/// The width of a land bridge.
const BRIDGE: f64 = 16.0;

/// The shape of a space's land.
enum Land {
    /// A home: a tall island around its centre.
    Home(Point),
    /// Spaces 1 to 8: a tile in column 0 to 3, row 0 (Norðr) or 1 (Suðr).
    Tile(usize, usize),
    /// Miðr: a round island.
    Midr,
}

fn land(space: Space) -> Land {
    match space {
        Space::GullHome => Land::Home((HOME_X[0], MIDR.1)),
        Space::SilfrHome => Land::Home((HOME_X[1], MIDR.1)),
        Space::Midr => Land::Midr,
        _ => {
            let n = space.index() - 1;
            Land::Tile(n / 2, n % 2)
        }
    }
}

/// A tile's left, top, right and bottom.
fn tile_bounds(column: usize, row: usize) -> (f64, f64, f64, f64) {
    let (left, right) = COLUMNS[column];
    let (top, bottom) = ROWS[row];
    (left, top, right, bottom)
}

/// The middle of a space: routes and lines run between middles.
pub fn centre(space: Space) -> Point {
    match land(space) {
        Land::Home(centre) => centre,
        Land::Tile(column, row) => {
            let (left, top, right, bottom) = tile_bounds(column, row);
            ((left + right) / 2.0, (top + bottom) / 2.0)
        }
        Land::Midr => MIDR,
    }
}

/// Where the pieces standing on a space are centred: clear of its label and,
/// on the four tiles around Miðr, away from Miðr and the lines to it.
pub fn anchor(space: Space) -> Point {
    match land(space) {
        Land::Home((x, y)) => (x, y + 22.0),
        Land::Tile(column, row) => {
            let (left, top, right, bottom) = tile_bounds(column, row);
            let away = match column {
                1 => -19.0,
                2 => 19.0,
                _ => 0.0,
            };
            let y = if row == 0 { top + 78.0 } else { bottom - 78.0 };
            ((left + right) / 2.0 + away, y)
        }
        Land::Midr => (MIDR.0, MIDR.1 + 8.0),
    }
}

/// How far the edge of a space's land is from its centre, in the direction
/// `u` (a unit vector); a tile's cut corner is left out.
fn rim(space: Space, u: Point) -> f64 {
    match land(space) {
        Land::Home(_) => {
            let (rx, ry) = HOME_RADII;
            1.0 / ((u.0 / rx).powi(2) + (u.1 / ry).powi(2)).sqrt()
        }
        Land::Tile(column, row) => {
            let (left, top, right, bottom) = tile_bounds(column, row);
            let across = (right - left) / 2.0 / u.0.abs();
            let down = (bottom - top) / 2.0 / u.1.abs();
            across.min(down)
        }
        Land::Midr => MIDR_RADIUS,
    }
}

/// Where pieces standing on the line from `from` to `to` are centred, when
/// they reach `reach` from their middle towards either space: in the middle
/// of the water between the two spaces, or, on a line to or from Miðr, just
/// outside Miðr so that its label and pieces stay in sight.
pub fn on_line(from: Space, to: Space, reach: f64) -> Point {
    let (a, b) = (centre(from), centre(to));
    let u = unit(a, b);
    let length = (b.0 - a.0).hypot(b.1 - a.1);
    let clear_of_midr = MIDR_RADIUS + reach + 4.0;
    let distance = match (from, to) {
        (Space::Midr, _) => clear_of_midr,
        (_, Space::Midr) => length - clear_of_midr,
        _ => (rim(from, u) + length - rim(to, u)) / 2.0,
    };
    (a.0 + u.0 * distance, a.1 + u.1 * distance)
}

/// How far from `corner`, along the unit vector `u`, the water around Miðr
/// begins.
fn to_midr_cut(corner: Point, u: Point) -> f64 {
    // The positive root t of |corner + t u - MIDR| = MIDR_CUT.
    let v = (corner.0 - MIDR.0, corner.1 - MIDR.1);
    let b = v.0 * u.0 + v.1 * u.1;
    let c = v.0 * v.0 + v.1 * v.1 - MIDR_CUT * MIDR_CUT;
    -b + (b * b - c).sqrt()
}

/// The outline of a tile with rounded corners, clockwise from the middle of
/// its top edge; a corner near Miðr is cut away in a concave arc.
fn tile_path(column: usize, row: usize) -> String {
    let (left, top, right, bottom) = tile_bounds(column, row);
    let corners = [(right, top), (right, bottom), (left, bottom), (left, top)];
    let mut d = format!("M{} {}", Num((left + right) / 2.0), Num(top));
    for (n, &corner) in corners.iter().enumerate() {
        let into = unit(corners[(n + 3) % 4], corner);
        let out = unit(corner, corners[(n + 1) % 4]);
        let near_midr = (corner.0 - MIDR.0).hypot(corner.1 - MIDR.1) < MIDR_CUT;
        let (back, on) = if near_midr {
            (
                to_midr_cut(corner, (-into.0, -into.1)),
                to_midr_cut(corner, out),
            )
        } else {
            (CORNER, CORNER)
        };
        let start = (corner.0 - into.0 * back, corner.1 - into.1 * back);
        let end = (corner.0 + out.0 * on, corner.1 + out.1 * on);
        d += &format!("L{} {}", Num(start.0), Num(start.1));
        d += &if near_midr {
            format!("A{r} {r} 0 0 0 ", r = Num(MIDR_CUT))
        } else {
            format!("Q{} {} ", Num(corner.0), Num(corner.1))
        };
        d += &format!("{} {}", Num(end.0), Num(end.1));
    }
    d + "Z"
}

/// The unit vector from `a` towards `b`.
pub fn unit(a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    (dx / length, dy / length)
}

/// The fill and outline of a space's land.
fn colours(space: Space) -> (&'static str, &'static str) {
    match space {
        Space::GullHome => ("#f4e4b2", "#a8862f"),
        Space::SilfrHome => ("#e6e8ec", "#858b94"),
        Space::Midr => ("#ecd9a8", "#8c6f32"),
        Space::GullNordrDelta
        | Space::GullSudrDelta
        | Space::SilfrNordrDelta
        | Space::SilfrSudrDelta => ("#dce8c4", "#819866"),
        _ => ("#f0e5c6", "#a38e62"),
    }
}

/// Draws the sea, the eighteen land bridges, the eleven spaces and their
/// labels.
pub fn draw(canvas: &mut Canvas) {
    let (left, top, right, bottom) = SEA;
    canvas.line(format_args!(
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="18" fill="#cfe2ec" stroke="#8fb3c6" stroke-width="2"/>"##,
        Num(left),
        Num(top),
        Num(right - left),
        Num(bottom - top),
    ));
    canvas.line(format_args!(
        r##"<g class="compass" font-size="{}" font-style="italic" fill="#4f7487" text-anchor="middle"><text x="{x}" y="{}">Norðr</text><text x="{x}" y="{}">Suðr</text></g>"##,
        Num(LABEL_SIZE),
        Num(ROWS[0].0 - 20.0),
        Num(ROWS[1].1 + 40.0),
        x = Num(MIDR.0),
    ));
    canvas.open(r##"<g class="waves" fill="none" stroke="#9dc0d2" stroke-width="1.5" stroke-linecap="round">"##);
    for (x, y) in WAVES {
        canvas.line(format_args!(
            r#"<path d="M{} {}q5 -5 10 0t10 0t10 0"/>"#,
            Num(x),
            Num(y)
        ));
    }
    canvas.close("</g>");
    canvas.open(format_args!(
        r##"<g class="routes" stroke="#d9c79a" stroke-width="{}" stroke-linecap="round">"##,
        Num(BRIDGE)
    ));
    for (a, b) in EDGES {
        let (from, to) = (centre(a), centre(b));
        canvas.line(format_args!(
            r#"<line id="route-{}-{}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            a.code(),
            b.code(),
            Num(from.0),
            Num(from.1),
            Num(to.0),
            Num(to.1),
        ));
    }
    canvas.close("</g>");
    canvas.open(r#"<g class="spaces" stroke-width="1.5">"#);
    for space in Space::ALL {
        let shape = match land(space) {
            Land::Home((x, y)) => format!(
                r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}""#,
                Num(x),
                Num(y),
                Num(HOME_RADII.0),
                Num(HOME_RADII.1),
            ),
            Land::Tile(column, row) => format!(r#"<path d="{}""#, tile_path(column, row)),
            Land::Midr => format!(
                r#"<circle cx="{}" cy="{}" r="{}" stroke-width="2.5""#,
                Num(MIDR.0),
                Num(MIDR.1),
                Num(MIDR_RADIUS),
            ),
        };
        let (fill, stroke) = colours(space);
        canvas.line(format_args!(
            r#"{shape} id="space-{}" fill="{fill}" stroke="{stroke}"/>"#,
            space.code()
        ));
    }
    canvas.close("</g>");
    canvas.open(r##"<g class="labels" fill="#3b3427">"##);
    for space in Space::ALL {
        label(canvas, space);
    }
    canvas.close("</g>");
}

/// A space's code, large, and its name, small: above the pieces on the
/// homes, Miðr and the Norðr row, below them on the Suðr row.
fn label(canvas: &mut Canvas, space: Space) {
    let code = space.code();
    let name = space.name();
    match land(space) {
        Land::Home((x, y)) => {
            let top = y - HOME_RADII.1;
            canvas.line(format_args!(
                r#"<text x="{x}" y="{}" font-size="24" font-weight="bold" text-anchor="middle">{code}</text><text x="{x}" y="{}" font-size="{size}" text-anchor="middle">{name}</text>"#,
                Num(top + 36.0),
                Num(top + 54.0),
                size = Num(LABEL_SIZE),
                x = Num(x),
            ));
        }
        Land::Tile(column, row) => {
            let (left, top, _, bottom) = tile_bounds(column, row);
            let (owner, area) = name.rsplit_once(' ').unwrap_or((name, ""));
            let baseline = if row == 0 { top + 36.0 } else { bottom - 10.0 };
            canvas.line(format_args!(
                r#"<text x="{}" y="{}" font-size="22" font-weight="bold">{code}</text><text x="{x}" y="{}" font-size="{size}">{owner}</text><text x="{x}" y="{}" font-size="{size}">{area}</text>"#,
                Num(left + 10.0),
                Num(baseline),
                Num(baseline - LABEL_SIZE - 1.0),
                Num(baseline),
                x = Num(left + 28.0),
                size = Num(LABEL_SIZE),
            ));
        }
        Land::Midr => canvas.line(format_args!(
            r#"<text x="{x}" y="{}" font-size="20" font-weight="bold" text-anchor="middle">{code}</text><text x="{x}" y="{}" font-size="{size}" text-anchor="middle">{name}</text>"#,
            Num(MIDR.1 - 22.0),
            Num(MIDR.1 + MIDR_RADIUS * FRAC_1_SQRT_2 + 6.0),
            x = Num(MIDR.0),
            size = Num(LABEL_SIZE),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::render::metrics::width;

    /// Every space's name, drawn at [`LABEL_SIZE`], lies inside its land
    /// with room to spare, however wide the font's widest glyphs make it.
    #[test]
    fn every_name_fits_its_land() {
        for space in Space::ALL {
            let name = space.name();
            match land(space) {
                Land::Home((x, y)) => {
                    // Half the island's width at the top of the name's line.
                    let above = y - (y - HOME_RADII.1 + 54.0 - LABEL_SIZE);
                    let half = HOME_RADII.0 * (1.0 - (above / HOME_RADII.1).powi(2)).sqrt();
                    assert!(width(name, LABEL_SIZE) / 2.0 < half - 4.0, "{name} on {x}");
                }
                Land::Tile(column, row) => {
                    let (left, _, right, _) = tile_bounds(column, row);
                    for part in name.rsplitn(2, ' ') {
                        let end = left + 28.0 + width(part, LABEL_SIZE);
                        assert!(
                            end < right - 4.0,
                            "{part} ends at {end}, its tile at {right}"
                        );
                    }
                }
                Land::Midr => {
                    let top = MIDR_RADIUS * FRAC_1_SQRT_2 + 6.0 - LABEL_SIZE;
                    let half = (MIDR_RADIUS.powi(2) - top.powi(2)).sqrt();
                    assert!(width(name, LABEL_SIZE) / 2.0 < half - 4.0, "{name}");
                }
            }
        }
    }
}
