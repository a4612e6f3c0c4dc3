//! The reading of a [`Chunk`] cut by [`Games`]: its games, syntax errors
//! and what the cutting found of the input, spans counted in the whole file.

use std::borrow::Cow;

use super::Parsed;
use super::error::{SyntaxError, SyntaxErrorKind};
use super::games::{Chunk, Games};
use crate::core::encoding::{TextError, not_text};
use crate::core::limits::Bound;

/// Reads a chunk: its games and syntax errors, with an error for the rest of
/// a game left unread (which belongs to the chunk's last game), and first
/// its [`Chunk::note`]; a chunk of an input that is not text has no game and
/// that one error. Returns the decoded text of the whole chunk, to which the
/// spans point from [`Chunk::offset`] on.
pub fn parse_chunk(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let Some(note) = &chunk.note else {
        return parse_cut(chunk);
    };
    if note.kind.is_not_text() {
        let errors = vec![note.clone()];
        return (
            crate::core::encoding::decode(&chunk.bytes).text,
            Parsed {
                errors,
                ..Parsed::default()
            },
        );
    }
    let (text, mut parsed) = parse_cut(chunk);
    parsed.errors.insert(0, note.clone());
    (text, parsed)
}

/// Reads a chunk as [`parse_chunk`] does, but for its note.
fn parse_cut(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let Some(cut) = chunk.cut else {
        return super::parse_bytes_at(&chunk.bytes, chunk.offset);
    };
    let (_, mut parsed) = super::parse_bytes_at(&chunk.bytes[..cut.at], chunk.offset);
    let text = crate::core::encoding::decode(&chunk.bytes).text;
    let cut = cut.error(&text, chunk.offset);
    let kind = match cut.bound {
        Bound::Line => SyntaxErrorKind::LineTooLong,
        Bound::Game | Bound::Errors => SyntaxErrorKind::GameTooLong,
    };
    let error = SyntaxError::new(kind, cut.span, cut.found).with_help(cut.help);
    if let Some(game) = parsed.record.games.last_mut() {
        game.span.end = game.span.end.max(error.span.end);
    }
    parsed.errors.push(error);
    (text, parsed)
}

/// Reads a whole record chunk by chunk, as [`parse`](super::parse) does.
pub(crate) fn read_all(bytes: &[u8]) -> Parsed {
    let mut parsed = Parsed::default();
    // Reading from memory cannot fail.
    for chunk in Games::new(bytes).map_while(Result::ok) {
        let (_, part) = parse_chunk(&chunk);
        parsed.record.games.extend(part.record.games);
        parsed.record.comments.extend(part.record.comments);
        parsed.errors.extend(part.errors);
    }
    parsed
}

impl Chunk {
    /// The one chunk of an input that is not text: what is shown of its
    /// first bytes, `sample`, with the `error` that says so.
    pub(super) fn not_text(sample: &[u8], error: TextError) -> Chunk {
        let shown = not_text(sample, &error);
        Chunk {
            bytes: shown.bytes,
            offset: shown.offset,
            line: shown.line,
            cut: None,
            note: Some(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str) -> Vec<(String, usize, usize)> {
        Games::new(text.as_bytes())
            .map(|c| {
                let c = c.unwrap();
                (String::from_utf8(c.bytes).unwrap(), c.offset, c.line)
            })
            .collect()
    }

    #[test]
    fn cuts_where_games_begin() {
        let text = "[Game \"1\"]\nG1 He /\nS1 He /\n; next\n\n[Game \"2\"]\nG1 He /\nG1 He /\n";
        let got = chunks(text);
        assert_eq!(
            got,
            [
                ("[Game \"1\"]\nG1 He /\nS1 He /\n".to_owned(), 0, 0),
                ("; next\n\n[Game \"2\"]\nG1 He /\n".to_owned(), 27, 3),
                ("G1 He /\n".to_owned(), 54, 7),
            ]
        );
    }

    #[test]
    fn cuts_at_g1_however_its_round_is_written() {
        let text = "G1 He /\nS1 He /\nG01 He /\nS1 He /\nG001 He /\nG10 He /\n";
        let got: Vec<String> = chunks(text).into_iter().map(|c| c.0).collect();
        assert_eq!(
            got,
            [
                "G1 He /\nS1 He /\n",
                "G01 He /\nS1 He /\n",
                "G001 He /\nG10 He /\n"
            ]
        );
    }

    #[test]
    fn never_cuts_at_a_g1_the_next_turn_shows_mislabelled() {
        let text = "G1 He /\nG1 He /\n; note\nG2 He /\nS2 He /\nG1 He /\nS1 He /\n";
        let got: Vec<String> = chunks(text).into_iter().map(|c| c.0).collect();
        assert_eq!(
            got,
            [
                "G1 He /\nG1 He /\n; note\nG2 He /\nS2 He /\n",
                "G1 He /\nS1 He /\n"
            ]
        );
        let games = read_all(text.as_bytes()).record.games;
        let turns: Vec<usize> = games.iter().map(|g| g.turns.len()).collect();
        assert_eq!(turns, [4, 2]);
        assert_eq!(chunks("S3 He /\n; a note\nG1 He /\nS4 He /\n").len(), 1);
        // After a blank line, a `G1` begins a game, whatever follows it.
        let text = "S3 He /\n\n; a note\nG1 He /\nS4 He /\n";
        let got: Vec<String> = chunks(text).into_iter().map(|c| c.0).collect();
        assert_eq!(got, ["S3 He /\n", "\n; a note\nG1 He /\nS4 He /\n"]);
        let games = read_all(text.as_bytes()).record.games;
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn a_g1_before_a_tag_is_a_game_of_its_own() {
        let text =
            "G1 He /\nS1 He /\n; b\nG1 He /\n; c\n[Game \"2\"]\nG1 He /\nS1 He /\n; d\nG1 He /\n";
        let got: Vec<String> = chunks(text).into_iter().map(|c| c.0).collect();
        assert_eq!(
            got,
            [
                "G1 He /\nS1 He /\n; b\nG1 He /\n",
                "; c\n[Game \"2\"]\nG1 He /\nS1 He /\n",
                "; d\nG1 He /\n"
            ]
        );
        let parsed = read_all(text.as_bytes());
        let turns: Vec<usize> = parsed.record.games.iter().map(|g| g.turns.len()).collect();
        assert_eq!(turns, [2, 1, 2, 1]);
    }

    #[test]
    fn never_cuts_inside_a_block_comment() {
        let text = "G1 He / {\n[x]\nG1 He /\n}\nS1 He /\nG1 He /\n";
        let got = chunks(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0, "G1 He /\n");
    }
}
