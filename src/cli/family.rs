//! Where a command meets the library's seam ([`hirp::any`]): a record
//! opened for a command, `--rules`, the family of a file told by reading
//! its head.

use std::io::{self, BufRead, Read as _};

use ::hirp::any::{AnyFamily, Job, RulesChoice, rules_choice};
use ::hirp::core::escape;
use ::hirp::core::family::Family;

use super::{input::shown, report::Reporter, status::Status};

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

/// A piece of a record: a chunk of whole games as read.
pub struct RecordPiece<'a> {
    /// Its decoded text.
    pub text: &'a str,
    /// The number of lines before it in the file.
    pub line: usize,
    /// It holds a syntax error (a warning is not one).
    pub broken: bool,
    /// Its canonical form, as it follows the games before it.
    pub canonical: String,
}

/// Reads a record of any family piece by piece, reporting syntax errors
/// (status 1) and failures to read (status 2) as they come, handing each
/// piece to `on_piece`; `games` counts the games read.
pub fn pieces(
    family: AnyFamily,
    opened: Opened<'_>,
    games: &mut usize,
    on_piece: impl FnMut(RecordPiece<'_>) -> io::Result<()>,
) -> io::Result<()> {
    struct Pieces<'a, 'b, P> {
        opened: Opened<'a>,
        games: &'b mut usize,
        on_piece: P,
    }
    impl<P: FnMut(RecordPiece<'_>) -> io::Result<()>> Job for Pieces<'_, '_, P> {
        type Output = io::Result<()>;
        fn run<F: Family>(mut self, family: F, _: &F::Options) -> io::Result<()> {
            let opened = self.opened;
            let (path, reporter, status) = (opened.path, opened.reporter, opened.status);
            let chunks = family.chunks(opened.reader);
            super::reading::each_chunk::<F>(chunks, path, reporter, status, |read| {
                let mut canonical = F::canonical_piece(read.parsed, self.games);
                if F::kept_as_read(read.parsed) {
                    canonical = read.text.to_owned();
                }
                (self.on_piece)(RecordPiece {
                    text: read.text,
                    line: F::start(read.chunk).1,
                    broken: F::broken(read.parsed),
                    canonical,
                })
            })
        }
    }
    family.run(
        None,
        Pieces {
            opened,
            games,
            on_piece,
        },
    )
}

/// The canonical form of a record of `family` in memory, as `hirp fmt`
/// writes it, or `None` when it has a syntax error or holds no game: its
/// [`pieces`], joined.
pub fn canonical(family: AnyFamily, bytes: &[u8]) -> Option<String> {
    let (mut status, mut games, mut canonical) = (Status::Ok, 0, String::new());
    let opened = Opened {
        reader: Box::new(io::Cursor::new(bytes.to_vec())),
        path: "-",
        reporter: &Reporter::quiet(),
        status: &mut status,
    };
    // Reading from memory cannot fail.
    let _ = pieces(family, opened, &mut games, |piece| {
        if !piece.broken {
            canonical.push_str(&piece.canonical);
        }
        Ok(())
    });
    (status == Status::Ok && games > 0).then_some(canonical)
}

/// The family of the record at `file` as [`family_of`] tells it; with
/// no file, HIRP's, the family of the rulebook's example game.
pub fn of_file(file: Option<&str>, rules: Option<&RulesChoice>) -> Result<AnyFamily, String> {
    file.map_or(Ok(AnyFamily::HIRP), |path| family_of(path, rules))
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

/// Notes, once, that `--rules` is left aside for the records among
/// `paths` whose names say a family that plays one set of rules (HIRP's,
/// `*.hirp`).
pub fn rules_left_aside<'a>(
    rules: Option<&RulesChoice>,
    paths: impl IntoIterator<Item = &'a str>,
    reporter: &Reporter,
) {
    if rules.is_none() {
        return;
    }
    let one_rule_set = |path: &&str| AnyFamily::by_name(path).is_some_and(|f| !f.takes_rules());
    let aside: Vec<&str> = paths.into_iter().filter(one_rule_set).collect();
    let Some(family) = aside.first().and_then(|path| AnyFamily::by_name(path)) else {
        return;
    };
    let name = family.name();
    match aside.as_slice() {
        [] => {}
        [one] => reporter.note(&format!(
            "--rules is for tafl records: {} is a {name} record, read by {name}'s rules.",
            shown(one)
        )),
        [first, ..] => reporter.note(&format!(
            "--rules is for tafl records: the {} {name} records ({}, ...) are read by {name}'s rules.",
            aside.len(),
            shown(first)
        )),
    }
}

/// Why the archive at `path` cannot be judged without `--rules`, naming
/// the presets.
pub fn archive_without_rules(path: &str) -> String {
    format!(
        "{} is an archive of tafl games, which names no rule set: give --rules, a preset ({}: \
         `hirp rules` says what each is) or a rules string",
        escape(shown(path)),
        preset_names()
    )
}

/// The family of the record at `path`, from `head`, the start of its text,
/// as [`AnyFamily::recognise`] tells it, `--rules` given or not.
pub fn family(path: &str, rules: Option<&RulesChoice>, head: &[u8]) -> AnyFamily {
    AnyFamily::recognise(path, head, rules.is_some())
}

/// The family of the record at `path` (`-` for standard input), reading
/// as much of it as [`family`] needs. `Err` with the message when it cannot
/// be read.
pub fn family_of(path: &str, rules: Option<&RulesChoice>) -> Result<AnyFamily, String> {
    if let Some(family) = AnyFamily::by_name(path) {
        return Ok(family);
    }
    let head = if path == "-" {
        super::input::read_input(path)?.bytes
    } else {
        let mut head = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(HEAD).read_to_end(&mut head))
            .map_err(|e| format!("cannot read {path}: {}", super::input::io_reason(&e)))?;
        head
    };
    Ok(family(path, rules, &head))
}

/// The bytes of a file read to tell its family: enough for a first line.
const HEAD: u64 = 1 << 13;

/// The names of the presets, `, ` apart.
fn preset_names() -> String {
    let presets = AnyFamily::presets();
    let names: Vec<&str> = presets.iter().map(|p| p.name).collect();
    names.join(", ")
}
