//! A tafl game on a terminal's screen: a frame a move, the heading and
//! the board at the top; in the pane under it, what names the game (its
//! players, event, date, rules...), the start-comment with the first move,
//! the move's commentary, its problems, its variations and the legend. `v`
//! steps into the variations of a move, one after another, and `b` back to
//! the line a variation branches from.

use crate::core::canvas::{Canvas, Style};
use crate::core::show::{Part, Scene};
use crate::tafl::render::{Board, Glyphs, TextOptions};

use super::TaflShown;

/// The keys, shown at the foot of the screen.
const KEYS: &str = "→/n next move  ←/p previous  Home/End first/last  g go to a move  q quit";

/// The keys of a game with variations, in 80 columns.
const VARIATION_KEYS: &str =
    "→/n next  ←/p previous  v variation  b back  Home/End first/last  g go  q quit";

impl TaflShown {
    /// The rows of the board drawn on the screen (the files and the frame
    /// above and below the ranks), and its columns.
    fn board_size(&self) -> (usize, usize) {
        *self.size.get_or_init(|| {
            let rows = usize::from(self.start.rules().dim) + 4;
            let board = Board::of(&self.start).text(TextOptions::default());
            let columns = board
                .lines()
                .take(rows)
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0);
            (rows, columns)
        })
    }

    /// The board after move `frame`, coloured, cut into the board and the
    /// legend under it.
    fn screen_board(&self, frame: usize) -> (Vec<String>, String) {
        let text = self.board(frame).text(TextOptions {
            glyphs: Glyphs::Unicode,
            color: true,
        });
        let mut board: Vec<String> = text.lines().map(str::to_owned).collect();
        let rows = self.board_size().0;
        let legend = board.split_off(rows.min(board.len())).join("\n");
        (board, legend)
    }
}

impl Scene for TaflShown {
    /// Every move of the main line.
    fn stops(&self) -> Vec<usize> {
        self.main_line()
    }

    /// A tafl turn is one move.
    fn turn(&self, frame: usize) -> usize {
        frame
    }

    fn label(&self, turn: usize) -> String {
        self.label_of(turn)
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
        let columns = self.board_size().1;
        vec![(columns, 1), (columns, 0)]
    }

    /// The move's heading, and the board after it.
    fn top(&self, frame: usize, size: usize) -> String {
        let gap = usize::from(size == 0);
        let mut heading = Canvas::new();
        let text = format!("After {}", self.describe(frame, true));
        heading.text(0, 0, &text, Style::Highlight);
        let mut top = vec![heading.ansi().trim_end_matches('\n').to_owned()];
        top.extend(std::iter::repeat_n(String::new(), gap));
        top.extend(self.screen_board(frame).0);
        top.join("\n")
    }

    /// What names the game (with the first move of a line of play, its
    /// whole heading and its start-comment), the move's commentary, the
    /// problems before the first move (with the first), the move's
    /// problems, the lines of play at the move, the legend.
    fn pane(&self, frame: usize, columns: usize) -> Vec<Part<'_>> {
        let named = self.named();
        let mut parts: Vec<String> = Vec::new();
        // The first move of a line of play from the start, the main line's
        // or a variation's.
        if self.previous(frame).is_none() {
            parts.extend(named.heading(columns, true));
            parts.extend(named.start_comment(columns));
        } else {
            parts.extend(named.short_heading(columns));
        }
        parts.extend(self.comment(frame, columns));
        let mut problems = self.at(Some(frame));
        if frame == 0 {
            problems.splice(0..0, self.at(None));
        }
        let mut parts: Vec<Part<'_>> = parts.into_iter().map(Part::Text).collect();
        parts.extend(problems.into_iter().map(Part::Problem));
        parts.extend(self.lines_of_play(frame).into_iter().map(Part::Text));
        parts.push(Part::Text(self.screen_board(frame).1));
        parts
    }

    fn branches(&self) -> bool {
        !self.game.replay.variations.is_empty()
    }

    fn line(&self, frame: usize) -> Vec<usize> {
        self.path(frame)
    }

    fn alternative(&self, frame: usize) -> Option<usize> {
        let cycle = self.alternatives(frame);
        let at = cycle.iter().position(|&f| f == frame)?;
        (cycle.len() > 1).then(|| cycle[(at + 1) % cycle.len()])
    }

    /// The move a variation replaces, else the move it is played after.
    fn back(&self, frame: usize) -> Option<usize> {
        let v = self.line_of(frame)?;
        self.replaced(v)
            .or_else(|| self.previous(self.first_of(v)?))
    }

    fn find(&self, label: &str) -> Option<usize> {
        self.frame_labelled(label)
    }
}

impl TaflShown {
    /// The move of frame `frame` and the first moves of the variations
    /// listed under it, in turn: the first move of a variation stands for
    /// the move it replaces.
    fn alternatives(&self, frame: usize) -> Vec<usize> {
        let moves = self;
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
        let moves = self;
        let mut parts = Vec::new();
        if let Some(v) = moves.line_of(frame) {
            let label = &moves.game.replay.variations[v].label;
            let instead = moves.replaced(v).map_or_else(String::new, |r| {
                format!(", instead of {}", moves.label_of(r))
            });
            parts.push(format!("In variation {label}{instead}: b goes back"));
        }
        let cycle = self.alternatives(frame);
        if cycle.len() > 1 {
            let mut text = format!("Variations of {} (v):", moves.label_of(cycle[0]));
            for f in &cycle[1..] {
                let mark = if *f == frame { '>' } else { ' ' };
                text.push_str(&format!("\n{mark} {}", moves.describe(*f, false)));
            }
            parts.push(text);
        }
        parts
    }
}
