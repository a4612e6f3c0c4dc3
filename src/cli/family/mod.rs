//! The seam through which every command reaches a family of games: HIRP,
//! or a tafl game in one of its two forms. A record's family is told here,
//! by the file's extension (`.hirp`, `.otg`, `.csv`), and for standard
//! input or any other file by how its text starts; what a command needs of
//! a family (checking, fixing, the canonical form, the JSON document, the
//! page, the game shown by `board` and `replay`, `diff`) is asked of the
//! [`Family`] told, and each family answers in its own file (`hirp.rs`,
//! `tafl.rs`) by implementing [`GameFamily`]. Commands never name a family.
//!
//! [`Family`] is an enum that hands each call to its family's
//! [`GameFamily`], rather than a `dyn GameFamily`: the families are few and
//! known when the program is built, so a family told stays a small value
//! that is copied and compared; the operations keep their generic
//! callbacks (checking calls one for every game, on the hot path) with no
//! boxing; and `diff`, which takes two records, sees both families without
//! casting one down. A third family is a variant, a file implementing
//! [`GameFamily`], and an arm in `each_family!` and in the telling, all
//! in this folder: no command changes.

mod hirp;
mod tafl;

pub use hirp::Hirp;
pub use tafl::Tafl;

use std::borrow::Cow;
use std::io::{self, BufRead, Read as _, Write};

use ::hirp::core::CheckOptions;
use ::hirp::core::json::problem::Diagnostic;
use ::hirp::diagnostic::Problem;
use ::hirp::hirp::syntax::{escape, starts_record};
use ::hirp::json::DocumentWriter;
use ::hirp::page::Packed;
use ::hirp::page::{Field, GamePage};
use ::hirp::tafl::replay::{RulesChoice, rules_choice};
use ::hirp::tafl::rules::RuleSet;
use ::hirp::tafl::syntax::Form;

use super::judged::Judged;
use super::pieces::Piece;
use super::{Reporter, Status, shown};
use ::hirp::core::fix::{FixedChunk, Fixing};

/// A record opened to be read.
pub type Reader = Box<dyn BufRead + Send>;

/// A record opened for a command: its reader, its path as messages show
/// it, and where what is found in it is reported and counted.
pub struct Opened<'a> {
    /// Its reader.
    pub reader: Reader,
    /// Its path, as messages show it.
    pub path: &'a str,
    /// Where its problems and failures to read are reported.
    pub reporter: &'a Reporter,
    /// The command's status, raised by what is found.
    pub status: &'a mut Status,
}

/// How a family's record is read piece by piece (chunks of whole games,
/// within the limits) by [`each_chunk`](super::each_chunk).
pub trait Reading: Sized {
    /// A piece of a record, as cut.
    type Chunk;
    /// What a piece reads as.
    type Parsed;

    /// The pieces of the record `reader` holds.
    fn chunks<R: BufRead>(&self, reader: R) -> impl Iterator<Item = io::Result<Self::Chunk>>;

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
}

/// What the commands need of a family of records, each operation as every
/// command does it whatever the family.
pub trait GameFamily: Reading {
    /// The family's name in messages and `serve`'s headers: `HIRP`, `tafl`.
    fn name(&self) -> &'static str;

    /// The extension of its files: `hirp`, `otg` or `csv`.
    fn extension(&self) -> &'static str;

    /// Checks a record game by game, as deep and on as many threads as
    /// `options` say, handing each game to `on_game` (which returns whether
    /// to go on); returns the bytes read. A tafl record is replayed under
    /// `rules` if given, else under its rules tag.
    fn check_input(
        &self,
        reader: Reader,
        rules: Option<&RuleSet>,
        options: CheckOptions,
        on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize>;

    /// Checks a record in memory game by game, to the rules, handing each
    /// game to `on_game`.
    fn check_bytes(
        &self,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        on_game: impl FnMut(Judged<'_>) -> bool,
    );

    /// Reads a record piece by piece, reporting syntax errors (status 1)
    /// and failures to read (status 2) as they come, handing each piece to
    /// `on_piece`; `games` counts the games read.
    fn pieces(
        &self,
        opened: Opened<'_>,
        games: &mut usize,
        mut on_piece: impl FnMut(Piece<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        let (path, reporter, status) = (opened.path, opened.reporter, opened.status);
        let chunks = self.chunks(opened.reader);
        super::each_chunk::<Self>(chunks, path, reporter, status, |read| {
            on_piece(Piece {
                text: read.text,
                line: Self::start(read.chunk).1,
                broken: Self::broken(read.parsed),
                canonical: Self::canonical_piece(read.parsed, games),
            })
        })
    }

    /// The canonical form of a record in memory, as `hirp fmt` writes it,
    /// or `None` when it has a syntax error or holds no game: its
    /// [`pieces`](GameFamily::pieces), joined.
    fn canonical(&self, bytes: &[u8]) -> Option<String> {
        let (mut status, mut games, mut canonical) = (Status::Ok, 0, String::new());
        let opened = Opened {
            reader: Box::new(io::Cursor::new(bytes.to_vec())),
            path: "-",
            reporter: &Reporter::quiet(),
            status: &mut status,
        };
        // Reading from memory cannot fail.
        let _ = self.pieces(opened, &mut games, |piece| {
            if !piece.broken {
                canonical.push_str(&piece.canonical);
            }
            Ok(())
        });
        (status == Status::Ok && games > 0).then_some(canonical)
    }

    /// Corrects each chunk of a record in memory as `fixing` says, a tafl
    /// game checked under `rules` if given, and hands the chunks corrected
    /// to `take` in the record's order, until it returns `false`.
    fn fix_chunks(
        &self,
        original: &[u8],
        rules: Option<&RuleSet>,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    );

    /// Writes a record's file into the JSON document `writer`.
    fn json_document<W: Write>(
        &self,
        writer: &mut DocumentWriter<W>,
        opened: Opened<'_>,
    ) -> io::Result<()>;

    /// Writes a record's games to `out` as JSON Lines, one game a line.
    fn json_lines(&self, out: &mut dyn Write, opened: Opened<'_>) -> io::Result<()>;

    /// A record's page, named `name`, a tafl one replayed under `rules`,
    /// packed game by game, as `hirp html` writes it.
    fn packed(&self, name: &str, bytes: &[u8], rules: Option<&RuleSet>) -> Packed;

    /// Hands each game of a record's page, named `name`, a tafl one
    /// replayed under `rules`, to `each` in order, as `hirp html` writes it:
    /// returns the page's title and the problems that lie in no game.
    fn page_games(
        &self,
        name: &str,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>);

    /// What the marks of a record's boards stand for, on its page.
    fn page_legend(&self) -> Vec<Field>;

    /// The turns a record's page would show, and the name of the preset its
    /// rules are (those given, else its first game's rules tag's), if any.
    fn page_turns(&self, bytes: &[u8], rules: Option<&RulesChoice>) -> (usize, Option<String>);

    /// Runs `hirp board` on a record of the family.
    fn board(&self, args: super::board::Args, reporter: &Reporter, color: bool) -> Status;

    /// Runs `hirp replay` on a record of the family.
    fn replay(&self, args: super::replay::Args, reporter: &Reporter, color: bool) -> Status;

    /// Runs `hirp diff` on two records of the family, this one's at
    /// `paths[0]` and `other`'s at `paths[1]`.
    fn diff(
        &self,
        other: &Self,
        paths: [&str; 2],
        rules: Option<&RulesChoice>,
        reporter: &Reporter,
    ) -> Status;
}

/// A family of records, as told: each call is its family's
/// [`GameFamily`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// HIRP's notation, `.hirp`.
    Hirp,
    /// A tafl record.
    Tafl(Form),
}

/// Runs `$body` with `$seam` bound to the [`GameFamily`] of `$family`.
macro_rules! each_family {
    ($family:expr, $seam:ident => $body:expr) => {
        match $family {
            Family::Hirp => {
                let $seam = hirp::Hirp;
                $body
            }
            Family::Tafl(form) => {
                let $seam = tafl::Tafl(form);
                $body
            }
        }
    };
}

impl Family {
    /// The family's name: `HIRP`, `tafl`.
    pub fn name(self) -> &'static str {
        each_family!(self, f => f.name())
    }

    /// The extension of the family's files: `hirp`, `otg` or `csv`.
    pub fn extension(self) -> &'static str {
        each_family!(self, f => f.extension())
    }

    /// Whether a record of this family and form names no rule set of its
    /// own, and so cannot be judged without `--rules`: a tafl archive.
    pub fn needs_rules(self) -> bool {
        self == Family::Tafl(Form::Csv)
    }

    /// The form of a tafl record, `None` for another family's.
    pub fn tafl_form(self) -> Option<Form> {
        match self {
            Family::Tafl(form) => Some(form),
            Family::Hirp => None,
        }
    }

    /// See [`GameFamily::check_input`].
    pub fn check_input(
        self,
        reader: Reader,
        rules: Option<&RuleSet>,
        options: CheckOptions,
        on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        each_family!(self, f => f.check_input(reader, rules, options, on_game))
    }

    /// See [`GameFamily::check_bytes`].
    pub fn check_bytes(
        self,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        on_game: impl FnMut(Judged<'_>) -> bool,
    ) {
        each_family!(self, f => f.check_bytes(bytes, rules, on_game))
    }

    /// See [`GameFamily::pieces`].
    pub fn pieces(
        self,
        opened: Opened<'_>,
        games: &mut usize,
        on_piece: impl FnMut(Piece<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        each_family!(self, f => f.pieces(opened, games, on_piece))
    }

    /// See [`GameFamily::canonical`].
    pub fn canonical(self, bytes: &[u8]) -> Option<String> {
        each_family!(self, f => f.canonical(bytes))
    }

    /// See [`GameFamily::fix_chunks`].
    pub fn fix_chunks(
        self,
        original: &[u8],
        rules: Option<&RuleSet>,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) {
        each_family!(self, f => f.fix_chunks(original, rules, fixing, take))
    }

    /// See [`GameFamily::json_document`].
    pub fn json_document<W: Write>(
        self,
        writer: &mut DocumentWriter<W>,
        opened: Opened<'_>,
    ) -> io::Result<()> {
        each_family!(self, f => f.json_document(writer, opened))
    }

    /// See [`GameFamily::json_lines`].
    pub fn json_lines(self, out: &mut dyn Write, opened: Opened<'_>) -> io::Result<()> {
        each_family!(self, f => f.json_lines(out, opened))
    }

    /// See [`GameFamily::packed`].
    pub fn packed(self, name: &str, bytes: &[u8], rules: Option<&RuleSet>) -> Packed {
        each_family!(self, f => f.packed(name, bytes, rules))
    }

    /// See [`GameFamily::page_games`].
    pub fn page_games(
        self,
        name: &str,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        each_family!(self, f => f.page_games(name, bytes, rules, each))
    }

    /// See [`GameFamily::page_legend`].
    pub fn page_legend(self) -> Vec<Field> {
        each_family!(self, f => f.page_legend())
    }

    /// See [`GameFamily::page_turns`].
    pub fn page_turns(self, bytes: &[u8], rules: Option<&RulesChoice>) -> (usize, Option<String>) {
        each_family!(self, f => f.page_turns(bytes, rules))
    }

    /// See [`GameFamily::board`].
    pub fn board(self, args: super::board::Args, reporter: &Reporter, color: bool) -> Status {
        each_family!(self, f => f.board(args, reporter, color))
    }

    /// See [`GameFamily::replay`].
    pub fn replay(self, args: super::replay::Args, reporter: &Reporter, color: bool) -> Status {
        each_family!(self, f => f.replay(args, reporter, color))
    }

    /// The family of the record at `file` as [`family_of`] tells it; with
    /// no file, HIRP's, the family of the rulebook's example game.
    pub fn of_file(file: Option<&str>, rules: Option<&RulesChoice>) -> Result<Family, String> {
        file.map_or(Ok(Family::Hirp), |path| family_of(path, rules))
    }
}

/// Runs `hirp diff` on the records at `paths`, of `families`; `Err` with
/// the usage error when they are records of two families.
pub fn diff(
    paths: [&str; 2],
    families: [Family; 2],
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
) -> Result<Status, String> {
    match families {
        [Family::Hirp, Family::Hirp] => Ok(hirp::Hirp.diff(&hirp::Hirp, paths, rules, reporter)),
        [Family::Tafl(a), Family::Tafl(b)] => {
            Ok(tafl::Tafl(a).diff(&tafl::Tafl(b), paths, rules, reporter))
        }
        [a, b] => {
            // Named in the families' order: HIRP's first.
            let (first, second) = if a == Family::Hirp {
                ((paths[0], a), (paths[1], b))
            } else {
                ((paths[1], b), (paths[0], a))
            };
            Err(format!(
                "hirp diff compares two records of one game: {} is a {} record, {} a {} record",
                escape(shown(first.0)),
                first.1.name(),
                escape(shown(second.0)),
                second.1.name()
            ))
        }
    }
}

/// `--rules`, shared by the commands that read records.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArg {
    /// Tafl: the rule set, a preset (brandub, copenhagen, tablut...: `hirp
    /// rules` lists them) or an OpenTafl rules string ("dim:7 esc:c
    /// start:/3t3/..."); without
    /// it, a game file's [rules:] tag. A record whose name and first line
    /// say neither family is read as tafl when --rules is given.
    #[arg(long, value_name = "NAME|RULESTRING", value_parser = parse_rules)]
    pub rules: Option<RulesChoice>,
}

fn parse_rules(text: &str) -> Result<RulesChoice, String> {
    rules_choice(text)
}

/// Notes, once, that `--rules` is left aside for the HIRP records among
/// `paths` (those named `*.hirp`): it chooses among tafl rule sets, and
/// HIRP has one.
pub fn rules_left_aside<'a>(
    rules: Option<&RulesChoice>,
    paths: impl IntoIterator<Item = &'a str>,
    reporter: &Reporter,
) {
    if rules.is_none() {
        return;
    }
    let hirp: Vec<&str> = paths
        .into_iter()
        .filter(|path| is_named_hirp(path))
        .collect();
    match hirp.as_slice() {
        [] => {}
        [one] => reporter.note(&format!(
            "--rules is for tafl records: {} is a HIRP record, read by HIRP's rules.",
            shown(one)
        )),
        [first, ..] => reporter.note(&format!(
            "--rules is for tafl records: the {} HIRP records ({}, ...) are read by HIRP's rules.",
            hirp.len(),
            shown(first)
        )),
    }
}

/// Whether `path` ends in `.hirp`, in any case.
fn is_named_hirp(path: &str) -> bool {
    std::path::Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("hirp"))
}

/// Why the archive at `path` cannot be judged without `--rules`, naming
/// the presets.
pub fn archive_without_rules(path: &str) -> String {
    format!(
        "{} is an archive of tafl games, which names no rule set: give --rules, a preset ({}: \
         `hirp rules` says what each is) or a rules string",
        escape(shown(path)),
        RuleSet::PRESETS.join(", ")
    )
}

/// The family of the record at `path`, from `head`, the start of its text:
/// by the extension when it names one (`.hirp`, `.otg`, `.csv`); else by
/// the first line that is not blank, as HIRP's or OpenTafl's (a tag, a
/// turn, a comment; an archive's header or line of plies); else, with
/// `--rules`, a tafl record (an archive if that line holds a comma); else
/// HIRP.
pub fn family(path: &str, rules: Option<&RulesChoice>, head: &[u8]) -> Family {
    let extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str());
    if let Some(form) = extension.and_then(Form::from_extension) {
        return Family::Tafl(form);
    }
    if extension.is_some_and(|e| e.eq_ignore_ascii_case("hirp")) {
        return Family::Hirp;
    }
    let first = first_line(head);
    if let Some(form) = Form::of_first_line(first) {
        return Family::Tafl(form);
    }
    if rules.is_none() || starts_record(first) {
        return Family::Hirp;
    }
    if first.contains(&b',') && !first.starts_with(b"[") {
        Family::Tafl(Form::Csv)
    } else {
        Family::Tafl(Form::Otg)
    }
}

/// The family of the record at `path` (`-` for standard input), reading
/// as much of it as [`family`] needs. `Err` with the message when it cannot
/// be read.
pub fn family_of(path: &str, rules: Option<&RulesChoice>) -> Result<Family, String> {
    let named = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("hirp") || Form::from_extension(e).is_some());
    if named {
        return Ok(family(path, rules, b""));
    }
    let head = if path == "-" {
        super::read_input(path)?.bytes
    } else {
        let mut head = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(HEAD).read_to_end(&mut head))
            .map_err(|e| format!("cannot read {path}: {}", super::io_reason(&e)))?;
        head
    };
    Ok(family(path, rules, &head))
}

/// The bytes of a file read to tell its family: enough for a first line.
const HEAD: u64 = 1 << 13;

/// The first line of `head` that is not blank, without its line end and a
/// byte order mark.
fn first_line(head: &[u8]) -> &[u8] {
    let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    head.split(|&b| b == b'\n' || b == b'\r')
        .find(|l| !l.trim_ascii().is_empty())
        .unwrap_or_default()
}
