//! The game file's game an archived game reads as: its fields as tags, its
//! plays as turns, its status as the result and its board size as the
//! rules, the archived game kept beside them.

use std::fmt::Write as _;

use super::super::hnefatafl_org::rules_of;
use super::Fault;
use crate::core::{Malformed, Span};
use crate::tafl::syntax::ast::{
    ArchivedGame, ArchivedPlay, GameStatus, MoveType, OtgGame, Plays, Ply, Tag, Turn, WrittenMove,
    role_name, side_to_move, write_messages, write_string, yes_no,
};
use crate::tafl::syntax::error::SyntaxErrorKind as Kind;

/// The game of `archived`, read from a line that stands at `base` in the
/// text; in `faults`, each play of the side not to move, kept as a ply
/// not read (written as the notation writes the play), where the replay
/// stops.
pub(super) fn game_of(archived: ArchivedGame, base: usize, faults: &mut Vec<Fault>) -> OtgGame {
    let plies = plies_of(&archived, base, faults);
    OtgGame {
        tags: tags_of(&archived),
        turns: turns_of(plies),
        span: archived.span,
        captures_unwritten: true,
        server_written: true,
        archived: Some(Box::new(archived)),
    }
}

/// The fields as tags, in the order the server writes them: each string
/// as read, each other value as the server writes it; then `result`, from
/// a status that decides the game (`1` the attackers, `-1` the defenders,
/// `0` a draw), `termination` `timeout` when a timed game is won by no
/// resignation (the replay takes it for a loss on time when the board
/// decides nothing), `clocks` in a timed game and `rules`.
fn tags_of(game: &ArchivedGame) -> Vec<Tag> {
    let mut tags = Vec::new();
    let mut tag = |name: &str, value: String, span: Span| {
        tags.push(Tag {
            name: name.to_owned(),
            value,
            value_span: span,
            span,
        });
    };
    if let Some(id) = &game.id {
        tag("id", id.value.to_string(), id.span);
    }
    let players = [
        ("attacker", &game.attacker, &game.attacker_rating),
        ("defender", &game.defender, &game.defender_rating),
    ];
    for (side, name, rating) in players {
        if let Some(name) = name {
            tag(side, name.value.clone(), name.span);
        }
        if let Some(rating) = rating {
            let written = format!("(rating:{},rd:{})", rating.value.rating, rating.value.rd);
            tag(&format!("{side}_rating"), written, rating.span);
        }
    }
    if let Some(rated) = &game.rated {
        tag("rated", yes_no(rated.value).to_owned(), rated.span);
    }
    let status = &game.status;
    tag("status", status.value.name().to_owned(), status.span);
    if let Some(messages) = &game.messages {
        let mut written = String::new();
        let _ = write_messages(&mut written, &messages.value);
        tag("messages", written, messages.span);
    }
    if let Some(texts) = &game.texts {
        let quoted: Vec<String> = texts
            .value
            .iter()
            .map(|text| {
                let mut quoted = String::new();
                let _ = write_string(&mut quoted, text);
                quoted
            })
            .collect();
        tag("texts", format!("[{}]", quoted.join(",")), texts.span);
    }
    let size = &game.board_size;
    tag("board_size", format!("_{}", size.value), size.span);
    let result = match status.value {
        GameStatus::AttackerWins => Some("1"),
        GameStatus::DefenderWins => Some("-1"),
        GameStatus::Draw => Some("0"),
        GameStatus::Ongoing => None,
    };
    if let Some(result) = result {
        tag("result", result.to_owned(), status.span);
    }
    let plays = &game.plays;
    if result.is_some_and(|r| r != "0") && plays.timed && !ends_resigned(plays) {
        // A timed game won with no resignation, and not on the board, was
        // lost on time: the server ends it so, adding no play.
        tag("termination", "timeout".to_owned(), status.span);
    }
    if plays.timed {
        let mut clocks = String::new();
        for (n, record) in plays.records.iter().enumerate() {
            let times = record.clocks.unwrap_or_default();
            let gap = if n == 0 { "" } else { " " };
            let _ = write!(clocks, "{gap}{}/{}", times.attacker, times.defender);
        }
        tag("clocks", clocks, plays.span);
    }
    tag("rules", rules_of(size.value).to_owned(), size.span);
    tags
}

/// Whether the last play is a resignation.
fn ends_resigned(plays: &Plays) -> bool {
    let last = plays.records.iter().rev().find_map(|r| r.play.as_ref());
    matches!(last, Some(ArchivedPlay::Resigns(..)))
}

/// The plies of the plays, the leading `None` none; a play of the side
/// not to move is reported in `faults`, and kept as a ply not read.
fn plies_of(game: &ArchivedGame, base: usize, faults: &mut Vec<Fault>) -> Vec<Ply> {
    let dim = game.board_size.value;
    let mut plies = Vec::with_capacity(game.plays.records.len());
    for play in game.plays.records.iter().filter_map(|r| r.play.as_ref()) {
        let to_move = side_to_move(dim, plies.len());
        let span = play.span();
        if play.side() != to_move {
            let written = play.side_span();
            faults.push(Fault {
                kind: Kind::RonWrongSide,
                start: written.start - base,
                end: written.end - base,
                detail: format!(
                    "this play is the {}'s; the {}'s turn",
                    role_name(play.side()).to_lowercase(),
                    role_name(to_move).to_lowercase()
                ),
                help: "each record after the first is a play of the side to move, the sides in turn",
            });
            // Shown as the notation writes the play, as every play is.
            let text = match play {
                ArchivedPlay::Move(m) => format!("{}-{}", m.from, m.to),
                ArchivedPlay::Resigns(..) => "---".to_owned(),
            };
            plies.push(Ply::Malformed(Malformed { text, span }));
            continue;
        }
        plies.push(match play {
            ArchivedPlay::Resigns(_, span) => Ply::Resignation(*span),
            ArchivedPlay::Move(m) => Ply::Move(WrittenMove {
                piece: None,
                from: m.from,
                kind: MoveType::Regular,
                to: m.to,
                captures: Vec::new(),
                info: None,
                from_span: m.from_span,
                to_span: m.to_span,
                span: m.span,
            }),
        });
    }
    plies
}

/// The plies, two a turn, the first of the side that moves first; the
/// turns numbered from 1.
pub(super) fn turns_of(plies: Vec<Ply>) -> Vec<Turn> {
    plies
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| {
            let first = pair[0].span();
            let last = pair[pair.len() - 1].span();
            Turn {
                number: u32::try_from(n + 1).unwrap_or(u32::MAX),
                plies: pair.to_vec(),
                commentary: None,
                variations: Vec::new(),
                span: Span::new(first.start, last.end),
            }
        })
        .collect()
}
