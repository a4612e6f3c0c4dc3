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
    check_reader(&input.path, input.open()?, rules, depth, workers, on_game)
}

/// Checks the record `reader` gives, read from `path`, as
/// [`check_input`] checks an input: its family told from its name and
/// from what the reader's first buffer holds.
pub fn check_reader<R: BufRead + Send>(
    path: &str,
    mut reader: R,
    rules: Option<&RulesChoice>,
    depth: Depth,
    workers: usize,
    on_game: impl FnMut(Judged<'_>) -> bool,
) -> io::Result<usize> {
    let head = reader.fill_buf()?;
    let family = family(path, rules, head);
    let options = CheckOptions { depth, workers };
    family.check(reader, rules, options, on_game)
}
