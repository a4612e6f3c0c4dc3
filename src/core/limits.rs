//! How much of a record is read, whatever its family: enough for any real
//! game, and a bound on the memory and time one game takes, and on what is
//! shown of it, whatever the input.
//!
//! The length of a line and of a game, and the games read of a file
//! ([`MAX_GAMES`] where a file's games are reported on, all of them where
//! a collection hands them over one at a time), are [`Limits`], which
//! each family's game reader is given (the default unless told
//! otherwise); the others hold wherever a record is read: [`MAX_ERRORS`]
//! syntax errors and replay errors in a game, [`MAX_TURNS`] turns in a
//! game, [`QUOTE`] bytes quoted around what a diagnostic points at, and
//! [`MAX_SHOWN`] diagnostics shown of a file. The messages of the errors
//! that report them state them from here ([`Bound`]).
//!
//! A line longer than the limit is reported and left unread:
//!
//! ```
//! use hirp::core::limits::{Bound, Limits, MAX_GAMES};
//!
//! let limits = Limits { line: 64 * 1024, game: 256 * 1024, games: MAX_GAMES };
//! assert_eq!(Limits::default(), limits);
//! assert_eq!(Bound::Line.message(), "this line is longer than 64 KiB");
//!
//! let record = format!("G1 {}/\n", "He".repeat(40_000));
//! let parsed = hirp::hirp::parse(&record);
//! assert_eq!(parsed.errors[0].to_string(), Bound::Line.message());
//! assert!(parsed.record.games.is_empty());
//! ```

use std::sync::LazyLock;

/// How long a line and a game may be, and how many games a file, for a
/// family's game reader to read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest line read, in bytes, its line end not counted.
    pub line: usize,
    /// The most bytes of one game, with the comment lines before it.
    pub game: usize,
    /// The games read of a file, the rest of it left unread:
    /// [`MAX_GAMES`] for what reports on a file's games, unbounded for
    /// what hands games over one at a time and keeps none
    /// ([`Limits::COLLECTION`]).
    pub games: usize,
}

impl Limits {
    /// 64 KiB a line, 256 KiB a game (some 10,000 turns), [`MAX_GAMES`]
    /// games.
    pub const DEFAULT: Limits = Limits {
        line: 64 * 1024,
        game: 256 * 1024,
        games: MAX_GAMES,
    };

    /// The limits of a collection's reading (`hirp select`, `dedupe`,
    /// `split`, `stats`): those of [`Limits::DEFAULT`] on a line and a game,
    /// and every game of a file, each handed over and dropped in turn.
    pub const COLLECTION: Limits = Limits {
        games: usize::MAX,
        ..Limits::DEFAULT
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// The bytes at the start of an input by which it is judged text or not
/// (and, if not, what it looks like): the whole input when it is shorter.
pub const SAMPLE: usize = 8 * 1024;

/// The most bytes of a line that a diagnostic quotes on either side of
/// what it points at, and of what it points at: a longer line is shown cut
/// around the label, never whole, so that what is shown of one diagnostic
/// is bounded whatever the line.
pub const QUOTE: usize = 200;

/// Errors in a game after which the rest of it is left alone: syntax
/// errors after which the rest of what is read (a game, as records are
/// read) is left unread, and errors after which a game's replay stops. A
/// game of nothing but mistakes costs little time and memory.
pub const MAX_ERRORS: usize = 1000;

/// Turns in a game after which the rest of it is not read: a HIRP turn
/// line, or a numbered turn of a tafl game file. An archive's line is
/// shorter than [`MAX_TURNS`] turns can be written in ([`Limits::line`]
/// bounds its plies).
pub const MAX_TURNS: usize = 10_000;

/// Games in a file after which the rest of it is not read, the games
/// counted as the reader cuts the file (pieces of whole games).
pub const MAX_GAMES: usize = 100_000;

/// Diagnostics shown of one file, after which the others are counted and
/// not shown: what is written on standard error for a file is bounded
/// whatever it holds.
pub const MAX_SHOWN: usize = 10_000;

/// A bound of what is read, as the errors that report it state it, in
/// every family: from the constants above, so that a message always states
/// the bound in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A line longer than [`Limits::DEFAULT`]'s `line`.
    Line,
    /// A game longer than [`Limits::DEFAULT`]'s `game`.
    Game,
    /// A piece of a record with [`MAX_ERRORS`] syntax errors.
    Errors,
    /// A game of more than [`MAX_TURNS`] turns.
    Turns,
    /// A file of more than [`MAX_GAMES`] games.
    Games,
}

impl Bound {
    /// Every bound.
    pub const ALL: [Bound; 5] = [
        Bound::Line,
        Bound::Game,
        Bound::Errors,
        Bound::Turns,
        Bound::Games,
    ];

    /// What was passed, in a sentence.
    pub fn message(self) -> &'static str {
        static TEXTS: LazyLock<[String; 5]> = LazyLock::new(|| {
            [
                format!(
                    "this line is longer than {} KiB",
                    Limits::DEFAULT.line / 1024
                ),
                format!(
                    "this game is longer than {} KiB",
                    Limits::DEFAULT.game / 1024
                ),
                format!("reading stops after {MAX_ERRORS} syntax errors"),
                format!("this game has more than {MAX_TURNS} turns"),
                format!("reading stops after {MAX_GAMES} games"),
            ]
        });
        &TEXTS[self as usize]
    }

    /// What is read.
    pub fn expected(self) -> &'static str {
        static TEXTS: LazyLock<[String; 5]> = LazyLock::new(|| {
            [
                format!("a line of at most {} bytes", Limits::DEFAULT.line),
                format!("a game of at most {} bytes", Limits::DEFAULT.game),
                format!("at most {MAX_ERRORS} syntax errors in a game"),
                format!("a game of at most {MAX_TURNS} turns"),
                format!("at most {MAX_GAMES} games in a file"),
            ]
        });
        &TEXTS[self as usize]
    }
}

// The messages state the line and game limits in KiB.
const _: () =
    assert!(Limits::DEFAULT.line.is_multiple_of(1024) && Limits::DEFAULT.game.is_multiple_of(1024));
