//! Diagnostics, shared by every family of games: a [`Problem`] with a
//! stable [`Code`] (`hirp::<area>::<name>`), a severity, the span of the
//! token at fault, what the rules computed there, and a fix. Each family's
//! reader and replayer keep their own table of kinds (`problem_kinds!`,
//! `syntax_kinds!` declare one); a code names one [`Kind`] of one table,
//! and the core knows no table: the type of codes is open.
//!
//! A problem of the replay, its code and what the code says, and the
//! problems counted by severity:
//!
//! ```
//! use hirp::Severity;
//! use hirp::diagnostic::{count, no_error};
//! use hirp::hirp::replay::ProblemKind;
//!
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8HeHe /\n");
//! let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
//! let problems = &report.games[0].problems;
//! assert!(!no_error(problems));
//! assert_eq!(count(problems, Severity::Error), 1);
//! let code = problems[0].code;
//! assert_eq!(code.to_string(), "hirp::turn::step_count");
//! assert_eq!(code.severity(), Severity::Error);
//! assert_eq!(code.message(), "a turn is exactly five steps");
//! assert_eq!(code.kind::<ProblemKind>(), Some(ProblemKind::StepCount));
//! assert!(!code.is_syntax());
//! ```

use std::any::Any;
use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

use miette::{Diagnostic, LabeledSpan};

use crate::core::{Edit, Severity, Span};

/// A kind of problem of a family's table, as a [`Code`] refers to it.
pub trait Kind: fmt::Debug + Send + Sync + 'static {
    /// What the code starts with: its family's area, ending in `::` (the
    /// reader's or the rules' of one family).
    fn prefix(&self) -> &'static str;
    /// The rest of the code: `step_count`, `capture::missing`.
    fn name(&self) -> &'static str;
    /// The severity before `--strict`.
    fn severity(&self) -> Severity;
    /// The one-line message.
    fn message(&self) -> &'static str;
    /// Whether it is a reader's: the text could not be read there.
    fn is_syntax(&self) -> bool;
    /// Whether it is reported only when asked for (`--pedantic`): a note
    /// on the letter of the notation's text where the family's own programs
    /// write otherwise, of no weight for a record they wrote.
    fn is_pedantic(&self) -> bool;
    /// The kind itself, to ask which table it is of.
    fn as_any(&self) -> &dyn Any;
}

/// A code: one kind of one family's table.
#[derive(Clone, Copy)]
pub struct Code(&'static dyn Kind);

impl Code {
    /// The code of a kind held for the program's life (a row of its
    /// table's `ALL`).
    pub fn of(kind: &'static dyn Kind) -> Code {
        Code(kind)
    }

    /// The severity before `--strict`.
    pub fn severity(self) -> Severity {
        self.0.severity()
    }

    /// The one-line message.
    pub fn message(self) -> Cow<'static, str> {
        Cow::Borrowed(self.0.message())
    }

    /// Whether the code is a reader's: the text could not be read there.
    pub fn is_syntax(self) -> bool {
        self.0.is_syntax()
    }

    /// Whether its problems are reported only when asked for
    /// (`--pedantic`): notes on the letter of the notation's text where the
    /// family's own programs write otherwise.
    pub fn is_pedantic(self) -> bool {
        self.0.is_pedantic()
    }

    /// The kind, if it is of the table `K`.
    pub fn kind<K: Kind + Copy>(self) -> Option<K> {
        self.0.as_any().downcast_ref::<K>().copied()
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        self.0.prefix() == other.0.prefix() && self.0.name() == other.0.name()
    }
}

impl Eq for Code {}

impl Hash for Code {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.prefix().hash(state);
        self.0.name().hash(state);
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0.prefix(), self.0.name())
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
    /// The repairs its help offers as equally good, each as the help
    /// writes it (`write `A` or `B`` offers `A` and `B`; an empty one
    /// leaves the token out): with more than one, the problem is a tie
    /// between them, and none is applied.
    pub choices: Vec<String>,
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
            choices: Vec::new(),
            turn: None,
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

    /// The same problem with the repairs its help offers as equally good
    /// (see [`Problem::choices`]).
    #[must_use]
    pub fn with_choices(mut self, choices: impl IntoIterator<Item = impl Into<String>>) -> Problem {
        self.choices = choices.into_iter().map(Into::into).collect();
        self
    }

    /// The same problem with a help line offering `choices` after `lead`
    /// (`write `A` or `B``), and those as its [`choices`](Problem::choices).
    #[must_use]
    pub fn offering(mut self, lead: &str, choices: &[String]) -> Problem {
        self.offer(lead, choices);
        self
    }

    /// Gives the problem a help line offering `choices` after `lead`, and
    /// those as its [`choices`](Problem::choices), as
    /// [`offering`](Problem::offering) does.
    pub fn offer(&mut self, lead: &str, choices: &[String]) {
        self.help = Some(format!("{lead} {}", one_of(choices)));
        self.choices = choices.to_vec();
    }

    /// Gives the problem the records a search found equally good, as its
    /// choices and help (`several repairs make the game play on: write
    /// …`): `choices` the first [`MAX_LISTED`] of them, `more` how many
    /// others. A help that names one repair or none gives way; a list of
    /// the problem's own repairs, and a repair of its own, stay as they are.
    pub fn offer_tie(&mut self, choices: Vec<String>, more: usize) {
        if self.fix.is_some() || self.is_tied() || choices.len() < 2 {
            return;
        }
        let more = match more {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        self.help = Some(format!(
            "several repairs make the game play on: write {}{more}",
            one_of(&choices)
        ));
        self.choices = choices;
    }

    /// Whether several repairs fit it equally well: its help offers more
    /// than one [`choice`](Problem::choices), and none is applied.
    pub fn is_tied(&self) -> bool {
        self.choices.len() > 1
    }

    /// The same problem with another severity.
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Problem {
        self.severity = severity;
        self
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
        Some(self.severity.into())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        shown_help(self.help.as_deref())
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        one_label(self.label.clone(), self.span)
    }
}

/// A help line, if there is one, as miette shows it: what every problem and
/// syntax error gives as its diagnostic's help.
pub(crate) fn shown_help(help: Option<&str>) -> Option<Box<dyn fmt::Display + '_>> {
    help.map(|help| Box::new(help) as Box<dyn fmt::Display>)
}

/// The one label `label` under `span`, as miette shows it: what every
/// problem and syntax error gives as its diagnostic's labels.
pub(crate) fn one_label(
    label: String,
    span: Span,
) -> Option<Box<dyn Iterator<Item = LabeledSpan> + 'static>> {
    Some(Box::new(std::iter::once(
        LabeledSpan::new_primary_with_span(Some(label), span),
    )))
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

/// Records of a tie a help lists at most ([`Problem::offer_tie`]).
pub const MAX_LISTED: usize = 6;

/// Bytes of a tie's record past which a search does not list the tie (real
/// records are tens of bytes; a help does not copy a hostile one).
pub(crate) const MAX_LISTED_BYTES: usize = 160;

/// A list of tokens for a help line: `` `A` ``, `` `A` or `B` ``,
/// `` `A`, `B` or `C` ``. An option of two lines or more (two turns a
/// repair rewrites) is written line by line: `` `A` then `B` ``.
pub(crate) fn one_of(options: &[String]) -> String {
    let quoted = |o: &String| format!("`{}`", o.replace('\n', "` then `"));
    match options {
        [] => String::new(),
        [one] => quoted(one),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(quoted).collect();
            format!("{} or {}", init.join(", "), quoted(last))
        }
    }
}

/// The enum of a table of kinds, each row a variant with its severity
/// (`$severity_doc` the doc of `severity()`), with `ALL` and `severity()`:
/// what `problem_kinds!` and `syntax_kinds!` declare alike.
macro_rules! table_enum {
    (
        $severity_doc:literal;
        $(#[$meta:meta])*
        $name:ident { $( $(#[doc = $doc:literal])* $variant:ident = $severity:ident; )* }
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

            #[doc = $severity_doc]
            pub const fn severity(self) -> crate::core::Severity {
                match self { $($name::$variant => crate::core::Severity::$severity,)* }
            }
        }
    };
}
pub(crate) use table_enum;

/// Declares the table of the kinds of problem a family's replay finds: an
/// enum whose rows each give a variant, its code (without the family's
/// prefix, which comes first), its severity before `--strict` and its
/// one-line message, with `ALL`, `code()`, `severity()` and `message()`,
/// and its [`Kind`] for [`Code`]s; with `, pedantic = [Variant, ...]` after
/// the prefix, those rows are [`Kind::is_pedantic`] (`PEDANTIC` lists them).
macro_rules! problem_kinds {
    (
        $prefix:literal $(, pedantic = [$($pedantic:ident),* $(,)?])?;
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal, $severity:ident, $message:literal;
            )*
        }
    ) => {
        $crate::core::diagnostic::table_enum! {
            "The severity before `--strict`.";
            $(#[$meta])*
            $name { $( $(#[doc = $doc])* $variant = $severity; )* }
        }

        impl $name {
            /// The code without the family's `hirp::` prefix.
            pub const fn code(self) -> &'static str {
                match self { $($name::$variant => $code,)* }
            }

            /// The one-line message.
            pub const fn message(self) -> &'static str {
                match self { $($name::$variant => $message,)* }
            }
        }

        $crate::core::diagnostic::kind_of_table!(
            $name, $prefix, code, false, [$($($pedantic),*)?]
        );
    };
}
pub(crate) use problem_kinds;

/// The [`Kind`] of a table's rows, and a [`Code`] from a row.
macro_rules! kind_of_table {
    (
        $name:ident, $prefix:literal, $code:ident, $syntax:literal,
        [$($pedantic:ident),*]
    ) => {
        impl $name {
            /// The kinds reported only when asked for (`--pedantic`): notes
            /// on the letter of the notation's text where the family's own
            /// programs write otherwise.
            pub const PEDANTIC: &[$name] = &[$($name::$pedantic),*];

            /// Whether it is one of [`PEDANTIC`](Self::PEDANTIC).
            pub fn is_pedantic(self) -> bool {
                $name::PEDANTIC.contains(&self)
            }
        }

        impl $crate::core::diagnostic::Kind for $name {
            fn prefix(&self) -> &'static str {
                $prefix
            }
            fn name(&self) -> &'static str {
                $name::$code(*self)
            }
            fn severity(&self) -> $crate::core::Severity {
                $name::severity(*self)
            }
            fn message(&self) -> &'static str {
                $name::message(*self)
            }
            fn is_syntax(&self) -> bool {
                $syntax
            }
            fn is_pedantic(&self) -> bool {
                $name::is_pedantic(*self)
            }
            fn as_any(&self) -> &dyn ::std::any::Any {
                self
            }
        }

        impl From<$name> for $crate::core::diagnostic::Code {
            fn from(kind: $name) -> Self {
                // The rows of `ALL` stand in the order of the variants.
                $crate::core::diagnostic::Code::of(&$name::ALL[kind as usize])
            }
        }
    };
}
pub(crate) use kind_of_table;

/// Declares the table of the kinds of syntax error of a family's reader:
/// an enum whose rows each give a variant, the last part of its code (the
/// family's prefix comes first), its severity, its one-line message and
/// what the reader expected there, with `ALL`, `name()`, `severity()`,
/// `message()` and `expected()`, its [`Kind`] for [`Code`]s and its
/// `SyntaxKind` for syntax errors (with `, label = path` after the prefix, the
/// label of an error with no detail is that function's; with `, pedantic =
/// [Variant, ...]`, those rows are [`Kind::is_pedantic`]). A reader's table
/// has rows `UnexpectedLine`, `LineTooLong` and `GameTooLong` and an
/// `is_not_text()`: its `ReaderKind`, by which the core reads for the
/// family, is made of them.
macro_rules! syntax_kinds {
    (
        $prefix:literal $(, label = $label:path)? $(, pedantic = [$($pedantic:ident),* $(,)?])?;
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal, $severity:ident, $message:expr, $expected:expr;
            )*
        }
    ) => {
        $crate::core::diagnostic::table_enum! {
            "How serious it is: an error, or a warning where the text is read as meant all the same.";
            $(#[$meta])*
            $name { $( $(#[doc = $doc])* $variant = $severity; )* }
        }

        impl $name {
            /// The last part of the code.
            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $code,)* }
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

        $crate::core::diagnostic::kind_of_table!(
            $name, $prefix, name, true, [$($($pedantic),*)?]
        );

        impl $crate::core::syntax_error::SyntaxKind for $name {
            fn severity(self) -> $crate::core::Severity {
                $name::severity(self)
            }
            fn message(self) -> &'static str {
                $name::message(self)
            }
            fn expected(self) -> &'static str {
                $name::expected(self)
            }
            $(
                fn label(self, span: $crate::core::Span, found: $crate::core::Found) -> String {
                    $label(self, span, found)
                }
            )?
        }

        impl $crate::core::syntax_error::ReaderKind for $name {
            const UNEXPECTED_LINE: Self = $name::UnexpectedLine;
            const LINE_TOO_LONG: Self = $name::LineTooLong;
            const GAME_TOO_LONG: Self = $name::GameTooLong;
            const TOO_MANY_TURNS: Self = $name::TooManyTurns;
            const TOO_MANY_GAMES: Self = $name::TooManyGames;

            fn says_not_text(self) -> bool {
                self.is_not_text()
            }
        }
    };
}
pub(crate) use syntax_kinds;

#[cfg(test)]
mod tests {
    use super::one_of;

    #[test]
    fn a_choice_of_two_lines_is_listed_line_by_line() {
        let choices = [
            "S1 KeHe8Hei /\nG2 L01KeHe1Ke /".to_owned(),
            "S1 KeKeHei /\nG2 L01He8He1Ke /".to_owned(),
        ];
        assert_eq!(
            one_of(&choices),
            "`S1 KeHe8Hei /` then `G2 L01KeHe1Ke /` or `S1 KeKeHei /` then `G2 L01He8He1Ke /`"
        );
        assert_eq!(
            one_of(&choices[..1]),
            "`S1 KeHe8Hei /` then `G2 L01KeHe1Ke /`"
        );
    }
}
