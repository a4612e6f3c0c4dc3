//! Repair as a search, for `fix`: when a game's first error (a reading
//! error in its text among them) has no repair of its own, or its own
//! repair leaves the game faulty as far as a candidate is judged, every
//! record one edit away around it is tried, and each is judged by
//! replaying the rest of the game. Candidates that differ in spacing alone
//! are one.
//!
//! The candidates are the edits of the faulty line (a turn's, or a line
//! that cannot be read as a turn) and of the turn lines before it (after
//! their labels, before any comment): any character
//! replaced by one of the notation's alphabet, one put in, one taken out
//! (a space among them: battle records split or run together), two
//! neighbours swapped, two fates of a battle record swapped; and whole
//! tokens (steps, battle records, Penningr actions) taken out, written
//! twice, or moved among their turn's tokens of their kind; and on the
//! faulty line, every step legal at each place between its steps put back.
//! At most [`MAX_CANDIDATES`] are tried.
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
//! Passing candidates that reach the same board at the end of the faulty
//! turn and differ only in how or where one repair is written are one
//! repair ([`ties`]): a character or two changed at one place (`Ke` and
//! `Ke0`), one step put back at any of several places of its turn, or
//! the turn's steps in several orders (the shortest stretch rewritten).
//! Of candidates that play different games, a step written twice side
//! by side taken out ranks first, then one step put back before any
//! written text is rewritten ([`ties::ranked_first`]).
//! A turn whose outcome was lost, battle records and all, also gets the
//! records the rules give its battles as candidates (one for each way
//! an L may retreat); an offer's lost answer is put in after it.
//! A turn two or more steps short is left to its own repairs, unless a
//! reading error on its line says its steps are not counted as written.
//! The work is bounded: one search per game with an error, a fixed
//! number of candidates, each replaying the game up to a fixed number of
//! turns past the fault and no more than [`MAX_REACH`] bytes of text, so
//! that fixing stays linear in the record.

use crate::core::Edit;
use crate::core::diagnostic::{MAX_LISTED, MAX_LISTED_BYTES, Problem};
use crate::hirp::rules::STEPS_PER_TURN;
use crate::hirp::syntax::ast::{Game, Turn};

use super::fast::Paused;

mod candidates;
mod fault;
mod judged;
mod lines;
mod records;
mod ties;
mod twice;

use lines::{line_end, line_start, plain};

pub(crate) use twice::first_line_twice;

use candidates::{Window, window};

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

/// An edit of a game's text tried as a repair: where (from the text's
/// start), what is put there, how many characters it changes, and whether
/// it writes whole tokens (a step put back, a token taken out, written
/// twice or moved, a choice of the fault's help) rather than characters.
#[derive(Clone, Debug)]
struct Candidate {
    start: usize,
    end: usize,
    with: String,
    cost: usize,
    whole: bool,
    /// For a step moved from the neighbouring turn, where it was written.
    moved: Option<usize>,
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
    mended: &[usize],
) {
    for (n, game) in games.iter().enumerate() {
        if mended.contains(&n) {
            continue;
        }
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
        let first = fault::first_error(problems, |p, g| inside(p, g));
        let Some(first) = first else { continue };
        let problem = &problems[first].0;
        if problem.fix.is_some() {
            // A step taken out by the fault's own repair, when taking out
            // another step of its turn plays as well: a tie.
            match other_removal(text, base, game, problem) {
                Some(Removal::Tie(both)) => {
                    let problem = &mut problems[first].0;
                    problem.fix = None;
                    problem.offer("write the steps", &both);
                    continue;
                }
                Some(Removal::Copy(steps, edit)) => {
                    let problem = &mut problems[first].0;
                    problem.help = Some(format!("write the steps `{steps}`"));
                    problem.fix = Some(edit);
                    continue;
                }
                None => {}
            }
            // An own repair after which the game plays holds; one after
            // which it does not gives way to the search's, if one.
            if !own_fails(text, base, game, problem) {
                continue;
            }
        }
        let problem = &problems[first].0;
        let game_problems = problems.iter().filter(|(p, g)| inside(p, g));
        if !searched(text, base, problem, game_problems.map(|(p, _)| p)) {
            continue;
        }
        let edit = match search(text, base, game, &problems[first].0, None) {
            Some(Found::Repair(edit)) => edit,
            Some(Found::Tie(choices, more)) => {
                problems[first].0.offer_tie(choices, more);
                continue;
            }
            None => continue,
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

/// What the search makes of a fault.
enum Found {
    /// The one repair, or the one that ranks first.
    Repair(Edit),
    /// Several records one edit away that play: a tie, with the first of
    /// their lines as each writes it and how many more there are.
    Tie(Vec<String>, usize),
}

/// The repair the search finds for the fault `fault` of the game `game`
/// in `text`, if one ranks first; the records that play, if several do.
fn search(
    text: &str,
    base: usize,
    game: &Game,
    fault: &Problem,
    quiet: Option<usize>,
) -> Option<Found> {
    let at = fault.span.start.saturating_sub(base);
    let start = game.span.start.checked_sub(base)?;
    let turns: Vec<&Turn> = game.turns.iter().collect();
    let (windows, stop, cut) = lines_searched(text, base, game, &turns, at)?;
    let stop = quiet.map_or(stop, |quiet| stop.min(quiet));
    let fault_line = windows.last()?.line;
    if fault_line.saturating_sub(start) > MAX_BEFORE
        || stop.saturating_sub(windows[0].line) > MAX_REACH
    {
        return None;
    }
    let faulty = (fault_line, index_of(&turns, windows.last()?.turn), stop);
    let paused = pauses(text, start, windows)?;
    let (passing, mut lines) = judged::judged(text, (base, start), (game, fault), &paused, faulty)?;
    lines.dedup();
    // The game's last turn may have something to report (its battle
    // written without the advance, as the rulebook's example writes it),
    // on which the fast replay gives up for every candidate: the candidates
    // are judged once more up to it.
    if lines.is_empty() && quiet.is_none() {
        let last = line_start(text, turns.last()?.span.start.checked_sub(base)?);
        if stop > last && last > fault_line {
            return search(text, base, game, fault, Some(last));
        }
    }
    // Candidates on two lines: either may be the mistake. On the first line
    // searched alone: a line before it may explain it as well.
    let first_line = paused.first().map(|p| p.0);
    if lines.is_empty() || (cut && lines.first() == first_line.as_ref()) {
        return None;
    }
    let tie = || tied(text, &passing).map(|(choices, more)| Found::Tie(choices, more));
    if lines.len() != 1 {
        return tie();
    }
    let best = match first(&passing) {
        Some(best) => best,
        None => {
            let (line, at) = paused
                .iter()
                .find(|p| p.0 == lines[0])
                .map(|p| (p.0, &p.1))?;
            let end = (line_end(text, fault_line) + 1).min(text.len());
            match ties::ranked_first(text, line..end, at, &passing) {
                Some(best) => best,
                None => return tie(),
            }
        }
    };
    // Judged short of the game's last turn, a repair holds only when the
    // whole game then has no error.
    if quiet.is_some() && !fault::whole_game_plays(text, (start, game), best) {
        return None;
    }
    fault::found(text, base, game, fault, best)
}

/// The lines of `text` as the first [`MAX_LISTED`] of the `passing`
/// candidates write them, label and all, in the order of the text, and
/// how many more pass: a tie's choices. Passing candidates write distinct
/// records, each on one line, so their lines differ. `None` when a line
/// is longer than [`MAX_LISTED_BYTES`].
fn tied(text: &str, passing: &[Candidate]) -> Option<(Vec<String>, usize)> {
    let mut order: Vec<&Candidate> = passing.iter().collect();
    order.sort_by_key(|c| (c.start, c.end));
    let mut lines = Vec::new();
    for c in order.iter().take(MAX_LISTED) {
        let (start, end) = (line_start(text, c.start), line_end(text, c.end));
        if end - start > MAX_LISTED_BYTES {
            return None;
        }
        let line = [&text[start..c.start], &c.with, &text[c.end..end]].concat();
        lines.push(line.trim_end().to_owned());
    }
    Some((lines, passing.len().saturating_sub(MAX_LISTED)))
}

/// The replay paused at the start of each of the lines searched, with
/// its window, from the game's start at `start`: the game up to there
/// must play on the fast path, or the judge cannot speak for the
/// candidates.
fn pauses<'t>(
    text: &str,
    start: usize,
    windows: Vec<Window<'t>>,
) -> Option<Vec<(usize, Paused, Window<'t>)>> {
    let mut paused = Vec::new();
    let mut from = start;
    let mut state: Option<Paused> = None;
    for window in windows {
        let line = window.line.max(from);
        let bytes = &text.as_bytes()[from..line];
        let next = match state.take() {
            None => Paused::after(bytes)?,
            Some(p) => p.advance(bytes)?,
        };
        paused.push((line, next.clone(), window));
        state = Some(next);
        from = line;
    }
    Some(paused)
}

/// The lines the search edits for a fault at `at`: the twelve turn lines
/// before its line, then its line, read as a turn or not (a letter before
/// its first step); where a candidate's replay ends; and whether turns
/// before the first line searched are left out.
fn lines_searched<'t>(
    text: &str,
    base: usize,
    game: &Game,
    turns: &[&'t Turn],
    at: usize,
) -> Option<(Vec<Window<'t>>, usize, bool)> {
    let place = place(text, base, game, turns, at)?;
    let first = place.before.saturating_sub(EARLIER);
    let mut windows: Vec<Window<'t>> = turns[first..place.before]
        .iter()
        .map(|turn| window(text, base, turn))
        .collect();
    windows.push(match place.read {
        Some(t) => window(text, base, turns[t]),
        None => candidates::unread_window(text, place.line, place.line),
    });
    Some((windows, place.stop, first > 0))
}

/// Where a fault lies among a game's turns: see [`place`].
struct Place {
    /// The start of its line.
    line: usize,
    /// The turn read on that line, if one is.
    read: Option<usize>,
    /// How many turns come before the line.
    before: usize,
    /// Where a candidate's replay ends: the line of the turn [`AHEAD`]
    /// turns past it, or the game's end.
    stop: usize,
}

/// Where the fault at `at` (from the text's start) of `game`, whose turns
/// are `turns`, lies; `None` when its line is outside the game.
fn place(text: &str, base: usize, game: &Game, turns: &[&Turn], at: usize) -> Option<Place> {
    let line = line_start(text, at.min(text.len()));
    let (start, end) = (game.span.start.checked_sub(base)?, game.span.end - base);
    if line < start || line >= end.min(text.len()) {
        return None;
    }
    let line_of = |turn: &Turn| line_start(text, turn.span.start - base);
    let read = turns.iter().position(|turn| line_of(turn) == line);
    let before = read.unwrap_or_else(|| turns.partition_point(|turn| line_of(turn) < line));
    let after = read.map_or(before, |t| t + 1);
    let stop = turns
        .get(after + AHEAD)
        .map_or(end, |turn| line_of(turn))
        .min(text.len());
    Some(Place {
        line,
        read,
        before,
        stop,
    })
}

/// Whether the search mends `fault`, of a game with `problems`: any but a
/// step count; a step count of a turn a step short, where every step that
/// may have been lost is a candidate ([`put_back`]), or of more than five
/// steps, where taking out each token is. A turn two or more steps short
/// may have lost a token of two steps (`Hei`), which no candidate puts
/// back: its own repairs hold, unless its line holds a reading error too
/// (a step's text misread miscounts the turn; a token lost is read well).
fn searched<'p>(
    text: &str,
    base: usize,
    fault: &Problem,
    mut problems: impl Iterator<Item = &'p Problem>,
) -> bool {
    if fault.code.to_string() != "hirp::turn::step_count" {
        return true;
    }
    let counted = super::turn::counted(fault);
    if counted.is_some_and(|n| n == STEPS_PER_TURN - 1 || n > STEPS_PER_TURN) {
        return true;
    }
    let line_of = |p: &Problem| line_start(text, p.span.start.saturating_sub(base).min(text.len()));
    let line = line_of(fault);
    problems.any(|p| p.code.to_string().starts_with("hirp::syntax::") && line_of(p) == line)
}

/// The turn whose line holds `at` (from the text's start), and where the
/// replay of a candidate ends ([`place`]).
fn faulty_turn(
    text: &str,
    base: usize,
    game: &Game,
    turns: &[&Turn],
    at: usize,
) -> Option<(usize, usize)> {
    let place = place(text, base, game, turns, at)?;
    Some((place.read?, place.stop))
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
fn other_removal(text: &str, base: usize, game: &Game, fault: &Problem) -> Option<Removal> {
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
    // A step written twice side by side is taken out first
    // (`ties::one_copy`), unless another step written twice in the turn,
    // side by side or not, plays taken out as well. Else
    // of a step written again later in its turn the later copy is taken
    // out (the latest place).
    let paired: Vec<usize> = plays
        .iter()
        .copied()
        .filter(|&i| ties::doubled(text, steps[i].0..steps[i].1))
        .collect();
    if let Some(&copy) = paired.first() {
        let elsewhere =
            |i: usize| removals[i] != removals[copy] && ties::twice(text, steps[i].0..steps[i].1);
        if paired.iter().any(|&i| removals[i] != removals[copy])
            || plays.iter().any(|&i| elsewhere(i))
        {
            return Some(Removal::Tie([run(own_at), run(other)]));
        }
        if removals[copy] == own {
            return None;
        }
        let edit = crate::core::fix::narrowed(text, base, steps[copy], "");
        return Some(Removal::Copy(run(copy), edit));
    }
    let latest = *plays.last()?;
    if removals[latest] == own {
        return None;
    }
    Some(Removal::Tie([run(own_at), run(other)]))
}

/// What [`other_removal`] makes of a fault's own repair that takes a step
/// out.
enum Removal {
    /// Another step taken out plays as well: the steps of the turn of each.
    Tie([String; 2]),
    /// A step written twice side by side is taken out instead: the turn's
    /// steps, and the edit.
    Copy(String, Edit),
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

/// Where `turn` is among `turns`, if it is one of them.
pub(super) fn index_of(turns: &[&Turn], turn: Option<&Turn>) -> Option<usize> {
    turns
        .iter()
        .position(|u| turn.is_some_and(|t| std::ptr::eq(*u, t)))
}

/// The edit of the repair `best`: a line taken out takes its line end
/// along (past the replay's stop, at the game's end).
fn applied(text: &str, base: usize, best: &Candidate) -> Edit {
    let whole_line = best.with.is_empty()
        && line_start(text, best.start) == best.start
        && line_end(text, best.start) == best.end
        && text[best.end..].starts_with('\n');
    let end = best.end + usize::from(whole_line);
    crate::core::fix::narrowed(text, base, (best.start, end), &best.with)
}
