//! The replayer: the one place where written steps meet positions.
//!
//! Each turn of a game is played on a [`Position`]: its label checked, each
//! written step resolved and played, the step count checked, the Penningr
//! actions applied, the battles fought and compared with the record. Every
//! problem becomes a [`Problem`] pointing at the token at fault, saying what
//! the rules computed and, when a small edit of the token makes the turn
//! legal, how to write it. After a problem the replay goes on with the
//! nearest legal reading (the repaired token, the real crew, the computed
//! battle), so one run reports every problem and never a consequence of an
//! earlier one as a new one. Where the record cannot be followed at all (a
//! line or token that cannot be read, a turn of the wrong side), the replay
//! of that game stops with an advice.
//!
//! ```
//! use hirp::hirp::syntax::WrittenStep;
//!
//! // Silfr's first turn is written with six steps.
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8HeHe /\n");
//! let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
//! let game = &report.games[0];
//! let problem = &game.problems[0];
//! assert_eq!(problem.code.to_string(), "hirp::turn::step_count");
//! assert_eq!(problem.help.as_deref(), Some("write the steps `He7He8He`"));
//! assert_eq!(game.position.to_move(), hirp::hirp::Side::Gull, "the replay went on");
//!
//! // One written step checked on the position after the last turn.
//! let step: WrittenStep = "Khhh03".parse()?;
//! let problem = hirp::hirp::replay::resolve(&game.position, &step).unwrap_err();
//! assert_eq!(problem.label, "the Karve on 0 carries 2 Hirþs");
//! # Ok::<(), hirp::hirp::syntax::SyntaxError>(())
//! ```

mod battles;
mod count;
#[doc(hidden)]
pub mod fast;
mod fix;
mod forced;
mod matches;
pub(crate) mod offers;
mod problem;
mod recover;
mod repair;
mod search;
mod turn;
mod written;

pub use battles::{BattleView, written_battle};
pub use fix::check_piece;
pub(crate) use matches::Head;
pub use matches::{MatchView, Matches};
pub use problem::ProblemKind;

use crate::core::Severity;
use crate::core::diagnostic::Problem;
pub use written::{Resolved, resolve};
pub(crate) use written::{writable, write_step};

use crate::core::Span;
use crate::hirp::rules::{Position, Victory};
use crate::hirp::syntax::ast::{BattleToken, Game, Label, Record, StepToken, Turn};
use crate::hirp::syntax::limits::MAX_ERRORS;
use crate::hirp::syntax::{SyntaxError, SyntaxErrorKind};
use turn::Replay;

/// What replaying one game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's turn lines.
    pub turns: usize,
    /// How the game was won, if it was.
    pub result: Option<Victory>,
    /// Every problem, syntax errors included, in file order.
    pub problems: Vec<Problem>,
    /// The position after the last turn replayed.
    pub position: Position,
}

impl GameReport {
    /// Whether no problem of error severity was found.
    pub fn is_valid(&self) -> bool {
        crate::core::diagnostic::no_error(&self.problems)
    }

    /// The number of problems of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        crate::core::diagnostic::count(&self.problems, severity)
    }
}

/// What replaying a record found: one report per game, and the syntax errors
/// that lie in no game (a file with no game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordReport {
    /// One report per game, in file order.
    pub games: Vec<GameReport>,
    /// Syntax errors of a file that holds no game.
    pub problems: Vec<Problem>,
}

/// Syntax errors after which a line may have been a turn that was not read.
fn drops_a_line(kind: SyntaxErrorKind) -> bool {
    use SyntaxErrorKind::*;
    matches!(
        kind,
        InvalidUtf8
            | UnexpectedLine
            | MissingLabel
            | LowercaseLabel
            | MissingRound
            | RoundTooLarge
            | MissingSteps
            | MissingSpace
            | TooManyTokens
            | LineTooLong
            | GameTooLong
            | TooManyErrors
    )
}

/// Replays every game of a parsed record. `errors` are its syntax errors:
/// each goes to the game it lies in (or follows), and the lines they made
/// unreadable stop that game's replay.
pub fn replay_record(record: &Record, errors: &[SyntaxError]) -> RecordReport {
    let mut per_game: Vec<Vec<&SyntaxError>> = vec![Vec::new(); record.games.len()];
    let mut loose = Vec::new();
    for error in errors {
        match record.game_at(error.span.start) {
            Some(n) => per_game[n].push(error),
            None => loose.push(Problem::syntax(error)),
        }
    }
    RecordReport {
        games: record
            .games
            .iter()
            .zip(per_game)
            .map(|(game, errors)| replay_game(game, &errors))
            .collect(),
        problems: loose,
    }
}

/// A record's syntax errors as problems, with the repairs the replay
/// confirms and no other (see [`replay_record`]): what a command that reads
/// a record without checking it shows of its errors. Only the games that
/// hold syntax errors are replayed.
///
/// ```
/// // The French edition's `Khkh97`: the notation alone would guess three
/// // Hirþs aboard; the Karve on 9 carries two.
/// let text = std::fs::read_to_string("fixtures/rulebook/fr.hirp")?;
/// let parsed = hirp::hirp::parse(&text);
/// let problems = hirp::hirp::replay::syntax_problems(&parsed.record, &parsed.errors);
/// let second = &problems[1];
/// assert_eq!(second.code.to_string(), "hirp::syntax::crew_letter");
/// assert_eq!(second.help.as_deref(), Some("the Karve on 9 carries 2 Hirþs: write `Khh97`"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn syntax_problems(record: &Record, errors: &[SyntaxError]) -> Vec<Problem> {
    let report = syntax_report(record, errors);
    let mut problems = report.problems;
    problems.extend(report.games.into_iter().flat_map(|g| g.problems));
    problems.sort_by_key(|p| (p.span.start, p.span.end));
    problems
}

/// A record's report from its syntax errors alone, as [`syntax_problems`]
/// gives them (the repairs the replay confirms, and no other): each game
/// with its turn lines, no result and its syntax errors (only the games
/// that hold one are replayed), and the errors in no game. What reading a
/// record without checking its rules finds.
pub(crate) fn syntax_report(record: &Record, errors: &[SyntaxError]) -> RecordReport {
    let mut per_game: Vec<Vec<&SyntaxError>> = vec![Vec::new(); record.games.len()];
    let mut loose = Vec::new();
    for error in errors {
        match record.game_at(error.span.start) {
            Some(n) => per_game[n].push(error),
            None => loose.push(Problem::syntax(error)),
        }
    }
    let games = record
        .games
        .iter()
        .zip(per_game)
        .map(|(game, errors)| {
            let mut problems = Vec::new();
            if !errors.is_empty() {
                let report = replay_game(game, &errors);
                let syntax = report.problems.into_iter();
                problems.extend(syntax.filter(|p| p.code.kind::<SyntaxErrorKind>().is_some()));
                problems.sort_by_key(|p| (p.span.start, p.span.end));
            }
            GameReport {
                turns: game.turns.len(),
                result: None,
                problems,
                position: Position::new(),
            }
        })
        .collect();
    RecordReport {
        games,
        problems: loose,
    }
}

/// What a replay shows as it goes: every position, for boards and pictures.
/// Each method has a default that does nothing.
pub trait Observer {
    /// After a written step is played (as read, or as its nearest legal
    /// reading after a problem).
    fn step(&mut self, _step: &StepView<'_>) {}

    /// After a turn's battles, retreats and advances.
    fn battles(&mut self, _turn: &Turn, _battles: &[BattleView], _position: &Position) {}

    /// At the end of turn `index` (from 0), with the position the next turn
    /// starts from (or the final one, when the game ended in this turn).
    fn turn(&mut self, _turn: &Turn, _index: usize, _position: &Position) {}
}

/// A written step just played.
#[derive(Clone, Copy, Debug)]
pub struct StepView<'a> {
    /// The turn it belongs to.
    pub turn: &'a Turn,
    /// The turn's place in the game, from 0.
    pub index: usize,
    /// The token's place in the turn's steps, from 0.
    pub token: usize,
    /// Steps taken this turn so far, this token's included.
    pub steps: u8,
    /// The position after it.
    pub position: &'a Position,
}

/// An observer that sees nothing.
struct Unobserved;

impl Observer for Unobserved {}

/// Replays one game, with the syntax errors that belong to it.
pub fn replay_game(game: &Game, errors: &[&SyntaxError]) -> GameReport {
    replay_game_with(game, errors, &mut Unobserved)
}

/// Replays one game as [`replay_game`] does, showing every position to an
/// [`Observer`].
pub fn replay_game_with(
    game: &Game,
    errors: &[&SyntaxError],
    observer: &mut dyn Observer,
) -> GameReport {
    let (start, invalid) = match start_of(game) {
        Ok(start) => (start, None),
        Err(problem) => (Position::new(), Some(*problem)),
    };
    let mut replay = Replay {
        position: start,
        first: start.turns() as usize,
        problems: errors.iter().map(|e| Problem::syntax(e)).collect(),
        observer,
        flexible: Vec::new(),
        confirmed: Vec::new(),
        guessing: false,
    };
    match invalid {
        // With no position to start from, no turn can be judged.
        Some(problem) => replay.problems.push(problem),
        None => play_turns(&mut replay, game, &unread_lines(game, errors)),
    }
    drop_unconfirmed_repairs(game, &mut replay.problems, &replay.confirmed);
    for problem in &mut replay.problems {
        if problem.turn.is_none()
            && let Some(n) = turn_at(game, problem.span.start)
        {
            problem.turn = Some(Label::of_turn(replay.first + n).to_string());
        }
    }
    replay.problems.sort_by_key(|p| (p.span.start, p.span.end));
    GameReport {
        turns: game.turns.len(),
        result: replay.position.result(),
        problems: replay.problems,
        position: replay.position,
    }
}

/// The name of the tag that starts a game from a position.
pub const POSITION_TAG: &str = "Position";

/// The position `game` starts from: the one its `[Position "..."]` tag
/// holds (`grammar/hirp-position.ebnf`), else the start of a game. `Err`
/// with the problem, at the character, when the tag does not read.
///
/// ```
/// use hirp::hirp::replay::start_of;
/// let parsed = hirp::hirp::parse("[Position \"L/-/-/-/-/-/-/-/-/l/-/- silfr 3\"]\nS3 He8He7He /\n");
/// let start = start_of(&parsed.record.games[0]).unwrap();
/// assert_eq!(start.turns(), 5);
/// let report = hirp::hirp::replay::replay_game(&parsed.record.games[0], &[]);
/// assert!(report.is_valid(), "{:?}", report.problems);
/// ```
pub fn start_of(game: &Game) -> Result<Position, Box<Problem>> {
    let Some(tag) = game.tags.iter().find(|t| t.name == POSITION_TAG) else {
        return Ok(Position::new());
    };
    crate::hirp::position::read(&tag.value).map_err(|e| {
        let value = tag.value_span;
        let from = (value.start + e.span.start).min(value.end);
        let span = Span::new(from, (value.start + e.span.end).clamp(from, value.end));
        Box::new(
            Problem::new(ProblemKind::PositionInvalid, span, e.message).with_help(
                "a position as `hirp position` prints it: \
             `[Position \"L/-/-/-/-/-/-/-/-/l/-/- gull 1\"]` is the start",
            ),
        )
    })
}

/// The turns played before `game`'s first written turn: those before the
/// position it starts from (0 with none, or one that does not read). Turn
/// `n` of the game (from 0) is labelled `Label::of_turn(first_turn(game) + n)`.
pub fn first_turn(game: &Game) -> usize {
    start_of(game).map_or(0, |start| start.turns() as usize)
}

/// Takes the repair away from each syntax error in a token that could not
/// be read (a step or a battle record) unless the rules confirmed it: a
/// repair shown is one the replay plays, or there is none.
fn drop_unconfirmed_repairs(game: &Game, problems: &mut [Problem], confirmed: &[Span]) {
    let unread = game.turns.iter().flat_map(|turn| {
        let steps = turn.steps.iter().filter_map(|token| match token {
            StepToken::Malformed(malformed) => Some(malformed.span),
            StepToken::Step(_) => None,
        });
        let battles = turn.outcome.battles.iter().filter_map(|token| match token {
            BattleToken::Malformed(malformed) => Some(malformed.span),
            BattleToken::Battle(_) => None,
        });
        steps.chain(battles)
    });
    for span in unread.filter(|span| !confirmed.contains(span)) {
        for problem in problems.iter_mut() {
            if problem.code.kind::<SyntaxErrorKind>().is_some()
                && problem.fix.is_some()
                && span.contains(problem.span.start)
            {
                problem.help = None;
                problem.fix = None;
            }
        }
    }
}

/// The turn of a game that holds an offset, if one does.
fn turn_at(game: &Game, offset: usize) -> Option<usize> {
    // Turns are in file order: the turn holding an offset is found by halves.
    let n = game.turns.partition_point(|t| t.span.end <= offset);
    game.turns
        .get(n)
        .is_some_and(|t| t.span.contains(offset))
        .then_some(n)
}

/// Where the game has lines that could not be read and may have been
/// turns: the offsets of the syntax errors that drop a line outside any
/// turn, in order.
fn unread_lines(game: &Game, errors: &[&SyntaxError]) -> Vec<usize> {
    let mut unread: Vec<usize> = errors
        .iter()
        .filter(|e| drops_a_line(e.kind))
        .filter(|e| turn_at(game, e.span.start).is_none())
        .map(|e| e.span.start)
        .collect();
    unread.sort_unstable();
    unread
}

/// Replays a game's turns in order, until its end, a line that could not be
/// read before a turn, or too many errors.
fn play_turns(replay: &mut Replay<'_>, game: &Game, unread: &[usize]) {
    let mut unread = unread.iter().copied().peekable();
    // Errors so far, counted as problems come.
    let (mut errors, mut counted) = (0, 0);
    for (n, turn) in game.turns.iter().enumerate() {
        let skipped = unread.peek().is_some_and(|&at| at < turn.span.start);
        while unread.next_if(|&at| at < turn.span.start).is_some() {}
        if skipped {
            replay.stop(turn, "a line before this turn could not be read");
            return;
        }
        errors += replay.problems[counted..]
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        counted = replay.problems.len();
        if errors >= MAX_ERRORS {
            replay.stop(
                turn,
                &format!("the game has {errors} errors before this turn"),
            );
            return;
        }
        if let Some(result) = replay.position.result() {
            replay.push(
                Problem::new(
                    ProblemKind::AfterEnd,
                    turn.label.span,
                    format!("the game ended before this turn: {result}"),
                )
                .with_help("remove the turns after the end of the game"),
                Label::of_turn(replay.first + n),
            );
            return;
        }
        if !replay.turn(turn, n, &game.turns[n + 1..]) {
            return;
        }
    }
}
