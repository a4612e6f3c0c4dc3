//! A record written back as its notation, in what both families' records
//! share: games one after another, and a game's tags before its turns.

use std::fmt::{self, Display, Write as _};

/// Writes `games` one after another, a blank line between each and the
/// next.
pub(crate) fn games<G: Display>(f: &mut fmt::Formatter<'_>, games: &[G]) -> fmt::Result {
    for (n, game) in games.iter().enumerate() {
        if n > 0 {
            f.write_char('\n')?;
        }
        write!(f, "{game}")?;
    }
    Ok(())
}

/// Writes a game's `tags`, a line each, then its `turns`, each followed by
/// `after` (a line end where a turn does not write its own), with a blank
/// line between the two when there are both.
pub(crate) fn tags_and_turns<T: Display, U: Display>(
    f: &mut fmt::Formatter<'_>,
    tags: &[T],
    turns: &[U],
    after: &str,
) -> fmt::Result {
    for tag in tags {
        writeln!(f, "{tag}")?;
    }
    if !tags.is_empty() && !turns.is_empty() {
        f.write_char('\n')?;
    }
    for turn in turns {
        write!(f, "{turn}{after}")?;
    }
    Ok(())
}
