//! A syntax error of any family's reader: its kind (a row of the family's
//! table), the text at fault, what was found there, and a help line and a
//! fix when they are plain. The tables say what each kind means; this says
//! how every error is built, labelled and shown.
//!
//! The readers of both families give errors of this type, each of its own
//! table:
//!
//! ```
//! use hirp::core::{Edit, Span};
//! use hirp::diagnostic::Problem;
//! use hirp::tafl::syntax::Form;
//!
//! let parsed = hirp::hirp::parse("G1 kehei /\n");
//! let error = &parsed.errors[0];
//! assert_eq!(error.to_string(), "a step starts with its piece");
//! assert_eq!(error.label(), "expected `H`, `K` or `L`, found `k`");
//! assert_eq!(error.help.as_deref(), Some("piece letters are capitals: `Kehei`"));
//! assert_eq!(error.fix, Some(Edit::new(Span::new(3, 8), "Kehei")));
//! assert!(!error.is_warning());
//! assert_eq!(Problem::syntax(error).code.to_string(), "hirp::syntax::expected_piece");
//!
//! let parsed = hirp::tafl::syntax::parse("d2-e2 e4,1,0,Ongoing\n", Form::Csv);
//! let problem = Problem::syntax(&parsed.errors[0]);
//! assert_eq!(problem.code.to_string(), "hirp::tafl::syntax::expected_move_type");
//! ```

use std::fmt;

use miette::{Diagnostic, LabeledSpan};

use super::diagnostic::{Code, Problem, one_label, shown_help};
use super::{Edit, Found, Severity, Span};

/// A kind of syntax error of a family's table, as [`SyntaxError`] needs it.
pub trait SyntaxKind: Copy + fmt::Debug + Into<Code> {
    /// The severity: an error, or a warning where the text is read as meant
    /// all the same.
    fn severity(self) -> Severity;
    /// The one-line message.
    fn message(self) -> &'static str;
    /// What the reader expected where the error is.
    fn expected(self) -> &'static str;
    /// The label drawn under `span`, where `found` stands, when the error
    /// carries no detail of its own: by default, what was expected and what
    /// was found.
    fn label(self, span: Span, found: Found) -> String {
        let _ = span;
        format!("expected {}, found {found}", self.expected())
    }
}

/// The kinds every reader's table has, by which the core reads for a
/// family: a line the reader cannot read, a line, a game and a file beyond
/// the limits, and a kind that says the input is not text.
pub(crate) trait ReaderKind: SyntaxKind {
    /// A line the reader cannot read: what a rule fails with.
    const UNEXPECTED_LINE: Self;
    /// A line longer than the line limit.
    const LINE_TOO_LONG: Self;
    /// A game longer than the game limit.
    const GAME_TOO_LONG: Self;
    /// A game of more turns than the limit.
    const TOO_MANY_TURNS: Self;
    /// A file of more games than the limit.
    const TOO_MANY_GAMES: Self;
    /// Whether it says the input is not text: nothing of it is read.
    fn says_not_text(self) -> bool;
}

/// A syntax error or warning: its kind, the text at fault, and a fix when
/// one is plain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError<K> {
    /// What went wrong.
    pub kind: K,
    /// The text at fault.
    pub span: Span,
    /// What stood where something else was expected.
    pub found: Found,
    /// What the label says of the text at fault, when more can be said than
    /// the kind says.
    pub detail: Option<String>,
    /// How to write it correctly, when that is plain.
    pub help: Option<String>,
    /// The one edit that fixes it, when there is one.
    pub fix: Option<Edit>,
}

impl<K: SyntaxKind> SyntaxError<K> {
    /// An error of `kind` at `span`, having found `found`.
    pub fn new(kind: K, span: Span, found: Found) -> Self {
        SyntaxError {
            kind,
            span,
            found,
            detail: None,
            help: None,
            fix: None,
        }
    }

    /// The same error with the edit that fixes it.
    #[must_use]
    pub fn with_fix(mut self, fix: Edit) -> Self {
        self.fix = Some(fix);
        self
    }

    /// The same error with a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same error with what its label says.
    #[must_use]
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// The label drawn under the text at fault: its detail, or what its
    /// kind says of it.
    pub fn label(&self) -> String {
        match &self.detail {
            Some(detail) => detail.clone(),
            None => self.kind.label(self.span, self.found),
        }
    }

    /// Whether it is a warning: the text is read as meant all the same.
    pub fn is_warning(&self) -> bool {
        self.kind.severity() == Severity::Warning
    }
}

impl<K: SyntaxKind> fmt::Display for SyntaxError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.message())
    }
}

impl<K: SyntaxKind> std::error::Error for SyntaxError<K> {}

impl<K: SyntaxKind> Diagnostic for SyntaxError<K> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let code: Code = self.kind.into();
        Some(Box::new(code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.kind.severity().into())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        shown_help(self.help.as_deref())
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        one_label(self.label(), self.span)
    }
}

impl Problem {
    /// A syntax error of any family's reader as a problem.
    pub fn syntax<K: SyntaxKind>(error: &SyntaxError<K>) -> Problem {
        Problem {
            help: error.help.clone(),
            fix: error.fix.clone(),
            ..Problem::new(error.kind, error.span, error.label())
        }
    }
}
