//! How a variant with one mistake ended once fixed, judged token by token
//! the same way for HIRP (`tests/repair_rates.rs`) and tafl
//! (`tests/tafl_repair_rates.rs`): restored, valid but different, repairs
//! listed, nothing, and whether a repair applied broke the safety rule.

use std::fmt::Write as _;

use hirp::core::Span;

/// What `hirp fix` made of a record: the fixed text, whether it is valid,
/// and whether a problem left lists several repairs.
pub struct Fixed {
    pub text: String,
    pub valid: bool,
    pub listed: bool,
}

/// Where a diagnostic's help goes on to its next line: its text is
/// indented under the text after `help: `.
const HELP_WRAPPED: &str = "\n        ";

/// Runs `hirp` with `args` (the last of them `-`) on `text`.
pub fn fix(args: &[&str], text: &str) -> Fixed {
    let output = super::common::hirp()
        .args(args)
        .write_stdin(text)
        .output()
        .unwrap();
    // A help wrapped over several lines is read as one line.
    let stderr = String::from_utf8(output.stderr)
        .unwrap()
        .replace(HELP_WRAPPED, " ");
    Fixed {
        text: String::from_utf8(output.stdout).unwrap(),
        valid: output.status.code() == Some(0),
        listed: stderr
            .lines()
            .any(|line| line.trim_start().starts_with("help:") && line.contains("` or `")),
    }
}

/// Where `a` and `b` differ, in `b`: the bytes between their common start
/// and their common end.
pub fn changed(a: &str, b: &str) -> Span {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - start;
    let end = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    Span::new(start, b.len() - end)
}

pub fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}

/// Whether an edit of the bytes `edit` changes the token `token`: it
/// overlaps it, or puts bytes inside it.
pub fn touches(token: Span, edit: Span) -> bool {
    overlaps(token, edit) || (token.start < edit.start && edit.start < token.end)
}

/// Where in `b` the edit that makes it `a` may lie, when it only puts
/// bytes in or only takes bytes out: the same bytes put in or taken out at
/// any of these places give `a` (`He` put into `HeHe` before or after the
/// first `He`). Empty for any other edit.
pub fn placings(a: &str, b: &str) -> Vec<Span> {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let prefix = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    let suffix = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    let (short, long) = (x.len().min(y.len()), x.len().max(y.len()));
    let size = long - short;
    // The run put in or taken out starts anywhere from `short - suffix`
    // to `prefix`.
    let first = short.saturating_sub(suffix);
    let last = prefix.min(short);
    if size == 0 || first > last {
        return Vec::new();
    }
    let taken_out = y.len() > x.len();
    (first..=last)
        .map(|at| Span::new(at, if taken_out { at + size } else { at }))
        .collect()
}

/// The lines of `before` that `after` changes, each with what it became.
pub fn line_diff(before: &str, after: &str) -> String {
    let mut out = String::new();
    for (b, a) in before.lines().zip(after.lines()) {
        if a != b {
            writeln!(out, "- {b}\n+ {a}").unwrap();
        }
    }
    out
}

/// What fixing one variant gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Legal,
    Restored,
    Different,
    Listed,
    Nothing,
}

pub const ENDS: [End; 5] = [
    End::Legal,
    End::Restored,
    End::Different,
    End::Listed,
    End::Nothing,
];

/// What the variants of one kind gave: a count per [`End`], and failures.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub ends: [usize; 5],
    pub unsafe_repairs: Vec<String>,
}

impl Counts {
    pub fn variants(&self) -> usize {
        self.ends.iter().sum()
    }

    pub fn add(&mut self, other: &Counts) {
        for (a, b) in self.ends.iter_mut().zip(other.ends) {
            *a += b;
        }
        self.unsafe_repairs
            .extend(other.unsafe_repairs.iter().cloned());
    }
}

/// The counts of `kinds` kinds of mistake, and of all, that `run` gives on
/// two threads (`run(worker)` counts the variants worker 0 or 1 takes).
pub fn on_two_threads(
    kinds: usize,
    run: impl Fn(usize) -> Vec<Counts> + Sync,
) -> (Vec<Counts>, Counts) {
    let run = &run;
    let results: Vec<Vec<Counts>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| scope.spawn(move || run(worker)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut totals = vec![Counts::default(); kinds];
    for counts in results {
        for (total, counts) in totals.iter_mut().zip(&counts) {
            total.add(counts);
        }
    }
    let mut all = Counts::default();
    totals.iter().for_each(|c| all.add(c));
    (totals, all)
}

pub fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(0)
}

/// How `variant` of `original`, `fixed` as `hirp fix` fixed it, ended,
/// and why it broke the safety rule if it did; `tokens` gives the spans of
/// a record's tokens, the units a repair must leave alone when right.
pub fn judge(
    original: &str,
    variant: &str,
    fixed: Fixed,
    tokens: impl Fn(&str) -> Vec<Span>,
) -> (End, Option<String>) {
    let Fixed {
        text: fixed,
        valid,
        listed,
    } = fixed;
    let applied = fixed != variant;
    let end = if !applied && valid {
        End::Legal
    } else if fixed == original {
        End::Restored
    } else if valid {
        End::Different
    } else if listed {
        End::Listed
    } else {
        End::Nothing
    };
    let unsafe_because = if applied && !valid {
        Some("a repair applied leaves the game invalid".to_owned())
    } else if applied && fixed != original {
        let mistake = changed(original, variant);
        let right: Vec<Span> = tokens(variant)
            .into_iter()
            .filter(|&t| !overlaps(t, mistake))
            .collect();
        let changes = |edit: Span| right.iter().copied().find(|&t| touches(t, edit));
        // Some placing of the edit changes no right token.
        let harmless = placings(&fixed, variant)
            .into_iter()
            .any(|edit| changes(edit).is_none());
        changes(changed(&fixed, variant))
            .filter(|_| !harmless)
            .map(|t| {
                format!(
                    "a repair changes `{}`, which was right",
                    &variant[t.start..t.end]
                )
            })
    } else {
        None
    };
    let why = unsafe_because.map(|why| format!("{why}:\n{}", line_diff(variant, &fixed)));
    (end, why)
}
