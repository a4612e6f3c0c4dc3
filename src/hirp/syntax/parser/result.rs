//! The value of a `[Result]` tag.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1};
use nom::combinator::{map, map_opt, opt, value};
use nom::sequence::preceded;

use super::{Input, PResult};
use crate::hirp::syntax::ast::{GameResult, MatchResult, ResultTag};
use crate::hirp::types::{Side, VictoryKind};

/// ```ebnf
/// result = "*" | game result , [ ", " , match result ] | match result ;
/// ```
pub(super) fn result(i: Input<'_>) -> PResult<'_, ResultTag> {
    alt((
        value(
            ResultTag {
                game: None,
                r#match: None,
            },
            char('*'),
        ),
        map(
            (game_result, opt(preceded(tag(", "), match_result))),
            |(game, r#match)| ResultTag {
                game: Some(game),
                r#match,
            },
        ),
        map(match_result, |r#match| ResultTag {
            game: None,
            r#match: Some(r#match),
        }),
    ))
    .parse(i)
}

/// ```ebnf
/// game result = side name , " " , victory name , " " , points ;
/// ```
fn game_result(i: Input<'_>) -> PResult<'_, GameResult> {
    map(
        (side_name, char(' '), victory_name, char(' '), points),
        |(winner, _, victory, _, points)| GameResult {
            winner,
            victory,
            points,
        },
    )
    .parse(i)
}

/// ```ebnf
/// match result = "Match " , side name , " " , points , "-" , points ;
/// ```
fn match_result(i: Input<'_>) -> PResult<'_, MatchResult> {
    map(
        (
            tag("Match "),
            side_name,
            char(' '),
            points,
            char('-'),
            points,
        ),
        |(_, winner, _, points, _, other)| MatchResult {
            winner,
            points,
            other,
        },
    )
    .parse(i)
}

/// ```ebnf
/// side name = "Gull" | "Silfr" ;
/// ```
fn side_name(i: Input<'_>) -> PResult<'_, Side> {
    alt((
        value(Side::Gull, tag("Gull")),
        value(Side::Silfr, tag("Silfr")),
    ))
    .parse(i)
}

/// ```ebnf
/// victory name = "Yfirrad" | "ThungurHnifur" | "Drepid" | "RefusedDouble" | "RefusedTriple" ;
/// ```
fn victory_name(i: Input<'_>) -> PResult<'_, VictoryKind> {
    map_opt(
        nom::bytes::complete::take_while1(|c: char| c.is_ascii_alphabetic()),
        |name: Input<'_>| VictoryKind::from_tag_name(name.fragment()),
    )
    .parse(i)
}

/// ```ebnf
/// points = digit , { digit } ;
/// ```
fn points(i: Input<'_>) -> PResult<'_, u32> {
    map_opt(digit1, |digits: Input<'_>| {
        digits.fragment().parse::<u32>().ok()
    })
    .parse(i)
}
