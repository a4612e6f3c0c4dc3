//! Random legal tafl games, deterministic per seed, written as OpenTafl
//! game files: for tests, benchmarks and fuzzing seeds.
//!
//! Each move is drawn from [`Position::legal_moves`]; a jump is written
//! `^` and a berserk move `=`, its captures after it, the move that
//! captures the king or lets him escape is marked `++` or `--`, and a game
//! the rules end has its `[result:]`. A game still going at the cap has
//! none. A turn is the first side's move and the other side's, with the
//! berserk moves that follow either.
//!
//! ```
//! use hirp::tafl::generate::{Options, games};
//! use hirp::tafl::rules::RuleSet;
//! use hirp::tafl::syntax::{Form, parse};
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let options = Options { rules, seed: 3, games: 2, max_moves: 8 };
//! let generated: Vec<String> = games(&options).collect();
//! assert_eq!(generated.len(), 2);
//! assert_eq!(generated, games(&options).collect::<Vec<_>>(), "the same games");
//! for text in &generated {
//!     // Each replays under its own rules tag with no problem.
//!     let parsed = parse(text, Form::Otg);
//!     let replays = hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, None);
//!     assert!(replays[0].problems.is_empty());
//! }
//! ```

use std::fmt::Write as _;

use super::Side;
use super::rules::{End, Position, RuleSet};
use super::syntax::{Info, MoveType, WrittenMove};
use crate::core::Rng;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set, written into each game's `[rules:]` tag.
    pub rules: RuleSet,
    /// The seed: the same options give the same games.
    pub seed: u64,
    /// How many games.
    pub games: usize,
    /// The moves after which an unfinished game stops.
    pub max_moves: usize,
}

/// The games, each an OpenTafl game file's text, in order.
pub fn games(options: &Options) -> impl Iterator<Item = String> + '_ {
    let mut rng = Rng::new(options.seed);
    (0..options.games).map(move |_| game(&options.rules, &mut rng, options.max_moves))
}

/// One random game of at most `max_moves` moves.
pub fn game(rules: &RuleSet, rng: &mut Rng, max_moves: usize) -> String {
    play_out(rules, rng, Cap::Moves(max_moves))
}

/// One random game of at most `max_turns` numbered turns (`1.`, `2.`, ...:
/// the first side's move and the other side's, with the berserk moves that
/// follow either), as `hirp validate` counts a game's turns.
pub fn game_of_turns(rules: &RuleSet, rng: &mut Rng, max_turns: usize) -> String {
    play_out(rules, rng, Cap::Turns(max_turns))
}

/// Where an unfinished game stops.
#[derive(Clone, Copy)]
enum Cap {
    /// After this many moves.
    Moves(usize),
    /// After this many numbered turns.
    Turns(usize),
}

/// One random game, stopped at `cap` if the rules have not ended it.
fn play_out(rules: &RuleSet, rng: &mut Rng, cap: Cap) -> String {
    let mut position = Position::new(rules);
    let mut turns: Vec<String> = Vec::new();
    let mut ply = 0;
    let first = rules.first_side();
    while position.outcome().is_none() {
        let mover = position.turn();
        let new_turn = mover == first && position.berserker().is_none();
        let capped = match cap {
            Cap::Moves(max) => ply >= max,
            Cap::Turns(max) => new_turn && turns.len() >= max,
        };
        if capped {
            break;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let Ok(played) = position.play(mv) else { break };
        let kind = match (played.jump, played.berserk) {
            (false, false) => MoveType::Regular,
            (true, false) => MoveType::Jump,
            (false, true) => MoveType::Berserk,
            (true, true) => MoveType::BerserkJump,
        };
        let info = match played.outcome.map(|o| o.end) {
            Some(End::KingCaptured) => Some(Info::KingCaptured),
            Some(End::KingEscaped) => Some(Info::KingEscaped),
            _ => None,
        };
        let text = WrittenMove::made(mv.from, kind, mv.to, played.captures.iter(), info);
        let text = text.to_string();
        match turns.last_mut() {
            Some(last) if !new_turn => {
                last.push(' ');
                last.push_str(&text);
            }
            _ => turns.push(format!("{}. {text}", turns.len() + 1)),
        }
        ply += 1;
    }
    let mut out = String::new();
    if let Some(outcome) = position.outcome() {
        let value = match outcome.winner {
            Some(Side::Attackers) => "1",
            Some(Side::Defenders) => "-1",
            None => "0",
        };
        let _ = writeln!(out, "[result:{value}]");
        let _ = writeln!(out, "[termination:{}]", outcome.end.description());
    }
    let _ = writeln!(out, "[rules:{rules}]");
    out.push('\n');
    for turn in turns {
        out.push_str(&turn);
        out.push('\n');
    }
    out
}
