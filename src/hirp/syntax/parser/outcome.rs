//! The end of a turn line: Penningr actions, then battles or `/`.

use nom::Parser;
use nom::character::complete::{anychar, char, satisfy};
use nom::combinator::map_opt;

use super::record::ws;
use super::turn::{after_piece_error, piece, side, space};
use super::{
    Input, PResult, error_at, into_error, is_content_end, offset, peek, peek2, skip_char,
    skip_until, span, text_between,
};
use crate::core::{Malformed, Span};
use crate::hirp::syntax::ast::{
    BattleToken, Fate, Outcome, PenningrAction, PenningrMove, WrittenBattle, WrittenFighter,
};
use crate::hirp::syntax::error::{Edit, SyntaxError, SyntaxErrorKind as Kind};
use crate::hirp::syntax::limits::{MAX_BATTLES, MAX_FIGHTERS, MAX_PENNINGR};
use crate::hirp::types::Space;

/// Whether `c` ends the outcome: the end of the line's content, or a stray
/// `}` (reported by the line).
pub(super) fn is_outcome_end(c: Option<char>) -> bool {
    is_content_end(c) || c == Some('}')
}

/// Whether `c` is a Penningr letter after a side (`C` introduces one too).
fn is_penningr_letter(c: Option<char>) -> bool {
    matches!(c, Some('C' | 'd' | 't' | 'a' | 'r'))
}

/// Whether the input starts a Penningr action: a side, then a lower-case
/// letter or `C`.
fn starts_penningr(i: &Input<'_>) -> bool {
    matches!(peek(i), Some('G' | 'S'))
        && (is_penningr_letter(peek2(i)) || peek2(i).is_some_and(|c| c.is_ascii_lowercase()))
}

/// ```ebnf
/// outcome = { penningr action } , ws , ( no battle | battles ) ;
/// ```
pub(super) fn outcome(i: Input<'_>) -> PResult<'_, (Outcome, Vec<SyntaxError>)> {
    let start = i;
    let mut errors = Vec::new();
    let mut penningr = Vec::new();
    let (mut i, ()) = penningr_actions(i, &mut penningr, &mut errors)?;
    (i, ()) = ws(i)?;
    let mut battles_read = Vec::new();
    match peek(&i) {
        Some('/') => {
            let slash = i;
            let (rest, ()) = no_battle(i)?;
            let (rest, ()) = ws(rest)?;
            if is_outcome_end(peek(&rest)) {
                i = rest;
            } else {
                let end = content_end(rest);
                let text = text_between(&slash, &end).trim_end();
                let mut error = error_at(Kind::TextAfterNoBattle, &skip_char(slash));
                error.span = Span::new(offset(&slash), offset(&slash) + text.len());
                if let Some((help, fixed)) = slash_help(text) {
                    let whole = error.span;
                    error = error.with_help(help).with_fix(Edit::new(whole, fixed));
                }
                errors.push(error);
                battles_read.push(BattleToken::Malformed(Malformed {
                    text: text.to_owned(),
                    span: Span::new(offset(&slash), offset(&slash) + text.len()),
                }));
                i = end;
            }
        }
        c if is_content_end(c) => {
            let help = if penningr.is_empty() {
                "end the turn with `/` when it has no battle".to_owned()
            } else {
                let written: String = penningr.iter().map(ToString::to_string).collect();
                format!("write `{written}/` when the turn has no battle")
            };
            errors.push(error_at(Kind::MissingOutcome, &i).with_help(help));
            battles_read.push(BattleToken::Malformed(Malformed {
                text: String::new(),
                span: Span::new(offset(&i), offset(&i)),
            }));
        }
        _ => {
            let (rest, ()) = battles(i, &mut battles_read, &mut penningr, &mut errors)?;
            i = rest;
        }
    }
    let mut outcome = Outcome {
        penningr,
        battles: battles_read,
        span: span(&start, &i),
    };
    outcome.span.end = outcome
        .battles
        .last()
        .map_or(outcome.span.end, |b| b.span().end.max(outcome.span.start));
    if outcome.battles.is_empty() {
        // `/` was written: the span runs to it, without trailing blanks.
        let written = text_between(&start, &i).trim_end();
        outcome.span.end = outcome.span.start + written.len();
    }
    for error in &mut errors {
        if error.kind == Kind::PenningrAfterBattles {
            error.help = Some(format!("write `{outcome}`"));
            error.fix = Some(Edit::new(outcome.span, outcome.to_string()));
        }
    }
    Ok((i, (outcome, errors)))
}

/// Penningr actions in a row, as in `{ penningr action }`; an unknown letter
/// is reported and skipped.
fn penningr_actions<'a>(
    mut i: Input<'a>,
    found: &mut Vec<PenningrAction>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, ()> {
    while starts_penningr(&i) {
        if found.len() >= MAX_PENNINGR {
            return super::too_many(&i);
        }
        match penningr_action(i) {
            Ok((rest, action)) => {
                found.push(action);
                i = rest;
            }
            Err(e) => {
                let error = into_error(e, &i);
                let at = error.span.end.max(error.span.start + 1) - offset(&i);
                errors.push(error);
                i = super::skip(i, at.min(i.fragment().len()));
            }
        }
    }
    Ok((i, ()))
}

/// The input at the end of the line's content (before a comment or line end).
fn content_end(i: Input<'_>) -> Input<'_> {
    skip_until(i, |_| false)
}

/// The help and the fix for text after `/`, when it reads as battles once
/// repaired.
fn slash_help(text: &str) -> Option<(String, String)> {
    let reads = |candidate: &str| super::parse_battles(candidate).is_ok();
    let after = text[1..].trim_start();
    if after.starts_with('>') && reads(after) {
        return Some((
            format!("a turn with battles has no `/`: write `{after}`"),
            after.to_owned(),
        ));
    }
    let mut chars = text[1..].chars();
    let replaced = chars.next().filter(|c| !c.is_whitespace())?;
    let candidate = format!(">{}", chars.as_str());
    (reads(&candidate) && replaced != '>').then(|| (format!("write `{candidate}`"), candidate))
}

/// ```ebnf
/// penningr action = side , [ "C" ] , ( "d" | "t" | "a" | "r" ) ;
/// ```
pub(super) fn penningr_action(i: Input<'_>) -> PResult<'_, PenningrAction> {
    let start = i;
    let (i, side) = side(i)?;
    let i = char::<_, SyntaxError>('C')
        .parse(i)
        .map_or(i, |(rest, _)| rest);
    let (i, action) = map_opt(anychar, PenningrMove::from_letter)
        .parse(i)
        .map_err(|_: nom::Err<SyntaxError>| {
            nom::Err::Failure(error_at(Kind::ExpectedPenningrMove, &i))
        })?;
    Ok((
        i,
        PenningrAction {
            side,
            action,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// no battle = "/" ;
/// ```
fn no_battle(i: Input<'_>) -> PResult<'_, ()> {
    let (i, _) = char('/').parse(i)?;
    Ok((i, ()))
}

/// Whether a malformed battle token ends before `c`.
fn is_battle_boundary(c: char) -> bool {
    matches!(c, ' ' | '\t' | '>')
}

/// ```ebnf
/// battles = battle , { ws , battle } ;
/// ```
///
/// A battle that cannot be read becomes a [`Malformed`] token reaching to the
/// next blank or `>`. Penningr actions met here are read but reported, and
/// pieces separated from their battle by a blank are joined to it.
fn battles<'a>(
    mut i: Input<'a>,
    found: &mut Vec<BattleToken>,
    penningr: &mut Vec<PenningrAction>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, ()> {
    let mut after_blank = false;
    while !is_outcome_end(peek(&i)) {
        if found.len() >= MAX_BATTLES {
            return super::too_many(&i);
        }
        if starts_penningr(&i) {
            errors.push(error_at(Kind::PenningrAfterBattles, &i));
            let error_index = errors.len() - 1;
            let from = i;
            (i, ()) = penningr_actions(i, penningr, errors)?;
            errors[error_index].span = span(&from, &i);
        } else if peek(&i) == Some('>') {
            match battle(i) {
                Ok((rest, battle)) => {
                    found.push(BattleToken::Battle(battle));
                    i = rest;
                }
                Err(e) => {
                    let error = into_error(e, &i);
                    let rest = skip_until(skip_char(i), is_battle_boundary);
                    errors.push(error);
                    found.push(malformed(&i, &rest));
                    i = rest;
                }
            }
        } else if let (true, Some(BattleToken::Battle(previous)), Some('G' | 'S')) =
            (after_blank, found.last_mut(), peek(&i))
        {
            let from = i;
            let gap = Span::new(previous.span.end, offset(&from));
            let mut error = error_at(Kind::SpaceInBattle, &i);
            match more_fighters(i, &mut previous.fighters) {
                Ok((rest, ())) => {
                    previous.span.end = offset(&rest);
                    error.span = span(&from, &rest);
                    errors.push(
                        error
                            .with_help(format!("write `{previous}`"))
                            .with_fix(Edit::new(gap, "")),
                    );
                    i = rest;
                }
                Err(e) => {
                    let error = into_error(e, &i);
                    let rest = skip_until(skip_char(i), is_battle_boundary);
                    errors.push(error);
                    found.push(malformed(&from, &rest));
                    i = rest;
                }
            }
        } else {
            let rest = skip_until(skip_char(i), is_battle_boundary);
            let mut error = error_at(Kind::ExpectedBattle, &i);
            if let Some(fixed) = marker_dropped(text_between(&i, &rest)) {
                let at = Span::new(offset(&i), offset(&i));
                error = error
                    .with_help(format!("write `{fixed}`"))
                    .with_fix(Edit::new(at, ">"));
            } else if matches!(peek(&i), Some('G' | 'S')) && !after_blank {
                error = error.with_help("write `>` and the attacked space before the pieces");
            }
            errors.push(error);
            found.push(malformed(&i, &rest));
            i = rest;
        }
        let (rest, ()) = ws(i)?;
        after_blank = offset(&rest) > offset(&i);
        i = rest;
    }
    Ok((i, ()))
}

/// A battle record written without its `>` (`6SK^GH6`), as it reads with
/// one.
fn marker_dropped(text: &str) -> Option<String> {
    let first = text.chars().next()?;
    let fixed = format!(">{text}");
    (Space::from_code(first).is_some() && fixed.parse::<WrittenBattle>().is_ok()).then_some(fixed)
}

/// A battle record whose `>` is written twice (`>>6SK^GH6`), after its
/// first `>`: the error with the extra `>` taken out, when the rest reads.
fn marker_doubled(i: &Input<'_>, error: SyntaxError) -> SyntaxError {
    if peek(i) != Some('>') {
        return error;
    }
    let after = skip_char(*i);
    let rest = skip_until(after, is_battle_boundary);
    let fixed = format!(">{}", text_between(&after, &rest));
    match fixed.parse::<WrittenBattle>() {
        Ok(_) => {
            let at = Span::new(offset(i), offset(i) + 1);
            error
                .with_help(format!("write `{fixed}`"))
                .with_fix(Edit::new(at, ""))
        }
        Err(_) => error,
    }
}

/// A malformed battle token covering `from` up to `to`.
fn malformed(from: &Input<'_>, to: &Input<'_>) -> BattleToken {
    BattleToken::Malformed(Malformed {
        text: text_between(from, to).to_owned(),
        span: span(from, to),
    })
}

/// ```ebnf
/// battle = ">" , space , fighter , { fighter } ;
/// ```
pub(super) fn battle(i: Input<'_>) -> PResult<'_, WrittenBattle> {
    let start = i;
    let (i, _) = char('>').parse(i)?;
    let (i, space) = space(i).map_err(|_| {
        nom::Err::Failure(marker_doubled(&i, error_at(Kind::ExpectedBattleSpace, &i)))
    })?;
    if is_content_end(peek(&i)) || matches!(peek(&i), Some(' ' | '\t' | '>')) {
        return Err(nom::Err::Failure(error_at(Kind::EmptyBattle, &i)));
    }
    let mut fighters = Vec::new();
    let (i, ()) = more_fighters(i, &mut fighters)?;
    Ok((
        i,
        WrittenBattle {
            space,
            fighters,
            span: span(&start, &i),
        },
    ))
}

/// Fighters up to the end of a battle record, as in `fighter , { fighter }`.
fn more_fighters<'a>(mut i: Input<'a>, fighters: &mut Vec<WrittenFighter>) -> PResult<'a, ()> {
    loop {
        if fighters.len() >= MAX_FIGHTERS {
            return super::too_many(&i);
        }
        let (rest, fighter) = fighter(i)?;
        fighters.push(fighter);
        i = rest;
        if is_content_end(peek(&i)) || matches!(peek(&i), Some(' ' | '\t' | '>')) {
            return Ok((i, ()));
        }
    }
}

/// ```ebnf
/// fighter = side , piece , fate ;
/// ```
fn fighter(i: Input<'_>) -> PResult<'_, WrittenFighter> {
    let start = i;
    let (i, side) = side(i).map_err(|_| nom::Err::Failure(error_at(Kind::ExpectedSide, &i)))?;
    let (i, piece) =
        piece(i).map_err(|_| nom::Err::Failure(error_at(Kind::ExpectedFighterPiece, &i)))?;
    let (i, fate) = fate(i).map_err(|_| {
        let error = after_piece_error(piece, &i);
        let error = if error.kind == Kind::ExpectedAction {
            error_at(Kind::ExpectedFate, &i)
        } else {
            error
        };
        nom::Err::Failure(error)
    })?;
    Ok((
        i,
        WrittenFighter {
            side,
            piece,
            fate,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// fate = space | "^" | "x" ;
/// ```
fn fate(i: Input<'_>) -> PResult<'_, Fate> {
    if peek(&i).and_then(Space::from_code).is_some() {
        let (i, space) = space(i)?;
        return Ok((i, Fate::Stands(space)));
    }
    let (i, mark) = satisfy(|c| c == '^' || c == 'x').parse(i)?;
    Ok((
        i,
        if mark == '^' {
            Fate::RemovedFromPlay
        } else {
            Fate::RemovedFromGame
        },
    ))
}
