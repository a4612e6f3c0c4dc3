//! The candidates of the tafl repair search around a fault, and the quick
//! judge that plays each.

use super::{AHEAD, MAX_CANDIDATES, NEAR, Searched, plays};
use crate::tafl::Piece;
use crate::tafl::replay::game::{Game, WrittenPly};
use crate::tafl::rules::{Move, Position};
use crate::tafl::syntax::{Form, Ply, read_ply};

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
        })
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
pub(super) struct Quick<'a> {
    pub(super) candidate: &'a Candidate,
    pub(super) key: Vec<&'a str>,
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
        game: Game<'_>,
        plies: &'a [WrittenPly<'a>],
        first: usize,
        fault: usize,
        positions: Vec<Position>,
    ) -> Self {
        let spans = token_spans(piece, plies);
        let tokens = spans.iter().map(|&(s, e)| &piece.text[s..e]).collect();
        let mut window = Window {
            form: piece.form,
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
        let letters = plies
            .iter()
            .any(|p| p.ply.as_move().is_some_and(|m| m.piece.is_some()));
        let dim = window.positions[0].rules().dim;
        for j in (first..=fault.min(plies.len().saturating_sub(1))).rev() {
            window.characters(j, spans[j], dim);
            window.taken_out(piece.text, j, &spans);
            window.swapped(piece.text, j, &spans);
            window.legal(piece.text, j, &spans, (letters, j + NEAR >= fault), game);
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
        let mut edits: Vec<Vec<u8>> = Vec::new();
        for at in 0..=bytes.len() {
            for &c in &alphabet {
                edits.push([&bytes[..at], &[c], &bytes[at..]].concat());
                if at < bytes.len() && bytes[at] != c {
                    edits.push([&bytes[..at], &[c], &bytes[at + 1..]].concat());
                }
            }
            if at < bytes.len() {
                edits.push([&bytes[..at], &bytes[at + 1..]].concat());
            }
            if at + 1 < bytes.len() && bytes[at] != bytes[at + 1] {
                edits.push([&bytes[..at], &[bytes[at + 1], bytes[at]], &bytes[at + 2..]].concat());
            }
        }
        for edit in edits {
            let Ok(new) = String::from_utf8(edit) else {
                continue;
            };
            self.push(start, end, new.clone(), (j, j + 1, 1), vec![new]);
        }
    }

    /// Ply `j` taken out, with the blank that parts it from the ply before
    /// when it ends the game or shares that ply's line, else with the
    /// blanks after it.
    fn taken_out(&mut self, text: &str, j: usize, spans: &[(usize, usize)]) {
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

    /// Ply `j` swapped with one of the next three.
    fn swapped(&mut self, text: &str, j: usize, spans: &[(usize, usize)]) {
        for m in j + 1..(j + 4).min(spans.len()) {
            let (a, b) = (self.tokens[j], self.tokens[m]);
            if a == b {
                continue;
            }
            let with = [b, &text[spans[j].1..spans[m].0], a].concat();
            let mut tokens: Vec<String> = vec![b.to_owned()];
            tokens.extend(self.tokens[j + 1..m].iter().map(|t| (*t).to_owned()));
            tokens.push(a.to_owned());
            self.push(spans[j].0, spans[m].1, with, (j, m + 1, 2), tokens);
        }
    }

    /// Ply `j` replaced by each move legal before it, and, when `near` the
    /// fault, each such move put in before it, written as the game writes
    /// its moves.
    fn legal(
        &mut self,
        text: &str,
        j: usize,
        spans: &[(usize, usize)],
        (letters, near): (bool, bool),
        game: Game<'_>,
    ) {
        let position = self.positions[j - self.first].clone();
        let (start, end) = spans[j];
        // Where a move put in before ply `j` is written: on the line of the
        // ply before when that line holds one ply alone, else before `j`.
        let before = j.checked_sub(1).map(|i| spans[i].1);
        let after_before = before.filter(|&b| {
            let line_start = text[..b].rfind('\n').map_or(0, |n| n + 1);
            matches!(game, Game::Otg(_))
                && text[b..start].contains('\n')
                && spans
                    .iter()
                    .filter(|s| s.0 >= line_start && s.1 <= b)
                    .count()
                    == 1
        });
        for mv in position.legal_moves() {
            let written = self.written(&position, mv, letters);
            if written != self.tokens[j] {
                let one = vec![written.clone()];
                self.push(start, end, written.clone(), (j, j + 1, 2), one);
            }
            if !near {
                continue;
            }
            let (at, with) = match after_before {
                Some(b) => {
                    let blanks = text[b..].len() - text[b..].trim_start_matches([' ', '\t']).len();
                    let pad = if blanks == 0 { " " } else { "" };
                    (b + blanks, format!("{pad}{written}"))
                }
                None => (start, format!("{written} ")),
            };
            self.push(at, at, with, (j, j, 3), vec![written]);
        }
    }

    /// `mv` as the game writes a move: the king's letter when its moves
    /// have letters, its captures listed.
    fn written(&self, position: &Position, mv: Move, letters: bool) -> String {
        let king = position
            .piece_at(mv.from)
            .is_some_and(|(_, p)| p == Piece::King);
        let mut out = String::new();
        if letters && king && self.form == Form::Otg {
            out.push('K');
        }
        out.push_str(&format!("{}-{}", mv.from, mv.to));
        let mut after = position.clone();
        if let Ok(played) = after.play(mv) {
            for (n, square) in played.captures.iter().enumerate() {
                let separator = if n == 0 || self.form == Form::Csv {
                    'x'
                } else {
                    '/'
                };
                out.push(separator);
                out.push_str(&square.to_string());
            }
        }
        out
    }

    /// The candidates whose plies, with the written ones after them, play
    /// for [`AHEAD`] plies past the fault, each with the game's plies it
    /// leaves from the first edited on (its key: two candidates with one
    /// key are one repair).
    pub(super) fn quick_passing(&self) -> Vec<Quick<'_>> {
        let len = self.plies.len();
        let mut passing = Vec::new();
        for candidate in &self.candidates {
            let Some(new) = candidate
                .tokens
                .iter()
                .map(|t| read_ply(t, self.form))
                .collect::<Option<Vec<Ply>>>()
            else {
                continue;
            };
            let limit = (self.fault + 1 + AHEAD).min(len).max(candidate.to);
            // A ply left that cannot be read leaves the game invalid.
            if self.unread.is_some_and(|u| u >= candidate.to && u < limit) {
                continue;
            }
            let rest = self.plies[candidate.to..limit].iter().map(|w| w.ply);
            let position = self.positions[candidate.from - self.first].clone();
            if plays(position, new.iter().chain(rest), usize::MAX, limit == len) {
                let mut key: Vec<&str> = self.tokens[self.first..candidate.from].to_vec();
                key.extend(candidate.tokens.iter().map(String::as_str));
                key.extend(&self.tokens[candidate.to..]);
                passing.push(Quick {
                    candidate,
                    key,
                    extras: new.iter().map(extras).sum(),
                });
            }
        }
        passing
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
