//! Tafl records (OpenTafl game files, `.otg`, and archives of one game a
//! line, `.csv`), as the commands reach them through the seam.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use ::hirp::core::CheckOptions;
use ::hirp::core::fix::{FixedChunk, Fixing, Part};
use ::hirp::core::json::problem::Diagnostic;
use ::hirp::diagnostic::Problem;
use ::hirp::json::DocumentWriter;
use ::hirp::page::Packed;
use ::hirp::page::{Field, GamePage};
use ::hirp::tafl::replay::RulesChoice;
use ::hirp::tafl::rules::RuleSet;
use ::hirp::tafl::syntax::{Chunk, Form, Games, Parsed, Record, parse_chunk};

use super::super::judged::Judged;
use super::super::{Reporter, Status, board, json, replay, tafl_diff};
use super::{GameFamily, Opened, Reader, Reading};

/// The tafl family, a record of it in the form given.
pub struct Tafl(pub Form);

impl Reading for Tafl {
    type Chunk = Chunk;
    type Parsed = Parsed;

    fn chunks<R: BufRead>(&self, reader: R) -> impl Iterator<Item = io::Result<Chunk>> {
        Games::new(reader, self.0)
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
        parsed.errors.iter().map(Problem::syntax).collect()
    }

    /// A game file's games, each [`canonical`](::hirp::tafl::syntax::OtgGame::canonical), a
    /// blank line before each but the first of the record; an archive's
    /// one a line after its header.
    fn canonical_piece(parsed: &Parsed, games: &mut usize) -> String {
        let mut piece = String::new();
        match &parsed.record {
            Record::Otg(record) => {
                for game in &record.games {
                    if *games > 0 {
                        piece.push('\n');
                    }
                    piece.push_str(&game.canonical());
                    *games += 1;
                }
            }
            Record::Csv(record) => {
                piece.push_str(&record.to_string());
                *games += record.games.len();
            }
        }
        piece
    }
}

impl GameFamily for Tafl {
    fn name(&self) -> &'static str {
        "tafl"
    }

    fn extension(&self) -> &'static str {
        self.0.extension()
    }

    fn check_input(
        &self,
        reader: Reader,
        rules: Option<&RuleSet>,
        options: CheckOptions,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        ::hirp::tafl::check::check(reader, self.0, rules, options, |c| on_game(c.into()))
    }

    fn check_bytes(
        &self,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) {
        // Reading from memory cannot fail.
        let options = CheckOptions::default();
        let _ = ::hirp::tafl::check::check(bytes, self.0, rules, options, |c| on_game(c.into()));
    }

    fn json_document<W: Write>(
        &self,
        writer: &mut DocumentWriter<W>,
        opened: Opened<'_>,
    ) -> io::Result<()> {
        json::tafl_document(writer, self.0, opened)
    }

    fn json_lines(&self, out: &mut dyn Write, opened: Opened<'_>) -> io::Result<()> {
        json::tafl_lines(out, self.0, opened)
    }

    fn fix_chunks(
        &self,
        original: &[u8],
        rules: Option<&RuleSet>,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) {
        // Reading from memory cannot fail.
        let _ = fixing.each(
            Games::new(original, self.0),
            |chunk| chunk.bytes.len(),
            |chunk: Chunk| {
                fixing.correct(Part {
                    bytes: &chunk.bytes,
                    offset: chunk.offset,
                    end: chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at),
                    check: &|piece, base| {
                        ::hirp::tafl::replay::check_piece(piece, &chunk, base, rules)
                    },
                })
            },
            take,
        );
    }

    fn packed(&self, name: &str, bytes: &[u8], rules: Option<&RuleSet>) -> Packed {
        ::hirp::tafl::page::packed(name, bytes, self.0, rules)
    }

    fn page_games(
        &self,
        name: &str,
        bytes: &[u8],
        rules: Option<&RuleSet>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        ::hirp::tafl::page::each_game(name, bytes, self.0, rules, each)
    }

    fn page_legend(&self) -> Vec<Field> {
        ::hirp::tafl::page::legend()
    }

    /// An archive's turns are its plies, two a turn.
    fn page_turns(&self, bytes: &[u8], rules: Option<&RulesChoice>) -> (usize, Option<String>) {
        let (_, parsed) = ::hirp::tafl::syntax::parse_bytes(bytes, self.0);
        let (turns, tag) = match &parsed.record {
            Record::Otg(record) => (
                record.games.iter().map(|g| g.turns.len()).sum(),
                record.games.first().and_then(|g| g.rules()),
            ),
            Record::Csv(record) => (
                record.games.iter().map(|g| g.plies.len().div_ceil(2)).sum(),
                None,
            ),
        };
        let rules = match (rules, tag) {
            (Some(choice), _) => Some(choice.rules.clone()),
            (None, Some(tag)) => RuleSet::from_opentafl(&tag.value).ok().map(|(r, _)| r),
            (None, None) => None,
        };
        (
            turns,
            rules
                .as_ref()
                .and_then(|r| r.preset_name().map(str::to_owned)),
        )
    }

    fn diff(
        &self,
        other: &Self,
        paths: [&str; 2],
        rules: Option<&RulesChoice>,
        reporter: &Reporter,
    ) -> Status {
        tafl_diff::run([(paths[0], self.0), (paths[1], other.0)], rules, reporter)
    }

    fn board(&self, args: board::Args, reporter: &Reporter, color: bool) -> Status {
        board::tafl(args, reporter, color)
    }

    fn replay(&self, args: replay::Args, reporter: &Reporter, color: bool) -> Status {
        replay::tafl(args, reporter, color)
    }
}
