//! What a collection knows of a game, whatever its family: its [`Card`],
//! read from its record with no replay, and what its replay found when it
//! is asked for. `hirp select` filters games by their cards.
//!
//! [`Family::cards`](crate::core::family::Family::cards) gives the cards of
//! a piece of a record; `each_card` hands over those of a whole record,
//! in order, read on several threads.

use std::io;

use super::parallel::in_order;
use super::verdict::Verdict;

/// A record to read as a stream, in flat memory whatever its size: where
/// from (as for [`RecordBytes`](crate::core::family::RecordBytes)), and a
/// reader of its bytes: a file behind a
/// [`BufReader`](std::io::BufReader), or bytes in memory.
pub struct RecordReader<'a> {
    /// The path as given, `-` for standard input.
    pub path: &'a str,
    /// Its bytes, from the first.
    pub reader: &'a mut (dyn std::io::BufRead + Send),
}

impl std::fmt::Debug for RecordReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordReader")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// A game as a collection sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    /// Its number among the games handed over, from 1: in its record,
    /// unless [`Wants::within`] left games out before it.
    pub number: usize,
    /// The byte of the record its text starts at: its place in the
    /// record, the same whatever part of the record was read.
    pub offset: usize,
    /// Its text, as read (decoded to UTF-8), ending with a line end: what
    /// `hirp select` writes of it.
    pub text: String,
    /// Its players, by the family's sides ([`Family::SIDES`]): HIRP's
    /// `[Gull]` and `[Silfr]` tags, a tafl game's `[attackers:]` and
    /// `[defenders:]`, hnefatafl.org's `attacker` and `defender`.
    ///
    /// [`Family::SIDES`]: crate::core::family::Family::SIDES
    pub players: [Option<String>; 2],
    /// Its tags, each name and value as written, in order.
    pub tags: Vec<(String, String)>,
    /// The rules it is played under: a preset's name, else the rules
    /// string; `None` for a family of one rule set, or a record that names
    /// none and was given none.
    pub rules: Option<String>,
    /// The turns its record writes (HIRP's turn lines; a tafl game's moves
    /// of its main line); `None` when they were not counted, not being
    /// asked for ([`Wants::moves`]).
    pub moves: Option<usize>,
    /// When it was played, as the record writes it (`date`).
    pub date: Option<String>,
    /// Whether it was rated, when the record says (`rated`).
    pub rated: Option<bool>,
    /// The ratings the record gives its players after the game, by side,
    /// as written: the rating, and its deviation when given
    /// (hnefatafl.org's `attacker_rating:(rating:...,rd:...)`).
    pub ratings: [Option<(String, Option<String>)>; 2],
    /// What its replay found, when it was replayed.
    pub verdict: Option<Verdict>,
    /// What it played, as keys, when it was replayed.
    pub keys: Option<Keys>,
    /// Whether it passed through the position asked for
    /// ([`Wants::through`]), when one was.
    pub passes: Option<bool>,
}

/// What a collection asks of each game beyond what its record says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wants {
    /// Its replay: [`Card::verdict`] and [`Card::keys`].
    pub replay: bool,
    /// Its moves counted: [`Card::moves`]. Without them or a replay, a
    /// family may read of a game only what its record writes before its
    /// moves (a game file's tags), its text still whole.
    pub moves: bool,
    /// Whether it passes through a position: [`Card::passes`].
    pub through: Option<Through>,
    /// Only the games of the pieces of the record (a game, or a match)
    /// that start within these bytes: a shard's part of a large record.
    /// `None`: every game.
    pub within: Option<std::ops::Range<usize>>,
    /// Words every game asked for holds in its text, in some ASCII case
    /// (the players' names `hirp select` looks for, and the values of the
    /// tags asked for that the form writes as they read,
    /// [`Family::writes_tag`](crate::core::family::Family::writes_tag)):
    /// a piece of the record
    /// that lacks one of them is passed over unread. A hint: the cards of
    /// games that lack them may still be handed over, and the caller
    /// filters them. Only words of ASCII letters, digits, spaces, `-`, `_`
    /// and `.` are looked for, which a record writes as they are or by an
    /// escape of a character by its number (`\u{62}` in RON, `\u0062` in
    /// JSON), or with a Kelvin sign (U+212A, whose lower case is `k`): a
    /// piece that holds a `\u` or a Kelvin sign is read whatever it holds.
    pub holding: Vec<String>,
}

impl Wants {
    /// What the record says, its moves counted, and with `replay` what
    /// its replay finds.
    pub fn replay(replay: bool) -> Wants {
        Wants {
            replay,
            moves: true,
            through: None,
            within: None,
            holding: Vec::new(),
        }
    }
}

/// A position a game is to pass through (`hirp select --position`), from
/// its start to its end: the keys of its board, also of its mirror images
/// when those are asked for, and the side to move when the position names
/// it. A family reads it from a position line
/// ([`Family::through`](crate::core::family::Family::through)) and keys
/// the boards its games reach alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Through {
    /// The keys of the boards that match.
    pub boards: Vec<u64>,
    /// The side to move, as an index into the family's sides, when the
    /// position names it.
    pub side: Option<usize>,
}

impl Through {
    /// Whether a board of key `board` with side `side` to move matches.
    pub fn is(&self, board: u64, side: usize) -> bool {
        self.side.is_none_or(|s| s == side) && self.boards.contains(&board)
    }
}

/// What a game played, as keys: two games that played the same moves from
/// the same start, or that ended in the same position, have the same key
/// (`hirp dedupe`); with the symmetric keys, also a game and its mirror
/// images. Each is a 64-bit hash: two games that played otherwise share
/// one by chance about once in 10^19 pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keys {
    /// The start and the moves played.
    pub moves: u64,
    /// The least of `moves` over the board's symmetries: the same for a
    /// game turned or mirrored.
    pub moves_symmetric: u64,
    /// The position the game ended in, and its side to move.
    pub end: u64,
    /// The least of `end` over the board's symmetries.
    pub end_symmetric: u64,
}

/// The key of `value`: a hash, the same in every run of the same build.
pub fn key_of(value: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::hash::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

impl Card {
    /// The value of the first tag named `name`, in any case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Hands the card of every game of a record, cut into `chunks`, to
/// `each` in order, until it returns `false`: `cards` reads a chunk and
/// makes its games' cards, on `workers` threads. `piece` tells a chunk's
/// size, the byte it starts at and its bytes. Only the chunks that start
/// within [`Wants::within`] are read, and of those only the ones that may
/// hold [`Wants::holding`]. Returns how many cards were handed over, or
/// the error reading stopped at.
pub(crate) fn each_card<C: Send>(
    chunks: impl Iterator<Item = io::Result<C>> + Send,
    piece: Piece<C>,
    wants: &Wants,
    workers: usize,
    cards: impl Fn(C) -> Vec<Card> + Sync,
    each: &mut dyn FnMut(Card) -> bool,
) -> io::Result<usize> {
    let within = wants.within.clone().unwrap_or(0..usize::MAX);
    let Piece { size, start, bytes } = piece;
    let (end, begin) = (within.end, within.start);
    let mut holding = Holding::new(&wants.holding);
    // Chunks come in the order of their starts: those past the range end
    // the reading, and those before it are passed over unread, as are those
    // that cannot hold what is asked for.
    let chunks = chunks
        .take_while(move |c| c.as_ref().map_or(true, |c| start(c) < end))
        .filter(move |c| {
            c.as_ref()
                .map_or(true, |c| start(c) >= begin && holding.may_be_in(bytes(c)))
        });
    let mut number = 0;
    in_order(chunks, size, workers, cards, |made| {
        for mut card in made.drain(..) {
            number += 1;
            card.number = number;
            if !each(card) {
                return false;
            }
        }
        true
    })?;
    Ok(number)
}

/// How [`each_card`] sees a family's chunk: its size, the byte of the
/// record it starts at, and its bytes.
pub(crate) struct Piece<C> {
    pub(crate) size: fn(&C) -> usize,
    pub(crate) start: fn(&C) -> usize,
    pub(crate) bytes: fn(&C) -> &[u8],
}

/// Whether a record writes `byte` as it is, or by an escape of a character
/// by its number alone.
fn plain(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b' ' | b'-' | b'_' | b'.')
}

/// The words a piece of a record must hold to be read ([`Wants::holding`]),
/// each looked for in any ASCII case.
struct Holding {
    words: Vec<Word>,
    /// The words are tuned to the record, from its first piece.
    tuned: bool,
    /// What could write a word otherwise: an escape of a character by its
    /// number, a Kelvin sign.
    otherwise: [memchr::memmem::Finder<'static>; 2],
}

impl Holding {
    /// The words of `holding` that can be looked for (see
    /// [`Wants::holding`]).
    fn new(holding: &[String]) -> Holding {
        let words = holding
            .iter()
            .filter(|w| !w.is_empty() && w.bytes().all(plain))
            .map(|w| Word::new(w.as_bytes()))
            .collect();
        Holding {
            words,
            tuned: false,
            otherwise: [
                memchr::memmem::Finder::new(b"\\u"),
                memchr::memmem::Finder::new("\u{212A}".as_bytes()),
            ],
        }
    }

    /// Whether `bytes` may hold every word: each is there, or something
    /// could write one otherwise.
    fn may_be_in(&mut self, bytes: &[u8]) -> bool {
        if !std::mem::replace(&mut self.tuned, true) {
            self.words.iter_mut().for_each(|w| w.tune(bytes));
        }
        self.words.iter().all(|w| w.is_in(bytes))
            || self.otherwise.iter().any(|f| f.find(bytes).is_some())
    }
}

/// A word looked for in any ASCII case: its byte least common in the
/// record (as counted in its first piece) is found in either case
/// (`memchr2`), and the word compared around it. Records are mostly digits,
/// blanks, squares' letters and a few field names, which a search tuned to
/// prose (as Aho-Corasick's and `memmem`'s are) takes for rare: a value
/// such as `Club evening 3` was looked for at every `3` of every move.
struct Word {
    /// The word, in lower case.
    lower: Vec<u8>,
    /// Where the byte looked for is in it, and that byte in both cases.
    at: usize,
    cases: (u8, u8),
}

impl Word {
    fn new(word: &[u8]) -> Word {
        let mut word = Word {
            lower: word.to_ascii_lowercase(),
            at: 0,
            cases: (0, 0),
        };
        word.look_for(0);
        word
    }

    /// Looks for the byte at `at` of the word.
    fn look_for(&mut self, at: usize) {
        let byte = self.lower.get(at).copied().unwrap_or_default();
        self.at = at;
        self.cases = (byte, byte.to_ascii_uppercase());
    }

    /// Looks for the word's byte least common in `sample`, in any case.
    fn tune(&mut self, sample: &[u8]) {
        let mut counts = [0usize; 256];
        for &b in sample {
            counts[usize::from(b.to_ascii_lowercase())] += 1;
        }
        let rarest = (0..self.lower.len()).min_by_key(|&n| counts[usize::from(self.lower[n])]);
        self.look_for(rarest.unwrap_or(0));
    }

    /// Whether `bytes` hold the word, in some ASCII case.
    fn is_in(&self, bytes: &[u8]) -> bool {
        let (lower, upper) = self.cases;
        memchr::memchr2_iter(lower, upper, bytes).any(|hit| {
            hit.checked_sub(self.at)
                .and_then(|start| bytes.get(start..start + self.lower.len()))
                .is_some_and(|found| found.eq_ignore_ascii_case(&self.lower))
        })
    }
}

/// Where the text of a game ends when it is the only game of its piece of
/// `text`: at the end of the piece's last line that is not blank, its
/// line end with it, so that a line the reader reports after the game's
/// last turn (a note, a turn that does not read) goes with the game, and
/// nothing of the piece is lost but blank lines.
pub(crate) fn whole_end(text: &str) -> usize {
    let last = text.trim_end_matches([' ', '\t', '\n', '\r']).len();
    let rest = &text.as_bytes()[last..];
    match memchr::memchr2(b'\n', b'\r', rest) {
        None => text.len(),
        Some(n) if rest[n..].starts_with(b"\r\n") => last + n + 2,
        Some(n) => last + n + 1,
    }
}

/// Where the lines of `bytes` after its first start: after each `\n` or
/// `\r`.
pub(crate) fn line_starts(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr2_iter(b'\n', b'\r', bytes).map(|n| n + 1)
}

/// A piece of a record to read only up to its first turn, as a family
/// reads a game's card when its moves are not asked for: its text, and
/// where its first line that `is_turn` (seen from its first byte that is
/// not a blank) starts. `None` when the piece is not all text, has no
/// turn, or holds after that one of the `stops`: what could begin a tag
/// or a game among its turns.
pub(crate) fn up_to_turns(
    bytes: &[u8],
    is_turn: impl Fn(&[u8]) -> bool,
    stops: (u8, u8),
) -> Option<(&str, usize)> {
    let text = std::str::from_utf8(bytes).ok()?;
    let turns = std::iter::once(0)
        .chain(line_starts(bytes))
        .find(|&at| is_turn(super::chunk::after_blanks(&bytes[at..])))?;
    let stopped = memchr::memchr2(stops.0, stops.1, &bytes[turns..]).is_some();
    (!stopped).then_some((text, turns))
}

/// A piece's game text, between its span's bytes `start` and `end` in
/// the file, the piece's text starting at `offset`, with a line end.
pub(crate) fn game_text(text: &str, offset: usize, start: usize, end: usize) -> String {
    let from = start.saturating_sub(offset).min(text.len());
    let to = end.saturating_sub(offset).clamp(from, text.len());
    let mut game = text.get(from..to).unwrap_or_default().to_owned();
    if !game.ends_with('\n') {
        game.push('\n');
    }
    game
}

/// What the families' tests of [`Wants::moves`] share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Card, RecordReader, Wants};
    use crate::core::family::Family;

    /// The cards `family` makes of the record `bytes`, moves counted or
    /// not; the count left out, to compare.
    fn cards_of<F: Family>(family: F, bytes: &[u8], moves: bool) -> Vec<Card> {
        let mut reader = bytes;
        let record = RecordReader {
            path: "record",
            reader: &mut reader,
        };
        let wants = Wants {
            moves,
            ..Wants::replay(false)
        };
        let mut made = Vec::new();
        let options = F::Options::default();
        family
            .cards(record, &options, &wants, 1, &mut |card| {
                made.push(Card {
                    moves: None,
                    ..card
                });
                true
            })
            .expect("reading from memory");
        made
    }

    /// Checks that the cards `family` makes of `bytes` when no moves are
    /// counted are those it makes reading every game whole, but for the
    /// count.
    pub(crate) fn same_cards<F: Family>(family: F, bytes: &[u8]) {
        let shown = String::from_utf8_lossy(bytes);
        let whole = cards_of(family, bytes, true);
        assert_eq!(cards_of(family, bytes, false), whole, "{shown:?}");
    }
}
