//! The inputs of a command: paths, directories walked for `*.hirp`, or `-`.

use std::path::PathBuf;

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

/// The inputs named by `paths`: files as given, every `*.hirp` file under a
/// directory (hidden files and those a `.gitignore` or `.ignore` names left
/// out, in path order), `-` for standard input. Returns the inputs and an
/// error for each path that cannot be read.
pub fn inputs(paths: &[String]) -> (Vec<Input>, Vec<String>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path == "-" {
            found.push(Input {
                path: path.clone(),
                target: Target::Stdin,
                size: None,
            });
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => errors.push(format!("cannot read {path}: {}", super::io_reason(&e))),
            Ok(meta) if meta.is_dir() => {
                let walk = ignore::WalkBuilder::new(path)
                    .require_git(false)
                    .sort_by_file_path(|a, b| a.cmp(b))
                    .build();
                for entry in walk {
                    match entry {
                        Err(e) => errors.push(format!("cannot walk {path}: {e}")),
                        Ok(entry) => {
                            let is_record = entry.file_type().is_some_and(|t| t.is_file())
                                && entry.path().extension().is_some_and(|e| e == "hirp");
                            if is_record {
                                found.push(Input {
                                    path: entry.path().display().to_string(),
                                    target: Target::File(entry.path().to_path_buf()),
                                    size: entry.metadata().ok().map(|m| m.len()),
                                });
                            }
                        }
                    }
                }
            }
            Ok(meta) => found.push(Input {
                path: path.clone(),
                target: Target::File(PathBuf::from(path)),
                size: Some(meta.len()),
            }),
        }
    }
    (found, errors)
}
