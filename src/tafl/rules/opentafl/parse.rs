//! Reading a rules string: entries `key:value` apart by spaces (or any
//! whitespace), the board size and the starting position required, every
//! other key at OpenTafl's default when left out.

use std::collections::BTreeSet;
use std::ops::Range;

use super::{
    BERSERK, ESCAPE, FORT_WALLS, JUMP, KING_ARMED, KING_STRENGTH, Letters, NO_MOVE, NO_REPEAT,
    REPETITION, RulesError, RulesErrorKind, RulesWarning, RulesWarningKind, SHIELDWALL, YES_NO,
};
use crate::core::closest;
use crate::tafl::rules::compiled::Class;
use crate::tafl::rules::layout::{Layout, MAX_DIM, MIN_DIM};
use crate::tafl::rules::pieces::PieceSet;
use crate::tafl::rules::ruleset::{Jump, RuleSet, Special, check_kings};
use crate::tafl::rules::speed::SpeedError;
use crate::tafl::{Piece, Square};

/// One entry of a rules string.
struct Entry<'t> {
    key: &'t str,
    value: &'t str,
    /// The whole entry.
    span: Range<usize>,
    /// The value, after the `:`.
    value_span: Range<usize>,
}

impl Entry<'_> {
    /// The value's bytes, or the entry's when the value is empty.
    fn value_or_entry(&self) -> Range<usize> {
        if self.value.is_empty() {
            self.span.clone()
        } else {
            self.value_span.clone()
        }
    }

    fn error(&self, kind: RulesErrorKind) -> RulesError {
        RulesError {
            kind,
            span: self.value_or_entry(),
        }
    }
}

/// What a jump entry takes.
const JUMPS: &str = "`n` (no jumps), `r` (to or from a special square), `j` (over an enemy) or `c` \
                     (over an enemy, capturing it)";

/// Every key a rules string may hold: OpenTafl's, and the eight this
/// crate adds (`rpt`, `nomv`, `norpt`, `norpts`, `plim`, `cne`, `kgrp`,
/// `efw`); what a slip is compared with.
pub(super) const KEYS: &[&str] = &[
    "dim", "name", "esc", "surf", "atkf", "tfr", "rpt", "nomv", "norpt", "norpts", "plim", "cne",
    "ka", "ks", "kgrp", "kj", "nj", "cj", "mj", "gj", "spd", "cor", "cen", "afor", "dfor", "corh",
    "cenh", "cenhe", "aforh", "dforh", "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors",
    "dfors", "corre", "cenre", "aforre", "dforre", "sw", "swf", "efe", "efw", "linc", "ber",
    "start", "starti",
];

impl RuleSet {
    /// Reads an OpenTafl rules string, with the warnings worth a word:
    /// unknown keys (ignored), a trailing comma in a list of squares, a key
    /// given twice (the last counts), entries out of the order the
    /// specification asks, rules the engine does not play.
    pub fn from_opentafl(text: &str) -> Result<(RuleSet, Vec<RulesWarning>), RulesError> {
        let mut warnings = Vec::new();
        let entries = entries(text, &mut warnings)?;
        let dim = dimension(&entries, &mut warnings)?;
        let mut rules = RuleSet::opentafl(start(text, &entries, dim, &mut warnings)?);
        for entry in &entries {
            apply(&mut rules, entry)?;
        }
        Ok((rules, warnings))
    }
}

/// The entries, in order, of each key only the last.
fn entries<'t>(
    text: &'t str,
    warnings: &mut Vec<RulesWarning>,
) -> Result<Vec<Entry<'t>>, RulesError> {
    let mut entries: Vec<Entry<'t>> = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(at),
            (true, Some(from)) => {
                let entry = entry(text, from..at)?;
                // `start` and `starti` are one entry written two ways.
                let same = |k: &str| {
                    k == entry.key || k.starts_with("start") && entry.key.starts_with("start")
                };
                if let Some(n) = entries.iter().position(|e| same(e.key)) {
                    warnings.push(warning(
                        RulesWarningKind::Repeated {
                            key: entry.key.to_owned(),
                        },
                        entry.span.clone(),
                    ));
                    entries.remove(n);
                }
                entries.push(entry);
                start = None;
            }
            _ => {}
        }
    }
    Ok(entries)
}

fn entry(text: &str, span: Range<usize>) -> Result<Entry<'_>, RulesError> {
    let token = &text[span.clone()];
    let colon = token.find(':').ok_or_else(|| RulesError {
        kind: RulesErrorKind::NoColon {
            entry: token.to_owned(),
        },
        span: span.clone(),
    })?;
    Ok(Entry {
        key: &token[..colon],
        value: &token[colon + 1..],
        value_span: span.start + colon + 1..span.end,
        span,
    })
}

fn warning(kind: RulesWarningKind, span: Range<usize>) -> RulesWarning {
    RulesWarning { kind, span }
}

/// The board size, the first entry.
fn dimension(entries: &[Entry], warnings: &mut Vec<RulesWarning>) -> Result<u8, RulesError> {
    let n = entries
        .iter()
        .position(|e| e.key == "dim")
        .ok_or(RulesError {
            kind: RulesErrorKind::NoDimension,
            span: 0..0,
        })?;
    let entry = &entries[n];
    if n > 0 {
        warnings.push(warning(
            RulesWarningKind::DimensionNotFirst,
            entry.span.clone(),
        ));
    }
    let dim = entry
        .value
        .parse::<u8>()
        .ok()
        .filter(|d| (MIN_DIM..=MAX_DIM).contains(d) && !entry.value.starts_with(['+', '0']));
    dim.ok_or_else(|| {
        entry.error(RulesErrorKind::Dimension {
            value: entry.value.to_owned(),
        })
    })
}

/// The starting position, the last entry.
fn start(
    text: &str,
    entries: &[Entry],
    dim: u8,
    warnings: &mut Vec<RulesWarning>,
) -> Result<Layout, RulesError> {
    let entry = entries
        .iter()
        .find(|e| e.key == "start" || e.key == "starti")
        .ok_or(RulesError {
            kind: RulesErrorKind::NoStart,
            span: text.len()..text.len(),
        })?;
    if entries.last().is_some_and(|last| last.span != entry.span) {
        warnings.push(warning(RulesWarningKind::StartNotLast, entry.span.clone()));
    }
    let read = if entry.key == "start" {
        Layout::from_opentafl(entry.value)
    } else {
        Layout::from_opentafl_inverted(entry.value)
    };
    let layout = read.map_err(|e| RulesError {
        kind: RulesErrorKind::Start(e.kind),
        span: entry.value_span.start + e.span.start..entry.value_span.start + e.span.end,
    })?;
    if layout.dim() != dim {
        return Err(entry.error(RulesErrorKind::StartSize {
            dim,
            layout: layout.dim(),
        }));
    }
    check_kings(&layout).map_err(|_| entry.error(RulesErrorKind::TwoKings))?;
    let mut seen = BTreeSet::new();
    for (at, letter) in entry.value.char_indices() {
        let unplayed = Piece::from_letter(letter).is_some_and(|(s, p)| Class::of(s, p).is_none());
        if unplayed && seen.insert(letter) {
            let from = entry.value_span.start + at;
            return Err(RulesError {
                kind: RulesErrorKind::PieceNotPlayed { letter },
                span: from..from + 1,
            });
        }
    }
    Ok(layout)
}

/// Sets the field of one entry.
fn apply(rules: &mut RuleSet, entry: &Entry) -> Result<(), RulesError> {
    let key = entry.key;
    match key {
        "dim" | "start" | "starti" => {}
        "name" => rules.name = Some(entry.value.to_owned()),
        "esc" => rules.escape = choose(entry, "esc", ESCAPE, "`c` (corners) or `e` (edge)")?,
        "surf" => rules.surrounding_fatal = yes_no(entry, "surf")?,
        "atkf" => rules.attackers_first = yes_no(entry, "atkf")?,
        "tfr" => rules.repetition.rule = choose(entry, "tfr", REPETITION, "`i`, `d`, `w` or `l`")?,
        "rpt" => rules.repetition.occurrence = occurrence(entry)?,
        "nomv" => rules.no_move = choose(entry, "nomv", NO_MOVE, "`l` (loses) or `d` (draw)")?,
        "norpt" => {
            rules.no_repeat = choose(
                entry,
                "norpt",
                NO_REPEAT,
                "`n` (neither side), `a` (the attackers) or `d` (the defenders)",
            )?;
        }
        "norpts" => rules.no_repeat_start = yes_no(entry, "norpts")?,
        "plim" => rules.ply_limit = Some(ply_limit(entry)?),
        "cne" => rules.cannot_escape = yes_no(entry, "cne")?,
        "ka" => rules.king_armed = choose(entry, "ka", KING_ARMED, "`y`, `n`, `a` or `h`")?,
        "ks" => rules.king_strength = choose(entry, "ks", KING_STRENGTH, "`s`, `c`, `m` or `w`")?,
        "kgrp" => rules.king_with_guards = yes_no(entry, "kgrp")?,
        "sw" => rules.shieldwall = choose(entry, "sw", SHIELDWALL, "`n`, `w` or `s`")?,
        "swf" => rules.shieldwall_flank = yes_no(entry, "swf")?,
        "efe" => rules.edge_fort_escape = yes_no(entry, "efe")?,
        "efw" => {
            rules.edge_fort_walls = choose(
                entry,
                "efw",
                FORT_WALLS,
                "`u` (unbreakable walls) or `f` (walls flanked, as hnefatafl.org's engine judges them)",
            )?;
        }
        "linc" => rules.linnaean = yes_no(entry, "linc")?,
        "kj" => rules.jumps.king = choose(entry, "kj", JUMP, JUMPS)?,
        "nj" => rules.jumps.knight = choose(entry, "nj", JUMP, JUMPS)?,
        "cj" => rules.jumps.commander = choose(entry, "cj", JUMP, JUMPS)?,
        "mj" => rules.jumps.mercenary = choose(entry, "mj", JUMP, JUMPS)?,
        // A guard's jumps: OpenTafl's engine reads them and never plays them.
        "gj" => {
            rules.jumps.guard = choose(entry, "gj", JUMP, JUMPS)?;
            if rules.jumps.guard != Jump::No {
                return Err(RulesError {
                    kind: RulesErrorKind::NotPlayed {
                        entry: format!("gj:{}", entry.value),
                        what: "guard jumps",
                    },
                    span: entry.span.clone(),
                });
            }
        }
        "ber" => {
            let expected = "`n` (none), `c` (after a capture, when it can capture again) or `m` \
                            (after a capture, when it can move)";
            rules.berserk = choose(entry, "ber", BERSERK, expected)?;
        }
        "spd" => {
            rules.speed = entry.value.parse().map_err(|e: SpeedError| {
                entry.error(RulesErrorKind::Value {
                    key: "spd",
                    value: entry.value.to_owned(),
                    expected: e.expected(),
                })
            })?
        }
        "cor" | "cen" | "afor" | "dfor" => {
            let dim = rules.dim;
            special(rules, key).expect("a kind of square").squares = squares(entry, dim)?;
        }
        _ => return other(rules, entry),
    }
    Ok(())
}

/// The piece-type lists, the unknown keys.
fn other(rules: &mut RuleSet, entry: &Entry) -> Result<(), RulesError> {
    if let Some(set) = piece_set(rules, entry.key) {
        *set = PieceSet::from_letters(entry.value).map_err(|at| {
            let letter = entry.value[at..].chars().next().unwrap_or('?');
            let from = entry.value_span.start + at;
            RulesError {
                kind: RulesErrorKind::Piece { letter },
                span: from..from + letter.len_utf8(),
            }
        })?;
    } else {
        return Err(RulesError {
            kind: RulesErrorKind::UnknownKey {
                key: entry.key.to_owned(),
                suggestion: closest(entry.key, KEYS.iter().copied()),
            },
            span: entry.span.clone(),
        });
    }
    Ok(())
}

/// The kind of special square a key's prefix names.
fn special<'r>(rules: &'r mut RuleSet, prefix: &str) -> Option<&'r mut Special> {
    match prefix {
        "cor" => Some(&mut rules.corners),
        "cen" => Some(&mut rules.centre),
        "afor" => Some(&mut rules.attacker_forts),
        "dfor" => Some(&mut rules.defender_forts),
        _ => None,
    }
}

/// The piece-type list a key names: `cenhe`, or a kind's prefix and `h`
/// (hostile), `p` (passable), `s` (stop), `re` (re-enter).
fn piece_set<'r>(rules: &'r mut RuleSet, key: &str) -> Option<&'r mut PieceSet> {
    if key == "cenhe" {
        return Some(&mut rules.centre_hostile_when_empty);
    }
    let prefix = ["afor", "dfor", "cor", "cen"]
        .into_iter()
        .find(|p| key.starts_with(p))?;
    let special = special(rules, prefix)?;
    match &key[prefix.len()..] {
        "h" => Some(&mut special.hostile),
        "p" => Some(&mut special.passable),
        "s" => Some(&mut special.stop),
        "re" => Some(&mut special.reenter),
        _ => None,
    }
}

fn choose<T: Copy>(
    entry: &Entry,
    key: &'static str,
    table: &Letters<T>,
    expected: &'static str,
) -> Result<T, RulesError> {
    table
        .iter()
        .find(|(_, l)| *l == entry.value)
        .map(|(v, _)| *v)
        .ok_or_else(|| {
            entry.error(RulesErrorKind::Value {
                key,
                value: entry.value.to_owned(),
                expected,
            })
        })
}

fn yes_no(entry: &Entry, key: &'static str) -> Result<bool, RulesError> {
    choose(entry, key, YES_NO, "`y` or `n`")
}

fn ply_limit(entry: &Entry) -> Result<u16, RulesError> {
    let n = entry.value.parse::<u16>().ok();
    n.filter(|&n| n >= 1 && !entry.value.starts_with(['+', '0']))
        .ok_or_else(|| {
            entry.error(RulesErrorKind::Value {
                key: "plim",
                value: entry.value.to_owned(),
                expected: "the plies after which the game is drawn, 1 to 65535",
            })
        })
}

fn occurrence(entry: &Entry) -> Result<u8, RulesError> {
    let n = entry.value.parse::<u8>().ok();
    n.filter(|&n| n >= 2 && !entry.value.starts_with(['+', '0']))
        .ok_or_else(|| {
            entry.error(RulesErrorKind::Value {
                key: "rpt",
                value: entry.value.to_owned(),
                expected: "the occurrence that ends the game, 2 to 255",
            })
        })
}

/// A list of squares, `a1,a7,g1,g7`, each on the board; a comma after the
/// last, as OpenTafl writes it, is read quietly.
fn squares(entry: &Entry, dim: u8) -> Result<BTreeSet<Square>, RulesError> {
    let mut squares = BTreeSet::new();
    if entry.value.is_empty() {
        return Ok(squares);
    }
    let mut from = 0;
    for item in entry.value.split(',') {
        let span = entry.value_span.start + from..entry.value_span.start + from + item.len();
        from += item.len() + 1;
        if item.is_empty() && from > entry.value.len() {
            continue;
        }
        let square = item
            .parse::<Square>()
            .ok()
            .filter(|s| s.file() < dim && s.rank() < dim);
        let error = || RulesError {
            kind: RulesErrorKind::Square {
                text: item.to_owned(),
                dim,
            },
            span: span.clone(),
        };
        squares.insert(square.ok_or_else(error)?);
    }
    Ok(squares)
}
