//! `hirp replay -i`: step through a game on a terminal, whatever its
//! family: the keys move through the frames of a [`Scene`].

use std::io::{IsTerminal, Write};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use hirp::core::canvas::{Canvas, Style};
use hirp::core::show::Scene;

use super::screen::{Screen, View, compose};
use super::status::Status;

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

/// Runs the interactive replay from the end of turn `start` (its place in
/// the game; when no stop is of that turn, a frame of another line of play,
/// a variation's move), or from the first step.
pub fn run(view: View<'_>, start: Option<usize>) -> Status {
    let (scene, reporter) = (view.scene, view.reporter);
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        reporter.error("--interactive needs a terminal on standard input and output; without -i, hirp replay prints the boards");
        return Status::Failure;
    }
    let mut stops = scene.stops();
    if stops.is_empty() {
        reporter.error(&format!("the game has no {} to show", scene.unit()));
        return Status::Failure;
    }
    let found = start.and_then(|turn| stops.iter().rposition(|&s| scene.turn(s) == turn));
    let mut at = found.unwrap_or(0);
    // A start in no stop is in another line of play: a variation's move.
    if let (Some(frame), None) = (start, found) {
        stops = scene.line(frame);
        at = stops.iter().position(|&s| s == frame).unwrap_or(0);
    }
    let screen = match RawScreen::enter() {
        Ok(screen) => screen,
        Err(e) => {
            reporter.error(&format!("cannot use the terminal: {e}"));
            return Status::Failure;
        }
    };
    let result = navigate(view, stops, at);
    drop(screen);
    match result {
        Ok(Ending::Quit) => Status::Ok,
        Ok(Ending::Interrupted) => Status::Interrupted,
        Err(e) => {
            reporter.error(&format!("terminal error: {e}"));
            Status::Failure
        }
    }
}

/// How the replay ended.
enum Ending {
    /// `q` or Esc.
    Quit,
    /// Ctrl-C.
    Interrupted,
}

/// What a key asks for.
enum Command {
    Next,
    Previous,
    NextTurn,
    PreviousTurn,
    Go,
    First,
    Last,
    PageDown,
    PageUp,
    Variation,
    Back,
    Quit,
    Interrupt,
    Nothing,
}

fn command(key: KeyEvent) -> Command {
    if key.kind != KeyEventKind::Press {
        return Command::Nothing;
    }
    match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Command::Interrupt,
        KeyCode::Right | KeyCode::Char('n') | KeyCode::Char(' ') => Command::Next,
        KeyCode::Left | KeyCode::Char('p') => Command::Previous,
        KeyCode::Down => Command::NextTurn,
        KeyCode::Up => Command::PreviousTurn,
        KeyCode::Home => Command::First,
        KeyCode::End => Command::Last,
        KeyCode::PageDown => Command::PageDown,
        KeyCode::PageUp => Command::PageUp,
        KeyCode::Char('g') => Command::Go,
        KeyCode::Char('v') => Command::Variation,
        KeyCode::Char('b') => Command::Back,
        KeyCode::Char('q') | KeyCode::Esc => Command::Quit,
        _ => Command::Nothing,
    }
}

fn navigate(view: View<'_>, mut stops: Vec<usize>, mut at: usize) -> std::io::Result<Ending> {
    let scene = view.scene;
    let mut scroll = 0;
    let mut message = String::new();
    loop {
        let shown = draw(view, stops[at], scroll, &message)?;
        message.clear();
        let key = match event::read()? {
            Event::Key(key) => key,
            Event::Resize(..) => continue,
            _ => continue,
        };
        let before = stops[at];
        // Another line of play: the line through `frame`, at `frame`.
        let switch = |frame: usize, stops: &mut Vec<usize>, at: &mut usize| {
            *stops = scene.line(frame);
            *at = stops.iter().position(|&s| s == frame).unwrap_or(0);
        };
        match command(key) {
            Command::Go => match read_label(view, stops[at], scroll)? {
                None => return Ok(Ending::Interrupted),
                Some(typed) => {
                    let wanted = scene.typed(&typed);
                    match (0..stops.len())
                        .rev()
                        .find(|&n| scene.label(scene.turn(stops[n])) == wanted)
                    {
                        Some(n) => at = n,
                        None if wanted.is_empty() => {}
                        None => match scene.find(&wanted) {
                            Some(frame) => switch(frame, &mut stops, &mut at),
                            None => message = no_such(scene, &typed, &stops),
                        },
                    }
                }
            },
            Command::Variation | Command::Back if !scene.branches() => {}
            Command::Variation => match scene.alternative(stops[at]) {
                Some(frame) => switch(frame, &mut stops, &mut at),
                None => message = format!("no variation of this {}", scene.unit()),
            },
            Command::Back => match scene.back(stops[at]) {
                Some(frame) => switch(frame, &mut stops, &mut at),
                None => message = "not in a variation".to_owned(),
            },
            Command::Quit => return Ok(Ending::Quit),
            Command::Interrupt => return Ok(Ending::Interrupted),
            other => {
                let page = (shown.page, shown.max_scroll);
                at = step(scene, &stops, at, other, page, &mut scroll);
            }
        }
        if stops[at] != before {
            scroll = 0;
        }
    }
}

/// The stop a key that moves along the line `stops` goes to from stop
/// `at`; PgDn and PgUp scroll the pane of `page` rows by `scroll` instead.
fn step(
    scene: &dyn Scene,
    stops: &[usize],
    mut at: usize,
    command: Command,
    (page, max_scroll): (usize, usize),
    scroll: &mut usize,
) -> usize {
    let turn_of = |stop: usize| scene.turn(stops[stop]);
    match command {
        Command::Next => at = (at + 1).min(stops.len() - 1),
        Command::Previous => at = at.saturating_sub(1),
        Command::NextTurn => {
            // To the end of this turn, and from there to the next's.
            let end = end_of_turn(scene, stops, at);
            if end != at {
                at = end;
            } else if let Some(n) = (at..stops.len()).find(|&n| turn_of(n) > turn_of(at)) {
                at = end_of_turn(scene, stops, n);
            }
        }
        Command::PreviousTurn => {
            let turn = turn_of(at);
            if let Some(n) = (0..at).rev().find(|&n| turn_of(n) < turn) {
                at = end_of_turn(scene, stops, n);
            }
        }
        Command::First => at = 0,
        Command::Last => at = stops.len() - 1,
        Command::PageDown => *scroll = (*scroll + page).min(max_scroll),
        Command::PageUp => *scroll = scroll.saturating_sub(page),
        _ => {}
    }
    at
}

/// The stop at the end of the turn of stop `n`.
fn end_of_turn(scene: &dyn Scene, stops: &[usize], n: usize) -> usize {
    let turn = scene.turn(stops[n]);
    (n..stops.len())
        .take_while(|&m| scene.turn(stops[m]) == turn)
        .last()
        .unwrap_or(n)
}

/// Reads a turn label typed after `g`, shown at the foot of the screen, as
/// the scene writes labels; `None` for Ctrl-C.
/// Why `typed`, as typed, names nothing to go to, and what the line of
/// play shown, `stops`, runs from and to.
fn no_such(scene: &dyn Scene, typed: &str, stops: &[usize]) -> String {
    let unit = scene.unit();
    let label = |stop: &usize| scene.label(scene.turn(*stop));
    match (stops.first(), stops.last()) {
        (Some(first), Some(last)) => format!(
            "no {unit} {typed} in this game: this line runs {} to {}",
            label(first),
            label(last)
        ),
        _ => format!("no {unit} {typed} in this game"),
    }
}

/// What is typed after `g`, as typed; `None` when interrupted.
fn read_label(view: View<'_>, frame: usize, scroll: usize) -> std::io::Result<Option<String>> {
    let scene = view.scene;
    let mut typed = String::new();
    loop {
        draw(
            view,
            frame,
            scroll,
            &format!("go to {}: {typed}", scene.unit()),
        )?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Ok(None);
            }
            KeyCode::Enter => return Ok(Some(typed)),
            KeyCode::Esc => return Ok(Some(String::new())),
            KeyCode::Backspace => {
                typed.pop();
            }
            // A move of a variation is labelled `3a.2.1a.1.1b`.
            KeyCode::Char(c) if (c.is_ascii_alphanumeric() || c == '.') && typed.len() < 40 => {
                typed.push(c);
            }
            _ => {}
        }
    }
}

/// Draws the screen for a frame, the pane scrolled by `scroll`, with
/// `message` (when there is one) at the foot instead of the keys.
fn draw(view: View<'_>, frame: usize, scroll: usize, message: &str) -> std::io::Result<Screen> {
    let scene = view.scene;
    let (columns, rows) = terminal::size()?;
    let mut foot = Canvas::new();
    match message {
        "" => foot.text(0, 0, scene.keys(), Style::Frame),
        _ => foot.text(0, 0, message, Style::Highlight),
    }
    let screen = compose(
        view,
        frame,
        (usize::from(columns), usize::from(rows)),
        scroll,
        foot.ansi().trim_end_matches('\n'),
    );
    let mut out = std::io::stdout().lock();
    execute!(
        out,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    // No line break after the last row, which would scroll the screen.
    out.write_all(screen.lines.join("\r\n").as_bytes())?;
    out.flush()?;
    Ok(screen)
}
