//! Tafl records checked game by game, in flat memory: each chunk the
//! reader cuts read, its games replayed, and handed over in file order.
//!
//! Two games of an archive; the second does not write a capture it makes,
//! so its counts of captures are not its moves' either. Checked against the
//! rules, both problems are reported; read to the syntax alone, both games
//! are well written.
//!
//! ```
//! use hirp::core::{CheckOptions, Depth};
//! use hirp::tafl::check::check;
//! use hirp::tafl::rules::RuleSet;
//! use hirp::tafl::syntax::Form;
//!
//! let archive = "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Ongoing\n\
//!                d1-d3 e5-e2 g1-g3 f4-c4 g3-e3,1,0,Ongoing\n";
//! let rules = RuleSet::preset("copenhagen").unwrap();
//! let codes = |depth| {
//!     let mut codes = Vec::new();
//!     let options = CheckOptions::default().depth(depth);
//!     check(archive.as_bytes(), Form::Csv, Some(&rules), options, |checked| {
//!         let problems = checked.replay.problems.iter();
//!         codes.extend(problems.map(|p| (checked.number, p.code.to_string())));
//!         true // go on to the next game
//!     })
//!     .unwrap();
//!     codes
//! };
//! let rules_codes = ["hirp::tafl::capture::missing", "hirp::tafl::capture::count"];
//! assert_eq!(codes(Depth::Rules), rules_codes.map(|c| (2, c.to_owned())));
//! assert!(codes(Depth::Syntax).is_empty());
//! ```

use std::io::{self, BufRead};

use super::replay::{Game, Replay, replay_record, syntax_replays};
use super::rules::RuleSet;
use super::syntax::{Chunk, Form, Games, Parsed, parse_chunk};
use crate::core::diagnostic::Problem;
use crate::core::{CheckOptions, Depth};

/// A game checked, as [`check`] hands it over.
pub struct Checked<'a> {
    /// The game's number in the file, from 1; 0 for problems that lie in no
    /// game (a file with none).
    pub number: usize,
    /// The game, if the problems lie in one.
    pub game: Option<Game<'a>>,
    /// What its replay found (for problems in no game: those problems),
    /// lent: what is kept of it is copied, and the rest is freed by the
    /// thread that replayed it.
    pub replay: &'a Replay,
    /// The decoded text of the chunk the game was read from, which spans
    /// point into from `offset` on.
    pub text: &'a str,
    /// The chunk's offset in the file.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

/// Reads and replays a tafl record of `form` game by game, each under
/// `rules` if given, else under its `[rules:]` tag, to the depth `options`
/// say (with [`Depth::Syntax`], each game is read and its syntax errors
/// reported, and no rule set is needed), handing each game to `on_game` in
/// file order; stops early when `on_game` returns `false`. Returns the
/// bytes read.
///
/// With several workers, they read and replay games while this thread
/// hands them over: the games
/// in flight are bounded, so memory stays flat whatever the size of the
/// record.
///
/// ```
/// use hirp::core::CheckOptions;
/// use hirp::tafl::check::check;
/// use hirp::tafl::syntax::Form;
///
/// // An archive's line: the moves, then the captures each side made.
/// let archive = "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Ongoing\n";
/// let rules = hirp::tafl::rules::RuleSet::preset("copenhagen").unwrap();
/// let mut verdicts = Vec::new();
/// let options = CheckOptions::default().workers(2);
/// check(archive.as_bytes(), Form::Csv, Some(&rules), options, |checked| {
///     verdicts.push((checked.number, checked.replay.is_valid()));
///     true // go on to the next game
/// })
/// .unwrap();
/// assert_eq!(verdicts, [(1, true)]);
/// ```
pub fn check<R: BufRead + Send>(
    reader: R,
    form: Form,
    rules: Option<&RuleSet>,
    options: CheckOptions,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    let (mut number, mut read, depth) = (0, 0, options.depth);
    crate::core::parallel::in_order(
        Games::new(reader, form),
        |chunk| chunk.bytes.len(),
        options.workers,
        |chunk| replay(&chunk, rules, depth),
        |replayed| {
            read += replayed.bytes;
            deliver(replayed, &mut number, &mut on_game)
        },
    )?;
    Ok(read)
}

/// A chunk read and replayed, its games not yet handed over.
struct Replayed {
    text: String,
    parsed: Parsed,
    replays: Vec<Replay>,
    offset: usize,
    line: usize,
    bytes: usize,
}

/// Reads and replays a chunk, to `depth`.
fn replay(chunk: &Chunk, rules: Option<&RuleSet>, depth: Depth) -> Replayed {
    let (text, parsed) = parse_chunk(chunk);
    let replays = match depth {
        Depth::Rules => replay_record(&parsed.record, &parsed.errors, rules),
        Depth::Syntax => syntax_replays(&parsed.record, &parsed.errors),
    };
    Replayed {
        text: text.into_owned(),
        parsed,
        replays,
        offset: chunk.offset,
        line: chunk.line,
        bytes: chunk.bytes.len(),
    }
}

/// Hands a chunk's games to `on_game`, numbered on from `number`, or its
/// syntax errors when it holds no game; `false` when `on_game` asks to
/// stop.
fn deliver(
    replayed: &mut Replayed,
    number: &mut usize,
    on_game: &mut impl FnMut(Checked<'_>) -> bool,
) -> bool {
    // The replays, the record and its text are lent, and freed by the
    // worker that made them.
    let Replayed {
        text,
        parsed,
        replays,
        offset,
        line,
        ..
    } = replayed;
    let (offset, line) = (*offset, *line);
    let checked = |number, game, replay| Checked {
        number,
        game,
        replay,
        text,
        offset,
        line,
    };
    let games = Game::all(&parsed.record);
    if games.is_empty() {
        if parsed.errors.is_empty() {
            return true;
        }
        let replay = Replay {
            rules: None,
            steps: Vec::new(),
            moves: 0,
            outcome: None,
            problems: parsed.errors.iter().map(Problem::syntax).collect(),
            variations: Vec::new(),
        };
        return on_game(checked(0, None, &replay));
    }
    for (game, replay) in games.into_iter().zip(replays.iter()) {
        *number += 1;
        if !on_game(checked(*number, Some(game), replay)) {
            return false;
        }
    }
    true
}
