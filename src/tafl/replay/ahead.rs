//! Looking ahead: how much of the rest of a game plays cleanly after a
//! move, to tell the move the player meant from the moves a slip of the
//! pen would turn it into (`docs/rules.md#tafl-repairs-ranked-by-the-rest-of-the-game`).
//!
//! A ply plays cleanly when its piece letter, if written, names the piece
//! on its start square, the rules allow it, and its written captures are
//! the ones the rules compute. Looking ahead runs only in a game that has
//! an error: a valid game is replayed once.

use super::game::WrittenPly;
use crate::tafl::Square;
use crate::tafl::rules::{End, Move, Played, Position};
use crate::tafl::syntax::{self as ast, Ply};

/// The plies that must play after the first one that did not, for a legal
/// move to be repaired by what follows it: near the end of a game, too
/// many moves make the little left play.
const EVIDENCE: usize = 4;

/// How well a move fits the record: how many plies after it play before
/// one the rules refuse (or whose letter names another piece), whether it
/// plays cleanly itself, and how many of those plies write their captures
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Fit {
    /// The plies after it that play, from the next one on.
    pub(crate) rest: usize,
    /// Whether its written letter and captures are its own.
    pub(crate) own: bool,
    /// Of those plies, the ones whose captures are the ones written.
    pub(crate) clean: usize,
}

/// Whether a written piece letter, if any, names the piece on the start
/// square.
pub(crate) fn letter_fits(position: &Position, m: &ast::WrittenMove, from: Square) -> bool {
    match (m.piece, position.piece_at(from)) {
        (Some(letter), Some((side, piece))) => (letter.side, letter.piece) == (side, piece),
        _ => true,
    }
}

/// Whether the captures written with `m` are the ones `played` made (a
/// captured king, which ends the game, aside); `after` is the position it
/// left.
pub(crate) fn captures_fit(after: &Position, m: &ast::WrittenMove, played: &Played) -> bool {
    let king_taken = played
        .outcome
        .filter(|o| o.end == End::KingCaptured)
        .and_then(|_| after.king());
    let written: Vec<Square> = m
        .captures
        .iter()
        .map(|c| c.square)
        .filter(|&s| Some(s) != king_taken)
        .collect();
    let computed: Vec<Square> = played.captures.iter().collect();
    written.iter().all(|s| computed.contains(s)) && computed.iter().all(|s| written.contains(s))
}

/// How many of `rest`, from the first, play from `position`, and how many
/// of those write their captures right.
pub(crate) fn playing(mut position: Position, rest: &[WrittenPly<'_>]) -> (usize, usize) {
    let (mut plays, mut clean) = (0, 0);
    for written in rest {
        match written.ply {
            Ply::Move(m) => {
                if position.outcome().is_some() || !letter_fits(&position, m, m.from) {
                    break;
                }
                let Ok(played) = position.play(Move {
                    from: m.from,
                    to: m.to,
                }) else {
                    break;
                };
                clean += usize::from(captures_fit(&position, m, &played));
            }
            Ply::Placeholder(_) => clean += 1,
            Ply::Malformed(_) | Ply::Timeout(_) | Ply::Resignation(_) => break,
        }
        plays += 1;
    }
    (plays, clean)
}

/// How well `mv` fits as the move written `m`, with `rest` after it; `None`
/// when the rules refuse it.
pub(crate) fn fit(
    position: &Position,
    mv: Move,
    m: &ast::WrittenMove,
    rest: &[WrittenPly<'_>],
) -> Option<Fit> {
    let own_letter = letter_fits(position, m, mv.from);
    let mut after = position.clone();
    let played = after.play(mv).ok()?;
    let own = own_letter && captures_fit(&after, m, &played);
    let (rest, clean) = playing(after, rest);
    Some(Fit { rest, own, clean })
}

/// The candidates that fit best, in their order (all of them when none
/// is legal), and whether they are sure: the game plays after them to its
/// end or for a few plies at least.
pub(crate) fn best(
    position: &Position,
    candidates: &[Move],
    m: &ast::WrittenMove,
    rest: &[WrittenPly<'_>],
) -> (Vec<Move>, bool) {
    let fits: Vec<(Move, Fit)> = candidates
        .iter()
        .filter_map(|&mv| fit(position, mv, m, rest).map(|f| (mv, f)))
        .collect();
    let Some(top) = fits.iter().map(|(_, f)| *f).max() else {
        return (candidates.to_vec(), false);
    };
    let sure = top.rest >= rest.len().min(EVIDENCE);
    let best = fits
        .into_iter()
        .filter(|(_, f)| *f == top)
        .map(|(mv, _)| mv)
        .collect();
    (best, sure)
}

/// The squares a written move names or passes: its start, its end, the
/// squares between, and its captures.
fn squares_of(m: &ast::WrittenMove) -> Vec<Square> {
    let mut squares = vec![m.from, m.to];
    let (f1, f2) = (
        m.from.file().min(m.to.file()),
        m.from.file().max(m.to.file()),
    );
    let (r1, r2) = (
        m.from.rank().min(m.to.rank()),
        m.from.rank().max(m.to.rank()),
    );
    if f1 == f2 || r1 == r2 {
        for file in f1..=f2 {
            for rank in r1..=r2 {
                squares.extend(Square::new(file, rank));
            }
        }
    }
    squares.extend(m.captures.iter().map(|c| c.square));
    squares
}

/// Where the written line stops playing cleanly: kept while the replay
/// follows the moves as written, so that each ply does not look ahead
/// again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ahead {
    /// The index of the first ply after the current one that does not play
    /// cleanly (the number of plies when all do), while known.
    fails_at: Option<usize>,
    /// A refused ply that a move before it, played otherwise, explains as
    /// well as its own slips: its index, and that other move with its
    /// address.
    tie: Option<(usize, Move, String)>,
}

impl Ahead {
    /// The replay leaves the written line: what lies ahead is not known.
    pub(crate) fn forget(&mut self) {
        self.fails_at = None;
    }

    /// Whether a tie was left open before ply `at`: the replay went on
    /// after one of two moves, so what it finds later is no ground for a
    /// repair.
    pub(crate) fn open_tie_before(&self, at: usize) -> bool {
        self.tie.as_ref().is_some_and(|(n, _, _)| *n < at)
    }

    /// The move before ply `at` that explains it as well as its own slips,
    /// with its address, when there is one.
    pub(crate) fn tie(&self, at: usize) -> Option<(Move, &str)> {
        self.tie
            .as_ref()
            .filter(|(n, _, _)| *n == at)
            .map(|(_, mv, address)| (*mv, address.as_str()))
    }

    /// For the legal written move `m`, ply `at` of `plies`: the one move a
    /// slip of it (`slips` gives them) after which more of the game plays
    /// than after it, with the index of the first ply that does not play
    /// after `m`, when the first ply that does not play after it names
    /// a square of either move, and no slip of that ply itself makes as
    /// much of the game play (then the two are a tie, kept for that ply).
    pub(crate) fn better(
        &mut self,
        position: &Position,
        m: &ast::WrittenMove,
        slips: fn(&Position, Move) -> Vec<Move>,
        plies: &[WrittenPly<'_>],
        at: usize,
    ) -> Option<(Move, usize)> {
        let rest = &plies[at + 1..];
        let fails_at = match self.fails_at {
            Some(f) if f > at => f,
            _ => {
                let mut after = position.clone();
                after
                    .play(Move {
                        from: m.from,
                        to: m.to,
                    })
                    .ok()?;
                at + 1 + playing(after, rest).0
            }
        };
        self.fails_at = Some(fails_at);
        let Some(Ply::Move(failing)) = plies.get(fails_at).map(|p| p.ply) else {
            return None;
        };
        let named = squares_of(failing);
        let touches = |mv: &Move| named.contains(&mv.from) || named.contains(&mv.to);
        let written = Move {
            from: m.from,
            to: m.to,
        };
        let near: Vec<Move> = slips(position, written)
            .into_iter()
            .filter(|mv| *mv != written && (touches(&written) || touches(mv)))
            .collect();
        let mut fits: Vec<(Move, Fit)> = near
            .iter()
            .filter_map(|&mv| fit(position, mv, m, rest).map(|f| (mv, f)))
            .filter(|(_, f)| f.rest > fails_at - at - 1 && f.rest == rest.len())
            .collect();
        fits.sort_by_key(|(_, f)| std::cmp::Reverse(*f));
        // Only a slip whose own captures and every later ply's are as
        // written is applied; any slip that makes the game play is a tie.
        let (meant, unique) = match fits.as_slice() {
            [] => return None,
            [(mv, a)] => (*mv, a.own && a.clean == a.rest),
            [(mv, a), (_, b), ..] => (*mv, a > b && a.own && a.clean == a.rest),
        };
        let scant = plies.len() - fails_at <= EVIDENCE;
        if scant || !unique || reach_at(position, m, plies, at, fails_at, slips) >= plies.len() {
            self.tie = Some((fails_at, meant, plies[at].label()));
            return None;
        }
        Some((meant, fails_at))
    }
}

/// How far the game plays at best when the written moves are played up to
/// ply `fails_at` and that ply is played as written or as one of its
/// slips: the index of the first ply that does not play.
fn reach_at(
    position: &Position,
    m: &ast::WrittenMove,
    plies: &[WrittenPly<'_>],
    at: usize,
    fails_at: usize,
    slips: fn(&Position, Move) -> Vec<Move>,
) -> usize {
    let mut there = position.clone();
    let moves = std::iter::once(m).chain(
        plies[at + 1..fails_at]
            .iter()
            .filter_map(|p| p.ply.as_move()),
    );
    for written in moves {
        if there
            .play(Move {
                from: written.from,
                to: written.to,
            })
            .is_err()
        {
            return 0;
        }
    }
    let Some(failing) = plies[fails_at].ply.as_move() else {
        return 0;
    };
    let written = Move {
        from: failing.from,
        to: failing.to,
    };
    let mut candidates = slips(&there, written);
    candidates.push(written);
    let rest = &plies[fails_at + 1..];
    candidates
        .into_iter()
        .filter_map(|mv| fit(&there, mv, failing, rest))
        .map(|f| fails_at + 1 + f.rest)
        .max()
        .unwrap_or(0)
}
