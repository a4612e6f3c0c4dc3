//! A rule set as an OpenTafl rules string: `dim:7 ks:c ...
//! start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, entries `key:value` apart by
//! spaces, read with what records in the wild do and printed in one
//! canonical form. What is wrong carries the bytes it concerns.

mod parse;
mod print;

use std::ops::Range;

use super::layout::LayoutErrorKind;
use super::ruleset::{
    Berserk, Escape, FortWalls, Jump, KingArmed, KingStrength, NoMoveRule, RepetitionRule,
    Shieldwall,
};

/// Why a rules string does not read as a rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RulesError {
    /// What is wrong.
    pub kind: RulesErrorKind,
    /// The bytes of the rules string it concerns.
    pub span: Range<usize>,
}

/// What is wrong with a rules string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesErrorKind {
    /// `esc:c start:/.../`: no `dim:` entry.
    #[error("the rules give no board size (`dim:`)")]
    NoDimension,
    /// `dim:7 ks:c`: no `start:` or `starti:` entry.
    #[error("the rules give no starting position (`start:` or `starti:`)")]
    NoStart,
    /// `dim:7 ks`: an entry without `:`.
    #[error("`{entry}` is not an entry `key:value`")]
    NoColon {
        /// The entry.
        entry: String,
    },
    /// `dim:21`, `dim:seven`.
    #[error("`{value}` is not a board size: a number from 3 to 19")]
    Dimension {
        /// The value given.
        value: String,
    },
    /// `ks:x`, `surf:yes`.
    #[error("`{key}:{value}` is not a value of `{key}`: {expected}")]
    Value {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// What the key takes.
        expected: &'static str,
    },
    /// `cor:a1,h8` on a 7 × 7 board, `cor:a1,x`.
    #[error("`{text}` is not a square of a {dim} × {dim} board")]
    Square {
        /// The text of the list item.
        text: String,
        /// The board's side.
        dim: u8,
    },
    /// `corh:tx`.
    #[error("`{letter}` names no piece: pieces are `tcnkmg` (attackers) and `TCNKMG` (defenders)")]
    Piece {
        /// The letter.
        letter: char,
    },
    /// `start:/3t3/3x3/.../`: the position record does not read.
    #[error("the starting position does not read: {0}")]
    Start(LayoutErrorKind),
    /// `dim:9 start:` a 7 × 7 position.
    #[error("the starting position is {layout} × {layout}, the board {dim} × {dim}")]
    StartSize {
        /// The board's side.
        dim: u8,
        /// The position's side.
        layout: u8,
    },
    /// A starting position with two `K`.
    #[error("the starting position gives the defenders two kings")]
    TwoKings,
    /// `dim:7 flavour:x`, `strat:/.../`: a key neither OpenTafl nor this
    /// crate defines; no verdict may rest on a rule that is not played.
    #[error("`{key}` is not a key of a rules string{}", did_you_mean(*.suggestion))]
    UnknownKey {
        /// The key.
        key: String,
        /// The key it is most likely a slip for.
        suggestion: Option<&'static str>,
    },
    /// `gj:c`: a rule this engine does not play (OpenTafl's engine does
    /// not play it either); no verdict may rest on it.
    #[error("{what} are not played: a verdict cannot rest on `{entry}`")]
    NotPlayed {
        /// The entry.
        entry: String,
        /// What it concerns.
        what: &'static str,
    },
    /// `start:` with a mercenary (`m`), a guard (`g`) or an attackers'
    /// king (`k`): pieces this engine does not move; no verdict may rest on
    /// their moves.
    #[error("the starting position has a `{letter}`, a piece this engine does not move")]
    PieceNotPlayed {
        /// The piece's letter.
        letter: char,
    },
}

impl RulesErrorKind {
    /// Whether the rules read, but ask for what this engine does not play
    /// (an unknown key, a rule or a piece not played): a game under them
    /// cannot be judged, where other errors make the rules string wrong.
    pub fn is_not_played(&self) -> bool {
        matches!(
            self,
            RulesErrorKind::UnknownKey { .. }
                | RulesErrorKind::NotPlayed { .. }
                | RulesErrorKind::PieceNotPlayed { .. }
        )
    }
}

/// `; did you mean `KEY`?`, or nothing.
fn did_you_mean(suggestion: Option<&str>) -> String {
    suggestion.map_or(String::new(), |key| format!("; did you mean `{key}`?"))
}

/// Something a rules string does that is read and played as written, but
/// is worth a word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RulesWarning {
    /// What it does.
    pub kind: RulesWarningKind,
    /// The bytes of the rules string it concerns.
    pub span: Range<usize>,
}

/// What a rules string does that is read, but is worth a word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesWarningKind {
    /// `ks:c ks:s`: a key given twice; the last counts.
    #[error("`{key}` is given again; this one counts")]
    Repeated {
        /// The key.
        key: String,
    },
    /// `ks:c dim:7`: the board size is not the first entry.
    #[error("the board size (`dim:`) is not the first entry")]
    DimensionNotFirst,
    /// `start:/.../ ks:c`: the starting position is not the last entry.
    #[error("the starting position is not the last entry")]
    StartNotLast,
}

/// A two-way table between the values of a key and their letters.
type Letters<T> = [(T, &'static str)];

const ESCAPE: &Letters<Escape> = &[(Escape::Corner, "c"), (Escape::Edge, "e")];

/// `tfr:w` and `tfr:l` as OpenTafl's engine plays them: under `w` the side
/// whose move repeats the position loses, under `l` it wins
/// (`docs/rules.md#tafl-reading-opentafls-repetition-rule`).
const REPETITION: &Letters<RepetitionRule> = &[
    (RepetitionRule::Ignored, "i"),
    (RepetitionRule::Draw, "d"),
    (RepetitionRule::MoverLoses, "w"),
    (RepetitionRule::MoverWins, "l"),
];

const NO_MOVE: &Letters<NoMoveRule> = &[(NoMoveRule::Loses, "l"), (NoMoveRule::Draw, "d")];

const KING_ARMED: &Letters<KingArmed> = &[
    (KingArmed::Yes, "y"),
    (KingArmed::No, "n"),
    (KingArmed::AnvilOnly, "a"),
    (KingArmed::HammerOnly, "h"),
];

/// Printed with the first letter; `y` and `n` are OpenTafl's older
/// spellings of `s` and `w`.
const KING_STRENGTH: &Letters<KingStrength> = &[
    (KingStrength::Strong, "s"),
    (KingStrength::CentreStrong, "c"),
    (KingStrength::ThroneStrong, "t"),
    (KingStrength::Middleweight, "m"),
    (KingStrength::Weak, "w"),
    (KingStrength::Strong, "y"),
    (KingStrength::Weak, "n"),
];

const SHIELDWALL: &Letters<Shieldwall> = &[
    (Shieldwall::None, "n"),
    (Shieldwall::Weak, "w"),
    (Shieldwall::Strong, "s"),
];

const NO_REPEAT: &Letters<Option<crate::tafl::Side>> = &[
    (None, "n"),
    (Some(crate::tafl::Side::Attackers), "a"),
    (Some(crate::tafl::Side::Defenders), "d"),
];

const FORT_WALLS: &Letters<FortWalls> = &[(FortWalls::Unbreakable, "u"), (FortWalls::Flanked, "f")];

const YES_NO: &Letters<bool> = &[(true, "y"), (false, "n")];

const JUMP: &Letters<Jump> = &[
    (Jump::No, "n"),
    (Jump::Restricted, "r"),
    (Jump::Plain, "j"),
    (Jump::Capturing, "c"),
];

const BERSERK: &Letters<Berserk> = &[
    (Berserk::No, "n"),
    (Berserk::Capture, "c"),
    (Berserk::Move, "m"),
];

/// The letter of `value`.
fn letter<T: PartialEq + Copy>(table: &Letters<T>, value: T) -> &'static str {
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("?", |(_, l)| l)
}

#[cfg(test)]
mod tests;
