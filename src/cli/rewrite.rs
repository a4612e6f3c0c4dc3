//! Rewriting a file in place so that nothing is lost, for `fix --in-place`
//! and `fmt --write`.
//!
//! The new text goes to a new file beside the old one, which is flushed to
//! the disk and then moved over the old one in one step: a crash or a full
//! disk leaves the old file or the new one, never part of one. The new file
//! has the old one's permissions (and owner, where that may be kept); a
//! symbolic link is followed, and the file it names rewritten. A backup of
//! the old file is written under a temporary name and given its own once it
//! is whole, so that it is whole or absent, and never replaces an earlier
//! one. The temporary files are those of `temporary`: removed on every way
//! out the program can act on, and those an earlier run could not remove
//! found by the next.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::temporary::{self, Live, Role};

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
    /// What was found of temporary files that earlier runs left beside
    /// the file (removed, or left alone), in words.
    pub notes: Vec<String>,
}

impl Rewrite {
    /// Begins rewriting the file at `path`, which must be a regular file
    /// that may be written; temporary files an earlier run left beside it
    /// are removed first, once the process that made them is gone.
    pub fn begin(path: &Path) -> io::Result<Rewrite> {
        let target = std::fs::canonicalize(path)?;
        let meta = std::fs::metadata(&target)?;
        if !meta.is_file() {
            return Err(io::Error::other("it is not a regular file"));
        }
        // A file that may not be written is left alone, though its
        // directory would let it be replaced.
        OpenOptions::new().write(true).open(&target)?;
        let notes = temporary::clean_stale(&target);
        let (temp, file) = temporary::create(&target, Role::New)?;
        let rewrite = Rewrite {
            target,
            temp,
            out: BufWriter::new(file),
            meta,
            done: false,
            notes,
        };
        keep_metadata(rewrite.out.get_ref(), &rewrite.meta)?;
        Ok(rewrite)
    }

    /// Moves what was written over the file, once it is on the disk.
    pub fn commit(mut self) -> io::Result<()> {
        self.flush_to_disk()?;
        let mut live = Live::lock();
        self.replace(&mut live)
    }

    /// Flushes what was written to the disk.
    fn flush_to_disk(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.out.get_ref().sync_all()
    }

    /// Moves the new file over the old one, `live` locked.
    fn replace(&mut self, live: &mut Live) -> io::Result<()> {
        std::fs::rename(&self.temp, &self.target)?;
        live.forget(&self.temp);
        self.done = true;
        sync_directory(&self.target);
        Ok(())
    }

    /// Keeps `original`, the file as it was read, beside `path` (the file as
    /// named) under the first name of `FILE.orig`, `FILE.orig.1`,
    /// `FILE.orig.2`... that is free, then commits. The backup is written
    /// under a temporary name and given its own once whole; if the commit
    /// fails, or a signal ends the program before it is made, the backup is
    /// removed. Returns the backup's name.
    pub fn commit_keeping(mut self, path: &Path, original: &[u8]) -> io::Result<PathBuf> {
        self.flush_to_disk()?;
        let (temp, mut file) = temporary::create(&self.target, Role::Backup)?;
        let written = file
            .write_all(original)
            .and_then(|()| keep_metadata(&file, &self.meta))
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            temporary::remove(&temp);
            return Err(e);
        }
        let mut live = Live::lock();
        let backup = name_backup(path, &temp);
        let _ = std::fs::remove_file(&temp);
        live.forget(&temp);
        let backup = backup?;
        // Until the commit is made, a signal removes the backup too.
        live.add(&backup);
        let committed = self.replace(&mut live);
        live.forget(&backup);
        match committed {
            Ok(()) => Ok(backup),
            Err(e) => {
                let _ = std::fs::remove_file(&backup);
                Err(e)
            }
        }
    }
}

/// Gives the whole backup at `temp` the first name of `FILE.orig`,
/// `FILE.orig.1`... beside `path` that is free, never replacing a file:
/// linked under it where the file system allows, else renamed to it once it
/// is seen free. Returns the name.
fn name_backup(path: &Path, temp: &Path) -> io::Result<PathBuf> {
    let mut n = 0u32;
    loop {
        let mut name = path.as_os_str().to_owned();
        match n {
            0 => name.push(".orig"),
            n => name.push(format!(".orig.{n}")),
        }
        let backup = PathBuf::from(name);
        match std::fs::hard_link(temp, &backup) {
            Ok(()) => return Ok(backup),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < u32::MAX => n += 1,
            Err(_) if !backup.exists() => {
                std::fs::rename(temp, &backup)?;
                return Ok(backup);
            }
            Err(e) => return Err(e),
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
            temporary::remove(&self.temp);
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
