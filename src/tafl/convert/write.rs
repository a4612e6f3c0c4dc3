//! A game played, with its particulars, written in each form a game is
//! converted to.

use std::fmt::Write as _;

use super::facts::{Facts, json_message_text, message_tag};
use super::{Played, PlayedMove};
use crate::core::Span;
use crate::tafl::rules::Outcome;
use crate::tafl::syntax::{
    ArchivedGame, ArchivedPlay, Count, CsvGame, Form, GameStatus, PlayRecord,
    PlayedMove as ServerPlay, Plays, Ply, ResultLabel, Spanned, Tag, WrittenMove, check_rating,
};
use crate::tafl::{Side, Square};

/// `played` with `facts` in the form `to`, what it cannot hold named in
/// `lost`.
pub(super) fn write(
    to: Form,
    played: &Played<'_>,
    facts: &Facts,
    lost: &mut Vec<String>,
) -> String {
    match to {
        Form::Csv => csv(played, facts, lost),
        Form::Ron => ron(played, facts, lost),
        Form::OpenTaflJson => json(played, facts, lost),
        Form::Otg | Form::Pgn => otg(played, facts, lost),
    }
}

/// A move as the notation writes it, its captures after it.
fn ply(m: &PlayedMove) -> Ply {
    Ply::Move(WrittenMove::made(
        m.mv.from,
        m.kind,
        m.mv.to,
        m.captures.iter().copied(),
        None,
    ))
}

/// The result as a game file's `[result:]` writes it.
fn result_value(outcome: Option<Outcome>) -> Option<&'static str> {
    outcome.map(|o| match o.winner {
        Some(Side::Attackers) => "1",
        Some(Side::Defenders) => "-1",
        None => "0",
    })
}

/// A tag of a game file, as its canonical form writes it (a value over
/// several lines, its paragraphs parted by a blank line); a value holding
/// `]`, which would end the tag, is lost.
fn tag_value(name: &str, value: &str, text: &mut String, lost: &mut Vec<String>) {
    if value.contains(']') {
        lost.push(format!("the `{name}` tag, whose value holds `]`"));
    } else if value.contains(['\n', '\r']) {
        let tag = Tag {
            name: name.to_owned(),
            value: value.to_owned(),
            value_span: Span::default(),
            span: Span::default(),
        };
        let _ = writeln!(text, "[{name}:{}]", tag.paragraphs().join("\n\n"));
    } else {
        let _ = writeln!(text, "[{name}:{value}]");
    }
}

/// An OpenTafl game file's game: the particulars as tags (OpenTafl's
/// `attackers` and `defenders`, the archive's names for the others, one
/// `message` tag a message), the result, the rules; then the moves, a
/// turn a line, each with its captures, and a resignation as written.
fn otg(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> String {
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| tag_value(name, value, &mut text, lost);
    if let Some(id) = &facts.id {
        tag("id", id);
    }
    let sides = ["attacker", "defender"];
    for (n, side) in sides.iter().enumerate() {
        if let Some(player) = &facts.players[n] {
            tag(&format!("{side}s"), player);
        }
    }
    for (n, side) in sides.iter().enumerate() {
        if let Some(r) = &facts.ratings[n] {
            tag(
                &format!("{side}_rating"),
                &format!("(rating:{},rd:{})", r.rating, r.rd),
            );
        }
    }
    if let Some(rated) = facts.rated {
        tag("rated", if rated { "Yes" } else { "No" });
    }
    if let Some(date) = &facts.date {
        tag("date", date);
    }
    if let Some(control) = &facts.time_control {
        tag("time_control", control);
    }
    if let Some(clocks) = &facts.clocks {
        let pairs: Vec<String> = clocks
            .iter()
            .map(|c| format!("{}/{}", c.attacker, c.defender))
            .collect();
        tag("clocks", &pairs.join(" "));
    }
    if let Some((left, last_move)) = &facts.time_left {
        let value = serde_json::json!({
            "attackers": left.attacker,
            "defenders": left.defender,
            "last_move": last_move,
        });
        tag("time_remaining_ms", &value.to_string());
    }
    for message in facts.messages.iter().flatten() {
        tag("message", &message_tag(message));
    }
    for written in facts.texts.iter().flatten() {
        tag("text", written);
    }
    for (name, value) in &facts.others {
        tag(name, value);
    }
    if let Some(result) = result_value(played.outcome) {
        tag("result", result);
    }
    if played.timed_out().is_some() {
        tag(
            "termination",
            facts.termination.as_deref().unwrap_or("timeout"),
        );
    }
    let _ = writeln!(text, "[rules:{}]", played.rules);
    text.push('\n');
    otg_turns(played, &mut text);
    text
}

/// The moves of a game file's game, a turn a line (a berserk turn's moves
/// on its line), and a resignation as written, after the game's tags.
fn otg_turns(played: &Played<'_>, text: &mut String) {
    let first = played.rules.first_side();
    let mut turn = 0;
    for (n, m) in played.moves.iter().enumerate() {
        let starts = n == 0 || (m.side == first && played.moves[n - 1].side != first);
        if starts {
            if n > 0 {
                text.push('\n');
            }
            turn += 1;
            let _ = write!(text, "{turn}.");
        }
        let _ = write!(text, " {}", ply(m));
    }
    if played.resigned().is_some_and(|side| side == played.to_move) {
        if played.moves.is_empty() || played.to_move == first {
            if !played.moves.is_empty() {
                text.push('\n');
            }
            let _ = write!(text, "{}.", turn + 1);
        }
        text.push_str(" ---");
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
}

/// An archive's line: the moves, `timeout` after them when a side lost on
/// time, the captures of each side and the result. It holds none of the
/// particulars.
fn csv(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> String {
    lost_particulars(facts, lost);
    let mut plies: Vec<Ply> = played.moves.iter().map(ply).collect();
    if played.timed_out().is_some() {
        plies.push(Ply::Timeout(Span::default()));
    }
    let count = |side: Side| {
        let taken = played
            .moves
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.captures.len())
            .sum::<usize>();
        Count {
            value: Some(u32::try_from(taken).unwrap_or(u32::MAX)),
            span: Span::default(),
        }
    };
    let result = match played.outcome {
        Some(Outcome {
            winner: Some(Side::Attackers),
            ..
        }) => ResultLabel::Black,
        Some(Outcome {
            winner: Some(Side::Defenders),
            ..
        }) => ResultLabel::White,
        Some(Outcome { winner: None, .. }) => ResultLabel::Draw,
        None => ResultLabel::Ongoing,
    };
    let game = CsvGame {
        plies,
        attacker_captures: count(Side::Attackers),
        defender_captures: count(Side::Defenders),
        result: Some(result),
        result_span: Span::default(),
        span: Span::default(),
    };
    format!("{game}\n")
}

/// Names each particular `facts` holds, none of which the form holds.
fn lost_particulars(facts: &Facts, lost: &mut Vec<String>) {
    let held = [
        (facts.id.is_some(), "the game's number"),
        (facts.players.iter().any(Option::is_some), "the players"),
        (
            facts.ratings.iter().any(Option::is_some),
            "the players' ratings",
        ),
        (facts.rated.is_some(), "whether it was rated"),
        (facts.date.is_some(), "the date"),
        (facts.time_control.is_some(), "the time control"),
        (
            facts.clocks.is_some() || facts.time_left.is_some(),
            "the clocks",
        ),
        (
            facts.messages.is_some() || facts.texts.is_some(),
            "the messages",
        ),
    ];
    for (_, what) in held.iter().filter(|(is, _)| *is) {
        lost.push((*what).to_owned());
    }
    lost_others(facts, lost);
}

/// Names the tags a server's form has no field for, and the commentary
/// and variations of a game file, which no form but its own holds.
fn lost_others(facts: &Facts, lost: &mut Vec<String>) {
    if facts.annotated {
        lost.push("the commentary and the variations".to_owned());
    }
    if !facts.others.is_empty() {
        let names: Vec<String> = facts.others.iter().map(|(n, _)| format!("`{n}`")).collect();
        lost.push(format!("the tags {}", names.join(", ")));
    }
}

/// A value with no text.
fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// A line of hnefatafl.org's archive, as its server writes it: the
/// particulars it has fields for, the plays (timed when the clocks of
/// every play are known), the status.
fn ron(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> String {
    let dim = played.rules.dim;
    let id = number(facts, lost);
    let ratings = facts.ratings.clone().map(|rating| {
        let rating = rating?;
        let good = check_rating(&rating.rating).is_ok() && check_rating(&rating.rd).is_ok();
        good.then_some(rating)
    });
    if ratings
        .iter()
        .zip(&facts.ratings)
        .any(|(kept, read)| kept.is_none() && read.is_some())
    {
        lost.push("a rating that is not a number".to_owned());
    }
    let plays = plays(played, facts, lost);
    if facts.time_control.is_some() {
        lost.push("the time control".to_owned());
    }
    if facts.date.is_some() {
        lost.push("the date".to_owned());
    }
    lost_others(facts, lost);
    let status = match played.outcome {
        Some(Outcome {
            winner: Some(Side::Attackers),
            ..
        }) => GameStatus::AttackerWins,
        Some(Outcome {
            winner: Some(Side::Defenders),
            ..
        }) => GameStatus::DefenderWins,
        Some(Outcome { winner: None, .. }) => GameStatus::Draw,
        None => GameStatus::Ongoing,
    };
    let [attacker_rating, defender_rating] = ratings.map(|r| r.map(spanned));
    let [attacker, defender] = facts.players.clone().map(|p| p.map(spanned));
    let game = ArchivedGame {
        id: id.map(spanned),
        attacker,
        attacker_rating,
        defender,
        defender_rating,
        rated: facts.rated.map(spanned),
        plays,
        status: spanned(status),
        messages: facts.messages.clone().map(spanned),
        texts: facts.texts.clone().map(spanned),
        board_size: spanned(dim),
        span: Span::default(),
    };
    format!("{game}\n")
}

/// The plays of a line of the archive: the leading record, a record a
/// move, one for a resignation; timed when the clocks after every record
/// are known.
fn plays(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> Plays {
    let mut records = vec![PlayRecord::default()];
    for m in &played.moves {
        records.push(PlayRecord {
            play: Some(ArchivedPlay::Move(ServerPlay {
                role: m.side,
                from: m.mv.from,
                to: m.mv.to,
                role_span: Span::default(),
                from_span: Span::default(),
                to_span: Span::default(),
                span: Span::default(),
            })),
            clocks: None,
            span: Span::default(),
        });
    }
    if let Some(side) = played.resigned() {
        records.push(PlayRecord {
            play: Some(ArchivedPlay::Resigns(side, Span::default())),
            clocks: None,
            span: Span::default(),
        });
    }
    let timed = facts
        .clocks
        .as_ref()
        .is_some_and(|c| c.len() == records.len());
    if let (true, Some(clocks)) = (timed, &facts.clocks) {
        for (record, clocks) in records.iter_mut().zip(clocks) {
            record.clocks = Some(*clocks);
        }
    } else if facts.clocks.is_some() || facts.time_left.is_some() {
        lost.push("the clocks, not known at every play".to_owned());
    }
    Plays {
        timed,
        records,
        span: Span::default(),
    }
}

/// A square as hnefatafl.org's server writes it on a board of `dim`:
/// `0d3` on 7 × 7, `d3` on 11 × 11, `D3` on 13 × 13.
fn server_square(square: Square, dim: u8) -> String {
    match dim {
        7 => format!("0{square}"),
        13 => square.to_string().to_ascii_uppercase(),
        _ => square.to_string(),
    }
}

/// The game's number, when the record gives one that is a number.
fn number(facts: &Facts, lost: &mut Vec<String>) -> Option<u128> {
    let id = facts.id.as_ref()?;
    let number = id.parse::<u128>().ok();
    if number.is_none() {
        lost.push(format!("the game's number, `{id}`, which is not a number"));
    }
    number
}

/// The moves as the server's JSON writes them, a token a ply: the
/// squares, each piece taken after `x` (the king among them when the last
/// move takes him), a resignation `---`.
fn server_moves(played: &Played<'_>) -> String {
    let dim = played.rules.dim;
    let last = played.moves.len().saturating_sub(1);
    let mut moves: Vec<String> = played
        .moves
        .iter()
        .enumerate()
        .map(|(n, m)| {
            let mut token = format!(
                "{}-{}",
                server_square(m.mv.from, dim),
                server_square(m.mv.to, dim)
            );
            // The server writes the king among the pieces taken.
            let king = played.king_taken.filter(|_| n == last);
            for &taken in m.captures.iter().chain(&king) {
                token.push('x');
                token.push_str(&server_square(taken, dim));
            }
            token
        })
        .collect();
    if played.resigned().is_some() {
        moves.push("---".to_owned());
    }
    moves.join(" ")
}

/// The position the game starts from, as the server writes it: the last
/// rank first, `A` an attacker, `D` a defender, `K` the king.
fn server_start(played: &Played<'_>) -> String {
    played
        .rules
        .start
        .to_opentafl_inverted()
        .chars()
        .map(|c| match c {
            't' => 'A',
            'T' => 'D',
            c => c,
        })
        .collect()
}

/// A game as hnefatafl.org's server sends it, `serde_json::to_string` of
/// its `OpenTaflGame`: its fields in their order, the moves a token each
/// with their captures, a resignation `---`; a loss on time is a clock at
/// zero.
fn json(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> String {
    let dim = played.rules.dim;
    let id = number(facts, lost);
    let name = |n: usize| facts.players[n].clone().unwrap_or_default();
    // The time control as read, when it is JSON.
    let time_control = facts
        .time_control
        .clone()
        .filter(|t| serde_json::from_str::<serde_json::Value>(t).is_ok())
        .unwrap_or_else(|| "null".to_owned());
    let time_left = time_left(played, facts, lost);
    if facts.clocks.is_some() {
        lost.push("the clocks at each play".to_owned());
    }
    if facts.ratings.iter().any(Option::is_some) {
        lost.push("the players' ratings".to_owned());
    }
    if facts.date.is_some() {
        lost.push("the date".to_owned());
    }
    if facts.texts.is_some() {
        lost.push("the older archive's messages".to_owned());
    }
    lost_others(facts, lost);
    let quoted = |text: &str| serde_json::Value::from(text).to_string();
    let messages: Vec<String> = facts
        .messages
        .iter()
        .flatten()
        .map(json_message_text)
        .collect();
    // The fields in the order the server writes them (a map would sort
    // them).
    let fields: [(&str, String); 10] = [
        ("id", id.unwrap_or(0).to_string()),
        ("attackers", quoted(&name(0))),
        ("defenders", quoted(&name(1))),
        ("dim", dim.to_string()),
        ("start", quoted(&server_start(played))),
        ("time_control", time_control),
        ("time_remaining_ms", time_left),
        ("moves", quoted(&server_moves(played))),
        ("rated", facts.rated.unwrap_or(true).to_string()),
        ("messages", format!("[{}]", messages.join(","))),
    ];
    let mut text = String::from("{");
    for (n, (name, value)) in fields.iter().enumerate() {
        if n > 0 {
            text.push(',');
        }
        let _ = write!(text, "\"{name}\":{value}");
    }
    text.push_str("}\n");
    text
}

/// The `time_remaining_ms` of a game: as read, else the clocks after its
/// last play with the time of its newest message; the clock of a side
/// that lost on time at zero, as the server ends the game.
fn time_left(played: &Played<'_>, facts: &Facts, lost: &mut Vec<String>) -> String {
    let last = facts.clocks.as_ref().and_then(|c| c.last().copied());
    let when = facts
        .messages
        .as_ref()
        .and_then(|m| m.first())
        .map(|m| m.timestamp.clone());
    let (mut left, last_move) = match (&facts.time_left, last) {
        (Some((left, when)), _) => (*left, when.clone()),
        (None, Some(left)) => {
            if when.is_none() {
                lost.push("the time of the last move, written empty".to_owned());
            }
            (left, when.unwrap_or_default())
        }
        (None, None) => {
            if played.timed_out().is_some() {
                lost.push("the loss on time, with no clocks to say it".to_owned());
            }
            return "null".to_owned();
        }
    };
    match played.timed_out() {
        Some(Side::Attackers) if left.attacker > 0 => left.attacker = 0,
        Some(Side::Defenders) if left.defender > 0 => left.defender = 0,
        _ => {}
    }
    format!(
        "{{\"attackers\":{},\"defenders\":{},\"last_move\":{}}}",
        left.attacker,
        left.defender,
        serde_json::Value::from(last_move)
    )
}
