//! The typed, spanned syntax tree of a HIRP record.
//!
//! This layer knows the notation and nothing of the rules: `Khe` (a manned
//! Karve entering) is a well-formed [`Step`]; the rules engine rejects it
//! later. Every node carries the byte [`Span`] of the text it was read from,
//! and every node's [`Display`](fmt::Display) prints its canonical notation.

use std::fmt::{self, Write as _};

pub use crate::types::{PieceKind, Side, Space, UnknownName, VictoryKind};

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The number of bytes covered.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Whether `offset` lies within the span.
    pub const fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.start, span.len()).into()
    }
}

/// A piece as written: `H`, `L`, or `K` with one `h` per Hirþ aboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// `H`.
    Hirth,
    /// `L`.
    Lofdungr,
    /// `K`, `Kh`, `Khh`...: the crew is the number of `h`s as written.
    Karve {
        /// Hirþs aboard, as written (the rules allow at most 4).
        crew: u32,
    },
}

impl Piece {
    /// The kind of piece.
    pub const fn kind(self) -> PieceKind {
        match self {
            Piece::Hirth => PieceKind::Hirth,
            Piece::Lofdungr => PieceKind::Lofdungr,
            Piece::Karve { .. } => PieceKind::Karve,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.kind().letter())?;
        if let Piece::Karve { crew } = *self {
            for _ in 0..crew {
                f.write_char('h')?;
            }
        }
        Ok(())
    }
}

/// A whole record file: its games, and the comments after the last of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The games, in file order.
    pub games: Vec<Game>,
    /// Comments that follow the last tag or turn of the file.
    pub comments: Vec<Comment>,
}

impl Record {
    /// The game an offset of the text belongs to, by index: the last game
    /// that starts at or before it (so a game owns what follows it up to
    /// the next one), or the first game for an offset before any. `None`
    /// only in a record with no game.
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        let after = self.games.partition_point(|g| g.span.start <= offset);
        after
            .checked_sub(1)
            .or((!self.games.is_empty()).then_some(0))
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, game) in self.games.iter().enumerate() {
            if n > 0 {
                f.write_char('\n')?;
            }
            write!(f, "{game}")?;
        }
        for comment in &self.comments {
            writeln!(f, "{comment}")?;
        }
        Ok(())
    }
}

/// One game: its tag section and its turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tags in the order written.
    pub tags: Vec<Tag>,
    /// Turns in the order written.
    pub turns: Vec<Turn>,
    /// From the first comment, tag or turn of the game to the end of its last line.
    pub span: Span,
}

impl Game {
    /// The value of the first tag named `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        if !self.tags.is_empty() && !self.turns.is_empty() {
            f.write_char('\n')?;
        }
        for turn in &self.turns {
            writeln!(f, "{turn}")?;
        }
        Ok(())
    }
}

/// Comments on lines of their own before an item, each printed on its own line.
fn write_leading(f: &mut fmt::Formatter<'_>, leading: &[Comment]) -> fmt::Result {
    for comment in leading {
        writeln!(f, "{comment}")?;
    }
    Ok(())
}

/// Comments after an item on its line, each preceded by one space.
fn write_trailing(f: &mut fmt::Formatter<'_>, trailing: &[Comment]) -> fmt::Result {
    for comment in trailing {
        write!(f, " {comment}")?;
    }
    Ok(())
}

/// A tag pair, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Comments on the lines before the tag.
    pub leading: Vec<Comment>,
    /// The tag's name, such as `Event` or `Gull`.
    pub name: String,
    /// The value with escapes resolved.
    pub value: String,
    /// Comments after the tag on its line.
    pub trailing: Vec<Comment>,
    /// From `[` to `]`.
    pub span: Span,
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leading(f, &self.leading)?;
        write!(f, "[{} \"", self.name)?;
        for c in self.value.chars() {
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
            }
            f.write_char(c)?;
        }
        f.write_str("\"]")?;
        write_trailing(f, &self.trailing)
    }
}

/// The two ways to write a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `; text` to the end of the line.
    Line,
    /// `{ text }`, which may nest and span lines.
    Block,
}

/// A comment and its text, as written between the delimiters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// Line or block.
    pub kind: CommentKind,
    /// The text after `;` (trailing whitespace removed), or between `{` and `}`.
    pub text: String,
    /// The whole comment, delimiters included.
    pub span: Span,
}

impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CommentKind::Line => write!(f, ";{}", self.text),
            CommentKind::Block => write!(f, "{{{}}}", self.text),
        }
    }
}

/// A turn line: `G3 Hv3mHv3>6 >6SK^GH6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Comments on the lines before the turn.
    pub leading: Vec<Comment>,
    /// `G3`.
    pub label: Label,
    /// The steps, in the order written.
    pub steps: Vec<StepToken>,
    /// Penningr actions and battles.
    pub outcome: Outcome,
    /// Comments after the turn on its line.
    pub trailing: Vec<Comment>,
    /// From the label to the end of the outcome.
    pub span: Span,
}

impl Turn {
    /// The steps that could be read, skipping malformed tokens.
    pub fn read_steps(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter_map(|token| match token {
            StepToken::Step(step) => Some(step),
            StepToken::Malformed(_) => None,
        })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leading(f, &self.leading)?;
        write!(f, "{} ", self.label)?;
        for step in &self.steps {
            write!(f, "{step}")?;
        }
        write!(f, " {}", self.outcome)?;
        write_trailing(f, &self.trailing)
    }
}

/// A turn label: the side to move and the round, `G3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// Whose turn it is.
    pub side: Side,
    /// The round; Gull's and Silfr's turns of one round share it.
    pub round: u32,
    /// The label's text.
    pub span: Span,
}

impl Label {
    /// The label of a game's turn `n`, counted from 0: `G1`, `S1`, `G2`...
    /// Gull moves first and the sides alternate; a round is a turn of each.
    /// The label has no span.
    pub fn of_turn(n: usize) -> Label {
        Label {
            side: if n.is_multiple_of(2) {
                Side::Gull
            } else {
                Side::Silfr
            },
            round: u32::try_from(n / 2 + 1).unwrap_or(u32::MAX),
            span: Span::default(),
        }
    }

    /// Whether two labels name the same turn, wherever they are written.
    pub fn same_turn(&self, other: &Label) -> bool {
        self.side == other.side && self.round == other.round
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side, self.round)
    }
}

/// Text that could not be read, kept as written so that nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The text as written.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A step as written, or the text of one that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepToken {
    /// A well-formed step.
    Step(Step),
    /// Text that does not read as a step; a syntax error was reported for it.
    Malformed(Malformed),
}

impl StepToken {
    /// Where the token stands.
    pub fn span(&self) -> Span {
        match self {
            StepToken::Step(step) => step.span,
            StepToken::Malformed(malformed) => malformed.span,
        }
    }
}

impl fmt::Display for StepToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepToken::Step(step) => step.fmt(f),
            StepToken::Malformed(malformed) => malformed.fmt(f),
        }
    }
}

/// One written step: a piece and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The piece that acts, with its crew if it is a Karve.
    pub piece: Piece,
    /// What the piece does.
    pub action: Action,
    /// The step's text.
    pub span: Span,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.piece.fmt(f)?;
        self.action.fmt(f)
    }
}

/// The forms a step takes after its piece letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `He`, `He7`, `He>1`: enter on the home space, then perhaps move on.
    Enter {
        /// Where the piece goes after entering, if anywhere.
        to: Option<Destination>,
    },
    /// `Hei`: enter, then board a Karve on the home space.
    EnterAndBoard,
    /// `Hv3`, `Hv3m`, `Hv3>6`: leave the Karve on a space, then perhaps move on.
    Leave {
        /// The space of the Karve that is left.
        karve: Space,
        /// Where the piece goes after leaving, if anywhere.
        to: Option<Destination>,
    },
    /// `L01`, `Khhh03`, `Hm>6`: move from a space to another.
    Move {
        /// Where the piece starts.
        from: Space,
        /// Where it goes.
        to: Destination,
    },
    /// `Hi`: board a Karve on the piece's own space.
    Board,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Enter { to: None } => f.write_char('e'),
            Action::Enter { to: Some(to) } => {
                f.write_char('e')?;
                to.fmt(f)
            }
            Action::EnterAndBoard => f.write_str("ei"),
            Action::Leave { karve, to: None } => {
                f.write_char('v')?;
                karve.fmt(f)
            }
            Action::Leave {
                karve,
                to: Some(to),
            } => {
                f.write_char('v')?;
                karve.fmt(f)?;
                to.fmt(f)
            }
            Action::Move { from, to } => {
                from.fmt(f)?;
                to.fmt(f)
            }
            Action::Board => f.write_char('i'),
        }
    }
}

/// Where a move ends: a space, and whether the piece attacks it (`>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The space moved to or attacked.
    pub space: Space,
    /// Written with `>`: the piece attacks the space.
    pub attack: bool,
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.attack {
            f.write_char('>')?;
        }
        self.space.fmt(f)
    }
}

/// What ends a turn line: Penningr actions, then the battles or `/`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Offers and answers, in the order written.
    pub penningr: Vec<PenningrAction>,
    /// The battles; empty when the turn records `/`.
    pub battles: Vec<BattleToken>,
    /// The outcome's text.
    pub span: Span,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for action in &self.penningr {
            write!(f, "{action}")?;
        }
        if self.battles.is_empty() {
            return f.write_char('/');
        }
        for (n, battle) in self.battles.iter().enumerate() {
            if n > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{battle}")?;
        }
        Ok(())
    }
}

/// What a player does with the Penningr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PenningrMove {
    /// `d`: offer a double.
    Double,
    /// `t`: offer a triple.
    Triple,
    /// `a`: accept the offer.
    Accept,
    /// `r`: refuse the offer and give up the game.
    Refuse,
}

impl PenningrMove {
    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            PenningrMove::Double => 'd',
            PenningrMove::Triple => 't',
            PenningrMove::Accept => 'a',
            PenningrMove::Refuse => 'r',
        }
    }

    /// The move written `letter`, if any.
    pub const fn from_letter(letter: char) -> Option<PenningrMove> {
        match letter {
            'd' => Some(PenningrMove::Double),
            't' => Some(PenningrMove::Triple),
            'a' => Some(PenningrMove::Accept),
            'r' => Some(PenningrMove::Refuse),
            _ => None,
        }
    }
}

/// A Penningr action: `Sd`, `Ga` (`SCd` is read as `Sd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenningrAction {
    /// Who acts.
    pub side: Side,
    /// What they do.
    pub action: PenningrMove,
    /// The action's text.
    pub span: Span,
}

impl fmt::Display for PenningrAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.side.fmt(f)?;
        f.write_char(self.action.letter())
    }
}

/// A battle as written, or the text of one that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleToken {
    /// A well-formed battle record.
    Battle(Battle),
    /// Text that does not read as a battle; a syntax error was reported for it.
    Malformed(Malformed),
}

impl BattleToken {
    /// Where the token stands.
    pub fn span(&self) -> Span {
        match self {
            BattleToken::Battle(battle) => battle.span,
            BattleToken::Malformed(malformed) => malformed.span,
        }
    }
}

impl fmt::Display for BattleToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BattleToken::Battle(battle) => battle.fmt(f),
            BattleToken::Malformed(malformed) => malformed.fmt(f),
        }
    }
}

/// A battle record: `>6GHxSL6`, the attacked space and every piece that fought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// The attacked space.
    pub space: Space,
    /// The pieces that fought, in the order written (the defender's first).
    pub fighters: Vec<Fighter>,
    /// The battle's text.
    pub span: Span,
}

impl fmt::Display for Battle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('>')?;
        self.space.fmt(f)?;
        for fighter in &self.fighters {
            fighter.fmt(f)?;
        }
        Ok(())
    }
}

/// One piece in a battle record and what became of it: `GHx`, `SL6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    /// Whose piece it is.
    pub side: Side,
    /// The piece, with its crew if it is a Karve.
    pub piece: Piece,
    /// What became of it.
    pub fate: Fate,
    /// The fighter's text.
    pub span: Span,
}

impl fmt::Display for Fighter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.side.fmt(f)?;
        self.piece.fmt(f)?;
        self.fate.fmt(f)
    }
}

/// What became of a piece in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// It stands on this space: advanced, stayed, or retreated to.
    Stands(Space),
    /// `^`: removed from play (back to the supply).
    RemovedFromPlay,
    /// `x`: removed from game.
    RemovedFromGame,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fate::Stands(space) => space.fmt(f),
            Fate::RemovedFromPlay => f.write_char('^'),
            Fate::RemovedFromGame => f.write_char('x'),
        }
    }
}

/// The value of a `[Result]` tag: a game's result, a match's, both, or
/// neither (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultTag {
    /// `Silfr Drepid 10`: the game's winner, victory and points.
    pub game: Option<GameResult>,
    /// `Match Silfr 5-2`: on the game that ends a match, its winner and score.
    pub r#match: Option<MatchResult>,
}

/// A game's result as a `[Result]` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won, by colour.
    pub winner: Side,
    /// How.
    pub victory: VictoryKind,
    /// The points scored.
    pub points: u32,
}

/// A match's result as a `[Result]` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The match's winner, by the colour they play in the game that ends it.
    pub winner: Side,
    /// The winner's points.
    pub points: u32,
    /// The other player's points.
    pub other: u32,
}

impl fmt::Display for ResultTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.game, self.r#match) {
            (None, None) => f.write_char('*'),
            (Some(game), None) => write!(f, "{game}"),
            (None, Some(m)) => write!(f, "{m}"),
            (Some(game), Some(m)) => write!(f, "{game}, {m}"),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.winner.name(),
            self.victory.tag_name(),
            self.points
        )
    }
}

impl fmt::Display for MatchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Match {} {}-{}",
            self.winner.name(),
            self.points,
            self.other
        )
    }
}
