//! How much of a HIRP record is read: the bounds of every family, from
//! [`core::limits`](crate::core::limits), and those of a HIRP turn line.
//! [`Games`](super::Games) is given [`Limits`] (the default unless told
//! otherwise); the messages of the errors that report them state them from
//! here.
//!
//! ```
//! use hirp::hirp::syntax::limits::{Limits, MAX_STEPS};
//! use hirp::hirp::syntax::{Games, SyntaxErrorKind, parse_chunk};
//!
//! // A turn line of more step tokens than the bound.
//! let turn = format!("G1 {}/\n", "He".repeat(MAX_STEPS + 1));
//! let parsed = hirp::hirp::parse(&turn);
//! assert_eq!(parsed.errors[0].kind, SyntaxErrorKind::TooManyTokens);
//!
//! // A reader given smaller limits: the game is cut where it passes them.
//! let record = "G1 KeHeiHei /\nS1 He7He8He /\n";
//! let limits = Limits { line: 64, game: 20, ..Limits::DEFAULT };
//! let chunk = Games::with_limits(record.as_bytes(), limits).next().unwrap()?;
//! assert!(chunk.cut.is_some());
//! let (_text, parsed) = parse_chunk(&chunk);
//! assert_eq!(parsed.errors[0].kind, SyntaxErrorKind::GameTooLong);
//! # Ok::<(), std::io::Error>(())
//! ```

pub use crate::core::limits::{Limits, MAX_ERRORS, MAX_GAMES, MAX_TURNS, SAMPLE};

/// The most step tokens a turn line may hold.
pub const MAX_STEPS: usize = 32;

/// The most Penningr actions a turn line may hold.
pub const MAX_PENNINGR: usize = 8;

/// The most battle records a turn line may hold.
pub const MAX_BATTLES: usize = 16;

/// The most pieces a battle record may list.
pub const MAX_FIGHTERS: usize = 64;
