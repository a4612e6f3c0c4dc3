//! Rewriting a file in place so that nothing is lost, for `fix --in-place`
//! and `fmt --write`.
//!
//! The new text goes to a new file beside the old one, which is flushed to
//! the disk and then moved over the old one in one step: a crash or a full
//! disk leaves the old file or the new one, never part of one. The new file
//! has the old one's permissions (and owner, where that may be kept); a
//! symbolic link is followed, and the file it names rewritten. A backup of
//! the old file never replaces an earlier one.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being rewritten: what is written goes to a new file beside it,
/// which [`Rewrite::commit`] moves over it. Dropped before, the new file is
/// removed and the old one left as it was.
pub struct Rewrite {
    /// The file rewritten, symbolic links followed.
    target: PathBuf,
    /// The new file, beside it.
    temp: PathBuf,
    out: BufWriter<File>,
    /// The old file's metadata: its permissions and owner are kept.
    meta: std::fs::Metadata,
    /// The new file has been moved over the old one.
    done: bool,
}

impl Rewrite {
    /// Begins rewriting the file at `path`, which must be a regular file
    /// that may be written.
    pub fn begin(path: &Path) -> io::Result<Rewrite> {
        let target = std::fs::canonicalize(path)?;
        let meta = std::fs::metadata(&target)?;
        if !meta.is_file() {
            return Err(io::Error::other("it is not a regular file"));
        }
        // A file that may not be written is left alone, though its
        // directory would let it be replaced.
        OpenOptions::new().write(true).open(&target)?;
        let name = target
            .file_name()
            .map_or_else(|| "record".into(), |n| n.to_string_lossy());
        let (temp, file) = create_new(|n| match n {
            0 => target.with_file_name(format!(".{name}.hirp-new")),
            n => target.with_file_name(format!(".{name}.hirp-new{n}")),
        })?;
        let rewrite = Rewrite {
            target,
            temp,
            out: BufWriter::new(file),
            meta,
            done: false,
        };
        keep_metadata(rewrite.out.get_ref(), &rewrite.meta)?;
        Ok(rewrite)
    }

    /// Moves what was written over the file, once it is on the disk.
    pub fn commit(mut self) -> io::Result<()> {
        self.out.flush()?;
        self.out.get_ref().sync_all()?;
        std::fs::rename(&self.temp, &self.target)?;
        self.done = true;
        sync_directory(&self.target);
        Ok(())
    }

    /// Keeps `original`, the file as it was read, beside `path` (the file as
    /// named) under the first name of `FILE.orig`, `FILE.orig.1`,
    /// `FILE.orig.2`... that is free, then commits. Returns the backup's
    /// name; if the commit fails, the backup is removed.
    pub fn commit_keeping(mut self, path: &Path, original: &[u8]) -> io::Result<PathBuf> {
        self.out.flush()?;
        let (backup, mut file) = create_new(|n| {
            let mut name = path.as_os_str().to_owned();
            match n {
                0 => name.push(".orig"),
                n => name.push(format!(".orig.{n}")),
            }
            PathBuf::from(name)
        })?;
        let kept = file
            .write_all(original)
            .and_then(|()| keep_metadata(&file, &self.meta))
            .and_then(|()| file.sync_all())
            .and_then(|()| self.commit());
        match kept {
            Ok(()) => Ok(backup),
            Err(e) => {
                let _ = std::fs::remove_file(&backup);
                Err(e)
            }
        }
    }
}

impl Write for Rewrite {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Drop for Rewrite {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Creates the first file of `name(0)`, `name(1)`... that does not exist,
/// and never one that does.
fn create_new(name: impl Fn(u32) -> PathBuf) -> io::Result<(PathBuf, File)> {
    let mut n = 0;
    loop {
        let path = name(n);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < u32::MAX => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Gives `file` the permissions of the file `meta` describes, and its owner
/// and group where this process may.
fn keep_metadata(file: &File, meta: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(meta.gid()));
        }
    }
    file.set_permissions(meta.permissions())
}

/// Flushes to the disk that the directory of `file` now names the new file,
/// where the system allows it.
fn sync_directory(file: &Path) {
    if let Some(dir) = file.parent()
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
}
