//! Text of a record shown to a person: the characters that would act on a
//! terminal instead of being shown are written as escapes.
//!
//! A record is read from anywhere, and what it holds is shown in
//! diagnostics, boards and messages. A control character can move the
//! cursor, retitle the window or clear the screen; a bidirectional override
//! can make text read in another order than it is written. Every human
//! output shows such characters as [`escape`] writes them, `\u{1b}`.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is shown escaped: a control character (C0 but the tab, DEL,
/// and C1, U+0080 to U+009F), or one that changes the order or direction in
/// which text is shown (the bidirectional embeddings and overrides
/// U+202A to U+202E, the isolates U+2066 to U+2069, and the marks U+200E,
/// U+200F and U+061C).
pub fn must_escape(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
        )
}

/// `text` with each character that [`must_escape`] written as its escape,
/// `\u{1b}` for ESC, line ends included; `text` itself when it holds none.
///
/// ```
/// use hirp::core::escape;
/// assert_eq!(escape("[Event \"\x1b]0;owned\x07\"]"), "[Event \"\\u{1b}]0;owned\\u{7}\"]");
/// assert_eq!(escape("Hirþ\tG1"), "Hirþ\tG1");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(must_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// Pushes `c` onto `out`, escaped if it must be.
fn push_escaped(out: &mut String, c: char) {
    if must_escape(c) {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_reordering_characters_are_escaped() {
        let cases = [
            ("\0", "\\u{0}"),
            ("a\rb\nc", "a\\u{d}b\\u{a}c"),
            ("\x7f\u{85}\u{9b}", "\\u{7f}\\u{85}\\u{9b}"),
            ("\u{202e}evil\u{2066}", "\\u{202e}evil\\u{2066}"),
            ("\u{200e}\u{200f}\u{61c}", "\\u{200e}\\u{200f}\\u{61c}"),
        ];
        for (text, shown) in cases {
            assert_eq!(escape(text), shown, "{text:?}");
        }
    }

    #[test]
    fn plain_text_is_kept_as_it_is() {
        for text in [
            "",
            "G1 KeHeiHei /",
            "Hirþ\tLofðungr",
            "« Coupe »",
            "\u{feff}",
        ] {
            assert!(matches!(escape(text), Cow::Borrowed(_)), "{text:?}");
        }
    }
}
