//! Which error of a game the search mends: its first, by its place in the
//! text, an error of its [Result] tag last; and the repairs of an offer
//! the rules refuse that lie before the search's lines.

use crate::core::Severity;
use crate::core::diagnostic::Problem;
use crate::hirp::syntax::ast::Game;

use super::{Candidate, Found, applied, tied};

/// The codes of an offer refused because of the offers before it.
const OFFERS: [&str; 3] = [
    "hirp::penningr::already_doubled",
    "hirp::penningr::not_holder",
    "hirp::penningr::no_more_offers",
];

/// The code of a [Result] tag that says another result than the replay's.
const RESULT: &str = "hirp::result::mismatch";

/// The index of the first error among the `problems` for which `inside`
/// holds. A [Result] tag found wrong follows from a turn's mistake when
/// the game has one: that mistake comes first.
pub(super) fn first_error(
    problems: &[(Problem, Option<usize>)],
    inside: impl Fn(&Problem, &Option<usize>) -> bool,
) -> Option<usize> {
    problems
        .iter()
        .enumerate()
        .filter(|(_, (p, g))| inside(p, g) && p.severity == Severity::Error)
        .min_by_key(|(_, (p, _))| (p.code.to_string() == RESULT, p.span.start))
        .map(|(i, _)| i)
}

/// When `fault` is an offer the rules refuse because of the offers before
/// it, an earlier offer and its answer taken out, as candidates, where the
/// game's offers then all play: the offer written where there was none may
/// be that one. Taking out an offer leaves the board as it is, so the
/// offers alone judge it.
fn earlier_offers(text: &str, base: usize, game: &Game, fault: &Problem) -> Vec<Candidate> {
    if !OFFERS.contains(&fault.code.to_string().as_str()) {
        return Vec::new();
    }
    let spans = crate::hirp::replay::offers::earlier_offers_out(&game.turns, fault.span.start);
    spans
        .into_iter()
        .filter_map(|span| {
            let (start, end) = (span.start.checked_sub(base)?, span.end.checked_sub(base)?);
            (end <= text.len()).then(|| Candidate {
                start,
                end,
                with: String::new(),
                cost: end - start,
                whole: true,
                moved: None,
            })
        })
        .collect()
}

/// What the search makes of `fault` whose repair ranking first is `best`:
/// that repair, or a tie with the earlier offers taken out that play as
/// well ([`earlier_offers`]).
pub(super) fn found(
    text: &str,
    base: usize,
    game: &Game,
    fault: &Problem,
    best: &Candidate,
) -> Option<Found> {
    let earlier = earlier_offers(text, base, game, fault);
    if earlier.is_empty() {
        return Some(Found::Repair(applied(text, base, best)));
    }
    let choices: Vec<Candidate> = earlier.into_iter().chain([best.clone()]).collect();
    tied(text, &choices).map(|(choices, more)| Found::Tie(choices, more))
}

/// Whether the game starting at `start` in `text` has no error once
/// `candidate` is made, as the full replay reads it: a candidate judged
/// short of the game's last turn ([`super::search`]) may leave that turn
/// wrong.
pub(super) fn whole_game_plays(
    text: &str,
    (start, game): (usize, &Game),
    candidate: &Candidate,
) -> bool {
    let end = (start + game.span.len()).min(text.len());
    if candidate.start < start || candidate.end > end {
        return false;
    }
    let edited = [
        &text[start..candidate.start],
        &candidate.with,
        &text[candidate.end..end],
    ]
    .concat();
    no_error(&edited)
}

/// Whether `text`, a record, reads and replays with no error.
pub(super) fn no_error(text: &str) -> bool {
    let parsed = crate::hirp::syntax::parse(text);
    let report = crate::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    parsed.errors.is_empty() && report.games.iter().all(|g| g.is_valid())
}
