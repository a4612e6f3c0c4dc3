//! The board as text for a terminal: a framed grid, files lettered above
//! and below, ranks numbered on both sides (rank 1 at the bottom), and a
//! legend under it that explains every mark drawn.
//!
//! ```text
//!      a  b  c  d  e  f  g
//!    ┌─────────────────────┐
//!  7 │ ⊠  ·  ·  ●  ·  ·  ⊠ │ 7
//!  6 │ ·  ·  ·  ●  ·  ·  · │ 6
//!  5 │ ·  ·  ·  ○  ·  ·  · │ 5
//!  4 │ ●  ●  ○ {♔} ○  ●  ● │ 4
//!  3 │ ·  ·  ·  ○  ·  ·  · │ 3
//!  2 │ ·  ·  ·  ●  ·  ·  · │ 2
//!  1 │ ⊠  ·  ·  ●  ·  ·  ⊠ │ 1
//!    └─────────────────────┘
//!      a  b  c  d  e  f  g
//! ```
//!
//! Each square takes three columns: a 19 × 19 board is 65 columns wide.
//! Pieces and squares differ by their glyphs; colours, when asked for, only
//! add to them.
//!
//! The same board in ASCII, after a move that captures on f7:
//!
//! ```
//! use hirp::tafl::render::text::{Glyphs, MAX_COLUMNS, TextOptions, text};
//! use hirp::tafl::render::Board;
//! use hirp::tafl::rules::{Move, Position, RuleSet};
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let mut position = Position::new(&rules);
//! let mv = |from: &str, to: &str| Move { from: from.parse().unwrap(), to: to.parse().unwrap() };
//! position.play(mv("f4", "f7")).unwrap();
//! let played = position.play(mv("e4", "e7")).unwrap();
//! let board = Board::of(&position).after(mv("e4", "e7"), &played);
//! let drawn = text(&board, TextOptions { glyphs: Glyphs::Ascii, color: false });
//! assert!(drawn.contains(" 7 | #  .  .  X [O] *  # | 7\n"));
//! assert!(drawn.contains("( ) moved from e4  [ ] to e7  * captured on f7"));
//! assert!(drawn.lines().all(|line| line.chars().count() <= MAX_COLUMNS));
//! ```

use super::board::{Board, Cell, Mark, width, wrap};
use crate::tafl::{Piece, Side};

/// The most columns a line of the text takes, the caption and the legend
/// included.
pub const MAX_COLUMNS: usize = 80;

/// The characters a board is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// Attackers `●`, defenders `○`, the king `♔`, empty squares `·`,
    /// corners `⊠`, the centre `⊡`, fortresses `⊟` (the attackers') and
    /// `⊞` (the defenders'), captures `×`, a box-drawn frame.
    #[default]
    Unicode,
    /// Attackers `X`, defenders `O`, the king `K`, empty squares `.`,
    /// corners `#`, the centre `+`, fortresses `^` (the attackers') and `=`
    /// (the defenders'), captures `*`, a frame of `+`, `-` and `|`.
    Ascii,
}

/// How to draw a text board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextOptions {
    /// The characters.
    pub glyphs: Glyphs,
    /// Whether to add ANSI colours: the attackers red, the defenders cyan,
    /// the king yellow, the marks of the last move green, captures
    /// magenta, the frame dim. Without their escape sequences the lines
    /// are those drawn without colours.
    pub color: bool,
}

/// The characters of one [`Glyphs`].
struct Set {
    attacker: char,
    defender: char,
    king: char,
    empty: char,
    /// Per [`SquareKind::ALL`].
    special: [char; 4],
    captured: char,
    /// Top left, top right, bottom left, bottom right, across, down.
    frame: [char; 6],
}

const UNICODE: Set = Set {
    attacker: '●',
    defender: '○',
    king: '♔',
    empty: '·',
    special: ['⊠', '⊡', '⊟', '⊞'],
    captured: '×',
    frame: ['┌', '┐', '└', '┘', '─', '│'],
};

const ASCII: Set = Set {
    attacker: 'X',
    defender: 'O',
    king: 'K',
    empty: '.',
    special: ['#', '+', '^', '='],
    captured: '*',
    frame: ['+', '+', '+', '+', '-', '|'],
};

/// The brackets around the square the last move left.
const FROM: (char, char) = ('(', ')');

/// The brackets around the square the last move reached.
const TO: (char, char) = ('[', ']');

/// The brackets around a piece on a special square.
const ON_SPECIAL: (char, char) = ('{', '}');

/// What a run of characters is, for colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    Plain,
    Frame,
    Piece(Side),
    King,
    Special,
    Move,
    Capture,
}

impl Style {
    /// The escape sequence that starts the style.
    fn escape(self) -> &'static str {
        match self {
            Style::Plain => "",
            Style::Frame => "\u{1b}[2m",
            Style::Piece(Side::Attackers) => "\u{1b}[1;31m",
            Style::Piece(Side::Defenders) => "\u{1b}[1;36m",
            Style::King => "\u{1b}[1;33m",
            Style::Special => "\u{1b}[33m",
            Style::Move => "\u{1b}[1;32m",
            Style::Capture => "\u{1b}[1;35m",
        }
    }
}

/// A line being written: characters and their styles.
#[derive(Default)]
struct Line(Vec<(char, Style)>);

impl Line {
    fn push(&mut self, text: &str, style: Style) -> &mut Line {
        self.0.extend(text.chars().map(|c| (c, style)));
        self
    }

    fn push_char(&mut self, c: char, style: Style) -> &mut Line {
        self.0.push((c, style));
        self
    }

    /// The line, trailing blanks removed, with colours or without.
    fn render(&self, color: bool, out: &mut String) {
        let end = self
            .0
            .iter()
            .rposition(|&(c, _)| c != ' ')
            .map_or(0, |n| n + 1);
        let mut current = Style::Plain;
        for &(c, style) in &self.0[..end] {
            if color && style != current && c != ' ' {
                if current != Style::Plain {
                    out.push_str("\u{1b}[0m");
                }
                out.push_str(style.escape());
                current = style;
            }
            out.push(c);
        }
        if current != Style::Plain {
            out.push_str("\u{1b}[0m");
        }
        out.push('\n');
    }
}

/// The board as text: the caption (if any) wrapped above it, the board,
/// and the legend under it, each line at most [`MAX_COLUMNS`] columns and
/// ending with a line feed.
pub fn text(board: &Board<'_>, options: TextOptions) -> String {
    let set = match options.glyphs {
        Glyphs::Unicode => &UNICODE,
        Glyphs::Ascii => &ASCII,
    };
    let mut lines: Vec<Line> = Vec::new();
    for caption in board
        .caption()
        .map(|c| wrap(c, MAX_COLUMNS))
        .unwrap_or_default()
    {
        let mut line = Line::default();
        line.push(&caption, Style::Plain);
        lines.push(line);
    }
    let mut seen = Seen::default();
    let dim = board.dim();
    lines.push(files(dim));
    lines.push(edge(set, dim, true));
    for rank in (0..dim).rev() {
        lines.push(rank_line(board, set, rank, &mut seen));
    }
    lines.push(edge(set, dim, false));
    lines.push(files(dim));
    lines.extend(legend(board, set, &seen));
    let mut out = String::new();
    for line in &lines {
        line.render(options.color, &mut out);
    }
    out
}

impl Board<'_> {
    /// The board as text: see [`text()`].
    pub fn text(&self, options: TextOptions) -> String {
        text(self, options)
    }
}

/// The file letters, above or below the frame.
fn files(dim: u8) -> Line {
    let mut line = Line::default();
    line.push("    ", Style::Plain);
    for file in 0..dim {
        line.push_char(' ', Style::Plain)
            .push_char(char::from(b'a' + file), Style::Frame)
            .push_char(' ', Style::Plain);
    }
    line
}

/// The top or bottom of the frame.
fn edge(set: &Set, dim: u8, top: bool) -> Line {
    let [tl, tr, bl, br, across, _] = set.frame;
    let (left, right) = if top { (tl, tr) } else { (bl, br) };
    let bar: String = std::iter::repeat_n(across, 3 * usize::from(dim)).collect();
    let mut line = Line::default();
    line.push("   ", Style::Plain)
        .push_char(left, Style::Frame)
        .push(&bar, Style::Frame)
        .push_char(right, Style::Frame);
    line
}

/// What the board shows, for the legend to explain.
#[derive(Default)]
struct Seen {
    /// Per side: a taflman.
    taflmen: [bool; 2],
    king: bool,
    on_special: bool,
}

/// One rank: its number, its squares, its number again.
fn rank_line(board: &Board<'_>, set: &Set, rank: u8, seen: &mut Seen) -> Line {
    let number = format!("{:>2} ", u16::from(rank) + 1);
    let mut line = Line::default();
    line.push(&number, Style::Frame)
        .push_char(set.frame[5], Style::Frame);
    for file in 0..board.dim() {
        square(&mut line, set, board.cell(file, rank), seen);
    }
    line.push_char(set.frame[5], Style::Frame)
        .push(&format!(" {}", u16::from(rank) + 1), Style::Frame);
    line
}

/// One square's three columns: a glyph between two marks.
fn square(line: &mut Line, set: &Set, cell: Cell, seen: &mut Seen) {
    let (glyph, style) = match (cell.piece, cell.special) {
        (Some(piece), _) => piece_glyph(set, piece, seen),
        (None, _) if cell.mark == Some(Mark::Captured) => (set.captured, Style::Capture),
        (None, Some(kind)) => (set.special[kind as usize], Style::Special),
        (None, None) => (set.empty, Style::Frame),
    };
    let (marks, mark_style) = match cell.mark {
        Some(Mark::To) => (TO, Style::Move),
        Some(Mark::From) => (FROM, Style::Move),
        Some(Mark::Captured) if cell.piece.is_some() => {
            ((set.captured, set.captured), Style::Capture)
        }
        _ if cell.piece.is_some() && cell.special.is_some() => {
            seen.on_special = true;
            (ON_SPECIAL, Style::Special)
        }
        _ => ((' ', ' '), Style::Plain),
    };
    line.push_char(marks.0, mark_style)
        .push_char(glyph, style)
        .push_char(marks.1, mark_style);
}

/// The glyph of a piece and its style.
fn piece_glyph(set: &Set, (side, piece): (Side, Piece), seen: &mut Seen) -> (char, Style) {
    match (side, piece) {
        (Side::Attackers, Piece::Taflman) => {
            seen.taflmen[0] = true;
            (set.attacker, Style::Piece(side))
        }
        (Side::Defenders, Piece::Taflman) => {
            seen.taflmen[1] = true;
            (set.defender, Style::Piece(side))
        }
        (Side::Defenders, Piece::King) => {
            seen.king = true;
            (set.king, Style::King)
        }
        _ => (piece.letter_of(side), Style::Piece(side)),
    }
}

/// One entry of the legend: its sample and what it means.
type Entry = (Vec<(String, Style)>, String);

fn entry(sample: &[(String, Style)], meaning: &str) -> Entry {
    (sample.to_vec(), meaning.to_owned())
}

/// The legend: what each glyph and mark drawn means, in lines of at most
/// [`MAX_COLUMNS`] columns.
fn legend(board: &Board<'_>, set: &Set, seen: &Seen) -> Vec<Line> {
    let one = |c: char, style| vec![(c.to_string(), style)];
    let mut entries: Vec<Entry> = Vec::new();
    if seen.taflmen[0] {
        entries.push(entry(
            &one(set.attacker, Style::Piece(Side::Attackers)),
            "attacker",
        ));
    }
    if seen.taflmen[1] {
        entries.push(entry(
            &one(set.defender, Style::Piece(Side::Defenders)),
            "defender",
        ));
    }
    if seen.king {
        entries.push(entry(&one(set.king, Style::King), "king"));
    }
    for (side, piece) in board.other_pieces() {
        let meaning = format!("{} {}", side_word(side), piece_name(piece));
        entries.push(entry(
            &one(piece.letter_of(side), Style::Piece(side)),
            &meaning,
        ));
    }
    for kind in board.special_kinds() {
        let sample = one(set.special[kind as usize], Style::Special);
        entries.push(entry(&sample, kind.name()));
    }
    if seen.on_special {
        let sample = [(format!("{} {}", ON_SPECIAL.0, ON_SPECIAL.1), Style::Special)];
        entries.push(entry(&sample, "piece on a special square"));
    }
    move_entries(board, set, &mut entries);
    wrap_entries(entries)
}

/// The legend's entries for the last move and its captures.
fn move_entries(board: &Board<'_>, set: &Set, entries: &mut Vec<Entry>) {
    let Some(last) = board.last_move() else {
        return;
    };
    let from = [(format!("{} {}", FROM.0, FROM.1), Style::Move)];
    entries.push(entry(&from, &format!("moved from {}", last.mv.from)));
    let to = [(format!("{} {}", TO.0, TO.1), Style::Move)];
    entries.push(entry(&to, &format!("to {}", last.mv.to)));
    let captures = board.captures();
    if !captures.is_empty() {
        let names: Vec<String> = captures.iter().map(ToString::to_string).collect();
        let meaning = format!("captured on {}", names.join(", "));
        entries.push(entry(
            &[(set.captured.to_string(), Style::Capture)],
            &meaning,
        ));
    }
}

/// The entries, two spaces apart, in lines of at most [`MAX_COLUMNS`]
/// columns.
fn wrap_entries(entries: Vec<Entry>) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut line = Line::default();
    let mut used = 0;
    for (sample, meaning) in entries {
        let columns = sample.iter().map(|(s, _)| width(s)).sum::<usize>() + 1 + width(&meaning);
        if used > 0 && used + 2 + columns > MAX_COLUMNS {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push("  ", Style::Plain);
            used += 2;
        }
        for (text, style) in &sample {
            line.push(text, *style);
        }
        line.push(" ", Style::Plain).push(&meaning, Style::Plain);
        used += columns;
    }
    if used > 0 {
        lines.push(line);
    }
    lines
}

/// `attackers'` or `defenders'`.
fn side_word(side: Side) -> &'static str {
    match side {
        Side::Attackers => "attackers'",
        Side::Defenders => "defenders'",
    }
}

/// The name of a kind of piece.
fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Taflman => "taflman",
        Piece::King => "king",
        Piece::Commander => "commander",
        Piece::Knight => "knight",
        Piece::Mercenary => "mercenary",
        Piece::Guard => "guard",
    }
}
