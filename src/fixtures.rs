//! The files of `fixtures/`, for the unit tests that read every one.

use std::path::PathBuf;

/// Every file below `fixtures/`, folders read in turn.
pub(crate) fn files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![PathBuf::from("fixtures")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).expect("a fixture folder") {
            let path = entry.expect("a fixture").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}
