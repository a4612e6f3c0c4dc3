//! A rule set made ready for play: its special squares and what each kind
//! of piece may do there, as sets of squares, computed once per game so
//! that a move reads them and computes nothing.

use std::fmt;

use super::bits::Bits;
use super::grid::Grid;
use super::layout::Layout;
use super::pieces::PieceSet;
use super::ruleset::{Berserk, Escape, Jump, KingArmed, RuleSet, Special};
use crate::tafl::{Piece, Side};

/// A kind of piece the engine moves, with its side: an attackers' taflman,
/// a defenders' taflman (a guard of the king), the defenders' king, and
/// each side's commanders and knights. Other kinds stand where they start,
/// and count as taflmen of their side in captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    Attacker = 0,
    Defender = 1,
    King = 2,
    AttackerCommander = 3,
    DefenderCommander = 4,
    AttackerKnight = 5,
    DefenderKnight = 6,
}

/// The number of classes, the length of the arrays indexed by class.
pub(crate) const CLASSES: usize = 7;

impl Class {
    pub(crate) const ALL: [Class; CLASSES] = [
        Class::Attacker,
        Class::Defender,
        Class::King,
        Class::AttackerCommander,
        Class::DefenderCommander,
        Class::AttackerKnight,
        Class::DefenderKnight,
    ];

    /// The class a piece moves as, if the engine moves it.
    pub(crate) fn of(side: Side, piece: Piece) -> Option<Class> {
        match (side, piece) {
            (Side::Attackers, Piece::Taflman) => Some(Class::Attacker),
            (Side::Defenders, Piece::Taflman) => Some(Class::Defender),
            (Side::Defenders, Piece::King) => Some(Class::King),
            (Side::Attackers, Piece::Commander) => Some(Class::AttackerCommander),
            (Side::Defenders, Piece::Commander) => Some(Class::DefenderCommander),
            (Side::Attackers, Piece::Knight) => Some(Class::AttackerKnight),
            (Side::Defenders, Piece::Knight) => Some(Class::DefenderKnight),
            _ => None,
        }
    }

    /// The class a piece of `side` other than the king is captured as.
    pub(crate) fn taflman(side: Side) -> Class {
        match side {
            Side::Attackers => Class::Attacker,
            Side::Defenders => Class::Defender,
        }
    }

    pub(crate) fn side(self) -> Side {
        match self {
            Class::Attacker | Class::AttackerCommander | Class::AttackerKnight => Side::Attackers,
            _ => Side::Defenders,
        }
    }

    pub(crate) fn piece(self) -> Piece {
        match self {
            Class::Attacker | Class::Defender => Piece::Taflman,
            Class::King => Piece::King,
            Class::AttackerCommander | Class::DefenderCommander => Piece::Commander,
            Class::AttackerKnight | Class::DefenderKnight => Piece::Knight,
        }
    }

    /// Whether it is a commander or a knight, who close the capture of a
    /// king whose attackers have them.
    pub(crate) fn is_officer(self) -> bool {
        matches!(self.piece(), Piece::Commander | Piece::Knight)
    }

    fn is_in(self, set: PieceSet) -> bool {
        set.contains(self.side(), self.piece())
    }
}

/// A kind of special square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareKind {
    /// A corner square (`cor:`).
    Corner,
    /// A centre square, the throne (`cen:`).
    Centre,
    /// An attackers' fortress (`afor:`).
    AttackerFortress,
    /// A defenders' fortress (`dfor:`).
    DefenderFortress,
}

impl SquareKind {
    /// Every kind, in the order the rules read them.
    pub const ALL: [SquareKind; 4] = [
        SquareKind::Corner,
        SquareKind::Centre,
        SquareKind::AttackerFortress,
        SquareKind::DefenderFortress,
    ];

    /// `corner`, `centre`, `attackers' fortress`, `defenders' fortress`.
    pub const fn name(self) -> &'static str {
        match self {
            SquareKind::Corner => "corner",
            SquareKind::Centre => "centre",
            SquareKind::AttackerFortress => "attackers' fortress",
            SquareKind::DefenderFortress => "defenders' fortress",
        }
    }
}

impl fmt::Display for SquareKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule set as sets of squares.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Compiled {
    /// The rule set.
    pub(crate) set: RuleSet,
    /// The position the game started from, where the pieces the engine does
    /// not move stand.
    pub(crate) origin: Layout,
    pub(crate) grid: Grid,
    /// The squares of each kind, in the order of [`SquareKind::ALL`].
    pub(crate) kinds: [Bits; 4],
    /// Every special square, of any kind.
    pub(crate) special: Bits,
    /// Per class: where it may end a move.
    pub(crate) stop: [Bits; CLASSES],
    /// Per class: the empty squares it may pass over.
    pub(crate) pass: [Bits; CLASSES],
    /// Per class: the kinds of square it may not enter from outside them.
    pub(crate) fenced: [[Bits; 4]; CLASSES],
    /// Per class: the empty squares it is captured against.
    pub(crate) hostile_empty: [Bits; CLASSES],
    /// Per class: the occupied squares it is captured against.
    pub(crate) hostile_full: [Bits; CLASSES],
    /// Where the king escapes to.
    pub(crate) escape: Bits,
    /// The centre squares and their neighbours, where a king of strength
    /// `c` is strong.
    pub(crate) near_centre: Bits,
    /// The centre squares, where a king of strength `t` is strong.
    pub(crate) centre: Bits,
    /// Per class: the most squares a move may cover (`usize::MAX`: no
    /// limit).
    pub(crate) speed: [usize; CLASSES],
    /// Per class: how it may jump.
    pub(crate) jump: [Jump; CLASSES],
    /// Whether the game has what OpenTafl's berserk variants add: a
    /// commander or a knight, a king who jumps, berserk moves. Their moves
    /// are played by [`Position::apply`] in its own way (`berserk.rs`), so
    /// that the games without them pay nothing for them.
    ///
    /// [`Position::apply`]: super::position::Position
    pub(crate) extended: bool,
    /// Whether the attackers start with a commander or a knight: then the
    /// king is captured only as OpenTafl's engine captures him with them.
    pub(crate) officers_capture_king: bool,
    /// Whether the king's move captures.
    pub(crate) king_hammer: bool,
    /// Whether a piece is captured against the king.
    pub(crate) king_anvil: bool,
}

impl Compiled {
    /// Makes a rule set ready, the game starting from `origin`. The rule set
    /// must pass [`RuleSet::check`].
    pub(crate) fn new(set: &RuleSet, origin: Layout) -> Compiled {
        let grid = Grid::new(set.dim);
        let specials = specials(set);
        let kinds = specials.map(|s| squares(&grid, s));
        let present = |class: Class| {
            origin
                .pieces()
                .any(|(_, side, piece)| Class::of(side, piece) == Some(class))
        };
        let officers = Class::ALL.into_iter().any(|c| c.is_officer() && present(c));
        let king_jumps = set.jumps.king != Jump::No && present(Class::King);
        let officers_capture_king = [Class::AttackerCommander, Class::AttackerKnight]
            .into_iter()
            .any(present);
        let mut compiled = Compiled {
            set: set.clone(),
            kinds,
            special: kinds[0] | kinds[1] | kinds[2] | kinds[3],
            stop: [grid.all(); CLASSES],
            pass: [grid.all(); CLASSES],
            fenced: [[Bits::EMPTY; 4]; CLASSES],
            hostile_empty: [Bits::EMPTY; CLASSES],
            hostile_full: [Bits::EMPTY; CLASSES],
            escape: match set.escape {
                Escape::Corner => kinds[0],
                Escape::Edge => grid.edge(),
            },
            near_centre: kinds[1] | grid.spread(kinds[1]),
            centre: kinds[1],
            speed: Class::ALL.map(|class| {
                let limit = set.speed.limit(class.side(), class.piece());
                limit.map_or(usize::MAX, usize::from)
            }),
            jump: Class::ALL.map(|class| set.jumps.of(class.piece())),
            extended: officers || king_jumps || set.berserk != Berserk::No,
            officers_capture_king,
            king_hammer: matches!(set.king_armed, KingArmed::Yes | KingArmed::HammerOnly),
            king_anvil: matches!(set.king_armed, KingArmed::Yes | KingArmed::AnvilOnly),
            origin,
            grid,
        };
        for class in Class::ALL {
            compiled.fill_class(class, &specials);
        }
        compiled
    }

    fn fill_class(&mut self, class: Class, specials: &[&Special; 4]) {
        let c = class as usize;
        for (k, special) in specials.iter().enumerate() {
            let squares = self.kinds[k];
            if !class.is_in(special.stop) {
                self.stop[c] &= !squares;
            }
            if !class.is_in(special.passable) {
                self.pass[c] &= !squares;
            }
            if !class.is_in(special.reenter) {
                self.fenced[c][k] = squares;
            }
            // The centre's hostility depends on whether it is occupied.
            let (empty, full) = if k == 1 {
                (self.set.centre_hostile_when_empty, special.hostile)
            } else {
                (special.hostile, special.hostile)
            };
            // A fort is hostile to the king as it is to the defenders'
            // taflmen, whatever its list says of `K`, as OpenTafl's engine
            // plays (`docs/rules.md#tafl-rule-sets-as-opentafl-rules-strings`).
            let hostile_to = if class == Class::King && k >= 2 {
                Class::Defender
            } else {
                class
            };
            if hostile_to.is_in(empty) {
                self.hostile_empty[c] |= squares;
            }
            if hostile_to.is_in(full) {
                self.hostile_full[c] |= squares;
            }
        }
    }

    /// The special squares of each kind, as the rule set describes them.
    pub(crate) fn special(&self, kind: SquareKind) -> &Special {
        specials(&self.set)[kind as usize]
    }

    /// The first kind of `index` whose `field` leaves `class` out.
    pub(crate) fn forbidding(
        &self,
        index: usize,
        class: Class,
        field: fn(&Special) -> PieceSet,
    ) -> SquareKind {
        SquareKind::ALL
            .into_iter()
            .find(|&k| self.kinds[k as usize].has(index) && !class.is_in(field(self.special(k))))
            .unwrap_or(SquareKind::Corner)
    }
}

fn specials(set: &RuleSet) -> [&Special; 4] {
    [
        &set.corners,
        &set.centre,
        &set.attacker_forts,
        &set.defender_forts,
    ]
}

fn squares(grid: &Grid, special: &Special) -> Bits {
    let mut bits = Bits::EMPTY;
    for &square in &special.squares {
        if let Some(index) = grid.index(square) {
            bits.insert(index);
        }
    }
    bits
}
