//! A turn's battles on the fast path: fought as the record writes them,
//! when the record is the rules' own record of them.
//!
//! A battle record is accepted as it is written when it is the record the
//! rules make of the battle with the record's own choices (who enters the
//! space, where a Lofðungr retreats; see [`written_battle`]): every piece
//! that fought, with its fate, the defenders first, its pieces paired with
//! those that fought as the full replay pairs them ([`pair`] follows
//! `match_entries` step by step, on the stack). Any other way of writing it
//! goes to the full replay.
//!
//! [`written_battle`]: super::super::battles::written_battle

use smallvec::SmallVec;

use super::super::battles::{attacker_stands, fate, piece, piece_matches};
use super::super::written::FlexibleAttack;
use crate::hirp::rules::{Battle, Fighter, FighterKind, Mover, Position};
use crate::hirp::syntax::CompactBattle;
use crate::hirp::syntax::ast::{Fate, Piece, WrittenFighter};
use crate::hirp::types::Space;

/// Which attackers of a battle enter the space, one flag each in the
/// order of [`Battle::attackers`] (at most [`PAIRED`] of them), kept on
/// the stack.
type Advance = [bool; PAIRED];

/// The most pieces of a battle paired here, more than a turn's record
/// holds on the fast path.
const PAIRED: usize = 32;

/// Fights the turn's battles as the record writes them, retreats and
/// advances, and ends the turn; `None` when the record is not the rules'
/// own record of the battles, or the turn leaves a space crowded.
///
/// An attack that could have stood on other spaces (`flexible`) stays
/// where the replay put it when the record is the rules' own: each
/// attacker is written where it stands. A losing attacking Lofðungr is
/// written where it retreats to, which the full replay may read as where
/// it stood: given up when it could be (see [`may_move_flexible`]). The
/// battles are computed into `storage`.
pub(super) fn battles(
    position: &mut Position,
    written: &[CompactBattle],
    flexible: &[FlexibleAttack],
    storage: &mut Vec<Battle>,
) -> Option<()> {
    let n = position.battles_into(storage);
    let computed = &storage[..n];
    if computed.len() != written.len() || may_move_flexible(position, computed, written, flexible) {
        return None;
    }
    // The record's choices: who enters, where a Lofðungr retreats.
    let mut plans: SmallVec<[(Advance, Option<Fate>); 4]> = SmallVec::new();
    for (battle, record) in computed.iter().zip(written) {
        plans.push(choices(battle, record)?);
    }
    for battle in computed {
        position.fight(battle);
    }
    let mut ended = false;
    for (battle, (_, retreat)) in computed.iter().zip(&plans) {
        ended |= retreat_as_written(position, battle, *retreat)?;
    }
    if ended {
        return Some(());
    }
    for (battle, (advance, _)) in computed.iter().zip(&plans) {
        position.advance(battle, &advance[..battle.attackers.len()]);
    }
    position.end_turn().crowded.is_empty().then_some(())
}

/// Whether the full replay could read a battle record as putting an
/// attack that could have stood on other spaces on another of them, before
/// the battles (`place_flexible` in `battles`): whether an attacker is
/// written as standing on a space other than the battle's that one of
/// those attacks, of its kind and on its target, could have stood on,
/// where attackers like it do not stand already as many as written (as
/// the full replay asks it, by [`attacker_stands`]). The full replay moves
/// each attack once and tells Karves apart by their crews; this path
/// gives up at the first entry it could move an attack for, before any
/// has moved, so on the position the full replay asks too: it gives up in
/// a few cases the full replay could have followed, never the other way.
///
/// One case is followed: a losing attacking Lofðungr written where it
/// retreats to. Moved there first, it attacked from that space and goes
/// back to it; not moved, it retreats to it, which the rules allow (a
/// space it could have attacked from is its side's): the game goes on from
/// the same position, and the record is the rules' own either way.
/// `computed` are the battles, one for each of `written`.
fn may_move_flexible(
    position: &Position,
    computed: &[Battle],
    written: &[CompactBattle],
    flexible: &[FlexibleAttack],
) -> bool {
    if flexible.is_empty() {
        return false;
    }
    let side = position.to_move();
    computed.iter().zip(written).any(|(fought, battle)| {
        let target = battle.space;
        battle.fighters().iter().any(|entry| {
            let Fate::Stands(stays) = entry.fate else {
                return false;
            };
            let retreats = entry.piece == Piece::Lofdungr && !fought.attacker_wins();
            entry.side == side
                && stays != target
                && !retreats
                && flexible.iter().any(|f| {
                    f.target == target
                        && f.origin != stays
                        && f.origins & (1 << stays.index()) != 0
                        && same_kind(f.mover, entry.piece)
                })
                && !attacker_stands(position, entry.piece, stays, target, battle.fighters())
        })
    })
}

/// Whether a mover is of the kind of piece written, crews aside.
fn same_kind(mover: Mover, piece: Piece) -> bool {
    matches!(
        (mover, piece),
        (Mover::Lofdungr, Piece::Lofdungr)
            | (Mover::Hirth(_), Piece::Hirth)
            | (Mover::Karve(_), Piece::Karve { .. })
    )
}

/// The choices a battle record makes, when it is the rules' own record of
/// the battle with those choices: which attackers enter the space, and the
/// fate written for a losing Lofðungr. Its pieces are paired with those
/// that fought as the full replay pairs them. `None` for any other record:
/// a piece missing, unknown or with another fate, an attacker written
/// before a defender, or a won attack with nobody entering (reported, even
/// when the game ends).
fn choices(battle: &Battle, record: &CompactBattle) -> Option<(Advance, Option<Fate>)> {
    let n_def = battle.defenders.len();
    let n_att = battle.attackers.len();
    let written = record.fighters();
    if record.space != battle.space || written.len() != n_def + n_att {
        return None;
    }
    if written[..n_def].iter().any(|f| f.side == battle.attacker) {
        return None;
    }
    let paired = if in_order(battle, written) {
        IN_ORDER
    } else {
        pair(battle, written)?
    };
    // The entry paired with piece `n` (defenders, then attackers).
    let entry = |n: usize| &written[usize::from(paired[n])];
    let mut advance: Advance = [false; PAIRED];
    for (k, enters) in advance.iter_mut().enumerate().take(n_att) {
        *enters = entry(n_def + k).fate == Fate::Stands(battle.space);
    }
    if battle.attacker_wins() && !advance.contains(&true) {
        return None;
    }
    let losing_lofdungr = battle
        .defenders
        .iter()
        .chain(&battle.attackers)
        .position(|f| f.side == battle.loser() && f.kind == FighterKind::Lofdungr);
    let retreat = losing_lofdungr.map(|n| entry(n).fate);
    let to = match retreat {
        Some(Fate::Stands(to)) => Some(to),
        _ => None,
    };
    // A Lofðungr leaving the board may be written `x` or `^`.
    let fighters = battle.defenders.iter().chain(&battle.attackers);
    let same = fighters.enumerate().all(|(n, fighter)| {
        let w = entry(n);
        let written = match w.fate {
            Fate::RemovedFromPlay if Some(n) == losing_lofdungr => Fate::RemovedFromGame,
            written => written,
        };
        fighter.side == w.side
            && piece(fighter) == w.piece
            && fate(battle, n, &advance[..n_att], to) == written
    });
    same.then_some((advance, retreat))
}

/// Each piece paired with the entry in its own place.
const IN_ORDER: [u8; PAIRED] = {
    let mut order = [0; PAIRED];
    let mut n = 0;
    while n < PAIRED {
        order[n] = n as u8;
        n += 1;
    }
    order
};

/// Whether [`pair`] pairs every piece that fought with an entry written
/// as the one in the piece's own place is: when each entry names the piece
/// in its place as `pair` names pieces in its first pass, and of the
/// pieces before that one names only pieces like it in every way, whose
/// entries are written alike and which stand next to each other. The
/// record is then read in order, and `pair` is not needed.
///
/// Why: `pair` gives each entry the first free piece it names, taking the
/// entries said to stay elsewhere first. Say every entry before this one
/// took a piece like its own. The entries that took pieces like this
/// one's are fewer than those pieces (this one's own is among them), so
/// one is free; every piece the entry names before its own place is like
/// it, and those pieces stand together, so the first free piece it names
/// is like it too. Every entry then takes, in the first pass, a piece
/// like its own, whose entry is written as it is: each piece is paired
/// with an entry written as the one in its place.
fn in_order(battle: &Battle, written: &[WrittenFighter]) -> bool {
    let n_def = battle.defenders.len();
    let n = n_def + battle.attackers.len();
    if written.len() != n || n > PAIRED {
        return false;
    }
    let fighter = |i: usize| {
        if i < n_def {
            &battle.defenders[i]
        } else {
            &battle.attackers[i - n_def]
        }
    };
    let space = battle.space;
    // As `pair` names a piece in its first pass.
    let names = |entry: &WrittenFighter, f: &Fighter| {
        piece_matches(entry, f, true)
            && match entry.fate {
                Fate::Stands(s) if s != space => f.from == s || f.side != battle.attacker,
                _ => true,
            }
    };
    (0..n).all(|i| {
        let (f, entry) = (fighter(i), &written[i]);
        names(entry, f)
            && (0..i).all(|j| {
                let g = fighter(j);
                if g == f {
                    fighter(i - 1) == f && alike(&written[j], entry)
                } else {
                    !names(entry, g)
                }
            })
    })
}

/// Whether two entries of a record are written alike, wherever they are
/// written.
fn alike(a: &WrittenFighter, b: &WrittenFighter) -> bool {
    (a.side, a.piece, a.fate) == (b.side, b.piece, b.fate)
}

/// For each piece that fought (defenders, then attackers), the index of
/// its entry in the record, paired as `match_entries` pairs them: the
/// entries said to stay on a space other than the battle's first, then
/// the others, each to the first piece not yet paired that it names
/// exactly (an attacker said to stay, one that attacked from that space);
/// then what is left to the first piece of its kind. `None` when an entry
/// names no piece left, or the battle has more than [`PAIRED`] pieces.
fn pair(battle: &Battle, written: &[WrittenFighter]) -> Option<[u8; PAIRED]> {
    let fighters: SmallVec<[&Fighter; 16]> =
        battle.defenders.iter().chain(&battle.attackers).collect();
    let n = fighters.len();
    if n > PAIRED || written.len() > PAIRED {
        return None;
    }
    let space = battle.space;
    let elsewhere = |e: &WrittenFighter| matches!(e.fate, Fate::Stands(s) if s != space);
    // The record's entries, those said to stay elsewhere first, each group
    // in the order written.
    let mut order = [0u8; PAIRED];
    let mut len = 0;
    for first in [true, false] {
        for (i, e) in written.iter().enumerate() {
            if elsewhere(e) == first {
                order[len] = i as u8;
                len += 1;
            }
        }
    }
    const FREE: u8 = u8::MAX;
    let mut entries = [FREE; PAIRED];
    for exact in [true, false] {
        let mut left = 0;
        for k in 0..len {
            let i = order[k];
            let entry = &written[usize::from(i)];
            let origin = match entry.fate {
                Fate::Stands(s) if exact && s != space => Some(s),
                _ => None,
            };
            let found = (0..n).find(|&f| {
                entries[f] == FREE
                    && piece_matches(entry, fighters[f], exact)
                    && origin.is_none_or(|o| {
                        fighters[f].from == o || fighters[f].side != battle.attacker
                    })
            });
            match found {
                Some(f) => entries[f] = i,
                None => {
                    order[left] = i;
                    left += 1;
                }
            }
        }
        len = left;
    }
    (len == 0 && entries[..n].iter().all(|&e| e != FREE)).then_some(entries)
}

/// Retreats a battle's losing Lofðungr as the record writes it, when the
/// rules allow it: whether that ended the game; `None` when they do not.
fn retreat_as_written(
    position: &mut Position,
    battle: &Battle,
    written: Option<Fate>,
) -> Option<bool> {
    let Some(fate) = written else {
        return Some(false);
    };
    let side = battle.loser();
    if position.retreat_pending(side).is_none() {
        return Some(false);
    }
    let options = position.retreat_bits(side);
    let to: Option<Space> = match fate {
        Fate::Stands(to) if options & (1 << to.index()) != 0 => Some(to),
        Fate::RemovedFromGame | Fate::RemovedFromPlay if options == 0 => None,
        _ => return None,
    };
    Some(position.retreat(side, to).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;
    use crate::core::Span;
    use crate::hirp::replay::battles::match_entries;
    use crate::hirp::rules::KarveId;
    use crate::hirp::types::Side;

    /// A random piece of `side`, standing on `from`.
    fn fighter(rng: &mut Rng, side: Side, from: Space) -> Fighter {
        let kind = match rng.below(4) {
            0 => FighterKind::Lofdungr,
            1 => FighterKind::Karve {
                id: KarveId(rng.below(3) as u8),
                crew: rng.below(3) as u8,
            },
            _ => FighterKind::Hirth,
        };
        Fighter { side, kind, from }
    }

    /// A random space among a few, so that they repeat.
    fn space(rng: &mut Rng) -> Space {
        Space::ALL[rng.below(4)]
    }

    /// A record of `battle`'s pieces in their order, each with a fate at
    /// random: removed either way, on the battle's space, on the space it
    /// stood on, or (`elsewhere`) now and then on a space at random.
    fn record(rng: &mut Rng, battle: &Battle, elsewhere: bool) -> Vec<WrittenFighter> {
        let at = battle.space;
        let fates = if elsewhere { 5 } else { 4 };
        battle
            .defenders
            .iter()
            .chain(&battle.attackers)
            .map(|f| WrittenFighter {
                side: f.side,
                piece: piece(f),
                fate: match rng.below(fates) {
                    0 => Fate::RemovedFromGame,
                    1 => Fate::RemovedFromPlay,
                    2 => Fate::Stands(at),
                    4 => Fate::Stands(space(rng)),
                    _ => Fate::Stands(f.from),
                },
                span: Span::default(),
            })
            .collect()
    }

    /// A random battle, and a record of it: mostly its own pieces with
    /// random fates, some changed, in a random order.
    fn random_battle(rng: &mut Rng) -> (Battle, Vec<WrittenFighter>) {
        let attacker = if rng.chance(50) {
            Side::Gull
        } else {
            Side::Silfr
        };
        let at = space(rng);
        let defenders: Vec<Fighter> = (0..rng.below(12))
            .map(|_| fighter(rng, attacker.opponent(), at))
            .collect();
        let attackers: Vec<Fighter> = (0..1 + rng.below(4))
            .map(|_| {
                let from = space(rng);
                fighter(rng, attacker, from)
            })
            .collect();
        let battle = Battle {
            space: at,
            attacker,
            attackers,
            defenders,
            attack: 0,
            defence: 0,
            winner: attacker,
            tiebreak: None,
        };
        let mut written = record(rng, &battle, false);
        for entry in &mut written {
            match rng.below(8) {
                0 => entry.side = entry.side.opponent(),
                1 => {
                    entry.piece = Piece::Karve {
                        crew: rng.below(3) as u32,
                    }
                }
                2 => entry.fate = Fate::Stands(space(rng)),
                _ => {}
            }
        }
        for _ in 0..written.len() {
            let (a, b) = (rng.below(written.len()), rng.below(written.len()));
            written.swap(a, b);
        }
        (battle, written)
    }

    /// A battle as the rules list its pieces (the Lofðungr, the Karves,
    /// then the Hirþs by the space they stand on), and a record of it in
    /// that order, with random fates, now and then changed or reordered.
    fn battle_in_order(rng: &mut Rng) -> (Battle, Vec<WrittenFighter>) {
        let (mut battle, _) = random_battle(rng);
        let side_pieces = |rng: &mut Rng, side: Side, from: &mut dyn FnMut(&mut Rng) -> Space| {
            let mut pieces = Vec::new();
            if rng.chance(30) {
                pieces.push(Fighter {
                    side,
                    kind: FighterKind::Lofdungr,
                    from: from(rng),
                });
            }
            for id in 0..3 {
                if rng.chance(25) {
                    let kind = FighterKind::Karve {
                        id: KarveId(id),
                        crew: rng.below(3) as u8,
                    };
                    pieces.push(Fighter {
                        side,
                        kind,
                        from: from(rng),
                    });
                }
            }
            let mut hirths: Vec<Fighter> = (0..rng.below(5))
                .map(|_| Fighter {
                    side,
                    kind: FighterKind::Hirth,
                    from: from(rng),
                })
                .collect();
            hirths.sort_by_key(|f| f.from.index());
            pieces.extend(hirths);
            pieces
        };
        let at = battle.space;
        battle.defenders = side_pieces(rng, battle.attacker.opponent(), &mut |_| at);
        battle.attackers = side_pieces(rng, battle.attacker, &mut space);
        let mut written = record(rng, &battle, true);
        if !written.is_empty() && rng.chance(20) {
            let (a, b) = (rng.below(written.len()), rng.below(written.len()));
            written.swap(a, b);
        }
        if !written.is_empty() && rng.chance(10) {
            let n = rng.below(written.len());
            written[n].piece = Piece::Karve {
                crew: rng.below(3) as u32,
            };
        }
        (battle, written)
    }

    #[test]
    fn a_record_read_in_order_is_paired_so_by_pair() {
        let mut rng = Rng::new(7);
        let mut in_place = 0;
        for n in 0..200_000 {
            // Battles as the rules list them, and any battle at all.
            let (battle, written) = if n % 2 == 0 {
                battle_in_order(&mut rng)
            } else {
                random_battle(&mut rng)
            };
            if !in_order(&battle, &written) {
                continue;
            }
            let got = pair(&battle, &written)
                .unwrap_or_else(|| panic!("in order, not paired: {battle:?} {written:?}"));
            for (n, entry) in written.iter().enumerate() {
                assert!(
                    alike(&written[usize::from(got[n])], entry),
                    "{n}: {battle:?} {written:?} {got:?}"
                );
            }
            in_place += 1;
        }
        assert!(in_place > 5_000, "{in_place}");
    }

    #[test]
    fn pairs_as_the_full_replay_pairs() {
        let mut rng = Rng::new(5);
        let (mut paired, mut refused) = (0, 0);
        for _ in 0..200_000 {
            let (battle, written) = random_battle(&mut rng);
            let (entries, unmatched) = match_entries(&battle, &written);
            let full = unmatched.is_empty() && entries.iter().all(Option::is_some);
            let index = |e: &WrittenFighter| written.iter().position(|w| std::ptr::eq(w, e));
            match pair(&battle, &written) {
                Some(got) => {
                    assert!(full, "{battle:?} {written:?}");
                    for (n, entry) in entries.iter().enumerate() {
                        assert_eq!(entry.and_then(index), Some(usize::from(got[n])));
                    }
                    paired += 1;
                }
                None => {
                    assert!(!full, "{battle:?} {written:?}");
                    refused += 1;
                }
            }
        }
        assert!(paired > 20_000 && refused > 20_000, "{paired} {refused}");
    }
}
