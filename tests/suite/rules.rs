//! The rules engine on its own: steps, battles, the Penningr, victories.

use hirp::hirp::rules::{
    Arrival, FighterKind, HIRTHS, KARVES, Mover, Offer, PenningrError, Position, Step, StepError,
    Tiebreak,
};
use hirp::hirp::{PieceKind, Side, Space, VictoryKind};
use proptest::prelude::*;

use Space::*;

/// Plays steps for the side to move, panicking on a refusal.
fn play(pos: &mut Position, steps: &[Step]) {
    for &step in steps {
        pos.play(step)
            .unwrap_or_else(|e| panic!("{step:?} refused: {e}"));
    }
}

/// Fights the battles with every attacker advancing and each losing
/// Lofðungr taking its first retreat, then ends the turn.
fn finish_turn(pos: &mut Position) {
    let battles = pos.battles();
    for battle in &battles {
        pos.fight(battle);
    }
    for side in Side::ALL {
        if pos.retreat_pending(side).is_some() {
            let to = pos.retreats(side).first().copied();
            pos.retreat(side, to);
        }
    }
    if pos.result().is_none() {
        for battle in &battles {
            pos.advance(battle, &vec![true; battle.attackers.len()]);
        }
        pos.end_turn();
    }
}

const HE: Step = Step::Enter(PieceKind::Hirth);
const KE: Step = Step::Enter(PieceKind::Karve);

fn hirth(from: Space, to: Space) -> Step {
    Step::Move {
        piece: Mover::Hirth(from),
        to,
    }
}

fn lofdungr(to: Space) -> Step {
    Step::Move {
        piece: Mover::Lofdungr,
        to,
    }
}

#[test]
fn the_start() {
    let pos = Position::new();
    assert_eq!(pos.to_move(), Side::Gull);
    assert_eq!(pos.army(Side::Gull).lofdungr.at, Some(GullHome));
    assert_eq!(pos.army(Side::Silfr).lofdungr.at, Some(SilfrHome));
    assert_eq!(pos.army(Side::Gull).hirth_supply(), HIRTHS);
    assert_eq!(pos.army(Side::Gull).karve_supply(), KARVES as u8);
    assert_eq!(pos.penningr().multiplier(), 1);
}

#[test]
fn moving_into_own_empty_and_enemy_spaces() {
    let mut pos = Position::new();
    // Into an own space (the Lofðungr's home) the Hirþ may go on.
    assert_eq!(pos.play(HE), Ok(Arrival::Own));
    // Into an empty space it stops...
    assert_eq!(
        pos.play(hirth(GullHome, GullNordrDelta)),
        Ok(Arrival::Stopped)
    );
    // ...and moves no more this turn.
    assert_eq!(
        pos.play(hirth(GullNordrDelta, GullNordrArchipelago)),
        Err(StepError::Stopped {
            kind: PieceKind::Hirth,
            at: GullNordrDelta
        })
    );
    // The Lofðungr walks through the space its Hirþ holds.
    assert_eq!(pos.play(lofdungr(GullNordrDelta)), Ok(Arrival::Own));
    assert_eq!(
        pos.play(lofdungr(GullNordrArchipelago)),
        Ok(Arrival::Stopped)
    );
    assert_eq!(pos.steps(), 4);
}

#[test]
fn a_failed_step_leaves_the_position_unchanged() {
    let mut pos = Position::new();
    let before = pos;
    assert_eq!(
        pos.play(Step::Enter(PieceKind::Lofdungr)),
        Err(StepError::LofdungrEnters)
    );
    assert_eq!(
        pos.play(lofdungr(Midr)),
        Err(StepError::NotAdjacent {
            from: GullHome,
            to: Midr
        })
    );
    assert_eq!(pos, before);
}

#[test]
fn five_steps_a_turn() {
    let mut pos = Position::new();
    play(&mut pos, &[HE, HE, HE, HE, HE]);
    assert_eq!(pos.play(HE), Err(StepError::TurnOver));
}

#[test]
fn karves_enter_empty_and_carry_crews() {
    let mut pos = Position::new();
    play(&mut pos, &[KE]);
    let karve = pos
        .army(Side::Gull)
        .karves
        .iter()
        .position(|k| k.at.is_some())
        .unwrap();
    let id = hirp::hirp::rules::KarveId(karve as u8);
    play(
        &mut pos,
        &[
            HE,
            Step::Board {
                at: GullHome,
                stopped: false,
                karve: id,
            },
        ],
    );
    assert_eq!(pos.army(Side::Gull).karves[karve].crew, 1);
    // A Karve moving into an empty space stops, its crew with it.
    play(
        &mut pos,
        &[Step::Move {
            piece: Mover::Karve(id),
            to: GullSudrDelta,
        }],
    );
    assert_eq!(
        pos.play(Step::Leave {
            karve: id,
            stopped: false
        }),
        Err(StepError::NoHirthToLeave { at: GullSudrDelta })
    );
    // A stopped Hirþ may still leave (it does not move further).
    assert_eq!(
        pos.play(Step::Leave {
            karve: id,
            stopped: true
        }),
        Ok(Arrival::Own)
    );
}

#[test]
fn the_supply_runs_out() {
    let mut pos = Position::new();
    for _ in 0..3 {
        play(&mut pos, &[HE, HE, HE, HE, HE]);
        finish_turn(&mut pos);
        play(&mut pos, &[HE, HE, HE, HE, HE]);
        finish_turn(&mut pos);
    }
    assert_eq!(pos.army(Side::Gull).hirth_supply(), 0);
    assert_eq!(
        pos.play(HE),
        Err(StepError::SupplyEmpty {
            kind: PieceKind::Hirth
        })
    );
}

/// Gull's Hirþ and Lofðungr against Silfr's lone Lofðungr: each side's
/// Lofðungr faces the other's across 7.
fn lofdungr_duel() -> Position {
    let mut pos = Position::new();
    // G1: the Lofðungr walks to 1 and stops; four Hirþs enter.
    play(&mut pos, &[lofdungr(GullNordrDelta), HE, HE, HE, HE]);
    finish_turn(&mut pos);
    // S1: Silfr's Lofðungr to 7, four Hirþs.
    play(&mut pos, &[lofdungr(SilfrNordrDelta), HE, HE, HE, HE]);
    finish_turn(&mut pos);
    pos
}

#[test]
fn a_lone_lofdungr_breaks_a_tie() {
    let mut pos = lofdungr_duel();
    // G2: the Lofðungr 1 → 3 (stops); nothing else moves far.
    play(&mut pos, &[lofdungr(GullNordrArchipelago), HE, HE, HE, HE]);
    finish_turn(&mut pos);
    // S2: a Silfr Hirþ walks 9 → 7 (own) → 5 (empty, stops); four more enter.
    play(
        &mut pos,
        &[
            hirth(SilfrHome, SilfrNordrDelta),
            hirth(SilfrNordrDelta, SilfrNordrArchipelago),
            HE,
            HE,
            HE,
        ],
    );
    finish_turn(&mut pos);
    // G3: Gull's Lofðungr on 3 attacks Silfr's Hirþ on 5: 1 against 1, and
    // only Gull has a Lofðungr in the battle.
    play(&mut pos, &[lofdungr(SilfrNordrArchipelago), HE, HE, HE, HE]);
    let battles = pos.battles();
    assert_eq!(battles.len(), 1);
    let battle = &battles[0];
    assert_eq!((battle.attack, battle.defence), (1, 1));
    assert_eq!(battle.winner, Side::Gull);
    assert_eq!(battle.tiebreak, Some(Tiebreak::Lofdungr(Side::Gull)));
    let removed = pos.army(Side::Silfr).removed;
    finish_turn(&mut pos);
    assert_eq!(pos.army(Side::Silfr).removed, removed + 1);
    assert_eq!(
        pos.army(Side::Gull).lofdungr.at,
        Some(SilfrNordrArchipelago)
    );
}

#[test]
fn the_defender_wins_a_tie_without_a_lone_lofdungr() {
    let mut pos = lofdungr_duel();
    play(&mut pos, &[HE, HE, HE, hirth(GullHome, GullSudrDelta), HE]);
    finish_turn(&mut pos);
    // S2: Silfr's Lofðungr 7 → 5, stops.
    play(&mut pos, &[lofdungr(SilfrNordrArchipelago), HE, HE, HE, HE]);
    finish_turn(&mut pos);
    // G3: Gull's Lofðungr 1 → 3 (empty: stops) — it cannot attack this turn;
    // a Hirþ walks 0 → 2 (own) → 4 (stops).
    play(
        &mut pos,
        &[
            lofdungr(GullNordrArchipelago),
            hirth(GullHome, GullSudrDelta),
            hirth(GullSudrDelta, GullSudrArchipelago),
            HE,
            HE,
        ],
    );
    finish_turn(&mut pos);
    // S3: Silfr's Lofðungr on 5 attacks Gull's Lofðungr on 3: both Ls, a tie,
    // the defender wins and the attacking Lofðungr retreats.
    play(&mut pos, &[lofdungr(GullNordrArchipelago), HE, HE, HE, HE]);
    let battle = &pos.battles()[0];
    assert_eq!(battle.tiebreak, Some(Tiebreak::Defender));
    assert_eq!(battle.winner, Side::Gull);
    pos.fight(&battle.clone());
    assert!(pos.retreats(Side::Silfr).contains(&SilfrNordrArchipelago));
}

#[test]
fn penningr_offers_and_answers() {
    let mut pos = Position::new();
    assert_eq!(
        pos.offer(Side::Gull, Offer::Triple),
        Err(PenningrError::TripleBeforeDouble)
    );
    pos.offer(Side::Silfr, Offer::Double).unwrap();
    assert_eq!(
        pos.answer(Side::Silfr, true),
        Err(PenningrError::OwnOffer {
            by: Side::Silfr,
            other: Side::Gull
        })
    );
    assert_eq!(pos.answer(Side::Gull, true), Ok(None));
    assert_eq!(pos.penningr().holder, Some(Side::Gull));
    assert_eq!(pos.penningr().multiplier(), 2);
    assert_eq!(
        pos.offer(Side::Silfr, Offer::Triple),
        Err(PenningrError::NotHolder { holder: Side::Gull })
    );
    pos.offer(Side::Gull, Offer::Triple).unwrap();
    let won = pos.answer(Side::Silfr, false).unwrap().unwrap();
    assert_eq!(won.winner, Side::Gull);
    assert_eq!(won.kind, VictoryKind::RefusedTriple);
    assert_eq!(won.points(), 2);
    assert_eq!(pos.result(), Some(won));
    assert_eq!(pos.play(HE), Err(StepError::GameOver));
}

#[test]
fn victory_points_and_names() {
    let victory = hirp::hirp::rules::Victory {
        winner: Side::Silfr,
        kind: VictoryKind::Drepid,
        multiplier: 2,
    };
    assert_eq!(victory.points(), 10);
    assert_eq!(
        victory.to_string(),
        "Silfr wins by Drepið, doubled: 10 points"
    );
    let refused = hirp::hirp::rules::Victory {
        kind: VictoryKind::RefusedDouble,
        ..victory
    };
    assert_eq!(refused.points(), 1);
    assert_eq!(
        refused.to_string(),
        "Silfr wins by a refused double: 1 point"
    );
}

#[test]
fn shortest_paths_go_through_own_spaces() {
    let mut pos = Position::new();
    play(&mut pos, &[HE, hirth(GullHome, GullNordrDelta)]);
    // 0 → 1 (own) → 3: two steps.
    let path = pos.shortest_path(GullHome, GullNordrArchipelago).unwrap();
    assert_eq!(path.spaces(), [GullNordrDelta, GullNordrArchipelago]);
    // 2 is empty: no path through it to 4.
    assert!(pos.shortest_path(GullHome, SilfrSudrArchipelago).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games of legal steps: every legal step plays, a refused step
    /// leaves the position as it was, no piece is made, and between turns no
    /// space is shared and nothing stays stopped or on a line.
    #[test]
    fn random_legal_games_keep_the_rules(choices in prop::collection::vec(any::<u16>(), 200)) {
        let mut pos = Position::new();
        let mut choices = choices.into_iter();
        'game: for _turn in 0..40 {
            for _ in 0..5 {
                let legal = pos.legal_steps();
                if legal.is_empty() {
                    break 'game;
                }
                let pick = choices.next().unwrap_or(0) as usize % legal.len();
                let before = pos;
                prop_assert_eq!(pos.play(Step::Enter(PieceKind::Lofdungr)), Err(StepError::LofdungrEnters));
                prop_assert_eq!(pos, before);
                prop_assert!(pos.play(legal[pick]).is_ok());
                for side in Side::ALL {
                    let army = pos.army(side);
                    let bits = Space::ALL
                        .into_iter()
                        .filter(|&s| army.controls(s))
                        .fold(0u16, |bits, s| bits | 1 << s.index());
                    prop_assert_eq!(army.controlled(), bits);
                }
            }
            for battle in pos.battles() {
                let power: u8 = battle.attackers.iter().map(|f| f.power()).sum();
                prop_assert_eq!(power, battle.attack);
                prop_assert!(!battle.attackers.is_empty());
                prop_assert!(battle.defenders.iter().all(|f| f.side != battle.attacker && f.from == battle.space));
                prop_assert!(battle.attackers.iter().all(|f| hirp::hirp::rules::board::adjacent(f.from, battle.space)));
                let has_l = battle.attackers.iter().chain(&battle.defenders).any(|f| f.kind == FighterKind::Lofdungr);
                prop_assert!(battle.tiebreak.is_none() || battle.attack == battle.defence || has_l);
            }
            finish_turn(&mut pos);
            if pos.result().is_some() {
                break;
            }
            for side in Side::ALL {
                let army = pos.army(side);
                prop_assert!(army.hirths_on_board() + army.removed <= HIRTHS);
                prop_assert!(army.stopped.iter().all(|&n| n == 0));
                prop_assert!(army.attacking.iter().all(|&n| n == 0));
                for karve in &army.karves {
                    prop_assert!(karve.crew <= 4);
                    prop_assert!(karve.at.is_some() || karve.crew == 0);
                    prop_assert!(karve.attacking.is_none() && !karve.stopped);
                }
                prop_assert_eq!(army.karves.len(), KARVES);
            }
            for space in Space::ALL {
                prop_assert!(!(pos.army(Side::Gull).controls(space) && pos.army(Side::Silfr).controls(space)));
            }
            if pos.result().is_some() {
                break;
            }
        }
    }
}
