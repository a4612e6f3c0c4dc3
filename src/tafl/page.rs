//! Tafl records as pages: each game replayed, a board at the start and
//! after every move, the move marked in its turn's text; a game file's
//! players in the game's name, its event, date, rules... under it, its
//! start-comment on the first board and each move's commentary on the
//! move's board.
//!
//! ```
//! use hirp::tafl::syntax::Form;
//!
//! let record = b"[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. f4-f7 e4-e7\n";
//! let page = hirp::tafl::page::page("game.otg", record, Form::Otg, None);
//! let game = &page.games[0];
//! let headings: Vec<&str> = game.steps.iter().map(|step| step.heading.as_str()).collect();
//! assert_eq!(headings, ["Start: the attackers to move", "After 1a", "After 1b"]);
//! let last = &game.steps[2];
//! let [start, end] = last.played.unwrap();
//! assert_eq!(&last.line[start..end], "e4-e7");
//! let problem = &game.diagnostics[last.diagnostics[0]];
//! assert_eq!(problem.code, "hirp::tafl::capture::missing");
//! assert!(last.board.contains("<svg"));
//! ```

use std::collections::HashMap;

use crate::core::Span;
use crate::core::diagnostic::Problem;
use crate::core::escape;
use crate::core::json::problem::{Diagnostic, LineIndex, diagnostic};
use crate::core::page::{Branch, Field, GamePage, Mark, Packed, Packer, Page, Step};
use crate::core::page::{shown_with, title};
use crate::tafl::render::Board;
use crate::tafl::replay::{
    Game, LineMove, MoveText, Replay, ReplayedMove, ReplayedVariation, replay_record,
};
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::{Annotations, Form, parse_bytes};

/// The page of a tafl record of `form` read from `bytes`, called `name`,
/// each game replayed under `rules` if given, else its `[rules:]` tag, as
/// `hirp validate` replays it; the problems of pedantic codes
/// ([`Code::is_pedantic`](crate::core::diagnostic::Code::is_pedantic)) are
/// left out, as `hirp validate` leaves them out without `--pedantic`.
pub fn page(name: &str, bytes: &[u8], form: Form, rules: Option<&RuleSet>) -> Page {
    let mut games = Vec::new();
    let (title, diagnostics) = each_game(name, bytes, form, rules, |game| games.push(game));
    Page {
        title,
        games,
        diagnostics,
        legend: legend(),
    }
}

/// The page of a tafl record, as [`page`] makes it, packed for its script
/// (as [`pack`](crate::core::page::pack) packs it) game by game: the boards of one
/// game at a time are held, whatever the record's size.
pub fn packed(name: &str, bytes: &[u8], form: Form, rules: Option<&RuleSet>) -> Packed {
    let mut packer = Packer::default();
    let mut games = Vec::new();
    let (title, diagnostics) = each_game(name, bytes, form, rules, |game| {
        games.push(packer.game(&game));
    });
    let mut packed = packer.finish(title, games, diagnostics);
    packed.legend = legend();
    packed
}

/// What a tafl board's pieces stand for: its pictures draw the attackers
/// black, the defenders white and their king white with a cross.
pub(crate) fn legend() -> Vec<Field> {
    [
        ("Black stones", "the attackers"),
        ("White stones", "the defenders"),
        ("The crossed white stone", "their king"),
    ]
    .into_iter()
    .map(|(label, value)| Field {
        label: label.to_owned(),
        value: value.to_owned(),
    })
    .collect()
}

/// Hands each game of the record, as a page, to `each`, in order: returns
/// the page's title and the problems that lie in no game. The games are
/// replayed first, and drawn one at a time.
pub(crate) fn each_game(
    name: &str,
    bytes: &[u8],
    form: Form,
    rules: Option<&RuleSet>,
    mut each: impl FnMut(GamePage),
) -> (String, Vec<Diagnostic>) {
    let title = title(name);
    let (text, parsed) = parse_bytes(bytes, form);
    let lines = LineIndex::new(&text);
    if parsed.record.is_empty() {
        let diagnostics = parsed
            .errors
            .iter()
            .map(Problem::syntax)
            .filter(|p| !p.code.is_pedantic())
            .map(|p| diagnostic(&p, &lines))
            .collect();
        return (title, diagnostics);
    }
    let mut replays = replay_record(&parsed.record, &parsed.errors, rules);
    for replay in &mut replays {
        // As `hirp validate` reports, without `--pedantic`.
        replay.problems.retain(|p| !p.code.is_pedantic());
    }
    let count = replays.len();
    let games = Game::all(&parsed.record);
    let chosen = rules.and_then(|r| r.preset_name().map(str::to_owned));
    for (n, (replay, written)) in replays.iter().zip(games).enumerate() {
        let mut game = game_page(replay, (&text, written.move_text()), &lines);
        let about = written.annotations();
        game.name = game_name(n, count, about.players.as_deref());
        annotate(&mut game, replay, &about);
        let s = if replay.moves == 1 { "" } else { "s" };
        game.length = format!("{} move{s}", replay.moves);
        if !game.about.iter().any(|field| field.label == "Rules") {
            let name = match rules {
                Some(_) => chosen.clone(),
                None => replay
                    .rules
                    .as_ref()
                    .and_then(|r| r.preset_name().map(str::to_owned)),
            };
            game.about.extend(name.map(|value| Field {
                label: "Rules".to_owned(),
                value,
            }));
        }
        each(game);
    }
    (title, Vec::new())
}

/// What names game `n` (from 0) of `count` in the game picker: `game 2 of
/// 3: Ann (attackers) against Bo (defenders)`, the players alone in a
/// record of one game.
fn game_name(n: usize, count: usize, players: Option<&str>) -> String {
    match players.map(escape) {
        Some(players) if count > 1 => format!("game {} of {count}: {players}", n + 1),
        Some(players) => players.into_owned(),
        None if count > 1 => format!("game {} of {count}", n + 1),
        None => "game 1".to_owned(),
    }
}

/// Gives a game's page what its record says of it: the details under its
/// name, its start-comment on the first step, and each move's commentary
/// on the move's step, in the main line and in the variations.
fn annotate(game: &mut GamePage, replay: &Replay, about: &Annotations) {
    let shown = |paragraphs: &[String]| -> Vec<String> {
        paragraphs.iter().map(|p| escape(p).into_owned()).collect()
    };
    game.about = about
        .details
        .iter()
        .map(|detail| Field {
            label: detail.label.to_owned(),
            value: escape(&detail.value).into_owned(),
        })
        .collect();
    if let Some(start) = game.steps.first_mut() {
        start.comment = shown(&about.start_comment);
    }
    // The steps after the first are the moves', when there are boards: the
    // main line's, then each variation's.
    let played = replay
        .steps
        .iter()
        .chain(replay.variations.iter().flat_map(|v| &v.steps));
    for (step, played) in game.steps.iter_mut().skip(1).zip(played) {
        step.comment = shown(about.comment(played.span));
    }
}

/// One game replayed, as a page, its moves shown in `text` as `moves`
/// says.
fn game_page(replay: &Replay, (text, moves): (&str, MoveText), lines: &LineIndex<'_>) -> GamePage {
    let positions = replay.positions();
    let firsts = firsts(replay);
    let homes = homes(replay, &firsts);
    let mut steps = Vec::with_capacity(positions.len());
    for (n, position) in positions.iter().enumerate() {
        let shown = shown_with(&homes, n);
        let mut board = Board::of(position);
        let mut step = match n.checked_sub(1).map(|m| &replay.steps[m]) {
            None => Step::headed(format!("Start: the {} to move", position.turn())),
            Some(played) => {
                if let Some(mv) = played.applied.mv() {
                    board = board.with_last_move(mv, played.captures.iter());
                }
                let (mut step, line) = move_step(replay, n - 1, (text, moves));
                mark(&mut step, replay, &shown, &line);
                step
            }
        };
        step.board = board.svg();
        step.diagnostics = shown;
        steps.push(step);
    }
    if steps.is_empty() {
        steps.push(no_board(homes.len()));
    }
    for (v, variation) in replay.variations.iter().enumerate() {
        for (n, position) in variation.positions().iter().enumerate().skip(1) {
            let played = &variation.steps[n - 1];
            let mut board = Board::of(position);
            if let Some(mv) = played.applied.mv() {
                board = board.with_last_move(mv, played.captures.iter());
            }
            let mut step = variation_step(replay, v, n - 1, text);
            let shown = shown_with(&homes, firsts[v] + n - 1);
            let start = line_of(variation, played).map_or(played.span.start, |l| l.start);
            let line = TurnLine::written(&step.line, start, 0);
            mark(&mut step, replay, &shown, &line);
            step.board = board.svg();
            step.diagnostics = shown;
            steps.push(step);
        }
    }
    let result = replay.outcome.map(|o| o.to_string());
    let mut page = GamePage::new(steps, &replay.problems, lines, result);
    page.branches = branches(replay, &firsts, text);
    page
}

/// The step of the first move of each variation: they follow the start
/// and the main line's moves, one variation after another.
fn firsts(replay: &Replay) -> Vec<usize> {
    let mut next = 1 + replay.steps.len();
    replay
        .variations
        .iter()
        .map(|variation| {
            let first = next;
            next += variation.steps.len();
            first
        })
        .collect()
}

/// The step of move `n` of `line` (`None` the main line): the start is
/// step 0.
fn step_of(firsts: &[usize], (line, n): LineMove) -> usize {
    line.map_or(n + 1, |v| firsts[v] + n)
}

/// The game's variations as branches of its page.
fn branches(replay: &Replay, firsts: &[usize], text: &str) -> Vec<Branch> {
    let at = |found: Option<LineMove>| found.map_or(0, |m| step_of(firsts, m));
    replay
        .variations
        .iter()
        .enumerate()
        .map(|(v, variation)| {
            let moves: Vec<String> = variation
                .steps
                .iter()
                .map(|s| {
                    escape(text.get(s.span.start..s.span.end).unwrap_or_default()).into_owned()
                })
                .collect();
            Branch {
                label: variation.label.clone(),
                moves: moves.join(" "),
                at: at(replay.shown_with(v)),
                from: at(replay.played_after(v)),
                steps: [firsts[v], firsts[v] + variation.steps.len()],
            }
        })
        .collect()
}

/// The line of `variation` as written that holds the move `played`.
fn line_of(variation: &ReplayedVariation, played: &ReplayedMove) -> Option<Span> {
    variation
        .lines
        .iter()
        .copied()
        .find(|line| line.contains(played.span.start))
}

/// The step of move `n` of variation `v`: its line as written, the move
/// marked in it.
fn variation_step(replay: &Replay, v: usize, n: usize, text: &str) -> Step {
    let variation = &replay.variations[v];
    let played = &variation.steps[n];
    let line = line_of(variation, played).unwrap_or(played.span);
    let written = text.get(line.start..line.end).unwrap_or_default();
    let label = variation.label_of(n);
    Step {
        turn: Some(label.clone()),
        line: escape(written.trim_end()).into_owned(),
        played: Some([played.span.start - line.start, played.span.end - line.start]),
        ..Step::headed(format!("After {label}"))
    }
}

/// Marks in `step`'s line, `line`, the tokens of the problems `shown`.
fn mark(step: &mut Step, replay: &Replay, shown: &[usize], line: &TurnLine) {
    step.marks = shown
        .iter()
        .filter_map(|&p| {
            let problem = &replay.problems[p];
            Some(Mark::of(line.range(problem.span)?, problem))
        })
        .collect();
}

/// A step's line of moves, and where in it a span of the record's text
/// falls.
struct TurnLine {
    /// The line's length in bytes.
    len: usize,
    /// The line holds the record's text from byte `start` on after `prefix`
    /// bytes of its own (`3. `); `None` when it holds none, but the moves
    /// in the notation.
    written: Option<(usize, usize)>,
    /// The span of each move in the record, and its bytes in the line.
    moves: Vec<(Span, [usize; 2])>,
}

impl TurnLine {
    /// The line `line`, which holds the record's text from `start` after
    /// `prefix` bytes of its own.
    fn written(line: &str, start: usize, prefix: usize) -> TurnLine {
        TurnLine {
            len: line.len(),
            written: Some((start, prefix)),
            moves: Vec::new(),
        }
    }

    /// The bytes of the line that the text at `span` is shown as: the same
    /// text, or the move that holds it.
    fn range(&self, span: Span) -> Option<[usize; 2]> {
        let Some((start, prefix)) = self.written else {
            let holds = |s: &Span| s.start <= span.start && span.start < s.end.max(s.start + 1);
            return self.moves.iter().find(|(s, _)| holds(s)).map(|(_, at)| *at);
        };
        let from = (span.start.checked_sub(start)? + prefix).min(self.len);
        let to = (span.end.saturating_sub(start) + prefix).clamp(from, self.len);
        Some([from, to])
    }
}

/// The one step of a game replayed under no rule set (none was known): no
/// board, and the game's `problems` problems.
fn no_board(problems: usize) -> Step {
    Step {
        diagnostics: (0..problems).collect(),
        ..Step::headed("No board: the game's rule set is not known")
    }
}

/// The moves of the turn of main-line move `m` as written: the moves next
/// to it in the record that carry its turn's number (a record that numbers
/// two turns alike holds two such runs, each shown on its own).
fn turn_moves(replay: &Replay, m: usize) -> std::ops::RangeInclusive<usize> {
    let turn = replay.steps[m].address.turn;
    let same = |n: &usize| replay.steps[*n].address.turn == turn;
    let first = (0..m).rev().take_while(same).last().unwrap_or(m);
    let last = (m + 1..replay.steps.len())
        .take_while(same)
        .last()
        .unwrap_or(m);
    first..=last
}

/// Where the text of main-line move `m`'s turn starts, and the length of
/// the turn's number written before it in the step's line (`3. `).
fn turn_text(replay: &Replay, m: usize) -> (usize, usize) {
    let played = &replay.steps[m];
    let first = *turn_moves(replay, m).start();
    let start = replay.steps[first].span.start.min(played.span.start);
    (start, played.address.turn.to_string().len() + 2)
}

/// Main-line move `m`'s step: its turn's text (from the turn's first move
/// to its last), or its turn's moves in the notation when the record's
/// text is none, the move marked in it; and that line.
fn move_step(replay: &Replay, m: usize, (text, moves): (&str, MoveText)) -> (Step, TurnLine) {
    let played = &replay.steps[m];
    let turn = played.address.turn;
    let (start, prefix) = turn_text(replay, m);
    let turn_moves = turn_moves(replay, m);
    let (line, turn_line) = match moves {
        MoveText::AsWritten => {
            let end = replay.steps[*turn_moves.end()]
                .span
                .end
                .max(played.span.end);
            let written = text.get(start..end).unwrap_or_default();
            let line = format!("{turn}. {}", escape(written));
            let turn_line = TurnLine::written(&line, start, prefix);
            (line, turn_line)
        }
        MoveText::Notation => {
            let mut line = format!("{turn}.");
            let mut at = Vec::new();
            for step in &replay.steps[turn_moves] {
                line.push(' ');
                let from = line.len();
                line.push_str(&step.shown(text, moves));
                at.push((step.span, [from, line.len()]));
            }
            let turn_line = TurnLine {
                len: line.len(),
                written: None,
                moves: at,
            };
            (line, turn_line)
        }
    };
    let step = Step {
        turn: Some(played.address.to_string()),
        played: turn_line.range(played.span),
        line,
        ..Step::headed(format!("After {}", played.address))
    };
    (step, turn_line)
}

/// The step each problem is shown with: its move's, else the first move of
/// the variation whose lines hold it, else the last move of the main line
/// before it, else the start.
fn homes(replay: &Replay, firsts: &[usize]) -> Vec<usize> {
    let mut steps: HashMap<String, usize> = HashMap::new();
    for (n, step) in replay.steps.iter().enumerate() {
        steps.entry(step.address.to_string()).or_insert(n + 1);
    }
    for (v, variation) in replay.variations.iter().enumerate() {
        for n in 0..variation.steps.len() {
            steps.entry(variation.label_of(n)).or_insert(firsts[v] + n);
        }
    }
    let holding = replay.variation_holding();
    let home = |problem: &Problem| {
        if let Some(&n) = problem.turn.as_ref().and_then(|turn| steps.get(turn)) {
            return n;
        }
        let at = problem.span.start;
        if let Some(v) = holding(at).filter(|&v| !replay.variations[v].steps.is_empty()) {
            return firsts[v];
        }
        replay.steps.partition_point(|s| s.span.start <= at)
    };
    replay.problems.iter().map(home).collect()
}
