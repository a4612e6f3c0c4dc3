//! The boxes under the board: each side's supply and losses, and between
//! them the Penningr and whose turn it is, or the result.

use super::map;
use super::metrics;
use super::pieces::{HIRTH_RADIUS, HULL, colours};
use super::svg::{Canvas, Num};
use crate::hirp::rules::{Army, Offer, Position, Victory};
use crate::hirp::types::Side;

pub(super) const PANEL_TOP: f64 = map::SEA.3 + 16.0;
pub(super) const PANEL_HEIGHT: f64 = 116.0;
const SIDE_BOX_WIDTH: f64 = 280.0;

/// The boxes under the board: each side's supply and losses, and between
/// them the Penningr and whose turn it is, or the result.
pub(super) fn draw(canvas: &mut Canvas, position: &Position) {
    let game_over = position.result().is_some();
    let right = map::WIDTH - 12.0 - SIDE_BOX_WIDTH;
    for (side, left) in [(Side::Gull, 12.0), (Side::Silfr, right)] {
        let to_move = !game_over && position.to_move() == side;
        side_box(canvas, position.army(side), side, left, to_move);
    }
    let (left, top) = (22.0 + SIDE_BOX_WIDTH, PANEL_TOP);
    let width = right - 10.0 - left;
    canvas.line(format_args!(
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="8" fill="white" stroke="#c9bfa8"/>"##,
        Num(left),
        Num(top),
        Num(width),
        Num(PANEL_HEIGHT),
    ));
    let penningr = position.penningr();
    let (coin, rim) = match penningr.holder {
        Some(side) => (colours(side).fill, colours(side).stroke),
        None => ("#c98f5a", "#7a4b22"),
    };
    let multiplier = penningr.multiplier();
    let x = left + 34.0;
    canvas.line(format_args!(
        r#"<g class="penningr" transform="translate({} {})"><circle r="19" fill="{coin}" stroke="{rim}" stroke-width="2"/><circle r="14" fill="none" stroke="{rim}" stroke-width="0.8"/><text y="4.5" font-size="13" font-weight="bold" text-anchor="middle" fill="{rim}">×{multiplier}</text></g>"#,
        Num(x),
        Num(top + 34.0),
    ));
    let held = match penningr.holder {
        Some(side) => format!("held by {}", side.name()),
        None => "neutral".to_owned(),
    };
    let offer = match penningr.pending {
        Some((by, Offer::Double)) => format!("{} offers a double", by.name()),
        Some((by, Offer::Triple)) => format!("{} offers a triple", by.name()),
        None if penningr.holder.is_some() => format!("points ×{multiplier}"),
        None => "no double offered yet".to_owned(),
    };
    canvas.line(format_args!(
        r##"<text x="{x}" y="{}" font-size="14" fill="#2b2620"><tspan font-weight="bold">Penningr</tspan> {held}</text><text x="{x}" y="{}" font-size="13" fill="#4a4337">{offer}</text>"##,
        Num(top + 30.0),
        Num(top + 49.0),
        x = Num(x + 30.0),
    ));
    let centre = Num(left + width / 2.0);
    match position.result() {
        Some(victory) => result(canvas, victory, left + width / 2.0, width - 2.0 * PADDING),
        None => canvas.line(format_args!(
            r##"<text class="turn" x="{centre}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="#2b2620">{} to move</text>"##,
            Num(top + 90.0),
            position.to_move().name(),
        )),
    }
}

/// How far text keeps from the sides of its box.
const PADDING: f64 = 12.0;

/// The result, centred on `centre`: on one line when it fits `room`, else
/// `Game over.` over how the game was won.
fn result(canvas: &mut Canvas, victory: Victory, centre: f64, room: f64) {
    let text = victory.to_string();
    let (y, gap) = if metrics::width(&format!("Game over. {text}"), 14.0) <= room {
        (PANEL_TOP + 90.0, String::new())
    } else {
        (
            PANEL_TOP + 80.0,
            format!(r#"<tspan x="{}" dy="19">"#, Num(centre)),
        )
    };
    let end = if gap.is_empty() { "" } else { "</tspan>" };
    canvas.line(format_args!(
        r##"<text class="result" x="{}" y="{}" font-size="14" text-anchor="middle" fill="#2b2620"><tspan font-weight="bold">Game over.</tspan> {gap}{text}{end}</text>"##,
        Num(centre),
        Num(y),
    ));
}

/// One side's box: its name, whether it is to move, its supply and its
/// Hirþs removed from game.
fn side_box(canvas: &mut Canvas, army: &Army, side: Side, left: f64, to_move: bool) {
    let colours = colours(side);
    let top = PANEL_TOP;
    let (border, border_width) = if to_move {
        (colours.stroke, 2.5)
    } else {
        ("#c9bfa8", 1.0)
    };
    canvas.open(format_args!(
        r##"<g class="side {}" fill="#2b2620" font-size="13">"##,
        side.name().to_lowercase()
    ));
    canvas.line(format_args!(
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="8" fill="white" stroke="{border}" stroke-width="{}"/>"#,
        Num(left),
        Num(top),
        Num(SIDE_BOX_WIDTH),
        Num(PANEL_HEIGHT),
        Num(border_width),
    ));
    let x = left + 22.0;
    canvas.line(format_args!(
        r#"<circle cx="{}" cy="{}" r="9" fill="{}" stroke="{}" stroke-width="2"/><text x="{}" y="{}" font-size="16" font-weight="bold">{}</text>"#,
        Num(x),
        Num(top + 22.0),
        colours.fill,
        colours.stroke,
        Num(x + 18.0),
        Num(top + 28.0),
        side.name(),
    ));
    let note = match (to_move, army.lofdungr.at) {
        (true, _) => "to move",
        (false, None) => "Lofðungr off the board",
        (false, Some(_)) => "",
    };
    if !note.is_empty() {
        canvas.line(format_args!(
            r#"<text class="note" x="{}" y="{}" font-style="italic" text-anchor="end" fill="{}">{note}</text>"#,
            Num(left + SIDE_BOX_WIDTH - 14.0),
            Num(top + 28.0),
            colours.stroke,
        ));
    }
    let (fill, stroke, hull) = (colours.fill, colours.stroke, colours.hull);
    let lines = [
        (
            format!(
                r#"<circle cy="-4.5" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
                Num(HIRTH_RADIUS)
            ),
            format!("Hirþs in supply: {}", army.hirth_supply()),
        ),
        (
            format!(
                r#"<path transform="translate(0 -4) scale(0.4)" d="{HULL}" fill="{hull}" stroke="{stroke}" stroke-width="3"/>"#
            ),
            format!("Karves in supply: {}", army.karve_supply()),
        ),
        (
            format!(
                r##"<circle cy="-4.5" r="{}" fill="none" stroke="{stroke}" stroke-width="1.5" stroke-dasharray="2 2"/><path d="M-4 -8.5l8 8m0 -8l-8 8" stroke="#a33a2a" stroke-width="2"/>"##,
                Num(HIRTH_RADIUS)
            ),
            format!("Hirþs removed from game: {}", army.removed),
        ),
    ];
    for (n, (icon, text)) in lines.iter().enumerate() {
        canvas.line(format_args!(
            r#"<g transform="translate({} {})">{icon}<text x="18">{text}</text></g>"#,
            Num(x),
            Num(top + 52.0 + 22.0 * n as f64),
        ));
    }
    canvas.close("</g>");
}

#[cfg(test)]
mod tests {
    use super::super::svg::svg;
    use super::*;
    use crate::hirp::VictoryKind;
    use roxmltree::{Document, Node};

    /// Positions with every text the panel can hold at its longest: every
    /// result (each winner, kind and multiplier), every state of the
    /// Penningr, each side to move or without its Lofðungr, two-digit
    /// counts.
    fn positions() -> Vec<Position> {
        let mut positions = Vec::new();
        for winner in Side::ALL {
            for kind in VictoryKind::ALL {
                for multiplier in 1..=3 {
                    let mut position = Position::new();
                    position.set_result(Victory {
                        winner,
                        kind,
                        multiplier,
                    });
                    position.army_mut(winner.opponent()).lofdungr.at = None;
                    positions.push(position);
                }
            }
        }
        for holder in [None, Some(Side::Gull), Some(Side::Silfr)] {
            for pending in [None, Some(Offer::Double), Some(Offer::Triple)] {
                for by in Side::ALL {
                    let mut position = Position::new();
                    position.penningr_mut().holder = holder;
                    position.penningr_mut().pending = pending.map(|offer| (by, offer));
                    for side in Side::ALL {
                        position.army_mut(side).removed = 15;
                    }
                    positions.push(position);
                }
            }
        }
        positions
    }

    /// The sum of the `translate(x y)` of a node and its ancestors.
    fn offset(node: Node<'_, '_>) -> (f64, f64) {
        node.ancestors()
            .filter_map(|n| n.attribute("transform"))
            .filter_map(|t| {
                t.strip_prefix("translate(")?
                    .strip_suffix(')')
                    .map(str::to_owned)
            })
            .map(|t| {
                let mut numbers = t.split(' ').map(|n| n.parse::<f64>().unwrap());
                (numbers.next().unwrap(), numbers.next().unwrap_or(0.0))
            })
            .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1))
    }

    /// An attribute of a node or of its nearest ancestor that has it.
    fn inherited<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
        node.ancestors().find_map(|n| n.attribute(name))
    }

    /// Each line of a `<text>` (a new line starts at a `<tspan>` with an
    /// `x`): its baseline, and where it starts and ends.
    fn extents(text: Node<'_, '_>) -> Vec<(f64, f64, f64)> {
        let (dx, dy) = offset(text);
        let number =
            |n: Node<'_, '_>, name: &str| n.attribute(name).map(|v| v.parse::<f64>().unwrap());
        let mut lines: Vec<(f64, f64, String, f64)> = Vec::new();
        let mut x = number(text, "x").unwrap_or(0.0) + dx;
        let mut y = number(text, "y").unwrap_or(0.0) + dy;
        for node in text.descendants().filter(|n| n.is_text()) {
            let parent = node.parent().unwrap();
            if parent != text
                && let Some(new_x) = number(parent, "x")
            {
                x = new_x + dx;
                y += number(parent, "dy").unwrap_or(0.0);
                lines.push((x, y, String::new(), 0.0));
            }
            if lines.is_empty() {
                lines.push((x, y, String::new(), 0.0));
            }
            let size: f64 = inherited(parent, "font-size").unwrap().parse().unwrap();
            let line = lines.last_mut().unwrap();
            line.2.push_str(node.text().unwrap());
            line.3 += metrics::width(node.text().unwrap(), size);
        }
        let anchor = inherited(text, "text-anchor").unwrap_or("start");
        lines
            .into_iter()
            .map(|(x, y, content, width)| {
                // Blanks at the end of a line are not drawn.
                let blanks = content.len() - content.trim_end().len();
                let width = width - metrics::width(&" ".repeat(blanks), 14.0);
                let start = match anchor {
                    "middle" => x - width / 2.0,
                    "end" => x - width,
                    _ => x,
                };
                (y, start, start + width)
            })
            .collect()
    }

    #[test]
    fn every_text_fits_its_box_and_overlaps_no_other() {
        for position in positions() {
            let picture = svg(&position, "");
            let doc = Document::parse(&picture).unwrap();
            let boxes: Vec<(f64, f64)> = doc
                .descendants()
                .filter(|n| {
                    n.has_tag_name("rect") && n.attribute("y") == Some(&Num(PANEL_TOP).to_string())
                })
                .map(|n| {
                    let number = |name| n.attribute(name).unwrap().parse::<f64>().unwrap();
                    (number("x"), number("x") + number("width"))
                })
                .collect();
            assert_eq!(boxes.len(), 3);
            let mut seen: Vec<(f64, f64, f64)> = Vec::new();
            for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
                for (y, start, end) in extents(text) {
                    if !(PANEL_TOP..PANEL_TOP + PANEL_HEIGHT).contains(&y) {
                        continue;
                    }
                    let (left, right) = boxes
                        .iter()
                        .copied()
                        .find(|&(left, right)| (left..right).contains(&((start + end) / 2.0)))
                        .expect("every text of the panel is in one of its boxes");
                    let content: String = text
                        .descendants()
                        .filter(|n| n.is_text())
                        .filter_map(|n| n.text())
                        .collect();
                    assert!(
                        left + 4.0 <= start && end <= right - 4.0,
                        "{content:?} runs from {start:.0} to {end:.0}, out of its box {left}–{right}"
                    );
                    for &(y2, start2, end2) in &seen {
                        assert!(
                            y != y2 || end <= start2 || end2 <= start,
                            "{content:?} overlaps another text"
                        );
                    }
                    seen.push((y, start, end));
                }
            }
        }
    }
}
