//! Game files: lines, and the grouping of tags, turns, variations and
//! commentary into games.

use nom::Parser;
use nom::combinator::opt;

use super::lexical::{byte_order_mark, line_end, ws};
use super::tag::{starts_tag, tag};
use super::turn::{bracket_end, commentary, starts_variation, turn, variation};
use super::{
    Input, PResult, error_at, into_error, is_line_end, next_line, offset, peek, skip, span,
    stopped, to_line_end, too_many_turns,
};
use crate::core::limits::{MAX_ERRORS, MAX_TURNS};
use crate::core::{Edit, Found, Span};
use crate::tafl::syntax::ast::{Commentary, OtgGame, OtgRecord, Tag, Turn, Variation};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// Reads a whole game file, skipping the lines that hold a `damaged`
/// offset.
pub(super) fn read(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    otg_record(i, damaged)
}

/// ```ebnf
/// otg record = [ byte order mark ] , { otg line } ;
/// ```
fn otg_record(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    let (mut i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let mut builder = Builder::default();
    while !i.fragment().is_empty() {
        if stopped(&builder.errors) {
            // Inside a line: said there.
            break;
        }
        if builder.errors.len() >= MAX_ERRORS {
            builder
                .errors
                .push(too_many_errors(i, builder.errors.len()));
            break;
        }
        i.context().set_errors_before(builder.errors.len());
        let start = offset(&i);
        let end = offset(&to_line_end(i));
        if damaged.iter().any(|&d| start <= d && d < end) {
            // Already reported by the decoding.
            builder.passed(&i, true);
            i = next_line(i);
            continue;
        }
        let place = builder.place;
        let mut errors = Vec::new();
        match otg_line(i, place, &mut errors) {
            Ok((rest, line)) => {
                builder.errors.append(&mut errors);
                // An item over several lines leaves its last line after it.
                let one_line = offset(&next_line(i)) == offset(&rest);
                builder.add(line, Span::new(start, offset(&rest)));
                if let Some(turn) = builder.turn_beyond_limit() {
                    builder.errors.push(too_many_turns(&i, turn));
                    break;
                }
                builder.passed(&i, one_line);
                i = rest;
            }
            Err(e) => {
                builder.errors.push(into_error(e, &i));
                let rest = skip_item(i);
                builder.passed(&i, offset(&next_line(i)) == offset(&rest));
                i = rest;
            }
        }
    }
    builder.finish()
}

/// The error that stops reading after `count` errors, over the line at `i`.
fn too_many_errors(i: Input<'_>, count: usize) -> SyntaxError {
    let rest = to_line_end(i);
    let mut error = error_at(Kind::TooManyErrors, &i);
    error.span = span(&i, &rest);
    error.with_help(format!(
        "{count} syntax errors before this line; the rest is not read"
    ))
}

/// The input after a line that could not be read: after the `[ ]` it
/// starts, if it starts one, and then after the end of its line.
fn skip_item(i: Input<'_>) -> Input<'_> {
    let (at, ()) = ws(i).unwrap_or((i, ()));
    if peek(&at) == Some('[') {
        let inside = skip(at, 1);
        let (end, closed) = bracket_end(&inside);
        let after = inside.at(end);
        return next_line(if closed { skip(after, 1) } else { after });
    }
    next_line(i)
}

/// Whether the line at `i` starts with a digit, its blanks skipped.
fn starts_digit(i: &Input<'_>) -> bool {
    let (at, ()) = ws(*i).unwrap_or((*i, ()));
    peek(&at).is_some_and(|c| c.is_ascii_digit())
}

/// What the lines before say of the next one.
#[derive(Clone, Copy, Debug, Default)]
struct Place {
    /// A line of the game so far starts with a digit: a `[` starts a tag
    /// only when a tag name and `:` follow it.
    turn_seen: bool,
    /// The line before starts with a digit: a `[` starting this one is
    /// commentary.
    after_digit: bool,
}

/// What one line holds.
enum Item {
    /// `[date:2015.01.07]`.
    Tag(Tag),
    /// `1. d1-d3 h6-h9`.
    Turn(Turn),
    /// `7a.1.1a. a3-c3 b4-b3xc3`.
    Variation(Variation),
    /// `[Black opens.|White answers.]`.
    Commentary(Commentary),
}

/// ```ebnf
/// otg line = ws , [ otg item , ws ] , line end ;
/// ```
///
/// Errors that leave the line readable go into `errors`; the others fail
/// it.
fn otg_line<'a>(
    i: Input<'a>,
    place: Place,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, Option<Item>> {
    let (i, ()) = ws(i)?;
    if is_line_end(peek(&i)) {
        return Ok((line_end(i)?.0, None));
    }
    let (after, item) = otg_item(i, place, errors)?;
    let (mut rest, ()) = ws(after)?;
    if !is_line_end(peek(&rest)) {
        errors.push(text_after(&item, &after, &rest));
        rest = to_line_end(rest);
    }
    let (rest, ()) = line_end(rest)?;
    Ok((rest, Some(item)))
}

/// The error of text at `rest` after an item that ends at `after`, on the
/// item's line. A tag after a tag is moved to a line of its own.
fn text_after(item: &Item, after: &Input<'_>, rest: &Input<'_>) -> SyntaxError {
    let end = to_line_end(*rest);
    let kind = match item {
        Item::Tag(_) => Kind::TextAfterTag,
        _ => Kind::UnexpectedLine,
    };
    let mut error = error_at(kind, rest);
    error.span = span(rest, &end);
    match item {
        Item::Tag(_) if starts_tag(rest.fragment().as_bytes()) => error
            .with_help("put each tag on a line of its own")
            .with_fix(Edit::new(span(after, rest), "\n")),
        Item::Tag(_) => error.with_help("nothing follows a tag's `]` on its line"),
        _ => error
            .with_detail(format!(
                "expected the end of the line, found {}",
                Found::at(rest.fragment())
            ))
            .with_help("nothing follows a turn's commentary on its line"),
    }
}

/// ```ebnf
/// otg item = tag | turn | variation | commentary ;
/// ```
///
/// Which one a `[` starts depends on the lines before it, `place`.
fn otg_item<'a>(i: Input<'a>, place: Place, errors: &mut Vec<SyntaxError>) -> PResult<'a, Item> {
    match peek(&i) {
        Some('[') => {
            let is_tag =
                !place.turn_seen || !place.after_digit && starts_tag(i.fragment().as_bytes());
            if is_tag {
                tag(i, errors).map(|(rest, tag)| (rest, Item::Tag(tag)))
            } else {
                commentary(i, errors).map(|(rest, c)| (rest, Item::Commentary(c)))
            }
        }
        Some('0'..='9') if starts_variation(&i) => {
            variation(i, errors).map(|(rest, v)| (rest, Item::Variation(v)))
        }
        Some('0'..='9') => turn(i, errors).map(|(rest, turn)| (rest, Item::Turn(turn))),
        _ => {
            let end = to_line_end(i);
            let mut error = error_at(Kind::UnexpectedLine, &i);
            error.span = span(&i, &end);
            Err(nom::Err::Failure(error.with_help(
                "a game file has no other lines: write a note as commentary, `[...]`, on the \
                 line after a turn",
            )))
        }
    }
}

/// Gathers lines into games.
#[derive(Default)]
struct Builder {
    games: Vec<OtgGame>,
    game: Option<OtgGame>,
    /// The game has a rules tag.
    rules_seen: bool,
    /// A tag of the game follows its rules tag.
    rules_followed: bool,
    /// The last turn or variation read has its commentary slot open: no
    /// commentary yet.
    last: Last,
    place: Place,
    errors: Vec<SyntaxError>,
}

/// What commentary attaches to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Last {
    /// Nothing: no turn yet.
    #[default]
    Nothing,
    /// The last turn.
    Turn,
    /// The last variation of the last turn.
    Variation,
}

impl Builder {
    /// Notes that the line at `i` was read, or skipped, and that it is the
    /// line before the next one when `one_line` (and not the first of an
    /// item over several).
    fn passed(&mut self, i: &Input<'_>, one_line: bool) {
        let digit = starts_digit(i);
        self.place.turn_seen |= digit;
        self.place.after_digit = digit && one_line;
    }

    /// Adds a line read, which covers `span`.
    fn add(&mut self, line: Option<Item>, span: Span) {
        let Some(item) = line else {
            return;
        };
        match item {
            Item::Tag(tag) => self.add_tag(tag),
            Item::Turn(turn) => {
                self.last = Last::Turn;
                self.game_mut(turn.span).turns.push(turn);
            }
            Item::Variation(variation) => self.add_variation(variation),
            Item::Commentary(commentary) => self.add_commentary(commentary),
        }
        if let Some(game) = &mut self.game {
            game.span = game.span.join(span);
        }
    }

    /// The turn that takes the game being read beyond [`MAX_TURNS`], taken
    /// out of it, if one does: its span.
    fn turn_beyond_limit(&mut self) -> Option<Span> {
        let game = self.game.as_mut()?;
        if game.turns.len() <= MAX_TURNS {
            return None;
        }
        game.turns.pop().map(|turn| turn.span)
    }

    /// The game being read, begun at `span` if none is.
    fn game_mut(&mut self, span: Span) -> &mut OtgGame {
        self.game.get_or_insert_with(|| OtgGame {
            span,
            ..OtgGame::default()
        })
    }

    fn add_tag(&mut self, tag: Tag) {
        if self.place.turn_seen {
            self.end_game();
        }
        if self.rules_seen && !self.rules_followed {
            self.rules_followed = true;
            // The tag's `[` and name, never its value (a start-comment may
            // run over many lines).
            let name = Span::new(tag.span.start, tag.span.start + 1 + tag.name.len());
            self.errors.push(
                SyntaxError::new(Kind::RulesNotLast, name, Found::Char('['))
                    .with_detail("this tag, and any after it, follows the rules tag")
                    .with_help(
                        "the specification puts the rules tag last; OpenTafl reads any order",
                    ),
            );
        }
        self.rules_seen |= tag.name == "rules";
        self.game_mut(tag.span).tags.push(tag);
    }

    fn add_variation(&mut self, variation: Variation) {
        let Some(turn) = self.game.as_mut().and_then(|g| g.turns.last_mut()) else {
            let mut error = SyntaxError::new(
                Kind::VariationBeforeTurn,
                variation.address.span,
                Found::at(&variation.address.to_string()),
            );
            error = error.with_help("write the turn of the main line it branches from first");
            self.errors.push(error);
            self.last = Last::Nothing;
            return;
        };
        turn.variations.push(variation);
        self.last = Last::Variation;
    }

    fn add_commentary(&mut self, commentary: Commentary) {
        let turn = self.game.as_mut().and_then(|g| g.turns.last_mut());
        let slot = match (self.last, turn) {
            (Last::Turn, Some(turn)) => &mut turn.commentary,
            (Last::Variation, Some(turn)) => match turn.variations.last_mut() {
                Some(variation) => &mut variation.commentary,
                None => return,
            },
            _ => return,
        };
        if slot.is_some() {
            self.errors.push(
                SyntaxError::new(Kind::ExtraCommentary, commentary.span, Found::Char('['))
                    .with_help("join it to the commentary before with `|`"),
            );
        } else {
            *slot = Some(commentary);
        }
    }

    /// Ends the game being read: a game with no rules tag is reported.
    fn end_game(&mut self) {
        if let Some(game) = self.game.take() {
            if !self.rules_seen {
                self.errors.push(missing_rules(&game));
            }
            self.games.push(game);
        }
        self.rules_seen = false;
        self.rules_followed = false;
        self.last = Last::Nothing;
        self.place = Place::default();
    }

    fn finish(mut self) -> (OtgRecord, Vec<SyntaxError>) {
        self.end_game();
        self.errors.sort_by_key(|e| e.span.start);
        (OtgRecord { games: self.games }, self.errors)
    }
}

/// The error of a game with no rules tag: at its first turn, or at its
/// end when it has none.
fn missing_rules(game: &OtgGame) -> SyntaxError {
    let (span, found) = match game.turns.first() {
        Some(turn) => {
            let digits = turn.number.to_string().len();
            let at = Span::new(turn.span.start, turn.span.start + digits);
            (at, Found::at(&turn.number.to_string()))
        }
        None => (Span::new(game.span.end, game.span.end), Found::EndOfInput),
    };
    SyntaxError::new(Kind::MissingRules, span, found).with_help(
        "write the rules in a `[rules:dim:7 start:...]` tag, the last of the game's tags",
    )
}

#[cfg(test)]
mod tests {
    use crate::tafl::syntax::{Form, parse};

    #[test]
    fn commentary_after_a_turn_line_is_its_own_whatever_it_looks_like() {
        let text = "[rules:dim:7]\n\n1. d2-e2 d3-d2\n[note:a quiet start]\n2. e2-e3 d2-d1\n";
        let parsed = parse(text, Form::Otg);
        assert_eq!(parsed.errors, []);
        let game = &parsed.record.as_otg().unwrap().games[0];
        assert_eq!(game.turns.len(), 2);
        let commentary = game.turns[0].commentary.as_ref().unwrap();
        assert_eq!(commentary.texts, ["note:a quiet start"]);
    }
}
