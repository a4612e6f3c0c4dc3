//! Writing XML for the SVG pictures and the pages, shared by every family
//! of games: an indenting writer, coordinates written the same way
//! everywhere, and text with the characters XML reserves escaped.

use std::fmt::{self, Write as _};

/// XML text being written, one element a line, indented by nesting.
#[derive(Default)]
pub(crate) struct Writer {
    /// What has been written.
    pub(crate) out: String,
    depth: usize,
}

impl Writer {
    /// Writes one line.
    pub(crate) fn line(&mut self, args: fmt::Arguments<'_>) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out
            .write_fmt(args)
            .expect("writing to a String does not fail");
        self.out.push('\n');
    }

    /// Writes an opening tag and indents what follows.
    pub(crate) fn open(&mut self, tag: impl fmt::Display) {
        self.line(format_args!("{tag}"));
        self.depth += 1;
    }

    /// Writes a closing tag, one level out.
    pub(crate) fn close(&mut self, tag: &str) {
        self.depth -= 1;
        self.line(format_args!("{tag}"));
    }
}

/// A coordinate with at most one decimal, and no `-0`.
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Tenths rounded in integers, as `{:.1}` rounds them, unless the
        // value lies so near halfway between two tenths that the product's
        // rounding error could decide: then `{:.1}`, which rounds the exact
        // value. Drawing a board writes thousands of coordinates, and
        // `{:.1}` is most of its time.
        let tenths = self.0 * 10.0;
        if tenths.abs() < 1e12 {
            let floor = tenths.floor();
            let above = tenths - floor;
            if (above - 0.5).abs() > 1e-6 {
                // In range: |tenths| < 1e12 fits an i64.
                let n = (if above > 0.5 { floor + 1.0 } else { floor }) as i64;
                let (sign, m) = if n < 0 {
                    ("-", n.unsigned_abs())
                } else {
                    ("", n.unsigned_abs())
                };
                return match m % 10 {
                    0 => write!(f, "{sign}{}", m / 10),
                    tenth => write!(f, "{sign}{}.{tenth}", m / 10),
                };
            }
        }
        let text = format!("{:.1}", self.0);
        let text = text.strip_suffix(".0").unwrap_or(&text);
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// Text with the characters XML reserves escaped.
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                _ => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_decimal_at_most() {
        assert_eq!(Num(12.0).to_string(), "12");
        assert_eq!(Num(-0.04).to_string(), "0");
        assert_eq!(Num(3.25).to_string(), "3.2");
        assert_eq!(Num(-3.26).to_string(), "-3.3");
        assert_eq!(Num(-0.06).to_string(), "-0.1");
        assert_eq!(Num(f64::NAN).to_string(), "NaN");
    }

    proptest::proptest! {
        /// The integer rounding writes what `{:.1}` writes, for any value.
        #[test]
        fn numbers_are_written_as_format_writes_them(
            x in proptest::prop_oneof![proptest::num::f64::ANY, -1.0e7f64..1.0e7]
        ) {
            let text = format!("{x:.1}");
            let text = text.strip_suffix(".0").unwrap_or(&text);
            let expected = if text == "-0" { "0" } else { text };
            proptest::prop_assert_eq!(Num(x).to_string(), expected);
        }

        /// The same near the halves, where the two roundings could part.
        #[test]
        fn halves_are_written_as_format_writes_them(n in -100_000i64..100_000, nudge in -4i64..=4) {
            let x = (n as f64 + 0.5) / 10.0 + nudge as f64 * 1e-9;
            let text = format!("{x:.1}");
            let text = text.strip_suffix(".0").unwrap_or(&text);
            let expected = if text == "-0" { "0" } else { text };
            proptest::prop_assert_eq!(Num(x).to_string(), expected);
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            Escaped("<script>&\"").to_string(),
            "&lt;script&gt;&amp;&quot;"
        );
    }

    #[test]
    fn nested_tags_are_indented() {
        let mut xml = Writer::default();
        xml.open("<g>");
        xml.line(format_args!("<rect/>"));
        xml.close("</g>");
        assert_eq!(xml.out, "<g>\n  <rect/>\n</g>\n");
    }
}
