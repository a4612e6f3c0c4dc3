//! How much of a HIRP record is read: the bounds of every family, from
//! [`core::limits`](crate::core::limits), and those of a HIRP turn line.
//! [`Games`](super::Games) is given [`Limits`] (the default unless told
//! otherwise); the messages of the errors that report them state them from
//! here.

pub use crate::core::limits::{Limits, MAX_ERRORS, SAMPLE};

/// The most step tokens a turn line may hold.
pub const MAX_STEPS: usize = 32;

/// The most Penningr actions a turn line may hold.
pub const MAX_PENNINGR: usize = 8;

/// The most battle records a turn line may hold.
pub const MAX_BATTLES: usize = 16;

/// The most pieces a battle record may list.
pub const MAX_FIGHTERS: usize = 64;
