//! Turn lines taken straight from the reader's buffer.
//!
//! Nearly every line of a record is a turn that goes on the game being
//! gathered: no `{ }` comment, no line end but `\n`, within the limits,
//! and not a turn that begins a game. `Split::take_turn_lines`
//! takes a run of such lines as one piece, without the line-by-line
//! reading, following of comments and sorting of lines that every other
//! line gets; it stops at the first line that is anything else, which the
//! line-by-line reading then reads. Only a `G` line whose round starts with
//! `0` or `1` may begin a game: the label of any other is read once, for the
//! last line of the run, where reading then stands. What it does to each line is what
//! that reading does to such a line: the chunks are the same, which the
//! tests below check against the line-by-line reading alone.

use std::io::{self, BufRead};

use super::{Split, SyntaxError};
use crate::core::chunk::{Cutter, buffered};
use crate::hirp::syntax::parser::{ItemKind, Reading, begins_game, label_at};

/// Where reading stands after the turn line at the start of `line`, its
/// label read as [`label_at`] reads it.
fn reading_after(line: &[u8]) -> Option<Reading> {
    let (side, round) = label_at(line)?;
    Some(Reading::after(ItemKind::Turn { side, round }))
}

impl Split {
    /// Takes, from what the reader holds, the turn lines at its start that
    /// go on the game being gathered, as the line-by-line reading would
    /// take them; leaves the first other line, and any line not whole in
    /// the reader's buffer, unread.
    pub(super) fn take_turn_lines<R: BufRead>(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        reader: &mut R,
    ) -> io::Result<()> {
        if !self.quick
            || cutter.first
            || cutter.skipping
            || self.open.is_some()
            || self.scan.depth > 0
        {
            return Ok(());
        }
        let available = buffered(reader)?;
        let (mut used, mut lines) = (0, 0);
        // The start of the last line taken: its label is where reading stands.
        let mut last = None;
        // A run stops at what may open a `{ }` comment, which the
        // line-by-line reading follows. A `;` comment or a string ends with
        // its line and changes nothing the reading carries to the next, so
        // long as no `{` comes before it: neither stops the run.
        for (at, line) in cutter.run_lines(available, b'{') {
            match line {
                // A round that does not start with 0 or 1 is never 1, and
                // only `G1` may begin a game: its label waits for the run's
                // end.
                [b'S', b'0'..=b'9', ..] | [b'G', b'2'..=b'9', ..] => {}
                [b'G', b'0' | b'1', ..] => {
                    let Some((side, round)) = label_at(line) else {
                        break;
                    };
                    let item = ItemKind::Turn { side, round };
                    let reading = match last {
                        Some(at) => reading_after(&available[at..]),
                        None => Some(self.reading),
                    };
                    let Some(reading) = reading else {
                        break;
                    };
                    if reading != Reading::NoGame && begins_game(reading, item) {
                        break;
                    }
                }
                _ => break,
            }
            last = Some(at);
            lines += 1;
            used = at + line.len() + 1;
        }
        // The last line taken starts with a side and a digit: its label
        // reads. Were it not to, nothing is taken, and the line-by-line
        // reading reads the lines.
        match last.and_then(|at| reading_after(&available[at..])) {
            Some(reading) => {
                cutter.take_run(&available[..used], lines);
                self.reading = reading;
                self.pending = None;
                self.parted = false;
            }
            None => used = 0,
        }
        reader.consume(used);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::hirp::syntax::games::Chunk;
    use crate::hirp::syntax::games::Games;
    use crate::hirp::syntax::limits::Limits;

    /// The chunks of `bytes`, turn lines taken as runs or not.
    fn chunks(bytes: &[u8], quick: bool, limits: Limits) -> Vec<Chunk> {
        let mut games = Games::with_limits(bytes, limits);
        games.0.splitter.quick = quick;
        games
            .map(|chunk| chunk.expect("reading from memory"))
            .collect()
    }

    /// Checks that both readings cut `bytes` alike; returns the chunks.
    fn same_chunks(bytes: &[u8], limits: Limits) -> Vec<Chunk> {
        let quick = chunks(bytes, true, limits);
        let shown = String::from_utf8_lossy(bytes);
        assert_eq!(quick, chunks(bytes, false, limits), "{limits:?}: {shown:?}");
        quick
    }

    #[test]
    fn generated_games_are_cut_as_line_by_line() {
        for seed in 0..4 {
            let text = crate::hirp::generate::record(crate::hirp::generate::Options {
                seed,
                games: 40,
                max_turns: 200,
            })
            .to_string();
            assert_eq!(same_chunks(text.as_bytes(), Limits::DEFAULT).len(), 40);
            let crlf = text.replace('\n', "\r\n").replace("G3 ", "G3 {c} ");
            same_chunks(crlf.as_bytes(), Limits::DEFAULT);
        }
    }

    /// Lines that matter to where a game begins and how a line is read,
    /// joined at random.
    fn lines() -> impl Strategy<Value = String> {
        const LINES: &[&str] = &[
            "G1 KeHeiHei /\n",
            "S1 He GdSa/\n",
            "G2 K3>5L42 >5SK5SH5GK^\n",
            "S2 Hm>3H98 >3GK3GH3SHx\n",
            "G3 L12H01H12K12K21 /\n",
            "S3 He /\n",
            "G1 He /\n",
            "G01 He /\n",
            "S99999999999 He /\n",
            "[Game \"2\"]\n",
            "[Result \"*\"]\n",
            "\n",
            "   \n",
            "; a comment\n",
            "G4 He / ; after\n",
            "G4 He /\r\n",
            "S4 He /\r",
            "G5 {a comment\n",
            "over lines}\n",
            "S5 \"a string\" /\n",
            "{ G1 He / }\n",
            "Hello\n",
            "\u{feff}G1 He /\n",
            " G6 He /\n",
            "G7 HeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHeHe /\n",
            "G8",
            "S8 He /",
            "G9\tHe /\n",
            "S9 He\t/\n",
            "G9 He /\x0b\n",
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
            same_chunks(text.as_bytes(), Limits::DEFAULT);
            same_chunks(text.as_bytes(), Limits { line, game, ..Limits::DEFAULT });
        }
    }
}
