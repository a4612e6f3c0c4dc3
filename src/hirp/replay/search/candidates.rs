//! The candidates of the search: the edits of a turn line's characters
//! and tokens tried as repairs.

use crate::core::Span;
use crate::core::diagnostic::Problem;
use crate::hirp::rules::{Position, STEPS_PER_TURN};
use crate::hirp::syntax::ast::PenningrMove;
use crate::hirp::syntax::ast::Turn;

use super::{Candidate, MAX_WORDS, line_end};

/// The characters a candidate puts into a record: every character of the
/// notation's turns but those of comments.
const ALPHABET: &str = "0123456789mKHLSGehivdax^>/ ";

/// Characters that write a fighter's fate in a battle record.
const FATES: &str = "0123456789mx^";

/// A turn line of the game's text: from after its label to before any
/// comment, with its turn (none when the line cannot be read as one).
pub(super) struct Window<'a> {
    pub(super) line: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) turn: Option<&'a Turn>,
}

/// The editable part of `turn`'s line in `text`: after its label and its
/// space, before any comment (with the spaces before it).
pub(super) fn window<'a>(text: &str, base: usize, turn: &'a Turn) -> Window<'a> {
    let line = super::line_start(text, turn.span.start - base);
    let label = turn.label.span.end - base;
    Window {
        turn: Some(turn),
        ..unread_window(text, line, label)
    }
}

/// The editable part of the line at `line` whose label ends at `label`
/// (or, when it is not read as a turn, at its first space).
pub(super) fn unread_window<'a>(text: &str, line: usize, label: usize) -> Window<'a> {
    let end = line_end(text, line);
    let body = &text[line..end];
    let label = if label > line {
        label
    } else {
        body.find(' ').map_or(line, |n| line + n)
    };
    // Spaces at the end are kept: a `/` lost after one is put back there.
    let end = body.find([';', '{']).map_or(end, |n| line + n);
    let start = (label + 1).min(end);
    Window {
        line,
        start,
        end,
        turn: None,
    }
}

/// The steps the game writes, each once: what a step put back may be.
pub(super) fn vocabulary<'a>(text: &'a str, base: usize, turns: &[&Turn]) -> Vec<&'a str> {
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
pub(super) fn candidates(
    text: &str,
    base: usize,
    w: &Window<'_>,
    words: &[&str],
) -> Vec<Candidate> {
    let mut found = Vec::new();
    let one = |start: usize, end: usize, with: String, cost: usize| Candidate {
        start,
        end,
        with,
        cost,
        whole: false,
        moved: None,
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
    // A turn's `/` lost with the space before it.
    if !text[..w.end].ends_with(' ') {
        found.push(one(w.end, w.end, " /".to_owned(), 1));
    }
    for pair in chars.windows(2) {
        let ((i, a), (_, b)) = (pair[0], pair[1]);
        if a != b {
            let end = i + a.len_utf8() + b.len_utf8();
            found.push(one(i, end, format!("{b}{a}"), 2));
        }
    }
    let Some(turn) = w.turn else {
        return found;
    };
    found.extend(token_candidates(text, base, turn));
    let mut steps = turn.steps.iter().map(|s| s.span());
    let places: Vec<usize> = steps
        .clone()
        .map(|s| s.start - base)
        .chain(steps.next_back().map(|s| s.end - base))
        .collect();
    for &at in &places {
        for word in words {
            found.push(Candidate {
                whole: true,
                moved: None,
                ..one(at, at, (*word).to_owned(), word.len())
            });
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
pub(super) fn choice_candidates(
    text: &str,
    base: usize,
    turn: &Turn,
    fault: &Problem,
) -> Vec<Candidate> {
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
        // In the fault's place, put in before or after it (an answer lost
        // after its offer), or for the turn's steps.
        for (start, end) in [(s, e), (s, s), (e, e)].into_iter().chain(steps) {
            if start <= end && end <= text.len() {
                // A battle record put in beside another is written apart
                // from it, as records are.
                let bare = |at: Option<&u8>| at.is_some_and(|b| !b.is_ascii_whitespace());
                let apart = choice.starts_with('>') && start == end;
                let before =
                    apart && bare(start.checked_sub(1).and_then(|i| text.as_bytes().get(i)));
                let after = apart && text.as_bytes().get(end) == Some(&b'>');
                let with = [
                    if before { " " } else { "" },
                    choice,
                    if after { " " } else { "" },
                ]
                .concat();
                found.push(Candidate {
                    start,
                    end,
                    with,
                    cost: choice.len().max(end - start),
                    whole: true,
                    moved: None,
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
    // An offer and its answer taken out together: an offer written where
    // there was none.
    for pair in turn.outcome.penningr.windows(2) {
        let answer = matches!(pair[1].action, PenningrMove::Accept | PenningrMove::Refuse);
        if answer && !matches!(pair[0].action, PenningrMove::Accept | PenningrMove::Refuse) {
            let (s, e) = (pair[0].span.start - base, pair[1].span.end - base);
            found.push(Candidate {
                start: s,
                end: e,
                with: String::new(),
                cost: e - s,
                whole: true,
                moved: None,
            });
        }
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
                        whole: false,
                        moved: None,
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
            whole: true,
            moved: None,
        });
        found.push(Candidate {
            start: e,
            end: e,
            with: format!("{gap}{token}"),
            cost,
            whole: true,
            moved: None,
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
                whole: true,
                moved: None,
            });
        }
    }
}

/// A step put back at each place of a turn that counts a step short, as
/// the step count's own repair tries them (`count::restored`): a copy of
/// a token beside the place, then every step legal there. A step lost may
/// be of any shape, so each is a candidate, and a candidate elsewhere
/// passes alone only when no step put back plays as well.
pub(super) fn put_back(base: usize, turn: &Turn, start: &Position) -> Vec<Candidate> {
    let Some(tokens) = super::super::repair::readable(&turn.steps) else {
        return Vec::new();
    };
    // A turn of more tokens than steps is not short; the bound keeps a
    // hostile line of many tokens from many copies of it.
    if tokens.is_empty() || tokens.len() > usize::from(STEPS_PER_TURN) {
        return Vec::new();
    }
    super::super::count::restored(start, &tokens)
        .into_iter()
        .filter_map(|(edit, _, _)| {
            Some(Candidate {
                start: edit.span.start.checked_sub(base)?,
                end: edit.span.end.checked_sub(base)?,
                cost: edit.replacement.len(),
                with: edit.replacement,
                whole: true,
                moved: None,
            })
        })
        .collect()
}

/// Outcomes a turn that lost its outcome is tried with at most.
const MAX_OUTCOMES: usize = 27;

/// When the faulty turn of the game starting at `game` (from the text's
/// start) lost its outcome, battle records and all (`missing_outcome` at
/// the end of window `w`): the records the rules give its battles, put
/// where the outcome goes, one candidate for each way the rules leave
/// open (an L's retreat to one space or another, which of several
/// winning attackers entered), of each battle. They are what
/// `battle::missing` writes once a `/` ends the turn, a repair of two
/// edits that no single edit reaches.
pub(super) fn battles_put_back(text: &str, game: usize, w: &Window<'_>) -> Vec<Candidate> {
    let before = &text[game..w.end];
    let gap = if before.ends_with(' ') { "" } else { " " };
    let ended = format!("{before}{gap}/\n");
    let slash = ended.len() - 2;
    let parsed = crate::hirp::syntax::parse(&ended);
    let report = crate::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    let problems: Vec<Problem> = report.games.into_iter().flat_map(|g| g.problems).collect();
    let missing = |p: &&Problem| p.code.to_string() == "hirp::battle::missing";
    let first = problems
        .iter()
        .filter(|p| p.severity == crate::core::Severity::Error)
        .min_by_key(|p| p.span.start);
    if !first.is_some_and(|p| missing(&p)) {
        return Vec::new();
    }
    // Each battle's problem at the `/` offers its records each way the
    // rules leave open; the outcome is one way of each, in board order.
    let at_slash = |p: &&Problem| p.span.start <= slash && slash < p.span.end.max(slash + 1);
    let mut records = vec![String::new()];
    for problem in problems.iter().filter(missing).filter(at_slash) {
        let mut ways = Vec::new();
        for outcome in &records {
            for choice in &problem.choices {
                let gap = if outcome.is_empty() { "" } else { " " };
                ways.push(format!("{outcome}{gap}{choice}"));
            }
        }
        ways.truncate(MAX_OUTCOMES);
        records = ways;
    }
    records
        .into_iter()
        .filter(|r| !r.is_empty())
        .map(|r| Candidate {
            start: w.end,
            end: w.end,
            cost: gap.len() + r.len(),
            with: format!("{gap}{r}"),
            whole: true,
            moved: None,
        })
        .collect()
}

/// Each step of `from` taken out and put in `into`, the turn on the line
/// before or after it, at each place between its steps: a step written in
/// the neighbouring turn. One edit each, from the first text it changes to
/// the last.
pub(super) fn neighbour_steps(text: &str, base: usize, from: &Turn, into: &Turn) -> Vec<Candidate> {
    let spans = |turn: &Turn| -> Vec<(usize, usize)> {
        turn.steps
            .iter()
            .map(|s| (s.span().start - base, s.span().end - base))
            .collect()
    };
    let (moved, steps) = (spans(from), spans(into));
    let Some(&(first, _)) = steps.first() else {
        return Vec::new();
    };
    let places: Vec<usize> = std::iter::once(first)
        .chain(steps.iter().map(|s| s.1))
        .collect();
    let mut found = Vec::new();
    for &(s, e) in &moved {
        let step = &text[s..e];
        for &p in &places {
            let (start, end, with) = if p >= e {
                (s, p, [&text[e..p], step].concat())
            } else {
                (p, e, [step, &text[p..s]].concat())
            };
            found.push(Candidate {
                start,
                end,
                with,
                cost: e - s,
                whole: true,
                moved: Some(s),
            });
        }
    }
    found
}

/// Each step of `first` exchanged with each step of `next`, the turn on
/// the line after it: two steps written each in the other's turn.
pub(super) fn exchanged_steps(
    text: &str,
    base: usize,
    first: &Turn,
    next: &Turn,
) -> Vec<Candidate> {
    let spans = |turn: &Turn| -> Vec<(usize, usize)> {
        turn.steps
            .iter()
            .map(|s| (s.span().start - base, s.span().end - base))
            .collect()
    };
    let mut found = Vec::new();
    for &(s1, e1) in &spans(first) {
        for &(s2, e2) in &spans(next) {
            let (a, b) = (&text[s1..e1], &text[s2..e2]);
            if a != b {
                found.push(Candidate {
                    start: s1,
                    end: e2,
                    with: [b, &text[e1..s2], a].concat(),
                    cost: a.len() + b.len(),
                    whole: true,
                    moved: None,
                });
            }
        }
    }
    found
}
