//! A self-contained page written as its games are made: each game is
//! packed and written out before the next is built, so that writing the
//! page of any record holds one game's boards, and the lines the boards
//! share, at a time. What is written is, byte for byte, what
//! [`packed_html`](super::html::packed_html) writes of the whole page packed.
//!
//! ```
//! use hirp::core::page::{PageWriter, html::html};
//!
//! let page = hirp::hirp::page::page("game.hirp", b"G1 KeHei /\nS1 He7He8He /\n");
//! let mut writer = PageWriter::start(Vec::new(), &page.title, &page.legend).unwrap();
//! for game in &page.games {
//!     writer.game(game).unwrap();
//! }
//! let written = writer.finish(&page.diagnostics).unwrap();
//! assert_eq!((written.games, written.errors), (1, 1));
//! assert_eq!(String::from_utf8(written.out).unwrap(), html(&page));
//! ```

use std::io::{self, Write};

use super::html::{after_data, before_data};
use super::{Field, GamePage, Packer};
use crate::core::json::problem::Diagnostic;

/// A page being written to `W`: [`PageWriter::start`], then
/// [`PageWriter::game`] for each game in order, then
/// [`PageWriter::finish`].
pub struct PageWriter<W: Write> {
    out: W,
    packer: Packer,
    games: usize,
    errors: usize,
}

/// What a finished [`PageWriter`] wrote.
#[derive(Debug)]
pub struct Written<W> {
    /// Where the page went.
    pub out: W,
    /// The games on the page.
    pub games: usize,
    /// The errors among their problems and those that lie in no game.
    pub errors: usize,
}

impl<W: Write> PageWriter<W> {
    /// Writes the start of the page called `title`, whose boards' marks
    /// stand for what `legend` says, to `out`.
    pub fn start(mut out: W, title: &str, legend: &[Field]) -> io::Result<Self> {
        out.write_all(before_data(title).as_bytes())?;
        let mut data = ScriptSafe(&mut out);
        data.write_all(b"{\"title\":")?;
        serde_json::to_writer(&mut data, title)?;
        if !legend.is_empty() {
            data.write_all(b",\"legend\":")?;
            serde_json::to_writer(&mut data, legend)?;
        }
        data.write_all(b",\"games\":[")?;
        Ok(PageWriter {
            out,
            packer: Packer::default(),
            games: 0,
            errors: 0,
        })
    }

    /// Packs the next game and writes it.
    pub fn game(&mut self, game: &GamePage) -> io::Result<()> {
        let packed = self.packer.game(game);
        let mut data = ScriptSafe(&mut self.out);
        if self.games > 0 {
            data.write_all(b",")?;
        }
        serde_json::to_writer(&mut data, &packed)?;
        self.games += 1;
        self.errors += errors(&packed.diagnostics);
        Ok(())
    }

    /// Writes the lines of the boards, `diagnostics` (the problems that
    /// lie in no game) and the end of the page.
    pub fn finish(mut self, diagnostics: &[Diagnostic]) -> io::Result<Written<W>> {
        let mut data = ScriptSafe(&mut self.out);
        data.write_all(b"],\"lines\":")?;
        serde_json::to_writer(&mut data, self.packer.lines())?;
        data.write_all(b",\"diagnostics\":")?;
        serde_json::to_writer(&mut data, diagnostics)?;
        data.write_all(b"}")?;
        self.out.write_all(after_data().as_bytes())?;
        self.out.flush()?;
        Ok(Written {
            out: self.out,
            games: self.games,
            errors: self.errors + errors(diagnostics),
        })
    }
}

/// How many of `diagnostics` are errors.
fn errors(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.severity == "error").count()
}

/// JSON made safe inside a `<script>` element as it is written: `<`, `>`
/// and `&` are written as JSON escapes, which only JSON strings can hold,
/// so that the text cannot end its element. They are ASCII, so no UTF-8
/// sequence is cut.
struct ScriptSafe<W>(W);

impl<W: Write> Write for ScriptSafe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let mut rest = buf;
        while let Some(at) = rest.iter().position(|b| matches!(b, b'<' | b'>' | b'&')) {
            self.0.write_all(&rest[..at])?;
            self.0.write_all(match rest[at] {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                _ => b"\\u0026",
            })?;
            rest = &rest[at + 1..];
        }
        self.0.write_all(rest)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
