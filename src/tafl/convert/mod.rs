//! A tafl game written in another form: an OpenTafl game file, an archive
//! line, a line of hnefatafl.org's archive or its JSON, keeping what the
//! form can hold and naming what it cannot.
//!
//! A game is converted from its replay, so that what is written is what
//! was played: each move with the pieces it took, the end the rules or the
//! record decided. What the record says besides (its facts: players,
//! ratings, clocks, messages, other tags) goes where the target has a
//! place for it; what has none is listed in [`Converted::lost`]. The text
//! written is read back in its form and replayed under the same rules:
//! a game that would not read back as the same moves to the same end is
//! not converted ([`NotConverted::Changed`]).
//!
//! ```
//! use hirp::tafl::convert::convert;
//! use hirp::tafl::replay::{Game, replay_record};
//! use hirp::tafl::rules::RuleSet;
//! use hirp::tafl::syntax::{Form, parse};
//!
//! let text = "a4-a2 c4-c3 d1-e1 c3-c6 d2-f2 d5-f5 d6-f6xf5,1,0,Ongoing\n";
//! let parsed = parse(text, Form::Csv);
//! let rules = RuleSet::preset("brandub").unwrap();
//! let replay = &replay_record(&parsed.record, &parsed.errors, Some(&rules))[0];
//! let game = Game::all(&parsed.record)[0];
//! let converted = convert(game, replay, Form::Otg).unwrap();
//! assert!(converted.text.ends_with("\n3. d2-f2 d5-f5\n4. d6-f6xf5\n"));
//! assert!(converted.lost.is_empty());
//! ```

pub(crate) mod facts;
mod write;

use std::fmt;

use facts::Facts;

pub use crate::core::convert::Converted;

use crate::core::Severity;
use crate::tafl::Side;
use crate::tafl::replay::{Game, Replay, replay_record};
use crate::tafl::rules::{End, Move, Outcome, Position, RuleSet};
use crate::tafl::syntax::{Form, MoveType, parse_unlimited, side_to_move};

/// Why a game is not converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotConverted {
    /// The game has errors: it is not known what was played.
    Invalid {
        /// How many.
        errors: usize,
    },
    /// No rules are known to replay it under (an archive read without
    /// `--rules`).
    NoRules,
    /// The form cannot hold it: hnefatafl.org's forms hold the boards its
    /// server plays, 7 × 7, 11 × 11 and 13 × 13.
    Board {
        /// The game's board.
        dim: u8,
        /// The form.
        form: Form,
    },
    /// The form cannot say what the game is: who moves first, how it
    /// ended.
    Unsaid {
        /// The form.
        form: Form,
        /// What it cannot say, for a person.
        why: String,
    },
    /// Read back in the form, the game is another: the moves, or the end,
    /// differ (the form holds no agreed draw, its reader's rules differ
    /// from the game's).
    Changed {
        /// The form.
        form: Form,
        /// What differs, said for a person.
        how: String,
    },
}

impl fmt::Display for NotConverted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotConverted::Invalid { errors } => {
                let s = if *errors == 1 { "" } else { "s" };
                write!(f, "it has {errors} error{s}; `hirp validate` names them")
            }
            NotConverted::NoRules => f.write_str("its rules are not known; name them with --rules"),
            NotConverted::Board { dim, form } => write!(
                f,
                "{} holds games of 7 × 7, 11 × 11 and 13 × 13, not of {dim} × {dim}",
                form_name(*form)
            ),
            NotConverted::Unsaid { form, why } => {
                write!(f, "{} cannot hold it: {why}", form_name(*form))
            }
            NotConverted::Changed { form, how } => {
                write!(f, "read back from {}, {how}", form_name(*form))
            }
        }
    }
}

/// The forms a game is written in: a game file, an archive, hnefatafl.org's
/// archive and its JSON (its PGN export is read, not written).
pub const TARGETS: [Form; 4] = [Form::Otg, Form::Csv, Form::Ron, Form::OpenTaflJson];

/// A form's name for a person: `an OpenTafl game file`.
pub fn form_name(form: Form) -> &'static str {
    match form {
        Form::Otg => "an OpenTafl game file",
        Form::Csv => "an archive",
        Form::Ron => "hnefatafl.org's archive",
        Form::OpenTaflJson => "hnefatafl.org's JSON",
        Form::Pgn => "hnefatafl.org's PGN export",
    }
}

/// `game`, replayed as `replay`, written in the form `to` (one of
/// [`TARGETS`]), with what the form cannot hold of it.
pub fn convert(game: Game<'_>, replay: &Replay, to: Form) -> Result<Converted, NotConverted> {
    let errors = replay.count(Severity::Error);
    if errors > 0 {
        return Err(NotConverted::Invalid { errors });
    }
    let Some(rules) = &replay.rules else {
        return Err(NotConverted::NoRules);
    };
    let server = matches!(to, Form::Ron | Form::OpenTaflJson);
    if server && !matches!(rules.dim, 7 | 11 | 13) {
        return Err(NotConverted::Board {
            dim: rules.dim,
            form: to,
        });
    }
    let played = Played::of(replay, game, rules);
    let facts = Facts::of(game);
    if let Some(why) = unsaid(to, &played, &facts) {
        return Err(NotConverted::Unsaid { form: to, why });
    }
    let mut lost = Vec::new();
    let text = write::write(to, &played, &facts, &mut lost);
    let reader_rules = read_back_rules(to, rules);
    let again = read_back(&text, to, reader_rules.as_ref());
    if let Some(how) = changed(&played, &again) {
        return Err(NotConverted::Changed { form: to, how });
    }
    let named = || match rules.preset_name() {
        Some(name) => format!("`{name}`"),
        None => format!("`{rules}`"),
    };
    if server && reader_rules.as_ref() != Some(rules) {
        lost.push(format!(
            "the rules, {}: it reads as a game of hnefatafl.org's for its board",
            named()
        ));
    }
    if to == Form::Csv {
        lost.push(format!("the rules: read it with --rules {}", named()));
    }
    let last_only = to == Form::Otg && played.moves.is_empty() && played.resigned().is_none();
    Ok(Converted {
        text,
        lost,
        last_only,
    })
}

/// What a game played: its rules, each move with what it took and the side
/// that made it, how it ended, and whether its record wrote a resignation.
#[derive(Clone, Debug)]
pub(super) struct Played<'r> {
    /// The rules it was played under.
    pub rules: &'r RuleSet,
    /// Its moves, each with its captures and its side.
    pub moves: Vec<PlayedMove>,
    /// How it ended; `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The side to move after the last move.
    pub to_move: Side,
    /// Where the king stood when the last move captured him.
    pub king_taken: Option<crate::tafl::Square>,
}

/// A move played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// How it is written: `-`, a jump `^`, a berserk move `=`.
    pub kind: MoveType,
    /// The side that made it.
    pub side: Side,
    /// The squares of the pieces it took.
    pub captures: Vec<crate::tafl::Square>,
}

impl<'r> Played<'r> {
    fn of(replay: &Replay, _game: Game<'_>, rules: &'r RuleSet) -> Played<'r> {
        let mut sides = Vec::with_capacity(replay.steps.len() + 1);
        let mut kinds = Vec::with_capacity(replay.steps.len());
        let mut king = None;
        replay.each_position(|n, position| {
            sides.push(position.turn());
            king = position.king();
            let next = replay.steps.get(n).and_then(|s| s.applied.mv());
            if let Some(mv) = next {
                kinds.push(move_type(position, mv));
            }
        });
        let captured = replay.outcome.is_some_and(|o| o.end == End::KingCaptured);
        let moves = replay
            .steps
            .iter()
            .zip(&sides)
            .filter_map(|(step, &side)| step.applied.mv().map(|mv| (step, side, mv)))
            .zip(kinds)
            .map(|((step, side, mv), kind)| PlayedMove {
                mv,
                kind,
                side,
                captures: step.captures.iter().collect(),
            })
            .collect();
        Played {
            rules,
            moves,
            outcome: replay.outcome,
            to_move: sides.last().copied().unwrap_or(Side::Attackers),
            king_taken: king.filter(|_| captured),
        }
    }

    /// The records of hnefatafl.org's archive its plays make: the leading
    /// one, one a move, one for a resignation.
    pub fn records(&self) -> usize {
        1 + self.moves.len() + usize::from(self.resigned().is_some())
    }

    /// The side that resigned, when the game ended so.
    pub fn resigned(&self) -> Option<Side> {
        match self.outcome {
            Some(Outcome {
                end: End::Resigned,
                winner: Some(winner),
            }) => Some(winner.opponent()),
            _ => None,
        }
    }

    /// The side that lost on time, when the game ended so.
    pub fn timed_out(&self) -> Option<Side> {
        match self.outcome {
            Some(Outcome {
                end: End::Timeout,
                winner: Some(winner),
            }) => Some(winner.opponent()),
            _ => None,
        }
    }
}

/// The type `mv` is written with from `position`: `-` in a game with
/// neither jumps nor berserk moves; else a jump's `^`, a berserk move's
/// `=`, both `^=`, as the replay writes them.
fn move_type(position: &Position, mv: Move) -> MoveType {
    if !position.jumps_or_berserk() {
        return MoveType::Regular;
    }
    match (position.is_jump(mv), position.berserker().is_some()) {
        (false, false) => MoveType::Regular,
        (true, false) => MoveType::Jump,
        (false, true) => MoveType::Berserk,
        (true, true) => MoveType::BerserkJump,
    }
}

/// What of the game the form `to` cannot say, if anything: a side to
/// move first other than the server's on hnefatafl.org's boards; a loss
/// on time an archive gives to the side to move alone, and hnefatafl.org's
/// forms by clocks; a resignation of the side not to move, which its
/// forms write as a play; an agreed draw, which its JSON cannot say.
fn unsaid(to: Form, played: &Played<'_>, facts: &Facts) -> Option<String> {
    let server = matches!(to, Form::Ron | Form::OpenTaflJson);
    let first = side_to_move(played.rules.dim, 0);
    if server && played.rules.first_side() != first {
        return Some(format!(
            "its first move is the {}', where hnefatafl.org's games on {d} × {d} start with \
             the {}'",
            played.rules.first_side(),
            first,
            d = played.rules.dim
        ));
    }
    let jumps = played.moves.iter().any(|m| m.kind != MoveType::Regular);
    if to != Form::Otg && jumps {
        return Some("a jump or a berserk move: it writes every move with `-`".to_owned());
    }
    let timed_out = played.timed_out();
    if to == Form::Csv && timed_out.is_some_and(|side| side != played.to_move) {
        return Some(
            "the loss on time of the side not to move: its `timeout` is the side to move's"
                .to_owned(),
        );
    }
    let every_clock = facts.clocks.as_ref().map(Vec::len) == Some(played.records());
    if to == Form::Ron && timed_out.is_some() && !every_clock {
        return Some(
            "the loss on time: it says one only with both clocks after every play, which the \
             record does not give"
                .to_owned(),
        );
    }
    let clocks = facts.clocks.is_some() || facts.time_left.is_some();
    if to == Form::OpenTaflJson && timed_out.is_some() && !clocks {
        return Some(
            "the loss on time: it says one by a clock at zero, and the record gives no clocks"
                .to_owned(),
        );
    }
    if server && played.resigned().is_some_and(|side| side != played.to_move) {
        return Some(format!(
            "the resignation of the {}, who are not to move: the server writes a \
             resignation as a play of the side to move",
            played.resigned().map_or("", |s| s.name())
        ));
    }
    let agreed = played.outcome.is_some_and(|o| o.end == End::Agreed);
    if to == Form::OpenTaflJson && agreed {
        return Some("an agreed draw: it holds no result".to_owned());
    }
    None
}

/// The rules the reader of `form` plays a game under: hnefatafl.org's for
/// the game's board in its forms, which name none; the game's own in a
/// game file, which names them, and in an archive, read with them.
fn read_back_rules(form: Form, rules: &RuleSet) -> Option<RuleSet> {
    match form {
        Form::Ron => RuleSet::hnefatafl_org(rules.dim),
        Form::OpenTaflJson => {
            let mut server = RuleSet::hnefatafl_org(rules.dim)?;
            // The value's `start` is the position the game starts from.
            server.start = rules.start.clone();
            server.attackers_first = rules.attackers_first;
            Some(server)
        }
        Form::Otg | Form::Csv | Form::Pgn => Some(rules.clone()),
    }
}

/// The moves and the end of the game `text` holds, read in `form` and
/// replayed under `rules` (its own in a game file); `None` when it does
/// not read as one valid game.
fn read_back(text: &str, form: Form, rules: Option<&RuleSet>) -> ReadBack {
    let parsed = parse_unlimited(text, form);
    let given = matches!(form, Form::Csv).then_some(rules).flatten();
    let replays = replay_record(&parsed.record, &parsed.errors, given);
    let [replay] = replays.as_slice() else {
        return Err(format!("it reads as {} games", replays.len()));
    };
    if let Some(error) = replay
        .problems
        .iter()
        .find(|p| p.severity == Severity::Error)
    {
        let at = error
            .turn
            .as_ref()
            .map_or_else(String::new, |t| format!(" at {t}"));
        return Err(format!("it has an error{at}: {}", error.message));
    }
    let moves = replay.steps.iter().filter_map(|s| s.applied.mv()).collect();
    Ok((moves, replay.outcome))
}

/// A game read back: its moves and its end, or why it is not one valid
/// game.
type ReadBack = Result<(Vec<Move>, Option<Outcome>), String>;

/// How the game read back differs from the game played, if it does.
fn changed(played: &Played<'_>, again: &ReadBack) -> Option<String> {
    let (moves, outcome) = match again {
        Ok(again) => again,
        Err(why) => return Some(why.clone()),
    };
    let written: Vec<Move> = played.moves.iter().map(|m| m.mv).collect();
    if *moves != written {
        let at = moves
            .iter()
            .zip(&written)
            .take_while(|(a, b)| a == b)
            .count();
        return Some(format!(
            "its moves differ from move {} on ({} read back, {} played)",
            at + 1,
            moves.len(),
            written.len()
        ));
    }
    let said = |o: &Option<Outcome>| o.map_or_else(|| "it goes on".to_owned(), |o| o.to_string());
    (*outcome != played.outcome).then(|| {
        format!(
            "it ends otherwise: {}, where it was {}",
            said(outcome),
            said(&played.outcome)
        )
    })
}
