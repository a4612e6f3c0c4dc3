//! Repair as a search, for `fix`: when a tafl game's first error has no
//! repair of its own, or its own repair leaves the game invalid, the
//! records one edit away around it are tried, each judged by replaying the
//! rest of the game (`docs/rules.md#tafl-repair-as-a-search`).
//!
//! The candidates are edits of the faulty move and of the [`EARLIER`]
//! moves before it (a legal move written wrong shows only when a later
//! move cannot be played): any character of a move replaced by one of the
//! notation's alphabet, one put in, one taken out, two neighbours swapped;
//! a move taken out (a move written twice, a move after the game's end);
//! a move swapped with one of the next three; within [`REPLACED`] moves of
//! the fault, a move replaced by any move legal there; and within [`NEAR`]
//! moves, any legal move put in before it (a move left out).
//!
//! A candidate is judged in two steps. First quickly: its moves and the
//! written ones after it must play from the position before it, each with
//! its written piece letter and captures, for [`AHEAD`] moves past the
//! fault. An edit whose text cannot be such a move (no piece of the side
//! to move on its first square, a move that is not legal) is told from its
//! text and not read; a legal move is written out only once it passes.
//! Then, for the candidates left, the whole game is read and
//! replayed as `validate` does, and must be valid. Candidates that leave
//! the game's moves the same are one (two ways to put a move back). A
//! candidate is applied when it is the only one that makes the game valid
//! (of several, those that write a mark or a taflman's letter the others
//! do not write aside), when it takes out moves written after the game's
//! end, or when it is the only one that changes one character of a faulty
//! move that cannot be read; a candidate before the faulty move, only when
//! it bears on it. Otherwise `fix` applies none; when several candidates
//! make the game valid, the fault's help lists them ([`Window::choice`]),
//! else it keeps its own.
//!
//! The work is bounded: one search per game with an error, in a game of at
//! most [`MAX_GAME`] bytes, at most [`MAX_CANDIDATES`] candidates judged
//! quickly, each playing at most [`AHEAD`] moves past the fault, and at
//! most [`MAX_JUDGED`] replays of the whole game, so that fixing stays
//! linear in the record.

use std::ops::Range;

use super::game::{Game, WrittenPly};
use super::{ProblemKind, Replay};
use crate::core::Edit;
use crate::core::Severity;
use crate::core::diagnostic::{MAX_LISTED, MAX_LISTED_BYTES, Problem};
use crate::tafl::rules::{Move, Position, RuleSet};
use crate::tafl::syntax::{Form, Ply, Record, parse};

mod candidates;
#[cfg(test)]
mod tests;

use candidates::{Candidate, Quick, Window};

/// Moves before the faulty one whose edits are tried.
pub const EARLIER: usize = 12;

/// Moves before the faulty one (and it) that are tried replaced by every
/// move legal there.
pub const REPLACED: usize = 6;

/// Moves before the faulty one (and it) that are tried with every move
/// legal there put in before them.
pub const NEAR: usize = 3;

/// Moves past the fault that a candidate must play, judged quickly.
pub const AHEAD: usize = 60;

/// Plies after a game's end taken out at most, as its one repair: a move
/// or a whole turn written after the end.
pub const AFTER_END: usize = 2;

/// Runs of blanks on each side of a fault that cannot be read tried taken
/// out: a blank written inside a move.
pub const BLANKS: usize = 2;

/// Bytes of a game past which no search is made.
pub const MAX_GAME: usize = 1 << 16;

/// Candidates judged quickly at most, in one game.
pub const MAX_CANDIDATES: usize = 20_000;

/// Candidates judged at most by a replay of the whole game: past that
/// many, the mistake is not told apart.
pub const MAX_JUDGED: usize = 24;

/// A game of a checked piece, as the search sees it.
pub(crate) struct Searched<'a> {
    /// The piece's text, which spans point into from `base` on.
    pub(crate) text: &'a str,
    /// The offset of the piece's text.
    pub(crate) base: usize,
    /// The form of the record.
    pub(crate) form: Form,
    /// The games of the piece that are whole (not cut).
    pub(crate) whole: usize,
    /// The part of the text a fix of an earlier round changed, if any.
    pub(crate) changed: Option<Range<usize>>,
}

/// Gives the first error of each game of the piece that has no repair of
/// its own (or one after which the game is not valid) the repair the
/// search finds, when only one candidate makes the game valid; the other
/// repairs of such a game are left aside, as they follow from the first
/// error.
pub(crate) fn search_repairs(
    piece: &Searched<'_>,
    record: &Record,
    replays: &[Replay],
    problems: &mut [(Problem, Option<usize>)],
) {
    let games = Game::all(record);
    for (n, (game, replay)) in games.iter().zip(replays).enumerate().take(piece.whole) {
        let Some(rules) = replay.rules.as_ref() else {
            continue;
        };
        let span = game.span();
        let (Some(start), Some(end)) = (
            span.start.checked_sub(piece.base),
            span.end.checked_sub(piece.base),
        ) else {
            continue;
        };
        let touched = piece
            .changed
            .as_ref()
            .is_some_and(|c| start <= c.end && c.start <= end);
        // A game hnefatafl.org's server wrote takes no fix: the search
        // would write a game file's notation into it.
        if touched
            || end - start > MAX_GAME
            || !replay.variations.is_empty()
            || has_variations(*game)
            || game.server_written()
        {
            continue;
        }
        let first = problems
            .iter()
            .enumerate()
            .filter(|(_, (p, g))| *g == Some(n) && p.severity == Severity::Error)
            .min_by_key(|(_, (p, _))| p.span.start)
            .map(|(i, _)| i);
        let Some(first) = first else { continue };
        let judge = Judge {
            piece,
            start,
            end,
            rules,
        };
        let fault = &problems[first].0;
        if let Some(fix) = &fault.fix {
            let own =
                Candidate::text_edit(fix.span.start, fix.span.end, &fix.replacement, piece.base);
            if own.is_some_and(|own| judge.valid(&own)) {
                continue;
            }
        }
        let found = rest_taken_out(&judge, *game, fault)
            .or_else(|| blank_taken_out(&judge, fault))
            .or_else(|| search(&judge, *game, fault));
        let (edit, help) = match found {
            Some(Found::Repair(edit, help)) => (edit, help),
            Some(Found::Tie(choices, more)) => {
                problems[first].0.offer_tie(choices, more);
                continue;
            }
            None => continue,
        };
        for (p, g) in problems.iter_mut() {
            if *g == Some(n) {
                p.fix = None;
            }
        }
        let problem = &mut problems[first].0;
        problem.help = Some(help);
        problem.choices = Vec::new();
        problem.fix = Some(edit);
    }
}

/// Whether a game file's game writes variations, which the search leaves
/// alone.
fn has_variations(game: Game<'_>) -> bool {
    match game {
        Game::Otg(g) => g.turns.iter().any(|t| !t.variations.is_empty()),
        Game::Csv(_) => false,
    }
}

/// The judge of a game's candidates: the game's text in the piece and its
/// rules.
struct Judge<'a> {
    piece: &'a Searched<'a>,
    start: usize,
    end: usize,
    rules: &'a RuleSet,
}

impl Judge<'_> {
    /// Whether the game with `candidate` made reads with no syntax error or
    /// warning and replays as valid.
    fn valid(&self, candidate: &Candidate) -> bool {
        let text = self.piece.text;
        if candidate.start < self.start || candidate.end > self.end {
            return false;
        }
        let game = [
            &text[self.start..candidate.start],
            &candidate.with,
            &text[candidate.end..self.end],
        ]
        .concat();
        let parsed = parse(&game, self.piece.form);
        if !parsed.errors.is_empty() {
            return false;
        }
        let games = Game::all(&parsed.record);
        let [game] = games[..] else {
            return false;
        };
        !has_variations(game)
            && super::moves::replay(game, self.rules.clone(), Vec::new(), false, &mut |_, _| {})
                .is_valid()
    }
}

/// What the search makes of a fault.
enum Found {
    /// The one repair, or the one that ranks first, with its help.
    Repair(Edit, String),
    /// Several repairs that make the game valid, none ranked first: a tie,
    /// with the first [`MAX_LISTED`] of them as each writes its stretch of
    /// plies ([`Window::choice`]) and how many more there are.
    Tie(Vec<String>, usize),
}

/// The repair the search finds for `fault` in `game`, with its help, when
/// only one candidate makes the game valid or one ranks first; the
/// candidates that make it valid, when several do and none ranks first.
fn search(judge: &Judge<'_>, game: Game<'_>, fault: &Problem) -> Option<Found> {
    let plies: Vec<WrittenPly<'_>> = game.plies().collect();
    let at = fault.span.start.checked_sub(judge.piece.base)?;
    if plies.is_empty() {
        return None;
    }
    let spans = candidates::token_spans(judge.piece, &plies);
    let k = spans.iter().position(|s| s.1 > at).unwrap_or(plies.len());
    // A fault before the first move (in a tag) is not a move's.
    if k == 0 && spans.first().is_some_and(|s| s.0 > at) {
        return None;
    }
    let first = k.saturating_sub(EARLIER);
    let positions = positions(judge.rules, &plies[..k], first)?;
    let window = Window::new(judge.piece, game, &plies, first, k, positions);
    let quick = window.quick_passing();
    // Each repair that makes the game valid, ranked by what its moves
    // write that they need not (a mark such as `+`, a taflman's letter).
    let mut passing: Vec<(&Quick, usize)> = Vec::new();
    let mut judged = 0;
    let all = &quick;
    for quick in all {
        if passing.iter().any(|(q, _)| q.key == quick.key) {
            continue;
        }
        if judged == MAX_JUDGED {
            return one_character(judge, &window, fault, all);
        }
        judged += 1;
        if judge.valid(&quick.candidate) {
            passing.push((quick, quick.extras));
        }
    }
    let fewest = passing.iter().map(|p| p.1).min()?;
    let mut first: Vec<&Candidate> = passing
        .iter()
        .filter(|p| p.1 == fewest)
        .map(|p| &p.0.candidate)
        .collect();
    // A ply written in the neighbouring turn of a game file leaves a line
    // short and its neighbour long: where every line holds a turn, a ply
    // written two or three plies off is not the one slip, and the other
    // repairs rank first (two plies swapped keep the layout).
    // Where the layout shows it, the repairs that write the plies as
    // written in another order rank first: they invent no move.
    let broken = window.layout_broken();
    if judge.piece.form == Form::Otg && !broken && first.iter().any(|c| !c.moved) {
        first.retain(|c| !c.moved);
    }
    if broken && first.iter().any(|c| c.reorders()) {
        first.retain(|c| c.reorders());
    }
    let Some(best) = choose(&window, fault, &first) else {
        return tied(&window, &first);
    };
    repair(judge, &window, best)
}

/// The repair `best`, ranked first, with its help: when it bears on the
/// fault, as a repair before the fault must (else a move before the plies
/// searched may be the mistake, which it would only hide).
fn repair(judge: &Judge<'_>, window: &Window<'_>, best: &Candidate) -> Option<Found> {
    if !window.bears_on_fault(best) {
        return None;
    }
    let help = window.help(best);
    Some(Found::Repair(
        crate::core::fix::narrowed(
            judge.piece.text,
            judge.piece.base,
            (best.start, best.end),
            &best.with,
        ),
        help,
    ))
}

/// Past [`MAX_JUDGED`] candidates that pass the quick judge (a fault near
/// the game's end, where few plies are left to tell moves apart), a fault
/// that cannot be read still has its one repair as [`choose`] ranks it: the
/// only edit of one character of the faulty ply that makes the game
/// valid, writing no more than any candidate does. Those edits alone are
/// judged.
fn one_character(
    judge: &Judge<'_>,
    window: &Window<'_>,
    fault: &Problem,
    quick: &[Quick],
) -> Option<Found> {
    if !fault.code.to_string().starts_with("hirp::tafl::syntax::") {
        return None;
    }
    let fewest = quick.iter().map(|q| q.extras).min()?;
    let mut keys: Vec<&Vec<String>> = Vec::new();
    let mut valid: Vec<&Quick> = Vec::new();
    let ones = quick
        .iter()
        .filter(|q| q.candidate.cost == 1 && window.at_fault(&q.candidate));
    for q in ones {
        if keys.contains(&&q.key) {
            continue;
        }
        if keys.len() == MAX_JUDGED {
            return None;
        }
        keys.push(&q.key);
        if judge.valid(&q.candidate) {
            valid.push(q);
        }
    }
    match valid[..] {
        [one] if one.extras == fewest => repair(judge, window, &one.candidate),
        _ => None,
    }
}

/// Plies written after the game's end taken out, when at most
/// [`AFTER_END`] are and the game is valid without them: the one repair of
/// moves after the end, made before the search, which may not reach it
/// among the many ways to change the move that ended the game.
fn rest_taken_out(judge: &Judge<'_>, game: Game<'_>, fault: &Problem) -> Option<Found> {
    if fault.code != ProblemKind::AfterEnd.into() {
        return None;
    }
    let plies: Vec<WrittenPly<'_>> = game.plies().collect();
    let spans = candidates::token_spans(judge.piece, &plies);
    let at = fault.span.start.checked_sub(judge.piece.base)?;
    let k = spans.iter().position(|s| s.1 > at)?;
    let last = spans.len().checked_sub(1)?;
    if k == 0 || last - k + 1 > AFTER_END {
        return None;
    }
    let (start, end) = (spans[k - 1].1, spans[last].1);
    // A comment among them is kept: no repair then.
    if judge.piece.text[start..end].contains(['[', ']']) {
        return None;
    }
    let candidate = Candidate::text_edit(start, end, "", 0)?;
    if !judge.valid(&candidate) {
        return None;
    }
    let taken: Vec<&str> = spans[k..]
        .iter()
        .map(|&(s, e)| &judge.piece.text[s..e])
        .collect();
    let help = format!("take out `{}`", taken.join(" "));
    let edit = crate::core::fix::narrowed(judge.piece.text, judge.piece.base, (start, end), "");
    Some(Found::Repair(edit, help))
}

/// A blank written inside a move (`d 5-c5`) taken out: of the
/// [`BLANKS`] runs of blanks on each side of a fault that cannot be read,
/// on its line, the one run whose removal alone makes the game valid.
fn blank_taken_out(judge: &Judge<'_>, fault: &Problem) -> Option<Found> {
    let code = fault.code.to_string();
    if !code.starts_with("hirp::tafl::syntax::") && fault.code != ProblemKind::Unread.into() {
        return None;
    }
    let text = judge.piece.text;
    let at = fault.span.start.checked_sub(judge.piece.base)?;
    if at < judge.start || at > judge.end {
        return None;
    }
    let line = text[..at].rfind('\n').map_or(0, |n| n + 1).max(judge.start);
    let line_end = text[at..]
        .find('\n')
        .map_or(text.len(), |n| at + n)
        .min(judge.end);
    let bytes = text.as_bytes();
    let blank = |b: u8| b == b' ' || b == b'\t';
    // The runs of blanks between two characters of the line.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = line;
    while i < line_end {
        if blank(bytes[i]) {
            let start = i;
            while i < line_end && blank(bytes[i]) {
                i += 1;
            }
            // Not after a turn's number (`5. d2-c2`), nor at the line's ends.
            if start > line && i < line_end && bytes[start - 1] != b'.' {
                runs.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    let after = runs.partition_point(|r| r.0 < at);
    let near = &runs[after.saturating_sub(BLANKS)..(after + BLANKS).min(runs.len())];
    let mut valid = near
        .iter()
        .filter(|&&(s, e)| Candidate::text_edit(s, e, "", 0).is_some_and(|c| judge.valid(&c)));
    let (&(start, end), None) = (valid.next()?, valid.next()) else {
        return None;
    };
    let word = |from: usize, to: usize| {
        let s = text[..from]
            .rfind(|c: char| c.is_whitespace())
            .map_or(0, |n| n + 1);
        let e = text[to..]
            .find(|c: char| c.is_whitespace())
            .map_or(text.len(), |n| to + n);
        (s, e)
    };
    let (ws, we) = word(start, end);
    let joined = [&text[ws..start], &text[end..we]].concat();
    let help = format!("write `{joined}`");
    let edit = crate::core::fix::narrowed(text, judge.piece.base, (start, end), "");
    Some(Found::Repair(edit, help))
}

/// The tie of the candidates ranked `first`, in the order of the text,
/// each as it writes its stretch of plies; `None` when fewer than two
/// are, or a choice is longer than [`MAX_LISTED_BYTES`].
fn tied(window: &Window<'_>, first: &[&Candidate]) -> Option<Found> {
    let mut order = first.to_vec();
    order.sort_by_key(|c| (c.start, c.end));
    let mut choices: Vec<String> = Vec::new();
    for candidate in order {
        let choice = window.choice(candidate);
        if choice.len() > MAX_LISTED_BYTES {
            return None;
        }
        if !choices.contains(&choice) {
            choices.push(choice);
        }
    }
    if choices.len() < 2 {
        return None;
    }
    let more = choices.len().saturating_sub(MAX_LISTED);
    choices.truncate(MAX_LISTED);
    Some(Found::Tie(choices, more))
}

/// The position before each of `plies` from `first` on, and after the
/// last; `None` when one of them does not play (it cannot before the
/// first error).
fn positions(rules: &RuleSet, plies: &[WrittenPly<'_>], first: usize) -> Option<Vec<Position>> {
    let mut position = Position::new(rules);
    let mut positions = Vec::with_capacity(plies.len() + 1 - first.min(plies.len()));
    for (j, written) in plies.iter().enumerate() {
        if j >= first {
            positions.push(position.clone());
        }
        let m = written.ply.as_move()?;
        position
            .play(Move {
                from: m.from,
                to: m.to,
            })
            .ok()?;
    }
    positions.push(position);
    Some(positions)
}

/// The repair applied of the candidates ranked `first` (which make the
/// game valid): the only one; when moves are written after the game's end,
/// the one that takes them out (rather than the move that ended it); when
/// the faulty move cannot be read, the only one that changes one character
/// of it.
fn choose<'c>(
    window: &Window<'_>,
    fault: &Problem,
    first: &[&'c Candidate],
) -> Option<&'c Candidate> {
    let syntax = fault.code.to_string().starts_with("hirp::tafl::syntax::");
    let after_end = fault.code == ProblemKind::AfterEnd.into();
    match first[..] {
        [one] => Some(one),
        _ if after_end && first.iter().any(|c| window.takes_out_the_rest(c)) => {
            first.iter().copied().find(|c| window.takes_out_the_rest(c))
        }
        _ => {
            let mut ones = first
                .iter()
                .filter(|c| c.cost == 1 && syntax && window.at_fault(c));
            match (ones.next(), ones.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            }
        }
    }
}

/// Whether `plies` play from `position` for at most `limit` of them, each
/// with its written piece letter and captures; a timeout or a resignation
/// plays only as the last ply of the game (`last` says whether the plies
/// run to the game's end).
fn plays<'p>(
    mut position: Position,
    plies: impl Iterator<Item = &'p Ply>,
    limit: usize,
    last: bool,
) -> bool {
    let mut plies = plies.take(limit).peekable();
    while let Some(ply) = plies.next() {
        match ply {
            Ply::Move(m) => {
                if position.outcome().is_some() || !super::ahead::letter_fits(&position, m, m.from)
                {
                    return false;
                }
                let Ok(played) = position.play(Move {
                    from: m.from,
                    to: m.to,
                }) else {
                    return false;
                };
                if !super::ahead::captures_fit(&position, m, &played) {
                    return false;
                }
            }
            Ply::Timeout(_) | Ply::Resignation(_) => {
                return last && plies.peek().is_none() && position.outcome().is_none();
            }
            Ply::Placeholder(_) | Ply::Malformed(_) => return false,
        }
    }
    true
}
