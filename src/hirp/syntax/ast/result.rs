//! The value of a `[Result]` tag.

use std::fmt::{self, Write as _};

use crate::hirp::types::{Side, VictoryKind};

/// The value of a `[Result]` tag: a game's result, a match's, both, or
/// neither (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultTag {
    /// `Silfr Drepid 10`: the game's winner, victory and points.
    pub game: Option<GameResult>,
    /// `Match Silfr 5-2`: on the game that ends a match, its winner and score.
    pub r#match: Option<MatchResult>,
}

/// A game's result as a `[Result]` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won, by colour.
    pub winner: Side,
    /// How.
    pub victory: VictoryKind,
    /// The points scored.
    pub points: u32,
}

/// A match's result as a `[Result]` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The match's winner, by the colour they play in the game that ends it.
    pub winner: Side,
    /// The winner's points.
    pub points: u32,
    /// The other player's points.
    pub other: u32,
}

impl fmt::Display for ResultTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.game, self.r#match) {
            (None, None) => f.write_char('*'),
            (Some(game), None) => write!(f, "{game}"),
            (None, Some(m)) => write!(f, "{m}"),
            (Some(game), Some(m)) => write!(f, "{game}, {m}"),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.winner.name(),
            self.victory.tag_name(),
            self.points
        )
    }
}

impl fmt::Display for MatchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Match {} {}-{}",
            self.winner.name(),
            self.points,
            self.other
        )
    }
}
