//! What a tafl game file says of a game for a person, as a replay shows
//! it: the heading that names the game (its file, its players, then a line
//! for each of its event, round, site, date, time control, rules, variant
//! and annotator), the start-comment before the first move, and each
//! move's commentary with its board. The record's text is escaped; a
//! heading's line longer than the width is cut, prose is wrapped at its
//! words.

use crate::core::Span;
use crate::core::escape;
use crate::core::show::wrap;
use crate::tafl::syntax::Annotations;

/// What the lines of a title after its first begin with.
const TITLE_INDENT: &str = "  ";

/// The widest that `replay` writes prose, whatever the terminal.
const MAX_WIDTH: usize = 100;

/// The width prose is written in for a terminal of `columns` (80 when
/// that is not known), at most 100.
pub(super) fn width(columns: Option<usize>) -> usize {
    columns.unwrap_or(80).clamp(20, MAX_WIDTH)
}

/// A tafl game as the heading names it.
pub(super) struct Named<'a> {
    /// The record's path, `-` for standard input.
    pub(super) path: &'a str,
    /// The game's number in the record, from 1.
    pub(super) number: usize,
    /// The number of games in the record.
    pub(super) games: usize,
    /// What the game file says of the game.
    pub(super) about: &'a Annotations,
}

impl Named<'_> {
    /// What names the game, when the file holds more than one or its tags
    /// name the players: `games.csv, game 2 of 3`, `game.otg: Ann
    /// (attackers) against Bo (defenders)`.
    pub(super) fn title(&self) -> Option<String> {
        let path = escape(self.path);
        let players = self.about.players.as_deref().map(escape);
        let (number, games) = (self.number, self.games);
        match (games, players) {
            (0 | 1, None) => None,
            (0 | 1, Some(players)) => Some(format!("{path}: {players}")),
            (games, None) => Some(format!("{path}, game {number} of {games}")),
            (games, Some(players)) => Some(format!("{path}, game {number} of {games}: {players}")),
        }
    }

    /// The heading: the title (the path alone when only the details say
    /// something), on one line or with `wrapped` in lines of at most
    /// `width` characters, then a line a detail, `Event: Club evening`, cut
    /// to `width` with `…` when too long. `None` when there is nothing to
    /// say.
    pub(super) fn heading(&self, width: usize, wrapped: bool) -> Option<String> {
        let details = &self.about.details;
        let title = match self.title() {
            Some(title) => title,
            None if details.is_empty() => return None,
            None => escape(self.path).into_owned(),
        };
        let mut lines = if wrapped {
            wrap(&title, width, "", TITLE_INDENT)
        } else {
            vec![title]
        };
        for detail in details {
            let line = format!("{}: {}", detail.label, escape(&detail.value));
            lines.push(cut(&line, width));
        }
        Some(lines.join("\n"))
    }

    /// The title alone, wrapped to `width`: what names the game when the
    /// rest of the heading has been shown.
    pub(super) fn short_heading(&self, width: usize) -> Option<String> {
        let title = self.title()?;
        Some(wrap(&title, width, "", TITLE_INDENT).join("\n"))
    }

    /// The start-comment, its paragraphs wrapped to `width`, a blank line
    /// between two; `None` when there is none.
    pub(super) fn start_comment(&self, width: usize) -> Option<String> {
        prose(&self.about.start_comment, width, "")
    }

    /// The commentary on the move written at `ply`, labelled `label`
    /// (`1b`, `7a.1.2b`): `1b: ` and its paragraphs wrapped to `width`,
    /// each line after the first under the first word; `None` when it has
    /// none.
    pub(super) fn comment(&self, label: &str, ply: Span, width: usize) -> Option<String> {
        let lead = format!("{label}: ");
        prose(self.about.comment(ply), width, &lead)
    }
}

/// Paragraphs escaped and wrapped to `width`, a blank line between two,
/// the first led by `lead` and every other line indented as far; `None`
/// for no paragraph.
fn prose(paragraphs: &[String], width: usize, lead: &str) -> Option<String> {
    if paragraphs.is_empty() {
        return None;
    }
    let indent = " ".repeat(lead.chars().count());
    let mut lines: Vec<String> = Vec::new();
    for (n, paragraph) in paragraphs.iter().enumerate() {
        if n > 0 {
            lines.push(String::new());
        }
        let first = if n == 0 { lead } else { &indent };
        lines.extend(wrap(&escape(paragraph), width, first, &indent));
    }
    Some(lines.join("\n"))
}

/// `line` cut to `width` characters, its end `…` when it is cut.
fn cut(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_owned();
    }
    let mut shown: String = line.chars().take(width.saturating_sub(1)).collect();
    shown.push('…');
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut() {
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("abcd", 4), "abcd");
    }
}
