//! The reading of a [`Chunk`] cut by [`Games`]: its games, syntax errors
//! and what the cutting found of the input, spans counted in the whole file.

use std::borrow::Cow;

use super::Parsed;
use super::error::{SyntaxError, SyntaxErrorKind};
use super::games::{Chunk, Games};
use crate::core::chunk::with_unread;
use crate::core::chunk::{ChunkReading, read_chunk};

/// Reads a chunk: its games and syntax errors, with an error for the rest of
/// a game left unread (which belongs to the chunk's last game), and first
/// its [`Chunk::note`]; a chunk of an input that is not text has no game and
/// that one error. Returns the decoded text of the whole chunk, to which the
/// spans point from [`Chunk::offset`] on.
pub fn parse_chunk(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let parts = (&chunk.bytes[..], chunk.offset, chunk.cut);
    read_chunk(parts, chunk.note.as_ref(), Parsed::default, |bytes| {
        super::parse_bytes_at(bytes, chunk.offset)
    })
}

/// Reads the first `len` bytes of `chunk` (up to the start of a line), as
/// [`parse_chunk`] reads them of the whole chunk: of a chunk with no note
/// and no cut, the games and errors of its lines before that one.
pub(crate) fn parse_start(chunk: &Chunk, len: usize) -> Parsed {
    let bytes = &chunk.bytes[..len.min(chunk.bytes.len())];
    super::parse_bytes_at(bytes, chunk.offset).1
}

/// Reads `piece`, a version of `chunk`'s games, as [`parse_chunk`] reads the
/// chunk: with its note and, when the chunk was cut, the start of the line
/// left unread after the piece (so the game goes on there), spans counted
/// from `base`. Returns the decoded text, to which the spans point.
pub(crate) fn parse_piece(chunk: &Chunk, piece: &[u8], base: usize) -> (String, Parsed) {
    let (bytes, cut) = with_unread(piece, &chunk.bytes, chunk.cut);
    let note = chunk.note.as_ref();
    let (text, parsed) = read_chunk((&bytes, base, cut), note, Parsed::default, |bytes| {
        super::parse_bytes_at(bytes, base)
    });
    (text.into_owned(), parsed)
}

impl ChunkReading<SyntaxErrorKind> for Parsed {
    fn errors(&mut self) -> &mut Vec<SyntaxError> {
        &mut self.errors
    }

    /// The rest of the last game left unread belongs to it: its span ends
    /// where the error's does.
    fn push_cut(&mut self, error: SyntaxError) {
        if let Some(game) = self.record.games.last_mut() {
            game.span.end = game.span.end.max(error.span.end);
        }
        self.errors.push(error);
    }
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
