//! The nom parser of a position line: one function per rule of
//! `grammar/hirp-position.ebnf`.
//!
//! Each rule function's doc comment quotes its rule. The grammar needs one
//! character to choose every alternative, so a rule fails with
//! `Err::Error` only when its first character is not its own (a repetition
//! then stops), and with `Err::Failure` once the text is its own: the
//! failure holds the rest of the text where reading stopped and what was
//! expected there. What the grammar leaves to words (how many pieces a side
//! has) is checked by the caller, [`super::read`], on what these rules
//! return.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, satisfy};
use nom::combinator::{opt, value};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};

use crate::hirp::types::{Side, VictoryKind};

/// Where reading stopped, and what was expected there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Expected<'a> {
    /// The text from where reading stopped.
    pub(super) rest: &'a str,
    /// What was expected there, as a phrase ("the side to move, `gull` or
    /// `silfr`"); empty from nom's own combinators, which the rules
    /// replace.
    pub(super) what: &'static str,
}

impl<'a> ParseError<&'a str> for Expected<'a> {
    fn from_error_kind(rest: &'a str, _: ErrorKind) -> Self {
        Expected { rest, what: "" }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<&'a str, T, Expected<'a>>;

/// A failure at `rest`, where `what` was expected.
fn fail<'a, T>(rest: &'a str, what: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Failure(Expected { rest, what }))
}

/// Runs `rule`; a rule that does not start at `i` fails there, expecting
/// `what`.
fn expect<'a, T>(
    i: &'a str,
    what: &'static str,
    rule: impl FnOnce(&'a str) -> PResult<'a, T>,
) -> PResult<'a, T> {
    match rule(i) {
        Err(nom::Err::Error(_)) => fail(i, what),
        Err(nom::Err::Failure(e)) if e.what.is_empty() => fail(e.rest, what),
        other => other,
    }
}

/// Runs `rule`, and what it read with what it returned.
fn read<'a, T>(
    i: &'a str,
    rule: impl FnOnce(&'a str) -> PResult<'a, T>,
) -> PResult<'a, (T, &'a str)> {
    let (rest, found) = rule(i)?;
    Ok((rest, (found, &i[..i.len() - rest.len()])))
}

/// What stands on a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// The Lofðungr.
    Lofdungr,
    /// So many loose Hirþs.
    Hirths(u8),
    /// A Karve with so many Hirþs aboard.
    Karve(u8),
}

/// A piece as written: whose, which, and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placed<'a> {
    pub(super) side: Side,
    pub(super) piece: Piece,
    pub(super) text: &'a str,
}

/// Something off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Off {
    /// A side's Hirþs removed from game.
    Removed(Side, u8),
    /// The Penningr: who holds it, and how many offers were accepted.
    Penningr(Side, u8),
}

/// A position line as written, before the rules look at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Written<'a> {
    /// The pieces of each space, in board order.
    pub(super) spaces: Vec<Vec<Placed<'a>>>,
    /// The pieces off the map, and their text.
    pub(super) off: Vec<(Off, &'a str)>,
    /// The side to move.
    pub(super) to_move: Side,
    /// The round, and its text.
    pub(super) round: (u64, &'a str),
    /// The winner and how, once the game is over.
    pub(super) result: Option<(Side, VictoryKind)>,
}

const SPACE_FIELD: &str = "the pieces on the space: `-` for none, or one side's pieces, \
                           Gull's `L`, `H`, `H3`, `K0` to `K4`, Silfr's `l`, `h`, `h3`, `k0` to `k4`";

/// ```ebnf
/// position = board , " " , side to move , " " , round , [ " " , result ] ;
/// ```
pub(super) fn position(i: &str) -> PResult<'_, Written<'_>> {
    let (i, (spaces, off)) = board(i)?;
    let (i, _) = expect(i, "a space, then the side to move", |i| char(' ').parse(i))?;
    let (i, to_move) = expect(i, "the side to move, `gull` or `silfr`", side_to_move)?;
    let (i, _) = expect(i, "a space, then the round of the turn to play", |i| {
        char(' ').parse(i)
    })?;
    let (i, round) = expect(i, "the round of the turn to play, a number from 1", |i| {
        read(i, round)
    })?;
    let (i, result) = opt(|i| {
        let (i, _) = char(' ').parse(i)?;
        expect(
            i,
            "the result, such as `gull-yfirrad`, or the end of the line",
            result,
        )
    })
    .parse(i)?;
    if !i.is_empty() {
        let what = if result.is_some() {
            "the end of the line"
        } else {
            "a space and the result, or the end of the line"
        };
        return fail(i, what);
    }
    Ok((
        i,
        Written {
            spaces,
            off,
            to_move,
            round,
            result,
        },
    ))
}

/// The spaces' fields and the off field.
type Board<'a> = (Vec<Vec<Placed<'a>>>, Vec<(Off, &'a str)>);

/// ```ebnf
/// board = space field , 10 * ( "/" , space field ) , "/" , off field ;
/// ```
fn board(i: &str) -> PResult<'_, Board<'_>> {
    let (mut i, first) = expect(i, SPACE_FIELD, space_field)?;
    let mut spaces = vec![first];
    while spaces.len() < 11 {
        (i, _) = expect(
            i,
            "`/` and the next space's pieces: the board has eleven spaces, 0 to 9 and m",
            |i| char('/').parse(i),
        )?;
        let field;
        (i, field) = expect(i, SPACE_FIELD, space_field)?;
        spaces.push(field);
    }
    let (i, _) = expect(
        i,
        "`/` and the pieces off the map: the board has eleven spaces, 0 to 9 and m",
        |i| char('/').parse(i),
    )?;
    let (i, off) = expect(
        i,
        "the pieces off the map: `-` for none, or `X` and `x` with the Hirths removed, \
         a Penningr letter `D`, `d`, `T` or `t`",
        off_field,
    )?;
    Ok((i, (spaces, off)))
}

/// ```ebnf
/// space field = "-" | gull piece , { gull piece } , { silfr piece } | silfr piece , { silfr piece } ;
/// ```
fn space_field(i: &str) -> PResult<'_, Vec<Placed<'_>>> {
    if let Ok((i, _)) = char::<_, Expected<'_>>('-').parse(i) {
        return Ok((i, Vec::new()));
    }
    let (side, piece): (Side, fn(&str) -> PResult<'_, Piece>) = match i.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Side::Gull, gull_piece),
        _ => (Side::Silfr, silfr_piece),
    };
    let (mut i, (first, text)) = read(i, piece)?;
    let mut pieces = vec![Placed {
        side,
        piece: first,
        text,
    }];
    loop {
        match read(i, piece) {
            Ok((rest, (found, text))) => {
                pieces.push(Placed {
                    side,
                    piece: found,
                    text,
                });
                i = rest;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    if side == Side::Gull {
        // Silfr's pieces may follow Gull's on a space.
        while let Ok((rest, (found, text))) = read(i, silfr_piece) {
            pieces.push(Placed {
                side: Side::Silfr,
                piece: found,
                text,
            });
            i = rest;
        }
    }
    if gull_piece(i).is_ok() {
        return fail(i, "Gull's pieces first on a space, then Silfr's");
    }
    Ok((i, pieces))
}

/// ```ebnf
/// gull piece = "L" | "H" , [ count ] | "K" , crew ;
/// ```
fn gull_piece(i: &str) -> PResult<'_, Piece> {
    piece_of(i, ['L', 'H', 'K'])
}

/// ```ebnf
/// silfr piece = "l" | "h" , [ count ] | "k" , crew ;
/// ```
fn silfr_piece(i: &str) -> PResult<'_, Piece> {
    piece_of(i, ['l', 'h', 'k'])
}

/// A piece written with `letters`: the Lofðungr's, the Hirþs', the
/// Karve's.
fn piece_of(i: &str, [l, h, k]: [char; 3]) -> PResult<'_, Piece> {
    let (rest, letter) = satisfy(|c| c == l || c == h || c == k).parse(i)?;
    if letter == l {
        Ok((rest, Piece::Lofdungr))
    } else if letter == h {
        let (rest, n) = opt(count).parse(rest)?;
        Ok((rest, Piece::Hirths(n.unwrap_or(1))))
    } else {
        let (rest, crew) = expect(rest, "the Hirths aboard the Karve, `0` to `4`", crew)?;
        Ok((rest, Piece::Karve(crew)))
    }
}

/// ```ebnf
/// off field = "-" | off item , { off item } ;
/// ```
fn off_field(i: &str) -> PResult<'_, Vec<(Off, &str)>> {
    if let Ok((i, _)) = char::<_, Expected<'_>>('-').parse(i) {
        return Ok((i, Vec::new()));
    }
    let (mut i, first) = read(i, off_item)?;
    let mut items = vec![first];
    loop {
        match read(i, off_item) {
            Ok((rest, item)) => {
                items.push(item);
                i = rest;
            }
            Err(nom::Err::Error(_)) => return Ok((i, items)),
            Err(e) => return Err(e),
        }
    }
}

/// ```ebnf
/// off item = ( "X" | "x" ) , count | "D" | "d" | "T" | "t" ;
/// ```
fn off_item(i: &str) -> PResult<'_, Off> {
    let (rest, letter) = satisfy(|c| "XxDdTt".contains(c)).parse(i)?;
    let side = if letter.is_ascii_uppercase() {
        Side::Gull
    } else {
        Side::Silfr
    };
    match letter {
        'X' | 'x' => {
            let (rest, n) = expect(rest, "the number of Hirths removed, from 1", count)?;
            Ok((rest, Off::Removed(side, n)))
        }
        'D' | 'd' => Ok((rest, Off::Penningr(side, 1))),
        _ => Ok((rest, Off::Penningr(side, 2))),
    }
}

/// ```ebnf
/// count = nonzero digit , [ digit ] ;
/// ```
fn count(i: &str) -> PResult<'_, u8> {
    let (i, tens) = nonzero_digit(i)?;
    match digit(i) {
        Ok((i, ones)) => Ok((i, tens * 10 + ones)),
        Err(_) => Ok((i, tens)),
    }
}

/// ```ebnf
/// crew = "0" | "1" | "2" | "3" | "4" ;
/// ```
fn crew(i: &str) -> PResult<'_, u8> {
    let (i, c) = satisfy(|c| ('0'..='4').contains(&c)).parse(i)?;
    Ok((i, c as u8 - b'0'))
}

/// ```ebnf
/// side to move = "gull" | "silfr" ;
/// ```
fn side_to_move(i: &str) -> PResult<'_, Side> {
    alt((
        value(Side::Gull, tag("gull")),
        value(Side::Silfr, tag("silfr")),
    ))
    .parse(i)
}

/// ```ebnf
/// round = nonzero digit , { digit } ;
/// ```
fn round(i: &str) -> PResult<'_, u64> {
    let (mut i, first) = nonzero_digit(i)?;
    let mut n = u64::from(first);
    while let Ok((rest, d)) = digit(i) {
        n = n.saturating_mul(10).saturating_add(u64::from(d));
        i = rest;
    }
    Ok((i, n))
}

/// ```ebnf
/// result = side to move , "-" , victory ;
/// ```
fn result(i: &str) -> PResult<'_, (Side, VictoryKind)> {
    let (i, winner) = side_to_move(i)?;
    let (i, _) = expect(i, "`-` and how the game was won", |i| char('-').parse(i))?;
    let (i, kind) = expect(
        i,
        "how the game was won: `yfirrad`, `thungur-hnifur`, `drepid`, `refused-double` \
         or `refused-triple`",
        victory,
    )?;
    Ok((i, (winner, kind)))
}

/// ```ebnf
/// victory = "yfirrad" | "thungur-hnifur" | "drepid" | "refused-double" | "refused-triple" ;
/// ```
fn victory(i: &str) -> PResult<'_, VictoryKind> {
    alt((
        value(VictoryKind::Yfirrad, tag("yfirrad")),
        value(VictoryKind::ThungurHnifur, tag("thungur-hnifur")),
        value(VictoryKind::Drepid, tag("drepid")),
        value(VictoryKind::RefusedDouble, tag("refused-double")),
        value(VictoryKind::RefusedTriple, tag("refused-triple")),
    ))
    .parse(i)
}

/// ```ebnf
/// nonzero digit = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;
/// ```
fn nonzero_digit(i: &str) -> PResult<'_, u8> {
    let (i, c) = satisfy(|c| ('1'..='9').contains(&c)).parse(i)?;
    Ok((i, c as u8 - b'0'))
}

/// ```ebnf
/// digit = "0" | nonzero digit ;
/// ```
fn digit(i: &str) -> PResult<'_, u8> {
    let (i, c) = satisfy(|c: char| c.is_ascii_digit()).parse(i)?;
    Ok((i, c as u8 - b'0'))
}
