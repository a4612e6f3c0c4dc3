//! `hirp position` as a user sees it, in both families: one line a
//! position, every position of a game or of a record with `--all`, and
//! what it says when there is none to print; the positions of every game,
//! read once through the library's seam, are those of each game read
//! alone; and `hirp json --positions` writes each game's with its hash.

use crate::common;
use crate::schema;

use std::path::Path;

use common::{files_under, hirp, relative, root};
use hirp::any::{AnyFamily, Job, rules_choice};
use hirp::core::family::{At, Family, NoBoard, RecordBytes, Wanted};

/// What running `hirp ARGS` (from the crate root, standard input `stdin`)
/// shows: the command, its standard output and error, and its exit status.
fn transcript(runs: &[(&[&str], &str)]) -> String {
    let mut shown = String::new();
    for (args, stdin) in runs {
        let output = hirp().args(*args).write_stdin(*stdin).output().unwrap();
        shown.push_str(&format!("$ hirp {}\n", args.join(" ")));
        for (name, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
            if !bytes.is_empty() {
                shown.push_str(&format!("[{name}]\n{}", String::from_utf8_lossy(bytes)));
            }
        }
        shown.push_str(&format!("[exit {}]\n\n", output.status.code().unwrap()));
    }
    shown
}

#[test]
fn a_hirp_position_is_one_line() {
    let game = "fixtures/rulebook/corrected.hirp";
    let two_games = "G1 KeHeiHei /\nS1 He7He8HeiHei /\n\nG1 KeHeiHei /\n";
    // A game from its [Position] tag starts there.
    let from_a_position = "fixtures/valid/18-drepid-from-a-position.hirp";
    insta::assert_snapshot!(transcript(&[
        (&["position", game], ""),
        (&["position", game, "--turn", "S3"], ""),
        (&["position", game, "--turn", "s3"], ""),
        (&["position", game, "--turn", "0"], ""),
        (&["position", game, "--all"], ""),
        (&["position", from_a_position, "--turn", "0"], ""),
        (&["position", from_a_position, "--turn", "G4"], ""),
        (&["position", "--all", "-"], two_games),
        (&["position", "--all", "--game", "2", "-"], two_games),
        (&["position", "--game", "2", "--turn", "G1", "-"], two_games),
    ]));
}

#[test]
fn a_tafl_position_is_opentafl_s_record_the_side_to_move_and_the_move_s_number() {
    let game = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    let variations = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
    insta::assert_snapshot!(transcript(&[
        (&["position", game], ""),
        (&["position", game, "--turn", "2B"], ""),
        (&["position", game, "--all"], ""),
        (
            &["position", "--rules", "brandubh-online", archive, "--all"],
            ""
        ),
        (&["position", variations, "--turn", "1a.1.1b"], ""),
        (&["position", variations, "--turn", "3b.1.2b"], ""),
    ]));
}

#[test]
fn no_position_to_print_is_said_with_a_status_scripts_can_trust() {
    let hirp_game = "fixtures/rulebook/corrected.hirp";
    let tafl_game = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    insta::assert_snapshot!(transcript(&[
        (&["position", hirp_game, "--turn", "G40"], ""),
        (&["position", hirp_game, "--game", "3"], ""),
        (&["position", hirp_game, "--turn", "X9"], ""),
        (&["position", hirp_game, "--all", "--turn", "S3"], ""),
        (&["position", "-"], "; no game\n"),
        (&["position", "missing.hirp"], ""),
        (&["position", tafl_game, "--turn", "9a"], ""),
        (&["position", tafl_game, "--game", "2"], ""),
        (&["position", archive, "--all"], ""),
    ]));
}

/// The positions `wanted` of a record, each game's lines with its number,
/// as the family gives them through the seam.
struct Lines<'a> {
    record: RecordBytes<'a>,
    wanted: Wanted<'a>,
}

impl Job for Lines<'_> {
    type Output = Result<Vec<(usize, String)>, NoBoard>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Self::Output {
        let mut games = Vec::new();
        family.positions(self.record, options, self.wanted, &mut |number, lines| {
            games.push((number, lines.to_owned()));
            true
        })?;
        Ok(games)
    }
}

/// The preset of an archive: its folder's, or the archive's own.
fn archive_rules(path: &Path) -> &'static str {
    let folder = path.parent().and_then(Path::file_name);
    let folder = folder.and_then(|f| f.to_str()).unwrap_or("");
    let name = path.file_stem().and_then(|f| f.to_str()).unwrap_or("");
    match (folder, name) {
        (_, "brandubh") => "brandubh-online",
        (_, "copenhagen") => "copenhagen",
        ("hnefatafl-11", _) => "hnefatafl-11",
        ("hnefatafl-13", _) => "hnefatafl-13",
        _ => "brandub",
    }
}

/// Every record of the fixtures, HIRP's and tafl's, valid or not (moves
/// repaired, forced, played out of turn): the positions of all its games,
/// each replayed once as the record is read on two threads, are those of
/// each game read alone (the first 5 of a record, the first of a long
/// archive), its start the first and the position after its last
/// turn the last.
#[test]
fn every_game_s_positions_are_those_of_the_game_read_alone() {
    let fixtures = root().join("fixtures");
    let mut records = files_under(&fixtures, "hirp");
    records.extend(files_under(&fixtures.join("tafl"), "otg"));
    records.extend(files_under(&fixtures.join("tafl"), "csv"));
    let (mut games, mut positions) = (0, 0);
    for path in records {
        let name = relative(&path);
        let bytes = std::fs::read(&path).unwrap();
        let rules = name
            .ends_with(".csv")
            .then(|| rules_choice(archive_rules(&path)).unwrap());
        let family = AnyFamily::recognise(&name, &bytes, rules.is_some());
        let record = RecordBytes {
            path: &name,
            bytes: &bytes,
        };
        let lines = |game, at| {
            let wanted = Wanted {
                game,
                at,
                workers: 2,
            };
            family.run(rules.as_ref(), Lines { record, wanted })
        };
        let every = lines(None, At::Every);
        let read = every.as_ref().map_or(&[][..], Vec::as_slice);
        for (n, (number, all)) in read.iter().enumerate() {
            assert_eq!(*number, n + 1, "{name}");
            positions += all.lines().count();
            // A game read alone is read from the whole record.
            if n >= if bytes.len() > 100_000 { 1 } else { 5 } {
                continue;
            }
            let alone = lines(Some(*number), At::Every).unwrap();
            assert_eq!(alone, [(*number, all.clone())], "{name}, game {number}");
            let first = format!("{}\n", all.lines().next().unwrap());
            let last = format!("{}\n", all.lines().last().unwrap());
            assert_eq!(lines(Some(*number), At::Start).unwrap()[0].1, first);
            assert_eq!(lines(Some(*number), At::Last).unwrap()[0].1, last);
            games += 1;
        }
        // A record that stops at a game stops there read alone too.
        if let Err(refused) = &every {
            let next = read.len() + 1;
            let alone = lines(Some(next), At::Every);
            if *refused == NoBoard::NoGame {
                assert!(read.is_empty(), "{name}");
            } else {
                assert_eq!(alone, Err(refused.clone()), "{name}, game {next}");
            }
        }
    }
    assert!(games > 450, "{games} games");
    assert!(positions > 20_000, "{positions} positions");
}

/// What `hirp ARGS` writes to standard output, once it exits with `status`.
fn stdout_of(args: &[&str], status: i32) -> String {
    let output = hirp().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// The JSON values of `json`, a document or JSON Lines, each meeting its
/// schema.
fn meeting_the_schema(json: &str, lines: bool) -> Vec<serde_json::Value> {
    let schema = serde_json::to_value(hirp::json::schema(lines)).unwrap();
    let values = serde_json::Deserializer::from_str(json).into_iter::<serde_json::Value>();
    values
        .map(|value| {
            let value = value.unwrap();
            schema::conforms(&schema, &schema, &value, "").unwrap();
            value
        })
        .collect()
}

/// Each game's positions in the JSON of `hirp json --positions`, as a
/// document and as JSON Lines: its start (no `after`), then after each turn
/// the replay played, labelled as the record writes it; each the line
/// `hirp position --all` prints, with the family's hash of the position
/// as 16 hexadecimal digits. The document meets its schema, and
/// `hirp notation` reads it back as the record written without them.
#[test]
fn json_positions_are_hirp_position_s_lines_with_their_hashes() {
    let records: [(&str, Option<&str>); 5] = [
        ("fixtures/rulebook/corrected.hirp", None),
        ("fixtures/valid/05-refused-double.hirp", None),
        (
            "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg",
            None,
        ),
        ("fixtures/tafl/opentafl-positions/berserk_11-015.otg", None),
        (
            "fixtures/tafl/archives/brandubh.csv",
            Some("brandubh-online"),
        ),
    ];
    let mut positions = 0;
    for (path, rules) in records {
        let with_rules = |args: &[&str]| {
            let mut all: Vec<&str> = args.to_vec();
            if let Some(rules) = rules {
                all.extend(["--rules", rules]);
            }
            all.push(path);
            all.iter().map(|a| a.to_string()).collect::<Vec<String>>()
        };
        let args = with_rules(&["position", "--all"]);
        let printed = stdout_of(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        let games: Vec<&str> = printed.split("\n\n").collect();
        let args = with_rules(&["json", "--positions", "--lines"]);
        let lines = stdout_of(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        let values = meeting_the_schema(&lines, true);
        assert_eq!(values.len(), games.len(), "{path}");
        let replays = tafl_replays(path, rules);
        for (n, (value, printed)) in values.iter().zip(&games).enumerate() {
            let written = value["positions"].as_array().unwrap();
            let lines: Vec<&str> = printed.lines().collect();
            assert_eq!(written.len(), lines.len(), "{path}, game {}", n + 1);
            for (m, (position, line)) in written.iter().zip(&lines).enumerate() {
                assert_eq!(position["position"], *line, "{path}, game {}", n + 1);
                assert_eq!(position.get("after").is_some(), m > 0, "{path}");
                let hash = position["hash"].as_str().unwrap();
                let expected = match &replays {
                    None => hirp::hirp::position::hash(&hirp::hirp::position::read(line).unwrap()),
                    Some(replays) => replays[n].positions()[m].hash(),
                };
                assert_eq!(hash, format!("{expected:016x}"), "{path}: {line}");
                positions += 1;
            }
            let afters: Vec<&str> = written[1..]
                .iter()
                .map(|p| p["after"].as_str().unwrap())
                .collect();
            let labels: Vec<String> = match &replays {
                None => value["turns"].as_array().unwrap()[..afters.len()]
                    .iter()
                    .map(|turn| turn["label"].as_str().unwrap().to_owned())
                    .collect(),
                Some(replays) => replays[n]
                    .steps
                    .iter()
                    .map(|s| s.address.to_string())
                    .collect(),
            };
            assert_eq!(afters, labels, "{path}, game {}", n + 1);
        }
        // The document holds the same positions, and both read back as the
        // record written without them.
        let args = with_rules(&["json", "--positions"]);
        let document = stdout_of(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        let values = meeting_the_schema(&document, false);
        let games = values[0]["files"][0]["games"].as_array().unwrap();
        for (game, line) in games.iter().zip(meeting_the_schema(&lines, true)) {
            assert_eq!(game["positions"], line["positions"], "{path}");
        }
        let args = with_rules(&["json"]);
        let plain = stdout_of(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        assert!(
            !plain.contains("\"positions\""),
            "{path}: only when asked for"
        );
        let back = |json: &str| {
            let output = hirp()
                .args(["notation", "-"])
                .write_stdin(json.to_owned())
                .output();
            let output = output.unwrap();
            assert_eq!(output.status.code(), Some(0), "{path}");
            output.stdout
        };
        assert_eq!(back(&document), back(&plain), "{path}");
        assert_eq!(back(&lines), back(&plain), "{path}");
    }
    assert!(positions > 9_000, "{positions} positions");
}

/// The games of a tafl record replayed, as `hirp` replays them; `None`
/// for a HIRP record.
fn tafl_replays(path: &str, rules: Option<&str>) -> Option<Vec<hirp::tafl::replay::Replay>> {
    let extension = Path::new(path).extension()?.to_str()?;
    let form = hirp::tafl::syntax::Form::from_extension(extension)?;
    let bytes = std::fs::read(root().join(path)).unwrap();
    let (_, parsed) = hirp::tafl::syntax::parse_bytes(&bytes, form);
    let rules = rules.map(|name| hirp::tafl::rules::RuleSet::preset(name).unwrap());
    let replays = hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, rules.as_ref());
    Some(replays)
}

/// A tafl archive's positions cannot be known without its rules: said so,
/// exit status 2, and its games written without them.
#[test]
fn json_positions_of_an_archive_need_its_rules() {
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    let output = hirp()
        .args(["json", "--positions", archive])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!(
            "error: {archive} is an archive of tafl games, which names no rule set: give --rules"
        )),
        "{stderr}"
    );
    let written = String::from_utf8(output.stdout).unwrap();
    assert_eq!(written, stdout_of(&["json", archive], 0));
}
