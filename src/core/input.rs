//! The input of a family's nom parsers: the text still to read, and where
//! it lies in its file.
//!
//! A plain `&str` would lose the offset; `nom_locate` keeps it but counts
//! lines on every step, which reading never needs. This input is two words:
//! the rest of the text and a reference to what every rule of the family's
//! grammar shares, its context, which holds the whole text.

use std::str::{CharIndices, Chars};

use nom::{Compare, CompareResult, IResult, Needed};

use super::syntax_error::{ReaderKind, SyntaxError, SyntaxKind};
use super::{Found, Span};

/// What a family's parser shares beyond the text still to read: at the
/// least, the whole text being read.
pub(crate) trait Whole {
    /// The whole text being read.
    fn whole(&self) -> &str;
    /// The offset of the whole text in its file.
    fn base(&self) -> usize;
}

/// What a family's parser shares beyond the text still to read: the whole
/// text, its offset in its file, and what the family's rules keep beyond
/// them, its own part, to which the context derefs.
#[derive(Debug)]
pub(crate) struct Context<'a, X> {
    /// The whole text being read.
    text: &'a str,
    /// The offset of the text within its file.
    base: usize,
    /// What the family's rules keep.
    own: X,
}

impl<'a, X> Context<'a, X> {
    /// The context of `text`, which starts at byte `base` of its file, with
    /// the family's own part `own`.
    pub(crate) fn new(text: &'a str, base: usize, own: X) -> Self {
        Context { text, base, own }
    }
}

impl<X> Whole for Context<'_, X> {
    fn whole(&self) -> &str {
        self.text
    }

    fn base(&self) -> usize {
        self.base
    }
}

impl<X> std::ops::Deref for Context<'_, X> {
    type Target = X;

    fn deref(&self) -> &X {
        &self.own
    }
}

/// The text still to read, with the context of a family's parser.
#[derive(Debug)]
pub(crate) struct Input<'a, C> {
    rest: &'a str,
    context: &'a C,
}

// Copy whatever the context: the input only refers to it.
impl<C> Clone for Input<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Input<'_, C> {}

impl<'a, C: Whole> Input<'a, C> {
    /// The whole text of `context`.
    pub(crate) fn new(context: &'a C) -> Self {
        Input {
            rest: context.whole(),
            context,
        }
    }

    /// The text still to read.
    pub(crate) fn fragment(&self) -> &'a str {
        self.rest
    }

    /// The offset of the next character within the text read.
    pub(crate) fn location_offset(&self) -> usize {
        // `rest` is always a part of the whole text.
        self.rest.as_ptr() as usize - self.context.whole().as_ptr() as usize
    }

    /// What the rules share.
    pub(crate) fn context(&self) -> &'a C {
        self.context
    }

    /// The input at `offset` of the text read.
    pub(crate) fn at(&self, offset: usize) -> Self {
        let whole: &'a str = self.context.whole();
        self.with(&whole[offset..])
    }

    /// The 1-based column of the next character within its line, in
    /// characters.
    pub(crate) fn column(&self) -> usize {
        let before = &self.context.whole()[..self.location_offset()];
        let line_start = memchr::memrchr2(b'\n', b'\r', before.as_bytes()).map_or(0, |n| n + 1);
        before[line_start..].chars().count() + 1
    }

    fn with(&self, rest: &'a str) -> Self {
        Input {
            rest,
            context: self.context,
        }
    }
}

impl<'a, C: Whole> nom::Input for Input<'a, C> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.rest.len()
    }

    fn take(&self, index: usize) -> Self {
        self.with(&self.rest[..index])
    }

    fn take_from(&self, index: usize) -> Self {
        self.with(&self.rest[index..])
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.rest.split_at(index);
        (self.with(suffix), self.with(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.rest.find(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.rest.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.rest.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        nom::Input::slice_index(&self.rest, count)
    }
}

impl<'b, C> Compare<&'b str> for Input<'_, C> {
    fn compare(&self, t: &'b str) -> CompareResult {
        self.rest.compare(t)
    }

    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.rest.compare_no_case(t)
    }
}

/// Implements `FromStr` for each type given, with the doc given: the text
/// must be exactly one instance of the family's rule beside the type, as
/// the family's `read` reads it, else it fails with the family's `error`.
macro_rules! from_str_by_rule {
    ($read:ident, $error:ty; $( $(#[doc = $doc:literal])* $ty:ty => $rule:expr; )*) => {
        $(
            impl std::str::FromStr for $ty {
                type Err = $error;

                $(#[doc = $doc])*
                fn from_str(s: &str) -> Result<Self, Self::Err> {
                    $read(s, $rule)
                }
            }
        )*
    };
}
pub(crate) use from_str_by_rule;

// ---- What every family's rules ask of the input ----

/// The absolute offset of the input's first byte in its file.
pub(crate) fn offset<C: Whole>(i: &Input<'_, C>) -> usize {
    i.context().base() + i.location_offset()
}

/// The span from `from` up to (not including) `to`.
pub(crate) fn span<C: Whole>(from: &Input<'_, C>, to: &Input<'_, C>) -> Span {
    Span::new(offset(from), offset(to))
}

/// The next character, if any.
pub(crate) fn peek<C: Whole>(i: &Input<'_, C>) -> Option<char> {
    i.fragment().chars().next()
}

/// The character after the next one, if any.
pub(crate) fn peek2<C: Whole>(i: &Input<'_, C>) -> Option<char> {
    let mut chars = i.fragment().chars();
    chars.next();
    chars.next()
}

/// The input after its first `n` bytes.
pub(crate) fn skip<C: Whole>(i: Input<'_, C>, n: usize) -> Input<'_, C> {
    nom::Input::take_from(&i, n)
}

/// Whether `c` ends a line.
pub(crate) fn is_line_end(c: Option<char>) -> bool {
    matches!(c, None | Some('\n' | '\r'))
}

/// ```ebnf
/// line end = "\r\n" | "\n" | "\r" | ? the end of the input ? ;
/// ```
///
/// At anything else, the failure `error` makes of the input.
pub(crate) fn line_end<'a, C: Whole, E>(
    i: Input<'a, C>,
    error: impl FnOnce(&Input<'a, C>) -> E,
) -> IResult<Input<'a, C>, (), E> {
    match peek(&i) {
        None => Ok((i, ())),
        Some('\n') => Ok((skip(i, 1), ())),
        Some('\r') if peek2(&i) == Some('\n') => Ok((skip(i, 2), ())),
        Some('\r') => Ok((skip(i, 1), ())),
        Some(_) => Err(nom::Err::Error(error(&i))),
    }
}

/// ```ebnf
/// ws = { " " | "\t" } ;
/// ```
pub(crate) fn ws<C: Whole, E>(i: Input<'_, C>) -> IResult<Input<'_, C>, (), E> {
    let n = i
        .fragment()
        .find(|c| c != ' ' && c != '\t')
        .unwrap_or(i.fragment().len());
    Ok((skip(i, n), ()))
}

/// The input from the end of the current line on (the line end not
/// consumed).
pub(crate) fn to_line_end<C: Whole>(i: Input<'_, C>) -> Input<'_, C> {
    // Both are ASCII: the byte found starts a character.
    let bytes = i.fragment().as_bytes();
    let n = memchr::memchr2(b'\n', b'\r', bytes).unwrap_or(bytes.len());
    skip(i, n)
}

/// The text from `from` to `to`.
pub(crate) fn text_between<'a, C: Whole>(from: &Input<'a, C>, to: &Input<'a, C>) -> &'a str {
    let len = to.location_offset() - from.location_offset();
    &from.fragment()[..len]
}

/// The span of the next character of `i`, empty at a line end: where an
/// error at `i` points.
pub(crate) fn next_char_span<C: Whole>(i: &Input<'_, C>) -> Span {
    let start = offset(i);
    let len = match peek(i) {
        Some(c) if !is_line_end(Some(c)) => c.len_utf8(),
        _ => 0,
    };
    Span::new(start, start + len)
}

/// The input at the first character for which `stop` holds, or at its end.
pub(crate) fn skip_to<C: Whole>(i: Input<'_, C>, stop: impl Fn(char) -> bool) -> Input<'_, C> {
    let n = i.fragment().find(stop).unwrap_or(i.fragment().len());
    skip(i, n)
}

/// An error of `kind` at the next character of `i`.
pub(crate) fn error_at<C: Whole, K: SyntaxKind>(kind: K, i: &Input<'_, C>) -> SyntaxError<K> {
    SyntaxError::new(kind, next_char_span(i), Found::at(i.fragment()))
}

/// The error inside a rule's result at `i`, whatever its nom wrapping.
pub(crate) fn into_error<C: Whole, K: ReaderKind>(
    e: nom::Err<SyntaxError<K>>,
    i: &Input<'_, C>,
) -> SyntaxError<K> {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e,
        nom::Err::Incomplete(_) => error_at(K::UNEXPECTED_LINE, i),
    }
}

/// What a rule of nom's own fails with: a line the reader cannot read.
impl<'a, C: Whole, K: ReaderKind> nom::error::ParseError<Input<'a, C>> for SyntaxError<K> {
    fn from_error_kind(input: Input<'a, C>, _kind: nom::error::ErrorKind) -> Self {
        error_at(K::UNEXPECTED_LINE, &input)
    }

    fn append(_input: Input<'a, C>, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}
