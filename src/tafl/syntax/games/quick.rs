//! Turn lines taken straight from the reader's buffer.
//!
//! Nearly every line of a game file, and of a PGN export, is a turn: a
//! line that starts with a digit, which never begins a game in either
//! form. `Split::take_turn_lines` takes a run of such lines as one piece,
//! without the line-by-line reading and sorting that every other line
//! gets, so long as each opens no `[ ]` (which the line-by-line reading
//! follows over lines), ends with `\n` and keeps within the limits; it
//! stops at the first line that is anything else, which the line-by-line
//! reading then reads. Where reading stands after a turn line does not
//! depend on where it stood before: the run leaves it where each of its
//! lines would. The chunks are the same, which the tests below check
//! against the line-by-line reading alone.

use std::io::{self, BufRead};

use super::Split;
use super::split::Kind;
use crate::core::chunk::{Cutter, buffered};
use crate::tafl::syntax::ast::Form;
use crate::tafl::syntax::error::SyntaxError;

impl Split {
    /// Takes, from what the reader holds, the turn lines at its start,
    /// as the line-by-line reading would take them; leaves the first
    /// other line, and any line not whole in the reader's buffer, unread.
    pub(super) fn take_turn_lines<R: BufRead>(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        reader: &mut R,
    ) -> io::Result<()> {
        if !self.quick
            || !matches!(self.form, Form::Otg | Form::Pgn)
            || cutter.first
            || cutter.skipping
            || self.scan.in_bracket
        {
            return Ok(());
        }
        let available = buffered(reader)?;
        let (mut used, mut lines) = (0, 0);
        for (at, line) in cutter.run_lines(available, b'[') {
            if !line.first().is_some_and(u8::is_ascii_digit) {
                break;
            }
            lines += 1;
            used = at + line.len() + 1;
        }
        if lines > 0 {
            cutter.take_run(&available[..used], lines);
            self.reading = self.reading.after(Kind::Digit, false);
        }
        reader.consume(used);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::core::limits::Limits;
    use crate::tafl::syntax::ast::Form;
    use crate::tafl::syntax::games::{Chunk, Games};

    /// The chunks of `bytes`, turn lines taken as runs or not.
    fn chunks(bytes: &[u8], form: Form, quick: bool, limits: Limits) -> Vec<Chunk> {
        let mut games = Games::with_limits(bytes, form, limits);
        games.0.splitter.quick = quick;
        games
            .map(|chunk| chunk.expect("reading from memory"))
            .collect()
    }

    /// Checks that both readings cut `bytes` alike; returns the chunks.
    fn same_chunks(bytes: &[u8], form: Form, limits: Limits) -> Vec<Chunk> {
        let quick = chunks(bytes, form, true, limits);
        let shown = String::from_utf8_lossy(bytes);
        let slow = chunks(bytes, form, false, limits);
        assert_eq!(quick, slow, "{form:?} {limits:?}: {shown:?}");
        quick
    }

    #[test]
    fn generated_games_are_cut_as_line_by_line() {
        for (seed, rules) in ["brandub", "copenhagen", "tablut"].into_iter().enumerate() {
            let options = crate::tafl::generate::Options {
                rules: crate::tafl::rules::RuleSet::preset(rules).expect("a preset"),
                seed: seed as u64,
                games: 30,
                max_moves: 200,
            };
            // A blank line between games, as `hirp gen` writes them.
            let games: Vec<String> = crate::tafl::generate::games(&options).collect();
            let text = games.join("\n");
            let cut = same_chunks(text.as_bytes(), Form::Otg, Limits::DEFAULT);
            assert_eq!(cut.len(), 30);
            let crlf = text.replace('\n', "\r\n");
            same_chunks(crlf.as_bytes(), Form::Otg, Limits::DEFAULT);
            let small = Limits {
                game: 600,
                ..Limits::DEFAULT
            };
            same_chunks(text.as_bytes(), Form::Otg, small);
        }
    }

    /// Lines that matter to where a game begins and how a line is read,
    /// joined at random.
    fn lines() -> impl Strategy<Value = String> {
        const LINES: &[&str] = &[
            "[rules:dim:7 start:/3t3/3t3/ttTKTtt/3t3/3t3/7/7/]\n",
            "[attackers:olaf]\n",
            "[Event \"x\"]\n",
            "1. d2-d3 e4-e6\n",
            "2. a4-a2 d3-d2xc2\n",
            "3. b4-b3 [a comment\n",
            "over lines]\n",
            "4. c4-c5 [Black opens.]\n",
            "5a.1. a3-c3\n",
            "6. d1-d2\r\n",
            "7. d1-d2\r",
            "8. d1-d2 ]\n",
            "1. e4 e5\n",
            "1-0\n",
            "\n",
            "   \n",
            " 9. d1-d2\n",
            "Hello\n",
            "\u{feff}1. d1-d2\n",
            "10. d1-d2 e4-e6 d1-d2 e4-e6 d1-d2 e4-e6 d1-d2\n",
            "11. d1-d2",
            "[rules:dim:7]",
        ];
        prop::collection::vec(prop::sample::select(LINES), 0..40).prop_map(|l| l.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        #[test]
        fn mixed_lines_are_cut_as_line_by_line(
            text in lines(),
            line in 8usize..60,
            game in 16usize..400,
        ) {
            for form in [Form::Otg, Form::Pgn] {
                same_chunks(text.as_bytes(), form, Limits::DEFAULT);
                same_chunks(text.as_bytes(), form, Limits { line, game, ..Limits::DEFAULT });
            }
        }
    }
}
