//! The codes of what the tafl replay reports: `hirp::tafl::<area>::<name>`,
//! and the count of a game's errors by which its replay stops.

use crate::core::Severity;
use crate::core::diagnostic::Problem;
use crate::core::limits::MAX_ERRORS;

crate::core::diagnostic::problem_kinds! {
    "hirp::tafl::", pedantic = [Unmarked];
    /// The kinds of problem the tafl replay finds. Each has a stable code
    /// `hirp::tafl::<area>::<name>` and a default severity; the doc of each
    /// gives a record that triggers it (a fixture named after the code,
    /// `fixtures/tafl/invalid/`, holds a whole game).
    ProblemKind {
        /// An archive read with no `--rules`.
        RulesMissing = "rules::missing", Error, "the game's rule set is not known";
        /// `[rules:dim:7 esc:x start:...]`.
        RulesInvalid = "rules::invalid", Error, "the rules tag does not read";
        /// `[rules:dim:7 kj:j start:...]`, a knight or a commander in
        /// `start:`, an unknown key: rules this engine does not play. The
        /// game is not judged, and `validate` exits with status 2.
        RulesNotPlayed = "rules::not_played", Error, "the rules are not played: no verdict is given";
        /// `[rules:dim:7 start:... esc:c]`: an entry read as OpenTafl reads it.
        RulesQuestionable = "rules::questionable", Warning, "the rules tag bends the notation";
        /// `--rules brandub` on a file whose `[rules:]` tag says otherwise.
        RulesOverridden = "rules::overridden", Advice, "`--rules` overrides the game's rules tag";
        /// `[position:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/]`: a position tag that
        /// does not read, or does not set up a game under the rules (a board
        /// of another size, two kings). The game is not judged.
        PositionInvalid = "position::invalid", Error, "the position tag does not set up a game";
        /// `d4-d7` with `d4` empty.
        NoPiece = "move::no_piece", Error, "there is no piece on the start square";
        /// The attackers' `d4-c4`, the piece on `d4` a defender.
        NotYours = "move::not_yours", Error, "the piece belongs to the other side";
        /// `d1-e2`.
        NotOrthogonal = "move::not_orthogonal", Error, "a piece moves along its row or column";
        /// `d1-d1`.
        ZeroDistance = "move::zero_distance", Error, "a move must leave its square";
        /// `h1-h3` on a 7 × 7 board.
        OffBoard = "move::off_board", Error, "the square is not on the board";
        /// Magpie's king `d4-d6`: further than its speed limit (`spd:`).
        TooFar = "move::too_far", Error, "the piece may not move that far";
        /// `d1-d3` over a piece on `d2`.
        Blocked = "move::blocked", Error, "a piece stands in the way";
        /// `d1-d2` with a piece on `d2`.
        Occupied = "move::occupied", Error, "the end square is taken";
        /// An attacker's `d2-d6` over the occupied centre `d4`.
        MayNotPass = "move::may_not_pass", Error, "the piece may not pass over that square";
        /// A defender's `a2-a1` onto a corner.
        MayNotStop = "move::may_not_stop", Error, "the piece may not stop on that square";
        /// Brandub's king `d5-d4`, back onto the centre.
        MayNotReenter = "move::may_not_reenter", Error, "the piece may not come back to that square";
        /// On hnefatafl.org, a defender's move that puts the pieces back as
        /// an earlier move left them (`norpt:d`).
        Repeats = "move::repeats", Error, "the side may not bring back a position";
        /// In Berserk, the king's `e4^e6` over an attacker, neither square a
        /// corner nor the centre (`kj:r`).
        MayNotJump = "move::may_not_jump", Error, "the piece may not jump there";
        /// In Berserk, after the attackers' commander captured on `c6` and
        /// may capture again, any move but that commander's.
        Berserk = "move::berserk", Error, "the piece that captured must move again";
        /// `d4-d6` refused, where the game plays on if an earlier legal
        /// move `d3-d4` is written `d3-d5` instead.
        Slip = "move::slip", Error, "an earlier move is written wrong";
        /// `Kd1-d3`, `d1` holding a taflman.
        PieceLetter = "move::piece_letter", Error, "the letter does not name the piece on the square";
        /// `d1^d3`: a jump, in a rule set with no jumps; in Berserk, `=` on
        /// the first move of a turn.
        MoveType = "move::move_type", Error, "the move type is not the move's";
        /// A move after the king escaped.
        AfterEnd = "move::after_end", Error, "the game is already over";
        /// A ply the replay cannot follow, after a token it could not read.
        Unread = "move::unread", Advice, "the replay of this game stops here";
        /// `d4-d2`, capturing `d1` between `d2` and a corner, written without
        /// `xd1`.
        CaptureMissing = "capture::missing", Error, "the move captures more than is written";
        /// `d4-d2xd3`, `d3` not captured.
        CaptureSpurious = "capture::spurious", Error, "the move does not capture what is written";
        /// In a game file, `d5-d1` closing a shieldwall of `b1` and `c1`
        /// against the corner, written without `xb1/c1`: the captures
        /// OpenTafl's writer leaves out, and only those, missing.
        CaptureUnwrittenSpecial = "capture::unwritten_special", Warning, "the move's shieldwall or Linnaean captures are not written";
        /// `d4-d2xd1xd1`: a square listed twice.
        CaptureRepeated = "capture::repeated", Advice, "a captured square is written twice";
        /// An archive's line whose capture counts are not its moves'.
        CaptureCount = "capture::count", Error, "the count of captures is not the moves'";
        /// `Black` for a game the king won, `[result:1]` for a king escaped.
        Result = "end::result", Error, "the recorded result is not how the game ended";
        /// `d4-d2++`, the king not captured.
        Marker = "end::marker", Error, "the marker says the game ends here, and it does not";
        /// The move that captures the king, written without `++`. Reported
        /// only when asked for (`--pedantic`): the notation makes the mark
        /// optional, and OpenTafl never writes it.
        Unmarked = "end::unmarked", Advice, "the move that ends the game is marked";
        /// `99a.1.1a. d2-c2` in a game of ten turns, or `3a.2.1a.1.1a.`
        /// with no variation `3a.2`: the variation is not replayed.
        NoBranch = "variation::no_branch", Error, "the move the variation branches from is not in the game";
        /// `7a.3.1a.`, the second variation off 7a; `7a.1.3a.` after
        /// `7a.1.1a.`.
        Numbering = "variation::numbering", Warning, "the variation is not numbered as the lines before it are";
        /// `12b.1.1a. d2-c2`, which replaces 12b, the turn's second move,
        /// with no `.....` for the first.
        Placeholders = "variation::placeholders", Warning, "`.....` stands for each move of the turn before the variation's first";
    }
}

/// The errors among a game's problems so far, counted as they come.
#[derive(Default)]
pub(super) struct Errors {
    /// Errors counted.
    count: usize,
    /// Problems counted.
    seen: usize,
}

impl Errors {
    /// The number of errors, once it reaches
    /// [`MAX_ERRORS`]: the replay stops.
    pub(super) fn full(&mut self, problems: &[Problem]) -> Option<usize> {
        let new = &problems[self.seen.min(problems.len())..];
        self.count += new.iter().filter(|p| p.severity == Severity::Error).count();
        self.seen = problems.len();
        (self.count >= MAX_ERRORS).then_some(self.count)
    }
}
