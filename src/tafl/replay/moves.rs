//! The moves of a game replayed one by one: each written move checked,
//! played, or repaired or forced after a fault, and its captures compared.

use super::ahead::{self, Ahead};
use super::captures::{a_piece, check_captures, check_marker};
use super::game::{Game, WrittenPly};
use super::move_type;
use super::problem::{Errors, ProblemKind};
use super::result::{self, EndPly};
use super::{Applied, Replay, ReplayedMove};
use crate::core::diagnostic::Problem;
use crate::core::{Edit, Span};
use crate::tafl::rules::{End, Move, MoveError, Played, Position, RuleSet};
use crate::tafl::syntax::{self as ast, Ply};

/// Replays `game`'s main line under `rules`, adding to `problems`; with
/// `ahead`, a written move is weighed against its slips by how much of the
/// game plays after each. `seen` sees each position of the line, as
/// [`walk`] hands them over.
pub(crate) fn replay(
    game: Game<'_>,
    rules: RuleSet,
    mut problems: Vec<Problem>,
    ahead: bool,
    seen: &mut impl FnMut(usize, &Position),
) -> Replay {
    let plies: Vec<WrittenPly<'_>> = game.plies().collect();
    let start = Position::new(&rules);
    let walked = walk(game, start, &plies, ahead, &mut problems, seen);
    let unread = walked.unread.is_some();
    let outcome = if unread {
        walked.position.outcome()
    } else {
        result::judge(game, &walked.position, walked.end_ply, &mut problems)
    };
    if let Some(line) = game.csv().filter(|_| !unread) {
        result::check_counts(line, rules.first_side(), &mut problems);
    }
    Replay {
        rules: Some(rules),
        steps: walked.steps,
        moves: walked.moves,
        outcome,
        problems,
        variations: Vec::new(),
    }
}

/// A line of plies replayed: the position it leads to, the moves played,
/// and how it stopped.
pub(crate) struct Walked {
    /// The position after the last move played.
    pub(crate) position: Position,
    /// The moves replayed, in order.
    pub(crate) steps: Vec<ReplayedMove>,
    /// The moves the line writes.
    pub(crate) moves: usize,
    /// The index of the ply the replay could not read, after which nothing
    /// is replayed.
    pub(crate) unread: Option<usize>,
    /// The timeout or resignation that ends the line, if one does.
    pub(crate) end_ply: Option<EndPly>,
}

/// Replays the line `plies` of `game` from `position`, adding to
/// `problems`: each move checked and played, a ply after the end reported
/// once, nothing after a ply that could not be read. With `ahead`, a
/// written move is weighed against its slips by how much of the line plays
/// after each. `seen` is handed each position of the line with the moves
/// played to reach it: `position` with none, then the position after each
/// move, as [`Replay::positions`] lists them.
pub(crate) fn walk(
    game: Game<'_>,
    mut position: Position,
    plies: &[WrittenPly<'_>],
    ahead: bool,
    problems: &mut Vec<Problem>,
    seen: &mut impl FnMut(usize, &Position),
) -> Walked {
    let mut steps = Vec::new();
    seen(0, &position);
    let (mut moves, mut after_end, mut unread) = (0, false, None);
    let mut end_ply: Option<EndPly> = None;
    let mut looking = ahead.then(Ahead::default);
    let mut errors = Errors::default();
    for (at, written) in plies.iter().enumerate() {
        let written = *written;
        if written.ply.as_move().is_some() {
            moves += 1;
        }
        if unread.is_some() || matches!(written.ply, Ply::Placeholder(_)) {
            continue;
        }
        if let Some(stop) = stop_before(&written, &mut errors, problems) {
            problems.push(stop);
            unread = Some(at);
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
                    plies,
                    at,
                    ahead: looking.as_mut(),
                };
                steps.push(play(&mut position, m, context, problems));
                seen(steps.len(), &position);
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
    Walked {
        position,
        steps,
        moves,
        unread,
        end_ply,
    }
}

/// Why the replay stops before `written`, if it does: the game has
/// [`MAX_ERRORS`](crate::core::limits::MAX_ERRORS) errors already, or the
/// ply could not be read.
fn stop_before(
    written: &WrittenPly<'_>,
    errors: &mut Errors,
    problems: &[Problem],
) -> Option<Problem> {
    let (span, label) = if let Some(count) = errors.full(problems) {
        let label =
            format!("the game has {count} errors before this move; the rest is not replayed");
        (written.ply.span(), label)
    } else if let Ply::Malformed(m) = written.ply {
        (m.span, "the moves after it are not replayed".to_owned())
    } else {
        return None;
    };
    Some(turn_of(
        Problem::new(ProblemKind::Unread, span, label),
        written,
    ))
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

/// The problem with the label of the ply it lies in.
fn turn_of(mut problem: Problem, written: &WrittenPly<'_>) -> Problem {
    problem.turn = Some(written.label());
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
        if game.writes_captures() {
            check_captures(position, m, moved, played, game, &mut found);
        }
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
        written: mv,
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
            written.label()
        ),
    )
    .with_help(format!("write `{text}` at {}", written.label()))
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
        MoveError::Repeats { .. } => (ProblemKind::Repeats, way),
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
    // Only pieces on the written start, in line with it, or on the written
    // end make such moves: the others' moves are never generated.
    position
        .legal_moves_of(|from| {
            from == written.from || from == written.to || near(from, written.from)
        })
        .into_iter()
        .filter(|mv| {
            (mv.from == written.from && near(mv.to, written.to))
                || (mv.to == written.to && near(mv.from, written.from))
                || (mv.from == written.to && mv.to == written.from)
        })
        .collect()
}
