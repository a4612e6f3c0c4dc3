//! A piece of a HIRP record checked as the fix loop of the core
//! ([`crate::core::fix`]) checks each version of it.

use crate::core::fix::CheckedPiece;
use crate::hirp::syntax::{Chunk, parse_piece};

use super::replay_record;
use super::search::{first_line_twice, search_repairs};

/// Checks a piece of a HIRP record as read from its chunk: the piece's
/// bytes, then, when the chunk was cut, the start of the line left unread
/// (so the replay knows the game goes on there). Spans start at `base`.
pub fn check_piece(piece: &[u8], chunk: &Chunk, base: usize) -> CheckedPiece {
    // A piece the fast path replays has nothing to report, as the full
    // replay would find (see `fast::games`): nothing to fix or search.
    // A piece of several games, one unfinished before another, is read
    // whole: the games' match says so, and the search may find them one
    // game whose first line was written twice.
    if chunk.cut.is_none()
        && chunk.note.is_none()
        && let Some(games) = super::fast::games(piece, base)
        && !games
            .iter()
            .rev()
            .skip(1)
            .any(|g| g.report.result.is_none())
    {
        // Read the usual way, the bytes are UTF-8.
        let text = String::from_utf8_lossy(piece).into_owned();
        return CheckedPiece::new(text, games.len(), std::iter::empty());
    }
    let (text, parsed) = parse_piece(chunk, piece, base);
    let report = replay_record(&parsed.record, &parsed.errors);
    let games = report.games.len();
    let loose = report.problems.into_iter().map(|p| (p, None));
    let each = report.games.into_iter().enumerate();
    let in_games = each.flat_map(|(n, g)| g.problems.into_iter().map(move |p| (p, Some(n))));
    let mut problems: Vec<_> = loose.chain(in_games).collect();
    // A cut chunk's last game is not whole: the search leaves it alone.
    let whole = if chunk.cut.is_some() {
        parsed.record.games.len().saturating_sub(1)
    } else {
        parsed.record.games.len()
    };
    let written = as_written(piece, chunk, &text);
    let whole_games = &parsed.record.games[..whole];
    let mended = match written {
        Some(_) => Vec::new(),
        None => first_line_twice(&text, base, whole_games, &mut problems),
    };
    search_repairs(&text, base, whole_games, &written, &mut problems, &mended);
    CheckedPiece::new(text, games, problems)
}

/// The part of `text` that a fix of an earlier round may have changed
/// ([`crate::core::fix::changed_part`]).
fn as_written(piece: &[u8], chunk: &Chunk, text: &str) -> Option<std::ops::Range<usize>> {
    let original = &chunk.bytes[..chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at)];
    crate::core::fix::changed_part(piece, original, text)
}
