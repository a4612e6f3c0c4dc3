//! Repair as a search, for `fix`: when a game's first error (a reading
//! error in its text among them) has no repair of its own, or its own
//! repair leaves the game faulty as far as a candidate is judged, every
//! record one edit away around it is tried, and each is judged by
//! replaying the rest of the game. Candidates that differ in spacing alone
//! are one.
//!
//! The candidates are the edits of the faulty turn's line and of the turn
//! line before it (after their labels, before any comment): any character
//! replaced by one of the notation's alphabet, one put in, one taken out
//! (a space among them: battle records split or run together), two
//! neighbours swapped, two fates of a battle record swapped; and whole
//! tokens (steps, battle records, Penningr actions) taken out, written
//! twice, or moved among their turn's tokens of their kind. At most
//! [`MAX_CANDIDATES`] are tried.
//!
//! A candidate is judged by the fast replay ([`super::fast`]) of the game
//! from its start to [`AHEAD`] turns past the faulty one: it passes when
//! the game plays with nothing to report that far. The search runs only
//! when the game up to the faulty turn plays so (its turns before the fault
//! are clean), so that the judge speaks for every candidate alike.
//!
//! A candidate is applied when it is the only one that passes (the ranking
//! by characters changed, then by the latest place, is kept aside behind
//! `STRICT`: it picked wrong repairs where a step of a shape no candidate
//! writes was lost), and when every passing candidate lies on one line that
//! is not the first searched (else a line before may explain it as well).
//! A turn of other than five steps is left to its own repairs. The work is bounded: one
//! search per game with an error, a fixed number of candidates, each
//! replaying the game up to a fixed number of turns past the fault and no
//! more than [`MAX_REACH`] bytes of text, so that fixing stays linear in
//! the record.

use crate::core::diagnostic::Problem;
use crate::core::{Edit, Severity, Span};
use crate::hirp::syntax::ast::{Game, Turn};

use super::fast::Paused;

/// Whether only a candidate that passes alone is applied (else the
/// ranking below picks one strictly first).
const STRICT: bool = true;

/// Turns past the faulty one that a candidate must play.
pub const AHEAD: usize = 40;

/// Turn lines before the faulty one whose edits are tried too: a mistake
/// there may show only at the fault.
pub const EARLIER: usize = 12;

/// Bytes of a game before the faulty turn past which no search is made,
/// so that the replay up to the fault stays bounded.
pub const MAX_BEFORE: usize = 1 << 16;

/// Bytes of text, from the first line searched to the last turn a
/// candidate replays, past which no search is made: every candidate
/// replays at most this much, however long a hostile line is (real turn
/// lines are tens of bytes; forty of them and a dozen before, a few KiB).
pub const MAX_REACH: usize = 1 << 14;

/// Steps of the game tried at most as a step put back.
pub const MAX_WORDS: usize = 400;

/// Candidates tried at most on one line.
pub const MAX_CANDIDATES: usize = 12_000;

/// The characters a candidate puts into a record: every character of the
/// notation's turns but those of comments.
const ALPHABET: &str = "0123456789mKHLSGehivdax^>/ ";

/// Characters that write a fighter's fate in a battle record.
const FATES: &str = "0123456789mx^";

/// An edit of a game's text tried as a repair: where (from the text's
/// start), what is put there, and how many characters it changes.
#[derive(Clone, Debug)]
struct Candidate {
    start: usize,
    end: usize,
    with: String,
    cost: usize,
}

/// A turn line of the game's text: from after its label to before any
/// comment, with its turn.
struct Window<'a> {
    start: usize,
    end: usize,
    turn: &'a Turn,
}

/// Gives the first error of each game of `text` (a checked piece whose
/// spans start at `base`) that has no repair of its own the repair the
/// search finds, if one is first; the other repairs of such a game are
/// left aside, as they may follow from the first error.
pub(crate) fn search_repairs(
    text: &str,
    base: usize,
    games: &[Game],
    changed: &Option<std::ops::Range<usize>>,
    problems: &mut [(Problem, Option<usize>)],
) {
    for (n, game) in games.iter().enumerate() {
        // A game a fix of an earlier round changed may hold a guess: the
        // search, which mends one mistake, leaves it alone.
        if let Some(changed) = changed {
            let (start, end) = (
                game.span.start.saturating_sub(base),
                game.span.end.saturating_sub(base),
            );
            if start <= changed.end && changed.start <= end {
                continue;
            }
        }
        // A reading error lies outside every game's problems, in its text.
        let (start, end) = (game.span.start, game.span.end);
        let inside = |p: &Problem, g: &Option<usize>| match g {
            Some(g) => *g == n,
            None => start <= p.span.start && p.span.start < end,
        };
        let first = problems
            .iter()
            .enumerate()
            .filter(|(_, (p, g))| inside(p, g) && p.severity == Severity::Error)
            .min_by_key(|(_, (p, _))| p.span.start)
            .map(|(i, _)| i);
        let Some(first) = first else { continue };
        // A turn of other than five steps may have lost a step of any
        // shape, which no candidate puts back: its own repairs hold.
        let problem = &problems[first].0;
        if problem.fix.is_some() {
            // A step taken out by the fault's own repair, when taking out
            // another step of its turn plays as well: a tie.
            if let Some(both) = other_removal(text, base, game, problem) {
                let problem = &mut problems[first].0;
                problem.fix = None;
                problem.choices = both.to_vec();
                problem.help = Some(format!(
                    "write the steps {}",
                    crate::core::diagnostic::one_of(&problem.choices)
                ));
                continue;
            }
            // An own repair after which the game plays holds; one after
            // which it does not gives way to the search's, if one.
            if !own_fails(text, base, game, problem) {
                continue;
            }
        }
        if problem.code.to_string() == "hirp::turn::step_count" {
            continue;
        }
        let Some(edit) = search(text, base, game, &problems[first].0) else {
            continue;
        };
        for (p, g) in problems.iter_mut() {
            if inside(p, g) {
                p.fix = None;
            }
        }
        let problem = &mut problems[first].0;
        problem.help = Some(format!("write `{}`", edit.replacement));
        problem.fix = Some(edit);
    }
}

/// The repair the search finds for a fault at `at` of the game `game` in
/// `text`, if one ranks first.
fn search(text: &str, base: usize, game: &Game, fault: &Problem) -> Option<Edit> {
    let at = fault.span.start.saturating_sub(base);
    let start = game.span.start.checked_sub(base)?;
    let turns: Vec<&Turn> = game.turns.iter().collect();
    let (t, stop) = faulty_turn(text, base, game, &turns, at)?;
    if turns[t].span.start - base - start > MAX_BEFORE {
        return None;
    }
    let first_window = t.saturating_sub(EARLIER);
    if stop.saturating_sub(line_start(text, turns[first_window].span.start - base)) > MAX_REACH {
        return None;
    }
    // The replay paused at the start of each window's line: the game up to
    // there must play on the fast path, or the judge cannot speak for the
    // candidates.
    let mut paused = Vec::new();
    let mut from = start;
    let mut state: Option<Paused> = None;
    for turn in &turns[first_window..=t] {
        let line = line_start(text, turn.span.start - base).max(from);
        let bytes = &text.as_bytes()[from..line];
        let next = match state.take() {
            None => Paused::after(bytes)?,
            Some(p) => p.advance(bytes)?,
        };
        paused.push((line, next.clone(), window(text, base, turn)));
        state = Some(next);
        from = line;
    }
    let words = vocabulary(text, base, &turns);
    let mut passing: Vec<Candidate> = Vec::new();
    let mut lines = Vec::new();
    let fault_line = paused.last().map_or(0, |p| p.0);
    for (line, paused, window) in paused.iter().rev() {
        let mut seen = std::collections::HashSet::new();
        let mut tried = 0;
        // The fault's own choices first, so that the cap never leaves
        // them out.
        let mut found = Vec::new();
        if *line == fault_line {
            found = choice_candidates(text, base, window.turn, fault);
        }
        found.extend(candidates(text, base, window, &words));
        for candidate in found {
            let Some(rest) = edited(text, *line..stop, &candidate) else {
                continue;
            };
            // Two candidates that differ in layout alone are one.
            if tried == MAX_CANDIDATES || !seen.insert(plain(&rest)) {
                continue;
            }
            tried += 1;
            if paused.plays(&rest) {
                lines.push(*line);
                passing.push(candidate);
            }
        }
    }
    lines.dedup();
    // Candidates on two lines: either may be the mistake. On the first line
    // searched alone: a line before it may explain it as well.
    let first_line = paused.first().map(|p| p.0);
    if lines.len() != 1 || (first_window > 0 && lines.first() == first_line.as_ref()) {
        return None;
    }
    let best = first(&passing)?;
    Some(minimal(text, base, best))
}

/// The turn whose line holds `at` (from the text's start), and where the
/// replay of a candidate ends: the line of the turn [`AHEAD`] turns past
/// it, or the game's end.
fn faulty_turn(
    text: &str,
    base: usize,
    game: &Game,
    turns: &[&Turn],
    at: usize,
) -> Option<(usize, usize)> {
    let t = turns.iter().position(|turn| {
        let line = turn.span.start - base;
        line <= at && at < line_end(text, line)
    })?;
    let stop = turns
        .get(t + AHEAD + 1)
        .map_or(game.span.end - base, |turn| {
            line_start(text, turn.span.start - base)
        })
        .min(text.len());
    Some((t, stop))
}

/// The text from `range`'s start to its end with `candidate` made, or
/// `None` when the edit lies outside it (on a line that runs on past its
/// game's end): no candidate then.
fn edited(text: &str, range: std::ops::Range<usize>, candidate: &Candidate) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let before = bytes.get(range.start..candidate.start)?;
    let after = bytes.get(candidate.end..range.end)?;
    let mut rest = Vec::with_capacity(before.len() + candidate.with.len() + after.len());
    rest.extend_from_slice(before);
    rest.extend_from_slice(candidate.with.as_bytes());
    rest.extend_from_slice(after);
    Some(rest)
}

/// When the fault's own repair takes a step out of its turn, and taking
/// out another step of the turn gives a different turn after which the
/// game plays as far as the search judges: the steps of the turn of each,
/// a tie. The own repair stands when it takes out the latest step of those
/// that play and none of them stands beside a copy of itself.
fn other_removal(text: &str, base: usize, game: &Game, fault: &Problem) -> Option<[String; 2]> {
    let fix = fault.fix.as_ref()?;
    let at = fault.span.start.checked_sub(base)?;
    let start = game.span.start.checked_sub(base)?;
    let turns: Vec<&Turn> = game.turns.iter().collect();
    let (t, stop) = faulty_turn(text, base, game, &turns, at)?;
    let line = line_start(text, turns[t].span.start - base).max(start);
    if line - start > MAX_BEFORE {
        return None;
    }
    let (fs, fe) = (
        fix.span.start.checked_sub(base)?,
        fix.span.end.checked_sub(base)?,
    );
    if fs < line || fe > line_end(text, line) {
        return None;
    }
    let with = |s: usize, e: usize, by: &str| [&text[line..s], by, &text[e..stop]].concat();
    let own = with(fs, fe, &fix.replacement);
    let steps: Vec<(usize, usize)> = turns[t]
        .steps
        .iter()
        .map(|s| (s.span().start - base, s.span().end - base))
        .collect();
    let removals: Vec<String> = steps.iter().map(|&(s, e)| with(s, e, "")).collect();
    let own_at = removals.iter().position(|r| *r == own)?;
    let paused = Paused::after(&text.as_bytes()[start..line])?;
    let (first, last) = (steps.first()?.0 - line, steps.last()?.1 - line);
    let run = |i: usize| removals[i][first..last - (steps[i].1 - steps[i].0)].to_owned();
    let plays: Vec<usize> = (0..removals.len())
        .filter(|&i| i == own_at || paused.plays(removals[i].as_bytes()))
        .collect();
    let other = plays.iter().copied().find(|&i| removals[i] != own)?;
    // Of a step written again later in its turn the later copy is taken
    // out (the latest place); a step written twice side by side beside
    // another copy leaves no place first.
    let token = |i: usize| &text[steps[i].0..steps[i].1];
    let paired = |i: usize| {
        (i > 0 && token(i - 1) == token(i)) || (i + 1 < steps.len() && token(i + 1) == token(i))
    };
    let latest = *plays.last()?;
    if removals[latest] == own && !plays.iter().any(|&i| paired(i)) {
        return None;
    }
    Some([run(own_at), run(other)])
}

/// Whether the fault's own repair, made alone, leaves the game faulty as
/// far as the search judges a candidate; `false` when it cannot be judged.
fn own_fails(text: &str, base: usize, game: &Game, fault: &Problem) -> bool {
    let judged = || -> Option<bool> {
        let fix = fault.fix.as_ref()?;
        let at = fault.span.start.checked_sub(base)?;
        let start = game.span.start.checked_sub(base)?;
        let turns: Vec<&Turn> = game.turns.iter().collect();
        let (t, stop) = faulty_turn(text, base, game, &turns, at)?;
        let (fs, fe) = (
            fix.span.start.checked_sub(base)?,
            fix.span.end.checked_sub(base)?,
        );
        let line = line_start(text, turns[t].span.start - base).min(line_start(text, fs));
        let line = line.max(start);
        if fs < line || fe > stop || line - start > MAX_BEFORE || stop - line > MAX_REACH {
            return None;
        }
        let paused = Paused::after(&text.as_bytes()[start..line])?;
        let rest = [&text[line..fs], &fix.replacement, &text[fe..stop]].concat();
        Some(!paused.plays(rest.as_bytes()))
    };
    judged().unwrap_or(false)
}

/// The edit of a candidate, the text it keeps at either end left out.
fn minimal(text: &str, base: usize, best: &Candidate) -> Edit {
    let (old, new) = (&text.as_bytes()[best.start..best.end], best.with.as_bytes());
    let mut keep = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while !best.with.is_char_boundary(keep) || !text.is_char_boundary(best.start + keep) {
        keep -= 1;
    }
    let room = old.len().min(new.len()) - keep;
    let ends = old.iter().rev().zip(new.iter().rev());
    let mut tail = ends.take(room).take_while(|(a, b)| a == b).count();
    while !best.with.is_char_boundary(new.len() - tail) || !text.is_char_boundary(best.end - tail) {
        tail -= 1;
    }
    Edit {
        span: Span::new(base + best.start + keep, base + best.end - tail),
        replacement: best.with[keep..new.len() - tail].to_owned(),
    }
}

/// `text` with its layout made plain: each run of spaces one space, none
/// at a line's end.
fn plain(text: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(text.len());
    for &b in text {
        let after_space = out.last() == Some(&b' ');
        match b {
            b' ' if after_space => {}
            b'\n' if after_space => {
                out.pop();
                out.push(b);
            }
            _ => out.push(b),
        }
    }
    out
}

/// Where the line holding `at` starts.
fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |n| n + 1)
}

/// The candidate ranked strictly first: fewest characters changed, then
/// the latest place; `None` when none passes or two tie.
fn first(passing: &[Candidate]) -> Option<&Candidate> {
    if STRICT {
        return (passing.len() == 1).then(|| &passing[0]);
    }
    let key = |c: &Candidate| (c.cost, std::cmp::Reverse(c.start));
    let best = passing.iter().min_by_key(|c| key(c))?;
    let ties = passing.iter().filter(|c| key(c) == key(best)).count();
    (ties == 1).then_some(best)
}

/// Where the line holding `at` ends (before its line end).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n)
}

/// The editable part of `turn`'s line in `text`: after its label and its
/// space, before any comment.
fn window<'a>(text: &str, base: usize, turn: &'a Turn) -> Window<'a> {
    let line = turn.span.start - base;
    let end = line_end(text, line);
    let body = &text[line..end];
    let cut = body.find([';', '{']).map_or(end, |n| line + n);
    let end = text[line..cut].trim_end().len() + line;
    let label = turn.label.span.end - base;
    let start = (label + 1).min(end);
    Window { start, end, turn }
}

/// The steps the game writes, each once: what a step put back may be.
fn vocabulary<'a>(text: &'a str, base: usize, turns: &[&Turn]) -> Vec<&'a str> {
    let mut words: Vec<&str> = turns
        .iter()
        .flat_map(|turn| turn.steps.iter().map(|s| s.span()))
        .map(|s| &text[s.start - base..s.end - base])
        .collect();
    words.sort_unstable();
    words.dedup();
    words.truncate(MAX_WORDS);
    words
}

/// The candidates of a window: its characters, then its tokens, then a
/// step of `words` put in at each place between steps.
fn candidates(text: &str, base: usize, w: &Window<'_>, words: &[&str]) -> Vec<Candidate> {
    let mut found = Vec::new();
    let one = |start: usize, end: usize, with: String, cost: usize| Candidate {
        start,
        end,
        with,
        cost,
    };
    let chars: Vec<(usize, char)> = text[w.start..w.end]
        .char_indices()
        .map(|(i, c)| (w.start + i, c))
        .collect();
    for &(i, c) in &chars {
        let next = i + c.len_utf8();
        found.push(one(i, next, String::new(), 1));
        for a in ALPHABET.chars().filter(|&a| a != c) {
            found.push(one(i, next, a.to_string(), 1));
        }
    }
    for i in chars.iter().map(|&(i, _)| i).chain([w.end]) {
        for a in ALPHABET.chars() {
            found.push(one(i, i, a.to_string(), 1));
        }
    }
    for pair in chars.windows(2) {
        let ((i, a), (_, b)) = (pair[0], pair[1]);
        if a != b {
            let end = i + a.len_utf8() + b.len_utf8();
            found.push(one(i, end, format!("{b}{a}"), 2));
        }
    }
    found.extend(token_candidates(text, base, w.turn));
    let mut steps = w.turn.steps.iter().map(|s| s.span());
    let places: Vec<usize> = steps
        .clone()
        .map(|s| s.start - base)
        .chain(steps.next_back().map(|s| s.end - base))
        .collect();
    for &at in &places {
        for word in words {
            found.push(one(at, at, (*word).to_owned(), word.len()));
        }
    }
    found
}

/// The repairs the fault's own help offers as equally good (its choices),
/// as candidates: each written for the faulty token, and for the turn's
/// steps. They were weighed on a short view only; one that the judge finds
/// passing as well holds the search's repair back, even when it is of a
/// shape the search does not write (a step put back that the game writes
/// nowhere else).
fn choice_candidates(text: &str, base: usize, turn: &Turn, fault: &Problem) -> Vec<Candidate> {
    let mut found = Vec::new();
    if fault.choices.len() < 2 {
        return found;
    }
    let (s, e) = (
        fault.span.start.saturating_sub(base),
        fault.span.end.saturating_sub(base),
    );
    let steps = turn.steps.first().zip(turn.steps.last());
    let steps = steps.map(|(a, b)| (a.span().start - base, b.span().end - base));
    for choice in &fault.choices {
        for (start, end) in std::iter::once((s, e)).chain(steps) {
            if start <= end && end <= text.len() {
                found.push(Candidate {
                    start,
                    end,
                    with: choice.clone(),
                    cost: choice.len().max(end - start),
                });
            }
        }
    }
    found
}

/// The candidates of a turn's tokens: each taken out, written twice, moved
/// among its kind; two fates of a battle record swapped.
fn token_candidates(text: &str, base: usize, turn: &Turn) -> Vec<Candidate> {
    let mut found = Vec::new();
    let steps: Vec<Span> = turn.steps.iter().map(|s| s.span()).collect();
    let battles: Vec<Span> = turn.outcome.battles.iter().map(|b| b.span()).collect();
    let penningr: Vec<Span> = turn.outcome.penningr.iter().map(|p| p.span).collect();
    for (spans, gap) in [(&steps, ""), (&battles, " "), (&penningr, " ")] {
        let spans: Vec<(usize, usize)> = spans
            .iter()
            .map(|s| (s.start - base, s.end - base))
            .collect();
        kind_candidates(text, &spans, gap, &mut found);
    }
    for &(s, e) in battles
        .iter()
        .map(|s| (s.start - base, s.end - base))
        .collect::<Vec<_>>()
        .iter()
    {
        let token: Vec<char> = text[s..e].chars().collect();
        if token.len() != e - s {
            continue;
        }
        let fates: Vec<usize> = (1..token.len())
            .filter(|&i| FATES.contains(token[i]) && token[i - 1].is_ascii_alphabetic())
            .collect();
        for (x, &i) in fates.iter().enumerate() {
            for &j in &fates[x + 1..] {
                if token[i] != token[j] {
                    let mut swapped = token.clone();
                    swapped.swap(i, j);
                    let with: String = swapped[i..=j].iter().collect();
                    found.push(Candidate {
                        start: s + i,
                        end: s + j + 1,
                        with,
                        cost: 2,
                    });
                }
            }
        }
    }
    found
}

/// The candidates of a turn's tokens of one kind, at `spans` (from the
/// text's start), written `gap` apart: each taken out, written twice, or
/// moved to another place among them.
fn kind_candidates(text: &str, spans: &[(usize, usize)], gap: &str, found: &mut Vec<Candidate>) {
    for (n, &(s, e)) in spans.iter().enumerate() {
        let token = &text[s..e];
        let cost = e - s;
        // Taken out, with a space beside it when it stands apart.
        let (mut ds, mut de) = (s, e);
        if !gap.is_empty() {
            if text[e..].starts_with(' ') {
                de += 1;
            } else if text[..s].ends_with(' ') {
                ds -= 1;
            }
        }
        found.push(Candidate {
            start: ds,
            end: de,
            with: String::new(),
            cost,
        });
        found.push(Candidate {
            start: e,
            end: e,
            with: format!("{gap}{token}"),
            cost,
        });
        // Moved: the run of the kind's tokens rewritten, when it is laid
        // out as usual.
        let (first, last) = (spans[0].0, spans[spans.len() - 1].1);
        let tokens: Vec<&str> = spans.iter().map(|&(a, b)| &text[a..b]).collect();
        if text[first..last] != tokens.join(gap) {
            continue;
        }
        for to in (0..spans.len()).filter(|&to| to != n) {
            let mut moved = tokens.clone();
            let token = moved.remove(n);
            moved.insert(to, token);
            found.push(Candidate {
                start: first,
                end: last,
                with: moved.join(gap),
                cost,
            });
        }
    }
}
