//! What a record says of a game besides its moves, whatever its form: its
//! number, players, ratings, clocks, messages and other tags, as
//! [`Facts`], each kept as written so that a form that holds it writes it
//! back as read.

use crate::tafl::replay::Game;
use crate::tafl::syntax::{ArchivedGame, Clocks, Message, OtgGame, Rating};

/// A game's particulars, each `None` (or empty) when the record does not
/// say it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Facts {
    /// Its number on the server, as written (`1001`).
    pub id: Option<String>,
    /// The attackers' player, then the defenders'.
    pub players: [Option<String>; 2],
    /// Their ratings after the game, the attackers' first.
    pub ratings: [Option<Rating>; 2],
    /// Whether the game was rated.
    pub rated: Option<bool>,
    /// When it was played, as written.
    pub date: Option<String>,
    /// The time control, as hnefatafl.org's JSON writes it
    /// (`{"main_time_seconds":60,"increment_length":0}`).
    pub time_control: Option<String>,
    /// Both clocks at the start and after each play, in milliseconds.
    pub clocks: Option<Vec<Clocks>>,
    /// Both clocks when the game was last seen, and when the last move was
    /// made (hnefatafl.org's JSON, `time_remaining_ms`).
    pub time_left: Option<(Clocks, String)>,
    /// What the players wrote, newest first.
    pub messages: Option<Vec<Message>>,
    /// The older archive's messages, each one text.
    pub texts: Option<Vec<String>>,
    /// Every other tag, name and value, in the record's order.
    pub others: Vec<(String, String)>,
    /// How a game file says the game ended on time (`White lost on
    /// time`), as written.
    pub termination: Option<String>,
    /// Whether a game file's game has commentary or variations.
    pub annotated: bool,
}

/// The tags that say what [`Facts`] holds, or what the moves and the
/// rules say (the result, the rules, the board): none of them is an
/// "other" tag.
const KNOWN: [&str; 23] = [
    "id",
    "attackers",
    "attacker",
    "defenders",
    "defender",
    "attacker_rating",
    "defender_rating",
    "rated",
    "date",
    "time_control",
    "time_remaining_ms",
    "clocks",
    "messages",
    "message",
    "texts",
    "text",
    "status",
    "result",
    "termination",
    "board_size",
    "dim",
    "start",
    "rules",
];

impl Facts {
    /// The particulars of `game`: an archived game's fields, a game
    /// file's tags (those hnefatafl.org's JSON and PGN export read as),
    /// nothing of an archive's line.
    pub(super) fn of(game: Game<'_>) -> Facts {
        match game {
            Game::Csv(_) => Facts::default(),
            Game::Otg(otg) => match &otg.archived {
                Some(archived) => Facts::of_archived(archived),
                None => Facts::of_tags(otg),
            },
        }
    }

    /// An archived game's fields.
    fn of_archived(game: &ArchivedGame) -> Facts {
        let clocks = game.plays.timed.then(|| {
            game.plays
                .records
                .iter()
                .map(|r| r.clocks.unwrap_or_default())
                .collect()
        });
        Facts {
            id: game.id.as_ref().map(|id| id.value.to_string()),
            players: [&game.attacker, &game.defender].map(|p| p.as_ref().map(|p| p.value.clone())),
            ratings: [&game.attacker_rating, &game.defender_rating]
                .map(|r| r.as_ref().map(|r| r.value.clone())),
            rated: game.rated.as_ref().map(|r| r.value),
            clocks,
            messages: game.messages.as_ref().map(|m| m.value.clone()),
            texts: game.texts.as_ref().map(|t| t.value.clone()),
            ..Facts::default()
        }
    }

    /// A game file's tags: those hnefatafl.org's records read as (the
    /// archive's names, its JSON's, its PGN export's `Event "Game 1001"`
    /// and `Date`, read in lower case) and OpenTafl's (`attackers`, `defenders`), and those
    /// this crate writes (`message`, one a message).
    fn of_tags(game: &OtgGame) -> Facts {
        let tag = |names: &[&str]| {
            names
                .iter()
                .find_map(|name| game.tag(name))
                .map(|t| t.value.clone())
        };
        let said = Players::of(&tag);
        let mut facts = Facts {
            id: tag(&["id"]),
            players: said.names,
            ratings: said.ratings,
            rated: said.rated,
            date: said.date,
            time_control: tag(&["time_control"]).filter(|t| t != "null"),
            clocks: tag(&["clocks"]).and_then(|c| clocks(&c)),
            time_left: tag(&["time_remaining_ms"]).and_then(|t| time_left(&t)),
            messages: tag(&["messages"]).and_then(|m| json_messages(&m)),
            termination: tag(&["termination"]),
            ..Facts::default()
        };
        facts.annotated = game
            .turns
            .iter()
            .any(|t| t.commentary.is_some() || !t.variations.is_empty());
        let written: Vec<Message> = game
            .tags
            .iter()
            .filter(|t| t.name == "message")
            .filter_map(|t| message(&t.value))
            .collect();
        if !written.is_empty() {
            facts.messages = Some(written);
        }
        let texts: Vec<String> = game
            .tags
            .iter()
            .filter(|t| t.name == "text")
            .map(|t| t.value.clone())
            .collect();
        if !texts.is_empty() {
            facts.texts = Some(texts);
        }
        for t in &game.tags {
            let pgn_id = t.name == "event" && facts.id.is_none();
            if pgn_id && let Some(n) = t.value.strip_prefix("Game ") {
                facts.id = Some(n.to_owned());
                continue;
            }
            let server_site = t.name == "site" && t.value == "hnefatafl.org";
            if !KNOWN.contains(&t.name.as_str()) && t.name != "position" && !server_site {
                facts.others.push((t.name.clone(), t.value.clone()));
            }
        }
        facts
    }
}

/// What a game's tags say of its players and of how it was played: the
/// part of [`Facts`] a collection's card holds too
/// ([`crate::core::card::Card`]).
pub(crate) struct Players {
    /// The attackers' player, then the defenders': OpenTafl's
    /// `attackers` and `defenders`, hnefatafl.org's `attacker` and
    /// `defender`.
    pub names: [Option<String>; 2],
    /// Their ratings after the game, the attackers' first.
    pub ratings: [Option<Rating>; 2],
    /// Whether the game was rated.
    pub rated: Option<bool>,
    /// When it was played, as written.
    pub date: Option<String>,
}

impl Players {
    /// What the tags `tag` gives by name (the first of the names given
    /// that a game holds) say.
    pub(crate) fn of(tag: &impl Fn(&[&str]) -> Option<String>) -> Players {
        Players {
            names: [
                tag(&["attackers", "attacker"]),
                tag(&["defenders", "defender"]),
            ],
            ratings: [
                tag(&["attacker_rating"]).and_then(|r| rating(&r)),
                tag(&["defender_rating"]).and_then(|r| rating(&r)),
            ],
            rated: tag(&["rated"]).and_then(|r| match r.as_str() {
                "Yes" | "yes" | "true" => Some(true),
                "No" | "no" | "false" => Some(false),
                _ => None,
            }),
            date: tag(&["date"]),
        }
    }
}

/// A rating as the archive writes it, `(rating:1500.0,rd:350.0)`.
fn rating(text: &str) -> Option<Rating> {
    let inner = text.strip_prefix("(rating:")?.strip_suffix(')')?;
    let (rating, rd) = inner.split_once(",rd:")?;
    Some(Rating {
        rating: rating.to_owned(),
        rd: rd.to_owned(),
    })
}

/// Both clocks at each record, `60000/60000 59529/59806 ...`.
fn clocks(text: &str) -> Option<Vec<Clocks>> {
    text.split_ascii_whitespace()
        .map(|pair| {
            let (attacker, defender) = pair.split_once('/')?;
            Some(Clocks {
                attacker: attacker.parse().ok()?,
                defender: defender.parse().ok()?,
            })
        })
        .collect()
}

/// hnefatafl.org's `time_remaining_ms`, `{"attackers":..,"defenders":..,
/// "last_move":".."}`.
fn time_left(text: &str) -> Option<(Clocks, String)> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let clocks = Clocks {
        attacker: value.get("attackers")?.as_i64()?,
        defender: value.get("defenders")?.as_i64()?,
    };
    Some((clocks, value.get("last_move")?.as_str()?.to_owned()))
}

/// hnefatafl.org's JSON messages, `[{"username":..,"timestamp":..,
/// "content":..},...]`.
fn json_messages(text: &str) -> Option<Vec<Message>> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_array()?.iter().map(json_message).collect()
}

/// A message as a `message` tag holds it: a JSON object, each `]` in it
/// escaped (`\u005d`) so that the tag's value holds none.
fn message(text: &str) -> Option<Message> {
    json_message(&serde_json::from_str(text).ok()?)
}

/// A message of hnefatafl.org's JSON.
fn json_message(value: &serde_json::Value) -> Option<Message> {
    let field = |name: &str| value.get(name)?.as_str().map(str::to_owned);
    Some(Message {
        username: field("username")?,
        timestamp: field("timestamp")?,
        content: field("content")?,
    })
}

/// A message as a `message` tag's value: a JSON object, each `]` escaped.
pub(super) fn message_tag(message: &Message) -> String {
    json_message_text(message).replace(']', "\\u005d")
}

/// A message as hnefatafl.org's JSON writes it: `{"username":..,
/// "timestamp":..,"content":..}`, its fields in that order.
pub(super) fn json_message_text(message: &Message) -> String {
    let quoted = |text: &str| serde_json::Value::from(text).to_string();
    format!(
        "{{\"username\":{},\"timestamp\":{},\"content\":{}}}",
        quoted(&message.username),
        quoted(&message.timestamp),
        quoted(&message.content)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message holding `]` and a line end goes into a tag's value and
    /// comes back whole.
    #[test]
    fn a_message_tag_holds_any_message() {
        let sent = Message {
            username: "ragnar]".to_owned(),
            timestamp: "2026-01-01T07:58:31.94Z".to_owned(),
            content: "gg]\nwell [played]".to_owned(),
        };
        let value = message_tag(&sent);
        assert!(!value.contains([']', '\n']), "{value}");
        assert_eq!(message(&value), Some(sent));
    }

    #[test]
    fn ratings_and_clocks_read_as_written() {
        let read = rating("(rating:1364.4536461658006,rd:298.79)").unwrap();
        assert_eq!(read.rating, "1364.4536461658006");
        assert_eq!(read.rd, "298.79");
        assert_eq!(rating("1500"), None);
        let read = clocks("60000/60000 59529/-3").unwrap();
        assert_eq!(read[1].defender, -3);
        assert_eq!(clocks("60000"), None);
    }
}
