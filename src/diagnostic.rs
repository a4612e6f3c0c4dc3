//! Diagnostics, shared by every family of games: a [`Problem`] with a
//! stable [`Code`] (`hirp::<area>::<name>`), a severity, the span of the
//! token at fault, what the rules computed there, and a fix. Each family's
//! reader and replayer keep their own table of kinds; a code names one
//! kind of one table.

use std::borrow::Cow;
use std::fmt;

use miette::{Diagnostic, LabeledSpan};

use crate::core::Severity;
use crate::replay::ProblemKind;
use crate::syntax::{Edit, Span, SyntaxError, SyntaxErrorKind};
use crate::tafl::replay::ProblemKind as TaflKind;
use crate::tafl::syntax::SyntaxErrorKind as TaflSyntaxKind;

/// A code: of a syntax error or of a problem a replay found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// `hirp::syntax::...`: HIRP's notation.
    Syntax(SyntaxErrorKind),
    /// `hirp::turn::...`, `hirp::step::...` and the others: HIRP's rules.
    Replay(ProblemKind),
    /// `hirp::tafl::syntax::...`: the tafl notations.
    TaflSyntax(TaflSyntaxKind),
    /// `hirp::tafl::move::...`, `hirp::tafl::capture::...` and the others:
    /// the tafl rules.
    Tafl(TaflKind),
}

impl Code {
    /// The severity before `--strict`.
    pub fn severity(self) -> Severity {
        match self {
            Code::Syntax(kind) => kind.severity(),
            Code::Replay(kind) => kind.severity(),
            Code::TaflSyntax(kind) => kind.severity(),
            Code::Tafl(kind) => kind.severity(),
        }
    }

    /// The one-line message.
    pub fn message(self) -> Cow<'static, str> {
        match self {
            Code::Syntax(kind) => Cow::Borrowed(kind.message()),
            Code::Replay(kind) => Cow::Borrowed(kind.message()),
            Code::TaflSyntax(kind) => Cow::Borrowed(kind.message()),
            Code::Tafl(kind) => Cow::Borrowed(kind.message()),
        }
    }

    /// Whether the code is a reader's: the text could not be read there.
    pub fn is_syntax(self) -> bool {
        matches!(self, Code::Syntax(_) | Code::TaflSyntax(_))
    }
}

impl From<TaflKind> for Code {
    fn from(kind: TaflKind) -> Self {
        Code::Tafl(kind)
    }
}

impl From<TaflSyntaxKind> for Code {
    fn from(kind: TaflSyntaxKind) -> Self {
        Code::TaflSyntax(kind)
    }
}

impl From<ProblemKind> for Code {
    fn from(kind: ProblemKind) -> Self {
        Code::Replay(kind)
    }
}

impl From<SyntaxErrorKind> for Code {
    fn from(kind: SyntaxErrorKind) -> Self {
        Code::Syntax(kind)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Code::Syntax(kind) => write!(f, "hirp::syntax::{}", kind.name()),
            Code::Replay(kind) => write!(f, "hirp::{}", kind.code()),
            Code::TaflSyntax(kind) => write!(f, "hirp::tafl::syntax::{}", kind.name()),
            Code::Tafl(kind) => write!(f, "hirp::tafl::{}", kind.code()),
        }
    }
}

/// A problem in a record, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The stable code.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// The token at fault.
    pub span: Span,
    /// What the rules computed there.
    pub label: String,
    /// How to write it correctly, when there is a way.
    pub help: Option<String>,
    /// The one edit that fixes it, when there is exactly one.
    pub fix: Option<Edit>,
    /// The turn it belongs to, as the game's order gives it (`S3`).
    pub turn: Option<String>,
}

impl Problem {
    /// A problem of `kind` at `span`, labelled.
    pub fn new(kind: impl Into<Code>, span: Span, label: impl Into<String>) -> Problem {
        let code = kind.into();
        Problem {
            code,
            severity: code.severity(),
            message: code.message().into_owned(),
            span,
            label: label.into(),
            help: None,
            fix: None,
            turn: None,
        }
    }

    /// A syntax error as a problem.
    pub fn syntax(error: &SyntaxError) -> Problem {
        Problem {
            help: error.help.clone(),
            fix: error.fix.clone(),
            ..Problem::new(error.kind, error.span, error.label())
        }
    }

    /// A tafl reader's syntax error as a problem.
    pub fn tafl_syntax(error: &crate::tafl::syntax::SyntaxError) -> Problem {
        Problem {
            help: error.help.clone(),
            fix: error.fix.clone(),
            ..Problem::new(error.kind, error.span, error.label())
        }
    }

    /// The same problem with the one edit that fixes it.
    #[must_use]
    pub fn with_fix(mut self, fix: Edit) -> Problem {
        self.fix = Some(fix);
        self
    }

    /// The same problem with a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    /// The same problem with another severity.
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Problem {
        self.severity = severity;
        self
    }

    /// The kind, when HIRP's replay found it.
    pub fn kind(&self) -> Option<ProblemKind> {
        match self.code {
            Code::Replay(kind) => Some(kind),
            _ => None,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
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
            LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span),
        )))
    }
}

/// Whether no problem of `problems` is an error: what makes a game valid,
/// whatever its family.
pub fn no_error(problems: &[Problem]) -> bool {
    problems.iter().all(|p| p.severity != Severity::Error)
}

/// How many of `problems` are of `severity`.
pub fn count(problems: &[Problem], severity: Severity) -> usize {
    problems.iter().filter(|p| p.severity == severity).count()
}

/// A list of tokens for a help line: `` `A` ``, `` `A` or `B` ``,
/// `` `A`, `B` or `C` ``.
pub fn one_of(options: &[String]) -> String {
    match options {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|o| format!("`{o}`")).collect();
            format!("{} or `{last}`", init.join(", "))
        }
    }
}

/// Declares the table of the kinds of problem a family's replay finds: an
/// enum whose rows each give a variant, its code (without the family's
/// prefix), its severity before `--strict` and its one-line message, with
/// `ALL`, `code()`, `severity()` and `message()`.
macro_rules! problem_kinds {
    (
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal, $severity:ident, $message:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl $name {
            /// Every kind, in the order of the codes table.
            pub const ALL: &[$name] = &[$($name::$variant),*];

            /// The code without the family's `hirp::` prefix.
            pub const fn code(self) -> &'static str {
                match self { $($name::$variant => $code,)* }
            }

            /// The severity before `--strict`.
            pub const fn severity(self) -> crate::core::Severity {
                match self { $($name::$variant => crate::core::Severity::$severity,)* }
            }

            /// The one-line message.
            pub const fn message(self) -> &'static str {
                match self { $($name::$variant => $message,)* }
            }
        }
    };
}
pub(crate) use problem_kinds;

/// Declares the table of the kinds of syntax error of a family's reader:
/// an enum whose rows each give a variant, the last part of its code, its
/// severity, its one-line message and what the reader expected there, with
/// `ALL`, `name()`, `severity()`, `message()` and `expected()`.
macro_rules! syntax_kinds {
    (
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal, $severity:ident, $message:expr, $expected:expr;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl $name {
            /// Every kind, in the order of the codes table.
            pub const ALL: &[$name] = &[$($name::$variant),*];

            /// The last part of the code.
            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $code,)* }
            }

            /// How serious it is: an error, or a warning where the text is
            /// read as meant all the same.
            pub const fn severity(self) -> crate::core::Severity {
                match self { $($name::$variant => crate::core::Severity::$severity,)* }
            }

            /// The one-line message.
            pub fn message(self) -> &'static str {
                match self { $($name::$variant => $message,)* }
            }

            /// What the reader expected where the error is.
            pub fn expected(self) -> &'static str {
                match self { $($name::$variant => $expected,)* }
            }
        }
    };
}
pub(crate) use syntax_kinds;
