//! The candidates of the lines searched, each judged by the fast replay
//! of the game from the line it edits to where the replay stops.

use std::collections::HashSet;

use crate::core::diagnostic::Problem;
use crate::hirp::syntax::ast::{Game, Turn};

use super::super::fast::Paused;
use super::candidates::{
    Window, battles_put_back, candidates, choice_candidates, put_back, vocabulary,
};
use super::{Candidate, MAX_CANDIDATES, edited, plain, twice};

/// The candidates of the lines searched, `paused` at the start of each,
/// that play as far as `faulty.2` (the fault's line at `faulty.0`, its
/// turn `faulty.1`), with the line each was tried on (`None` when the
/// position at the faulty line is not known); `base` the text's
/// offset in the record and `start` the game's start in the text.
pub(super) fn judged(
    text: &str,
    (base, start): (usize, usize),
    (game, fault): (&Game, &Problem),
    paused: &[(usize, Paused, Window<'_>)],
    faulty: (usize, Option<usize>, usize),
) -> Option<(Vec<Candidate>, Vec<usize>)> {
    let (fault_line, stop) = (faulty.0, faulty.2);
    let turns: Vec<&Turn> = game.turns.iter().collect();
    let words = vocabulary(text, base, &turns);
    let mut passing: Vec<Candidate> = Vec::new();
    let mut lines = Vec::new();
    for (line, paused, window) in paused.iter().rev() {
        let mut seen = HashSet::new();
        let mut tried = 0;
        // The steps put back and the fault's own choices first, so that
        // the cap never leaves them out; a step put back first, so that
        // of two that write the same record the one kept puts a step in
        // at a token's edge (`ties::one_step_placed`).
        let mut found = Vec::new();
        if let Some(turn) = window.turn.filter(|_| *line == fault_line) {
            found = put_back(base, turn, paused.position()?);
            found.extend(choice_candidates(text, base, turn, fault));
        }
        found.extend(twice::recording_slips(text, base, &turns, window, faulty));
        if *line == fault_line && fault.code.to_string() == "hirp::syntax::missing_outcome" {
            found.extend(battles_put_back(text, start, window));
        }
        found.extend(candidates(text, base, window, &words));
        for candidate in found {
            let Some(rest) = edited(text, *line..stop, &candidate) else {
                continue;
            };
            // Two candidates that differ in layout alone are one.
            if tried == MAX_CANDIDATES || !seen.insert(plain(&rest)) {
                continue;
            }
            tried += 1;
            if paused.plays(&rest) {
                lines.push(*line);
                passing.push(candidate);
            }
        }
    }
    Some((passing, lines))
}
