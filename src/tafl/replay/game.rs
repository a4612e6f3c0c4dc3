//! A game of either form, as the replay reads it: its plies with their
//! addresses, its rules tag, and what it records of its end.

use crate::core::Span;
use crate::tafl::Side;
use crate::tafl::syntax::{
    Annotations, CsvGame, MoveAddress, OtgGame, Ply, Record, ResultLabel, Tag,
};

/// A game of a record of either form.
#[derive(Clone, Copy, Debug)]
pub enum Game<'a> {
    /// A game file's game.
    Otg(&'a OtgGame),
    /// An archive's line.
    Csv(&'a CsvGame),
}

/// A ply of the main line or of a variation, with its address.
#[derive(Clone, Copy, Debug)]
pub struct WrittenPly<'a> {
    /// The turn's number, from 1 (in a variation, the variation's turn).
    pub turn: u32,
    /// The ply's place in its turn, from 0: 0 for the turn's first ply, 1
    /// for its second, 2 and on for the plies a berserk turn adds (a game
    /// file's turn writes them on its line, as OpenTafl does).
    pub half: u8,
    /// The ply.
    pub ply: &'a Ply,
    /// The label of the variation it lies in, `7a.1`; empty in the main
    /// line.
    pub line: &'a str,
}

impl WrittenPly<'_> {
    /// Its address in its line, `3a`, `3b` (`2b` of `7a.1.2b`).
    pub fn address(&self) -> MoveAddress {
        MoveAddress {
            turn: self.turn,
            ply: self.half,
        }
    }

    /// Its label in the game: its address, after its variation's label in
    /// a variation (`7a.1.2b`).
    pub fn label(&self) -> String {
        if self.line.is_empty() {
            self.address().to_string()
        } else {
            format!("{}.{}", self.line, self.address())
        }
    }
}

/// The result a record declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Declared {
    /// A side won.
    Won(Side),
    /// A draw.
    Draw,
    /// The game goes on (`Ongoing`).
    Ongoing,
    /// No result, or `?`.
    Unknown,
}

/// Where and how a record declares its result.
#[derive(Clone, Debug)]
pub(crate) struct Declaration {
    /// What it says.
    pub(crate) declared: Declared,
    /// The text saying it, when there is some: the label, the tag's value.
    pub(crate) span: Option<Span>,
    /// Whether it says the loser ran out of time (`[termination:]`).
    pub(crate) on_time: bool,
}

impl<'a> Game<'a> {
    /// The games of a record, in order.
    pub fn all(record: &'a Record) -> Vec<Game<'a>> {
        match record {
            Record::Otg(r) | Record::Ron(r) => r.games.iter().map(Game::Otg).collect(),
            Record::Csv(r) => r.games.iter().map(Game::Csv).collect(),
        }
    }

    /// The game's text.
    pub fn span(self) -> Span {
        match self {
            Game::Otg(g) => g.span,
            Game::Csv(g) => g.span,
        }
    }

    /// What the record says of the game for a person: a game file's
    /// players, heading, start-comment and commentary
    /// ([`OtgGame::annotations`]); nothing for an archive's line.
    pub fn annotations(self) -> Annotations {
        match self {
            Game::Otg(g) => g.annotations(),
            Game::Csv(_) => Annotations::default(),
        }
    }

    /// The rules tag, in a game file.
    pub fn rules_tag(self) -> Option<&'a Tag> {
        match self {
            Game::Otg(g) => g.rules(),
            Game::Csv(_) => None,
        }
    }

    /// The plies of the main line, with their addresses: a game file's
    /// turns in order, an archive's plies numbered two a turn.
    pub fn plies(self) -> impl Iterator<Item = WrittenPly<'a>> {
        let (otg, csv) = match self {
            Game::Otg(g) => (Some(g), None),
            Game::Csv(g) => (None, Some(g)),
        };
        let turns = otg.into_iter().flat_map(|g| {
            g.turns.iter().flat_map(|t| {
                t.plies.iter().enumerate().map(move |(n, ply)| WrittenPly {
                    turn: t.number,
                    half: u8::try_from(n).unwrap_or(u8::MAX).min(25),
                    ply,
                    line: "",
                })
            })
        });
        let line = csv.into_iter().flat_map(|g| {
            g.plies.iter().enumerate().map(|(n, ply)| WrittenPly {
                turn: (n / 2 + 1) as u32,
                half: (n % 2) as u8,
                ply,
                line: "",
            })
        });
        turns.chain(line)
    }

    /// The result the record declares: an archive's label, a game file's
    /// `[result:]` (`1` the attackers, `-1` the defenders, `0` a draw)
    /// with its `[termination:]`.
    pub(crate) fn declaration(self) -> Declaration {
        match self {
            Game::Csv(g) => Declaration {
                declared: match g.result {
                    Some(ResultLabel::Black) => Declared::Won(Side::Attackers),
                    Some(ResultLabel::White) => Declared::Won(Side::Defenders),
                    Some(ResultLabel::Draw) => Declared::Draw,
                    Some(ResultLabel::Ongoing) => Declared::Ongoing,
                    None => Declared::Unknown,
                },
                span: g.result.map(|_| g.result_span),
                on_time: false,
            },
            Game::Otg(g) => {
                let tag = g.tag("result");
                let declared = match tag.map(|t| t.value.trim()) {
                    Some("1") => Declared::Won(Side::Attackers),
                    Some("-1") => Declared::Won(Side::Defenders),
                    Some("0") => Declared::Draw,
                    _ => Declared::Unknown,
                };
                let on_time = g.tag("termination").is_some_and(|t| {
                    let text = t.value.to_ascii_lowercase();
                    text.contains("time") || text.contains("flag")
                });
                Declaration {
                    declared,
                    span: tag.map(|t| t.value_span),
                    on_time,
                }
            }
        }
    }

    /// How the record writes a declared result: `Black`, `1`.
    pub(crate) fn result_text(self, declared: Declared) -> &'static str {
        match (self, declared) {
            (Game::Csv(_), Declared::Won(Side::Attackers)) => "Black",
            (Game::Csv(_), Declared::Won(Side::Defenders)) => "White",
            (Game::Csv(_), Declared::Draw) => "Draw",
            (Game::Csv(_), _) => "Ongoing",
            (Game::Otg(_), Declared::Won(Side::Attackers)) => "1",
            (Game::Otg(_), Declared::Won(Side::Defenders)) => "-1",
            (Game::Otg(_), Declared::Draw) => "0",
            (Game::Otg(_), _) => "?",
        }
    }

    /// Whether its record writes the captures of its moves and the marks
    /// of its end: not hnefatafl.org's archive nor its PGN export.
    pub(crate) fn writes_captures(self) -> bool {
        !matches!(self, Game::Otg(g) if g.captures_unwritten)
    }

    /// Whether it is written as hnefatafl.org's server writes it, not in a
    /// game file's notation.
    pub(crate) fn server_written(self) -> bool {
        matches!(self, Game::Otg(g) if g.server_written)
    }

    /// What text shows its moves: its record's, unless the record is
    /// hnefatafl.org's archive, whose moves are shown in the notation.
    pub fn move_text(self) -> super::MoveText {
        match self {
            Game::Otg(g) if g.archived.is_some() => super::MoveText::Notation,
            _ => super::MoveText::AsWritten,
        }
    }

    /// The archive's line, if the game is one.
    pub(crate) fn csv(self) -> Option<&'a CsvGame> {
        match self {
            Game::Csv(g) => Some(g),
            Game::Otg(_) => None,
        }
    }
}
