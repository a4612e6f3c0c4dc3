//! `hirp replay -i` on a tafl record: a frame a move, the heading and the
//! board at the top of the screen; in the pane under it, what names the
//! game (its players, event, date, rules...), the start-comment with the
//! first move, the move's commentary, its problems and the legend.

use hirp::hirp::render::canvas::{Canvas, Style};
use hirp::tafl::render::{Board, Glyphs, TextOptions};

use super::Reporter;
use super::screen::{Scene, join_parts, lines};
use super::tafl_replay::Moves;

/// The keys, shown at the foot of the screen.
const KEYS: &str = "→/n next move  ←/p previous  Home/End first/last  g go to a move  q quit";

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
        let board = Board::of(&moves.positions[0]).text(TextOptions::default());
        // The files and the frame above and below the ranks.
        let rows = usize::from(moves.positions[0].rules().dim) + 4;
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
    /// Every move.
    fn stops(&self) -> Vec<usize> {
        (0..self.moves.replay.steps.len()).collect()
    }

    /// A tafl turn is one move.
    fn turn(&self, frame: usize) -> usize {
        frame
    }

    fn label(&self, turn: usize) -> String {
        self.moves.address(turn).to_string()
    }

    fn unit(&self) -> &'static str {
        "move"
    }

    fn typed(&self, text: &str) -> String {
        text.to_lowercase()
    }

    fn keys(&self) -> &'static str {
        KEYS
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

    /// What names the game (with the first move, its whole heading and its
    /// start-comment), the move's commentary, the problems before the
    /// first move (with the first), the move's problems, the legend.
    fn pane(&self, frame: usize, columns: usize) -> Vec<String> {
        let named = self.moves.named();
        let mut parts: Vec<String> = Vec::new();
        if frame == 0 {
            parts.extend(named.heading(columns, true));
            parts.extend(named.start_comment(columns));
        } else {
            parts.extend(named.short_heading(columns));
        }
        parts.extend(named.comment(self.moves.address(frame), columns));
        let mut problems = self.moves.at(Some(frame));
        if frame == 0 {
            problems.splice(0..0, self.moves.at(None));
        }
        parts.extend(
            problems
                .iter()
                .map(|p| self.reporter.render_width(*p, &self.moves.source, columns)),
        );
        parts.push(self.board(frame).1);
        join_parts(&parts, columns)
    }
}
