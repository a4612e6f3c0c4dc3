//! Battles, the Lofðungr's retreats, and the end of a turn.

use super::board::{self, MIDDLE};
use super::board::{ENTERING, edge, edge_ends};
use super::position::{KarveId, Position};
use super::step::Mover;
use super::victory::Victory;
use crate::hirp::types::VictoryKind;
use crate::hirp::types::{PieceKind, Side, Space};

/// A piece in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fighter {
    /// Whose piece.
    pub side: Side,
    /// What piece.
    pub kind: FighterKind,
    /// Where it stands: the battle's space for a defender, the space it
    /// attacks from for an attacker.
    pub from: Space,
}

/// The kinds of fighter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FighterKind {
    /// The Lofðungr: power 1, and the tiebreaker.
    Lofdungr,
    /// A loose Hirþ: power 1.
    Hirth,
    /// A Karve: power 0 empty, else 1 plus its crew.
    Karve {
        /// Which of the side's Karves.
        id: KarveId,
        /// Hirþs aboard.
        crew: u8,
    },
}

impl Fighter {
    /// The fighter's power.
    pub const fn power(&self) -> u8 {
        match self.kind {
            FighterKind::Lofdungr | FighterKind::Hirth => 1,
            FighterKind::Karve { crew: 0, .. } => 0,
            FighterKind::Karve { crew, .. } => 1 + crew,
        }
    }

    /// The kind of piece.
    pub const fn piece(&self) -> PieceKind {
        match self.kind {
            FighterKind::Lofdungr => PieceKind::Lofdungr,
            FighterKind::Hirth => PieceKind::Hirth,
            FighterKind::Karve { .. } => PieceKind::Karve,
        }
    }
}

/// How a tie was broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The only Lofðungr in the battle decided it for its side.
    Lofdungr(Side),
    /// No Lofðungr, or both: the defender wins.
    Defender,
}

/// A battle: the attacked space, every piece fighting, and the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// The attacked space.
    pub space: Space,
    /// The side that attacks (the side to move).
    pub attacker: Side,
    /// The attacking pieces, from every direction.
    pub attackers: Vec<Fighter>,
    /// The defending pieces on the space.
    pub defenders: Vec<Fighter>,
    /// The attackers' power.
    pub attack: u8,
    /// The defenders' power.
    pub defence: u8,
    /// Who wins.
    pub winner: Side,
    /// How a tie was broken, if powers were equal.
    pub tiebreak: Option<Tiebreak>,
}

impl Battle {
    /// The side that defends.
    pub const fn defender(&self) -> Side {
        self.attacker.opponent()
    }

    /// The side that loses.
    pub const fn loser(&self) -> Side {
        self.winner.opponent()
    }

    /// Whether the attacker wins.
    pub fn attacker_wins(&self) -> bool {
        self.winner == self.attacker
    }
}

/// What the end of a turn found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnEnd {
    /// Non-home spaces holding more than one Karve.
    pub crowded: Vec<Space>,
    /// A victory by Yfirráð, if the mover won one.
    pub victory: Option<Victory>,
}

impl Position {
    /// The battles to fight, one per attacked space, in board order (0 to 9,
    /// then Miðr).
    pub fn battles(&self) -> Vec<Battle> {
        let mut battles = Vec::new();
        self.battles_into(&mut battles);
        battles
    }

    /// The battles to fight, as [`Position::battles`] gives them, written
    /// into `out` over the battles it holds, so that a replay fighting
    /// battle after battle allocates nothing once its storage has grown:
    /// the first `n` battles of `out` are the battles, `n` returned; any
    /// after them are left over from before.
    pub(crate) fn battles_into(&self, out: &mut Vec<Battle>) -> usize {
        let attacker = self.to_move();
        let mut n = 0;
        for space in board::spaces_in(self.attacked()) {
            if let Some(battle) = out.get_mut(n) {
                self.battle_on(space, attacker, battle);
            } else {
                let mut battle = Battle {
                    space,
                    attacker,
                    attackers: Vec::with_capacity(4),
                    defenders: Vec::with_capacity(4),
                    attack: 0,
                    defence: 0,
                    winner: attacker,
                    tiebreak: None,
                };
                self.battle_on(space, attacker, &mut battle);
                out.push(battle);
            }
            n += 1;
        }
        n
    }

    /// The spaces the side to move attacks, as a bit set of board indices:
    /// one battle each.
    fn attacked(&self) -> u16 {
        let own = self.army(self.to_move());
        let mut attacked = 0u16;
        if let Some(target) = own.lofdungr.attacking {
            attacked |= 1 << target.index();
        }
        for karve in &own.karves {
            if let Some(target) = karve.attacking {
                attacked |= 1 << target.index();
            }
        }
        let mut lines = own.lines();
        while lines != 0 {
            attacked |= 1 << edge_ends(lines.trailing_zeros() as usize).1.index();
            lines &= lines - 1;
        }
        attacked
    }

    /// The battle on an attacked space, written over `battle`: its pieces,
    /// their powers, and who wins (docs/rules.md, Power and Ties).
    fn battle_on(&self, space: Space, attacker: Side, battle: &mut Battle) {
        let defender = attacker.opponent();
        self.attackers_of(space, attacker, &mut battle.attackers);
        self.defenders_of(space, defender, &mut battle.defenders);
        let (attackers, defenders) = (&battle.attackers, &battle.defenders);
        let attack: u8 = attackers.iter().map(Fighter::power).sum();
        let defence: u8 = defenders.iter().map(Fighter::power).sum();
        let (winner, tiebreak) = if attack > defence {
            (attacker, None)
        } else if defence > attack {
            (defender, None)
        } else {
            let has_l =
                |fighters: &[Fighter]| fighters.iter().any(|f| f.kind == FighterKind::Lofdungr);
            match (has_l(attackers), has_l(defenders)) {
                (true, false) => (attacker, Some(Tiebreak::Lofdungr(attacker))),
                (false, true) => (defender, Some(Tiebreak::Lofdungr(defender))),
                _ => (defender, Some(Tiebreak::Defender)),
            }
        };
        battle.space = space;
        battle.attacker = attacker;
        battle.attack = attack;
        battle.defence = defence;
        battle.winner = winner;
        battle.tiebreak = tiebreak;
    }

    /// The pieces of `side` on lines to `space`, into `attackers`: its
    /// Lofðungr, its Karves, then its Hirþs by the space they attack from.
    fn attackers_of(&self, space: Space, side: Side, attackers: &mut Vec<Fighter>) {
        attackers.clear();
        let own = self.army(side);
        let fighter = |kind, from| Fighter { side, kind, from };
        if own.lofdungr.attacking == Some(space)
            && let Some(from) = own.lofdungr.at
        {
            attackers.push(fighter(FighterKind::Lofdungr, from));
        }
        for (n, karve) in own.karves.iter().enumerate() {
            if karve.attacking == Some(space)
                && let Some(from) = karve.at
            {
                let kind = FighterKind::Karve {
                    id: KarveId(n as u8),
                    crew: karve.crew,
                };
                attackers.push(fighter(kind, from));
            }
        }
        // By the space they attack from, in board order: the order of the
        // edges' indices.
        let mut lines = own.lines() & ENTERING[space.index()];
        while lines != 0 {
            let e = lines.trailing_zeros() as usize;
            let from = edge_ends(e).0;
            for _ in 0..own.attacking[e] {
                attackers.push(fighter(FighterKind::Hirth, from));
            }
            lines &= lines - 1;
        }
    }

    /// The pieces of `side` on `space`, into `defenders`: its Lofðungr, its
    /// Karves, its loose Hirþs.
    fn defenders_of(&self, space: Space, side: Side, defenders: &mut Vec<Fighter>) {
        defenders.clear();
        let theirs = self.army(side);
        let fighter = |kind| Fighter {
            side,
            kind,
            from: space,
        };
        if theirs.lofdungr.at == Some(space) {
            defenders.push(fighter(FighterKind::Lofdungr));
        }
        for (id, karve) in theirs.karves_on(space) {
            defenders.push(fighter(FighterKind::Karve {
                id,
                crew: karve.crew,
            }));
        }
        for _ in 0..theirs.loose_on(space) {
            defenders.push(fighter(FighterKind::Hirth));
        }
    }

    /// Moves an attacker of the side to move onto another line to the same
    /// target: from the space `from` to the space `to`, both next to
    /// `target`. For a walk that could have ended on either (the replayer
    /// learns which from the battle record).
    pub(crate) fn shift_attack(&mut self, piece: Mover, from: Space, to: Space, target: Space) {
        let side = self.to_move();
        let army = self.army_mut(side);
        match piece {
            Mover::Lofdungr => {
                if army.lofdungr.attacking == Some(target) {
                    army.lofdungr.at = Some(to);
                }
            }
            Mover::Karve(id) => {
                if let Some(karve) = army.karves.get_mut(usize::from(id.0))
                    && karve.attacking == Some(target)
                {
                    karve.at = Some(to);
                }
            }
            Mover::Hirth(_) => {
                if let (Some(a), Some(b)) = (edge(from, target), edge(to, target))
                    && army.attacking[a] > 0
                {
                    army.take_off_line(a);
                    army.put_on_line(b);
                }
            }
        }
    }

    /// Resolves a battle from [`Position::battles`]: the loser's loose Hirþs
    /// are removed from game, its Karves and their crews go back to the
    /// supply, its Lofðungr waits to retreat. Winning attackers stay on their
    /// lines (counting on the spaces they attack from) until
    /// [`Position::advance`], after the retreats
    /// (`docs/rules.md#retreat-before-advance`).
    pub fn fight(&mut self, battle: &Battle) {
        if battle.attacker_wins() {
            self.conquer(battle.space);
            self.remove(battle.defender(), &battle.defenders, battle.space);
        } else {
            let army = self.army_mut(battle.attacker);
            for fighter in &battle.attackers {
                match fighter.kind {
                    FighterKind::Lofdungr => army.lofdungr.attacking = None,
                    FighterKind::Karve { id, .. } => {
                        army.karves[usize::from(id.0)].attacking = None;
                    }
                    FighterKind::Hirth => {
                        if let Some(e) = edge(fighter.from, battle.space) {
                            army.take_off_line(e);
                        }
                    }
                }
            }
            self.remove(battle.attacker, &battle.attackers, battle.space);
        }
    }

    /// After the retreats, the winners of a won attack move in: the attackers
    /// marked in `advance` (indexed as `battle.attackers`) enter the space,
    /// the others stay where they attacked from.
    pub fn advance(&mut self, battle: &Battle, advance: &[bool]) {
        if !battle.attacker_wins() {
            return;
        }
        let space = battle.space;
        let army = self.army_mut(battle.attacker);
        for (n, fighter) in battle.attackers.iter().enumerate() {
            let to = if advance.get(n).copied().unwrap_or(false) {
                space
            } else {
                fighter.from
            };
            match fighter.kind {
                FighterKind::Lofdungr => {
                    army.lofdungr.attacking = None;
                    army.lofdungr.at = Some(to);
                }
                FighterKind::Karve { id, .. } => {
                    let karve = &mut army.karves[usize::from(id.0)];
                    karve.attacking = None;
                    karve.at = Some(to);
                }
                FighterKind::Hirth => {
                    if let Some(e) = edge(fighter.from, space) {
                        army.take_off_line(e);
                    }
                    army.hirths[to.index()] += 1;
                }
            }
        }
    }

    /// Takes a losing side's fighters off: loose Hirþs from game, Karves (with
    /// crews) to the supply; its Lofðungr is marked to retreat from `space`.
    fn remove(&mut self, side: Side, fighters: &[Fighter], space: Space) {
        let army = self.army_mut(side);
        for fighter in fighters {
            match fighter.kind {
                FighterKind::Lofdungr => army.lofdungr.retreat_from = Some(space),
                FighterKind::Karve { id, .. } => {
                    let karve = &mut army.karves[usize::from(id.0)];
                    karve.at = None;
                    karve.crew = 0;
                    karve.stopped_crew = 0;
                    karve.attacking = None;
                }
                FighterKind::Hirth => {
                    if fighter.from == space {
                        let loose = &mut army.hirths[space.index()];
                        if *loose > 0 {
                            *loose -= 1;
                        } else {
                            army.unstop(space);
                        }
                    }
                    army.removed += 1;
                }
            }
        }
    }

    /// Where a side's Lofðungr may retreat after the battles, before the
    /// winners advance: a space next to the battle's that is then empty or held
    /// by its side (a space conquered this turn is its conqueror's); an
    /// attacking Lofðungr may always go back to the space it attacked from
    /// (`docs/rules.md#where-a-lofdungr-retreats`). Empty when it has
    /// nowhere to go (or need not retreat).
    pub fn retreats(&self, side: Side) -> Vec<Space> {
        board::spaces_in(self.retreat_bits(side)).collect()
    }

    /// The spaces of [`Position::retreats`], as a bit set of board indices.
    pub(crate) fn retreat_bits(&self, side: Side) -> u16 {
        let army = self.army(side);
        let Some(battle) = army.lofdungr.retreat_from else {
            return 0;
        };
        let origin = army.lofdungr.at.filter(|&at| at != battle);
        // A space conquered this turn belongs to its conqueror, the side to
        // move, whose winners are about to enter it.
        let holder = |s: Space| {
            if self.is_conquered(s) {
                Some(self.to_move())
            } else {
                self.controller(s)
            }
        };
        board::neighbours(battle)
            .filter(|&s| Some(s) == origin || holder(s).is_none_or(|h| h == side))
            .fold(0, |bits, s| bits | 1 << s.index())
    }

    /// The battle space a side's Lofðungr must retreat from, if it lost one.
    pub fn retreat_pending(&self, side: Side) -> Option<Space> {
        self.army(side).lofdungr.retreat_from
    }

    /// Moves a losing Lofðungr to `to`, or, with `None`, off the board: the
    /// other side wins by Þungur Hnífur, or by Drepið if it defended Miðr.
    pub fn retreat(&mut self, side: Side, to: Option<Space>) -> Option<Victory> {
        let multiplier = self.penningr().multiplier();
        let l = &mut self.army_mut(side).lofdungr;
        let battle = l.retreat_from.take()?;
        let defended_midr = battle == Space::Midr && l.at == Some(Space::Midr);
        l.at = to;
        if to.is_some() {
            return None;
        }
        let victory = Victory {
            winner: side.opponent(),
            kind: if defended_midr {
                VictoryKind::Drepid
            } else {
                VictoryKind::ThungurHnifur
            },
            multiplier,
        };
        self.set_result(victory);
        Some(victory)
    }

    /// Spaces other than a home holding more than one Karve.
    pub fn crowded(&self) -> Vec<Space> {
        // As bits of board indices: spaces holding a Karve, and those
        // holding a second one.
        let (mut one, mut more) = (0u16, 0u16);
        for side in Side::ALL {
            for karve in &self.army(side).karves {
                // No test on whether it is on the board, which no guess
                // foretells: a Karve in the supply sets bit 15, which
                // holds no space.
                let bit = 1 << karve.at.map_or(15, Space::index);
                more |= one & bit;
                one |= bit;
            }
        }
        more &= !(1 << 15);
        // Homes may hold several: most turns end with none crowded.
        let homes = Side::ALL
            .iter()
            .fold(0u16, |bits, &s| bits | 1 << board::home(s).index());
        if more & !homes == 0 {
            return Vec::new();
        }
        board::spaces_in(more & !homes).collect()
    }

    /// Whether `side` is the [controller](Position::controller) of all five
    /// middle spaces. Asked space by space: most turns end with a middle
    /// space the mover holds nothing on, and the first such settles it.
    fn holds_middle(&self, side: Side) -> bool {
        if !MIDDLE.iter().all(|&s| self.army(side).controls(s)) {
            return false;
        }
        // Gull is asked first: Silfr is the controller only where Gull
        // holds nothing.
        side == Side::Gull || !MIDDLE.iter().any(|&s| self.army(Side::Gull).controls(s))
    }

    /// Ends the turn after its battles and retreats: finds non-home spaces
    /// holding several Karves, checks the mover for Yfirráð
    /// (`docs/rules.md#yfirrad-for-the-mover`), and passes the turn.
    pub fn end_turn(&mut self) -> TurnEnd {
        let mover = self.to_move();
        let crowded = self.crowded();
        let mut victory = None;
        if self.result().is_none() && self.holds_middle(mover) {
            let won = Victory {
                winner: mover,
                kind: VictoryKind::Yfirrad,
                multiplier: self.penningr().multiplier(),
            };
            self.set_result(won);
            victory = Some(won);
        }
        self.pass_turn();
        TurnEnd { crowded, victory }
    }
}
