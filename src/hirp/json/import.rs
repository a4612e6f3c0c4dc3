//! From JSON back to HIRP's syntax tree, with errors that name the JSON
//! path.

use super::{
    Action, Comment, CommentKind, FateKind, File, Game, GameLine, PenningrAction, PenningrMove,
    Piece, Side, Space, Tag, Turn, WrittenBattle, WrittenFighter, WrittenStep,
};
use serde_json::value::RawValue;

use crate::core::json::{
    JsonError, check_notation, check_tag_name, convert_span, each, each_text, invalid,
};
use crate::core::{Malformed, Span};
use crate::hirp::syntax::ast;

/// The record of a file's entry at `at`, with its path: `games`, the text
/// of its games, read one at a time (`file.games` is not read).
pub(crate) fn file_record(
    file: File,
    games: Vec<&RawValue>,
    at: &str,
) -> Result<(String, ast::Record), JsonError> {
    let games = each_text(games, &format!("{at}.games"), convert_game)?;
    let comments = convert_comments(file.comments, &format!("{at}.comments"))?;
    Ok((file.path, ast::Record { games, comments }))
}

/// The record of one game that a line at `at` holds, with its path; the
/// comments after the last game of a file go with it.
pub(crate) fn line_record(line: GameLine, at: &str) -> Result<(String, ast::Record), JsonError> {
    // The positions follow from the turns, and are left aside.
    let game = Game {
        tags: line.tags,
        turns: line.turns,
        span: line.span,
        positions: Vec::new(),
    };
    let games = vec![convert_game(game, at)?];
    let comments = convert_comments(line.comments, &format!("{at}.comments"))?;
    Ok((line.path, ast::Record { games, comments }))
}

fn convert_game(game: Game, at: &str) -> Result<ast::Game, JsonError> {
    Ok(ast::Game {
        tags: each(game.tags, &format!("{at}.tags"), convert_tag)?,
        turns: each(game.turns, &format!("{at}.turns"), convert_turn)?,
        span: convert_span(game.span, at)?,
    })
}

fn convert_comments(comments: Vec<Comment>, at: &str) -> Result<Vec<ast::Comment>, JsonError> {
    each(comments, at, convert_comment)
}

fn convert_comment(comment: Comment, at: &str) -> Result<ast::Comment, JsonError> {
    let kind = match comment.kind {
        CommentKind::Line => {
            if comment.text.contains(['\n', '\r']) {
                return Err(invalid(
                    &format!("{at}.text"),
                    "a line comment holds no line break",
                ));
            }
            ast::CommentKind::Line
        }
        CommentKind::Block => {
            if !balanced(&comment.text) {
                return Err(invalid(
                    &format!("{at}.text"),
                    "a block comment's `{` and `}` must pair up",
                ));
            }
            ast::CommentKind::Block
        }
    };
    Ok(ast::Comment {
        kind,
        text: comment.text.trim_end_matches(is_trailing(kind)).to_owned(),
        span: convert_span(comment.span, at)?,
    })
}

/// What the parser trims from the end of a comment of `kind`.
fn is_trailing(kind: ast::CommentKind) -> impl Fn(char) -> bool {
    move |c: char| kind == ast::CommentKind::Line && c.is_whitespace()
}

/// Whether braces in `text` pair up, as they must inside `{ }`.
fn balanced(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

fn convert_tag(tag: Tag, at: &str) -> Result<ast::Tag, JsonError> {
    let rule = "a letter, then letters, digits or `_`";
    check_tag_name(&tag.name, &['_'], rule, at)?;
    if tag.value.contains(['\n', '\r']) {
        return Err(invalid(
            &format!("{at}.value"),
            "a tag value holds no line break",
        ));
    }
    let span = convert_span(tag.span, at)?;
    // Written the usual way: `[`, the name and ` "` before the value, its
    // quotes and backslashes escaped.
    let start = span.start.saturating_add(tag.name.len() + 3);
    let written = tag.value.len() + tag.value.matches(['"', '\\']).count();
    let value_span = if span.is_empty() {
        span
    } else {
        let start = start.min(span.end);
        Span::new(start, start.saturating_add(written).min(span.end))
    };
    Ok(ast::Tag {
        leading: convert_comments(tag.leading, &format!("{at}.leading"))?,
        name: tag.name,
        value: tag.value,
        trailing: convert_comments(tag.trailing, &format!("{at}.trailing"))?,
        span,
        value_span,
    })
}

fn convert_side(side: Side) -> crate::hirp::types::Side {
    match side {
        Side::Gull => crate::hirp::types::Side::Gull,
        Side::Silfr => crate::hirp::types::Side::Silfr,
    }
}

fn convert_space(space: Space) -> crate::hirp::types::Space {
    match space {
        Space::S0 => crate::hirp::types::Space::GullHome,
        Space::S1 => crate::hirp::types::Space::GullNordrDelta,
        Space::S2 => crate::hirp::types::Space::GullSudrDelta,
        Space::S3 => crate::hirp::types::Space::GullNordrArchipelago,
        Space::S4 => crate::hirp::types::Space::GullSudrArchipelago,
        Space::S5 => crate::hirp::types::Space::SilfrNordrArchipelago,
        Space::S6 => crate::hirp::types::Space::SilfrSudrArchipelago,
        Space::S7 => crate::hirp::types::Space::SilfrNordrDelta,
        Space::S8 => crate::hirp::types::Space::SilfrSudrDelta,
        Space::S9 => crate::hirp::types::Space::SilfrHome,
        Space::Midr => crate::hirp::types::Space::Midr,
    }
}

fn convert_turn(turn: Turn, at: &str) -> Result<ast::Turn, JsonError> {
    let span = convert_span(turn.span, at)?;
    let mut label = ast::Label {
        side: convert_side(turn.side),
        round: turn.round,
        span: Span::default(),
    };
    check_label(turn.label.as_deref(), &label, at)?;
    // The label opens the turn's span, the outcome closes it.
    if !span.is_empty() {
        let end = span.start.saturating_add(label.to_string().len());
        label.span = Span::new(span.start, end.min(span.end));
    }
    let steps = each(turn.steps, &format!("{at}.steps"), convert_step)?;
    if steps.is_empty() {
        return Err(invalid(
            &format!("{at}.steps"),
            "a turn has at least one step",
        ));
    }
    let penningr = each(turn.penningr, &format!("{at}.penningr"), convert_penningr)?;
    let battles = each(turn.battles, &format!("{at}.battles"), convert_battle)?;
    let first = penningr
        .first()
        .map(|a| a.span.start)
        .or_else(|| battles.first().map(|b| b.span().start));
    let outcome_span = match first {
        _ if span.is_empty() => Span::default(),
        Some(start) => Span::new(start.min(span.end), span.end),
        // `/`, the turn's last character.
        None => Span::new(span.end.saturating_sub(1), span.end),
    };
    Ok(ast::Turn {
        leading: convert_comments(turn.leading, &format!("{at}.leading"))?,
        label,
        steps,
        outcome: ast::Outcome {
            penningr,
            battles,
            span: outcome_span,
        },
        trailing: convert_comments(turn.trailing, &format!("{at}.trailing"))?,
        span,
    })
}

fn check_label(written: Option<&str>, label: &ast::Label, at: &str) -> Result<(), JsonError> {
    match written {
        Some(written) if written != label.to_string() => Err(invalid(
            &format!("{at}.label"),
            format!("`{written}` does not agree with `side` and `round`, which read `{label}`"),
        )),
        _ => Ok(()),
    }
}

/// The largest crew imported: as many `h`s as a line of notation holds (a
/// larger one would be written out as gigabytes of `h`s).
const MAX_CREW: u32 = 64 * 1024;

/// The written piece for a JSON piece and crew.
fn convert_piece(piece: Piece, crew: Option<u32>, at: &str) -> Result<ast::Piece, JsonError> {
    match (piece, crew) {
        (Piece::Karve, Some(crew)) if crew > MAX_CREW => Err(invalid(
            &format!("{at}.crew"),
            format!("a crew of {crew} is more `h`s than a line holds (at most {MAX_CREW})"),
        )),
        (Piece::Karve, crew) => Ok(ast::Piece::Karve {
            crew: crew.unwrap_or(0),
        }),
        (Piece::Hirth, None) => Ok(ast::Piece::Hirth),
        (Piece::Lofdungr, None) => Ok(ast::Piece::Lofdungr),
        (_, Some(_)) => Err(invalid(&format!("{at}.crew"), "only a Karve has a crew")),
    }
}

fn convert_step(step: WrittenStep, at: &str) -> Result<ast::StepToken, JsonError> {
    let span = convert_span(step.span, at)?;
    let to = step.to.map(|space| ast::Destination {
        space: convert_space(space),
        attack: step.attack,
    });
    if step.attack && to.is_none() {
        return Err(invalid(
            &format!("{at}.attack"),
            "an attack names its space in `to`",
        ));
    }
    if step.action == Action::Malformed {
        let malformed = malformed(step.notation, "step", span, at)?;
        return Ok(ast::StepToken::Malformed(malformed));
    }
    let action = convert_action(&step, to, at)?;
    let kind = step
        .piece
        .ok_or_else(|| invalid(&format!("{at}.piece"), "a step names its piece"))?;
    let built = ast::WrittenStep {
        piece: convert_piece(kind, step.crew, at)?,
        action,
        span,
    };
    check_notation(step.notation.as_deref(), &built, at)?;
    Ok(ast::StepToken::Step(built))
}

/// The written action of a step that is not malformed, its `from` and `to`
/// checked against what the action takes.
fn convert_action(
    step: &WrittenStep,
    to: Option<ast::Destination>,
    at: &str,
) -> Result<ast::Action, JsonError> {
    let no_from = |action: &str| {
        step.from.map_or(Ok(()), |_| {
            Err(invalid(
                &format!("{at}.from"),
                format!("an `{action}` step has no `from`"),
            ))
        })
    };
    let no_to = |action: &str| {
        to.map_or(Ok(()), |_| {
            Err(invalid(
                &format!("{at}.to"),
                format!("a `{action}` step has no `to`"),
            ))
        })
    };
    Ok(match step.action {
        Action::Enter => {
            no_from("enter")?;
            ast::Action::Enter { to }
        }
        Action::EnterBoard => {
            no_from("enter-board")?;
            no_to("enter-board")?;
            ast::Action::EnterAndBoard
        }
        Action::Board => {
            no_from("board")?;
            no_to("board")?;
            ast::Action::Board
        }
        Action::Leave => ast::Action::Leave {
            karve: step.from.map(convert_space).ok_or_else(|| {
                invalid(
                    &format!("{at}.from"),
                    "a `leave` step names the Karve's space in `from`",
                )
            })?,
            to,
        },
        Action::Move => ast::Action::Move {
            from: step
                .from
                .map(convert_space)
                .ok_or_else(|| invalid(&format!("{at}.from"), "a `move` step names `from`"))?,
            to: to.ok_or_else(|| invalid(&format!("{at}.to"), "a `move` step names `to`"))?,
        },
        Action::Malformed => return Err(invalid(at, "a malformed step is read apart")),
    })
}

fn convert_penningr(action: PenningrAction, at: &str) -> Result<ast::PenningrAction, JsonError> {
    let built = ast::PenningrAction {
        side: convert_side(action.side),
        action: match action.action {
            PenningrMove::Double => ast::PenningrMove::Double,
            PenningrMove::Triple => ast::PenningrMove::Triple,
            PenningrMove::Accept => ast::PenningrMove::Accept,
            PenningrMove::Refuse => ast::PenningrMove::Refuse,
        },
        span: convert_span(action.span, at)?,
    };
    check_notation(action.notation.as_deref(), &built, at)?;
    Ok(built)
}

/// The text of a malformed `what` (`step`, `battle`) at `at`, which its
/// `notation` keeps, on one line.
fn malformed(
    notation: Option<String>,
    what: &str,
    span: crate::core::Span,
    at: &str,
) -> Result<Malformed, JsonError> {
    let text = notation.ok_or_else(|| {
        invalid(
            at,
            format!("a malformed {what} keeps its text in `notation`"),
        )
    })?;
    if text.contains(['\n', '\r']) {
        return Err(invalid(
            &format!("{at}.notation"),
            format!("a {what} holds no line break"),
        ));
    }
    Ok(Malformed { text, span })
}

fn convert_battle(battle: WrittenBattle, at: &str) -> Result<ast::BattleToken, JsonError> {
    let span = convert_span(battle.span, at)?;
    if battle.malformed {
        let malformed = malformed(battle.notation, "battle", span, at)?;
        return Ok(ast::BattleToken::Malformed(malformed));
    }
    let space = battle
        .space
        .map(convert_space)
        .ok_or_else(|| invalid(&format!("{at}.space"), "a battle names the attacked space"))?;
    if battle.fighters.is_empty() {
        return Err(invalid(
            &format!("{at}.fighters"),
            "a battle lists every piece that fought",
        ));
    }
    let mut fighters = each(battle.fighters, &format!("{at}.fighters"), convert_fighter)?;
    // A battle has one written form, `>6GHxSL6`: its fighters follow `>6`.
    if !span.is_empty() {
        let mut start = span.start.saturating_add(2);
        for fighter in &mut fighters {
            let end = start.saturating_add(fighter.to_string().len());
            fighter.span = Span::new(start, end);
            start = end;
        }
    }
    let built = ast::WrittenBattle {
        space,
        fighters,
        span,
    };
    check_notation(battle.notation.as_deref(), &built, at)?;
    Ok(ast::BattleToken::Battle(built))
}

fn convert_fighter(fighter: WrittenFighter, at: &str) -> Result<ast::WrittenFighter, JsonError> {
    let fate = match (fighter.fate, fighter.space) {
        (FateKind::Stands, Some(space)) => ast::Fate::Stands(convert_space(space)),
        (FateKind::Stands, None) => {
            return Err(invalid(
                &format!("{at}.space"),
                "a piece that `stands` names its space",
            ));
        }
        (FateKind::RemovedFromPlay, None) => ast::Fate::RemovedFromPlay,
        (FateKind::RemovedFromGame, None) => ast::Fate::RemovedFromGame,
        (_, Some(_)) => {
            return Err(invalid(
                &format!("{at}.space"),
                "a removed piece stands on no space",
            ));
        }
    };
    Ok(ast::WrittenFighter {
        side: convert_side(fighter.side),
        piece: convert_piece(fighter.piece, fighter.crew, at)?,
        fate,
        span: Span::default(),
    })
}
