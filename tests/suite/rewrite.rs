//! `fix --in-place` and `fmt --write` lose nothing: a file with nothing to
//! change is left untouched, a backup never replaces another, and a file is
//! replaced whole or not at all, whatever fails on the way.

use crate::common;

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

/// A record of `games` random games, a space doubled in each, with the
/// record at `start` before them: something to format, and something to
/// fix if `start` is.
fn record_of(start: &str, games: usize) -> String {
    let mut text = common::fixture(start);
    text.push('\n');
    text.push_str(
        &hirp::hirp::generate::record(hirp::hirp::generate::Options {
            seed: 7,
            games,
            max_turns: 60,
        })
        .to_string()
        .replace("\nG2 ", "\nG2  "),
    );
    text
}

/// Starts `hirp ARGS` in `dir`.
#[cfg(unix)]
fn start(dir: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_hirp"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends `signal` (`TERM`, `INT`, `KILL`) to `child`.
#[cfg(unix)]
fn signal(child: &std::process::Child, signal: &str) {
    let sent = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Waits until a temporary file of a rewrite stands in `dir`, while
/// `child` runs; whether one did.
#[cfg(unix)]
fn wait_for_temporary(dir: &Path, child: &mut std::process::Child) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(120) {
        if names(dir).iter().any(|n| n.ends_with(".hirp-new")) {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    false
}

#[cfg(unix)]
#[test]
fn ctrl_c_or_sigterm_while_writing_removes_the_new_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch("signal");
    // Formatting writes the new file as it goes: seconds of writing.
    let record = record_of("fixtures/rulebook/corrected.hirp", 1500);
    for (name, status) in [("TERM", 143), ("INT", 130)] {
        std::fs::write(dir.join("big.hirp"), &record).unwrap();
        let mut child = start(&dir, &["fmt", "--write", "big.hirp"]);
        assert!(
            wait_for_temporary(&dir, &mut child),
            "{name}: no new file seen"
        );
        signal(&child, name);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            output.status.code(),
            Some(status),
            "{name}: {:?} {stderr}",
            output.status.signal()
        );
        assert_eq!(
            last_line(&stderr),
            "error: interrupted; the file being rewritten is left as it was"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("big.hirp")).unwrap(),
            record
        );
        assert_eq!(names(&dir), ["big.hirp"], "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_new_file_left_by_a_killed_run_is_removed_by_the_next() {
    let dir = scratch("killed");
    let record = record_of("fixtures/rulebook/corrected.hirp", 1500);
    std::fs::write(dir.join("big.hirp"), &record).unwrap();
    let mut child = start(&dir, &["fmt", "--write", "big.hirp"]);
    assert!(wait_for_temporary(&dir, &mut child), "no new file seen");
    signal(&child, "KILL");
    let pid = child.id();
    child.wait().unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("big.hirp")).unwrap(),
        record
    );
    let left = format!(".big.hirp.{pid}.hirp-new");
    assert_eq!(names(&dir), [left.as_str(), "big.hirp"]);
    // A file named as an earlier version named it: whose it is, is not
    // known, and it is left alone.
    std::fs::write(dir.join(".big.hirp.hirp-new"), "a part").unwrap();
    let (status, stderr) = run(&dir, &["fmt", "--write", "big.hirp"]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "big.hirp: removed {left}, a temporary file an interrupted run left\n\
             big.hirp: .big.hirp.hirp-new looks like a temporary file of another run; \
             it is left alone\n"
        )
    );
    assert_eq!(names(&dir), [".big.hirp.hirp-new", "big.hirp"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn fix_in_place_killed_at_any_moment_leaves_whole_files() {
    let dir = scratch("kill-sweep");
    let record = record_of("fixtures/rulebook/en.hirp", 120);
    std::fs::write(dir.join("g.hirp"), &record).unwrap();
    let begun = std::time::Instant::now();
    let (status, _) = run(&dir, &["fix", "--in-place", "g.hirp"]);
    let took = begun.elapsed();
    assert_eq!(status, 0);
    let corrected = std::fs::read_to_string(dir.join("g.hirp")).unwrap();
    assert_ne!(corrected, record);
    for n in 1..=24u32 {
        for name in names(&dir) {
            std::fs::remove_file(dir.join(name)).unwrap();
        }
        std::fs::write(dir.join("g.hirp"), &record).unwrap();
        let child = start(&dir, &["fix", "--in-place", "g.hirp"]);
        std::thread::sleep(took * n / 20);
        let sent = if n % 2 == 0 { "TERM" } else { "INT" };
        // The run may be over: the signal finds no process.
        let _ = Command::new("kill")
            .arg(format!("-{sent}"))
            .arg(child.id().to_string())
            .status();
        let output = child.wait_with_output().unwrap();
        let now = std::fs::read_to_string(dir.join("g.hirp")).unwrap();
        assert!(
            now == record || now == corrected,
            "{n}: g.hirp is part of one"
        );
        let left = names(&dir);
        match left.as_slice() {
            [file] if file == "g.hirp" => assert_eq!(now, record, "{n}"),
            [file, backup] if file == "g.hirp" && backup == "g.hirp.orig" => {
                assert_eq!(now, corrected, "{n}");
                let kept = std::fs::read_to_string(dir.join(backup)).unwrap();
                assert_eq!(kept, record, "{n}: the backup is whole");
            }
            _ => panic!("{n}: {left:?} after {:?}", output.status),
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
