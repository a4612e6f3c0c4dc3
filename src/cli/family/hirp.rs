//! HIRP's notation (`.hirp`), as the commands reach it through the seam.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use ::hirp::core::CheckOptions;
use ::hirp::core::fix::{FixedChunk, Fixing, Part};
use ::hirp::core::json::problem::Diagnostic;
use ::hirp::diagnostic::Problem;
use ::hirp::hirp::Parsed;
use ::hirp::hirp::syntax::{Chunk, Games, parse_chunk};
use ::hirp::json::DocumentWriter;
use ::hirp::page::Packed;
use ::hirp::page::{Field, GamePage};
use ::hirp::tafl::replay::RulesChoice;
use ::hirp::tafl::rules::RuleSet;

use super::super::judged::Judged;
use super::super::{Reporter, Status, board, diff, json, replay};
use super::{GameFamily, Opened, Reader, Reading};

/// HIRP's family. Tafl rules given are left aside.
pub struct Hirp;

impl Reading for Hirp {
    type Chunk = Chunk;
    type Parsed = Parsed;

    fn chunks<R: BufRead>(&self, reader: R) -> impl Iterator<Item = io::Result<Chunk>> {
        Games::new(reader)
    }

    fn start(chunk: &Chunk) -> (usize, usize) {
        (chunk.offset, chunk.line)
    }

    fn parse(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
        parse_chunk(chunk)
    }

    fn broken(parsed: &Parsed) -> bool {
        parsed.has_errors()
    }

    fn syntax_problems(parsed: &Parsed) -> Vec<Problem> {
        if parsed.errors.is_empty() {
            return Vec::new();
        }
        ::hirp::hirp::replay::syntax_problems(&parsed.record, &parsed.errors)
    }

    /// Each game in canonical notation, a blank line before each but the
    /// first of the record; the comments after the last game, one a line.
    fn canonical_piece(parsed: &Parsed, games: &mut usize) -> String {
        let mut piece = String::new();
        for game in &parsed.record.games {
            if *games > 0 {
                piece.push('\n');
            }
            piece.push_str(&game.to_string());
            *games += 1;
        }
        for comment in &parsed.record.comments {
            piece.push_str(&format!("{comment}\n"));
        }
        piece
    }
}

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

    fn fix_chunks(
        &self,
        original: &[u8],
        _: Option<&RuleSet>,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) {
        // Reading from memory cannot fail.
        let _ = fixing.each(
            Games::new(original),
            |chunk| chunk.bytes.len(),
            |chunk: Chunk| {
                fixing.correct(Part {
                    bytes: &chunk.bytes,
                    offset: chunk.offset,
                    end: chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at),
                    check: &|piece, base| ::hirp::hirp::replay::check_piece(piece, &chunk, base),
                })
            },
            take,
        );
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

    fn packed(&self, name: &str, bytes: &[u8], _: Option<&RuleSet>) -> Packed {
        ::hirp::hirp::page::packed(name, bytes)
    }

    fn page_games(
        &self,
        name: &str,
        bytes: &[u8],
        _: Option<&RuleSet>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        ::hirp::hirp::page::each_game(name, bytes, each)
    }

    /// The pictures of HIRP's boards say what their marks are.
    fn page_legend(&self) -> Vec<Field> {
        Vec::new()
    }

    /// Read a game at a time, so that a long record is never held parsed.
    fn page_turns(&self, bytes: &[u8], _: Option<&RulesChoice>) -> (usize, Option<String>) {
        // Reading from memory cannot fail.
        let turns = ::hirp::hirp::syntax::Games::new(bytes)
            .map_while(Result::ok)
            .map(|chunk| {
                let (_, parsed) = ::hirp::hirp::syntax::parse_chunk(&chunk);
                parsed
                    .record
                    .games
                    .iter()
                    .map(|g| g.turns.len())
                    .sum::<usize>()
            })
            .sum();
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
