//! The table of the kinds of syntax error: name, severity, message and what
//! was expected, each with an input that triggers it.

use std::sync::LazyLock;

use crate::core::encoding::TextErrorKind as Text;
use crate::core::limits::Bound;
use crate::tafl::Square;

/// Text that states a limit, written once from the limit's constant.
macro_rules! stating {
    ($($format:tt)*) => {{
        static TEXT: LazyLock<String> = LazyLock::new(|| format!($($format)*));
        TEXT.as_str()
    }};
}

impl SyntaxErrorKind {
    /// The kind of what is wrong with an input's bytes as text.
    pub(crate) fn of_text(kind: Text) -> SyntaxErrorKind {
        match kind {
            Text::Binary => SyntaxErrorKind::Binary,
            Text::Utf16WithoutBom => SyntaxErrorKind::Utf16WithoutBom,
            Text::Latin1 => SyntaxErrorKind::Latin1,
            Text::Utf16 => SyntaxErrorKind::Utf16,
            Text::InvalidUtf8 => SyntaxErrorKind::InvalidUtf8,
        }
    }

    /// Whether it says the input is not text: nothing of it is read, and
    /// it is the input's only error.
    pub const fn is_not_text(self) -> bool {
        matches!(
            self,
            SyntaxErrorKind::Binary | SyntaxErrorKind::Utf16WithoutBom | SyntaxErrorKind::Latin1
        )
    }
}

/// The results an archive writes, as a list.
const RESULTS: &str = "`Black`, `White`, `Draw` or `Ongoing`";

crate::core::diagnostic::syntax_kinds! {
    "hirp::tafl::syntax::", pedantic = [MultilineTagValue, RulesNotLast, ServerStartLetters];
    /// The kinds of syntax error of the tafl readers. Each has a stable code
    /// `hirp::tafl::syntax::<name>`; the doc of each variant says which form
    /// it concerns and ends with an input that triggers it.
    SyntaxErrorKind {
        /// In a game file, a NUL byte in its first 8 KiB, not as UTF-16 writes
        /// them; nothing of it is read: the bytes `\x7FELF\x02\x01\x01\x00`.
        Binary = "binary", Error, Text::Binary.message(), Text::Binary.expected();
        /// In a game file, NUL bytes every other byte in its first 8 KiB, as
        /// UTF-16 writes ASCII, and no byte order mark; nothing of it is read:
        /// `[\x00d\x00a\x00t\x00e\x00:\x00`.
        Utf16WithoutBom = "utf16_without_bom", Error, Text::Utf16WithoutBom.message(),
            Text::Utf16WithoutBom.expected();
        /// In a game file, bytes that are not UTF-8 on two lines or more, and
        /// no UTF-8 beyond ASCII; nothing of it is read:
        /// `[site:Besan\xE7on]\n[event:No\xEBl]`.
        Latin1 = "latin1", Error, Text::Latin1.message(), Text::Latin1.expected();
        /// A warning, in a game file: a UTF-16 byte order mark; the file is read
        /// decoded to UTF-8: `\xFF\xFE[\x00d\x00`.
        Utf16 = "utf16", Warning, Text::Utf16.message(), Text::Utf16.expected();
        /// In an archive, bytes that are not UTF-8; the line is not read:
        /// `d2-e2 \xFF,0,0,Ongoing`.
        InvalidUtf8 = "invalid_utf8", Error, Text::InvalidUtf8.message(), Text::InvalidUtf8.expected();

        /// In a game file, a line that is neither a tag, a turn, a variation nor
        /// commentary: `# 1. d2-e2 d3-d2`.
        UnexpectedLine = "unexpected_line", Error,
            "this line is not a tag, a turn, a variation or commentary",
            "a tag `[`, a turn number such as `1.` or a variation address such as `3b.1.1a.`";
        /// In a game file, a tag whose name is missing or not in lower case:
        /// `[Date:2015.01.07]`.
        ExpectedTagName = "expected_tag_name", Error, "a tag starts with its name, in lower case",
            "a tag name such as `date`";
        /// In a game file, a tag name followed by something else than `:`:
        /// `[date 2015.01.07]`.
        ExpectedTagColon = "expected_tag_colon", Error, "a tag's name is followed by `:` and its value",
            "`:`";
        /// In a game file, a tag with no `]`: `[date:2015.01.07`.
        UnterminatedTag = "unterminated_tag", Error, "this tag is never closed", "`]`";
        /// An advice, in a game file, reported only when asked for
        /// (`--pedantic`): a tag's value over several lines, which the
        /// specification forbids and OpenTafl writes:
        /// `[start-comment:The first line.\nThe second.]`.
        MultilineTagValue = "multiline_tag_value", Advice, "this tag's value runs over several lines",
            "`]` before the end of the line";
        /// In a game file, text after a tag on its line: `[date:2015.01.07] [result:1]`.
        TextAfterTag = "text_after_tag", Error, "a tag stands alone on its line", "the end of the line";
        /// An advice, in a game file, reported only when asked for
        /// (`--pedantic`): a tag after the rules tag, which the
        /// specification puts last and OpenTafl writes before its comments:
        /// `[rules:dim:7]\n[date:2016.08.30]`.
        RulesNotLast = "rules_not_last", Advice, "the rules tag is the last tag of a game",
            "the turns, after the rules tag";
        /// In a game file, a game with no rules tag: `[date:2015.01.07]\n\n1. d2-e2 d3-d2`.
        MissingRules = "missing_rules", Error, "a game gives its rules in a `[rules:...]` tag",
            "a rules tag `[rules:...]` before the turns";
        /// A warning, in a game file: a rules entry neither the specification
        /// nor OpenTafl writes (the rules then refuse it as not played):
        /// `[rules:dim:7 flavour:x start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]`.
        UnlistedRulesEntry = "unlisted_rules_entry", Warning,
            "the notation's rules records list no such entry", "an entry such as `atkf:y`";
        /// In a game file, a turn number with no `.`: `[rules:dim:7]\n1 d2-e2 d3-d2`.
        ExpectedTurnPeriod = "expected_turn_period", Error, "a turn number ends with `.`", "`.`";
        /// In a game file, an address that stops short of a variation's move:
        /// `[rules:dim:7]\n1. d2-e2 d3-d2\n1a.1. d2-c2`.
        MalformedAddress = "malformed_address", Error, "this variation address is not complete",
            "a variation address such as `7a.1.1a.`";
        /// A number too large to be real, in a game file or an archive:
        /// `[rules:dim:7]\n99999999999. d2-e2 d3-d2`.
        NumberTooLarge = "number_too_large", Error, "this number is too large",
            stating!("a number below {}", u64::from(u32::MAX) + 1);
        /// In a game file, no blank between a turn's number and its plies, or
        /// between two plies: `[rules:dim:7]\n1.d2-e2 d3-d2`.
        MissingSpace = "missing_space", Error, "plies, and a turn's number before them, are separated by blanks",
            "a blank";
        /// In a game file, a turn or variation with no ply: `[rules:dim:7]\n1.`.
        MissingPlies = "missing_plies", Error, "a turn or variation has plies",
            "a move such as `d2-e2`";
        /// In a game file, a variation before the first turn:
        /// `[rules:dim:7]\n1a.1.1a. d2-c2`.
        VariationBeforeTurn = "variation_before_turn", Error,
            "a variation follows the turn it branches from", "a main-line turn such as `1.` before it";
        /// In a game file, commentary with no `]`:
        /// `[rules:dim:7]\n1. d2-e2 d3-d2\n[A fine opening`.
        UnterminatedCommentary = "unterminated_commentary", Error, "this commentary is never closed",
            "`]`";
        /// In a game file, a second commentary after a turn:
        /// `[rules:dim:7]\n1. d2-e2 d3-d2\n[Black opens.]\n[White answers.]`.
        ExtraCommentary = "extra_commentary", Error,
            "a turn has one commentary, the texts on its plies separated by `|`",
            "a turn, a variation or a tag";

        /// In a game file or an archive, a move that does not start with a
        /// square: `[rules:dim:7]\n1. z2-e2 d3-d2`.
        ExpectedSquare = "expected_square", Error, "a move names the squares it goes from and to",
            "a square such as `d3`";
        /// In a game file or an archive, a square in upper case:
        /// `[rules:dim:7]\n1. D2-E2 d3-d2`.
        UppercaseSquare = "uppercase_square", Error, "squares are written in lower case",
            "a file letter in lower case";
        /// In a game file or an archive, a rank of 0, above 19, or with a
        /// leading zero: `[rules:dim:7]\n1. d0-d2 d3-d2`.
        RankOutOfRange = "rank_out_of_range", Error,
            stating!("a rank runs from 1 to {}, with no leading zero", Square::MAX_SIDE),
            stating!("a rank from 1 to {}", Square::MAX_SIDE);
        /// In a game file or an archive, squares joined by something else than
        /// a move type: `[rules:dim:7]\n1. d2_e2 d3-d2`.
        ExpectedMoveType = "expected_move_type", Error, "a move's squares are joined by its type",
            "`-`, or `^`, `=` or `^=` in berserk variants";
        /// In a game file or an archive, `x` with no captured square after it:
        /// `[rules:dim:7]\n1. d2-e2x d3-d2`.
        ExpectedCapturedSquare = "expected_captured_square", Error,
            "`x` is followed by the captured square", "a square such as `d3`";
        /// A warning, in a game file: captured squares separated by `,` or by
        /// another `x`, as archives write them: `[rules:dim:7]\n1. d2-e2xd3xf3 d3-d2`.
        CaptureSeparator = "capture_separator", Warning, "captured squares are separated by `/`",
            "`/`";
        /// A warning, in a game file: a separator after the last captured
        /// square: `[rules:dim:7]\n1. d2-e2xd3/ d3-d2`.
        TrailingSeparator = "trailing_separator", Warning, "a separator ends this list of captures",
            "a captured square after the separator";
        /// In a game file or an archive, a move followed by something that
        /// ends no ply: `[rules:dim:7]\n1. d2-e2! d3-d2`.
        ExpectedPlyEnd = "expected_ply_end", Error, "a ply ends at a blank",
            "a blank after the move";
        /// In a game file, `.....` in a turn of the main line:
        /// `[rules:dim:7]\n1. ..... d3-d2`.
        PlaceholderOutsideVariation = "placeholder_outside_variation", Error,
            "`.....` stands only in a variation", "a move such as `d2-e2`";
        /// In a game file or an archive, a ply after `---` or `timeout`:
        /// `[rules:dim:7]\n1. --- d3-d2`.
        PlyAfterEnd = "ply_after_end", Error, "nothing follows the ply that ends the game",
            "the end of the plies";

        /// In an archive, a line with fewer than four fields, or a first line
        /// that names fewer columns, as a header: `d2-e2 d3-d2,0,0`.
        MissingField = "missing_field", Error,
            "a game is its moves, the attackers' and the defenders' captures and the result, separated by `,`",
            "`,`";
        /// In an archive, a line with more than four fields, or a first line
        /// that names more columns, as a header; the line is not read:
        /// `1,d2-e2 d3-d2,0,0,Ongoing`.
        ExtraFields = "extra_fields", Error, "this line has more fields than a game's four",
            "four fields, `moves,attacker_captures,defender_captures,result`";
        /// A warning, in an archive: a first line that names four columns
        /// otherwise than the archive's header; it is read as that header:
        /// `moves,attackers,defenders,result\nd2-e2,0,0,Ongoing`.
        OtherHeader = "other_header", Warning, "this header is not written as an archive's",
            "the header `moves,attacker_captures,defender_captures,result`";
        /// In an archive, a field in quotes; the line is not read:
        /// `"d2-e2 d3-d2",0,0,Ongoing`.
        QuotedField = "quoted_field", Error, "an archive's fields are written without quotes",
            "a field without quotes";
        /// In an archive, a capture count that is not a number:
        /// `d2-e2,one,0,Ongoing`.
        ExpectedCount = "expected_count", Error, "a capture count is a number", "a digit";
        /// In an archive, a result that is not one of the four:
        /// `d2-e2,0,0,black`.
        UnknownResult = "unknown_result", Error, "a result is `Black`, `White`, `Draw` or `Ongoing`",
            RESULTS;
        /// A warning, in an archive: a game whose result is empty:
        /// `timeout,0,0,`.
        EmptyResult = "empty_result", Warning, "this game's result is empty", RESULTS;
        /// In an archive, text after the result: `d2-e2,0,0,Black (resigned)`.
        TextAfterResult = "text_after_result", Error, "a game's line ends with its result",
            "the end of the line";

        /// In an archive, a line longer than 64 KiB; it is not read:
        /// `(d2-e2 e2-d2 )×6000,0,0,Draw`.
        LineTooLong = "line_too_long", Error, Bound::Line.message(), Bound::Line.expected();
        /// In a game file, a game longer than 256 KiB; the rest of it is not
        /// read: `[rules:dim:7]\n(1. d2-e2 e2-d2 [a note of some length,
        /// for a long game]\n)×6000`.
        GameTooLong = "game_too_long", Error, Bound::Game.message(), Bound::Game.expected();
        /// In a game file, a game with a thousand syntax errors; the rest of it
        /// is not read: `[rules:dim:7]\n(1. d2_e2 d3-d2\n)×1001`.
        TooManyErrors = "too_many_errors", Error, Bound::Errors.message(),
            Bound::Errors.expected();
        /// In a game file, a game of more than ten thousand turns; the rest of
        /// it is not read: `[rules:dim:7]\n(1. d2-e2 e2-d2\n)×10001`.
        TooManyTurns = "too_many_turns", Error, Bound::Turns.message(),
            Bound::Turns.expected();
        /// In hnefatafl.org's RON archive, a line that is not a RON value
        /// as its server writes one (a bracket never closed or closed by
        /// the other kind, a string never closed, text after the value);
        /// the line is no game: `(id:1,plays:PlayRecords([None]`.
        RonSyntax = "ron_syntax", Error, "this line is not a RON value",
            "a game in RON, `(id:..., plays:..., board_size:_11)`";
        /// In hnefatafl.org's RON archive, a name its server does not write
        /// there (a variant or a field); the line is no game:
        /// `(id:1,plays:PlayRecords([None]),status:Draw,board_size:_9)`.
        RonUnknownVariant = "ron_unknown_variant", Error,
            "the server writes no such name here", "a name the server writes, such as `_11`";
        /// In hnefatafl.org's RON archive, a value of another shape than its
        /// server writes there, or a field a game needs left out; the line
        /// is no game: `(id:1,plays:PlayRecords([None]),status:Draw)`.
        RonUnexpectedValue = "ron_unexpected_value", Error,
            "this value is not what the server writes here", "a field as the server writes it";
        /// In hnefatafl.org's RON archive, a square off the board; the line
        /// is no game:
        /// `(id:1,plays:PlayRecords([None,Some(Play((role:Defender,from:(size:_7,x:3,y:3),to:(size:_7,x:7,y:3))))]),status:Ongoing,board_size:_7)`.
        RonSquareOffBoard = "ron_square_off_board", Error, "this square is off the board",
            "`x` and `y` below the board's size";
        /// In hnefatafl.org's RON archive, a square on a board of another
        /// size than the game's; the line is no game:
        /// `(id:1,plays:PlayRecords([None,Some(Play((role:Defender,from:(size:_11,x:3,y:3),to:(size:_7,x:3,y:0))))]),status:Ongoing,board_size:_7)`.
        RonSizeMismatch = "ron_size_mismatch", Error,
            "this square's board is not the game's", "the size its `board_size` gives";
        /// In hnefatafl.org's RON archive, a play whose role is not the side
        /// to move, or a resignation of the side not to move; the game is
        /// read, and the play is where its replay stops:
        /// `(id:1,plays:PlayRecords([None,Some(Play((role:Attacker,from:(size:_7,x:3,y:1),to:(size:_7,x:2,y:1))))]),status:Ongoing,board_size:_7)`.
        RonWrongSide = "ron_wrong_side", Error, "this play is not of the side to move",
            "a play of the side whose turn it is";
        /// In hnefatafl.org's JSON, text that is not a JSON value (a bracket
        /// never closed or closed by the other kind, a string never closed
        /// on its line, a comma before a closing bracket, text after the
        /// value); the value is no game: `{"id":1,"dim":7,"moves":"`.
        JsonSyntax = "json_syntax", Error, "this is not a JSON value",
            "a game in JSON, `{\"id\":..., \"dim\":7, \"moves\":\"...\"}`";
        /// In hnefatafl.org's JSON, a value of another shape than its server
        /// writes there, a field it does not write, written twice or left
        /// out; the value is no game:
        /// `{"id":1,"attackers":"a","defenders":"d","dim":9,"start":"/9/","moves":"","messages":[]}`.
        JsonUnexpectedValue = "json_unexpected_value", Error,
            "this value is not what the server writes here", "a field as the server writes it";
        /// In hnefatafl.org's JSON or a game its server sends in RON, a
        /// token of `moves` that is not a move as the server writes one
        /// (squares `0e4` on 7 × 7, `e4` on 11 × 11, `E4` on 13 × 13),
        /// `---` or `resigns`; the game is read, and the move is where its
        /// replay stops:
        /// `{"id":1,"attackers":"a","defenders":"d","dim":7,"start":"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/","moves":"0d3-0c3 e1-e3","messages":[]}`.
        ServerMove = "server_move", Error, "this move is not written as the server writes one",
            "a move such as `0d3-0c3` on 7 × 7, `d1-d3` on 11 × 11, `D1-D3` on 13 × 13";
        /// An advice, in hnefatafl.org's JSON or a game its server sends in
        /// RON, reported only when asked for (`--pedantic`): a start
        /// written with the server's letters, `A` for an attacker and `D`
        /// for a defender, where OpenTafl writes `t` and `T` (the server's
        /// own reader reads only OpenTafl's); read as OpenTafl's:
        /// `{"id":1,"attackers":"a","defenders":"d","dim":7,"start":"/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/","moves":"","messages":[]}`.
        ServerStartLetters = "server_start_letters", Advice,
            "the start is written with the server's letters, `A` and `D`",
            "OpenTafl's letters, `t` for an attacker and `T` for a defender";
        /// In hnefatafl.org's PGN export, a line starting with `[` that is
        /// not a tag as PGN writes one (a name, a value in quotes, `]`, and
        /// nothing after it on the line); it is not read:
        /// `[Event Game 1001]`.
        PgnTag = "pgn_tag", Error, "this tag is not written `[Name \"value\"]`",
            "a tag such as `[Event \"Game 1001\"]`";
        /// In hnefatafl.org's PGN export, a word of the moves that is
        /// neither a move number nor a move, two squares written together;
        /// the game's replay stops there:
        /// `[Site "hnefatafl.org"]\n1. d1-d3 e5e2`.
        PgnMove = "pgn_move", Error, "this is not a move as hnefatafl.org writes one",
            "two squares written together, such as `d1d3`, `0c40c6` or `D1D3`";
        /// In hnefatafl.org's PGN export, a square off the board its
        /// letter's case says (`0c4` 7 × 7, `d1` 11 × 11, `D1` 13 × 13); the
        /// game's replay stops at its move: `1. d1d12 e5e2`.
        PgnSquareOffBoard = "pgn_square_off_board", Error, "this square is off the board",
            "a square on the board its letter's case says";
        /// In hnefatafl.org's PGN export, a square written for another board
        /// than the game's first square (`0c4` 7 × 7, `d1` 11 × 11, `D1`
        /// 13 × 13); the game's replay stops at its move:
        /// `1. d1d3 0e50e2`.
        PgnSizeMismatch = "pgn_size_mismatch", Error,
            "this square is written for another board than the game's",
            "a square written as the game's first square is";
        /// A warning, in hnefatafl.org's PGN export: a move number that is
        /// not the number of the pair of moves it stands before, or that
        /// stands between the two; the moves are read in order all the same:
        /// `1. d1d3 e5e2 3. d3d2`.
        PgnMoveNumber = "pgn_move_number", Warning, "this move number is not the one due here",
            "the number of the pair of moves that follows";
        /// In an archive, a game after a hundred thousand; it and the rest of
        /// the file are not read: `(d2-e2,0,0,Draw\n)×100001`.
        TooManyGames = "too_many_games", Error, Bound::Games.message(),
            Bound::Games.expected();
    }
}
