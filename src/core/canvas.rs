//! A grid of styled characters, printed plain or with terminal colours:
//! what each family draws its boards and tables on for a terminal.

/// How a character is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// As is.
    #[default]
    Plain,
    /// Lines of the board, drawn dim.
    Frame,
    /// A piece or text of one side, in the hue its family gives that side.
    Side(Hue),
    /// The token just played, and other things to notice.
    Highlight,
    /// Carets under the token highlighted: shown only without colours,
    /// where its reverse video cannot be.
    Caret,
    /// A token at fault: red.
    Fault,
    /// `×` under a token at fault: shown with colours too, in red, so that
    /// a fault is never told by its colour alone.
    FaultMark,
}

/// The hue a side's pieces and text are drawn in: one side of a game is
/// gold, the other silver-grey (HIRP's Gull and Silfr).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hue {
    /// Gold.
    Gold,
    /// Silver-grey.
    Silver,
}

/// A character grid that grows as it is written to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Canvas {
    rows: Vec<Vec<(char, Style)>>,
}

impl Canvas {
    /// An empty canvas.
    pub fn new() -> Canvas {
        Canvas::default()
    }

    /// Writes `text` from column `x` of row `y`, one character a column.
    pub fn text(&mut self, x: usize, y: usize, text: &str, style: Style) {
        while self.rows.len() <= y {
            self.rows.push(Vec::new());
        }
        let row = &mut self.rows[y];
        for (n, c) in text.chars().enumerate() {
            while row.len() <= x + n {
                row.push((' ', Style::Plain));
            }
            row[x + n] = (c, style);
        }
    }

    /// Gives the `width` characters from column `x` of row `y` another
    /// style.
    pub fn restyle(&mut self, x: usize, y: usize, width: usize, style: Style) {
        if let Some(row) = self.rows.get_mut(y) {
            for cell in row.iter_mut().skip(x).take(width) {
                cell.1 = style;
            }
        }
    }

    /// Draws a box with corners at (`x`, `y`) and (`x + width - 1`,
    /// `y + height - 1`).
    pub fn frame(&mut self, x: usize, y: usize, width: usize, height: usize) {
        let inner = width.saturating_sub(2);
        let bar = "─".repeat(inner);
        self.text(x, y, &format!("┌{bar}┐"), Style::Frame);
        for row in y + 1..y + height - 1 {
            self.text(x, row, "│", Style::Frame);
            self.text(x + width - 1, row, "│", Style::Frame);
        }
        self.text(x, y + height - 1, &format!("└{bar}┘"), Style::Frame);
    }

    /// Appends another canvas below this one, after `gap` empty rows.
    pub fn append(&mut self, other: &Canvas, gap: usize) {
        if !self.rows.is_empty() {
            self.rows.extend(std::iter::repeat_n(Vec::new(), gap));
        }
        self.rows.extend(other.rows.iter().cloned());
    }

    /// The canvas as plain text, trailing blanks removed.
    pub fn plain(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let line: String = row.iter().map(|&(c, _)| c).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The canvas as [`Canvas::ansi`] or [`Canvas::plain`].
    pub fn render(&self, color: bool) -> String {
        if color { self.ansi() } else { self.plain() }
    }

    /// The canvas with ANSI colours: Gull gold, Silfr silver-grey, the frame
    /// dim, highlights in reverse video, faults and their marks red.
    pub fn ansi(&self) -> String {
        self.ansi_leaving(&[Style::Caret])
    }

    /// [`Canvas::ansi`] without the `×` marks under faults either, for a
    /// screen that names each fault beside the board.
    pub fn ansi_unmarked(&self) -> String {
        self.ansi_leaving(&[Style::Caret, Style::FaultMark])
    }

    /// The canvas with ANSI colours, the characters of the styles `left`
    /// left out (a row of nothing else with them).
    fn ansi_leaving(&self, left: &[Style]) -> String {
        let mut out = String::new();
        for row in &self.rows {
            // Marks that stand in for what colours show are left out.
            let row: Vec<(char, Style)> = row
                .iter()
                .map(|&(c, s)| {
                    if left.contains(&s) {
                        (' ', Style::Plain)
                    } else {
                        (c, s)
                    }
                })
                .collect();
            if row.iter().all(|&(c, _)| c == ' ') && !row.is_empty() {
                continue;
            }
            let end = row
                .iter()
                .rposition(|&(c, _)| c != ' ')
                .map_or(0, |n| n + 1);
            let mut current = Style::Plain;
            for &(c, style) in &row[..end] {
                if style != current {
                    out.push_str("\u{1b}[0m");
                    out.push_str(escape(style));
                    current = style;
                }
                out.push(c);
            }
            if current != Style::Plain {
                out.push_str("\u{1b}[0m");
            }
            out.push('\n');
        }
        out
    }
}

/// The escape sequence that starts a style.
fn escape(style: Style) -> &'static str {
    match style {
        Style::Plain => "",
        Style::Frame => "\u{1b}[2m",
        Style::Side(Hue::Gold) => "\u{1b}[1;38;2;218;165;32m",
        Style::Side(Hue::Silver) => "\u{1b}[1;38;2;176;182;190m",
        Style::Highlight => "\u{1b}[7m",
        Style::Caret => "",
        Style::Fault | Style::FaultMark => "\u{1b}[1;31m",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_grow_the_grid_and_print_plain_or_coloured() {
        let mut canvas = Canvas::new();
        canvas.frame(0, 0, 4, 3);
        canvas.text(1, 1, "G", Style::Side(Hue::Gold));
        assert_eq!(canvas.plain(), "┌──┐\n│G │\n└──┘\n");
        let ansi = canvas.ansi();
        assert!(ansi.contains("\u{1b}[1;38;2;218;165;32mG"));
        // Without its escape sequences, the coloured text is the plain text.
        let mut stripped = String::new();
        let mut chars = ansi.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                chars.by_ref().find(|&c| c == 'm');
            } else {
                stripped.push(c);
            }
        }
        assert_eq!(stripped, canvas.plain());
    }
}
