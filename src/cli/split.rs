//! `hirp split`: a record's games written into files of a folder, by
//! their rules, players, winner, month, or so many a file.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use hirp::any::Job;
use hirp::core::card::RecordReader;
use hirp::core::card::{Card, Wants};
use hirp::core::family::Family;

use super::family::{RulesArg, archive_without_rules, family_of};
use super::input::{io_reason, open_input, read_input, stopped_reading};
use super::progress::Progress;
use super::{report::Reporter, status::Status};

/// Write a record's games into files of a folder, by a key of each game.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game of FILE is written, as its record writes it, to the file of its
key in DIR, named by the key and the record's extension:

  rules    its rules preset (`copenhagen.otg`), or `rules-N` for the Nth
           rules string met that is no preset's, `no-rules` for none
  player   each of its players (`ragnar.ron`), so a game goes to two
           files; `unnamed` for a side with no name
  winner   `attackers`, `defenders`, `gull`, `silfr`, `draw`, or
           `unfinished` (replays each game)
  month    the month of its date (`2026-01.otg`), or `undated`
  N        N games a file, in order (`part-0001.otg`, `part-0002.otg`, ...)

DIR is made if it is not there; a file of DIR that a key names is
replaced. A name is the key in lower case, each character other than a
letter, a digit, `-` and `_` written `_`. The files written are listed on
standard output, with their games, in the order they were first written.

Examples:
  hirp split archived-games.ron --by player --dir players
  hirp split games.otg --by 100 --dir parts
  hirp split --rules brandubh-online brandubh.csv --by winner --dir won")]
pub struct Args {
    /// The record to split; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,

    /// The key the games are split by: rules, player, winner, month, or a
    /// number of games a file.
    #[arg(long, value_name = "KEY", value_parser = parse_key)]
    by: Key,

    /// The folder the files are written in.
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,

    #[command(flatten)]
    rules: RulesArg,
}

/// What games are split by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Rules,
    Player,
    Winner,
    Month,
    Count(usize),
}

/// Checks a key as `--by` takes it.
fn parse_key(text: &str) -> Result<Key, String> {
    match text {
        "rules" => Ok(Key::Rules),
        "player" => Ok(Key::Player),
        "winner" => Ok(Key::Winner),
        "month" => Ok(Key::Month),
        n => match n.parse::<usize>() {
            Ok(0) => Err("a file holds at least 1 game".to_owned()),
            Ok(n) => Ok(Key::Count(n)),
            Err(_) => Err(format!(
                "`{text}` is no key: rules, player, winner, month, or a number of games"
            )),
        },
    }
}

/// Runs `hirp split`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let rules = args.rules.rules.as_ref();
    let opened = open_input(&args.file).and_then(|s| Ok((s, family_of(&args.file, rules)?)));
    let (mut stream, family) = match opened {
        Ok(opened) => opened,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    if rules.is_none() && family.needs_rules() && args.by == Key::Winner {
        reporter.error(&archive_without_rules(&args.file));
        return Status::Failure;
    }
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        let dir = args.dir.display();
        reporter.error(&format!("cannot make {dir}: {}", io_reason(&e)));
        return Status::Failure;
    }
    let mut files = Files::new(&args.dir, family.extension());
    let progress = Progress::beside(stream.len, false);
    let job = Split {
        record: RecordReader {
            path: &args.file,
            reader: &mut *stream.reader,
        },
        by: args.by,
        files: &mut files,
        progress: &progress,
    };
    let games = family.run(rules, job);
    progress.clear();
    let listed = files.finish();
    match (listed, games) {
        (Err(message), _) => {
            reporter.error(&message);
            Status::Failure
        }
        (_, Err(e)) => {
            reporter.error(&stopped_reading(&args.file, &e));
            Status::Failure
        }
        // A record with no game is read again whole, to say why.
        (Ok(_), Ok(0)) => match read_input(&args.file) {
            Ok(input) => super::reading::no_game(family, &args.file, &input.bytes, reporter),
            Err(message) => {
                reporter.error(&message);
                Status::Failure
            }
        },
        (Ok(list), _) => match super::stdout::write_stdout(&list) {
            Ok(()) => Status::Ok,
            Err(message) => {
                reporter.error(&message);
                Status::Failure
            }
        },
    }
}

/// What `hirp split` asks of a family: each game written to the files of
/// its keys; the number of games.
struct Split<'a, 'f> {
    record: RecordReader<'a>,
    by: Key,
    files: &'f mut Files,
    progress: &'a Progress,
}

impl Job for Split<'_, '_> {
    type Output = std::io::Result<usize>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> std::io::Result<usize> {
        let workers = std::thread::available_parallelism().map_or(1, usize::from);
        let (by, files, progress) = (self.by, self.files, self.progress);
        let between = family.between();
        let mut strings: Vec<String> = Vec::new();
        let replay = by == Key::Winner;
        // No key counts moves.
        let wants = Wants {
            moves: false,
            ..Wants::replay(replay)
        };
        family.cards(self.record, options, &wants, workers, &mut |card| {
            progress.at((card.offset + card.text.len()) as u64);
            for key in keys(&card, by, &mut strings) {
                if !files.write(&key, &card.text, between) {
                    return false;
                }
            }
            true
        })
    }
}

/// The keys of `card`: the names of the files it goes to. `strings`
/// numbers the rules strings that are no preset's, as they are met.
fn keys(card: &Card, by: Key, strings: &mut Vec<String>) -> Vec<String> {
    match by {
        Key::Rules => vec![match &card.rules {
            None => "no-rules".to_owned(),
            Some(rules) if !rules.contains(':') => rules.clone(),
            Some(rules) => {
                let n = match strings.iter().position(|s| s == rules) {
                    Some(n) => n,
                    None => {
                        strings.push(rules.clone());
                        strings.len() - 1
                    }
                };
                format!("rules-{}", n + 1)
            }
        }],
        Key::Player => {
            let mut names: Vec<String> = card
                .players
                .iter()
                .map(|p| p.clone().unwrap_or_else(|| "unnamed".to_owned()))
                .collect();
            names.dedup();
            names
        }
        Key::Winner => {
            let result = card.verdict.as_ref().and_then(|v| v.result.as_ref());
            vec![match result {
                Some(ending) => ending.winner.unwrap_or("draw").to_owned(),
                None => "unfinished".to_owned(),
            }]
        }
        Key::Month => vec![card.date.as_deref().map_or_else(
            || "undated".to_owned(),
            |date| {
                let date = date.replace(['.', '/'], "-");
                date.get(..7)
                    .filter(|m| m.as_bytes().get(4) == Some(&b'-'))
                    .map_or_else(|| "undated".to_owned(), str::to_owned)
            },
        )],
        Key::Count(n) => vec![format!("part-{:04}", (card.number - 1) / n + 1)],
    }
}

/// The files written, a few kept open at a time.
struct Files {
    dir: PathBuf,
    extension: &'static str,
    /// The files open, by name.
    open: HashMap<String, BufWriter<File>>,
    /// The games written to each file, by name, in the order the files
    /// were first written.
    written: Vec<(String, usize)>,
    /// Where each name stands in `written`.
    index: HashMap<String, usize>,
    /// The names taken by a key, in lower case: two keys that differ in
    /// case alone share their file.
    made: HashSet<String>,
    /// The first error, after which nothing more is written.
    failed: Option<String>,
}

/// The files kept open at most at a time.
const OPEN: usize = 64;

impl Files {
    fn new(dir: &Path, extension: &'static str) -> Files {
        Files {
            dir: dir.to_owned(),
            extension,
            open: HashMap::new(),
            written: Vec::new(),
            index: HashMap::new(),
            made: HashSet::new(),
            failed: None,
        }
    }

    /// Writes a game's `text` to the file of `key`, after `between` when
    /// the file holds a game; `false` once writing failed.
    fn write(&mut self, key: &str, text: &str, between: &str) -> bool {
        let name = file_name(key);
        let path = self.dir.join(format!("{name}.{}", self.extension));
        if !self.open.contains_key(&name) {
            if self.open.len() >= OPEN {
                for (_, mut file) in self.open.drain() {
                    if let Err(e) = file.flush() {
                        self.failed = Some(format!(
                            "cannot write in {}: {}",
                            self.dir.display(),
                            io_reason(&e)
                        ));
                    }
                }
            }
            // A file is emptied the first time its key is met, then added to.
            let first = self.made.insert(name.clone());
            let opened = match first {
                true => File::create(&path),
                false => OpenOptions::new().append(true).open(&path),
            };
            match opened {
                Ok(file) => {
                    self.open.insert(name.clone(), BufWriter::new(file));
                }
                Err(e) => {
                    self.failed = Some(format!(
                        "cannot write {}: {}",
                        path.display(),
                        io_reason(&e)
                    ));
                    return false;
                }
            }
        }
        let at = *self.index.entry(name.clone()).or_insert_with(|| {
            self.written.push((format!("{name}.{}", self.extension), 0));
            self.written.len() - 1
        });
        let gap = if self.written[at].1 > 0 { between } else { "" };
        self.written[at].1 += 1;
        let file = self.open.get_mut(&name).expect("the file is open");
        let done = file
            .write_all(gap.as_bytes())
            .and_then(|()| file.write_all(text.as_bytes()));
        if let Err(e) = done {
            self.failed = Some(format!(
                "cannot write {}: {}",
                path.display(),
                io_reason(&e)
            ));
        }
        self.failed.is_none()
    }

    /// Flushes every file: the list of the files written, a line each
    /// with its games, or the first error.
    fn finish(&mut self) -> Result<String, String> {
        for (name, mut file) in self.open.drain() {
            if let Err(e) = file.flush() {
                let path = self.dir.join(format!("{name}.{}", self.extension));
                self.failed.get_or_insert(format!(
                    "cannot write {}: {}",
                    path.display(),
                    io_reason(&e)
                ));
            }
        }
        if let Some(failed) = self.failed.take() {
            return Err(failed);
        }
        let dir = self.dir.display();
        let lines: Vec<String> = self
            .written
            .iter()
            .map(|(name, games)| {
                let s = if *games == 1 { "" } else { "s" };
                format!("{dir}/{name}\t{games} game{s}\n")
            })
            .collect();
        Ok(lines.concat())
    }
}

/// A key as a file's name: in lower case, each character other than a
/// letter, a digit, `-` and `_` written `_`; `_` for none.
fn file_name(key: &str) -> String {
    let name: String = key
        .to_lowercase()
        .chars()
        .map(|c| match c.is_alphanumeric() || c == '-' || c == '_' {
            true => c,
            false => '_',
        })
        .collect();
    if name.is_empty() || name.starts_with('.') {
        format!("_{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_in_any_folder() {
        assert_eq!(file_name("Ragnar Loðbrók"), "ragnar_loðbrók");
        assert_eq!(file_name("../etc/passwd"), "___etc_passwd");
        assert_eq!(file_name(""), "_");
        assert_eq!(file_name("2026-01"), "2026-01");
    }

    #[test]
    fn keys_are_read_as_the_help_says() {
        assert_eq!(parse_key("player"), Ok(Key::Player));
        assert_eq!(parse_key("100"), Ok(Key::Count(100)));
        assert!(parse_key("0").is_err());
        assert!(parse_key("players").is_err());
    }
}
