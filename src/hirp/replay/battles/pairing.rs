//! A computed battle paired with its record: each recorded piece matched to
//! a piece that fought, the winner the record implies, and the fate of every
//! piece but a losing Lofðungr (whose retreat is checked after all battles).

use smallvec::{SmallVec, smallvec};

use super::report::{describe, hirths, written_battle, written_fighter};
use crate::core::Edit;
use crate::core::Span;
use crate::hirp::replay::problem::{Problem, ProblemKind};
use crate::hirp::rules::{Battle, Fighter, FighterKind};
use crate::hirp::syntax::ast::{self, Fate, Piece};
use crate::hirp::types::{Side, Space};

/// For each fighter of a battle (defenders, then attackers), the recorded
/// entry: on the stack for battles of up to eight pieces.
pub(in crate::hirp::replay) type Entries<'a> = SmallVec<[Option<&'a ast::WrittenFighter>; 8]>;

/// A computed battle with what the record says of it.
pub(super) struct Plan<'a> {
    pub battle: Battle,
    pub record: Option<&'a ast::WrittenBattle>,
    /// For each fighter (defenders, then attackers), the recorded entry.
    pub entries: Entries<'a>,
    /// The record gives the battle to the other side: one problem says so.
    pub wrong_winner: bool,
    /// Which attackers advance.
    pub advance: Vec<bool>,
    /// Where a losing Lofðungr went (`None`: off the board), once decided.
    pub retreat: Option<Option<Space>>,
    /// The spaces a losing Lofðungr may have retreated to when the record
    /// does not say which and the next turn does not tell (the one taken
    /// first): empty when the retreat is not a guess.
    pub guesses: Vec<Space>,
    /// Winning pieces the record leaves out (reported unless the game ended
    /// in this battle).
    pub unlisted: Option<Box<Problem>>,
}

impl Plan<'_> {
    pub fn fighters(&self) -> impl Iterator<Item = &Fighter> {
        self.battle.defenders.iter().chain(&self.battle.attackers)
    }

    pub fn losing_lofdungr(&self) -> Option<(usize, &Fighter)> {
        self.fighters()
            .enumerate()
            .find(|(_, f)| f.side == self.battle.loser() && f.kind == FighterKind::Lofdungr)
    }

    /// Whether the record itself names an attacker entering (and not only
    /// the reading adopted after an error).
    pub fn recorded_advance(&self) -> bool {
        let n_def = self.battle.defenders.len();
        self.entries[n_def..]
            .iter()
            .any(|e| e.is_some_and(|e| e.fate == Fate::Stands(self.battle.space)))
    }

    /// The battle as the rules and the adopted choices give it, in notation.
    pub fn computed(&self) -> String {
        let retreat = self.retreat.flatten();
        written_battle(&self.battle, &self.advance, retreat).to_string()
    }

    /// Whether the battle as computed holds a choice the record does not
    /// tell: a retreat among several, or, with the winner written wrong or
    /// no attacker written entering, which of several winning attackers
    /// entered the space.
    pub fn guessed(&self) -> bool {
        self.advance_guessed() || !self.guesses.is_empty()
    }

    /// Whether which of several winning attackers entered the space is a
    /// choice the record does not tell (its winner written wrong, or no
    /// attacker written entering).
    fn advance_guessed(&self) -> bool {
        (self.wrong_winner || !self.recorded_advance())
            && self.battle.attacker_wins()
            && self.battle.attackers.len() > 1
    }

    /// The sets of attackers that may have entered: when that is a guess,
    /// every set of at least one of them (the adopted one first, then the
    /// larger sets before the smaller; of sets that leave the same pieces
    /// on the same spaces, the first), for at most [`MAX_GUESSED`]
    /// attackers; else the adopted one.
    fn advances(&self) -> Vec<Vec<bool>> {
        let n = self.battle.attackers.len();
        if !self.advance_guessed() || n > MAX_GUESSED {
            return vec![self.advance.clone()];
        }
        let mut sets: Vec<Vec<bool>> = (1u32..1 << n)
            .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect())
            .collect();
        let entering = |set: &Vec<bool>| set.iter().filter(|&&e| e).count();
        sets.sort_by_key(|set| (*set != self.advance, std::cmp::Reverse(entering(set))));
        // Sets that leave the same pieces on the same spaces (which of two
        // Hirþs from one space entered) are one.
        let mut seen = std::collections::HashSet::new();
        sets.retain(|set| {
            let written = written_battle(&self.battle, set, None);
            let mut pieces: Vec<String> =
                written.fighters.iter().map(ToString::to_string).collect();
            pieces.sort_unstable();
            seen.insert(pieces)
        });
        sets
    }

    /// The battle in notation each way the record leaves open: each set of
    /// winning attackers that may have entered, when that is a guess, with
    /// each retreat a losing Lofðungr may have taken, when that is one (at
    /// most three); at most [`MAX_READINGS`] in all, the adopted reading
    /// ([`computed`](Self::computed)) first.
    pub fn readings(&self) -> Vec<String> {
        let retreats: Vec<Option<Space>> = if self.guesses.is_empty() {
            vec![self.retreat.flatten()]
        } else {
            self.guesses.iter().take(3).map(|&to| Some(to)).collect()
        };
        let mut readings = Vec::new();
        for advance in self.advances() {
            for &retreat in &retreats {
                readings.push(written_battle(&self.battle, &advance, retreat).to_string());
            }
        }
        readings.truncate(MAX_READINGS);
        readings
    }
}

/// Winning attackers past which which of them entered is not spelled out
/// as readings (the adopted set alone is).
const MAX_GUESSED: usize = 3;

/// Readings of a battle a help offers at most ([`Plan::readings`]).
const MAX_READINGS: usize = 9;

/// Pairs a computed battle with its record, if it has one, and checks every
/// recorded piece but a losing Lofðungr.
pub(super) fn plan<'a>(
    battle: Battle,
    record: Option<&'a ast::WrittenBattle>,
    problems: &mut Vec<Problem>,
) -> Plan<'a> {
    let n_all = battle.defenders.len() + battle.attackers.len();
    let mut plan = Plan {
        advance: vec![true; battle.attackers.len()],
        entries: smallvec![None; n_all],
        wrong_winner: false,
        retreat: None,
        guesses: Vec::new(),
        unlisted: None,
        battle,
        record,
    };
    let Some(record) = record else {
        return plan;
    };
    let (entries, unmatched) = match_entries(&plan.battle, &record.fighters);
    plan.entries = entries;
    for entry in unmatched {
        problems.push(unknown_fighter(entry, record));
    }
    // Advances: as recorded; with no winning attacker listed as entering,
    // every attacker enters (the record is then reported).
    let n_def = plan.battle.defenders.len();
    let space = plan.battle.space;
    let advances =
        |e: &Option<&ast::WrittenFighter>| e.is_some_and(|e| e.fate == Fate::Stands(space));
    if plan.entries[n_def..].iter().any(advances) {
        plan.advance = plan.entries[n_def..].iter().map(advances).collect();
    }
    if recorded_winner(&plan.battle, &plan.entries).is_some_and(|w| w != plan.battle.winner) {
        plan.wrong_winner = true;
        plan.advance = vec![true; plan.battle.attackers.len()];
        return plan;
    }
    if let Some(problem) = defender_first(&plan.battle, record) {
        problems.push(problem);
    }
    check_fighters(&mut plan, record, problems);
    plan
}

/// A recorded piece that matches none that fought.
fn unknown_fighter(entry: &ast::WrittenFighter, record: &ast::WrittenBattle) -> Problem {
    Problem::new(
        ProblemKind::UnknownFighter,
        entry.span,
        format!(
            "no such piece of {} fought on {}",
            entry.side.name(),
            record.space
        ),
    )
    .with_help("remove it from the battle record")
}

/// A warning when the record lists an attacker before a defender.
fn defender_first(battle: &Battle, record: &ast::WrittenBattle) -> Option<Problem> {
    let first_attacker = record
        .fighters
        .iter()
        .position(|e| e.side == battle.attacker)?;
    if !record.fighters[first_attacker..]
        .iter()
        .any(|e| e.side == battle.defender())
    {
        return None;
    }
    let space = battle.space;
    let mut reordered: Vec<&ast::WrittenFighter> = record.fighters.iter().collect();
    reordered.sort_by_key(|e| e.side == battle.attacker);
    let text: String = reordered.iter().map(ToString::to_string).collect();
    Some(
        Problem::new(
            ProblemKind::DefenderFirst,
            record.span,
            format!(
                "{} defends {}; its pieces come first",
                battle.defender().name(),
                space
            ),
        )
        .with_help(format!("write `>{space}{text}`"))
        .with_fix(Edit::new(record.span, format!(">{space}{text}"))),
    )
}

/// Checks each fighter against its entry: a losing piece left out, a
/// winning one left out (kept as the plan's `unlisted`:
/// `docs/rules.md#unlisted-winners`), a Karve's crew, a fate.
fn check_fighters(plan: &mut Plan, record: &ast::WrittenBattle, problems: &mut Vec<Problem>) {
    let mut unlisted = Vec::new();
    let fighters: SmallVec<[Fighter; 8]> = plan.fighters().copied().collect();
    for (n, fighter) in fighters.iter().enumerate() {
        let winner = fighter.side == plan.battle.winner;
        let Some(entry) = plan.entries[n] else {
            if fighter.kind == FighterKind::Lofdungr && !winner {
                continue; // checked with the retreats
            }
            if winner {
                unlisted.push(*fighter);
            } else {
                problems.push(missing_fighter(fighter, record));
            }
            continue;
        };
        if let (Piece::Karve { crew }, FighterKind::Karve { crew: actual, .. }) =
            (entry.piece, fighter.kind)
            && crew != u32::from(actual)
        {
            problems.push(
                Problem::new(
                    ProblemKind::BattleCrew,
                    entry.span,
                    format!("the Karve carries {}", hirths(actual)),
                )
                .with_help(format!("write `{}`", written_fighter(fighter, entry.fate)))
                .with_fix(Edit::new(entry.span, written_fighter(fighter, entry.fate))),
            );
        }
        check_fate(plan, n, fighter, entry, problems);
    }
    if !unlisted.is_empty() {
        let names: Vec<String> = unlisted.iter().map(describe).collect();
        plan.unlisted = Some(Box::new(Problem::new(
            ProblemKind::UnlistedWinner,
            record.span,
            format!(
                "{} not listed: taken to stay where it stood",
                names.join(", ")
            ),
        )));
    }
}

/// A losing piece other than a Lofðungr that the record leaves out.
fn missing_fighter(fighter: &Fighter, record: &ast::WrittenBattle) -> Problem {
    let expected = match fighter.kind {
        FighterKind::Karve { .. } => Fate::RemovedFromPlay,
        _ => Fate::RemovedFromGame,
    };
    Problem::new(
        ProblemKind::MissingFighter,
        record.span,
        format!(
            "{} loses {}, which is not listed",
            fighter.side.name(),
            describe(fighter)
        ),
    )
    .with_help(format!("add `{}`", written_fighter(fighter, expected)))
    .with_fix(Edit::new(
        Span::new(record.span.end, record.span.end),
        written_fighter(fighter, expected),
    ))
}

/// Whether a recorded entry names a piece that fought: its side and kind,
/// and with `exact` a Karve's crew.
pub(in crate::hirp::replay) fn piece_matches(
    entry: &ast::WrittenFighter,
    fighter: &Fighter,
    exact: bool,
) -> bool {
    if entry.side != fighter.side || entry.piece.kind() != fighter.piece() {
        return false;
    }
    match (entry.piece, fighter.kind) {
        (Piece::Karve { crew }, FighterKind::Karve { crew: actual, .. }) if exact => {
            crew == u32::from(actual)
        }
        _ => true,
    }
}

/// Matches recorded entries to fighters: exact pieces first, and attackers
/// said to stay on a space to those that attacked from it. Returns, for
/// each fighter (defenders, then attackers), its entry, and the entries
/// that match no fighter.
pub(in crate::hirp::replay) fn match_entries<'a>(
    battle: &Battle,
    recorded: &'a [ast::WrittenFighter],
) -> (Entries<'a>, Vec<&'a ast::WrittenFighter>) {
    let fighters: SmallVec<[&Fighter; 8]> =
        battle.defenders.iter().chain(&battle.attackers).collect();
    let mut entries: Entries<'a> = smallvec![None; fighters.len()];
    let mut unmatched: Vec<&ast::WrittenFighter> = Vec::new();
    let stays_elsewhere =
        |e: &ast::WrittenFighter| matches!(e.fate, Fate::Stands(s) if s != battle.space);
    let mut order: SmallVec<[&ast::WrittenFighter; 8]> = recorded.iter().collect();
    // Those said to stay elsewhere first; most records have none.
    if !order.is_sorted_by_key(|e| !stays_elsewhere(e)) {
        order.sort_by_key(|e| !stays_elsewhere(e));
    }
    for exact in [true, false] {
        let mut left = SmallVec::new();
        for entry in order {
            let origin = match entry.fate {
                Fate::Stands(s) if exact && s != battle.space => Some(s),
                _ => None,
            };
            let found = (0..fighters.len()).find(|&n| {
                entries[n].is_none()
                    && piece_matches(entry, fighters[n], exact)
                    && origin.is_none_or(|o| {
                        fighters[n].from == o || fighters[n].side != battle.attacker
                    })
            });
            match found {
                Some(n) => entries[n] = Some(entry),
                None => left.push(entry),
            }
        }
        order = left;
    }
    unmatched.extend(order);
    (entries, unmatched)
}

/// The winner the record implies, when it implies one.
fn recorded_winner(battle: &Battle, entries: &[Option<&ast::WrittenFighter>]) -> Option<Side> {
    let (mut attacker, mut defender) = (false, false);
    let fighters = battle.defenders.iter().chain(&battle.attackers);
    for (fighter, entry) in fighters.zip(entries) {
        let Some(entry) = entry else { continue };
        let removed = matches!(entry.fate, Fate::RemovedFromGame | Fate::RemovedFromPlay);
        let on_space = entry.fate == Fate::Stands(battle.space);
        if fighter.side == battle.attacker {
            attacker |= on_space;
            defender |= removed && fighter.kind != FighterKind::Lofdungr;
        } else {
            attacker |= removed || !on_space;
        }
    }
    match (attacker, defender) {
        (true, false) => Some(battle.attacker),
        (false, true) => Some(battle.defender()),
        _ => None,
    }
}

/// Checks the fate of a recorded piece other than a losing Lofðungr.
fn check_fate(
    plan: &Plan,
    n: usize,
    fighter: &Fighter,
    entry: &ast::WrittenFighter,
    problems: &mut Vec<Problem>,
) {
    let battle = &plan.battle;
    let space = battle.space;
    let winner = fighter.side == battle.winner;
    if !winner && fighter.kind == FighterKind::Lofdungr {
        return;
    }
    let (ok, expected, why) = if !winner {
        match fighter.kind {
            FighterKind::Karve { .. } => (
                entry.fate == Fate::RemovedFromPlay,
                Fate::RemovedFromPlay,
                "a losing Karve is removed from play with its crew",
            ),
            _ => (
                entry.fate == Fate::RemovedFromGame,
                Fate::RemovedFromGame,
                "a losing loose Hirþ is removed from game",
            ),
        }
    } else if fighter.side == battle.defender() {
        (
            entry.fate == Fate::Stands(space),
            Fate::Stands(space),
            "a winning defender stays where it is",
        )
    } else {
        let advances = plan
            .advance
            .get(n - battle.defenders.len())
            .copied()
            .unwrap_or(false);
        (
            entry.fate == Fate::Stands(space) || entry.fate == Fate::Stands(fighter.from),
            Fate::Stands(if advances { space } else { fighter.from }),
            "a winning attacker enters the space or stays where it attacked from",
        )
    };
    if !ok {
        let problem = Problem::new(ProblemKind::Fate, entry.span, why);
        let attacker = winner && fighter.side != battle.defender();
        // Of several winning attackers, any may have stayed: which is a guess.
        let problem = if attacker && battle.attackers.len() > 1 {
            let both = [space, fighter.from].map(|at| written_fighter(fighter, Fate::Stands(at)));
            problem.offering("write", &both)
        } else {
            let fix = written_fighter(fighter, expected);
            problem
                .with_help(format!("write `{fix}`"))
                .with_fix(Edit::new(entry.span, fix))
        };
        problems.push(problem);
    }
}
