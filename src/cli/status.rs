//! How a command ends: its exit status.

use std::process::ExitCode;

/// How a command ended, as the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: every record is fine.
    Ok = 0,
    /// 1: some record has errors.
    Invalid = 1,
    /// 2: a usage or I/O error.
    Failure = 2,
    /// 130: interrupted by Ctrl-C, as a shell reports a program ended by
    /// SIGINT.
    Interrupted = 130,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status as u8)
    }
}
