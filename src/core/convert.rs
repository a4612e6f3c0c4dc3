//! Games written in another form, whatever their family: what a family
//! gives for each game `hirp convert` writes ([`Family::convert`]).
//!
//! [`Family::convert`]: crate::core::family::Family::convert

use std::io;

use super::family::{Family, RecordBytes};
use super::parallel::in_order;

/// A game written in another form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// Its text in the form, ending with a line end.
    pub text: String,
    /// What the record says of the game that the form cannot hold, each
    /// said for a person (`the players' ratings`); empty when nothing is
    /// lost.
    pub lost: Vec<String>,
    /// Whether nothing may follow it in a file of the form: a game file's
    /// game with no move, which the tags of a game after it would join.
    pub last_only: bool,
}

/// A form a family's games are written in: its name as `--to` takes it,
/// and what it is, for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// `otg`, `csv`, `ron`, `json`, `hirp`: the extension of its files.
    pub name: &'static str,
    /// `an OpenTafl game file`.
    pub about: &'static str,
    /// What parts two games of a file: a blank line (`"\n"`) in a game
    /// file, nothing where a game is a line.
    pub between: &'static str,
}

/// Hands each game of a record, cut into `chunks` (each of `size` bytes),
/// converted or with why it is not, to `each` with the game's number, in
/// order, until it returns `false`: `games` reads a chunk and converts
/// each of its games, on `workers` threads. Returns how many games were
/// handed over.
pub(crate) fn each_converted<C: Send>(
    chunks: impl Iterator<Item = io::Result<C>> + Send,
    size: impl Fn(&C) -> usize + Sync,
    workers: usize,
    games: impl Fn(C) -> Vec<Result<Converted, String>> + Sync,
    each: &mut dyn FnMut(usize, Result<Converted, String>) -> bool,
) -> usize {
    let mut number = 0;
    // Reading from memory cannot fail.
    let _ = in_order(chunks, size, workers, games, |converted| {
        for game in converted.drain(..) {
            number += 1;
            if !each(number, game) {
                return false;
            }
        }
        true
    });
    number
}

/// Each piece of `record`, of `family`, in its canonical text
/// ([`Family::canonical_piece`](super::family::Family::canonical_piece)), handed to `each` as its first game's, a
/// piece with syntax errors refused: a record written in its own form, as
/// [`Family::convert`](super::family::Family::convert) writes it. Returns how many pieces were handed
/// over.
pub(crate) fn canonical_games<F: Family>(
    family: F,
    record: RecordBytes<'_>,
    workers: usize,
    each: &mut dyn FnMut(usize, Result<Converted, String>) -> bool,
) -> usize {
    let piece = |chunk: F::Chunk| {
        let (_, parsed) = F::parse(&chunk);
        let converted = if F::broken(&parsed) {
            Err("it has syntax errors; `hirp fix` repairs each that has one repair".to_owned())
        } else {
            let mut games = 0;
            Ok(Converted {
                text: F::canonical_piece(&parsed, &mut games),
                lost: Vec::new(),
                last_only: false,
            })
        };
        vec![converted]
    };
    let size = |chunk: &F::Chunk| F::part(chunk).0.len();
    each_converted(family.chunks(record.bytes), size, workers, piece, each)
}
