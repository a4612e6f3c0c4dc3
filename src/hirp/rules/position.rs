//! A position: where every piece stands, what has happened this turn, and
//! whose turn it is. Small and `Copy`, so that trying a reading costs a copy.

pub use super::army::{Army, CREW_MAX, HIRTHS, KARVES, Karve, KarveId, Lofdungr, STEPS_PER_TURN};
use super::board;
use super::penningr::Penningr;
use super::victory::Victory;
use crate::hirp::types::{Side, Space};
/// Everything the rules need to know about a game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    armies: [Army; 2],
    to_move: Side,
    steps: u8,
    turns: u32,
    next_entry: u16,
    penningr: Penningr,
    result: Option<Victory>,
    /// Spaces won by an attack this turn, as bits of board indices: the
    /// winners enter them, so no retreat goes there.
    conquered: u16,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The start of a game: each Lofðungr on its home, everything else in the
    /// supply, Gull to move, the Penningr neutral.
    pub fn new() -> Position {
        Position {
            armies: [
                Army::new(board::home(Side::Gull)),
                Army::new(board::home(Side::Silfr)),
            ],
            to_move: Side::Gull,
            steps: 0,
            turns: 0,
            next_entry: 1,
            penningr: Penningr::default(),
            result: None,
            conquered: 0,
        }
    }

    /// A position between two turns: `armies` (Gull's first) as they stand,
    /// `turns` turns played, `to_move` to play the next, the Penningr and
    /// the result as given. The Karves on the board entered in the order of
    /// their `entered` numbers; what lasts only for a turn (stops, lines,
    /// conquests) is cleared.
    pub(crate) fn between_turns(
        armies: [Army; 2],
        to_move: Side,
        turns: u32,
        penningr: Penningr,
        result: Option<Victory>,
    ) -> Position {
        let entered = armies
            .iter()
            .flat_map(|a| a.karves.iter().map(|k| k.entered))
            .max()
            .unwrap_or(0);
        let mut position = Position {
            armies,
            to_move,
            steps: 0,
            turns,
            next_entry: entered.wrapping_add(1),
            penningr,
            result,
            conquered: 0,
        };
        for army in &mut position.armies {
            army.new_turn();
        }
        position
    }

    /// A side's pieces.
    pub fn army(&self, side: Side) -> &Army {
        &self.armies[side as usize]
    }

    pub(crate) fn army_mut(&mut self, side: Side) -> &mut Army {
        &mut self.armies[side as usize]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Steps taken this turn, 0 to 5.
    pub fn steps(&self) -> u8 {
        self.steps
    }

    /// Starts counting steps anew, for a replayer that counts a turn's steps
    /// itself (so that a record with too many can still be followed).
    pub(crate) fn reset_steps(&mut self) {
        self.steps = 0;
    }

    pub(crate) fn count_step(&mut self) {
        self.steps = self.steps.saturating_add(1);
    }

    /// Turns completed since the start.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The Penningr.
    pub fn penningr(&self) -> &Penningr {
        &self.penningr
    }

    pub(crate) fn penningr_mut(&mut self) -> &mut Penningr {
        &mut self.penningr
    }

    /// How the game was won, once it is over.
    pub fn result(&self) -> Option<Victory> {
        self.result
    }

    pub(crate) fn set_result(&mut self, victory: Victory) {
        if self.result.is_none() {
            self.result = Some(victory);
        }
    }

    /// Marks `space` as won by an attack this turn.
    pub(crate) fn conquer(&mut self, space: Space) {
        self.conquered |= 1 << space.index();
    }

    /// Whether an attack won `space` this turn (its winners are to enter it).
    pub fn is_conquered(&self, space: Space) -> bool {
        self.conquered & (1 << space.index()) != 0
    }

    /// The side holding a piece on `space`, if any.
    pub fn controller(&self, space: Space) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.army(s).controls(space))
    }

    /// Whether `other` is this position as a board shows it: the same
    /// pieces on the same spaces, with the same crews and the same state
    /// this turn, its Karves in any order. Which of two Karves entered
    /// first breaks a tie when a Hirþ boards (`docs/rules.md#which-karve`);
    /// it is not part of the board, nor is the number the next to enter
    /// will be given.
    pub fn alike(&self, other: &Position) -> bool {
        let plain = |p: &Position| {
            let mut p = *p;
            p.next_entry = 0;
            for army in &mut p.armies {
                for karve in &mut army.karves {
                    karve.entered = 0;
                }
                army.karves
                    .sort_by_key(|k| (k.at, k.crew, k.stopped_crew, k.stopped, k.attacking));
            }
            p
        };
        plain(self) == plain(other)
    }

    /// Whether no piece stands on `space`.
    pub fn is_empty(&self, space: Space) -> bool {
        self.controller(space).is_none()
    }

    /// The next entry number for a Karve.
    pub(crate) fn take_entry(&mut self) -> u16 {
        let n = self.next_entry;
        self.next_entry = self.next_entry.wrapping_add(1);
        n
    }

    /// Counts a turn that ended the game before its end (a refusal, a
    /// Drepið or a Þungur Hnífur), which is not passed by
    /// [`Position::end_turn`]: `turns` is the count when it began. After
    /// it, as after any turn, the position names the turn that would come
    /// next; its pieces stay as the game left them, an attack that ended it
    /// on its line.
    pub(crate) fn close_ended_turn(&mut self, turns: u32) {
        if self.result.is_some() && self.turns == turns {
            self.turns += 1;
            self.to_move = self.to_move.opponent();
        }
    }

    /// Ends the turn: clears stops and lines, counts it, passes to the other side.
    pub(crate) fn pass_turn(&mut self) {
        for army in &mut self.armies {
            army.new_turn();
        }
        self.steps = 0;
        self.conquered = 0;
        self.turns += 1;
        self.to_move = self.to_move.opponent();
    }

    /// The kinds of piece a side has on `space`, counted as pieces: the
    /// Lofðungr, loose Hirþs, Karves.
    pub fn pieces_on(&self, side: Side, space: Space) -> PiecesOn {
        let army = self.army(side);
        PiecesOn {
            lofdungr: army.lofdungr.at == Some(space),
            hirths: army.loose_on(space),
            karves: army.karves_on(space).map(|(_, k)| k.crew).collect(),
        }
    }
}

/// A side's pieces on one space, for display and summaries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecesOn {
    /// The Lofðungr is there.
    pub lofdungr: bool,
    /// Loose Hirþs there.
    pub hirths: u8,
    /// The crew of each Karve there.
    pub karves: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::replay::{BattleView, Observer, StepView};
    use crate::hirp::syntax::ast::Turn;

    /// Checks every position a replay shows: each side's `lines` are the
    /// edges its `attacking` counts hold Hirþs on, and its `stops` the
    /// spaces its `stopped` counts hold Hirþs on.
    struct Lines(usize);

    /// Bit `n` set where `counts[n]` is not zero.
    fn not_zero(counts: &[u8]) -> u64 {
        counts
            .iter()
            .enumerate()
            .fold(0, |bits, (n, &c)| bits | u64::from(c > 0) << n)
    }

    impl Lines {
        fn check(&mut self, position: &Position) {
            for side in Side::ALL {
                let army = position.army(side);
                assert_eq!(army.lines(), not_zero(&army.attacking), "{position:?}");
                assert_eq!(
                    u64::from(army.stops),
                    not_zero(&army.stopped),
                    "{position:?}"
                );
            }
            self.0 += 1;
        }
    }

    impl Observer for Lines {
        fn step(&mut self, step: &StepView<'_>) {
            self.check(step.position);
        }

        fn battles(&mut self, _: &Turn, _: &[BattleView], position: &Position) {
            self.check(position);
        }

        fn turn(&mut self, _: &Turn, _: usize, position: &Position) {
            self.check(position);
        }
    }

    #[test]
    fn the_bits_follow_the_counts_of_hirths_on_lines_and_stopped() {
        let mut lines = Lines(0);
        let generated = crate::hirp::generate::games(crate::hirp::generate::Options {
            seed: 3,
            games: 400,
            max_turns: 200,
        });
        for game in generated {
            crate::hirp::replay::replay_game_with(&game, &[], &mut lines);
        }
        // Records with mistakes too, which the replay reads past.
        for path in crate::fixtures::files() {
            if path.extension().is_some_and(|e| e == "hirp") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let parsed = crate::hirp::syntax::parse(&text);
                for game in &parsed.record.games {
                    crate::hirp::replay::replay_game_with(game, &[], &mut lines);
                }
            }
        }
        assert!(lines.0 > 50_000, "{} positions", lines.0);
    }

    #[test]
    fn positions_alike_differ_only_in_which_karve_entered_first() {
        // Two of Gull's Karves entered, one then on 1 and one at home: the
        // one on 1 entered first in one position, second in the other.
        let mut one = Position::new();
        let mut other = Position::new();
        let (home, delta) = (board::home(Side::Gull), Space::GullNordrDelta);
        for position in [&mut one, &mut other] {
            for _ in 0..2 {
                let entered = position.take_entry();
                let karve = position.armies[0]
                    .karves
                    .iter_mut()
                    .find(|k| k.at.is_none());
                *karve.unwrap() = Karve {
                    at: Some(home),
                    entered,
                    ..Karve::IN_SUPPLY
                };
            }
        }
        one.armies[0].karves[0].at = Some(delta);
        other.armies[0].karves[1].at = Some(delta);
        assert_ne!(one, other);
        assert!(one.alike(&other));
        // A crew, though, is part of the board.
        other.armies[0].karves[1].crew = 1;
        assert!(!one.alike(&other));
    }
}
