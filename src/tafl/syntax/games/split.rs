//! Where games begin, told from the first bytes of each line: the
//! reader's own rule, for cutting records into games.

use crate::core::chunk::after_blanks;
use crate::tafl::syntax::ast::Form;
use crate::tafl::syntax::parser::starts_tag;

/// What a line starts, for cutting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Blank.
    Blank,
    /// Inside a `[ ]` opened on an earlier line.
    InBracket,
    /// `[`, a tag name and `:`.
    TagShaped,
    /// Starting with a digit: a turn or a variation.
    Digit,
    /// Any other line starting with `[`: a tag of a PGN export, or a line
    /// a game file's reader reads as commentary or reports.
    Bracket,
    /// Anything else: an archive's game, or a line a game file's reader
    /// reports (or reads as commentary or a tag, from its place).
    Other,
}

/// What a line starts, from its first bytes (a byte order mark removed).
pub(super) fn classify(start: &[u8], in_bracket: bool) -> Kind {
    if in_bracket {
        return Kind::InBracket;
    }
    let start = after_blanks(start);
    match start {
        [] | [b'\n' | b'\r', ..] => Kind::Blank,
        [b'0'..=b'9', ..] => Kind::Digit,
        _ if starts_tag(start) => Kind::TagShaped,
        [b'[', ..] => Kind::Bracket,
        _ => Kind::Other,
    }
}

/// Follows `[ ]` through the bytes of a game file's lines.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Scan {
    /// Inside a `[ ]`.
    pub(super) in_bracket: bool,
}

impl Scan {
    pub(super) fn feed(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        loop {
            let wanted = if self.in_bracket { b']' } else { b'[' };
            match memchr::memchr(wanted, rest) {
                Some(n) => {
                    self.in_bracket = !self.in_bracket;
                    rest = &rest[n + 1..];
                }
                None => return,
            }
        }
    }
}

/// Follows the brackets and strings of hnefatafl.org's JSON through its
/// lines: how deep the line being read starts inside `{ }` and `[ ]`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct JsonScan {
    /// The depth after the bytes fed, counted from the game's start.
    depth: usize,
    /// The depth after the bytes fed of the current line, counted from its
    /// start: the depth if a game begins there.
    fresh: usize,
    /// Inside a string (which JSON closes on its line).
    in_string: bool,
    /// After a `\` in a string.
    escaped: bool,
}

impl JsonScan {
    /// A line starts: whether it starts inside a value.
    pub(super) fn start_line(&mut self) -> bool {
        self.fresh = 0;
        self.in_string = false;
        self.escaped = false;
        self.depth > 0
    }

    pub(super) fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    self.fresh += 1;
                }
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.fresh = self.fresh.saturating_sub(1);
                }
                _ => {}
            }
        }
    }

    /// A game begins at the line just fed: its depth is the line's own.
    pub(super) fn restart(&mut self) {
        self.depth = self.fresh;
    }
}

/// Whether a line inside a value of hnefatafl.org's JSON begins a game
/// all the same: it starts with `{` in its first column, as a game does and
/// a value inside one, indented, does not.
pub(super) fn opens_json_game(start: &[u8]) -> bool {
    start.first() == Some(&b'{')
}

/// Where the reading of a game stands, for the rule of where the next
/// begins.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Reading {
    /// The chunk holds a line that is not blank.
    pub(super) has_item: bool,
    /// A line of the game starts with a digit.
    pub(super) turn_seen: bool,
    /// The line before starts with a digit, and ends outside any `[ ]`.
    pub(super) after_digit: bool,
    /// A line that is no tag (a `[`) follows the game's last tag: in a
    /// PGN export, its tags are over.
    pub(super) tags_over: bool,
}

impl Reading {
    /// Whether a line of `kind` begins a game after the lines read.
    pub(super) fn begins_game(self, form: Form, kind: Kind) -> bool {
        match form {
            Form::Otg => kind == Kind::TagShaped && self.turn_seen && !self.after_digit,
            Form::Csv => self.has_item && !matches!(kind, Kind::Blank | Kind::InBracket),
            // One game a line, whatever its brackets.
            Form::Ron => self.has_item && kind != Kind::Blank,
            // A value may run over lines: a game begins at a line outside
            // any (which the splitter says `InBracket` otherwise).
            Form::OpenTaflJson => self.has_item && !matches!(kind, Kind::Blank | Kind::InBracket),
            // A tag after the moves, or after a blank line after the tags.
            Form::Pgn => self.has_item && self.tags_over && kind.starts_bracket(),
        }
    }

    /// The reading after a line of `kind`, which ends inside a `[ ]` when
    /// `open`.
    pub(super) fn after(self, kind: Kind, open: bool) -> Reading {
        let digit = kind == Kind::Digit;
        Reading {
            has_item: self.has_item || kind != Kind::Blank,
            turn_seen: self.turn_seen || digit,
            after_digit: digit && !open,
            tags_over: !kind.starts_bracket(),
        }
    }
}

impl Kind {
    /// Whether the line starts with `[`: a tag of a PGN export, or what
    /// its reader reports as a tag that does not read.
    fn starts_bracket(self) -> bool {
        matches!(self, Kind::TagShaped | Kind::Bracket)
    }
}
