//! The rule of where a game begins, shared by the parser, the cutting of
//! records into chunks of games ([`Games`](crate::hirp::syntax::Games)) and the
//! reading of records written the usual way ([`scan`](crate::hirp::syntax::scan)).
//!
//! A game begins at the first tag or turn, at a tag that follows a turn, and
//! at a turn labelled `G1` that follows a turn, but for one case: a `G1`
//! whose next tag or turn is a turn labelled as the successor of the turn
//! before the `G1` read as the turn after it (`G1`, `G1`, `G2`: the second
//! line is `S1`; `S3`, `G1`, `S4`: it is `G4`) is a turn of the game it
//! follows, with a wrong label
//! (`docs/rules.md#a-label-of-the-wrong-side`).

use crate::hirp::types::Side;

/// Where reading a record stands, as far as the rule of where a game begins
/// ([`begins_game`]) needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// No tag or turn has been read: no game has begun.
    NoGame,
    /// The game being read holds no turn yet.
    NoTurn,
    /// The game being read holds a turn: the last one's label, its side and
    /// round (`None`: a round too large to read).
    AfterTurn { side: Side, round: Option<u32> },
}

impl Reading {
    /// Where reading stands once `item` is read, whether it began a game or
    /// not.
    pub(crate) fn after(item: ItemKind) -> Reading {
        match item {
            ItemKind::Tag => Reading::NoTurn,
            ItemKind::Turn { side, round } => Reading::AfterTurn { side, round },
        }
    }
}

/// What a tag or turn line holds, as far as the rule of where a game begins
/// ([`begins_game`]) needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    /// A tag.
    Tag,
    /// A turn, with its label's side and round (`None`: a round too large to
    /// read).
    Turn { side: Side, round: Option<u32> },
}

/// Whether a game may begin at `item`, read where `reading` stands.
///
/// A game begins at the first tag or turn, at a tag that follows a turn, and
/// at a turn labelled `G1` that follows a turn (however its round is
/// written: `G01` is `G1`), unless the item after that `G1` shows it
/// [`mislabelled`]. The parser groups the lines it reads into games by this
/// rule, and [`Games`](crate::hirp::syntax::Games) cuts records by it.
pub(crate) fn begins_game(reading: Reading, item: ItemKind) -> bool {
    match (reading, item) {
        (Reading::NoGame, _) => true,
        (Reading::NoTurn, _) => false,
        (Reading::AfterTurn { .. }, ItemKind::Tag) => true,
        (Reading::AfterTurn { .. }, ItemKind::Turn { side, round }) => {
            side == Side::Gull && round == Some(1)
        }
    }
}

/// Whether the `G1` read where `before` stands, after a turn, is a turn of
/// that turn's game with a wrong label, `next` being the tag or turn after
/// it (`None`: the record ends): `next` is a turn labelled as the successor
/// of the turn after the one before the `G1`, which has the side of the
/// turn before the `G1` and the next round. A new game's second turn is
/// `S1`, never that.
pub(crate) fn mislabelled(before: Reading, next: Option<ItemKind>) -> bool {
    match (before, next) {
        (
            Reading::AfterTurn {
                side,
                round: Some(round),
            },
            Some(ItemKind::Turn {
                side: next_side,
                round: Some(next_round),
            }),
        ) => round >= 1 && next_side == side && round.checked_add(1) == Some(next_round),
        _ => false,
    }
}

/// The tag or turn of the first line of `bytes` that holds one, from its
/// first bytes, past blank lines and lines of `;` comments; `None` at the
/// end of the bytes or at any other line.
pub(crate) fn next_item(bytes: &[u8]) -> Option<ItemKind> {
    let mut rest = bytes;
    loop {
        let start = rest.iter().position(|b| !matches!(b, b' ' | b'\t'))?;
        rest = &rest[start..];
        match rest.first()? {
            b'[' => return Some(ItemKind::Tag),
            b'G' | b'S' => {
                let (side, round) = super::label_at(rest)?;
                return Some(ItemKind::Turn { side, round });
            }
            b';' | b'\n' | b'\r' => {
                let end = memchr::memchr(b'\n', rest)?;
                rest = &rest[end + 1..];
            }
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(side: Side, round: u32) -> ItemKind {
        ItemKind::Turn {
            side,
            round: Some(round),
        }
    }

    #[test]
    fn a_g1_is_mislabelled_when_the_next_turn_continues_the_game() {
        let after = |side, round| Reading::after(turn(side, round));
        // `G1`, `G1`, `G2`: the second is `S1`.
        assert!(mislabelled(after(Side::Gull, 1), Some(turn(Side::Gull, 2))));
        // `S3`, `G1`, `S4`: it is `G4`.
        assert!(mislabelled(
            after(Side::Silfr, 3),
            Some(turn(Side::Silfr, 4))
        ));
        // A new game goes on with `S1`, or a tag, or nothing.
        assert!(!mislabelled(
            after(Side::Gull, 1),
            Some(turn(Side::Silfr, 1))
        ));
        assert!(!mislabelled(after(Side::Silfr, 3), Some(ItemKind::Tag)));
        assert!(!mislabelled(after(Side::Silfr, 3), None));
        assert!(!mislabelled(
            after(Side::Silfr, 3),
            Some(turn(Side::Gull, 4))
        ));
        assert!(!mislabelled(
            after(Side::Silfr, 0),
            Some(turn(Side::Silfr, 1))
        ));
        assert!(!mislabelled(Reading::NoTurn, Some(turn(Side::Silfr, 1))));
    }

    #[test]
    fn the_next_item_is_found_past_blanks_and_comments() {
        assert_eq!(
            next_item(b"\n ; a note\r\n\tG2 He /\n"),
            Some(turn(Side::Gull, 2))
        );
        assert_eq!(next_item(b"[Event \"x\"]\n"), Some(ItemKind::Tag));
        assert_eq!(next_item(b"\n\n"), None);
        assert_eq!(next_item(b"{ a }\nG2 He /\n"), None);
    }
}
