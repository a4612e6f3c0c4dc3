//! `hirp dedupe`: one copy of each game of records, the others named with
//! where their twin is.

use std::collections::HashMap;

use hirp::any::{AnyFamily, Job};
use hirp::core::card::{Card, Keys, Wants};
use hirp::core::family::{Family, RecordBytes};

use super::family::{RulesArg, archive_without_rules, family};
use super::games_out::GamesOut;
use super::input::{io_reason, read_input, shown, stdin_once};
use super::shard::Shard;
use super::{report::Reporter, status::Status};

/// Keep one copy of each game: the same moves, or the same final position.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is replayed, and two games are copies when they played the same
moves from the same start (--by moves), or ended in the same position
with the same side to move (--by position); with --symmetric, also when
one is the other turned or mirrored on its board (a HIRP game's final
position and its mirror image). One copy of each game is written, as its
record writes it, to standard output or -o; each other copy is named on
standard error with where the one kept is, and written to --dupes FILE
when given. --keep first keeps the first copy met (the files in the order
given, each game in order); --keep longest the one whose record writes
the most moves (the first of them), which reads the files twice.

On several machines, or to hold fewer keys in memory: --shard K/N
decides the games whose key hashes to K modulo N, each game with all its
copies, whatever file they are in; the N shards' games kept together are
those one run keeps (in the order of their shards), and their copies
dropped those it drops. Each shard reads and replays every game.

Exit status: 0 when no game had a copy, 1 when copies were dropped, 2 on
a usage error or a file that cannot be read (the others are still read).

Examples:
  hirp dedupe a.otg b.otg -o games.otg
  hirp dedupe --by position --symmetric --dupes twins.ron archived-games.ron
  hirp dedupe --rules copenhagen --keep longest games.csv")]
pub struct Args {
    /// Record files; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// What makes two games copies: the same moves, or the same final
    /// position.
    #[arg(long, value_enum, default_value_t = By::Moves)]
    by: By,

    /// Count a game turned or mirrored as a copy of it.
    #[arg(long)]
    symmetric: bool,

    /// Which copy to keep.
    #[arg(long, value_enum, default_value_t = Keep::First)]
    keep: Keep,

    /// Write the copies dropped to FILE.
    #[arg(long, value_name = "FILE")]
    dupes: Option<String>,

    /// Write the games kept to FILE, not to standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,

    /// Decide shard K of N alone (K from 1): the games whose key hashes to
    /// K modulo N.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,

    #[command(flatten)]
    rules: RulesArg,
}

/// What makes two games copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum By {
    /// The same moves from the same start.
    Moves,
    /// The same final position, and side to move.
    Position,
}

/// Which copy is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Keep {
    /// The first met.
    First,
    /// The one whose record writes the most moves.
    Longest,
}

/// Where a game is: the file's index among those given, its number, and
/// the moves its record writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    file: u32,
    number: u32,
    moves: u32,
}

impl Args {
    /// The key two copies share.
    fn key(&self, keys: &Keys) -> u64 {
        match (self.by, self.symmetric) {
            (By::Moves, false) => keys.moves,
            (By::Moves, true) => keys.moves_symmetric,
            (By::Position, false) => keys.end,
            (By::Position, true) => keys.end_symmetric,
        }
    }
}

/// A file to read: its path and its family, and its bytes if it is
/// standard input, which reads once; a file is read again at each pass,
/// so that one file at a time is held.
struct Read {
    path: String,
    family: AnyFamily,
    stdin: Option<Vec<u8>>,
}

impl Read {
    /// The file's bytes; `Err` if it no longer reads.
    fn bytes(&self) -> Result<std::borrow::Cow<'_, [u8]>, String> {
        match &self.stdin {
            Some(bytes) => Ok(std::borrow::Cow::Borrowed(bytes)),
            None => read_input(&self.path).map(|input| std::borrow::Cow::Owned(input.bytes)),
        }
    }
}

/// Runs `hirp dedupe`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if let Err(message) = stdin_once(&args.files) {
        reporter.error(&message);
        return Status::Failure;
    }
    let (mut out, mut dupes) = match (
        GamesOut::open(args.output.as_deref()),
        args.dupes.as_deref().map(|d| GamesOut::open(Some(d))),
    ) {
        (Ok(out), None) => (out, None),
        (Ok(out), Some(Ok(dupes))) => (out, Some(dupes)),
        (Err(message), _) | (_, Some(Err(message))) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    let rules = args.rules.rules.as_ref();
    let (files, mut failed) = read_files(&args.files, rules, reporter);
    // With --keep longest, a first reading finds the copy each key keeps.
    let mut kept: HashMap<u64, Place> = HashMap::new();
    if args.keep == Keep::Longest {
        for (n, file) in files.iter().enumerate() {
            each_card(
                file,
                n,
                &args,
                rules,
                (reporter, &mut failed),
                &mut |key, place, _| {
                    let longer = kept.get(&key).is_none_or(|k| place.moves > k.moves);
                    if longer {
                        kept.insert(key, place);
                    }
                },
            );
        }
    }
    let (mut games, mut copies) = (0usize, 0usize);
    for (n, file) in files.iter().enumerate() {
        let between = between(file.family);
        each_card(
            file,
            n,
            &args,
            rules,
            (reporter, &mut failed),
            &mut |key, place, card| {
                games += 1;
                let keeper = *kept.entry(key).or_insert(place);
                let target = if keeper == place {
                    &mut out
                } else {
                    copies += 1;
                    let twin = &files[keeper.file as usize].path;
                    reporter.note(&format!(
                        "{}: game {} is a copy of {}'s game {}",
                        shown(&file.path),
                        place.number,
                        shown(twin),
                        keeper.number
                    ));
                    match dupes.as_mut() {
                        Some(dupes) => dupes,
                        None => return,
                    }
                };
                target.write(&card.text, between);
            },
        );
    }
    let finished = out
        .finish()
        .and_then(|()| dupes.as_mut().map_or(Ok(()), GamesOut::finish));
    if let Err(e) = finished {
        reporter.error(&format!("cannot write the games: {}", io_reason(&e)));
        return Status::Failure;
    }
    summary(games, copies, failed, reporter)
}

/// Says how many games were read, kept and dropped; the exit status.
fn summary(games: usize, copies: usize, failed: bool, reporter: &Reporter) -> Status {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    reporter.note(&format!(
        "{games} game{}, {} kept, {copies} cop{} dropped",
        s(games),
        games - copies,
        if copies == 1 { "y" } else { "ies" }
    ));
    match (failed, copies) {
        (true, _) => Status::Failure,
        (false, 0) => Status::Ok,
        _ => Status::Invalid,
    }
}

/// The files at `paths`, each read and its family told: those that cannot
/// be read, or are archives with no rules to replay them under, reported
/// and left out (then `true`).
fn read_files(
    paths: &[String],
    rules: Option<&hirp::any::RulesChoice>,
    reporter: &Reporter,
) -> (Vec<Read>, bool) {
    let mut failed = false;
    let mut files = Vec::new();
    for path in paths {
        match read_input(path) {
            Ok(input) => {
                let family = family(path, rules, &input.bytes);
                if rules.is_none() && family.needs_rules() {
                    reporter.error(&archive_without_rules(path));
                    failed = true;
                    continue;
                }
                files.push(Read {
                    path: path.clone(),
                    family,
                    stdin: (path == "-").then_some(input.bytes),
                });
            }
            Err(message) => {
                reporter.error(&message);
                failed = true;
            }
        }
    }
    (files, failed)
}

/// What parts two games of a family's form.
fn between(family: AnyFamily) -> &'static str {
    struct Between;
    impl Job for Between {
        type Output = &'static str;
        fn run<F: Family>(self, family: F, _: &F::Options) -> &'static str {
            family.between()
        }
    }
    family.run(None, Between)
}

/// Hands each game of `file` (the `n`th given), replayed, to `each` with
/// its key, its place and its card; a game with no key (no rules to
/// replay it under) is its own. A file that no longer reads is reported
/// (then `failed`).
fn each_card(
    file: &Read,
    n: usize,
    args: &Args,
    rules: Option<&hirp::any::RulesChoice>,
    (reporter, failed): (&Reporter, &mut bool),
    each: &mut dyn FnMut(u64, Place, &Card),
) {
    let bytes = match file.bytes() {
        Ok(bytes) => bytes,
        Err(message) => {
            reporter.error(&message);
            *failed = true;
            return;
        }
    };
    struct Cards<'a, 'e> {
        file: &'a Read,
        bytes: &'a [u8],
        n: usize,
        args: &'a Args,
        each: &'e mut dyn FnMut(u64, Place, &Card),
    }
    impl Job for Cards<'_, '_> {
        type Output = ();
        fn run<F: Family>(self, family: F, options: &F::Options) {
            let workers = std::thread::available_parallelism().map_or(1, usize::from);
            let record = RecordBytes {
                path: &self.file.path,
                bytes: self.bytes,
            };
            let (n, args, each) = (self.n, self.args, self.each);
            family.cards(
                record,
                options,
                &Wants::replay(true),
                workers,
                &mut |card| {
                    let place = Place {
                        file: u32::try_from(n).unwrap_or(u32::MAX),
                        number: u32::try_from(card.number).unwrap_or(u32::MAX),
                        moves: u32::try_from(card.moves).unwrap_or(u32::MAX),
                    };
                    // A game with no key stands alone: its place is its key.
                    let key = card.keys.as_ref().map_or_else(
                        || hirp::core::card::key_of((n, card.offset, "alone")),
                        |keys| args.key(keys),
                    );
                    let shard = args.shard.is_none_or(|s| s.takes_key(key));
                    if shard {
                        each(key, place, &card);
                    }
                    true
                },
            );
        }
    }
    file.family.run(
        rules,
        Cards {
            file,
            bytes: &bytes,
            n,
            args,
            each,
        },
    );
}
