//! `hirp diff` on two tafl records: where they part ways, move by move.

use hirp::core::escape;
use hirp::diagnostic::Problem;
use hirp::tafl::replay::{Game, Replay, RulesChoice, replay_record};
use hirp::tafl::rules::Position;
use hirp::tafl::syntax::{Form, Parsed, parse_bytes};

use super::diff::{Place, Side, header, verdict};
use super::{Reporter, Status, read_input};

/// A tafl record read and replayed.
struct Read {
    /// The path as shown.
    path: String,
    parsed: Parsed,
    replays: Vec<Replay>,
}

/// A ply of the main line as compared: its address, its canonical text and
/// where it was written.
struct Token {
    address: String,
    text: String,
    span: hirp::core::Span,
}

/// Reads and replays the tafl record at `path` in `form`, under `rules` if
/// given; its syntax errors go to standard error and make the status 1.
fn read(
    path: &str,
    form: Form,
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
) -> Result<(Read, Status), String> {
    let bytes = read_input(path)?.bytes;
    let (text, parsed) = parse_bytes(&bytes, form);
    let mut status = Status::Ok;
    if parsed.has_errors() {
        status = Status::Invalid;
    }
    if !parsed.errors.is_empty() {
        let problems: Vec<Problem> = parsed.errors.iter().map(Problem::syntax).collect();
        reporter.emit(
            path,
            &text,
            problems.iter().map(|p| p as &dyn miette::Diagnostic),
        );
    }
    let replays = replay_record(&parsed.record, &parsed.errors, rules.map(|r| &r.rules));
    let read = Read {
        path: escape(super::shown(path)).into_owned(),
        parsed,
        replays,
    };
    Ok((read, status))
}

/// The plies of a game's main line.
fn tokens(game: Game<'_>) -> Vec<Token> {
    game.plies()
        .map(|written| Token {
            address: written.address().to_string(),
            text: written.ply.to_string(),
            span: written.ply.span(),
        })
        .collect()
}

/// The position after the move at `address`, if the replay played one
/// there.
fn after(replay: &Replay, positions: &[Position], address: &str) -> Option<Position> {
    let n = replay.steps.iter().position(|s| s.address == address)?;
    positions.get(n + 1).cloned()
}

/// Compares two tafl records, each of its `Form`, game by game; `rules`
/// for archives, or in place of their rules tags.
pub fn run(paths: [(&str, Form); 2], rules: Option<&RulesChoice>, reporter: &Reporter) -> Status {
    let mut read_status = Status::Ok;
    let mut records = Vec::with_capacity(2);
    for (path, form) in paths {
        match read(path, form, rules, reporter) {
            Ok((record, status)) => {
                read_status = read_status.max(status);
                records.push(record);
            }
            Err(message) => {
                reporter.error(&message);
                return Status::Failure;
            }
        }
    }
    let (a, b) = (&records[0], &records[1]);
    let (games_a, games_b) = (Game::all(&a.parsed.record), Game::all(&b.parsed.record));
    let games = games_a.len().max(games_b.len());
    let mut out = String::new();
    let (mut places, mut first) = (0, None);
    for n in 0..games {
        let (Some(ga), Some(gb)) = (games_a.get(n), games_b.get(n)) else {
            let only = if n < games_a.len() { &a.path } else { &b.path };
            out.push_str(&format!("game {}: only in {only}\n", n + 1));
            places += 1;
            continue;
        };
        let sides = [(a, *ga, &a.replays[n]), (b, *gb, &b.replays[n])];
        let found = game_places(n, games, sides, &mut out);
        if let Some(place) = found.first() {
            first.get_or_insert_with(|| place.clone());
        }
        places += found.len();
    }
    let text = header(&a.path, &b.path, places, first.as_deref()) + &out;
    if let Err(message) = super::write_stdout(&text) {
        reporter.error(&message);
        return Status::Failure;
    }
    let status = if places == 0 {
        Status::Ok
    } else {
        Status::Invalid
    };
    status.max(read_status)
}

/// Writes the places where two games differ into `out`, aligned by a diff
/// of their plies, and where they end; returns their addresses. Positions
/// are replayed only for games that differ.
fn game_places(
    n: usize,
    games: usize,
    sides: [(&Read, Game<'_>, &Replay); 2],
    out: &mut String,
) -> Vec<String> {
    let [(a, ga, ra), (b, gb, rb)] = sides;
    let (ta, tb) = (tokens(ga), tokens(gb));
    let words = |tokens: &[Token]| tokens.iter().map(|t| t.text.clone()).collect::<Vec<_>>();
    let (wa, wb) = (words(&ta), words(&tb));
    if wa == wb {
        return Vec::new();
    }
    let positions = [ra.positions(), rb.positions()];
    let mut found = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &wa, &wb) {
        if op.tag() == similar::DiffTag::Equal {
            continue;
        }
        let (_, range_a, range_b) = op.as_tag_tuple();
        let (pa, pb) = (&ta[range_a], &tb[range_b]);
        let address = pa
            .first()
            .or(pb.first())
            .map_or_else(String::new, |t| t.address.clone());
        let side = |path: &str, tokens: &[Token], replay: &Replay| Side {
            path: path.to_owned(),
            text: tokens
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            verdict: match replay.rules {
                None => "not checked: no rule set (give --rules)".to_owned(),
                Some(_) => tokens
                    .iter()
                    .map(|t| verdict(&replay.problems, t.span))
                    .find(|v| v != "legal")
                    .unwrap_or_else(|| "legal".to_owned()),
            },
        };
        let place = Place {
            game: (games > 1).then_some(n + 1),
            at: address.clone(),
            a: side(&a.path, pa, ra),
            b: side(&b.path, pb, rb),
        };
        out.push_str(&place.describe());
        let ends = (
            pa.last().and_then(|t| after(ra, &positions[0], &t.address)),
            pb.last().and_then(|t| after(rb, &positions[1], &t.address)),
        );
        let known = [ra, rb].iter().all(|r| r.rules.is_some());
        out.push_str(match ends {
            _ if !known => "    the positions are not known: no rule set\n",
            (Some(x), Some(y)) if x == y => "    the positions after this move agree\n",
            _ => "    the positions differ from here\n",
        });
        found.push(address);
    }
    let same = positions[0].last() == positions[1].last() && ra.outcome == rb.outcome;
    out.push_str(match (positions[0].last(), positions[1].last()) {
        (None, _) | (_, None) => "  where they end is not known: no rule set\n",
        _ if same => "  both end in the same position: read with its fixes, one is the other\n",
        _ => "  they end in different positions\n",
    });
    found
}
