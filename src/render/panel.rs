//! The boxes under the board: each side's supply and losses, and between
//! them the Penningr and whose turn it is, or the result.

use super::map;
use super::pieces::{HIRTH_RADIUS, HULL, colours};
use super::svg::{Canvas, Num};
use crate::rules::Army;
use crate::rules::{Offer, Position};
use crate::types::Side;

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
        Some(victory) => canvas.line(format_args!(
            r##"<text class="result" x="{centre}" y="{}" font-size="14" text-anchor="middle" fill="#2b2620"><tspan font-weight="bold">Game over.</tspan> {victory}</text>"##,
            Num(top + 90.0),
        )),
        None => canvas.line(format_args!(
            r##"<text class="turn" x="{centre}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="#2b2620">{} to move</text>"##,
            Num(top + 90.0),
            position.to_move().name(),
        )),
    }
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
    canvas.open(&format!(
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
