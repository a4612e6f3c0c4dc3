//! The move type a move is written with (`-`, `^` a jump, `=` a berserk
//! move, `^=` both) against the move the rules play
//! (`docs/rules.md#tafl-berserk`). A jump may be written `-`, as OpenTafl
//! writes one that captures nothing; any other difference is an error that
//! rewrites the type.

use super::problem::ProblemKind;
use crate::core::diagnostic::Problem;
use crate::core::{Edit, Span};
use crate::tafl::rules::{Move, Played, Position};
use crate::tafl::syntax::{MoveType, WrittenMove};
use crate::tafl::{Piece, Side};

/// The text of a written move's type.
fn span(m: &WrittenMove) -> Span {
    Span::new(m.from_span.end, m.to_span.start)
}

/// The type to write `mv` with now, in a repair of a move written with
/// `written`: `^` for a jump, `=` for a berserk move; in a game without
/// either, as written.
pub(super) fn of(position: &Position, mv: Move, written: MoveType) -> MoveType {
    if !position.jumps_or_berserk() {
        return written;
    }
    kind(position.is_jump(mv), position.berserker().is_some())
}

fn kind(jump: bool, berserk: bool) -> MoveType {
    match (jump, berserk) {
        (false, false) => MoveType::Regular,
        (true, false) => MoveType::Jump,
        (false, true) => MoveType::Berserk,
        (true, true) => MoveType::BerserkJump,
    }
}

fn is_jump(kind: MoveType) -> bool {
    matches!(kind, MoveType::Jump | MoveType::BerserkJump)
}

fn is_berserk(kind: MoveType) -> bool {
    matches!(kind, MoveType::Berserk | MoveType::BerserkJump)
}

/// In a game with neither jumps nor berserk moves, any type but `-`.
pub(super) fn check_plain(m: &WrittenMove, found: &mut Vec<Problem>) {
    if m.kind == MoveType::Regular {
        return;
    }
    found.push(
        Problem::new(
            ProblemKind::MoveType,
            span(m),
            format!("`{}` is not a move of this rule set", m.kind),
        )
        .with_help("join the squares with `-`")
        .with_fix(Edit::new(span(m), "-")),
    );
}

/// In a game with jumps or berserk moves, the type written against the
/// move played, `mover` the piece that moved and `turn` its side: `=` on
/// a move that is not a berserk move or none on one that is, `^` on a
/// move that is not a jump.
pub(super) fn check_played(
    m: &WrittenMove,
    (mover, turn): (Option<(Side, Piece)>, Side),
    played: &Played,
    found: &mut Vec<Problem>,
) {
    // A jump written without `^` is right: OpenTafl writes so a jump that
    // captures nothing.
    let right = kind(played.jump && is_jump(m.kind), played.berserk);
    if right == m.kind {
        return;
    }
    let squares = format!("{}-{}", m.from, m.to);
    let label = if is_berserk(m.kind) && !played.berserk {
        format!("`=` marks a berserk move, and {squares} begins the {turn}' turn")
    } else if played.berserk && !is_berserk(m.kind) {
        let who = match mover {
            Some((side, piece)) => super::captures::a_piece(side, piece),
            None => "the piece".to_owned(),
        };
        format!(
            "{who} on {} moves again after its capture: a berserk move, `=`",
            m.from
        )
    } else {
        format!("`^` marks a jump, and {squares} jumps over no piece")
    };
    let letter = m.piece.map_or_else(String::new, |p| p.to_string());
    found.push(
        Problem::new(ProblemKind::MoveType, span(m), label)
            .with_help(format!("write `{letter}{}{right}{}`", m.from, m.to))
            .with_fix(Edit::new(span(m), right.notation())),
    );
}
