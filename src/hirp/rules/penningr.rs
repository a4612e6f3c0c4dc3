//! The Penningr: offers of a double or a triple, and their answers.

use super::victory::Victory;
use crate::hirp::types::Side;
use crate::hirp::types::VictoryKind;

/// What can be offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offer {
    /// Double the points; the first offer, by either player.
    Double,
    /// Triple them; only by the holder, after a double.
    Triple,
}

/// The Penningr's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Penningr {
    /// Who holds it: nobody until a double is accepted, then the acceptor.
    pub holder: Option<Side>,
    /// The offer waiting for an answer, and who made it.
    pub pending: Option<(Side, Offer)>,
    /// Accepted offers so far: 0, 1 (doubled) or 2 (tripled).
    accepted: u8,
}

/// Why a Penningr action is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PenningrError {
    /// `SdGd`: an offer while another waits for its answer.
    #[error("{} offered while {}'s offer waits for an answer", by.name(), pending_by.name())]
    OfferPending {
        /// Who offered now.
        by: Side,
        /// Who made the waiting offer.
        pending_by: Side,
    },
    /// `Gd` after a double was accepted.
    #[error("the game is already doubled; only a triple may follow")]
    AlreadyDoubled,
    /// `Gt` before any double.
    #[error("a triple follows an accepted double")]
    TripleBeforeDouble,
    /// `Gt` by the player who does not hold the Penningr.
    #[error("only {}, who holds the Penningr, may offer the triple", holder.name())]
    NotHolder {
        /// The holder.
        holder: Side,
    },
    /// Any offer after an accepted triple.
    #[error("the game is tripled; no further offer is allowed")]
    NoMoreOffers,
    /// `Ga` with no offer waiting.
    #[error("there is no offer to answer")]
    NothingToAnswer,
    /// Any action once the game is over.
    #[error("the game is over")]
    GameOver,
    /// `SdSa`: the offerer answers its own offer.
    #[error("{} answered its own offer; {} must answer", by.name(), other.name())]
    OwnOffer {
        /// Who answered.
        by: Side,
        /// Who must answer.
        other: Side,
    },
}

impl Penningr {
    /// The multiplier of the points: 1, 2 or 3.
    pub const fn multiplier(&self) -> u8 {
        1 + self.accepted
    }

    /// A Penningr with no offer waiting, after `accepted` accepted offers
    /// (0 to 2, more read as 2), held by `holder` (nobody when none was
    /// accepted).
    pub const fn settled(holder: Option<Side>, accepted: u8) -> Penningr {
        let accepted = if accepted > 2 { 2 } else { accepted };
        Penningr {
            holder: if accepted == 0 { None } else { holder },
            pending: None,
            accepted,
        }
    }

    /// `by` offers a double or a triple.
    pub fn offer(&mut self, by: Side, offer: Offer) -> Result<(), PenningrError> {
        if let Some((pending_by, _)) = self.pending {
            return Err(PenningrError::OfferPending { by, pending_by });
        }
        match (offer, self.accepted, self.holder) {
            (_, 2, _) => return Err(PenningrError::NoMoreOffers),
            (Offer::Double, 1, _) => return Err(PenningrError::AlreadyDoubled),
            (Offer::Triple, 0, _) => return Err(PenningrError::TripleBeforeDouble),
            (Offer::Triple, _, Some(holder)) if holder != by => {
                return Err(PenningrError::NotHolder { holder });
            }
            _ => {}
        }
        self.pending = Some((by, offer));
        Ok(())
    }

    /// `by` answers the waiting offer; a refusal ends the game and returns the
    /// offerer's victory.
    pub fn answer(&mut self, by: Side, accept: bool) -> Result<Option<Victory>, PenningrError> {
        let Some((offerer, offer)) = self.pending else {
            return Err(PenningrError::NothingToAnswer);
        };
        if offerer == by {
            return Err(PenningrError::OwnOffer {
                by,
                other: by.opponent(),
            });
        }
        self.pending = None;
        if accept {
            self.accepted += 1;
            self.holder = Some(by);
            return Ok(None);
        }
        Ok(Some(Victory {
            winner: offerer,
            kind: match offer {
                Offer::Double => VictoryKind::RefusedDouble,
                Offer::Triple => VictoryKind::RefusedTriple,
            },
            multiplier: self.multiplier(),
        }))
    }
}

impl super::position::Position {
    /// `by` offers a double or a triple (either player, at any time).
    pub fn offer(&mut self, by: Side, offer: Offer) -> Result<(), PenningrError> {
        if self.result().is_some() {
            return Err(PenningrError::GameOver);
        }
        self.penningr_mut().offer(by, offer)
    }

    /// Forgets an offer that was never answered (to go on after reporting it).
    pub(crate) fn withdraw_offer(&mut self) {
        self.penningr_mut().pending = None;
    }

    /// `by` answers the waiting offer. A refusal ends the game: the offerer
    /// wins 1 point for a double, 2 for a triple.
    pub fn answer(&mut self, by: Side, accept: bool) -> Result<Option<Victory>, PenningrError> {
        if self.result().is_some() {
            return Err(PenningrError::GameOver);
        }
        let victory = self.penningr_mut().answer(by, accept)?;
        if let Some(victory) = victory {
            self.set_result(victory);
        }
        Ok(victory)
    }
}
