//! `hirp stats`: per player and per variant, the results of a collection's
//! games, and ratings computed from them; on one machine, or in shards
//! merged.

use hirp::any::Job;
use hirp::core::card::RecordReader;
use hirp::core::card::{Card, Wants};
use hirp::core::family::Family;
use hirp::core::stats::{
    GameOrder, Outcome, RatingOptions, RecordedRating, StatsGame, Tally, render,
};

use super::family::{RulesArg, archive_without_rules};
use super::input::{stdin_once, stopped_reading};
use super::progress::{Progress, places};
use super::shard::{Shard, merge_parts, open_record, shard_help};
use super::{report::Reporter, status::Status, stdout::write_stdout};

/// Per player and per variant, the results of the games, and ratings.
#[derive(Debug, clap::Args)]
#[command(after_help = concat!("\
Each game is replayed (an archive under --rules) and counted: per player,
games, wins, losses, draws and unfinished games, in all and by side; per
variant, each side's wins and share, the draws, the endings and the games'
lengths; and ratings computed from the finished games between two named
players in their order (the files in the order given, each game in
order): Elo (k 32) and Glicko-2 (τ 0.5), beside the last rating each
player's records carry (hnefatafl.org's). An unfinished game counts as a
game and changes no rating; a game a record marks unrated changes none.

On several machines: each runs --shard K/N over the same files, in the
same order, with --tally, which writes its part as JSON; --merge PART...
then reads the parts and reports exactly what one run over all the files
reports (docs/guide.md has recipes for GNU parallel, Slurm and
Kubernetes).

", shard_help!(), "

Examples:
  hirp stats archived-games.ron
  hirp stats --format json games/*.otg
  hirp stats --shard 1/3 --tally a/*.ron > part-1.json   (and 2/3, 3/3)
  hirp stats --merge part-1.json part-2.json part-3.json"))]
pub struct Args {
    /// Record files; `-` reads standard input. With --merge, the parts.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Print text tables, or the report as JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Count the games of shard K of N alone (K from 1): whole files, or
    /// a byte range of one file.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,

    /// Write the tally, to be merged with --merge, not the report.
    #[arg(long, conflicts_with = "merge")]
    tally: bool,

    /// Read the files as tallies written with --tally, merged.
    #[arg(long)]
    merge: bool,

    #[command(flatten)]
    rules: RulesArg,
}

/// The form of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Text tables.
    Text,
    /// JSON.
    Json,
}

/// Runs `hirp stats`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if let Err(message) = stdin_once(&args.files) {
        reporter.error(&message);
        return Status::Failure;
    }
    let (tally, failed) = match args.merge {
        true => merged(&args.files, reporter),
        false => counted(&args, reporter),
    };
    let text = if args.tally {
        serde_json::to_string(&tally).unwrap_or_default() + "\n"
    } else {
        let report = tally.report(&RatingOptions::default());
        match args.format {
            Format::Text => render(&report),
            Format::Json => serde_json::to_string_pretty(&report).unwrap_or_default() + "\n",
        }
    };
    if let Err(message) = write_stdout(&text) {
        reporter.error(&message);
        return Status::Failure;
    }
    if failed { Status::Failure } else { Status::Ok }
}

/// The tallies of `paths` merged; whether one could not be read.
fn merged(paths: &[String], reporter: &Reporter) -> (Tally, bool) {
    let mut tally = Tally::new();
    let read = |text: &str| Tally::from_json(text).map_err(|e| e.to_string());
    let failed = merge_parts(paths, reporter, read, |part| tally.merge(part));
    (tally, failed)
}

/// The tally of the games of the files of `args` (of its shard alone);
/// whether a file could not be read.
fn counted(args: &Args, reporter: &Reporter) -> (Tally, bool) {
    let rules = args.rules.rules.as_ref();
    let mut tally = Tally::new();
    let mut failed = false;
    let (starts, total) = places(&args.files);
    let progress = Progress::beside(total, false);
    for (n, (path, start)) in args.files.iter().zip(starts).enumerate() {
        let opened = open_record(args.shard, args.files.len(), path, rules);
        let ((mut stream, within), family) = match opened {
            Ok(Some(opened)) => opened,
            Ok(None) => continue,
            Err(message) => {
                reporter.error(&message);
                failed = true;
                continue;
            }
        };
        if rules.is_none() && family.needs_rules() {
            reporter.error(&archive_without_rules(path));
            failed = true;
            continue;
        }
        let job = Count {
            record: RecordReader {
                path,
                reader: &mut *stream.reader,
            },
            file: n,
            within,
            progress: (&progress, start),
            tally: &mut tally,
        };
        if let Err(e) = family.run(rules, job) {
            reporter.error(&stopped_reading(path, &e));
            failed = true;
        }
    }
    progress.clear();
    (tally, failed)
}

/// What `hirp stats` asks of a family: each game of a record, replayed,
/// counted.
struct Count<'a, 't> {
    record: RecordReader<'a>,
    file: usize,
    within: Option<std::ops::Range<usize>>,
    /// The bar, and the place of the record's first byte in the run.
    progress: (&'a Progress, u64),
    tally: &'t mut Tally,
}

impl Job for Count<'_, '_> {
    type Output = std::io::Result<usize>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> std::io::Result<usize> {
        let workers = std::thread::available_parallelism().map_or(1, usize::from);
        let (file, tally) = (self.file as u64, self.tally);
        let (progress, start) = self.progress;
        let wants = Wants {
            within: self.within,
            ..Wants::replay(true)
        };
        family.cards(self.record, options, &wants, workers, &mut |card| {
            progress.at(start + (card.offset + card.text.len()) as u64);
            tally.add(&stats_game::<F>(&card, file));
            true
        })
    }
}

/// A card as the tally counts it.
fn stats_game<F: Family>(card: &Card, file: u64) -> StatsGame<'_> {
    let result = card.verdict.as_ref().and_then(|v| v.result.as_ref());
    let outcome = match result {
        None => Outcome::Unfinished,
        Some(ending) => match ending.winner {
            None => Outcome::Draw,
            Some(side) => F::SIDES
                .iter()
                .position(|s| *s == side)
                .and_then(Outcome::won)
                .unwrap_or(Outcome::Unfinished),
        },
    };
    let rating = |n: usize| {
        let (rating, rd) = card.ratings[n].as_ref()?;
        Some(RecordedRating {
            rating: rating.parse().ok()?,
            rd: rd.as_ref().and_then(|rd| rd.parse().ok()),
        })
    };
    StatsGame {
        players: [card.players[0].as_deref(), card.players[1].as_deref()],
        sides: F::SIDES,
        outcome,
        ending: result.map(|r| r.victory),
        variant: Some(card.rules.as_deref().unwrap_or(F::ID)),
        moves: card.moves.unwrap_or_default() as u64,
        rated: card.rated,
        ratings: [rating(0), rating(1)],
        order: GameOrder::new(file, card.offset as u64),
    }
}
