//! `hirp select`: the games of records that match filters, written in
//! their own form, or counted.

use std::io::IsTerminal;

use hirp::any::{AnyFamily, Job};
use hirp::core::card::RecordReader;
use hirp::core::card::{Card, Wants};
use hirp::core::family::Family;

use super::family::{RulesArg, archive_without_rules};
use super::games_out::GamesOut;
use super::input::{io_reason, stdin_once, stopped_reading};
use super::progress::{Progress, places};
use super::shard::{Shard, open_record, shard_help};
use super::{report::Reporter, status::Status};

/// Write the games that match every filter given, in their own form.
#[derive(Debug, clap::Args)]
#[command(after_help = concat!("\
Each game of each file is kept when it matches every filter given; the
games kept are written to standard output (or -o) as their records write
them, one after another, or counted (--count).

Filters on what a record says need no replay: --player (either side),
--attacker and --defender (tafl), --gull and --silfr (HIRP), --variant,
--moves, --tag, --date, --rated. Filters on what the rules say replay each
game: --winner, --ending, --valid, --invalid, --position. Names and tag
keys are matched in any case, values exactly.

--position takes a position line as `hirp position` prints it: a tafl
board in OpenTafl's notation (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`) or a
HIRP board (`LK2/H3/-/-/-/-/-/-/-/l/-/-`), then if wanted the side to move
(the move number is not compared). A game passes through it when its start
or the position after one of its moves has that board (and side to move).
With --symmetric, a board's mirror images match too: a tafl board turned
or reflected (eight in all), a HIRP board with Norðr and Suðr swapped.

Exit status: 0 when a game was selected, 1 when none was, 2 on a usage
error or a file that cannot be read (the others are still read).

", shard_help!(), " The shards of one file, written one after
another in the order of K, are what one run writes.

Examples:
  hirp select --player ragnar archived-games.ron
  hirp select --winner defenders --ending king-escaped --count games.otg
  hirp select --variant copenhagen --moves 40.. -o long.otg games/*.otg
  hirp select --tag event='Club evening' --date 2026-01..2026-03 games.otg
  hirp select --invalid --rules brandubh-online brandubh.csv
  hirp select --position '/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3tK2/' --symmetric \
      --rules brandub brandub.otg"))]
pub struct Args {
    /// Record files; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Games NAME played, on either side.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,

    /// Tafl games whose attackers NAME played.
    #[arg(long, value_name = "NAME")]
    attacker: Option<String>,

    /// Tafl games whose defenders NAME played.
    #[arg(long, value_name = "NAME")]
    defender: Option<String>,

    /// HIRP games whose Gull NAME played.
    #[arg(long, value_name = "NAME")]
    gull: Option<String>,

    /// HIRP games whose Silfr NAME played.
    #[arg(long, value_name = "NAME")]
    silfr: Option<String>,

    /// Games SIDE won (`attackers`, `defenders`, `gull`, `silfr`), or
    /// `draw`; replays each game.
    #[arg(long, value_name = "SIDE", value_parser = parse_winner)]
    winner: Option<String>,

    /// Games that ended so (`king-captured`, `king-escaped`, `resigned`,
    /// `timeout`, `yfirrad`, ...: the codes of `hirp validate`'s results);
    /// replays each game.
    #[arg(long, value_name = "KIND")]
    ending: Option<String>,

    /// Games played under the rules preset NAME (`copenhagen`), or under
    /// the rules string given; not to be confused with --rules, the rules
    /// a record that names none is replayed under.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,

    /// Games whose record writes from MIN to MAX moves (tafl) or turns
    /// (HIRP): `40..`, `..20`, `10..30`, or one number.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    moves: Option<(usize, usize)>,

    /// Games with the tag KEY of value VALUE; given again, every one.
    #[arg(long, value_name = "KEY=VALUE", value_parser = parse_tag)]
    tag: Vec<(String, String)>,

    /// Games played from FROM to TO, each a date or its start (`2026`,
    /// `2026-01`, `2026.01.07`); either may be left out.
    #[arg(long, value_name = "FROM..TO", value_parser = parse_dates)]
    date: Option<(String, String)>,

    /// Rated games alone.
    #[arg(long)]
    rated: bool,

    /// Games that pass through POSITION (a position line, its side to
    /// move optional); replays each game.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,

    /// With --position: a game passing through one of the position's
    /// mirror images matches too.
    #[arg(long, requires = "position")]
    symmetric: bool,

    /// Games with no error against the rules; replays each game.
    #[arg(long, conflicts_with = "invalid")]
    valid: bool,

    /// Games with an error against the rules; replays each game.
    #[arg(long)]
    invalid: bool,

    /// Print the number of games selected, not the games.
    #[arg(long)]
    count: bool,

    /// Read shard K of N alone (K from 1): whole files, or a byte range of
    /// one file.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,

    /// Write the games to FILE, not to standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with = "count")]
    output: Option<String>,

    #[command(flatten)]
    rules: RulesArg,
}

/// Checks a side as `--winner` takes it.
fn parse_winner(text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    let sides = ["attackers", "defenders", "gull", "silfr", "draw"];
    let named = match lower.as_str() {
        "attacker" => "attackers",
        "defender" => "defenders",
        other => other,
    };
    if sides.contains(&named) {
        return Ok(named.to_owned());
    }
    Err(format!("`{text}` is no side: one of {}", sides.join(", ")))
}

/// Whether two names are the same, in any case (`Ægir`, `ægir`).
fn same_name(a: &str, b: &str) -> bool {
    a == b || a.to_lowercase() == b.to_lowercase()
}

/// A range `MIN..MAX`, either left out, or one number.
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let number = |part: &str, default: usize| match part.trim() {
        "" => Ok(default),
        n => n.parse::<usize>().map_err(|_| match n == text {
            true => format!("`{n}` is not a number"),
            false => format!("`{n}` in `{text}` is not a number"),
        }),
    };
    let (min, max) = match text.split_once("..") {
        Some((min, max)) => (number(min, 0)?, number(max, usize::MAX)?),
        None => {
            let n = number(text, 0)?;
            (n, n)
        }
    };
    if min > max {
        return Err(format!("`{text}` is empty: {min} is more than {max}"));
    }
    Ok((min, max))
}

/// A tag filter `KEY=VALUE`.
fn parse_tag(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => {
            Ok((key.trim().to_owned(), value.to_owned()))
        }
        _ => Err(format!(
            "`{text}` is not KEY=VALUE, such as `event=Club evening`"
        )),
    }
}

/// A date range `FROM..TO`, each bound a date's start, either left out.
fn parse_dates(text: &str) -> Result<(String, String), String> {
    let (from, to) = text.split_once("..").unwrap_or((text, text));
    let bound = |part: &str| {
        let date = normal_date(part.trim());
        let good = date.bytes().all(|b| b.is_ascii_digit() || b == b'-');
        match good {
            true => Ok(date),
            false if part == text => Err(format!("`{part}` is not a date such as 2026-01-07")),
            false => Err(format!(
                "`{part}` in `{text}` is not a date such as 2026-01-07"
            )),
        }
    };
    let (from, to) = (bound(from)?, bound(to)?);
    if !to.is_empty() && from > to {
        return Err(format!("`{text}` is empty: {from} is after {to}"));
    }
    Ok((from, to))
}

/// A date written with `-` between its parts, whatever it was written
/// with (`2026.01.07`, `2026/01/07`), its time left out.
fn normal_date(text: &str) -> String {
    let day = text.split([' ', 'T']).next().unwrap_or_default();
    day.replace(['.', '/'], "-")
}

impl Args {
    /// Whether a filter needs each game replayed.
    fn replays(&self) -> bool {
        self.judges() || self.position.is_some()
    }

    /// Whether a filter needs each game's verdict.
    fn judges(&self) -> bool {
        self.winner.is_some() || self.ending.is_some() || self.valid || self.invalid
    }

    /// The players' names asked for: every game kept names each of them.
    fn names(&self) -> impl Iterator<Item = &str> {
        [
            &self.player,
            &self.attacker,
            &self.defender,
            &self.gull,
            &self.silfr,
        ]
        .into_iter()
        .filter_map(|name| name.as_deref())
    }

    /// The words every game kept holds in its text, in a record of
    /// `family`'s form: the players' names, and the values of the tags
    /// asked for that the form writes as they read.
    fn holding<F: Family>(&self, family: F) -> Vec<String> {
        let values = self
            .tag
            .iter()
            .filter(|(key, _)| family.writes_tag(key))
            .map(|(_, value)| value.as_str());
        self.names().chain(values).map(str::to_owned).collect()
    }

    /// Whether `card`, of a game of a family whose sides are `sides`,
    /// matches every filter.
    fn keeps(&self, card: &Card, sides: [&str; 2]) -> bool {
        let named = |n: usize, name: &Option<String>| {
            name.as_ref()
                .is_none_or(|name| card.players[n].as_ref().is_some_and(|p| same_name(p, name)))
        };
        let side = |n: usize, which: &str, name: &Option<String>| {
            name.is_none() || (sides[n] == which && named(n, name))
        };
        let player = self.player.as_ref().is_none_or(|name| {
            let plays = |p: &Option<String>| p.as_ref().is_some_and(|p| same_name(p, name));
            card.players.iter().any(plays)
        });
        player
            && side(0, "attackers", &self.attacker)
            && side(1, "defenders", &self.defender)
            && side(0, "gull", &self.gull)
            && side(1, "silfr", &self.silfr)
            && self.keeps_record(card)
            && self.keeps_play(card)
    }

    /// The filters on what the record says besides its players.
    fn keeps_record(&self, card: &Card) -> bool {
        let variant = self.variant.as_ref().is_none_or(|v| {
            card.rules
                .as_ref()
                .is_some_and(|r| r.eq_ignore_ascii_case(v))
        });
        let moves = self
            .moves
            .is_none_or(|(min, max)| card.moves.is_some_and(|n| (min..=max).contains(&n)));
        let tags = self
            .tag
            .iter()
            .all(|(key, value)| card.tag(key) == Some(value));
        let date = self.date.as_ref().is_none_or(|(from, to)| {
            card.date.as_ref().is_some_and(|d| {
                let d = normal_date(d);
                d.as_str() >= from.as_str()
                    && (to.is_empty() || d.starts_with(to.as_str()) || d.as_str() <= to.as_str())
            })
        });
        let rated = !self.rated || card.rated == Some(true);
        variant && moves && tags && date && rated
    }

    /// The filters on what the replay found.
    fn keeps_play(&self, card: &Card) -> bool {
        if self.position.is_some() && card.passes != Some(true) {
            return false;
        }
        if !self.judges() {
            return true;
        }
        let Some(verdict) = &card.verdict else {
            return false;
        };
        let valid = verdict.is_valid() && verdict.judged;
        let result = verdict.result.as_ref();
        let winner = self.winner.as_ref().is_none_or(|w| match result {
            Some(ending) => ending.winner.map_or(w == "draw", |side| side == w),
            None => false,
        });
        let ending = self
            .ending
            .as_ref()
            .is_none_or(|e| result.is_some_and(|r| r.victory.eq_ignore_ascii_case(e)));
        winner && ending && (!self.valid || valid) && (!self.invalid || !valid)
    }
}

/// Runs `hirp select`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if let Err(message) = stdin_once(&args.files) {
        reporter.error(&message);
        return Status::Failure;
    }
    let mut out = match GamesOut::open(args.output.as_deref()) {
        Ok(out) => out,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    if let Some(position) = &args.position
        && let Err(why) = AnyFamily::read_position(position)
    {
        reporter.error(&format!("--position `{position}` is no position: {why}"));
        return Status::Failure;
    }
    let rules = args.rules.rules.as_ref();
    let mut failed = false;
    let mut selected = 0;
    let (starts, total) = places(&args.files);
    let shown = args.output.is_none() && !args.count && std::io::stdout().is_terminal();
    let progress = Progress::beside(total, shown);
    for (path, start) in args.files.iter().zip(starts) {
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
        if rules.is_none() && family.needs_rules() && args.replays() {
            reporter.error(&archive_without_rules(path));
            failed = true;
            continue;
        }
        let job = Select {
            record: RecordReader {
                path,
                reader: &mut *stream.reader,
            },
            args: &args,
            within,
            progress: (&progress, start),
            out: &mut out,
            selected: &mut selected,
        };
        if let Err(e) = family.run(rules, job) {
            reporter.error(&stopped_reading(path, &e));
            failed = true;
        }
        if out.failed() {
            break;
        }
    }
    progress.clear();
    if args.count {
        out.write(&format!("{selected}\n"), "");
    }
    if let Err(e) = out.finish() {
        reporter.error(&format!("cannot write the games: {}", io_reason(&e)));
        return Status::Failure;
    }
    match (failed, selected) {
        (true, _) => Status::Failure,
        (false, 0) => Status::Invalid,
        _ => Status::Ok,
    }
}

/// What `hirp select` asks of a family: a record's cards, those kept
/// written (or counted).
struct Select<'a, 'o> {
    record: RecordReader<'a>,
    args: &'a Args,
    within: Option<std::ops::Range<usize>>,
    /// The bar, and the place of the record's first byte in the run.
    progress: (&'a Progress, u64),
    out: &'o mut GamesOut,
    selected: &'o mut usize,
}

impl Job for Select<'_, '_> {
    type Output = std::io::Result<usize>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> std::io::Result<usize> {
        let workers = std::thread::available_parallelism().map_or(1, usize::from);
        let (args, out, selected) = (self.args, self.out, self.selected);
        let between = family.between();
        let through = match &args.position {
            // A position of the other family: no game of this one passes
            // through it.
            Some(position) => match F::through(position, args.symmetric) {
                Ok(through) => Some(through),
                Err(_) => return Ok(0),
            },
            None => None,
        };
        let wants = Wants {
            replay: args.judges(),
            moves: args.moves.is_some(),
            through,
            within: self.within,
            holding: args.holding(family),
        };
        let (progress, start) = self.progress;
        family.cards(self.record, options, &wants, workers, &mut |card| {
            progress.at(start + (card.offset + card.text.len()) as u64);
            if !args.keeps(&card, F::SIDES) {
                return true;
            }
            *selected += 1;
            args.count || out.write(&card.text, between)
        })
    }
}
