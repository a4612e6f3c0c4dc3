//! Syntax errors of the tafl readers: what was expected, what was found, and
//! where; warnings where a record breaks the specification in a way that
//! is read anyway.
//!
//! The shapes are HIRP's: a [`SyntaxError`] holds its kind, span, what was
//! [`Found`], and when plain a help line and the [`Edit`] that fixes it.
//! Kinds that say the same thing of any input (not text, a line too long)
//! take their message from [`crate::core::encoding::TextErrorKind`].

use std::fmt;

use miette::{Diagnostic, LabeledSpan};

use crate::core::Severity;
use crate::core::encoding::TextError;
use crate::core::{Edit, Found, Span};

mod kinds;

pub use kinds::SyntaxErrorKind;

/// A syntax error or warning: its kind, the text at fault, and a fix when
/// one is plain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", kind.message())]
pub struct SyntaxError {
    /// What went wrong.
    pub kind: SyntaxErrorKind,
    /// The text at fault.
    pub span: Span,
    /// What stood where something else was expected.
    pub found: Found,
    /// What the label says of the text at fault, when more can be said than
    /// what was expected and found.
    pub detail: Option<String>,
    /// How to write it correctly, when that is plain.
    pub help: Option<String>,
    /// The one edit that fixes it, when there is one.
    pub fix: Option<Edit>,
}

impl SyntaxError {
    /// An error of `kind` at `span`, having found `found`.
    pub fn new(kind: SyntaxErrorKind, span: Span, found: Found) -> Self {
        SyntaxError {
            kind,
            span,
            found,
            detail: None,
            help: None,
            fix: None,
        }
    }

    /// What is wrong with an input's bytes as text (not text, UTF-16, bytes
    /// that are not UTF-8), as the tafl readers report it.
    pub(crate) fn of_input(error: &TextError) -> Self {
        SyntaxError {
            kind: SyntaxErrorKind::of_text(error.kind),
            span: error.span,
            found: error.found,
            detail: Some(error.label()),
            help: Some(error.help.clone()),
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

    /// The label drawn under the text at fault: its detail, or what was
    /// expected and what was found.
    pub fn label(&self) -> String {
        match &self.detail {
            Some(detail) => detail.clone(),
            None => format!("expected {}, found {}", self.kind.expected(), self.found),
        }
    }

    /// Whether it is a warning: the text breaks the specification but is
    /// read as meant.
    pub fn is_warning(&self) -> bool {
        self.kind.severity() == Severity::Warning
    }
}

impl Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!(
            "hirp::tafl::syntax::{}",
            self.kind.name()
        )))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.kind.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_deref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(Some(self.label()), self.span),
        )))
    }
}

impl crate::core::diagnostic::Problem {
    /// A tafl reader's syntax error as a problem.
    pub fn tafl_syntax(error: &SyntaxError) -> Self {
        Self {
            help: error.help.clone(),
            fix: error.fix.clone(),
            ..Self::new(error.kind, error.span, error.label())
        }
    }
}
