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
