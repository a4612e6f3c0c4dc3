//! HIRP's records as pages: each game replayed, a board after the start,
//! after every written step, after the battles and at the turn's end when
//! it changes the board.
//!
//! ```
//! let page = hirp::hirp::page::page("games/game.hirp", b"G1 KeHeiHei /\nS1 He7He8HeHe /\n");
//! assert_eq!(page.title, "game.hirp");
//! let game = &page.games[0];
//! // The start, a board a token, and each turn's end.
//! assert_eq!(game.steps.len(), 1 + 3 + 1 + 4 + 1);
//! assert_eq!(game.steps[8].heading, "S1, step 6 of 5: He");
//! assert_eq!(game.diagnostics[0].code, "hirp::turn::step_count");
//! // The problem is shown with one step, its token marked on the turn line.
//! let shown = &game.steps[5];
//! assert_eq!(shown.diagnostics, [0]);
//! assert_eq!(shown.marks[0].severity, "error");
//! ```

use crate::core::diagnostic::Problem;
use crate::core::json::problem::{Diagnostic, LineIndex, diagnostic};
use crate::core::page::{Field, GamePage, Mark, Packed, Packer, Page, Range, Step, Table};
use crate::core::page::{shown_with, title};
use crate::core::{Span, escape};
use crate::hirp::render::svg::svg;
use crate::hirp::render::text::battle_cells;
use crate::hirp::replay::{
    BattleView, Matches, Observer, StepView, first_turn, replay_game_with, start_of,
};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Game, Games, Label, SyntaxError, Turn, parse_chunk};
use crate::hirp::types::Side;

/// The page of a HIRP record read from `bytes`, called `name` (a file's
/// name: the path to it is left out). Games are checked as `hirp validate`
/// checks them, matches and `[Result]` tags included.
pub fn page(name: &str, bytes: &[u8]) -> Page {
    let mut games = Vec::new();
    let (title, diagnostics) = each_game(name, bytes, |game| games.push(game));
    Page {
        title,
        games,
        diagnostics,
        legend: Vec::new(),
    }
}

/// The page of a HIRP record, as [`page`] makes it, packed for its script
/// (as [`pack`](crate::core::page::pack) packs it) game by game as each is replayed:
/// the boards of one game at a time are held, whatever the record's size.
pub fn packed(name: &str, bytes: &[u8]) -> Packed {
    let mut packer = Packer::default();
    let mut games = Vec::new();
    let (title, diagnostics) = each_game(name, bytes, |game| games.push(packer.game(&game)));
    packer.finish(title, games, diagnostics)
}

/// Hands each game of the record, as a page named as [`page`] names it,
/// to `each`, in order, as it is replayed: returns the page's title and the
/// problems that lie in no game. The games are counted first, by reading
/// the record without replaying it, for their names to say `game 2 of 3`.
pub(crate) fn each_game(
    name: &str,
    bytes: &[u8],
    mut each: impl FnMut(GamePage),
) -> (String, Vec<Diagnostic>) {
    // Reading from memory cannot fail.
    let count: usize = Games::new(bytes)
        .map_while(Result::ok)
        .map(|chunk| parse_chunk(&chunk).1.record.games.len())
        .sum();
    let mut n = 0;
    each_unnamed(name, bytes, |mut game, players| {
        game.name = game_name(n, count, players);
        n += 1;
        each(game);
    })
}

/// Hands each game of the record, as a page with no name yet, and its
/// players, to `each`, in order: returns the page's title and the problems
/// that lie in no game.
fn each_unnamed(
    name: &str,
    bytes: &[u8],
    mut each: impl FnMut(GamePage, Option<String>),
) -> (String, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut matches = Matches::default();
    // Reading from memory cannot fail.
    for chunk in Games::new(bytes).map_while(Result::ok) {
        let (text, parsed) = parse_chunk(&chunk);
        let lines = LineIndex::excerpt(&text, chunk.offset, chunk.line);
        let record = &parsed.record;
        let mut per_game: Vec<Vec<&SyntaxError>> = vec![Vec::new(); record.games.len()];
        for error in &parsed.errors {
            match record.game_at(error.span.start) {
                Some(n) => per_game[n].push(error),
                None => diagnostics.push(diagnostic(&Problem::syntax(error), &lines)),
            }
        }
        for (game, errors) in record.games.iter().zip(per_game) {
            let mut page = game_page(game, &errors, &mut matches, &lines);
            page.about = about_of(game);
            page.length = counted(game.turns.len(), "turn");
            each(page, players_of(game));
        }
    }
    (title(name), diagnostics)
}

/// What names game `n` (from 0) of `count` in the game picker.
fn game_name(n: usize, count: usize, players: Option<String>) -> String {
    match players {
        Some(players) if count > 1 => format!("game {} of {count}: {players}", n + 1),
        Some(players) => players,
        None if count > 1 => format!("game {} of {count}", n + 1),
        None => "game 1".to_owned(),
    }
}

/// `Bjorn (Gull) against Ragna (Silfr)` when the tags name a player.
fn players_of(game: &Game) -> Option<String> {
    let player = |side: Side| match game.tag(side.name()) {
        Some(name) => format!("{} ({})", escape(name), side.name()),
        None => side.name().to_owned(),
    };
    (game.tag("Gull").is_some() || game.tag("Silfr").is_some())
        .then(|| format!("{} against {}", player(Side::Gull), player(Side::Silfr)))
}

/// `n` things called `one`: `1 turn`, `10 turns`.
fn counted(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

/// What a game's tags say of it, in order: its event, match, date...;
/// the players are left out, as they name the game, and so is the
/// `Result`, which the page tells at the game's end.
fn about_of(game: &Game) -> Vec<Field> {
    let named = |name: &str| Side::ALL.iter().any(|side| side.name() == name);
    game.tags
        .iter()
        .filter(|tag| tag.name != "Result" && !named(&tag.name))
        .map(|tag| Field {
            label: escape(&tag.name).into_owned(),
            value: escape(&tag.value).into_owned(),
        })
        .collect()
}

/// What happened at one moment of a replay.
#[derive(Clone, Debug)]
enum Moment {
    /// Before the first turn.
    Start,
    /// After the token `token` of turn `turn`, `steps` steps into it,
    /// `taken` of them by this token.
    Token {
        turn: usize,
        token: usize,
        steps: u8,
        taken: u8,
    },
    /// After the battles of turn `turn`.
    Battles(usize, Vec<BattleView>),
    /// At the end of turn `turn`.
    End(usize),
}

impl Moment {
    fn turn(&self) -> Option<usize> {
        match *self {
            Moment::Start => None,
            Moment::Token { turn, .. } | Moment::Battles(turn, _) | Moment::End(turn) => Some(turn),
        }
    }
}

/// Every moment of a replay, and the position after it.
struct Frames(Vec<(Moment, Position)>);

impl Observer for Frames {
    fn step(&mut self, step: &StepView<'_>) {
        let before = match self.0.last() {
            Some((Moment::Token { turn, steps, .. }, _)) if *turn == step.index => *steps,
            _ => 0,
        };
        let moment = Moment::Token {
            turn: step.index,
            token: step.token,
            steps: step.steps,
            taken: step.steps.saturating_sub(before),
        };
        self.0.push((moment, *step.position));
    }

    fn battles(&mut self, _turn: &Turn, battles: &[BattleView], position: &Position) {
        let turn = self.0.last().and_then(|(m, _)| m.turn()).unwrap_or(0);
        self.0
            .push((Moment::Battles(turn, battles.to_vec()), *position));
    }

    fn turn(&mut self, _turn: &Turn, index: usize, position: &Position) {
        // The turn's end gets a board of its own only when it shows
        // something new (whose turn it is, once the turn has steps; not
        // after the board that showed the game won).
        if self
            .0
            .last()
            .is_some_and(|(_, last)| last == position || last.result().is_some())
        {
            return;
        }
        self.0.push((Moment::End(index), *position));
    }
}

/// One game replayed, checked as part of its match, as a page.
fn game_page(
    game: &Game,
    errors: &[&SyntaxError],
    matches: &mut Matches,
    lines: &LineIndex<'_>,
) -> GamePage {
    let mut frames = Frames(vec![(Moment::Start, start_of(game).unwrap_or_default())]);
    let mut report = replay_game_with(game, errors, &mut frames);
    matches.game(game, &mut report);
    report.problems.sort_by_key(|p| (p.span.start, p.span.end));
    let frames = frames.0;
    let homes: Vec<usize> = report
        .problems
        .iter()
        .map(|p| home(game, &frames, p))
        .collect();
    let steps = frames
        .iter()
        .enumerate()
        .map(|(n, (moment, position))| {
            let shown = shown_with(&homes, n);
            let problems: Vec<&Problem> = shown.iter().map(|&p| &report.problems[p]).collect();
            let mut step = step(game, moment, &problems);
            // The page names the step above its board: no caption.
            step.board = svg(position, "");
            step.diagnostics = shown;
            step
        })
        .collect();
    let result = report.result.map(|victory| victory.to_string());
    GamePage::new(steps, &report.problems, lines, result)
}

/// The label of turn `n`, counting from the start of the game: `G1`,
/// `S1`...
fn label(n: usize) -> String {
    Label::of_turn(n).to_string()
}

/// The step a problem is shown with: the token it lies in, else the
/// battles or the end of its turn, else the last board before it.
fn home(game: &Game, frames: &[(Moment, Position)], problem: &Problem) -> usize {
    let at = problem.span.start;
    let turn = problem
        .turn
        .as_ref()
        .and_then(|name| (0..game.turns.len()).find(|&n| label(first_turn(game) + n) == *name))
        .or_else(|| game.turns.iter().rposition(|t| t.span.start <= at));
    let Some(turn) = turn else {
        return 0;
    };
    let written = &game.turns[turn];
    let of_turn = |(_, (moment, _)): &(usize, &(Moment, Position))| moment.turn() == Some(turn);
    let in_token = frames.iter().enumerate().filter(of_turn).find(|(_, (m, _))| {
        matches!(m, Moment::Token { token, .. } if written.steps[*token].span().contains(at))
    });
    let in_battles = frames
        .iter()
        .enumerate()
        .filter(of_turn)
        .find(|(_, (m, _))| matches!(m, Moment::Battles(..)) && written.outcome.span.contains(at));
    in_token
        .or(in_battles)
        .or_else(|| frames.iter().enumerate().rfind(of_turn))
        .map_or_else(
            // The replay stopped before this turn: its last board.
            || {
                frames
                    .iter()
                    .rposition(|(m, _)| m.turn().is_some_and(|t| t < turn))
                    .unwrap_or(0)
            },
            |(n, _)| n,
        )
}

/// A step's heading, turn line, played token, marks and battles (its
/// board and problems are the caller's).
fn step(game: &Game, moment: &Moment, problems: &[&Problem]) -> Step {
    let Some(turn) = moment.turn() else {
        return match start_of(game) {
            Ok(start) if start != Position::new() => {
                let to_move = start.to_move().name();
                Step::headed(format!("Start: from a position, {to_move} to move"))
            }
            _ => Step::headed("Start: Gull to move"),
        };
    };
    let written = &game.turns[turn];
    let line = TurnLine::of(written);
    let name = label(first_turn(game) + turn);
    let (heading, played, battles) = match moment {
        Moment::Token {
            token,
            steps,
            taken,
            ..
        } => {
            let text = escape(&written.steps[*token].to_string()).into_owned();
            let before = steps - taken;
            let steps = if *steps > before + 1 {
                format!("steps {}–{steps}", before + 1)
            } else {
                format!("step {steps}")
            };
            let heading = format!("{name}, {steps} of 5: {text}");
            (heading, Some(line.tokens[1 + token].0), None)
        }
        Moment::Battles(_, battles) => {
            let (head, rows) = battle_cells(battles);
            let table = Table { head, rows };
            (
                format!("Battles of {name}"),
                Some(line.outcome.0),
                Some(table),
            )
        }
        Moment::Start | Moment::End(_) => (format!("After {name}"), None, None),
    };
    Step {
        turn: Some(name),
        played,
        marks: problems
            .iter()
            .map(|p| Mark::of(line.token_at(p.span), p))
            .collect(),
        line: line.text,
        battles,
        ..Step::headed(heading)
    }
}

/// A turn written out as the boards show it, with where each token
/// stands in it and in the record.
struct TurnLine {
    text: String,
    /// The label, then each step token.
    tokens: Vec<(Range, Span)>,
    /// The Penningr actions and battles, as a whole.
    outcome: (Range, Span),
    /// Each Penningr action and battle.
    parts: Vec<(Range, Span)>,
}

impl TurnLine {
    fn of(turn: &Turn) -> TurnLine {
        let mut text = turn.label.to_string();
        let mut tokens = vec![([0, text.len()], turn.label.span)];
        text.push(' ');
        for step in &turn.steps {
            let start = text.len();
            text.push_str(&escape(&step.to_string()));
            tokens.push(([start, text.len()], step.span()));
        }
        text.push(' ');
        let start = text.len();
        let mut parts = Vec::new();
        for action in &turn.outcome.penningr {
            let at = text.len();
            text.push_str(&action.to_string());
            parts.push(([at, text.len()], action.span));
        }
        if turn.outcome.battles.is_empty() {
            text.push('/');
        }
        for (n, battle) in turn.outcome.battles.iter().enumerate() {
            if n > 0 {
                text.push(' ');
            }
            let at = text.len();
            text.push_str(&escape(&battle.to_string()));
            parts.push(([at, text.len()], battle.span()));
        }
        let outcome = ([start, text.len()], turn.outcome.span);
        TurnLine {
            text,
            tokens,
            outcome,
            parts,
        }
    }

    /// The range of the token a problem at `span` points at: the one it
    /// starts in, else the outcome.
    fn token_at(&self, span: Span) -> Range {
        let within = |s: &Span| s.start <= span.start && span.start < s.end.max(s.start + 1);
        self.tokens
            .iter()
            .chain(&self.parts)
            .find(|(_, s)| within(s))
            .map_or(self.outcome.0, |(range, _)| *range)
    }
}
