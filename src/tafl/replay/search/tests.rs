//! The search's filter of edits by their text ([`cannot_play`]) agrees
//! with reading them: an edit it leaves out reads as no ply, or as a move
//! that cannot be played.

use proptest::prelude::*;

use super::candidates::cannot_play;
use crate::tafl::rules::{Move, Position, RuleSet};
use crate::tafl::syntax::{Form, Ply, read_ply};

/// The position after the first `n` moves of a game that plays, of the
/// moves legal each time, the one `pick` chooses.
fn position(variant: &str, n: usize, pick: u64) -> Position {
    let rules = RuleSet::preset(variant).expect("a preset");
    let mut position = Position::new(&rules);
    let mut state = pick | 1;
    for _ in 0..n {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let mv = moves[(state >> 33) as usize % moves.len()];
        position.play(mv).expect("a legal move");
    }
    position
}

/// Whether `text`, read in `form`, is a ply that may be played in
/// `position` as far as its first move goes: a resignation or timeout, or
/// a move of a piece of the side to move that is legal.
fn may_play(text: &str, form: Form, position: &Position) -> bool {
    match read_ply(text, form) {
        Some(Ply::Move(m)) => {
            position
                .piece_at(m.from)
                .is_some_and(|(side, _)| side == position.turn())
                && position.is_legal(Move {
                    from: m.from,
                    to: m.to,
                })
        }
        Some(_) => true,
        None => false,
    }
}

/// A legal move's text with one character edited at `at`: replaced by,
/// or with before it, `c`; or taken out.
fn edited(text: &str, at: usize, c: char, how: u8) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    match how % 3 {
        0 => chars.insert(at, c),
        1 if at < chars.len() => chars[at] = c,
        _ if at < chars.len() => {
            chars.remove(at);
        }
        _ => chars.push(c),
    }
    chars.into_iter().collect()
}

const VARIANTS: [&str; 3] = ["brandub", "hnefatafl-13", "copenhagen"];

proptest! {
    #[test]
    fn an_edit_left_out_cannot_be_played(
        variant in 0..VARIANTS.len(),
        n in 0usize..40,
        pick in any::<u64>(),
        choice in any::<prop::sample::Index>(),
        at in 0usize..12,
        c in prop::sample::select("abcdefghijklmnopqrstKkTtCcx-/+^=0123456789 .".chars().collect::<Vec<_>>()),
        how in any::<u8>(),
        otg in any::<bool>(),
    ) {
        let position = position(VARIANTS[variant], n, pick);
        let moves = position.legal_moves();
        prop_assume!(!moves.is_empty());
        let mv = moves[choice.index(moves.len())];
        let letter = if otg && how % 5 == 0 { "K" } else { "" };
        let text = edited(&format!("{letter}{}-{}", mv.from, mv.to), at, c, how / 3);
        let form = if otg { Form::Otg } else { Form::Csv };
        if cannot_play(&text, &position) {
            prop_assert!(!may_play(&text, form, &position), "{text} left out, yet it plays");
        }
    }
}

#[test]
fn legal_moves_are_kept_and_most_one_character_edits_are_left_out() {
    let position = position("hnefatafl-13", 12, 7);
    let moves = position.legal_moves();
    assert!(!moves.is_empty());
    let (mut left_out, mut all) = (0, 0);
    for mv in moves {
        let text = format!("{}-{}", mv.from, mv.to);
        assert!(!cannot_play(&text, &position), "{text} is legal");
        for at in 0..text.len() {
            for c in "abcdefghijklm0123456789-x".chars() {
                let edit = edited(&text, at, c, 1);
                all += 1;
                if cannot_play(&edit, &position) {
                    left_out += 1;
                    assert!(!may_play(&edit, Form::Otg, &position), "{edit}");
                    assert!(!may_play(&edit, Form::Csv, &position), "{edit}");
                }
            }
        }
    }
    // The filter is worth having: most edits are told from their text.
    assert!(left_out * 2 > all, "{left_out} of {all} left out");
}
