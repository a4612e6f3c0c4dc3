//! The inputs of a command that takes many paths: files as given,
//! directories walked for records (`*.hirp`, and the tafl game files
//! `*.otg`), or `-`.

use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;

use super::{input::io_reason, report::Reporter, status::Status};
use hirp::any::RulesChoice;

/// Where an input is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

/// An input to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The path as shown (`-` for standard input).
    pub path: String,
    /// Where to read it.
    pub target: Target,
    /// Its size, when known.
    pub size: Option<u64>,
}

impl Input {
    /// Opens the input for reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        Ok(match &self.target {
            Target::Stdin => Box::new(BufReader::new(io::stdin())),
            Target::File(path) => Box::new(BufReader::with_capacity(
                1 << 16,
                std::fs::File::open(path)?,
            )),
        })
    }

    /// Reads the input whole.
    pub fn read(&self) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        match &self.target {
            Target::Stdin => io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes),
            Target::File(path) => std::fs::read(path),
        }
    }

    /// The one-line error for a failure to read the input.
    pub fn cannot_read(&self, e: &io::Error) -> String {
        format!(
            "cannot read {}: {}",
            super::input::shown(&self.path),
            io_reason(e)
        )
    }
}

/// A path given that yields nothing to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nothing {
    /// The path as given (or, for a failure inside a directory, as found).
    pub path: String,
    /// Why, in one line that names the path.
    pub message: String,
    /// What it means for the exit status: 2 for a path that cannot be read,
    /// 1 for a directory that holds no record.
    pub status: Status,
}

/// What the paths given yield, in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// An input to read.
    Input(Input),
    /// Nothing to read, and why.
    Nothing(Nothing),
}

/// The extensions of the files a directory is walked for. Archives
/// (`*.csv`) are read only when named: a directory's other CSV files are
/// not records.
pub const WALKED: [&str; 2] = ["hirp", "otg"];

/// `found` with each archive (`*.csv`) put in the place of nothing to read
/// when no rule set is given: an archive's games name none, so none of them
/// could be judged, and one line says so, not one a game.
pub fn archives_need_rules(found: Vec<Found>, rules: Option<&RulesChoice>) -> Vec<Found> {
    if rules.is_some() {
        return found;
    }
    found
        .into_iter()
        .map(|found| match found {
            Found::Input(input) if is_archive(&input.path) => Found::Nothing(Nothing {
                message: super::family::archive_without_rules(&input.path),
                path: input.path,
                status: Status::Failure,
            }),
            found => found,
        })
        .collect()
}

/// Whether `path` names an archive, `*.csv`.
fn is_archive(path: &str) -> bool {
    std::path::Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

/// The inputs `paths` name, as [`inputs`] finds them; `None` when they
/// cannot be found, the error reported.
pub fn inputs_or_report(paths: &[String], reporter: &Reporter) -> Option<Vec<Found>> {
    inputs(paths)
        .map_err(|message| reporter.error(&message))
        .ok()
}

/// What `paths` yield, in order: files as given, every `*.hirp` and `*.otg`
/// file under a directory (hidden files and those a `.gitignore` or `.ignore` names
/// left out, in path order), `-` for standard input; and, in their place,
/// each path that cannot be read and each directory that holds no record.
/// `Err` with the usage error when `-` is named more than once.
pub fn inputs(paths: &[String]) -> Result<Vec<Found>, String> {
    super::input::stdin_once(paths)?;
    let mut found = Vec::new();
    for path in paths {
        if path == "-" {
            found.push(Found::Input(Input {
                path: path.clone(),
                target: Target::Stdin,
                size: None,
            }));
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => found.push(Found::Nothing(Nothing {
                path: path.clone(),
                message: format!("cannot read {path}: {}", io_reason(&e)),
                status: Status::Failure,
            })),
            Ok(meta) if meta.is_dir() => walk(path, &mut found),
            Ok(meta) => found.push(Found::Input(Input {
                path: path.clone(),
                target: Target::File(PathBuf::from(path)),
                size: Some(meta.len()),
            })),
        }
    }
    Ok(found)
}

/// Adds the records under the directory `dir` to `found`, and the failures
/// to walk it; or, if it holds neither, says so.
fn walk(dir: &str, found: &mut Vec<Found>) {
    let before = found.len();
    let walk = ignore::WalkBuilder::new(dir)
        .require_git(false)
        .sort_by_file_path(|a, b| a.cmp(b))
        .build();
    let mut archives = 0usize;
    for entry in walk {
        match entry {
            Err(e) => found.push(Found::Nothing(Nothing {
                path: dir.to_owned(),
                message: format!("cannot walk {dir}: {e}"),
                status: Status::Failure,
            })),
            Ok(entry) => {
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                // `GAME.HIRP` as `game.hirp`.
                let extension = entry.path().extension().and_then(|e| e.to_str());
                let is_record = is_file
                    && extension.is_some_and(|e| WALKED.iter().any(|w| e.eq_ignore_ascii_case(w)));
                archives += usize::from(
                    is_file && extension.is_some_and(|e| e.eq_ignore_ascii_case("csv")),
                );
                if is_record {
                    found.push(Found::Input(Input {
                        path: entry.path().display().to_string(),
                        target: Target::File(entry.path().to_path_buf()),
                        size: entry.metadata().ok().map(|m| m.len()),
                    }));
                }
            }
        }
    }
    if found.len() == before {
        found.push(Found::Nothing(Nothing {
            path: dir.to_owned(),
            message: if archives > 0 {
                format!(
                    "{dir} holds no *.hirp or *.otg file; archives (*.csv, {archives} here) are read \
                     only when named, with --rules: `{}/*.csv`",
                    dir.trim_end_matches('/')
                )
            } else {
                format!("{dir} holds no *.hirp or *.otg file")
            },
            status: Status::Invalid,
        }));
    }
}
