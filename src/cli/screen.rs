//! What `hirp replay -i` shows in a terminal of a given size: the board in
//! the largest size that leaves room, a pane under it with the turn's
//! problems, its battles and the legend, which scrolls when it is longer
//! than the room left, and a line of keys at the foot. A terminal too small
//! for even the smallest board gets the size it needs instead.
//!
//! What is drawn is a [`Scene`]'s: a HIRP game's ([`HirpScene`]) or a tafl
//! game's, a frame at a time.

use hirp::core::canvas::{Canvas, Style};
use hirp::diagnostic::Problem;
use hirp::hirp::render::text::{self, Drawing};
use hirp::hirp::syntax::Game;

use super::Reporter;
use super::boards::{marked, show};
use super::replay::{Frame, Moment, Replayed, label};
use super::report::Source;

/// The fewest rows left to the pane for a board to be shown.
const MIN_PANE: usize = 3;

/// The part of the rows the pane is given when what it holds needs them, a
/// smaller board drawn for it where there is one: a third.
const PANE_SHARE: usize = 3;

/// The rows of the foot: the keys, or a message.
const FOOT: usize = 1;

/// A replayed game as the screen shows it, one frame at a time, and how
/// one moves through it.
pub trait Scene {
    /// The frames one can stop at, in order.
    fn stops(&self) -> Vec<usize>;

    /// The place in the game of the turn frame `frame` belongs to: what
    /// ↓ and ↑ go by, and `g` looks for.
    fn turn(&self, frame: usize) -> usize;

    /// The label of the turn at `turn`: `S3`, or a tafl move's `3b`.
    fn label(&self, turn: usize) -> String;

    /// What a turn is called: `turn`, or `move`.
    fn unit(&self) -> &'static str;

    /// A label as typed after `g`, written as [`Scene::label`] writes them.
    fn typed(&self, text: &str) -> String;

    /// The keys, shown at the foot of the screen.
    fn keys(&self) -> &'static str;

    /// The sizes the top of a frame can be drawn in, the largest first:
    /// the columns each needs, and the empty rows between its parts and
    /// above the pane.
    fn sizes(&self) -> Vec<(usize, usize)>;

    /// The top of frame `frame` in the size `sizes()[size]`: its heading
    /// and board, in lines of at most `columns`.
    fn top(&self, frame: usize, size: usize, columns: usize) -> Vec<String>;

    /// What the pane holds for frame `frame`, in lines of at most
    /// `columns`.
    fn pane(&self, frame: usize, columns: usize) -> Vec<String>;

    /// Whether the game has other lines of play than its main one, which
    /// `v` and `b` step into and out of.
    fn branches(&self) -> bool {
        false
    }

    /// The frames of the line of play through frame `frame`, in order:
    /// what the keys step through there. The stops, unless the game has
    /// variations.
    fn line(&self, frame: usize) -> Vec<usize> {
        let _ = frame;
        self.stops()
    }

    /// The frame shown in place of frame `frame` when another line of play
    /// is asked for: the first move of the next variation of its move, or
    /// the move again after the last; `None` when the move has none.
    fn alternative(&self, frame: usize) -> Option<usize> {
        let _ = frame;
        None
    }

    /// The frame of the line a variation branches from, where it
    /// branches: `None` outside a variation.
    fn back(&self, frame: usize) -> Option<usize> {
        let _ = frame;
        None
    }

    /// The frame of a label typed after `g` that is in no line shown yet,
    /// if the game has one.
    fn find(&self, label: &str) -> Option<usize> {
        let _ = label;
        None
    }
}

/// A HIRP game on the screen.
#[derive(Clone, Copy)]
pub struct HirpScene<'a> {
    pub game: &'a Game,
    pub replayed: &'a Replayed,
    pub source: &'a Source,
    pub reporter: &'a Reporter,
    /// What names the game, when there is something to say.
    pub title: Option<&'a str>,
}

/// HIRP's keys, shown at the foot of the screen.
/// All in 80 columns.
const HIRP_KEYS: &str =
    "→/n next step  ←/p back  ↓/↑ turns  Home/End first/last  g go to a turn  q quit";

/// The sizes of HIRP's board on the screen, the largest first.
const HIRP_LAYOUTS: [(Drawing, usize); 2] = [(Drawing::Full, 1), (Drawing::Compact, 0)];

impl Scene for HirpScene<'_> {
    /// Every step, and every turn's end (with its battles).
    fn stops(&self) -> Vec<usize> {
        self.replayed
            .frames
            .iter()
            .enumerate()
            .filter(|(_, f)| !matches!(f.moment, Moment::Battles(_)))
            .map(|(n, _)| n)
            .collect()
    }

    fn turn(&self, frame: usize) -> usize {
        self.replayed.frames[frame].turn
    }

    fn label(&self, turn: usize) -> String {
        label(turn)
    }

    fn unit(&self) -> &'static str {
        "turn"
    }

    fn typed(&self, text: &str) -> String {
        text.to_uppercase()
    }

    fn keys(&self) -> &'static str {
        HIRP_KEYS
    }

    fn sizes(&self) -> Vec<(usize, usize)> {
        HIRP_LAYOUTS
            .iter()
            .map(|(layout, gap)| (layout.width(), *gap))
            .collect()
    }

    /// The heading, board, turn line and panel of the frame, its problems
    /// marked.
    fn top(&self, frame: usize, size: usize, columns: usize) -> Vec<String> {
        let (layout, gap) = HIRP_LAYOUTS[size.min(HIRP_LAYOUTS.len() - 1)];
        let frame = &self.replayed.frames[frame];
        let problems: Vec<&Problem> = self.replayed.report.problems.iter().collect();
        let marked = marked(self.game, frame, &problems);
        lines(
            // The pane names each fault: the board keeps its rows.
            &show(self.game, frame, layout, gap, &marked).ansi_unmarked(),
            columns,
        )
    }

    /// What names the game, the problems of the turn, its battles at its
    /// end, the legend.
    fn pane(&self, frame: usize, columns: usize) -> Vec<String> {
        let current = &self.replayed.frames[frame];
        let label = label(current.turn);
        let mut parts: Vec<String> = self.title.map(str::to_owned).into_iter().collect();
        parts.extend(
            self.replayed
                .report
                .problems
                .iter()
                .filter(|p| p.turn.as_deref() == Some(label.as_str()))
                .map(|p| self.reporter.render_width(p, self.source, columns)),
        );
        if matches!(current.moment, Moment::TurnEnd)
            && let Some(Frame {
                moment: Moment::Battles(battles),
                ..
            }) = self.replayed.frames[..frame]
                .last()
                .filter(|f| f.turn == current.turn)
        {
            parts.push(text::battle_table_in(battles, Some(columns)).ansi());
        }
        parts.push(text::legend(&current.position).ansi());
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
    scene: &dyn Scene,
    frame: usize,
    (columns, rows): (usize, usize),
    scroll: usize,
    foot: &str,
) -> Screen {
    let pane = scene.pane(frame, columns);
    // The largest board that leaves the pane what it holds, up to a third
    // of the rows; else the largest that leaves it its fewest rows.
    let wanted = pane.len().min(rows / PANE_SHARE).max(MIN_PANE);
    let tops: Vec<(usize, usize, Vec<String>)> = scene
        .sizes()
        .into_iter()
        .enumerate()
        .filter(|(_, (width, _))| columns >= *width)
        .map(|(size, (width, gap))| (width, gap, scene.top(frame, size, columns)))
        .collect();
    let leaves = |pane: usize| {
        move |(_, gap, top): &&(usize, usize, Vec<String>)| rows >= top.len() + gap + pane + FOOT
    };
    let fitting = tops
        .iter()
        .find(leaves(wanted))
        .or_else(|| tops.iter().find(leaves(MIN_PANE)));
    let Some((_, gap, lines)) = fitting else {
        return too_small(scene, frame, columns, rows);
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
fn too_small(scene: &dyn Scene, frame: usize, columns: usize, rows: usize) -> Screen {
    let sizes = scene.sizes();
    let smallest = sizes.len().saturating_sub(1);
    let (width, gap) = sizes.get(smallest).copied().unwrap_or((columns, 0));
    let needed = scene.top(frame, smallest, width).len() + gap + MIN_PANE + FOOT;
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

    #[test]
    fn hirp_s_keys_fit_in_80_columns_and_name_every_way_to_move() {
        assert!(HIRP_KEYS.chars().count() <= 80, "{HIRP_KEYS}");
        for key in ["→/n", "←/p", "↓/↑", "Home/End", "g ", "q "] {
            assert!(HIRP_KEYS.contains(key), "{key}");
        }
    }
}
