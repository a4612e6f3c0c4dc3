//! `hirp replay -i`: step through a game on a terminal.

use std::io::{IsTerminal, Write};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use hirp::render::canvas::{Canvas, Style};
use hirp::render::text;
use hirp::syntax::Game;

use super::replay::{Frame, Moment, Replayed, label, show};
use super::report::Source;
use super::{Reporter, Status};

/// The keys, shown at the foot of the screen.
const KEYS: &str =
    "→/n next step   ←/p previous   ↓/↑ next/previous turn   g go to a turn   q quit";

/// Restores the terminal when dropped, whatever happens.
struct RawScreen;

impl RawScreen {
    fn enter() -> std::io::Result<RawScreen> {
        terminal::enable_raw_mode()?;
        execute!(
            std::io::stdout(),
            terminal::EnterAlternateScreen,
            cursor::Hide
        )?;
        Ok(RawScreen)
    }
}

impl Drop for RawScreen {
    fn drop(&mut self) {
        let _ = execute!(
            std::io::stdout(),
            cursor::Show,
            terminal::LeaveAlternateScreen
        );
        let _ = terminal::disable_raw_mode();
    }
}

/// The frames one can stop at: every step, and every turn's end (with its
/// battles).
fn stops(replayed: &Replayed) -> Vec<usize> {
    replayed
        .frames
        .iter()
        .enumerate()
        .filter(|(_, f)| !matches!(f.moment, Moment::Battles(_)))
        .map(|(n, _)| n)
        .collect()
}

/// Runs the interactive replay.
pub fn run(
    game: &Game,
    replayed: &Replayed,
    path: &str,
    source: &Source,
    reporter: &Reporter,
) -> Status {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        reporter.error("--interactive needs a terminal on standard input and output; without -i, hirp replay prints the boards");
        return Status::Failure;
    }
    let stops = stops(replayed);
    if stops.is_empty() {
        reporter.error(&format!("{path}: the game has no turn to show"));
        return Status::Failure;
    }
    let screen = match RawScreen::enter() {
        Ok(screen) => screen,
        Err(e) => {
            reporter.error(&format!("cannot use the terminal: {e}"));
            return Status::Failure;
        }
    };
    let result = navigate(game, replayed, &stops, source, reporter);
    drop(screen);
    match result {
        Ok(()) => Status::Ok,
        Err(e) => {
            reporter.error(&format!("terminal error: {e}"));
            Status::Failure
        }
    }
}

/// What a key asks for.
enum Command {
    Next,
    Previous,
    NextTurn,
    PreviousTurn,
    Go,
    Quit,
    Nothing,
}

fn command(key: KeyEvent) -> Command {
    if key.kind != KeyEventKind::Press {
        return Command::Nothing;
    }
    match key.code {
        KeyCode::Right | KeyCode::Char('n') | KeyCode::Char(' ') => Command::Next,
        KeyCode::Left | KeyCode::Char('p') => Command::Previous,
        KeyCode::Down => Command::NextTurn,
        KeyCode::Up => Command::PreviousTurn,
        KeyCode::Char('g') => Command::Go,
        KeyCode::Char('q') | KeyCode::Esc => Command::Quit,
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Command::Quit,
        _ => Command::Nothing,
    }
}

fn navigate(
    game: &Game,
    replayed: &Replayed,
    stops: &[usize],
    source: &Source,
    reporter: &Reporter,
) -> std::io::Result<()> {
    let frames = &replayed.frames;
    let mut at = 0usize;
    let mut message = String::new();
    loop {
        draw(game, replayed, stops[at], source, reporter, &message)?;
        message.clear();
        let Event::Key(key) = event::read()? else {
            continue;
        };
        let turn_of = |stop: usize| frames[stops[stop]].turn;
        match command(key) {
            Command::Next => at = (at + 1).min(stops.len() - 1),
            Command::Previous => at = at.saturating_sub(1),
            Command::NextTurn => {
                let turn = turn_of(at);
                if let Some(n) = (at..stops.len()).find(|&n| turn_of(n) > turn) {
                    at = end_of_turn(frames, stops, n);
                }
            }
            Command::PreviousTurn => {
                let turn = turn_of(at);
                if let Some(n) = (0..at).rev().find(|&n| turn_of(n) < turn) {
                    at = end_of_turn(frames, stops, n);
                }
            }
            Command::Go => {
                let wanted = read_label(game, replayed, stops[at], source, reporter)?;
                match (0..stops.len())
                    .rev()
                    .find(|&n| label(turn_of(n)) == wanted)
                {
                    Some(n) => at = n,
                    None if wanted.is_empty() => {}
                    None => message = format!("no turn {wanted} in this game"),
                }
            }
            Command::Quit => return Ok(()),
            Command::Nothing => {}
        }
    }
}

/// The stop at the end of the turn of stop `n`.
fn end_of_turn(frames: &[Frame], stops: &[usize], n: usize) -> usize {
    let turn = frames[stops[n]].turn;
    (n..stops.len())
        .take_while(|&m| frames[stops[m]].turn == turn)
        .last()
        .unwrap_or(n)
}

/// Reads a turn label typed after `g`, shown at the foot of the screen.
fn read_label(
    game: &Game,
    replayed: &Replayed,
    frame: usize,
    source: &Source,
    reporter: &Reporter,
) -> std::io::Result<String> {
    let mut typed = String::new();
    loop {
        draw(
            game,
            replayed,
            frame,
            source,
            reporter,
            &format!("go to turn: {typed}"),
        )?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        match key.code {
            KeyCode::Enter => return Ok(typed.to_uppercase()),
            KeyCode::Esc => return Ok(String::new()),
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() && typed.len() < 8 => typed.push(c),
            _ => {}
        }
    }
}

/// Draws the screen for a frame: its board, the turn's battles at its end,
/// the turn's problems, the keys.
fn draw(
    game: &Game,
    replayed: &Replayed,
    frame: usize,
    source: &Source,
    reporter: &Reporter,
    message: &str,
) -> std::io::Result<()> {
    let current = &replayed.frames[frame];
    let mut canvas = show(game, current);
    if matches!(current.moment, Moment::TurnEnd)
        && let Some(Frame {
            moment: Moment::Battles(battles),
            ..
        }) = replayed.frames[..frame]
            .last()
            .filter(|f| f.turn == current.turn)
    {
        canvas.append(&text::battle_table(battles), 1);
    }
    let mut screen = canvas.ansi();
    let label = label(current.turn);
    let problems: Vec<&dyn miette::Diagnostic> = replayed
        .report
        .problems
        .iter()
        .filter(|p| p.turn.as_deref() == Some(label.as_str()))
        .map(|p| p as &dyn miette::Diagnostic)
        .collect();
    if !problems.is_empty() {
        for problem in problems {
            screen.push('\n');
            screen.push_str(&reporter.render(problem, source));
        }
    }
    let mut foot = Canvas::new();
    foot.text(0, 0, KEYS, Style::Frame);
    if !message.is_empty() {
        foot.text(0, 1, message, Style::Highlight);
    }
    screen.push('\n');
    screen.push_str(&foot.ansi());
    let mut out = std::io::stdout().lock();
    execute!(
        out,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    out.write_all(screen.replace('\n', "\r\n").as_bytes())?;
    out.flush()
}
