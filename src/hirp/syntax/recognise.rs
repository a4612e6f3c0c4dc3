//! Whether a line reads as the start of a HIRP record: what tells a HIRP
//! record from a tafl one when no file name says it.

/// Whether `line`, the first line of a text that is not blank (without its
/// line end), starts as a HIRP record does: with a comment (`;`, `{`), a tag
/// (`[Match "Cup final"]`) or a turn (`G1 KeHeiHei /`).
///
/// ```
/// use hirp::hirp::syntax::starts_record;
///
/// assert!(starts_record(b"G1 KeHeiHei /"));
/// assert!(starts_record(b"[Match \"Cup final\"]"));
/// assert!(starts_record(b"; Ragna against Ask"));
/// assert!(!starts_record(b"[rules:dim:7 start:/3t3/]"));
/// assert!(!starts_record(b"1. d2-e2 d3-d2"));
/// ```
pub fn starts_record(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    match line.first() {
        Some(b';' | b'{') => true,
        Some(b'[') => is_tag(&line[1..]),
        Some(b'G' | b'S') => is_label(&line[1..]),
        _ => false,
    }
}

/// After the `[`: `ws , tag name , ws , '"'`.
fn is_tag(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    rest[name..].trim_ascii_start().first() == Some(&b'"')
}

/// After the side: `round , gap` (or the end of the line).
fn is_label(rest: &[u8]) -> bool {
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && matches!(rest.get(digits), None | Some(b' ' | b'\t'))
}

#[cfg(test)]
mod tests {
    use super::starts_record;

    #[test]
    fn comments_tags_and_turns_start_a_record() {
        for line in [
            &b"G1 KeHeiHei /"[..],
            b"  S12\tHe7He8HeHe /",
            b"G3",
            b"[ Gull \"Ragna\" ]",
            b"[Result \"*\"]",
            b"{ a block }",
            b";",
        ] {
            assert!(starts_record(line), "{line:?}");
        }
    }

    #[test]
    fn tafl_lines_and_prose_do_not() {
        for line in [
            &b"[rules:dim:7]"[..],
            b"[date:2015.05.04]",
            b"1. d2-e2 d3-d2",
            b"d2-e2 e4-e1,0,0,Ongoing",
            b"Game of the week",
            b"G1x",
            b"[Match]",
            b"",
        ] {
            assert!(!starts_record(line), "{line:?}");
        }
    }
}
