//! The repair of a triple offered before any double (`GtSa` with no `Gd`
//! before it): the double it may stand for (`GdSa`) when the rest of the
//! game's offers play after it, else the triple and its answer left out when
//! they play without them.

use crate::core::Edit;
use crate::core::Span;
use crate::hirp::rules::{Offer, Penningr};
use crate::hirp::syntax::ast::{PenningrAction, PenningrMove, Turn};

/// The help and the fix for the triple `turn.outcome.penningr[n]`, the
/// Penningr standing as `before` it; `None` when neither reading lets the
/// rest of the game's offers play.
pub(super) fn triple_repair(
    before: Penningr,
    turn: &Turn,
    n: usize,
    following: &[Turn],
) -> Option<(String, Option<Edit>)> {
    let actions = &turn.outcome.penningr;
    let triple = &actions[n];
    let answered = actions
        .get(n + 1)
        .is_some_and(|a| matches!(a.action, PenningrMove::Accept | PenningrMove::Refuse));
    let mut doubled = before;
    let double = (doubled.offer(triple.side, Offer::Double).is_ok()
        && plays(doubled, &actions[n + 1..], following))
    .then(|| format!("{}d", triple.side));
    let after = if answered { n + 2 } else { n + 1 };
    let end = if answered {
        actions[n + 1].span.end
    } else {
        triple.span.end
    };
    let removed = plays(before, &actions[after..], following).then(|| {
        let written: String = actions[n..after].iter().map(ToString::to_string).collect();
        (written, Span::new(triple.span.start, end))
    });
    match (double, removed) {
        // Both play: an offer written where there was none, or a double
        // written as a triple; the record does not tell which.
        (Some(double), Some((written, _))) => Some((
            format!(
                "write `{double}` for a double, or remove `{written}`: the game plays either way"
            ),
            None,
        )),
        (Some(double), None) => Some((
            format!("write `{double}` for a double"),
            Some(Edit::new(triple.span, double)),
        )),
        (None, Some((written, span))) => {
            Some((format!("remove `{written}`"), Some(Edit::new(span, ""))))
        }
        (None, None) => None,
    }
}

/// Whether `actions`, then the offers of the `following` turns, play from
/// `penningr` with no error, up to a refusal that ends the game.
fn plays(mut penningr: Penningr, actions: &[PenningrAction], following: &[Turn]) -> bool {
    let later = following.iter().flat_map(|t| &t.outcome.penningr);
    for action in actions.iter().chain(later) {
        let result = match action.action {
            PenningrMove::Double => penningr.offer(action.side, Offer::Double).map(|()| None),
            PenningrMove::Triple => penningr.offer(action.side, Offer::Triple).map(|()| None),
            PenningrMove::Accept => penningr.answer(action.side, true),
            PenningrMove::Refuse => penningr.answer(action.side, false),
        };
        match result {
            Ok(Some(_)) => return true,
            Ok(None) => {}
            Err(_) => return false,
        }
    }
    true
}

/// The offers of `turns` written before `at` (an offset of the record)
/// and answered in their turn, each with its answer, whose taking out
/// lets every offer of the game play: when the offer at `at` is refused
/// by the rules, an offer written where there was none may be the one
/// before it as well as this one. Spans from the record's start.
pub(crate) fn earlier_offers_out(turns: &[Turn], at: usize) -> Vec<Span> {
    // Each action with the turn it is written in.
    let actions: Vec<(usize, &PenningrAction)> = turns
        .iter()
        .enumerate()
        .flat_map(|(t, turn)| turn.outcome.penningr.iter().map(move |a| (t, a)))
        .collect();
    let Some(fault) = actions.iter().position(|(_, a)| a.span.start == at) else {
        return Vec::new();
    };
    let answers =
        |a: &PenningrAction| matches!(a.action, PenningrMove::Accept | PenningrMove::Refuse);
    let mut found = Vec::new();
    for n in 1..fault {
        let ((t, offer), (u, answer)) = (actions[n - 1], actions[n]);
        if t != u || answers(offer) || !answers(answer) {
            continue;
        }
        let rest: Vec<PenningrAction> = actions
            .iter()
            .enumerate()
            .filter(|&(k, _)| k + 1 != n && k != n)
            .map(|(_, (_, a))| **a)
            .collect();
        if plays(Penningr::default(), &rest, &[]) {
            found.push(Span::new(offer.span.start, answer.span.end));
        }
    }
    found
}
