//! Records written the usual way, recognized without a syntax tree.
//!
//! Nearly every record is written the usual way: blank lines, `;` comments
//! on lines of their own, tags such as `[Event "Jarl's Cup"]`, and turn
//! lines, each of the last two perhaps followed by blanks and a `;`
//! comment, lines ending with `\n` or `\r\n`. [`usual_games`] reads such a
//! chunk of a record byte by byte and tells how many turns each of its
//! games holds, building nothing and allocating nothing for a turn; it
//! gives up (`None`) at anything else, for the full reader to read and
//! report: a `{ }` comment, an escape in a tag value, a byte order mark, a
//! lone `\r` line end, bytes that are not UTF-8, a turn beyond the limits
//! of a turn, any mistake. Turns are read by the parser's own fast reading
//! of turn lines, which gives up where it does; lines are grouped into
//! games by the parser's own rule.
//!
//! What it says, when it says anything, is what [`parse_chunk`] says of a
//! chunk of the same bytes, wherever in its file the chunk starts: no error,
//! no warning, and games of those numbers of turns. The tests hold the two
//! to that on every fixture, on generated games and on text near them.
//!
//! [`parse_chunk`]: super::parse_chunk

use std::ops::Deref;

use smallvec::SmallVec;

use super::ast::Label;
pub(crate) use super::parser::Reading;
use super::parser::{ItemKind, begins_game, mislabelled, next_item, usual_turn};

/// The number of turns of each game of a chunk, in the order of the games:
/// `games[i]` turns in game `i`. A chunk of a few games holds them without
/// allocating.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnCounts(SmallVec<[u32; 4]>);

impl Deref for TurnCounts {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.0
    }
}

/// The number of turns of each game of a chunk's bytes, when every line is
/// written the usual way and the reader finds nothing to report in them;
/// `None` when the chunk must be read by the full reader.
///
/// Whenever it says `Some`, [`parse_chunk`](super::parse_chunk) of a chunk
/// of these bytes, at any offset, neither cut nor noted, reads them with no
/// error and no warning, into as many games, each of as many turns.
///
/// ```
/// use hirp::hirp::syntax::scan::usual_games;
/// let record = b"[Game \"1\"]\n; the opening\nG1 KeHeiHei /\nS1 He / ; short\n\nG1 He /\n";
/// assert_eq!(usual_games(record).as_deref(), Some(&[2, 1][..]));
/// assert_eq!(usual_games(b"G1 KeHeiHei / {a block comment}\n"), None);
/// assert_eq!(usual_games(b"G1 KeHeiHei\n"), None);
/// ```
pub fn usual_games(bytes: &[u8]) -> Option<TurnCounts> {
    let mut count = Count {
        games: TurnCounts::default(),
        turns: None,
    };
    read_usual(bytes, &mut count)?;
    count.games.0.extend(count.turns);
    Some(count.games)
}

/// Counts the turns of each game.
struct Count {
    games: TurnCounts,
    /// The turns of the game being read, pushed when the next begins.
    turns: Option<u32>,
}

impl Visitor<'_> for Count {
    #[inline(always)]
    fn read_turn(&mut self, line: &[u8], _: usize) -> Option<(Label, usize)> {
        usual_turn(line)
    }

    fn game(&mut self) -> Option<()> {
        self.games.0.extend(self.turns.replace(0));
        Some(())
    }

    #[inline(always)]
    fn turn(&mut self) -> Option<()> {
        self.turns = Some(self.turns?.checked_add(1)?);
        Some(())
    }
}

/// What reading a chunk written the usual way meets, in order: each game
/// begun (before its first tag or turn), each tag, each turn. Each method
/// may say `None`, and the reading stops there.
pub(crate) trait Visitor<'a> {
    /// Reads the turn at the start of `line`, which is at index `at` of the
    /// bytes read: its label and the bytes read, the outcome and the blanks
    /// after it; `None` for a turn not written the usual way. What it reads
    /// is [`turn`](Visitor::turn)'s, next.
    fn read_turn(&mut self, line: &[u8], at: usize) -> Option<(Label, usize)>;

    /// A game begins.
    fn game(&mut self) -> Option<()>;

    /// A tag: its name, its value (written with no escape), and where it
    /// lies in the bytes read, from `[` to `]`.
    fn tag(
        &mut self,
        _name: &'a str,
        _value: (&'a str, usize),
        _span: (usize, usize),
    ) -> Option<()> {
        Some(())
    }

    /// The turn [`read_turn`](Visitor::read_turn) read last, once its line
    /// is read to its end.
    fn turn(&mut self) -> Option<()>;
}

/// Reads `bytes` written the usual way, line by line, handing `visitor`
/// each game begun (by the parser's own rule), tag and turn. `None`, at
/// once, at a line not written the usual way, or when `visitor` says
/// `None`.
#[inline(always)]
pub(crate) fn read_usual<'a>(bytes: &'a [u8], visitor: &mut impl Visitor<'a>) -> Option<()> {
    read_usual_from(bytes, visitor, Reading::NoGame).map(|_| ())
}

/// Reads `bytes` as [`read_usual`] does, going on from where a reading
/// stood (`reading`) at their start. Returns where it stands at their end.
#[inline(always)]
pub(crate) fn read_usual_from<'a>(
    bytes: &'a [u8],
    visitor: &mut impl Visitor<'a>,
    mut reading: Reading,
) -> Option<Reading> {
    let mut at = 0;
    while at < bytes.len() {
        let (next, item) = line(bytes, at, visitor)?;
        at = next;
        let kind = match item {
            Line::Empty => continue,
            Line::Tag { .. } => ItemKind::Tag,
            Line::Turn(label) => ItemKind::Turn {
                side: label.side,
                round: Some(label.round),
            },
        };
        if begins_game(reading, kind) {
            // A `G1` the next turn shows mislabelled is for the full reader.
            if mislabelled(reading, next_item(&bytes[at..])) {
                return None;
            }
            visitor.game()?;
        }
        match item {
            Line::Tag {
                name,
                value,
                span,
                value_at,
            } => visitor.tag(name, (value, value_at), span)?,
            _ => visitor.turn()?,
        }
        reading = Reading::after(kind);
    }
    Some(reading)
}

/// What a line written the usual way holds.
#[derive(Clone, Copy)]
enum Line<'a> {
    /// Nothing: blanks, or a comment.
    Empty,
    /// A tag.
    Tag {
        name: &'a str,
        value: &'a str,
        span: (usize, usize),
        value_at: usize,
    },
    /// A turn, read by the visitor: its label.
    Turn(Label),
}

/// Reads the line at `at`, written the usual way: where the next line
/// starts, and the tag or turn the line holds, if any.
#[inline(always)]
fn line<'a>(
    bytes: &'a [u8],
    at: usize,
    visitor: &mut impl Visitor<'a>,
) -> Option<(usize, Line<'a>)> {
    let mut at = blanks(bytes, at);
    let item = match bytes.get(at) {
        Some(b'G' | b'S') => {
            // The turn and the blanks after it.
            let (label, read) = visitor.read_turn(&bytes[at..], at)?;
            at += read;
            Line::Turn(label)
        }
        Some(b'[') => {
            let (end, name, value) = tag(bytes, at)?;
            let span = (at, end);
            let value_at = (value.as_ptr() as usize).saturating_sub(bytes.as_ptr() as usize);
            at = blanks(bytes, end);
            Line::Tag {
                name,
                value,
                span,
                value_at,
            }
        }
        _ => Line::Empty,
    };
    if bytes.get(at) == Some(&b';') {
        at = comment(bytes, at)?;
    }
    let next = match bytes.get(at) {
        None => at,
        Some(b'\n') => at + 1,
        Some(b'\r') if bytes.get(at + 1) == Some(&b'\n') => at + 2,
        Some(_) => return None,
    };
    Some((next, item))
}

/// Where the blanks from `at` end.
#[inline]
fn blanks(bytes: &[u8], mut at: usize) -> usize {
    while matches!(bytes.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// Reads the `;` comment at `at` to the end of its line: where the line
/// end is, or the input ends. `None` when the comment is not UTF-8.
fn comment(bytes: &[u8], at: usize) -> Option<usize> {
    let body = &bytes[at + 1..];
    let len = memchr::memchr2(b'\n', b'\r', body).unwrap_or(body.len());
    std::str::from_utf8(&body[..len]).ok()?;
    Some(at + 1 + len)
}

/// Reads the tag at `at`, a value with no escape: where it ends, its name
/// and its value.
fn tag(bytes: &[u8], at: usize) -> Option<(usize, &str, &str)> {
    let mut at = blanks(bytes, at + 1);
    let name_start = at;
    if !bytes.get(at)?.is_ascii_alphabetic() {
        return None;
    }
    at += 1;
    while bytes
        .get(at)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
    {
        at += 1;
    }
    // ASCII, as just read.
    let name = std::str::from_utf8(&bytes[name_start..at]).ok()?;
    at = blanks(bytes, at);
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let value = &bytes[at + 1..];
    let len = value
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
    if value[len] != b'"' {
        return None;
    }
    let value = std::str::from_utf8(&value[..len]).ok()?;
    at = blanks(bytes, at + 1 + len + 1);
    (bytes.get(at) == Some(&b']')).then_some((at + 1, name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games `usual_games` finds in `text`, as a vector.
    fn games(text: &str) -> Option<Vec<u32>> {
        usual_games(text.as_bytes()).map(|g| g.to_vec())
    }

    #[test]
    fn games_begin_as_the_parser_begins_them() {
        let text = "[Game \"1\"]\nG1 He /\nS1 He /\n; next\n\n[Game \"2\"]\nG1 He /\nG01 He /\n";
        assert_eq!(games(text), Some(vec![2, 1, 1]));
        assert_eq!(games("G1 He /\nG2 He /\nS1 He /\n"), Some(vec![3]));
        assert_eq!(games("[A \"\"]\n[B \"\"]\n"), Some(vec![0]));
        assert_eq!(games("; only a comment\r\n\r\n  \t\n"), Some(vec![]));
        assert_eq!(games(""), Some(vec![]));
    }

    #[test]
    fn lines_of_the_usual_way_are_read() {
        let text =
            "  [ Event_1\t\"Jarl's Cup, Hirþ\" ] ; a tag\r\n\tG1 KeHeiHei /  ;c\nS1 He Gd>5GH5SHx";
        assert_eq!(games(text), Some(vec![2]));
    }

    #[test]
    fn anything_unusual_is_left_to_the_full_reader() {
        for text in [
            "G1 He / {c}\n",
            "{c}\nG1 He /\n",
            "G1 He /\n}\n",
            "[Event \"a \\\" b\"]\n",
            "[Event \"a\n",
            "[Event a]\n",
            "[1 \"a\"]\n",
            "[Event \"a\"] x\n",
            "\u{feff}G1 He /\n",
            "G1 He /\rS1 He /\n",
            "; a\rS1 He /\n",
            "G1 He\n",
            "G1 He /\n#\n",
            "g1 He /\n",
            "G99999999999 He /\n",
            "G1 He / x\n",
        ] {
            assert_eq!(games(text), None, "{text:?}");
        }
        for bytes in [&b"; \xff\n"[..], b"[Event \"\xe9\"]\n", b"G1 He /\n\xc3"] {
            assert_eq!(usual_games(bytes), None, "{bytes:?}");
        }
    }
}
