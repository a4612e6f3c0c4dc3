//! How a record is checked, in every family: how deep, on how many
//! threads.

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

/// How a family's `check` reads a record: to what [`Depth`], and with how
/// many worker threads. The default is the rules, on the calling thread.
///
/// ```
/// use hirp::core::{CheckOptions, Depth};
///
/// let options = CheckOptions::default().depth(Depth::Syntax).workers(4);
/// assert_eq!(options.depth, Depth::Syntax);
/// assert_eq!(options.workers, 4);
/// assert_eq!(CheckOptions::default().workers, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// How deep each game is checked.
    pub depth: Depth,
    /// The threads that read and replay games while the calling thread
    /// hands them over in file order; with one or none, everything runs on
    /// the calling thread.
    pub workers: usize,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            depth: Depth::Rules,
            workers: 1,
        }
    }
}

impl CheckOptions {
    /// These options, to `depth`.
    #[must_use]
    pub fn depth(self, depth: Depth) -> CheckOptions {
        CheckOptions { depth, ..self }
    }

    /// These options, with `workers` threads.
    #[must_use]
    pub fn workers(self, workers: usize) -> CheckOptions {
        CheckOptions { workers, ..self }
    }
}
