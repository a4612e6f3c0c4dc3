//! Fixes for a faulty step: small edits of the token as written, kept when
//! they make the turn legal with five steps.

use super::problem::Problem;
use super::written::{self, Fault};
use crate::core::Edit;
use crate::core::Span;
use crate::hirp::rules::Position;
use crate::hirp::rules::STEPS_PER_TURN;
use crate::hirp::syntax::SyntaxErrorKind;
use crate::hirp::syntax::ast::{self, BattleToken, Outcome, StepToken};

/// Characters an edit may put into a step.
const ALPHABET: &str = "HKLhevi>0123456789m";

/// The longest token whose edits are searched for a fix (`Khhhh3>m` is 8).
const MAX_EDITED: usize = 16;

/// The most Hirþs a Karve carries.
const MAX_CREW: usize = 4;

/// The most fixes a help line lists.
pub(super) const MAX_FIXES: usize = 3;

/// Texts one small edit away from `text`, most likely first: the fault's own
/// fix, a crew recounted (any crew from none to four), `>` inserted, a character replaced, removed,
/// inserted, swapped with the next, or doubled.
pub(super) fn edits(text: &str, fault: Option<&Fault>) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<String> = Vec::new();
    if let Some(Fault::MannedKarveEnters { crew }) = fault {
        // `Khhe...`: the Karve enters empty, then each Hirþ enters and boards.
        let rest: String = chars
            .iter()
            .skip_while(|&&c| c == 'K' || c == 'h')
            .collect();
        if rest == "e" || rest == "ei" {
            out.push(format!("Ke{}", "Hei".repeat(*crew as usize)));
        }
    }
    if chars.first() == Some(&'K') {
        let crew = chars[1..].iter().take_while(|&&c| c == 'h').count();
        let rest: String = chars[1 + crew..].iter().collect();
        // Every crew a Karve may carry, the nearest to the one written first.
        let mut crews: Vec<usize> = (0..=MAX_CREW).filter(|&c| c != crew).collect();
        crews.sort_by_key(|&c| (c.abs_diff(crew), c));
        for new_crew in crews {
            out.push(format!("K{}{rest}", "h".repeat(new_crew)));
        }
    }
    for n in 0..=chars.len() {
        if chars
            .get(n)
            .is_some_and(|c| c.is_ascii_digit() || *c == 'm')
        {
            out.push(splice(&chars, n, n, ">"));
        }
    }
    for n in 0..chars.len() {
        for c in ALPHABET.chars() {
            if c != chars[n] {
                out.push(splice(&chars, n, n + 1, &c.to_string()));
            }
        }
    }
    for n in 0..chars.len() {
        out.push(splice(&chars, n, n + 1, ""));
    }
    for n in 0..=chars.len() {
        for c in ALPHABET.chars() {
            out.push(splice(&chars, n, n, &c.to_string()));
        }
    }
    for n in 0..chars.len().saturating_sub(1) {
        let swapped = format!("{}{}", chars[n + 1], chars[n]);
        out.push(splice(&chars, n, n + 2, &swapped));
    }
    for n in 0..chars.len() {
        out.push(splice(&chars, n, n, &chars[n].to_string()));
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|candidate| candidate != text && seen.insert(candidate.clone()));
    out
}

fn splice(chars: &[char], from: usize, to: usize, with: &str) -> String {
    let mut s: String = chars[..from].iter().collect();
    s.push_str(with);
    s.extend(&chars[to..]);
    s
}

/// Whether `tokens` play cleanly from `position` (no fault, no warning) and
/// bring the turn's steps from `steps` to exactly five.
pub(super) fn plays_cleanly(position: Position, steps: u8, tokens: &[&ast::WrittenStep]) -> bool {
    clean_steps(position, steps, tokens) == Some(STEPS_PER_TURN)
}

/// The turn's steps once `tokens` are played from `position`, `steps`
/// taken before them, or `None` when one of them is a fault or warned of.
fn clean_steps(mut position: Position, mut steps: u8, tokens: &[&ast::WrittenStep]) -> Option<u8> {
    for token in tokens {
        position.reset_steps();
        match written::apply(&mut position, token, false)
            .or_else(|_| written::apply(&mut position, token, true))
        {
            Ok(applied) if applied.unmarked_attack.is_none() => {
                steps = steps.saturating_add(applied.steps());
            }
            _ => return None,
        }
    }
    Some(steps)
}

/// The readable steps after a token, or `None` if one of them is malformed.
pub(super) fn readable(rest: &[StepToken]) -> Option<Vec<&ast::WrittenStep>> {
    rest.iter()
        .map(|token| match token {
            StepToken::Step(step) => Some(step),
            StepToken::Malformed(_) => None,
        })
        .collect()
}

/// A fix: the text to write instead of the faulty token, and its steps
/// (usually one; `Khei` is fixed by the two steps `KeHei`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Fix {
    pub text: String,
    pub steps: Vec<ast::WrittenStep>,
}

/// Edits of `text` that make the turn legal with five steps, given the
/// position before the token, the steps taken before it, and the tokens
/// after it; at most [`MAX_FIXES`], most likely first.
pub(super) fn fixes(
    text: &str,
    fault: Option<&Fault>,
    position: &Position,
    steps: u8,
    rest: &[StepToken],
) -> Vec<Fix> {
    fixes_up_to(text, fault, position, steps, rest, MAX_FIXES)
}

/// The first `limit` edits of `text` that [`fixes`] would keep.
pub(super) fn fixes_up_to(
    text: &str,
    fault: Option<&Fault>,
    position: &Position,
    steps: u8,
    rest: &[StepToken],
    limit: usize,
) -> Vec<Fix> {
    // No step is longer than a few characters: a longer token is not edited.
    if text.len() > MAX_EDITED {
        return Vec::new();
    }
    let Some(rest) = readable(rest) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for candidate in edits(text, fault) {
        let Ok(written) = crate::hirp::syntax::parse_steps(&candidate) else {
            continue;
        };
        let mut tokens: Vec<&ast::WrittenStep> = written.iter().collect();
        tokens.extend(rest.iter().copied());
        if plays_cleanly(*position, steps, &tokens) {
            found.push(Fix {
                text: candidate,
                steps: written,
            });
            if found.len() == limit {
                break;
            }
        }
    }
    found
}

/// The fixes for a token that could not be read: the edits of it that make
/// the turn legal with five steps ([`fixes`]), and the notation's own repair
/// of it (`kehei` is `KeHei`: [`repair_steps`](crate::hirp::syntax::repair_steps))
/// when the rules accept it, first when it too brings the turn to five
/// steps, and alone when no edit does but its steps and the rest of the
/// turn are legal (the count is then reported on its own).
pub(super) fn token_fixes(
    text: &str,
    position: &Position,
    steps: u8,
    rest: &[StepToken],
) -> Vec<Fix> {
    let mut found = fixes(text, None, position, steps, rest);
    let Some(repaired) = crate::hirp::syntax::repair_steps(text) else {
        return found;
    };
    let (Some(rest), Ok(written)) = (readable(rest), crate::hirp::syntax::parse_steps(&repaired))
    else {
        return found;
    };
    let mut tokens: Vec<&ast::WrittenStep> = written.iter().collect();
    tokens.extend(rest);
    let Some(total) = clean_steps(*position, steps, &tokens) else {
        return found;
    };
    let guess = Fix {
        text: repaired,
        steps: written,
    };
    found.retain(|fix| fix.text != guess.text);
    if total == STEPS_PER_TURN || found.is_empty() {
        found.insert(0, guess);
        found.truncate(MAX_FIXES);
    }
    found
}

/// Plays a fix's steps; returns the steps taken.
pub(super) fn apply_fix(position: &mut Position, fix: &Fix) -> u8 {
    let mut steps = 0;
    for step in &fix.steps {
        position.reset_steps();
        if let Ok(applied) = written::apply(position, step, false) {
            steps += applied.steps();
        }
    }
    steps
}

/// The outcome with each battle record that could not be read replaced by
/// the repair its syntax error proposes (`/-6SK^GH6` by `>6SK^GH6`), the
/// repaired battles spanning the text they replace; `None` when there is
/// none to repair, or a record has no repair that reads.
pub(super) fn repaired_outcome(outcome: &Outcome, problems: &[Problem]) -> Option<Outcome> {
    let malformed = |token: &BattleToken| matches!(token, BattleToken::Malformed(_));
    if !outcome.battles.iter().any(malformed) {
        return None;
    }
    let mut battles = Vec::with_capacity(outcome.battles.len());
    for token in &outcome.battles {
        let BattleToken::Malformed(malformed) = token else {
            battles.push(token.clone());
            continue;
        };
        let span = malformed.span;
        let fix = problems.iter().find_map(|p| match (&p.code, &p.fix) {
            (code, Some(fix))
                if code.kind::<SyntaxErrorKind>().is_some()
                    && span.start <= fix.span.start
                    && fix.span.end <= span.end =>
            {
                Some(fix)
            }
            _ => None,
        })?;
        let local = Edit::new(
            Span::new(fix.span.start - span.start, fix.span.end - span.start),
            fix.replacement.clone(),
        );
        let text = Edit::apply_all(&malformed.text, &[local]);
        for mut battle in crate::hirp::syntax::parse_battles(&text).ok()? {
            battle.span = span;
            for fighter in &mut battle.fighters {
                fighter.span = span;
            }
            battles.push(BattleToken::Battle(battle));
        }
    }
    Some(Outcome {
        battles,
        ..outcome.clone()
    })
}
