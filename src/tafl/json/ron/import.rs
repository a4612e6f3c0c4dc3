//! From JSON back to a game of hnefatafl.org's archive: each field checked
//! at its JSON path, the game's line written as the server writes it and
//! read back, so that its tree and spans are those of that line read at
//! the game's `span`.

use serde_json::value::RawValue;

use super::{
    ArchivedGame, ArchivedPlay, ArchivedPlayKind, GameStatus, Message, PlayRecord, Rating, RonFile,
    RonGameLine,
};
use crate::core::Span;
use crate::core::json::{JsonError, check_notation, convert_span, each, each_text, invalid};
use crate::tafl::Square;
use crate::tafl::json::Side;
use crate::tafl::syntax::{self as ast, BadNumber, Form, SyntaxErrorKind};

/// The record of an archive's entry at `at`, with its path: `games`, the
/// text of its games, read one at a time (`file.games` is not read).
pub(crate) fn ron_file(
    file: RonFile,
    games: Vec<&RawValue>,
    at: &str,
) -> Result<(String, ast::Record), JsonError> {
    let games = each_text(games, &format!("{at}.games"), convert_game)?;
    Ok((file.path, ast::Record::Ron(ast::OtgRecord { games })))
}

/// The game of an archive's line at `at`, as a record of one game, with
/// its path.
pub(crate) fn ron_line(line: RonGameLine, at: &str) -> Result<(String, ast::Record), JsonError> {
    // The positions follow from the plays, and are left aside.
    let game = ArchivedGame {
        id: line.id,
        attacker: line.attacker,
        attacker_rating: line.attacker_rating,
        defender: line.defender,
        defender_rating: line.defender_rating,
        rated: line.rated,
        timed: line.timed,
        plays: line.plays,
        status: line.status,
        messages: line.messages,
        texts: line.texts,
        board_size: line.board_size,
        span: line.span,
        positions: Vec::new(),
    };
    let games = vec![convert_game(game, at)?];
    Ok((line.path, ast::Record::Ron(ast::OtgRecord { games })))
}

/// The game at `at`: its line written and read back at its span.
fn convert_game(game: ArchivedGame, at: &str) -> Result<ast::OtgGame, JsonError> {
    let base = convert_span(game.span, at)?.start;
    let built = archived(game, at)?;
    let line = built.to_string();
    let (_, parsed) = ast_read(&line, base);
    let refused = parsed
        .errors
        .iter()
        .find(|e| e.kind != SyntaxErrorKind::RonWrongSide);
    let read = match parsed.record {
        ast::Record::Ron(mut record) if refused.is_none() && record.games.len() == 1 => {
            record.games.pop()
        }
        _ => None,
    };
    let same = read
        .as_ref()
        .and_then(|game| game.archived.as_deref())
        .is_some_and(|archived| archived.to_string() == line);
    match read {
        Some(game) if same => Ok(game),
        _ => Err(invalid(
            at,
            format!(
                "the game writes a line that does not read back as itself: {}",
                refused.map_or_else(|| line.clone(), ToString::to_string)
            ),
        )),
    }
}

/// The line read alone, as the archive's, starting at `base`.
fn ast_read(line: &str, base: usize) -> (std::borrow::Cow<'_, str>, ast::Parsed) {
    ast::parse_bytes_at(line.as_bytes(), base, Form::Ron, false)
}

/// The archived game of the JSON at `at`, its spans empty.
fn archived(game: ArchivedGame, at: &str) -> Result<ast::ArchivedGame, JsonError> {
    let dim = game.board_size;
    if ![7, 11, 13].contains(&dim) {
        return Err(invalid(
            &format!("{at}.board_size"),
            format!("the server plays on boards of 7, 11 and 13, not {dim}"),
        ));
    }
    let plays = each(game.plays, &format!("{at}.plays"), |record, here| {
        convert_record(record, (game.timed, dim), here)
    })?;
    let first_none = plays.iter().skip(1).position(|r| r.play.is_none());
    if let Some(n) = first_none {
        return Err(invalid(
            &format!("{at}.plays[{}].play", n + 1),
            "only the first record is the server's `None`: each after it holds a play",
        ));
    }
    let rating = |rating: Option<Rating>, name: &str| {
        rating
            .map(|r| convert_rating(r, &format!("{at}.{name}")).map(spanned))
            .transpose()
    };
    let id = game
        .id
        .map(|id| {
            let number = id.bytes().all(|b| b.is_ascii_digit()) && !id.is_empty();
            match id.parse::<u128>() {
                Ok(n) if number => Ok(spanned(n)),
                _ => Err(invalid(
                    &format!("{at}.id"),
                    format!("`{id}` is not a game's number: digits, a number below 2^128"),
                )),
            }
        })
        .transpose()?;
    Ok(ast::ArchivedGame {
        id,
        attacker: game.attacker.map(spanned),
        attacker_rating: rating(game.attacker_rating, "attacker_rating")?,
        defender: game.defender.map(spanned),
        defender_rating: rating(game.defender_rating, "defender_rating")?,
        rated: game.rated.map(spanned),
        plays: ast::Plays {
            timed: game.timed,
            records: plays,
            span: Span::default(),
        },
        status: spanned(match game.status {
            GameStatus::AttackerWins => ast::GameStatus::AttackerWins,
            GameStatus::DefenderWins => ast::GameStatus::DefenderWins,
            GameStatus::Draw => ast::GameStatus::Draw,
            GameStatus::Ongoing => ast::GameStatus::Ongoing,
        }),
        messages: game
            .messages
            .map(|messages| spanned(messages.into_iter().map(convert_message).collect())),
        texts: game.texts.map(spanned),
        board_size: spanned(dim),
        span: Span::default(),
    })
}

/// A value read from JSON, which stands nowhere yet.
fn spanned<T>(value: T) -> ast::Spanned<T> {
    ast::Spanned::new(value, Span::default())
}

fn convert_message(message: Message) -> ast::Message {
    ast::Message {
        username: message.username,
        timestamp: message.timestamp,
        content: message.content,
    }
}

/// A rating, each number a text the archive writes.
fn convert_rating(rating: Rating, at: &str) -> Result<ast::Rating, JsonError> {
    for (name, text) in [("rating", &rating.rating), ("rd", &rating.rd)] {
        let why = match ast::check_rating(text) {
            Ok(()) => continue,
            Err(BadNumber::NotANumber) => "a number as RON writes it, `1500.0`",
            Err(BadNumber::TooLarge) => "a number below 10^15",
        };
        return Err(invalid(
            &format!("{at}.{name}"),
            format!("`{text}` is not {why}"),
        ));
    }
    Ok(ast::Rating {
        rating: rating.rating,
        rd: rating.rd,
    })
}

/// The record at `at` of a game whose plays are `timed` or not, on a board
/// of `dim`.
fn convert_record(
    record: PlayRecord,
    (timed, dim): (bool, u8),
    at: &str,
) -> Result<ast::PlayRecord, JsonError> {
    convert_span(record.span, at)?;
    let clocks = match (record.attacker_time, record.defender_time) {
        (Some(attacker), Some(defender)) if timed => Some(ast::Clocks { attacker, defender }),
        (None, None) if !timed => None,
        (attacker, _) => {
            let field = if attacker.is_some() == timed {
                "defender_time"
            } else {
                "attacker_time"
            };
            let what = if timed {
                "a record of timed plays holds both clocks"
            } else {
                "a record of plays that are not timed holds no clock"
            };
            return Err(invalid(&format!("{at}.{field}"), what));
        }
    };
    let play = record
        .play
        .map(|play| convert_play(play, dim, &format!("{at}.play")))
        .transpose()?;
    Ok(ast::PlayRecord {
        play,
        clocks,
        span: Span::default(),
    })
}

fn convert_play(play: ArchivedPlay, dim: u8, at: &str) -> Result<ast::ArchivedPlay, JsonError> {
    convert_span(play.span, at)?;
    let side = match play.side {
        Side::Attackers => crate::tafl::Side::Attackers,
        Side::Defenders => crate::tafl::Side::Defenders,
    };
    let built = match play.kind {
        ArchivedPlayKind::Resignation => {
            for (name, given) in [("from", play.from.is_some()), ("to", play.to.is_some())] {
                if given {
                    return Err(invalid(
                        &format!("{at}.{name}"),
                        format!("only a move has `{name}`"),
                    ));
                }
            }
            check_notation(play.notation.as_deref(), &"---", at)?;
            ast::ArchivedPlay::Resigns(side, Span::default())
        }
        ArchivedPlayKind::Move => {
            let from = square(play.from.as_deref(), dim, &format!("{at}.from"))?;
            let to = square(play.to.as_deref(), dim, &format!("{at}.to"))?;
            check_notation(play.notation.as_deref(), &format!("{from}-{to}"), at)?;
            ast::ArchivedPlay::Move(ast::PlayedMove {
                role: side,
                from,
                to,
                role_span: Span::default(),
                from_span: Span::default(),
                to_span: Span::default(),
                span: Span::default(),
            })
        }
    };
    Ok(built)
}

/// The square written at `at`, on a board of `dim`.
fn square(text: Option<&str>, dim: u8, at: &str) -> Result<Square, JsonError> {
    let text = text.ok_or_else(|| invalid(at, "a move names its squares in `from` and `to`"))?;
    let square: Square = text.parse().map_err(|_| {
        invalid(
            at,
            format!("`{text}` is not a square: a file letter, then a rank from 1"),
        )
    })?;
    if square.file() >= dim || square.rank() >= dim {
        return Err(invalid(
            at,
            format!("`{text}` is not on the game's board of {dim} × {dim}"),
        ));
    }
    Ok(square)
}
