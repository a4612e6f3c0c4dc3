//! How serious a problem is, in every family's diagnostics.

/// How serious a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// A note: nothing is wrong, but the record leaves something out.
    Advice,
    /// Legal but sloppy; `--strict` makes it an error.
    Warning,
    /// The record is wrong.
    Error,
}

impl Severity {
    /// `error`, `warning` or `advice`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Advice => "advice",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl From<Severity> for miette::Severity {
    fn from(severity: Severity) -> Self {
        match severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        }
    }
}
