//! The temporary files written beside a file that `fix --in-place` or
//! `fmt --write` rewrites: the new text, and the backup before it gets its
//! name. Each is named after the file and the process that made it,
//! `.FILE.PID.hirp-new` or `.FILE.PID.hirp-orig` (a number after it when
//! that name is taken), and is removed on every way out that lets the
//! program act: an error, a panic (as the rewrite is dropped), and Ctrl-C
//! or SIGTERM, on which what is being written is removed before the
//! program ends (exit status 130 or 143). A file left by a process that
//! could not act (killed outright, or the machine stopped) is found by the
//! next rewrite of the file beside it: removed once that process is gone,
//! else named in a note and left alone.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};

/// The temporary files this process has made and not yet moved or removed,
/// and the backups of rewrites not yet done: what a signal removes.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The files that would be removed on a signal, locked: while it is held,
/// no signal removes anything, so that a rewrite and what it leaves behind
/// change together.
pub struct Live(MutexGuard<'static, Vec<PathBuf>>);

impl Live {
    /// Locks the files to remove on a signal.
    pub fn lock() -> Live {
        Live(LIVE.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Notes `path` as a file to remove on a signal.
    pub fn add(&mut self, path: &Path) {
        self.0.push(path.to_path_buf());
    }

    /// Notes that `path` is no longer to be removed on a signal.
    pub fn forget(&mut self, path: &Path) {
        self.0.retain(|p| p != path);
    }
}

/// What a temporary file holds, which its name ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The new text of the file.
    New,
    /// The backup of the old text, before it gets its name.
    Backup,
}

impl Role {
    fn suffix(self) -> &'static str {
        match self {
            Role::New => "hirp-new",
            Role::Backup => "hirp-orig",
        }
    }
}

/// Creates a temporary file of `role` beside `target`, noted to be removed
/// on a signal; the first signal the process gets from then on removes it.
pub fn create(target: &Path, role: Role) -> io::Result<(PathBuf, File)> {
    watch_signals();
    let name = file_name(target);
    let pid = std::process::id();
    let mut live = Live::lock();
    let mut n = 0u32;
    loop {
        let temp = match n {
            0 => format!(".{name}.{pid}.{}", role.suffix()),
            n => format!(".{name}.{pid}.{}{n}", role.suffix()),
        };
        let path = target.with_file_name(temp);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => {
                live.add(&path);
                return Ok((path, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < u32::MAX => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Removes a temporary file, and forgets it.
pub fn remove(path: &Path) {
    let mut live = Live::lock();
    let _ = std::fs::remove_file(path);
    live.forget(path);
}

/// The file name of `target`, as temporary files beside it start.
fn file_name(target: &Path) -> String {
    target
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned())
}

/// What was found of temporary files that earlier runs left beside
/// `target`: one note for each, removed (its process is gone) or left
/// alone (its process may still be writing it).
pub fn clean_stale(target: &Path) -> Vec<String> {
    let name = file_name(target);
    let Some(dir) = target.parent() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    let mut found: Vec<(PathBuf, Option<u32>)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let file = entry.file_name();
            let writer = left_by(&file.to_string_lossy(), &name)?;
            Some((entry.path(), writer))
        })
        .collect();
    found.sort();
    for (path, writer) in found {
        let shown = path.file_name().unwrap_or_default().to_string_lossy();
        match writer {
            Some(pid) if pid != std::process::id() && gone(pid) => {
                if std::fs::remove_file(&path).is_ok() {
                    notes.push(format!(
                        "removed {shown}, a temporary file an interrupted run left"
                    ));
                }
            }
            Some(pid) if pid == std::process::id() => {}
            _ => notes.push(format!(
                "{shown} looks like a temporary file of another run; it is left alone"
            )),
        }
    }
    notes
}

/// Whether `file` is a temporary file beside the file named `name`: with
/// the process that wrote it, if its name says (earlier versions' do not,
/// `.FILE.hirp-new`).
fn left_by(file: &str, name: &str) -> Option<Option<u32>> {
    let rest = file
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let ends = |rest: &str| {
        [Role::New, Role::Backup].iter().any(|role| {
            rest.strip_prefix(role.suffix())
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    if ends(rest) {
        return Some(None);
    }
    let (pid, rest) = rest.split_once('.')?;
    let pid = pid.parse().ok()?;
    ends(rest).then_some(Some(pid))
}

/// Whether the process `pid` has ended, where the system tells (else it is
/// taken to be running).
fn gone(pid: u32) -> bool {
    let proc = Path::new("/proc");
    cfg!(target_os = "linux") && proc.join("self").exists() && !proc.join(pid.to_string()).exists()
}

/// From the first temporary file on: on Ctrl-C or SIGTERM, removes the
/// temporary files and the backups of rewrites not done, and ends the
/// program with status 128 and the signal's number.
fn watch_signals() {
    static WATCHING: Once = Once::new();
    WATCHING.call_once(|| {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        // The handlers are set here, before any temporary file is made.
        let signals = {
            let _entered = runtime.enter();
            Signals::new()
        };
        let Ok(mut signals) = signals else {
            return;
        };
        std::thread::spawn(move || {
            let status = runtime.block_on(signals.next());
            let live = Live::lock();
            for path in live.0.iter() {
                let _ = std::fs::remove_file(path);
            }
            eprintln!("error: interrupted; the file being rewritten is left as it was");
            // The lock is held to the end: nothing more is made or moved.
            std::process::exit(status);
        });
    });
}

/// The signals that end a rewrite.
struct Signals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl Signals {
    #[cfg(unix)]
    fn new() -> io::Result<Signals> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    #[cfg(not(unix))]
    fn new() -> io::Result<Signals> {
        Ok(Signals {})
    }

    /// Waits for one; the exit status it calls for.
    #[cfg(unix)]
    async fn next(&mut self) -> i32 {
        tokio::select! {
            _ = self.interrupt.recv() => 130,
            _ = self.terminate.recv() => 143,
        }
    }

    #[cfg(not(unix))]
    async fn next(&mut self) -> i32 {
        let _ = tokio::signal::ctrl_c().await;
        130
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_files_are_known_by_their_names() {
        assert_eq!(left_by(".g.hirp.4242.hirp-new", "g.hirp"), Some(Some(4242)));
        assert_eq!(left_by(".g.hirp.7.hirp-orig3", "g.hirp"), Some(Some(7)));
        assert_eq!(left_by(".g.hirp.hirp-new1", "g.hirp"), Some(None));
        assert_eq!(left_by(".g.hirp.4242.hirp-newer", "g.hirp"), None);
        assert_eq!(left_by(".h.hirp.4242.hirp-new", "g.hirp"), None);
        assert_eq!(left_by("g.hirp.orig", "g.hirp"), None);
    }
}
