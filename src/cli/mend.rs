//! A record fixed in memory, whatever its family: what `hirp fix` writes
//! of it, and that in canonical form as `hirp fmt` writes it. `hirp
//! serve`'s `/api/fix` answers with it.

use hirp::any::AnyFamily;
use hirp::any::RulesChoice;

use super::fix::{Subject, fix_bytes};
use super::pieces::canonical;

/// A record fixed.
#[derive(Debug)]
pub struct Mended {
    /// The record's family, as told from its name and its first line.
    pub family: AnyFamily,
    /// The record with every fix that is a problem's only one applied, as
    /// `hirp fix` writes it: only the faulty tokens change.
    pub record: Vec<u8>,
    /// The fixed record in canonical form, as `hirp fmt` writes it; `None`
    /// while it has a syntax error.
    pub canonical: Option<String>,
    /// How many fixes were applied.
    pub fixed: usize,
    /// How many errors are left.
    pub errors: usize,
}

/// The record `bytes` called `path` fixed as `hirp fix` fixes it (its
/// family told from its name and its first line, a tafl one replayed under
/// `rules` if given, else under its rules tag), with its canonical form.
pub fn mend(path: &str, bytes: &[u8], rules: Option<&RulesChoice>) -> Mended {
    let subject = Subject::of(path, bytes, rules);
    let (record, fixed, errors) = fix_bytes(&subject);
    let canonical = canonical(&record, subject.family());
    Mended {
        family: subject.family(),
        record,
        canonical,
        fixed,
        errors,
    }
}
