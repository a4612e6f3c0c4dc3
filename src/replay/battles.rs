//! The battles of a turn: the computed ones against the record.
//!
//! The rules decide who wins and what the loser loses; the record says what
//! the winner chose (who advances) and where a Lofðungr retreated. Each
//! recorded piece is matched to a piece that fought, its fate checked, and the
//! computed outcome adopted where the record is wrong, so that the replay
//! goes on from the position the rules give.

use super::problem::{Problem, ProblemKind, Severity, one_of};
use super::written::FlexibleAttack;
use crate::rules::{Battle, Fighter, FighterKind, Mover, Position, Tiebreak, Victory};
use crate::syntax::Edit;
use crate::syntax::ast::{self, BattleToken, Fate, Outcome, Piece, Span};
use crate::types::{Side, Space};
use smallvec::{SmallVec, smallvec};

/// For each fighter of a battle (defenders, then attackers), the recorded
/// entry: on the stack for battles of up to eight pieces.
type Entries<'a> = SmallVec<[Option<&'a ast::Fighter>; 8]>;

/// A computed battle with what the record says of it.
struct Plan<'a> {
    battle: Battle,
    record: Option<&'a ast::Battle>,
    /// For each fighter (defenders, then attackers), the recorded entry.
    entries: Entries<'a>,
    /// The record gives the battle to the other side: one problem says so.
    wrong_winner: bool,
    /// Which attackers advance.
    advance: Vec<bool>,
    /// Where a losing Lofðungr went (`None`: off the board), once decided.
    retreat: Option<Option<Space>>,
    /// Winning pieces the record leaves out (reported unless the game ended
    /// in this battle).
    unlisted: Option<Box<Problem>>,
}

impl Plan<'_> {
    fn fighters(&self) -> impl Iterator<Item = &Fighter> {
        self.battle.defenders.iter().chain(&self.battle.attackers)
    }

    fn losing_lofdungr(&self) -> Option<(usize, &Fighter)> {
        self.fighters()
            .enumerate()
            .find(|(_, f)| f.side == self.battle.loser() && f.kind == FighterKind::Lofdungr)
    }

    /// The battle as the rules and the adopted choices give it, in notation.
    fn computed(&self) -> String {
        let space = self.battle.space;
        let mut text = format!(">{space}");
        let n_def = self.battle.defenders.len();
        for (n, fighter) in self.fighters().enumerate() {
            let fate = if fighter.side == self.battle.winner {
                if n >= n_def && self.advance.get(n - n_def).copied().unwrap_or(false) {
                    Fate::Stands(space)
                } else {
                    Fate::Stands(fighter.from)
                }
            } else {
                match fighter.kind {
                    FighterKind::Hirth => Fate::RemovedFromGame,
                    FighterKind::Karve { .. } => Fate::RemovedFromPlay,
                    FighterKind::Lofdungr => match self.retreat {
                        Some(Some(to)) => Fate::Stands(to),
                        _ => Fate::RemovedFromGame,
                    },
                }
            };
            text.push_str(&written_fighter(fighter, fate));
        }
        text
    }
}

/// A fighter in notation: `GKh^`.
fn written_fighter(fighter: &Fighter, fate: Fate) -> String {
    let piece = match fighter.kind {
        FighterKind::Lofdungr => Piece::Lofdungr,
        FighterKind::Hirth => Piece::Hirth,
        FighterKind::Karve { crew, .. } => Piece::Karve {
            crew: u32::from(crew),
        },
    };
    format!("{}{piece}{fate}", fighter.side)
}

fn piece_matches(entry: &ast::Fighter, fighter: &Fighter, exact: bool) -> bool {
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
/// said to stay on a space to those that attacked from it.
fn match_entries<'a>(
    battle: &Battle,
    record: &'a ast::Battle,
) -> (Entries<'a>, Vec<&'a ast::Fighter>) {
    let fighters: SmallVec<[&Fighter; 8]> =
        battle.defenders.iter().chain(&battle.attackers).collect();
    let mut entries: Entries<'a> = smallvec![None; fighters.len()];
    let mut unmatched: Vec<&ast::Fighter> = Vec::new();
    let stays_elsewhere = |e: &ast::Fighter| matches!(e.fate, Fate::Stands(s) if s != battle.space);
    let mut order: SmallVec<[&ast::Fighter; 8]> = record.fighters.iter().collect();
    order.sort_by_key(|e| !stays_elsewhere(e));
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
fn recorded_winner(battle: &Battle, entries: &[Option<&ast::Fighter>]) -> Option<Side> {
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

/// "power 3 against 2", with how a tie was broken.
fn powers(battle: &Battle) -> String {
    let (w, l) = if battle.attacker_wins() {
        (battle.attack, battle.defence)
    } else {
        (battle.defence, battle.attack)
    };
    let mut text = format!(
        "{} wins the battle on {}, power {w} against {l}",
        battle.winner.name(),
        battle.space
    );
    match battle.tiebreak {
        Some(Tiebreak::Lofdungr(side)) => {
            text.push_str(&format!(": {}'s lone Lofðungr breaks the tie", side.name()));
        }
        Some(Tiebreak::Defender) => text.push_str(": the defender wins a tie"),
        None => {}
    }
    text
}

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
}

/// Whether every battle token of the outcome could be read (a `/` or
/// battles), so that the record can be compared.
pub(super) fn readable(outcome: &Outcome) -> bool {
    outcome
        .battles
        .iter()
        .all(|b| matches!(b, BattleToken::Battle(_)))
}

/// Fights the turn's battles on `position`, comparing them with the record
/// (when `compare`), and pushes the problems found. `next` is the turn after,
/// whose steps choose among legal retreats when the record's is wrong.
pub(super) fn resolve(
    position: &mut Position,
    outcome: &Outcome,
    compare: bool,
    next: Option<&ast::Turn>,
    flexible: &[FlexibleAttack],
    problems: &mut Vec<Problem>,
) -> Resolution {
    if compare {
        place_flexible(position, outcome, flexible);
    }
    let computed = position.battles();
    let recorded: SmallVec<[&ast::Battle; 4]> = if compare {
        outcome
            .battles
            .iter()
            .filter_map(|b| match b {
                BattleToken::Battle(b) => Some(b),
                BattleToken::Malformed(_) => None,
            })
            .collect()
    } else {
        SmallVec::new()
    };
    if compare {
        check_order(&recorded, problems);
    }
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
        let record = index.map(|n| recorded[n]);
        plans.push(plan(battle, record, compare, problems));
    }
    for (n, record) in recorded.iter().enumerate() {
        if !claimed[n] {
            problems.push(
                Problem::new(
                    ProblemKind::BattleUnexpected,
                    record.span,
                    format!("no piece attacked {} this turn", record.space),
                )
                .with_help("remove this battle record")
                .with_fix(removal(outcome, record.span)),
            );
        }
    }
    for plan in &plans {
        position.fight(&plan.battle);
    }
    // Only a losing Lofðungr's retreat asks the next turn.
    let advances: Vec<(Battle, Vec<bool>)> = if plans.iter().any(|p| p.losing_lofdungr().is_some())
    {
        plans
            .iter()
            .map(|p| (p.battle.clone(), p.advance.clone()))
            .collect()
    } else {
        Vec::new()
    };
    // Whether, with a Lofðungr retreated to `to`, the next turn plays.
    let agrees = |position: &Position, side: Side, to: Space| {
        let Some(next) = next else { return false };
        let mut trial = *position;
        trial.retreat(side, Some(to));
        for (battle, advance) in &advances {
            trial.advance(battle, advance);
        }
        trial.end_turn();
        super::steps_play(trial, &next.steps)
    };
    let mut victory = None;
    let mut ended_in = None;
    for (n, plan) in plans.iter_mut().enumerate() {
        if let Some(won) = retreat(position, plan, compare, &agrees, problems) {
            victory = Some(won);
            ended_in = Some(n);
        }
    }
    for (n, plan) in plans.iter_mut().enumerate() {
        if let Some(unlisted) = plan.unlisted.take()
            && ended_in != Some(n)
        {
            problems.push(*unlisted);
        }
    }
    for (n, plan) in plans.iter().enumerate() {
        if !plan.battle.attacker_wins() || !compare || plan.wrong_winner {
            continue;
        }
        let Some(record) = plan.record else { continue };
        if !recorded_advance(plan) {
            let ended_here = ended_in == Some(n);
            let problem = Problem::new(
                ProblemKind::NoAdvance,
                record.span,
                if ended_here {
                    format!(
                        "no attacker is written entering {}; the game ended in this battle",
                        plan.battle.space
                    )
                } else {
                    format!("no attacker is written entering {}", plan.battle.space)
                },
            );
            problems.push(if ended_here {
                problem.with_severity(Severity::Advice)
            } else {
                problem
                    .with_help(format!("write `{}`", plan.computed()))
                    .with_fix(Edit::new(record.span, plan.computed()))
            });
        }
    }
    // With `/` written, the missing battles take its place.
    let all_missing: Vec<String> = plans
        .iter()
        .filter(|p| p.record.is_none())
        .map(Plan::computed)
        .collect();
    for plan in &plans {
        if compare && plan.record.is_none() {
            let span = outcome_slash(outcome);
            let mut problem = Problem::new(ProblemKind::BattleMissing, span, powers(&plan.battle))
                .with_help(format!("write `{}`", plan.computed()));
            if outcome.battles.is_empty() {
                problem = problem.with_fix(Edit::new(span, all_missing.join(" ")));
            }
            problems.push(problem);
        }
        if compare
            && plan.wrong_winner
            && let Some(record) = plan.record
        {
            problems.push(
                Problem::new(ProblemKind::BattleWinner, record.span, powers(&plan.battle))
                    .with_help(format!("write `{}`", plan.computed()))
                    .with_fix(Edit::new(record.span, plan.computed())),
            );
        }
    }
    if victory.is_none() {
        for plan in &plans {
            position.advance(&plan.battle, &plan.advance);
        }
    }
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
    Resolution { victory, battles }
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
            if stays == target || attacker_stands(position, entry.piece, stays, target, battle) {
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
/// `target` as the battle record says stay on `from`.
fn attacker_stands(
    position: &Position,
    piece: Piece,
    from: Space,
    target: Space,
    battle: &ast::Battle,
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
            let written = battle
                .fighters
                .iter()
                .filter(|e| e.piece == Piece::Hirth && e.fate == Fate::Stands(from))
                .count();
            let standing =
                crate::rules::position::edge(from, target).map_or(0, |e| army.attacking[e]);
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

/// The edit that takes a battle record out of an outcome: with its blank,
/// or, if it is the only one, leaving `/`.
fn removal(outcome: &Outcome, span: Span) -> Edit {
    let spans: Vec<Span> = outcome.battles.iter().map(BattleToken::span).collect();
    let n = spans.iter().position(|s| *s == span);
    match (n, spans.len()) {
        (_, 0 | 1) | (None, _) => Edit::new(span, "/"),
        (Some(0), _) => Edit::new(Span::new(span.start, spans[1].start), ""),
        (Some(n), _) => Edit::new(Span::new(spans[n - 1].end, span.end), ""),
    }
}

/// Whether the record itself names an attacker entering (and not only the
/// reading adopted after an error).
fn recorded_advance(plan: &Plan) -> bool {
    let n_def = plan.battle.defenders.len();
    plan.entries[n_def..]
        .iter()
        .any(|e| e.is_some_and(|e| e.fate == Fate::Stands(plan.battle.space)))
}

/// The span to point at for a battle the record lacks: the `/`, or the end
/// of the outcome.
fn outcome_slash(outcome: &Outcome) -> Span {
    if outcome.span.is_empty() {
        outcome.span
    } else {
        Span::new(outcome.span.end.saturating_sub(1), outcome.span.end)
    }
}

/// Warns when recorded battles are not in board order, or list attackers
/// before defenders.
fn check_order(recorded: &[&ast::Battle], problems: &mut Vec<Problem>) {
    if let Some(pair) = recorded.windows(2).find(|w| w[0].space > w[1].space) {
        let mut sorted: Vec<&ast::Battle> = recorded.to_vec();
        sorted.sort_by_key(|b| b.space);
        let written: Vec<String> = sorted.iter().map(ToString::to_string).collect();
        problems.push(
            Problem::new(
                ProblemKind::BattleOrder,
                pair[1].span,
                format!(
                    "the battle on {} comes before the one on {}",
                    pair[1].space, pair[0].space
                ),
            )
            .with_help(format!("write `{}`", written.join(" ")))
            .with_fix(Edit::new(
                recorded[0].span.join(recorded[recorded.len() - 1].span),
                written.join(" "),
            )),
        );
    }
}

/// Matches a computed battle to its record and checks every recorded piece
/// but a losing Lofðungr (whose retreat is checked after all battles).
fn plan<'a>(
    battle: Battle,
    record: Option<&'a ast::Battle>,
    compare: bool,
    problems: &mut Vec<Problem>,
) -> Plan<'a> {
    let n_def = battle.defenders.len();
    let n_all = n_def + battle.attackers.len();
    let mut plan = Plan {
        advance: vec![true; battle.attackers.len()],
        entries: smallvec![None; n_all],
        wrong_winner: false,
        retreat: None,
        unlisted: None,
        battle,
        record,
    };
    let Some(record) = record.filter(|_| compare) else {
        return plan;
    };
    let (entries, unmatched) = match_entries(&plan.battle, record);
    plan.entries = entries;
    for entry in unmatched {
        problems.push(
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
            .with_fix(Edit::new(entry.span, "")),
        );
    }
    // Advances: as recorded; with no winning attacker listed as entering,
    // every attacker enters (the record is then reported).
    let space = plan.battle.space;
    let advances = |e: &Option<&ast::Fighter>| e.is_some_and(|e| e.fate == Fate::Stands(space));
    if plan.entries[n_def..].iter().any(advances) {
        plan.advance = plan.entries[n_def..].iter().map(advances).collect();
    }
    if recorded_winner(&plan.battle, &plan.entries).is_some_and(|w| w != plan.battle.winner) {
        plan.wrong_winner = true;
        plan.advance = vec![true; plan.battle.attackers.len()];
        return plan;
    }
    if let Some(first_attacker) = record
        .fighters
        .iter()
        .position(|e| e.side == plan.battle.attacker)
        && record.fighters[first_attacker..]
            .iter()
            .any(|e| e.side == plan.battle.defender())
    {
        let mut reordered: Vec<&ast::Fighter> = record.fighters.iter().collect();
        reordered.sort_by_key(|e| e.side == plan.battle.attacker);
        let text: String = reordered.iter().map(ToString::to_string).collect();
        problems.push(
            Problem::new(
                ProblemKind::DefenderFirst,
                record.span,
                format!(
                    "{} defends {}; its pieces come first",
                    plan.battle.defender().name(),
                    space
                ),
            )
            .with_help(format!("write `>{space}{text}`"))
            .with_fix(Edit::new(record.span, format!(">{space}{text}"))),
        );
    }
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
                let expected = match fighter.kind {
                    FighterKind::Karve { .. } => Fate::RemovedFromPlay,
                    _ => Fate::RemovedFromGame,
                };
                problems.push(
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
                    )),
                );
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
        check_fate(&plan, n, fighter, entry, problems);
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
    plan
}

/// Checks the fate of a recorded piece other than a losing Lofðungr.
fn check_fate(
    plan: &Plan,
    n: usize,
    fighter: &Fighter,
    entry: &ast::Fighter,
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
        problems.push(
            Problem::new(ProblemKind::Fate, entry.span, why)
                .with_help(format!("write `{}`", written_fighter(fighter, expected)))
                .with_fix(Edit::new(entry.span, written_fighter(fighter, expected))),
        );
    }
}

/// "a Hirþ", "a Karve with 2 Hirþs", "the Lofðungr".
fn describe(fighter: &Fighter) -> String {
    match fighter.kind {
        FighterKind::Lofdungr => "its Lofðungr".to_owned(),
        FighterKind::Hirth => "a Hirþ".to_owned(),
        FighterKind::Karve { crew: 0, .. } => "an empty Karve".to_owned(),
        FighterKind::Karve { crew, .. } => format!("a Karve with {}", hirths(crew)),
    }
}

/// "1 Hirþ", "3 Hirþs".
pub(super) fn hirths(n: u8) -> String {
    format!("{n} Hirþ{}", if n == 1 { "" } else { "s" })
}

/// Retreats a battle's losing Lofðungr as the record says when the rules
/// allow it, else as the rules give it; returns a victory if it leaves the
/// board.
fn retreat(
    position: &mut Position,
    plan: &mut Plan,
    compare: bool,
    agrees: &dyn Fn(&Position, Side, Space) -> bool,
    problems: &mut Vec<Problem>,
) -> Option<Victory> {
    let (n, fighter) = plan.losing_lofdungr().map(|(n, f)| (n, *f))?;
    let side = fighter.side;
    position.retreat_pending(side)?;
    let options = position.retreats(side);
    let entry = plan.entries[n].filter(|_| compare && !plan.wrong_winner);
    let written = entry.map(|e| e.fate);
    // As written when legal; else the legal retreat the next turn agrees
    // with, else the first in board order.
    let chosen = match (written, options.as_slice()) {
        (Some(Fate::Stands(to)), _) if options.contains(&to) => Some(to),
        (_, []) => None,
        (_, [first, ..]) => Some(
            options
                .iter()
                .copied()
                .find(|&to| agrees(position, side, to))
                .unwrap_or(*first),
        ),
    };
    if let Some(entry) = entry {
        let fine = match (entry.fate, chosen) {
            (Fate::Stands(to), Some(c)) => to == c,
            (Fate::RemovedFromGame | Fate::RemovedFromPlay, None) => true,
            _ => false,
        };
        if !fine {
            let label = if options.is_empty() {
                let end = if plan.battle.space == Space::Midr && fighter.from == Space::Midr {
                    "it is killed: Drepið"
                } else {
                    "it leaves the board: Þungur Hnífur"
                };
                format!("the Lofðungr has nowhere to retreat; {end}")
            } else {
                let spaces: Vec<String> = options.iter().map(ToString::to_string).collect();
                format!(
                    "the Lofðungr can retreat to {}",
                    one_of(&spaces).replace('`', "")
                )
            };
            let fixes: Vec<String> = if options.is_empty() {
                vec![written_fighter(&fighter, Fate::RemovedFromGame)]
            } else {
                options
                    .iter()
                    .take(3)
                    .map(|&to| written_fighter(&fighter, Fate::Stands(to)))
                    .collect()
            };
            let mut problem = Problem::new(ProblemKind::Retreat, entry.span, label)
                .with_help(format!("write {}", one_of(&fixes)));
            if let [fix] = fixes.as_slice() {
                problem = problem.with_fix(Edit::new(entry.span, fix.clone()));
            }
            problems.push(problem);
        }
    } else if compare
        && !plan.wrong_winner
        && let Some(record) = plan.record
    {
        let fate = chosen.map_or(Fate::RemovedFromGame, Fate::Stands);
        let added = written_fighter(&fighter, fate);
        let mut problem = Problem::new(
            ProblemKind::MissingFighter,
            record.span,
            format!(
                "{} loses its Lofðungr's battle, and its fate is not listed",
                side.name()
            ),
        )
        .with_help(format!("add `{added}`"));
        // With several places to retreat to, which one is a guess.
        if options.len() <= 1 {
            problem = problem.with_fix(Edit::new(
                Span::new(record.span.end, record.span.end),
                added,
            ));
        }
        problems.push(problem);
    }
    plan.retreat = Some(chosen);
    position.retreat(side, chosen)
}
