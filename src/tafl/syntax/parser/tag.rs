//! Tags, `[name:value]`, and the entries of the rules tag's value.

use nom::Parser;
use nom::character::complete::{char, satisfy};

use super::lexical::{digit, lower};
use super::turn::{bracket_end, unterminated};
use super::{Input, PResult, error_at, offset, peek, skip, span, text_between};
use crate::core::{Edit, Found, Span};
use crate::tafl::syntax::ast::{RulesEntry, Tag};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// The entries section 3 of the OpenTafl notation specification lists for
/// a rules record, its explanatory notes included; `name`, which OpenTafl
/// writes in every rules record of its own; then the three this crate adds
/// for what the seed texts need (`rpt`, `nomv`, `kgrp`:
/// `docs/rules.md#tafl-about-these-rules`), and `norpt`, `norpts`, `plim`,
/// `cne` and `efw` for hnefatafl.org's rules.
const RULES_ENTRIES: &[&str] = &[
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "spd",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh", "corp", "cenp",
    "aforp", "dforp", "cors", "cens", "afors", "dfors", "corre", "cenre", "aforre", "dforre", "sw",
    "swf", "efe", "linc", "ber", "start", "starti", "rpt", "nomv", "kgrp", "norpt", "norpts",
    "efw", "plim", "cne",
];

/// Whether `bytes` start a tag's shape: `[`, a tag name and `:`. Read from
/// bytes, for cutting records into games by the bytes of their lines.
pub(crate) fn starts_tag(bytes: &[u8]) -> bool {
    let Some((b'[', rest)) = bytes.split_first() else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_'))
        .count();
    name > 0 && rest[0].is_ascii_lowercase() && rest.get(name) == Some(&b':')
}

/// ```ebnf
/// tag = "[" , tag name , ":" , tag value , "]" ;
/// ```
///
/// A name in upper case is read and reported. A failure when the name or
/// its `:` is missing. A tag with no `]` (or a line starting with `[` before
/// it) is reported, and read to the end of its line.
pub(super) fn tag<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, Tag> {
    let start = i;
    let (i, _) = char('[').parse(i)?;
    let (i, name) = tag_name(i, errors)?;
    let i = match char::<_, SyntaxError>(':').parse(i) {
        Ok((i, _)) => i,
        Err(_) => return Err(nom::Err::Failure(colon_error(&i))),
    };
    let (end, closed) = bracket_end(&i);
    let (body, value) = tag_value(i, end);
    let lines = 1 + crate::core::encoding::line_ends(value.as_bytes());
    if lines > 1 {
        // At the tag's `[` and name, never its value: a start-comment may
        // be a whole text.
        let at = Span::new(offset(&start), offset(&start) + 1 + name.len());
        errors.push(
            SyntaxError::new(Kind::MultilineTagValue, at, Found::Char('['))
                .with_detail(format!("its value runs over {lines} lines"))
                .with_help(
                    "the specification keeps a tag on one line; the value is read with its \
                     line ends",
                ),
        );
    }
    let i = if closed {
        skip(body, 1)
    } else {
        errors.push(unterminated(Kind::UnterminatedTag, &start, &body));
        body
    };
    let tag = Tag {
        name: name.to_owned(),
        value: value.to_owned(),
        value_span: Span::new(offset(&body) - value.len(), offset(&body)),
        span: span(&start, &i),
    };
    if tag.name == "rules" {
        errors.extend(unlisted_entries(&tag));
    }
    Ok((i, tag))
}

/// The error of a tag whose name is followed by something else than `:`;
/// a blank is plainly meant as `:`.
fn colon_error(i: &Input<'_>) -> SyntaxError {
    let error =
        error_at(Kind::ExpectedTagColon, i).with_help("OpenTafl writes a tag as `[name:value]`");
    match peek(i) {
        Some(' ' | '\t') => {
            let span = error.span;
            error.with_fix(Edit::new(span, ":"))
        }
        _ => error,
    }
}

/// ```ebnf
/// tag name = lower , { lower | digit | "-" | "_" } ;
/// ```
///
/// Letters in upper case are read and reported, with the name in lower
/// case as the fix; a failure when no letter starts it.
fn tag_name<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, &'a str> {
    let start = i;
    if lower(i).is_err() && !peek(&i).is_some_and(|c| c.is_ascii_uppercase()) {
        let error = error_at(Kind::ExpectedTagName, &i)
            .with_help("a tag is written `[name:value]`, such as `[date:2015.01.07]`");
        return Err(nom::Err::Failure(error));
    }
    let mut i = i;
    while let Ok((rest, _)) =
        satisfy::<_, _, SyntaxError>(|c| c.is_ascii_alphabetic() || c == '-' || c == '_')
            .parse(i)
            .or_else(|_| digit(i))
    {
        i = rest;
    }
    let name = text_between(&start, &i);
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        let lower = name.to_ascii_lowercase();
        let at = span(&start, &i);
        errors.push(
            SyntaxError::new(Kind::ExpectedTagName, at, Found::at(name))
                .with_detail(format!("expected a tag name in lower case, found `{name}`"))
                .with_help(format!("write `{lower}`"))
                .with_fix(Edit::new(at, lower)),
        );
    }
    Ok((i, name))
}

/// ```ebnf
/// tag value = { ? any character but "]" ? } ;
/// ```
///
/// Reads up to `end`, the offset of the tag's `]` (or end), over several
/// lines if need be.
fn tag_value(i: Input<'_>, end: usize) -> (Input<'_>, &str) {
    let value = &i.fragment()[..end - i.location_offset()];
    (skip(i, value.len()), value)
}

/// Warnings of the entries of a rules tag that section 3 does not list.
fn unlisted_entries(tag: &Tag) -> impl Iterator<Item = SyntaxError> + '_ {
    tag.entries()
        .into_iter()
        .filter(|entry| entry.value.is_some() && !RULES_ENTRIES.contains(&entry.key))
        .map(|entry| {
            let key = entry.key;
            let shown = if key.is_empty() { "an empty key" } else { key };
            SyntaxError::new(Kind::UnlistedRulesEntry, entry.key_span, Found::at(key))
                .with_detail(format!(
                    "`{shown}` is not an entry of the notation's rules records"
                ))
                .with_help(format!(
                    "the entry is read and kept; the notation gives `{key}` no meaning"
                ))
        })
}

/// The entries of a rules tag's value `value`, whose text starts at byte
/// `base` of its file: its words separated by blanks.
pub(crate) fn rules_entries(value: &str, base: usize) -> Vec<RulesEntry<'_>> {
    let mut entries = Vec::new();
    let mut rest = value;
    loop {
        let blanks = rest.len() - rest.trim_start().len();
        rest = &rest[blanks..];
        if rest.is_empty() {
            return entries;
        }
        let start = base + (value.len() - rest.len());
        let (entry, len) = rules_entry(rest, start);
        entries.push(entry);
        rest = &rest[len..];
    }
}

/// ```ebnf
/// rules entry = { ? any character but a blank and ":" ? } , [ ":" , { ? any character but a blank ? } ] ;
/// ```
///
/// Reads the entry at the start of `text`, which starts at byte `start` of
/// its file; returns it and its length.
fn rules_entry(text: &str, start: usize) -> (RulesEntry<'_>, usize) {
    let len = text.find(char::is_whitespace).unwrap_or(text.len());
    let word = &text[..len];
    let (key, value) = match word.split_once(':') {
        Some((key, value)) => (key, Some(value)),
        None => (word, None),
    };
    let entry = RulesEntry {
        key,
        value,
        key_span: Span::new(start, start + key.len()),
        span: Span::new(start, start + len),
    };
    (entry, len)
}
