//! The moves of a game hnefatafl.org's server sends, its `moves` string:
//! a token a ply, `0e1-0e3x0e4` (squares as the server writes them on the
//! game's board), `---` or `resigns` for a resignation.

use super::{Fault, Value};
use crate::core::{Malformed, Span};
use crate::tafl::Square;
use crate::tafl::syntax::ast::{Capture, MoveType, Ply, WrittenMove};
use crate::tafl::syntax::error::SyntaxErrorKind as Kind;

/// The help of a move that does not read.
const MOVE_HELP: &str = "the server writes a move from square to square, `0d3-0c3` on 7 × 7, `d1-d3` on 11 × 11, `D1-D3` on 13 × 13, each capture after it (`x0c2`); a resignation `---`";

/// The plies of `read`, the text of the string `moves` (at `base` in the
/// file), a token a ply; a token that does not read is reported in
/// `faults` and kept as a ply not read, where the replay stops. Spans
/// point at the tokens when the string is `plain`, written as read from
/// that offset on, else at the whole string.
pub(super) fn plies(
    read: &str,
    moves: &Value,
    plain: Option<usize>,
    base: usize,
    dim: u8,
    faults: &mut Vec<Fault>,
) -> Vec<Ply> {
    let mut plies = Vec::new();
    let mut at = 0;
    for token in read.split_ascii_whitespace() {
        let from = at + read[at..].find(token).unwrap_or(0);
        at = from + token.len();
        // Bytes of the token, as bytes of the text the value stands in.
        let place = |start: usize, end: usize| match plain {
            Some(inner) => (inner + from + start, inner + from + end),
            None => (moves.start, moves.end),
        };
        let (start, end) = place(0, token.len());
        let span = Span::new(base + start, base + end);
        let ply = match token {
            "---" | "resigns" => Ply::Resignation(span),
            _ => match server_move(token, dim) {
                Ok(parts) => {
                    let square_span = |(s, e): (usize, usize)| {
                        let (s, e) = place(s, e);
                        Span::new(base + s, base + e)
                    };
                    Ply::Move(WrittenMove {
                        piece: None,
                        from: parts.from.0,
                        kind: MoveType::Regular,
                        to: parts.to.0,
                        captures: parts
                            .captures
                            .iter()
                            .map(|&(square, at)| Capture {
                                piece: None,
                                square,
                                span: square_span(at),
                            })
                            .collect(),
                        info: None,
                        from_span: square_span(parts.from.1),
                        to_span: square_span(parts.to.1),
                        span,
                    })
                }
                Err(wrong) => {
                    let (start, end) = place(wrong.start, wrong.end);
                    faults.push(Fault {
                        kind: Kind::ServerMove,
                        start,
                        end,
                        detail: wrong.detail,
                        help: MOVE_HELP,
                    });
                    Ply::Malformed(Malformed {
                        text: token.to_owned(),
                        span,
                    })
                }
            },
        };
        plies.push(ply);
    }
    plies
}

/// A square read, and where it stands in its token.
type Placed = (Square, (usize, usize));

/// A move's squares, each with where it stands in its token.
struct ServerMove {
    from: Placed,
    to: Placed,
    captures: Vec<Placed>,
}

/// What is wrong with a token, from byte `start` to `end` of it.
struct Wrong {
    start: usize,
    end: usize,
    detail: String,
}

/// ```ebnf
/// server move = server square , "-" , server square , { "x" , server square } ;
/// ```
fn server_move(token: &str, dim: u8) -> Result<ServerMove, Wrong> {
    let from = server_square(token, 0, dim)?;
    let mut at = from.1.1;
    if token.as_bytes().get(at) != Some(&b'-') {
        return Err(wrong_at(token, at, "`-` between the squares"));
    }
    let to = server_square(token, at + 1, dim)?;
    at = to.1.1;
    let mut captures = Vec::new();
    while at < token.len() {
        if token.as_bytes()[at] != b'x' {
            return Err(wrong_at(
                token,
                at,
                "`x` and a captured square, or the end of the move",
            ));
        }
        let capture = server_square(token, at + 1, dim)?;
        at = capture.1.1;
        captures.push(capture);
    }
    Ok(ServerMove { from, to, captures })
}

/// The fault of a token at byte `at`, where `what` was expected.
fn wrong_at(token: &str, at: usize, what: &str) -> Wrong {
    let end = token[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let found = match token.get(at..end) {
        Some("") | None => "the end of the move".to_owned(),
        Some(c) => format!("`{c}`"),
    };
    Wrong {
        start: at,
        end,
        detail: format!("expected {what}, found {found}"),
    }
}

/// ```ebnf
/// server square = [ "0" ] , ? an ASCII letter ? , digit , { digit } ;
/// ```
///
/// Read at byte `at` of `token`, as the server writes a square of a board
/// of `dim`: `0` and a lower-case letter on 7 × 7, a lower-case letter on
/// 11 × 11, an upper-case one on 13 × 13.
fn server_square(token: &str, at: usize, dim: u8) -> Result<Placed, Wrong> {
    let bytes = token.as_bytes();
    let zero = bytes.get(at) == Some(&b'0');
    let letter_at = at + usize::from(zero);
    let Some(&letter) = bytes.get(letter_at).filter(|b| b.is_ascii_alphabetic()) else {
        return Err(wrong_at(token, letter_at, "a square's letter"));
    };
    let digits = bytes[letter_at + 1..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let end = letter_at + 1 + digits;
    if digits == 0 {
        return Err(wrong_at(token, end, "a square's rank"));
    }
    let written_on = match (zero, letter.is_ascii_uppercase()) {
        (true, false) => 7,
        (false, false) => 11,
        (false, true) => 13,
        (true, true) => 0,
    };
    let file = letter.to_ascii_lowercase() - b'a';
    let rank: u32 = token[letter_at + 1..end].parse().unwrap_or(u32::MAX);
    let on_board = u32::from(file) < u32::from(dim) && (1..=u32::from(dim)).contains(&rank);
    let right = Square::new(
        file,
        u8::try_from(rank.saturating_sub(1)).unwrap_or(u8::MAX),
    )
    .filter(|_| on_board);
    let wrong = |detail: String| Wrong {
        start: at,
        end,
        detail,
    };
    let shown = |file: u8, rank: u8| {
        Square::new(file, rank).map_or_else(String::new, |s| server_written(s, dim))
    };
    match right {
        Some(square) if written_on == dim => Ok((square, (at, end))),
        Some(square) => Err(wrong(format!(
            "expected a square as the server writes it on {dim} × {dim}, `{}`",
            server_written(square, dim)
        ))),
        None => Err(wrong(format!(
            "expected a square of the {dim} × {dim} board, from `{}` to `{}`",
            shown(0, 0),
            shown(dim - 1, dim - 1)
        ))),
    }
}

/// A square as the server writes it on a board of `dim`.
fn server_written(square: Square, dim: u8) -> String {
    match dim {
        7 => format!("0{square}"),
        13 => square.to_string().to_ascii_uppercase(),
        _ => square.to_string(),
    }
}
