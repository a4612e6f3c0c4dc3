//! How deep a check goes, in every family.

/// How deep a check goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Depth {
    /// Every game replayed against the rules, with whatever a family checks
    /// of a game as a whole (HIRP's matches and `[Result]` tags, a tafl
    /// game's declared result).
    #[default]
    Rules,
    /// Every game read, and only what the grammar finds reported (with the
    /// repairs the replay confirms for it): no result, no match.
    Syntax,
}
