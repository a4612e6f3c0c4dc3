//! Which of several passing candidates is applied, if any. Candidates
//! that are one repair reach the same position at the end of the faulty
//! turn, so the rest of the game plays alike after each, and differ only
//! in how or where the repair is written. Two rules of likelihood rank a
//! candidate first among ones that play different games: a step written
//! twice side by side is the slip that put a step in, and a step lost
//! is put back before anything written is rewritten. Orders of the
//! faulty turn's steps that reach one position are one repair too.
//! Candidates no rule ranks stay a tie.

use super::{Candidate, edited};
use crate::hirp::replay::fast::Paused;
use crate::hirp::rules::Position;

/// Of several passing candidates, the one a rule ranks first: one repair
/// written several ways ([`one_repair`]), else a step written twice side
/// by side taken out ([`one_copy`]), else one step put back before
/// anything written is rewritten ([`one_put_back`]), else one order of
/// the turn's steps of several that play alike ([`one_order`]). `range` runs from
/// the searched line, where the replay is paused at `at`, to the end of
/// the faulty turn's line.
pub(super) fn ranked_first<'c>(
    text: &str,
    range: std::ops::Range<usize>,
    at: &Paused,
    passing: &'c [Candidate],
) -> Option<&'c Candidate> {
    let turn = FaultyTurn { text, range, at };
    one_step_moved(&turn, passing)
        .or_else(|| one_repair(&turn, passing))
        .or_else(|| one_copy(text, passing))
        .or_else(|| one_put_back(&turn, passing))
        .or_else(|| one_order(&turn, passing))
}

/// Of passing candidates that each write the faulty turn's steps in
/// another order and reach one position at its end (`L75H98KeK98He`:
/// seven orders play alike), the one that rewrites the shortest stretch
/// of text (`Ke` back before `H98`); the order is a rule for writing the
/// turn, which the rest of the game cannot tell. `None` when two are as
/// short, or a candidate is not such an order.
fn one_order<'c>(turn: &FaultyTurn<'_>, passing: &'c [Candidate]) -> Option<&'c Candidate> {
    let sorted = |s: &str| {
        let mut b = s.as_bytes().to_vec();
        b.sort_unstable();
        b
    };
    let (start, end) = (passing.first()?.start, passing.first()?.end);
    let old = sorted(&turn.text[start..end]);
    let reordered =
        |c: &Candidate| c.whole && c.start == start && c.end == end && sorted(&c.with) == old;
    if !passing.iter().all(reordered) || !turn.alike(passing.iter()) {
        return None;
    }
    let span = |c: &Candidate| {
        let (s, e, _) = changed(turn.text, c);
        e - s
    };
    let best = passing.iter().map(span).min()?;
    let mut shortest = passing.iter().filter(|c| span(c) == best);
    let first = shortest.next()?;
    shortest.next().is_none().then_some(first)
}

/// Of passing candidates that each move one step, the same, from its turn
/// into the neighbouring one (the turn after it or the turn before it,
/// the same for all), at places after which both turns end alike: the
/// step written at the latest of them, as [`one_step_placed`] writes a
/// step put back. `None` when they are not so.
fn one_step_moved<'c>(turn: &FaultyTurn<'_>, passing: &'c [Candidate]) -> Option<&'c Candidate> {
    let source = passing.first()?.moved?;
    let later = passing.iter().all(|c| c.start == source);
    let earlier = passing.iter().all(|c| c.start != source);
    if !passing.iter().all(|c| c.moved == Some(source)) || !(later || earlier) {
        return None;
    }
    let last = passing.iter().map(|c| c.end).max()?;
    let end = (super::line_end(turn.text, last) + 1).min(turn.text.len());
    let both = FaultyTurn {
        range: turn.range.start..end.max(turn.range.end),
        ..*turn
    };
    if !both.alike(passing.iter()) {
        return None;
    }
    let place = |c: &Candidate| if later { c.end } else { c.start };
    let latest = passing.iter().map(place).max()?;
    let mut there = passing.iter().filter(|c| place(c) == latest);
    let best = there.next()?;
    there.next().is_none().then_some(best)
}

/// The text, and the faulty turn's replay: `range` runs from the searched
/// line, where the replay is paused at `at`, to the end of the faulty
/// turn's line.
#[derive(Clone)]
struct FaultyTurn<'t> {
    text: &'t str,
    range: std::ops::Range<usize>,
    at: &'t Paused,
}

impl FaultyTurn<'_> {
    /// Whether the `candidates` (one at least) all reach one position at
    /// the end of the faulty turn.
    fn alike<'c>(&self, mut candidates: impl Iterator<Item = &'c Candidate>) -> bool {
        let position = |c: &Candidate| -> Option<Position> {
            let rest = edited(self.text, self.range.clone(), c)?;
            self.at.clone().advance(&rest)?.position().copied()
        };
        let Some(first) = candidates.next().and_then(position) else {
            return false;
        };
        candidates.all(|c| position(c).is_some_and(|p| p.alike(&first)))
    }
}

/// Of passing candidates that are one repair (see [`one_written`] and
/// [`one_step_placed`]), the one to write; `None` when they play
/// different games or no rule ranks one first.
fn one_repair<'c>(turn: &FaultyTurn<'_>, passing: &'c [Candidate]) -> Option<&'c Candidate> {
    // The shapes first, read off the text; the replays only for a shape.
    let changes: Vec<(usize, usize, usize)> =
        passing.iter().map(|c| changed(turn.text, c)).collect();
    let best = one_written(passing, &changes).or_else(|| one_step_placed(passing, &changes))?;
    turn.alike(passing.iter()).then_some(best)
}

/// Of passing candidates, one step put back before any written text is
/// rewritten (`K98` lost from `K86K98K6>4`: put back, not `K86` made
/// `K96`): a step lost is likelier than a space miswritten, and putting
/// it back changes nothing written. When every candidate that only puts
/// text in puts one step in whole, at places after which the game plays
/// alike, that step is written at the latest of them (as
/// [`one_step_placed`]); `None` when none does, or two steps or anything
/// else put in play too.
fn one_put_back<'c>(turn: &FaultyTurn<'_>, passing: &'c [Candidate]) -> Option<&'c Candidate> {
    let put = |c: &&Candidate| c.whole && c.start == c.end;
    let step = &passing.iter().find(put)?.with;
    let puts_in = |c: &&Candidate| {
        let (s, e, new) = changed(turn.text, c);
        s == e && new > 0
    };
    let one_step = passing
        .iter()
        .filter(puts_in)
        .all(|c| put(&c) && c.with == *step);
    if !one_step || !turn.alike(passing.iter().filter(put)) {
        return None;
    }
    let latest = passing.iter().filter(put).map(|c| c.start).max()?;
    passing.iter().filter(put).find(|c| c.start == latest)
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

/// Of passing candidates, the one that takes out a step written twice
/// side by side (`KeKe` for `Ke`): writing a step again is the likeliest
/// of the slips that put a step in, and taking out the copy changes
/// nothing else. `None` unless exactly one passing candidate is so (the
/// two copies of one pair write one record, so they are one candidate);
/// copies of two pairs (`H02H02H20H20`) stay a tie, and so does a copy
/// beside another passing candidate that takes out a step written twice
/// in its turn, side by side or not.
fn one_copy<'c>(text: &str, passing: &'c [Candidate]) -> Option<&'c Candidate> {
    let taken = |c: &&Candidate| c.whole && c.with.is_empty();
    let mut copies = passing
        .iter()
        .filter(taken)
        .filter(|c| doubled(text, c.start..c.end));
    let best = copies.next()?;
    // Another step written twice in the turn, taken out elsewhere, plays
    // too (`KeKeH01Ke`, `H65H6mH6mL4mH65`): which is the one too many,
    // the record does not tell.
    let other = |c: &&Candidate| c.start != best.start && twice(text, c.start..c.end);
    let mut others = passing.iter().filter(taken).filter(other);
    (copies.next().is_none() && others.next().is_none()).then_some(best)
}

/// Whether the step of `text` at `step` is written again among the steps
/// of its line, side by side or not.
pub(super) fn twice(text: &str, step: std::ops::Range<usize>) -> bool {
    let token = &text[step.clone()];
    let start = text[..step.start].rfind('\n').map_or(0, |n| n + 1);
    let end = text[step.end..]
        .find('\n')
        .map_or(text.len(), |n| step.end + n);
    let Some(steps) = text[start..end].split_whitespace().nth(1) else {
        return false;
    };
    let mut starts: Vec<usize> = steps
        .match_indices(['H', 'K', 'L'])
        .map(|(i, _)| i)
        .collect();
    starts.push(steps.len());
    starts
        .windows(2)
        .filter(|w| &steps[w[0]..w[1]] == token)
        .count()
        > 1
}

/// Whether the step of `text` at `step` is written again right before or
/// right after it.
pub(super) fn doubled(text: &str, step: std::ops::Range<usize>) -> bool {
    let token = &text[step.clone()];
    if !token.starts_with(['H', 'K', 'L']) {
        return false;
    }
    // A step ends where the next begins: at a piece, a space or the line's end.
    let ends = |rest: &str| {
        !rest.starts_with(|c: char| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '>' || c == '^'
        })
    };
    let after = text[step.end..].strip_prefix(token).is_some_and(ends);
    let before = text[..step.start].ends_with(token) && ends(&text[step.end..]);
    after || before
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
