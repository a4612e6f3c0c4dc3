//! Archives of one game a line: `moves,attacker_captures,defender_captures,result`.

use std::fmt::{self, Write as _};

use super::ply::Ply;
use crate::core::Span;
use crate::tafl::Side;

/// The header an archive may start with.
pub const CSV_HEADER: &str = "moves,attacker_captures,defender_captures,result";

/// The columns `line` names, when it reads as a header: fields separated
/// by `,`, each a name (a letter, then letters, digits, `_`, `-`, `.` or
/// blanks; not a square such as `d2`, nor `timeout`), in quotes or not,
/// the blanks around it left out. `None` when a field is anything else,
/// as a game's fields are.
///
/// ```
/// use hirp::tafl::syntax::header_columns;
///
/// assert_eq!(
///     header_columns("id,moves,\"result\""),
///     Some(vec!["id", "moves", "result"])
/// );
/// assert_eq!(header_columns("d2-e2 e4-e1,0,0,Ongoing"), None);
/// assert_eq!(header_columns("timeout,0,0,White"), None);
/// ```
pub fn header_columns(line: &str) -> Option<Vec<&str>> {
    line.split(',')
        .map(|field| {
            let field = field.trim_matches([' ', '\t']);
            let name = field
                .strip_prefix('"')
                .and_then(|f| f.strip_suffix('"'))
                .unwrap_or(field)
                .trim_matches([' ', '\t']);
            let bytes = name.as_bytes();
            let is_name = bytes.first().is_some_and(u8::is_ascii_alphabetic)
                && !bytes.get(1).is_some_and(u8::is_ascii_digit)
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b" _-.\t".contains(b))
                && name != "timeout";
            is_name.then_some(name)
        })
        .collect()
}

/// An archive: its header, when written, and its games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CsvRecord {
    /// The header line, [`CSV_HEADER`], when the archive starts with it.
    pub header: Option<Span>,
    /// The games, one a line, in file order.
    pub games: Vec<CsvGame>,
}

impl fmt::Display for CsvRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.header.is_some() {
            writeln!(f, "{CSV_HEADER}")?;
        }
        for game in &self.games {
            writeln!(f, "{game}")?;
        }
        Ok(())
    }
}

/// One game of an archive, `d2-e2 e4-e1 e2-d2xd3,1,0,Black`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvGame {
    /// The plies, the attackers' first: moves, and a last `timeout`.
    pub plies: Vec<Ply>,
    /// The number of captures the attackers made, as written.
    pub attacker_captures: Count,
    /// The number of captures the defenders made, as written.
    pub defender_captures: Count,
    /// The result, `None` when the field is empty or cannot be read.
    pub result: Option<ResultLabel>,
    /// The result field's text (empty when the field is).
    pub result_span: Span,
    /// The whole line, its line end not included.
    pub span: Span,
}

impl fmt::Display for CsvGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, ply) in self.plies.iter().enumerate() {
            if n > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{}", ply.archive())?;
        }
        write!(f, ",{},{},", self.attacker_captures, self.defender_captures)?;
        match self.result {
            Some(result) => write!(f, "{result}"),
            None => Ok(()),
        }
    }
}

/// A count of captures, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number, `None` when it cannot be read.
    pub value: Option<u32>,
    /// Its text.
    pub span: Span,
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Some(value) => write!(f, "{value}"),
            None => Ok(()),
        }
    }
}

/// The result of an archived game. Black is the attackers, White the
/// defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultLabel {
    /// `Black`: the attackers won.
    Black,
    /// `White`: the defenders won.
    White,
    /// `Draw`.
    Draw,
    /// `Ongoing`: the game was not finished.
    Ongoing,
}

impl ResultLabel {
    /// Every label, in the order the archives' description lists them.
    pub const ALL: [ResultLabel; 4] = [
        ResultLabel::Black,
        ResultLabel::White,
        ResultLabel::Draw,
        ResultLabel::Ongoing,
    ];

    /// The label as written.
    pub const fn name(self) -> &'static str {
        match self {
            ResultLabel::Black => "Black",
            ResultLabel::White => "White",
            ResultLabel::Draw => "Draw",
            ResultLabel::Ongoing => "Ongoing",
        }
    }

    /// The label written `name`, exactly.
    pub fn from_name(name: &str) -> Option<ResultLabel> {
        ResultLabel::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The side that won, if one did.
    pub const fn winner(self) -> Option<Side> {
        match self {
            ResultLabel::Black => Some(Side::Attackers),
            ResultLabel::White => Some(Side::Defenders),
            ResultLabel::Draw | ResultLabel::Ongoing => None,
        }
    }
}

impl fmt::Display for ResultLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
