//! A piece of a tafl record checked as the fix loop of the core
//! ([`crate::core::fix`]) checks each version of it.

use crate::core::diagnostic::Problem;
use crate::core::fix::CheckedPiece;
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::{Chunk, parse_piece};

use super::replay_record;
use super::search::{Searched, search_repairs};

/// Checks a piece of a tafl record as read from its chunk, each game under
/// `rules` if given, else under its rules tag: the piece's bytes, then,
/// when the chunk was cut, the start of the line left unread (so the
/// replay knows the game goes on there). Spans start at `base`.
pub fn check_piece(
    piece: &[u8],
    chunk: &Chunk,
    base: usize,
    rules: Option<&RuleSet>,
) -> CheckedPiece {
    let (text, parsed) = parse_piece(chunk, piece, base);
    let replays = replay_record(&parsed.record, &parsed.errors, rules);
    if replays.is_empty() {
        let errors = parsed.errors.iter();
        return CheckedPiece::new(text, 0, errors.map(|e| (Problem::syntax(e), None)));
    }
    let games = replays.iter().enumerate();
    let problems = games.flat_map(|(n, r)| r.problems.iter().map(move |p| (p.clone(), Some(n))));
    let mut problems: Vec<_> = problems.collect();
    let original = &chunk.bytes[..chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at)];
    let searched = Searched {
        text: &text,
        base,
        form: chunk.form,
        // A cut chunk's last game is not whole: the search leaves it alone.
        whole: replays.len() - usize::from(chunk.cut.is_some()),
        changed: crate::core::fix::changed_part(piece, original, &text),
    };
    search_repairs(&searched, &parsed.record, &replays, &mut problems);
    CheckedPiece::new(text, replays.len(), problems)
}
