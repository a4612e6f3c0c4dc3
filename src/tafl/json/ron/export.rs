//! From a game of hnefatafl.org's archive, as read, to JSON.

use super::{
    ArchivedGame, ArchivedPlay, ArchivedPlayKind, GameStatus, Message, PlayRecord, Rating, RonForm,
    RonGameLine,
};
use crate::core::json::span;
use crate::tafl::json::{Side, TaflName};
use crate::tafl::syntax as ast;

/// The JSON of a game read from hnefatafl.org's archive; `None` for a game
/// that was not (it holds no [`ast::ArchivedGame`]).
pub(crate) fn archived_game(game: &ast::OtgGame) -> Option<ArchivedGame> {
    let game = game.archived.as_deref()?;
    let rating = |rating: &ast::Spanned<ast::Rating>| Rating {
        rating: rating.value.rating.clone(),
        rd: rating.value.rd.clone(),
    };
    let text = |text: &ast::Spanned<String>| text.value.clone();
    Some(ArchivedGame {
        id: game.id.as_ref().map(|id| id.value.to_string()),
        attacker: game.attacker.as_ref().map(text),
        attacker_rating: game.attacker_rating.as_ref().map(rating),
        defender: game.defender.as_ref().map(text),
        defender_rating: game.defender_rating.as_ref().map(rating),
        rated: game.rated.as_ref().map(|rated| rated.value),
        timed: game.plays.timed,
        plays: game.plays.records.iter().map(record).collect(),
        status: match game.status.value {
            ast::GameStatus::AttackerWins => GameStatus::AttackerWins,
            ast::GameStatus::DefenderWins => GameStatus::DefenderWins,
            ast::GameStatus::Draw => GameStatus::Draw,
            ast::GameStatus::Ongoing => GameStatus::Ongoing,
        },
        messages: game.messages.as_ref().map(|messages| {
            messages
                .value
                .iter()
                .map(|message| Message {
                    username: message.username.clone(),
                    timestamp: message.timestamp.clone(),
                    content: message.content.clone(),
                })
                .collect()
        }),
        texts: game.texts.as_ref().map(|texts| texts.value.clone()),
        board_size: game.board_size.value,
        span: span(game.span),
        positions: Vec::new(),
    })
}

fn record(record: &ast::PlayRecord) -> PlayRecord {
    PlayRecord {
        play: record.play.as_ref().map(play),
        attacker_time: record.clocks.map(|c| c.attacker),
        defender_time: record.clocks.map(|c| c.defender),
        span: span(record.span),
    }
}

fn play(play: &ast::ArchivedPlay) -> ArchivedPlay {
    let side = match play.side() {
        crate::tafl::Side::Attackers => Side::Attackers,
        crate::tafl::Side::Defenders => Side::Defenders,
    };
    match play {
        ast::ArchivedPlay::Move(m) => ArchivedPlay {
            side,
            kind: ArchivedPlayKind::Move,
            notation: Some(format!("{}-{}", m.from, m.to)),
            from: Some(m.from.to_string()),
            to: Some(m.to.to_string()),
            span: span(m.span),
        },
        ast::ArchivedPlay::Resigns(_, at) => ArchivedPlay {
            side,
            kind: ArchivedPlayKind::Resignation,
            notation: Some("---".to_owned()),
            from: None,
            to: None,
            span: span(*at),
        },
    }
}

impl RonGameLine {
    /// The `--lines` form of `source`, game `number` (from 1) of the
    /// archive read from `path`; `None` for a game not read from one.
    pub fn of(path: &str, number: usize, source: &ast::OtgGame) -> Option<RonGameLine> {
        let ArchivedGame {
            id,
            attacker,
            attacker_rating,
            defender,
            defender_rating,
            rated,
            timed,
            plays,
            status,
            messages,
            texts,
            board_size,
            span,
            positions,
        } = archived_game(source)?;
        Some(RonGameLine {
            path: path.to_owned(),
            game: number,
            family: TaflName::Tafl,
            form: RonForm::Ron,
            id,
            attacker,
            attacker_rating,
            defender,
            defender_rating,
            rated,
            timed,
            plays,
            status,
            messages,
            texts,
            board_size,
            span,
            positions,
        })
    }
}
