//! Records checked game by game: each game read, replayed, and checked as
//! part of its match, so that a file of any size is checked in flat memory.
//!
//! [`check`] does it to the [`Depth`] its [`CheckOptions`] say, on the
//! calling thread or with worker threads that read and replay while the
//! calling thread hands the games over in file order.
//!
//! Two games, the first with no result though a game of its match follows,
//! the second's S1 written with six steps: checked against the rules, the
//! second game has both problems; read to the syntax alone, both games are
//! well written.
//!
//! ```
//! use hirp::core::{CheckOptions, Depth};
//!
//! let record = "G1 KeHeiHei /\nS1 He7He8He /\n\nG1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let codes = |options: CheckOptions| {
//!     let mut codes = Vec::new();
//!     let read = hirp::hirp::check::check(record.as_bytes(), options, |checked| {
//!         let problems = checked.report.problems.iter();
//!         codes.extend(problems.map(|p| (checked.number, p.code.to_string())));
//!         true // go on to the next game
//!     });
//!     assert_eq!(read.unwrap(), record.len());
//!     codes
//! };
//! let rules = codes(CheckOptions::default().workers(2));
//! let codes_of_2 = ["hirp::match::unfinished", "hirp::turn::step_count"].map(|c| (2, c.to_owned()));
//! assert_eq!(rules, codes_of_2);
//! assert!(codes(CheckOptions::default().depth(Depth::Syntax)).is_empty());
//! ```

use std::borrow::Cow;
use std::io::{self, BufRead};

use crate::core::Span;
use crate::hirp::replay::fast::FastGame;
use crate::hirp::syntax::ast::Tag;
use crate::hirp::syntax::{Chunk, Games, parse_chunk};

/// A game's tags and where it begins.
type Heading = (Vec<Tag>, Span);

/// A game checked, as [`check`] hands it over.
pub struct Checked<'a> {
    /// The game's number in the file, from 1; 0 for problems that lie in no
    /// game (a file with none).
    pub number: usize,
    /// The game, if the problems lie in one and it was read into a tree
    /// (a game written the usual way, read to the syntax alone or replayed
    /// on the fast path, has none: its `number` says it is one).
    pub game: Option<&'a crate::hirp::syntax::ast::Game>,
    /// What its replay found (for problems in no game: those problems).
    pub report: crate::hirp::replay::GameReport,
    /// Where the game stands in its match, if it is in one.
    pub view: Option<crate::hirp::replay::MatchView>,
    /// The decoded text of the chunk the game was read from, which spans
    /// point into from `offset` on.
    pub text: &'a str,
    /// The chunk's offset in the file.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

use crate::core::{CheckOptions, Depth};

/// Reads, replays and checks a record game by game, matches and `[Result]`
/// tags included, to the depth `options` say, handing each game to
/// `on_game` in file order; stops early when `on_game` returns `false`.
/// Returns the bytes read (of a UTF-16 input, those of its text decoded to
/// UTF-8).
///
/// With several workers, they read and replay games while this thread
/// checks them as parts of their matches and hands them over. The games in
/// flight are bounded, so memory stays flat whatever the size of the
/// record.
pub fn check<R: BufRead + Send>(
    reader: R,
    options: CheckOptions,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    let depth = options.depth;
    let mut order = InOrder::new(depth);
    crate::core::parallel::in_order(
        Games::new(reader),
        |chunk| chunk.bytes.len(),
        options.workers,
        |chunk| replay(chunk, depth),
        |replayed| order.deliver(replayed, &mut on_game),
    )?;
    Ok(order.read)
}

/// A chunk read and replayed, not yet checked as part of its matches.
struct Replayed {
    text: String,
    record: crate::hirp::syntax::ast::Record,
    report: crate::hirp::replay::RecordReport,
    /// With no tree, what the checks of a match need of each game replayed:
    /// its tags and where it begins.
    heads: Vec<Heading>,
    offset: usize,
    line: usize,
    bytes: usize,
}

/// Reads and replays a chunk, to `depth`. A chunk written the usual way
/// is read with no tree built: to the syntax alone, its games, their turns
/// and nothing to report, as the full reader would find them (see
/// [`usual_games`](crate::hirp::syntax::scan::usual_games)); to the rules, each
/// game replayed on the fast path, when no game of the chunk has anything
/// to report (see `replay::fast`). Every other chunk is read and replayed
/// in full.
fn replay(chunk: Chunk, depth: Depth) -> Replayed {
    if chunk.cut.is_none() && chunk.note.is_none() {
        match depth {
            Depth::Syntax => {
                if let Some(games) = crate::hirp::syntax::scan::usual_games(&chunk.bytes) {
                    return usual(chunk, &games);
                }
            }
            Depth::Rules => {
                if let Some(games) = crate::hirp::replay::fast::games(&chunk.bytes, chunk.offset) {
                    return fast(chunk, games);
                }
            }
        }
    }
    let bytes = chunk.bytes.len();
    let (text, parsed) = parse_chunk(&chunk);
    let report = match depth {
        Depth::Rules => crate::hirp::replay::replay_record(&parsed.record, &parsed.errors),
        Depth::Syntax => crate::hirp::replay::syntax_report(&parsed.record, &parsed.errors),
    };
    let text = match text {
        Cow::Owned(text) => Some(text),
        Cow::Borrowed(_) => None,
    };
    // Text that was UTF-8 as read keeps its bytes: no copy.
    let text = text.unwrap_or_else(|| {
        String::from_utf8(chunk.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    });
    Replayed {
        text,
        record: parsed.record,
        report,
        heads: Vec::new(),
        offset: chunk.offset,
        line: chunk.line,
        bytes,
    }
}

/// A chunk read the usual way: its games' turns, no tree, nothing to report.
fn usual(chunk: Chunk, games: &[u32]) -> Replayed {
    let games = games
        .iter()
        .map(|&turns| crate::hirp::replay::GameReport {
            turns: turns as usize,
            result: None,
            problems: Vec::new(),
            position: crate::hirp::rules::Position::new(),
        })
        .collect();
    treeless(chunk, games, Vec::new())
}

/// A chunk replayed on the fast path: its games' reports and tags, no
/// tree, nothing to report.
fn fast(chunk: Chunk, games: Vec<FastGame>) -> Replayed {
    let (reports, heads) = games
        .into_iter()
        .map(|game| (game.report, (game.tags, game.at)))
        .unzip();
    treeless(chunk, reports, heads)
}

/// A chunk read with no tree: its games' reports, and their heads when
/// they were replayed.
fn treeless(
    chunk: Chunk,
    games: Vec<crate::hirp::replay::GameReport>,
    heads: Vec<Heading>,
) -> Replayed {
    let bytes = chunk.bytes.len();
    Replayed {
        // Read the usual way, the bytes are UTF-8.
        text: String::from_utf8(chunk.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        record: crate::hirp::syntax::ast::Record::default(),
        report: crate::hirp::replay::RecordReport {
            games,
            problems: Vec::new(),
        },
        heads,
        offset: chunk.offset,
        line: chunk.line,
        bytes,
    }
}

/// What the checks in file order carry from game to game.
struct InOrder {
    depth: Depth,
    matches: crate::hirp::replay::Matches,
    number: usize,
    read: usize,
}

impl InOrder {
    fn new(depth: Depth) -> InOrder {
        InOrder {
            depth,
            matches: crate::hirp::replay::Matches::default(),
            number: 0,
            read: 0,
        }
    }

    /// Checks a replayed chunk's games as parts of their matches and hands
    /// them to `on_game`; `false` when it asks to stop.
    fn deliver(
        &mut self,
        replayed: &mut Replayed,
        on_game: &mut impl FnMut(Checked<'_>) -> bool,
    ) -> bool {
        self.read += replayed.bytes;
        // The reports are handed over; the tree, its text and the heads
        // stay, to be freed by the worker that read them.
        let report = std::mem::take(&mut replayed.report);
        let Replayed {
            text,
            record,
            heads,
            offset,
            line,
            ..
        } = replayed;
        let (offset, line) = (*offset, *line);
        let checked = |number, game, report, view| Checked {
            number,
            game,
            report,
            view,
            text,
            offset,
            line,
        };
        if !report.problems.is_empty() {
            let loose = crate::hirp::replay::GameReport {
                turns: 0,
                result: None,
                problems: report.problems,
                position: crate::hirp::rules::Position::new(),
            };
            if !on_game(checked(0, None, loose, None)) {
                return false;
            }
        }
        // A chunk read the usual way has its games' reports and no tree.
        for (n, mut game_report) in report.games.into_iter().enumerate() {
            self.number += 1;
            let game = record.games.get(n);
            let view = match (self.depth, game, heads.get(n)) {
                (Depth::Syntax, ..) => None,
                (Depth::Rules, Some(game), _) => self.matches.game(game, &mut game_report),
                (Depth::Rules, None, Some((tags, at))) => {
                    let head = crate::hirp::replay::Head { tags, at: *at };
                    self.matches.tagged(&head, &mut game_report)
                }
                (Depth::Rules, None, None) => None,
            };
            game_report
                .problems
                .sort_by_key(|p| (p.span.start, p.span.end));
            if !on_game(checked(self.number, game, game_report, view)) {
                return false;
            }
        }
        true
    }
}
