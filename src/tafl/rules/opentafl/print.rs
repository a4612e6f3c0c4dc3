//! A rule set printed as a rules string, in one canonical form: the board
//! size first, then every entry whose value is not OpenTafl's default (this
//! crate's own keys after OpenTafl's of the same concern), the starting
//! position last.

use std::collections::BTreeSet;
use std::fmt::{self, Write as _};

use super::{
    BERSERK, ESCAPE, FORT_WALLS, JUMP, KING_ARMED, KING_STRENGTH, Letters, NO_MOVE, NO_REPEAT,
    REPETITION, SHIELDWALL, YES_NO, letter,
};
use crate::tafl::Square;
use crate::tafl::rules::pieces::PieceSet;
use crate::tafl::rules::ruleset::{RuleSet, Special};

/// Writes ` key:value` entries that differ from a default.
struct Entries<'a, 'f> {
    out: &'a mut fmt::Formatter<'f>,
}

impl Entries<'_, '_> {
    fn value<T: fmt::Display + PartialEq>(
        &mut self,
        key: &str,
        value: T,
        default: T,
    ) -> fmt::Result {
        if value == default {
            return Ok(());
        }
        write!(self.out, " {key}:{value}")
    }

    fn letter<T: PartialEq + Copy>(
        &mut self,
        key: &str,
        table: &Letters<T>,
        value: T,
        default: T,
    ) -> fmt::Result {
        self.value(key, letter(table, value), letter(table, default))
    }

    fn squares(
        &mut self,
        key: &str,
        value: &BTreeSet<Square>,
        default: &BTreeSet<Square>,
    ) -> fmt::Result {
        if value == default {
            return Ok(());
        }
        write!(self.out, " {key}:")?;
        for (n, square) in value.iter().enumerate() {
            if n > 0 {
                self.out.write_char(',')?;
            }
            write!(self.out, "{square}")?;
        }
        Ok(())
    }

    /// The entries of one field of the four kinds of special square, keys
    /// `corX`, `cenX`, `aforX`, `dforX`.
    fn kinds(&mut self, suffix: &str, pick: fn(&Special) -> PieceSet, all: &Kinds) -> fmt::Result {
        for ((value, default), kind) in all.iter().zip(KINDS) {
            self.value(&format!("{kind}{suffix}"), pick(value), pick(default))?;
        }
        Ok(())
    }
}

/// The keys' prefixes of the four kinds of special square.
const KINDS: [&str; 4] = ["cor", "cen", "afor", "dfor"];

/// The four kinds of special square, each with its default.
type Kinds<'a> = [(&'a Special, &'a Special); 4];

impl fmt::Display for RuleSet {
    /// The rules string: `dim:7 tfr:d rpt:2 ... start:/3t3/.../`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = RuleSet::opentafl(self.start.clone());
        write!(f, "dim:{}", self.dim)?;
        let mut e = Entries { out: f };
        if let Some(name) = &self.name {
            write!(e.out, " name:{name}")?;
        }
        e.letter("esc", ESCAPE, self.escape, d.escape)?;
        e.letter("surf", YES_NO, self.surrounding_fatal, d.surrounding_fatal)?;
        e.letter("atkf", YES_NO, self.attackers_first, d.attackers_first)?;
        e.letter("tfr", REPETITION, self.repetition.rule, d.repetition.rule)?;
        e.value("rpt", self.repetition.occurrence, d.repetition.occurrence)?;
        e.letter("nomv", NO_MOVE, self.no_move, d.no_move)?;
        e.letter("norpt", NO_REPEAT, self.no_repeat, d.no_repeat)?;
        e.letter("norpts", YES_NO, self.no_repeat_start, d.no_repeat_start)?;
        if let Some(limit) = self.ply_limit {
            write!(e.out, " plim:{limit}")?;
        }
        e.letter("cne", YES_NO, self.cannot_escape, d.cannot_escape)?;
        e.letter("ka", KING_ARMED, self.king_armed, d.king_armed)?;
        e.letter("ks", KING_STRENGTH, self.king_strength, d.king_strength)?;
        e.letter("kgrp", YES_NO, self.king_with_guards, d.king_with_guards)?;
        let (jumps, default) = (self.jumps, d.jumps);
        e.letter("kj", JUMP, jumps.king, default.king)?;
        e.letter("nj", JUMP, jumps.knight, default.knight)?;
        e.letter("cj", JUMP, jumps.commander, default.commander)?;
        e.letter("mj", JUMP, jumps.mercenary, default.mercenary)?;
        e.letter("gj", JUMP, jumps.guard, default.guard)?;
        let all = [
            (&self.corners, &d.corners),
            (&self.centre, &d.centre),
            (&self.attacker_forts, &d.attacker_forts),
            (&self.defender_forts, &d.defender_forts),
        ];
        for ((value, default), kind) in all.iter().zip(KINDS) {
            e.squares(kind, &value.squares, &default.squares)?;
        }
        e.kinds("h", |s| s.hostile, &all)?;
        e.value(
            "cenhe",
            self.centre_hostile_when_empty,
            d.centre_hostile_when_empty,
        )?;
        e.kinds("p", |s| s.passable, &all)?;
        e.kinds("s", |s| s.stop, &all)?;
        e.kinds("re", |s| s.reenter, &all)?;
        e.letter("sw", SHIELDWALL, self.shieldwall, d.shieldwall)?;
        e.letter("swf", YES_NO, self.shieldwall_flank, d.shieldwall_flank)?;
        e.letter("efe", YES_NO, self.edge_fort_escape, d.edge_fort_escape)?;
        e.letter("efw", FORT_WALLS, self.edge_fort_walls, d.edge_fort_walls)?;
        e.letter("linc", YES_NO, self.linnaean, d.linnaean)?;
        e.letter("ber", BERSERK, self.berserk, d.berserk)?;
        e.value("spd", self.speed, d.speed)?;
        write!(e.out, " start:{}", self.start)
    }
}
