//! The candidates of the tafl repair search around a fault, and the quick
//! judge that plays each.

use super::{AHEAD, MAX_CANDIDATES, NEAR, REPLACED, Searched, plays};
use crate::tafl::replay::captures::capture_text;
use crate::tafl::replay::game::{Game, WrittenPly};
use crate::tafl::rules::{Move, Position};
use crate::tafl::syntax::{Form, Ply, read_ply};
use crate::tafl::{Piece, Square};

mod order;

/// The characters a character edit writes, besides the board's files: the
/// notation's digits, marks and the letters of the king and a taflman.
const MARKS: &[u8] = b"0123456789-x/+^=KT";

/// Moves longer than this are not edited a character at a time.
const MAX_TOKEN: usize = 24;

/// An edit of a game's text tried as a repair: the bytes `start..end` of
/// the piece's text written `with`; it replaces the game's plies
/// `from..to` with the plies `tokens`.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) with: String,
    from: usize,
    to: usize,
    tokens: Vec<String>,
    /// What it changes: 1 for a character, 2 for a move taken out, two
    /// moves swapped or a move replaced by another, 3 for a move put in.
    pub(crate) cost: usize,
    /// For a legal move put in or written in place of a ply, the move: its
    /// text and `with` are written only once it passes the quick judge.
    legal: Option<Move>,
    /// It writes a ply two or three plies from where it stood.
    pub(crate) moved: bool,
}

impl Candidate {
    /// An edit of the text alone, from an edit whose span starts at `base`
    /// of the piece: a fault's own repair, judged whole.
    pub(crate) fn text_edit(start: usize, end: usize, with: &str, base: usize) -> Option<Self> {
        Some(Candidate {
            start: start.checked_sub(base)?,
            end: end.checked_sub(base)?,
            with: with.to_owned(),
            from: 0,
            to: 0,
            tokens: Vec::new(),
            cost: 0,
            legal: None,
            moved: false,
        })
    }
}

impl Candidate {
    /// Whether it writes the plies it replaces in another order, and
    /// nothing else: two swapped, or one written two or three plies off.
    pub(crate) fn reorders(&self) -> bool {
        self.legal.is_none() && self.cost == 2 && self.tokens.len() >= 2
    }
}

/// The text of each ply, from the piece's start: its span, widened to the
/// blanks around it (a character put before or after a move is not read
/// as the move's), short of the ply before and after it, a turn's number,
/// a comment and an archive's next field.
pub(super) fn token_spans(piece: &Searched<'_>, plies: &[WrittenPly<'_>]) -> Vec<(usize, usize)> {
    let bytes = piece.text.as_bytes();
    let stops = |b: u8| b.is_ascii_whitespace() || matches!(b, b'.' | b',' | b'[' | b']');
    let spans: Vec<(usize, usize)> = plies
        .iter()
        .map(|p| {
            let span = p.ply.span();
            (span.start - piece.base, span.end - piece.base)
        })
        .collect();
    let mut widened = Vec::with_capacity(spans.len());
    for (n, &(mut start, mut end)) in spans.iter().enumerate() {
        let floor = n.checked_sub(1).map_or(0, |m| spans[m].1);
        let ceiling = spans.get(n + 1).map_or(bytes.len(), |s| s.0);
        while start > floor && !stops(bytes[start - 1]) {
            start -= 1;
        }
        while end < ceiling && !stops(bytes[end]) {
            end += 1;
        }
        widened.push((start, end));
    }
    widened
}

/// A candidate that passed the quick judge, with the game's plies it
/// leaves from the first edited on (its key: two candidates with one key
/// are one repair), and the marks and letters its plies write that a move
/// need not ([`extras`]).
pub(super) struct Quick {
    pub(super) candidate: Candidate,
    pub(super) key: Vec<String>,
    pub(super) extras: usize,
}

/// What a ply writes that the notation leaves optional and that says
/// nothing the move does not: a mark after it (`+`, `-`), and a piece letter
/// for another piece than the king.
fn extras(ply: &Ply) -> usize {
    let Some(m) = ply.as_move() else { return 0 };
    usize::from(m.info.is_some()) + usize::from(m.piece.is_some_and(|p| p.piece != Piece::King))
}

/// The plies around a fault, with the positions before them, and the
/// candidates drawn there.
pub(super) struct Window<'a> {
    form: Form,
    /// The piece's text.
    text: &'a str,
    /// The text of each ply, from the piece's start ([`token_spans`]).
    spans: Vec<(usize, usize)>,
    /// Whether the game writes a letter for some moves: a legal move of
    /// the king is then written with its letter.
    letters: bool,
    /// The game: a legal move put in after a ply alone on its line goes on
    /// that line in a game file (one turn a line).
    game: Game<'a>,
    /// Every ply of the game.
    plies: &'a [WrittenPly<'a>],
    /// Each ply's text.
    tokens: Vec<&'a str>,
    /// The first ply edited.
    first: usize,
    /// The ply at fault (the number of plies when the fault follows them).
    fault: usize,
    /// The position before each ply from `first` to `fault`.
    positions: Vec<Position>,
    /// The candidates, the fault's first.
    candidates: Vec<Candidate>,
    /// The first ply from the window on whose text does not read alone as
    /// one ply with no syntax error or warning (a character put after a
    /// move is reported apart from the move it follows), if any.
    unread: Option<usize>,
}

impl<'a> Window<'a> {
    /// The candidates of the plies `first..=fault` of `game`, whose
    /// positions before them are `positions`.
    pub(super) fn new(
        piece: &'a Searched<'a>,
        game: Game<'a>,
        plies: &'a [WrittenPly<'a>],
        first: usize,
        fault: usize,
        positions: Vec<Position>,
    ) -> Self {
        let spans = token_spans(piece, plies);
        let tokens = spans.iter().map(|&(s, e)| &piece.text[s..e]).collect();
        let letters = plies
            .iter()
            .any(|p| p.ply.as_move().is_some_and(|m| m.piece.is_some()));
        let mut window = Window {
            form: piece.form,
            text: piece.text,
            spans,
            letters,
            game,
            plies,
            tokens,
            first,
            fault,
            positions,
            candidates: Vec::new(),
            unread: None,
        };
        let reach = (fault + 1 + AHEAD).min(plies.len());
        window.unread = (first..reach).find(|&j| read_ply(window.tokens[j], piece.form).is_none());
        let dim = window.positions[0].rules().dim;
        for j in (first..=fault.min(plies.len().saturating_sub(1))).rev() {
            window.characters(j, window.spans[j], dim);
            window.taken_out(j);
            window.swapped(j);
            window.moved(j);
            if j + REPLACED >= fault {
                window.legal(j, j + NEAR >= fault);
            }
        }
        window
    }

    /// Adds a candidate: the text `start..end` written `with`, which
    /// replaces the plies `from..to` with `tokens` and costs `cost`.
    fn push(
        &mut self,
        start: usize,
        end: usize,
        with: String,
        (from, to, cost): (usize, usize, usize),
        tokens: Vec<String>,
    ) {
        if self.candidates.len() < MAX_CANDIDATES {
            self.candidates.push(Candidate {
                start,
                end,
                with,
                from,
                to,
                tokens,
                cost,
                legal: None,
                moved: false,
            });
        }
    }

    /// Every edit of one character of ply `j`.
    fn characters(&mut self, j: usize, (start, end): (usize, usize), dim: u8) {
        let token = self.tokens[j];
        if token.len() > MAX_TOKEN || !token.is_ascii() {
            return;
        }
        let bytes = token.as_bytes();
        let alphabet: Vec<u8> = (b'a'..b'a' + dim).chain(MARKS.iter().copied()).collect();
        // Most edits write a move that cannot be played: they are told
        // from their text and left out at once.
        let before = &self.positions[j - self.first];
        let mut kept: Vec<String> = Vec::new();
        let mut buffer = Vec::with_capacity(bytes.len() + 1);
        let mut edit = |parts: &[&[u8]]| {
            buffer.clear();
            parts.iter().for_each(|part| buffer.extend_from_slice(part));
            // The token is ASCII, and so is each edit of it.
            let text = std::str::from_utf8(&buffer).unwrap_or_default();
            if !cannot_play(text, before) {
                kept.push(text.to_owned());
            }
        };
        for at in 0..=bytes.len() {
            for &c in &alphabet {
                edit(&[&bytes[..at], &[c], &bytes[at..]]);
                if at < bytes.len() && bytes[at] != c {
                    edit(&[&bytes[..at], &[c], &bytes[at + 1..]]);
                }
            }
            if at < bytes.len() {
                edit(&[&bytes[..at], &bytes[at + 1..]]);
            }
            if at + 1 < bytes.len() && bytes[at] != bytes[at + 1] {
                edit(&[&bytes[..at], &[bytes[at + 1], bytes[at]], &bytes[at + 2..]]);
            }
        }
        for new in kept {
            self.push(start, end, new.clone(), (j, j + 1, 1), vec![new]);
        }
    }

    /// Ply `j` taken out, with the blank that parts it from the ply before
    /// when it ends the game or shares that ply's line, else with the
    /// blanks after it.
    fn taken_out(&mut self, j: usize) {
        let (text, spans) = (self.text, &self.spans);
        let (start, end) = spans[j];
        let last = j + 1 == spans.len();
        let (from, to) = match j.checked_sub(1).map(|i| spans[i].1) {
            Some(before) if last || !text[before..start].contains(['\n', '\r']) => (before, end),
            _ => {
                let blanks = text[end..].len() - text[end..].trim_start_matches([' ', '\t']).len();
                (start, end + blanks)
            }
        };
        self.push(from, to, String::new(), (j, j + 1, 2), Vec::new());
    }

    /// Ply `j` replaced by each move legal before it, and each such move put
    /// in before it. Their text is written once they pass the quick judge
    /// ([`Window::write_legal`]).
    fn legal(&mut self, j: usize, near: bool) {
        let (start, end) = self.spans[j];
        let before = &self.positions[j - self.first];
        let mut kept = Vec::new();
        for mv in before.legal_moves() {
            let put_in = near.then_some(((start, start), j, 3));
            for (at, to, cost) in [((start, end), j + 1, 2)].into_iter().chain(put_in) {
                // The written ply after it must start on a piece of the
                // side to move next, which `mv` neither moves nor is.
                let next = self.plies.get(to).and_then(|p| p.ply.as_move());
                let stranded = next.is_some_and(|next| {
                    next.from == mv.from
                        || next.from == mv.to
                        || before
                            .piece_at(next.from)
                            .is_none_or(|(side, _)| side == before.turn())
                });
                if !stranded {
                    kept.push(Candidate {
                        start: at.0,
                        end: at.1,
                        with: String::new(),
                        from: j,
                        to,
                        tokens: Vec::new(),
                        cost,
                        legal: Some(mv),
                        moved: false,
                    });
                }
            }
        }
        let room = MAX_CANDIDATES.saturating_sub(self.candidates.len());
        self.candidates.extend(kept.into_iter().take(room));
    }

    /// A legal move's candidate written as the game writes its moves, or
    /// `None` when it writes the ply it replaces as it is. A move put in
    /// before ply `j` goes on the line of the ply before when that line
    /// holds that ply alone, else before `j`.
    fn write_legal(&self, candidate: &Candidate, mv: Move) -> Option<Candidate> {
        let (text, spans) = (self.text, &self.spans);
        let j = candidate.from;
        let written = self.written(&self.positions[j - self.first], mv);
        let mut made = Candidate {
            tokens: vec![written.clone()],
            legal: None,
            ..candidate.clone()
        };
        if candidate.to > j {
            if written == self.tokens[j] {
                return None;
            }
            made.with = written;
            return Some(made);
        }
        let start = spans[j].0;
        let before = j.checked_sub(1).map(|i| spans[i].1);
        let after_before = before.filter(|&b| {
            let line_start = text[..b].rfind('\n').map_or(0, |n| n + 1);
            matches!(self.game, Game::Otg(_))
                && text[b..start].contains('\n')
                && spans
                    .iter()
                    .filter(|s| s.0 >= line_start && s.1 <= b)
                    .count()
                    == 1
        });
        (made.start, made.with) = match after_before {
            Some(b) => {
                let blanks = text[b..].len() - text[b..].trim_start_matches([' ', '\t']).len();
                let pad = if blanks == 0 { " " } else { "" };
                (b + blanks, format!("{pad}{written}"))
            }
            None => (start, format!("{written} ")),
        };
        made.end = made.start;
        Some(made)
    }

    /// `mv` as the game writes a move: the king's letter when its moves
    /// have letters, its captures listed as its form lists them.
    fn written(&self, position: &Position, mv: Move) -> String {
        let king = position
            .piece_at(mv.from)
            .is_some_and(|(_, p)| p == Piece::King);
        let letter = if self.letters && king && self.form == Form::Otg {
            "K"
        } else {
            ""
        };
        let mut after = position.clone();
        let captures = match after.play(mv) {
            Ok(played) => capture_text(&played.captures.iter().collect::<Vec<_>>(), self.game),
            Err(_) => String::new(),
        };
        format!("{letter}{}-{}{captures}", mv.from, mv.to)
    }

    /// The candidates whose plies, with the written ones after them, play
    /// for [`AHEAD`] plies past the fault, each with the game's plies it
    /// leaves from the first edited on (its key: two candidates with one
    /// key are one repair).
    pub(super) fn quick_passing(&self) -> Vec<Quick> {
        let len = self.plies.len();
        let mut passing = Vec::new();
        for candidate in &self.candidates {
            let limit = (self.fault + 1 + AHEAD).min(len).max(candidate.to);
            // A ply left that cannot be read leaves the game invalid.
            if self.unread.is_some_and(|u| u >= candidate.to && u < limit) {
                continue;
            }
            let before = &self.positions[candidate.from - self.first];
            let rest = self.plies[candidate.to..limit].iter().map(|w| w.ply);
            let last = limit == len;
            let (candidate, extras) = match candidate.legal {
                // A legal move plays as written, with its captures and the
                // king's letter: only the plies after it are judged.
                Some(mv) => {
                    let mut position = before.clone();
                    if position.play(mv).is_err() || !plays(position, rest, usize::MAX, last) {
                        continue;
                    }
                    match self.write_legal(candidate, mv) {
                        Some(made) => (made, 0),
                        None => continue,
                    }
                }
                None => {
                    // Most character edits write a move that cannot be
                    // played: told from their text, before reading it.
                    if candidate
                        .tokens
                        .first()
                        .is_some_and(|t| cannot_play(t, before))
                    {
                        continue;
                    }
                    let Some(new) = candidate
                        .tokens
                        .iter()
                        .map(|t| read_ply(t, self.form))
                        .collect::<Option<Vec<Ply>>>()
                    else {
                        continue;
                    };
                    if let Some(Ply::Move(m)) = new.first()
                        && before
                            .piece_at(m.from)
                            .is_none_or(|(side, _)| side != before.turn())
                    {
                        continue;
                    }
                    if !plays(before.clone(), new.iter().chain(rest), usize::MAX, last) {
                        continue;
                    }
                    (candidate.clone(), new.iter().map(extras).sum())
                }
            };
            // The plies after the last one a candidate may edit (a ply
            // swapped with the third after it) are the same in every key.
            let common = (self.fault + 4).min(len).max(candidate.to);
            let kept = |tokens: &[&str]| tokens.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>();
            let mut key = kept(&self.tokens[self.first..candidate.from]);
            key.extend(candidate.tokens.iter().cloned());
            key.extend(kept(&self.tokens[candidate.to..common]));
            passing.push(Quick {
                candidate,
                key,
                extras,
            });
        }
        passing
    }

    /// Whether the lines of a game file around the fault hold other than
    /// a turn each (two plies; the game's last line one or two): a ply
    /// written in the neighbouring turn leaves one line short and the
    /// other long.
    pub(super) fn layout_broken(&self) -> bool {
        if self.form != Form::Otg {
            return false;
        }
        let line_of = |i: usize| self.text[..self.spans[i].0].matches('\n').count();
        let (from, to) = (self.first, (self.fault + 4).min(self.spans.len()));
        let mut counts: Vec<(usize, usize)> = Vec::new();
        for i in from..to {
            let line = line_of(i);
            match counts.last_mut() {
                Some((l, n)) if *l == line => *n += 1,
                _ => counts.push((line, 1)),
            }
        }
        let last = line_of(self.spans.len() - 1);
        // The window's first and last lines may be cut; its others are
        // whole.
        let whole = counts
            .len()
            .saturating_sub(usize::from(to < self.spans.len()));
        counts[..whole]
            .iter()
            .skip(1)
            .any(|&(line, n)| n > 2 || (n < 2 && line != last))
    }

    /// Whether a repair takes out the faulty ply, the game's last.
    pub(super) fn takes_out_the_rest(&self, candidate: &Candidate) -> bool {
        candidate.tokens.is_empty()
            && (candidate.from, candidate.to) == (self.fault, self.fault + 1)
            && candidate.to == self.plies.len()
    }

    /// Whether a repair edits the faulty ply alone.
    pub(super) fn at_fault(&self, candidate: &Candidate) -> bool {
        (candidate.from, candidate.to) == (self.fault, self.fault + 1)
    }

    /// Whether a repair bears on the fault: it is made at the faulty ply,
    /// or a move it writes or takes out starts, ends or captures on a
    /// square where the faulty ply starts, ends or captures.
    pub(super) fn bears_on_fault(&self, candidate: &Candidate) -> bool {
        if candidate.from >= self.fault || candidate.to > self.fault {
            return true;
        }
        let Some(fault) = self.plies.get(self.fault).and_then(|p| p.ply.as_move()) else {
            return false;
        };
        let squares = |m: &crate::tafl::syntax::WrittenMove| {
            let mut squares = vec![m.from, m.to];
            squares.extend(m.captures.iter().map(|c| c.square));
            squares
        };
        let at_fault = squares(fault);
        let written = self.plies[candidate.from..candidate.to]
            .iter()
            .map(|p| p.ply.clone());
        let new = candidate
            .tokens
            .iter()
            .filter_map(|t| read_ply(t, self.form));
        written
            .chain(new)
            .filter_map(|p| p.as_move().map(squares))
            .any(|s| s.iter().any(|q| at_fault.contains(q)))
    }

    /// A repair as a tie lists it: the plies it writes, with the ply
    /// before and the ply after them as the game writes them
    /// (`c4-c6 d7-d5 e2-e4` for `d7-d5` put in), so that choices made at
    /// one place or at two read apart.
    pub(super) fn choice(&self, candidate: &Candidate) -> String {
        let before = candidate.from.checked_sub(1).map(|j| self.tokens[j]);
        let after = self.tokens.get(candidate.to).copied();
        let written = candidate.tokens.iter().map(String::as_str);
        let plies: Vec<&str> = before.into_iter().chain(written).chain(after).collect();
        plies.join(" ")
    }

    /// The help of a repair: the plies it writes.
    pub(super) fn help(&self, candidate: &Candidate) -> String {
        let replaced = self.tokens[candidate.from..candidate.to].join(" ");
        match (
            &candidate.tokens[..],
            candidate.to.checked_sub(candidate.from),
        ) {
            ([], _) => format!("take out `{replaced}`"),
            ([one], Some(0)) => match self.tokens.get(candidate.to) {
                Some(next) => format!("put `{one}` before `{next}`"),
                None => format!("put `{one}` at the end"),
            },
            (tokens, _) => format!("write `{}`", tokens.join(" ")),
        }
    }
}

/// Whether the text of a ply is sure not to read as one that plays in
/// `position`, told cheaper than by reading it. Besides a resignation
/// (`---`) and a timeout, a ply is a move, which starts with a square,
/// after a piece's letter if a letter follows it (`lexical::square`: a
/// lower-case file, a rank with no leading zero); the square must hold a
/// piece of the side to move; a move type follows it, and after `-`, a
/// square the move must be legal to.
pub(super) fn cannot_play(text: &str, position: &Position) -> bool {
    if matches!(text, "---" | "timeout") {
        return false;
    }
    let bytes = text.as_bytes();
    // A letter followed by a letter can only be a piece's letter.
    let skip = usize::from(
        bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1].is_ascii_alphabetic(),
    );
    let Some((from, len)) = square_at(&bytes[skip..]) else {
        return true;
    };
    if position
        .piece_at(from)
        .is_none_or(|(side, _)| side != position.turn())
    {
        return true;
    }
    match bytes[skip + len..].split_first() {
        Some((b'-', rest)) => {
            square_at(rest).is_none_or(|(to, _)| !position.is_legal(Move { from, to }))
        }
        Some((b'^' | b'=', _)) => false,
        _ => true,
    }
}

/// The square `bytes` start with, and its length, when they start with one
/// as the notation writes it, a digit not following it.
fn square_at(bytes: &[u8]) -> Option<(Square, usize)> {
    let (&file, rest) = bytes.split_first()?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if !file.is_ascii_lowercase() || digits == 0 || digits > 2 || rest[0] == b'0' {
        return None;
    }
    let rank = rest[..digits].iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
    Some((Square::new(file - b'a', rank - 1)?, 1 + digits))
}
