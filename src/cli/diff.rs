//! `hirp diff`: where two records of one game part ways.

use hirp::Severity;
use hirp::any::AnyFamily;
use hirp::core::{Span, escape};
use hirp::diagnostic::Problem;
use hirp::hirp::replay::{GameReport, replay_record};
use hirp::hirp::syntax::{Game, Turn};

use super::family::{RulesArg, diff, family_of};
use super::{Reporter, Status, read_records, write_stdout};

/// Compare two records of the same game, turn by turn and move by move.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
HIRP: turns are matched by their place in the game, and their labels and
steps token by token. Tafl: the moves of each game's main line are matched
as a sequence, so that a move left out or put in is one place. Tags,
comments and layout do not count. For each place where the records differ:
each side's tokens, what the rules make of them, and whether the positions
after them still agree. Both records are of one family.

Examples:
  hirp diff mine.hirp theirs.hirp
  hirp fix game.hirp | hirp diff game.hirp -      what fix would change
  hirp diff mine.otg theirs.otg
  hirp diff --rules copenhagen a.csv b.csv

Exit status: 0 the records describe the same game, 1 they differ, 2 usage or
I/O error.")]
pub struct Args {
    /// The first record.
    #[arg(value_name = "A")]
    a: String,
    /// The second record.
    #[arg(value_name = "B")]
    b: String,

    #[command(flatten)]
    rules: RulesArg,
}

/// The position after each turn of a game, as hirp reads it.
fn turn_ends(
    game: &Game,
    errors: &[hirp::hirp::syntax::SyntaxError],
) -> Vec<hirp::hirp::rules::Position> {
    let replayed = super::replay::record(game, errors);
    replayed
        .frames
        .iter()
        .filter(|f| matches!(f.moment, super::replay::Moment::TurnEnd))
        .map(|f| f.position)
        .collect()
}

/// One place where two HIRP records differ.
struct TurnPlace {
    turn: String,
    index: usize,
    a: (String, Span),
    b: (String, Span),
}

/// The tokens of a turn that are compared: each step, then the outcome.
fn tokens(turn: &Turn) -> Vec<(String, Span)> {
    let mut tokens: Vec<(String, Span)> = turn
        .steps
        .iter()
        .map(|step| (step.to_string(), step.span()))
        .collect();
    tokens.push((turn.outcome.to_string(), turn.outcome.span));
    tokens
}

/// The moves of a turn as written: its steps and its outcome, without its
/// label and comments.
fn moves(turn: &Turn) -> String {
    let steps: String = turn.steps.iter().map(ToString::to_string).collect();
    format!("{steps} {}", turn.outcome)
}

/// The places where two versions of a turn differ: their labels, if they
/// name different turns, then runs of tokens that do not match, aligned by
/// a diff of the token sequences.
fn turn_places(index: usize, a: &Turn, b: &Turn) -> Vec<TurnPlace> {
    let label = super::replay::label(index);
    let mut places = Vec::new();
    if !a.label.same_turn(&b.label) {
        places.push(TurnPlace {
            turn: label.clone(),
            index,
            a: (a.label.to_string(), a.label.span),
            b: (b.label.to_string(), b.label.span),
        });
    }
    let (ta, tb) = (tokens(a), tokens(b));
    let (wa, wb): (Vec<&str>, Vec<&str>) = (
        ta.iter().map(|(t, _)| t.as_str()).collect(),
        tb.iter().map(|(t, _)| t.as_str()).collect(),
    );
    let joined = |tokens: &[(String, Span)]| -> (String, Span) {
        let text: String = tokens.iter().map(|(t, _)| t.as_str()).collect();
        let span = tokens
            .iter()
            .map(|(_, s)| *s)
            .reduce(Span::join)
            .unwrap_or_default();
        (text, span)
    };
    places.extend(
        similar::capture_diff_slices(similar::Algorithm::Myers, &wa, &wb)
            .into_iter()
            .filter_map(|op| {
                let (_, ra, rb) = op.as_tag_tuple();
                (op.tag() != similar::DiffTag::Equal).then(|| TurnPlace {
                    turn: label.clone(),
                    index,
                    a: joined(&ta[ra]),
                    b: joined(&tb[rb]),
                })
            }),
    );
    places
}

/// What the rules say of a token: the first of `problems` (advice aside)
/// that lies in its `span`, or "legal".
pub fn verdict(problems: &[Problem], span: Span) -> String {
    let found: Option<&Problem> = problems
        .iter()
        .filter(|p| p.severity != Severity::Advice)
        .find(|p| span.contains(p.span.start) || (span.is_empty() && p.span.start == span.start));
    let verdict = match found {
        Some(problem) => match &problem.help {
            Some(help) => format!("{} ({}; {help})", problem.code, problem.label),
            None => format!("{} ({})", problem.code, problem.label),
        },
        None => "legal".to_owned(),
    };
    escape(&verdict).into_owned()
}

/// One record's side of a place where two records differ.
pub struct Side {
    /// The record's path, as shown.
    pub path: String,
    /// Its tokens there, as written; empty for none.
    pub text: String,
    /// What the rules make of them.
    pub verdict: String,
}

/// A place where two records differ, whatever their family.
pub struct Place {
    /// The game's number, when the records hold more than one.
    pub game: Option<usize>,
    /// The turn or move: `S3`, `12b`.
    pub at: String,
    /// Each record's side.
    pub a: Side,
    pub b: Side,
}

impl Place {
    /// The place as `hirp diff` writes it: each side's tokens, then what
    /// the rules make of them.
    pub fn describe(&self) -> String {
        let game = self
            .game
            .map_or_else(String::new, |n| format!("game {n}, "));
        let show = |text: &str| {
            if text.is_empty() {
                "nothing".to_owned()
            } else {
                format!("`{}`", escape(text))
            }
        };
        format!(
            "  {game}{}: {} against {}\n    {}: {}\n    {}: {}\n",
            self.at,
            show(&self.a.text),
            show(&self.b.text),
            self.a.path,
            self.a.verdict,
            self.b.path,
            self.b.verdict,
        )
    }
}

/// The first line of `hirp diff`'s report.
pub fn header(pa: &str, pb: &str, places: usize, first: Option<&str>) -> String {
    let first = first.map_or_else(String::new, |at| format!(", the first in {at}"));
    match places {
        0 => format!("{pa} and {pb} describe the same game\n"),
        1 => format!("{pa} and {pb} differ in 1 place{first}:\n"),
        n => format!("{pa} and {pb} differ in {n} places{first}:\n"),
    }
}

/// The families of the two records, or the usage error: standard input
/// named twice, or a record that cannot be read.
fn families(args: &Args) -> Result<[AnyFamily; 2], Vec<String>> {
    super::stdin_once([&args.a, &args.b]).map_err(|e| vec![e])?;
    let rules = args.rules.rules.as_ref();
    let read = |path: &str| text_or_refusal(path).and_then(|()| family_of(path, rules));
    match [read(&args.a), read(&args.b)] {
        [Ok(a), Ok(b)] => Ok([a, b]),
        // Each path that cannot be read is named once.
        [Err(a), Err(b)] => Err(vec![a, b]),
        [Err(e), _] | [_, Err(e)] => Err(vec![e]),
    }
}

/// `Err` saying so when the record at `path` is not text (binary, or
/// UTF-16 without its mark), which no diff can compare; a file that is text
/// with bytes that are not UTF-8 is compared, its errors shown.
fn text_or_refusal(path: &str) -> Result<(), String> {
    let input = super::read_input(path)?;
    use hirp::core::encoding::{TextErrorKind, not_text_error};
    match not_text_error(&input.bytes).map(|e| e.kind) {
        Some(kind @ (TextErrorKind::Binary | TextErrorKind::Utf16WithoutBom)) => Err(format!(
            "{} is not a record to compare: {}",
            super::shown(path),
            kind.message()
        )),
        _ => Ok(()),
    }
}

/// Runs `hirp diff`, as the records' family compares them; two records of
/// two families are a usage error.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let rules = args.rules.rules.as_ref();
    let paths = [args.a.as_str(), args.b.as_str()];
    let compared = families(&args)
        .and_then(|families| diff(paths, families, rules, reporter).map_err(|e| vec![e]));
    match compared {
        Ok(status) => status,
        Err(messages) => {
            for message in messages {
                reporter.error(&message);
            }
            Status::Failure
        }
    }
}

/// Compares two HIRP records, turn by turn.
pub fn hirp_diff(paths: [&str; 2], reporter: &Reporter) -> Status {
    let (records, status) = read_records(&paths.map(str::to_owned), &Reporter::quiet());
    if status == Status::Failure || records.len() != 2 {
        // What could not be read is named already.
        return Status::Failure;
    }
    let (a, b) = (&records[0], &records[1]);
    // Paths as said: standard input for `-`.
    let paths = [escape(super::shown(&a.path)), escape(super::shown(&b.path))];
    let reports = [
        replay_record(&a.parsed.record, &a.parsed.errors),
        replay_record(&b.parsed.record, &b.parsed.errors),
    ];
    let mut out = String::new();
    let mut places = 0;
    let mut first: Option<String> = None;
    let games = a.parsed.record.games.len().max(b.parsed.record.games.len());
    for n in 0..games {
        let (ga, gb) = (a.parsed.record.games.get(n), b.parsed.record.games.get(n));
        let (Some(ga), Some(gb)) = (ga, gb) else {
            out.push_str(&format!(
                "game {}: only in {}\n",
                n + 1,
                if ga.is_some() { &paths[0] } else { &paths[1] }
            ));
            places += 1;
            continue;
        };
        let found = game_places(ga, gb);
        let (ra, rb) = (&reports[0].games[n], &reports[1].games[n]);
        let ends = (
            turn_ends(ga, &a.parsed.errors),
            turn_ends(gb, &b.parsed.errors),
        );
        for place in &found {
            places += 1;
            first.get_or_insert_with(|| place.turn.clone());
            out.push_str(&describe(place, n, games, (&paths[0], ra), (&paths[1], rb)));
            let turn = place.index;
            out.push_str(match (ends.0.get(turn), ends.1.get(turn)) {
                (Some(pa), Some(pb)) if pa == pb => "    the positions after this turn agree\n",
                _ => "    the positions differ from here\n",
            });
        }
        places += turns_only_in(ga, gb, &paths[0], &paths[1], &mut out);
        if !found.is_empty() {
            let same_end = ra.position == rb.position && ra.result == rb.result;
            out.push_str(if same_end {
                "  both end in the same position: read with its fixes, one is the other\n"
            } else {
                "  they end in different positions\n"
            });
        }
    }
    let [pa, pb] = &paths;
    let header = header(pa, pb, places, first.as_deref());
    if let Err(message) = write_stdout(&(header + &out)) {
        reporter.error(&message);
        return Status::Failure;
    }
    if places == 0 {
        Status::Ok
    } else {
        Status::Invalid
    }
}

/// The places where two games differ, turn by turn.
fn game_places(a: &Game, b: &Game) -> Vec<TurnPlace> {
    a.turns
        .iter()
        .zip(&b.turns)
        .enumerate()
        .flat_map(|(n, (ta, tb))| turn_places(n, ta, tb))
        .collect()
}

/// Notes turns that only one record has, with their moves; returns how
/// many.
fn turns_only_in(a: &Game, b: &Game, pa: &str, pb: &str, out: &mut String) -> usize {
    let (longer, path) = if a.turns.len() > b.turns.len() {
        (a, pa)
    } else {
        (b, pb)
    };
    let common = a.turns.len().min(b.turns.len());
    for (n, turn) in longer.turns.iter().enumerate().skip(common) {
        out.push_str(&format!(
            "  {}: only in {path}: `{}`\n",
            super::replay::label(n),
            escape(&moves(turn))
        ));
    }
    longer.turns.len() - common
}

/// One place, with what the rules make of each side.
fn describe(
    place: &TurnPlace,
    game: usize,
    games: usize,
    a: (&str, &GameReport),
    b: (&str, &GameReport),
) -> String {
    let side = |(path, report): (&str, &GameReport), (text, span): &(String, Span)| Side {
        path: path.to_owned(),
        text: text.clone(),
        verdict: verdict(&report.problems, *span),
    };
    Place {
        game: (games > 1).then_some(game + 1),
        at: place.turn.clone(),
        a: side(a, &place.a),
        b: side(b, &place.b),
    }
    .describe()
}
