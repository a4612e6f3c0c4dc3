//! The captures and end markers a move's record writes, against those the
//! rules compute for it.

use super::game::Game;
use super::problem::ProblemKind;
use crate::core::diagnostic::Problem;
use crate::core::{Edit, Span};
use crate::tafl::rules::{End, Move, Played, Position};
use crate::tafl::syntax::{self as ast, Info};
use crate::tafl::{Side, Square};

/// The written captures against the computed ones: a square written twice,
/// and a list that is not the computed set, with the list that is.
pub(super) fn check_captures(
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
    let special = (spurious.is_empty() && matches!(game, Game::Otg(_)))
        .then(|| unwritten_special(position, moved.to, played, &written, &missing))
        .flatten();
    let label = match &special {
        Some(how) => format!("{moved} {captures}; OpenTafl's writer leaves out {how}"),
        None => format!("{moved} {captures}"),
    };
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
        None if special.is_some() => (ProblemKind::CaptureUnwrittenSpecial, m.to_span),
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

/// When the captures missing from a move's list are exactly the ones it
/// took in a shieldwall or by the Linnaean rule, none of those written:
/// what OpenTafl's writer leaves out, and how they were taken
/// (`docs/rules.md#tafl-reading-the-captures-opentafls-writer-leaves-out`).
fn unwritten_special(
    position: &Position,
    to: Square,
    played: &Played,
    written: &[Square],
    missing: &[&Square],
) -> Option<String> {
    let special = position.special_captures(to, played.captures);
    let taken = |s: &Square| special.shieldwall.contains(*s) || special.linnaean.contains(*s);
    if !missing.iter().all(|s| taken(s)) || written.iter().any(taken) {
        return None;
    }
    let names: Vec<String> = missing.iter().map(ToString::to_string).collect();
    let how = match (special.shieldwall.is_empty(), special.linnaean.is_empty()) {
        (false, true) => "taken in a shieldwall",
        (true, false) => "taken by the Linnaean rule",
        _ => "taken in a shieldwall and by the Linnaean rule",
    };
    Some(format!("{}, {how}", names.join(", ")))
}

/// A capture list as the record's form writes it: `xd3/f3` in a game file,
/// `xd3xf3` in an archive.
pub(super) fn capture_text(squares: &[crate::tafl::Square], game: Game<'_>) -> String {
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
pub(super) fn check_marker(
    m: &ast::WrittenMove,
    played: &Played,
    game: Game<'_>,
    found: &mut Vec<Problem>,
) {
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
    if matches!(game, Game::Csv(_)) || !game.writes_captures() {
        // No mark to write: an archive's moves take none, nor do
        // hnefatafl.org's records, which write no captures either.
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
