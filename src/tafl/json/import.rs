//! From JSON back to the tafl syntax tree, with errors that name the JSON
//! path.
//!
//! What the JSON gives is checked so that the record it makes prints as
//! text its form reads: a square is one of the largest board, a text inside
//! `[ ]` does not close it, a ply that could not be read holds no character
//! that ends a ply. Spans not in the JSON are laid out within those that
//! are, as the canonical notation writes them.

use super::{
    Address, Capture, Commentary, CsvFile, CsvGame, CsvGameLine, Info, MoveAddress, MoveType,
    OtgFile, OtgGame, OtgGameLine, PieceKind, PieceLetter, Ply, PlyKind, ResultLabel, Side, Tag,
    Turn, Variation,
};
use serde_json::value::RawValue;

use crate::core::json::{
    JsonError, check_notation, check_tag_name, convert_span, each, each_text, invalid,
};
use crate::core::{Malformed, Span};
use crate::tafl::syntax::{self as ast, CSV_HEADER, Form};
use crate::tafl::{Piece, Square};

/// The record of a game file's entry at `at`, with its path:
/// `games`, the text of its games, read one at a time (`file.games` is not
/// read).
pub(crate) fn otg_file(
    file: OtgFile,
    games: Vec<&RawValue>,
    at: &str,
) -> Result<(String, ast::Record), JsonError> {
    let games = each_text(games, &format!("{at}.games"), convert_otg_game)?;
    Ok((file.path, ast::Record::Otg(ast::OtgRecord { games })))
}

/// The record of an archive's entry at `at`, with its path:
/// `games`, the text of its games, read one at a time (`file.games` is not
/// read).
pub(crate) fn csv_file(
    file: CsvFile,
    games: Vec<&RawValue>,
    at: &str,
) -> Result<(String, ast::Record), JsonError> {
    let games = each_text(games, &format!("{at}.games"), convert_csv_game)?;
    let record = ast::CsvRecord {
        header: header(file.header),
        games,
    };
    Ok((file.path, ast::Record::Csv(record)))
}

/// The game of a game file's line at `at`, as a record of one game, with
/// its path.
pub(crate) fn otg_line(line: OtgGameLine, at: &str) -> Result<(String, ast::Record), JsonError> {
    // The positions follow from the plies, and are left aside.
    let game = OtgGame {
        tags: line.tags,
        turns: line.turns,
        span: line.span,
        positions: Vec::new(),
    };
    let games = vec![convert_otg_game(game, at)?];
    Ok((line.path, ast::Record::Otg(ast::OtgRecord { games })))
}

/// The game of an archive's line at `at`, as a record of one game (with
/// the header, if the line carries it), with its path.
pub(crate) fn csv_line(line: CsvGameLine, at: &str) -> Result<(String, ast::Record), JsonError> {
    let game = CsvGame {
        plies: line.plies,
        attacker_captures: line.attacker_captures,
        defender_captures: line.defender_captures,
        result: line.result,
        span: line.span,
        positions: Vec::new(),
    };
    let record = ast::CsvRecord {
        header: header(line.header),
        games: vec![convert_csv_game(game, at)?],
    };
    Ok((line.path, ast::Record::Csv(record)))
}

/// The header of an archive, if `written`: the first line.
fn header(written: bool) -> Option<Span> {
    written.then(|| Span::new(0, CSV_HEADER.len()))
}

/// The part of `outer` that starts at `start` and runs `len` bytes, cut to
/// `outer`; the default span when `outer` is (the JSON gave none).
fn within(outer: Span, start: usize, len: usize) -> Span {
    if outer.is_empty() {
        return Span::default();
    }
    let start = start.clamp(outer.start, outer.end);
    Span::new(start, start.saturating_add(len).min(outer.end))
}

/// The part of `outer` that ends at `end` and runs `len` bytes back, cut
/// to `outer`; the default span when `outer` is.
fn before(outer: Span, end: usize, len: usize) -> Span {
    if outer.is_empty() {
        return Span::default();
    }
    let end = end.clamp(outer.start, outer.end);
    Span::new(end.saturating_sub(len).max(outer.start), end)
}

fn convert_otg_game(game: OtgGame, at: &str) -> Result<ast::OtgGame, JsonError> {
    Ok(ast::OtgGame {
        tags: each(game.tags, &format!("{at}.tags"), convert_tag)?,
        turns: each(game.turns, &format!("{at}.turns"), convert_turn)?,
        span: convert_span(game.span, at)?,
        captures_unwritten: false,
        server_written: false,
        archived: None,
    })
}

fn convert_tag(tag: Tag, at: &str) -> Result<ast::Tag, JsonError> {
    let rule = "a letter, then letters, digits, `-` or `_`";
    check_tag_name(&tag.name, &['-', '_'], rule, at)?;
    check_bracketed(&tag.value, "a tag's value", &format!("{at}.value"))?;
    let span = convert_span(tag.span, at)?;
    // `[`, the name and `:` before the value.
    let value_start = span.start.saturating_add(tag.name.len() + 2);
    let value_span = within(span, value_start, tag.value.len());
    Ok(ast::Tag {
        name: tag.name,
        value: tag.value,
        value_span,
        span,
    })
}

/// Checks `text`, written inside `[ ]` as `what`: it holds no `]`, and no
/// line of it starts with `[`, either of which would end it there.
fn check_bracketed(text: &str, what: &str, at: &str) -> Result<(), JsonError> {
    if text.contains(']') {
        return Err(invalid(at, format!("{what} holds no `]`")));
    }
    if text.contains("\n[") || text.contains("\r[") {
        return Err(invalid(at, format!("no line of {what} starts with `[`")));
    }
    Ok(())
}

fn convert_turn(turn: Turn, at: &str) -> Result<ast::Turn, JsonError> {
    Ok(ast::Turn {
        number: turn.number,
        plies: convert_plies(turn.plies, Form::Otg, &format!("{at}.plies"))?,
        commentary: turn
            .commentary
            .map(|c| convert_commentary(c, &format!("{at}.commentary")))
            .transpose()?,
        variations: each(
            turn.variations,
            &format!("{at}.variations"),
            convert_variation,
        )?,
        span: convert_span(turn.span, at)?,
    })
}

fn convert_variation(variation: Variation, at: &str) -> Result<ast::Variation, JsonError> {
    let span = convert_span(variation.span, at)?;
    Ok(ast::Variation {
        address: convert_address(variation.address, span, &format!("{at}.address"))?,
        plies: convert_plies(variation.plies, Form::Otg, &format!("{at}.plies"))?,
        commentary: variation
            .commentary
            .map(|c| convert_commentary(c, &format!("{at}.commentary")))
            .transpose()?,
        span,
    })
}

/// The address of the variation that stands at `span`.
fn convert_address(
    address: Address,
    span: Span,
    at: &str,
) -> Result<ast::VariationAddress, JsonError> {
    let steps = address
        .steps
        .into_iter()
        .enumerate()
        .map(|(n, step)| {
            Ok(ast::VariationStep {
                variation: step.variation,
                at: convert_move_address(step.at, &format!("{at}.steps[{n}].at"))?,
            })
        })
        .collect::<Result<Vec<_>, JsonError>>()?;
    if steps.is_empty() {
        return Err(invalid(
            &format!("{at}.steps"),
            "an address names at least one variation and a ply in it, `.1.1a`",
        ));
    }
    let mut built = ast::VariationAddress {
        start: convert_move_address(address.start, &format!("{at}.start"))?,
        steps,
        span: Span::default(),
    };
    check_notation(address.notation.as_deref(), &built, at)?;
    built.span = within(span, span.start, built.to_string().len());
    Ok(built)
}

fn convert_move_address(address: MoveAddress, at: &str) -> Result<ast::MoveAddress, JsonError> {
    if address.ply > 25 {
        return Err(invalid(
            &format!("{at}.ply"),
            format!(
                "a ply is a letter, from 0 (`a`) to 25 (`z`), not {}",
                address.ply
            ),
        ));
    }
    Ok(ast::MoveAddress {
        turn: address.turn,
        ply: address.ply,
    })
}

fn convert_commentary(commentary: Commentary, at: &str) -> Result<ast::Commentary, JsonError> {
    if commentary.texts.is_empty() {
        return Err(invalid(
            &format!("{at}.texts"),
            "commentary holds at least one text (`[]` holds one, empty)",
        ));
    }
    for (n, text) in commentary.texts.iter().enumerate() {
        let here = format!("{at}.texts[{n}]");
        if text.contains('|') {
            return Err(invalid(&here, "a commentary's text holds no `|`"));
        }
        check_bracketed(text, "a commentary's text", &here)?;
    }
    Ok(ast::Commentary {
        texts: commentary.texts,
        span: convert_span(commentary.span, at)?,
    })
}

fn convert_csv_game(game: CsvGame, at: &str) -> Result<ast::CsvGame, JsonError> {
    let span = convert_span(game.span, at)?;
    let result = game.result.map(|result| match result {
        ResultLabel::Black => ast::ResultLabel::Black,
        ResultLabel::White => ast::ResultLabel::White,
        ResultLabel::Draw => ast::ResultLabel::Draw,
        ResultLabel::Ongoing => ast::ResultLabel::Ongoing,
    });
    // The fields after the plies, laid out back from the end of the line.
    let written = |value: Option<u32>| value.map_or(0, |v| v.to_string().len());
    let result_span = before(span, span.end, result.map_or(0, |r| r.name().len()));
    let defender = before(
        span,
        result_span.start.saturating_sub(1),
        written(game.defender_captures),
    );
    let attacker = before(
        span,
        defender.start.saturating_sub(1),
        written(game.attacker_captures),
    );
    Ok(ast::CsvGame {
        plies: convert_plies(game.plies, Form::Csv, &format!("{at}.plies"))?,
        attacker_captures: ast::Count {
            value: game.attacker_captures,
            span: attacker,
        },
        defender_captures: ast::Count {
            value: game.defender_captures,
            span: defender,
        },
        result,
        result_span,
        span,
    })
}

/// The plies at `at` of a record of `form`.
fn convert_plies(plies: Vec<Ply>, form: Form, at: &str) -> Result<Vec<ast::Ply>, JsonError> {
    each(plies, at, |ply, at| convert_ply(ply, form, at))
}

fn convert_ply(ply: Ply, form: Form, at: &str) -> Result<ast::Ply, JsonError> {
    let span = convert_span(ply.span, at)?;
    let built = match (ply.kind, form) {
        (PlyKind::Move, _) => ast::Ply::Move(convert_move(&ply, form, span, at)?),
        (PlyKind::Malformed, _) => return convert_malformed(ply, form, span, at),
        (PlyKind::Timeout, Form::Csv) => ast::Ply::Timeout(span),
        (PlyKind::Resignation, Form::Otg) => ast::Ply::Resignation(span),
        (PlyKind::Placeholder, Form::Otg) => ast::Ply::Placeholder(span),
        (kind, _) => {
            let (name, written) = match kind {
                PlyKind::Timeout => ("timeout", "an archive"),
                PlyKind::Resignation => ("resignation", "a game file"),
                _ => ("placeholder", "a game file"),
            };
            return Err(invalid(
                &format!("{at}.kind"),
                format!("a `{name}` is written in {written} only"),
            ));
        }
    };
    if !matches!(built, ast::Ply::Move(_)) {
        no_move_fields(&ply, at)?;
    }
    let canonical = match form {
        Form::Otg | Form::Ron | Form::OpenTaflJson | Form::Pgn => built.to_string(),
        Form::Csv => built.archive().to_string(),
    };
    check_notation(ply.notation.as_deref(), &canonical, at)?;
    Ok(built)
}

/// Checks that a ply at `at` that is not a move has none of a move's
/// fields.
fn no_move_fields(ply: &Ply, at: &str) -> Result<(), JsonError> {
    let fields = [
        ("piece", ply.piece.is_some()),
        ("from", ply.from.is_some()),
        ("move_type", ply.move_type.is_some()),
        ("to", ply.to.is_some()),
        ("captures", !ply.captures.is_empty()),
        ("info", ply.info.is_some()),
    ];
    match fields.into_iter().find(|(_, given)| *given) {
        Some((name, _)) => Err(invalid(
            &format!("{at}.{name}"),
            format!("only a move has `{name}`"),
        )),
        None => Ok(()),
    }
}

/// A ply that could not be read, kept as written in `notation`.
fn convert_malformed(ply: Ply, form: Form, span: Span, at: &str) -> Result<ast::Ply, JsonError> {
    no_move_fields(&ply, at)?;
    let text = ply
        .notation
        .ok_or_else(|| invalid(at, "a malformed ply keeps its text in `notation`"))?;
    let ends = match form {
        Form::Otg | Form::Ron | Form::OpenTaflJson | Form::Pgn => '[',
        Form::Csv => ',',
    };
    if text.is_empty() || text.contains([' ', '\t', '\n', '\r', ends]) {
        return Err(invalid(
            &format!("{at}.notation"),
            format!(
                "a malformed ply's text is a token: not empty, with no blank, line end or `{ends}`"
            ),
        ));
    }
    Ok(ast::Ply::Malformed(Malformed { text, span }))
}

fn convert_move(
    ply: &Ply,
    form: Form,
    span: Span,
    at: &str,
) -> Result<ast::WrittenMove, JsonError> {
    let from = square(ply.from.as_deref(), &format!("{at}.from"))?;
    let to = square(ply.to.as_deref(), &format!("{at}.to"))?;
    let captures = ply
        .captures
        .iter()
        .enumerate()
        .map(|(n, capture)| convert_capture(capture, &format!("{at}.captures[{n}]")))
        .collect::<Result<Vec<_>, _>>()?;
    if form == Form::Csv {
        let lettered = ply.captures.iter().position(|c| c.piece.is_some());
        let field = match (ply.piece, lettered, ply.info) {
            (Some(_), _, _) => Some(("piece".to_owned(), "piece letter")),
            (_, Some(n), _) => Some((format!("captures[{n}].piece"), "piece letter")),
            (_, _, Some(_)) => Some(("info".to_owned(), "mark after a move")),
            _ => None,
        };
        if let Some((field, what)) = field {
            return Err(invalid(
                &format!("{at}.{field}"),
                format!("an archive writes no {what}"),
            ));
        }
    }
    let mut built = ast::WrittenMove {
        piece: ply.piece.map(convert_letter),
        from,
        kind: match ply.move_type {
            None | Some(MoveType::Regular) => ast::MoveType::Regular,
            Some(MoveType::Jump) => ast::MoveType::Jump,
            Some(MoveType::Berserk) => ast::MoveType::Berserk,
            Some(MoveType::BerserkJump) => ast::MoveType::BerserkJump,
        },
        to,
        captures,
        info: ply.info.map(convert_info),
        from_span: Span::default(),
        to_span: Span::default(),
        span,
    };
    lay_out(&mut built);
    Ok(built)
}

/// Sets the spans of a move's squares and captures within its span, as its
/// canonical notation lays them out.
fn lay_out(m: &mut ast::WrittenMove) {
    let outer = m.span;
    let letter = |piece: Option<ast::PieceLetter>| usize::from(piece.is_some());
    m.from_span = within(
        outer,
        outer.start.saturating_add(letter(m.piece)),
        m.from.to_string().len(),
    );
    let to = m.from_span.end.saturating_add(m.kind.notation().len());
    m.to_span = within(outer, to, m.to.to_string().len());
    let mut end = m.to_span.end;
    for capture in &mut m.captures {
        // After its `x` or `/`.
        let len = letter(capture.piece) + capture.square.to_string().len();
        capture.span = within(outer, end.saturating_add(1), len);
        end = capture.span.end;
    }
}

/// The square written at `at`.
fn square(text: Option<&str>, at: &str) -> Result<Square, JsonError> {
    let text = text.ok_or_else(|| invalid(at, "a move names its squares in `from` and `to`"))?;
    text.parse().map_err(|_| {
        invalid(
            at,
            format!(
                "`{text}` is not a square: a file letter, `a` to `s`, then a rank, `1` to `19`"
            ),
        )
    })
}

fn convert_capture(capture: &Capture, at: &str) -> Result<ast::Capture, JsonError> {
    Ok(ast::Capture {
        piece: capture.piece.map(convert_letter),
        square: square(Some(&capture.square), &format!("{at}.square"))?,
        span: Span::default(),
    })
}

fn convert_letter(letter: PieceLetter) -> ast::PieceLetter {
    ast::PieceLetter {
        side: match letter.side {
            Side::Attackers => crate::tafl::Side::Attackers,
            Side::Defenders => crate::tafl::Side::Defenders,
        },
        piece: match letter.kind {
            PieceKind::Taflman => Piece::Taflman,
            PieceKind::King => Piece::King,
            PieceKind::Commander => Piece::Commander,
            PieceKind::Knight => Piece::Knight,
            PieceKind::Mercenary => Piece::Mercenary,
            PieceKind::Guard => Piece::Guard,
        },
    }
}

fn convert_info(info: Info) -> ast::Info {
    match info {
        Info::KingThreatened => ast::Info::KingThreatened,
        Info::EscapeOpen => ast::Info::EscapeOpen,
        Info::KingCaptured => ast::Info::KingCaptured,
        Info::KingEscaped => ast::Info::KingEscaped,
    }
}
