//! What recognizing a record written the usual way costs, beside parsing it.
//!
//! `scan_cost FILE` cuts FILE into chunks with [`Games`], then reads each
//! with [`usual_games`] (in `scan`); `scan_cost FILE parse` reads each with
//! [`parse_chunk`] instead, its tree dropped (in `parse`). Either prints the
//! bytes, games and turns read, which the two must agree on. Run under
//! callgrind, counting the reading alone, for the instructions a byte of
//! each:
//!
//! ```text
//! hirp gen --seed 7 --games 20000 -o /tmp/g.hirp
//! cargo build --release --example scan_cost
//! valgrind --tool=callgrind --toggle-collect='scan_cost::scan' \
//!     target/release/examples/scan_cost /tmp/g.hirp
//! valgrind --tool=callgrind --toggle-collect='scan_cost::parse' \
//!     target/release/examples/scan_cost /tmp/g.hirp parse
//! ```

use hirp::hirp::syntax::scan::usual_games;
use hirp::hirp::syntax::{Chunk, Games, parse_chunk};

/// The games and turns of a chunk written the usual way, by [`usual_games`].
#[inline(never)]
fn scan(chunk: &Chunk) -> Option<(usize, usize)> {
    let counts = usual_games(&chunk.bytes)?;
    let turns = counts.iter().map(|&n| n as usize).sum();
    Some((counts.len(), turns))
}

/// The games and turns of a chunk, by [`parse_chunk`].
#[inline(never)]
fn parse(chunk: &Chunk) -> (usize, usize) {
    let (_, parsed) = parse_chunk(chunk);
    let games = &parsed.record.games;
    (games.len(), games.iter().map(|g| g.turns.len()).sum())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: scan_cost FILE [parse]");
    let parsing = args.next().as_deref() == Some("parse");
    let bytes = std::fs::read(&path).expect("a readable file");
    let chunks: Vec<Chunk> = Games::new(&bytes[..])
        .map(|chunk| chunk.expect("reading from memory"))
        .collect();
    let (mut games, mut turns, mut unusual) = (0, 0, 0);
    for chunk in &chunks {
        let read = if parsing {
            Some(parse(chunk))
        } else {
            scan(chunk)
        };
        match read {
            Some((g, t)) => (games, turns) = (games + g, turns + t),
            None => unusual += 1,
        }
    }
    println!(
        "{} bytes, {} chunks ({unusual} unusual), {games} games, {turns} turns",
        bytes.len(),
        chunks.len()
    );
}
