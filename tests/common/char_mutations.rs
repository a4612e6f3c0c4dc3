//! Single mistakes made at the level of characters and tokens, knowing
//! nothing of what a mistake means: any position of a turn's line, any
//! character of the notation's alphabet. Shared by the repair rates
//! (`tests/repair_rates.rs`).
//!
//! A mistake is one of:
//!
//! - a character replaced by another of the alphabet, one put in, one
//!   taken out, two neighbours swapped (anywhere in a turn's line after its
//!   label, token boundaries included);
//! - a whole token (a step, a battle record, a Penningr action) taken out,
//!   written twice, or moved to another place among its turn's tokens of
//!   the same kind;
//! - two tokens run together (a space between them taken out).
//!
//! The alphabet is every character that the record's turns use, drawn from
//! the record itself, not from a list of what the notation means.

#![allow(dead_code)]

use hirp::core::Span;

/// The kinds of edit, in the order the tables show them.
pub const EDITS: &[&str] = &[
    "character replaced",
    "character put in",
    "character taken out",
    "neighbours swapped",
    "token taken out",
    "token written twice",
    "token moved in its turn",
    "tokens run together",
];

/// A small deterministic random source (xorshift), of its own so that the
/// variants do not change when another generator does.
pub struct Draw(pub u64);

impl Draw {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// The characters the turns of `text` use, but whitespace, sorted.
pub fn alphabet(text: &str) -> Vec<char> {
    let mut chars: Vec<char> = turn_lines(text)
        .iter()
        .flat_map(|&(s, e)| text[s..e].chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// The spans of the turns' lines of a record (tags and blank lines aside),
/// each from after its label to its end.
pub fn turn_lines(text: &str) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end();
        let is_turn = body.starts_with(['G', 'S']) && !body.starts_with('[');
        if is_turn && let Some(space) = body.find(' ') {
            lines.push((at + space + 1, at + body.len()));
        }
        at += line.len();
    }
    lines
}

/// The tokens of each turn, as the parser reads a valid record: steps,
/// Penningr actions and battle records, each list in its turn's order.
pub fn turn_tokens(text: &str) -> Vec<[Vec<Span>; 3]> {
    let parsed = hirp::hirp::parse(text);
    let turns = parsed.record.games.iter().flat_map(|g| &g.turns);
    turns
        .map(|turn| {
            [
                turn.steps.iter().map(|s| s.span()).collect(),
                turn.outcome.penningr.iter().map(|p| p.span).collect(),
                turn.outcome.battles.iter().map(|b| b.span()).collect(),
            ]
        })
        .collect()
}

/// `text` with `span` replaced by `with`.
fn replaced(text: &str, span: (usize, usize), with: &str) -> String {
    format!("{}{with}{}", &text[..span.0], &text[span.1..])
}

/// One mistake of kind `edit` (an index in [`EDITS`]) in `text`, drawn
/// with `draw`; `None` when the record has no place for it or the draw
/// gives back the text unchanged. Returns the variant and the offset of
/// the edit.
pub fn mutate(text: &str, edit: usize, alphabet: &[char], draw: &mut Draw) -> Option<String> {
    let lines = turn_lines(text);
    if lines.is_empty() {
        return None;
    }
    let (start, end) = lines[draw.below(lines.len())];
    let char_at = |draw: &mut Draw, room: usize| start + draw.below(end - start + room);
    let letter = |draw: &mut Draw| alphabet[draw.below(alphabet.len())].to_string();
    let variant = match edit {
        0 => {
            let at = char_at(draw, 0);
            replaced(text, (at, at + 1), &letter(draw))
        }
        1 => {
            let at = char_at(draw, 1);
            replaced(text, (at, at), &letter(draw))
        }
        2 => {
            let at = char_at(draw, 0);
            replaced(text, (at, at + 1), "")
        }
        3 => {
            if end - start < 2 {
                return None;
            }
            let at = start + draw.below(end - start - 1);
            let pair: String = text[at..at + 2].chars().rev().collect();
            replaced(text, (at, at + 2), &pair)
        }
        4..=6 => token_edit(text, edit, draw)?,
        _ => {
            let spaces: Vec<usize> = (start..end).filter(|&i| &text[i..=i] == " ").collect();
            if spaces.is_empty() {
                return None;
            }
            let at = spaces[draw.below(spaces.len())];
            replaced(text, (at, at + 1), "")
        }
    };
    (variant != text).then_some(variant)
}

/// A whole token taken out (4), written twice (5) or moved among its
/// turn's tokens of its kind (6).
fn token_edit(text: &str, edit: usize, draw: &mut Draw) -> Option<String> {
    let turns = turn_tokens(text);
    let mut all: Vec<(usize, usize, usize)> = Vec::new();
    for (t, kinds) in turns.iter().enumerate() {
        for (k, spans) in kinds.iter().enumerate() {
            all.extend((0..spans.len()).map(|n| (t, k, n)));
        }
    }
    if all.is_empty() {
        return None;
    }
    let (t, k, n) = all[draw.below(all.len())];
    let spans = &turns[t][k];
    let span = spans[n];
    let token = &text[span.start..span.end];
    // Battle records and Penningr actions stand apart, steps run together.
    let gap = if k == 0 { "" } else { " " };
    match edit {
        4 => {
            // The token and one space beside it, if it stands apart.
            let (mut s, mut e) = (span.start, span.end);
            if k > 0 {
                if text[e..].starts_with(' ') {
                    e += 1;
                } else if text[..s].ends_with(' ') {
                    s -= 1;
                }
            }
            Some(replaced(text, (s, e), ""))
        }
        5 => Some(replaced(
            text,
            (span.end, span.end),
            &format!("{gap}{token}"),
        )),
        _ => {
            if spans.len() < 2 {
                return None;
            }
            let mut to = draw.below(spans.len() - 1);
            if to >= n {
                to += 1;
            }
            // Taken out, then put before the token now at `to` (or after
            // the last).
            let mut tokens: Vec<&str> = spans.iter().map(|s| &text[s.start..s.end]).collect();
            let moved = tokens.remove(n);
            tokens.insert(to, moved);
            let first = spans[0].start;
            let last = spans[spans.len() - 1].end;
            let between = if k == 0 { "" } else { " " };
            // Only when the tokens of the kind are written as the record
            // lays them out: steps run together, the others a space apart.
            let laid: String = spans
                .iter()
                .map(|s| &text[s.start..s.end])
                .collect::<Vec<_>>()
                .join(between);
            if text[first..last] != laid {
                return None;
            }
            Some(replaced(text, (first, last), &tokens.join(between)))
        }
    }
}

/// A record's text with its layout made plain: each line's runs of
/// whitespace one space, no space at either end. Two records that read
/// the same after this are the same record.
pub fn plain(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Slips of recording rather than of a character, each made once: a turn's
/// line written twice, label and all (after itself); a step written in the
/// neighbouring turn (taken out of its turn and put at any place among the
/// steps of the turn before or after it); a step of a turn and one of the
/// next exchanged; a Penningr offer and its answer written where there was
/// none; a step left out; a battle record written on the line before or
/// after its own (its own line left with `/` or with nothing, the record
/// put over the other's `/` or at any place among its records); a fighter
/// written in another battle of its turn (at any place among its
/// fighters).
pub const SLIPS: &[&str] = &[
    "line written twice",
    "step in the neighbouring turn",
    "steps of two turns exchanged",
    "offer where there was none",
    "step left out",
    "battle record on the neighbouring line",
    "fighter in another battle",
];

/// A turn of a valid record as the slips of its battles see it: where
/// its text ends, and each battle's span with its fighters' spans.
struct Battles {
    end: usize,
    battles: Vec<(Range, Vec<Range>)>,
}

/// A span of the text, from its start: its first byte and the byte after.
type Range = (usize, usize);

/// The battles of each turn, as the parser reads a valid record.
fn turn_battles(text: &str) -> Vec<Battles> {
    use hirp::hirp::syntax::BattleToken;
    let parsed = hirp::hirp::parse(text);
    let turns = parsed.record.games.iter().flat_map(|g| &g.turns);
    turns
        .map(|turn| {
            let battles = turn.outcome.battles.iter().filter_map(|b| match b {
                BattleToken::Battle(b) => Some(b),
                BattleToken::Malformed(_) => None,
            });
            let battles = battles.map(|b| {
                let fighters = b.fighters.iter().map(|f| (f.span.start, f.span.end));
                ((b.span.start, b.span.end), fighters.collect())
            });
            Battles {
                end: turn.span.end,
                battles: battles.collect(),
            }
        })
        .collect()
}

/// `text` with two edits made, in either order, neither overlapping.
fn both_edits(text: &str, a: ((usize, usize), &str), b: ((usize, usize), &str)) -> String {
    if a.0.0 <= b.0.0 {
        two_edits(text, a, b)
    } else {
        two_edits(text, b, a)
    }
}

/// One of the turns of `turns` with at least `least` battles, if any.
fn with_battles(turns: &[Battles], least: usize, draw: &mut Draw) -> Option<usize> {
    let some: Vec<usize> = (0..turns.len())
        .filter(|&t| turns[t].battles.len() >= least)
        .collect();
    some.get(draw.below(some.len())).copied()
}

/// A battle record of a turn that has one written on the line of the
/// turn before or after it.
fn battle_moved(text: &str, draw: &mut Draw) -> Option<String> {
    let turns = turn_battles(text);
    let t = with_battles(&turns, 1, draw)?;
    let own = &turns.get(t)?.battles;
    let (s, e) = own.get(draw.below(own.len()))?.0;
    let u = if draw.below(2) == 0 {
        t.checked_sub(1)?
    } else {
        t + 1
    };
    let into = turns.get(u)?;
    let record = &text[s..e];
    // Taken out of its own line: with a space beside it, or leaving `/`
    // or nothing when it was the line's only record.
    let out = if own.len() > 1 {
        if text[e..].starts_with(' ') {
            ((s, e + 1), "")
        } else {
            ((s - 1, e), "")
        }
    } else if draw.below(2) == 0 {
        ((s, e), "/")
    } else {
        ((s - usize::from(text[..s].ends_with(' ')), e), "")
    };
    // Put over the other line's `/`, or at any place among its records.
    let put = if into.battles.is_empty() {
        (text[..into.end].ends_with('/')).then_some(())?;
        ((into.end - 1, into.end), record.to_owned())
    } else {
        let n = draw.below(into.battles.len() + 1);
        match into.battles.get(n) {
            Some(&((at, _), _)) => ((at, at), format!("{record} ")),
            None => {
                let at = into.end;
                ((at, at), format!(" {record}"))
            }
        }
    };
    Some(both_edits(text, (put.0, &put.1), out))
}

/// A fighter of a battle of a turn of two or more written in another of
/// its battles, at any place among its fighters.
fn fighter_moved(text: &str, draw: &mut Draw) -> Option<String> {
    let turns = turn_battles(text);
    let t = with_battles(&turns, 2, draw)?;
    let battles = &turns[t].battles;
    let from = draw.below(battles.len());
    let fighters = &battles[from].1;
    (fighters.len() > 1).then_some(())?;
    let (s, e) = fighters[draw.below(fighters.len())];
    let mut into = draw.below(battles.len() - 1);
    into += usize::from(into >= from);
    let (_, others) = &battles[into];
    let n = draw.below(others.len() + 1);
    let at = others.get(n).map_or_else(|| others[n - 1].1, |f| f.0);
    Some(both_edits(text, ((at, at), &text[s..e]), ((s, e), "")))
}

/// The line holding `at`, from its start to its end (before its line end).
fn line_around(text: &str, at: usize) -> (usize, usize) {
    let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    (start, end)
}

/// `text` with two edits made, `a` before `b`, neither overlapping.
fn two_edits(text: &str, a: ((usize, usize), &str), b: ((usize, usize), &str)) -> String {
    let (((s1, e1), w1), ((s2, e2), w2)) = (a, b);
    format!("{}{w1}{}{w2}{}", &text[..s1], &text[e1..s2], &text[e2..])
}

/// One slip of kind `slip` (an index in [`SLIPS`]) in `text`, drawn with
/// `draw`; `None` when the record has no place for it.
pub fn slip(text: &str, slip: usize, draw: &mut Draw) -> Option<String> {
    let turns = turn_tokens(text);
    if turns.len() < 2 {
        return None;
    }
    let t = draw.below(turns.len());
    let steps = |t: usize| -> Vec<(usize, usize)> {
        turns[t][0].iter().map(|s| (s.start, s.end)).collect()
    };
    let variant = match slip {
        0 => {
            let (start, end) = line_around(text, steps(t).first()?.0);
            let line = &text[start..end];
            replaced(text, (end, end), &format!("\n{line}"))
        }
        1 => {
            let u = if draw.below(2) == 0 {
                t.checked_sub(1)?
            } else {
                t + 1
            };
            (u < turns.len()).then_some(())?;
            let from = steps(t);
            let into = steps(u);
            let (s, e) = *from.get(draw.below(from.len()))?;
            let places: Vec<usize> = std::iter::once(into.first()?.0)
                .chain(into.iter().map(|x| x.1))
                .collect();
            let p = places[draw.below(places.len())];
            let step = &text[s..e];
            if p < s {
                two_edits(text, ((p, p), step), ((s, e), ""))
            } else {
                two_edits(text, ((s, e), ""), ((p, p), step))
            }
        }
        2 => {
            let u = t + 1;
            (u < turns.len()).then_some(())?;
            let (a, b) = (steps(t), steps(u));
            let (s1, e1) = *a.get(draw.below(a.len()))?;
            let (s2, e2) = *b.get(draw.below(b.len()))?;
            let (x, y) = (&text[s1..e1], &text[s2..e2]);
            two_edits(text, ((s1, e1), y), ((s2, e2), x))
        }
        5 => return battle_moved(text, draw).filter(|v| v != text),
        6 => return fighter_moved(text, draw).filter(|v| v != text),
        3 => {
            let (_, end) = line_around(text, steps(t).first()?.0);
            let line = &text[..end];
            (line.ends_with(" /")).then_some(())?;
            let (start, _) = line_around(text, end);
            let side = &text[start..start + 1];
            let other = if side == "G" { "S" } else { "G" };
            let offer = ["d", "t"][draw.below(2)];
            let answer = ["a", "r"][draw.below(2)];
            replaced(
                text,
                (end - 1, end - 1),
                &format!("{side}{offer}{other}{answer}"),
            )
        }
        _ => {
            let all = steps(t);
            let (s, e) = *all.get(draw.below(all.len()))?;
            replaced(text, (s, e), "")
        }
    };
    (variant != text).then_some(variant)
}
