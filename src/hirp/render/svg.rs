//! A position as an SVG 1.1 picture: the board as a map with every piece on
//! it, each side's supply and losses, the Penningr, whose turn it is or how
//! the game was won, and a caption.
//!
//! The text is deterministic: numbers have at most one decimal, and pieces
//! are drawn in board order, Gull before Silfr. Elements carry classes and
//! ids (`space-6`, `route-6-8`, `attack-S-8-6`, `lofdungr`, `hirth`,
//! `karve`, `crew`) for tests and style sheets.
//!
//! ```
//! use hirp::hirp::render::svg::svg;
//!
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! let position = hirp::hirp::replay::replay_game(&parsed.record.games[0], &[]).position;
//! let picture = svg(&position, "After S1");
//! assert!(picture.starts_with(r#"<?xml version="1.0" encoding="UTF-8"?>"#));
//! assert!(picture.contains(r#"<line id="route-0-1""#));
//! // Silfr's three loose Hirþs, on 9, 7 and 8.
//! assert_eq!(picture.matches(r#"class="hirth""#).count(), 3);
//! assert_eq!(picture, svg(&position, "After S1"), "the same picture every time");
//! ```

use super::map;
use super::metrics;
use super::panel::{self, PANEL_HEIGHT, PANEL_TOP};
use super::pieces::Group;
use crate::core::xml::Escaped;
pub(super) use crate::core::xml::{Num, Writer as Canvas};
use crate::hirp::rules::Position;
use crate::hirp::rules::board::DIRECTED_EDGES;
use crate::hirp::types::{Side, Space};

const FONTS: &str = "DejaVu Sans, Verdana, sans-serif";

/// The caption's font size.
const CAPTION_SIZE: f64 = 16.0;

/// How far the caption keeps from the picture's sides.
const CAPTION_MARGIN: f64 = 24.0;

/// An SVG picture of a position, with a caption under the board.
///
/// The caption is also the picture's `<title>`; a long one is wrapped at
/// spaces into lines as even as they can be. The picture is 1000 units wide and needs no font or image from
/// outside.
pub fn svg(position: &Position, caption: &str) -> String {
    let caption_lines = metrics::wrap(caption, CAPTION_SIZE, map::WIDTH - 2.0 * CAPTION_MARGIN);
    let height = PANEL_TOP + PANEL_HEIGHT + 24.0 + 22.0 * caption_lines.len() as f64;
    let title = if caption.is_empty() {
        "A HIRP position"
    } else {
        caption
    };
    let mut canvas = Canvas::default();
    canvas.line(format_args!(r#"<?xml version="1.0" encoding="UTF-8"?>"#));
    canvas.open(format_args!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONTS}">"#,
        w = Num(map::WIDTH),
        h = Num(height),
    ));
    canvas.line(format_args!("<title>{}</title>", Escaped(title)));
    canvas.line(format_args!(
        r##"<rect width="100%" height="100%" fill="#fbf8f1"/>"##
    ));
    map::draw(&mut canvas);
    for side in Side::ALL {
        let army = position.army(side);
        let attributes = format!(r#"class="pieces {}""#, side.name().to_lowercase());
        for space in Space::ALL {
            let group = Group::standing(side, army, space);
            group.draw_at(&mut canvas, map::anchor(space), &attributes, "");
        }
    }
    for side in Side::ALL {
        let army = position.army(side);
        for edge in 0..DIRECTED_EDGES {
            Group::on_line(side, army, edge).draw_on_line(&mut canvas, edge);
        }
    }
    panel::draw(&mut canvas, position);
    for (n, line) in caption_lines.iter().enumerate() {
        canvas.line(format_args!(
            r##"<text class="caption" x="{}" y="{}" font-size="16" text-anchor="middle" fill="#2b2620">{}</text>"##,
            Num(map::WIDTH / 2.0),
            Num(PANEL_TOP + PANEL_HEIGHT + 30.0 + 22.0 * n as f64),
            Escaped(line),
        ));
    }
    canvas.close("</svg>");
    canvas.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_captions_break_into_even_lines_that_fit() {
        // Filled line by line, its last line would be `points`.
        let caption = "records/2024/cup-final-ragna-against-bjorn.hirp, game 3, after S5: \
                       Silfr wins by Drepið, doubled: 10 points";
        let room = map::WIDTH - 2.0 * CAPTION_MARGIN;
        let lines = metrics::wrap(caption, CAPTION_SIZE, room);
        assert_eq!(lines.len(), 2);
        let widths: Vec<f64> = lines
            .iter()
            .map(|l| metrics::width(l, CAPTION_SIZE))
            .collect();
        assert!(widths.iter().all(|&w| w <= room), "{lines:?}");
        assert!(widths[1] > widths[0] / 2.0, "a short last line: {lines:?}");
        let picture = svg(&Position::new(), caption);
        assert_eq!(picture.matches(r#"class="caption""#).count(), 2);
    }

    #[test]
    fn numbers_have_one_decimal_at_most() {
        assert_eq!(Num(12.0).to_string(), "12");
        assert_eq!(Num(-0.04).to_string(), "0");
        assert_eq!(Num(3.25).to_string(), "3.2");
        assert_eq!(Num(-7.5).to_string(), "-7.5");
    }

    #[test]
    fn captions_are_escaped() {
        assert_eq!(
            Escaped("a<b & \"c\"").to_string(),
            "a&lt;b &amp; &quot;c&quot;"
        );
    }
}
