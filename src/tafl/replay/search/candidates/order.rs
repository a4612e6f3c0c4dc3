//! Candidates that write a window's plies in another order: two swapped,
//! or one written two or three plies away (a move written in the
//! neighbouring turn), laid out again in a game file so that each line
//! holds a turn.

use super::Window;
use crate::tafl::syntax::Form;

impl Window<'_> {
    /// Ply `j` swapped with one of the next three.
    pub(super) fn swapped(&mut self, j: usize) {
        for m in j + 1..(j + 4).min(self.spans.len()) {
            if self.tokens[j] == self.tokens[m] {
                continue;
            }
            let mut order: Vec<usize> = (j..=m).collect();
            order.swap(0, m - j);
            self.reordered(j, m, &order);
        }
    }

    /// Ply `j` written two or three plies later, or the ply two or three
    /// after it written before it: a move written in the neighbouring
    /// turn.
    pub(super) fn moved(&mut self, j: usize) {
        let len = self.spans.len();
        for d in [2, 3] {
            if j + d < len {
                let mut order: Vec<usize> = (j + 1..=j + d).collect();
                order.push(j);
                self.reordered(j, j + d, &order);
                let mut order = vec![j + d];
                order.extend(j..j + d);
                self.reordered(j, j + d, &order);
            }
        }
    }

    /// The plies `lo..=hi` written in `order` (the plies' indices), as a
    /// candidate. In a game file whose turns hold two plies a line, the
    /// lines they lie on are laid out again so that each holds a turn,
    /// where they can be; else each ply takes the place of another.
    fn reordered(&mut self, lo: usize, hi: usize, order: &[usize]) {
        let text = self.text;
        let line_of = |i: usize| text[..self.spans[i].0].rfind('\n');
        // The whole lines they lie on, and the line before and after.
        let mut first = lo;
        let mut lines = 0;
        while first > 0 && lines < 2 {
            if line_of(first - 1) != line_of(first) {
                lines += 1;
            }
            if lines < 2 {
                first -= 1;
            }
        }
        let mut last = hi;
        let mut lines = 0;
        while last + 1 < self.spans.len() && lines < 2 {
            if line_of(last + 1) != line_of(last) {
                lines += 1;
            }
            if lines < 2 {
                last += 1;
            }
        }
        let all: Vec<usize> = (first..lo)
            .chain(order.iter().copied())
            .chain(hi + 1..=last)
            .collect();
        let seps: Vec<&str> = (first..last)
            .map(|i| &text[self.spans[i].1..self.spans[i + 1].0])
            .collect();
        let tokens: Vec<&str> = all.iter().map(|&i| self.tokens[i]).collect();
        let (start, end, with) = match self.relaid(last, &tokens, &seps) {
            Some(with) => (self.spans[first].0, self.spans[last].1, with),
            None => {
                let mut with = String::new();
                for (n, &i) in order.iter().enumerate() {
                    with.push_str(self.tokens[i]);
                    if lo + n < hi {
                        with.push_str(&text[self.spans[lo + n].1..self.spans[lo + n + 1].0]);
                    }
                }
                (self.spans[lo].0, self.spans[hi].1, with)
            }
        };
        let owned = order.iter().map(|&i| self.tokens[i].to_owned()).collect();
        let moved = order.len() > 2;
        self.push(start, end, with, (lo, hi + 1, 2), owned);
        if let Some(last) = self.candidates.last_mut().filter(|_| moved) {
            last.moved = true;
        }
    }

    /// `tokens`, the plies of whole lines up to ply `last`, written with the
    /// line ends of `seps` placed so that each line holds two plies (the
    /// game's last line one or two); `None` when the game is not a game
    /// file, holds no line end there, or no such placing is.
    fn relaid(&self, last: usize, tokens: &[&str], seps: &[&str]) -> Option<String> {
        if self.form != Form::Otg {
            return None;
        }
        let breaks: Vec<&str> = seps.iter().copied().filter(|s| s.contains('\n')).collect();
        let blank = seps
            .iter()
            .copied()
            .find(|s| !s.contains('\n'))
            .unwrap_or(" ");
        let tail = tokens.len().checked_sub(2 * breaks.len())?;
        let game_end = last + 1 == self.spans.len();
        if breaks.is_empty() || !(tail == 2 || (tail == 1 && game_end)) {
            return None;
        }
        let mut with = String::new();
        let mut next_break = breaks.iter();
        for (n, token) in tokens.iter().enumerate() {
            with.push_str(token);
            if n + 1 < tokens.len() {
                with.push_str(if n % 2 == 1 {
                    next_break.next()?
                } else {
                    blank
                });
            }
        }
        Some(with)
    }
}
