//! The mutants of the mutation sweep (`tests/sweep.rs`): the project's
//! records of both families (and of hnefatafl.org's archive, `.ron`),
//! changed at random a byte, a token or a line at a time, reproducible
//! from a seed. Shared by the sweep, which runs every command on them, and
//! by the tests that compare what two commands say of one
//! (`tests/suite/fix_agrees.rs`). A test that mounts it mounts `common` too.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use crate::common::{files_under, root};

/// The most bytes one edit repeats.
pub const REPEATED: usize = 16 << 20;

/// xorshift64*: small, and the same everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so that near seeds start far apart and
        // none is zero.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A record of the project's, as the sweep starts from it.
pub struct Fixture {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// The bytes the records of its family are written in: HIRP's (0),
    /// tafl's (1), or hnefatafl.org's archive's (2).
    pub family: usize,
    /// `--rules` for an archive, which names no rules.
    pub rules: Option<&'static str>,
}

/// The preset of an archive: its folder's, or the archive's own.
pub fn archive_rules(path: &Path) -> &'static str {
    let folder = path.parent().and_then(Path::file_name);
    let folder = folder.and_then(|f| f.to_str()).unwrap_or("");
    let name = path.file_stem().and_then(|f| f.to_str()).unwrap_or("");
    match (folder, name) {
        (_, "brandubh") => "brandubh-online",
        (_, "copenhagen") => "copenhagen",
        ("hnefatafl-11", _) => "hnefatafl-11",
        ("hnefatafl-13", _) => "hnefatafl-13",
        _ => "brandub",
    }
}

/// Every HIRP record (family 0), tafl game file and archive (family 1) and
/// record of hnefatafl.org (2: its archive, its PGN exports, its JSON one
/// game a line) under `fixtures/`, with each family's alphabet.
pub fn fixtures() -> (Vec<Fixture>, [Vec<u8>; 3]) {
    let dir = root().join("fixtures");
    let mut all = Vec::new();
    let mut alphabets = [Vec::new(), Vec::new(), Vec::new()];
    let families = [(0, dir.clone(), "hirp"), (1, dir.join("tafl"), "otg")];
    let archives = [
        (1, dir.join("tafl"), "csv"),
        (2, dir.join("tafl"), "ron"),
        (2, dir.join("tafl"), "pgn"),
        (2, dir.join("tafl").join("hnefatafl-org"), "jsonl"),
    ];
    for (family, folder, extension) in families.into_iter().chain(archives) {
        for path in files_under(&folder, extension) {
            let bytes = std::fs::read(&path).expect("a fixture is read");
            alphabets[family].extend(bytes.iter().copied().filter(u8::is_ascii));
            let rules = (extension == "csv").then(|| archive_rules(&path));
            all.push(Fixture {
                path,
                bytes,
                family,
                rules,
            });
        }
    }
    for alphabet in &mut alphabets {
        alphabet.sort_unstable();
        alphabet.dedup();
    }
    assert!(all.len() > 500, "{} fixtures", all.len());
    (all, alphabets)
}

/// The byte offsets at which the lines of `bytes` start, and its end.
pub fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1),
    );
    if *starts.last().expect("one start") != bytes.len() {
        starts.push(bytes.len());
    }
    starts
}

/// A line of `bytes`, as a range with its line end.
pub fn some_line(rng: &mut Rng, bytes: &[u8]) -> std::ops::Range<usize> {
    let starts = line_starts(bytes);
    if starts.len() < 2 {
        return 0..bytes.len();
    }
    let n = rng.below(starts.len() - 1);
    starts[n]..starts[n + 1]
}

/// A token of `bytes`: a run of bytes that are not white space.
pub fn some_token(rng: &mut Rng, bytes: &[u8]) -> std::ops::Range<usize> {
    let at = rng.below(bytes.len());
    let space = |b: &u8| b.is_ascii_whitespace();
    let start = bytes[..at].iter().rposition(space).map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(space)
        .map_or(bytes.len(), |i| at + i);
    start..end.max(start)
}

/// A byte: one of the family's, or any.
pub fn some_byte(rng: &mut Rng, alphabet: &[u8]) -> u8 {
    if rng.below(3) == 0 {
        rng.next() as u8
    } else {
        *rng.pick(alphabet)
    }
}

/// How many times a line or token is repeated: mostly a few, now and then
/// past the limits (10,000 turns, 64 KiB a line).
pub fn times(rng: &mut Rng) -> usize {
    match rng.below(8) {
        0 => 10_001 + rng.below(2_000),
        1 | 2 => 100 + rng.below(2_000),
        _ => 2 + rng.below(50),
    }
}

/// Applies one random edit to `bytes`; `other` is another fixture, for a
/// splice.
pub fn edit(rng: &mut Rng, bytes: &mut Vec<u8>, alphabet: &[u8], other: &[u8]) {
    if bytes.is_empty() {
        bytes.extend_from_slice(&other[..rng.below(other.len() + 1)]);
        return;
    }
    let at = rng.below(bytes.len());
    match rng.below(13) {
        0 => bytes[at] = some_byte(rng, alphabet),
        1 => bytes.insert(at, some_byte(rng, alphabet)),
        2 => {
            bytes.remove(at);
        }
        3 => {
            let line = some_line(rng, bytes);
            let copy = bytes[line.clone()].to_vec();
            bytes.splice(line.start..line.start, copy);
        }
        4 => {
            let line = some_line(rng, bytes);
            bytes.drain(line);
        }
        5 => swap(bytes, some_line(rng, bytes), some_line(rng, bytes)),
        6 => bytes.truncate(at),
        7 => {
            let line = some_line(rng, bytes);
            let times = times(rng).min(REPEATED / line.len().max(1)).max(1);
            let copy = bytes[line.clone()].repeat(times);
            bytes.splice(line.start..line.start, copy);
        }
        8 => {
            let from = rng.below(other.len() + 1);
            bytes.truncate(at);
            bytes.extend_from_slice(&other[from..]);
        }
        9 => {
            let token = some_token(rng, bytes);
            let times = times(rng).min(REPEATED / (token.len() + 1)).max(1);
            let copy = [&bytes[token.clone()], b" "].concat().repeat(times);
            bytes.splice(token.start..token.start, copy);
        }
        10 => {
            let token = some_token(rng, bytes);
            bytes.drain(token);
        }
        11 => swap(bytes, some_token(rng, bytes), some_token(rng, bytes)),
        _ if other.is_empty() => {}
        _ => {
            let token = some_token(rng, other);
            let copy = other[token].to_vec();
            bytes.splice(at..at, copy);
        }
    }
}

/// `bytes` with ranges `a` and `b` swapped, if they do not overlap.
pub fn swap(bytes: &mut Vec<u8>, a: std::ops::Range<usize>, b: std::ops::Range<usize>) {
    let (a, b) = if a.start <= b.start { (a, b) } else { (b, a) };
    if a.end > b.start {
        return;
    }
    let mut out = bytes[..a.start].to_vec();
    out.extend_from_slice(&bytes[b.clone()]);
    out.extend_from_slice(&bytes[a.end..b.start]);
    out.extend_from_slice(&bytes[a]);
    out.extend_from_slice(&bytes[b.end..]);
    *bytes = out;
}

/// `bytes` after 1 to 4 edits.
pub fn mutate(rng: &mut Rng, bytes: &[u8], alphabet: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        edit(rng, &mut out, alphabet, other);
    }
    out
}

/// Mutant `n` of `seed`, of one of `fixtures` (each family's bytes in
/// `alphabets`): the record it was made from, its bytes, and the random
/// numbers that made it, to draw more from.
pub fn mutant<'a>(
    seed: u64,
    n: u64,
    fixtures: &[&'a Fixture],
    alphabets: &[Vec<u8>; 3],
) -> (&'a Fixture, Vec<u8>, Rng) {
    let mut rng = Rng::new(seed ^ n.wrapping_mul(0xA24B_AED4_963E_E407));
    let fixture = *rng.pick(fixtures);
    let other = &rng.pick(fixtures).bytes;
    let bytes = mutate(&mut rng, &fixture.bytes, &alphabets[fixture.family], other);
    (fixture, bytes, rng)
}
