//! `hirp validate`'s human output of a game: its diagnostics, and its line
//! if it is listed, as wide as the output at most.

use hirp::Severity;
use hirp::core::escape;
use hirp::core::verdict::Verdict;

use super::super::report::Reporter;
use super::super::report::Source;
use super::super::sequence::{Cut, Piece};
use super::super::tally::Tally;
use hirp::core::family::Judged;
use hirp::diagnostic::Problem;

/// Which games are listed, and how.
#[derive(Clone, Copy)]
pub(super) struct Listing {
    /// `--quiet`: only games with errors.
    pub quiet: bool,
    /// `--all`: every game, valid ones too.
    pub all: bool,
    /// `--syntax-only`: the games read, not replayed.
    pub syntax_only: bool,
    /// `--max-errors`: the output may be cut at an error.
    pub cut: bool,
}

/// A game's human output: its diagnostics, and a line for it.
pub(super) fn human(path: &str, checked: &Judged<'_>, args: Listing, reporter: &Reporter) -> Piece {
    let report = &checked.verdict;
    let counts_game = checked.in_game;
    let tally = Tally::game(report, counts_game);
    let listed = if args.quiet {
        !report.is_valid()
    } else {
        args.all || !report.problems.is_empty()
    };
    if !listed {
        let unlisted = usize::from(counts_game);
        return Piece {
            tally: Tally { unlisted, ..tally },
            ..Piece::default()
        };
    }
    // Each diagnostic followed by a blank line, as `render_all` gives them;
    // the excerpt they quote is made only for a game that has some.
    let rendered: Vec<String> = if report.problems.is_empty() {
        Vec::new()
    } else {
        let source = Source::excerpt(path, checked.text, checked.offset, checked.line);
        report
            .problems
            .iter()
            .map(|p| reporter.render(p, &source))
            .map(|r| if r.is_empty() { r } else { r + "\n" })
            .collect()
    };
    let line = counts_game.then(|| game_line(path, checked, args.syntax_only));
    let out = line.as_ref().map_or_else(String::new, |(head, tail)| {
        wrapped(&format!("{head}{}{tail}", counts(report)))
    });
    let mut cut: Option<Cut> = None;
    if args.cut && tally.error_count() > 0 {
        let (mut report, rendered) = (report.clone(), rendered.clone());
        cut = Some(Box::new(move |errors| {
            let kept = up_to_error(&report.problems, errors);
            report.problems.truncate(kept);
            // The game's line counts what is reported, as the summary does.
            let out = line.map_or_else(String::new, |(head, tail)| {
                wrapped(&format!("{head}{}, then stopped{tail}", counts(&report)))
            });
            Piece {
                out: out.into_bytes(),
                err: rendered[..kept].concat(),
                tally: Tally::game(&report, counts_game),
                ..Piece::default()
            }
        }));
    }
    Piece {
        out: out.into_bytes(),
        err: rendered.concat(),
        tally,
        cut,
        ..Piece::default()
    }
}

/// The line of a game in the human output, around the counts of its
/// problems; with `syntax_only`, a game is `read`, its result not sought.
fn game_line(path: &str, checked: &Judged<'_>, syntax_only: bool) -> (String, String) {
    let report = &checked.verdict;
    let result = match &report.result {
        Some(ending) => ending.text.clone(),
        None if syntax_only => "read".to_owned(),
        None if !report.judged => "not judged, its rules not played".to_owned(),
        None => "no result".to_owned(),
    };
    let standing = checked.standing.as_ref().map_or_else(String::new, |view| {
        let name = view
            .name
            .as_ref()
            .map_or_else(String::new, |n| format!(" {}", escape(n)));
        let over = if view.winner.is_some() { ", over" } else { "" };
        format!(
            "; match{name}, game {}: {}-{}{over}",
            view.game, view.score[0], view.score[1]
        )
    });
    let head = format!(
        "{}: game {}: {result} ({} turn{}; ",
        escape(path),
        checked.number,
        report.turns,
        if report.turns == 1 { "" } else { "s" },
    );
    (head, format!("){standing}\n"))
}

/// A game's line as wide as the terminal (or `COLUMNS`) at most, wrapped
/// between words as `replay` wraps prose, each line after the first
/// indented; whole when no width is known (through a pipe, with no
/// `COLUMNS`).
fn wrapped(line: &str) -> String {
    let Some(width) = super::super::stdout::output_columns().map(|w| w.max(40)) else {
        return line.to_owned();
    };
    hirp::core::show::wrap(line, width, "", "    ").join("\n") + "\n"
}

/// "2 errors, 1 warning, no advice".
fn counts(report: &Verdict) -> String {
    let plural = |n: usize, word: &str| match n {
        0 => format!("no {word}s"),
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    };
    let advice = report.count(Severity::Advice);
    format!(
        "{}, {}, {}",
        plural(report.count(Severity::Error), "error"),
        plural(report.count(Severity::Warning), "warning"),
        if advice == 0 {
            "no advice".to_owned()
        } else {
            format!("{advice} advice")
        }
    )
}

/// How many of `problems`, from the first, are reported when `errors` more
/// errors may be: those up to the `errors`th error.
pub(super) fn up_to_error(problems: &[Problem], errors: usize) -> usize {
    if errors == 0 {
        return 0;
    }
    let mut seen = 0;
    for (n, problem) in problems.iter().enumerate() {
        if problem.severity == Severity::Error {
            seen += 1;
            if seen == errors {
                return n + 1;
            }
        }
    }
    problems.len()
}
