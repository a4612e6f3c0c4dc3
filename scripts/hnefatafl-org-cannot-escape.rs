//! Positions judged by hnefatafl.org's engine (`Board::can_not_escape` of
//! `dcampbell24/hnefatafl`), for `fixtures/tafl/hnefatafl-org/`: for each
//! board size, positions drawn at random in four styles (attackers along
//! the edges and across the corners; the king on an edge among attackers;
//! a fort of defenders on an edge ringed by attackers; pieces anywhere),
//! and three copies of each the engine judges lost for the king, each with
//! one square changed. They are sorted by what the judgement turns on (the
//! king hemmed in; for a king on an edge, the attackers counted and the
//! pairs of attackers inwards; every corner shut off; the corners shut by
//! attackers along both edges; the longest run along an edge and the most
//! runs on one; the counts of pieces against the thresholds 2, 4, 6, 12
//! and 13; the verdict), and the first few of each sort are kept. One line
//! a position: `DIM RECORD y|n`, the record an OpenTafl position record,
//! its first row the board's top row.
//!
//! Built by `scripts/hnefatafl-org-cannot-escape.sh` against a clone of the
//! engine; usage: `SEED CANDIDATES_PER_SIZE KEPT_PER_SORT`.
use std::collections::BTreeMap;

use hnefatafl_copenhagen::board::Board;
use hnefatafl_copenhagen::play::Vertex;
use hnefatafl_copenhagen::space::Space;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Sq {
    E,
    A,
    D,
    K,
}

struct Setup {
    d: usize,
    sq: Vec<Sq>,
    max_a: usize,
    max_d: usize,
}

impl Setup {
    fn new(d: usize) -> Setup {
        let (max_d, max_a) = match d {
            7 => (4, 8),
            11 => (12, 24),
            _ => (16, 32),
        };
        Setup { d, sq: vec![Sq::E; d * d], max_a, max_d }
    }
    fn i(&self, x: usize, y: usize) -> usize {
        y * self.d + x
    }
    fn restricted(&self, i: usize) -> bool {
        let (x, y, l) = (i % self.d, i / self.d, self.d - 1);
        ((x == 0 || x == l) && (y == 0 || y == l)) || (x == l / 2 && y == l / 2)
    }
    fn count(&self, s: Sq) -> usize {
        self.sq.iter().filter(|&&q| q == s).count()
    }
    fn put(&mut self, i: usize, s: Sq) {
        if !self.restricted(i) && self.sq[i] == Sq::E {
            self.sq[i] = s;
        }
    }
    /// Takes pieces off at random until the counts fit the engine's start.
    fn cap(&mut self, rng: &mut Rng) {
        for (s, max) in [(Sq::A, self.max_a), (Sq::D, self.max_d)] {
            while self.count(s) > max {
                let i = rng.below(self.sq.len());
                if self.sq[i] == s {
                    self.sq[i] = Sq::E;
                }
            }
        }
    }
    fn place_king(&mut self, rng: &mut Rng, on_edge: bool) {
        let l = self.d - 1;
        for _ in 0..1000 {
            let i = rng.below(self.sq.len());
            let (x, y) = (i % self.d, i / self.d);
            let edge = x == 0 || y == 0 || x == l || y == l;
            let corner = (x == 0 || x == l) && (y == 0 || y == l);
            if self.sq[i] == Sq::E && !corner && edge == on_edge {
                self.sq[i] = Sq::K;
                return;
            }
        }
    }
    fn record(&self) -> String {
        let mut out = String::from("/");
        for y in 0..self.d {
            let mut empty = 0;
            for x in 0..self.d {
                let c = match self.sq[self.i(x, y)] {
                    Sq::E => {
                        empty += 1;
                        continue;
                    }
                    Sq::A => 't',
                    Sq::D => 'T',
                    Sq::K => 'K',
                };
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out.push('/');
        }
        out
    }
}

/// Attackers along the edges and across the corners, defenders inside.
fn edges(rng: &mut Rng, d: usize) -> Setup {
    let mut s = Setup::new(d);
    let l = d - 1;
    let p_edge = 0.5 + 0.5 * (rng.below(100) as f64 / 100.0);
    let p_wall = rng.below(100) as f64 / 100.0;
    for i in 0..d * d {
        let (x, y) = (i % d, i / d);
        if (x == 0 || y == 0 || x == l || y == l) && rng.chance(p_edge) {
            s.put(i, Sq::A);
        }
    }
    for (cx, cy) in [(0, 0), (l, 0), (0, l), (l, l)] {
        if rng.chance(p_wall) {
            for (dx, dy) in [(2, 0), (1, 1), (0, 2)] {
                let x = if cx == 0 { dx } else { l - dx };
                let y = if cy == 0 { dy } else { l - dy };
                let i = s.i(x, y);
                s.sq[i] = Sq::E;
                s.put(i, Sq::A);
            }
        }
    }
    let inner_a = rng.below(s.max_a / 2 + 1);
    for _ in 0..inner_a {
        let i = rng.below(d * d);
        s.put(i, Sq::A);
    }
    let on_edge = rng.chance(0.4);
    let defenders = rng.below(s.max_d + 1);
    for _ in 0..defenders {
        let (x, y) = (1 + rng.below(d - 2), 1 + rng.below(d - 2));
        let i = s.i(x, y);
        s.put(i, Sq::D);
    }
    if rng.chance(0.3) {
        let i = rng.below(d * d);
        s.put(i, Sq::D);
    }
    s.cap(rng);
    if on_edge {
        // Room for the king on the edge.
        let i = rng.below(d * d);
        let (x, y) = (i % d, i / d);
        if (x == 0 || y == 0 || x == l || y == l) && !s.restricted(i) {
            s.sq[i] = Sq::E;
        }
    }
    s.place_king(rng, on_edge);
    s
}

/// The king on an edge square among attackers.
fn hemmed(rng: &mut Rng, d: usize) -> Setup {
    let mut s = Setup::new(d);
    let l = d - 1;
    let along = 1 + rng.below(d - 2);
    let side = rng.below(4);
    // (x, y) of the square `a` along the edge and `n` inwards.
    let at = |a: isize, n: isize| -> Option<(usize, usize)> {
        let (a, n) = (along as isize + a, n);
        if a < 0 || a > l as isize || n < 0 || n > l as isize {
            return None;
        }
        let (a, n) = (a as usize, n as usize);
        Some(match side {
            0 => (n, a),
            1 => (l - n, a),
            2 => (a, n),
            _ => (a, l - n),
        })
    };
    let (kx, ky) = at(0, 0).unwrap();
    let k = s.i(kx, ky);
    s.sq[k] = Sq::K;
    let p = [0.9, 0.8, 0.6];
    for (a, n, pi) in [
        (-1, 0, 0),
        (-2, 0, 0),
        (1, 0, 0),
        (2, 0, 0),
        (0, 1, 1),
        (0, 2, 1),
        (-1, 1, 2),
        (-1, 2, 2),
        (1, 1, 2),
        (1, 2, 2),
    ] {
        if let Some((x, y)) = at(a, n) {
            if rng.chance(p[pi]) {
                let i = s.i(x, y);
                s.put(i, Sq::A);
            }
        }
    }
    let more = rng.below(s.max_a);
    for _ in 0..more {
        let i = rng.below(d * d);
        s.put(i, Sq::A);
    }
    let defenders = [0, 1, 1, 2, 3, rng.below(s.max_d + 1)][rng.below(6)];
    for _ in 0..defenders {
        let i = rng.below(d * d);
        s.put(i, Sq::D);
    }
    s.cap(rng);
    s
}

/// Pieces anywhere.
fn uniform(rng: &mut Rng, d: usize) -> Setup {
    let mut s = Setup::new(d);
    let a = 1 + rng.below(s.max_a);
    let n = rng.below(s.max_d + 1);
    for _ in 0..a {
        let i = rng.below(d * d);
        s.put(i, Sq::A);
    }
    for _ in 0..n {
        let i = rng.below(d * d);
        s.put(i, Sq::D);
    }
    let on_edge = rng.chance(0.5);
    s.place_king(rng, on_edge);
    s
}

/// One square changed: emptied, or given an attacker or a defender.
fn mutate(rng: &mut Rng, s: &Setup) -> Setup {
    let mut m = Setup { d: s.d, sq: s.sq.clone(), max_a: s.max_a, max_d: s.max_d };
    for _ in 0..100 {
        let i = rng.below(s.d * s.d);
        if m.restricted(i) || m.sq[i] == Sq::K {
            continue;
        }
        let to = [Sq::E, Sq::A, Sq::D][rng.below(3)];
        if to == m.sq[i] {
            continue;
        }
        m.sq[i] = to;
        if m.count(Sq::A) >= 1 && m.count(Sq::A) <= m.max_a && m.count(Sq::D) <= m.max_d {
            return m;
        }
        m.sq[i] = s.sq[i];
    }
    m
}

/// A fort on an edge: a block of defenders and the king, ringed by
/// attackers.
fn fort(rng: &mut Rng, d: usize) -> Setup {
    let mut s = Setup::new(d);
    let l = d - 1;
    let width = 1 + rng.below(4);
    let depth = 1 + rng.below(3);
    let start = 1 + rng.below(d - 1 - width);
    let side = rng.below(4);
    let at = |a: usize, n: usize| match side {
        0 => (n, a),
        1 => (l - n, a),
        2 => (a, n),
        _ => (a, l - n),
    };
    let mut block = Vec::new();
    for a in start..start + width {
        for n in 0..depth {
            let (x, y) = at(a, n);
            block.push(s.i(x, y));
        }
    }
    let p_defender = 0.5 + 0.5 * (rng.below(100) as f64 / 100.0);
    for &i in &block {
        if rng.chance(p_defender) {
            s.put(i, Sq::D);
        }
    }
    let k = block[rng.below(block.len())];
    if !s.restricted(k) {
        s.sq[k] = Sq::K;
    }
    for &i in &block {
        let (x, y) = (i % d, i / d);
        let near = [(0, 1), (2, 1), (1, 0), (1, 2)];
        for (dx, dy) in near {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 1 || ny < 1 || nx > d || ny > d {
                continue;
            }
            let j = s.i(nx - 1, ny - 1);
            if !block.contains(&j) && rng.chance(0.95) {
                s.put(j, Sq::A);
            }
        }
    }
    if rng.chance(0.5) {
        let more = rng.below(s.max_a);
        for _ in 0..more {
            let i = rng.below(d * d);
            s.put(i, Sq::A);
        }
    }
    s.cap(rng);
    s
}

fn board(s: &Setup) -> Board {
    Board::open_tafl_deserialize(&s.record()).expect("a record the engine reads")
}

/// For a king on an edge square two or more from the corners: the
/// attackers counted with a corner two squares from him as one more,
/// whether the two squares inwards from him are attackers, and of how
/// many of his neighbours along the edge the two inwards are.
fn king_on_edge(s: &Setup) -> (usize, bool, usize) {
    let (d, l) = (s.d, s.d - 1);
    let Some(k) = s.sq.iter().position(|&q| q == Sq::K) else {
        return (0, false, 0);
    };
    let (kx, ky) = (k % d, k / d);
    // Along the edge and inwards, as unit steps.
    let (along, inwards): ((isize, isize), (isize, isize)) = if kx == 0 {
        ((0, 1), (1, 0))
    } else if kx == l {
        ((0, 1), (-1, 0))
    } else if ky == 0 {
        ((1, 0), (0, 1))
    } else if ky == l {
        ((1, 0), (0, -1))
    } else {
        return (0, false, 0);
    };
    let p = if along.0 == 0 { ky } else { kx };
    if p < 2 || p + 3 > d {
        return (0, false, 0);
    }
    let at = |a: isize, n: isize| {
        let x = kx as isize + a * along.0 + n * inwards.0;
        let y = ky as isize + a * along.1 + n * inwards.1;
        s.sq[y as usize * d + x as usize]
    };
    let mut counted = s.count(Sq::A);
    for a in [-2, 2] {
        let x = kx as isize + a * along.0;
        let y = ky as isize + a * along.1;
        if (x == 0 || x == l as isize) && (y == 0 || y == l as isize) {
            counted += 1;
        }
    }
    let inward = at(0, 1) == Sq::A && at(0, 2) == Sq::A;
    let diagonal = [-1, 1].iter().filter(|&&a| at(a, 1) == Sq::A && at(a, 2) == Sq::A).count();
    (counted.min(9), inward, diagonal)
}

/// What the engine's judgement of a position turns on, and its verdict.
fn sort(s: &Setup) -> (bool, (usize, bool, usize), bool, usize, usize, u8, u8, bool) {
    let b = board(s);
    let d = s.d;
    let guards = s.max_d - b.defenders_captured;
    let attackers = s.max_a - b.attackers_captured;
    let hemmed = b.king_trapped(guards, attackers);
    let size = b.size();
    let attacker = |x: usize, y: usize| b.get(&Vertex { size, x, y }) == Space::Attacker;
    let l = d - 1;
    let shut_by_lines = [(0, 0), (l, 0), (0, l), (l, l)]
        .iter()
        .filter(|&&(cx, cy)| {
            let step = |c: usize, n: usize| if c == 0 { n } else { l - n };
            attacker(step(cx, 1), cy)
                && attacker(step(cx, 2), cy)
                && attacker(cx, step(cy, 1))
                && attacker(cx, step(cy, 2))
        })
        .count();
    // The longest run along an edge of squares neither attackers nor shut
    // off, and the number of runs on the edge with the most.
    let (longest, most_runs) = match b.closed_off_exits() {
        None => (99, 99),
        Some(shut) => {
            let mut longest = 0;
            let mut most_runs = 0;
            for line in 0..4 {
                let (mut run, mut runs) = (0, 0);
                for n in 0..d {
                    let (x, y) = match line {
                        0 => (0, n),
                        1 => (l, n),
                        2 => (n, 0),
                        _ => (n, l),
                    };
                    let v = Vertex { size, x, y };
                    if b.get(&v) != Space::Attacker && !shut.contains(&v) {
                        run += 1;
                        if run == 1 {
                            runs += 1;
                        }
                        longest = longest.max(run);
                    } else {
                        run = 0;
                    }
                }
                most_runs = most_runs.max(runs);
            }
            (longest.min(4), most_runs.min(2))
        }
    };
    let guards_band = [2, 4, 6].iter().filter(|&&t| guards >= t).count() as u8;
    let attackers_band = match attackers {
        0..=11 => 0,
        12 => 1,
        13 => 2,
        _ => 3,
    };
    (
        hemmed,
        king_on_edge(s),
        longest != 99,
        shut_by_lines,
        longest * 10 + most_runs,
        guards_band,
        attackers_band,
        b.can_not_escape(),
    )
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (seed, candidates, per_sort) = (args[0], args[1] as usize, args[2] as usize);
    let mut rng = Rng(seed | 1);
    for d in [7, 11, 13] {
        let mut kept: BTreeMap<_, Vec<String>> = BTreeMap::new();
        let keep = |s: &Setup, kept: &mut BTreeMap<_, Vec<String>>| {
            let lines = kept.entry(sort(s)).or_default();
            if lines.len() < per_sort {
                let verdict = if board(s).can_not_escape() { "y" } else { "n" };
                lines.push(format!("{d} {} {verdict}", s.record()));
            }
        };
        for _ in 0..candidates {
            let s = match rng.below(4) {
                0 => edges(&mut rng, d),
                1 => hemmed(&mut rng, d),
                2 => fort(&mut rng, d),
                _ => uniform(&mut rng, d),
            };
            if s.count(Sq::A) == 0 || s.count(Sq::K) != 1 {
                continue;
            }
            keep(&s, &mut kept);
            if board(&s).can_not_escape() {
                for _ in 0..3 {
                    let m = mutate(&mut rng, &s);
                    keep(&m, &mut kept);
                }
            }
        }
        let lines: Vec<&String> = kept.values().flatten().collect();
        let yes = lines.iter().filter(|l| l.ends_with('y')).count();
        eprintln!("{d}: {} sorts, {} positions, {yes} lost for the king", kept.len(), lines.len());
        for line in lines {
            println!("{line}");
        }
    }
}
