//! The presets: rule sets by name, each field citing the sentence of its
//! rules text it encodes (`docs/rules.md#tafl-brandub`,
//! `docs/rules.md#tafl-hnefatafl`). Brandub follows the rules Aage Nielsen
//! formulated (rules 1 to 12 of the French text); Hnefatafl the
//! reconstruction French Wikipedia gives ("Jeux de tafl"). Where a text is
//! silent the choice is a reading, named as such. The presets of the games
//! played online are in [`online`].

mod online;
mod opentafl;

use std::collections::BTreeSet;

use super::layout::Layout;
use super::pieces::PieceSet;
use super::ruleset::{
    Berserk, Escape, FortWalls, Jumps, KingArmed, KingStrength, NoMoveRule, Repetition,
    RepetitionRule, RuleSet, Shieldwall, Special,
};
use super::speed::SpeedLimits;
use crate::tafl::Square;

/// Brandub's start, a cross (rule 2).
const BRANDUB_START: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// Hnefatafl's start on 11 × 11, the usual layout (the text's picture is
/// not reproduced; `docs/rules.md#tafl-reading-the-11--11-layout`).
const HNEFATAFL_11_START: &str =
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

/// Hnefatafl's start on 13 × 13: the layout David Parlett gives for the
/// 13 × 13 board (`docs/rules.md#tafl-reading-the-13--13-layout`).
const HNEFATAFL_13_START: &str = "/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/5t1t5/4ttttt4/";

impl RuleSet {
    /// The names of the presets, for [`RuleSet::preset`]: the seeds' games
    /// (`brandub`, `hnefatafl-11`, `hnefatafl-13`), the variants played
    /// online (`brandubh-online`, `copenhagen`), hnefatafl.org's three
    /// (`hnefatafl-org-7`, `-11` and `-13`, [`RuleSet::hnefatafl_org`]), then the ten variants
    /// built into OpenTafl, as OpenTafl writes their rules (`sea-battle` to
    /// `magpie`).
    pub const PRESETS: [&str; 18] = [
        "brandub",
        "hnefatafl-11",
        "hnefatafl-13",
        "brandubh-online",
        "copenhagen",
        "hnefatafl-org-7",
        "hnefatafl-org-11",
        "hnefatafl-org-13",
        "sea-battle",
        "fetlar",
        "copenhagen-opentafl",
        "copenhagen-relaxed",
        "berserk",
        "brandub-opentafl",
        "tawlbwrdd",
        "tablut",
        "foteviken-tablut",
        "magpie",
    ];

    /// The preset named `name`, one of [`RuleSet::PRESETS`].
    pub fn preset(name: &str) -> Option<RuleSet> {
        match name {
            "brandub" => Some(brandub()),
            "hnefatafl-11" => Some(hnefatafl(HNEFATAFL_11_START)),
            "hnefatafl-13" => Some(hnefatafl(HNEFATAFL_13_START)),
            "brandubh-online" => Some(online::brandubh_online()),
            "copenhagen" => Some(online::copenhagen()),
            "hnefatafl-org-7" => online::hnefatafl_org(7),
            "hnefatafl-org-11" => online::hnefatafl_org(11),
            "hnefatafl-org-13" => online::hnefatafl_org(13),
            _ => opentafl::variant(name),
        }
    }

    /// The rules hnefatafl.org's engine plays on a board of `dim` (7, 11
    /// or 13), which its archive's games are replayed under; `None` for
    /// another size.
    ///
    /// ```
    /// use hirp::tafl::rules::RuleSet;
    ///
    /// assert!(!RuleSet::hnefatafl_org(7).unwrap().attackers_first);
    /// assert_eq!(RuleSet::hnefatafl_org(13).unwrap().dim, 13);
    /// assert_eq!(RuleSet::hnefatafl_org(9), None);
    /// ```
    pub fn hnefatafl_org(dim: u8) -> Option<RuleSet> {
        online::hnefatafl_org(dim)
    }

    /// The name of the preset whose rules these are, if a preset's are.
    ///
    /// ```
    /// use hirp::tafl::rules::RuleSet;
    ///
    /// let tablut = RuleSet::preset("tablut").unwrap();
    /// assert_eq!(tablut.preset_name(), Some("tablut"));
    /// ```
    pub fn preset_name(&self) -> Option<&'static str> {
        Self::PRESETS
            .into_iter()
            .find(|name| Self::preset(name).as_ref() == Some(self))
    }

    /// A line that says what the preset named `name` is, for `hirp rules`.
    ///
    /// ```
    /// use hirp::tafl::rules::RuleSet;
    ///
    /// for name in RuleSet::PRESETS {
    ///     assert!(RuleSet::preset_description(name).is_some(), "{name}");
    /// }
    /// assert_eq!(
    ///     RuleSet::preset_description("magpie"),
    ///     Some("Magpie, OpenTafl's: the king moves one square at a time")
    /// );
    /// ```
    pub fn preset_description(name: &str) -> Option<&'static str> {
        match name {
            "brandub" => Some("Brandub, as the French text of its rules gives it"),
            "hnefatafl-11" => {
                Some("Hnefatafl on 11 × 11, as the French text of its rules gives it")
            }
            "hnefatafl-13" => {
                Some("Hnefatafl on 13 × 13, as the French text of its rules gives it")
            }
            "brandubh-online" => Some("Brandubh as the archive's online games play it"),
            "copenhagen" => Some("Copenhagen as the archive's online games play it"),
            "hnefatafl-org-7" => {
                Some("hnefatafl.org's Brandubh: the defenders first, the king taken by two")
            }
            "hnefatafl-org-11" => Some("hnefatafl.org's Copenhagen: shieldwalls, exit forts"),
            "hnefatafl-org-13" => Some("hnefatafl.org's 13 × 13: Copenhagen's rules, larger"),
            _ => opentafl::VARIANTS
                .iter()
                .find(|(n, ..)| *n == name)
                .map(|(_, description, _)| *description),
        }
    }
}

fn layout(record: &str) -> Layout {
    Layout::from_opentafl(record).expect("a preset's start reads")
}

fn squares(names: &[&str]) -> BTreeSet<Square> {
    names
        .iter()
        .map(|n| n.parse().expect("a preset's square reads"))
        .collect()
}

/// Brandub, 7 × 7, as Aage Nielsen formulated it.
fn brandub() -> RuleSet {
    RuleSet {
        name: None,
        // 1. "Brandub se joue sur un plateau de 7×7 cases" (Brandub is played
        // on a board of 7 × 7 squares).
        dim: 7,
        // 11. "Le roi gagne la partie en atteignant l'une des cases d'angle
        // marquées" (the king wins the game by reaching one of the marked
        // corner squares).
        escape: Escape::Corner,
        // 11. "Les attaquants gagnent s'ils capturer le roi" (the attackers
        // win if they capture the king): no other win for them.
        surrounding_fatal: false,
        // 3. "Le côté attaquant fait le premier pas" (the attacking side makes
        // the first move).
        attackers_first: true,
        // 12. "Le jeu est nul si une position est répétée" (the game is drawn
        // if a position is repeated). Reading: on its second occurrence, the
        // start counting (`docs/rules.md#tafl-reading-a-repeated-position`).
        repetition: Repetition {
            rule: RepetitionRule::Draw,
            occurrence: 2,
        },
        // 12. "... si un joueur ne peut pas se déplacer" (... if a player
        // cannot move).
        no_move: NoMoveRule::Draw,
        // 6. "Le roi peut participer à des captures en partenariat avec un
        // défenseur" (the king may take part in captures together with a
        // defender). Reading: as hammer and anvil
        // (`docs/rules.md#tafl-reading-the-armed-king`).
        king_armed: KingArmed::Yes,
        // 8. "Lorsqu'il est sur la place centrale, le roi est capturé en
        // l'entourant de quatre côtés" (on the centre, the king is captured
        // by surrounding him on four sides); 9. "Lorsqu'il se tient à côté de
        // la place centrale, le roi peut être capturé en l'entourant sur le
        // trois côtés restants" (beside the centre, on the three other
        // sides); 10. "Ailleurs sur le plateau, le roi est capturé comme les
        // autres pièces" (elsewhere, like the other pieces).
        king_strength: KingStrength::CentreStrong,
        // No rule captures the king with his guards.
        no_repeat: None,
        no_repeat_start: true,
        ply_limit: None,
        cannot_escape: false,
        king_with_guards: false,
        corners: brandub_corners(),
        centre: brandub_centre(),
        // 7. the empty centre, hostile to the pieces; 9. and to the king
        // beside it, closing his fourth side.
        centre_hostile_when_empty: PieceSet::ALL,
        attacker_forts: no_fortress(PieceSet::DEFENDERS, PieceSet::ALL),
        defender_forts: no_fortress(PieceSet::ATTACKERS, PieceSet::DEFENDERS),
        // No rule captures a row at once, nor wins by a fort.
        shieldwall: Shieldwall::None,
        shieldwall_flank: true,
        edge_fort_escape: false,
        edge_fort_walls: FortWalls::Unbreakable,
        linnaean: false,
        speed: SpeedLimits::default(),
        // 4. "sans atterrir ni sauter par-dessus d'autres pièces" (without
        // landing on or jumping over other pieces): the king never jumps,
        // and there is no other kind of piece; no rule moves twice a turn.
        jumps: Jumps::default(),
        berserk: Berserk::No,
        // 2. "un roi et ses quatre défenseurs, et huit attaquants. Ceux-ci
        // sont placés sous la forme d'une croix" (a king and his four
        // defenders, and eight attackers, set out as a cross).
        start: layout(BRANDUB_START),
    }
}

/// Brandub's corners.
fn brandub_corners() -> Special {
    Special {
        // 1. "avec la case centrale et les cases des coins marqué" (with
        // the centre square and the corner squares marked).
        squares: squares(&["a1", "a7", "g1", "g7"]),
        // 7. "Une pièce peut également être capturée entre un ennemi et
        // ... une case d'angle" (a piece may also be captured between an
        // enemy and a corner square); 10. the king too: "Cela comprend à
        // côté des coins, où il peut être capturé entre un attaquant et le
        // coin" (this includes beside the corners, where he may be
        // captured between an attacker and the corner).
        hostile: PieceSet::ALL,
        // No move passes over a corner; OpenTafl's default.
        passable: PieceSet::KING,
        // 5. "Seul le roi peut atterrir sur les cases d'angle" (only the
        // king may land on the corner squares).
        stop: PieceSet::KING,
        reenter: PieceSet::ALL,
    }
}

/// Brandub's centre.
fn brandub_centre() -> Special {
    Special {
        squares: squares(&["d4"]),
        // 7. "entre un ennemi et la case centrale vide" (between an enemy
        // and the empty centre square): only while empty.
        hostile: PieceSet::NONE,
        // 4. "sans atterrir ni sauter par-dessus d'autres pièces" (without
        // landing on or jumping over other pieces): the empty centre is
        // no piece.
        passable: PieceSet::ALL,
        // 5. "Aucune pièce ne peut atterrir sur la case centrale, pas même
        // le roi une fois qu'il l'a quittée" (no piece may land on the
        // centre, not even the king once he has left it): the king stands
        // there at the start, and no piece enters it from outside.
        stop: PieceSet::KING,
        reenter: PieceSet::NONE,
    }
}

/// No fortress squares, with OpenTafl's defaults for them.
fn no_fortress(hostile: PieceSet, stop: PieceSet) -> Special {
    Special {
        squares: BTreeSet::new(),
        hostile,
        passable: stop,
        stop,
        reenter: PieceSet::ALL,
    }
}

/// Hnefatafl as French Wikipedia reconstructs it, from `start`.
fn hnefatafl(start: &str) -> RuleSet {
    let start = layout(start);
    // "Hnefatafl se joue sur un tablier de 11x11 cases ou de 13x13 cases"
    // (Hnefatafl is played on a board of 11 × 11 or 13 × 13 squares).
    let dim = start.dim();
    RuleSet {
        name: None,
        dim,
        // "Pour gagner, le défenseur blanc doit amener son roi sur l'une des
        // quatre forteresses situées aux coins" (to win, white must bring
        // his king to one of the four fortresses in the corners).
        escape: Escape::Corner,
        // "pour le joueur noir, de prendre le roi adverse" (for black, to take
        // the king): no other win.
        surrounding_fatal: false,
        // "Les assaillants jouent en premier" (the attackers move first).
        attackers_first: true,
        // Reading: the text has no repetition rule
        // (`docs/rules.md#tafl-reading-hnefatafls-silences`).
        repetition: Repetition {
            rule: RepetitionRule::Ignored,
            occurrence: 3,
        },
        // Reading: a side that cannot move loses, as in the tafl games
        // played today (`docs/rules.md#tafl-reading-hnefatafls-silences`).
        no_move: NoMoveRule::Loses,
        // "Le roi peut participer à battre un pion adverse" (the king may take
        // part in taking an enemy piece).
        king_armed: KingArmed::Yes,
        // "il faut l'entourer sur ses quatre côtés" (he must be surrounded on
        // his four sides); "Si le roi est sur un bord, trois pions suffisent"
        // (on an edge, three pieces suffice); "un roi qui touche sa forteresse
        // centrale avec trois pions seulement" (a king touching his central
        // fortress, with three only); "Un roi qui touche une forteresse de coin
        // peut même être capturé avec deux pions seulement" (a king touching a
        // corner fortress, with two only): every side closed, the edge and
        // the fortresses closing.
        king_strength: KingStrength::Middleweight,
        // "Pour capturer un roi qui se regroupe avec un ou plusieurs de ses
        // partisans, l'assaillant doit entourer la totalité du groupe" (to
        // capture a king grouped with one or more of his followers, the
        // attacker must surround the whole group).
        no_repeat: None,
        no_repeat_start: true,
        ply_limit: None,
        cannot_escape: false,
        king_with_guards: true,
        corners: hnefatafl_corners(dim),
        centre: hnefatafl_centre(dim),
        // "pris en tenailles par un adversaire et une forteresse" (between an
        // enemy and a fortress), and the king touching it, above.
        centre_hostile_when_empty: PieceSet::ALL,
        attacker_forts: no_fortress(PieceSet::DEFENDERS, PieceSet::ALL),
        defender_forts: no_fortress(PieceSet::ATTACKERS, PieceSet::DEFENDERS),
        // No rule captures a row at once, nor wins by a fort.
        shieldwall: Shieldwall::None,
        shieldwall_flank: true,
        edge_fort_escape: false,
        edge_fort_walls: FortWalls::Unbreakable,
        linnaean: false,
        speed: SpeedLimits::default(),
        // No rule lets a piece jump, nor move twice a turn; there are only
        // pions and the king.
        jumps: Jumps::default(),
        berserk: Berserk::No,
        // "Le roi est défendu par sa garde constituée de 12 petits pions
        // blancs. Le camp des assaillants est constitué de 24 pions noirs" (the
        // king is defended by his guard of 12 white pieces; the attackers are
        // 24 black pieces), on 11 × 11.
        start,
    }
}

/// Hnefatafl's corners on a board of side `dim`.
fn hnefatafl_corners(dim: u8) -> Special {
    Special {
        squares: corner_squares(dim),
        // "Un pion est également battu s'il se retrouve pris en tenailles
        // par un adversaire et une forteresse" (a piece is also taken
        // between an enemy and a fortress); the king too, above.
        hostile: PieceSet::ALL,
        passable: PieceSet::KING,
        // "Les assaillants ne peuvent accéder aux quatre forteresses
        // situées aux coins" (the attackers may not enter the four corner
        // fortresses). Reading: nor the guards
        // (`docs/rules.md#tafl-reading-the-fortresses-and-the-guards`).
        stop: PieceSet::KING,
        reenter: PieceSet::ALL,
    }
}

/// Hnefatafl's centre on a board of side `dim`.
fn hnefatafl_centre(dim: u8) -> Special {
    Special {
        squares: BTreeSet::from([centre_square(dim)]),
        // Reading: the occupied centre holds the king, who captures as a
        // piece; the fortress itself is hostile while empty
        // (`docs/rules.md#tafl-reading-the-occupied-centre`).
        hostile: PieceSet::NONE,
        // "Mais ils peuvent passer au-dessus de la case centrale si elle
        // est libre" (but they may pass over the centre if it is empty).
        passable: PieceSet::ALL,
        // "ni à la forteresse centrale où le roi commence la partie" (nor
        // the central fortress where the king starts). Reading: nor the
        // guards (`docs/rules.md#tafl-reading-the-fortresses-and-the-guards`).
        stop: PieceSet::KING,
        // Nothing forbids the king's return.
        reenter: PieceSet::ALL,
    }
}

/// The four corners of a board of side `dim`.
fn corner_squares(dim: u8) -> BTreeSet<Square> {
    let last = dim - 1;
    [(0, 0), (0, last), (last, 0), (last, last)]
        .into_iter()
        .map(|(f, r)| Square::new(f, r).expect("a board of at most 19"))
        .collect()
}

/// The middle square of a board of odd side `dim`.
fn centre_square(dim: u8) -> Square {
    Square::new(dim / 2, dim / 2).expect("a board of at most 19")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tafl::{Piece, Side};

    #[test]
    fn presets_are_found_by_name_and_can_be_played() {
        for name in RuleSet::PRESETS {
            let rules = RuleSet::preset(name).unwrap();
            rules.check().unwrap();
            let (read, warnings) = RuleSet::from_opentafl(&rules.to_string()).unwrap();
            assert_eq!(read, rules, "{name}: {rules}");
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
        }
        assert_eq!(RuleSet::preset("berserk-11"), None);
        assert_eq!(RuleSet::preset_description("berserk-11"), None);
    }

    /// OpenTafl's variants are the rules strings it writes, read back as
    /// they are: the name, and every entry OpenTafl's defaults leave out.
    #[test]
    fn opentafls_variants_are_the_strings_it_writes() {
        for (name, _, text) in opentafl::VARIANTS {
            let (written, warnings) = RuleSet::from_opentafl(text).unwrap();
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
            assert_eq!(RuleSet::preset(name), Some(written), "{name}");
        }
        let magpie = RuleSet::preset("magpie").unwrap();
        assert_eq!(magpie.name.as_deref(), Some("Magpie"));
        assert!(!magpie.speed.is_none());
        assert!(RuleSet::preset("tablut").unwrap().linnaean);
    }

    #[test]
    fn the_starts_count_their_pieces() {
        let count = |rules: &RuleSet, side, piece| {
            rules
                .start
                .pieces()
                .filter(|&(_, s, p)| (s, p) == (side, piece))
                .count()
        };
        for (name, attackers, guards) in [
            ("brandub", 8, 4),
            ("hnefatafl-11", 24, 12),
            ("hnefatafl-13", 32, 16),
            ("brandubh-online", 8, 4),
            ("copenhagen", 24, 12),
        ] {
            let rules = RuleSet::preset(name).unwrap();
            assert_eq!(
                count(&rules, Side::Attackers, Piece::Taflman),
                attackers,
                "{name}"
            );
            assert_eq!(
                count(&rules, Side::Defenders, Piece::Taflman),
                guards,
                "{name}"
            );
            assert_eq!(count(&rules, Side::Defenders, Piece::King), 1, "{name}");
            let centre = rules.centre.squares.iter().next().copied().unwrap();
            assert_eq!(
                rules.start.get(centre),
                Some((Side::Defenders, Piece::King))
            );
        }
    }

    #[test]
    fn the_presets_print_as_rules_strings() {
        assert_eq!(
            RuleSet::preset("brandub").unwrap().to_string(),
            "dim:7 surf:n rpt:2 nomv:d ks:c cenh: cenre: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        );
        assert_eq!(
            RuleSet::preset("hnefatafl-11").unwrap().to_string(),
            format!("dim:11 surf:n tfr:i ks:m kgrp:y cenh: start:{HNEFATAFL_11_START}")
        );
    }
}
