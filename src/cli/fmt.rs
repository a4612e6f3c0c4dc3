//! `hirp fmt`: records in canonical notation.

use std::io::Write as _;

use super::{Reporter, Status, io_reason, read_chunks, write_stdout};

/// Print records in canonical notation, or check that they are.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The canonical form: tags first, one a line, then a blank line; one turn a
line, `G3 <steps> <outcome>` with single spaces; battles separated by one
space; comments kept, those on lines of their own before what they describe;
a blank line between games; `\\n` line ends, no byte order mark.

A file with syntax errors is not formatted: the errors are reported and the
exit status is 1.

Examples:
  hirp fmt game.hirp                  print the canonical form
  hirp fmt --check games/*.hirp       exit 1 if a file is not canonical
  hirp fmt --write game.hirp          rewrite the file in canonical form")]
pub struct Args {
    /// Record files to read; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<String>,

    /// Print nothing; name each file that is not in canonical form, with its
    /// first line that differs, and exit 1 if there is one.
    #[arg(long, conflicts_with = "write")]
    check: bool,

    /// Rewrite each file in canonical form (not standard input).
    #[arg(short, long)]
    write: bool,
}

/// Runs `hirp fmt`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if args.write && args.files.iter().any(|f| f == "-") {
        reporter.error("--write rewrites files; standard input (`-`) cannot be rewritten");
        return Status::Failure;
    }
    let mut status = Status::Ok;
    let mut out = String::new();
    for path in &args.files {
        let mut file = Status::Ok;
        let formatted = format(path, &args, reporter, &mut file);
        status = status.max(file);
        let Some(formatted) = formatted else { continue };
        match formatted {
            Formatted::Checked(None) | Formatted::Written => {}
            Formatted::Checked(Some(difference)) => {
                reporter.error(&format!("{path}: not in canonical form: {difference}"));
                status = status.max(Status::Invalid);
            }
            Formatted::Text(canonical) => {
                if !out.is_empty() && !canonical.is_empty() {
                    out.push('\n');
                }
                out.push_str(&canonical);
            }
        }
    }
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    status
}

/// What formatting one file gave.
enum Formatted {
    /// The canonical text, to print.
    Text(String),
    /// With --check: where the file first departs from it, if it does.
    Checked(Option<String>),
    /// With --write: the file was rewritten, or left as it was.
    Written,
}

/// Formats one file game by game: one game's syntax tree at a time is held.
/// `None` when the file has syntax errors (reported) or cannot be read.
fn format(path: &str, args: &Args, reporter: &Reporter, status: &mut Status) -> Option<Formatted> {
    let mut canonical = String::new();
    let mut difference = None;
    let mut games = 0;
    let mut temporary = None;
    if args.write {
        let target = std::path::Path::new(path);
        let name = target.file_name()?.to_string_lossy();
        let temp = target.with_file_name(format!(".{name}.hirp-fmt"));
        match std::fs::File::create(&temp) {
            Ok(file) => temporary = Some((temp, std::io::BufWriter::new(file))),
            Err(e) => {
                reporter.error(&format!("cannot write {path}: {}", io_reason(&e)));
                *status = Status::Failure;
                return None;
            }
        }
    }
    let mut broken = false;
    let read = read_chunks(path, reporter, status, |read| {
        // After a syntax error nothing is formatted; later errors are still
        // reported.
        broken |= read.parsed.has_errors();
        if broken {
            return Ok(());
        }
        let mut piece = String::new();
        for game in &read.parsed.record.games {
            if games > 0 {
                piece.push('\n');
            }
            piece.push_str(&game.to_string());
            games += 1;
        }
        for comment in &read.parsed.record.comments {
            piece.push_str(&format!("{comment}\n"));
        }
        if difference.is_none() {
            difference = first_difference(read.text, &piece)
                .map(|(line, text)| format!("line {} {text}", line + read.chunk.line));
        }
        match &mut temporary {
            Some((_, file)) => file.write_all(piece.as_bytes()),
            None => {
                if !args.check {
                    canonical.push_str(&piece);
                }
                Ok(())
            }
        }
    });
    let written = match (read, &mut temporary) {
        (Ok(()), Some((_, file))) => file.flush(),
        (result, _) => result,
    };
    if let Some((temp, _)) = &temporary {
        let keep = written.is_ok() && *status == Status::Ok && difference.is_some();
        let done = if keep {
            std::fs::rename(temp, path)
        } else {
            std::fs::remove_file(temp)
        };
        if let Err(e) = written.and(done) {
            reporter.error(&format!("cannot write {path}: {}", io_reason(&e)));
            *status = Status::Failure;
        }
    }
    if *status != Status::Ok {
        return None;
    }
    Some(if args.check {
        Formatted::Checked(difference)
    } else if args.write {
        Formatted::Written
    } else {
        Formatted::Text(canonical)
    })
}

/// Where `text` first departs from its canonical form, said for a person
/// with the number of the line (from 1); `None` when they are the same.
fn first_difference(text: &str, canonical: &str) -> Option<(usize, String)> {
    if text == canonical {
        return None;
    }
    if text.starts_with('\u{feff}') {
        return Some((1, "starts with a byte order mark".to_owned()));
    }
    let mut written = text.split('\n');
    let mut expected = canonical.split('\n');
    for line in 1.. {
        match (written.next(), expected.next()) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) if a.trim_end_matches('\r') == b => {
                return Some((line, "ends with `\\r\\n`, canonical is `\\n`".to_owned()));
            }
            (Some(a), Some(b)) => {
                return Some((line, format!("`{}` is written `{b}`", a.trim_end())));
            }
            (Some(a), None) => {
                return Some((line, format!("`{}` is not needed", a.trim_end())));
            }
            (None, _) => return Some((line, "is missing".to_owned())),
        }
    }
    None
}
