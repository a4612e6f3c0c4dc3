//! The fast path of a check: games written the usual way and played by the
//! rules without a fault, replayed with no syntax tree.
//!
//! A chunk of a record is read line by line as the parser's fast reading
//! reads turn lines (`compact_turn`), each turn onto the stack, and each
//! turn is played at once on a [`Position`]: its usual steps as they are
//! read, the rest once its line is read. Nothing is reported here: at
//! the first thing the full replay would report (an error, a warning or an
//! advice), the chunk is given up (`None`) and the full replay reads it,
//! with its diagnostics and repairs. So it is where the full replay would
//! choose between readings by what follows and the choice is not plain: a
//! Hirþ the record cannot tell from another when the rest of the turn does
//! not play after the first choice, or a battle record that could put an
//! attack that could have stood on other spaces on another of them (a
//! losing attacking Lofðungr written where it retreats to, among them).
//!
//! The usual steps, a move of one or two spaces and an entry, are played
//! straight onto the position by the rules' own moves (module `step`); any other
//! step goes through the full replay's reading of a written step. The
//! battles are fought by the rules functions the full replay calls, and a
//! record is accepted when it is the rules' own record of them (module
//! `battle`).
//!
//! Whatever this path says of a game, the full replay says too: the same
//! turns, the same result, the same final position and no problem. The
//! tests hold the two to that on every fixture, on generated games and on
//! every single-mistake variant of them, and each shortcut to the code it
//! stands for on every case it takes.

mod battle;
mod step;

use smallvec::SmallVec;

use super::GameReport;
use super::written::{FlexibleAttack, play_written, steps_play};
use crate::core::Span;
use crate::hirp::rules::{Battle, Offer, Position, STEPS_PER_TURN};
use crate::hirp::syntax::ast::{Label, PenningrMove, Tag, WrittenStep};
use crate::hirp::syntax::limits::MAX_TURNS;
use crate::hirp::syntax::scan::{Reading, Visitor, read_usual, read_usual_from};
use crate::hirp::syntax::{CompactTurn, Player, compact_turn};
use crate::hirp::types::Side;

/// A game checked on the fast path: its report, with no problem, and what
/// the checks of its match need of it.
#[derive(Clone, Debug)]
pub struct FastGame {
    /// What the replay found: its turns, result and final position, and
    /// no problem.
    pub report: GameReport,
    /// Its tags, in the order written.
    pub tags: Vec<Tag>,
    /// Its first tag or turn's span.
    pub at: Span,
}

/// The games of a chunk's bytes, which start at offset `base` of the file,
/// each replayed to its end with nothing to report; `None` when the full
/// replay must read the chunk.
///
/// Whenever it says `Some`, [`parse_chunk`](crate::hirp::syntax::parse_chunk)
/// of a chunk of these bytes at `base`, neither cut nor noted, reads them
/// with no error into as many games, with the same tags, and
/// [`replay_record`](super::replay_record) finds in each game no problem,
/// the same turns, the same result and the same final position.
///
/// ```
/// use hirp::hirp::replay::fast::games;
/// let game = b"[Game \"1\"]\nG1 KeHeiHei /\nS1 He7He8He /\n";
/// let fast = games(game, 0).unwrap();
/// assert_eq!(fast[0].report.turns, 2);
/// assert_eq!(fast[0].tags[0].value, "1");
/// // A sixth step: the full replay reports it.
/// assert!(games(b"G1 KeHeiHeiHe /\n", 0).is_none());
/// ```
pub fn games(bytes: &[u8], base: usize) -> Option<Vec<FastGame>> {
    let mut replay = Replay {
        games: Vec::new(),
        turn: CompactTurn::default(),
        playing: Playing::default(),
        battles: Vec::new(),
        base,
    };
    read_usual(bytes, &mut replay)?;
    if replay.games.iter().any(|g| g.report.turns > MAX_TURNS) {
        // Its reader stops at the limit, and says so.
        return None;
    }
    for game in &mut replay.games {
        game.report.result = game.report.position.result();
    }
    Some(replay.games)
}

/// A game's replay on the fast path paused at the start of a line, to go
/// on with different text after it: what the search for a repair tries
/// each candidate with (see `search`).
#[derive(Clone)]
pub(crate) struct Paused {
    replay: Replay,
    reading: Reading,
}

impl Paused {
    /// The replay of `bytes`, whole lines holding at most one game, paused
    /// at their end; `None` when the fast path gives them up.
    pub(crate) fn after(bytes: &[u8]) -> Option<Paused> {
        let mut replay = Replay {
            games: Vec::new(),
            turn: CompactTurn::default(),
            playing: Playing::default(),
            battles: Vec::new(),
            base: 0,
        };
        let reading = read_usual_from(bytes, &mut replay, Reading::NoGame)?;
        (replay.games.len() <= 1).then_some(Paused { replay, reading })
    }

    /// Goes on through `bytes`, whole lines; `None` when the fast path
    /// gives them up.
    pub(crate) fn advance(mut self, bytes: &[u8]) -> Option<Paused> {
        self.reading = read_usual_from(bytes, &mut self.replay, self.reading)?;
        (self.replay.games.len() <= 1).then_some(self)
    }

    /// The position paused at, when a game has begun.
    pub(crate) fn position(&self) -> Option<&Position> {
        self.replay.games.last().map(|g| &g.report.position)
    }

    /// Whether `rest`, after the bytes paused at, plays on the fast path
    /// with nothing to report, in the same game.
    pub(crate) fn plays(&self, rest: &[u8]) -> bool {
        let mut replay = self.replay.clone();
        let games = replay.games.len();
        read_usual_from(rest, &mut replay, self.reading).is_some()
            && replay.games.len() == games.max(1)
            && replay.games.iter().all(|g| g.report.turns <= MAX_TURNS)
    }
}

/// The games of a chunk being replayed, and the turn just read.
#[derive(Clone)]
struct Replay {
    games: Vec<FastGame>,
    turn: CompactTurn,
    /// The steps of that turn played as it was read.
    playing: Playing,
    /// Storage for the battles of a turn, kept from turn to turn.
    battles: Vec<Battle>,
    /// The chunk's offset in the file.
    base: usize,
}

impl<'a> Visitor<'a> for Replay {
    #[inline(always)]
    fn read_turn(&mut self, line: &[u8], at: usize) -> Option<(Label, usize)> {
        let game = self.games.last_mut().map(|game| &mut game.report);
        let mut player = AsRead {
            game,
            playing: &mut self.playing,
        };
        compact_turn(line, self.base + at, &mut self.turn, &mut player)
    }

    fn game(&mut self) -> Option<()> {
        self.games.push(FastGame {
            report: GameReport {
                turns: 0,
                result: None,
                problems: Vec::new(),
                position: Position::new(),
            },
            tags: Vec::new(),
            at: Span::default(),
        });
        Some(())
    }

    fn tag(&mut self, name: &'a str, value: (&'a str, usize), span: (usize, usize)) -> Option<()> {
        let game = self.games.last_mut()?;
        let span = Span::new(self.base + span.0, self.base + span.1);
        let (value, at) = value;
        if name == crate::hirp::replay::POSITION_TAG {
            // A game from a position starts there; a second position tag,
            // or one that does not read, is the full replay's to report.
            if game.tags.iter().any(|t| t.name == name) || game.report.turns > 0 {
                return None;
            }
            game.report.position = crate::hirp::position::read(value).ok()?;
        }
        let value_span = Span::new(self.base + at, self.base + at + value.len());
        if game.tags.is_empty() && game.report.turns == 0 {
            game.at = span;
        }
        game.tags.push(Tag {
            leading: Vec::new(),
            name: name.to_owned(),
            value: value.to_owned(),
            trailing: Vec::new(),
            span,
            value_span,
        });
        Some(())
    }

    #[inline(always)]
    fn turn(&mut self) -> Option<()> {
        let game = self.games.last_mut()?;
        let label = self.turn.label?;
        if game.tags.is_empty() && game.report.turns == 0 {
            game.at = label.span;
        }
        let position = &mut game.report.position;
        let playing = &mut self.playing;
        // A turn kept whole is checked now; one played as read was checked
        // at its label.
        if !playing.active && !may_play(position, label) {
            return None;
        }
        if playing.next == Next::Drop {
            return None;
        }
        let turns = position.turns();
        let steps = play_steps(
            position,
            self.turn.steps(),
            playing.steps,
            &mut playing.flexible,
        )?;
        end_turn(
            position,
            &self.turn,
            steps,
            &playing.flexible,
            &mut self.battles,
        )?;
        position.close_ended_turn(turns);
        game.report.turns += 1;
        Some(())
    }
}

/// The steps of a turn played as they are read, before its line is read
/// to its end: the straight steps from the first on (see `step`), until
/// one is not; that one and those after it are kept in the turn, and
/// played once it is read. A turn that may begin a game is kept whole: its
/// game is known only after it.
#[derive(Clone, Default)]
struct Playing {
    /// What is done with the next step read.
    next: Next,
    /// The turn is played as it is read (else it is kept whole).
    active: bool,
    /// What the steps played did.
    steps: Steps,
    /// Their attacks that could have stood on other spaces.
    flexible: SmallVec<[FlexibleAttack; 2]>,
    /// The spaces the opponent holds, as bits of board indices.
    opponent: u16,
}

/// What is done with a step as it is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Next {
    /// Kept, to be played once the line is read.
    #[default]
    Keep,
    /// Played, if it is a straight step (else kept, with all after it).
    Play,
    /// Dropped: the turn is given up (the game is over, its label is
    /// wrong, or its steps too many).
    Drop,
}

/// Plays the steps of the turn being read on the last game's position.
struct AsRead<'a> {
    /// The game being read: `None` before the first.
    game: Option<&'a mut GameReport>,
    playing: &'a mut Playing,
}

impl Player for AsRead<'_> {
    #[inline]
    fn label(&mut self, label: Label) {
        let playing = &mut *self.playing;
        playing.steps = Steps::default();
        playing.flexible.clear();
        playing.active = false;
        playing.next = Next::Keep;
        // Only a `G1` may begin a game, after a turn: it is kept whole.
        let Some(game) = self.game.as_deref() else {
            return;
        };
        if label.side == Side::Gull && label.round == 1 {
            return;
        }
        let position = &game.position;
        playing.active = true;
        playing.opponent = position.army(position.to_move().opponent()).controlled();
        playing.next = if may_play(position, label) {
            Next::Play
        } else {
            Next::Drop
        };
    }

    #[inline(always)]
    fn step(&mut self, written: &WrittenStep) -> bool {
        let playing = &mut *self.playing;
        match playing.next {
            Next::Keep => return false,
            Next::Drop => return true,
            Next::Play => {}
        }
        let Some(game) = self.game.as_deref_mut() else {
            return false;
        };
        let position = &mut game.position;
        match play_straight(
            position,
            written,
            playing.opponent,
            &mut playing.steps,
            &mut playing.flexible,
        ) {
            Some(true) => true,
            Some(false) => {
                playing.next = Next::Keep;
                false
            }
            None => {
                playing.next = Next::Drop;
                true
            }
        }
    }
}

/// Whether the next turn of a game may be played on `position` with the
/// label `written`: the game goes on, and the label is the turn's (counted
/// by the position, which a game from a position starts from).
fn may_play(position: &Position, written: Label) -> bool {
    let label = Label::of_turn(position.turns() as usize);
    position.result().is_none() && written.side == position.to_move() && label.same_turn(&written)
}

/// Ends a turn whose steps did what `steps` says: its Penningr actions,
/// its battles, and the end of the turn; `None` where the full replay
/// would report something.
fn end_turn(
    position: &mut Position,
    turn: &CompactTurn,
    Steps { played, may_attack }: Steps,
    flexible: &[FlexibleAttack],
    storage: &mut Vec<Battle>,
) -> Option<()> {
    if penningr(position, turn)? {
        // A refusal ended the game: no sixth step, no battle written.
        return (played <= STEPS_PER_TURN && turn.battles().is_empty()).then_some(());
    }
    if played != STEPS_PER_TURN {
        return None;
    }
    if !may_attack {
        // No battle to fight: none may be written, and the turn ends.
        return (turn.battles().is_empty() && position.end_turn().crowded.is_empty()).then_some(());
    }
    battle::battles(position, turn.battles(), flexible, storage)
}

/// What the steps of a turn did.
#[derive(Clone, Copy, Debug, Default)]
struct Steps {
    /// The rules steps they took.
    played: u8,
    /// Whether one of them may have attacked: one played straight that
    /// did, or one played by the full replay's reading.
    may_attack: bool,
}

/// Plays `steps`, the steps of a turn after those that did what `before`
/// says: what they all did, or `None`. Their attacks that could have
/// stood on other spaces go to `flexible`. Where the record cannot tell
/// which Hirþ acts, the full replay takes the first choice when the rest
/// of the turn plays after it, and looks further otherwise: so does this,
/// giving up at the second case.
fn play_steps(
    position: &mut Position,
    steps: &[WrittenStep],
    mut before: Steps,
    flexible: &mut SmallVec<[FlexibleAttack; 2]>,
) -> Option<Steps> {
    // No step of the turn changes what the opponent holds.
    let opponent = position.army(position.to_move().opponent()).controlled();
    for (t, step) in steps.iter().enumerate() {
        if play_straight(position, step, opponent, &mut before, flexible)? {
            continue;
        }
        before.may_attack = true;
        let applied = play_written(position, step, false).ok()?;
        if applied.unmarked_attack.is_some()
            || (applied.choice && !steps_play(*position, &steps[t + 1..]))
        {
            return None;
        }
        flexible.extend(applied.flexible);
        before.played = before.played.checked_add(applied.steps())?;
    }
    Some(before)
}

/// Plays `written` straight onto `position` when it is a usual step (see
/// `step`), counting what it did into `steps` and its attack that could
/// have stood on other spaces into `flexible`: whether it was played (if
/// not, `position` is as it was, its steps of the turn reset); `None` when
/// the turn's steps are too many to count.
#[inline(always)]
fn play_straight(
    position: &mut Position,
    written: &WrittenStep,
    opponent: u16,
    steps: &mut Steps,
    flexible: &mut SmallVec<[FlexibleAttack; 2]>,
) -> Option<bool> {
    position.reset_steps();
    let Some(quick) = step::play(position, written, opponent) else {
        return Some(false);
    };
    if let Some(attack) = quick.flexible {
        flexible.push(attack);
    }
    steps.may_attack |= quick.attacks;
    steps.played = steps.played.checked_add(quick.steps)?;
    Some(true)
}

/// Plays the turn's Penningr actions: whether a refusal ended the game, or
/// `None` for an action the rules refuse or an offer left unanswered.
fn penningr(position: &mut Position, turn: &CompactTurn) -> Option<bool> {
    for action in turn.penningr() {
        // What follows a refusal does not count.
        if position.result().is_some() {
            break;
        }
        let side = action.side;
        let played = match action.action {
            PenningrMove::Double => position.offer(side, Offer::Double).map(|()| None),
            PenningrMove::Triple => position.offer(side, Offer::Triple).map(|()| None),
            PenningrMove::Accept => position.answer(side, true),
            PenningrMove::Refuse => position.answer(side, false),
        };
        played.ok()?;
    }
    if position.result().is_some() {
        return Some(true);
    }
    position.penningr().pending.is_none().then_some(false)
}
