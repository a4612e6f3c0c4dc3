//! The variations of a game file replayed, each from the position before
//! the move it replaces, with the checks of the main line
//! (`docs/rules.md#tafl-variations`).
//!
//! A variation's lines share its label, their address without the turn
//! (`7a.1` of `7a.1.2a.`). Off the main line, the label names the move the
//! variation replaces (`7a.1` replaces 7a); off a variation, the move after
//! which it branches (`3a.2.1a.1` replaces the move after 3a.2.1a), as
//! OpenTafl writes and reads them. A first line's `.....` stand for the
//! moves of its turn before the one the variation replaces.
//!
//! The lines are gathered in the order written, then placed: the main
//! line's variations first, each variation's own once it is replayed. A
//! variation's problems are the game's, and its moves never change the
//! main line's replay.

use std::collections::HashMap;

use super::game::{Game, WrittenPly};
use super::moves::{Walked, walk};
use super::problem::ProblemKind;
use super::{Replay, ReplayedMove, ReplayedVariation};
use crate::core::diagnostic::{Problem, no_error};
use crate::core::{Edit, Span};
use crate::tafl::rules::Position;
use crate::tafl::syntax::{MoveAddress, OtgGame, Ply, Variation, VariationAddress};

/// A variation as written: its lines, in file order.
struct Entry<'a> {
    /// `7a.1`.
    label: String,
    /// The label of the variation it branches from, `None` for the main
    /// line.
    parent: Option<String>,
    /// The move its address names in that line: in the main line, the move
    /// it replaces; in a variation, the move after which it branches.
    named: MoveAddress,
    /// Its lines.
    lines: Vec<&'a Variation>,
}

/// A line replayed, that variations may branch from.
struct Placed<'a> {
    /// Its plies, each with its address.
    plies: Vec<WrittenPly<'a>>,
    /// Where it starts.
    start: Position,
    /// Its moves replayed.
    steps: Vec<ReplayedMove>,
    /// The ply after which nothing is replayed, if any.
    unread: Option<usize>,
}

/// A variation placed off its line: the ply it replaces there and the
/// number of that line's moves played before it.
struct Branch {
    entry: usize,
    replaced: usize,
    steps_before: usize,
}

/// Replays the variations of `game`, whose main line `main` replayed,
/// adding their problems to `problems`.
pub(crate) fn replay(
    game: Game<'_>,
    main: &Replay,
    problems: &mut Vec<Problem>,
) -> Vec<ReplayedVariation> {
    let (Game::Otg(otg), Some(rules)) = (game, &main.rules) else {
        return Vec::new();
    };
    let entries = gather(otg, problems);
    if entries.is_empty() {
        return Vec::new();
    }
    let main_line = Placed {
        plies: game.plies().collect(),
        start: Position::new(rules),
        steps: main.steps.clone(),
        unread: None,
    };
    let mut placed: Vec<Option<(Placed<'_>, ReplayedVariation)>> =
        entries.iter().map(|_| None).collect();
    let mut tried = vec![false; entries.len()];
    // The variations off each line, by its label (`None`: the main line).
    let mut children: HashMap<Option<&str>, Vec<usize>> = HashMap::new();
    for (n, entry) in entries.iter().enumerate() {
        children.entry(entry.parent.as_deref()).or_default().push(n);
    }
    // The lines whose variations are placed next: `None` the main line.
    let mut lines: Vec<Option<usize>> = vec![None];
    while let Some(line) = lines.pop() {
        let label = line.map(|n| entries[n].label.as_str());
        let children = children.get(&label).map_or(&[][..], Vec::as_slice);
        let parent = match line {
            None => &main_line,
            Some(n) => match &placed[n] {
                Some((parent, _)) => parent,
                None => continue,
            },
        };
        let off = Off {
            game,
            entries: &entries,
            parent,
            line,
        };
        let branches = branches(&entries, children, parent, &mut tried, problems);
        for (n, line, variation) in off.place(branches, problems) {
            placed[n] = Some((line, variation));
            lines.push(Some(n));
        }
    }
    unplaced(&entries, &tried, problems);
    in_file_order(placed)
}

/// A line replayed, and what its variations need of it.
struct Off<'g, 'e, 'p> {
    game: Game<'g>,
    entries: &'e [Entry<'g>],
    /// The line.
    parent: &'p Placed<'e>,
    /// Its index among the variations (`None`: the main line).
    line: Option<usize>,
}

impl<'e> Off<'_, 'e, '_> {
    /// Replays the variations off the line at their `branches`, in the
    /// order of the moves they branch at: each with its index, its plies
    /// and moves, and its replay.
    fn place(
        &self,
        branches: Vec<Branch>,
        problems: &mut Vec<Problem>,
    ) -> Vec<(usize, Placed<'e>, ReplayedVariation)> {
        let parent = self.parent;
        let mut done = Vec::new();
        // The line's position, its moves played in order up to each
        // branch.
        let (mut position, mut played) = (parent.start.clone(), 0);
        for branch in branches {
            let entry = &self.entries[branch.entry];
            for step in &parent.steps[played..branch.steps_before] {
                step.applied.apply(&mut position);
            }
            played = branch.steps_before;
            let expected = parent.plies.get(branch.replaced).map(|p| p.half);
            let plies = plies_of(entry, expected, problems);
            let walked = replay_line(self.game, position.clone(), &plies, problems);
            let variation = ReplayedVariation {
                label: entry.label.clone(),
                parent: self.line,
                branch: branch.steps_before,
                replaces: replaces(parent, &branch),
                start: position.clone(),
                outcome: walked
                    .position
                    .outcome()
                    .or(walked.end_ply.map(|e| e.outcome())),
                steps: walked.steps.clone(),
                lines: entry.lines.iter().map(|l| l.span).collect(),
            };
            let line = Placed {
                plies,
                start: position.clone(),
                steps: walked.steps,
                unread: walked.unread,
            };
            done.push((branch.entry, line, variation));
        }
        done
    }
}

/// The variations placed, in the order of their first lines but each
/// after the one it branches from (a line may be written before its
/// parent's), each parent's index made an index among them.
fn in_file_order(placed: Vec<Option<(Placed<'_>, ReplayedVariation)>>) -> Vec<ReplayedVariation> {
    let mut placed: Vec<Option<ReplayedVariation>> =
        placed.into_iter().map(|p| p.map(|(_, v)| v)).collect();
    let mut index = vec![None; placed.len()];
    let mut out = Vec::new();
    for first in 0..placed.len() {
        // The variation and those it branches from not yet out, the
        // outermost last.
        let mut chain = vec![first];
        while let Some(parent) = chain
            .last()
            .and_then(|&n| placed[n].as_ref())
            .and_then(|v| v.parent)
            .filter(|&p| index[p].is_none())
        {
            chain.push(parent);
        }
        for n in chain.into_iter().rev() {
            if let Some(mut variation) = placed[n].take() {
                variation.parent = variation.parent.and_then(|p| index[p]);
                index[n] = Some(out.len());
                out.push(variation);
            }
        }
    }
    out
}

/// Whether the variation of `branch` replaces a move of `parent` that was
/// played.
fn replaces(parent: &Placed<'_>, branch: &Branch) -> bool {
    let (Some(ply), Some(step)) = (
        parent.plies.get(branch.replaced),
        parent.steps.get(branch.steps_before),
    ) else {
        return false;
    };
    ply.ply.span() == step.span
}

/// Replays a variation's plies from `start`, looking ahead when it has an
/// error, as the main line is replayed.
fn replay_line(
    game: Game<'_>,
    start: Position,
    plies: &[WrittenPly<'_>],
    problems: &mut Vec<Problem>,
) -> Walked {
    let mut found = Vec::new();
    let once = walk(
        game,
        start.clone(),
        plies,
        false,
        &mut found,
        &mut |_, _| {},
    );
    let walked = if no_error(&found) {
        once
    } else {
        found.clear();
        walk(game, start, plies, true, &mut found, &mut |_, _| {})
    };
    problems.extend(found);
    walked
}

/// Where each of `children`, variations off `parent`, branches, in the
/// order of the moves they branch at; a variation whose address names no
/// move of `parent` is reported, one that branches after the ply where
/// `parent`'s replay stopped is left out.
fn branches(
    entries: &[Entry<'_>],
    children: &[usize],
    parent: &Placed<'_>,
    tried: &mut [bool],
    problems: &mut Vec<Problem>,
) -> Vec<Branch> {
    let mut found = Vec::new();
    let mut plies: HashMap<MoveAddress, usize> = HashMap::new();
    for (n, ply) in parent.plies.iter().enumerate().rev() {
        plies.insert(ply.address(), n);
    }
    for &n in children {
        tried[n] = true;
        let entry = &entries[n];
        let Some(&named) = plies.get(&entry.named) else {
            let line = entry.parent.as_deref().map_or_else(
                || "the game".to_owned(),
                |parent| format!("variation {parent}"),
            );
            problems.push(no_branch(
                entry,
                format!("{line} has no move {}", entry.named),
            ));
            continue;
        };
        // Off the main line a variation replaces the move named; off a
        // variation, the move after it.
        let replaced = named + usize::from(entry.parent.is_some());
        if parent.unread.is_some_and(|u| u < replaced) {
            continue;
        }
        let steps_before = match parent.plies.get(replaced) {
            Some(ply) => {
                let start = ply.ply.span().start;
                parent.steps.partition_point(|s| s.span.start < start)
            }
            None => parent.steps.len(),
        };
        found.push(Branch {
            entry: n,
            replaced,
            steps_before,
        });
    }
    found.sort_by_key(|b| b.steps_before);
    found
}

/// The variations never placed whose parent is no variation of the game,
/// reported (those off a variation that was not replayed are left out: its
/// own problem says why).
fn unplaced(entries: &[Entry<'_>], tried: &[bool], problems: &mut Vec<Problem>) {
    let labels: std::collections::HashSet<&str> =
        entries.iter().map(|e| e.label.as_str()).collect();
    for (n, entry) in entries.iter().enumerate() {
        let Some(parent) = entry.parent.as_deref().filter(|_| !tried[n]) else {
            continue;
        };
        if !labels.contains(parent) {
            problems.push(no_branch(entry, format!("there is no variation {parent}")));
        }
    }
}

/// The problem of a variation that branches from no move.
fn no_branch(entry: &Entry<'_>, label: String) -> Problem {
    let span = entry.lines[0].address.span;
    Problem::new(ProblemKind::NoBranch, span, label)
        .with_help("a variation's address names a move of the line it branches from")
}

/// The label of a variation address's variation, `7a.1` of `7a.1.2a.`, and
/// the label of the line it branches from with the move it names there:
/// `None` and `7a` for the main line, `3a.2` and `1a` off a variation.
fn labels(address: &VariationAddress) -> (String, Option<String>, MoveAddress) {
    let mut label = address.start.to_string();
    let mut parent = None;
    let mut named = address.start;
    let count = address.steps.len();
    for (n, step) in address.steps.iter().enumerate() {
        label.push_str(&format!(".{}", step.variation));
        if n + 2 == count {
            parent = Some(label.clone());
            named = step.at;
        }
        if n + 1 < count {
            label.push_str(&format!(".{}", step.at));
        }
    }
    (label, parent, named)
}

/// The variations of `game` as written, each with its lines; a line that
/// does not follow the lines before it is reported.
fn gather<'a>(game: &'a OtgGame, problems: &mut Vec<Problem>) -> Vec<Entry<'a>> {
    let mut entries: Vec<Entry<'a>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut siblings: HashMap<String, u32> = HashMap::new();
    for variation in game.turns.iter().flat_map(|t| &t.variations) {
        let address = &variation.address;
        let Some(last) = address.steps.last() else {
            continue;
        };
        let (label, parent, named) = labels(address);
        let branch = label.rsplit_once('.').map_or("", |(b, _)| b).to_owned();
        let (wanted, number) = match index.get(&label) {
            Some(&n) => {
                let turn = entries[n].lines.last().map_or(0, |l| turn_of(l) + 1);
                entries[n].lines.push(variation);
                (turn, last.variation)
            }
            None => {
                let count = siblings.entry(branch.clone()).or_default();
                *count += 1;
                index.insert(label.clone(), entries.len());
                entries.push(Entry {
                    label,
                    parent,
                    named,
                    lines: vec![variation],
                });
                (1, *count)
            }
        };
        if let Some(problem) = numbering(variation, &branch, wanted, number) {
            problems.push(problem);
        }
    }
    entries
}

/// The turn a variation line writes, `2` of `7a.1.2a.`.
fn turn_of(line: &Variation) -> u32 {
    line.address.steps.last().map_or(0, |s| s.at.turn)
}

/// The problem of a line whose address is not turn `turn`, written with
/// `a`, of the variation numbered `number` off `branch`, if it is not.
fn numbering(line: &Variation, branch: &str, turn: u32, number: u32) -> Option<Problem> {
    let address = &line.address;
    let last = address.steps.last()?;
    if last.at.turn == turn && last.at.ply == 0 && last.variation == number {
        return None;
    }
    let mut right = address.clone();
    let step = right.steps.last_mut()?;
    step.at = MoveAddress { turn, ply: 0 };
    step.variation = number;
    let label = if last.variation != number {
        format!("this is variation {number} off {branch}")
    } else if last.at.turn != turn {
        format!("this is turn {turn} of variation {branch}.{number}")
    } else {
        "a variation's turn is written with `a`".to_owned()
    };
    let problem = Problem::new(ProblemKind::Numbering, address.span, label)
        .with_help(format!("write `{right}`"));
    // A variation renumbered is renumbered in all its lines: no one edit.
    Some(if last.variation == number {
        problem.with_fix(Edit::new(address.span, right.to_string()))
    } else {
        problem
    })
}

/// The plies of a variation with their addresses in it: its first line's
/// first move is the move `expected` of its turn (from 0, `None` when it
/// replaces no move), each later line's the turn's first. `.....` that do
/// not stand for the moves of the turn before its first are reported.
fn plies_of<'a>(
    entry: &'a Entry<'a>,
    expected: Option<u8>,
    problems: &mut Vec<Problem>,
) -> Vec<WrittenPly<'a>> {
    let mut plies = Vec::new();
    for (n, line) in entry.lines.iter().enumerate() {
        let leading = line
            .plies
            .iter()
            .take_while(|p| matches!(p, Ply::Placeholder(_)))
            .count();
        let wanted = match (n, expected) {
            (0, Some(expected)) => usize::from(expected),
            (0, None) => leading,
            _ => 0,
        };
        if leading != wanted {
            problems.push(placeholders(line, leading, wanted));
        }
        let mut half = wanted;
        for (k, ply) in line.plies.iter().enumerate().skip(leading) {
            if let Ply::Placeholder(span) = ply {
                // The `.....` and the blank after it.
                let end = line
                    .plies
                    .get(k + 1)
                    .map_or(span.end, |next| next.span().start);
                let label = "a move of the variation goes before it";
                problems.push(
                    Problem::new(ProblemKind::Placeholders, *span, label)
                        .with_help("write `.....` only before a variation's first move")
                        .with_fix(Edit::new(Span::new(span.start, end), "")),
                );
                continue;
            }
            plies.push(WrittenPly {
                turn: turn_of(line),
                // A turn has at most 26 moves, `a` to `z`.
                half: half.min(25) as u8,
                ply,
                line: &entry.label,
            });
            half += 1;
        }
    }
    plies
}

/// The problem of a line with `leading` `.....` where `wanted` stand for
/// the moves before its first.
fn placeholders(line: &Variation, leading: usize, wanted: usize) -> Problem {
    let first = line.plies.first().map_or(line.span, Ply::span);
    let mv = line.plies.get(leading).map(Ply::span);
    // The `.....` written, up to the first move; where it starts if none is.
    let span = Span::new(first.start, mv.map_or(first.end, |m| m.start));
    let label = match wanted {
        0 => "the variation's first move is the first of its turn".to_owned(),
        1 => "one move of the turn goes before the variation's first".to_owned(),
        n => format!("{n} moves of the turn go before the variation's first"),
    };
    let text = "..... ".repeat(wanted);
    let help = match wanted {
        0 => "write no `.....`".to_owned(),
        _ => format!("write `{}` before the first move", text.trim_end()),
    };
    let problem = Problem::new(ProblemKind::Placeholders, span, label).with_help(help);
    match mv {
        Some(_) => problem.with_fix(Edit::new(span, text)),
        None => problem,
    }
}
