//! From the tafl syntax tree to JSON.

use super::{
    Address, Capture, Commentary, CsvFile, CsvForm, CsvGame, CsvGameLine, Info, MoveAddress,
    MoveType, OtgFile, OtgForm, OtgGame, OtgGameLine, PieceKind, PieceLetter, Ply, PlyKind,
    ResultLabel, Side, TaflName, Tag, Turn, Variation, VariationStep,
};
use super::{RonFile, RonForm, RonGameLine, TaflFile, TaflLine, archived_game};
use crate::core::json::span;
use crate::tafl::syntax as ast;
use crate::tafl::syntax::Form;

/// The entry of a document for the record read from `path`: its form and
/// its games.
pub fn file(path: &str, record: &ast::Record) -> TaflFile {
    match record {
        ast::Record::Otg(record) => TaflFile::Otg(OtgFile {
            path: path.to_owned(),
            family: TaflName::Tafl,
            form: OtgForm::Otg,
            games: record.games.iter().map(otg_game).collect(),
        }),
        ast::Record::Csv(record) => TaflFile::Csv(CsvFile {
            path: path.to_owned(),
            family: TaflName::Tafl,
            form: CsvForm::Csv,
            games: record.games.iter().map(csv_game).collect(),
            header: record.header.is_some(),
        }),
        ast::Record::Ron(record) => TaflFile::Ron(RonFile {
            path: path.to_owned(),
            family: TaflName::Tafl,
            form: RonForm::Ron,
            games: record.games.iter().filter_map(archived_game).collect(),
        }),
    }
}

/// The `--lines` form of game `number` (from 1) of the record read from
/// `path`; an archive's header goes with its first game.
pub fn game_line(path: &str, record: &ast::Record, number: usize) -> Option<TaflLine> {
    let index = number.checked_sub(1)?;
    Some(match record {
        ast::Record::Otg(record) => {
            TaflLine::Otg(OtgGameLine::of(path, number, record.games.get(index)?))
        }
        ast::Record::Csv(record) => {
            let line = CsvGameLine::of(path, number, record.games.get(index)?);
            TaflLine::Csv(if number == 1 && record.header.is_some() {
                line.with_header()
            } else {
                line
            })
        }
        ast::Record::Ron(record) => {
            TaflLine::Ron(RonGameLine::of(path, number, record.games.get(index)?)?)
        }
    })
}

impl OtgGameLine {
    /// The `--lines` form of `source`, game `number` (from 1) of the game
    /// file read from `path`.
    pub fn of(path: &str, number: usize, source: &ast::OtgGame) -> OtgGameLine {
        let OtgGame {
            tags,
            turns,
            span,
            positions,
        } = otg_game(source);
        OtgGameLine {
            path: path.to_owned(),
            family: TaflName::Tafl,
            game: number,
            form: OtgForm::Otg,
            tags,
            turns,
            span,
            positions,
        }
    }
}

impl CsvGameLine {
    /// The `--lines` form of `source`, game `number` (from 1) of the archive
    /// read from `path`, with no header.
    pub fn of(path: &str, number: usize, source: &ast::CsvGame) -> CsvGameLine {
        let CsvGame {
            plies,
            attacker_captures,
            defender_captures,
            result,
            span,
            positions,
        } = csv_game(source);
        CsvGameLine {
            path: path.to_owned(),
            family: TaflName::Tafl,
            game: number,
            form: CsvForm::Csv,
            header: false,
            plies,
            attacker_captures,
            defender_captures,
            result,
            span,
            positions,
        }
    }

    /// The same line carrying the archive's header, for its first game.
    #[must_use]
    pub fn with_header(mut self) -> CsvGameLine {
        self.header = true;
        self
    }
}

/// The JSON of a game file's game.
pub(crate) fn otg_game(game: &ast::OtgGame) -> OtgGame {
    OtgGame {
        tags: game.tags.iter().map(tag).collect(),
        turns: game.turns.iter().map(turn).collect(),
        span: span(game.span),
        positions: Vec::new(),
    }
}

/// The JSON of an archive's game.
pub(crate) fn csv_game(game: &ast::CsvGame) -> CsvGame {
    CsvGame {
        plies: plies(&game.plies, Form::Csv),
        attacker_captures: game.attacker_captures.value,
        defender_captures: game.defender_captures.value,
        result: game.result.map(|result| match result {
            ast::ResultLabel::Black => ResultLabel::Black,
            ast::ResultLabel::White => ResultLabel::White,
            ast::ResultLabel::Draw => ResultLabel::Draw,
            ast::ResultLabel::Ongoing => ResultLabel::Ongoing,
        }),
        span: span(game.span),
        positions: Vec::new(),
    }
}

fn tag(tag: &ast::Tag) -> Tag {
    Tag {
        name: tag.name.clone(),
        value: tag.value.clone(),
        span: span(tag.span),
    }
}

fn turn(turn: &ast::Turn) -> Turn {
    Turn {
        number: turn.number,
        plies: plies(&turn.plies, Form::Otg),
        commentary: turn.commentary.as_ref().map(commentary),
        variations: turn.variations.iter().map(variation).collect(),
        span: span(turn.span),
    }
}

fn variation(variation: &ast::Variation) -> Variation {
    let address = &variation.address;
    Variation {
        address: Address {
            notation: Some(address.to_string()),
            start: move_address(address.start),
            steps: address
                .steps
                .iter()
                .map(|step| VariationStep {
                    variation: step.variation,
                    at: move_address(step.at),
                })
                .collect(),
        },
        plies: plies(&variation.plies, Form::Otg),
        commentary: variation.commentary.as_ref().map(commentary),
        span: span(variation.span),
    }
}

fn move_address(address: ast::MoveAddress) -> MoveAddress {
    MoveAddress {
        turn: address.turn,
        ply: address.ply,
    }
}

fn commentary(commentary: &ast::Commentary) -> Commentary {
    Commentary {
        texts: commentary.texts.clone(),
        span: span(commentary.span),
    }
}

/// The JSON of plies as `form` writes them.
fn plies(plies: &[ast::Ply], form: Form) -> Vec<Ply> {
    plies.iter().map(|p| ply(p, form)).collect()
}

fn ply(ply: &ast::Ply, form: Form) -> Ply {
    let notation = match form {
        Form::Otg | Form::Ron | Form::OpenTaflJson | Form::Pgn => ply.to_string(),
        Form::Csv => ply.archive().to_string(),
    };
    let bare = |kind| Ply {
        notation: Some(notation.clone()),
        kind,
        piece: None,
        from: None,
        move_type: None,
        to: None,
        captures: Vec::new(),
        info: None,
        span: span(ply.span()),
    };
    match ply {
        ast::Ply::Move(m) => Ply {
            piece: m.piece.map(piece_letter),
            from: Some(m.from.to_string()),
            move_type: match m.kind {
                ast::MoveType::Regular => None,
                ast::MoveType::Jump => Some(MoveType::Jump),
                ast::MoveType::Berserk => Some(MoveType::Berserk),
                ast::MoveType::BerserkJump => Some(MoveType::BerserkJump),
            },
            to: Some(m.to.to_string()),
            captures: m.captures.iter().map(capture).collect(),
            info: m.info.map(info),
            ..bare(PlyKind::Move)
        },
        ast::Ply::Timeout(_) => bare(PlyKind::Timeout),
        ast::Ply::Resignation(_) => bare(PlyKind::Resignation),
        ast::Ply::Placeholder(_) => bare(PlyKind::Placeholder),
        ast::Ply::Malformed(_) => bare(PlyKind::Malformed),
    }
}

fn capture(capture: &ast::Capture) -> Capture {
    Capture {
        piece: capture.piece.map(piece_letter),
        square: capture.square.to_string(),
    }
}

fn piece_letter(letter: ast::PieceLetter) -> PieceLetter {
    use crate::tafl::Piece;
    PieceLetter {
        side: match letter.side {
            crate::tafl::Side::Attackers => Side::Attackers,
            crate::tafl::Side::Defenders => Side::Defenders,
        },
        kind: match letter.piece {
            Piece::Taflman => PieceKind::Taflman,
            Piece::King => PieceKind::King,
            Piece::Commander => PieceKind::Commander,
            Piece::Knight => PieceKind::Knight,
            Piece::Mercenary => PieceKind::Mercenary,
            Piece::Guard => PieceKind::Guard,
        },
    }
}

fn info(info: ast::Info) -> Info {
    match info {
        ast::Info::KingThreatened => Info::KingThreatened,
        ast::Info::EscapeOpen => Info::EscapeOpen,
        ast::Info::KingCaptured => Info::KingCaptured,
        ast::Info::KingEscaped => Info::KingEscaped,
    }
}
