//! The board as a standalone SVG 1.1 picture, sized by its `viewBox` so
//! that a page may scale it: the grid with its files and ranks, the special
//! squares marked, the pieces, the last move as an arrow between an
//! outline of the square it left (dashed) and of the square it reached,
//! its captures as crosses, and the caption under the board.
//!
//! Pieces differ by shape, not colour alone: an attacker is a dark disc, a
//! defender a light disc with a ring inside, the king a light disc with a
//! cross, a commander or a knight a disc of its side with its letter (`C`,
//! `N`). The special squares carry the marks of the text board's glyphs:
//! a square with a diagonal cross for a corner (`⊠`), with a dot for the
//! centre (`⊡`), with a bar for an attackers' fortress (`⊟`) and with a
//! cross for a defenders' fortress (`⊞`).
//!
//! The text is deterministic, one element a line. Elements carry classes
//! and ids for tests and style sheets: `special corner` (`special-a1`),
//! `piece attacker` (`piece-d1`), `piece defender`, `piece king`,
//! `piece commander`, `piece knight` (each piece's classes end with its
//! side, `attackers` or `defenders`), `move-from`, `move-to`, `move-arrow`, `capture`
//! (`capture-c3`), `caption`.
//!
//! ```
//! use hirp::tafl::render::Board;
//! use hirp::tafl::render::svg::svg;
//! use hirp::tafl::rules::{Move, Position, RuleSet};
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let mut position = Position::new(&rules);
//! let mv = |from: &str, to: &str| Move { from: from.parse().unwrap(), to: to.parse().unwrap() };
//! position.play(mv("f4", "f7")).unwrap();
//! let played = position.play(mv("e4", "e7")).unwrap();
//! let board = Board::of(&position).after(mv("e4", "e7"), &played);
//! let picture = svg(&board.with_caption("1. f4-f7 e4-e7xf7"));
//! assert!(picture.contains(r#"<rect id="move-to" "#));
//! assert!(picture.contains(r#"<path class="capture" id="capture-f7" "#));
//! ```

use std::fmt::Write as _;

use super::board::{Board, Cell, wrap};
use crate::core::xml::{Escaped, Num, Writer as Svg};
use crate::tafl::rules::SquareKind;
use crate::tafl::{Piece, Side, Square};

const FONTS: &str = "DejaVu Sans, Verdana, sans-serif";

/// The side of a square.
const CELL: f64 = 40.0;

/// The room around the board, for the coordinates.
const MARGIN: f64 = 28.0;

/// The radius of a piece.
const RADIUS: f64 = 14.0;

/// The caption's font size, and the height of one of its lines.
const CAPTION_SIZE: f64 = 14.0;
const CAPTION_LINE: f64 = 19.0;

const PAPER: &str = "#fbf8f1";
const BOARD: &str = "#e8d9b5";
const SPECIAL: &str = "#cdb487";
const INK: &str = "#2b2620";
const MOVE: &str = "#1f6f3f";
const CAPTURE: &str = "#b3261e";

/// The board as an SVG picture: see the [module](self).
pub fn svg(board: &Board<'_>) -> String {
    let geometry = Geometry::of(board);
    let mut out = Svg::default();
    out.line(format_args!(r#"<?xml version="1.0" encoding="UTF-8"?>"#));
    out.open(format_args!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONTS}">"#,
        w = Num(geometry.width),
        h = Num(geometry.height),
    ));
    let title = match board.caption() {
        Some(caption) => wrap(caption, usize::MAX).join(" "),
        None => format!("A tafl board, {0} × {0}", board.dim()),
    };
    out.line(format_args!("<title>{}</title>", Escaped(&title)));
    out.line(format_args!(
        r#"<rect width="100%" height="100%" fill="{PAPER}"/>"#
    ));
    grid(&mut out, &geometry);
    coordinates(&mut out, &geometry);
    let cells: Vec<Cell> = (0..board.dim())
        .rev()
        .flat_map(|rank| (0..board.dim()).map(move |file| (file, rank)))
        .map(|(file, rank)| board.cell(file, rank))
        .collect();
    specials(&mut out, &geometry, &cells);
    last_move(&mut out, &geometry, board);
    pieces(&mut out, &geometry, &cells);
    captures(&mut out, &geometry, board);
    for (n, line) in geometry.caption.iter().enumerate() {
        out.line(format_args!(
            r#"<text class="caption" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{INK}">{}</text>"#,
            Num(geometry.width / 2.0),
            Num(geometry.board_bottom() + MARGIN + 10.0 + CAPTION_LINE * n as f64),
            Num(CAPTION_SIZE),
            Escaped(line),
        ));
    }
    out.close("</svg>");
    out.out
}

impl Board<'_> {
    /// The board as an SVG picture: see [`svg()`].
    pub fn svg(&self) -> String {
        svg(self)
    }
}

/// Where things go.
struct Geometry {
    dim: u8,
    width: f64,
    height: f64,
    /// The caption's lines.
    caption: Vec<String>,
}

impl Geometry {
    fn of(board: &Board<'_>) -> Geometry {
        let dim = board.dim();
        let width = 2.0 * MARGIN + CELL * f64::from(dim);
        // About 0.56 of the font size a character, 12 units either side.
        let room = ((width - 24.0) / (0.56 * CAPTION_SIZE)).floor() as usize;
        let caption = board
            .caption()
            .map(|c| wrap(c, room.max(8)))
            .unwrap_or_default();
        let below = if caption.is_empty() {
            0.0
        } else {
            CAPTION_LINE * caption.len() as f64 + 4.0
        };
        Geometry {
            dim,
            width,
            height: width + below,
            caption,
        }
    }

    /// The bottom edge of the board.
    fn board_bottom(&self) -> f64 {
        MARGIN + CELL * f64::from(self.dim)
    }

    /// The top left corner of `square`.
    fn corner(&self, square: Square) -> (f64, f64) {
        let x = MARGIN + CELL * f64::from(square.file());
        let y = MARGIN + CELL * f64::from(self.dim - 1 - square.rank());
        (x, y)
    }

    /// The centre of `square`.
    fn centre(&self, square: Square) -> (f64, f64) {
        let (x, y) = self.corner(square);
        (x + CELL / 2.0, y + CELL / 2.0)
    }
}

/// The board and its lines.
fn grid(out: &mut Svg, geometry: &Geometry) {
    let side = CELL * f64::from(geometry.dim);
    out.open(format_args!(r#"<g class="board">"#));
    out.line(format_args!(
        r#"<rect x="{m}" y="{m}" width="{s}" height="{s}" fill="{BOARD}"/>"#,
        m = Num(MARGIN),
        s = Num(side),
    ));
    let mut path = String::new();
    for n in 0..=geometry.dim {
        let at = Num(MARGIN + CELL * f64::from(n));
        let _ = write!(path, "M{} {at}H{}", Num(MARGIN), Num(MARGIN + side));
        let _ = write!(path, "M{at} {}V{}", Num(MARGIN), Num(MARGIN + side));
    }
    out.line(format_args!(
        r#"<path d="{path}" fill="none" stroke="{INK}" stroke-width="1"/>"#
    ));
    out.close("</g>");
}

/// The file letters above and below the board, the rank numbers on its
/// sides.
fn coordinates(out: &mut Svg, geometry: &Geometry) {
    out.open(format_args!(
        r#"<g class="coordinates" font-size="13" text-anchor="middle" fill="{INK}">"#
    ));
    for n in 0..geometry.dim {
        let square = Square::new(n, n).expect("a square of the board");
        let (x, y) = geometry.centre(square);
        let letter = square.file_letter();
        for row in [MARGIN - 9.0, geometry.board_bottom() + 19.0] {
            out.line(format_args!(
                r#"<text x="{}" y="{}">{letter}</text>"#,
                Num(x),
                Num(row)
            ));
        }
        let number = u16::from(n) + 1;
        for column in [MARGIN / 2.0, geometry.width - MARGIN / 2.0] {
            out.line(format_args!(
                r#"<text x="{}" y="{}">{number}</text>"#,
                Num(column),
                Num(y + 4.5)
            ));
        }
    }
    out.close("</g>");
}

/// The special squares: darker, an inner square, and the mark of their
/// kind.
fn specials(out: &mut Svg, geometry: &Geometry, cells: &[Cell]) {
    out.open(format_args!(
        r#"<g class="specials" stroke="{INK}" stroke-width="1.5" fill="none">"#
    ));
    for cell in cells {
        let Some(kind) = cell.special else { continue };
        let (x, y) = geometry.corner(cell.square);
        let (cx, cy) = geometry.centre(cell.square);
        let (a, b) = (5.0, CELL - 5.0);
        let mark = match kind {
            SquareKind::Corner => format!(
                "M{} {}L{} {}M{} {}L{} {}",
                Num(x + a),
                Num(y + a),
                Num(x + b),
                Num(y + b),
                Num(x + b),
                Num(y + a),
                Num(x + a),
                Num(y + b)
            ),
            SquareKind::Centre => String::new(),
            SquareKind::AttackerFortress => format!("M{} {}H{}", Num(x + a), Num(cy), Num(x + b)),
            SquareKind::DefenderFortress => format!(
                "M{} {}H{}M{} {}V{}",
                Num(x + a),
                Num(cy),
                Num(x + b),
                Num(cx),
                Num(y + a),
                Num(y + b)
            ),
        };
        let class = kind.name().replace("' ", "-").replace(' ', "-");
        out.open(format_args!(
            r#"<g class="special {class}" id="special-{}">"#,
            cell.square
        ));
        out.line(format_args!(
            r#"<rect x="{}" y="{}" width="{c}" height="{c}" fill="{SPECIAL}" stroke="none"/>"#,
            Num(x),
            Num(y),
            c = Num(CELL)
        ));
        out.line(format_args!(
            r#"<rect x="{}" y="{}" width="{s}" height="{s}"/>"#,
            Num(x + a),
            Num(y + a),
            s = Num(b - a)
        ));
        if kind == SquareKind::Centre {
            out.line(format_args!(
                r#"<circle cx="{}" cy="{}" r="3" fill="{INK}" stroke="none"/>"#,
                Num(cx),
                Num(cy)
            ));
        } else {
            out.line(format_args!(r#"<path d="{mark}"/>"#));
        }
        out.close("</g>");
    }
    out.close("</g>");
}

/// The last move: an outline of the square it left, dashed, and of the
/// square it reached, and an arrow from one to the other that stops short
/// of the piece.
fn last_move(out: &mut Svg, geometry: &Geometry, board: &Board<'_>) {
    let Some(last) = board.last_move() else {
        return;
    };
    let on_board = |s: Square| s.file() < geometry.dim && s.rank() < geometry.dim;
    out.open(format_args!(
        r#"<g class="last-move" stroke="{MOVE}" fill="none">"#
    ));
    for (square, id, dash) in [
        (last.mv.from, "move-from", r#" stroke-dasharray="5 3""#),
        (last.mv.to, "move-to", ""),
    ] {
        if on_board(square) {
            let (x, y) = geometry.corner(square);
            out.line(format_args!(
                r#"<rect id="{id}" x="{}" y="{}" width="{s}" height="{s}" stroke-width="3"{dash}/>"#,
                Num(x + 2.5),
                Num(y + 2.5),
                s = Num(CELL - 5.0)
            ));
        }
    }
    if on_board(last.mv.from) && on_board(last.mv.to) && last.mv.from != last.mv.to {
        arrow(
            out,
            geometry.centre(last.mv.from),
            geometry.centre(last.mv.to),
        );
    }
    out.close("</g>");
}

/// An arrow from `from` to short of `to`.
fn arrow(out: &mut Svg, from: (f64, f64), to: (f64, f64)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    let tip = (to.0 - ux * (RADIUS + 3.0), to.1 - uy * (RADIUS + 3.0));
    let base = (tip.0 - ux * 10.0, tip.1 - uy * 10.0);
    let (px, py) = (-uy * 6.0, ux * 6.0);
    out.open(format_args!(r#"<g id="move-arrow">"#));
    out.line(format_args!(
        r#"<path d="M{} {}L{} {}" stroke-width="3" stroke-linecap="round"/>"#,
        Num(from.0),
        Num(from.1),
        Num(base.0),
        Num(base.1)
    ));
    out.line(format_args!(
        r#"<path d="M{} {}L{} {}L{} {}Z" fill="{MOVE}" stroke="none"/>"#,
        Num(tip.0),
        Num(tip.1),
        Num(base.0 + px),
        Num(base.1 + py),
        Num(base.0 - px),
        Num(base.1 - py)
    ));
    out.close("</g>");
}

/// The pieces, in board order from the top rank.
fn pieces(out: &mut Svg, geometry: &Geometry, cells: &[Cell]) {
    out.open(format_args!(r#"<g class="pieces">"#));
    for cell in cells {
        if let Some((side, piece)) = cell.piece {
            let (cx, cy) = geometry.centre(cell.square);
            piece_at(out, cell.square, (cx, cy), side, piece);
        }
    }
    out.close("</g>");
}

/// One piece: a disc of its side, and for the king a cross, for the other
/// kinds (a commander `C`, a knight `N`) their letter.
fn piece_at(out: &mut Svg, square: Square, (cx, cy): (f64, f64), side: Side, piece: Piece) {
    let (fill, ink) = match side {
        Side::Attackers => (INK, PAPER),
        Side::Defenders => (PAPER, INK),
    };
    let class = match (side, piece) {
        (Side::Attackers, Piece::Taflman) => "attacker",
        (Side::Defenders, Piece::Taflman) => "defender",
        (_, Piece::King) => "king",
        (_, Piece::Commander) => "commander",
        (_, Piece::Knight) => "knight",
        (_, Piece::Mercenary) => "mercenary",
        (_, Piece::Guard) => "guard",
    };
    out.open(format_args!(
        r#"<g class="piece {class} {}" id="piece-{square}">"#,
        side.name()
    ));
    out.line(format_args!(
        r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{INK}" stroke-width="2"/>"#,
        Num(cx),
        Num(cy),
        Num(RADIUS)
    ));
    match piece {
        Piece::Taflman if side == Side::Defenders => out.line(format_args!(
            r#"<circle cx="{}" cy="{}" r="7" fill="none" stroke="{ink}" stroke-width="1.5"/>"#,
            Num(cx),
            Num(cy)
        )),
        Piece::Taflman => {}
        Piece::King => out.line(format_args!(
            r#"<path d="M{} {}v18M{} {}h18" stroke="{ink}" stroke-width="3"/>"#,
            Num(cx),
            Num(cy - 9.0),
            Num(cx - 9.0),
            Num(cy)
        )),
        _ => out.line(format_args!(
            r#"<text x="{}" y="{}" font-size="15" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
            Num(cx),
            Num(cy + 5.0),
            piece.letter().to_ascii_uppercase()
        )),
    }
    out.close("</g>");
}

/// A small cross on each square whose piece the last move captured.
fn captures(out: &mut Svg, geometry: &Geometry, board: &Board<'_>) {
    let squares = board.captures();
    if squares.is_empty() {
        return;
    }
    out.open(format_args!(
        r#"<g class="captures" stroke="{CAPTURE}" stroke-width="3" stroke-linecap="round">"#
    ));
    for square in squares {
        let (cx, cy) = geometry.centre(square);
        out.line(format_args!(
            r#"<path class="capture" id="capture-{square}" d="M{} {}l12 12M{} {}l-12 12"/>"#,
            Num(cx - 6.0),
            Num(cy - 6.0),
            Num(cx + 6.0),
            Num(cy - 6.0)
        ));
    }
    out.close("</g>");
}
