//! HIRP's notation (`.hirp`), as the commands reach it through the seam.

use std::io::{self, Write};

use ::hirp::core::CheckOptions;
use ::hirp::core::fix::Part;
use ::hirp::hirp::syntax::Games;
use ::hirp::json::DocumentWriter;
use ::hirp::page::{Packed, Page};
use ::hirp::tafl::replay::RulesChoice;
use ::hirp::tafl::rules::RuleSet;

use super::super::fmt::canonical_piece;
use super::super::judged::Judged;
use super::super::pieces::Piece;
use super::super::{Reporter, Status, board, diff, each_chunk, json, replay};
use super::{GameFamily, Opened, Reader};

/// HIRP's family. Tafl rules given are left aside.
pub struct Hirp;

impl GameFamily for Hirp {
    fn name(&self) -> &'static str {
        "HIRP"
    }

    fn extension(&self) -> &'static str {
        "hirp"
    }

    fn check_input(
        &self,
        reader: Reader,
        _: Option<&RuleSet>,
        options: CheckOptions,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        ::hirp::hirp::check::check(reader, options, |c| on_game(c.into()))
    }

    fn check_bytes(
        &self,
        bytes: &[u8],
        _: Option<&RuleSet>,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) {
        // Reading from memory cannot fail.
        let _ = ::hirp::hirp::check::check(bytes, CheckOptions::default(), |c| on_game(c.into()));
    }

    fn pieces(
        &self,
        opened: Opened<'_>,
        games: &mut usize,
        mut on_piece: impl FnMut(Piece<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        each_chunk(
            opened.reader,
            opened.path,
            opened.reporter,
            opened.status,
            |read| {
                on_piece(Piece {
                    text: read.text,
                    line: read.chunk.line,
                    broken: read.parsed.has_errors(),
                    canonical: canonical_piece(&read.parsed.record, games),
                })
            },
        )
    }

    fn fix_parts(
        &self,
        original: &[u8],
        _: Option<&RuleSet>,
        each: &mut dyn FnMut(Part<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        // Reading from memory cannot fail.
        for chunk in Games::new(original).map_while(Result::ok) {
            each(Part {
                bytes: &chunk.bytes,
                offset: chunk.offset,
                end: chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at),
                check: &|piece, base| ::hirp::hirp::replay::check_piece(piece, &chunk, base),
            })?;
        }
        Ok(())
    }

    fn json_document<W: Write>(
        &self,
        writer: &mut DocumentWriter<W>,
        opened: Opened<'_>,
    ) -> io::Result<()> {
        json::hirp_document(writer, opened)
    }

    fn json_lines(&self, out: &mut dyn Write, opened: Opened<'_>) -> io::Result<()> {
        json::hirp_lines(out, opened)
    }

    fn page(&self, name: &str, bytes: &[u8], _: Option<&RuleSet>) -> Page {
        ::hirp::hirp::page::page(name, bytes)
    }

    fn packed(&self, name: &str, bytes: &[u8], _: Option<&RuleSet>) -> Packed {
        ::hirp::hirp::page::packed(name, bytes)
    }

    fn page_turns(&self, bytes: &[u8], _: Option<&RulesChoice>) -> (usize, Option<String>) {
        let (_, parsed) = ::hirp::hirp::parse_bytes(bytes);
        let turns = parsed.record.games.iter().map(|g| g.turns.len()).sum();
        (turns, None)
    }

    fn board(&self, args: board::Args, reporter: &Reporter, color: bool) -> Status {
        board::hirp(args, reporter, color)
    }

    fn replay(&self, args: replay::Args, reporter: &Reporter, color: bool) -> Status {
        replay::hirp(args, reporter, color)
    }

    fn diff(
        &self,
        _: &Self,
        paths: [&str; 2],
        _: Option<&RulesChoice>,
        reporter: &Reporter,
    ) -> Status {
        diff::hirp_diff(paths, reporter)
    }
}
