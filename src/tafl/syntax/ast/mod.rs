//! The typed, spanned syntax tree of the tafl records.
//!
//! One tree for the plies of both forms: a [`WrittenMove`] reads the same whether
//! an OpenTafl game file or an archive wrote it, so the replay resolves one
//! kind of move. What holds the plies differs: a game file's [`OtgGame`] has
//! tags, numbered turns with commentary and variations; an archive's
//! [`CsvGame`] is a line of plies with its capture counts and result. Every
//! node carries the byte [`Span`](crate::core::Span) of its text, and its
//! [`Display`](std::fmt::Display) prints the canonical form: one space
//! between tokens, a tag a line, a turn a line with its commentary on the
//! next.

use std::fmt;

mod about;
mod archived;
mod csv;
mod otg;
mod ply;

pub use about::{Annotations, Comment, Detail};
pub use archived::{
    ArchivedGame, ArchivedPlay, BadNumber, Clocks, GameStatus, Message, PlayRecord, PlayedMove,
    Plays, Rating, Spanned, check_rating, role_name, side_to_move,
};
pub(crate) use archived::{write_messages, write_string, yes_no};
pub use csv::{CSV_HEADER, Count, CsvGame, CsvRecord, ResultLabel, header_columns};
pub use otg::{
    Commentary, MoveAddress, OtgGame, OtgRecord, RulesEntry, Tag, Turn, Variation,
    VariationAddress, VariationStep,
};
pub use ply::{Capture, Info, MoveType, PieceLetter, Ply, WrittenMove};

/// The forms of tafl record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// An OpenTafl game file, `.otg`.
    Otg,
    /// An archive of one game a line, `.csv`.
    Csv,
    /// hnefatafl.org's archive, `archived-games.ron`: one RON value a
    /// line, each game read as a game file's (tags and turns). A line
    /// holding a game as its server sends it in RON (`watch_game_ron`,
    /// the fields of [`Form::OpenTaflJson`]) is read as that form reads
    /// it.
    Ron,
    /// hnefatafl.org's "OpenTafl" JSON, a game as its server sends it
    /// (`resume_game_json`): one JSON value in a file, or one a line (JSON
    /// Lines), each game read as a game file's (tags and turns).
    OpenTaflJson,
    /// hnefatafl.org's PGN export, `.pgn`: tags `[Event "Game 1001"]`,
    /// then moves `1. d1d3 e5e2` with no captures and no result, each game
    /// read as a game file's (tags and turns).
    Pgn,
}

impl Form {
    /// The form a file's extension names, `otg`, `csv`, `ron` or `pgn` (in
    /// any case). `json` names none: a `.json` file may as well be the
    /// JSON document `hirp json` writes, so [`Form::of_start`] tells
    /// hnefatafl.org's JSON by its content.
    pub fn from_extension(extension: &str) -> Option<Form> {
        if extension.eq_ignore_ascii_case("otg") {
            Some(Form::Otg)
        } else if extension.eq_ignore_ascii_case("csv") {
            Some(Form::Csv)
        } else if extension.eq_ignore_ascii_case("ron") {
            Some(Form::Ron)
        } else if extension.eq_ignore_ascii_case("pgn") {
            Some(Form::Pgn)
        } else {
            None
        }
    }

    /// The extension of its files, `otg`, `csv`, `ron`, `json` or `pgn`.
    pub const fn extension(self) -> &'static str {
        match self {
            Form::Otg => "otg",
            Form::Csv => "csv",
            Form::Ron => "ron",
            Form::OpenTaflJson => "json",
            Form::Pgn => "pgn",
        }
    }
}

/// A record read: the games of a file, in one of its forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// An OpenTafl game file.
    Otg(OtgRecord),
    /// An archive.
    Csv(CsvRecord),
    /// hnefatafl.org's archive: its games read as a game file's, each
    /// holding the [`ArchivedGame`] it was read from (a game that holds
    /// none is not written). A piece of a `.ron` file that holds games as
    /// the server sends them is read as a game file's games.
    Ron(OtgRecord),
}

impl Record {
    /// A record of `form` with no game: hnefatafl.org's JSON and PGN
    /// export are read as a game file's games.
    pub fn empty(form: Form) -> Record {
        match form {
            Form::Otg | Form::OpenTaflJson | Form::Pgn => Record::Otg(OtgRecord::default()),
            Form::Csv => Record::Csv(CsvRecord::default()),
            Form::Ron => Record::Ron(OtgRecord::default()),
        }
    }

    /// Its form.
    pub fn form(&self) -> Form {
        match self {
            Record::Otg(_) => Form::Otg,
            Record::Csv(_) => Form::Csv,
            Record::Ron(_) => Form::Ron,
        }
    }

    /// How many games it holds.
    pub fn len(&self) -> usize {
        match self {
            Record::Otg(record) | Record::Ron(record) => record.games.len(),
            Record::Csv(record) => record.games.len(),
        }
    }

    /// Whether it holds no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its games as a game file's: a game file's, or hnefatafl.org's
    /// archive's, read as a game file's.
    pub fn as_otg(&self) -> Option<&OtgRecord> {
        match self {
            Record::Otg(record) | Record::Ron(record) => Some(record),
            Record::Csv(_) => None,
        }
    }

    /// The archive, if it is one.
    pub fn as_csv(&self) -> Option<&CsvRecord> {
        match self {
            Record::Csv(record) => Some(record),
            Record::Otg(_) | Record::Ron(_) => None,
        }
    }

    /// The game an offset of the text belongs to, by index: the last game
    /// that starts at or before it (so a game owns what follows it up to
    /// the next one), or the first game for an offset before any. `None`
    /// only in a record with no game.
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        let (len, after) = match self {
            Record::Otg(r) | Record::Ron(r) => (
                r.games.len(),
                r.games.partition_point(|g| g.span.start <= offset),
            ),
            Record::Csv(r) => (
                r.games.len(),
                r.games.partition_point(|g| g.span.start <= offset),
            ),
        };
        after.checked_sub(1).or((len > 0).then_some(0))
    }

    /// Adds the games of `other`, read after them, when it is of the same
    /// form (its header is kept only when this record has none and no game).
    /// hnefatafl.org's archive with no game yet takes the form of what
    /// follows, and once games a game file's holds follow its games, it is
    /// a game file's games (as a piece of a `.ron` file holding games as
    /// the server sends them is).
    pub(crate) fn extend(&mut self, other: Record) {
        let ron = match self {
            Record::Ron(this) if this.games.is_empty() || matches!(other, Record::Otg(_)) => {
                Some(std::mem::take(this))
            }
            _ => None,
        };
        if let Some(this) = ron {
            *self = match other {
                Record::Otg(_) => Record::Otg(this),
                _ => Record::empty(other.form()),
            };
        }
        match (self, other) {
            (Record::Otg(this), Record::Otg(other) | Record::Ron(other))
            | (Record::Ron(this), Record::Ron(other)) => {
                this.games.extend(other.games);
            }
            (Record::Csv(this), Record::Csv(other)) => {
                if this.header.is_none() && this.games.is_empty() {
                    this.header = other.header;
                }
                this.games.extend(other.games);
            }
            _ => {}
        }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Record::Otg(record) => write!(f, "{record}"),
            Record::Csv(record) => write!(f, "{record}"),
            Record::Ron(record) => {
                let mut archived = record.games.iter().filter_map(|g| g.archived.as_deref());
                archived.try_for_each(|game| writeln!(f, "{game}"))
            }
        }
    }
}
