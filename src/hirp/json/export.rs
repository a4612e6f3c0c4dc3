//! From the syntax tree to JSON.

use super::{
    Action, Comment, CommentKind, FateKind, File, Game, GameLine, HirpName, PenningrAction,
    PenningrMove, Piece, Side, Space, Tag, Turn, WrittenBattle, WrittenFighter, WrittenStep,
};
use crate::core::json::span;
use crate::hirp::syntax::ast;

/// The entry of a document for the record read from `path`.
pub fn file(path: &str, record: &ast::Record) -> File {
    File {
        path: path.to_owned(),
        family: HirpName::Hirp,
        games: record.games.iter().map(game).collect(),
        comments: comments(&record.comments),
    }
}

/// The `--lines` form of game `number` (from 1) of the record read from
/// `path`; the record's closing comments go with its last game.
pub fn game_line(path: &str, record: &ast::Record, number: usize) -> Option<GameLine> {
    let source = record.games.get(number.checked_sub(1)?)?;
    let line = GameLine::of(path, number, source);
    Some(if number == record.games.len() {
        line.with_closing(&record.comments)
    } else {
        line
    })
}

impl GameLine {
    /// The `--lines` form of `source`, game `number` (from 1) of the file
    /// read from `path`, with no closing comments.
    pub fn of(path: &str, number: usize, source: &ast::Game) -> GameLine {
        let Game {
            tags,
            turns,
            span,
            positions,
        } = game(source);
        GameLine {
            path: path.to_owned(),
            family: HirpName::Hirp,
            game: number,
            tags,
            turns,
            span,
            comments: Vec::new(),
            positions,
        }
    }

    /// Sets the comments after the file's last game, which travel with it.
    pub fn with_closing(mut self, closing: &[ast::Comment]) -> GameLine {
        self.comments = comments(closing);
        self
    }
}

pub(crate) fn game(game: &ast::Game) -> Game {
    Game {
        tags: game.tags.iter().map(tag).collect(),
        turns: game.turns.iter().map(turn).collect(),
        span: span(game.span),
        positions: Vec::new(),
    }
}

pub(crate) fn comments(comments: &[ast::Comment]) -> Vec<Comment> {
    comments
        .iter()
        .map(|c| Comment {
            kind: match c.kind {
                ast::CommentKind::Line => CommentKind::Line,
                ast::CommentKind::Block => CommentKind::Block,
            },
            text: c.text.clone(),
            span: span(c.span),
        })
        .collect()
}

fn tag(tag: &ast::Tag) -> Tag {
    Tag {
        leading: comments(&tag.leading),
        name: tag.name.clone(),
        value: tag.value.clone(),
        trailing: comments(&tag.trailing),
        span: span(tag.span),
    }
}

fn turn(turn: &ast::Turn) -> Turn {
    Turn {
        leading: comments(&turn.leading),
        label: Some(turn.label.to_string()),
        side: side(turn.label.side),
        round: turn.label.round,
        steps: turn.steps.iter().map(step).collect(),
        penningr: turn.outcome.penningr.iter().map(penningr).collect(),
        battles: turn.outcome.battles.iter().map(battle).collect(),
        trailing: comments(&turn.trailing),
        span: span(turn.span),
    }
}

pub(super) fn side(side: crate::hirp::types::Side) -> Side {
    match side {
        crate::hirp::types::Side::Gull => Side::Gull,
        crate::hirp::types::Side::Silfr => Side::Silfr,
    }
}

pub(super) fn space(space: crate::hirp::types::Space) -> Space {
    match space {
        crate::hirp::types::Space::GullHome => Space::S0,
        crate::hirp::types::Space::GullNordrDelta => Space::S1,
        crate::hirp::types::Space::GullSudrDelta => Space::S2,
        crate::hirp::types::Space::GullNordrArchipelago => Space::S3,
        crate::hirp::types::Space::GullSudrArchipelago => Space::S4,
        crate::hirp::types::Space::SilfrNordrArchipelago => Space::S5,
        crate::hirp::types::Space::SilfrSudrArchipelago => Space::S6,
        crate::hirp::types::Space::SilfrNordrDelta => Space::S7,
        crate::hirp::types::Space::SilfrSudrDelta => Space::S8,
        crate::hirp::types::Space::SilfrHome => Space::S9,
        crate::hirp::types::Space::Midr => Space::Midr,
    }
}

/// The JSON piece and crew of a written piece.
fn piece(piece: ast::Piece) -> (Piece, Option<u32>) {
    match piece {
        ast::Piece::Hirth => (Piece::Hirth, None),
        ast::Piece::Lofdungr => (Piece::Lofdungr, None),
        ast::Piece::Karve { crew } => (Piece::Karve, Some(crew)),
    }
}

fn step(token: &ast::StepToken) -> WrittenStep {
    let written = match token {
        ast::StepToken::Malformed(malformed) => {
            return WrittenStep {
                notation: Some(malformed.text.clone()),
                action: Action::Malformed,
                piece: None,
                crew: None,
                from: None,
                to: None,
                attack: false,
                span: span(malformed.span),
            };
        }
        ast::StepToken::Step(step) => step,
    };
    let (kind, crew) = piece(written.piece);
    let (action, from, to) = match written.action {
        ast::Action::Enter { to } => (Action::Enter, None, to),
        ast::Action::EnterAndBoard => (Action::EnterBoard, None, None),
        ast::Action::Leave { karve, to } => (Action::Leave, Some(karve), to),
        ast::Action::Move { from, to } => (Action::Move, Some(from), Some(to)),
        ast::Action::Board => (Action::Board, None, None),
    };
    WrittenStep {
        notation: Some(written.to_string()),
        action,
        piece: Some(kind),
        crew,
        from: from.map(space),
        to: to.map(|to| space(to.space)),
        attack: to.is_some_and(|to| to.attack),
        span: span(written.span),
    }
}

fn penningr(action: &ast::PenningrAction) -> PenningrAction {
    PenningrAction {
        notation: Some(action.to_string()),
        side: side(action.side),
        action: match action.action {
            ast::PenningrMove::Double => PenningrMove::Double,
            ast::PenningrMove::Triple => PenningrMove::Triple,
            ast::PenningrMove::Accept => PenningrMove::Accept,
            ast::PenningrMove::Refuse => PenningrMove::Refuse,
        },
        span: span(action.span),
    }
}

fn battle(token: &ast::BattleToken) -> WrittenBattle {
    match token {
        ast::BattleToken::Malformed(malformed) => WrittenBattle {
            notation: Some(malformed.text.clone()),
            malformed: true,
            space: None,
            fighters: Vec::new(),
            span: span(malformed.span),
        },
        ast::BattleToken::Battle(battle) => WrittenBattle {
            notation: Some(battle.to_string()),
            malformed: false,
            space: Some(space(battle.space)),
            fighters: battle.fighters.iter().map(fighter).collect(),
            span: span(battle.span),
        },
    }
}

fn fighter(fighter: &ast::WrittenFighter) -> WrittenFighter {
    let (kind, crew) = piece(fighter.piece);
    let (fate, at) = match fighter.fate {
        ast::Fate::Stands(at) => (FateKind::Stands, Some(space(at))),
        ast::Fate::RemovedFromPlay => (FateKind::RemovedFromPlay, None),
        ast::Fate::RemovedFromGame => (FateKind::RemovedFromGame, None),
    };
    WrittenFighter {
        side: side(fighter.side),
        piece: kind,
        crew,
        fate,
        space: at,
    }
}
