//! A game checked, whatever its family, as `validate` reports it, and the
//! check of one input by its family.

use std::io::{self, BufRead};

use hirp::core::{CheckOptions, Depth};
use hirp::hirp::check::Checked;
use hirp::hirp::replay::MatchView;
use hirp::json::report::Verdict;
use hirp::tafl::replay::RulesChoice;

use super::family::family;
use super::walk::Input;

/// A game checked, whatever its family.
pub struct Judged<'a> {
    /// The game's number in the file, from 1; 0 for problems in no game.
    pub number: usize,
    /// Whether the problems lie in a game.
    pub in_game: bool,
    /// What its replay found.
    pub verdict: Verdict,
    /// Where a HIRP game stands in its match.
    pub view: Option<MatchView>,
    /// The chunk's text, its offset in the file and the lines before it.
    pub text: &'a str,
    pub offset: usize,
    pub line: usize,
}

impl<'a> From<Checked<'a>> for Judged<'a> {
    fn from(checked: Checked<'a>) -> Judged<'a> {
        Judged {
            number: checked.number,
            in_game: checked.number > 0,
            verdict: checked.report.into(),
            view: checked.view,
            text: checked.text,
            offset: checked.offset,
            line: checked.line,
        }
    }
}

impl<'a> From<hirp::tafl::check::Checked<'a>> for Judged<'a> {
    fn from(checked: hirp::tafl::check::Checked<'a>) -> Judged<'a> {
        Judged {
            number: checked.number,
            in_game: checked.game.is_some(),
            verdict: Verdict::of_replay(checked.replay),
            view: None,
            text: checked.text,
            offset: checked.offset,
            line: checked.line,
        }
    }
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
    let mut reader = input.open()?;
    let head = reader.fill_buf()?;
    let family = family(&input.path, rules, head);
    let options = CheckOptions { depth, workers };
    family.check_input(reader, rules.map(|r| &r.rules), options, on_game)
}
