//! Slips of recording of battle records: a record written on the line of
//! the turn before or after its own, and a fighter written in another
//! battle of its turn. Each candidate puts the record or the fighter back
//! where the notation lays it out: a battle record among its turn's
//! records in board order (over the turn's `/`, or after its steps when
//! the line has no outcome), a fighter among its side's fighters (the
//! defender's first) where the rules list it: the Lofðungr, then the
//! Karves, then the Hirþs. Where among pieces of its kind it stood, the
//! record does not tell: it goes after the last of them.

use crate::hirp::syntax::ast::{BattleToken, Piece, Turn, WrittenBattle, WrittenFighter};
use crate::hirp::types::Side;

use super::Candidate;

/// An edit: a span of the text, from its start, and what is written there.
type Put = (usize, usize, String);

/// Fighters moved at most, of one turn: real turns move a few; the
/// parser's bounds (16 battles of 64 fighters) would allow 15,000, each
/// a copy of the stretch of line between its two edits.
const MAX_MOVED: usize = 512;

/// One edit of the text from `a` and `b`, two edits that do not overlap,
/// each a span (from the text's start) and what is written there, that
/// moves a token of `cost` characters.
fn joined(text: &str, a: Put, b: Put, cost: usize) -> Candidate {
    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let with = [a.2.as_str(), &text[a.1..b.0], &b.2].concat();
    Candidate {
        start: a.0,
        end: b.1,
        cost,
        with,
        whole: true,
        moved: None,
    }
}

/// The battles of `turn` that read as records.
fn read(turn: &Turn) -> impl Iterator<Item = &WrittenBattle> {
    turn.outcome.battles.iter().filter_map(|b| match b {
        BattleToken::Battle(b) => Some(b),
        BattleToken::Malformed(_) => None,
    })
}

/// Each battle record of `from` moved to `into`, the turn on the line
/// before or after it: taken out of `from` (leaving `/` when it was its
/// only record) and written in `into` where board order puts it.
pub(super) fn neighbour_battles(
    text: &str,
    base: usize,
    from: &Turn,
    into: &Turn,
) -> Vec<Candidate> {
    let mut found = Vec::new();
    let at = |n: usize| n.checked_sub(base).filter(|&n| n <= text.len());
    let count = from.outcome.battles.len();
    for battle in read(from) {
        let (Some(s), Some(e)) = (at(battle.span.start), at(battle.span.end)) else {
            continue;
        };
        let record = &text[s..e];
        let out = if count == 1 {
            (s, e, "/".to_owned())
        } else if text[e..].starts_with(' ') {
            (s, e + 1, String::new())
        } else {
            (
                s.saturating_sub(usize::from(text[..s].ends_with(' '))),
                e,
                String::new(),
            )
        };
        let Some(put) = place_of_record(text, base, into, battle, record) else {
            continue;
        };
        found.push(joined(text, out, put, e - s));
    }
    found
}

/// Where `battle`, written `record`, goes in `into`: before the first of
/// its records on a later space, after its last, over its `/`, or after
/// its steps when it has no outcome.
fn place_of_record(
    text: &str,
    base: usize,
    into: &Turn,
    battle: &WrittenBattle,
    record: &str,
) -> Option<Put> {
    let at = |n: usize| n.checked_sub(base).filter(|&n| n <= text.len());
    if let Some(later) = read(into).find(|b| b.space > battle.space) {
        let p = at(later.span.start)?;
        return Some((p, p, format!("{record} ")));
    }
    if let Some(last) = into.outcome.battles.last() {
        let p = at(last.span().end)?;
        return Some((p, p, format!(" {record}")));
    }
    let end = at(into.span.end)?;
    if text[..end].ends_with('/') {
        return Some((end - 1, end, record.to_owned()));
    }
    // After a Penningr action with no battle, a record is written close
    // to it, as `/` is (`SdGa>6GHxSL6`).
    let close = into
        .outcome
        .penningr
        .last()
        .is_some_and(|p| p.span.end == into.span.end);
    let gap = if close || text[..end].ends_with(' ') {
        ""
    } else {
        " "
    };
    Some((end, end, format!("{gap}{record}")))
}

/// Each fighter of a battle of `turn` moved to another of its battles,
/// where the rules list it: among its side's fighters (the defender's
/// first), its Lofðungr, then its Karves, then its Hirþs. A battle keeps
/// one fighter at least.
pub(super) fn moved_fighters(text: &str, base: usize, turn: &Turn) -> Vec<Candidate> {
    let mut found = Vec::new();
    let at = |n: usize| n.checked_sub(base).filter(|&n| n <= text.len());
    let mover = turn.label.side;
    let battles: Vec<&WrittenBattle> = read(turn).collect();
    for (x, from) in battles.iter().enumerate() {
        if from.fighters.len() < 2 {
            continue;
        }
        for fighter in &from.fighters {
            let (Some(s), Some(e)) = (at(fighter.span.start), at(fighter.span.end)) else {
                continue;
            };
            let others = battles.iter().enumerate().filter(|&(y, _)| y != x);
            for into in others.map(|(_, b)| b) {
                if found.len() == MAX_MOVED {
                    return found;
                }
                let Some(p) = at(place_of_fighter(into, fighter, mover)) else {
                    continue;
                };
                let moved = (p, p, text[s..e].to_owned());
                found.push(joined(text, (s, e, String::new()), moved, e - s));
            }
        }
    }
    found
}

/// Where `fighter` goes in `into`, a battle of a turn of `mover`, as an
/// offset of the record's text.
fn place_of_fighter(into: &WrittenBattle, fighter: &WrittenFighter, mover: Side) -> usize {
    let rank = |piece: &Piece| match piece {
        Piece::Lofdungr => 0,
        Piece::Karve { .. } => 1,
        Piece::Hirth => 2,
    };
    let mut side = into.fighters.iter().filter(|f| f.side == fighter.side);
    if let Some(later) = side.clone().find(|f| rank(&f.piece) > rank(&fighter.piece)) {
        return later.span.start;
    }
    if let Some(last) = side.next_back() {
        return last.span.end;
    }
    match into.fighters.first() {
        Some(first) if fighter.side != mover => first.span.start,
        _ => into.span.end,
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_MOVED, moved_fighters};

    #[test]
    fn a_turn_of_many_fighters_gives_a_bounded_count_of_moves() {
        let battles: Vec<String> = (0..10)
            .map(|space| format!(">{space}{}", "GH1".repeat(60)))
            .collect();
        let text = format!("G1 KeHeiHei {}\n", battles.join(" "));
        let parsed = crate::hirp::syntax::parse(&text);
        let turn = &parsed.record.games[0].turns[0];
        assert_eq!(turn.outcome.battles.len(), 10);
        let found = moved_fighters(&text, 0, turn);
        assert_eq!(found.len(), MAX_MOVED);
        // A turn of two battles moves each fighter once.
        let text = "G1 KeHeiHei >1SH1GL1 >2SK^GH2\n";
        let parsed = crate::hirp::syntax::parse(text);
        let found = moved_fighters(text, 0, &parsed.record.games[0].turns[0]);
        assert_eq!(found.len(), 4);
    }
}
