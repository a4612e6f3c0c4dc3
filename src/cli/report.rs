//! Rendering diagnostics for people: miette's graphical handler, in colour
//! only on a terminal, a blank line after each diagnostic.

use std::fmt;
use std::io::{IsTerminal, Write as _};

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource};

use super::ColorChoice;

/// Renders diagnostics and errors to standard error.
pub struct Reporter {
    handler: GraphicalReportHandler,
    /// Diagnostics are not shown (the command shows them its own way).
    silent: bool,
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
        let mut handler = GraphicalReportHandler::new_themed(theme);
        if !terminal {
            // A fixed width keeps piped output stable.
            handler = handler.with_width(100);
        }
        Reporter {
            handler,
            silent: false,
        }
    }

    /// A reporter that shows no diagnostic, only one-line errors.
    pub fn quiet() -> Self {
        Reporter {
            silent: true,
            ..Reporter::new(ColorChoice::Never)
        }
    }

    /// Renders one diagnostic about `text`, read from `path`.
    pub fn render(&self, diagnostic: &dyn Diagnostic, source: &Source) -> String {
        let with_source = WithSource {
            inner: diagnostic,
            source: &source.0,
        };
        let mut out = String::new();
        if self.handler.render_report(&mut out, &with_source).is_err() {
            out = format!("{diagnostic}\n");
        }
        out
    }

    /// Writes rendered diagnostics about one input to standard error.
    pub fn emit<'a>(
        &self,
        path: &str,
        text: &str,
        diagnostics: impl IntoIterator<Item = &'a dyn Diagnostic>,
    ) {
        if !self.silent {
            self.emit_source(&Source::new(path, text), diagnostics);
        }
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
            .map(|diagnostic| self.render(diagnostic, source) + "\n")
            .collect()
    }

    /// Writes a one-line note to standard error.
    pub fn note(&self, message: &str) {
        let _ = writeln!(std::io::stderr().lock(), "{message}");
    }

    /// Writes a one-line error to standard error.
    pub fn error(&self, message: &str) {
        let _ = writeln!(std::io::stderr().lock(), "error: {message}");
    }
}

/// The text a diagnostic points into, with its file name.
pub struct Source(NamedSource<Excerpt>);

impl Source {
    /// The text read from `path` (`-` is shown as `<stdin>`).
    pub fn new(path: &str, text: &str) -> Self {
        Source::excerpt(path, text, 0, 0)
    }

    /// A part of the file read from `path`: `text` starts at byte `offset`,
    /// after `line` lines. Spans and line numbers stay the whole file's.
    pub fn excerpt(path: &str, text: &str, offset: usize, line: usize) -> Self {
        let name = if path == "-" { "<stdin>" } else { path };
        Source(NamedSource::new(
            name,
            Excerpt {
                starts: line_starts(text),
                text: text.to_owned(),
                offset,
                line,
            },
        ))
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

/// Text that starts at `offset` of its file, after `line` lines.
struct Excerpt {
    text: String,
    /// Where each line starts in `text`, so that a span is shown without
    /// reading the text from its start (which, span after span, would take
    /// time that grows with the square of the text).
    starts: Vec<usize>,
    offset: usize,
    line: usize,
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let start = span
            .offset()
            .checked_sub(self.offset)
            .ok_or(miette::MietteError::OutOfBounds)?;
        // miette reads from the start of what it is given: it is given the
        // text from the first line it shows (the lines before the span's
        // line that it shows as context), which it reads as it would the
        // whole text, the lines skipped added back.
        let line = self
            .starts
            .partition_point(|&s| s <= start)
            .saturating_sub(1);
        let skipped = line.saturating_sub(before);
        let from = self.starts[skipped];
        let local = miette::SourceSpan::new((start - from).into(), span.len());
        let contents = self.text[from..].read_span(&local, before, after)?;
        Ok(Box::new(miette::MietteSpanContents::new(
            contents.data(),
            miette::SourceSpan::new(
                (contents.span().offset() + from + self.offset).into(),
                contents.span().len(),
            ),
            contents.line() + skipped + self.line,
            contents.column(),
            contents.line_count() + skipped,
        )))
    }
}

/// A diagnostic with the source it points into.
struct WithSource<'a> {
    inner: &'a dyn Diagnostic,
    source: &'a NamedSource<Excerpt>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
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
        self.inner.help()
    }

    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.inner.labels()
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        self.inner.related()
    }
}
