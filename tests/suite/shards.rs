//! The recipes of `docs/guide.md` for sharing a run among machines (GNU
//! parallel, a Slurm job array, a Kubernetes indexed Job), run here as
//! their schedulers would run them: the shards as processes side by side,
//! each with the environment its scheduler gives it, then the merge, whose
//! report is held to that of one run over the same games.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use crate::common;

/// The guide's code blocks after the marker of recipe `name`: the first
/// `count` of them.
fn blocks(name: &str, count: usize) -> Vec<String> {
    let guide = std::fs::read_to_string(common::root().join("docs/guide.md")).unwrap();
    let marker = format!("<!-- recipe: {name} -->");
    let after = &guide[guide.find(&marker).expect("the recipe")..];
    let mut found = Vec::new();
    let mut rest = after;
    while found.len() < count {
        let open = rest.find("\n```").expect("a code block");
        let body = &rest[open + 4..];
        let body = &body[body.find('\n').unwrap() + 1..];
        let close = body.find("```").expect("its end");
        found.push(body[..close].to_owned());
        rest = &body[close + 3..];
    }
    found
}

/// A folder holding `games.ron` (hnefatafl.org's archive of the fixtures,
/// read as one file, which the shards cut in byte ranges).
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("shards-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let archive = common::root().join("fixtures/tafl/hnefatafl-org/archived-games.ron");
    std::fs::copy(archive, dir.join("games.ron")).unwrap();
    dir
}

/// `sh -c LINE` in `dir`, `hirp` first on the path, with `env`.
fn shell(dir: &Path, line: &str, env: &[(&str, String)]) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_hirp")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path);
    command
        .env("NO_COLOR", "1")
        .envs(env.iter().map(|(k, v)| (k, v)));
    command
}

/// Waits for every shard, each of which must succeed.
fn wait(shards: Vec<Child>) {
    for mut shard in shards {
        assert!(shard.wait().unwrap().success(), "a shard failed");
    }
}

/// What `line` prints in `dir`.
fn printed(dir: &Path, line: &str) -> String {
    let output = shell(dir, line, &[]).output().unwrap();
    assert!(
        output.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The report of one run over the folder's games, which each merge must
/// print; and that three parts were written, each with games of its own.
fn check(dir: &Path, merged: &str, parts: &[&str]) {
    assert_eq!(merged, printed(dir, "hirp stats games.ron"));
    assert!(merged.starts_with("36 games"), "{merged}");
    let mut counts = Vec::new();
    for part in parts {
        let text = std::fs::read_to_string(dir.join(part)).unwrap();
        let tally: serde_json::Value = serde_json::from_str(&text).unwrap();
        let players = tally["players"].as_array().unwrap();
        counts.push(
            players
                .iter()
                .map(|p| p["total"]["games"].as_u64().unwrap())
                .sum::<u64>(),
        );
    }
    assert!(
        counts.iter().all(|&n| n > 0),
        "each shard counts games: {counts:?}"
    );
}

#[test]
fn gnu_parallel_s_recipe_gives_one_run_s_report() {
    let dir = folder("parallel");
    let block = &blocks("parallel", 1)[0];
    let lines: Vec<&str> = block.lines().collect();
    let installed = Command::new("parallel").arg("--version").output();
    if installed.is_ok_and(|o| o.status.success()) {
        wait(vec![shell(&dir, lines[0], &[]).spawn().unwrap()]);
    } else {
        // As parallel runs it: its command once for each argument, `{}`
        // the argument, side by side.
        let template = lines[0].split('\'').nth(1).unwrap();
        let shards = (1..=3).map(|k| template.replace("{}", &k.to_string()));
        wait(
            shards
                .map(|line| shell(&dir, &line, &[]).spawn().unwrap())
                .collect(),
        );
    }
    let merged = printed(&dir, lines[1]);
    check(
        &dir,
        &merged,
        &["part-1.json", "part-2.json", "part-3.json"],
    );
}

#[test]
fn a_slurm_job_array_s_recipe_gives_one_run_s_report() {
    let dir = folder("slurm");
    let [script, merge] = <[String; 2]>::try_from(blocks("slurm", 2)).unwrap();
    assert!(script.contains("#SBATCH --array=1-3"));
    let shards = (1..=3).map(|k| {
        let env = [
            ("SLURM_ARRAY_TASK_ID", k.to_string()),
            ("SLURM_ARRAY_TASK_COUNT", "3".to_owned()),
        ];
        shell(&dir, &script, &env).spawn().unwrap()
    });
    wait(shards.collect());
    let merged = printed(&dir, merge.trim());
    check(
        &dir,
        &merged,
        &["part-1.json", "part-2.json", "part-3.json"],
    );
}

#[test]
fn a_kubernetes_indexed_job_s_recipe_gives_one_run_s_report() {
    let dir = folder("kubernetes");
    let [job, merge] = <[String; 2]>::try_from(blocks("kubernetes", 2)).unwrap();
    assert!(job.contains("completionMode: Indexed") && job.contains("completions: 3"));
    let command = job
        .lines()
        .find_map(|l| l.trim().strip_prefix("command: "))
        .unwrap();
    let command: Vec<String> = serde_json::from_str(command).unwrap();
    assert_eq!(command[..2], ["sh", "-c"]);
    // The volume at /data is the folder here.
    let data = dir.display().to_string();
    let line = command[2].replace("/data", &data);
    let shards = (0..3).map(|index| {
        let env = [("JOB_COMPLETION_INDEX", index.to_string())];
        shell(&dir, &line, &env).spawn().unwrap()
    });
    wait(shards.collect());
    let merged = printed(&dir, &merge.trim().replace("/data", &data));
    check(
        &dir,
        &merged,
        &["part-0.json", "part-1.json", "part-2.json"],
    );
}

/// `hirp validate ARGS` in the crate's root: its status and standard
/// output.
fn validate(args: &[&str]) -> (Option<i32>, String) {
    let output = common::hirp().arg("validate").args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The summaries of `hirp validate`'s shards, merged, are the summary of
/// one run, with its exit status: HIRP's records and tafl's, directories
/// walked.
#[test]
fn validate_s_shards_merged_give_one_run_s_summary() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shards-validate");
    std::fs::create_dir_all(&dir).unwrap();
    let paths = [
        "fixtures/valid",
        "fixtures/invalid/rules",
        "fixtures/tafl/valid/brandub",
    ];
    let (status, whole) = validate(&paths);
    let mut parts = Vec::new();
    for k in 1..=3 {
        let part = dir.join(format!("part-{k}.json")).display().to_string();
        let shard = format!("{k}/3");
        let (_, tally) = validate(&[&["--shard", &shard, "--tally"], &paths[..]].concat());
        assert!(tally.starts_with("{\"validate_tally\":1,"), "{tally}");
        std::fs::write(&part, tally).unwrap();
        parts.push(part);
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let (merged_status, merged) = validate(&[&["--merge"], &parts[..]].concat());
    assert_eq!(merged_status, status);
    assert!(merged.starts_with("files "), "{merged}");
    assert!(whole.ends_with(&merged), "{whole}\n--- merged:\n{merged}");
    // A part that is no tally is named, and the others still merged.
    let (status, _) = validate(&["--merge", parts[0], "Cargo.toml"]);
    assert_eq!(status, Some(2));
}
