//! `hirp dedupe`: one copy of each game of records, the others named with
//! where their twin is.

use hirp::any::{AnyFamily, Job};
use hirp::core::card::RecordReader;
use hirp::core::card::{Card, Keys, Wants};
use hirp::core::family::Family;

use super::family::{RulesArg, archive_without_rules, family_of};
use super::games_out::GamesOut;
use super::input::{io_reason, open_input, read_input, shown, stdin_once, stopped_reading};
use super::progress::{Progress, places};
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
the most moves (the first of them).

The files are read twice, as streams: first replayed, to find the
copies, with a progress bar on a terminal; then to write them. Standard
input is read once and kept. What is held between the two readings is
sixteen bytes a game at most, whatever the size of the records.

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
/// standard input, which reads once; a file is read as a stream at each
/// pass, so that no file is held.
struct Read {
    path: String,
    family: AnyFamily,
    stdin: Option<Vec<u8>>,
}

/// What the first reading found of every game, in order (the files in the
/// order given, each game in order), by its index in that order: its key,
/// and with --keep longest the moves its record writes. Sixteen bytes a
/// game at most, whatever the records' size.
#[derive(Default)]
struct Found {
    keys: Vec<u64>,
    moves: Vec<u32>,
    /// The index of each file's first game.
    firsts: Vec<usize>,
}

/// What is done with each game, by its index: `KEEP`, `ANOTHER_SHARD`,
/// or the index of the copy kept.
const KEEP: u32 = u32::MAX;
const ANOTHER_SHARD: u32 = u32::MAX - 1;

impl Found {
    /// What is done with each game: the games of a key (each the shard's,
    /// when there is one) are one; the first of them is kept, or with
    /// `longest` the first of those whose record writes the most moves,
    /// and the others name it.
    fn decide(self, shard: Option<Shard>, longest: bool) -> Vec<u32> {
        let Found { keys, moves, .. } = self;
        let mut order: Vec<u32> = (0..keys.len() as u32).collect();
        order.sort_unstable_by_key(|&i| (keys[i as usize], i));
        let mut fate = vec![ANOTHER_SHARD; keys.len()];
        for twins in order.chunk_by(|&a, &b| keys[a as usize] == keys[b as usize]) {
            if !shard.is_none_or(|s| s.takes_key(keys[twins[0] as usize])) {
                continue;
            }
            let moves_of = |i: u32| moves.get(i as usize).copied().unwrap_or(0);
            let kept = match longest {
                // The most moves; of those, the first (the least index).
                true => twins
                    .iter()
                    .copied()
                    .max_by_key(|&i| (moves_of(i), std::cmp::Reverse(i))),
                false => twins.first().copied(),
            };
            let kept = kept.unwrap_or(twins[0]);
            for &i in twins {
                fate[i as usize] = if i == kept { KEEP } else { kept };
            }
        }
        fate
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
    let reading = Reading {
        files: &files,
        args: &args,
        rules,
        reporter,
    };
    let (fate, firsts) = reading.first(&mut failed);
    let written = Written {
        out: &mut out,
        dupes: dupes.as_mut(),
        games: 0,
        copies: 0,
    };
    let (games, copies) = reading.second(&fate, &firsts, written, &mut failed);
    let finished = out
        .finish()
        .and_then(|()| dupes.as_mut().map_or(Ok(()), GamesOut::finish));
    if let Err(e) = finished {
        reporter.error(&format!("cannot write the games: {}", io_reason(&e)));
        return Status::Failure;
    }
    summary(games, copies, failed, reporter)
}

/// The files read, and what reads them.
struct Reading<'a> {
    files: &'a [Read],
    args: &'a Args,
    rules: Option<&'a hirp::any::RulesChoice>,
    reporter: &'a Reporter,
}

/// Where the second reading writes: the games kept and the copies, and
/// how many of each it met.
struct Written<'o> {
    out: &'o mut GamesOut,
    dupes: Option<&'o mut GamesOut>,
    games: usize,
    copies: usize,
}

impl Reading<'_> {
    /// The first reading: every game replayed, its key alone kept, and a
    /// bar showing how far it is (nothing else is printed meanwhile).
    /// What is done with each game, and the index of each file's first.
    fn first(&self, failed: &mut bool) -> (Vec<u32>, Vec<usize>) {
        let paths: Vec<String> = self.files.iter().map(|f| f.path.clone()).collect();
        let (starts, total) = places(&paths);
        let progress = Progress::beside(total, false);
        let mut found = Found::default();
        let longest = self.args.keep == Keep::Longest;
        for (n, (file, start)) in self.files.iter().zip(starts).enumerate() {
            found.firsts.push(found.keys.len());
            let pass = Pass {
                file: n,
                replay: true,
                progress: Some((&progress, start)),
            };
            self.each_card(file, pass, failed, &mut |key, card| {
                found.keys.push(key);
                if longest {
                    let moves = card.moves.unwrap_or_default();
                    let moves = u32::try_from(moves).unwrap_or(u32::MAX);
                    found.moves.push(moves);
                }
            });
        }
        progress.clear();
        let firsts = std::mem::take(&mut found.firsts);
        (found.decide(self.args.shard, longest), firsts)
    }

    /// The second reading: each game kept written, each copy named with
    /// the place of its twin (its file, and its number there) and written
    /// to the copies. How many games were decided, and how many copies.
    fn second(
        &self,
        fate: &[u32],
        firsts: &[usize],
        mut to: Written<'_>,
        failed: &mut bool,
    ) -> (usize, usize) {
        let place = |index: usize| {
            let file = firsts
                .partition_point(|&first| first <= index)
                .saturating_sub(1);
            (file, index - firsts.get(file).copied().unwrap_or(0) + 1)
        };
        let mut index = 0usize;
        for (n, file) in self.files.iter().enumerate() {
            let between = between(file.family);
            let pass = Pass {
                file: n,
                replay: false,
                progress: None,
            };
            self.each_card(file, pass, failed, &mut |_, card| {
                let kept = fate.get(index).copied().unwrap_or(ANOTHER_SHARD);
                index += 1;
                if kept == ANOTHER_SHARD {
                    return;
                }
                to.games += 1;
                let target = match kept {
                    KEEP => &mut *to.out,
                    twin => {
                        to.copies += 1;
                        let (twin_file, twin_number) = place(twin as usize);
                        self.reporter.note(&format!(
                            "{}: game {} is a copy of {}'s game {}",
                            shown(&file.path),
                            card.number,
                            shown(&self.files[twin_file].path),
                            twin_number
                        ));
                        match to.dupes.as_deref_mut() {
                            Some(dupes) => dupes,
                            None => return,
                        }
                    }
                };
                target.write(&card.text, between);
            });
        }
        if index != fate.len() {
            // A file changed between the two readings.
            self.reporter
                .error("the files changed while they were read: run hirp dedupe again");
            *failed = true;
        }
        (to.games, to.copies)
    }
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

/// The files at `paths`, each with its family told (standard input read
/// and kept): those that cannot be read, or are archives with no rules to
/// replay them under, reported and left out (then `true`).
fn read_files(
    paths: &[String],
    rules: Option<&hirp::any::RulesChoice>,
    reporter: &Reporter,
) -> (Vec<Read>, bool) {
    let mut failed = false;
    let mut files = Vec::new();
    for path in paths {
        let told = family_of(path, rules).and_then(|family| {
            let stdin = match path == "-" {
                true => Some(read_input(path)?.bytes),
                false => None,
            };
            Ok((family, stdin))
        });
        match told {
            Ok((family, stdin)) => {
                if rules.is_none() && family.needs_rules() {
                    reporter.error(&archive_without_rules(path));
                    failed = true;
                    continue;
                }
                files.push(Read {
                    path: path.clone(),
                    family,
                    stdin,
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

/// How a file is read: replayed or not, with the bar and the place of its
/// first byte in the run.
struct Pass<'p> {
    /// The file's index among those read.
    file: usize,
    replay: bool,
    progress: Option<(&'p Progress, u64)>,
}

impl Reading<'_> {
    /// Hands each game of `file` to `each` with its card and, when `pass`
    /// replays, its key; a game with no key (no rules to replay it under)
    /// is its own. A file that does not read is reported (then `failed`).
    fn each_card(
        &self,
        file: &Read,
        pass: Pass<'_>,
        failed: &mut bool,
        each: &mut dyn FnMut(u64, &Card),
    ) {
        let (args, rules, reporter) = (self.args, self.rules, self.reporter);
        let mut stream = match &file.stdin {
            Some(bytes) => Box::new(bytes.as_slice()) as Box<dyn std::io::BufRead + Send>,
            None => match open_input(&file.path) {
                Ok(stream) => stream.reader,
                Err(message) => {
                    reporter.error(&message);
                    *failed = true;
                    return;
                }
            },
        };
        struct Cards<'a, 'e> {
            record: RecordReader<'a>,
            args: &'a Args,
            pass: Pass<'a>,
            each: &'e mut dyn FnMut(u64, &Card),
        }
        impl Job for Cards<'_, '_> {
            type Output = std::io::Result<usize>;
            fn run<F: Family>(self, family: F, options: &F::Options) -> std::io::Result<usize> {
                let workers = std::thread::available_parallelism().map_or(1, usize::from);
                let (args, each, pass) = (self.args, self.each, self.pass);
                let n = pass.file;
                // The second reading writes the games: their text is
                // enough.
                let wants = Wants {
                    moves: pass.replay,
                    ..Wants::replay(pass.replay)
                };
                family.cards(self.record, options, &wants, workers, &mut |card| {
                    if let Some((progress, start)) = pass.progress {
                        progress.at(start + (card.offset + card.text.len()) as u64);
                    }
                    // A game with no key stands alone: its place is its key.
                    let key = card.keys.as_ref().map_or_else(
                        || hirp::core::card::key_of((n, card.offset, "alone")),
                        |keys| args.key(keys),
                    );
                    each(key, &card);
                    true
                })
            }
        }
        let cards = Cards {
            record: RecordReader {
                path: &file.path,
                reader: &mut *stream,
            },
            args,
            pass,
            each,
        };
        if let Err(e) = file.family.run(rules, cards) {
            reporter.error(&stopped_reading(&file.path, &e));
            *failed = true;
        }
    }
}
