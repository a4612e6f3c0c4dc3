//! What `hirp replay -i` shows in a terminal of a given size: the board in
//! the largest size that leaves room, a pane under it with the turn's
//! problems, its battles and the legend, which scrolls when it is longer
//! than the room left, and a line of keys at the foot. A terminal too small
//! for even the smallest board gets the size it needs instead.
//!
//! What is drawn is a [`Scene`]'s, whatever the game's family, a frame at
//! a time; its problems are rendered here, as every diagnostic is.

use hirp::core::canvas::{Canvas, Style};
use hirp::core::show::{Part, Scene};

use super::report::Reporter;
use super::report::Source;

/// The fewest rows left to the pane for a board to be shown.
const MIN_PANE: usize = 3;

/// The part of the rows the pane is given when what it holds needs them, a
/// smaller board drawn for it where there is one: a third.
const PANE_SHARE: usize = 3;

/// The rows of the foot: the keys, or a message.
const FOOT: usize = 1;

/// A game's scene as the screen draws it: its problems rendered as every
/// diagnostic is, pointing into `source`.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// What is shown.
    pub scene: &'a dyn Scene,
    /// The record's text, for the diagnostics.
    pub source: &'a Source,
    /// How the diagnostics are rendered.
    pub reporter: &'a Reporter,
}

impl View<'_> {
    /// The top of frame `frame` in the size `size`, in lines of at most
    /// `columns`.
    fn top(&self, frame: usize, size: usize, columns: usize) -> Vec<String> {
        lines(&self.scene.top(frame, size), columns)
    }

    /// What the pane holds for frame `frame`, in lines of at most
    /// `columns`, a blank line between two parts.
    fn pane(&self, frame: usize, columns: usize) -> Vec<String> {
        let parts: Vec<String> = self
            .scene
            .pane(frame, columns)
            .into_iter()
            .map(|part| match part {
                Part::Text(text) => text,
                Part::Problem(problem) => self.reporter.render_width(problem, self.source, columns),
            })
            .collect();
        join_parts(&parts, columns)
    }
}

/// Parts of a pane one after another, a blank line between two, in lines
/// of at most `columns`, broken between words.
pub fn join_parts(parts: &[String], columns: usize) -> Vec<String> {
    let parts: Vec<&str> = parts.iter().map(|p| p.trim_matches('\n')).collect();
    wrap(&parts.join("\n\n"), columns)
}

/// `text` in lines of at most `columns` visible characters, a line too
/// long broken between words (a word longer than a line within it), each
/// colour that runs past a break ended before it and taken up after, as
/// [`lines`] does.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut out: Vec<String> = Vec::new();
    for line in text.trim_end_matches('\n').split('\n') {
        if visible(line) <= columns {
            out.push(line.to_owned());
            continue;
        }
        let (mut current, mut width) = (String::new(), 0);
        for (k, word) in line.split(' ').enumerate() {
            let length = visible(word);
            if k > 0 && width > 0 && width + 1 + length > columns {
                out.push(std::mem::take(&mut current));
                width = 0;
            } else if k > 0 {
                current.push(' ');
                width += 1;
            }
            if width + length > columns {
                // A word longer than a line: broken within it.
                let mut pieces = lines(word, columns);
                let last = pieces.pop().unwrap_or_default();
                out.extend(pieces);
                width = visible(&last);
                current = last;
            } else {
                current.push_str(word);
                width += length;
            }
        }
        out.push(current);
    }
    carry_colours(out)
}

/// The visible characters of `text`: escape sequences take no column.
fn visible(text: &str) -> usize {
    let mut chars = text.chars().peekable();
    let mut count = 0;
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            escape(c, &mut chars);
        } else {
            count += 1;
        }
    }
    count
}

/// Lines whose colours are each ended on their line and taken up on the
/// next.
fn carry_colours(lines: Vec<String>) -> Vec<String> {
    let mut active = String::new();
    lines
        .into_iter()
        .map(|line| {
            let mut out = active.clone();
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\u{1b}' {
                    out.push(c);
                    continue;
                }
                let sequence = escape(c, &mut chars);
                if sequence == "\u{1b}[0m" {
                    active.clear();
                } else if sequence.starts_with("\u{1b}[") && sequence.ends_with('m') {
                    active.push_str(&sequence);
                }
                out.push_str(&sequence);
            }
            if !active.is_empty() {
                out.push_str("\u{1b}[0m");
            }
            out
        })
        .collect()
}

/// A screen's lines, ready to be written from the top-left corner.
pub struct Screen {
    /// At most as many lines as the terminal has rows, each at most as
    /// wide as it.
    pub lines: Vec<String>,
    /// How far the pane can scroll.
    pub max_scroll: usize,
    /// Rows the pane moves on a page.
    pub page: usize,
}

/// The screen for frame `frame` of `scene` in a terminal of `columns` ×
/// `rows`, the pane scrolled down by `scroll` lines, `foot` (coloured) on
/// the last row.
pub fn compose(
    view: View<'_>,
    frame: usize,
    (columns, rows): (usize, usize),
    scroll: usize,
    foot: &str,
) -> Screen {
    let (scene, pane) = (view.scene, view.pane(frame, columns));
    // The largest board that leaves the pane what it holds, up to a third
    // of the rows; else the largest that leaves it its fewest rows.
    let wanted = pane.len().min(rows / PANE_SHARE).max(MIN_PANE);
    let tops: Vec<(usize, usize, Vec<String>)> = scene
        .sizes()
        .into_iter()
        .enumerate()
        .filter(|(_, (width, _))| columns >= *width)
        .map(|(size, (width, gap))| (width, gap, view.top(frame, size, columns)))
        .collect();
    let leaves = |pane: usize| {
        move |(_, gap, top): &&(usize, usize, Vec<String>)| rows >= top.len() + gap + pane + FOOT
    };
    let fitting = tops
        .iter()
        .find(leaves(wanted))
        .or_else(|| tops.iter().find(leaves(MIN_PANE)));
    let Some((_, gap, lines)) = fitting else {
        return too_small(view, frame, columns, rows);
    };
    let (mut gap, mut lines) = (*gap, lines.clone());
    let mut pane_rows = rows - lines.len() - gap - FOOT;
    let fits = pane.len() <= pane_rows;
    // Scrolled, the pane takes the board's rows too, under the heading.
    let full_rows = rows - 1 - FOOT;
    let max_scroll = if fits {
        0
    } else {
        pane.len().saturating_sub(full_rows - 1).max(1)
    };
    let expanded = !fits && scroll > 0;
    if expanded {
        lines.truncate(1);
        gap = 0;
        pane_rows = full_rows;
    }
    // A page keeps one line of the last in sight.
    let page = pane_rows.saturating_sub(2).max(1);
    lines.extend(std::iter::repeat_n(String::new(), gap));
    if fits {
        lines.extend(pane);
    } else {
        let shown = (pane_rows - 1).min(pane.len());
        let scroll = scroll.min(max_scroll).min(pane.len() - shown);
        lines.extend(pane[scroll..scroll + shown].iter().cloned());
        let mut more = Canvas::new();
        let keys = match (expanded, scroll + shown == pane.len()) {
            (false, _) => "PgDn for more",
            (true, true) => "PgUp to go back",
            _ => "PgDn, PgUp",
        };
        let note = format!(
            "lines {}–{} of {}: {keys}",
            scroll + 1,
            scroll + shown,
            pane.len()
        );
        more.text(0, 0, &note, Style::Highlight);
        lines.push(more.ansi().trim_end_matches('\n').to_owned());
    }
    lines.resize(rows - FOOT, String::new());
    lines.push(clip(foot, columns));
    Screen {
        lines,
        max_scroll,
        page,
    }
}

/// The screen of a terminal too small for the smallest board: the size it
/// needs, and how to leave.
fn too_small(view: View<'_>, frame: usize, columns: usize, rows: usize) -> Screen {
    let sizes = view.scene.sizes();
    let smallest = sizes.len().saturating_sub(1);
    let (width, gap) = sizes.get(smallest).copied().unwrap_or((columns, 0));
    let needed = view.top(frame, smallest, width).len() + gap + MIN_PANE + FOOT;
    let message = format!(
        "This terminal is {columns}×{rows}: hirp replay -i needs at least {width}×{needed}. \
         Make it larger, or press q to quit."
    );
    let mut shown: Vec<String> = Vec::new();
    for word in message.split(' ') {
        match shown.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= columns => {
                line.push(' ');
                line.push_str(word);
            }
            _ => shown.extend(lines(word, columns)),
        }
    }
    shown.truncate(rows);
    Screen {
        lines: shown,
        max_scroll: 0,
        page: 1,
    }
}

/// `text` cut into lines of at most `columns` visible characters: each line
/// of it, broken where it is too long. Escape sequences take no column, and
/// a colour that runs past a break is ended before it and taken up after.
pub fn lines(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut out = Vec::new();
    for line in text.trim_end_matches('\n').split('\n') {
        let mut current = String::new();
        let mut width = 0;
        // The colour escapes in force.
        let mut active = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                let sequence = escape(c, &mut chars);
                if sequence == "\u{1b}[0m" {
                    active.clear();
                } else if sequence.starts_with("\u{1b}[") && sequence.ends_with('m') {
                    active.push_str(&sequence);
                }
                current.push_str(&sequence);
                continue;
            }
            if width == columns {
                if !active.is_empty() {
                    current.push_str("\u{1b}[0m");
                }
                out.push(std::mem::take(&mut current));
                current.push_str(&active);
                width = 0;
            }
            current.push(c);
            width += 1;
        }
        out.push(current);
    }
    out
}

/// The escape sequence that starts with `first`: a control sequence up to
/// its final byte, or an operating system command up to its terminator.
fn escape(first: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> String {
    let mut sequence = String::from(first);
    match chars.next() {
        Some('[') => {
            sequence.push('[');
            for c in chars.by_ref() {
                sequence.push(c);
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
        Some(']') => {
            sequence.push(']');
            while let Some(c) = chars.next() {
                sequence.push(c);
                if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                    break;
                }
            }
        }
        Some(c) => sequence.push(c),
        None => {}
    }
    sequence
}

/// The first line of `text` cut to `columns`.
fn clip(text: &str, columns: usize) -> String {
    let mut lines = lines(text, columns);
    let mut first = lines.swap_remove(0);
    if first.contains('\u{1b}') {
        first.push_str("\u{1b}[0m");
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_break_and_keep_their_colour() {
        assert_eq!(lines("abcdef\ngh", 4), ["abcd", "ef", "gh"]);
        let red = "\u{1b}[31mabcdef\u{1b}[0m";
        assert_eq!(
            lines(red, 4),
            ["\u{1b}[31mabcd\u{1b}[0m", "\u{1b}[31mef\u{1b}[0m"]
        );
        assert_eq!(lines("\u{1b}]8;;x\u{1b}\\ab\u{1b}]8;;\u{1b}\\", 1).len(), 2);
        assert_eq!(clip("abc\ndef", 2), "ab");
    }

    #[test]
    fn prose_breaks_between_words_and_keeps_its_colour() {
        assert_eq!(
            wrap("Steve Lonsdale plays the World Tafl Federation's rules", 20),
            [
                "Steve Lonsdale plays",
                "the World Tafl",
                "Federation's rules"
            ]
        );
        // A word longer than a line is broken within it.
        assert_eq!(wrap("a abcdefghij b", 4), ["a", "abcd", "efgh", "ij b"]);
        // A line that fits, its spaces as they are.
        assert_eq!(wrap("  two  spaces", 20), ["  two  spaces"]);
        let red = "\u{1b}[31mred words here\u{1b}[0m";
        assert_eq!(
            wrap(red, 9),
            ["\u{1b}[31mred words\u{1b}[0m", "\u{1b}[31mhere\u{1b}[0m"]
        );
    }
}
