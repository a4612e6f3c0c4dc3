//! Showing positions to people: [`text`] draws the board for terminals in
//! Unicode box drawing, [`svg`] as a map with every piece on it, for reports
//! and documentation.
//!
//! ```
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! let position = hirp::hirp::replay::replay_game(&parsed.record.games[0], &[]).position;
//! let text = hirp::hirp::render::text::board(&position).plain();
//! assert!(text.contains("│9 Silfr   │"));
//! let picture = hirp::hirp::render::svg::svg(&position, "After S1");
//! assert!(picture.contains("<title>After S1</title>"));
//! ```

#[doc(hidden)]
pub mod frame;
mod layout;
mod map;
mod metrics;
mod panel;
mod pieces;
pub mod svg;
pub mod text;

use crate::core::canvas::Hue;
use crate::hirp::Side;

/// The hue a side is drawn in on a terminal: Gull gold, Silfr silver-grey.
pub(crate) fn hue(side: Side) -> Hue {
    match side {
        Side::Gull => Hue::Gold,
        Side::Silfr => Hue::Silver,
    }
}
