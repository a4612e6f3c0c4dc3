//! Tafl games written in another form, as `hirp convert` writes them
//! ([`crate::tafl::convert`]).

use crate::core::convert::canonical_games;
use crate::core::convert::{Converted, Target, each_converted};
use crate::core::family::RecordBytes;
use crate::tafl::convert::{TARGETS, convert as convert_game, form_name};
use crate::tafl::family::Tafl;
use crate::tafl::replay::{Game, replay_record};
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::{Chunk, Form, Games, parse_chunk};

/// The forms a game is written in, by their extensions.
pub(super) fn targets() -> Vec<Target> {
    TARGETS
        .into_iter()
        .map(|form| Target {
            name: form.extension(),
            about: form_name(form),
            between: if form == Form::Otg { "\n" } else { "" },
        })
        .collect()
}

/// Each game of `record`, of `form`, replayed under `rules` if given (else
/// its own) and written in the form named `to`, to `each` in order; in its
/// own form, each piece's canonical text, as `hirp fmt` writes it.
pub(super) fn convert(
    record: RecordBytes<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    to: &str,
    workers: usize,
    each: &mut dyn FnMut(usize, Result<Converted, String>) -> bool,
) -> usize {
    let Some(to) = TARGETS.into_iter().find(|f| f.extension() == to) else {
        return 0;
    };
    if to == form {
        return canonical_games(Tafl(form), record, workers, each);
    }
    let games = |chunk: Chunk| {
        let (_, parsed) = parse_chunk(&chunk);
        let replays = replay_record(&parsed.record, &parsed.errors, rules);
        Game::all(&parsed.record)
            .into_iter()
            .zip(&replays)
            .map(|(game, replay)| convert_game(game, replay, to).map_err(|why| why.to_string()))
            .collect()
    };
    each_converted(
        Games::new(record.bytes, form),
        |c| c.bytes.len(),
        workers,
        games,
        each,
    )
}
