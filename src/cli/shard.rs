//! `--shard K/N`: one part of a run shared among machines (or processes),
//! each running the same command over the same files with its own K. The
//! parts are whole files, or, when one file is given, byte ranges of it
//! cut at its games' starts: together the N shards read every game once.

use std::ops::Range;

use super::input::{Stream, open_input, read_input, shown};
use super::report::Reporter;

/// Shard K of N, K from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Its number, from 1 to `of`.
    pub k: usize,
    /// How many shards the run is cut into.
    pub of: usize,
}

/// The part of a file a shard reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// None of it: another shard's file.
    Skip,
    /// All of it.
    Whole,
    /// The games that start within these bytes.
    Bytes(Range<usize>),
}

/// The help every command that takes `--shard` gives it, for `concat!`.
macro_rules! shard_help {
    () => {
        "Shards: --shard K/N reads one part of the run, so that N processes or
machines, each running the same command over the same files with K from 1
to N, read every game once between them. With several files a shard
takes whole files, those whose path (as given) hashes to K modulo N; with
one file it takes the games that start in the Kth of N equal byte ranges."
    };
}
pub(crate) use shard_help;

impl Shard {
    /// A shard `K/N`, K from 1 to N, as `--shard` takes it.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let parsed = text.split_once('/').and_then(|(k, n)| {
            Some((
                k.trim().parse::<usize>().ok()?,
                n.trim().parse::<usize>().ok()?,
            ))
        });
        match parsed {
            Some((k, of)) if (1..=of).contains(&k) => Ok(Shard { k, of }),
            _ => Err(format!(
                "`{text}` is not a shard K/N, K from 1 to N, such as 1/3"
            )),
        }
    }

    /// The part of the file at `path`, of `len` bytes, this shard reads
    /// when the run reads `files` files.
    pub fn part(self, files: usize, path: &str, len: usize) -> Part {
        if files > 1 {
            return match fnv1a(path.as_bytes()) % self.of as u64 == (self.k - 1) as u64 {
                true => Part::Whole,
                false => Part::Skip,
            };
        }
        let at = |k: usize| match k == self.of {
            true => usize::MAX,
            false => (len as u128 * k as u128 / self.of as u128) as usize,
        };
        Part::Bytes(at(self.k - 1)..at(self.k))
    }
}

impl Shard {
    /// Whether this shard takes the game of key `key` (`hirp dedupe`: a
    /// game goes with its copies, which share its key).
    pub fn takes_key(self, key: u64) -> bool {
        fnv1a(&key.to_le_bytes()) % self.of as u64 == (self.k - 1) as u64
    }
}

/// The part of a file the run reads: all of it with no shard.
pub fn part(shard: Option<Shard>, files: usize, path: &str, len: usize) -> Part {
    shard.map_or(Part::Whole, |s| s.part(files, path, len))
}

/// A file opened for a shard, with the range of its bytes whose games it
/// takes (`None`: all).
pub type Opened = (Stream, Option<Range<usize>>);

/// The file at `path` opened for a shard to read, with the range of its
/// bytes whose games it takes (`None`: all); `Ok(None)` for another
/// shard's file, which is not opened.
pub fn open_part(shard: Option<Shard>, files: usize, path: &str) -> Result<Option<Opened>, String> {
    if let Some(shard) = shard
        && files > 1
        && shard.part(files, path, 0) == Part::Skip
    {
        return Ok(None);
    }
    let stream = open_input(path)?;
    let len = usize::try_from(stream.len).unwrap_or(usize::MAX);
    Ok(match part(shard, files, path, len) {
        Part::Skip => None,
        Part::Whole => Some((stream, None)),
        Part::Bytes(range) => Some((stream, Some(range))),
    })
}

/// The file at `path` opened as [`open_part`] opens it, with its family
/// told (see [`family_of`](super::family::family_of)); `Ok(None)` for
/// another shard's file.
pub fn open_record(
    shard: Option<Shard>,
    files: usize,
    path: &str,
    rules: Option<&hirp::any::RulesChoice>,
) -> Result<Option<(Opened, hirp::any::AnyFamily)>, String> {
    let Some(opened) = open_part(shard, files, path)? else {
        return Ok(None);
    };
    Ok(Some((opened, super::family::family_of(path, rules)?)))
}

/// Reads the parts at `paths`, each with `read` from its text, and hands
/// each to `merge`: a part that does not read is reported and left out
/// (then `true`), the others merged all the same.
pub fn merge_parts<T>(
    paths: &[String],
    reporter: &Reporter,
    read: impl Fn(&str) -> Result<T, String>,
    mut merge: impl FnMut(T),
) -> bool {
    let mut failed = false;
    for path in paths {
        let part = read_input(path).and_then(|input| {
            let text = String::from_utf8(input.bytes)
                .map_err(|_| format!("{}: a tally is UTF-8 JSON", shown(path)))?;
            read(&text).map_err(|e| format!("{}: {e}", shown(path)))
        });
        match part {
            Ok(part) => merge(part),
            Err(message) => {
                reporter.error(&message);
                failed = true;
            }
        }
    }
    failed
}

/// The FNV-1a hash of `bytes`: the same on every machine and in every
/// version, as shards of one run on several machines need.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranges_of_one_file_cover_it_once() {
        for of in 1..7 {
            let ranges: Vec<Range<usize>> = (1..=of)
                .map(|k| match (Shard { k, of }).part(1, "big.ron", 1000) {
                    Part::Bytes(range) => range,
                    other => panic!("{other:?}"),
                })
                .collect();
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges[of - 1].end, usize::MAX);
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
        }
    }

    #[test]
    fn each_file_of_several_goes_to_one_shard() {
        for path in ["a.ron", "b/c.otg", "games 2026.hirp"] {
            let takers = (1..=3).filter(|&k| Shard { k, of: 3 }.part(4, path, 10) == Part::Whole);
            assert_eq!(takers.count(), 1, "{path}");
        }
    }

    #[test]
    fn a_shard_that_does_not_read_says_so() {
        for text in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(Shard::parse(text).is_err(), "{text}");
        }
        assert_eq!(Shard::parse("2/3"), Ok(Shard { k: 2, of: 3 }));
    }
}
