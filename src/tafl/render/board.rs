//! What both drawings show: the board of a rule set, its pieces, the last
//! move and its captures, and a caption. Each square is read once here, as
//! a [`Cell`], so that the text and the SVG picture agree on every mark.

use std::collections::BTreeSet;

use crate::tafl::rules::{Layout, Move, Played, Position, RuleSet, SetupError, SquareKind};
use crate::tafl::{Piece, Side, Square};

/// A board to draw: the squares of a rule set, special ones marked, the
/// pieces of a layout on them, and optionally the move that led there and
/// a caption.
///
/// ```
/// use hirp::tafl::render::{Board, Glyphs, TextOptions};
/// use hirp::tafl::rules::{Move, Position, RuleSet};
///
/// let rules = RuleSet::preset("brandub").unwrap();
/// let mut position = Position::new(&rules);
/// let mv = Move { from: "d2".parse().unwrap(), to: "c2".parse().unwrap() };
/// let played = position.play(mv).unwrap();
/// let board = Board::of(&position).after(mv, &played).with_caption("1. d2-c2");
/// let text = board.text(TextOptions { glyphs: Glyphs::Ascii, color: false });
/// assert!(text.contains("[X]"));
/// assert!(board.svg().starts_with("<?xml"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<'a> {
    rules: &'a RuleSet,
    layout: Layout,
    last: Option<LastMove>,
    caption: Option<&'a str>,
}

/// The move that led to the position drawn, and the squares of the pieces
/// it captured.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The move.
    pub mv: Move,
    /// The squares of the pieces it captured: empty now, or holding a
    /// captured king, who stays on his square.
    pub captures: BTreeSet<Square>,
}

/// How a square is marked for the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Mark {
    /// The square the last move left.
    From,
    /// The square the last move reached.
    To,
    /// A square whose piece the last move captured.
    Captured,
}

/// One square as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell {
    /// The square.
    pub(super) square: Square,
    /// The piece on it, if any.
    pub(super) piece: Option<(Side, Piece)>,
    /// The first kind of special square it is, in [`SquareKind::ALL`]
    /// order.
    pub(super) special: Option<SquareKind>,
    /// Its mark for the last move: reaching it first, then leaving it,
    /// then a capture on it.
    pub(super) mark: Option<Mark>,
}

impl<'a> Board<'a> {
    /// The pieces of `layout` on the board of `rules`, if the two have the
    /// same side.
    pub fn new(rules: &'a RuleSet, layout: Layout) -> Result<Board<'a>, SetupError> {
        if layout.dim() != rules.dim {
            return Err(SetupError::LayoutSize {
                dim: rules.dim,
                layout: layout.dim(),
            });
        }
        Ok(Board {
            rules,
            layout,
            last: None,
            caption: None,
        })
    }

    /// The start of a game under `rules`.
    pub fn start(rules: &'a RuleSet) -> Board<'a> {
        Board {
            rules,
            layout: rules.start.clone(),
            last: None,
            caption: None,
        }
    }

    /// The pieces of `position` on the board of its rule set.
    pub fn of(position: &'a Position) -> Board<'a> {
        Board {
            rules: position.rules(),
            layout: position.layout(),
            last: None,
            caption: None,
        }
    }

    /// The board with `mv` marked as the last move, and the squares of
    /// `captures` as its captures.
    #[must_use]
    pub fn with_last_move(
        mut self,
        mv: Move,
        captures: impl IntoIterator<Item = Square>,
    ) -> Board<'a> {
        self.last = Some(LastMove {
            mv,
            captures: captures.into_iter().collect(),
        });
        self
    }

    /// The board with `mv` marked as the last move, with the captures
    /// `played` reports: what [`Position::play`] answered to `mv`.
    #[must_use]
    pub fn after(self, mv: Move, played: &Played) -> Board<'a> {
        self.with_last_move(mv, played.captures.iter())
    }

    /// The board with a caption: a line above the text board, and the
    /// picture's title and caption under the SVG board.
    #[must_use]
    pub fn with_caption(mut self, caption: &'a str) -> Board<'a> {
        self.caption = Some(caption);
        self
    }

    /// The rule set.
    pub fn rules(&self) -> &'a RuleSet {
        self.rules
    }

    /// The pieces.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The last move and its captures, if marked.
    pub fn last_move(&self) -> Option<&LastMove> {
        self.last.as_ref()
    }

    /// The caption, if any.
    pub fn caption(&self) -> Option<&'a str> {
        self.caption
    }

    /// The board's side, in squares.
    pub fn dim(&self) -> u8 {
        self.rules.dim
    }

    /// The kinds of special square the board has, in [`SquareKind::ALL`]
    /// order.
    pub(super) fn special_kinds(&self) -> Vec<SquareKind> {
        SquareKind::ALL
            .into_iter()
            .filter(|&kind| {
                self.squares_of(kind)
                    .iter()
                    .any(|s| s.file() < self.dim() && s.rank() < self.dim())
            })
            .collect()
    }

    fn squares_of(&self, kind: SquareKind) -> &BTreeSet<Square> {
        match kind {
            SquareKind::Corner => &self.rules.corners.squares,
            SquareKind::Centre => &self.rules.centre.squares,
            SquareKind::AttackerFortress => &self.rules.attacker_forts.squares,
            SquareKind::DefenderFortress => &self.rules.defender_forts.squares,
        }
    }

    /// The square on `file` and `rank` (from 0), as drawn.
    pub(super) fn cell(&self, file: u8, rank: u8) -> Cell {
        let square = Square::new(file, rank).expect("a square of the board");
        let special = SquareKind::ALL
            .into_iter()
            .find(|&kind| self.squares_of(kind).contains(&square));
        let mark = self.last.as_ref().and_then(|last| {
            if last.mv.to == square {
                Some(Mark::To)
            } else if last.mv.from == square {
                Some(Mark::From)
            } else if last.captures.contains(&square) {
                Some(Mark::Captured)
            } else {
                None
            }
        });
        Cell {
            square,
            piece: self.layout.get(square),
            special,
            mark,
        }
    }

    /// The kinds of piece on the board other than taflmen and the
    /// defenders' king, each with its side, in board order without
    /// repeats.
    pub(super) fn other_pieces(&self) -> Vec<(Side, Piece)> {
        let mut found = Vec::new();
        for (_, side, piece) in self.layout.pieces() {
            let usual = piece == Piece::Taflman || (side, piece) == (Side::Defenders, Piece::King);
            if !usual && !found.contains(&(side, piece)) {
                found.push((side, piece));
            }
        }
        found
    }

    /// The squares of the last move's captures on the board, in board
    /// order.
    pub(super) fn captures(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .last
            .iter()
            .flat_map(|last| last.captures.iter().copied())
            .filter(|s| s.file() < self.dim() && s.rank() < self.dim())
            .collect();
        squares.sort_by_key(|s| (s.rank(), s.file()));
        squares
    }
}

/// The columns a terminal gives `c`: two for the wide characters of East
/// Asian scripts and for pictographs, one for the others.
pub(super) fn columns(c: char) -> usize {
    const WIDE: [(u32, u32); 12] = [
        (0x1100, 0x115F),
        (0x2E80, 0x303E),
        (0x3041, 0x33FF),
        (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF),
        (0xA000, 0xA4CF),
        (0xAC00, 0xD7A3),
        (0xF900, 0xFAFF),
        (0xFE30, 0xFE4F),
        (0xFF00, 0xFF60),
        (0x1F300, 0x1FAFF),
        (0x20000, 0x3FFFD),
    ];
    let code = u32::from(c);
    if WIDE.iter().any(|&(from, to)| (from..=to).contains(&code)) {
        2
    } else {
        1
    }
}

/// The columns of `text`.
pub(super) fn width(text: &str) -> usize {
    text.chars().map(columns).sum()
}

/// `text` in lines of at most `room` columns, broken at whitespace (a word
/// longer than a line is cut). Characters that are no text (controls, and
/// what XML cannot hold) become `�`.
pub(super) fn wrap(text: &str, room: usize) -> Vec<String> {
    let clean = |c: char| {
        if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' {
            '\u{FFFD}'
        } else {
            c
        }
    };
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word: String = word.chars().map(clean).collect();
        if !line.is_empty() && width(&line) + 1 + width(&word) > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        // Where this word starts in `line`.
        let mut start = line.len();
        for c in word.chars() {
            if width(&line) + columns(c) > room && !line.trim().is_empty() {
                // A word longer than a line breaks after its last hyphen,
                // underscore or dot that fits (`Sea-` / `Battle`), else
                // where the line is full.
                let cut = line[start..]
                    .rfind(['-', '_', '.'])
                    .map(|at| start + at + 1)
                    .filter(|&at| at < line.len());
                let rest = cut.map_or_else(String::new, |at| line.split_off(at));
                lines.push(std::mem::take(&mut line));
                line = rest;
                start = 0;
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_wrap_at_spaces_and_lose_their_controls() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(
            wrap("Steve-Lonsdale-Sea-Battle.otg, game 1", 16),
            ["Steve-Lonsdale-", "Sea-Battle.otg,", "game 1"]
        );
        assert_eq!(
            wrap("a-b-c-d-e-f-g-h-i", 4),
            ["a-b-", "c-d-", "e-f-", "g-h-", "i"]
        );
        assert_eq!(wrap("ab abcdefgh-ij", 5), ["ab", "abcde", "fgh-", "ij"]);
        assert_eq!(wrap("a\u{1b}[31m\tb\nc", 80), ["a\u{FFFD}[31m b c"]);
        assert_eq!(wrap("  ", 80), Vec::<String>::new());
        assert_eq!(wrap("漢字漢字", 5), ["漢字", "漢字"]);
        assert_eq!(width("●○♔·⊠"), 5);
    }
}
