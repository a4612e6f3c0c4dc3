//! What a diagnostic quotes of its source: the lines its labels lie on and
//! one line either side, each cut to a window around the labels of at most
//! [`QUOTE`] bytes either side of them (a label itself shown for at most
//! [`QUOTE`] bytes), a cut marked `…`. A long line is never quoted whole,
//! so that the text shown for a diagnostic is bounded whatever the line,
//! and many diagnostics on one long line take time and output in step with
//! their number, not with their number times the line.
//!
//! The quote is made for one diagnostic, of the text as it is shown (see
//! `report`); its labels are moved onto the quote, and the line and column
//! it names are the file's.

use std::ops::Range;

use hirp::core::limits::QUOTE;
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// What marks a cut.
const MARK: &str = "…";

/// The lines a label spans beyond which it is shown on its first line
/// only.
const MAX_LABEL_LINES: usize = 4;

/// The text a diagnostic quotes, with where each of its lines comes from.
pub struct Quote {
    /// The name of the file, as shown.
    name: String,
    /// The lines quoted, each cut, each ending in `\n`.
    text: String,
    /// Where each line of `text` comes from.
    lines: Vec<Quoted>,
    /// The file's line number of the first line quoted, from 0.
    first_line: usize,
}

/// A line of a [`Quote`].
#[derive(Clone, Debug)]
struct Quoted {
    /// Where it starts in the quote's text.
    at: usize,
    /// The bytes of the source it keeps.
    kept: Range<usize>,
    /// The length of the mark before what it keeps: 0 when it keeps the
    /// line's start.
    mark: usize,
    /// The line in the source, its line end left out.
    line: Range<usize>,
    /// Where the line ends in the source, its line end included.
    through: usize,
}

impl Quoted {
    /// Whether offset `at` of the source lies on the line (its end of
    /// line included).
    fn holds(&self, at: usize) -> bool {
        self.line.start <= at && (at <= self.line.end || at < self.through)
    }

    /// Whether the line is quoted whole, its line end with it.
    fn whole(&self) -> bool {
        self.kept == self.line
    }
}

/// The text a quote is made from: a text and where its lines start, with
/// how its offsets map to the file's columns.
pub trait Quoting {
    /// The text.
    fn text(&self) -> &str;
    /// Where each line of the text starts.
    fn starts(&self) -> &[usize];
    /// The file's line number of the text's first line, from 0.
    fn first_line(&self) -> usize;
    /// The file's column, from 0, of offset `at` of the text, on a line
    /// that starts at `line_start`.
    fn column(&self, line_start: usize, at: usize) -> usize;
    /// Whether the text may be cut at offset `at`: between characters, and
    /// not inside what shows one.
    fn may_cut(&self, at: usize) -> bool {
        self.text().is_char_boundary(at)
    }
}

impl Quote {
    /// The quote of `source`, named `name`, for labels over `spans`
    /// (offsets in its text); spans that lie outside it are left out.
    pub fn new(name: &str, source: &impl Quoting, spans: &[Range<usize>]) -> Quote {
        let text = source.text();
        let starts = source.starts();
        let line_of = |at: usize| starts.partition_point(|&s| s <= at).saturating_sub(1);
        let through = |n: usize| starts.get(n + 1).copied().unwrap_or(text.len());
        let line_range = |n: usize| starts[n]..content_end(text, starts[n], through(n));
        let spans: Vec<Range<usize>> = spans
            .iter()
            .filter(|s| s.start <= text.len() && s.end <= text.len())
            .map(|s| {
                // A label over many lines is shown on its first.
                let (first, last) = (line_of(s.start), line_of(s.end.max(s.start + 1) - 1));
                if last > first + MAX_LABEL_LINES {
                    s.start..line_range(first).end.max(s.start)
                } else {
                    s.clone()
                }
            })
            .collect();
        let mut quote = Quote {
            name: name.to_owned(),
            text: String::new(),
            lines: Vec::new(),
            first_line: 0,
        };
        let (Some(first), Some(last)) = (
            spans.iter().map(|s| line_of(s.start)).min(),
            spans
                .iter()
                .map(|s| line_of(s.end.max(s.start + 1) - 1))
                .max(),
        ) else {
            return quote;
        };
        let lines = first.saturating_sub(1)..(last + 2).min(starts.len());
        quote.first_line = source.first_line() + lines.start;
        // The window of a line holding a label (the last), for the lines
        // around it that hold none.
        let mut labelled: Option<(Range<usize>, usize)> = None;
        let windows: Vec<Option<Range<usize>>> = lines
            .clone()
            .map(|n| {
                let line = line_range(n);
                let window = focus(&spans, &line).map(|f| window(source, &line, f));
                if let Some(window) = &window {
                    labelled = Some((window.clone(), line.start));
                }
                window
            })
            .collect();
        for (n, window) in lines.zip(windows) {
            let line = line_range(n);
            let window = window.unwrap_or_else(|| match &labelled {
                Some((near, start)) => beside(source, &line, near, *start),
                // No label's part found on a line (one starting inside a
                // line end): the start of each, as long as a window.
                None => line.start..floor(source, (line.start + 2 * QUOTE).min(line.end)),
            });
            quote.push(text, line, through(n), window);
        }
        quote
    }

    /// Adds the part `kept` of the line `line` of `text`, whose line end
    /// runs to `through`.
    fn push(&mut self, text: &str, line: Range<usize>, through: usize, kept: Range<usize>) {
        let at = self.text.len();
        let mark = if kept.start > line.start {
            self.text.push_str(MARK);
            MARK.len()
        } else {
            0
        };
        self.text.push_str(&text[kept.clone()]);
        if kept.end < line.end {
            self.text.push_str(MARK);
            self.text.push('\n');
        } else {
            self.text.push_str(&text[line.end..through]);
        }
        self.lines.push(Quoted {
            at,
            kept,
            mark,
            line,
            through,
        });
    }

    /// Where in the quote a label over `span` of the source is shown: cut to
    /// what its line keeps, over the mark that ends a line cut after it.
    /// `None` if it lies on no line quoted.
    pub fn place(&self, span: &Range<usize>) -> Option<Range<usize>> {
        let first = self.lines.iter().position(|q| q.holds(span.start))?;
        let start = self.at(&self.lines[first], span.start);
        let last = self
            .lines
            .iter()
            .rposition(|q| q.holds(span.end.max(span.start + 1) - 1));
        let Some(last) = last.filter(|&last| last >= first) else {
            // Over more lines than are quoted: shown on its first.
            let quoted = &self.lines[first];
            return Some(
                start
                    ..self
                        .at(quoted, quoted.line.end.min(quoted.kept.end))
                        .max(start),
            );
        };
        let quoted = &self.lines[last];
        let end = if quoted.whole() || span.end <= quoted.kept.end {
            self.at(quoted, span.end)
        } else {
            // Cut after it: the label reaches over the mark.
            self.end_of(last) - 1
        };
        Some(start..end.max(start))
    }

    /// Where offset `at` of the source, on the line `quoted`, is shown.
    fn at(&self, quoted: &Quoted, at: usize) -> usize {
        let upper = if quoted.whole() {
            quoted.through
        } else {
            quoted.kept.end
        };
        let at = at.clamp(quoted.kept.start, upper);
        quoted.at + quoted.mark + (at - quoted.kept.start)
    }

    /// Where the quoted line `n` ends in the quote, its `\n` included.
    fn end_of(&self, n: usize) -> usize {
        self.lines
            .get(n + 1)
            .map_or(self.text.len(), |next| next.at)
    }

    /// The source's column of offset `at` of the quote.
    fn column(&self, source: &impl Quoting, at: usize) -> usize {
        let n = self.lines.partition_point(|q| q.at <= at).saturating_sub(1);
        let quoted = &self.lines[n];
        let offset =
            (quoted.kept.start + at.saturating_sub(quoted.at + quoted.mark)).min(quoted.kept.end);
        source.column(quoted.line.start, offset)
    }

    /// The quote as miette reads it, with the file's lines and columns.
    pub fn source<'q, S: Quoting>(&'q self, source: &'q S) -> QuoteSource<'q, S> {
        QuoteSource {
            quote: self,
            source,
        }
    }
}

/// A quote with the text it was made from, to read spans of.
pub struct QuoteSource<'q, S> {
    quote: &'q Quote,
    source: &'q S,
}

impl<S: Quoting + Sync> SourceCode for QuoteSource<'_, S> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let quote = self.quote;
        let contents = quote.text.as_str().read_span(span, before, after)?;
        // The column is the file's, as a file's reader counts it.
        let column = match contents.column() {
            0 => 0,
            _ => quote.column(self.source, contents.span().offset()),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            quote.name.clone(),
            contents.data(),
            *contents.span(),
            contents.line() + quote.first_line,
            column,
            contents.line_count() + quote.first_line,
        )))
    }
}

/// Where the content of a line from `start` to `end` (its line end
/// included) ends.
fn content_end(text: &str, start: usize, end: usize) -> usize {
    let line = &text.as_bytes()[start..end];
    let ending = match line {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n' | b'\r'] => 1,
        _ => 0,
    };
    end - ending
}

/// What the labels over `spans` cover of `line`, the first label's part
/// if several lie on it.
fn focus(spans: &[Range<usize>], line: &Range<usize>) -> Option<Range<usize>> {
    spans.iter().find_map(|s| {
        let (start, end) = (s.start.max(line.start), s.end.min(line.end));
        let on_line =
            s.start <= line.end && s.end >= line.start && (start < end || s.start == start);
        on_line.then_some(start..end.max(start))
    })
}

/// The part of `line` kept around `focus`: at most [`QUOTE`] bytes either
/// side of it, and of it at most [`QUOTE`] bytes (then nothing after it),
/// at characters' bounds.
fn window(source: &impl Quoting, line: &Range<usize>, focus: Range<usize>) -> Range<usize> {
    let start = floor(source, focus.start.saturating_sub(QUOTE).max(line.start));
    let end = if focus.end - focus.start > QUOTE {
        floor(source, focus.start + QUOTE).max(focus.start)
    } else {
        ceil(source, (focus.end + QUOTE).min(line.end))
    };
    start..end
}

/// The part of `line`, which holds no label, kept beside a line that
/// starts at `near_start` and keeps `near`: the same columns, moved to fit
/// in the line, the whole line when it is no longer.
fn beside(
    source: &impl Quoting,
    line: &Range<usize>,
    near: &Range<usize>,
    near_start: usize,
) -> Range<usize> {
    let width = (near.end - near.start).max(2 * QUOTE);
    if line.end - line.start <= width {
        return line.clone();
    }
    let from = (near.start - near_start).min(line.end - line.start - width);
    let start = floor(source, line.start + from);
    start..floor(source, start + width).max(start)
}

/// The nearest place at or before `at` where the text may be cut.
fn floor(source: &impl Quoting, at: usize) -> usize {
    (0..=at).rev().find(|&n| source.may_cut(n)).unwrap_or(0)
}

/// The nearest place at or after `at` where the text may be cut.
fn ceil(source: &impl Quoting, at: usize) -> usize {
    let len = source.text().len();
    (at..=len).find(|&n| source.may_cut(n)).unwrap_or(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain text, its columns its offsets from its line's start.
    struct Plain {
        text: String,
        starts: Vec<usize>,
    }

    impl Plain {
        fn new(text: &str) -> Plain {
            let starts = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(n, _)| n + 1))
                .filter(|&n| n < text.len() || n == 0)
                .collect();
            Plain {
                text: text.to_owned(),
                starts,
            }
        }
    }

    impl Quoting for Plain {
        fn text(&self) -> &str {
            &self.text
        }
        fn starts(&self) -> &[usize] {
            &self.starts
        }
        fn first_line(&self) -> usize {
            10
        }
        fn column(&self, line_start: usize, at: usize) -> usize {
            at - line_start
        }
    }

    /// The quote of `text` for one label over `span`, and where the label
    /// is shown.
    fn quoted(text: &str, span: Range<usize>) -> (Quote, Range<usize>) {
        let quote = Quote::new("f", &Plain::new(text), std::slice::from_ref(&span));
        let at = quote.place(&span).expect("the label is quoted");
        (quote, at)
    }

    #[test]
    fn short_lines_are_quoted_whole_with_one_line_either_side() {
        let text = "one\ntwo three\nfour\nfive\n";
        let (quote, at) = quoted(text, 8..13);
        assert_eq!(quote.text, "one\ntwo three\nfour\n");
        assert_eq!(&quote.text[at], "three");
        assert_eq!(quote.first_line, 10);
    }

    #[test]
    fn a_long_line_is_cut_around_the_label() {
        let text = format!("{}HERE{}\n", "a".repeat(1000), "b".repeat(1000));
        let (quote, at) = quoted(&text, 1000..1004);
        let expected = format!("…{}HERE{}…\n", "a".repeat(QUOTE), "b".repeat(QUOTE));
        assert_eq!(quote.text, expected);
        assert_eq!(&quote.text[at.clone()], "HERE");
        // The column is the file's.
        let source = Plain::new(&text);
        let span = SourceSpan::new(at.start.into(), 4);
        let read = quote.source(&source);
        let contents = read.read_span(&span, 0, 0).unwrap();
        assert_eq!((contents.line(), contents.column()), (10, 1000));
    }

    #[test]
    fn a_long_label_is_shown_for_its_start_and_reaches_over_the_mark() {
        let text = format!("x {}\n", "y".repeat(5000));
        let (quote, at) = quoted(&text, 2..5002);
        assert_eq!(quote.text, format!("x {}…\n", "y".repeat(QUOTE)));
        assert_eq!(&quote.text[at], format!("{}…", "y".repeat(QUOTE)));
    }

    #[test]
    fn cuts_fall_between_characters() {
        let text = format!("{}!{}\n", "é".repeat(300), "ü".repeat(300));
        let (quote, at) = quoted(&text, 600..601);
        assert_eq!(&quote.text[at], "!");
        let kept = quote.text.trim_end().trim_matches('…');
        assert_eq!(kept, format!("{}!{}", "é".repeat(100), "ü".repeat(100)));
    }

    #[test]
    fn long_lines_around_the_label_are_cut_at_its_columns() {
        let long = "c".repeat(3000);
        let text = format!("{long}\n{}X\n{long}\n", "d".repeat(2000));
        let (quote, at) = quoted(&text, 5001..5002);
        let lines: Vec<&str> = quote.text.lines().collect();
        assert_eq!(lines[1], format!("…{}X", "d".repeat(QUOTE)));
        assert_eq!(&quote.text[at], "X");
        // The same columns: from 1800, as wide as the label's line shows.
        let width = (QUOTE + 1).max(2 * QUOTE);
        assert_eq!(lines[0], format!("…{}…", "c".repeat(width)));
        assert_eq!(lines[2], lines[0]);
    }

    #[test]
    fn a_label_over_many_lines_is_shown_on_its_first() {
        let text = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let (quote, at) = quoted(text, 2..15);
        assert_eq!(quote.text, "a\nb\nc\n");
        assert_eq!(&quote.text[at], "b");
        // Over a few lines, it is shown whole.
        let (quote, at) = quoted(text, 2..7);
        assert_eq!(quote.text, "a\nb\nc\nd\ne\n");
        assert_eq!(&quote.text[at], "b\nc\nd");
    }

    #[test]
    fn a_label_inside_a_line_end_quotes_no_long_line_whole() {
        let text = format!("abc\r\n{}\r\n", "x".repeat(3000));
        let (quote, at) = quoted(&text, 4..4);
        assert_eq!(at, 4..4);
        let lines: Vec<&str> = quote.text.lines().collect();
        assert_eq!(lines[0], "abc");
        assert_eq!(lines[1], format!("{}…", "x".repeat(2 * QUOTE)));
    }

    #[test]
    fn a_label_at_the_end_of_the_text_is_quoted() {
        let text = "z".repeat(70_000);
        let (quote, at) = quoted(&text, 70_000..70_000);
        assert_eq!(quote.text, format!("…{}", "z".repeat(QUOTE)));
        assert_eq!(at, quote.text.len()..quote.text.len());
    }
}
