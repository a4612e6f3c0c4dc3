//! No false verdicts: generated games pass, and each single-mistake variant
//! of one is reported at the turn that holds the mistake, never before it.
//!
//! From 2,000 generated games, every kind of mistake below is made once in
//! each game that has a place for it, in a turn drawn at random. Most kinds
//! make the turn illegal by construction, whatever the position: those must
//! be reported at that turn (`>` removed is a warning). A space changed may
//! give another legal step: such a variant is only checked for a false error
//! before the turn. Each variant read to its syntax alone (as `validate
//! --syntax-only` reads it) gives the syntax problems the full check gives,
//! and the fast path of a check replays none that the full replay finds a
//! problem in, and the rest as the full replay does.
//! The counts per kind are printed (`cargo test --test mutation --
//! --nocapture`).

use std::fmt::Write as _;

use hirp::Severity;
use hirp::replay::replay_record;
use hirp::syntax::{
    Action, BattleToken, Fate, Game, PenningrAction, PenningrMove, Piece, StepToken, Turn,
    WrittenBattle, WrittenStep,
};
use hirp::{Side, Space};

/// What a mistake must bring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// An error at the turn.
    Error,
    /// A warning or an error at the turn.
    Warning,
    /// Nothing in particular: the mistake may be legal.
    Maybe,
}

/// The kinds of mistake.
const KINDS: &[(&str, Expect)] = &[
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
];

/// The board's 18 edges, from the rules page.
const EDGES: &str = "01 02 12 13 24 34 35 46 56 57 68 78 79 89 m3 m4 m5 m6";

fn adjacent(a: Space, b: Space) -> bool {
    let (a, b) = (a.code(), b.code());
    EDGES.split(' ').any(|edge| {
        let e: Vec<char> = edge.chars().collect();
        (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a)
    })
}

fn other(side: Side) -> Side {
    match side {
        Side::Gull => Side::Silfr,
        Side::Silfr => Side::Gull,
    }
}

/// A small deterministic random source (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn steps(turn: &Turn) -> impl Iterator<Item = (usize, &WrittenStep)> {
    turn.steps.iter().enumerate().filter_map(|(n, t)| match t {
        StepToken::Step(step) => Some((n, step)),
        StepToken::Malformed(_) => None,
    })
}

fn battles(turn: &Turn) -> impl Iterator<Item = (usize, &WrittenBattle)> {
    turn.outcome
        .battles
        .iter()
        .enumerate()
        .filter_map(|(n, t)| match t {
            BattleToken::Battle(battle) => Some((n, battle)),
            BattleToken::Malformed(_) => None,
        })
}

fn step_mut(turn: &mut Turn, n: usize) -> &mut WrittenStep {
    match &mut turn.steps[n] {
        StepToken::Step(step) => step,
        StepToken::Malformed(_) => unreachable!("only steps are chosen"),
    }
}

fn battle_mut(turn: &mut Turn, n: usize) -> &mut WrittenBattle {
    match &mut turn.outcome.battles[n] {
        BattleToken::Battle(battle) => battle,
        BattleToken::Malformed(_) => unreachable!("only battles are chosen"),
    }
}

/// Whether a step token is one step whatever the position: entering,
/// boarding or leaving alone, or a move to a space next to where it starts.
fn single_step(step: &WrittenStep) -> bool {
    match step.action {
        Action::Enter { to: None } | Action::Leave { to: None, .. } | Action::Board => true,
        Action::EnterAndBoard
        | Action::Enter { to: Some(_) }
        | Action::Leave { to: Some(_), .. } => false,
        Action::Move { from, to } => adjacent(from, to.space),
    }
}

/// Places in a game for a mistake of kind `kind`: (turn, index in it).
fn places(game: &Game, kind: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    // Whether an offer was made before each turn.
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
            _ => unreachable!("{kind}"),
        }
    }
    found
}

/// Makes the mistake `kind` at `place` of `turn`.
fn mutate(turn: &mut Turn, kind: &str, n: usize, rng: &mut Rng) {
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
        _ => unreachable!("{kind}"),
    }
}

/// A game's text with its turns one a line, and where turn `t` starts and
/// ends in it.
fn text_of(game: &Game, t: usize) -> (String, usize, usize) {
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

/// The problems of a one-game record: (severity, offset, code).
fn problems(text: &str) -> Vec<(Severity, usize, String)> {
    let parsed = hirp::parse(text);
    let report = replay_record(&parsed.record, &parsed.errors);
    report
        .games
        .iter()
        .flat_map(|g| &g.problems)
        .chain(&report.problems)
        .map(|p| (p.severity, p.span.start, p.code.to_string()))
        .collect()
}

/// The problems of a one-game record read to its syntax alone, as
/// `validate --syntax-only` reads it: (severity, offset, code).
fn syntax_problems(text: &str) -> Vec<(Severity, usize, String)> {
    let mut found = Vec::new();
    hirp::check::check_with(text.as_bytes(), hirp::check::Depth::Syntax, |checked| {
        let problems = checked.report.problems.iter();
        found.extend(problems.map(|p| (p.severity, p.span.start, p.code.to_string())));
        true
    })
    .expect("reading from memory");
    found
}

/// What the fast path of a check says of a one-game record where it
/// disagrees with the full replay (it replays a game in which the full
/// replay finds a problem, or finds another result or position); `None`
/// where it agrees or leaves the record to the full replay.
fn fast_disagrees(text: &str) -> Option<String> {
    let fast = hirp::replay::fast::games(text.as_bytes(), 0)?;
    let parsed = hirp::parse(text);
    let full = replay_record(&parsed.record, &parsed.errors);
    let same = parsed.errors.is_empty()
        && full.games.len() == fast.len()
        && fast.iter().zip(&full.games).all(|(f, g)| f.report == *g);
    let problems: Vec<_> = full.games.iter().flat_map(|g| &g.problems).collect();
    (!same).then(|| format!("the fast path replays it, where the full replay finds {problems:?}"))
}

/// What the variants of one kind gave.
#[derive(Clone, Debug, Default)]
struct Counts {
    variants: usize,
    /// Reported at the turn as the kind requires.
    reported: usize,
    /// A kind that may be legal, with nothing at the turn.
    legal: usize,
    /// Failures: what went wrong, for the report.
    failures: Vec<String>,
}

#[test]
fn mistakes_are_reported_at_their_turn_and_never_before() {
    let record = hirp::generate::record(hirp::generate::Options {
        seed: 2026,
        games: 2000,
        max_turns: 80,
    });
    let games = &record.games;
    let mut originals = 0;
    let results: Vec<(Vec<Counts>, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                scope.spawn(move || {
                    let mut counts = vec![Counts::default(); KINDS.len()];
                    let mut false_positives = Vec::new();
                    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ worker as u64);
                    for (g, game) in games.iter().enumerate().skip(worker).step_by(2) {
                        let (text, _, _) = text_of(game, usize::MAX);
                        if !problems(&text).is_empty() {
                            false_positives.push(format!("game {}:\n{text}", g + 1));
                        }
                        // Without its [Result] tag, which a mistake may
                        // make untrue.
                        let mut bare = game.clone();
                        bare.tags.retain(|tag| tag.name != "Result");
                        for (k, &(kind, expect)) in KINDS.iter().enumerate() {
                            let found = places(&bare, kind);
                            if found.is_empty() {
                                continue;
                            }
                            let (t, n) = found[rng.below(found.len())];
                            let mut variant = bare.clone();
                            mutate(&mut variant.turns[t], kind, n, &mut rng);
                            let (text, start, end) = text_of(&variant, t);
                            let found = problems(&text);
                            // The syntax alone, read with no tree or not,
                            // finds what the full check finds of it.
                            let syntax: Vec<_> = found
                                .iter()
                                .filter(|(_, _, code)| code.starts_with("hirp::syntax::"))
                                .cloned()
                                .collect();
                            let read = syntax_problems(&text);
                            let counts = &mut counts[k];
                            counts.variants += 1;
                            if let Some(why) = fast_disagrees(&text) {
                                counts.failures.push(format!(
                                    "{kind}, game {} turn {}: {why}\n{text}",
                                    g + 1,
                                    t + 1
                                ));
                                continue;
                            }
                            if read != syntax {
                                counts.failures.push(format!(
                                    "{kind}, game {} turn {}: read to its syntax alone, \
                                     {read:?} where the full check finds {syntax:?}\n{text}",
                                    g + 1,
                                    t + 1
                                ));
                                continue;
                            }
                            let early = found
                                .iter()
                                .find(|(s, at, _)| *s == Severity::Error && *at < start);
                            let at_turn = |least: Severity| {
                                found
                                    .iter()
                                    .any(|(s, at, _)| *s >= least && (start..end).contains(at))
                            };
                            let failure = if let Some((_, at, code)) = early {
                                Some(format!("{code} at byte {at}, before the turn"))
                            } else {
                                match expect {
                                    Expect::Error if !at_turn(Severity::Error) => {
                                        Some("no error at the turn".to_owned())
                                    }
                                    Expect::Warning if !at_turn(Severity::Warning) => {
                                        Some("no warning at the turn".to_owned())
                                    }
                                    _ => None,
                                }
                            };
                            match failure {
                                Some(why) => counts.failures.push(format!(
                                    "{kind}, game {} turn {}: {why}: {}\n{text}",
                                    g + 1,
                                    t + 1,
                                    text[start..end].trim_end()
                                )),
                                None if at_turn(Severity::Warning) => counts.reported += 1,
                                None => counts.legal += 1,
                            }
                        }
                    }
                    (counts, false_positives)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut totals = vec![Counts::default(); KINDS.len()];
    let mut false_positives = Vec::new();
    for (counts, positives) in results {
        for (total, counts) in totals.iter_mut().zip(counts) {
            total.variants += counts.variants;
            total.reported += counts.reported;
            total.legal += counts.legal;
            total.failures.extend(counts.failures);
        }
        originals += games.len() / 2;
        false_positives.extend(positives);
    }
    let mut report = format!(
        "{} games, {} with a problem\n{:<38}{:>9}{:>10}{:>8}{:>10}\n",
        games.len(),
        false_positives.len(),
        "mistake",
        "variants",
        "reported",
        "legal",
        "failures"
    );
    for (&(kind, _), counts) in KINDS.iter().zip(&totals) {
        writeln!(
            report,
            "{kind:<38}{:>9}{:>10}{:>8}{:>10}",
            counts.variants,
            counts.reported,
            counts.legal,
            counts.failures.len()
        )
        .unwrap();
    }
    println!("{report}");
    assert!(originals >= 2000 - 1);
    assert!(
        false_positives.is_empty(),
        "generated games with a problem:\n{}",
        false_positives.join("\n")
    );
    for (&(kind, _), counts) in KINDS.iter().zip(&totals) {
        assert!(
            counts.variants >= 20,
            "too few variants of {kind}\n{report}"
        );
    }
    // The first two failures of each kind.
    let failures: Vec<&String> = totals
        .iter()
        .flat_map(|c| c.failures.iter().take(2))
        .collect();
    assert!(
        failures.is_empty(),
        "{report}\n{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
