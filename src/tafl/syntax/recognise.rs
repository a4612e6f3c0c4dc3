//! Whether a line reads as the start of a tafl record, and in which form:
//! what tells a tafl record from a HIRP one when no file name says it.

use super::ast::{CSV_HEADER, Form, header_columns};

/// The fields of a game hnefatafl.org's server sends in JSON, one of which
/// opens it (`id` the first it writes).
const JSON_FIELDS: [&[u8]; 10] = [
    b"id",
    b"attackers",
    b"defenders",
    b"dim",
    b"start",
    b"time_control",
    b"time_remaining_ms",
    b"moves",
    b"rated",
    b"messages",
];

impl Form {
    /// The form whose record `head`, the start of a text, starts as it
    /// would: hnefatafl.org's JSON when it opens a JSON object on one of its
    /// games' fields, written on one line or over several
    /// (`{"id":1001,"attackers":...`, or `{` then `"id": 1001,` on the next
    /// line); else as [`Form::of_head`] tells it (hnefatafl.org's PGN export
    /// by its tags and moves, else by its first line that is not blank). A
    /// byte order mark is skipped.
    ///
    /// ```
    /// use hirp::tafl::syntax::Form;
    ///
    /// assert_eq!(Form::of_start(b"{\n  \"id\": 1001,\n"), Some(Form::OpenTaflJson));
    /// assert_eq!(Form::of_start(b"\n[rules:dim:7]\n"), Some(Form::Otg));
    /// // The document `hirp json` writes is none of them.
    /// assert_eq!(Form::of_start(b"{\"files\":[{\"path\":\"game.otg\""), None);
    /// ```
    pub fn of_start(head: &[u8]) -> Option<Form> {
        let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
        if opens_json_game(head) {
            return Some(Form::OpenTaflJson);
        }
        Form::of_head(head)
    }

    /// The form whose record `line`, the first line of a text that is not
    /// blank (without its line end), starts as it would: an OpenTafl tag
    /// (`[rules:dim:7 ...]`), a turn (`1. d2-e2 d3-d2`) or a variation
    /// (`7a.1.1a. ..... a4-a3`) for a game file; the archive header or a
    /// line of plies and counts (`d2-e2 e4-e1,0,0,Ongoing`), or a header
    /// naming columns, `moves` among them, for an archive; a RON value
    /// opening on one of its server's fields (`(id:1001,attacker:...`) for
    /// hnefatafl.org's archive (and the games its server sends in RON); a
    /// JSON object opening on one of the fields of the games it sends
    /// (`{"id":1001,"attackers":...`) for its JSON. `None` when it starts
    /// as none of them.
    ///
    /// ```
    /// use hirp::tafl::syntax::Form;
    ///
    /// assert_eq!(Form::of_first_line(b"[date:2015.05.04]"), Some(Form::Otg));
    /// assert_eq!(Form::of_first_line(b"1. d2-e2 d3-d2"), Some(Form::Otg));
    /// assert_eq!(Form::of_first_line(b"d2-e2 e4-e1,0,0,Ongoing"), Some(Form::Csv));
    /// assert_eq!(Form::of_first_line(b"(id:1001,attacker:\"Ragna\","), Some(Form::Ron));
    /// assert_eq!(Form::of_first_line(b"{\"id\":1001,\"attackers\":\"Ragna\","), Some(Form::OpenTaflJson));
    /// assert_eq!(Form::of_first_line(b"[Match \"Cup final\"]"), None);
    /// assert_eq!(Form::of_first_line(b"G1 KeHeiHei /"), None);
    /// ```
    pub fn of_first_line(line: &[u8]) -> Option<Form> {
        let line = line.trim_ascii();
        if opens_json_game(line) {
            Some(Form::OpenTaflJson)
        } else if is_ron_game(line) {
            Some(Form::Ron)
        } else if is_tag(line) || is_turn(line) {
            Some(Form::Otg)
        } else if line.starts_with(CSV_HEADER.as_bytes())
            || is_archive_game(line)
            || names_moves(line)
        {
            Some(Form::Csv)
        } else {
            None
        }
    }

    /// The form whose record `head`, the start of a text, starts as it
    /// would: hnefatafl.org's PGN export when its first lines are PGN tags
    /// naming hnefatafl.org (`[Site "hnefatafl.org"]`), or when the first
    /// line after them is the export's moves (`1. d1d3 e5e2`, with no tag
    /// before them or any), or when there is no other line and they name
    /// one of its games (`[Event "Game 1001"]`); else the form its first
    /// line that is not blank says, as [`Form::of_first_line`] tells it.
    /// HIRP writes tags in the same shape (`[Event "Jarl's Cup"]`), so the
    /// tags alone tell the export only by its own values.
    ///
    /// ```
    /// use hirp::tafl::syntax::Form;
    ///
    /// let export = b"[Event \"Game 1001\"]\n[Site \"hnefatafl.org\"]\n1. d1d3 e5e2";
    /// assert_eq!(Form::of_head(export), Some(Form::Pgn));
    /// assert_eq!(Form::of_head(b"1. 0e40e7 0f40f5"), Some(Form::Pgn));
    /// assert_eq!(Form::of_head(b"[Event \"Game 7\"]\n"), Some(Form::Pgn));
    /// assert_eq!(Form::of_head(b"[Event \"Game 7\"]\nG1 KeHeiHei /"), None);
    /// assert_eq!(Form::of_head(b"\n1. d2-e2 d3-d2"), Some(Form::Otg));
    /// ```
    pub fn of_head(head: &[u8]) -> Option<Form> {
        let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
        let mut lines = head
            .split(|&b| b == b'\n' || b == b'\r')
            .map(<[u8]>::trim_ascii)
            .filter(|line| !line.is_empty());
        let first = lines.next().unwrap_or_default();
        if is_pgn_export(std::iter::once(first).chain(lines)) {
            return Some(Form::Pgn);
        }
        Form::of_first_line(first)
    }
}

/// Whether the lines that are not blank start as hnefatafl.org's PGN
/// export does: tags naming it, then its moves, or nothing.
fn is_pgn_export<'a>(lines: impl Iterator<Item = &'a [u8]>) -> bool {
    let mut its_game = false;
    for line in lines {
        let Some((name, value)) = pgn_tag(line) else {
            return is_pgn_moves(line);
        };
        match name {
            b"Site" if value == b"hnefatafl.org" => return true,
            b"Event" => {
                its_game = value
                    .strip_prefix(b"Game ")
                    .is_some_and(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit));
            }
            _ => {}
        }
    }
    its_game
}

/// A PGN tag, `[Name "value"]`: its name and its value as written.
fn pgn_tag(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let rest = line.strip_prefix(b"[")?.strip_suffix(b"]")?.trim_ascii();
    let name_len = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let (name, value) = rest.split_at(name_len);
    let value = value
        .trim_ascii()
        .strip_prefix(b"\"")?
        .strip_suffix(b"\"")?;
    (name.first().is_some_and(u8::is_ascii_alphabetic)).then_some((name, value))
}

/// A line of the export's moves: a move number, a blank, and a move of two
/// squares written together, `1. d1d3`, `1. 0e40e7`, `1. D1D3`.
fn is_pgn_moves(line: &[u8]) -> bool {
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(rest) = line[digits..].strip_prefix(b".") else {
        return false;
    };
    if digits == 0 || !rest.first().is_some_and(|b| matches!(b, b' ' | b'\t')) {
        return false;
    }
    let rest = rest.trim_ascii_start();
    let word = rest
        .split(|b| matches!(b, b' ' | b'\t'))
        .next()
        .unwrap_or_default();
    pgn_square(word)
        .and_then(pgn_square)
        .is_some_and(<[u8]>::is_empty)
}

/// The bytes after a square of the export at the start of `word`: `0c4`,
/// `d1`, `D13`.
fn pgn_square(word: &[u8]) -> Option<&[u8]> {
    let rest = match word {
        [b'0', file, rank, rest @ ..] if file.is_ascii_lowercase() && rank.is_ascii_digit() => {
            return Some(rest);
        }
        [file, rest @ ..] if file.is_ascii_alphabetic() => rest,
        _ => return None,
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    (digits > 0).then(|| &rest[digits..])
}

/// A JSON object opening on a field of the games hnefatafl.org's server
/// sends: `{`, a field's name in quotes, `:`, blanks and line ends allowed
/// between them.
fn opens_json_game(text: &[u8]) -> bool {
    let Some(rest) = json_space(text).strip_prefix(b"{").map(json_space) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(b"\"") else {
        return false;
    };
    let Some(close) = rest.iter().position(|&b| b == b'"') else {
        return false;
    };
    JSON_FIELDS.contains(&&rest[..close]) && json_space(&rest[close + 1..]).starts_with(b":")
}

/// `text` after its JSON spaces: blanks and line ends.
fn json_space(text: &[u8]) -> &[u8] {
    let n = text
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        .count();
    &text[n..]
}

/// A RON value opening on a field of hnefatafl.org's games: `(`, a field
/// name its server writes, `:`, blanks allowed between them.
fn is_ron_game(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"(") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_lowercase() || **b == b'_')
        .count();
    let fields: [&[u8]; 6] = [
        b"id",
        b"attacker",
        b"defender",
        b"plays",
        b"status",
        b"board_size",
    ];
    fields.contains(&&rest[..name]) && rest[name..].trim_ascii_start().starts_with(b":")
}

/// `tag = "[" , tag name , ":" , ...`, with `tag name = lower , { lower |
/// digit | "-" | "_" }`.
fn is_tag(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_'))
        .count();
    name > 0 && rest[0].is_ascii_lowercase() && rest.get(name) == Some(&b':')
}

/// A turn number (`12.`) or a move address (`7a`) followed by a gap or a
/// `.`: what starts a turn or a variation.
fn is_turn(line: &[u8]) -> bool {
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return false;
    }
    match line.get(digits) {
        Some(b'.') => true,
        Some(b) if b.is_ascii_lowercase() => line.get(digits + 1) == Some(&b'.'),
        _ => false,
    }
}

/// A header of an archive written otherwise than its own: columns, one of
/// them `moves` (in any case).
fn names_moves(line: &[u8]) -> bool {
    std::str::from_utf8(line)
        .ok()
        .and_then(header_columns)
        .is_some_and(|columns| {
            columns.len() > 1 && columns.iter().any(|c| c.eq_ignore_ascii_case("moves"))
        })
}

/// An archive's line: plies that start with a square or `timeout`, or none,
/// then a comma.
fn is_archive_game(line: &[u8]) -> bool {
    let Some(comma) = line.iter().position(|&b| b == b',') else {
        return false;
    };
    let plies = line[..comma].trim_ascii();
    let square = |p: &[u8]| {
        p.first().is_some_and(u8::is_ascii_lowercase) && p.get(1).is_some_and(u8::is_ascii_digit)
    };
    plies.is_empty() || plies.starts_with(b"timeout") || square(plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_files_start_with_a_tag_a_turn_or_a_variation() {
        for line in [
            &b"[rules:dim:7 start:/3t3/]"[..],
            b"[start-comment:A game]",
            b"1. d2-e2 d3-d2",
            b"  12. a4-a2",
            b"7a.1.1a. ..... a4-a3xa2",
        ] {
            assert_eq!(Form::of_first_line(line), Some(Form::Otg), "{line:?}");
        }
    }

    #[test]
    fn archives_start_with_their_header_or_a_game() {
        for line in [
            &b"moves,attacker_captures,defender_captures,result"[..],
            b"moves,attackers,defenders,result",
            b"id,\"Moves\",result",
            b"d2-e2 e4-e1 e2-d2xd3,1,0,Black",
            b"timeout,0,0,White",
            b",0,0,Ongoing",
        ] {
            assert_eq!(Form::of_first_line(line), Some(Form::Csv), "{line:?}");
        }
    }

    #[test]
    fn hnefatafl_orgs_archive_starts_with_a_game_in_ron() {
        for line in [
            &b"(id:1001,attacker:\"Ragna\",attacker_rating:(rating:1500.0,rd:350.0)"[..],
            b"( id : 7, plays: PlayRecords([None]))",
            b"(board_size:_7)",
        ] {
            assert_eq!(Form::of_first_line(line), Some(Form::Ron), "{line:?}");
        }
        for line in [&b"(id 1)"[..], b"(colour:1)", b"(1. d2-e2)"] {
            assert_ne!(Form::of_first_line(line), Some(Form::Ron), "{line:?}");
        }
    }

    #[test]
    fn hnefatafl_orgs_json_opens_on_a_field_of_its_games() {
        for text in [
            &b"{\"id\":1001,\"attackers\":\"Ragna\","[..],
            b"{\n  \"id\": 1001,\n  \"attackers\": \"Ragna\",",
            b"\xEF\xBB\xBF{ \"moves\" : \"0d3-0c3\" }",
            b"\n\n {\"dim\":7}",
        ] {
            assert_eq!(Form::of_start(text), Some(Form::OpenTaflJson), "{text:?}");
        }
        // The JSON `hirp json` writes, a document or a line a game, and
        // other text opening on `{`.
        for text in [
            &b"{\"files\":[{\"path\":\"game.otg\""[..],
            b"{\"path\":\"game.otg\",\"game\":1,\"family\":\"tafl\"",
            b"{ a comment }",
            b"{\"id\" 1}",
            b"{\"id",
            b"[{\"id\":1}]",
        ] {
            assert_eq!(Form::of_start(text), None, "{text:?}");
        }
    }

    #[test]
    fn hnefatafl_orgs_export_starts_with_its_tags_or_its_moves() {
        for head in [
            &b"[Event \"Game 1001\"]\n[Site \"hnefatafl.org\"]\n1. 0e40e7 0f40f5"[..],
            b"\xef\xbb\xbf[Event \"Zevratafl game\"]\n[Site \"hnefatafl.org\"]\n",
            b"[Event \"Game 7\"]\n[Date \"2026-01-01 00:39:55 +0000\"]",
            b"[Event \"Open\"]\n\n1. h1j1 f8f9 2. k8d8",
            b"  1. A5C5 H8H9",
            b"1.\td10d11",
        ] {
            assert_eq!(Form::of_head(head), Some(Form::Pgn), "{head:?}");
        }
        for (head, form) in [
            (&b"[Event \"Game 7\"]\nG1 KeHeiHei /"[..], None),
            (b"[Event \"Game 7\"]\n; a comment", None),
            (b"[Event \"Jarl's Cup\"]\n[Site \"Birka\"]\n", None),
            (b"[Event \"Game 7 of 9\"]\n", None),
            (b"[Site \"hnefatafl.org\"", None),
            (b"1. d2-e2 d3-d2", Some(Form::Otg)),
            (b"1. e4 e5 2. Nf3", Some(Form::Otg)),
            (b"1. d1d3x", Some(Form::Otg)),
            (b"1.d1d3 e5e2", Some(Form::Otg)),
            (b"[rules:dim:7]\n1. d1d3", Some(Form::Otg)),
        ] {
            assert_eq!(Form::of_head(head), form, "{head:?}");
        }
    }

    #[test]
    fn hirp_lines_and_prose_are_neither() {
        for line in [
            &b"G1 KeHeiHei /"[..],
            b"S12 He7He8HeHe /",
            b"[Match \"Cup final\"]",
            b"[ Gull \"Ragna\"]",
            b"; a comment, with a comma",
            b"moves",
            b"{ a block comment }",
            b"[Date:2015]",
            b"1 d2",
            b"",
        ] {
            assert_eq!(Form::of_first_line(line), None, "{line:?}");
        }
    }
}
