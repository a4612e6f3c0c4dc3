//! HIRP as a [`Family`]: its records (`.hirp`) cut, read, checked, fixed
//! and shown as a page as every family's are.

mod board;
mod cards;
#[doc(hidden)]
pub use board::{NthGame, nth_game};
mod diff;
mod positions;
mod show;

pub use show::HirpShown;

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use crate::core::CheckOptions;
use crate::core::card::{Card, Through, Wants};
use crate::core::convert::Target;
use crate::core::diagnostic::Problem;
use crate::core::diff::Comparison;
use crate::core::family::{
    BadPosition, Draw, Family, Judged, NoBoard, NoDraw, Picture, Pieces, Preset, RecordBytes,
    Wanted,
};
use crate::core::fix::CheckedPiece;
use crate::core::json::problem::Diagnostic;
use crate::core::json::{DocumentWriter, json_line};
use crate::core::page::{Field, GamePage, Packed};
use crate::core::verdict::{Ending, Standing, Verdict};
use crate::hirp::json::{self, GameLine};
use crate::hirp::replay::{GameReport, MatchView};
use crate::hirp::rules::Player;
use crate::hirp::syntax::{Chunk, Games, Label, parse_chunk};
use crate::hirp::{Parsed, Side};

/// HIRP's family: its records are written one way, and played by one set
/// of rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hirp;

impl Family for Hirp {
    type Form = ();
    type Options = ();
    type Chunk = Chunk;
    type Parsed = Parsed;
    type Shown = HirpShown;

    const NAME: &'static str = "HIRP";

    const ID: &'static str = "hirp";

    const SIDES: [&'static str; 2] = ["gull", "silfr"];

    const TURN: &'static str = "turn";

    const TAKES_RULES: bool = false;

    const STEPS: bool = true;

    fn form(self) {}

    /// Every tag is written as it reads, a `"` or `\` escaped.
    fn writes_tag(self, _: &str) -> bool {
        true
    }

    fn extension(self) -> &'static str {
        "hirp"
    }

    fn chunks<R: BufRead + Send>(
        self,
        reader: R,
    ) -> impl Iterator<Item = io::Result<Chunk>> + Send {
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
        crate::hirp::replay::syntax_problems(&parsed.record, &parsed.errors)
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

    fn games_in(parsed: &Parsed) -> usize {
        parsed.record.games.len()
    }

    /// The games, then the comments after the last of them.
    fn json_entry<W: Write>(
        self,
        out: &mut DocumentWriter<W>,
        path: &str,
        positions: Option<&()>,
        pieces: Pieces<'_, Parsed>,
    ) -> io::Result<()> {
        out.begin_file(path, Some("hirp"), None)?;
        let mut closing = Vec::new();
        pieces(&mut |parsed| {
            for (n, source) in parsed.record.games.iter().enumerate() {
                let mut game = json::game(source);
                if positions.is_some() {
                    game.positions = positions::json_positions(parsed, n);
                }
                out.game(&game)?;
            }
            closing.extend(parsed.record.comments.iter().cloned());
            Ok(())
        })?;
        let closing = json::comments(&closing);
        out.end_file((!closing.is_empty()).then_some(("comments", &closing)))
    }

    /// The comments after the last game go with it: each line waits for the
    /// next game to be read.
    fn json_lines(
        self,
        out: &mut dyn Write,
        path: &str,
        positions: Option<&()>,
        pieces: Pieces<'_, Parsed>,
    ) -> io::Result<()> {
        let mut number = 0;
        let mut pending: Option<GameLine> = None;
        let mut closing = Vec::new();
        pieces(&mut |parsed| {
            for (n, source) in parsed.record.games.iter().enumerate() {
                if let Some(line) = pending.take() {
                    json_line(out, &line)?;
                }
                number += 1;
                let mut line = GameLine::of(path, number, source);
                if positions.is_some() {
                    line.positions = positions::json_positions(parsed, n);
                }
                pending = Some(line);
            }
            closing.extend(parsed.record.comments.iter().cloned());
            Ok(())
        })?;
        match pending {
            Some(line) => json_line(out, &line.with_closing(&closing)),
            None => Ok(()),
        }
    }

    fn check<R: BufRead + Send>(
        self,
        reader: R,
        _: &(),
        check: CheckOptions,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        crate::hirp::check::check(reader, check, |checked| {
            on_game(Judged {
                number: checked.number,
                in_game: checked.number > 0,
                verdict: checked.report.into(),
                standing: checked.view.map(standing),
                text: checked.text,
                offset: checked.offset,
                line: checked.line,
            })
        })
    }

    fn part(chunk: &Chunk) -> (&[u8], usize) {
        let end = chunk.cut.map_or(chunk.bytes.len(), |cut| cut.at);
        (&chunk.bytes, end)
    }

    fn check_piece(chunk: &Chunk, piece: &[u8], base: usize, _: &()) -> CheckedPiece {
        crate::hirp::replay::check_piece(piece, chunk, base)
    }

    fn packed(self, name: &str, bytes: &[u8], _: &()) -> Packed {
        crate::hirp::page::packed(name, bytes)
    }

    fn page_games(
        self,
        name: &str,
        bytes: &[u8],
        _: &(),
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        crate::hirp::page::each_game(name, bytes, each)
    }

    /// The pictures of HIRP's boards say what their marks are.
    fn page_legend(self) -> Vec<Field> {
        Vec::new()
    }

    /// HIRP plays one set of rules.
    fn presets() -> Vec<Preset> {
        Vec::new()
    }

    /// From a position, each game tagged `[Position "..."]` and its turns
    /// labelled on from it; a position of a game that is over is refused,
    /// at its result.
    fn generate(self, _: &(), draw: Draw<'_>) -> Result<impl Iterator<Item = String>, NoDraw> {
        let options = crate::hirp::generate::Options {
            seed: draw.seed,
            games: draw.games,
            max_turns: draw.max_turns,
        };
        let games = match draw.from {
            None => crate::hirp::generate::games(options),
            Some(line) => {
                let start = board::read_position(line).map_err(NoDraw::Position)?;
                if let Some(victory) = start.result() {
                    let result = line.trim_end().rfind(' ').map_or(0, |at| at + 1);
                    return Err(NoDraw::Position(BadPosition {
                        span: crate::core::Span::new(result, line.trim_end().len()),
                        message: format!("the game is over ({victory}): no turn is left to play"),
                    }));
                }
                crate::hirp::generate::games_from(options, start)
            }
        };
        Ok(games.map(|game| game.to_string()))
    }

    fn board(
        self,
        record: RecordBytes<'_>,
        _: &(),
        number: usize,
        turn: Option<&str>,
        picture: Picture,
    ) -> Result<String, NoBoard> {
        board::board(record, number, turn, picture)
    }

    fn position_board(self, line: &str, _: &(), picture: Picture) -> Result<String, NoBoard> {
        board::position_board(line, picture)
    }

    fn cards(
        self,
        record: crate::core::card::RecordReader<'_>,
        _: &(),
        wants: &Wants,
        workers: usize,
        each: &mut dyn FnMut(Card) -> bool,
    ) -> std::io::Result<usize> {
        cards::cards(record, wants, workers, each)
    }

    fn through(position: &str, symmetric: bool) -> Result<Through, String> {
        cards::through(position, symmetric)
    }

    fn targets() -> Vec<Target> {
        vec![Target {
            name: "hirp",
            about: "HIRP's notation, in canonical form",
            between: "\n",
        }]
    }

    fn positions(
        self,
        record: RecordBytes<'_>,
        _: &(),
        wanted: Wanted<'_>,
        each: &mut dyn FnMut(usize, &str) -> bool,
    ) -> Result<(), NoBoard> {
        positions::positions(record, wanted, each)
    }

    fn turn_label(text: &str) -> Option<String> {
        let label: Label = text.to_uppercase().parse().ok()?;
        Some(label.to_string())
    }

    fn shown(
        self,
        record: RecordBytes<'_>,
        _: &(),
        number: usize,
        shows: &dyn Fn(&Problem) -> bool,
    ) -> Result<HirpShown, NoBoard> {
        show::shown(record, number, shows)
    }

    fn compare(records: [(Hirp, RecordBytes<'_>); 2], _: &()) -> Comparison {
        diff::compare(records.map(|(_, r)| r.bytes))
    }

    /// Read a game at a time, so that a long record is never held parsed.
    fn page_turns(self, bytes: &[u8], _: &()) -> (usize, Option<String>) {
        // Reading from memory cannot fail.
        let turns = Games::new(bytes)
            .map_while(Result::ok)
            .map(|chunk| {
                let (_, parsed) = parse_chunk(&chunk);
                let games = parsed.record.games.iter();
                games.map(|g| g.turns.len()).sum::<usize>()
            })
            .sum();
        (turns, None)
    }
}

/// The side as a verdict names it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Gull => Hirp::SIDES[0],
        Side::Silfr => Hirp::SIDES[1],
    }
}

impl From<GameReport> for Verdict {
    fn from(report: GameReport) -> Verdict {
        Verdict {
            turns: report.turns,
            result: report.result.map(|victory| Ending {
                winner: Some(side_name(victory.winner)),
                victory: victory.kind.code(),
                short: victory.kind.short_name(),
                points: Some(victory.points()),
                text: victory.to_string(),
            }),
            problems: report.problems,
            judged: true,
        }
    }
}

/// Where a game stands in its match, the winner named as the tags name
/// them, else `first` or `second`.
fn standing(view: MatchView) -> Standing {
    let names = view.names;
    Standing {
        name: view.name,
        game: view.game,
        score: [view.score.0, view.score.1],
        winner: view.winner.map(|player| {
            let (name, word) = match player {
                Player::First => (names.0, "first"),
                Player::Second => (names.1, "second"),
            };
            name.unwrap_or_else(|| word.to_owned())
        }),
    }
}
