//! Single-mistake variants of generated tafl games (OpenTafl game files),
//! for `tests/tafl_repair_rates.rs`: each kind of mistake a player makes
//! writing a move, made once at a random place of a game.

#![allow(dead_code)]

use hirp::tafl::replay::replay_record;
use hirp::tafl::syntax::{Form, parse};

/// The kinds of mistake.
pub const KINDS: &[&str] = &[
    "capture dropped",
    "capture added",
    "capture moved one square",
    "end square one off",
    "start square one off",
    "squares swapped",
    "`K` on a taflman's move",
    "`K` left out",
    "`++` or `--` left out",
    "`++` added",
];

/// A small deterministic random source (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A square as written: its file from 0 and its rank from 1.
pub type Square = (u8, u8);

fn square_text((file, rank): Square) -> String {
    format!("{}{rank}", char::from(b'a' + file))
}

/// Reads a square at the start of `text`: the square and its length.
fn read_square(text: &str) -> Option<(Square, usize)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let rank = text.get(1..1 + digits)?.parse().ok()?;
    Some(((file - b'a', rank), 1 + digits))
}

/// A move token taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub letter: Option<char>,
    pub from: Square,
    pub to: Square,
    pub captures: Vec<Square>,
    pub marker: &'static str,
}

impl Token {
    pub fn read(text: &str) -> Option<Token> {
        let mut rest = text;
        let letter = rest.chars().next().filter(char::is_ascii_uppercase);
        if letter.is_some() {
            rest = &rest[1..];
        }
        let (from, n) = read_square(rest)?;
        rest = rest[n..].strip_prefix('-')?;
        let (to, n) = read_square(rest)?;
        rest = &rest[n..];
        let marker = if let Some(r) = rest.strip_suffix("++") {
            rest = r;
            "++"
        } else if let Some(r) = rest.strip_suffix("--") {
            rest = r;
            "--"
        } else {
            ""
        };
        let mut captures = Vec::new();
        if let Some(list) = rest.strip_prefix('x') {
            for square in list.split('/') {
                let (s, n) = read_square(square)?;
                (n == square.len()).then_some(())?;
                captures.push(s);
            }
        } else if !rest.is_empty() {
            return None;
        }
        Some(Token {
            letter,
            from,
            to,
            captures,
            marker,
        })
    }

    pub fn text(&self) -> String {
        let mut out: String = self.letter.into_iter().collect();
        out.push_str(&square_text(self.from));
        out.push('-');
        out.push_str(&square_text(self.to));
        for (n, &square) in self.captures.iter().enumerate() {
            out.push(if n == 0 { 'x' } else { '/' });
            out.push_str(&square_text(square));
        }
        out.push_str(self.marker);
        out
    }
}

/// A game file's text cut into its moves: the text around them and each
/// move token's place.
pub struct Moves {
    pub text: String,
    /// Byte ranges of the move tokens, in order.
    pub places: Vec<(usize, usize)>,
    /// The board's size.
    pub dim: u8,
}

impl Moves {
    pub fn new(text: &str) -> Moves {
        let start = text.find("\n\n").map_or(0, |n| n + 2);
        let mut places = Vec::new();
        let mut at = start;
        for word in text[start..].split_inclusive(char::is_whitespace) {
            let trimmed = word.trim_end();
            if Token::read(trimmed).is_some() {
                places.push((at, at + trimmed.len()));
            }
            at += word.len();
        }
        let dim = text
            .find("dim:")
            .and_then(|n| text[n + 4..].split(' ').next())
            .and_then(|d| d.parse().ok())
            .unwrap_or(7);
        Moves {
            text: text.to_owned(),
            places,
            dim,
        }
    }

    pub fn token(&self, n: usize) -> Token {
        let (start, end) = self.places[n];
        Token::read(&self.text[start..end]).expect("a move token")
    }

    /// The text with move `n` written `token`.
    pub fn with(&self, n: usize, token: &Token) -> String {
        let (start, end) = self.places[n];
        format!(
            "{}{}{}",
            &self.text[..start],
            token.text(),
            &self.text[end..]
        )
    }

    /// The squares next to `square` on the board.
    pub fn neighbours(&self, (file, rank): Square) -> Vec<Square> {
        let (f, r) = (i16::from(file), i16::from(rank));
        [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)]
            .into_iter()
            .filter(|&(f, r)| {
                f >= 0 && f < i16::from(self.dim) && r >= 1 && r <= i16::from(self.dim)
            })
            .map(|(f, r)| (f as u8, r as u8))
            .collect()
    }
}

/// A generated game with `K` written before each move of the king, as a
/// careful writer does.
pub fn with_king_letters(text: &str) -> String {
    let parsed = parse(text, Form::Otg);
    let replays = replay_record(&parsed.record, &parsed.errors, None);
    let Some(replay) = replays.first() else {
        return text.to_owned();
    };
    let positions = replay.positions();
    let moves = Moves::new(text);
    let mut out = text.to_owned();
    for (n, step) in replay.steps.iter().enumerate().rev() {
        let king = step.applied.mv().is_some_and(|mv| {
            positions[n]
                .piece_at(mv.from)
                .is_some_and(|(_, piece)| piece == hirp::tafl::Piece::King)
        });
        if king && n < moves.places.len() {
            out.insert(moves.places[n].0, 'K');
        }
    }
    out
}

/// One variant of `moves` with a mistake of `kind`, and the move it is in;
/// `None` when the game has no place for it.
pub fn variant(moves: &Moves, kind: &str, rng: &mut Rng) -> Option<(String, usize)> {
    let mut options: Vec<(usize, Token)> = Vec::new();
    for n in 0..moves.places.len() {
        let token = moves.token(n);
        for changed in mistakes(moves, &token, kind) {
            if changed != token {
                options.push((n, changed));
            }
        }
    }
    if options.is_empty() {
        return None;
    }
    let (n, token) = &options[rng.below(options.len())];
    Some((moves.with(*n, token), *n))
}

/// Every way of making a mistake of `kind` in `token`.
fn mistakes(moves: &Moves, token: &Token, kind: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let with = |f: &dyn Fn(&mut Token)| {
        let mut t = token.clone();
        f(&mut t);
        t
    };
    match kind {
        "capture dropped" => {
            for n in 0..token.captures.len() {
                out.push(with(&|t| {
                    t.captures.remove(n);
                }));
            }
        }
        "capture added" => {
            for square in moves.neighbours(token.to) {
                if !token.captures.contains(&square) {
                    out.push(with(&|t| t.captures.push(square)));
                }
            }
        }
        "capture moved one square" => {
            for (n, &c) in token.captures.iter().enumerate() {
                for square in moves.neighbours(c) {
                    if !token.captures.contains(&square) {
                        out.push(with(&|t| t.captures[n] = square));
                    }
                }
            }
        }
        "end square one off" => {
            for square in moves.neighbours(token.to) {
                if square != token.from {
                    out.push(with(&|t| t.to = square));
                }
            }
        }
        "start square one off" => {
            for square in moves.neighbours(token.from) {
                if square != token.to {
                    out.push(with(&|t| t.from = square));
                }
            }
        }
        "squares swapped" => out.push(with(&|t| std::mem::swap(&mut t.from, &mut t.to))),
        "`K` on a taflman's move" if token.letter.is_none() => {
            out.push(with(&|t| t.letter = Some('K')));
        }
        "`K` left out" if token.letter == Some('K') => out.push(with(&|t| t.letter = None)),
        "`++` or `--` left out" if !token.marker.is_empty() => {
            out.push(with(&|t| t.marker = ""));
        }
        "`++` added" if token.marker.is_empty() => out.push(with(&|t| t.marker = "++")),
        _ => {}
    }
    out
}
