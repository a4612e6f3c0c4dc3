//! The check of one input by its family, each game handed over as the
//! library's seam judges it.

use std::io::{self, BufRead};

use hirp::any::RulesChoice;
use hirp::core::family::Judged;
use hirp::core::{CheckOptions, Depth};

use super::family::family;
use super::walk::Input;

/// Why an input was not read: it is an archive of tafl games, which names
/// no rule set, and none was given.
#[derive(Debug)]
pub struct NeedsRules;

impl std::fmt::Display for NeedsRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an archive of tafl games names no rule set")
    }
}

impl std::error::Error for NeedsRules {}

/// Whether reading stopped at `e` because the input is an archive read
/// with no rule set ([`NeedsRules`]).
pub fn needs_rules(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<NeedsRules>())
}

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
    if rules.is_none() && family.needs_rules() {
        // An archive told by its text, as on standard input, is refused as
        // one told by its name is: none of its games could be judged.
        return Err(io::Error::new(io::ErrorKind::InvalidInput, NeedsRules));
    }
    let options = CheckOptions { depth, workers };
    family.check(reader, rules, options, on_game)
}
