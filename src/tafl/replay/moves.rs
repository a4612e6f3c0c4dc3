//! The moves of a game replayed one by one: each written move checked,
//! played, or repaired or forced after a fault, and its captures compared.

use super::ahead::{self, Ahead};
use super::game::{Game, WrittenPly};
use super::move_type;
use super::problem::ProblemKind;
use super::result::{self, EndPly};
use super::{Applied, Replay, ReplayedMove};
use crate::core::diagnostic::Problem;
use crate::core::{Edit, Span};
use crate::tafl::Side;
use crate::tafl::rules::{End, Move, MoveError, Played, Position, RuleSet};
use crate::tafl::syntax::{self as ast, Info, Ply};

/// Replays `game`'s main line under `rules`, adding to `problems`; with
/// `ahead`, a written move is weighed against its slips by how much of the
/// game plays after each.
pub(crate) fn replay(
    game: Game<'_>,
    rules: RuleSet,
    mut problems: Vec<Problem>,
    ahead: bool,
) -> Replay {
    let mut position = Position::new(&rules);
    let mut steps = Vec::new();
    let (mut moves, mut after_end, mut unread) = (0, false, false);
    let mut end_ply: Option<EndPly> = None;
    let plies: Vec<WrittenPly<'_>> = game.plies().collect();
    let mut looking = ahead.then(Ahead::default);
    for (at, written) in plies.iter().enumerate() {
        let written = *written;
        if written.ply.as_move().is_some() {
            moves += 1;
        }
        if unread || matches!(written.ply, Ply::Placeholder(_)) {
            continue;
        }
        if let Ply::Malformed(m) = written.ply {
            problems.push(turn_of(
                Problem::new(
                    ProblemKind::Unread,
                    m.span,
                    "the moves after it are not replayed",
                ),
                &written,
            ));
            unread = true;
            continue;
        }
        if position.outcome().is_some() || end_ply.is_some() {
            if !after_end {
                problems.push(after_the_end(&position, end_ply.as_ref(), &written));
                after_end = true;
            }
            continue;
        }
        match written.ply {
            Ply::Move(m) => {
                let context = Context {
                    game,
                    plies: &plies,
                    at,
                    ahead: looking.as_mut(),
                };
                steps.push(play(&mut position, m, context, &mut problems));
            }
            Ply::Timeout(_) | Ply::Resignation(_) => {
                let end = if matches!(written.ply, Ply::Timeout(_)) {
                    End::Timeout
                } else {
                    End::Resigned
                };
                end_ply = Some(EndPly {
                    end,
                    loser: position.turn(),
                });
            }
            Ply::Placeholder(_) | Ply::Malformed(_) => {}
        }
    }
    let outcome = if unread {
        position.outcome()
    } else {
        result::judge(game, &position, end_ply, &mut problems)
    };
    if let Some(line) = game.csv().filter(|_| !unread) {
        result::check_counts(line, rules.first_side(), &mut problems);
    }
    Replay {
        rules: Some(rules),
        steps,
        moves,
        outcome,
        problems,
    }
}

/// A ply after the end of the game: the problem, once.
fn after_the_end(
    position: &Position,
    end_ply: Option<&EndPly>,
    written: &WrittenPly<'_>,
) -> Problem {
    let how = match (position.outcome(), end_ply) {
        (Some(outcome), _) => outcome.to_string(),
        (None, Some(end)) => end.describe(),
        (None, None) => String::new(),
    };
    let problem = Problem::new(ProblemKind::AfterEnd, written.ply.span(), how)
        .with_help("a game's record ends with the move that ends it");
    turn_of(problem, written)
}

/// The problem with the address of the ply it lies in.
fn turn_of(mut problem: Problem, written: &WrittenPly<'_>) -> Problem {
    problem.turn = Some(written.address().to_string());
    problem
}

/// Where a written move lies: its game, the game's plies, its index among
/// them, and the look-ahead when there is one.
struct Context<'c, 'a> {
    game: Game<'a>,
    plies: &'c [WrittenPly<'a>],
    at: usize,
    ahead: Option<&'c mut Ahead>,
}

/// Plays one written move on `position`.
fn play(
    position: &mut Position,
    m: &ast::WrittenMove,
    mut context: Context<'_, '_>,
    problems: &mut Vec<Problem>,
) -> ReplayedMove {
    let (game, written) = (context.game, context.plies[context.at]);
    let mut found = Vec::new();
    // In a game with jumps or berserk moves, who moves, for the move type's
    // check once the move is played; in another, any type but `-` is wrong.
    let typed = position.jumps_or_berserk();
    let mover = if typed {
        Some((position.piece_at(m.from), position.turn()))
    } else {
        move_type::check_plain(m, &mut found);
        None
    };
    check_letter(position, m, &mut found);
    let mv = Move {
        from: m.from,
        to: m.to,
    };
    let better = context
        .ahead
        .as_deref_mut()
        .and_then(|ahead| ahead.better(position, m, slips, context.plies, context.at));
    // The written move is tried on a copy only when the look-ahead found a
    // better one; otherwise it is played once, on the position itself.
    let meant = better.filter(|_| position.clone().play(mv).is_ok());
    let (applied, played) = match meant {
        Some((meant, fails_at)) => {
            let failing = &context.plies[fails_at];
            let kind = move_type::of(position, meant, m.kind);
            if let Some(problem) = slip(m, (meant, kind), &written, failing) {
                problems.push(turn_of(problem, failing));
            }
            forget(&mut context);
            (Applied::Played(meant), position.play(meant).ok())
        }
        None => match position.play(mv) {
            Ok(played) => (Applied::Played(mv), Some(played)),
            Err(error) => {
                forget(&mut context);
                recover(position, m, error, &context, &mut found)
            }
        },
    };
    if let (Some(played), Some(moved)) = (&played, applied.mv()) {
        if let Some(mover) = mover.filter(|_| applied == Applied::Played(mv)) {
            move_type::check_played(m, mover, played, &mut found);
        }
        check_captures(position, m, moved, played, game, &mut found);
        check_marker(m, played, game, &mut found);
    }
    if let Some(ahead) = context.ahead.as_deref()
        && ahead.open_tie_before(context.at)
    {
        found.iter_mut().for_each(|p| p.fix = None);
    }
    problems.extend(found.into_iter().map(|p| turn_of(p, &written)));
    ReplayedMove {
        address: written.address(),
        span: m.span,
        applied,
        captures: played.map_or_else(|| position.no_squares(), |p| p.captures),
    }
}

/// The replay leaves the written line.
fn forget(context: &mut Context<'_, '_>) {
    if let Some(ahead) = context.ahead.as_deref_mut() {
        ahead.forget();
    }
}

/// The ply `failing`, which does not play after the legal move `m`, and
/// does after the move `meant` in its place: the problem at `failing`, with
/// the fix that rewrites `m`.
fn slip(
    m: &ast::WrittenMove,
    (meant, kind): (Move, ast::MoveType),
    written: &WrittenPly<'_>,
    failing: &WrittenPly<'_>,
) -> Option<Problem> {
    let later = failing.ply.as_move()?;
    let whole = Span::new(m.from_span.start, m.to_span.end);
    let text = format!("{}{kind}{}", meant.from, meant.to);
    let at = Span::new(later.from_span.start, later.to_span.end);
    let problem = Problem::new(
        ProblemKind::Slip,
        at,
        format!(
            "{} plays only if {} is {meant}",
            ast_squares(later),
            written.address()
        ),
    )
    .with_help(format!("write `{text}` at {}", written.address()))
    .with_fix(Edit::new(whole, text));
    Some(problem)
}

/// A written move's squares, `d1-d4`.
fn ast_squares(m: &ast::WrittenMove) -> String {
    format!("{}{}{}", m.from, m.kind, m.to)
}

/// A written piece letter that is not the piece's on the start square.
fn check_letter(position: &Position, m: &ast::WrittenMove, found: &mut Vec<Problem>) {
    let (Some(letter), Some((side, piece))) = (m.piece, position.piece_at(m.from)) else {
        return;
    };
    if (letter.side, letter.piece) == (side, piece) {
        return;
    }
    let span = Span::new(m.span.start, m.from_span.start);
    let right = if piece == crate::tafl::Piece::Taflman {
        String::new()
    } else {
        piece.letter_of(side).to_string()
    };
    let label = format!("{} holds {}", m.from, a_piece(side, piece));
    let help = if right.is_empty() {
        "a taflman's move is written without a letter".to_owned()
    } else {
        format!("write `{right}`")
    };
    found.push(
        Problem::new(ProblemKind::PieceLetter, span, label)
            .with_help(help)
            .with_fix(Edit::new(span, right)),
    );
}

/// After `error`, the move the player meant: the one legal move the written
/// one is a slip of, else the piece moved as written all the same, else no
/// move.
fn recover(
    position: &mut Position,
    m: &ast::WrittenMove,
    error: MoveError,
    context: &Context<'_, '_>,
    found: &mut Vec<Problem>,
) -> (Applied, Option<Played>) {
    let (kind, span) = fault(&error, m);
    let mut problem = Problem::new(kind, span, error.to_string());
    let mut slips = slips(
        position,
        Move {
            from: m.from,
            to: m.to,
        },
    );
    let (mut earlier, mut unsure) = (None, false);
    if let Some(ahead) = context.ahead.as_deref() {
        let rest = &context.plies[context.at + 1..];
        let (best, sure) = ahead::best(position, &slips, m, rest);
        slips = best;
        earlier = ahead.tie(context.at);
        unsure = !sure;
    }
    if let Some(missing) = missing_before(position, &error) {
        let mut skipped = position.clone();
        let mv = Move {
            from: m.from,
            to: m.to,
        };
        if skipped.pass()
            && let Ok(played) = skipped.play(mv)
        {
            *position = skipped;
            found.push(problem.with_help(format!("{missing} is missing before it")));
            return (Applied::OutOfTurn(mv), Some(played));
        }
    }
    let outcome = match (slips.as_slice(), earlier) {
        ([one], Some((other, address))) => {
            problem = problem
                .with_help(format!("perhaps `{one}` or, at {address}, `{other}`"))
                .with_choices([one.to_string(), other.to_string()]);
            let played = position.play(*one).ok();
            (Applied::Played(*one), played)
        }
        ([one], None) if !unsure => {
            let whole = Span::new(m.from_span.start, m.to_span.end);
            let kind = move_type::of(position, *one, m.kind);
            let text = format!("{}{kind}{}", one.from, one.to);
            problem = problem
                .with_help(format!("write `{text}`"))
                .with_fix(Edit::new(whole, text));
            let played = position.play(*one).ok();
            (Applied::Played(*one), played)
        }
        (many, _) => {
            if !many.is_empty() {
                let options: Vec<String> = many.iter().take(4).map(Move::to_string).collect();
                problem = problem.offering("perhaps", &options);
            }
            forced(position, m)
        }
    };
    found.push(problem);
    outcome
}

/// When `error` refuses a move of the side not to move: the move of the
/// side to move that is missing before it, in words (a berserk move, when
/// the side's piece that captured had to move again).
fn missing_before(position: &Position, error: &MoveError) -> Option<String> {
    match *error {
        MoveError::NotYours { turn, .. } => Some(format!("a move of the {turn}")),
        MoveError::Berserk {
            at,
            berserker,
            side,
            piece,
        } if position
            .piece_at(at)
            .is_some_and(|(owner, _)| owner != side) =>
        {
            Some(format!(
                "a berserk move of {} on {berserker}",
                a_piece(side, piece)
            ))
        }
        _ => None,
    }
}

/// The written move played though the rules refuse it, else the turn
/// passed.
fn forced(position: &mut Position, m: &ast::WrittenMove) -> (Applied, Option<Played>) {
    let mv = Move {
        from: m.from,
        to: m.to,
    };
    match position.force(mv) {
        Some(played) => (Applied::Forced(mv), Some(played)),
        None => {
            position.pass();
            (Applied::Passed, None)
        }
    }
}

/// The code of a refused move and the token at fault.
fn fault(error: &MoveError, m: &ast::WrittenMove) -> (ProblemKind, Span) {
    let way = Span::new(m.from_span.start, m.to_span.end);
    match *error {
        MoveError::NoPiece { .. } => (ProblemKind::NoPiece, m.from_span),
        MoveError::NotYours { .. } => (ProblemKind::NotYours, m.from_span),
        MoveError::NotPlayed { .. } => (ProblemKind::RulesNotPlayed, m.from_span),
        MoveError::OffBoard { square, .. } => {
            let span = if square == m.from {
                m.from_span
            } else {
                m.to_span
            };
            (ProblemKind::OffBoard, span)
        }
        MoveError::ZeroDistance { .. } => (ProblemKind::ZeroDistance, way),
        MoveError::NotOrthogonal { .. } => (ProblemKind::NotOrthogonal, way),
        MoveError::Blocked { .. } => (ProblemKind::Blocked, way),
        MoveError::TooFar { .. } => (ProblemKind::TooFar, way),
        MoveError::MayNotPass { .. } => (ProblemKind::MayNotPass, way),
        MoveError::Occupied { .. } => (ProblemKind::Occupied, m.to_span),
        MoveError::MayNotStop { .. } => (ProblemKind::MayNotStop, m.to_span),
        MoveError::MayNotReenter { .. } => (ProblemKind::MayNotReenter, m.to_span),
        MoveError::MayNotJump { .. } => (ProblemKind::MayNotJump, way),
        MoveError::Berserk { .. } => (ProblemKind::Berserk, m.from_span),
        MoveError::GameOver => (ProblemKind::AfterEnd, m.span),
    }
}

/// The legal moves a written move is a slip of: the same start square and
/// an end square one file or rank letter off, the same end square and a
/// start square so, or the two squares swapped.
fn slips(position: &Position, written: Move) -> Vec<Move> {
    let near = |a: crate::tafl::Square, b: crate::tafl::Square| {
        (a.file() == b.file()) != (a.rank() == b.rank())
    };
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            (mv.from == written.from && near(mv.to, written.to))
                || (mv.to == written.to && near(mv.from, written.from))
                || (mv.from == written.to && mv.to == written.from)
        })
        .collect()
}

/// The written captures against the computed ones: a square written twice,
/// and a list that is not the computed set, with the list that is.
fn check_captures(
    position: &Position,
    m: &ast::WrittenMove,
    moved: Move,
    played: &Played,
    game: Game<'_>,
    found: &mut Vec<Problem>,
) {
    let king_taken = played
        .outcome
        .filter(|o| o.end == End::KingCaptured)
        .and_then(|_| position.king());
    let mut written: Vec<crate::tafl::Square> = Vec::new();
    for capture in &m.captures {
        if written.contains(&capture.square) {
            let span = Span::new(capture.span.start.saturating_sub(1), capture.span.end);
            found.push(
                Problem::new(
                    ProblemKind::CaptureRepeated,
                    capture.span,
                    format!("{} is already written", capture.square),
                )
                .with_help("write each captured square once")
                .with_fix(Edit::new(span, "")),
            );
        } else if Some(capture.square) != king_taken {
            written.push(capture.square);
        }
    }
    let computed: Vec<_> = played.captures.iter().collect();
    let spurious: Vec<_> = written.iter().filter(|s| !computed.contains(s)).collect();
    let missing: Vec<_> = computed.iter().filter(|s| !written.contains(s)).collect();
    if spurious.is_empty() && missing.is_empty() {
        return;
    }
    let list = |squares: &[crate::tafl::Square]| {
        let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
        names.join(", ")
    };
    let captures = if computed.is_empty() {
        "captures nothing".to_owned()
    } else {
        format!("captures {}", list(&computed))
    };
    let label = format!("{moved} {captures}");
    let text = capture_text(&computed, game);
    let end = m.captures.last().map_or(m.to_span.end, |c| c.span.end);
    let span = Span::new(m.to_span.end, end);
    let (kind, at) = match spurious.first() {
        Some(square) => {
            let at = m
                .captures
                .iter()
                .find(|c| c.square == **square)
                .map_or(m.span, |c| c.span);
            (ProblemKind::CaptureSpurious, at)
        }
        None => (ProblemKind::CaptureMissing, m.to_span),
    };
    let help = if text.is_empty() {
        "write no capture".to_owned()
    } else {
        let letter = m.piece.map_or_else(String::new, |p| p.to_string());
        format!("write `{letter}{}{}{}{text}`", moved.from, m.kind, moved.to)
    };
    found.push(
        Problem::new(kind, at, label)
            .with_help(help)
            .with_fix(Edit::new(span, text)),
    );
}

/// A capture list as the record's form writes it: `xd3/f3` in a game file,
/// `xd3xf3` in an archive.
fn capture_text(squares: &[crate::tafl::Square], game: Game<'_>) -> String {
    let mut text = String::new();
    for (n, square) in squares.iter().enumerate() {
        let separator = match game {
            Game::Otg(_) if n > 0 => '/',
            _ => 'x',
        };
        text.push(separator);
        text.push_str(&square.to_string());
    }
    text
}

/// `++` and `--` against the end the move makes, and in a game file the
/// move that captures the king or makes him escape without its marker.
fn check_marker(m: &ast::WrittenMove, played: &Played, game: Game<'_>, found: &mut Vec<Problem>) {
    let end = played.outcome.map(|o| o.end);
    let marker = |info: Info| {
        let len = info.notation().len();
        Span::new(m.span.end.saturating_sub(len), m.span.end)
    };
    let claimed = match m.info {
        Some(Info::KingCaptured) => Some(End::KingCaptured),
        Some(Info::KingEscaped) => Some(End::KingEscaped),
        _ => None,
    };
    if let (Some(claimed), Some(info)) = (claimed, m.info) {
        if end != Some(claimed) {
            let label = match claimed {
                End::KingCaptured => "the king is not captured",
                _ => "the king does not escape",
            };
            found.push(
                Problem::new(ProblemKind::Marker, marker(info), label)
                    .with_help(format!("`{info}` marks the move that ends the game"))
                    .with_fix(Edit::new(marker(info), "")),
            );
        }
        return;
    }
    let wanted = match end {
        Some(End::KingCaptured) => Info::KingCaptured,
        Some(End::KingEscaped) => Info::KingEscaped,
        _ => return,
    };
    if matches!(game, Game::Csv(_)) {
        return;
    }
    let span = match m.info {
        Some(info) => marker(info),
        None => Span::new(m.span.end, m.span.end),
    };
    let label = match wanted {
        Info::KingCaptured => "the king is captured",
        _ => "the king escapes",
    };
    found.push(
        Problem::new(ProblemKind::Unmarked, span, label)
            .with_help(format!("write `{wanted}` after the move"))
            .with_fix(Edit::new(span, wanted.notation())),
    );
}

/// `an attacker`, `the king`.
pub(super) fn a_piece(side: Side, piece: crate::tafl::Piece) -> String {
    use crate::tafl::Piece;
    match (side, piece) {
        (Side::Attackers, Piece::Taflman) => "an attacker".to_owned(),
        (Side::Defenders, Piece::Taflman) => "a defender".to_owned(),
        (_, Piece::King) => "the king".to_owned(),
        (side, Piece::Commander) => format!("the {side}' commander"),
        (side, Piece::Knight) => format!("the {side}' knight"),
        (side, Piece::Mercenary) => format!("the {side}' mercenary"),
        (side, Piece::Guard) => format!("the {side}' guard"),
    }
}
