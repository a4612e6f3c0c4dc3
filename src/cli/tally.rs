//! The closing summary of `hirp validate`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use smallvec::SmallVec;

use hirp::Severity;
use hirp::core::verdict::Verdict;
use hirp::diagnostic::Problem;

use super::status::Status;

/// Counts of what was checked and found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Files read.
    pub files: usize,
    /// Paths that could not be read.
    pub unreadable: usize,
    /// Paths that yield no record: files read whole that hold no game (nor
    /// any error), directories with no record file.
    pub no_record: usize,
    /// Games checked.
    pub games: usize,
    /// Games not judged: their rules ask for what the engine does not play.
    pub unjudged: usize,
    /// Turn lines checked.
    pub turns: usize,
    /// Games checked and not listed, a line each, in the human output.
    pub unlisted: usize,
    /// Problems by severity (error, warning, advice), then by code.
    pub codes: [BTreeMap<String, usize>; 3],
    /// Games by result: the victory, or "no result", each once, in the
    /// order first met (a few kinds: a game's tally allocates nothing).
    pub results: SmallVec<[(Cow<'static, str>, usize); 4]>,
}

/// The place of a severity in [`Tally::codes`].
fn slot(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Advice => 2,
    }
}

impl Tally {
    /// The tally of some problems.
    pub fn problems<'a>(problems: impl IntoIterator<Item = &'a Problem>) -> Tally {
        let mut tally = Tally::default();
        for problem in problems {
            *tally.codes[slot(problem.severity)]
                .entry(problem.code.to_string())
                .or_default() += 1;
        }
        tally
    }

    /// The tally of one game (`counts_game`: false for problems in no game).
    pub fn game(report: &Verdict, counts_game: bool) -> Tally {
        let mut tally = Tally::problems(&report.problems);
        tally.unjudged = usize::from(!report.judged);
        if counts_game {
            tally.games = 1;
            tally.turns = report.turns;
            let result = match &report.result {
                Some(ending) => ending.short,
                None if tally.unjudged > 0 => "not judged",
                None => "no result",
            };
            tally.results.push((Cow::Borrowed(result), 1));
        }
        tally
    }

    /// Errors counted.
    pub fn error_count(&self) -> usize {
        self.codes[0].values().sum::<usize>() + self.unreadable + self.no_record
    }

    /// The exit status for what was counted: 2 if a file could not be read
    /// or a game could not be judged, 1 if there is an error (a path that
    /// yields no record is one).
    pub fn status(&self) -> Status {
        if self.unreadable > 0 || self.unjudged > 0 {
            Status::Failure
        } else if self.error_count() > 0 {
            Status::Invalid
        } else {
            Status::Ok
        }
    }

    /// Adds another tally to this one.
    pub fn add(&mut self, other: Tally) {
        self.files += other.files;
        self.unreadable += other.unreadable;
        self.no_record += other.no_record;
        self.games += other.games;
        self.unjudged += other.unjudged;
        self.turns += other.turns;
        self.unlisted += other.unlisted;
        for (mine, theirs) in self.codes.iter_mut().zip(other.codes) {
            for (code, n) in theirs {
                *mine.entry(code).or_default() += n;
            }
        }
        for (result, n) in other.results {
            match self.results.iter_mut().find(|(r, _)| *r == result) {
                Some((_, count)) => *count += n,
                None => self.results.push((result, n)),
            }
        }
    }

    /// The summary table, `width` columns wide at most where it can be,
    /// after a line saying so if `--max-errors` stopped the work after
    /// `stopped` errors; its `unlisted` row, if any, says `which` games
    /// were not listed.
    pub fn summary(
        &self,
        stopped: Option<std::num::NonZeroUsize>,
        width: usize,
        which: &str,
    ) -> String {
        let mut out = String::new();
        if let Some(max) = stopped {
            let plural = if max.get() == 1 { "" } else { "s" };
            out.push_str(&format!(
                "stopped after {max} error{plural} (--max-errors)\n"
            ));
        }
        out.push_str(&self.render(width, which));
        out
    }

    /// The summary's rows: a name, a number and what it is made of; the
    /// `unlisted` row, if any, says `which` games were not listed.
    fn rows(&self, which: &str) -> Vec<(String, String, String)> {
        let mut rows = vec![
            ("files".to_owned(), self.files.to_string(), String::new()),
            ("games".to_owned(), self.games.to_string(), String::new()),
            ("turns".to_owned(), self.turns.to_string(), String::new()),
        ];
        if self.unlisted > 0 {
            rows.push((
                "unlisted".to_owned(),
                self.unlisted.to_string(),
                format!("{which}; --all lists every game"),
            ));
        }
        if self.unreadable > 0 {
            rows.push((
                "unreadable".to_owned(),
                self.unreadable.to_string(),
                String::new(),
            ));
        }
        if self.no_record > 0 {
            rows.push((
                "no record".to_owned(),
                self.no_record.to_string(),
                String::new(),
            ));
        }
        if self.unjudged > 0 {
            rows.push((
                "unjudged".to_owned(),
                self.unjudged.to_string(),
                "rules not played".to_owned(),
            ));
        }
        for (name, counts) in ["errors", "warnings", "advice"].iter().zip(&self.codes) {
            let total: usize = counts.values().sum();
            rows.push((name.to_string(), total.to_string(), list(counts)));
        }
        // No row when results were not sought (`--syntax-only`).
        if !self.results.is_empty() || self.games == 0 {
            let results = self.results.iter().map(|(r, n)| (r, n));
            rows.push(("results".to_owned(), String::new(), list(results)));
        }
        rows
    }

    /// The summary table, `width` columns wide at most where it can be; its
    /// `unlisted` row, if any, says `which` games were not listed.
    pub fn render(&self, width: usize, which: &str) -> String {
        let rows = self.rows(which);
        let digits = rows.iter().map(|(_, n, _)| n.len()).max().unwrap_or(0);
        let indent = 9 + 1 + digits + 2;
        let mut out = String::new();
        for (name, n, detail) in rows {
            let mut line = format!("{name:<9} {n:>digits$}  ");
            // The detail wraps at `width` columns, under itself.
            let mut column = line.chars().count();
            for (k, item) in detail.split(", ").filter(|i| !i.is_empty()).enumerate() {
                let item = if k + 1 < detail.split(", ").count() {
                    format!("{item},")
                } else {
                    item.to_owned()
                };
                if column + item.chars().count() > width && column > indent {
                    line = line.trim_end().to_owned();
                    line.push('\n');
                    line.push_str(&" ".repeat(indent));
                    column = indent;
                }
                line.push_str(&item);
                line.push(' ');
                column += item.chars().count() + 1;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// `name n` items, the largest count first, separated by commas.
fn list<'a, K: std::fmt::Display + Ord + 'a>(
    counts: impl IntoIterator<Item = (&'a K, &'a usize)>,
) -> String {
    let mut items: Vec<(&K, &usize)> = counts.into_iter().collect();
    items.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    items
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A tally as `hirp validate --tally` writes it, for `--merge` to read.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    /// What the document is, and its version: 1.
    validate_tally: u32,
    files: usize,
    unreadable: usize,
    no_record: usize,
    games: usize,
    unjudged: usize,
    turns: usize,
    unlisted: usize,
    errors: BTreeMap<String, usize>,
    warnings: BTreeMap<String, usize>,
    advice: BTreeMap<String, usize>,
    results: Vec<(String, usize)>,
}

impl Tally {
    /// The tally as JSON, a line.
    pub fn to_json(&self) -> String {
        let [errors, warnings, advice] = self.codes.clone();
        let written = Written {
            validate_tally: 1,
            files: self.files,
            unreadable: self.unreadable,
            no_record: self.no_record,
            games: self.games,
            unjudged: self.unjudged,
            turns: self.turns,
            unlisted: self.unlisted,
            errors,
            warnings,
            advice,
            results: self
                .results
                .iter()
                .map(|(r, n)| (r.to_string(), *n))
                .collect(),
        };
        // Maps of strings to numbers always serialise.
        serde_json::to_string(&written).unwrap_or_default() + "\n"
    }

    /// The tally `text` holds, as [`Tally::to_json`] writes it; `Err` says
    /// why it is none.
    pub fn from_json(text: &str) -> Result<Tally, String> {
        let written: Written = serde_json::from_str(text)
            .map_err(|e| format!("not a tally of `hirp validate --tally`: {e}"))?;
        if written.validate_tally != 1 {
            return Err(format!(
                "a tally of version {}, where this hirp reads version 1",
                written.validate_tally
            ));
        }
        Ok(Tally {
            files: written.files,
            unreadable: written.unreadable,
            no_record: written.no_record,
            games: written.games,
            unjudged: written.unjudged,
            turns: written.turns,
            unlisted: written.unlisted,
            codes: [written.errors, written.warnings, written.advice],
            results: written
                .results
                .into_iter()
                .map(|(r, n)| (Cow::Owned(r), n))
                .collect(),
        })
    }
}
