//! Passing candidates that are one repair: they reach the same position
//! at the end of the faulty turn, so the rest of the game plays alike
//! after each, and they differ only in how or where the repair is
//! written. Which of them is applied is settled here; candidates that
//! play different games stay a tie.

use super::{Candidate, edited};
use crate::hirp::replay::fast::Paused;
use crate::hirp::rules::Position;

/// Of passing candidates that are one repair (see [`one_written`] and
/// [`one_step_placed`]), the one to write; `None` when they play
/// different games or no rule ranks one first. `range` runs from the
/// searched line, where the replay is paused at `at`, to the end of the
/// faulty turn's line.
pub(super) fn one_repair<'c>(
    text: &str,
    range: std::ops::Range<usize>,
    at: &Paused,
    passing: &'c [Candidate],
) -> Option<&'c Candidate> {
    // The shapes first, read off the text; the replays only for a shape.
    let changes: Vec<(usize, usize, usize)> = passing.iter().map(|c| changed(text, c)).collect();
    let best = one_written(passing, &changes).or_else(|| one_step_placed(passing, &changes))?;
    let position = |c: &Candidate| -> Option<Position> {
        let rest = edited(text, range.clone(), c)?;
        at.clone().advance(&rest)?.position().copied()
    };
    let first = position(passing.first()?)?;
    let mut positions = passing[1..].iter().map(position);
    positions
        .all(|p| p.is_some_and(|p| p.alike(&first)))
        .then_some(best)
}

/// Of passing candidates (that [`one_repair`] finds reach one position),
/// those that are one repair written several ways: they change a character or two each
/// (never a token moved), all at one place (their changes share a point),
/// as `Ke` and `Ke0`, `He` and `He9`, a battle record with or without a
/// space before it. The one applied changes the fewest characters, then
/// leaves the shortest record, then lies latest; `None` when they are not
/// so or two rank first together. `changes` are their [`changed`] parts.
fn one_written<'c>(
    passing: &'c [Candidate],
    changes: &[(usize, usize, usize)],
) -> Option<&'c Candidate> {
    let small = changes.iter().all(|&(s, e, new)| e - s <= 2 && new <= 2);
    let start = changes.iter().map(|c| c.0).max()?;
    let end = changes.iter().map(|c| c.1).min()?;
    if !small || start > end {
        return None;
    }
    let key = |c: &Candidate| {
        let grown = c.with.len() as isize - (c.end - c.start) as isize;
        (c.cost, grown, std::cmp::Reverse(c.start))
    };
    let best = passing.iter().min_by_key(|c| key(c))?;
    let ties = passing.iter().filter(|c| key(c) == key(best)).count();
    (ties == 1).then_some(best)
}

/// Of passing candidates (that [`one_repair`] finds reach one position),
/// those that are one step put back whose place in its turn the record does not tell: each
/// puts text in and changes nothing written, and the game plays alike
/// after each (`K10` lost from `L02K10L20K20K01`, put back at any of
/// five places). The step is written at the latest place where a whole
/// step is put in at a token's edge (the latest point of divergence);
/// `None` when they are not so, or when two are put in at that place.
fn one_step_placed<'c>(
    passing: &'c [Candidate],
    changes: &[(usize, usize, usize)],
) -> Option<&'c Candidate> {
    if !changes.iter().all(|&(s, e, new)| s == e && new > 0) {
        return None;
    }
    // Of the steps put in whole at a token's edge, the latest; the others
    // write the same board across a token's characters (`Hi` made `Hei`
    // beside `He` put before it) or rewrite the turn.
    let edge = |c: &&Candidate| c.whole && c.start == c.end;
    let latest = passing.iter().filter(edge).map(|c| c.start).max()?;
    let mut there = passing.iter().filter(edge).filter(|c| c.start == latest);
    let best = there.next()?;
    there.next().is_none().then_some(best)
}

/// What `c` changes of `text`, its ends in common with the text left out:
/// where (from the text's start, to its end) and how many bytes it puts
/// there.
fn changed(text: &str, c: &Candidate) -> (usize, usize, usize) {
    let (old, new) = (&text.as_bytes()[c.start..c.end], c.with.as_bytes());
    let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let (old, new) = (&old[head..], &new[head..]);
    let tail = old.iter().rev().zip(new.iter().rev());
    let tail = tail.take_while(|(a, b)| a == b).count();
    let start = c.start + head;
    (start, start + old.len() - tail, new.len() - tail)
}
