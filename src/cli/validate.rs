//! `hirp validate`: replay records against the rules.

use hirp::json::report::{FileValidation, Validation, file_validation};
use hirp::replay::{Problem, RecordReport, Severity, replay_record};

use super::{Reporter, Status, read_records, write_stdout};

/// Check records against the rules: every illegal step, every miscounted battle.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is replayed turn by turn. Every problem is reported at the token at
fault with what the rules computed there and, when a small edit of the token
makes the turn legal, how to write it. After a problem the replay goes on
with the nearest legal reading, so one run reports every problem.

Severities: error (the record is wrong), warning (legal but sloppy: an attack
written without `>`, battles out of board order), advice (a note).

Examples:
  hirp validate game.hirp
  hirp validate --format json games/*.hirp
  hirp validate --strict game.hirp     warnings count as errors

Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error.")]
pub struct Args {
    /// Record files to read; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Output: `human` (diagnostics on standard error, a summary on standard
    /// output) or `json` (one document on standard output).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Treat warnings as errors.
    #[arg(long)]
    strict: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Runs `hirp validate`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    // Syntax errors are shown with the replay's problems, game by game.
    let (records, mut status) = read_records(&args.files, &Reporter::quiet());
    let mut files: Vec<FileValidation> = Vec::new();
    let mut summary = Summary::default();
    for record in &records {
        let mut report = replay_record(&record.parsed.record, &record.parsed.errors);
        if args.strict {
            strict(&mut report);
        }
        if args.format == Format::Human {
            let problems = report
                .problems
                .iter()
                .chain(report.games.iter().flat_map(|g| &g.problems));
            reporter.emit(
                &record.path,
                &record.text,
                problems.map(|p| p as &dyn miette::Diagnostic),
            );
        }
        summary.add(&record.path, &report);
        if !report.problems.is_empty() || report.games.iter().any(|g| !g.is_valid()) {
            status = status.max(Status::Invalid);
        }
        files.push(file_validation(&record.path, &record.text, &report));
    }
    let out = match args.format {
        Format::Json => {
            let document = Validation { files };
            serde_json::to_string(&document).unwrap_or_default() + "\n"
        }
        Format::Human => summary.render(),
    };
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    status
}

/// Makes every warning an error.
fn strict(report: &mut RecordReport) {
    let problems = report
        .problems
        .iter_mut()
        .chain(report.games.iter_mut().flat_map(|g| &mut g.problems));
    for problem in problems {
        if problem.severity == Severity::Warning {
            problem.severity = Severity::Error;
        }
    }
}

/// Counts for the closing summary.
#[derive(Default)]
struct Summary {
    files: usize,
    games: usize,
    turns: usize,
    counts: [usize; 3],
    lines: Vec<String>,
}

impl Summary {
    fn add(&mut self, path: &str, report: &RecordReport) {
        self.files += 1;
        let count = |problems: &[Problem], severity| {
            problems.iter().filter(|p| p.severity == severity).count()
        };
        for severity in [Severity::Error, Severity::Warning, Severity::Advice] {
            self.counts[severity as usize] += count(&report.problems, severity);
        }
        for (n, game) in report.games.iter().enumerate() {
            self.games += 1;
            self.turns += game.turns;
            for severity in [Severity::Error, Severity::Warning, Severity::Advice] {
                self.counts[severity as usize] += game.count(severity);
            }
            let result = game
                .result
                .map_or_else(|| "no result".to_owned(), |v| v.to_string());
            self.lines.push(format!(
                "{path}: game {}: {result} ({} turns; {})",
                n + 1,
                game.turns,
                tally(
                    game.count(Severity::Error),
                    game.count(Severity::Warning),
                    game.count(Severity::Advice)
                ),
            ));
        }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        out.push_str(&format!(
            "{}, {}, {}: {}\n",
            plural(self.files, "file"),
            plural(self.games, "game"),
            plural(self.turns, "turn"),
            tally(
                self.counts[Severity::Error as usize],
                self.counts[Severity::Warning as usize],
                self.counts[Severity::Advice as usize]
            ),
        ));
        out
    }
}

/// "2 errors, 1 warning, no advice".
fn tally(errors: usize, warnings: usize, advice: usize) -> String {
    let plural = |n: usize, word: &str| match n {
        0 => format!("no {word}s"),
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    };
    format!(
        "{}, {}, {}",
        plural(errors, "error"),
        plural(warnings, "warning"),
        if advice == 0 {
            "no advice".to_owned()
        } else {
            format!("{advice} advice")
        }
    )
}
