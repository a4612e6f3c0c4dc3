//! Which piece stands on which square: a starting position, or a board to
//! set a position up from. Read from and printed as OpenTafl position
//! records (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, the first rank first) and
//! their inverted form (the last rank first, as a board is drawn).

use std::fmt;
use std::ops::Range;

use crate::tafl::{Piece, Side, Square};

/// The smallest board side a rule set may have.
pub const MIN_DIM: u8 = 3;

/// The largest board side a rule set may have: 19, as [`Square::MAX_SIDE`].
pub const MAX_DIM: u8 = Square::MAX_SIDE;

/// The pieces on a square board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    dim: u8,
    /// By rank from 1, then by file from `a`.
    cells: Vec<Option<(Side, Piece)>>,
}

/// Why a position record does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct LayoutError {
    /// What is wrong.
    pub kind: LayoutErrorKind,
    /// The bytes of the record it concerns.
    pub span: Range<usize>,
}

/// What is wrong with a position record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutErrorKind {
    /// `3t3/3t3/...`: a record starts with `/`.
    #[error("a position record starts with `/`")]
    NoLeadingSlash,
    /// `/3t3/3t3`: each row ends with `/`, the last one too.
    #[error("the last row does not end with `/`")]
    NoTrailingSlash,
    /// `/3x3/...`: a letter of no piece.
    #[error("`{letter}` names no piece: pieces are `tcnkmg` (attackers) and `TCNKMG` (defenders)")]
    UnknownLetter {
        /// The letter.
        letter: char,
    },
    /// `/3t3/3t2/...`: a row of another width than the board's.
    #[error("rank {rank} has {width} squares, not {dim}")]
    RowWidth {
        /// The rank, from 1.
        rank: usize,
        /// The squares it counts.
        width: usize,
        /// The board's side: its number of rows.
        dim: usize,
    },
    /// `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/`: rows all of one width, but not as
    /// many as their squares; a board is square.
    #[error("the record has {ranks} ranks of {width} squares: a board has as many ranks as files")]
    Ranks {
        /// The number of rows.
        ranks: usize,
        /// The squares each counts.
        width: usize,
    },
    /// `//` or `/99/`: a board of a side out of range.
    #[error("a board has {MIN_DIM} to {MAX_DIM} rows, not {dim}")]
    Size {
        /// The number of rows.
        dim: usize,
    },
}

impl Layout {
    /// An empty board of side `dim`, if within [`MIN_DIM`] and [`MAX_DIM`].
    pub fn empty(dim: u8) -> Option<Layout> {
        (MIN_DIM..=MAX_DIM).contains(&dim).then(|| Layout {
            dim,
            cells: vec![None; usize::from(dim) * usize::from(dim)],
        })
    }

    /// The board's side.
    pub fn dim(&self) -> u8 {
        self.dim
    }

    fn cell(&self, square: Square) -> Option<usize> {
        (square.file() < self.dim && square.rank() < self.dim).then(|| {
            usize::from(square.rank()) * usize::from(self.dim) + usize::from(square.file())
        })
    }

    /// The piece on `square`; `None` also off the board.
    pub fn get(&self, square: Square) -> Option<(Side, Piece)> {
        self.cell(square).and_then(|n| self.cells[n])
    }

    /// Puts `piece` on `square`, or empties it; off the board, nothing.
    pub fn set(&mut self, square: Square, piece: Option<(Side, Piece)>) {
        if let Some(n) = self.cell(square) {
            self.cells[n] = piece;
        }
    }

    /// Every piece, by rank from 1, then by file.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Side, Piece)> + '_ {
        let d = usize::from(self.dim);
        self.cells.iter().enumerate().filter_map(move |(n, cell)| {
            let (side, piece) = (*cell)?;
            let square = Square::new((n % d) as u8, (n / d) as u8)?;
            Some((square, side, piece))
        })
    }

    /// Reads a position record, its first row the first rank:
    /// `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`.
    pub fn from_opentafl(text: &str) -> Result<Layout, LayoutError> {
        read(text, false)
    }

    /// Reads an inverted position record, its first row the last rank (the
    /// `starti:` of a rules string).
    pub fn from_opentafl_inverted(text: &str) -> Result<Layout, LayoutError> {
        read(text, true)
    }

    /// The position record, its first row the first rank.
    pub fn to_opentafl(&self) -> String {
        self.record(false)
    }

    /// The inverted position record, its first row the last rank.
    pub fn to_opentafl_inverted(&self) -> String {
        self.record(true)
    }

    /// The board turned or mirrored by `symmetry`, one of the eight of a
    /// square board (taken modulo 8): mirrored file for file (`a` and the
    /// last file swapped) when `symmetry` is 4 or more, then turned
    /// `symmetry % 4` quarter turns (a1 to the last file's rank 1).
    pub fn symmetric(&self, symmetry: u8) -> Layout {
        let d = usize::from(self.dim);
        let mut cells = vec![None; self.cells.len()];
        for (n, cell) in self.cells.iter().enumerate() {
            let square = Square::new((n % d) as u8, (n / d) as u8);
            if let Some(image) = square.map(|s| s.symmetric(self.dim, symmetry)) {
                cells[usize::from(image.rank()) * d + usize::from(image.file())] = *cell;
            }
        }
        Layout {
            dim: self.dim,
            cells,
        }
    }

    /// The board's canonical form under its symmetries: of its eight
    /// images ([`Layout::symmetric`]), the one whose position record comes
    /// first. Boards that are one another turned or mirrored have the
    /// same canonical form, and only they.
    ///
    /// ```
    /// use hirp::tafl::rules::Layout;
    ///
    /// let corner = Layout::from_opentafl("/t2/3/3/").unwrap();
    /// let other = Layout::from_opentafl("/3/3/2t/").unwrap();
    /// assert_eq!(corner.canonical(), other.canonical());
    /// assert_ne!(corner.canonical(), Layout::from_opentafl("/1t1/3/3/").unwrap().canonical());
    /// ```
    pub fn canonical(&self) -> Layout {
        let mut best = (self.record(false), self.clone());
        for symmetry in 1..8 {
            let image = self.symmetric(symmetry);
            let record = image.record(false);
            if record < best.0 {
                best = (record, image);
            }
        }
        best.1
    }

    fn record(&self, inverted: bool) -> String {
        let d = usize::from(self.dim);
        let mut out = String::from("/");
        for row in 0..d {
            let rank = if inverted { d - 1 - row } else { row };
            let mut empty = 0;
            for cell in &self.cells[rank * d..rank * d + d] {
                match cell {
                    None => empty += 1,
                    Some((side, piece)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.letter_of(*side));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out.push('/');
        }
        out
    }
}

impl fmt::Display for Layout {
    /// The position record, its first row the first rank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.record(false))
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self.record(false))
    }
}

fn error(kind: LayoutErrorKind, span: Range<usize>) -> LayoutError {
    LayoutError { kind, span }
}

/// The spans of the rows of a record, in the order written.
fn rows(text: &str) -> Result<Vec<Range<usize>>, LayoutError> {
    if !text.starts_with('/') {
        let end = text.chars().next().map_or(0, char::len_utf8);
        return Err(error(LayoutErrorKind::NoLeadingSlash, 0..end));
    }
    let mut rows = Vec::new();
    let mut start = 1;
    for (at, _) in text.match_indices('/').skip(1) {
        rows.push(start..at);
        start = at + 1;
    }
    if start < text.len() {
        return Err(error(LayoutErrorKind::NoTrailingSlash, start..text.len()));
    }
    let dim = rows.len();
    if !(usize::from(MIN_DIM)..=usize::from(MAX_DIM)).contains(&dim) {
        return Err(error(LayoutErrorKind::Size { dim }, 0..text.len()));
    }
    Ok(rows)
}

/// Reads the cells of one row: counts of empty squares and piece letters.
fn row(
    text: &str,
    span: Range<usize>,
    rank: usize,
    dim: usize,
) -> Result<Vec<Option<(Side, Piece)>>, LayoutError> {
    let mut cells = Vec::with_capacity(dim);
    let mut count = 0usize;
    for (at, c) in text[span.clone()].char_indices() {
        if let Some(digit) = c.to_digit(10) {
            count = count.saturating_mul(10).saturating_add(digit as usize);
            continue;
        }
        cells.extend(std::iter::repeat_n(None, count.min(dim + 1)));
        count = 0;
        let piece = Piece::from_letter(c).ok_or_else(|| {
            let start = span.start + at;
            error(
                LayoutErrorKind::UnknownLetter { letter: c },
                start..start + c.len_utf8(),
            )
        })?;
        cells.push(Some(piece));
    }
    let width = cells.len().saturating_add(count);
    if width != dim {
        return Err(error(LayoutErrorKind::RowWidth { rank, width, dim }, span));
    }
    cells.extend(std::iter::repeat_n(None, count));
    Ok(cells)
}

/// The squares a row counts, if every letter of it names a piece.
fn width(row: &str) -> Option<usize> {
    let (mut width, mut count) = (0usize, 0usize);
    for c in row.chars() {
        if let Some(digit) = c.to_digit(10) {
            count = count.saturating_mul(10).saturating_add(digit as usize);
        } else {
            Piece::from_letter(c)?;
            width = width.saturating_add(count).saturating_add(1);
            count = 0;
        }
    }
    Some(width.saturating_add(count))
}

fn read(text: &str, inverted: bool) -> Result<Layout, LayoutError> {
    let rows = rows(text)?;
    let dim = rows.len();
    let mut cells = vec![None; dim * dim];
    // Read at their own width, every row alike and not `dim` squares: the
    // number of ranks is what is wrong.
    let widths: Vec<_> = rows.iter().map(|span| width(&text[span.clone()])).collect();
    if let Some(Some(width)) = widths.first().copied()
        && width != dim
        && widths.iter().all(|w| *w == Some(width))
    {
        let kind = LayoutErrorKind::Ranks { ranks: dim, width };
        return Err(error(kind, 0..text.len()));
    }
    for (n, span) in rows.into_iter().enumerate() {
        let rank = if inverted { dim - 1 - n } else { n };
        let row = row(text, span, rank + 1, dim)?;
        cells[rank * dim..rank * dim + dim].copy_from_slice(&row);
    }
    Ok(Layout {
        dim: dim as u8,
        cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BRANDUB: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

    #[test]
    fn records_read_and_print_alike() {
        let layout = Layout::from_opentafl(BRANDUB).unwrap();
        assert_eq!(layout.dim(), 7);
        assert_eq!(layout.to_string(), BRANDUB);
        let d4: Square = "d4".parse().unwrap();
        assert_eq!(layout.get(d4), Some((Side::Defenders, Piece::King)));
        assert_eq!(layout.pieces().count(), 13);
        let eleven = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
        assert_eq!(Layout::from_opentafl(eleven).unwrap().to_string(), eleven);
    }

    /// Random boards of every size, a third of the squares taken.
    fn boards() -> Vec<Layout> {
        let mut rng = crate::core::Rng::new(51);
        let pieces = [
            (Side::Attackers, Piece::Taflman),
            (Side::Defenders, Piece::Taflman),
            (Side::Defenders, Piece::King),
            (Side::Attackers, Piece::Commander),
        ];
        let mut boards = Vec::new();
        for dim in MIN_DIM..=MAX_DIM {
            for _ in 0..8 {
                let mut layout = Layout::empty(dim).unwrap();
                for cell in &mut layout.cells {
                    if rng.below(3) == 0 {
                        *cell = Some(pieces[rng.below(pieces.len())]);
                    }
                }
                boards.push(layout);
            }
        }
        boards
    }

    #[test]
    fn the_eight_symmetries_form_the_square_s_group() {
        let berserk = "/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";
        let mut boards = boards();
        boards.push(Layout::from_opentafl(berserk).unwrap());
        for board in &boards {
            let turned = board.symmetric(1);
            assert_eq!(turned.symmetric(1).symmetric(1).symmetric(1), *board);
            assert_eq!(board.symmetric(4).symmetric(4), *board);
            assert_eq!(board.symmetric(8), *board);
            let mut images: Vec<String> = (0..8).map(|s| board.symmetric(s).to_string()).collect();
            for image in 0..8 {
                let mut counted: Vec<_> = board
                    .symmetric(image)
                    .pieces()
                    .map(|(_, s, p)| (s, p))
                    .collect();
                let mut own: Vec<_> = board.pieces().map(|(_, s, p)| (s, p)).collect();
                counted.sort_by_key(|&(s, p)| (s as u8, p as u8));
                own.sort_by_key(|&(s, p)| (s as u8, p as u8));
                assert_eq!(counted, own, "a symmetry moves pieces, and keeps them");
                assert_eq!(board.symmetric(image).canonical(), board.canonical());
            }
            assert!(images.contains(&board.canonical().to_string()));
            assert_eq!(board.canonical().canonical(), board.canonical());
            images.sort();
            assert_eq!(board.canonical().to_string(), images[0]);
        }
        // A quarter turn takes a1 to the last file's first rank.
        let a1 = Layout::from_opentafl("/t2/3/3/").unwrap();
        assert_eq!(a1.symmetric(1).to_string(), "/2t/3/3/");
        assert_eq!(a1.symmetric(4).to_string(), "/2t/3/3/");
        assert_eq!(a1.symmetric(2).to_string(), "/3/3/2t/");
        // Berserk's start is not symmetric top to bottom: a half turn is
        // another board, of the same canonical form.
        let start = Layout::from_opentafl(berserk).unwrap();
        assert_ne!(start.symmetric(2), start);
        assert_eq!(start.symmetric(2).canonical(), start.canonical());
    }

    #[test]
    fn a_count_past_any_width_is_a_wrong_width() {
        // A piece, then a count of 25 digits: its width overflows no sum.
        let text = format!("/t{}/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "9".repeat(25));
        assert!(Layout::from_opentafl(&text).is_err());
    }

    #[test]
    fn inverted_records_start_from_the_last_rank() {
        let text = "/7/7/7/7/7/7/t6/";
        let layout = Layout::from_opentafl_inverted(text).unwrap();
        assert_eq!(
            layout.get("a1".parse().unwrap()),
            Some((Side::Attackers, Piece::Taflman))
        );
        assert_eq!(layout.to_opentafl_inverted(), text);
        assert_eq!(layout.to_opentafl(), "/t6/7/7/7/7/7/7/");
    }

    #[test]
    fn too_few_or_too_many_ranks_are_named_so() {
        let six = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/";
        let wrong = Layout::from_opentafl(six).unwrap_err();
        assert_eq!(wrong.kind, LayoutErrorKind::Ranks { ranks: 6, width: 7 });
        assert_eq!(
            wrong.to_string(),
            "the record has 6 ranks of 7 squares: a board has as many ranks as files"
        );
        // Rows of different widths: the first row out of step is named.
        let uneven = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/";
        assert!(matches!(
            Layout::from_opentafl(uneven).unwrap_err().kind,
            LayoutErrorKind::RowWidth {
                rank: 7,
                width: 6,
                dim: 7
            }
        ));
    }

    #[test]
    fn errors_point_at_what_is_wrong() {
        let err = |text| Layout::from_opentafl(text).unwrap_err();
        assert_eq!(err("3t3/").span, 0..1);
        assert_eq!(
            err("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3").kind,
            LayoutErrorKind::NoTrailingSlash
        );
        let e = err("/3t3/3t3/3x3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!(
            (e.kind, e.span),
            (LayoutErrorKind::UnknownLetter { letter: 'x' }, 10..11)
        );
        let e = err("/3t3/3t2/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!(
            e.kind,
            LayoutErrorKind::RowWidth {
                rank: 2,
                width: 6,
                dim: 7
            }
        );
        assert_eq!(e.span, 5..8);
        assert_eq!(err("/1/1/").kind, LayoutErrorKind::Size { dim: 2 });
        assert_eq!(
            err("/99999999999999999999/").kind,
            LayoutErrorKind::Size { dim: 1 }
        );
        let e = err("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/999999999999999999999/");
        assert!(matches!(e.kind, LayoutErrorKind::RowWidth { rank: 7, .. }));
    }
}
