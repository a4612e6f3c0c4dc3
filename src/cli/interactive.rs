//! `hirp replay -i`: step through a game on a terminal, whatever its
//! family: the keys move through the frames of a [`Scene`].

use std::io::{IsTerminal, Write};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use hirp::hirp::render::canvas::{Canvas, Style};

use super::screen::{Scene, Screen, compose};
use super::{Reporter, Status};

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
/// the game), or from the first step.
pub fn run(scene: &dyn Scene, start: Option<usize>, reporter: &Reporter) -> Status {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        reporter.error("--interactive needs a terminal on standard input and output; without -i, hirp replay prints the boards");
        return Status::Failure;
    }
    let stops = scene.stops();
    if stops.is_empty() {
        reporter.error(&format!("the game has no {} to show", scene.unit()));
        return Status::Failure;
    }
    let at = start
        .and_then(|turn| stops.iter().rposition(|&s| scene.turn(s) == turn))
        .unwrap_or(0);
    let screen = match RawScreen::enter() {
        Ok(screen) => screen,
        Err(e) => {
            reporter.error(&format!("cannot use the terminal: {e}"));
            return Status::Failure;
        }
    };
    let result = navigate(scene, &stops, at);
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
        KeyCode::Char('q') | KeyCode::Esc => Command::Quit,
        _ => Command::Nothing,
    }
}

fn navigate(scene: &dyn Scene, stops: &[usize], mut at: usize) -> std::io::Result<Ending> {
    let mut scroll = 0;
    let mut message = String::new();
    loop {
        let shown = draw(scene, stops[at], scroll, &message)?;
        message.clear();
        let key = match event::read()? {
            Event::Key(key) => key,
            Event::Resize(..) => continue,
            _ => continue,
        };
        let before = at;
        let turn_of = |stop: usize| scene.turn(stops[stop]);
        match command(key) {
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
            Command::Go => match read_label(scene, stops[at], scroll)? {
                None => return Ok(Ending::Interrupted),
                Some(wanted) => match (0..stops.len())
                    .rev()
                    .find(|&n| scene.label(turn_of(n)) == wanted)
                {
                    Some(n) => at = n,
                    None if wanted.is_empty() => {}
                    None => message = format!("no {} {wanted} in this game", scene.unit()),
                },
            },
            Command::First => at = 0,
            Command::Last => at = stops.len() - 1,
            Command::PageDown => scroll = (scroll + shown.page).min(shown.max_scroll),
            Command::PageUp => scroll = scroll.saturating_sub(shown.page),
            Command::Quit => return Ok(Ending::Quit),
            Command::Interrupt => return Ok(Ending::Interrupted),
            Command::Nothing => {}
        }
        if at != before {
            scroll = 0;
        }
    }
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
fn read_label(scene: &dyn Scene, frame: usize, scroll: usize) -> std::io::Result<Option<String>> {
    let mut typed = String::new();
    loop {
        draw(
            scene,
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
            KeyCode::Enter => return Ok(Some(scene.typed(&typed))),
            KeyCode::Esc => return Ok(Some(String::new())),
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() && typed.len() < 8 => typed.push(c),
            _ => {}
        }
    }
}

/// Draws the screen for a frame, the pane scrolled by `scroll`, with
/// `message` (when there is one) at the foot instead of the keys.
fn draw(scene: &dyn Scene, frame: usize, scroll: usize, message: &str) -> std::io::Result<Screen> {
    let (columns, rows) = terminal::size()?;
    let mut foot = Canvas::new();
    match message {
        "" => foot.text(0, 0, scene.keys(), Style::Frame),
        _ => foot.text(0, 0, message, Style::Highlight),
    }
    let screen = compose(
        scene,
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
