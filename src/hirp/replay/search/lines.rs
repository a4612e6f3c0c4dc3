//! Lines of a record's text, as the search sees them.

/// `text` with its layout made plain: each run of spaces one space, none
/// at a line's end.
pub(super) fn plain(text: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(text.len());
    for &b in text {
        let after_space = out.last() == Some(&b' ');
        match b {
            b' ' if after_space => {}
            b'\n' if after_space => {
                out.pop();
                out.push(b);
            }
            _ => out.push(b),
        }
    }
    out
}

/// Where the line holding `at` starts.
pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |n| n + 1)
}

/// Where the line holding `at` ends (before its line end).
pub(super) fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n)
}

/// Whether the line starting at `line` repeats the line before it, label
/// and all, blanks aside: the chunker's rule, which keeps such a `G1` in
/// its game's chunk.
pub(super) fn repeats_line_before(text: &str, line: usize) -> bool {
    let len = line_end(text, line) - line;
    crate::hirp::syntax::repeats_line_before(text.as_bytes(), line, len)
}
