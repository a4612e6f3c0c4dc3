//! The rule set a game is replayed under: `--rules` (a preset's name or a
//! rules string), else the game file's `[rules:]` tag; starting from the
//! game file's `[position:]` tag, when it has one.

use super::game::Game;
use super::problem::ProblemKind;
use crate::core::Span;
use crate::core::diagnostic::Problem;
use crate::tafl::rules::{Layout, RuleSet, RulesError, RulesWarning};
use crate::tafl::syntax::Tag;

/// A rule set given by name or written out, as `--rules` takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesChoice {
    /// The rule set.
    pub rules: RuleSet,
    /// The preset's name, when it was given by one.
    pub preset: Option<&'static str>,
}

/// Reads `--rules`: a preset's name ([`RuleSet::PRESETS`]) or an OpenTafl
/// rules string (`dim:7 esc:c start:/3t3/...`). The error says why
/// neither reads, for people.
pub fn rules_choice(text: &str) -> Result<RulesChoice, String> {
    // A preset's name in any case: `Copenhagen`, `TABLUT`.
    let named = RuleSet::PRESETS
        .iter()
        .find(|n| n.eq_ignore_ascii_case(text));
    if let Some(name) = named {
        let rules = RuleSet::preset(name).expect("a listed preset exists");
        return Ok(RulesChoice {
            rules,
            preset: Some(name),
        });
    }
    if !text.contains(':') {
        let guess = crate::core::did_you_mean(text, RuleSet::PRESETS.iter().copied());
        return Err(format!(
            "`{text}` is neither a preset (`hirp rules` lists them) nor a rules string \
             (`dim:7 start:/3t3/...`){guess}"
        ));
    }
    let (rules, _) = RuleSet::from_opentafl(text).map_err(|e| {
        let at = e.span.start + 1;
        if e.kind.is_not_played() {
            format!("the rules string asks at byte {at} for what this engine does not play: {e}")
        } else {
            format!("the rules string does not read at byte {at}: {e}")
        }
    })?;
    rules
        .check()
        .map_err(|e| format!("the rules string cannot start a game: {e}"))?;
    Ok(RulesChoice {
        rules,
        preset: None,
    })
}

/// The rule set `game` is replayed under: `given`, else its rules tag's,
/// its start the game's position tag when it has one (the notation's
/// `[position:]`: "the game starts at that position, instead of the
/// starting position in the rules string"; in a game hnefatafl.org's
/// server wrote, its start, the last rank first as the server writes it);
/// what is wrong with them goes into `problems`.
pub(crate) fn resolve(
    game: Game<'_>,
    given: Option<&RuleSet>,
    problems: &mut Vec<Problem>,
) -> Option<RuleSet> {
    let rules = rules_of(game, given, problems)?;
    let tag = match game {
        Game::Otg(g) => g.tag("position"),
        Game::Csv(_) => None,
    };
    match tag {
        None => Some(rules),
        Some(tag) => from_position(rules, tag, game.server_written(), problems),
    }
}

/// `rules` starting from the position `tag` gives, written the last rank
/// first when `inverted`; `None`, with the problem, when it does not read
/// or sets up no game under them.
fn from_position(
    mut rules: RuleSet,
    tag: &Tag,
    inverted: bool,
    problems: &mut Vec<Problem>,
) -> Option<RuleSet> {
    let value = tag.value_span;
    let written = tag.value.trim_end();
    let (read, help) = if inverted {
        (
            Layout::from_opentafl_inverted(written),
            "a position record, the last rank first as the server writes its start, as wide \
             as the rules' board: `/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/`",
        )
    } else {
        (
            Layout::from_opentafl(written),
            "a position record, the first rank first, as wide as the rules' board: \
             `[position:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]`",
        )
    };
    let fault = match read {
        Ok(layout) => {
            rules.start = layout;
            match rules.check() {
                Ok(()) => return Some(rules),
                Err(e) => (value, e.to_string()),
            }
        }
        Err(e) => {
            let from = (value.start + e.span.start).min(value.end);
            let at = Span::new(from, (value.start + e.span.end).clamp(from, value.end));
            (at, e.to_string())
        }
    };
    problems.push(Problem::new(ProblemKind::PositionInvalid, fault.0, fault.1).with_help(help));
    None
}

/// The rule set `game` is replayed under, from the rules given or its
/// rules tag, before its position tag.
fn rules_of(
    game: Game<'_>,
    given: Option<&RuleSet>,
    problems: &mut Vec<Problem>,
) -> Option<RuleSet> {
    let tag = game.rules_tag();
    let start = Span::new(game.span().start, game.span().start);
    let Some(tag) = tag else {
        return match given {
            Some(rules) => Some(rules.clone()),
            // A game file without its rules tag is a syntax error already.
            None if matches!(game, Game::Otg(_)) => None,
            None => {
                let how = "an archive names no rule set: give `--rules`";
                problems.push(
                    Problem::new(ProblemKind::RulesMissing, start, how).with_help(
                        "give `--rules` a preset (`hirp rules` lists them) or a rules string",
                    ),
                );
                None
            }
        };
    };
    let value = tag.value_span;
    let read = RuleSet::from_opentafl(&tag.value);
    if let Some(rules) = given {
        if !matches!(&read, Ok((written, _)) if written == rules) {
            problems.push(Problem::new(
                ProblemKind::RulesOverridden,
                value,
                "the game is replayed under `--rules`, not this tag",
            ));
        }
        return Some(rules.clone());
    }
    read_tag(read, value, problems)
}

/// The rule set a rules tag's value read as (`read`), what is wrong with
/// it going into `problems`; `value` is where the value stands.
fn read_tag(
    read: Result<(RuleSet, Vec<RulesWarning>), RulesError>,
    value: Span,
    problems: &mut Vec<Problem>,
) -> Option<RuleSet> {
    let at = |range: std::ops::Range<usize>| {
        let from = (value.start + range.start).min(value.end);
        Span::new(from, (value.start + range.end).clamp(from, value.end))
    };
    match read {
        Err(e) if e.kind.is_not_played() => {
            problems.push(
                Problem::new(
                    ProblemKind::RulesNotPlayed,
                    at(e.span.clone()),
                    e.to_string(),
                )
                .with_help(
                    "the game is not judged; `docs/rules.md` says what this engine plays, \
                     and `hirp rules` lists its presets",
                ),
            );
            None
        }
        Err(e) => {
            problems.push(
                Problem::new(ProblemKind::RulesInvalid, at(e.span.clone()), e.to_string())
                    .with_help(
                        "the OpenTafl notation's rules string: `dim:7 esc:c start:/3t3/...`",
                    ),
            );
            None
        }
        Ok((rules, warnings)) => {
            for w in warnings {
                problems.push(Problem::new(
                    ProblemKind::RulesQuestionable,
                    at(w.span.clone()),
                    w.to_string(),
                ));
            }
            match rules.check() {
                Ok(()) => Some(rules),
                Err(e) => {
                    problems.push(Problem::new(
                        ProblemKind::RulesInvalid,
                        value,
                        e.to_string(),
                    ));
                    None
                }
            }
        }
    }
}
