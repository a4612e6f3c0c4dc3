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

use super::super::battles::{fate, piece, piece_matches};
use super::super::written::FlexibleAttack;
use crate::rules::{Battle, Fighter, FighterKind, Mover, Position};
use crate::syntax::CompactBattle;
use crate::syntax::ast::{Fate, Piece, WrittenFighter};
use crate::types::Space;

/// Which attackers of a battle enter the space.
type Advance = SmallVec<[bool; 8]>;

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
    let mut plans: SmallVec<[(Advance, Option<Fate>); 2]> = SmallVec::new();
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
        position.advance(battle, advance);
    }
    position.end_turn().crowded.is_empty().then_some(())
}

/// Whether the full replay could read a battle record as putting an
/// attack that could have stood on other spaces on another of them, before
/// the battles (`place_flexible` in `battles`): whether an attacker is
/// written as standing on a space other than the battle's that one of
/// those attacks, of its kind and on its target, could have stood on. The
/// full replay moves an attack in fewer cases (not when an attacker stands
/// there already, and each attack once); this path then gives up in a few
/// it could have followed, never the other way.
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
    let written = record.fighters();
    if record.space != battle.space || written.len() != n_def + battle.attackers.len() {
        return None;
    }
    if written[..n_def].iter().any(|f| f.side == battle.attacker) {
        return None;
    }
    let paired = pair(battle, written)?;
    let entries = paired[..written.len()]
        .iter()
        .map(|&i| &written[usize::from(i)]);
    let advance: Advance = entries
        .clone()
        .skip(n_def)
        .map(|e| e.fate == Fate::Stands(battle.space))
        .collect();
    if battle.attacker_wins() && !advance.contains(&true) {
        return None;
    }
    let losing_lofdungr = battle
        .defenders
        .iter()
        .chain(&battle.attackers)
        .position(|f| f.side == battle.loser() && f.kind == FighterKind::Lofdungr);
    let retreat = losing_lofdungr.map(|n| written[usize::from(paired[n])].fate);
    let to = match retreat {
        Some(Fate::Stands(to)) => Some(to),
        _ => None,
    };
    // A Lofðungr leaving the board may be written `x` or `^`.
    let fighters = battle.defenders.iter().chain(&battle.attackers);
    let same = fighters.zip(entries).enumerate().all(|(n, (fighter, w))| {
        let written = match w.fate {
            Fate::RemovedFromPlay if Some(n) == losing_lofdungr => Fate::RemovedFromGame,
            written => written,
        };
        fighter.side == w.side
            && piece(fighter) == w.piece
            && fate(battle, n, &advance, to) == written
    });
    same.then_some((advance, retreat))
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
    use crate::generate::Rng;
    use crate::replay::battles::match_entries;
    use crate::rules::KarveId;
    use crate::syntax::ast::Span;
    use crate::types::Side;

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
        let mut written: Vec<WrittenFighter> = battle
            .defenders
            .iter()
            .chain(&battle.attackers)
            .map(|f| WrittenFighter {
                side: f.side,
                piece: piece(f),
                fate: match rng.below(4) {
                    0 => Fate::RemovedFromGame,
                    1 => Fate::RemovedFromPlay,
                    2 => Fate::Stands(at),
                    _ => Fate::Stands(f.from),
                },
                span: Span::default(),
            })
            .collect();
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
