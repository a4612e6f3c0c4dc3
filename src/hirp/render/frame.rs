//! A moment of a game as a terminal shows it: a heading, the board, the
//! turn's line with the token just played and the tokens at fault marked,
//! and the panel of the armies, `gap` empty rows apart.

use crate::core::Span;
use crate::core::canvas::{Canvas, Style};
use crate::hirp::rules::Position;
use crate::hirp::syntax::Turn;

use super::text::{Drawing, board_in, legend, panel_in, turn_line_with};

/// The heading, board, turn line and panel of a moment of `turn`: after
/// its token `token` (from 0), or at its end when `None`; `faults` are the
/// spans of the tokens at fault.
pub fn frame(
    heading: &str,
    position: &Position,
    turn: &Turn,
    token: Option<usize>,
    faults: &[Span],
    (layout, gap): (Drawing, usize),
) -> Canvas {
    let mut canvas = Canvas::new();
    canvas.text(0, 0, heading, Style::Highlight);
    canvas.append(&board_in(position, layout), gap);
    canvas.append(&turn_line_with(turn, token, faults), gap);
    canvas.append(&panel_in(position, layout), gap);
    canvas
}

/// The position at the end of `turn`, labelled `label`, as `hirp board`
/// shows it: its [`frame`], then the legend.
pub fn turn_end(label: &str, position: &Position, turn: &Turn, layout: Drawing) -> Canvas {
    let heading = format!("After {label}");
    let mut canvas = frame(&heading, position, turn, None, &[], (layout, 1));
    canvas.append(&legend(position), 0);
    canvas
}

/// A position between two turns as `hirp board --position` shows it: a
/// heading, the board, the panel of the armies, then the legend.
pub fn position_frame(heading: &str, position: &Position, layout: Drawing) -> Canvas {
    let mut canvas = Canvas::new();
    canvas.text(0, 0, heading, Style::Highlight);
    canvas.append(&board_in(position, layout), 1);
    canvas.append(&panel_in(position, layout), 1);
    canvas.append(&legend(position), 0);
    canvas
}
