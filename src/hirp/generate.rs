//! Random legal games, deterministic per seed: for benchmarks, fuzzing seeds
//! and tests.
//!
//! Each turn picks legal steps from [`Position::legal_steps`] and writes them
//! as the notation would: consecutive steps of one piece are merged into one
//! token (`He7`, `Khh97`, `Hv3m`) when the replayer reads the merged token to
//! the same position. Battles are fought as the rules say, with random
//! advances and retreats; the Penningr is offered now and then, and accepted
//! or refused.
//!
//! ```
//! use hirp::hirp::generate::{Options, record};
//!
//! let options = Options { seed: 7, games: 2, max_turns: 10 };
//! let games = record(options);
//! assert_eq!(games.games.len(), 2);
//! assert_eq!(games, record(options), "the same seed, the same games");
//!
//! // Written out and read back, every game replays with no problem.
//! let text = games.to_string();
//! let parsed = hirp::hirp::parse(&text);
//! let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
//! assert!(report.games.iter().all(|game| game.problems.is_empty()));
//! ```
//!
//! Games may start from a position between two turns instead
//! ([`games_from`]): each is tagged first with the position's line
//! (`[Position "..."]`, [`crate::hirp::position`]), and its turns are
//! labelled on from the turn the position has to play.
//!
//! ```
//! use hirp::hirp::generate::{Options, games_from};
//! use hirp::hirp::position;
//!
//! let start = position::read("LH2/K2/-/-/-/-/-/-/-/l/-/- silfr 7").unwrap();
//! let options = Options { seed: 7, games: 1, max_turns: 3 };
//! let text = games_from(options, start).next().unwrap().to_string();
//! assert!(text.starts_with("[Position \"LH2/K2/-/-/-/-/-/-/-/l/-/- silfr 7\"]\n"));
//! assert!(text.contains("\nS7 "), "the first turn is S7:\n{text}");
//! ```

use crate::core::Span;
use crate::hirp::position;
use crate::hirp::replay::{self, writable, write_step};
use crate::hirp::rules::{Battle, FighterKind, Offer, Position, Step, Victory};
use crate::hirp::syntax::ast::{
    self, Action, Destination, Game, Label, Outcome, PenningrAction, PenningrMove, Piece, Record,
    StepToken, Tag, Turn,
};
use crate::hirp::types::{Side, Space};

use crate::core::Rng;

/// Draws of one turn before a game is given up as stuck.
const TRIES: usize = 50;

/// Options for [`record`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed: the same seed gives the same games.
    pub seed: u64,
    /// How many games.
    pub games: usize,
    /// Turns after which an unfinished game stops.
    pub max_turns: usize,
}

/// `games` random legal games as one record, each tagged with its number and
/// its result.
pub fn record(options: Options) -> Record {
    Record {
        games: games(options).collect(),
        comments: Vec::new(),
    }
}

/// The games of [`record`] one at a time, so that a large corpus need not be
/// held in memory.
pub fn games(options: Options) -> Drawn {
    Drawn {
        rng: Rng::new(options.seed),
        options,
        next: 1,
        from: None,
    }
}

/// The games of [`games`], each from `start`, a position between two
/// turns (as [`position::read`] reads a line), instead of the start of a
/// game: each tagged first with the position's line, `[Position "..."]`,
/// its turns labelled on from the turn `start` has to play (a position
/// `silfr 7` gives a first turn `S7`), and `max_turns` counting the turns
/// played from it. A game from a position that is over has no turn, and
/// the position's result.
pub fn games_from(options: Options, start: Position) -> Drawn {
    Drawn {
        from: Some(start),
        ..games(options)
    }
}

/// The games [`games`] and [`games_from`] draw, each tagged with its
/// number and its result, and the position it starts from when it is not
/// the start of a game.
#[derive(Clone, Debug)]
pub struct Drawn {
    rng: Rng,
    options: Options,
    next: usize,
    from: Option<Position>,
}

impl Iterator for Drawn {
    type Item = Game;

    fn next(&mut self) -> Option<Game> {
        if self.next > self.options.games {
            return None;
        }
        let start = self.from.unwrap_or_default();
        let (mut game, result) = game_from(&mut self.rng, self.options.max_turns, start);
        game.tags = vec![
            tag("Game", &self.next.to_string()),
            tag("Result", &result_value(result)),
        ];
        if let Some(start) = &self.from {
            game.tags
                .insert(0, tag("Position", &position::write(start)));
        }
        self.next += 1;
        Some(game)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.options.games + 1).saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Drawn {}

fn tag(name: &str, value: &str) -> Tag {
    Tag {
        leading: Vec::new(),
        name: name.to_owned(),
        value: value.to_owned(),
        trailing: Vec::new(),
        span: Span::default(),
        value_span: Span::default(),
    }
}

/// The value of a `[Result]` tag: `Silfr Drepid 10`, or `*` with no result.
pub(crate) fn result_value(result: Option<Victory>) -> String {
    match result {
        None => "*".to_owned(),
        Some(victory) => format!(
            "{} {} {}",
            victory.winner.name(),
            victory.kind.tag_name(),
            victory.points()
        ),
    }
}

/// One random game of at most `max_turns` turns, and its result.
pub fn game(rng: &mut Rng, max_turns: usize) -> (Game, Option<Victory>) {
    game_from(rng, max_turns, Position::new())
}

/// One random game from `from`, a position between two turns, of at most
/// `max_turns` turns labelled on from the turn it has to play, and its
/// result: none played from a position that is over.
pub fn game_from(rng: &mut Rng, max_turns: usize, from: Position) -> (Game, Option<Victory>) {
    let mut position = from;
    let mut turns = Vec::new();
    let first = usize::try_from(from.turns()).unwrap_or(usize::MAX);
    let max_turns = if from.result().is_some() {
        0
    } else {
        max_turns
    };
    for n in 0..max_turns {
        let label = Label::of_turn(first.saturating_add(n));
        // A turn may end with two Karves on a space other than a home, which
        // the rules forbid: such a turn is drawn again.
        let start = position;
        let mut drawn = None;
        for _ in 0..TRIES {
            position = start;
            let steps = steps(rng, &mut position);
            if position.steps() < crate::hirp::rules::STEPS_PER_TURN {
                break;
            }
            let penningr = penningr(rng, &mut position);
            let battles = if position.result().is_some() {
                Vec::new()
            } else {
                battles(rng, &mut position)
            };
            if position.result().is_some() || position.crowded().is_empty() {
                drawn = Some((steps, penningr, battles));
                break;
            }
        }
        // Stuck: no legal turn found. The game stops before this turn.
        let Some((steps, penningr, battles)) = drawn else {
            position = start;
            break;
        };
        turns.push(Turn {
            leading: Vec::new(),
            label,
            steps,
            outcome: Outcome {
                penningr,
                battles,
                span: Span::default(),
            },
            trailing: Vec::new(),
            span: Span::default(),
        });
        if position.result().is_some() {
            break;
        }
        position.end_turn();
        if position.result().is_some() {
            break;
        }
    }
    let game = Game {
        tags: Vec::new(),
        turns,
        span: Span::default(),
    };
    (game, position.result())
}

/// Five random legal steps, written as tokens; fewer only if the side to
/// move has no legal step left.
fn steps(rng: &mut Rng, position: &mut Position) -> Vec<StepToken> {
    // Each token, the position before it, and the steps it takes.
    let mut written: Vec<(Position, ast::WrittenStep, u8)> = Vec::new();
    for _ in 0..crate::hirp::rules::STEPS_PER_TURN {
        let mut legal: Vec<Step> = position
            .legal_steps()
            .into_iter()
            .filter(|&s| writable(position, s))
            .collect();
        shuffle(rng, &mut legal);
        // The first step whose token the replayer reads to the same position.
        let chosen = legal.into_iter().find_map(|step| {
            let token = write_step(position, step);
            let mut after = *position;
            after.play(step).ok()?;
            reads_to(position, &token, 1, &after).then_some((token, after))
        });
        let Some((token, after)) = chosen else {
            break;
        };
        let before = std::mem::replace(position, after);
        match written.last() {
            Some((prior, previous, taken))
                if merge(previous, &token)
                    .is_some_and(|merged| reads_to(prior, &merged, taken + 1, position)) =>
            {
                let (prior, taken) = (*prior, *taken);
                let merged = merge(previous, &token).unwrap_or(token);
                written.pop();
                written.push((prior, merged, taken + 1));
            }
            _ => written.push((before, token, 1)),
        }
    }
    written
        .into_iter()
        .map(|(_, step, _)| StepToken::Step(step))
        .collect()
}

/// Shuffles in place (Fisher–Yates).
fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for n in (1..items.len()).rev() {
        items.swap(n, rng.below(n + 1));
    }
}

/// A random element, favouring none.
fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(rng.below(items.len()))
    }
}

/// One token for two of one piece, if the notation has one: `He`+`H97` is
/// `He7`, `He`+`Hi` is `Hei`, `Hv3`+`H3m` is `Hv3m`, `L01`+`L13` is `L03`.
fn merge(first: &ast::WrittenStep, second: &ast::WrittenStep) -> Option<ast::WrittenStep> {
    let action = match (first.action, second.action) {
        (Action::Enter { to: None }, Action::Board) if first.piece == Piece::Hirth => {
            Action::EnterAndBoard
        }
        (Action::Enter { to: None }, Action::Move { to, .. })
        | (
            Action::Enter {
                to: Some(Destination { attack: false, .. }),
            },
            Action::Move { to, .. },
        ) => Action::Enter { to: Some(to) },
        (Action::Leave { karve, to: None }, Action::Move { from, to }) if from == karve => {
            Action::Leave {
                karve,
                to: Some(to),
            }
        }
        (
            Action::Leave {
                karve,
                to: Some(Destination { attack: false, .. }),
            },
            Action::Move { to, .. },
        ) => Action::Leave {
            karve,
            to: Some(to),
        },
        (
            Action::Move {
                from,
                to: Destination { attack: false, .. },
            },
            Action::Move { to, .. },
        ) => Action::Move { from, to },
        _ => return None,
    };
    let same_piece = match (first.piece, second.piece) {
        (Piece::Karve { crew: a }, Piece::Karve { crew: b }) => a == b,
        (a, b) => a == b,
    };
    (same_piece && !matches!(action, Action::Move { from, to } if from == to.space)).then_some(
        ast::WrittenStep {
            piece: first.piece,
            action,
            span: Span::default(),
        },
    )
}

/// Whether the replayer reads `token` from `from` to exactly `to`, in
/// `steps` steps.
fn reads_to(from: &Position, token: &ast::WrittenStep, steps: u8, to: &Position) -> bool {
    let mut start = *from;
    start.reset_steps();
    let Ok(resolved) = replay::resolve(&start, token) else {
        return false;
    };
    let mut trial = resolved.position;
    let mut expected = *to;
    expected.reset_steps();
    trial.reset_steps();
    resolved.warning.is_none() && trial == expected && resolved.steps.len() == usize::from(steps)
}

/// Now and then an offer of the Penningr, accepted or refused.
fn penningr(rng: &mut Rng, position: &mut Position) -> Vec<PenningrAction> {
    let mut actions = Vec::new();
    if !rng.chance(6) {
        return actions;
    }
    let by = if rng.chance(50) {
        position.to_move()
    } else {
        position.to_move().opponent()
    };
    let offer = if position.penningr().multiplier() == 1 {
        Offer::Double
    } else {
        Offer::Triple
    };
    if position.offer(by, offer).is_err() {
        return actions;
    }
    let accept = rng.chance(80);
    let other = by.opponent();
    if position.answer(other, accept).is_err() {
        return actions;
    }
    let action = |side, action| PenningrAction {
        side,
        action,
        span: Span::default(),
    };
    actions.push(action(
        by,
        if offer == Offer::Double {
            PenningrMove::Double
        } else {
            PenningrMove::Triple
        },
    ));
    actions.push(action(
        other,
        if accept {
            PenningrMove::Accept
        } else {
            PenningrMove::Refuse
        },
    ));
    actions
}

/// Fights the battles with random advances and retreats; returns their records.
fn battles(rng: &mut Rng, position: &mut Position) -> Vec<ast::BattleToken> {
    let battles = position.battles();
    for battle in &battles {
        position.fight(battle);
    }
    // Each losing Lofðungr retreats in the board order of its own battle.
    let mut retreats: Vec<(Side, Option<Space>)> = Vec::new();
    for battle in &battles {
        let loser = battle.loser();
        let lost_here = battle
            .defenders
            .iter()
            .chain(&battle.attackers)
            .any(|f| f.side == loser && f.kind == FighterKind::Lofdungr);
        if lost_here && position.retreat_pending(loser).is_some() {
            let options = position.retreats(loser);
            let to = pick(rng, &options).copied();
            position.retreat(loser, to);
            retreats.push((loser, to));
        }
    }
    let mut advances: Vec<Vec<bool>> = Vec::new();
    for battle in &battles {
        let n = battle.attackers.len();
        let mut advance: Vec<bool> = (0..n).map(|_| rng.chance(60)).collect();
        if n > 0 && !advance.iter().any(|&a| a) {
            advance[rng.below(n)] = true;
        }
        advances.push(advance);
    }
    if position.result().is_none() {
        for (battle, advance) in battles.iter().zip(&advances) {
            position.advance(battle, advance);
        }
    }
    battles
        .iter()
        .zip(&advances)
        .map(|(battle, advance)| {
            ast::BattleToken::Battle(battle_record(battle, advance, &retreats))
        })
        .collect()
}

/// A battle as the record writes it: defenders first, each piece's fate,
/// a losing Lofðungr where it retreated.
fn battle_record(
    battle: &Battle,
    advance: &[bool],
    retreats: &[(Side, Option<Space>)],
) -> ast::WrittenBattle {
    let retreat = retreats
        .iter()
        .find(|(side, _)| *side == battle.loser())
        .and_then(|(_, to)| *to);
    replay::written_battle(battle, advance, retreat)
}
