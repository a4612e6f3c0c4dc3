//! What the battles' problems say: the notation of computed battles and
//! pieces, and the problems that compare a turn's battles as a whole with
//! the record (order, unexpected, missing, wrong winner, no advance).

use super::pairing::Plan;
use crate::core::Edit;
use crate::core::Span;
use crate::hirp::replay::problem::{Problem, ProblemKind};
use crate::hirp::rules::{Battle, Fighter, FighterKind, Tiebreak};
use crate::hirp::syntax::ast::{
    self, BattleToken, Fate, Outcome, Piece, WrittenBattle, WrittenFighter,
};
use crate::hirp::types::Space;

/// A battle as the rules give it, as a record writes it: every piece that
/// fought, the defender's first, with its fate. A winning attacker enters
/// the space when `advance` says so (indexed as the attackers) and else
/// stays where it attacked from; a winning defender stays; a losing Hirþ is
/// removed from game, a losing Karve from play, and a losing Lofðungr
/// stands where it retreated (`retreat`) or is written `x` off the board.
/// The record has no spans.
///
/// ```
/// use hirp::hirp::replay::{BattleView, Observer, replay_game_with, written_battle};
/// use hirp::hirp::{rules::Position, syntax::Turn};
///
/// /// Every battle of a game, as fought.
/// #[derive(Default)]
/// struct Battles(Vec<BattleView>);
///
/// impl Observer for Battles {
///     fn battles(&mut self, _: &Turn, battles: &[BattleView], _: &Position) {
///         self.0.extend_from_slice(battles);
///     }
/// }
///
/// let record = "G1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\nS2 Ke6KeHi /\n\
///               G3 Hv3mHv3>6 >6SK^GH6\n";
/// let mut seen = Battles::default();
/// replay_game_with(&hirp::hirp::parse(record).record.games[0], &[], &mut seen);
/// let view = &seen.0[0];
/// let written = written_battle(&view.battle, &view.advance, view.retreat.flatten());
/// assert_eq!(written.to_string(), ">6SK^GH6");
/// ```
pub fn written_battle(battle: &Battle, advance: &[bool], retreat: Option<Space>) -> WrittenBattle {
    let fighters = battle.defenders.iter().chain(&battle.attackers);
    let fighters = fighters
        .enumerate()
        .map(|(n, fighter)| fighter_record(fighter, fate(battle, n, advance, retreat)));
    WrittenBattle {
        space: battle.space,
        fighters: fighters.collect(),
        span: Span::default(),
    }
}

/// The fate of fighter `n` of a battle (defenders, then attackers), as
/// [`written_battle`] writes it.
pub(in crate::hirp::replay) fn fate(
    battle: &Battle,
    n: usize,
    advance: &[bool],
    retreat: Option<Space>,
) -> Fate {
    let n_def = battle.defenders.len();
    let fighter = if n < n_def {
        &battle.defenders[n]
    } else {
        &battle.attackers[n - n_def]
    };
    if fighter.side == battle.winner {
        if n >= n_def && advance.get(n - n_def).copied().unwrap_or(false) {
            Fate::Stands(battle.space)
        } else {
            Fate::Stands(fighter.from)
        }
    } else {
        match fighter.kind {
            FighterKind::Hirth => Fate::RemovedFromGame,
            FighterKind::Karve { .. } => Fate::RemovedFromPlay,
            FighterKind::Lofdungr => retreat.map_or(Fate::RemovedFromGame, Fate::Stands),
        }
    }
}

/// A fighter as a battle record writes its piece.
pub(in crate::hirp::replay) fn piece(fighter: &Fighter) -> Piece {
    match fighter.kind {
        FighterKind::Lofdungr => Piece::Lofdungr,
        FighterKind::Hirth => Piece::Hirth,
        FighterKind::Karve { crew, .. } => Piece::Karve {
            crew: u32::from(crew),
        },
    }
}

/// A fighter with a fate, as a battle record writes it.
fn fighter_record(fighter: &Fighter, fate: Fate) -> WrittenFighter {
    WrittenFighter {
        side: fighter.side,
        piece: piece(fighter),
        fate,
        span: Span::default(),
    }
}

/// A fighter in notation: `GKh^`.
pub(super) fn written_fighter(fighter: &Fighter, fate: Fate) -> String {
    fighter_record(fighter, fate).to_string()
}

/// "power 3 against 2", with how a tie was broken.
pub(super) fn powers(battle: &Battle) -> String {
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

/// "a Hirþ", "a Karve with 2 Hirþs", "the Lofðungr".
pub(super) fn describe(fighter: &Fighter) -> String {
    match fighter.kind {
        FighterKind::Lofdungr => "its Lofðungr".to_owned(),
        FighterKind::Hirth => "a Hirþ".to_owned(),
        FighterKind::Karve { crew: 0, .. } => "an empty Karve".to_owned(),
        FighterKind::Karve { crew, .. } => format!("a Karve with {}", hirths(crew)),
    }
}

/// "1 Hirþ", "3 Hirþs".
pub(crate) fn hirths(n: u8) -> String {
    format!("{n} Hirþ{}", if n == 1 { "" } else { "s" })
}

/// Warns when recorded battles are not in board order.
pub(super) fn check_order(recorded: &[&ast::WrittenBattle], problems: &mut Vec<Problem>) {
    let Some(pair) = recorded.windows(2).find(|w| w[0].space > w[1].space) else {
        return;
    };
    let mut sorted: Vec<&ast::WrittenBattle> = recorded.to_vec();
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

/// A battle record for a space nobody attacked; removed by its fix when
/// `sure`.
pub(super) fn unexpected(outcome: &Outcome, record: &ast::WrittenBattle, sure: bool) -> Problem {
    let problem = Problem::new(
        ProblemKind::BattleUnexpected,
        record.span,
        format!("no piece attacked {} this turn", record.space),
    )
    .with_help("remove this battle record");
    if sure {
        problem.with_fix(removal(outcome, record.span))
    } else {
        problem
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

/// A won attack whose record names no attacker entering the space: an
/// error, or an advice of its own when the game ended in this battle
/// (`docs/rules.md#missing-advance`).
pub(super) fn no_advance(plan: &Plan, record: &ast::WrittenBattle, ended_here: bool) -> Problem {
    let space = plan.battle.space;
    if ended_here {
        return Problem::new(
            ProblemKind::EndedWithoutAdvance,
            record.span,
            format!("no attacker is written entering {space}"),
        );
    }
    let problem = Problem::new(
        ProblemKind::NoAdvance,
        record.span,
        format!("no attacker is written entering {space}"),
    );
    rewrite(problem, plan, record.span)
}

/// A problem with the help to write the battle as the rules fight it, and
/// that as its fix, at `span`; with the retreat a guess, the readings of
/// each retreat listed, and none applied.
fn rewrite(problem: Problem, plan: &Plan, span: Span) -> Problem {
    let readings = plan.readings();
    let problem = problem.offering("write", &readings);
    match readings.as_slice() {
        [one] if !plan.guessed() => problem.with_fix(Edit::new(span, one.clone())),
        _ => problem,
    }
}

/// A battle the record lacks, pointed at the `/` or the end of the outcome;
/// with `/` written, the missing battles (`all_missing`) take its place,
/// and among records in board order that are all right (`others_right`),
/// it goes in its place in that order.
pub(super) fn missing(
    plan: &Plan,
    outcome: &Outcome,
    all_missing: &[String],
    others_right: bool,
) -> Problem {
    let span = outcome_slash(outcome);
    let readings = plan.readings();
    let problem = Problem::new(ProblemKind::BattleMissing, span, powers(&plan.battle))
        .offering("write", &readings);
    if plan.guessed() {
        return problem;
    }
    if outcome.battles.is_empty() {
        return problem.with_fix(Edit::new(span, all_missing.join(" ")));
    }
    if !others_right {
        return problem;
    }
    match insertion(outcome, plan.battle.space, &plan.computed()) {
        Some(edit) => problem.with_fix(edit),
        None => problem,
    }
}

/// The edit that puts the record `written` of a battle on `space` among an
/// outcome's records in board order: before the first on a later space,
/// or after the last. None when the records are not in board order, or
/// one is on `space` already.
fn insertion(outcome: &Outcome, space: Space, written: &str) -> Option<Edit> {
    let mut spaces = Vec::with_capacity(outcome.battles.len());
    for token in &outcome.battles {
        match token {
            BattleToken::Battle(battle) => spaces.push((battle.space, battle.span)),
            BattleToken::Malformed(_) => return None,
        }
    }
    let ordered = spaces.windows(2).all(|w| w[0].0 < w[1].0);
    if !ordered || spaces.iter().any(|(s, _)| *s == space) {
        return None;
    }
    Some(match spaces.iter().find(|(s, _)| *s > space) {
        Some((_, later)) => Edit::new(Span::new(later.start, later.start), format!("{written} ")),
        None => {
            let end = spaces.last()?.1.end;
            Edit::new(Span::new(end, end), format!(" {written}"))
        }
    })
}

/// A battle the record gives to the side that lost it.
pub(super) fn wrong_winner(plan: &Plan, record: &ast::WrittenBattle) -> Problem {
    let problem = Problem::new(ProblemKind::BattleWinner, record.span, powers(&plan.battle));
    rewrite(problem, plan, record.span)
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
