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
}

impl Reading {
    /// Whether a line of `kind` begins a game after the lines read.
    pub(super) fn begins_game(self, form: Form, kind: Kind) -> bool {
        match form {
            Form::Otg => kind == Kind::TagShaped && self.turn_seen && !self.after_digit,
            Form::Csv => self.has_item && !matches!(kind, Kind::Blank | Kind::InBracket),
            // One game a line, whatever its brackets.
            Form::Ron => self.has_item && kind != Kind::Blank,
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
        }
    }
}
