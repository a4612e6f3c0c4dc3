//! What a game file says of its game for a person, beside its moves: who
//! played it, where, when and under which rules (its tags), the
//! start-comment said before the first move, and the commentary on each
//! move, of its main line and of its variations. The text is as written,
//! its paragraphs each on one line; those who show it escape it.

use super::archived::{ArchivedGame, Spanned};
use super::otg::{Commentary, OtgGame, Tag};
use super::ply::Ply;
use crate::core::Span;

/// One thing a game's heading says of it: `Event`, `Club evening`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detail {
    /// What it is: `Event`, `Round`, `Site`, `Date`, `Time control`,
    /// `Rules`, `Variant`, `Annotator`.
    pub label: &'static str,
    /// What the record says, its paragraphs joined by a space.
    pub value: String,
}

/// What a game file says of its game for a person.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Who played: `Ann (attackers) against Bo (defenders)`, a side whose
    /// player no tag names by its name alone; `None` when neither is named.
    pub players: Option<String>,
    /// What a heading says of the game, in this order, each when the record
    /// says it: the event (`[event:]`), the round, the site, the date, the
    /// time control (`[time-control:]`, as written), the rules' name (the
    /// `name:` entry of the rules tag, `_` read as a blank), the variant
    /// and the annotator.
    pub details: Vec<Detail>,
    /// The paragraphs of the start-comment (`[start-comment:]`), said
    /// before the first move.
    pub start_comment: Vec<String>,
    /// The commentary on the moves that have some, of the main line and
    /// of the variations, in the order they are written.
    pub comments: Vec<Comment>,
}

/// The commentary on one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The move as written (the span of its [`Ply`], which a replayed
    /// move keeps as its `span`).
    pub ply: Span,
    /// Its paragraphs.
    pub paragraphs: Vec<String>,
}

impl Annotations {
    /// The paragraphs of the commentary on the move written at `ply`,
    /// in the main line or in a variation; none when it has none.
    pub fn comment(&self, ply: Span) -> &[String] {
        self.comments
            .binary_search_by_key(&ply.start, |c| c.ply.start)
            .ok()
            .map_or(&[], |n| self.comments[n].paragraphs.as_slice())
    }

    /// Whether the game says nothing of itself but its moves.
    pub fn is_empty(&self) -> bool {
        self.players.is_none()
            && self.details.is_empty()
            && self.start_comment.is_empty()
            && self.comments.is_empty()
    }
}

/// The tags a heading gives, each with its label, in order; `rules` stands
/// for the rules tag's `name:` entry.
const DETAILS: [(&str, &str); 8] = [
    ("event", "Event"),
    ("round", "Round"),
    ("site", "Site"),
    ("date", "Date"),
    ("time-control", "Time control"),
    ("rules", "Rules"),
    ("variant", "Variant"),
    ("annotator", "Annotator"),
];

impl OtgGame {
    /// What the game file says of this game for a person: its players,
    /// the details of its heading, its start-comment, and the commentary
    /// on each move, of its main line and of its variations.
    ///
    /// ```
    /// use hirp::tafl::syntax::{Form, parse};
    ///
    /// let text = "[event:Club evening]\n[attackers:Ask]\n\
    ///             [rules:dim:7 name:Brandub_Club start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\
    ///             [start-comment:A quiet game.]\n\n\
    ///             1. d2-e2 d3-d2\n[|The defenders close the file.]\n\
    ///             1a.1.1a. d2-c2\n[Or the other way.]\n";
    /// let parsed = parse(text, Form::Otg);
    /// let game = &parsed.record.as_otg().unwrap().games[0];
    /// let about = game.annotations();
    /// assert_eq!(about.players.as_deref(), Some("Ask (attackers) against defenders"));
    /// let details: Vec<_> = about.details.iter().map(|d| (d.label, d.value.as_str())).collect();
    /// assert_eq!(details, [("Event", "Club evening"), ("Rules", "Brandub Club")]);
    /// assert_eq!(about.start_comment, ["A quiet game."]);
    /// let turn = &game.turns[0];
    /// assert_eq!(about.comment(turn.plies[0].span()), [] as [String; 0]);
    /// assert_eq!(about.comment(turn.plies[1].span()), ["The defenders close the file."]);
    /// let variation = &turn.variations[0];
    /// assert_eq!(about.comment(variation.plies[0].span()), ["Or the other way."]);
    /// ```
    pub fn annotations(&self) -> Annotations {
        if let Some(archived) = &self.archived {
            return archived_annotations(archived);
        }
        let details = DETAILS
            .iter()
            .filter_map(|&(name, label)| {
                let value = match name {
                    "rules" => self.rules().and_then(rules_name)?,
                    _ => one_line(self.tag(name)?)?,
                };
                Some(Detail { label, value })
            })
            .collect();
        let mut comments = Vec::new();
        for turn in &self.turns {
            commented(&turn.plies, turn.commentary.as_ref(), &mut comments);
            for variation in &turn.variations {
                commented(
                    &variation.plies,
                    variation.commentary.as_ref(),
                    &mut comments,
                );
            }
        }
        // In the order written, for the lookup.
        comments.sort_by_key(|c| c.ply.start);
        Annotations {
            players: self.players(),
            details,
            start_comment: self
                .tag("start-comment")
                .map_or_else(Vec::new, Tag::paragraphs),
            comments,
        }
    }

    /// The players the `[attackers:]` and `[defenders:]` tags name: `Ann
    /// (attackers) against Bo (defenders)`, a side without a tag by its
    /// name alone; `None` when neither has one.
    fn players(&self) -> Option<String> {
        let name = |side: &str| self.tag(side).and_then(one_line);
        players(name("attackers"), name("defenders"))
    }
}

/// `Ann (attackers) against Bo (defenders)`, a side with no name by its
/// name alone; `None` when neither has one.
fn players(attackers: Option<String>, defenders: Option<String>) -> Option<String> {
    if attackers.is_none() && defenders.is_none() {
        return None;
    }
    let player = |name: Option<String>, side: &str| match name {
        Some(name) => format!("{name} ({side})"),
        None => side.to_owned(),
    };
    Some(format!(
        "{} against {}",
        player(attackers, "attackers"),
        player(defenders, "defenders")
    ))
}

/// What a game of hnefatafl.org's archive says for a person: its players,
/// each name on one line, its number on the server and whether it was
/// rated.
fn archived_annotations(game: &ArchivedGame) -> Annotations {
    let name = |name: &Option<Spanned<String>>| {
        let name = name.as_ref()?.value.split_whitespace().collect::<Vec<_>>();
        (!name.is_empty()).then(|| name.join(" "))
    };
    let mut details = Vec::new();
    if let Some(id) = &game.id {
        details.push(Detail {
            label: "Game",
            value: id.value.to_string(),
        });
    }
    if let Some(rated) = &game.rated {
        details.push(Detail {
            label: "Rated",
            value: if rated.value { "yes" } else { "no" }.to_owned(),
        });
    }
    Annotations {
        players: players(name(&game.attacker), name(&game.defender)),
        details,
        ..Annotations::default()
    }
}

/// Adds to `comments` the commentary `commentary` says of each of `plies`
/// (of a turn or of a variation's line), a text a ply, those of `.....`
/// left out.
fn commented(plies: &[Ply], commentary: Option<&Commentary>, comments: &mut Vec<Comment>) {
    let Some(commentary) = commentary else {
        return;
    };
    for (n, ply) in plies.iter().enumerate() {
        let paragraphs = commentary.paragraphs(n);
        if !paragraphs.is_empty() && !matches!(ply, Ply::Placeholder(_)) {
            comments.push(Comment {
                ply: ply.span(),
                paragraphs,
            });
        }
    }
}

/// A tag's value on one line, its paragraphs joined by a space; `None`
/// when it is blank.
fn one_line(tag: &Tag) -> Option<String> {
    let paragraphs = tag.paragraphs();
    (!paragraphs.is_empty()).then(|| paragraphs.join(" "))
}

/// The name a rules tag gives its rules in its `name:` entry, each `_` a
/// blank (`Brandub_Strong_Center_King`); `None` when it gives none.
fn rules_name(tag: &Tag) -> Option<String> {
    let entries = tag.entries();
    let name = entries.iter().find(|e| e.key == "name")?.value?;
    let name = name.replace('_', " ");
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

impl Commentary {
    /// The paragraphs of the text on ply `n` (from 0) of its turn, as a
    /// person reads them: as [`Tag::paragraphs`] reads a value, a clock
    /// written first (`297 30/3 3i`, the time OpenTafl records as left
    /// after the move) left out, as OpenTafl shows it. None when the ply
    /// has no text, or an empty one.
    pub fn paragraphs(&self, n: usize) -> Vec<String> {
        self.texts
            .get(n)
            .map_or_else(Vec::new, |text| super::otg::paragraphs(without_clock(text)))
    }
}

/// `text` without the clock OpenTafl writes at its start: the main time
/// left in seconds, then overtime periods `30/3` or an increment `3i` or
/// both, each after a blank, and a blank or the end after them. A number
/// alone is text (`3 ways to win`), not a clock.
fn without_clock(text: &str) -> &str {
    let rest = text.trim_start();
    let words: Vec<&str> = rest.splitn(4, [' ', '\t']).collect();
    let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let overtime = |w: &&str| {
        w.split_once('/')
            .is_some_and(|(a, b)| number(a) && number(b))
    };
    let increment = |w: &&str| w.strip_suffix('i').is_some_and(number);
    if !words.first().is_some_and(|w| number(w)) {
        return text;
    }
    let mut taken = 1;
    if words.get(taken).is_some_and(overtime) {
        taken += 1;
    }
    if words.get(taken).is_some_and(increment) {
        taken += 1;
    }
    if taken == 1 {
        return text;
    }
    let length: usize = words[..taken].iter().map(|w| w.len() + 1).sum();
    rest.get(length..).unwrap_or_default().trim_start()
}

#[cfg(test)]
mod tests {
    use super::without_clock;

    #[test]
    fn a_clock_opentafl_writes_first_is_left_out() {
        assert_eq!(without_clock("297 30/3 3i A fine move."), "A fine move.");
        assert_eq!(without_clock("297 30/3 3i "), "");
        assert_eq!(without_clock(" 600 30/3"), "");
        assert_eq!(without_clock("3 ways to win here."), "3 ways to win here.");
        assert_eq!(without_clock("3 30/3x no clock"), "3 30/3x no clock");
        assert_eq!(without_clock("Plain text."), "Plain text.");
        assert_eq!(without_clock("120 2i Quick."), "Quick.");
    }
}
