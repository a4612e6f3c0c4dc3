//! Which error of a game the search mends: its first, by its place in the
//! text, an error of its [Result] tag last.

use crate::core::Severity;
use crate::core::diagnostic::Problem;

/// The code of a [Result] tag that says another result than the replay's.
const RESULT: &str = "hirp::result::mismatch";

/// The index of the first error among the `problems` for which `inside`
/// holds. A [Result] tag found wrong follows from a turn's mistake when
/// the game has one: that mistake comes first.
pub(super) fn first_error(
    problems: &[(Problem, Option<usize>)],
    inside: impl Fn(&Problem, &Option<usize>) -> bool,
) -> Option<usize> {
    problems
        .iter()
        .enumerate()
        .filter(|(_, (p, g))| inside(p, g) && p.severity == Severity::Error)
        .min_by_key(|(_, (p, _))| (p.code.to_string() == RESULT, p.span.start))
        .map(|(i, _)| i)
}
