//! Single-mistake variants of generated games, shared by the tests that
//! measure what is reported of them (`tests/mutation.rs`) and what is
//! repaired (`tests/repair_rates.rs`).

#![allow(dead_code)]

use std::fmt::Write as _;

use hirp::core::{Malformed, Span};
use hirp::hirp::syntax::{
    Action, BattleToken, Fate, Game, PenningrAction, PenningrMove, Piece, StepToken, Turn,
    WrittenBattle, WrittenFighter, WrittenStep,
};
use hirp::hirp::{Side, Space};

/// What a mistake must bring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// An error at the turn.
    Error,
    /// A warning or an error at the turn.
    Warning,
    /// Nothing in particular: the mistake may be legal.
    Maybe,
}

/// The kinds of mistake.
pub const KINDS: &[(&str, Expect)] = &[
    ("crew miscounted", Expect::Error),
    ("space changed", Expect::Maybe),
    ("step dropped", Expect::Error),
    ("step added", Expect::Error),
    ("`>` removed", Expect::Warning),
    ("battle winner swapped", Expect::Error),
    ("`x` and `^` swapped", Expect::Error),
    ("L retreat to an illegal space", Expect::Error),
    ("wrong turn label", Expect::Error),
    ("Penningr answer by the wrong player", Expect::Error),
    ("illegal triple", Expect::Error),
    ("`Khe`", Expect::Error),
    ("`Li`", Expect::Error),
    ("a crew of 5", Expect::Error),
    ("battle `>` dropped", Expect::Error),
    ("`>` doubled", Expect::Error),
    ("wrong fate", Expect::Maybe),
    ("battle missing", Expect::Error),
    ("extra battle", Expect::Error),
    // A label written `G1`, as if a new game began there.
    ("`G1` for a later label", Expect::Error),
];

/// Where a place of `>` doubled names a battle record: battle `n` is at
/// `BATTLE + n`, step `n` at `n`.
const BATTLE: usize = 100;

/// The board's 18 edges, from the rules page.
pub const EDGES: &str = "01 02 12 13 24 34 35 46 56 57 68 78 79 89 m3 m4 m5 m6";

pub fn adjacent(a: Space, b: Space) -> bool {
    let (a, b) = (a.code(), b.code());
    EDGES.split(' ').any(|edge| {
        let e: Vec<char> = edge.chars().collect();
        (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a)
    })
}

pub fn other(side: Side) -> Side {
    match side {
        Side::Gull => Side::Silfr,
        Side::Silfr => Side::Gull,
    }
}

/// A small deterministic random source (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

pub fn steps(turn: &Turn) -> impl Iterator<Item = (usize, &WrittenStep)> {
    turn.steps.iter().enumerate().filter_map(|(n, t)| match t {
        StepToken::Step(step) => Some((n, step)),
        StepToken::Malformed(_) => None,
    })
}

pub fn battles(turn: &Turn) -> impl Iterator<Item = (usize, &WrittenBattle)> {
    turn.outcome
        .battles
        .iter()
        .enumerate()
        .filter_map(|(n, t)| match t {
            BattleToken::Battle(battle) => Some((n, battle)),
            BattleToken::Malformed(_) => None,
        })
}

pub fn step_mut(turn: &mut Turn, n: usize) -> &mut WrittenStep {
    match &mut turn.steps[n] {
        StepToken::Step(step) => step,
        StepToken::Malformed(_) => unreachable!("only steps are chosen"),
    }
}

pub fn battle_mut(turn: &mut Turn, n: usize) -> &mut WrittenBattle {
    match &mut turn.outcome.battles[n] {
        BattleToken::Battle(battle) => battle,
        BattleToken::Malformed(_) => unreachable!("only battles are chosen"),
    }
}

/// Whether a step token is one step whatever the position: entering,
/// boarding or leaving alone, or a move to a space next to where it starts.
pub fn single_step(step: &WrittenStep) -> bool {
    match step.action {
        Action::Enter { to: None } | Action::Leave { to: None, .. } | Action::Board => true,
        Action::EnterAndBoard
        | Action::Enter { to: Some(_) }
        | Action::Leave { to: Some(_), .. } => false,
        Action::Move { from, to } => adjacent(from, to.space),
    }
}

/// Places in a game for a mistake of kind `kind`: (turn, index in it).
pub fn places(game: &Game, kind: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    // Whether an offer was made before each turn.
    if let Some(found) = battle_places(game, kind) {
        return found;
    }
    let mut offered = false;
    for (t, turn) in game.turns.iter().enumerate() {
        let mut add = |n: usize| found.push((t, n));
        match kind {
            // Several Karves may stand on a home space, or for a while on a
            // space a Karve moved to this turn, where another crew names
            // another Karve: a crew miscounted is made elsewhere.
            "crew miscounted" => {
                let arrivals: Vec<Space> = steps(turn)
                    .filter(|(_, s)| matches!(s.piece, Piece::Karve { .. }))
                    .filter_map(|(_, s)| match s.action {
                        Action::Move { to, .. } => Some(to.space),
                        _ => None,
                    })
                    .collect();
                steps(turn)
                    .filter(|(_, s)| {
                        matches!(s.piece, Piece::Karve { .. })
                            && matches!(s.action, Action::Move { from, .. }
                                if from != Space::GullHome
                                    && from != Space::SilfrHome
                                    && !arrivals.contains(&from))
                    })
                    .for_each(|(n, _)| add(n));
            }
            "a crew of 5" => steps(turn)
                .filter(|(_, s)| {
                    matches!(s.piece, Piece::Karve { .. })
                        && matches!(s.action, Action::Move { .. })
                })
                .for_each(|(n, _)| add(n)),
            // A turn that ends in a refused offer may have fewer than five
            // steps (the rules page: nothing after the refusal counts); a
            // move of several spaces counts the spaces of its shortest legal
            // path, which a step dropped before it may lengthen. A step is
            // dropped from a turn of single steps only.
            "step dropped" => {
                let refused = turn
                    .outcome
                    .penningr
                    .iter()
                    .any(|p| p.action == PenningrMove::Refuse);
                let single = turn.steps.iter().all(|t| match t {
                    StepToken::Step(step) => single_step(step),
                    StepToken::Malformed(_) => false,
                });
                if !refused && single {
                    add(0);
                }
            }
            "space changed" => steps(turn)
                .filter(|(_, s)| matches!(s.action, Action::Move { .. }))
                .for_each(|(n, _)| add(n)),
            "step added" | "wrong turn label" | "`Li`" => add(0),
            "`>` removed" => steps(turn)
                .filter(|(_, s)| match s.action {
                    Action::Move { to, .. } => to.attack,
                    Action::Enter { to } | Action::Leave { to, .. } => to.is_some_and(|d| d.attack),
                    _ => false,
                })
                .for_each(|(n, _)| add(n)),
            "battle winner swapped" => battles(turn).for_each(|(n, _)| add(n)),
            "`x` and `^` swapped" => battles(turn).for_each(|(n, b)| {
                let swappable = b.fighters.iter().any(|f| {
                    matches!(
                        (f.piece, f.fate),
                        (Piece::Hirth, Fate::RemovedFromGame)
                            | (Piece::Karve { .. }, Fate::RemovedFromPlay)
                    )
                });
                if swappable {
                    add(n);
                }
            }),
            "L retreat to an illegal space" => battles(turn).for_each(|(n, b)| {
                let retreat = b.fighters.iter().any(|f| {
                    f.piece == Piece::Lofdungr && matches!(f.fate, Fate::Stands(s) if s != b.space)
                });
                if retreat {
                    add(n);
                }
            }),
            "Penningr answer by the wrong player" => turn
                .outcome
                .penningr
                .iter()
                .enumerate()
                .filter(|(_, p)| matches!(p.action, PenningrMove::Accept | PenningrMove::Refuse))
                .for_each(|(n, _)| add(n)),
            // A triple before any offer: there is no double to follow.
            "illegal triple" => {
                offered |= !turn.outcome.penningr.is_empty();
                if !offered {
                    add(0);
                }
            }
            "`Khe`" => steps(turn)
                .filter(|(_, s)| {
                    s.piece == Piece::Karve { crew: 0 } && matches!(s.action, Action::Enter { .. })
                })
                .for_each(|(n, _)| add(n)),
            // A turn after the first with a turn after it, which tells a
            // wrong label from a new game.
            "`G1` for a later label" => {
                if t > 0 && t + 1 < game.turns.len() {
                    add(0);
                }
            }
            _ => unreachable!("{kind}"),
        }
    }
    found
}

/// Places for the mistakes of battle records and their markers, or `None`
/// for another kind.
fn battle_places(game: &Game, kind: &str) -> Option<Vec<(usize, usize)>> {
    let mut found = Vec::new();
    for (t, turn) in game.turns.iter().enumerate() {
        let mut add = |n: usize| found.push((t, n));
        match kind {
            "battle `>` dropped" | "wrong fate" | "battle missing" => {
                battles(turn).for_each(|(n, _)| add(n));
            }
            "`>` doubled" => {
                steps(turn)
                    .filter(|(_, s)| s.to_string().contains('>'))
                    .for_each(|(n, _)| add(n));
                battles(turn).for_each(|(n, _)| add(BATTLE + n));
            }
            // A record written twice, or one added to a turn of no battle
            // (with no Penningr action) on the space its last move ends on.
            "extra battle" => {
                battles(turn).for_each(|(n, _)| add(n));
                if turn.outcome.battles.is_empty()
                    && turn.outcome.penningr.is_empty()
                    && last_destination(turn).is_some()
                {
                    add(0);
                }
            }
            _ => return None,
        }
    }
    Some(found)
}

/// Where the last move of a turn ends, if it has one.
fn last_destination(turn: &Turn) -> Option<Space> {
    steps(turn)
        .filter_map(|(_, s)| match s.action {
            Action::Move { to, .. } => Some(to.space),
            _ => None,
        })
        .last()
}

/// Makes a mistake of a battle record or its marker at `n` of `turn`;
/// whether `kind` is one.
fn mutate_battle(turn: &mut Turn, kind: &str, n: usize, rng: &mut Rng) -> bool {
    match kind {
        "battle `>` dropped" => {
            let text = turn.outcome.battles[n].to_string();
            turn.outcome.battles[n] = malformed_battle(&text[1..]);
        }
        "`>` doubled" if n >= BATTLE => {
            let text = turn.outcome.battles[n - BATTLE].to_string();
            turn.outcome.battles[n - BATTLE] = malformed_battle(&format!(">{text}"));
        }
        "`>` doubled" => {
            let text = turn.steps[n].to_string().replacen('>', ">>", 1);
            turn.steps[n] = StepToken::Malformed(Malformed {
                text,
                span: Span::default(),
            });
        }
        "wrong fate" => {
            let battle = battle_mut(turn, n);
            let space = battle.space;
            let fighter = rng.below(battle.fighters.len());
            let fate = &mut battle.fighters[fighter].fate;
            let mut choices = vec![
                Fate::Stands(space),
                Fate::RemovedFromPlay,
                Fate::RemovedFromGame,
            ];
            if *fate == Fate::Stands(space) {
                let near: Vec<Space> = Space::ALL
                    .into_iter()
                    .filter(|&s| adjacent(s, space))
                    .collect();
                choices.push(Fate::Stands(near[rng.below(near.len())]));
            }
            choices.retain(|f| f != fate);
            *fate = choices[rng.below(choices.len())];
        }
        "battle missing" => {
            turn.outcome.battles.remove(n);
        }
        "extra battle" if turn.outcome.battles.is_empty() => {
            let space = last_destination(turn).expect("only turns with a move are chosen");
            let side = turn.label.side;
            let fighter = |side, piece, fate| WrittenFighter {
                side,
                piece,
                fate,
                span: Span::default(),
            };
            let battle = WrittenBattle {
                space,
                fighters: vec![
                    fighter(other(side), Piece::Hirth, Fate::RemovedFromGame),
                    fighter(side, Piece::Hirth, Fate::Stands(space)),
                ],
                span: Span::default(),
            };
            turn.outcome.battles.push(BattleToken::Battle(battle));
        }
        "extra battle" => {
            let again = turn.outcome.battles[n].clone();
            turn.outcome.battles.insert(n + 1, again);
        }
        _ => return false,
    }
    true
}

/// A battle token that cannot be read, written `text`.
fn malformed_battle(text: &str) -> BattleToken {
    BattleToken::Malformed(Malformed {
        text: text.to_owned(),
        span: Span::default(),
    })
}

/// Makes the mistake `kind` at `place` of `turn`.
pub fn mutate(turn: &mut Turn, kind: &str, n: usize, rng: &mut Rng) {
    if mutate_battle(turn, kind, n, rng) {
        return;
    }
    match kind {
        "crew miscounted" => {
            let step = step_mut(turn, n);
            if let Piece::Karve { crew } = &mut step.piece {
                *crew = if *crew < 4 { *crew + 1 } else { *crew - 1 };
            }
        }
        "a crew of 5" => step_mut(turn, n).piece = Piece::Karve { crew: 5 },
        "space changed" => {
            let step = step_mut(turn, n);
            if let Action::Move { from, to } = &mut step.action {
                let choices: Vec<Space> = Space::ALL
                    .into_iter()
                    .filter(|&s| s != *from && s != to.space)
                    .collect();
                to.space = choices[rng.below(choices.len())];
            }
        }
        "step dropped" => {
            let n = rng.below(turn.steps.len());
            turn.steps.remove(n);
        }
        "step added" => {
            let extra = turn.steps[rng.below(turn.steps.len())].clone();
            turn.steps.push(extra);
        }
        "wrong turn label" => turn.label.round += 1,
        "`Li`" => {
            let n = rng.below(turn.steps.len());
            let span = turn.steps[n].span();
            turn.steps[n] = StepToken::Step(WrittenStep {
                piece: Piece::Lofdungr,
                action: Action::Board,
                span,
            });
        }
        "`>` removed" => match &mut step_mut(turn, n).action {
            Action::Move { to, .. } => to.attack = false,
            Action::Enter { to: Some(to) } | Action::Leave { to: Some(to), .. } => {
                to.attack = false;
            }
            _ => unreachable!(),
        },
        "battle winner swapped" => {
            // The losers hold the space; the winners are removed.
            let battle = battle_mut(turn, n);
            let space = battle.space;
            for fighter in &mut battle.fighters {
                fighter.fate = match (fighter.fate, fighter.piece) {
                    (Fate::RemovedFromGame | Fate::RemovedFromPlay, _) => Fate::Stands(space),
                    (_, Piece::Hirth | Piece::Lofdungr) => Fate::RemovedFromGame,
                    (_, Piece::Karve { .. }) => Fate::RemovedFromPlay,
                };
            }
        }
        "`x` and `^` swapped" => {
            let battle = battle_mut(turn, n);
            let fighter = battle
                .fighters
                .iter_mut()
                .find(|f| {
                    matches!(
                        (f.piece, f.fate),
                        (Piece::Hirth, Fate::RemovedFromGame)
                            | (Piece::Karve { .. }, Fate::RemovedFromPlay)
                    )
                })
                .unwrap();
            fighter.fate = match fighter.fate {
                Fate::RemovedFromGame => Fate::RemovedFromPlay,
                _ => Fate::RemovedFromGame,
            };
        }
        "L retreat to an illegal space" => {
            let battle = battle_mut(turn, n);
            let space = battle.space;
            let fighter = battle
                .fighters
                .iter_mut()
                .find(|f| {
                    f.piece == Piece::Lofdungr && matches!(f.fate, Fate::Stands(s) if s != space)
                })
                .unwrap();
            let illegal: Vec<Space> = Space::ALL
                .into_iter()
                .filter(|&s| s != space && !adjacent(s, space))
                .collect();
            fighter.fate = Fate::Stands(illegal[rng.below(illegal.len())]);
        }
        "Penningr answer by the wrong player" => {
            let action = &mut turn.outcome.penningr[n];
            action.side = other(action.side);
        }
        "illegal triple" => {
            let side = turn.label.side;
            let span = turn.outcome.span;
            let action = |side, action| PenningrAction { side, action, span };
            turn.outcome
                .penningr
                .insert(0, action(side, PenningrMove::Triple));
            turn.outcome
                .penningr
                .insert(1, action(other(side), PenningrMove::Accept));
        }
        "`Khe`" => step_mut(turn, n).piece = Piece::Karve { crew: 1 },
        "`G1` for a later label" => {
            turn.label.side = Side::Gull;
            turn.label.round = 1;
        }
        _ => unreachable!("{kind}"),
    }
}

/// A variant of `game` with one mistake of `kind` made at a place drawn
/// at random, if the game has a place for it: its text, the turn changed
/// (from 0) and where that turn lies in the text.
pub struct Variant {
    pub text: String,
    pub turn: usize,
    pub start: usize,
    pub end: usize,
}

/// Makes a [`Variant`] of `game` with a mistake of `kind`.
pub fn variant(game: &Game, kind: &str, rng: &mut Rng) -> Option<Variant> {
    let found = places(game, kind);
    if found.is_empty() {
        return None;
    }
    let pick = match kind {
        "`G1` for a later label" => own_draw(game, found.len()),
        _ => rng.below(found.len()),
    };
    let (t, n) = found[pick];
    let mut changed = game.clone();
    mutate(&mut changed.turns[t], kind, n, rng);
    let (text, start, end) = text_of(&changed, t);
    Some(Variant {
        text,
        turn: t,
        start,
        end,
    })
}

/// A place out of `places` drawn from the game itself, for a kind added
/// after the others: the draws of the kinds before it, from the shared
/// source, stay as they were.
fn own_draw(game: &Game, places: usize) -> usize {
    let steps: usize = game.turns.iter().map(|t| t.steps.len()).sum();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (steps as u64) << 16 ^ game.turns.len() as u64);
    rng.below(places)
}

/// A game's text with its turns one a line, and where turn `t` starts and
/// ends in it.
pub fn text_of(game: &Game, t: usize) -> (String, usize, usize) {
    let mut text = String::new();
    for tag in &game.tags {
        writeln!(text, "{tag}").unwrap();
    }
    text.push('\n');
    let (mut start, mut end) = (0, 0);
    for (n, turn) in game.turns.iter().enumerate() {
        if n == t {
            start = text.len();
        }
        writeln!(text, "{turn}").unwrap();
        if n == t {
            end = text.len();
        }
    }
    (text, start, end)
}
