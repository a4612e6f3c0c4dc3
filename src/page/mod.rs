//! Pages for players: a record as one HTML file that replays it, board by
//! board, with its problems linked to the steps they belong to.
//!
//! A page is drawn from a [`Page`], the core's model that knows no family
//! of games ([`crate::core::page`]): a game is a list of [`Step`]s, each
//! with its board as SVG, a heading, the turn line with the byte range of
//! the token just played, the marks of the tokens at fault, the step's
//! problems and the record's commentary on it, plus the game's result and
//! what the record says of the game. Each family gives pages by building
//! this model ([`crate::hirp::page`] for HIRP's records, [`crate::tafl::page`] for the
//! tafl games'); [`html::html`] writes it as one self-contained file,
//! [`html::served`] is the page of `hirp serve`, and [`pack`] the JSON both
//! read (described by [`schema`]).
//!
//! ```
//! let page = hirp::hirp::page::page("game.hirp", b"G1 KeHeiHei /\nS1 He7He8He /\n");
//! let game = &page.games[0];
//! assert_eq!(game.steps.len(), 1 + 3 + 1 + 3 + 1);
//! assert_eq!(game.steps[2].heading, "G1, steps 2–3 of 5: Hei");
//! let played = game.steps[2].played.unwrap();
//! assert_eq!(&game.steps[2].line[played[0]..played[1]], "Hei");
//! let html = hirp::page::html::html(&page);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! ```

#[doc(hidden)]
pub mod html;

pub use crate::core::page::{
    Branch, Field, GamePage, Mark, Packed, PackedGame, PackedStep, Packer, Page, PageWriter, Range,
    Step, Table, Written, pack, schema,
};
