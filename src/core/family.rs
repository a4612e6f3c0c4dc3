//! The seam between a family of games and what serves every family: what
//! a command, a page or a check of "any record" asks of a family, and what
//! each family answers in its own folder (`hirp::family`, `tafl::family`).
//!
//! A family is a value of a type that implements [`Family`]: HIRP's is one
//! value, a tafl family is one per form its records are written in (a game
//! file, an archive). What differs between families is an associated type:
//! the forms ([`Family::Form`]), what a check takes besides its
//! [`CheckOptions`] ([`Family::Options`]: a rule set for tafl, nothing for
//! HIRP), and the pieces a record is cut into and what they read as. What
//! a family hands back is the core's: a [`Judged`] game with its
//! [`Verdict`], a [`Packed`] page, [`Problem`]s.
//!
//! Which family a record is, and the dispatch from a family told to its
//! implementation, is the list of families' ([`crate::any`]), above them.

use std::borrow::Cow;
use std::fmt::Debug;
use std::io::{self, BufRead, Write};

use super::CheckOptions;
use super::Span;
use super::card::{Card, Through, Wants};
use super::convert::{Converted, Target, canonical_games};
use super::diagnostic::Problem;
use super::diff::Comparison;
use super::fix::{CheckedPiece, FixedChunk, Fixing, Part};
use super::json::DocumentWriter;
use super::json::problem::Diagnostic;
use super::page::{Field, GamePage, Packed};
use super::show::Shown;
use super::verdict::{Standing, Verdict};

/// A game checked, whatever its family, as [`Family::check`] hands it
/// over.
pub struct Judged<'a> {
    /// The game's number in the file, from 1; 0 for problems in no game.
    pub number: usize,
    /// Whether the problems lie in a game.
    pub in_game: bool,
    /// What its replay found.
    pub verdict: Verdict,
    /// Where the game stands in its match, for a family that plays matches.
    pub standing: Option<Standing>,
    /// The decoded text of the chunk the game was read from, which spans
    /// point into from `offset` on.
    pub text: &'a str,
    /// The chunk's offset in the file.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

/// A reader of a record's pieces: it hands each piece, read, to the
/// function it is given, and returns the first error of reading or of that
/// function. A command reads the pieces (reporting syntax errors as it
/// goes); a family writes what they hold.
pub type Pieces<'a, P> = &'a mut dyn FnMut(&mut dyn FnMut(&P) -> io::Result<()>) -> io::Result<()>;

/// A record as read: where from (the path as given, `-` for standard
/// input), and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct RecordBytes<'a> {
    /// The path as given, `-` for standard input, or what names the
    /// record (`rulebook example`).
    pub path: &'a str,
    /// Its bytes.
    pub bytes: &'a [u8],
}

/// How [`Family::board`] draws a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// As text for a terminal, at most `columns` wide when that is known,
    /// in colour or not.
    Text {
        /// The terminal's width.
        columns: Option<usize>,
        /// Whether to colour it.
        color: bool,
    },
    /// As an SVG picture, captioned with the record's file, the game and
    /// the turn.
    Svg,
}

/// Why [`Family::board`] shows no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoBoard {
    /// The record holds no game that could be read.
    NoGame,
    /// The record holds this many games (at least one), and none of the
    /// number asked for.
    NoSuchGame(usize),
    /// The game has no turn of the label asked for (`wanted`), or none at
    /// all when none was asked for; `range`, the labels of its first and
    /// last turns when it has any, to say what it has.
    NoTurn {
        /// The label asked for.
        wanted: Option<String>,
        /// The labels of the game's first and last turns.
        range: Option<(String, String)>,
    },
    /// The game has no variation of the label asked for (a tafl game's
    /// `7a.1`).
    NoVariation(String),
    /// The game names no rules, and none were given.
    NoRules,
    /// The position given to draw does not read, or sets up no game.
    Position(BadPosition),
}

/// A position given as text ([`Draw::from`], [`Family::position_board`])
/// that does not read, or sets up no game: where, as byte offsets into the
/// text, and why, as the family's reader of positions says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPosition {
    /// The characters at fault.
    pub span: Span,
    /// What is wrong, and what was expected there.
    pub message: String,
}

/// Which positions of a record [`Family::positions`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wanted<'a> {
    /// The game, from 1; every game of the record when `None`.
    pub game: Option<usize>,
    /// Which of its positions.
    pub at: At<'a>,
    /// For every game: the threads that read and replay games while the
    /// calling thread hands them over in order; with one or none,
    /// everything runs on the calling thread.
    pub workers: usize,
}

/// The label a game's start goes by where a turn is asked for
/// (`hirp board --turn 0`, `hirp position --turn 0`): before its first
/// turn, in either family.
pub const START: &str = "0";

/// Which positions of a game: one, or every one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At<'a> {
    /// Its start, before the first turn.
    Start,
    /// After the turn labelled so (`S3`; a tafl move's `3b`, or a
    /// variation's move's `7a.1.2b`).
    After(&'a str),
    /// After its last turn (its start when it has none).
    Last,
    /// Every one: its start, then after each turn of its main line.
    Every,
}

/// Hands the lines of every game of a record, cut into `chunks` (each of
/// `size` bytes), to `each` with the game's number, in order, until it
/// returns `false`: `lines` reads a chunk and gives each of its games'
/// lines, or why the game shows none, on `workers` threads (see
/// [`Wanted::workers`]). `Err` for the first game that shows none, once
/// the games before it are handed over, or when the record holds none.
pub(crate) fn each_game<C: Send>(
    chunks: impl Iterator<Item = io::Result<C>> + Send,
    size: impl Fn(&C) -> usize + Sync,
    workers: usize,
    lines: impl Fn(C) -> Vec<Result<String, NoBoard>> + Sync,
    each: &mut dyn FnMut(usize, &str) -> bool,
) -> Result<(), NoBoard> {
    let (mut number, mut refused) = (0, None);
    // Reading from memory cannot fail.
    let _ = super::parallel::in_order(chunks, size, workers, lines, |games| {
        for game in games.iter_mut() {
            number += 1;
            match game {
                Ok(lines) if each(number, lines) => {}
                Ok(_) => return false,
                Err(why) => {
                    refused = Some(why.clone());
                    return false;
                }
            }
        }
        true
    });
    match (refused, number) {
        (Some(why), _) => Err(why),
        (None, 0) => Err(NoBoard::NoGame),
        (None, _) => Ok(()),
    }
}

/// The name of the file at `path`, not the path to it, as a picture's
/// caption says it: `standard input` for `-`.
#[doc(hidden)]
pub fn file_name(path: &str) -> String {
    if path == "-" {
        "standard input".to_owned()
    } else {
        std::path::Path::new(path).file_name().map_or_else(
            || path.to_owned(),
            |name| name.to_string_lossy().into_owned(),
        )
    }
}

/// A rule set a family plays that rules may be given by: its name, its
/// board, what it is, and how it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name, as `--rules` takes it: `brandub`.
    pub name: &'static str,
    /// Its board: `7 × 7`.
    pub board: String,
    /// A line on what it is.
    pub description: &'static str,
    /// The rules written out, as the family's records write them (an
    /// OpenTafl rules string).
    pub text: String,
}

/// What games [`Family::generate`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw<'a> {
    /// The seed: the same seed, games and cap give the same games.
    pub seed: u64,
    /// How many games.
    pub games: usize,
    /// The turns (tafl: the moves) after which an unfinished game stops,
    /// counted from where the games start.
    pub max_turns: usize,
    /// The position the games start from, as the family writes a position
    /// on one line (HIRP's `grammar/hirp-position.ebnf`; a tafl position
    /// record, then the side to move and the move number if need be);
    /// the start of a game when `None`.
    pub from: Option<&'a str>,
}

/// Why [`Family::generate`] draws no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDraw {
    /// The family draws games under a rule set, and none was given.
    NoRules,
    /// The position to start from does not read, sets up no game under
    /// the rules, or is of a game that is over.
    Position(BadPosition),
}

/// A family of game records: how its records are cut, read, checked,
/// fixed and shown as a page, each as every command does it.
pub trait Family: Copy + Debug + Eq + Send + Sync + Sized + 'static {
    /// The forms its records are written in: one for HIRP, a game file or
    /// an archive for tafl.
    type Form: Copy + Debug + Eq;
    /// What a check of its records takes besides [`CheckOptions`]: the
    /// rule set a tafl record is replayed under; nothing for HIRP.
    type Options: Debug + Default + Sync;
    /// A piece of a record as cut: whole games, within the limits.
    type Chunk: Send;
    /// What a piece reads as.
    type Parsed;
    /// A game read and replayed to be shown a position at a time.
    type Shown: Shown;

    /// The family's name in messages: `HIRP`, `tafl`.
    const NAME: &'static str;

    /// The family's name in the JSON document (`"family": "hirp"`), which
    /// is also its module's in the crate: `hirp`, `tafl`.
    const ID: &'static str;

    /// What a turn is called in messages: `turn`, or a tafl `move`.
    const TURN: &'static str;

    /// Whether it plays more than one set of rules, a record's chosen by
    /// the rules given (`--rules`) or its own.
    const TAKES_RULES: bool;

    /// Its sides as a verdict and its JSON name them (`gull`, `silfr`;
    /// `attackers`, `defenders`), in lower case.
    const SIDES: [&'static str; 2];

    /// Whether a turn is made of steps a replay can show one by one (a
    /// HIRP turn's five; a tafl move is one).
    const STEPS: bool = false;

    /// The form of this family's records.
    fn form(self) -> Self::Form;

    /// Whether a record of this form names no rules of its own, and so
    /// cannot be judged unless rules are given (a tafl archive).
    fn needs_rules(self) -> bool {
        false
    }

    /// Whether a record of this form writes the value of a tag named
    /// `name` (in any case) as it reads, in the game's text: a value of
    /// the words [`Wants::holding`](crate::core::card::Wants::holding)
    /// looks for then stands in the text of every game whose card has it,
    /// as it is or written as that field says, so a select by that tag may
    /// pass over the games that lack it. `false` where a tag is made from
    /// other fields.
    fn writes_tag(self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// The extension of its files: `hirp`, `otg`, `csv`, `ron`, `json` or
    /// `pgn`.
    fn extension(self) -> &'static str;

    /// The pieces of the record `reader` holds.
    fn chunks<R: BufRead + Send>(
        self,
        reader: R,
    ) -> impl Iterator<Item = io::Result<Self::Chunk>> + Send;

    /// Where a piece starts in its record: its byte offset, and its line
    /// from 0.
    fn start(chunk: &Self::Chunk) -> (usize, usize);

    /// A piece's decoded text, and what it reads as.
    fn parse(chunk: &Self::Chunk) -> (Cow<'_, str>, Self::Parsed);

    /// Whether a piece read has a syntax error (not only warnings).
    fn broken(parsed: &Self::Parsed) -> bool;

    /// A piece's syntax errors and warnings, as problems in file order.
    fn syntax_problems(parsed: &Self::Parsed) -> Vec<Problem>;

    /// The canonical text of a piece's games; `games` counts the games
    /// written so far, and a game after the first is set off as the form
    /// wants.
    fn canonical_piece(parsed: &Self::Parsed, games: &mut usize) -> String;

    /// Whether a piece is its own canonical text, kept as it is read (a
    /// game as hnefatafl.org's server sends it).
    fn kept_as_read(_parsed: &Self::Parsed) -> bool {
        false
    }

    /// The games a piece holds.
    fn games_in(parsed: &Self::Parsed) -> usize;

    /// Writes the entry of the record read from `path` into the JSON
    /// document `out`: begun, with the games of each piece `pieces` hands
    /// over, and ended with what follows the games (HIRP's closing
    /// comments, an archive's header). With `positions`, each game is
    /// replayed under those options and written with its positions
    /// (`hirp json --positions`); a game whose rules are not known has
    /// none.
    fn json_entry<W: Write>(
        self,
        out: &mut DocumentWriter<W>,
        path: &str,
        positions: Option<&Self::Options>,
        pieces: Pieces<'_, Self::Parsed>,
    ) -> io::Result<()>;

    /// Writes the games of the record read from `path`, as `pieces` hands
    /// them over, to `out` as JSON Lines, one game a line, each with its
    /// positions when `positions` gives the options to replay it under
    /// (see [`Family::json_entry`]).
    fn json_lines(
        self,
        out: &mut dyn Write,
        path: &str,
        positions: Option<&Self::Options>,
        pieces: Pieces<'_, Self::Parsed>,
    ) -> io::Result<()>;

    /// Checks a record game by game, as deep and on as many threads as
    /// `check` says, under `options`, handing each game to `on_game` (which
    /// returns whether to go on); returns the bytes read, those of the
    /// text as it is read (a UTF-16 input's decoded to UTF-8, as
    /// `core::encoding::transcode` gives them).
    fn check<R: BufRead + Send>(
        self,
        reader: R,
        options: &Self::Options,
        check: CheckOptions,
        on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize>;

    /// A piece's bytes as read, and where the part of them to fix ends:
    /// before a line left unread.
    fn part(chunk: &Self::Chunk) -> (&[u8], usize);

    /// Checks `piece`, a version of the piece `chunk`, whose spans start at
    /// `base`, under `options`: its problems and their fixes.
    fn check_piece(
        chunk: &Self::Chunk,
        piece: &[u8],
        base: usize,
        options: &Self::Options,
    ) -> CheckedPiece;

    /// Corrects each chunk of a record in memory as `fixing` says, under
    /// `options`, and hands the chunks corrected to `take` in the record's
    /// order, until it returns `false`.
    fn fix_chunks(
        self,
        original: &[u8],
        options: &Self::Options,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) {
        let correct = |chunk: Self::Chunk| {
            let (bytes, end) = Self::part(&chunk);
            fixing.correct(Part {
                bytes,
                offset: Self::start(&chunk).0,
                end,
                check: &|piece, base| Self::check_piece(&chunk, piece, base, options),
            })
        };
        // Reading from memory cannot fail.
        let _ = fixing.each(
            self.chunks(original),
            |chunk| Self::part(chunk).0.len(),
            correct,
            take,
        );
    }

    /// A record's page, named `name`, replayed under `options`, packed game
    /// by game, as `hirp html` writes it.
    fn packed(self, name: &str, bytes: &[u8], options: &Self::Options) -> Packed;

    /// Hands each game of a record's page, named `name`, replayed under
    /// `options`, to `each` in order: returns the page's title and the
    /// problems that lie in no game.
    fn page_games(
        self,
        name: &str,
        bytes: &[u8],
        options: &Self::Options,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>);

    /// What the marks of a record's boards stand for, on its page.
    fn page_legend(self) -> Vec<Field>;

    /// The rule sets the family plays that rules may be given by, by name;
    /// none for a family that plays one set of rules.
    fn presets() -> Vec<Preset>;

    /// Random legal games drawn as `draw` says, under `options`, each the
    /// text of a record that holds it alone, one at a time, from the start
    /// of a game or from the position `draw` gives, written as the
    /// family's records start a game there (HIRP: a `[Position]` tag, the
    /// turns labelled on from it; tafl: the rules string's start the
    /// position, `atkf:` its side to move); `Err` when no game can be
    /// drawn (a tafl game needs a rule set) or the position will not do.
    fn generate(
        self,
        options: &Self::Options,
        draw: Draw<'_>,
    ) -> Result<impl Iterator<Item = String>, NoDraw>;

    /// The position after the turn labelled `turn` (`S3`, a tafl move's
    /// `3b`; the game's last when `None`) of game `number` (from 1) of
    /// `record`, replayed under `options` (past errors, with the nearest
    /// legal reading), drawn as `picture` says.
    fn board(
        self,
        record: RecordBytes<'_>,
        options: &Self::Options,
        number: usize,
        turn: Option<&str>,
        picture: Picture,
    ) -> Result<String, NoBoard>;

    /// The position `position` gives as text (as [`Draw::from`] takes
    /// it), under `options`, drawn as `picture` says, with no record: the
    /// side to move, and the result once the game is over.
    fn position_board(
        self,
        position: &str,
        options: &Self::Options,
        picture: Picture,
    ) -> Result<String, NoBoard>;

    /// The positions `wanted` of the games of `record`, replayed under
    /// `options` (past errors, with the nearest legal reading), each as
    /// one line, as `hirp position` prints it: the board, the side to move
    /// and the number of the turn it plays next (HIRP's line of
    /// `hirp::hirp::position::write`; a tafl position's OpenTafl record,
    /// `attackers` or `defenders`, and the move's number). Hands each
    /// game's lines, each ended by `\n`, to `each` with the game's number
    /// in order, until it returns `false`. `Err` for a record with no game
    /// that could be read, no game `wanted.game`, a game with no turn of
    /// the label asked for, or a game with no rules (tafl); a game's lines
    /// are handed over only once all of them are known.
    fn positions(
        self,
        record: RecordBytes<'_>,
        options: &Self::Options,
        wanted: Wanted<'_>,
        each: &mut dyn FnMut(usize, &str) -> bool,
    ) -> Result<(), NoBoard>;

    /// The forms `hirp convert` writes the family's games in: its own
    /// alone for a family of one form ([`Family::convert`]'s default).
    fn targets() -> Vec<Target>;

    /// Each game of `record` written in the form named `to` (one of
    /// [`Family::targets`]), replayed under `options`, or why it is not,
    /// handed to `each` with its number (from 1) in order, on `workers`
    /// threads, until it returns `false`; returns how many games were
    /// handed over. By default the family's own form: its canonical
    /// text, a piece at a time.
    fn convert(
        self,
        record: RecordBytes<'_>,
        options: &Self::Options,
        to: &str,
        workers: usize,
        each: &mut dyn FnMut(usize, Result<Converted, String>) -> bool,
    ) -> usize {
        let _ = (options, to);
        canonical_games(self, record, workers, each)
    }

    /// What parts two games written one after another in this form: a
    /// blank line (`"\n"`), or nothing where a game is a line.
    fn between(self) -> &'static str {
        "\n"
    }

    /// The cards of the games of `record` (what each game's record says,
    /// and what `wants` asks of its replay under `options`), handed to
    /// `each` in order, read on `workers` threads, until it returns
    /// `false`; returns how many were handed over, or the error reading
    /// the record stopped at (the cards before it were handed over). A
    /// record that names no rules is replayed under those `options` give,
    /// else not judged. Every game of the record is read, however many
    /// ([`Limits::COLLECTION`](crate::core::limits::Limits::COLLECTION)),
    /// a game at a time: the memory it takes is the games in flight, not
    /// the record.
    fn cards(
        self,
        record: crate::core::card::RecordReader<'_>,
        options: &Self::Options,
        wants: &Wants,
        workers: usize,
        each: &mut dyn FnMut(Card) -> bool,
    ) -> std::io::Result<usize>;

    /// The position `position` (a position line, as `hirp position`
    /// prints it; the side to move may be left out) as games of the family
    /// are matched against it ([`Card::passes`]); with `symmetric`, also
    /// its mirror images. `Err` says why it is no position of the family.
    fn through(position: &str, symmetric: bool) -> Result<Through, String>;

    /// A turn's label as the family writes it (`S3`; a tafl move's `3b`,
    /// `7a.1.2b`, or a variation's `7a.1`), from `text` as a person types
    /// it, in either case; `None` when it is not one.
    fn turn_label(text: &str) -> Option<String>;

    /// Game `number` (from 1) of `record`, read and replayed under
    /// `options` to be shown a position at a time, its problems those
    /// `shows` keeps.
    fn shown(
        self,
        record: RecordBytes<'_>,
        options: &Self::Options,
        number: usize,
        shows: &dyn Fn(&Problem) -> bool,
    ) -> Result<Self::Shown, NoBoard>;

    /// Two records of the family, each of its form, compared game by game,
    /// each replayed under `options`: where they part ways.
    fn compare(records: [(Self, RecordBytes<'_>); 2], options: &Self::Options) -> Comparison;

    /// The turns a record's page would show, and the name of the preset
    /// its rules are (those of `options`, else its first game's own), if
    /// any.
    fn page_turns(self, bytes: &[u8], options: &Self::Options) -> (usize, Option<String>);
}
