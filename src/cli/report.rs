//! Rendering diagnostics for people: miette's graphical handler, in colour
//! only on a terminal, a blank line after each diagnostic.
//!
//! Nothing of a record reaches the terminal as it is: the text of messages,
//! labels and help, the file name and the lines shown are written with
//! [`escape`], and a diagnostic's spans are moved to where what they point
//! at is shown. What a diagnostic shows of its source is a [`Quote`]: the
//! lines around its labels, a long one cut around them; and at most
//! [`MAX_SHOWN`] diagnostics are shown of one file.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::io::{IsTerminal, Write as _};
use std::sync::{Mutex, PoisonError};

use hirp::core::family::BadPosition;
use hirp::core::limits::MAX_SHOWN;
use hirp::core::{escape, must_escape};
use hirp::diagnostic::Problem;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan};

use super::color::ColorChoice;
use super::quote::{Quote, QuoteSource, Quoting};

/// Renders diagnostics and errors to standard error.
pub struct Reporter {
    /// The width diagnostics are rendered in.
    width: usize,
    handler: GraphicalReportHandler,
    /// Diagnostics are not shown (the command shows them its own way).
    silent: bool,
    /// The diagnostics rendered of each file, by its name as shown: after
    /// [`MAX_SHOWN`], a note says the rest are not shown, and they are not.
    shown: Mutex<HashMap<String, usize>>,
    /// The problems of a pedantic code are reported (`--pedantic`).
    pedantic: bool,
}

/// `--pedantic`, shared by the commands that report problems.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct PedanticArg {
    /// Also report the notes on the letter of OpenTafl's notation that
    /// OpenTafl's own files do not follow: the rules tag not last, a tag
    /// over several lines, a game's last move without `++` or `--`; and
    /// hnefatafl.org's letters `A` and `D` in a start.
    #[arg(long)]
    pub pedantic: bool,
}

impl Reporter {
    /// A reporter that colours as `choice` and the environment say.
    pub fn new(choice: ColorChoice) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color,
        };
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        // On a terminal its width; through a pipe `COLUMNS`, or a fixed
        // width that keeps the output stable.
        let columns = || std::env::var("COLUMNS").ok()?.trim().parse::<usize>().ok();
        let width = match terminal {
            true => crossterm::terminal::size()
                .map(|(columns, _)| usize::from(columns))
                .ok(),
            false => columns(),
        }
        .unwrap_or(100)
        .max(40);
        let handler = GraphicalReportHandler::new_themed(theme).with_width(width);
        Reporter {
            width,
            handler,
            silent: false,
            pedantic: false,
            shown: Mutex::default(),
        }
    }

    /// This reporter, reporting the problems of pedantic codes when
    /// `pedantic` says so.
    pub fn with(&self, pedantic: PedanticArg) -> Self {
        Reporter {
            width: self.width,
            handler: self.handler.clone(),
            silent: self.silent,
            pedantic: pedantic.pedantic,
            shown: Mutex::default(),
        }
    }

    /// Whether `problem` is reported: all are, but those of a pedantic code
    /// ([`Code::is_pedantic`](hirp::diagnostic::Code::is_pedantic)) only
    /// with `--pedantic`. What is not reported is not counted either.
    pub fn shows(&self, problem: &Problem) -> bool {
        self.pedantic || !problem.code.is_pedantic()
    }

    /// A game's problems as asked for: those this reporter shows, warnings
    /// made errors when `strict` (`--strict`).
    pub fn as_asked(&self, problems: &mut Vec<Problem>, strict: bool) {
        problems.retain(|p| self.shows(p));
        if strict {
            for problem in problems {
                if problem.severity == hirp::Severity::Warning {
                    problem.severity = hirp::Severity::Error;
                }
            }
        }
    }

    /// A reporter that shows no diagnostic, only one-line errors.
    pub fn quiet() -> Self {
        Reporter {
            silent: true,
            ..Reporter::new(ColorChoice::Never)
        }
    }

    /// Renders one diagnostic about a source. Past [`MAX_SHOWN`] of its
    /// file, the first gives a line saying the rest are not shown, and
    /// each is the empty string.
    pub fn render(&self, diagnostic: &dyn Diagnostic, source: &Source) -> String {
        let shown = {
            let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
            let count = shown.entry(source.name.clone()).or_default();
            *count += 1;
            *count
        };
        match shown.cmp(&(MAX_SHOWN + 1)) {
            Ordering::Less => render_with(&self.handler, self.width, diagnostic, source),
            Ordering::Equal => format!(
                "note: {}: the first {MAX_SHOWN} diagnostics are shown, and no more\n",
                source.name
            ),
            Ordering::Greater => String::new(),
        }
    }

    /// Renders one diagnostic, as [`Reporter::render`] does, in lines of at
    /// most `width` columns.
    pub fn render_width(
        &self,
        diagnostic: &dyn Diagnostic,
        source: &Source,
        width: usize,
    ) -> String {
        render_with(
            &self.handler.clone().with_width(width),
            width,
            diagnostic,
            source,
        )
    }

    /// Writes rendered diagnostics about a source to standard error.
    pub fn emit_source<'a>(
        &self,
        source: &Source,
        diagnostics: impl IntoIterator<Item = &'a dyn Diagnostic>,
    ) {
        if self.silent {
            return;
        }
        let rendered = self.render_all(source, diagnostics);
        let _ = write!(std::io::stderr().lock(), "{rendered}");
    }

    /// Renders diagnostics about one source, one after another, each
    /// followed by a blank line.
    pub fn render_all<'a>(
        &self,
        source: &Source,
        diagnostics: impl IntoIterator<Item = &'a dyn Diagnostic>,
    ) -> String {
        diagnostics
            .into_iter()
            .map(|diagnostic| self.render(diagnostic, source))
            .filter(|rendered| !rendered.is_empty())
            .map(|rendered| rendered + "\n")
            .collect()
    }

    /// Writes a one-line note to standard error, escaped.
    pub fn note(&self, message: &str) {
        let _ = writeln!(std::io::stderr().lock(), "{}", escape(message));
    }

    /// Writes a one-line error to standard error, escaped.
    pub fn error(&self, message: &str) {
        let _ = writeln!(std::io::stderr().lock(), "error: {}", escape(message));
    }

    /// Reports a position given as text by `option` (`--from`) that does
    /// not read: why, then the text, escaped, with the characters at fault
    /// marked under it.
    pub fn bad_position(&self, option: &str, text: &str, bad: &BadPosition) {
        let (start, end) = (bad.span.start.min(text.len()), bad.span.end.min(text.len()));
        let column = |at: usize| text.get(..at).map_or(0, |t| escape(t).chars().count());
        let width = column(end.max(start)).saturating_sub(column(start)).max(1);
        let marks = format!("{}{}", " ".repeat(column(start)), "^".repeat(width));
        let _ = writeln!(
            std::io::stderr().lock(),
            "error: {option}: {}\n  {}\n  {marks}",
            escape(&bad.message),
            escape(text)
        );
    }
}

/// Renders one diagnostic with `handler`, in lines of `width` columns, or
/// as one line if that fails.
fn render_with(
    handler: &GraphicalReportHandler,
    width: usize,
    diagnostic: &dyn Diagnostic,
    source: &Source,
) -> String {
    let excerpt = &source.excerpt;
    // The labels, escaped, over what they point at as it is shown.
    let labels: Vec<LabeledSpan> = diagnostic
        .labels()
        .into_iter()
        .flatten()
        .filter_map(|label| {
            let text = label.label().map(|text| escape(text).into_owned());
            let span = excerpt.shown_span(label.inner())?;
            Some(if label.primary() {
                LabeledSpan::new_primary_with_span(text, span)
            } else {
                LabeledSpan::new_with_span(text, span)
            })
        })
        .collect();
    let spans: Vec<_> = labels
        .iter()
        .map(|l| l.offset()..l.offset() + l.len())
        .collect();
    let quote = Quote::new(&source.name, excerpt, &spans);
    let labels = labels
        .into_iter()
        .filter_map(|label| {
            let at = quote.place(&(label.offset()..label.offset() + label.len()))?;
            let span = miette::SourceSpan::new(at.start.into(), at.end - at.start);
            let text = label.label().map(str::to_owned);
            Some(if label.primary() {
                LabeledSpan::new_primary_with_span(text, span)
            } else {
                LabeledSpan::new_with_span(text, span)
            })
        })
        .collect();
    let mut with_source = WithSource {
        inner: diagnostic,
        source: quote.source(excerpt),
        labels,
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &with_source).is_err() {
        return format!("{}\n", escape(&diagnostic.to_string()));
    }
    // A label runs past the width: its text is broken between words under
    // where it starts, and the diagnostic rendered again.
    if fit_labels(&out, &mut with_source.labels, width) {
        let mut again = String::new();
        if handler.render_report(&mut again, &with_source).is_ok() {
            out = again;
        }
    }
    out
}

/// Breaks the text of each label that `rendered` shows past `width`
/// columns into lines that fit from where it starts, when twenty columns
/// at least are left there; whether one was.
fn fit_labels(rendered: &str, labels: &mut [LabeledSpan], width: usize) -> bool {
    let lines: Vec<String> = rendered.lines().map(plain).collect();
    let mut changed = false;
    for label in labels.iter_mut() {
        let Some(text) = label.label().filter(|t| !t.contains('\n')) else {
            continue;
        };
        let over = lines
            .iter()
            .find(|line| line.ends_with(text) && line.chars().count() > width);
        let Some(line) = over else { continue };
        let starts = line.chars().count() - text.chars().count();
        // A label that starts past the width is left whole: its line,
        // the source's, runs past it already.
        let Some(room) = width.checked_sub(starts).filter(|&room| room >= 20) else {
            continue;
        };
        let broken = hirp::core::show::wrap(text, room, "", "").join("\n");
        let span = *label.inner();
        *label = match label.primary() {
            true => LabeledSpan::new_primary_with_span(Some(broken), span),
            false => LabeledSpan::new_with_span(Some(broken), span),
        };
        changed = true;
    }
    changed
}

/// A rendered line with its colours taken out.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        // An escape: `ESC [`, then parameters, ending at a letter.
        for c in chars.by_ref() {
            if c.is_ascii_alphabetic() {
                break;
            }
        }
    }
    out
}

/// The text a diagnostic points into, with its file name.
pub struct Source {
    /// The file's name, as shown.
    name: String,
    excerpt: Excerpt,
}

impl Source {
    /// A part of the file read from `path`: `text` starts at byte `offset`,
    /// after `line` lines. Spans and line numbers stay the whole file's.
    pub fn excerpt(path: &str, text: &str, offset: usize, line: usize) -> Self {
        let shown = Shown::new(text);
        Source {
            name: escape(path).into_owned(),
            excerpt: Excerpt {
                starts: line_starts(&shown.text),
                shown,
                offset,
                line,
            },
        }
    }
}

/// Text as a snippet shows it: each character that must be escaped written
/// as its escape, and each lone `\r` line end as `\n` (miette ends lines at
/// `\n` only, and would print the `\r`), with what moves offsets.
struct Shown {
    text: String,
    /// After each character escaped: where it ends in the text, and in
    /// what is shown.
    shifts: Vec<(usize, usize)>,
    /// Where each escape starts in what is shown, in the order of `shifts`.
    escapes: Vec<usize>,
}

impl Shown {
    fn new(text: &str) -> Shown {
        let plain = |c: char| !must_escape(c) || c == '\n';
        if text.chars().all(plain) {
            return Shown {
                text: text.to_owned(),
                shifts: Vec::new(),
                escapes: Vec::new(),
            };
        }
        let mut shown = String::with_capacity(text.len() + 64);
        let (mut shifts, mut escapes) = (Vec::new(), Vec::new());
        let mut chars = text.char_indices().peekable();
        while let Some((n, c)) = chars.next() {
            match c {
                '\r' if chars.peek().is_some_and(|&(_, next)| next == '\n') => shown.push(c),
                '\r' => shown.push('\n'),
                c if plain(c) => shown.push(c),
                c => {
                    escapes.push(shown.len());
                    shown.push_str(&escape(c.encode_utf8(&mut [0; 4])));
                    shifts.push((n + c.len_utf8(), shown.len()));
                }
            }
        }
        Shown {
            text: shown,
            shifts,
            escapes,
        }
    }

    /// Where offset `at` of the text is shown.
    fn shown_at(&self, at: usize) -> usize {
        match self.shifts.partition_point(|&(end, _)| end <= at) {
            0 => at,
            n => {
                let (end, shown) = self.shifts[n - 1];
                shown + (at - end)
            }
        }
    }

    /// Whether what is shown may be cut at `at`: between characters, and
    /// not inside an escape.
    fn may_cut(&self, at: usize) -> bool {
        let n = self.shifts.partition_point(|&(_, shown)| shown <= at);
        self.text.is_char_boundary(at) && self.escapes.get(n).is_none_or(|&start| at <= start)
    }

    /// Where in the text is what is shown at `at`.
    fn text_at(&self, at: usize) -> usize {
        match self.shifts.partition_point(|&(_, shown)| shown <= at) {
            0 => at,
            n => {
                let (end, shown) = self.shifts[n - 1];
                end + (at - shown)
            }
        }
    }
}

/// Where each line after the first starts in `bytes`, as records and miette
/// count lines: after `\n`, `\r\n` or a lone `\r`.
pub fn line_ends(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().filter_map(|(n, &b)| {
        let ends = b == b'\n' || (b == b'\r' && bytes.get(n + 1) != Some(&b'\n'));
        ends.then_some(n + 1)
    })
}

/// Where each line of `text` starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(line_ends(text.as_bytes()))
        .collect()
}

/// Text that starts at `offset` of its file, after `line` lines, as it is
/// shown; spans given to it point into what is shown.
struct Excerpt {
    shown: Shown,
    /// Where each line starts in what is shown, so that the line of a span
    /// is found without reading the text from its start (which, span after
    /// span, would take time that grows with the square of the text).
    starts: Vec<usize>,
    offset: usize,
    line: usize,
}

impl Excerpt {
    /// Where a span of the file is shown, as an offset in what is shown;
    /// `None` if it lies before the excerpt.
    fn shown_span(&self, span: &miette::SourceSpan) -> Option<std::ops::Range<usize>> {
        let start = span.offset().checked_sub(self.offset)?;
        let end = start + span.len();
        Some(self.shown.shown_at(start)..self.shown.shown_at(end))
    }
}

impl Quoting for Excerpt {
    fn text(&self) -> &str {
        &self.shown.text
    }

    fn starts(&self) -> &[usize] {
        &self.starts
    }

    fn first_line(&self) -> usize {
        self.line
    }

    fn may_cut(&self, at: usize) -> bool {
        self.shown.may_cut(at)
    }

    /// The column is the text's, as a file's reader counts it.
    fn column(&self, line_start: usize, at: usize) -> usize {
        self.shown.text_at(at) - self.shown.text_at(line_start)
    }
}

/// A diagnostic with the quote of the source it points into, its labels
/// moved onto the quote.
struct WithSource<'a> {
    inner: &'a dyn Diagnostic,
    source: QuoteSource<'a, Excerpt>,
    labels: Vec<LabeledSpan>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape(&self.inner.to_string()))
    }
}

impl std::error::Error for WithSource<'_> {}

impl Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }

    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let help = self.inner.help()?.to_string();
        Some(Box::new(escape(&help).into_owned()))
    }

    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        self.inner.related()
    }
}
