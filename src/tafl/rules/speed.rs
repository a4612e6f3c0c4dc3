//! Speed limits (`spd:`): how many squares a move of each kind of piece may
//! cover at most (`docs/rules.md#tafl-rule-sets-as-opentafl-rules-strings`).

use std::fmt;

use crate::tafl::{Piece, Side};

/// The most squares a move of each kind of piece may cover, in the order
/// of [`Piece::ALL`] for the attackers, then for the defenders; `None` is no
/// limit. OpenTafl's `spd:` entry: one number for every piece (`spd:4`),
/// two for the attackers and the defenders (`spd:3,4`), or one a kind of
/// piece (`spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1`, in the order
/// `tcnkmgTCNKMG`; lists of ten, `tcnkmTCNKM`, and of eight, `tcnkTCNK`,
/// are read too); `-1` is no limit.
///
/// ```
/// use hirp::tafl::rules::SpeedLimits;
/// use hirp::tafl::{Piece, Side};
///
/// let magpie: SpeedLimits = "-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,".parse().unwrap();
/// assert_eq!(magpie.limit(Side::Defenders, Piece::King), Some(1));
/// assert_eq!(magpie.limit(Side::Defenders, Piece::Taflman), None);
/// assert_eq!(magpie.to_string(), "-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1");
/// let sides: SpeedLimits = "3,4".parse().unwrap();
/// assert_eq!(sides.limit(Side::Attackers, Piece::Taflman), Some(3));
/// assert_eq!(sides.to_string(), "3,4");
/// assert!("-1".parse::<SpeedLimits>().unwrap().is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpeedLimits([Option<u8>; 12]);

impl SpeedLimits {
    /// The most squares a move of `piece` of `side` may cover, if limited.
    pub fn limit(&self, side: Side, piece: Piece) -> Option<u8> {
        let kind = Piece::ALL.iter().position(|&p| p == piece).unwrap_or(0);
        self.0[usize::from(side == Side::Defenders) * 6 + kind]
    }

    /// Whether no piece's moves are limited (`spd:-1`).
    pub fn is_none(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

/// Why a speed list does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", SpeedError::expected(self))]
pub struct SpeedError;

impl SpeedError {
    /// What a speed list is.
    pub fn expected(&self) -> &'static str {
        "-1 (no limit) or a number of squares from 1 to 255: one for every piece, two \
         (attackers, defenders), or one a kind of piece (12 in the order `tcnkmgTCNKMG`, or \
         10, or 8)"
    }
}

impl std::str::FromStr for SpeedLimits {
    type Err = SpeedError;

    fn from_str(text: &str) -> Result<SpeedLimits, SpeedError> {
        // A comma may end the list, as OpenTafl writes it.
        let text = text.strip_suffix(',').unwrap_or(text);
        let items: Vec<Option<u8>> = text.split(',').map(one).collect::<Result<_, _>>()?;
        let mut limits = [None; 12];
        match items.len() {
            1 => limits = [items[0]; 12],
            2 => {
                limits[..6].fill(items[0]);
                limits[6..].fill(items[1]);
            }
            n @ (8 | 10 | 12) => {
                // The kinds a shorter list names, from the start of each
                // side's six.
                let kinds = n / 2;
                for (side, half) in items.chunks(kinds).enumerate() {
                    limits[side * 6..side * 6 + kinds].copy_from_slice(half);
                }
            }
            _ => return Err(SpeedError),
        }
        Ok(SpeedLimits(limits))
    }
}

/// One limit: `-1` for none, else a number of squares.
fn one(text: &str) -> Result<Option<u8>, SpeedError> {
    if text == "-1" {
        return Ok(None);
    }
    match text.parse::<u8>() {
        Ok(n) if n > 0 && !text.starts_with(['+', '0']) => Ok(Some(n)),
        _ => Err(SpeedError),
    }
}

/// The shortest list that says the same: one number, two, or twelve.
impl fmt::Display for SpeedLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |limit: &Option<u8>| limit.map_or("-1".to_owned(), |n| n.to_string());
        let same = |items: &[Option<u8>]| items.iter().all(|l| *l == items[0]);
        let items: Vec<String> = if same(&self.0) {
            vec![shown(&self.0[0])]
        } else if same(&self.0[..6]) && same(&self.0[6..]) {
            vec![shown(&self.0[0]), shown(&self.0[6])]
        } else {
            self.0.iter().map(shown).collect()
        };
        f.write_str(&items.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::SpeedLimits;
    use crate::tafl::{Piece, Side};

    #[test]
    fn lists_of_every_length_name_their_pieces() {
        let eight: SpeedLimits = "1,2,3,4,5,6,7,8".parse().unwrap();
        assert_eq!(eight.limit(Side::Attackers, Piece::King), Some(4));
        assert_eq!(eight.limit(Side::Attackers, Piece::Mercenary), None);
        assert_eq!(eight.limit(Side::Defenders, Piece::Taflman), Some(5));
        assert_eq!(eight.limit(Side::Defenders, Piece::King), Some(8));
        let ten: SpeedLimits = "1,1,1,1,2,1,1,1,3,4".parse().unwrap();
        assert_eq!(ten.limit(Side::Attackers, Piece::Mercenary), Some(2));
        assert_eq!(ten.limit(Side::Defenders, Piece::King), Some(3));
        assert_eq!(ten.limit(Side::Defenders, Piece::Mercenary), Some(4));
        assert_eq!(ten.limit(Side::Defenders, Piece::Guard), None);
        let all: SpeedLimits = "2".parse().unwrap();
        assert_eq!(all.to_string(), "2");
        assert_eq!(all.limit(Side::Defenders, Piece::Guard), Some(2));
    }

    #[test]
    fn what_is_not_a_list_of_limits_is_refused() {
        for text in ["", "0", "-2", "x", "1,2,3", "+1", "01", "256", "1,,2"] {
            assert!(text.parse::<SpeedLimits>().is_err(), "{text}");
        }
    }
}
