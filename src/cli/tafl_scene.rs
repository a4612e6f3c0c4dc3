//! `hirp replay -i` on a tafl record: a frame a move, the heading and the
//! board at the top of the screen; in the pane under it, what names the
//! game (its players, event, date, rules...), the start-comment with the
//! first move, the move's commentary, its problems, its variations and the
//! legend. `v` steps into the variations of a move, one after another, and
//! `b` back to the line a variation branches from.

use hirp::core::canvas::{Canvas, Style};
use hirp::tafl::render::{Board, Glyphs, TextOptions};

use super::Reporter;
use super::screen::{Scene, join_parts, lines};
use super::tafl_moves::Moves;

/// The keys, shown at the foot of the screen.
const KEYS: &str = "→/n next move  ←/p previous  Home/End first/last  g go to a move  q quit";

/// The keys of a game with variations, in 80 columns.
const VARIATION_KEYS: &str =
    "→/n next  ←/p previous  v variation  b back  Home/End first/last  g go  q quit";

/// A tafl game on the screen.
pub struct TaflScene<'a> {
    moves: &'a Moves<'a>,
    reporter: &'a Reporter,
    /// The rows of the board, under its heading.
    rows: usize,
    /// The columns of the board.
    columns: usize,
}

impl<'a> TaflScene<'a> {
    /// The moves of a game.
    pub fn new(moves: &'a Moves<'a>, reporter: &'a Reporter) -> Self {
        let board = Board::of(&moves.start).text(TextOptions::default());
        // The files and the frame above and below the ranks.
        let rows = usize::from(moves.start.rules().dim) + 4;
        let columns = board
            .lines()
            .take(rows)
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        TaflScene {
            moves,
            reporter,
            rows,
            columns,
        }
    }

    /// The board after move `frame`, coloured, cut into the board and the
    /// legend under it.
    fn board(&self, frame: usize) -> (Vec<String>, String) {
        let text = self.moves.board(frame).text(TextOptions {
            glyphs: Glyphs::Unicode,
            color: true,
        });
        let mut board: Vec<String> = text.lines().map(str::to_owned).collect();
        let legend = board.split_off(self.rows.min(board.len())).join("\n");
        (board, legend)
    }
}

impl Scene for TaflScene<'_> {
    /// Every move of the main line.
    fn stops(&self) -> Vec<usize> {
        self.moves.main_line()
    }

    /// A tafl turn is one move.
    fn turn(&self, frame: usize) -> usize {
        frame
    }

    fn label(&self, turn: usize) -> String {
        self.moves.label(turn)
    }

    fn unit(&self) -> &'static str {
        "move"
    }

    fn typed(&self, text: &str) -> String {
        text.to_lowercase()
    }

    fn keys(&self) -> &'static str {
        if self.branches() {
            VARIATION_KEYS
        } else {
            KEYS
        }
    }

    /// The board, a blank row under its heading and under it, or none.
    fn sizes(&self) -> Vec<(usize, usize)> {
        vec![(self.columns, 1), (self.columns, 0)]
    }

    /// The move's heading, and the board after it.
    fn top(&self, frame: usize, size: usize, columns: usize) -> Vec<String> {
        let gap = usize::from(size == 0);
        let mut heading = Canvas::new();
        let text = format!("After {}", self.moves.describe(frame, true));
        heading.text(0, 0, &text, Style::Highlight);
        let mut top = lines(&heading.ansi(), columns);
        top.extend(std::iter::repeat_n(String::new(), gap));
        for line in self.board(frame).0 {
            top.extend(lines(&line, columns));
        }
        top
    }

    /// What names the game (with the first move of a line of play, its
    /// whole heading and its start-comment), the move's commentary, the
    /// problems before the first move (with the first), the move's
    /// problems, the lines of play at the move, the legend.
    fn pane(&self, frame: usize, columns: usize) -> Vec<String> {
        let named = self.moves.named();
        let mut parts: Vec<String> = Vec::new();
        // The first move of a line of play from the start, the main line's
        // or a variation's.
        if self.moves.previous(frame).is_none() {
            parts.extend(named.heading(columns, true));
            parts.extend(named.start_comment(columns));
        } else {
            parts.extend(named.short_heading(columns));
        }
        parts.extend(self.moves.comment(frame, columns));
        let mut problems = self.moves.at(Some(frame));
        if frame == 0 {
            problems.splice(0..0, self.moves.at(None));
        }
        parts.extend(
            problems
                .iter()
                .map(|p| self.reporter.render_width(*p, &self.moves.source, columns)),
        );
        parts.extend(self.lines_of_play(frame));
        parts.push(self.board(frame).1);
        join_parts(&parts, columns)
    }

    fn branches(&self) -> bool {
        !self.moves.replay.variations.is_empty()
    }

    fn line(&self, frame: usize) -> Vec<usize> {
        self.moves.path(frame)
    }

    fn alternative(&self, frame: usize) -> Option<usize> {
        let cycle = self.alternatives(frame);
        let at = cycle.iter().position(|&f| f == frame)?;
        (cycle.len() > 1).then(|| cycle[(at + 1) % cycle.len()])
    }

    /// The move a variation replaces, else the move it is played after.
    fn back(&self, frame: usize) -> Option<usize> {
        let v = self.moves.line_of(frame)?;
        self.moves
            .replaced(v)
            .or_else(|| self.moves.previous(self.moves.first_of(v)?))
    }

    fn find(&self, label: &str) -> Option<usize> {
        self.moves.find(label)
    }
}

impl TaflScene<'_> {
    /// The move of frame `frame` and the first moves of the variations
    /// listed under it, in turn: the first move of a variation stands for
    /// the move it replaces.
    fn alternatives(&self, frame: usize) -> Vec<usize> {
        let moves = self.moves;
        let origin = moves
            .line_of(frame)
            .filter(|&v| moves.first_of(v) == Some(frame))
            .and_then(|v| moves.replaced(v))
            .unwrap_or(frame);
        let mut cycle = vec![origin];
        cycle.extend(
            moves
                .listed_at(Some(origin))
                .into_iter()
                .filter_map(|v| moves.first_of(v)),
        );
        cycle
    }

    /// What the pane says of the lines of play at frame `frame`: the
    /// variation it is in, and those of its move.
    fn lines_of_play(&self, frame: usize) -> Vec<String> {
        let moves = self.moves;
        let mut parts = Vec::new();
        if let Some(v) = moves.line_of(frame) {
            let label = &moves.replay.variations[v].label;
            let instead = moves
                .replaced(v)
                .map_or_else(String::new, |r| format!(", instead of {}", moves.label(r)));
            parts.push(format!("In variation {label}{instead}: b goes back"));
        }
        let cycle = self.alternatives(frame);
        if cycle.len() > 1 {
            let mut text = format!("Variations of {} (v):", moves.label(cycle[0]));
            for f in &cycle[1..] {
                let mark = if *f == frame { '>' } else { ' ' };
                text.push_str(&format!("\n{mark} {}", moves.describe(*f, false)));
            }
            parts.push(text);
        }
        parts
    }
}
