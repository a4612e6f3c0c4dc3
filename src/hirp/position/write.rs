//! A position written as its line.

use std::fmt::Write as _;

use crate::hirp::rules::{Karve, Position};
use crate::hirp::types::{Side, Space};

/// The line of `position`: its board, the side to move and the round of
/// the turn to play, and the result once the game is over.
pub fn write(position: &Position) -> String {
    let mut line = board(position);
    let side = match position.to_move() {
        Side::Gull => "gull",
        Side::Silfr => "silfr",
    };
    let _ = write!(line, " {side} {}", position.turns() / 2 + 1);
    if let Some(victory) = position.result() {
        let winner = match victory.winner {
            Side::Gull => "gull",
            Side::Silfr => "silfr",
        };
        let _ = write!(line, " {winner}-{}", victory.kind.code());
    }
    line
}

/// The board of `position`: the first field of its line.
pub fn board(position: &Position) -> String {
    let mut board = String::with_capacity(32);
    for space in Space::ALL {
        let start = board.len();
        for side in Side::ALL {
            let army = position.army(side);
            let [l, h, k] = match side {
                Side::Gull => ['L', 'H', 'K'],
                Side::Silfr => ['l', 'h', 'k'],
            };
            if army.lofdungr.at == Some(space) {
                board.push(l);
            }
            match army.loose_on(space) {
                0 => {}
                1 => board.push(h),
                n => {
                    let _ = write!(board, "{h}{n}");
                }
            }
            let mut karves: Vec<&Karve> = army.karves_on(space).map(|(_, karve)| karve).collect();
            // The most Hirþs aboard first: which of two Karves of a crew
            // entered first never changes the game (`docs/rules.md`, "A
            // position line").
            karves.sort_by_key(|karve| std::cmp::Reverse(karve.crew));
            for karve in karves {
                let _ = write!(board, "{k}{}", karve.crew);
            }
        }
        if board.len() == start {
            board.push('-');
        }
        board.push('/');
    }
    let start = board.len();
    for side in Side::ALL {
        let removed = position.army(side).removed;
        if removed > 0 {
            let x = if side == Side::Gull { 'X' } else { 'x' };
            let _ = write!(board, "{x}{removed}");
        }
    }
    let penningr = position.penningr();
    if let Some(holder) = penningr.holder
        && penningr.multiplier() > 1
    {
        let letter = if penningr.multiplier() == 2 { 'D' } else { 'T' };
        board.push(match holder {
            Side::Gull => letter,
            Side::Silfr => letter.to_ascii_lowercase(),
        });
    }
    if board.len() == start {
        board.push('-');
    }
    board
}

/// A 64-bit hash of a position: of its board and the side to move, so that
/// the same position reached in different rounds hashes alike. It is the
/// FNV-1a hash of the line's first two fields, `board side`, and stays the
/// same from one version to the next.
pub fn hash(position: &Position) -> u64 {
    let side: &[u8] = match position.to_move() {
        Side::Gull => b" gull",
        Side::Silfr => b" silfr",
    };
    fnv1a(board(position).as_bytes().iter().chain(side))
}

/// The FNV-1a hash of `bytes`.
fn fnv1a<'a>(bytes: impl Iterator<Item = &'a u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
