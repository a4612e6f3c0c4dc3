//! The tafl games as a [`Family`]: their records (OpenTafl game files,
//! `.otg`, and archives of one game a line, `.csv`) cut, read, checked,
//! fixed and shown as a page as every family's are.

mod board;
mod cards;
mod convert;
mod diff;
mod positions;
mod show;

pub use show::TaflShown;

#[doc(hidden)]
pub use board::{ShownGame, shown_game};

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use crate::core::card::{Card, Through, Wants};
use crate::core::convert::{Converted, Target};
use crate::core::diagnostic::Problem;
use crate::core::diff::Comparison;
use crate::core::family::{
    Draw, Family, Judged, NoBoard, NoDraw, Picture, Pieces, Preset, RecordBytes, Wanted,
};
use crate::core::fix::CheckedPiece;
use crate::core::json::JsonPosition;
use crate::core::json::problem::Diagnostic;
use crate::core::json::{DocumentWriter, json_line};
use crate::core::page::{Field, GamePage, Packed};
use crate::core::verdict::{Ending, Verdict};
use crate::core::{CheckOptions, Rng};
use crate::tafl::Side;
use crate::tafl::json::{self, CsvGameLine, OtgGameLine, RonGameLine};
use crate::tafl::replay::{Replay, replay_record};
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::{Chunk, Form, Games, Parsed, Record, parse_chunk};

/// The tafl family, a record of it in the form given. A record is played
/// under the rule set its options give, else under its own `[rules:]`
/// tag; an archive names none, so cannot be judged without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tafl(pub Form);

impl Family for Tafl {
    type Form = Form;
    type Options = Option<RuleSet>;
    type Chunk = Chunk;
    type Parsed = Parsed;
    type Shown = TaflShown;

    const NAME: &'static str = "tafl";

    const ID: &'static str = "tafl";

    const SIDES: [&'static str; 2] = ["attackers", "defenders"];

    const TURN: &'static str = "move";

    const TAKES_RULES: bool = true;

    fn form(self) -> Form {
        self.0
    }

    fn extension(self) -> &'static str {
        self.0.extension()
    }

    /// An archive names no rule set.
    fn needs_rules(self) -> bool {
        self.0 == Form::Csv
    }

    /// A game file's tags are written as they read; of hnefatafl.org's
    /// archive, only the players' names (strings) and `rated` and
    /// `status` (names): the others are numbers, which RON may write
    /// otherwise, or made from other fields.
    fn writes_tag(self, name: &str) -> bool {
        match self.0 {
            Form::Otg => true,
            Form::Ron => ["attacker", "defender", "rated", "status"]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name)),
            Form::Csv | Form::OpenTaflJson | Form::Pgn => false,
        }
    }

    fn chunks<R: BufRead + Send>(
        self,
        reader: R,
    ) -> impl Iterator<Item = io::Result<Chunk>> + Send {
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

    /// A game file's games, each [`canonical`](crate::tafl::syntax::OtgGame::canonical), a
    /// blank line before each but the first of the record; an archive's
    /// one a line after its header; hnefatafl.org's archive's one a line,
    /// each as its server writes it.
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
            Record::Ron(record) => {
                piece.push_str(&parsed.record.to_string());
                *games += record.games.len();
            }
        }
        piece
    }

    /// The games hnefatafl.org's server wrote, read as a game file's, are
    /// kept as it wrote them; its archive's are written as it writes them
    /// ([`canonical_piece`](Self::canonical_piece)).
    fn kept_as_read(parsed: &Parsed) -> bool {
        matches!(&parsed.record, Record::Otg(r) if r.games.iter().any(|g| g.server_written))
    }

    fn games_in(parsed: &Parsed) -> usize {
        parsed.record.len()
    }

    /// The games, then whether an archive's were read with its header.
    fn json_entry<W: Write>(
        self,
        out: &mut DocumentWriter<W>,
        path: &str,
        positions: Option<&Option<RuleSet>>,
        pieces: Pieces<'_, Parsed>,
    ) -> io::Result<()> {
        // The form the entry names is its first game's piece's.
        let mut begun = false;
        let mut header = false;
        pieces(&mut |parsed| {
            if !begun && !parsed.record.is_empty() {
                out.begin_file(path, Some("tafl"), Some(self.json_form(&parsed.record)))?;
                begun = true;
            }
            let mut seen = game_positions(parsed, positions);
            match &parsed.record {
                Record::Otg(record) => {
                    for game in &record.games {
                        let mut game = json::otg_game(game);
                        game.positions = seen.next().unwrap_or_default();
                        out.game(&game)?;
                    }
                }
                Record::Csv(record) => {
                    header |= record.header.is_some();
                    for game in &record.games {
                        let mut game = json::csv_game(game);
                        game.positions = seen.next().unwrap_or_default();
                        out.game(&game)?;
                    }
                }
                Record::Ron(record) => {
                    for game in &record.games {
                        let positions = seen.next().unwrap_or_default();
                        if let Some(mut game) = json::archived_game(game) {
                            game.positions = positions;
                            out.game(&game)?;
                        }
                    }
                }
            }
            Ok(())
        })?;
        if !begun {
            out.begin_file(path, Some("tafl"), Some(self.0.extension()))?;
        }
        out.end_file(header.then_some(("header", &true)))
    }

    /// An archive's header goes with the first game after it.
    fn json_lines(
        self,
        out: &mut dyn Write,
        path: &str,
        positions: Option<&Option<RuleSet>>,
        pieces: Pieces<'_, Parsed>,
    ) -> io::Result<()> {
        let (mut number, mut header) = (0, false);
        pieces(&mut |parsed| {
            let mut seen = game_positions(parsed, positions);
            match &parsed.record {
                Record::Otg(record) => record.games.iter().try_for_each(|game| {
                    number += 1;
                    let mut line = OtgGameLine::of(path, number, game);
                    line.positions = seen.next().unwrap_or_default();
                    json_line(out, &line)
                }),
                Record::Ron(record) => record.games.iter().try_for_each(|game| {
                    number += 1;
                    let positions = seen.next().unwrap_or_default();
                    match RonGameLine::of(path, number, game) {
                        Some(line) => json_line(out, &RonGameLine { positions, ..line }),
                        None => Ok(()),
                    }
                }),
                Record::Csv(record) => {
                    header |= record.header.is_some();
                    record.games.iter().try_for_each(|game| {
                        number += 1;
                        let mut line = CsvGameLine::of(path, number, game);
                        line.positions = seen.next().unwrap_or_default();
                        match std::mem::take(&mut header) {
                            true => json_line(out, &line.with_header()),
                            false => json_line(out, &line),
                        }
                    })
                }
            }
        })
    }

    fn check<R: BufRead + Send>(
        self,
        reader: R,
        rules: &Option<RuleSet>,
        check: CheckOptions,
        mut on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        crate::tafl::check::check(reader, self.0, rules.as_ref(), check, |checked| {
            on_game(Judged {
                number: checked.number,
                in_game: checked.game.is_some(),
                verdict: Verdict::from(checked.replay),
                standing: None,
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

    fn check_piece(
        chunk: &Chunk,
        piece: &[u8],
        base: usize,
        rules: &Option<RuleSet>,
    ) -> CheckedPiece {
        crate::tafl::replay::check_piece(piece, chunk, base, rules.as_ref())
    }

    fn packed(self, name: &str, bytes: &[u8], rules: &Option<RuleSet>) -> Packed {
        crate::tafl::page::packed(name, bytes, self.0, rules.as_ref())
    }

    fn page_games(
        self,
        name: &str,
        bytes: &[u8],
        rules: &Option<RuleSet>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        crate::tafl::page::each_game(name, bytes, self.0, rules.as_ref(), each)
    }

    fn page_legend(self) -> Vec<Field> {
        crate::tafl::page::legend()
    }

    fn presets() -> Vec<Preset> {
        RuleSet::PRESETS
            .iter()
            .filter_map(|&name| {
                let rules = RuleSet::preset(name)?;
                Some(Preset {
                    name,
                    board: format!("{0} × {0}", rules.dim),
                    description: RuleSet::preset_description(name).unwrap_or_default(),
                    text: rules.to_string(),
                })
            })
            .collect()
    }

    /// Games of the rule set given, each an OpenTafl game file; from a
    /// position, under the rule set with the position for its start and
    /// its side to move first, as OpenTafl writes a game from a position.
    fn generate(
        self,
        rules: &Option<RuleSet>,
        draw: Draw<'_>,
    ) -> Result<impl Iterator<Item = String>, NoDraw> {
        let rules = rules.as_ref().ok_or(NoDraw::NoRules)?;
        let rules = match draw.from {
            None => rules.clone(),
            Some(line) => board::rules_from(line, rules).map_err(NoDraw::Position)?,
        };
        let mut rng = Rng::new(draw.seed);
        let game = move |_| crate::tafl::generate::game_of_turns(&rules, &mut rng, draw.max_turns);
        Ok((0..draw.games).map(game))
    }

    fn board(
        self,
        record: RecordBytes<'_>,
        rules: &Option<RuleSet>,
        number: usize,
        turn: Option<&str>,
        picture: Picture,
    ) -> Result<String, NoBoard> {
        board::board(record, self.0, rules.as_ref(), (number, turn), picture)
    }

    fn position_board(
        self,
        line: &str,
        rules: &Option<RuleSet>,
        picture: Picture,
    ) -> Result<String, NoBoard> {
        let rules = rules.as_ref().ok_or(NoBoard::NoRules)?;
        board::position_board(line, rules, picture)
    }

    /// A game file's or a PGN export's games are parted by a blank line;
    /// the others are one a line.
    fn between(self) -> &'static str {
        match self.0 {
            Form::Otg | Form::Pgn => "\n",
            Form::Csv | Form::Ron | Form::OpenTaflJson => "",
        }
    }

    fn cards(
        self,
        record: crate::core::card::RecordReader<'_>,
        rules: &Option<RuleSet>,
        wants: &Wants,
        workers: usize,
        each: &mut dyn FnMut(Card) -> bool,
    ) -> std::io::Result<usize> {
        cards::cards(record, self.0, rules.as_ref(), wants, workers, each)
    }

    fn through(position: &str, symmetric: bool) -> Result<Through, String> {
        cards::through(position, symmetric)
    }

    fn targets() -> Vec<Target> {
        convert::targets()
    }

    fn convert(
        self,
        record: RecordBytes<'_>,
        rules: &Option<RuleSet>,
        to: &str,
        workers: usize,
        each: &mut dyn FnMut(usize, Result<Converted, String>) -> bool,
    ) -> usize {
        convert::convert(record, self.0, rules.as_ref(), to, workers, each)
    }

    fn positions(
        self,
        record: RecordBytes<'_>,
        rules: &Option<RuleSet>,
        wanted: Wanted<'_>,
        each: &mut dyn FnMut(usize, &str) -> bool,
    ) -> Result<(), NoBoard> {
        positions::positions(record, self.0, rules.as_ref(), wanted, each)
    }

    /// A move's address (`3b`; a berserk turn's third move is `3c`), a
    /// variation's move's (`7a.1.2b`) or a variation's (`7a.1`): an
    /// address, then a variation's number and an address as often as need
    /// be, the last address left out or not.
    fn turn_label(text: &str) -> Option<String> {
        let lower = text.to_ascii_lowercase();
        let number = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        let address = |part: &str| {
            let digits = part.trim_end_matches(|c: char| c.is_ascii_lowercase());
            digits.len() + 1 == part.len() && number(digits)
        };
        let parts: Vec<&str> = lower.split('.').collect();
        let label = parts.iter().enumerate().all(|(n, part)| match n % 2 {
            0 => address(part),
            _ => number(part),
        });
        label.then_some(lower)
    }

    fn shown(
        self,
        record: RecordBytes<'_>,
        rules: &Option<RuleSet>,
        number: usize,
        shows: &dyn Fn(&Problem) -> bool,
    ) -> Result<TaflShown, NoBoard> {
        show::shown(record, self.0, rules.as_ref(), number, shows)
    }

    fn compare(records: [(Tafl, RecordBytes<'_>); 2], rules: &Option<RuleSet>) -> Comparison {
        diff::compare(records.map(|(tafl, r)| (r.bytes, tafl.0)), rules.as_ref())
    }

    /// An archive's turns are its plies, two a turn.
    fn page_turns(self, bytes: &[u8], rules: &Option<RuleSet>) -> (usize, Option<String>) {
        let (_, parsed) = crate::tafl::syntax::parse_bytes(bytes, self.0);
        let (turns, tag) = match &parsed.record {
            Record::Otg(record) | Record::Ron(record) => (
                record.games.iter().map(|g| g.turns.len()).sum(),
                record.games.first().and_then(|g| g.rules()),
            ),
            Record::Csv(record) => (
                record.games.iter().map(|g| g.plies.len().div_ceil(2)).sum(),
                None,
            ),
        };
        let own = || tag.and_then(|tag| RuleSet::from_opentafl(&tag.value).ok().map(|(r, _)| r));
        let rules = rules.clone().or_else(own);
        let preset = rules
            .as_ref()
            .and_then(|r| r.preset_name().map(str::to_owned));
        (turns, preset)
    }
}

impl Tafl {
    /// The form the JSON of `record`, read in this form, names: its own,
    /// but for a piece of a `.ron` file that holds games as hnefatafl.org's
    /// server sends them, which is a game file's games (`otg`).
    fn json_form(self, record: &Record) -> &'static str {
        match (self.0, record) {
            (Form::Ron, Record::Otg(_)) => Form::Otg.extension(),
            _ => self.0.extension(),
        }
    }
}

/// The positions of each game of a piece read, as JSON writes them, each
/// game replayed under `positions` when given; none when not.
fn game_positions(
    parsed: &Parsed,
    positions: Option<&Option<RuleSet>>,
) -> impl Iterator<Item = Vec<JsonPosition>> {
    let replays = positions.map_or_else(Vec::new, |rules| {
        replay_record(&parsed.record, &parsed.errors, rules.as_ref())
    });
    replays
        .into_iter()
        .map(|replay| positions::json_positions(&replay))
}

/// The side as a verdict names it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attackers => Tafl::SIDES[0],
        Side::Defenders => Tafl::SIDES[1],
    }
}

/// The verdict of a game's replay, its problems copied (a check lends its
/// replays: see [`crate::tafl::check::Checked`]).
impl From<&Replay> for Verdict {
    fn from(replay: &Replay) -> Verdict {
        Verdict {
            turns: replay.moves.div_ceil(2),
            result: replay.outcome.map(|outcome| Ending {
                winner: outcome.winner.map(side_name),
                victory: outcome.end.code(),
                short: outcome.end.code(),
                points: None,
                text: outcome.to_string(),
            }),
            problems: replay.problems.clone(),
            judged: replay.is_judged(),
        }
    }
}

/// The verdict of a game's replay, its problems taken.
impl From<Replay> for Verdict {
    fn from(mut replay: Replay) -> Verdict {
        // Whether it was judged is told by its problems.
        let judged = replay.is_judged();
        let problems = std::mem::take(&mut replay.problems);
        Verdict {
            problems,
            judged,
            ..Verdict::from(&replay)
        }
    }
}
