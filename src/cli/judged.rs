//! The check of one input by its family, each game handed over as the
//! library's seam judges it.

use std::io::{self, BufRead};

use hirp::any::RulesChoice;
use hirp::core::family::Judged;
use hirp::core::{CheckOptions, Depth};

use super::family::family;
use super::walk::Input;

/// Checks one input game by game as its family reads it, to `depth`,
/// handing each game to `on_game`; returns the bytes read.
pub fn check_input(
    input: &Input,
    rules: Option<&RulesChoice>,
    depth: Depth,
    workers: usize,
    on_game: impl FnMut(Judged<'_>) -> bool,
) -> io::Result<usize> {
    let mut reader = input.open()?;
    let head = reader.fill_buf()?;
    let family = family(&input.path, rules, head);
    let options = CheckOptions { depth, workers };
    family.check(reader, rules, options, on_game)
}
