//! What ends a turn line: Penningr actions, and battles as written.

use std::fmt::{self, Write as _};

use super::{Malformed, Piece, Span};
use crate::hirp::types::{Side, Space};

/// What ends a turn line: Penningr actions, then the battles or `/`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Offers and answers, in the order written.
    pub penningr: Vec<PenningrAction>,
    /// The battles; empty when the turn records `/`.
    pub battles: Vec<BattleToken>,
    /// The outcome's text.
    pub span: Span,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for action in &self.penningr {
            write!(f, "{action}")?;
        }
        if self.battles.is_empty() {
            return f.write_char('/');
        }
        for (n, battle) in self.battles.iter().enumerate() {
            if n > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{battle}")?;
        }
        Ok(())
    }
}

/// What a player does with the Penningr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PenningrMove {
    /// `d`: offer a double.
    Double,
    /// `t`: offer a triple.
    Triple,
    /// `a`: accept the offer.
    Accept,
    /// `r`: refuse the offer and give up the game.
    Refuse,
}

impl PenningrMove {
    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            PenningrMove::Double => 'd',
            PenningrMove::Triple => 't',
            PenningrMove::Accept => 'a',
            PenningrMove::Refuse => 'r',
        }
    }

    /// The move written `letter`, if any.
    pub const fn from_letter(letter: char) -> Option<PenningrMove> {
        match letter {
            'd' => Some(PenningrMove::Double),
            't' => Some(PenningrMove::Triple),
            'a' => Some(PenningrMove::Accept),
            'r' => Some(PenningrMove::Refuse),
            _ => None,
        }
    }
}

/// A Penningr action: `Sd`, `Ga` (`SCd` is read as `Sd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenningrAction {
    /// Who acts.
    pub side: Side,
    /// What they do.
    pub action: PenningrMove,
    /// The action's text.
    pub span: Span,
}

impl fmt::Display for PenningrAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.side.fmt(f)?;
        f.write_char(self.action.letter())
    }
}

/// A battle as written, or the text of one that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleToken {
    /// A well-formed battle record.
    Battle(WrittenBattle),
    /// Text that does not read as a battle; a syntax error was reported for it.
    Malformed(Malformed),
}

impl BattleToken {
    /// Where the token stands.
    pub fn span(&self) -> Span {
        match self {
            BattleToken::Battle(battle) => battle.span,
            BattleToken::Malformed(malformed) => malformed.span,
        }
    }
}

impl fmt::Display for BattleToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BattleToken::Battle(battle) => battle.fmt(f),
            BattleToken::Malformed(malformed) => malformed.fmt(f),
        }
    }
}

/// A battle record: `>6GHxSL6`, the attacked space and every piece that fought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenBattle {
    /// The attacked space.
    pub space: Space,
    /// The pieces that fought, in the order written (the defender's first).
    pub fighters: Vec<WrittenFighter>,
    /// The battle's text.
    pub span: Span,
}

impl fmt::Display for WrittenBattle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('>')?;
        self.space.fmt(f)?;
        for fighter in &self.fighters {
            fighter.fmt(f)?;
        }
        Ok(())
    }
}

/// One piece in a battle record and what became of it: `GHx`, `SL6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenFighter {
    /// Whose piece it is.
    pub side: Side,
    /// The piece, with its crew if it is a Karve.
    pub piece: Piece,
    /// What became of it.
    pub fate: Fate,
    /// The fighter's text.
    pub span: Span,
}

impl fmt::Display for WrittenFighter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.side.fmt(f)?;
        self.piece.fmt(f)?;
        self.fate.fmt(f)
    }
}

/// What became of a piece in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// It stands on this space: advanced, stayed, or retreated to.
    Stands(Space),
    /// `^`: removed from play (back to the supply).
    RemovedFromPlay,
    /// `x`: removed from game.
    RemovedFromGame,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fate::Stands(space) => space.fmt(f),
            Fate::RemovedFromPlay => f.write_char('^'),
            Fate::RemovedFromGame => f.write_char('x'),
        }
    }
}
