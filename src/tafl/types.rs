//! The closed vocabularies the tafl notation and rules share: squares,
//! sides and pieces. Each reads from and prints as its notation.

use std::fmt::{self, Write as _};
use std::str::FromStr;

pub use crate::core::UnknownName;

/// A square of a board of up to [`Square::MAX_SIDE`] × [`Square::MAX_SIDE`]:
/// a file (column, `a` on the left) and a rank (row, `1` at the bottom),
/// written `a1`, `k11`. Which squares a board has is for the rules to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The file, from 0 (`a`).
    file: u8,
    /// The rank, from 0 (`1`).
    rank: u8,
}

impl Square {
    /// The longest side of a board: 19, the largest OpenTafl plays (files
    /// `a` to `s`).
    pub const MAX_SIDE: u8 = 19;

    /// The square on `file` and `rank`, both from 0, if within the largest
    /// board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::MAX_SIDE && rank < Self::MAX_SIDE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The rank, from 0 (`1`).
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The file's letter.
    pub const fn file_letter(self) -> char {
        (b'a' + self.file) as char
    }

    /// The square on a board of `dim` turned or mirrored by `symmetry`,
    /// one of the eight of a square board (taken modulo 8): mirrored file
    /// for file (`a` and the last file swapped) when `symmetry` is 4 or
    /// more, then turned `symmetry % 4` quarter turns (a1 to the last
    /// file's rank 1). A square off that board is left as it is.
    ///
    /// ```
    /// use hirp::tafl::Square;
    ///
    /// let a1: Square = "a1".parse().unwrap();
    /// assert_eq!(a1.symmetric(7, 1).to_string(), "g1");
    /// assert_eq!(a1.symmetric(7, 4).to_string(), "g1");
    /// assert_eq!(a1.symmetric(7, 2).to_string(), "g7");
    /// ```
    pub fn symmetric(self, dim: u8, symmetry: u8) -> Square {
        let Some(last) = dim
            .checked_sub(1)
            .filter(|&l| self.file <= l && self.rank <= l)
        else {
            return self;
        };
        let (mut file, mut rank) = (self.file, self.rank);
        if symmetry % 8 >= 4 {
            file = last - file;
        }
        for _ in 0..symmetry % 4 {
            (file, rank) = (last - rank, file);
        }
        Square { file, rank }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.file_letter())?;
        write!(f, "{}", u16::from(self.rank) + 1)
    }
}

impl FromStr for Square {
    type Err = UnknownName;

    /// Reads `a1` to `s19`: a lower-case file letter, then the rank from 1
    /// with no leading zero.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownName {
            what: "square",
            text: s.to_owned(),
        };
        let mut chars = s.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(unknown)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(unknown());
        }
        let rank: u8 = digits.parse().map_err(|_| unknown())?;
        Square::new(file as u8 - b'a', rank - 1).ok_or_else(unknown)
    }
}

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The attackers ("assaillants"), black in the archives: the many
    /// pieces around the edge, lower-case letters in a position record.
    Attackers,
    /// The defenders: the king and his guards, white in the archives,
    /// upper-case letters in a position record.
    Defenders,
}

impl Side {
    /// Both sides, the attackers first.
    pub const ALL: [Side; 2] = [Side::Attackers, Side::Defenders];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    /// `attackers` or `defenders`, as JSON and the README name them.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds of piece OpenTafl's notation names (its `taflman-symbol`).
/// The presets of this crate play with taflmen and a king only; the others
/// are read so that a record naming them is reported, not misread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// `t`: an ordinary piece (a soldier, a guard of the king).
    Taflman,
    /// `k`: the king.
    King,
    /// `c`: a commander (berserk variants).
    Commander,
    /// `n`: a knight (berserk variants).
    Knight,
    /// `m`: a mercenary.
    Mercenary,
    /// `g`: a guard that neither captures nor can be captured.
    Guard,
}

impl Piece {
    /// Every kind, in OpenTafl's preferred order.
    pub const ALL: [Piece; 6] = [
        Piece::Taflman,
        Piece::Commander,
        Piece::Knight,
        Piece::King,
        Piece::Mercenary,
        Piece::Guard,
    ];

    /// The letter in lower case (an attacker's); a defender's is its
    /// capital.
    pub const fn letter(self) -> char {
        match self {
            Piece::Taflman => 't',
            Piece::King => 'k',
            Piece::Commander => 'c',
            Piece::Knight => 'n',
            Piece::Mercenary => 'm',
            Piece::Guard => 'g',
        }
    }

    /// The piece and side a position record's letter names: lower case for
    /// the attackers, upper case for the defenders.
    pub fn from_letter(letter: char) -> Option<(Side, Piece)> {
        let side = if letter.is_ascii_uppercase() {
            Side::Defenders
        } else {
            Side::Attackers
        };
        let piece = Piece::ALL
            .into_iter()
            .find(|p| p.letter() == letter.to_ascii_lowercase())?;
        Some((side, piece))
    }

    /// The letter of this piece of `side`.
    pub const fn letter_of(self, side: Side) -> char {
        match side {
            Side::Attackers => self.letter(),
            Side::Defenders => self.letter().to_ascii_uppercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print_alike() {
        for text in ["a1", "d4", "k11", "m13", "s19"] {
            let square: Square = text.parse().unwrap();
            assert_eq!(square.to_string(), text);
        }
        let k11: Square = "k11".parse().unwrap();
        assert_eq!((k11.file(), k11.rank()), (10, 10));
        for bad in ["", "a", "a0", "a01", "A1", "t1", "a20", "a1x", "1a", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn letters_name_a_side_and_a_piece() {
        assert_eq!(
            Piece::from_letter('t'),
            Some((Side::Attackers, Piece::Taflman))
        );
        assert_eq!(
            Piece::from_letter('K'),
            Some((Side::Defenders, Piece::King))
        );
        assert_eq!(Piece::from_letter('x'), None);
        for piece in Piece::ALL {
            for side in Side::ALL {
                assert_eq!(
                    Piece::from_letter(piece.letter_of(side)),
                    Some((side, piece))
                );
            }
        }
    }
}
