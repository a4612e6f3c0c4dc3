//! OpenTafl game files: tags, turns, variations and commentary.

use std::fmt::{self, Write as _};

use super::ply::Ply;
use crate::core::Span;

/// The games of an OpenTafl game file (most files hold one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtgRecord {
    /// The games, in file order.
    pub games: Vec<OtgGame>,
}

impl fmt::Display for OtgRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::core::written::games(f, &self.games)
    }
}

/// One game: its tags, and its main-line turns with the variations written
/// after each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtgGame {
    /// The tags in the order written; the rules tag among them.
    pub tags: Vec<Tag>,
    /// The turns of the main line, in the order written.
    pub turns: Vec<Turn>,
    /// From the first tag or turn to the end of the last line read.
    pub span: Span,
    /// The record writes no captures and no mark of the end
    /// (hnefatafl.org's archive and PGN export): the replay computes them
    /// and checks none written.
    pub captures_unwritten: bool,
    /// The game is written as hnefatafl.org's server writes it (its
    /// archive, its JSON), not in a game file's notation: the commands
    /// that write a record keep its text as read, the replay offers no
    /// fix, which would write a game file's notation into it, and its
    /// position tag is the start the server wrote, the last rank first.
    pub server_written: bool,
    /// The game of hnefatafl.org's archive it was read from, every field
    /// as read: its tags and turns are read from it, and a record of the
    /// archive is written from it. `None` in a game file.
    pub archived: Option<Box<super::ArchivedGame>>,
}

impl OtgGame {
    /// The first tag named `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|tag| tag.name == name)
    }

    /// The rules tag, whose value the rules read.
    pub fn rules(&self) -> Option<&Tag> {
        self.tag("rules")
    }

    /// The plies of the main line, in order: what is replayed.
    pub fn main_line(&self) -> impl Iterator<Item = &Ply> {
        self.turns.iter().flat_map(|turn| &turn.plies)
    }

    /// The game in canonical form: as [`Display`](fmt::Display) writes it
    /// (which keeps what was written), but with the rules tag last, as the
    /// specification puts it, and each paragraph of a tag's value on one
    /// line: the line ends of a value that runs over several, and the
    /// blanks around them, written as one space, but for a blank line,
    /// which parts two paragraphs (as in OpenTafl's start-comments) and is
    /// kept.
    pub fn canonical(&self) -> String {
        let mut text = String::new();
        let (rules, others): (Vec<&Tag>, Vec<&Tag>) =
            self.tags.iter().partition(|tag| tag.name == "rules");
        for tag in others.into_iter().chain(rules) {
            if tag.value.contains(['\n', '\r']) {
                let _ = writeln!(text, "[{}:{}]", tag.name, tag.paragraphs().join("\n\n"));
            } else {
                let _ = writeln!(text, "{tag}");
            }
        }
        if !self.tags.is_empty() && !self.turns.is_empty() {
            text.push('\n');
        }
        for turn in &self.turns {
            let _ = write!(text, "{turn}");
        }
        text
    }

    /// The resignation that ends the main line, if it ends with one.
    pub fn resignation(&self) -> Option<Span> {
        match self.main_line().last() {
            Some(Ply::Resignation(span)) => Some(*span),
            _ => None,
        }
    }
}

impl fmt::Display for OtgGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::core::written::tags_and_turns(f, &self.tags, &self.turns, "")
    }
}

/// A tag, `[date:2015.01.07]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Its name, such as `date` or `rules`.
    pub name: String,
    /// Its value as written, line ends included when it runs over lines.
    pub value: String,
    /// The value's text.
    pub value_span: Span,
    /// From `[` to `]`.
    pub span: Span,
}

impl Tag {
    /// The value's paragraphs, each on one line: the lines of a paragraph
    /// joined by a space, the blanks around them dropped; a blank line
    /// parts two paragraphs (as in OpenTafl's start-comments).
    pub fn paragraphs(&self) -> Vec<String> {
        paragraphs(&self.value)
    }

    /// The value read as a rules record's entries, `dim:11 atkf:y`: its
    /// words separated by blanks, each split at its first `:`. What they say
    /// is for the rules to read.
    pub fn entries(&self) -> Vec<RulesEntry<'_>> {
        crate::tafl::syntax::parser::rules_entries(&self.value, self.value_span.start)
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}:{}]", self.name, self.value)
    }
}

/// The paragraphs of `text`, each on one line: the lines of a paragraph
/// joined by a space, the blanks around them dropped; a blank line parts
/// two paragraphs.
pub(super) fn paragraphs(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text
        .lines()
        .flat_map(|line| line.split('\r'))
        .map(str::trim)
        .collect();
    lines
        .split(|line| line.is_empty())
        .filter(|part| !part.is_empty())
        .map(|part| part.join(" "))
        .collect()
}

/// One entry of a rules tag's value, `atkf:y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesEntry<'a> {
    /// What comes before the first `:`, or the whole entry when it has none.
    pub key: &'a str,
    /// What comes after the first `:`, if the entry has one.
    pub value: Option<&'a str>,
    /// The key's text.
    pub key_span: Span,
    /// The whole entry.
    pub span: Span,
}

/// A turn of the main line, `1. d1-d3 h6-h9`, with its commentary and the
/// variations written after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The turn number, `1` in `1.`.
    pub number: u32,
    /// Its plies: the attackers' and then the defenders' in most variants.
    pub plies: Vec<Ply>,
    /// The commentary on its plies, if any.
    pub commentary: Option<Commentary>,
    /// The variations written after the turn, before the next one.
    pub variations: Vec<Variation>,
    /// From the number to the last ply.
    pub span: Span,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.number)?;
        write_plies(f, &self.plies, self.commentary.as_ref())?;
        for variation in &self.variations {
            write!(f, "{variation}")?;
        }
        Ok(())
    }
}

/// The plies of a turn or variation after its number, each after a space,
/// and its commentary on a line of its own.
fn write_plies(
    f: &mut fmt::Formatter<'_>,
    plies: &[Ply],
    commentary: Option<&Commentary>,
) -> fmt::Result {
    for ply in plies {
        write!(f, " {ply}")?;
    }
    f.write_char('\n')?;
    if let Some(commentary) = commentary {
        writeln!(f, "{commentary}")?;
    }
    Ok(())
}

/// A line of a variation, `7a.1.1a. a3-c3 b4-b3xc3`: a turn of another
/// line of play, which the replay plays from the move it replaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Where it branches off.
    pub address: VariationAddress,
    /// Its plies; [`Ply::Placeholder`] for moves it shares with its parent.
    pub plies: Vec<Ply>,
    /// The commentary on its plies, if any.
    pub commentary: Option<Commentary>,
    /// From the address to the last ply.
    pub span: Span,
}

impl fmt::Display for Variation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.address)?;
        write_plies(f, &self.plies, self.commentary.as_ref())
    }
}

/// A variation's address, read right to left: `7a.1.2a.` is the second
/// turn of the first variation off the first move of turn 7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationAddress {
    /// The move of the main line it starts from, `7a`.
    pub start: MoveAddress,
    /// Each variation taken and the move within it, `.1.2a`.
    pub steps: Vec<VariationStep>,
    /// The address's text, its last `.` included when written.
    pub span: Span,
}

impl fmt::Display for VariationAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start)?;
        for step in &self.steps {
            write!(f, ".{}.{}", step.variation, step.at)?;
        }
        f.write_char('.')
    }
}

/// A step of a variation address: the variation's number and a move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariationStep {
    /// Which variation, from 1.
    pub variation: u32,
    /// The move within it.
    pub at: MoveAddress,
}

/// A move's address: the turn, and the ply within it by letter, `7a`. It
/// compares with its text: `address == "7a"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveAddress {
    /// The turn number.
    pub turn: u32,
    /// The ply within the turn, from 0 (`a`) to 25 (`z`).
    pub ply: u8,
}

impl fmt::Display for MoveAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.turn, char::from(b'a' + self.ply))
    }
}

impl PartialEq<str> for MoveAddress {
    fn eq(&self, text: &str) -> bool {
        let Some(letter) = text.bytes().last().filter(u8::is_ascii_lowercase) else {
            return false;
        };
        // The letter is ASCII: the digits end where it begins.
        let digits = &text[..text.len() - 1];
        !digits.starts_with(['0', '+'])
            && digits.parse::<u32>().is_ok_and(|turn| turn == self.turn)
            && letter - b'a' == self.ply
    }
}

impl PartialEq<&str> for MoveAddress {
    fn eq(&self, text: &&str) -> bool {
        *self == **text
    }
}

impl PartialEq<String> for MoveAddress {
    fn eq(&self, text: &String) -> bool {
        *self == **text
    }
}

/// Commentary on the plies of a turn or variation, `[first|second]`: one
/// text per ply, separated by `|`, each as written (over lines if need be).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commentary {
    /// The texts, one per ply, empty ones included: `[|]` holds two.
    pub texts: Vec<String>,
    /// From `[` to `]`.
    pub span: Span,
}

impl fmt::Display for Commentary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('[')?;
        for (n, text) in self.texts.iter().enumerate() {
            if n > 0 {
                f.write_char('|')?;
            }
            f.write_str(text)?;
        }
        f.write_char(']')
    }
}

#[cfg(test)]
mod tests {
    use super::MoveAddress;

    #[test]
    fn an_address_compares_with_its_text_and_nothing_else() {
        let address = MoveAddress { turn: 12, ply: 1 };
        assert_eq!(address.to_string(), "12b");
        assert_eq!(address, "12b");
        for other in [
            "12a", "12c", "12", "b", "", "012b", "+12b", "12bb", "12B", "1é", "é", "12 b",
        ] {
            assert_ne!(address, other, "{other}");
        }
        assert_eq!(MoveAddress { turn: 1, ply: 0 }, "1a");
        assert_eq!(MoveAddress { turn: 7, ply: 25 }, "7z");
    }
}
