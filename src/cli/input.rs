//! What a command reads: a path, or standard input for `-`, read once;
//! how a path and a failure to read are said in a message.

use std::io::{self, Read};

use super::report::Reporter;
use super::status::Status;

/// An input read whole: its bytes.
pub struct Input {
    /// The contents.
    pub bytes: Vec<u8>,
}

/// Checks that standard input (`-`) is named at most once among `paths`:
/// it can be read only once. `Err` with the usage error.
pub fn stdin_once<'a>(paths: impl IntoIterator<Item = &'a String>) -> Result<(), String> {
    if paths.into_iter().filter(|p| *p == "-").count() > 1 {
        return Err(
            "standard input (`-`) is named more than once; it can be read only once".into(),
        );
    }
    Ok(())
}

/// Reads a path as [`read_input`] does; `None` when it cannot be read,
/// the error reported and `status` made a failure.
pub fn read_or_report(path: &str, reporter: &Reporter, status: &mut Status) -> Option<Input> {
    read_input(path)
        .map_err(|message| {
            reporter.error(&message);
            *status = (*status).max(Status::Failure);
        })
        .ok()
}

/// Reads a path, or standard input for `-`. The error is one line that names
/// the path. Standard input is read once, when first asked for, and kept:
/// a command may look at its start to tell its family, then read it whole.
pub fn read_input(path: &str) -> Result<Input, String> {
    static STDIN: std::sync::OnceLock<Result<Vec<u8>, String>> = std::sync::OnceLock::new();
    let read = if path == "-" {
        STDIN
            .get_or_init(|| {
                let mut bytes = Vec::new();
                io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .map(|_| bytes)
                    .map_err(|e| io_reason(&e))
            })
            .clone()
    } else {
        std::fs::read(path).map_err(|e| io_reason(&e))
    };
    match read {
        Ok(bytes) => Ok(Input { bytes }),
        Err(reason) => Err(format!("cannot read {}: {reason}", shown(path))),
    }
}

/// A record opened to be read as a stream, game by game: a file behind a
/// buffer, or standard input, read once and kept (as [`read_input`] keeps
/// it).
pub struct Stream {
    /// Its bytes, from the first.
    pub reader: Box<dyn io::BufRead + Send>,
    /// How many there are, as the file's size says.
    pub len: u64,
}

/// Opens a path to read as a [`Stream`], or standard input for `-`. The
/// error is one line that names the path, as [`read_input`]'s.
pub fn open_input(path: &str) -> Result<Stream, String> {
    if path == "-" {
        let bytes = read_input(path)?.bytes;
        let len = bytes.len() as u64;
        return Ok(Stream {
            reader: Box::new(io::Cursor::new(bytes)),
            len,
        });
    }
    let file = std::fs::File::open(path).and_then(|file| {
        let meta = file.metadata()?;
        match meta.is_dir() {
            true => Err(io::Error::from(io::ErrorKind::IsADirectory)),
            false => Ok((file, meta.len())),
        }
    });
    match file {
        Ok((file, len)) => Ok(Stream {
            // A quarter of a megabyte a read: fewer calls into the system
            // than the default's 8 KiB, and within the processor's cache.
            reader: Box::new(io::BufReader::with_capacity(1 << 18, file)),
            len,
        }),
        Err(e) => Err(stopped_reading(path, &e)),
    }
}

/// What a reading of `path` that stopped at `e` says.
pub fn stopped_reading(path: &str, e: &io::Error) -> String {
    format!("cannot read {}: {}", shown(path), io_reason(e))
}

/// A path as said in a message: standard input for `-`.
pub fn shown(path: &str) -> &str {
    if path == "-" { "standard input" } else { path }
}

/// A short reason for an I/O error, without the OS error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(n) => text[..n].to_owned(),
                None => text,
            }
        }
    }
}
