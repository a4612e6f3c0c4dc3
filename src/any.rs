//! Any record, whatever its family: the list of families, how a record's
//! family is told, and one set of calls that serves them all.
//!
//! Each family is a [`Family`] in its own folder ([`crate::hirp::family`],
//! [`crate::tafl::family`]); [`AnyFamily`] is one of them, told from a
//! record's name and first line by [`AnyFamily::recognise`], and hands
//! each call to its family, as shakmaty's `VariantPosition` does for chess
//! variants. A caller reads, checks, fixes and pages any record without
//! naming a family:
//!
//! ```
//! use hirp::any::AnyFamily;
//! use hirp::core::CheckOptions;
//!
//! let records: [(&str, &[u8]); 2] = [
//!     ("game.hirp", b"G1 KeHeiHei /\nS1 He7He8HeHe /\n"),
//!     ("brandub.otg", b"[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. f4-f7 e4-e7\n"),
//! ];
//! let mut codes = Vec::new();
//! for (name, bytes) in records {
//!     let family = AnyFamily::recognise(name, bytes, false);
//!     family.check(bytes, None, CheckOptions::default(), |game| {
//!         codes.extend(game.verdict.problems.iter().map(|p| p.code.to_string()));
//!         true // go on to the next game
//!     })?;
//! }
//! assert_eq!(codes, ["hirp::turn::step_count", "hirp::tafl::capture::missing"]);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A family takes its own options ([`Family::Options`]); what a caller
//! gives is the rules chosen for a record (`--rules`, a [`RulesChoice`]),
//! which each family takes as it plays: tafl's rule set, and nothing for
//! HIRP, which has one.

use std::io::{self, BufRead};
use std::path::Path;

use crate::core::CheckOptions;
use crate::core::convert::Target;
use crate::core::diff::Comparison;
use crate::core::family::{Family, Judged, Preset, RecordBytes};
use crate::core::fix::{FixedChunk, Fixing};
use crate::core::json::problem::Diagnostic;
use crate::core::page::{Field, GamePage, Packed};
use crate::hirp::family::Hirp;
use crate::hirp::syntax::starts_record;
use crate::tafl::family::Tafl;
use crate::tafl::syntax::Form;

pub use crate::tafl::replay::{RulesChoice, rules_choice};

/// One family of records, as told: each call is its family's [`Family`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyFamily {
    /// HIRP's notation, `.hirp`.
    Hirp(Hirp),
    /// A tafl record, in one of its forms.
    Tafl(Tafl),
}

/// Runs `$body` with `$family` bound to the [`Family`] of `$any`, and
/// `$options` to the options it takes from `$rules`.
macro_rules! each_family {
    ($any:expr, $family:ident => $body:expr) => {
        match $any {
            AnyFamily::Hirp($family) => $body,
            AnyFamily::Tafl($family) => $body,
        }
    };
    ($any:expr, $rules:expr, $family:ident, $options:ident => $body:expr) => {
        match $any {
            AnyFamily::Hirp($family) => {
                let $options = &();
                $body
            }
            AnyFamily::Tafl($family) => {
                let $options = &$rules.map(|choice: &RulesChoice| choice.rules.clone());
                $body
            }
        }
    };
}

/// A job done on a record of any family, written once, generic over the
/// [`Family`] it is handed with the options that family takes: a command
/// is one, and [`AnyFamily::run`] hands it the family told.
pub trait Job {
    /// What the job gives back.
    type Output;

    /// Does the job on a record of `family`, under `options`.
    fn run<F: Family>(self, family: F, options: &F::Options) -> Self::Output;
}

impl AnyFamily {
    /// HIRP's family.
    pub const HIRP: AnyFamily = AnyFamily::Hirp(Hirp);

    /// The family's name in messages: `HIRP`, `tafl`.
    pub fn name(self) -> &'static str {
        match self {
            AnyFamily::Hirp(_) => Hirp::NAME,
            AnyFamily::Tafl(_) => Tafl::NAME,
        }
    }

    /// Every family's presets, the rule sets rules may be given by: HIRP's
    /// (none), then tafl's.
    pub fn presets() -> Vec<Preset> {
        let mut presets = Hirp::presets();
        presets.extend(Tafl::presets());
        presets
    }

    /// The forms `hirp convert` writes, each once: tafl's, then HIRP's.
    pub fn targets() -> Vec<Target> {
        let mut targets = Tafl::targets();
        for target in Hirp::targets() {
            if !targets.iter().any(|t| t.name == target.name) {
                targets.push(target);
            }
        }
        targets
    }

    /// Every family's name in the JSON document and in the crate's
    /// modules (`Family::ID`): `hirp`, then `tafl`.
    pub fn ids() -> impl Iterator<Item = &'static str> {
        [Hirp::ID, Tafl::ID].into_iter()
    }

    /// Every family's sides, as verdicts name them: HIRP's, then tafl's.
    pub fn sides() -> impl Iterator<Item = &'static str> {
        Hirp::SIDES.into_iter().chain(Tafl::SIDES)
    }

    /// What a turn is called in messages: `turn`, or a tafl `move`.
    pub fn turn_name(self) -> &'static str {
        match self {
            AnyFamily::Hirp(_) => Hirp::TURN,
            AnyFamily::Tafl(_) => Tafl::TURN,
        }
    }

    /// Whether a turn of the family is made of steps a replay can show one
    /// by one (HIRP's).
    pub fn steps(self) -> bool {
        match self {
            AnyFamily::Hirp(_) => Hirp::STEPS,
            AnyFamily::Tafl(_) => Tafl::STEPS,
        }
    }

    /// A turn's label as its family writes it, from `text` as a person
    /// types it (`s3` is `S3`, `3B` is `3b`), whichever family's label it
    /// is; `None` when it is none.
    pub fn turn_label(text: &str) -> Option<String> {
        Hirp::turn_label(text).or_else(|| Tafl::turn_label(text))
    }

    /// The extension of the family's files: `hirp`, `otg`, `csv`, `ron` or
    /// `pgn`.
    pub fn extension(self) -> &'static str {
        each_family!(self, f => f.extension())
    }

    /// Whether the family plays more than one set of rules, so that the
    /// rules given for a record are its own (tafl's); not HIRP's.
    pub fn takes_rules(self) -> bool {
        match self {
            AnyFamily::Hirp(_) => Hirp::TAKES_RULES,
            AnyFamily::Tafl(_) => Tafl::TAKES_RULES,
        }
    }

    /// Whether a record of this family and form names no rules of its own,
    /// and so cannot be judged unless rules are given: a tafl archive.
    pub fn needs_rules(self) -> bool {
        each_family!(self, f => f.needs_rules())
    }

    /// The family whose games a rule set given plays: tafl's, written as
    /// game files; with none, HIRP's.
    pub fn of_rules(rules: Option<&RulesChoice>) -> AnyFamily {
        match rules {
            Some(_) => AnyFamily::Tafl(Tafl(Form::Otg)),
            None => AnyFamily::HIRP,
        }
    }

    /// The family that an extension names (`hirp`, `otg`, `csv`, `ron`,
    /// `pgn`, in any case), if one does.
    pub fn by_extension(extension: &str) -> Option<AnyFamily> {
        if extension.eq_ignore_ascii_case("hirp") {
            return Some(AnyFamily::HIRP);
        }
        Form::from_extension(extension).map(|form| AnyFamily::Tafl(Tafl(form)))
    }

    /// The family that the name of a file says by its extension, if any.
    pub fn by_name(name: &str) -> Option<AnyFamily> {
        let extension = Path::new(name).extension().and_then(|e| e.to_str());
        extension.and_then(AnyFamily::by_extension)
    }

    /// The family of a record named `name`, from `head`, the start of its
    /// text: by the extension when it names one (`.hirp`, `.otg`, `.csv`,
    /// `.ron`, `.pgn`); else by its start as [`Form::of_start`] tells a
    /// tafl record's (hnefatafl.org's JSON, which a `.json` file is when
    /// its content says so; its PGN export, by its tags and moves; a tag,
    /// a turn; an archive's header or line of plies; hnefatafl.org's RON);
    /// else, when rules are given (`rules_given`), a tafl record (an
    /// archive if its first line that is not blank holds a comma); else
    /// HIRP.
    pub fn recognise(name: &str, head: &[u8], rules_given: bool) -> AnyFamily {
        if let Some(family) = AnyFamily::by_name(name) {
            return family;
        }
        if let Some(form) = Form::of_start(head) {
            return AnyFamily::Tafl(Tafl(form));
        }
        let first = first_line(head);
        if !rules_given || starts_record(first) {
            return AnyFamily::HIRP;
        }
        if first.contains(&b',') && !first.starts_with(b"[") {
            AnyFamily::Tafl(Tafl(Form::Csv))
        } else {
            AnyFamily::Tafl(Tafl(Form::Otg))
        }
    }

    /// Two records compared, each of its family, a tafl record under
    /// `rules` if given (else its own): `Err` with their families when
    /// they are records of two families, which no comparison makes sense
    /// of.
    pub fn compare(
        records: [(AnyFamily, RecordBytes<'_>); 2],
        rules: Option<&RulesChoice>,
    ) -> Result<Comparison, [AnyFamily; 2]> {
        let [(a, ra), (b, rb)] = records;
        match (a, b) {
            (AnyFamily::Hirp(x), AnyFamily::Hirp(y)) => Ok(Hirp::compare([(x, ra), (y, rb)], &())),
            (AnyFamily::Tafl(x), AnyFamily::Tafl(y)) => {
                let options = rules.map(|choice| choice.rules.clone());
                Ok(Tafl::compare([(x, ra), (y, rb)], &options))
            }
            _ => Err([a, b]),
        }
    }

    /// Whether `position` is a position line of some family (see
    /// [`Family::through`]); `Err` says why it is none, family by family.
    pub fn read_position(position: &str) -> Result<(), String> {
        match (
            Hirp::through(position, false),
            Tafl::through(position, false),
        ) {
            // No HIRP board starts with `/`, and every tafl board does.
            (Err(_), Err(tafl)) if position.trim_start().starts_with('/') => {
                Err(format!("as a tafl position, {tafl}"))
            }
            (Err(hirp), Err(tafl)) => Err(format!(
                "as a HIRP position, {hirp}; as a tafl position, {tafl}"
            )),
            _ => Ok(()),
        }
    }

    /// Does `job` on a record of this family, under the options the
    /// family takes from `rules`.
    pub fn run<J: Job>(self, rules: Option<&RulesChoice>, job: J) -> J::Output {
        each_family!(self, rules, f, options => job.run(f, options))
    }

    /// Checks a record game by game, as deep and on as many threads as
    /// `check` says, a tafl record under `rules` if given (else its own),
    /// handing each game to `on_game` (which returns whether to go on);
    /// returns the bytes read (of a UTF-16 input, those of its text decoded
    /// to UTF-8, to which the spans point).
    pub fn check<R: BufRead + Send>(
        self,
        reader: R,
        rules: Option<&RulesChoice>,
        check: CheckOptions,
        on_game: impl FnMut(Judged<'_>) -> bool,
    ) -> io::Result<usize> {
        each_family!(self, rules, f, options => f.check(reader, options, check, on_game))
    }

    /// Corrects each chunk of a record in memory as `fixing` says, and
    /// hands the chunks corrected to `take` in order, until it returns
    /// `false`.
    pub fn fix_chunks(
        self,
        original: &[u8],
        rules: Option<&RulesChoice>,
        fixing: &Fixing<'_>,
        take: &mut dyn FnMut(FixedChunk) -> bool,
    ) {
        each_family!(self, rules, f, options => f.fix_chunks(original, options, fixing, take))
    }

    /// A record's page, named `name`, packed game by game.
    pub fn packed(self, name: &str, bytes: &[u8], rules: Option<&RulesChoice>) -> Packed {
        each_family!(self, rules, f, options => f.packed(name, bytes, options))
    }

    /// Hands each game of a record's page, named `name`, to `each` in
    /// order: returns the page's title and the problems in no game.
    pub fn page_games(
        self,
        name: &str,
        bytes: &[u8],
        rules: Option<&RulesChoice>,
        each: &mut dyn FnMut(GamePage),
    ) -> (String, Vec<Diagnostic>) {
        each_family!(self, rules, f, options => f.page_games(name, bytes, options, each))
    }

    /// What the marks of a record's boards stand for, on its page.
    pub fn page_legend(self) -> Vec<Field> {
        each_family!(self, f => f.page_legend())
    }

    /// The turns a record's page would show, and the name of the preset
    /// its rules are, if any.
    pub fn page_turns(self, bytes: &[u8], rules: Option<&RulesChoice>) -> (usize, Option<String>) {
        each_family!(self, rules, f, options => f.page_turns(bytes, options))
    }
}

/// The first line of `head` that is not blank, without its line end and a
/// byte order mark.
fn first_line(head: &[u8]) -> &[u8] {
    let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    head.split(|&b| b == b'\n' || b == b'\r')
        .find(|l| !l.trim_ascii().is_empty())
        .unwrap_or_default()
}
