//! A rule set as data: the fields of OpenTafl's rules string, and the few
//! the seed texts need beyond them. The presets ([`RuleSet::preset`]) are
//! values of this one type; each field cites the sentence it encodes there.

use std::collections::BTreeSet;

use super::layout::{Layout, MAX_DIM, MIN_DIM};
use super::pieces::PieceSet;
use super::speed::SpeedLimits;
use crate::tafl::{Piece, Side, Square};

/// The rules of a tafl game.
///
/// Each field names the OpenTafl rules-string key it is read from and
/// printed as, and that key's default when a rules string leaves it out
/// (see [`RuleSet::from_opentafl`]). Some fields are this crate's own:
/// `rpt`, `nomv` and `kgrp`, rules the seed texts state that OpenTafl's
/// keys cannot; `norpt`, `norpts`, `plim`, `cne` and `efw`, what
/// hnefatafl.org's engine plays. A rules string without them means what
/// OpenTafl does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// `name:`: the name a rules string gives its variant, if any (OpenTafl
    /// writes it in its rules files, spaces as `_`). No default.
    pub name: Option<String>,
    /// `dim:`: the board's side, in squares ([`MIN_DIM`] to [`MAX_DIM`]).
    /// Required.
    pub dim: u8,
    /// `esc:`: where the king escapes to. Default `c`, the corners.
    pub escape: Escape,
    /// `surf:`: whether the attackers win when no defender can reach the
    /// board's edge (they surround every defender). Default `y`.
    pub surrounding_fatal: bool,
    /// `atkf:`: whether the attackers move first. Default `y`.
    pub attackers_first: bool,
    /// `tfr:` and `rpt:`: what a repeated position does.
    pub repetition: Repetition,
    /// `nomv:` (this crate's): what becomes of a side that must move and
    /// cannot, none of its pieces having a legal move or none being left.
    /// Brandub rule 12: "Le jeu est nul si ... un joueur ne peut pas se
    /// déplacer" (the game is drawn if a player cannot move). Default `l`:
    /// that side loses, as OpenTafl has it.
    pub no_move: NoMoveRule,
    /// `norpt:` (this crate's): the side that may not move into a position
    /// already reached in the game, if any: the board its move makes
    /// before its captures may be none of the boards since the start.
    /// hnefatafl.org's engine bars the defenders so (`d`); a side whose
    /// every move is barred has no legal move. Default `n`, neither.
    pub no_repeat: Option<Side>,
    /// `norpts:` (this crate's): whether the start is among the boards
    /// [`RuleSet::no_repeat`] bars. Default `y`. hnefatafl.org's server
    /// counts it on 11 × 11 only (`n` on its other boards).
    pub no_repeat_start: bool,
    /// `plim:` (this crate's): the plies after which a game no ply has
    /// ended is drawn, if any. hnefatafl.org's engine draws after 133.
    /// Default none.
    pub ply_limit: Option<u16>,
    /// `cne:` (this crate's): whether the attackers win when, after a
    /// move that leaves the game going, hnefatafl.org's engine judges
    /// that the king cannot escape: hemmed in on the edge, or every
    /// corner shut off from the defenders with few ways left along the
    /// edges (`docs/rules.md#tafl-hnefataflorg`). Default `n`.
    pub cannot_escape: bool,
    /// `ka:`: whether the king takes part in captures. Default `y`.
    pub king_armed: KingArmed,
    /// `ks:`: what it takes to capture the king. Default `s`.
    pub king_strength: KingStrength,
    /// `kgrp:` (this crate's): whether a king joined by guards is captured
    /// when the attackers close every side of the whole group. Hnefatafl:
    /// "Pour capturer un roi qui se regroupe avec un ou plusieurs de ses
    /// partisans, l'assaillant doit entourer la totalité du groupe" (to
    /// capture a king who groups with one or more of his followers, the
    /// attacker must surround the whole group). A side of the group closes
    /// as a side of a lone king does under [`RuleSet::king_strength`] (an
    /// attacker, a square hostile to the king, the edge for a middleweight
    /// king). Default `n`.
    pub king_with_guards: bool,
    /// `cor:` and `corh:`, `corp:`, `cors:`, `corre:`: the corner squares
    /// (default the board's four corners) and what they do: hostile to
    /// `tcnkmTCNKM`, passable by `K`, stopped on by `K`, entered by
    /// `tcnkmTCNKM` by default.
    pub corners: Special,
    /// `cen:` and `cenh:`, `cenp:`, `cens:`, `cenre:`: the centre squares
    /// (default the board's middle square, the king's throne) and what they
    /// do. Here `hostile` is the centre's hostility while occupied
    /// (`cenh:`, default `tcnkm`); while empty it is
    /// [`RuleSet::centre_hostile_when_empty`]. Passable by `tcnkmTCNKM`,
    /// stopped on by `K`, entered by `tcnkmTCNKM` by default.
    pub centre: Special,
    /// `cenhe:`: the pieces the centre is hostile to while empty. Default
    /// `tcnkmTCNKM`. A capture against the centre that needs it empty is a
    /// piece in this set and not in the centre's `hostile`.
    pub centre_hostile_when_empty: PieceSet,
    /// `afor:` and `aforh:`, `aforp:`, `afors:`, `aforre:`: the attackers'
    /// fortresses (default none): hostile to `TCNKM`, passable, stopped on
    /// and entered by `tcnkmTCNKM` by default. A fort is hostile to the
    /// king exactly when it is to the defenders' taflmen (`T`), whatever
    /// its list says of `K`, as OpenTafl's engine plays.
    pub attacker_forts: Special,
    /// `dfor:` and `dforh:`, `dforp:`, `dfors:`, `dforre:`: the defenders'
    /// fortresses (default none): hostile to `tcnkm`, passable and stopped
    /// on by `TCNKM`, entered by `tcnkmTCNKM` by default; hostile to the
    /// king as to the defenders' taflmen, as the attackers' forts are.
    pub defender_forts: Special,
    /// `sw:`: whether a row of pieces along the edge is captured at once.
    /// Default `n`.
    pub shieldwall: Shieldwall,
    /// `swf:`: whether a shieldwall is captured only by a move to one of its
    /// ends (a flank); if not, by any move that closes it. Default `y`.
    pub shieldwall_flank: bool,
    /// `efe:`: whether the defenders win by an unbreakable fort against the
    /// edge around a king who stands on the edge and can move. Default `n`.
    pub edge_fort_escape: bool,
    /// `efw:` (this crate's): how the defenders walling an exit fort in
    /// are judged. Default `u`.
    pub edge_fort_walls: FortWalls,
    /// `linc:`: whether a defender beside the king on the throne, the
    /// king's three other sides held by attackers, is captured against the
    /// throne by an attacker that closes it on its far side (the Linnaean
    /// capture). Default `n`.
    pub linnaean: bool,
    /// `spd:`: the most squares a move of each kind of piece may cover.
    /// Default `-1`, no limit.
    pub speed: SpeedLimits,
    /// `kj:`, `nj:`, `cj:`, `mj:`, `gj:`: how the king, the knights, the
    /// commanders, the mercenaries and the guards may jump over an enemy
    /// next to them. Defaults `n`, `c`, `j`, `n`, `n`.
    pub jumps: Jumps,
    /// `ber:`: whether a piece that captured moves again in the same turn.
    /// Default `n`.
    pub berserk: Berserk,
    /// `start:` or `starti:`: the pieces at the start. Required, of side
    /// [`RuleSet::dim`].
    pub start: Layout,
}

/// How the defenders walling an exit fort in are judged (`efw:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortWalls {
    /// `u`: none of them can be captured by any sequence of the
    /// attackers' moves, no attacker entering the fort; judged after the
    /// defenders' moves.
    Unbreakable,
    /// `f`: hnefatafl.org's engine's test, after every move of either
    /// side: at least two attackers on the board, none met by a search
    /// of the empty squares from the king, and each defender it meets
    /// flanked, on the line across the way the search reached it, by a
    /// defender or the edge on at least one side.
    Flanked,
}

/// Where the king escapes to (`esc:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Escape {
    /// `c`: a corner square.
    Corner,
    /// `e`: any square of the edge.
    Edge,
}

/// What a repeated position does: the occurrence of one position (the same
/// pieces on the same squares, the same side to move) that ends the game,
/// and how. The first occurrence is the position's first appearance, the
/// start included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repetition {
    /// `tfr:`: how the game ends. Default `d`, a draw.
    pub rule: RepetitionRule,
    /// `rpt:` (this crate's): the occurrence that ends it, 2 or more.
    /// OpenTafl ends the game on the third ("threefold"), the default.
    /// Brandub rule 12: "Le jeu est nul si une position est répétée" (the
    /// game is drawn if a position is repeated): the second.
    pub occurrence: u8,
}

/// How a repeated position ends the game (`tfr:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepetitionRule {
    /// `i`: it does not; the game goes on.
    Ignored,
    /// `d`: a draw.
    Draw,
    /// `l`: the side whose move repeated the position wins.
    MoverWins,
    /// `w`: the side whose move repeated the position loses, the side to
    /// move in the repeated position winning.
    MoverLoses,
}

/// What becomes of a side that must move and cannot (`nomv:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMoveRule {
    /// `l`: it loses.
    Loses,
    /// `d`: a draw.
    Draw,
}

/// Whether the king takes part in captures (`ka:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingArmed {
    /// `y`: as a guard does, moving (the hammer) or not (the anvil).
    Yes,
    /// `n`: never.
    No,
    /// `a`: only as the anvil, a piece captured against him.
    AnvilOnly,
    /// `h`: only as the hammer, by his own move.
    HammerOnly,
}

/// What it takes to capture the king (`ks:`). A side of the king is
/// closed by an attacker or by a square hostile to the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingStrength {
    /// `s`: every side closed; the edge closes none, so the king is never
    /// captured on the edge.
    Strong,
    /// `c`: strong on a centre square and next to one, weak elsewhere.
    CentreStrong,
    /// `t`: strong on a centre square, weak elsewhere, next to one too:
    /// hnefatafl.org's Brandubh. Not OpenTafl's.
    ThroneStrong,
    /// `m`: every side closed, the edge closing the sides off the board.
    Middleweight,
    /// `w`: as a guard, between the attacker that moves and a closed side
    /// opposite.
    Weak,
}

/// Whether a row of pieces along the edge is captured at once (`sw:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shieldwall {
    /// `n`: no.
    None,
    /// `w`: yes, its two ends closed by enemy pieces.
    Weak,
    /// `s`: yes, a corner may close an end.
    Strong,
}

/// How a kind of piece may jump (`kj:`, `nj:`, `cj:`, `mj:`, `gj:`): over
/// an enemy next to it on its row or column, to the empty square beyond.
/// A king, a knight or a commander is never jumped over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jump {
    /// `n`: never.
    No,
    /// `r`: only from or to a special square (a corner, a centre square, a
    /// fortress); the piece jumped over is not captured.
    Restricted,
    /// `j`: the piece jumped over is not captured.
    Plain,
    /// `c`: the piece jumped over is captured.
    Capturing,
}

/// How each kind of piece may jump: the specification's defaults are the
/// [`Default`] (`kj:n nj:c cj:j mj:n gj:n`). A taflman never jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jumps {
    /// `kj:`: the king. Default `n`.
    pub king: Jump,
    /// `nj:`: the knights. Default `c`.
    pub knight: Jump,
    /// `cj:`: the commanders. Default `j`.
    pub commander: Jump,
    /// `mj:`: the mercenaries. Default `n`.
    pub mercenary: Jump,
    /// `gj:`: the guards. Default `n`.
    pub guard: Jump,
}

impl Default for Jumps {
    fn default() -> Jumps {
        Jumps {
            king: Jump::No,
            knight: Jump::Capturing,
            commander: Jump::Plain,
            mercenary: Jump::No,
            guard: Jump::No,
        }
    }
}

impl Jumps {
    /// How `piece` may jump.
    pub fn of(&self, piece: Piece) -> Jump {
        match piece {
            Piece::Taflman => Jump::No,
            Piece::King => self.king,
            Piece::Knight => self.knight,
            Piece::Commander => self.commander,
            Piece::Mercenary => self.mercenary,
            Piece::Guard => self.guard,
        }
    }
}

/// Whether a piece that captured moves again in the same turn (`ber:`): a
/// berserk move, written `=` (`^=` when it jumps). It must be that piece's
/// move, and the turn passes after a berserk move that captures nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Berserk {
    /// `n`: never; every move passes the turn.
    No,
    /// `c`: when it has a move that captures (it may then make any move).
    Capture,
    /// `m`: when it has a move along its row or column (not a jump).
    Move,
}

/// A kind of special square: its squares, and which pieces it is hostile
/// to, lets pass over it, lets stop on it and lets in from outside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Special {
    /// The squares.
    pub squares: BTreeSet<Square>,
    /// The pieces captured against it (for the centre: while occupied).
    pub hostile: PieceSet,
    /// The pieces that may pass over it while it is empty.
    pub passable: PieceSet,
    /// The pieces that may end a move on it.
    pub stop: PieceSet,
    /// The pieces that may end a move on it coming from outside it.
    pub reenter: PieceSet,
}

/// Why a rule set cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// `dim` of 2 or 20.
    #[error("a board has {MIN_DIM} to {MAX_DIM} squares a side, not {0}")]
    Dimension(u8),
    /// A 9 × 9 position for a rule set of 7 × 7.
    #[error("the position is {layout} × {layout}, the board {dim} × {dim}")]
    LayoutSize {
        /// The rule set's side.
        dim: u8,
        /// The position's side.
        layout: u8,
    },
    /// A corner on `h8` of a 7 × 7 board.
    #[error("the special square {0} is off the board")]
    SquareOffBoard(Square),
    /// Two `K` in a position.
    #[error("the defenders have two kings, on {0} and {1}")]
    TwoKings(Square, Square),
}

impl RuleSet {
    /// The rules OpenTafl plays when a rules string gives only the board
    /// and the start: every key at its default.
    pub fn opentafl(start: Layout) -> RuleSet {
        let dim = start.dim();
        let last = dim - 1;
        let square = |f, r| Square::new(f, r).expect("a board of at most 19");
        RuleSet {
            name: None,
            dim,
            escape: Escape::Corner,
            surrounding_fatal: true,
            attackers_first: true,
            repetition: Repetition {
                rule: RepetitionRule::Draw,
                occurrence: 3,
            },
            no_move: NoMoveRule::Loses,
            no_repeat: None,
            no_repeat_start: true,
            ply_limit: None,
            cannot_escape: false,
            king_armed: KingArmed::Yes,
            king_strength: KingStrength::Strong,
            king_with_guards: false,
            corners: Special {
                squares: [(0, 0), (0, last), (last, 0), (last, last)]
                    .into_iter()
                    .map(|(f, r)| square(f, r))
                    .collect(),
                hostile: PieceSet::ALL,
                passable: PieceSet::KING,
                stop: PieceSet::KING,
                reenter: PieceSet::ALL,
            },
            centre: Special {
                squares: BTreeSet::from([square(dim / 2, dim / 2)]),
                hostile: PieceSet::ATTACKERS,
                passable: PieceSet::ALL,
                stop: PieceSet::KING,
                reenter: PieceSet::ALL,
            },
            centre_hostile_when_empty: PieceSet::ALL,
            attacker_forts: Special::fortress(PieceSet::DEFENDERS, PieceSet::ALL, PieceSet::ALL),
            defender_forts: Special::fortress(
                PieceSet::ATTACKERS,
                PieceSet::DEFENDERS,
                PieceSet::DEFENDERS,
            ),
            shieldwall: Shieldwall::None,
            shieldwall_flank: true,
            edge_fort_escape: false,
            edge_fort_walls: FortWalls::Unbreakable,
            linnaean: false,
            speed: SpeedLimits::default(),
            jumps: Jumps::default(),
            berserk: Berserk::No,
            start,
        }
    }

    /// The side that moves first.
    pub fn first_side(&self) -> Side {
        if self.attackers_first {
            Side::Attackers
        } else {
            Side::Defenders
        }
    }

    /// Checks that the rule set can be played: a board of a side in range,
    /// a start of that side with at most one defenders' king, special
    /// squares on the board. Rule sets read by [`RuleSet::from_opentafl`]
    /// and the presets always pass.
    pub fn check(&self) -> Result<(), SetupError> {
        if !(MIN_DIM..=MAX_DIM).contains(&self.dim) {
            return Err(SetupError::Dimension(self.dim));
        }
        if self.start.dim() != self.dim {
            return Err(SetupError::LayoutSize {
                dim: self.dim,
                layout: self.start.dim(),
            });
        }
        let specials = [
            &self.corners,
            &self.centre,
            &self.attacker_forts,
            &self.defender_forts,
        ];
        for special in specials {
            if let Some(&off) = special
                .squares
                .iter()
                .find(|s| s.file() >= self.dim || s.rank() >= self.dim)
            {
                return Err(SetupError::SquareOffBoard(off));
            }
        }
        check_kings(&self.start)
    }
}

/// At most one defenders' king.
pub(crate) fn check_kings(layout: &Layout) -> Result<(), SetupError> {
    let mut kings = layout
        .pieces()
        .filter(|&(_, side, piece)| side == Side::Defenders && piece == Piece::King)
        .map(|(square, _, _)| square);
    match (kings.next(), kings.next()) {
        (Some(first), Some(second)) => Err(SetupError::TwoKings(first, second)),
        _ => Ok(()),
    }
}

impl Special {
    /// A kind of fortress with no square yet.
    fn fortress(hostile: PieceSet, passable: PieceSet, stop: PieceSet) -> Special {
        Special {
            squares: BTreeSet::new(),
            hostile,
            passable,
            stop,
            reenter: PieceSet::ALL,
        }
    }
}
