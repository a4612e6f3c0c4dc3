//! `fix --in-place` and `fmt --write` lose nothing: a file with nothing to
//! change is left untouched, a backup never replaces another, and a file is
//! replaced whole or not at all, whatever fails on the way.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-rewrite-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `hirp ARGS` in `dir`; returns the exit status and standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let output = common::hirp().current_dir(dir).args(args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The last line of `text`.
fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// What identifies a file's contents on the disk: its modification time
/// and, on Unix, its inode.
fn identity(path: &Path) -> (std::time::SystemTime, u64) {
    let meta = std::fs::metadata(path).unwrap();
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    (meta.modified().unwrap(), inode)
}

#[test]
fn fix_in_place_twice_keeps_the_original() {
    let dir = scratch("twice");
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    std::fs::write(dir.join("en.hirp"), &edition).unwrap();
    let mut notes = Vec::new();

    let (status, stderr) = run(&dir, &["fix", "--in-place", "en.hirp"]);
    assert_eq!(status, 0);
    notes.push(last_line(&stderr).to_owned());
    let fixed = identity(&dir.join("en.hirp"));

    // Nothing to fix: the file and its backup are left as they are.
    let (status, stderr) = run(&dir, &["fix", "--in-place", "en.hirp"]);
    assert_eq!(status, 0);
    notes.push(last_line(&stderr).to_owned());
    assert_eq!(identity(&dir.join("en.hirp")), fixed, "left untouched");
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp")).unwrap(),
        corrected
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp.orig")).unwrap(),
        edition
    );

    // Something to fix again: the first backup stays, the next name is taken.
    let again = corrected.replace("Khh97", "Kh97");
    assert_ne!(again, corrected);
    std::fs::write(dir.join("en.hirp"), &again).unwrap();
    let (status, stderr) = run(&dir, &["fix", "--in-place", "en.hirp"]);
    assert_eq!(status, 0);
    notes.push(last_line(&stderr).to_owned());
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp")).unwrap(),
        corrected
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp.orig")).unwrap(),
        edition
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp.orig.1")).unwrap(),
        again
    );
    assert_eq!(names(&dir), ["en.hirp", "en.hirp.orig", "en.hirp.orig.1"]);
    insta::assert_snapshot!(notes.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_file_rewritten_keeps_its_permissions_and_its_links() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("keeps");
    std::fs::write(
        dir.join("en.hirp"),
        common::fixture("fixtures/rulebook/en.hirp"),
    )
    .unwrap();
    std::fs::write(dir.join("messy.hirp"), "G1  KeHeiHei /\n").unwrap();
    for name in ["en.hirp", "messy.hirp"] {
        let mode = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(dir.join(name), mode).unwrap();
        std::os::unix::fs::symlink(name, dir.join(format!("link-{name}"))).unwrap();
    }
    assert_eq!(run(&dir, &["fix", "--in-place", "link-en.hirp"]).0, 0);
    assert_eq!(run(&dir, &["fmt", "--write", "link-messy.hirp"]).0, 0);
    assert_eq!(
        std::fs::read_to_string(dir.join("en.hirp")).unwrap(),
        common::fixture("fixtures/rulebook/corrected.hirp")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.hirp")).unwrap(),
        "G1 KeHeiHei /\n"
    );
    for name in ["en.hirp", "messy.hirp"] {
        let link = dir.join(format!("link-{name}"));
        assert!(link.symlink_metadata().unwrap().is_symlink(), "{name}");
        let mode = std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640, "{name}");
    }
    let mode = std::fs::metadata(dir.join("link-en.hirp.orig")).unwrap();
    assert_eq!(mode.permissions().mode() & 0o777, 0o640, "the backup too");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_write_leaves_a_canonical_file_untouched() {
    let dir = scratch("canonical");
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    std::fs::write(dir.join("game.hirp"), &corrected).unwrap();
    let before = identity(&dir.join("game.hirp"));
    assert_eq!(
        run(&dir, &["fmt", "--write", "game.hirp"]),
        (0, String::new())
    );
    assert_eq!(identity(&dir.join("game.hirp")), before);
    assert_eq!(names(&dir), ["game.hirp"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A large record (more than a kilobyte, the most a file may be written
/// under `ulimit -f 1`) that begins with `start`.
fn large_record(start: &str) -> String {
    let mut text = common::fixture(start);
    text.push('\n');
    text.push_str(
        &hirp::hirp::generate::record(hirp::hirp::generate::Options {
            seed: 1,
            games: 3,
            max_turns: 40,
        })
        .to_string(),
    );
    text
}

/// Runs `hirp ARGS` in `dir` with files limited to one block by `ulimit -f`;
/// with `ignore`, the signal for a file too large is ignored, so that the
/// write fails instead of ending the process. Returns the exit status (none
/// when a signal ended it) and standard error.
#[cfg(unix)]
fn with_small_files(dir: &Path, args: &[&str], ignore: bool) -> (Option<i32>, String) {
    let trap = if ignore { "trap '' XFSZ; " } else { "" };
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{trap}ulimit -f 1 && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_hirp"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[cfg(unix)]
#[test]
fn a_full_disk_or_a_crash_leaves_the_file_whole() {
    let dir = scratch("full");
    // Something to fix; something to format.
    let to_fix = large_record("fixtures/rulebook/en.hirp");
    let to_format = large_record("fixtures/rulebook/corrected.hirp").replace("G5 ", "G5  ");
    for (args, record) in [
        (&["fix", "--in-place", "big.hirp"][..], &to_fix),
        (&["fmt", "--write", "big.hirp"], &to_format),
    ] {
        // The write fails: the file is as it was, and nothing is left beside it.
        std::fs::write(dir.join("big.hirp"), record).unwrap();
        let (status, stderr) = with_small_files(&dir, args, true);
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert_eq!(
            last_line(&stderr),
            "error: cannot write big.hirp: File too large",
            "{args:?}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("big.hirp")).unwrap(),
            *record
        );
        assert_eq!(names(&dir), ["big.hirp"], "{args:?}");
        // The process ends in the middle of the write: the file is as it was.
        let (status, _) = with_small_files(&dir, args, false);
        assert_eq!(status, None, "{args:?}: ended by the signal");
        assert_eq!(
            std::fs::read_to_string(dir.join("big.hirp")).unwrap(),
            *record
        );
        for name in names(&dir) {
            assert!(
                name == "big.hirp" || name.starts_with(".big.hirp."),
                "{args:?}: {name}"
            );
            if name != "big.hirp" {
                std::fs::remove_file(dir.join(name)).unwrap();
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_directory_is_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    let messy = corrected.replace("G5 ", "G5  ");
    std::fs::write(records.join("en.hirp"), &edition).unwrap();
    std::fs::write(records.join("messy.hirp"), &messy).unwrap();
    std::fs::write(records.join("good.hirp"), &corrected).unwrap();
    std::fs::set_permissions(&records, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Whoever may write in it anyway (root) cannot test this; the tests of a
    // full disk show the same failure for every user.
    if std::fs::write(records.join("probe"), "").is_ok() {
        eprintln!("skipped: this user may write in a read-only directory");
        std::fs::remove_file(records.join("probe")).unwrap();
    } else {
        for (args, name) in [
            (&["fix", "--in-place"][..], "records/en.hirp"),
            (&["fmt", "--write"], "records/messy.hirp"),
        ] {
            let (status, stderr) = run(&dir, &[args, &[name]].concat());
            assert_eq!(status, 2, "{args:?}");
            assert_eq!(
                last_line(&stderr),
                format!("error: cannot write {name}: permission denied"),
                "{args:?}"
            );
            // What needs no change needs no write.
            let (status, _) = run(&dir, &[args, &["records/good.hirp"]].concat());
            assert_eq!(status, 0, "{args:?}");
        }
        let read = |name: &str| std::fs::read_to_string(records.join(name)).unwrap();
        assert_eq!((read("en.hirp"), read("messy.hirp")), (edition, messy));
        assert_eq!(names(&records), ["en.hirp", "good.hirp", "messy.hirp"]);
    }
    std::fs::set_permissions(&records, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only-file");
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    std::fs::write(dir.join("en.hirp"), &edition).unwrap();
    std::fs::set_permissions(dir.join("en.hirp"), std::fs::Permissions::from_mode(0o444)).unwrap();
    if std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("en.hirp"))
        .is_ok()
    {
        eprintln!("skipped: this user may write a read-only file");
    } else {
        let (status, stderr) = run(&dir, &["fix", "--in-place", "en.hirp"]);
        assert_eq!(status, 2);
        assert_eq!(
            last_line(&stderr),
            "error: cannot write en.hirp: permission denied"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("en.hirp")).unwrap(),
            edition
        );
        assert_eq!(names(&dir), ["en.hirp"]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
