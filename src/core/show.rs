//! A game shown a position at a time, whatever its family: what a replay
//! prints in order ([`Plan`]), how each of its frames is drawn, and what a
//! terminal screen stepping through it holds ([`Scene`]). A family hands
//! over a game read for this ([`Shown`], from [`Family::shown`]); the
//! command line writes what it is given, its problems rendered as it
//! renders every diagnostic.
//!
//! A frame is one position the replay can show: a HIRP game has one after
//! each step of a turn, after its battles and at its end; a tafl game one
//! after each move, of its main line and of its variations. A turn is what
//! the keys of the screen step through a turn at a time (a HIRP turn, a
//! tafl move) and what `--turn` names.
//!
//! [`Family::shown`]: super::family::Family::shown

use super::Severity;
use super::diagnostic::Problem;
use super::family::NoBoard;

/// What a replay prints, one piece after another.
#[derive(Debug)]
pub enum Block<'a> {
    /// A frame: a board, or a table of battles (standard output).
    Frame(usize),
    /// Diagnostics (standard error).
    Problems(Vec<&'a Problem>),
    /// Where the replay stopped at an error, and how to go on (standard
    /// error); what it holds is [`Shown::stopped`]'s to say.
    Stopped(usize),
}

/// What a replay was asked to show.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked<'a> {
    /// Only this turn (`S3`, a tafl move's `3b` or `7a.1.2b`) or tafl
    /// variation (`7a.1`), as [`Family::turn_label`] writes it; every turn
    /// when `None`.
    ///
    /// [`Family::turn_label`]: super::family::Family::turn_label
    pub turn: Option<&'a str>,
    /// A board a step, for a family whose turns have steps.
    pub steps: bool,
    /// Go on past the first error, with the reading the family takes.
    pub keep_going: bool,
}

/// What a replay shows of a game.
#[derive(Debug)]
pub enum Plan<'a> {
    /// Boards, with the problems between them.
    Boards {
        /// What to print, in order.
        blocks: Vec<Block<'a>>,
        /// The problems up to what is shown: those that make the verdict.
        counted: Vec<&'a Problem>,
        /// The turn the screen starts at: the one asked for.
        start: Option<usize>,
    },
    /// No board: the game has no turn. Its problems, and whether it is
    /// valid.
    Nothing {
        /// The game's problems, in the record's order.
        problems: Vec<&'a Problem>,
        /// Whether the game has no error.
        valid: bool,
    },
}

/// What the screen's pane holds: text, or a problem for the command line
/// to render as it renders every diagnostic, as wide as the pane.
#[derive(Debug)]
pub enum Part<'a> {
    /// Lines of text, which may be coloured.
    Text(String),
    /// A problem.
    Problem(&'a Problem),
}

/// A game as a replay prints it.
pub trait Shown: Scene {
    /// The decoded text of the part of the record the game was read
    /// from, which the game's problems point into.
    fn text(&self) -> &str;

    /// Where that text starts in the record: its byte offset, and its line
    /// from 0.
    fn start(&self) -> (usize, usize);

    /// What to show, as `asked`; `Err` when the game has no turn (or
    /// variation) of the label asked for: [`NoBoard::NoTurn`] or
    /// [`NoBoard::NoVariation`].
    fn plan(&self, asked: Asked<'_>) -> Result<Plan<'_>, NoBoard>;

    /// What heads the replay: what names the game, when there is something
    /// to say, and for a replay from the start what the record says before
    /// its first turn; prose in lines of at most `columns` (the terminal's,
    /// when it is known).
    fn heading(&self, asked: Asked<'_>, columns: Option<usize>) -> Option<String>;

    /// What is printed before the first block: what the record plays
    /// instead of its first turn, if anything.
    fn preface(&self, columns: Option<usize>) -> Option<String> {
        let _ = columns;
        None
    }

    /// Frame `frame` as text, for a terminal of `columns` when that is
    /// known, coloured or not, what it marks of `counted` (the plan's
    /// problems).
    fn frame(
        &self,
        frame: usize,
        counted: &[&Problem],
        columns: Option<usize>,
        color: bool,
    ) -> String;

    /// The SVG picture of frame `frame`, if it is one the replay draws,
    /// with the name of its file: `02-S1.svg`, `001-1a.svg`.
    fn picture(&self, frame: usize) -> Option<(String, String)>;

    /// The note where the replay stops, at `at` (as
    /// [`Block::Stopped`] holds it).
    fn stopped(&self, at: usize) -> String;
}

/// A game as a terminal's screen shows it, one frame at a time, and how
/// one moves through it.
pub trait Scene {
    /// The frames one can stop at, in order.
    fn stops(&self) -> Vec<usize>;

    /// The place in the game of the turn frame `frame` belongs to: what
    /// ↓ and ↑ go by, and `g` looks for.
    fn turn(&self, frame: usize) -> usize;

    /// The label of the turn at `turn`: `S3`, or a tafl move's `3b`.
    fn label(&self, turn: usize) -> String;

    /// What a turn is called: `turn`, or `move`.
    fn unit(&self) -> &'static str;

    /// A label as typed after `g`, written as [`Scene::label`] writes them.
    fn typed(&self, text: &str) -> String;

    /// The keys, shown at the foot of the screen.
    fn keys(&self) -> &'static str;

    /// The sizes the top of a frame can be drawn in, the largest first:
    /// the columns each needs, and the empty rows between its parts and
    /// above the pane.
    fn sizes(&self) -> Vec<(usize, usize)>;

    /// The top of frame `frame` in the size `sizes()[size]`: its heading
    /// and board, coloured, its lines as long as they are.
    fn top(&self, frame: usize, size: usize) -> String;

    /// What the pane holds for frame `frame`, prose in lines of at most
    /// `columns`.
    fn pane(&self, frame: usize, columns: usize) -> Vec<Part<'_>>;

    /// Whether the game has other lines of play than its main one, which
    /// `v` and `b` step into and out of.
    fn branches(&self) -> bool {
        false
    }

    /// The frames of the line of play through frame `frame`, in order:
    /// what the keys step through there. The stops, unless the game has
    /// variations.
    fn line(&self, frame: usize) -> Vec<usize> {
        let _ = frame;
        self.stops()
    }

    /// The frame shown in place of frame `frame` when another line of play
    /// is asked for: the first move of the next variation of its move, or
    /// the move again after the last; `None` when the move has none.
    fn alternative(&self, frame: usize) -> Option<usize> {
        let _ = frame;
        None
    }

    /// The frame of the line a variation branches from, where it
    /// branches: `None` outside a variation.
    fn back(&self, frame: usize) -> Option<usize> {
        let _ = frame;
        None
    }

    /// The frame of a label typed after `g` that is in no line shown yet,
    /// if the game has one.
    fn find(&self, label: &str) -> Option<usize> {
        let _ = label;
        None
    }
}

/// `1 error, 2 warnings, 1 advice`.
pub(crate) fn counts(problems: &[&Problem]) -> String {
    let mut parts = Vec::new();
    for (severity, one, more) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Advice, "advice", "advice"),
    ] {
        match problems.iter().filter(|p| p.severity == severity).count() {
            0 => {}
            1 => parts.push(format!("1 {one}")),
            n => parts.push(format!("{n} {more}")),
        }
    }
    parts.join(", ")
}

/// `text` in lines of at most `width` characters, broken at blanks (a word
/// longer than a line is broken where it must be): the first line begins
/// with `first`, the others with `indent`.
#[doc(hidden)]
pub fn wrap(text: &str, width: usize, first: &str, indent: &str) -> Vec<String> {
    let mut lines = vec![first.to_owned()];
    let mut bare = true;
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        // There is always a line: the first.
        while let Some(line) = lines.last_mut() {
            let used = line.chars().count();
            let room = width.saturating_sub(used + usize::from(!bare));
            if word.len() <= room {
                if !bare {
                    line.push(' ');
                }
                line.extend(word.iter());
                bare = false;
                break;
            }
            if bare {
                // A word longer than a whole line: as much as fits, or all
                // of it after an indent as wide as a line.
                let take = if used >= width {
                    word.len()
                } else {
                    width - used
                };
                let rest = word.split_off(take);
                line.extend(word.iter());
                word = rest;
            }
            lines.push(indent.to_owned());
            bare = true;
            if word.is_empty() {
                break;
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_is_wrapped_at_its_words() {
        assert_eq!(
            wrap("one two three four", 9, "", ""),
            ["one two", "three", "four"]
        );
        assert_eq!(
            wrap("one two three", 12, "1a: ", "    "),
            ["1a: one two", "    three"]
        );
        assert_eq!(wrap("abcdefghij", 4, "", ""), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 10, "x", ""), ["x"]);
    }
}
