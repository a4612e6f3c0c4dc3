//! The battles of a turn: the computed ones against the record.
//!
//! The rules decide who wins and what the loser loses; the record says what
//! the winner chose (who advances) and where a Lofðungr retreated. A turn's
//! battles are resolved in three phases: pairing (each computed battle with
//! its record, each recorded piece with a piece that fought: [`pairing`]),
//! fighting (the battles, then the retreats: [`retreat`]), and reporting what
//! the record got wrong about the turn's battles as a whole ([`report`]). The
//! computed outcome is adopted where the record is wrong, so that the replay
//! goes on from the position the rules give.

mod pairing;
mod report;
mod retreat;

#[cfg(test)]
pub(super) use pairing::match_entries;
pub(super) use pairing::piece_matches;
pub use report::written_battle;
pub(super) use report::{fate, hirths, piece};

use smallvec::{SmallVec, smallvec};

use super::problem::Problem;
use super::written::FlexibleAttack;
use crate::hirp::rules::{Battle, Mover, Position, Victory};
use crate::hirp::syntax::ast::{self, BattleToken, Fate, Outcome, Piece};
use crate::hirp::types::{Side, Space};
use pairing::Plan;

/// A battle as it was fought: for boards and pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleView {
    /// The battle: pieces, powers, winner.
    pub battle: Battle,
    /// Which attackers entered the space (indexed as `battle.attackers`).
    pub advance: Vec<bool>,
    /// Where the losing Lofðungr went, if one fought: a space, or `None` off
    /// the board.
    pub retreat: Option<Option<Space>>,
}

/// How the turn's battles ended.
pub(super) struct Resolution {
    /// A victory decided by a retreat.
    pub victory: Option<Victory>,
    /// The battles as fought.
    pub battles: Vec<BattleView>,
    /// Whether a losing Lofðungr's retreat is a guess: the record does not
    /// say where it went and the next turn does not tell.
    pub guessed: bool,
}

/// A turn's battles as the record writes them, to compare with the
/// computed ones.
pub(super) struct Written<'a> {
    /// The turn's outcome.
    outcome: &'a Outcome,
    /// Its battle records, in the order written.
    battles: SmallVec<[&'a ast::WrittenBattle; 4]>,
}

/// The battles an outcome writes, when they can be compared: every battle
/// token could be read and the outcome is there (a `/` or battles).
pub(super) fn written(outcome: &Outcome) -> Option<Written<'_>> {
    if outcome.span.is_empty() {
        return None;
    }
    let battles = outcome
        .battles
        .iter()
        .map(|token| match token {
            BattleToken::Battle(battle) => Some(battle),
            BattleToken::Malformed(_) => None,
        })
        .collect::<Option<_>>()?;
    Some(Written { outcome, battles })
}

/// Fights the turn's battles on `position`, comparing them with the
/// `written` ones when there are some to compare, and pushes the problems
/// found. `following` are the turns after, whose steps choose among legal
/// retreats when the record's is wrong.
pub(super) fn resolve(
    position: &mut Position,
    written: Option<&Written<'_>>,
    following: &[ast::Turn],
    flexible: &[FlexibleAttack],
    problems: &mut Vec<Problem>,
) -> Resolution {
    if let Some(written) = written {
        place_flexible(position, written.outcome, flexible);
        report::check_order(&written.battles, problems);
    }
    let mut plans = pair(position.battles(), written, problems);
    for plan in &plans {
        position.fight(&plan.battle);
    }
    let victory = retreat::retreats(position, &mut plans, following, problems);
    let ended_in = victory.map(|(_, n)| n);
    report_plans(&mut plans, written, ended_in, problems);
    if victory.is_none() {
        for plan in &plans {
            position.advance(&plan.battle, &plan.advance);
        }
    }
    let guessed = plans.iter().any(Plan::guessed);
    let battles = plans
        .into_iter()
        .map(|plan| BattleView {
            advance: if victory.is_none() {
                plan.advance
            } else {
                vec![false; plan.battle.attackers.len()]
            },
            retreat: plan.retreat,
            battle: plan.battle,
        })
        .collect();
    Resolution {
        victory: victory.map(|(won, _)| won),
        battles,
        guessed,
    }
}

/// Pairs each computed battle with the first unclaimed record of its space,
/// and reports the records no battle claims.
fn pair<'a>(
    computed: Vec<Battle>,
    written: Option<&Written<'a>>,
    problems: &mut Vec<Problem>,
) -> Vec<Plan<'a>> {
    let recorded: &[&ast::WrittenBattle] = written.map_or(&[], |w| &w.battles);
    let first = problems.len();
    let mut plans: Vec<Plan> = Vec::with_capacity(computed.len());
    let mut claimed: SmallVec<[bool; 4]> = smallvec![false; recorded.len()];
    for battle in computed {
        let index = recorded
            .iter()
            .enumerate()
            .position(|(n, r)| !claimed[n] && r.space == battle.space);
        if let Some(n) = index {
            claimed[n] = true;
        }
        plans.push(pairing::plan(battle, index.map(|n| recorded[n]), problems));
    }
    if let Some(written) = written {
        // With a battle the record lacks, the attack's step may name the
        // wrong space as well as the record: neither is removed.
        let lacking = plans.iter().any(|p| p.record.is_none());
        for (record, _) in recorded.iter().zip(&claimed).filter(|(_, c)| !**c) {
            problems.push(report::unexpected(written.outcome, record, !lacking));
        }
    }
    keep_fighters_of_missing(&plans, &mut problems[first..]);
    plans
}

/// Takes the fix from each piece a record names that did not fight in its
/// battle but may have in one the record lacks: the piece may be written
/// in the wrong record rather than once too often.
fn keep_fighters_of_missing(plans: &[Plan], problems: &mut [Problem]) {
    let missing: SmallVec<[(Side, Piece); 8]> = plans
        .iter()
        .filter(|p| p.record.is_none())
        .flat_map(|p| p.battle.defenders.iter().chain(&p.battle.attackers))
        .map(|f| (f.side, piece(f)))
        .collect();
    if missing.is_empty() {
        return;
    }
    let written = plans
        .iter()
        .filter_map(|p| p.record)
        .flat_map(|r| &r.fighters);
    let named: SmallVec<[&ast::WrittenFighter; 8]> = written
        .filter(|f| missing.contains(&(f.side, f.piece)))
        .collect();
    let unknown = |p: &&mut Problem| p.kind() == Some(super::problem::ProblemKind::UnknownFighter);
    for problem in problems.iter_mut().filter(unknown) {
        if named.iter().any(|f| f.span == problem.span) {
            problem.fix = None;
        }
    }
}

/// Reports what the record gets wrong about the battles as fought: winning
/// pieces left out (unless the game ended in their battle), won attacks
/// with no advance, battles missing or given to the wrong side.
fn report_plans(
    plans: &mut [Plan],
    written: Option<&Written<'_>>,
    ended_in: Option<usize>,
    problems: &mut Vec<Problem>,
) {
    for (n, plan) in plans.iter_mut().enumerate() {
        if let Some(unlisted) = plan.unlisted.take()
            && ended_in != Some(n)
        {
            problems.push(*unlisted);
        }
    }
    let Some(written) = written else {
        return;
    };
    for (n, plan) in plans.iter().enumerate() {
        if let Some(record) = plan.record
            && plan.battle.attacker_wins()
            && !plan.wrong_winner
            && !plan.recorded_advance()
        {
            problems.push(report::no_advance(plan, record, ended_in == Some(n)));
        }
    }
    // With `/` written, the missing battles take its place.
    let all_missing: Vec<String> = plans
        .iter()
        .filter(|p| p.record.is_none())
        .map(Plan::computed)
        .collect();
    // A record is put among the others only when they are the battles as
    // fought: else the pieces it lacks may be the ones written elsewhere.
    let others_right = plans.iter().filter(|p| p.record.is_some()).count() == written.battles.len()
        && plans
            .iter()
            .all(|p| p.record.is_none_or(|r| r.to_string() == p.computed()));
    for plan in plans.iter() {
        match plan.record {
            None => problems.push(report::missing(
                plan,
                written.outcome,
                &all_missing,
                others_right,
            )),
            Some(record) if plan.wrong_winner => {
                problems.push(report::wrong_winner(plan, record));
            }
            Some(_) => {}
        }
    }
}

/// Puts attackers whose walk could have ended on several spaces on the one
/// their battle record names: `GH3` for a Hirþ that walked `H4>5` and stayed.
fn place_flexible(position: &mut Position, outcome: &Outcome, flexible: &[FlexibleAttack]) {
    let side = position.to_move();
    let mut used = vec![false; flexible.len()];
    for token in &outcome.battles {
        let BattleToken::Battle(battle) = token else {
            continue;
        };
        let target = battle.space;
        for entry in battle.fighters.iter().filter(|e| e.side == side) {
            let Fate::Stands(stays) = entry.fate else {
                continue;
            };
            if stays == target
                || attacker_stands(position, entry.piece, stays, target, &battle.fighters)
            {
                continue;
            }
            let candidate = flexible.iter().enumerate().find(|(n, f)| {
                !used[*n]
                    && f.target == target
                    && f.origin != stays
                    && f.origins & (1 << stays.index()) != 0
                    && mover_is(position, f.mover, entry.piece)
            });
            if let Some((n, f)) = candidate {
                used[n] = true;
                position.shift_attack(f.mover, f.origin, stays, target);
            }
        }
    }
}

/// Whether as many attackers like `piece` stand on the line from `from` to
/// `target` as the battle record (its pieces, `fighters`) says stay on
/// `from`.
pub(super) fn attacker_stands(
    position: &Position,
    piece: Piece,
    from: Space,
    target: Space,
    fighters: &[ast::WrittenFighter],
) -> bool {
    let army = position.army(position.to_move());
    match piece {
        Piece::Lofdungr => {
            army.lofdungr.attacking == Some(target) && army.lofdungr.at == Some(from)
        }
        Piece::Karve { crew } => army.karves.iter().any(|k| {
            k.attacking == Some(target) && k.at == Some(from) && u32::from(k.crew) == crew
        }),
        Piece::Hirth => {
            let written = fighters
                .iter()
                .filter(|e| e.piece == Piece::Hirth && e.fate == Fate::Stands(from))
                .count();
            let standing =
                crate::hirp::rules::board::edge(from, target).map_or(0, |e| army.attacking[e]);
            usize::from(standing) >= written
        }
    }
}

/// Whether a mover is the kind of piece written.
fn mover_is(position: &Position, mover: Mover, piece: Piece) -> bool {
    match (mover, piece) {
        (Mover::Lofdungr, Piece::Lofdungr) | (Mover::Hirth(_), Piece::Hirth) => true,
        (Mover::Karve(id), Piece::Karve { crew }) => position
            .army(position.to_move())
            .karves
            .get(usize::from(id.0))
            .is_some_and(|k| u32::from(k.crew) == crew),
        _ => false,
    }
}
