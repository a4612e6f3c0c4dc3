//! Correcting a record, whatever its family: fixes applied round after
//! round, a game corrected only when its repairs leave it valid, and the
//! problems that several repairs fit equally well counted from what they
//! say of their choices. A family gives the loop one thing: a check of a
//! version of a piece of its record, which finds the problems with their
//! games and their fixes ([`CheckedPiece`]).
//!
//! A HIRP record whose S1 has one step too many, corrected through HIRP's
//! check of a piece ([`crate::hirp::replay::check_piece`]):
//!
//! ```
//! use hirp::core::fix::{Part, ROUNDS, correct};
//!
//! let record = b"G1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let chunk = hirp::hirp::syntax::Games::new(&record[..]).next().unwrap()?;
//! let part = Part {
//!     bytes: &chunk.bytes,
//!     offset: chunk.offset,
//!     end: chunk.bytes.len(),
//!     check: &|piece, base| hirp::hirp::replay::check_piece(piece, &chunk, base),
//! };
//! let corrected = correct(&part, 0, ROUNDS);
//! assert_eq!(corrected.piece, b"G1 KeHeiHei /\nS1 He7He8He /\n");
//! assert_eq!((corrected.applied, corrected.withheld), (1, 0));
//! assert_eq!(corrected.checked.errors(), 0);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io;

use super::diagnostic::Problem;
use super::parallel::in_order;
use super::{Edit, Severity, Span};

/// Fixing rounds at most: a fix can bring another to light.
pub const ROUNDS: usize = 8;

/// A piece of a record, checked.
#[derive(Clone, Debug)]
pub struct CheckedPiece {
    /// Its text, which the problems point into.
    pub text: String,
    /// Its problems.
    pub problems: Vec<Problem>,
    /// The game of each problem, from 0; `None` for one in no game.
    pub game: Vec<Option<usize>>,
    /// The games in it.
    pub games: usize,
}

impl CheckedPiece {
    /// A piece whose text is `text`, holding `games` games, with its
    /// problems, each with its game (from 0; `None` for one in no game).
    pub fn new(
        text: String,
        games: usize,
        problems: impl IntoIterator<Item = (Problem, Option<usize>)>,
    ) -> CheckedPiece {
        let (problems, game) = problems.into_iter().unzip();
        CheckedPiece {
            text,
            problems,
            game,
            games,
        }
    }

    /// Whether game `n` has an error.
    pub fn has_error(&self, n: usize) -> bool {
        let mut problems = self.problems.iter().zip(&self.game);
        problems.any(|(p, &g)| g == Some(n) && p.severity == Severity::Error)
    }

    /// Keeps only the problems `keep` keeps, with their games.
    pub fn retain(&mut self, keep: impl Fn(&Problem) -> bool) {
        let kept: Vec<bool> = self.problems.iter().map(&keep).collect();
        let mut n = 0;
        self.game.retain(|_| {
            n += 1;
            kept[n - 1]
        });
        self.problems.retain(keep);
    }

    /// How many errors it has.
    pub fn errors(&self) -> usize {
        let errors = self.problems.iter();
        errors.filter(|p| p.severity == Severity::Error).count()
    }

    /// How many games have an error that several repairs fit equally well
    /// ([`Problem::is_tied`]): none of them is applied.
    pub fn tied(&self) -> usize {
        let mut games: Vec<usize> = Vec::new();
        for (problem, &game) in self.problems.iter().zip(&self.game) {
            if let Some(n) = game
                && problem.is_tied()
                && problem.severity == Severity::Error
                && !games.contains(&n)
            {
                games.push(n);
            }
        }
        games.len()
    }
}

/// A chunk of a record of any family, as fixing reads it.
pub struct Part<'a> {
    /// Its bytes, as read.
    pub bytes: &'a [u8],
    /// Their offset in the record as read.
    pub offset: usize,
    /// Where the piece to fix ends in them: before any line left unread.
    pub end: usize,
    /// Checks a version of the piece whose spans start at the offset given.
    pub check: &'a dyn Fn(&[u8], usize) -> CheckedPiece,
}

/// A chunk's piece corrected.
pub struct Corrected {
    /// Its bytes.
    pub piece: Vec<u8>,
    /// How many fixes were applied.
    pub applied: usize,
    /// How many games were left as written because their repairs would
    /// leave them invalid.
    pub withheld: usize,
    /// The corrected piece, checked.
    pub checked: CheckedPiece,
}

/// How the chunks of a record are corrected: on how many threads, in up to
/// how many rounds, and what of a check is kept (the problems reported and
/// the fixes applied).
pub struct Fixing<'a> {
    /// The threads that correct chunks; one or fewer corrects them on the
    /// calling thread.
    pub workers: usize,
    /// The rounds of fixes at most.
    pub rounds: usize,
    /// What is kept of each check of a piece.
    pub keep: &'a (dyn Fn(CheckedPiece) -> CheckedPiece + Sync),
}

impl Fixing<'_> {
    /// Corrects each of `chunks` with `correct` (which calls
    /// [`Fixing::correct`] on its part) on the workers, and hands the chunks
    /// corrected to `take` in their order, until it returns `false` or
    /// reading a chunk fails (that error is returned). `size` tells a
    /// chunk's bytes.
    pub fn each<C: Send>(
        &self,
        chunks: impl Iterator<Item = io::Result<C>> + Send,
        size: impl Fn(&C) -> usize + Sync,
        correct: impl Fn(C) -> FixedChunk + Sync,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) -> io::Result<()> {
        in_order(
            chunks,
            size,
            self.workers,
            |chunk| Some(correct(chunk)),
            |fixed| fixed.take().is_some_and(&mut *take),
        )
    }

    /// Corrects `part` as [`correct`] does, the spans of what it finds
    /// counted from the piece's start (its offset in the corrected record is
    /// known only once the chunks before it are corrected: see
    /// [`FixedChunk::shift`]).
    pub fn correct(&self, part: Part<'_>) -> FixedChunk {
        let check = |piece: &[u8], base: usize| (self.keep)((part.check)(piece, base));
        let kept = Part {
            check: &check,
            ..part
        };
        FixedChunk {
            offset: part.offset,
            end: part.offset + part.end,
            corrected: correct(&kept, 0, self.rounds),
        }
    }
}

/// A chunk of a record corrected ([`Fixing::correct`]).
pub struct FixedChunk {
    /// Where its piece starts in the record as read.
    pub offset: usize,
    /// Where its piece ends there: any line left unread after it is copied
    /// as it was.
    pub end: usize,
    /// The piece corrected.
    pub corrected: Corrected,
}

impl FixedChunk {
    /// Counts the spans of its problems from `base`, where the piece starts
    /// in the corrected record.
    pub fn shift(&mut self, base: usize) {
        let shift = |span: &mut Span| *span = Span::new(span.start + base, span.end + base);
        for problem in &mut self.corrected.checked.problems {
            shift(&mut problem.span);
            if let Some(fix) = problem.fix.as_mut() {
                shift(&mut fix.span);
            }
        }
    }
}

/// Corrects one chunk's piece of a record, which starts at `base` of the
/// corrected record, in up to `rounds` rounds of fixes. A game is corrected
/// only if its repairs leave it valid: otherwise it is left as written (a
/// repair that does not make the game valid may be a guess that changes
/// what was right).
pub fn correct(part: &Part<'_>, base: usize, rounds: usize) -> Corrected {
    let mut withheld: Vec<usize> = Vec::new();
    // The piece as written is checked once: each pass from it, with more
    // games withheld, starts from that check.
    let written = (part.check)(&part.bytes[..part.end], base);
    loop {
        let (piece, applied, touched, checked) =
            fix_rounds(part, base, rounds, &withheld, written.clone());
        let spoiled: Vec<usize> = touched
            .into_iter()
            .filter(|&n| !withheld.contains(&n) && checked.has_error(n))
            .collect();
        if spoiled.is_empty() {
            return Corrected {
                piece,
                applied,
                withheld: withheld.len(),
                checked,
            };
        }
        withheld.extend(spoiled);
    }
}

/// Applies the fixes of every game but the `withheld` ones, round after
/// round, from the piece as written and its check, `written`. Returns the corrected bytes, how many fixes were applied, the
/// games they were applied to, and the corrected piece checked.
fn fix_rounds(
    part: &Part<'_>,
    base: usize,
    rounds: usize,
    withheld: &[usize],
    written: CheckedPiece,
) -> (Vec<u8>, usize, Vec<usize>, CheckedPiece) {
    let mut piece = part.bytes[..part.end].to_vec();
    let (mut applied, mut touched) = (0, Vec::new());
    let mut round = 0;
    let mut written = Some(written);
    loop {
        let checked = match written.take() {
            Some(checked) => checked,
            None => (part.check)(&piece, base),
        };
        let mut games = Vec::new();
        let mut edits: Vec<Edit> = Vec::new();
        for (problem, &game) in checked.problems.iter().zip(&checked.game) {
            let Some(e) = problem.fix.as_ref() else {
                continue;
            };
            if e.span.start < base || game.is_some_and(|n| withheld.contains(&n)) {
                continue;
            }
            games.extend(game);
            edits.push(Edit {
                span: Span::new(e.span.start - base, e.span.end - base),
                replacement: e.replacement.clone(),
            });
        }
        if edits.is_empty() || round == rounds {
            return (piece, applied, touched, checked);
        }
        let fixed = Edit::apply_to_bytes(&piece, &edits);
        if fixed == piece {
            return (piece, applied, touched, checked);
        }
        applied += edits.len();
        for n in games {
            if !touched.contains(&n) {
                touched.push(n);
            }
        }
        round += 1;
        piece = fixed;
    }
}

/// The part of `text` (a piece read, from its start) that a fix of an
/// earlier round may have changed: from the first byte where `piece` parts
/// from the chunk's bytes as written, `original`, to the last; `None` when
/// it is the chunk as written. A game there is no longer as written: a
/// repair applied to it may have been a guess, so a family's repair
/// search, which looks for a single mistake, leaves it alone.
pub(crate) fn changed_part(
    piece: &[u8],
    original: &[u8],
    text: &str,
) -> Option<std::ops::Range<usize>> {
    if piece == original {
        return None;
    }
    if !text.as_bytes().starts_with(piece) {
        return Some(0..usize::MAX);
    }
    let before = piece
        .iter()
        .zip(original)
        .take_while(|(a, b)| a == b)
        .count();
    let room = piece.len().min(original.len()) - before;
    let ends = piece.iter().rev().zip(original.iter().rev());
    let after = ends.take(room).take_while(|(a, b)| a == b).count();
    Some(before..piece.len() - after)
}

/// The edit that writes `with` over the bytes `start..end` of `text` (a
/// piece whose spans start at `base`), the text it keeps at either end left
/// out: a repair found as a whole token, shown as the characters it
/// changes.
pub(crate) fn narrowed(text: &str, base: usize, (start, end): (usize, usize), with: &str) -> Edit {
    let (old, new) = (&text.as_bytes()[start..end], with.as_bytes());
    let mut keep = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while !with.is_char_boundary(keep) || !text.is_char_boundary(start + keep) {
        keep -= 1;
    }
    let room = old.len().min(new.len()) - keep;
    let ends = old.iter().rev().zip(new.iter().rev());
    let mut tail = ends.take(room).take_while(|(a, b)| a == b).count();
    while !with.is_char_boundary(new.len() - tail) || !text.is_char_boundary(end - tail) {
        tail -= 1;
    }
    Edit {
        span: Span::new(base + start + keep, base + end - tail),
        replacement: with[keep..new.len() - tail].to_owned(),
    }
}
