//! Syntax errors: what the parser expected, what it found, and where.

use std::sync::LazyLock;

use super::limits::{MAX_BATTLES, MAX_FIGHTERS, MAX_PENNINGR, MAX_STEPS};
use crate::core::Span;
use crate::core::encoding::{TextError, TextErrorKind};
use crate::core::limits::Bound;
pub(crate) use crate::core::{Edit, Found};

/// A syntax error of HIRP's reader.
pub type SyntaxError = crate::core::syntax_error::SyntaxError<SyntaxErrorKind>;

/// The label of an error of `kind` with no detail: what HIRP's reader
/// expected and found, or what is wrong with the bytes as text.
fn label(kind: SyntaxErrorKind, span: Span, found: Found) -> String {
    if let Some(kind) = kind.of_text() {
        return kind.label(span, found);
    }
    match kind {
        SyntaxErrorKind::RoundTooLarge => format!(
            "expected {}, found a number of {} digits",
            kind.expected(),
            span.len()
        ),
        kind => format!("expected {}, found {}", kind.expected(), found),
    }
}

/// Text that states a limit, written once from the limit's constant.
macro_rules! stating {
    ($($format:tt)*) => {{
        static TEXT: LazyLock<String> = LazyLock::new(|| format!($($format)*));
        TEXT.as_str()
    }};
}

impl SyntaxErrorKind {
    /// Whether it says the input is not text: nothing of it is read, and
    /// it is the input's only error.
    pub const fn is_not_text(self) -> bool {
        matches!(self.of_text(), Some(kind) if kind.is_not_text())
    }

    /// What it says is wrong with the bytes as text, if it says that.
    pub const fn of_text(self) -> Option<TextErrorKind> {
        Some(match self {
            SyntaxErrorKind::Binary => TextErrorKind::Binary,
            SyntaxErrorKind::Utf16WithoutBom => TextErrorKind::Utf16WithoutBom,
            SyntaxErrorKind::Latin1 => TextErrorKind::Latin1,
            SyntaxErrorKind::Utf16 => TextErrorKind::Utf16,
            SyntaxErrorKind::InvalidUtf8 => TextErrorKind::InvalidUtf8,
            _ => return None,
        })
    }
}

impl From<TextError> for SyntaxError {
    fn from(error: TextError) -> SyntaxError {
        let kind = match error.kind {
            TextErrorKind::Binary => SyntaxErrorKind::Binary,
            TextErrorKind::Utf16WithoutBom => SyntaxErrorKind::Utf16WithoutBom,
            TextErrorKind::Latin1 => SyntaxErrorKind::Latin1,
            TextErrorKind::Utf16 => SyntaxErrorKind::Utf16,
            TextErrorKind::InvalidUtf8 => SyntaxErrorKind::InvalidUtf8,
        };
        SyntaxError::new(kind, error.span, error.found).with_help(error.help)
    }
}

crate::core::diagnostic::syntax_kinds! {
    "hirp::syntax::", label = label;
    /// The kinds of syntax error. Each has a stable code `hirp::syntax::<name>`;
    /// the doc of each variant gives an input that triggers it.
    SyntaxErrorKind {
        /// A file with a NUL byte in its first 8 KiB, not as UTF-16 writes
        /// them; nothing of it is read: the bytes `\x7FELF\x02\x01\x01\x00`.
        Binary = "binary", Error, TextErrorKind::Binary.message(),
            TextErrorKind::Binary.expected();
        /// A file with NUL bytes every other byte in its first 8 KiB, on one
        /// side, as UTF-16 writes ASCII, and no byte order mark; nothing of it is
        /// read: `G\x001\x00 \x00K\x00e\x00`.
        Utf16WithoutBom = "utf16_without_bom", Error, TextErrorKind::Utf16WithoutBom.message(),
            TextErrorKind::Utf16WithoutBom.expected();
        /// A file whose first 8 KiB hold bytes that are not UTF-8 on two lines
        /// or more, no UTF-8 beyond ASCII, and three bytes in four or more of
        /// ASCII; nothing of it is read: `; Besan\xE7on\n; No\xEBl`.
        Latin1 = "latin1", Error, TextErrorKind::Latin1.message(),
            TextErrorKind::Latin1.expected();
        /// A warning: a file that starts with a UTF-16 byte order mark, read
        /// decoded to UTF-8 (offsets count the decoded bytes):
        /// `\xFF\xFEG\x001\x00`.
        Utf16 = "utf16", Warning, TextErrorKind::Utf16.message(),
            TextErrorKind::Utf16.expected();
        /// A byte sequence that is not UTF-8: the bytes `G1 He\xFF /`.
        InvalidUtf8 = "invalid_utf8", Error, TextErrorKind::InvalidUtf8.message(),
            TextErrorKind::InvalidUtf8.expected();
        /// A line that is not a turn, a tag or a comment: `#G1 KeHeiHei /`.
        UnexpectedLine = "unexpected_line", Error, "this line is not a turn, a tag or a comment",
            "a turn label such as `G1`, a tag `[`, or a comment `;` or `{`";
        /// A turn line with no label: `KeHeiHei /`.
        MissingLabel = "missing_label", Error, "a turn line starts with its label", "a label such as `G1`";
        /// A label in lower case: `g1 KeHeiHei /`.
        LowercaseLabel = "lowercase_label", Error, "a turn label starts with a capital `G` or `S`",
            "`G` or `S`";
        /// A label with no round number: `G KeHeiHei /`.
        MissingRound = "missing_round", Error, "a turn label has a round number", "a digit";
        /// A round number too large to be real: `G99999999999 KeHeiHei /`.
        RoundTooLarge = "round_too_large", Error, "this round number is too large",
            stating!("a round number below {}", u64::from(u32::MAX) + 1);
        /// No space between the label and the steps, or the steps and the battles:
        /// `G1KeHeiHei /`, `G1 KeHeiHei/`.
        MissingSpace = "missing_space", Error,
            "the label, the steps and the battles are separated by spaces", "a space";
        /// A label with nothing after it, or a turn with battles and no step: `G1 /`.
        MissingSteps = "missing_steps", Error, "a turn has steps", "a step such as `He`";
        /// A step that does not start with a piece letter: `G1 KeXeiHei /`.
        ExpectedPiece = "expected_piece", Error, "a step starts with its piece",
            "`H`, `K` or `L`";
        /// `h` after a piece that is not a Karve: `G2 Lh01HeiKhhh03 /`.
        CrewWithoutKarve = "crew_without_karve", Error, "only a Karve carries Hirþs",
            "what the piece does: `e`, `i`, `v` or a space";
        /// A Karve's crew written with another letter than `h`: `G2 L01HeiKhkh03 /`.
        CrewLetter = "crew_letter", Error, "a Karve's crew is written with one `h` per Hirþ aboard",
            "`h` or what the Karve does";
        /// A piece letter followed by something that is not a step: `G1 KeHqHei /`.
        ExpectedAction = "expected_action", Error, "a step says what the piece does",
            "`e` (enter), `i` (board), `v` (leave a Karve) or a space";
        /// `v` with no space after it: `G3 HvMmHv3>6 >6SK^GH6`.
        ExpectedKarveSpace = "expected_karve_space", Error, "`v` names the space of the Karve left",
            "a space `0`-`9` or `m`";
        /// A move that names where it starts but not where it goes: `G2 L0 /`.
        MissingDestination = "missing_destination", Error, "a move names the space it goes to",
            "a space `0`-`9` or `m`, or `>` and a space";
        /// `>` in a step with no space after it: `G3 Hv3mHv3> /`.
        ExpectedAttackedSpace = "expected_attacked_space", Error, "`>` is followed by the attacked space",
            "a space `0`-`9` or `m`";
        /// Steps separated by spaces: `G1 Ke HeiHei /`.
        SpaceInSteps = "space_in_steps", Error, "steps are written one after another, with no space",
            "the next step right after the last";
        /// A turn that ends after its steps: `G1 KeHeiHei`.
        MissingOutcome = "missing_outcome", Error, "a turn ends with its battles, or `/` when there is none",
            "`/` or a battle such as `>6GHxSL6`";
        /// Text after `/`: `G3 Hv3mHv3>6 /-6SK^GH6`.
        TextAfterNoBattle = "text_after_no_battle", Error, "`/` says the turn has no battle; nothing follows it",
            "the end of the line or a comment";
        /// Something other than a battle where battles are written: `G3 Hv3mHv3>6 6SK^GH6`.
        ExpectedBattle = "expected_battle", Error, "a battle starts with `>` and the attacked space",
            "`>`";
        /// A battle whose space is missing: `G3 Hv3mHv3>6 >SK^GH6`.
        ExpectedBattleSpace = "expected_battle_space", Error, "a battle names the attacked space after `>`",
            "a space `0`-`9` or `m`";
        /// A battle that lists no piece: `G3 Hv3mHv3>6 >6`.
        EmptyBattle = "empty_battle", Error, "a battle lists every piece that fought",
            "a piece such as `GH6`";
        /// A piece in a battle without its side: `G3 Hv3mHv3>6 >6K^GH6`.
        ExpectedSide = "expected_side", Error, "each piece in a battle starts with its side",
            "`G` or `S`";
        /// A side in a battle with no piece after it: `G3 Hv3mHv3>6 >6SK^G6`.
        ExpectedFighterPiece = "expected_fighter_piece", Error, "a side in a battle is followed by the piece",
            "`H`, `K` or `L`";
        /// A piece in a battle without what became of it: `G3 Hv3mHv3>6 >6SKGH6`.
        ExpectedFate = "expected_fate", Error, "a piece in a battle is followed by what became of it",
            "a space where it stands, `^` (removed from play) or `x` (removed from game)";
        /// The pieces of one battle separated by a space: `G3 Hv3mHv3>6 >6SK^ GH6`.
        SpaceInBattle = "space_in_battle", Error, "the pieces of one battle are written with no space",
            "`>` starting the next battle";
        /// A Penningr action after the battles: `S3 L9>6HeiKhh97 >6GHxSL6 SdGa`.
        PenningrAfterBattles = "penningr_after_battles", Error,
            "Penningr offers and answers are written before the battles", "`>` starting a battle";
        /// A Penningr action with an unknown letter: `S3 L9>6HeiKhh97 SqGa>6GHxSL6`.
        ExpectedPenningrMove = "expected_penningr_move", Error, "a Penningr action is an offer or an answer",
            "`d` (double), `t` (triple), `a` (accept) or `r` (refuse)";
        /// A tag with no name: `[ "Jarl's Cup"]`.
        ExpectedTagName = "expected_tag_name", Error, "a tag starts with its name", "a letter";
        /// A tag whose value is not quoted: `[Date 2016.05.01]`.
        UnquotedTagValue = "unquoted_tag_value", Error, "a tag's value is written in double quotes", "`\"`";
        /// A tag value with no closing quote: `[Event "Jarl's Cup]`.
        UnterminatedString = "unterminated_string", Error, "this tag value has no closing quote", "`\"`";
        /// An escape other than `\"` and `\\` in a tag value: `[Event "a\b"]`.
        InvalidEscape = "invalid_escape", Error, "only `\\\"` and `\\\\` are escapes in a tag value",
            "`\"` or `\\` after `\\`";
        /// A tag with no closing bracket: `[Event "Jarl's Cup"`.
        UnterminatedTag = "unterminated_tag", Error, "a tag ends with `]`", "`]`";
        /// Text after a tag on its line: `[Event "Jarl's Cup"] G1 KeHeiHei /`.
        TextAfterTag = "text_after_tag", Error, "a tag stands alone on its line",
            "the end of the line or a comment";
        /// A `{` comment that is never closed: `{ the first game`.
        UnterminatedComment = "unterminated_comment", Error, "this comment is never closed", "`}`";
        /// Text after a comment on its line: `{ opening } G1 KeHeiHei / { quiet } ok`.
        TextAfterComment = "text_after_comment", Error, "only comments follow a comment on its line",
            "another comment or the end of the line";
        /// A `}` with no `{` before it: `G1 KeHeiHei / }`.
        UnmatchedBrace = "unmatched_brace", Error, "this `}` closes no comment",
            "a comment `;` or `{`, or the end of the line";
        /// A turn with more steps, Penningr actions, battles or pieces in a battle
        /// than any game has: `G1 (He)×33 /`.
        TooManyTokens = "too_many_tokens", Error,
            stating!(
                "a turn holds at most {MAX_STEPS} steps, {MAX_PENNINGR} Penningr actions and \
                 {MAX_BATTLES} battles of {MAX_FIGHTERS} pieces"
            ),
            "the end of the turn";
        /// A line longer than 64 KiB; it and the rest of its game are not read:
        /// `G1 (He)×40000 /`.
        LineTooLong = "line_too_long", Error, Bound::Line.message(), Bound::Line.expected();
        /// A game longer than 256 KiB with the comments before it; the rest of it
        /// is not read: `(; a comment\n)×30000G1 KeHeiHei /`.
        GameTooLong = "game_too_long", Error, Bound::Game.message(), Bound::Game.expected();
        /// A piece of a record (a game, as records are read) with a thousand
        /// syntax errors; the rest of it is not read:
        /// `G1 KeHeiHei /\n(S1 Kx /\n)×1001`.
        TooManyErrors = "too_many_errors", Error, Bound::Errors.message(),
            Bound::Errors.expected();
        /// A game of more than ten thousand turns; the rest of it is not read:
        /// `G1 KeHeiHei /\n(S1 He7He8He /\nG2 He8He9He /\n)×5000S1 He7He8He /`.
        TooManyTurns = "too_many_turns", Error, Bound::Turns.message(),
            Bound::Turns.expected();
        /// A game after a hundred thousand; it and the rest of the file are not
        /// read: `(G1 KeHeiHei /\n\n)×100001`.
        TooManyGames = "too_many_games", Error, Bound::Games.message(),
            Bound::Games.expected();
    }
}

#[cfg(test)]
mod tests {
    use super::Found;
    use super::SyntaxErrorKind as Kind;

    #[test]
    fn characters_a_terminal_acts_on_are_named_by_their_code() {
        let named = [
            ('\u{1b}', "U+001B"),
            ('\u{9b}', "U+009B"),
            ('\u{202e}', "U+202E"),
            ('\u{2066}', "U+2066"),
            ('\u{feff}', "U+FEFF"),
            ('k', "`k`"),
            ('þ', "`þ`"),
        ];
        for (c, shown) in named {
            assert_eq!(Found::Char(c).to_string(), shown);
        }
    }

    #[test]
    fn texts_built_from_the_limits_state_them() {
        let texts = [
            (
                Kind::RoundTooLarge.expected(),
                "a round number below 4294967296",
            ),
            (
                Kind::TooManyTokens.message(),
                "a turn holds at most 32 steps, 8 Penningr actions and 16 battles of 64 pieces",
            ),
            (
                Kind::LineTooLong.message(),
                "this line is longer than 64 KiB",
            ),
            (
                Kind::LineTooLong.expected(),
                "a line of at most 65536 bytes",
            ),
            (
                Kind::GameTooLong.message(),
                "this game is longer than 256 KiB",
            ),
            (
                Kind::GameTooLong.expected(),
                "a game of at most 262144 bytes",
            ),
            (
                Kind::TooManyErrors.message(),
                "reading stops after 1000 syntax errors",
            ),
            (
                Kind::TooManyErrors.expected(),
                "at most 1000 syntax errors in a game",
            ),
        ];
        for (text, expected) in texts {
            assert_eq!(text, expected);
        }
    }
}
