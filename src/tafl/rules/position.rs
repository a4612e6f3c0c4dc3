//! A position: which piece stands where, whose turn it is, how the game
//! ended if it did, and the positions since the last capture, which a
//! repetition rule counts. Playing a move allocates nothing but, when a
//! repetition rule counts them, room for one more hash now and then.

use std::fmt;
use std::sync::Arc;

use super::bits::Bits;
use super::compiled::{Class, Compiled};
use super::ends::Outcome;
use super::layout::Layout;
use super::ruleset::{RepetitionRule, RuleSet, SetupError, check_kings};
use super::square_set::SquareSet;
use super::zobrist;
use crate::tafl::{Piece, Side, Square};

/// A move: one piece from a square to another on its row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    /// `d1-d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The pieces it captured and took off the board. A captured king stays
    /// on his square: the game is over, [`Played::outcome`] says so.
    pub captures: SquareSet,
    /// How the game ended on this move, if it did.
    pub outcome: Option<Outcome>,
    /// Whether the piece jumped over the one next to it.
    pub jump: bool,
    /// Whether the piece moved in a berserk turn: it had captured on the
    /// move before, and moved again.
    pub berserk: bool,
}

/// The pieces on the board, as sets of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// Every piece of each side (attackers, defenders), the king and the
    /// pieces the engine does not move included.
    pub(crate) side: [Bits; 2],
    /// The pieces the engine does not move.
    pub(crate) fixed: Bits,
    /// The defenders' king, if any.
    pub(crate) king: Option<usize>,
    /// The commanders and the knights of both sides.
    pub(crate) officers: Bits,
    /// The knights of both sides, among the officers.
    pub(crate) knights: Bits,
}

/// The index of a side in [`Board::side`].
pub(crate) const fn si(side: Side) -> usize {
    match side {
        Side::Attackers => 0,
        Side::Defenders => 1,
    }
}

impl Board {
    pub(crate) fn occupied(&self) -> Bits {
        self.side[0] | self.side[1]
    }

    /// The class of the piece on `index`, if the engine moves it.
    #[inline(always)]
    pub(crate) fn class_at(&self, index: usize) -> Option<Class> {
        if self.fixed.has(index) {
            None
        } else if self.king == Some(index) {
            Some(Class::King)
        } else if self.side[0].has(index) {
            Some(self.officer_class(index, Class::Attacker))
        } else if self.side[1].has(index) {
            Some(self.officer_class(index, Class::Defender))
        } else {
            None
        }
    }

    /// The class of the piece of the side of `taflman` on `index`: a
    /// commander's or a knight's, else `taflman`.
    #[inline(always)]
    fn officer_class(&self, index: usize, taflman: Class) -> Class {
        if !self.officers.has(index) {
            return taflman;
        }
        match (taflman, self.knights.has(index)) {
            (Class::Attacker, false) => Class::AttackerCommander,
            (Class::Attacker, true) => Class::AttackerKnight,
            (_, false) => Class::DefenderCommander,
            (_, true) => Class::DefenderKnight,
        }
    }

    /// Whether the piece on `index` is a commander or a knight, of either
    /// side.
    pub(crate) fn is_officer(&self, index: usize) -> bool {
        self.officers.has(index)
    }

    /// The kind of key of the piece on `index` (see [`zobrist::KINDS`]).
    fn hash_kind(&self, index: usize) -> usize {
        self.class_at(index).map_or(zobrist::FIXED, |c| c as usize)
    }
}

/// A position of a game under a rule set. Cloning it copies the board and
/// the hashes of the positions since the last capture; the rule set is
/// shared.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) rules: Arc<Compiled>,
    pub(crate) board: Board,
    pub(crate) turn: Side,
    pub(crate) outcome: Option<Outcome>,
    /// The hash of the board and the side to move.
    pub(crate) hash: u64,
    /// The hashes of the positions since the last capture, this one last,
    /// when a repetition rule counts them.
    pub(crate) history: Vec<u64>,
    /// The hashes of the boards (the pieces alone) since the last capture,
    /// this one's last, when a side may not move into a position already
    /// reached ([`RuleSet::no_repeat`](super::RuleSet::no_repeat)). A move that captures leaves fewer
    /// pieces than any board before it, so no earlier board comes back.
    pub(crate) boards: Vec<u64>,
    /// The plies played since the start, counted when the rules draw the
    /// game after a number of them ([`RuleSet::ply_limit`]).
    pub(crate) plies: u16,
    /// The piece that captured and must move again, in a berserk turn.
    pub(crate) berserker: Option<usize>,
    /// The pieces that have not moved since the start, kept when the rule
    /// set is [`Compiled::extended`] (OpenTafl's engine judges the first
    /// jump of a piece apart).
    pub(crate) unmoved: Bits,
}

impl Position {
    /// The start of a game under `rules`.
    ///
    /// # Panics
    ///
    /// If the rule set fails [`RuleSet::check`], as no rule set read by
    /// [`RuleSet::from_opentafl`] and no preset does.
    pub fn new(rules: &RuleSet) -> Position {
        // A record's games mostly share their rules: the last start made on
        // this thread is kept, and copied when the rules are the same (the
        // rules compiled once, shared by every copy).
        thread_local! {
            static LAST: std::cell::RefCell<Option<Position>> =
                const { std::cell::RefCell::new(None) };
        }
        if let Some(start) = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|start| start.rules.set == *rules)
                .cloned()
        }) {
            return start;
        }
        let turn = rules.first_side();
        let start = match Position::from_layout(rules, &rules.start, turn) {
            Ok(position) => position,
            Err(e) => panic!("the rule set cannot be played: {e}"),
        };
        LAST.set(Some(start.clone()));
        start
    }

    /// A position under `rules` with the pieces of `layout` and `turn` to
    /// move: the first of its game, the start of its repetition count.
    pub fn from_layout(
        rules: &RuleSet,
        layout: &Layout,
        turn: Side,
    ) -> Result<Position, SetupError> {
        rules.check()?;
        if layout.dim() != rules.dim {
            return Err(SetupError::LayoutSize {
                dim: rules.dim,
                layout: layout.dim(),
            });
        }
        check_kings(layout)?;
        let compiled = Compiled::new(rules, layout.clone());
        let board = board_of(&compiled, layout);
        let unmoved = if compiled.extended {
            board.occupied()
        } else {
            Bits::EMPTY
        };
        let mut position = Position {
            rules: Arc::new(compiled),
            board,
            turn,
            outcome: None,
            hash: 0,
            history: Vec::new(),
            boards: Vec::new(),
            plies: 0,
            berserker: None,
            unmoved,
        };
        position.hash = position.full_hash();
        if position.counts_repetitions() {
            position.history.push(position.hash);
        }
        if position.rules.set.no_repeat.is_some() && position.rules.set.no_repeat_start {
            position.boards.push(position.board_hash());
        }
        Ok(position)
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules.set
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<(Side, Piece)> {
        let index = self.rules.grid.index(square)?;
        let side = Side::ALL
            .into_iter()
            .find(|&s| self.board.side[si(s)].has(index))?;
        match self.board.class_at(index) {
            Some(class) => Some((side, class.piece())),
            None => self.rules.origin.get(square),
        }
    }

    /// Where the defenders' king stands, if he is on the board.
    pub fn king(&self) -> Option<Square> {
        self.board.king.map(|i| self.rules.grid.square(i))
    }

    /// In a berserk turn, where the piece stands that captured on the move
    /// before and must move again (`ber:`); the side to move is its side.
    pub fn berserker(&self) -> Option<Square> {
        self.berserker.map(|i| self.rules.grid.square(i))
    }

    /// The squares of the pieces of `side`.
    pub fn pieces(&self, side: Side) -> SquareSet {
        SquareSet::new(self.board.side[si(side)], self.rules.set.dim)
    }

    /// The pieces on the board, as a position record reads them.
    pub fn layout(&self) -> Layout {
        let mut layout = Layout::empty(self.rules.set.dim).expect("a board in range");
        for side in Side::ALL {
            for square in self.pieces(side).iter() {
                layout.set(square, self.piece_at(square));
            }
        }
        layout
    }

    /// The position record as OpenTafl's engine writes it
    /// (`GameState.getOTNPositionString()`): the pieces on the board, the
    /// first rank first, a captured king taken off the board (where
    /// [`Position::layout`] keeps him, to be drawn where he fell).
    ///
    /// ```
    /// use hirp::tafl::rules::{Move, Position, RuleSet};
    ///
    /// let rules = RuleSet::preset("brandub").unwrap();
    /// let mut position = Position::new(&rules);
    /// assert_eq!(position.to_opentafl(), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    /// position.play(Move { from: "d2".parse().unwrap(), to: "c2".parse().unwrap() }).unwrap();
    /// assert_eq!(position.to_opentafl(), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
    /// ```
    pub fn to_opentafl(&self) -> String {
        let dim = usize::from(self.rules.set.dim);
        let mut record = String::with_capacity(dim * (dim + 1) + 1);
        self.write_opentafl(&mut record);
        record
    }

    /// How many times this position has occurred, this time included, when
    /// the rule set counts repetitions; 1 when it does not.
    pub fn repetitions(&self) -> usize {
        self.history
            .iter()
            .filter(|&&h| h == self.hash)
            .count()
            .max(1)
    }

    /// A hash of the pieces and the side to move: equal for equal
    /// positions of one rule set.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn counts_repetitions(&self) -> bool {
        self.rules.set.repetition.rule != RepetitionRule::Ignored
    }

    fn full_hash(&self) -> u64 {
        let mut hash = 0;
        for index in self.board.occupied().iter() {
            hash ^= zobrist::key(self.board.hash_kind(index), index);
        }
        if self.turn == Side::Defenders {
            hash ^= zobrist::DEFENDERS_TO_MOVE;
        }
        hash
    }

    /// Moves the piece of `class` from `from` to `to`.
    #[inline(always)]
    pub(crate) fn shift(&mut self, from: usize, to: usize, class: Class) {
        let s = si(class.side());
        self.board.side[s].remove(from);
        self.board.side[s].insert(to);
        match class {
            Class::Attacker | Class::Defender => {}
            Class::King => self.board.king = Some(to),
            Class::AttackerCommander | Class::DefenderCommander => {
                move_bit(&mut self.board.officers, from, to);
            }
            Class::AttackerKnight | Class::DefenderKnight => {
                move_bit(&mut self.board.officers, from, to);
                move_bit(&mut self.board.knights, from, to);
            }
        }
        let key = class as usize;
        self.hash ^= zobrist::key(key, from) ^ zobrist::key(key, to);
    }

    /// Takes the pieces of `captured` off the board.
    #[inline(always)]
    pub(crate) fn remove(&mut self, captured: Bits) {
        for index in captured.iter() {
            self.hash ^= zobrist::key(self.board.hash_kind(index), index);
            self.board.side[0].remove(index);
            self.board.side[1].remove(index);
            self.board.fixed.remove(index);
            self.board.officers.remove(index);
            self.board.knights.remove(index);
        }
    }

    /// Gives the move to the other side, ending a berserk turn.
    pub(crate) fn pass_turn(&mut self) {
        self.turn = self.turn.opponent();
        self.hash ^= zobrist::DEFENDERS_TO_MOVE;
        self.berserker = None;
    }
}

/// Moves `from` to `to` in `bits`.
fn move_bit(bits: &mut Bits, from: usize, to: usize) {
    bits.remove(from);
    bits.insert(to);
}

/// The pieces of `layout` as sets.
fn board_of(compiled: &Compiled, layout: &Layout) -> Board {
    let mut board = Board {
        side: [Bits::EMPTY; 2],
        fixed: Bits::EMPTY,
        king: None,
        officers: Bits::EMPTY,
        knights: Bits::EMPTY,
    };
    for (square, side, piece) in layout.pieces() {
        let index = compiled
            .grid
            .index(square)
            .expect("a layout of the board's size");
        board.side[si(side)].insert(index);
        match Class::of(side, piece).map(Class::piece) {
            Some(Piece::King) => board.king = Some(index),
            Some(Piece::Commander) => board.officers.insert(index),
            Some(Piece::Knight) => {
                board.officers.insert(index);
                board.knights.insert(index);
            }
            Some(_) => {}
            None => board.fixed.insert(index),
        }
    }
    board
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("board", &self.layout().to_string())
            .field("turn", &self.turn)
            .field("outcome", &self.outcome)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_the_start_of_its_own_rules_whatever_came_before() {
        let mut tawlbwrdd = RuleSet::preset("copenhagen").unwrap();
        tawlbwrdd.attackers_first = false;
        let names = ["brandub", "copenhagen", "brandub", "copenhagen"];
        let mut sets: Vec<RuleSet> = names.iter().map(|n| RuleSet::preset(n).unwrap()).collect();
        sets.push(tawlbwrdd);
        for rules in &sets {
            let start = Position::new(rules);
            let fresh = Position::from_layout(rules, &rules.start, rules.first_side()).unwrap();
            assert_eq!(start.rules(), rules);
            assert!(start == fresh, "{rules}");
        }
    }
}
