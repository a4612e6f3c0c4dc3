//! The presets of the games played online: `brandubh-online` and
//! `copenhagen`, the rules the two archives of real games were played
//! under, as replaying every game of them measures
//! (`docs/rules.md#tafl-the-online-presets`). Each field cites what it
//! encodes: the rule the replay confirms, or, where the games decide
//! nothing, a reading named as such.

use std::collections::BTreeSet;

use super::{
    BRANDUB_START, HNEFATAFL_11_START, centre_square, corner_squares, layout, no_fortress,
};
use crate::tafl::rules::pieces::PieceSet;
use crate::tafl::rules::ruleset::{
    Berserk, Escape, FortWalls, Jumps, KingArmed, KingStrength, NoMoveRule, Repetition,
    RepetitionRule, RuleSet, Shieldwall, Special,
};
use crate::tafl::rules::speed::SpeedLimits;
use crate::tafl::{Piece, Side};

/// No repetition rule: no game of either archive ends on a repeated
/// position, and some repeat one three times and go on.
const NO_REPETITION: Repetition = Repetition {
    rule: RepetitionRule::Ignored,
    occurrence: 3,
};

/// Brandubh as played online (`docs/rules.md#tafl-brandubh-online`).
pub(super) fn brandubh_online() -> RuleSet {
    RuleSet {
        name: None,
        dim: 7,
        // The king escapes to a corner.
        escape: Escape::Corner,
        // Reading: the attackers win only by capturing the king; no game
        // of the archive is encircled
        // (`docs/rules.md#tafl-brandubh-online`).
        surrounding_fatal: false,
        // The attackers (black) move first.
        attackers_first: true,
        repetition: NO_REPETITION,
        // A side that cannot move loses, as the one game that ends so is
        // scored.
        no_move: NoMoveRule::Loses,
        // The king captures, as hammer and as anvil.
        king_armed: KingArmed::Yes,
        // Four attackers on the centre, three beside it, two elsewhere.
        king_strength: KingStrength::CentreStrong,
        no_repeat: None,
        no_repeat_start: true,
        ply_limit: None,
        cannot_escape: false,
        king_with_guards: false,
        corners: Special {
            squares: corner_squares(7),
            // Hostile to all: the king beside a corner is taken by one
            // attacker against it.
            hostile: PieceSet::ALL,
            passable: PieceSet::KING,
            stop: PieceSet::KING,
            reenter: PieceSet::ALL,
        },
        centre: Special {
            squares: BTreeSet::from([centre_square(7)]),
            // Hostile only while empty.
            hostile: PieceSet::NONE,
            // Any piece passes over the empty centre.
            passable: PieceSet::ALL,
            // Only the king stops there, and he may come back.
            stop: PieceSet::KING,
            reenter: PieceSet::ALL,
        },
        // The empty centre is hostile to the soldiers of both sides, and
        // closes the side of a king beside it.
        centre_hostile_when_empty: soldiers().with(Side::Defenders, Piece::King),
        attacker_forts: no_fortress(PieceSet::DEFENDERS, PieceSet::ALL),
        defender_forts: no_fortress(PieceSet::ATTACKERS, PieceSet::DEFENDERS),
        shieldwall: Shieldwall::None,
        shieldwall_flank: true,
        edge_fort_escape: false,
        edge_fort_walls: FortWalls::Unbreakable,
        linnaean: false,
        speed: SpeedLimits::default(),
        // Taflmen and a king, who never jumps; no berserk move.
        jumps: Jumps::default(),
        berserk: Berserk::No,
        // The cross, as Brandub's.
        start: layout(BRANDUB_START),
    }
}

/// Copenhagen Hnefatafl, 11 × 11 (`docs/rules.md#tafl-copenhagen`).
pub(super) fn copenhagen() -> RuleSet {
    RuleSet {
        name: None,
        dim: 11,
        // The king escapes to a corner.
        escape: Escape::Corner,
        // The attackers win by encircling every defender.
        surrounding_fatal: true,
        // The attackers (black) move first.
        attackers_first: true,
        repetition: NO_REPETITION,
        // A side that cannot move loses.
        no_move: NoMoveRule::Loses,
        // The king captures, as hammer and as anvil.
        king_armed: KingArmed::Yes,
        // Four sides, or three and the empty centre; never on the edge.
        king_strength: KingStrength::Strong,
        no_repeat: None,
        no_repeat_start: true,
        ply_limit: None,
        cannot_escape: false,
        king_with_guards: false,
        corners: Special {
            squares: corner_squares(11),
            // Hostile to the soldiers; the king beside a corner stands on
            // the edge, where he is never captured.
            hostile: soldiers(),
            passable: PieceSet::KING,
            stop: PieceSet::KING,
            reenter: PieceSet::ALL,
        },
        centre: Special {
            squares: BTreeSet::from([centre_square(11)]),
            // While the king stands on it, hostile to the attackers only:
            // his guards beside him are safe.
            hostile: PieceSet::ATTACKERS,
            // Any piece passes over the empty centre.
            passable: PieceSet::ALL,
            // Only the king stops there, and he may come back.
            stop: PieceSet::KING,
            reenter: PieceSet::ALL,
        },
        // The empty centre is hostile to all, closing a side of the king.
        centre_hostile_when_empty: PieceSet::ALL,
        attacker_forts: no_fortress(PieceSet::DEFENDERS, PieceSet::ALL),
        defender_forts: no_fortress(PieceSet::ATTACKERS, PieceSet::DEFENDERS),
        // Shieldwalls, a corner closing one end, taken by the move to an
        // end.
        shieldwall: Shieldwall::Strong,
        shieldwall_flank: true,
        // The defenders win by an exit fort.
        edge_fort_escape: true,
        edge_fort_walls: FortWalls::Unbreakable,
        linnaean: false,
        speed: SpeedLimits::default(),
        // Taflmen and a king, who never jumps; no berserk move.
        jumps: Jumps::default(),
        berserk: Berserk::No,
        // The usual 11 × 11 layout.
        start: layout(HNEFATAFL_11_START),
    }
}

/// The engine's 13 × 13 start: seven attackers on each edge's middle and
/// one before them, the king among sixteen defenders in a cross.
const HNEFATAFL_ORG_13_START: &str =
    "/3ttttttt3/6t6/13/t5T5t/t5T5t/t4TTT4t/tt1TTTKTTT1tt/t4TTT4t/t5T5t/t5T5t/13/6t6/3ttttttt3/";

/// The rules hnefatafl.org plays on a board of `dim`
/// (`docs/rules.md#tafl-hnefataflorg`): Brandubh on 7 × 7 with the
/// defenders first, Copenhagen on 11 × 11, and Copenhagen's rules on
/// 13 × 13 from the engine's own start.
pub(super) fn hnefatafl_org(dim: u8) -> Option<RuleSet> {
    let board = match dim {
        7 => RuleSet {
            // The engine's Brandubh: the defenders move first.
            attackers_first: false,
            // The attackers win by encircling every defender, as on the
            // larger boards.
            surrounding_fatal: true,
            // Four attackers around the king on the throne, two in line
            // elsewhere, beside the throne too.
            king_strength: KingStrength::ThroneStrong,
            // Only attackers close the king's sides: the corners and the
            // empty throne are hostile to the soldiers alone.
            corners: Special {
                hostile: soldiers(),
                ..brandubh_online().corners
            },
            centre_hostile_when_empty: soldiers(),
            ..brandubh_online()
        },
        11 => copenhagen(),
        13 => RuleSet {
            dim: 13,
            corners: Special {
                squares: corner_squares(13),
                ..copenhagen().corners
            },
            centre: Special {
                squares: BTreeSet::from([centre_square(13)]),
                ..copenhagen().centre
            },
            start: layout(HNEFATAFL_ORG_13_START),
            ..copenhagen()
        },
        _ => return None,
    };
    Some(RuleSet {
        // On every board, the defenders may not move into a position
        // reached before (`src/board.rs`, `Board::legal_move`); the start
        // is among those positions on 11 × 11 alone, the server's games
        // starting their list of boards with the 11 × 11 start whatever
        // their size (`src/server_game.rs`, `ServerGame::new`).
        no_repeat: Some(Side::Defenders),
        no_repeat_start: dim == 11,
        // A game no play has ended is drawn by its 133rd play: the
        // engine's `MAX_TURNS` (`src/board.rs`), against the number of
        // records before the play, the server's leading `None` among them.
        ply_limit: Some(133),
        // The attackers win once the engine judges that the king cannot
        // escape, after every play that leaves the game going, on every
        // board (`src/game.rs`, `Game::play`; `src/board.rs`,
        // `Board::can_not_escape`).
        cannot_escape: true,
        // Exit forts as the engine judges them, after either side's move
        // (`src/board.rs`, `Board::exit_forts`); 7 × 7 has none.
        edge_fort_walls: if dim == 7 {
            FortWalls::Unbreakable
        } else {
            FortWalls::Flanked
        },
        ..board
    })
}

/// The taflmen of both sides, `tT`.
fn soldiers() -> PieceSet {
    PieceSet::NONE
        .with(Side::Attackers, Piece::Taflman)
        .with(Side::Defenders, Piece::Taflman)
}
