//! A match: games until a player reaches five points, the players swapping
//! colours each game (Gull always starts a game).

use super::victory::Victory;
use crate::hirp::types::Side;

/// The points that win a match.
pub const MATCH_POINTS: u8 = 5;

/// One of the two players of a match: the one who plays Gull in its first
/// game, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Plays Gull in games 1, 3, 5...
    First,
    /// Plays Silfr in games 1, 3, 5...
    Second,
}

/// The running score of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Match {
    points: [u8; 2],
    games: u32,
}

impl Match {
    /// A match before its first game.
    pub fn new() -> Match {
        Match::default()
    }

    /// Games played so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// A player's points.
    pub fn points(&self, player: Player) -> u8 {
        self.points[player as usize]
    }

    /// Who plays `side` in the next game.
    pub fn player(&self, side: Side) -> Player {
        match (self.games.is_multiple_of(2), side) {
            (true, Side::Gull) | (false, Side::Silfr) => Player::First,
            _ => Player::Second,
        }
    }

    /// The match's winner, once a player has five points.
    pub fn winner(&self) -> Option<Player> {
        [Player::First, Player::Second]
            .into_iter()
            .find(|&p| self.points(p) >= MATCH_POINTS)
    }

    /// Scores a finished game (or one with no result, with `None`); returns
    /// the player who won it.
    pub fn record(&mut self, victory: Option<Victory>) -> Option<Player> {
        let player = victory.map(|v| self.player(v.winner));
        if let (Some(player), Some(victory)) = (player, victory) {
            let points = &mut self.points[player as usize];
            *points = points.saturating_add(victory.points());
        }
        self.games += 1;
        player
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::types::VictoryKind;

    fn win(winner: Side, kind: VictoryKind) -> Option<Victory> {
        Some(Victory {
            winner,
            kind,
            multiplier: 1,
        })
    }

    #[test]
    fn colours_swap_and_five_points_win() {
        let mut score = Match::new();
        assert_eq!(score.player(Side::Gull), Player::First);
        assert_eq!(
            score.record(win(Side::Silfr, VictoryKind::ThungurHnifur)),
            Some(Player::Second)
        );
        assert_eq!(score.player(Side::Gull), Player::Second);
        assert_eq!(
            score.record(win(Side::Gull, VictoryKind::ThungurHnifur)),
            Some(Player::Second)
        );
        assert_eq!(score.winner(), None);
        assert_eq!(
            score.record(win(Side::Gull, VictoryKind::Yfirrad)),
            Some(Player::First)
        );
        assert_eq!(
            score.record(win(Side::Gull, VictoryKind::Yfirrad)),
            Some(Player::Second)
        );
        assert_eq!(
            (score.points(Player::First), score.points(Player::Second)),
            (1, 5)
        );
        assert_eq!(score.winner(), Some(Player::Second));
    }
}
