//! The codes of what the replayer reports, and the problems it builds from
//! the faults of written steps and Penningr actions.

use super::battles::hirths;
use super::repair::Fix;
use super::written::Fault;
use crate::core::Edit;
pub(crate) use crate::core::diagnostic::{Problem, one_of};
use crate::hirp::rules::{PenningrError, Position, StepError};
use crate::hirp::syntax::ast::{self, Action, PenningrAction, Piece};
use crate::hirp::types::Side;
use crate::hirp::types::Space;

crate::core::diagnostic::problem_kinds! {
    "hirp::";
    /// The kinds of problem the replayer finds. Each has a stable code
    /// `hirp::<area>::<name>` and a default severity; the doc of each gives
    /// a record line that triggers it (a fixture named after the code holds
    /// a whole game).
    ProblemKind {
        /// `[Position "L/-/-/Q/-/-/-/-/-/l/-/- gull 1"]`: a position tag
        /// that does not read (`grammar/hirp-position.ebnf`). The game's
        /// turns are not judged.
        PositionInvalid = "position::invalid", Error, "the position tag does not set up a game";
        /// A label that is not the turn's: `S4` for the third round.
        TurnLabel = "turn::label", Error, "this turn's label is not its place in the game";
        /// A turn of the side that just moved: `G1 ...` then `G2 ...`.
        WrongSide = "turn::wrong_side", Error, "it is the other player's turn";
        /// A turn that is not five steps: `G1 KeHei /` (three).
        StepCount = "turn::step_count", Error, "a turn is exactly five steps";
        /// A turn after the game was won.
        AfterEnd = "turn::after_end", Error, "the game is already over";
        /// A turn the replay cannot follow, after a line or token it could not read.
        Unread = "turn::unread", Advice, "the replay of this game stops here";
        /// No such piece on the space named: `G1 H03HeiHei /`.
        NoPiece = "step::no_piece", Error, "there is no such piece there";
        /// A Karve named with the wrong crew: `S3 L9>6HeiKh97 ...`.
        Crew = "step::crew", Error, "no Karve there carries that crew";
        /// A move with no path through own spaces: `G1 He5HeiHei /`.
        NoPath = "step::no_path", Error, "no path through the mover's own spaces leads there";
        /// A piece moving again after stopping on an empty space: `G2 L01L13Hei /`.
        Stopped = "step::stopped", Error, "the piece stopped on an empty space this turn";
        /// A Karve moving with a Hirþ that stopped this turn aboard.
        StoppedCrew = "step::stopped_crew", Error, "the Karve carries a Hirþ that stopped this turn";
        /// A piece acting again after attacking: `G4 L1>6L6m ...`.
        OnLine = "step::on_line", Error, "the piece stands on a line to attack";
        /// An attack written without `>`: `S5 Khh3mL64KeHei >mGLx`.
        AttackWithoutMarker = "step::attack_without_marker", Warning, "an attack is written with `>`";
        /// `>` on a move into a space the opponent does not hold: `G2 L0>1HeiKhhh03 /`.
        NotAnAttack = "step::not_an_attack", Error, "`>` marks an attack, and the opponent does not hold that space";
        /// A sixteenth Hirþ or a fourth Karve entering.
        SupplyEmpty = "step::supply_empty", Error, "the supply is empty";
        /// Entering while the opponent holds the home space.
        HomeHeld = "step::home_held", Error, "the opponent holds the home space";
        /// A Karve entering with a crew: `S5 Khh3>mL64Khei >mGLx`.
        MannedKarveEnters = "step::manned_karve_enters", Error, "a Karve always enters empty";
        /// A Lofðungr entering: `G1 LeHeiHei /`.
        LofdungrEnters = "step::lofdungr_enters", Error, "a Lofðungr never enters";
        /// A Lofðungr or a Karve boarding: `G2 LiHeiKhhh03 /`.
        OnlyHirthBoards = "step::only_hirth_boards", Error, "only a Hirþ boards a Karve";
        /// A Lofðungr or a Karve leaving a Karve: `G3 Lv3mHv3>6 ...`.
        OnlyHirthLeaves = "step::only_hirth_leaves", Error, "only a Hirþ leaves a Karve";
        /// `Hi` or `Hei` with no Karve to board: `G1 HeiKeHei /`.
        NothingToBoard = "step::nothing_to_board", Error, "no Hirþ can board a Karve there";
        /// `Hi` where Hirþs could board on more than one space.
        AmbiguousBoarding = "step::ambiguous_boarding", Error, "a Hirþ could board on more than one space";
        /// Boarding a Karve that carries four Hirþs.
        KarveFull = "step::karve_full", Error, "the Karve carries four Hirþs, its most";
        /// `Hv3` with no manned Karve on 3: `G2 Hv3HeiKhhh03 /`.
        NoKarveToLeave = "step::no_karve_to_leave", Error, "no manned Karve stands there";
        /// A move to the space it starts from: `G2 L00HeiKhhh03 /`.
        SameSpace = "step::same_space", Error, "a move goes to another space";
        /// An attack with no battle record: `G3 Hv3mHv3>6 /`.
        BattleMissing = "battle::missing", Error, "an attacked space has no battle record";
        /// A battle record for a space nobody attacked: `G2 L01HeiKhhh03 >1GL1`.
        BattleUnexpected = "battle::unexpected", Error, "nobody attacked this space";
        /// Battles recorded after a refusal ended the game.
        BattleNotFought = "battle::not_fought", Error, "the game ended with the refusal; no battle was fought";
        /// A battle given to the wrong side: `G3 Hv3mHv3>6 >6SK6GHx`.
        BattleWinner = "battle::winner", Error, "the battle is won by the other side";
        /// A piece given the wrong fate: `>6SKxGH6` (a Karve is removed from play, `^`).
        Fate = "battle::fate", Error, "this piece's fate is not what the rules give";
        /// A Karve in a battle written with the wrong crew: `>3GK^SKhh3`.
        BattleCrew = "battle::crew", Error, "the Karve's crew is miscounted";
        /// A losing piece left out: `G3 Hv3mHv3>6 >6GH6`.
        MissingFighter = "battle::missing_fighter", Error, "every losing piece is listed with its fate";
        /// A winning piece left out: it stays where it stood.
        UnlistedWinner = "battle::unlisted", Warning, "a winning piece is not listed; it stays where it stood";
        /// A piece listed that did not fight: `>6SK^GH6GL6`.
        UnknownFighter = "battle::unknown_fighter", Error, "this piece did not fight in this battle";
        /// A won attack in which no attacker enters the space: `>6SK^GHm`.
        NoAdvance = "battle::no_advance", Error, "at least one winning attacker enters the conquered space";
        /// A won attack that ended the game, written with no attacker entering
        /// the space: `S5 Khh3>mL64KeHei >mGLx` in the rulebook's example.
        EndedWithoutAdvance = "battle::ended_without_advance", Advice, "the game ended in this battle, so the record may leave the advance out";
        /// A Lofðungr retreating where it may not, or not retreating when it can.
        Retreat = "battle::retreat", Error, "the Lofðungr cannot retreat there";
        /// Battles not in board order: `>6GHxSL6 >3GKh^SKhh3`.
        BattleOrder = "battle::order", Warning, "battles are written in board order, 0 to 9 then m";
        /// Attackers written before defenders: `>6GH6SK^`.
        DefenderFirst = "battle::defender_first", Warning, "the defender's pieces are written first";
        /// Two Karves on a space other than a home at the end of a turn.
        Crowded = "karve::crowded", Error, "only a home space holds more than one Karve at the end of a turn";
        /// A game of a match after a player reached five points.
        MatchAfterEnd = "match::after_end", Error, "the match is already over";
        /// A game of a match after one that has no result.
        MatchUnfinished = "match::unfinished", Error, "a match game ends before the next begins";
        /// `[Gull]` and `[Silfr]` tags that do not swap between two games of a match.
        MatchColours = "match::colours", Error, "the players swap colours each game";
        /// A `[Result]` tag that does not read: `[Result "Silfr wins"]`.
        ResultSyntax = "result::syntax", Error, "a [Result] tag reads like `Silfr Drepid 10`";
        /// A `[Result]` tag that says another result than the replay finds.
        ResultMismatch = "result::mismatch", Error, "the [Result] tag says another result";
        /// An offer while another waits: `SdGd`.
        OfferPending = "penningr::offer_pending", Error, "an offer waits for its answer";
        /// A second double: `GdSa` in a doubled game.
        AlreadyDoubled = "penningr::already_doubled", Error, "the game is already doubled";
        /// A triple before any double: `StGa`.
        TripleBeforeDouble = "penningr::triple_before_double", Error, "a triple follows an accepted double";
        /// A triple by the player without the Penningr.
        NotHolder = "penningr::not_holder", Error, "only the holder of the Penningr offers the triple";
        /// An offer after the triple.
        NoMoreOffers = "penningr::no_more_offers", Error, "no offer follows a triple";
        /// An answer with no offer: `Ga`.
        NothingToAnswer = "penningr::nothing_to_answer", Error, "there is no offer to answer";
        /// The offerer answering its own offer: `SdSa`.
        OwnOffer = "penningr::own_offer", Error, "the other player answers an offer";
        /// An offer with no answer in its turn: `Sd` alone.
        Unanswered = "penningr::unanswered", Error, "an offer is answered at once";
    }
}

/// A help line for fixes: `write `A` or `B``.
pub(super) fn fix_help(fixes: &[Fix]) -> String {
    let written: Vec<String> = fixes
        .iter()
        .filter(|f| !f.text.is_empty())
        .map(|f| f.text.clone())
        .collect();
    match (written.is_empty(), written.len() < fixes.len()) {
        (true, _) => "leave the step out".to_owned(),
        (false, true) => format!("write {} or leave the step out", one_of(&written)),
        (false, false) => format!("write {}", one_of(&written)),
    }
}

/// Gives `problem` the help line of [`fix_help`] and the texts of `fixes`
/// as its choices (an empty one leaves the step out).
pub(super) fn offer_fixes(problem: &mut Problem, fixes: &[Fix]) {
    problem.help = Some(fix_help(fixes));
    problem.choices = fixes.iter().map(|f| f.text.clone()).collect();
}

/// A help line for the one fix of a token that could not be read when it
/// moves a Karve: the Karve's real crew, and how to write the move.
pub(super) fn crew_help(fixes: &[Fix]) -> Option<String> {
    let [fix] = fixes else { return None };
    let [step] = fix.steps.as_slice() else {
        return None;
    };
    let (Piece::Karve { crew }, Action::Move { from, .. }) = (step.piece, step.action) else {
        return None;
    };
    let crew = u8::try_from(crew).unwrap_or(u8::MAX);
    Some(format!(
        "the Karve on {from} carries {}: write `{}`",
        hirths(crew),
        fix.text
    ))
}

/// An attack written without `>`, which the replay reads as the attack it is.
pub(super) fn unmarked_attack(step: &ast::WrittenStep, target: Space, mover: Side) -> Problem {
    let mut marked = *step;
    match &mut marked.action {
        Action::Enter { to: Some(to) }
        | Action::Leave { to: Some(to), .. }
        | Action::Move { to, .. } => to.attack = true,
        _ => {}
    }
    Problem::new(
        ProblemKind::AttackWithoutMarker,
        step.span,
        format!(
            "{} holds {target}: this move attacks it",
            mover.opponent().name()
        ),
    )
    .with_help(format!("write `{marked}`"))
    .with_fix(Edit::new(step.span, marked.to_string()))
}

/// The problem for a Penningr action the rules refuse, with its help and,
/// when one action fixes it, the fix.
pub(super) fn penningr_problem(e: PenningrError, action: &PenningrAction) -> Problem {
    let (kind, help, fix) = match e {
        PenningrError::OfferPending { pending_by, .. } => {
            let answerer = pending_by.opponent();
            let help = format!(
                "{} answers first: `{answerer}a` or `{answerer}r`",
                answerer.name()
            );
            (ProblemKind::OfferPending, Some(help), None)
        }
        PenningrError::AlreadyDoubled => {
            let help = "the holder of the Penningr may offer a triple (`t`)".to_owned();
            (ProblemKind::AlreadyDoubled, Some(help), None)
        }
        PenningrError::TripleBeforeDouble => {
            let double = format!("{}d", action.side);
            let help = format!("write `{double}` for a double");
            (ProblemKind::TripleBeforeDouble, Some(help), Some(double))
        }
        PenningrError::NotHolder { holder } => {
            let help = format!("only `{holder}t` offers the triple");
            (ProblemKind::NotHolder, Some(help), None)
        }
        PenningrError::NoMoreOffers => (ProblemKind::NoMoreOffers, None, None),
        PenningrError::NothingToAnswer => (ProblemKind::NothingToAnswer, None, None),
        PenningrError::OwnOffer { .. } => {
            let answer = format!("{}{}", action.side.opponent(), action.action.letter());
            (
                ProblemKind::OwnOffer,
                Some(format!("write `{answer}`")),
                Some(answer),
            )
        }
        PenningrError::GameOver => (ProblemKind::AfterEnd, None, None),
    };
    let mut problem = Problem::new(kind, action.span, e.to_string());
    problem.help = help;
    problem.fix = fix.map(|fix| Edit::new(action.span, fix));
    if let PenningrError::OfferPending { pending_by, .. } = e {
        let answerer = pending_by.opponent();
        problem.choices = vec![format!("{answerer}a"), format!("{answerer}r")];
    }
    problem
}

/// The problem for a written step's fault: its kind, and what the rules
/// computed, from the position before the step.
pub(super) fn fault_problem(
    fault: &Fault,
    step: &ast::WrittenStep,
    position: &Position,
) -> Problem {
    let side = position.to_move();
    let (kind, label) = match fault {
        Fault::Play(e) => (play_kind(e), play_label(e, side)),
        Fault::Crew { at, crews, .. } => (ProblemKind::Crew, crew_label(*at, crews)),
        Fault::LofdungrElsewhere { at, .. } => (
            ProblemKind::NoPiece,
            match at {
                Some(at) => format!("{}'s Lofðungr stands on {at}", side.name()),
                None => format!("{}'s Lofðungr has left the board", side.name()),
            },
        ),
        Fault::NoKarve { at } => (
            ProblemKind::NoPiece,
            format!("{} has no Karve on {at}", side.name()),
        ),
        Fault::NoPath { from, to } => (
            ProblemKind::NoPath,
            format!(
                "every way from {from} to {to} crosses a space {} does not hold",
                side.name()
            ),
        ),
        Fault::NotAnAttack { to } => (
            ProblemKind::NotAnAttack,
            match position.controller(*to) {
                Some(_) => format!("{} holds {to}: the move ends there", side.name()),
                None => format!("{to} is empty: the move stops there"),
            },
        ),
        Fault::MannedKarveEnters { crew: 1 } => (
            ProblemKind::MannedKarveEnters,
            "the Karve enters empty; its Hirþ enters and boards it after".to_owned(),
        ),
        Fault::MannedKarveEnters { crew } => (
            ProblemKind::MannedKarveEnters,
            format!("the Karve enters empty; its {crew} Hirþs enter and board it one by one"),
        ),
        Fault::OnlyHirthBoards(kind) => (
            ProblemKind::OnlyHirthBoards,
            format!("a {} never boards a Karve", kind.name()),
        ),
        Fault::OnlyHirthLeaves(kind) => (
            ProblemKind::OnlyHirthLeaves,
            format!("a {} is never aboard a Karve", kind.name()),
        ),
        Fault::NothingToBoard { at } => (
            ProblemKind::NothingToBoard,
            match at {
                Some(at) => format!("{} has no Karve with room on {at}", side.name()),
                None => format!(
                    "no loose Hirþ of {} stands by a Karve with room",
                    side.name()
                ),
            },
        ),
        Fault::AmbiguousBoarding { spaces } => {
            let list: Vec<String> = spaces.iter().map(ToString::to_string).collect();
            (
                ProblemKind::AmbiguousBoarding,
                format!("a Hirþ could board on {}", one_of(&list).replace('`', "")),
            )
        }
        Fault::NoKarveToLeave { at } => (
            ProblemKind::NoKarveToLeave,
            format!("{} has no manned Karve on {at}", side.name()),
        ),
        Fault::SameSpace { at } => (
            ProblemKind::SameSpace,
            format!("the move starts and ends on {at}"),
        ),
    };
    Problem::new(kind, step.span, label)
}

/// The kind of problem for a step the rules refuse.
fn play_kind(e: &StepError) -> ProblemKind {
    use StepError as E;
    match e {
        E::GameOver => ProblemKind::AfterEnd,
        E::TurnOver => ProblemKind::StepCount,
        E::LofdungrEnters => ProblemKind::LofdungrEnters,
        E::SupplyEmpty { .. } => ProblemKind::SupplyEmpty,
        E::HomeHeld { .. } => ProblemKind::HomeHeld,
        E::NoPiece { .. } | E::NoHirthToBoard { .. } => ProblemKind::NoPiece,
        E::Stopped { .. } | E::NoHirthToLeave { .. } => ProblemKind::Stopped,
        E::OnLine { .. } | E::KarveOnLine { .. } => ProblemKind::OnLine,
        E::CarriesStoppedHirth { .. } => ProblemKind::StoppedCrew,
        E::NotAdjacent { .. } => ProblemKind::NoPath,
        E::NoKarve { .. } => ProblemKind::NothingToBoard,
        E::KarveFull { .. } => ProblemKind::KarveFull,
    }
}

/// What the rules computed for a step they refuse.
fn play_label(e: &StepError, side: Side) -> String {
    match e {
        StepError::NoPiece { kind, at: Some(at) } => {
            format!("{} has no free {} on {at}", side.name(), kind.name())
        }
        StepError::NoHirthToLeave { at } => {
            format!("the Hirþs in the Karve on {at} stopped this turn")
        }
        e => e.to_string(),
    }
}

/// "the Karve on 9 carries 2 Hirþs", or the crews of several Karves.
fn crew_label(at: Space, crews: &[u8]) -> String {
    match crews {
        [crew] => format!("the Karve on {at} carries {}", hirths(*crew)),
        crews => {
            let list: Vec<String> = crews.iter().map(|c| c.to_string()).collect();
            let list = one_of(&list).replace('`', "").replace(" or ", " and ");
            format!("the Karves on {at} carry {list} Hirþs")
        }
    }
}

impl Problem {
    /// The kind, when HIRP's replay found it.
    pub fn kind(&self) -> Option<ProblemKind> {
        self.code.kind()
    }
}
