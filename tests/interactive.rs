//! `hirp replay -i` driven in tmux, as a person at a terminal would, on
//! HIRP and tafl records: the screens at 80×24 and 160×50, keys, Ctrl-C. Each test skips, saying so,
//! when tmux is not installed.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of its own running `hirp replay -i ARGS` in a window of
/// a given size, killed when dropped.
struct Tmux {
    socket: String,
    /// Where the shell writes hirp's exit status.
    status: std::path::PathBuf,
}

impl Tmux {
    /// Starts `hirp replay -i` with `args` from the crate's root in a
    /// window `columns` × `rows`; `None`, with the reason printed, when
    /// tmux is not installed.
    fn start(name: &str, size: (u16, u16), args: &str) -> Option<Tmux> {
        Tmux::start_command(name, size, &format!("replay -i {args}"))
    }

    /// Starts `hirp` with `args` (a command and what it takes) on a
    /// terminal, as [`Tmux::start`] does.
    fn start_command(name: &str, size: (u16, u16), args: &str) -> Option<Tmux> {
        let binary = assert_cmd::cargo::cargo_bin("hirp");
        Tmux::start_line(name, size, &format!("'{}' {args}", binary.display()))
    }

    /// Runs the shell line `line` on a terminal from the crate's root, as
    /// [`Tmux::start`] runs hirp.
    fn start_line(name: &str, (columns, rows): (u16, u16), line: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            println!("skipped: tmux is not installed, so the interactive replay cannot be driven");
            return None;
        }
        let id = format!("hirp-{name}-{}", std::process::id());
        let tmux = Tmux {
            status: std::env::temp_dir().join(format!("{id}.status")),
            socket: id,
        };
        let _ = std::fs::remove_file(&tmux.status);
        let command = format!(
            // The pane stays open after hirp ends, for what it printed.
            "cd '{}' && {line}; echo $? > '{}'; sleep 60",
            common::root().display(),
            tmux.status.display(),
        );
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "replay",
            "-x",
            &columns.to_string(),
            "-y",
            &rows.to_string(),
            &command,
        ]);
        assert!(started.status.success(), "tmux starts: {started:?}");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> String {
        String::from_utf8(self.run(&["capture-pane", "-p", "-t", "replay"]).stdout).unwrap()
    }

    /// Waits until the screen shows `text` and has stopped changing, and
    /// returns it.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        let mut before = String::new();
        loop {
            let screen = self.screen();
            if screen.contains(text) && screen == before {
                return screen;
            }
            before = screen;
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the screen never showed {text:?}:\n{before}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "replay"];
        args.extend(keys);
        self.run(&args);
    }

    /// Waits for hirp to end, and returns its exit status.
    fn exit_status(&self) -> i32 {
        let start = Instant::now();
        loop {
            if let Ok(text) = std::fs::read_to_string(&self.status)
                && text.ends_with('\n')
            {
                return text.trim().parse().expect("a number");
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "hirp does not end:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
        let _ = std::fs::remove_file(&self.status);
    }
}

#[test]
fn keys_step_through_the_game() {
    let Some(tmux) = Tmux::start("keys", (120, 60), "fixtures/rulebook/corrected.hirp") else {
        return;
    };
    let first = tmux.wait_for("G1, step 1 of 5: Ke");
    assert!(first.contains("→/n next step"));
    tmux.keys(&["Right"]);
    tmux.wait_for("G1, steps 2–3 of 5: Hei");
    tmux.keys(&["n"]);
    tmux.wait_for("G1, steps 4–5 of 5: Hei");
    tmux.keys(&["Left"]);
    tmux.wait_for("G1, steps 2–3 of 5: Hei");
    // ↓ in the middle of a turn goes to its end, then to the next's.
    tmux.keys(&["Down"]);
    tmux.wait_for("After G1");
    tmux.keys(&["Down"]);
    tmux.wait_for("After S1");
    tmux.keys(&["Down"]);
    tmux.wait_for("After G2");
    tmux.keys(&["Up"]);
    tmux.wait_for("After S1");
    tmux.keys(&["g", "S", "4", "Enter"]);
    // The battle table comes after the board: once it shows, so does the rest.
    let s4 = tmux.wait_for("Silfr K2 from 5");
    assert!(
        s4.contains("After S4"),
        "the position after S4 is shown:\n{s4}"
    );
    tmux.keys(&["g", "x", "9", "Enter"]);
    tmux.wait_for("no turn x9 in this game: this line runs G1 to S5");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0, "q quits");
}

#[test]
fn a_terminal_of_80_by_24_shows_the_compact_board_over_a_pane() {
    let Some(tmux) = Tmux::start("small", (80, 24), "fixtures/rulebook/en.hirp") else {
        return;
    };
    tmux.wait_for("G1, step 1 of 5: Ke");
    tmux.keys(&["g", "S", "4", "Enter"]);
    let screen = tmux.wait_for("After S4");
    assert!(
        screen.contains("┌m Miðr───┐"),
        "the compact board:\n{screen}"
    );
    // The board is all on the screen, and under it the pane: the battles,
    // the problems of the turn, the legend, a few lines at a time.
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines.len(), 24);
    assert!(lines.iter().all(|l| l.chars().count() <= 80));
    assert!(lines[0].starts_with("After S4"));
    assert!(lines[22].starts_with("lines 1–3 of "), "{screen}");
    insta::assert_snapshot!("interactive_80x24", screen);
    tmux.keys(&["NPage"]);
    // Scrolled, the pane takes the board's rows too, under the heading:
    // 21 of its 22 lines in sight, not 3.
    let scrolled = tmux.wait_for("lines 2–22 of 22: PgUp to go back");
    assert!(!scrolled.contains("Miðr───"), "{scrolled}");
    assert!(scrolled.starts_with("After S4"), "{scrolled}");
    for _ in 0..20 {
        tmux.keys(&["NPage"]);
    }
    let end = tmux.wait_for("PgUp to go back");
    assert!(
        end.contains("Hirþs aboard"),
        "the pane ends with the legend:\n{end}"
    );
    insta::assert_snapshot!("interactive_80x24_pane_end", end);
    // Back at its top, the pane gives the board back its rows.
    for _ in 0..20 {
        tmux.keys(&["PPage"]);
    }
    let top = tmux.wait_for("lines 1–3 of ");
    assert!(top.contains("┌m Miðr───┐"), "{top}");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_terminal_of_160_by_50_shows_the_full_board_and_the_whole_pane() {
    let Some(tmux) = Tmux::start("large", (160, 50), "fixtures/rulebook/en.hirp") else {
        return;
    };
    tmux.wait_for("G1, step 1 of 5: Ke");
    tmux.keys(&["g", "S", "4", "Enter"]);
    let screen = tmux.wait_for("help: write `Khh7>3`");
    assert!(screen.contains("│m Miðr    │"), "the full board:\n{screen}");
    assert!(!screen.contains("PgDn"), "everything fits:\n{screen}");
    insta::assert_snapshot!("interactive_160x50", screen);
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_terminal_too_small_says_what_it_needs() {
    let Some(tmux) = Tmux::start("tiny", (60, 20), "fixtures/rulebook/corrected.hirp") else {
        return;
    };
    let screen = tmux.wait_for("press q to quit");
    assert!(
        screen.starts_with("This terminal is 60×20: hirp replay -i needs at least 77×23."),
        "{screen}"
    );
    // Made larger, it shows the board.
    tmux.run(&["resize-window", "-t", "replay", "-x", "80", "-y", "24"]);
    tmux.wait_for("G1, step 1 of 5: Ke");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn ctrl_c_ends_with_status_130() {
    let Some(tmux) = Tmux::start("interrupt", (120, 60), "") else {
        return;
    };
    tmux.wait_for("G1, step 1 of 5: Ke");
    tmux.keys(&["C-c"]);
    assert_eq!(tmux.exit_status(), 130);
    // Also while a turn's label is being typed.
    let Some(tmux) = Tmux::start("interrupt-go", (120, 60), "") else {
        return;
    };
    tmux.wait_for("G1, step 1 of 5: Ke");
    tmux.keys(&["g", "S"]);
    tmux.wait_for("go to turn: S");
    tmux.keys(&["C-c"]);
    assert_eq!(tmux.exit_status(), 130);
}

#[test]
fn turn_starts_at_the_asked_turn_in_either_case() {
    let Some(tmux) = Tmux::start("turn", (120, 60), "--turn s3") else {
        return;
    };
    let screen = tmux.wait_for("After S3");
    assert!(screen.starts_with("After S3"), "{screen}");
    tmux.keys(&["Right"]);
    tmux.wait_for("G4, steps 1–3 of 5: L1>6");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_game_of_several_is_named_over_the_pane() {
    let args = "fixtures/valid/17-match-to-five.hirp --game 2";
    let Some(tmux) = Tmux::start("title", (160, 50), args) else {
        return;
    };
    let screen = tmux.wait_for("game 2 of 3: Bjorn (Gull) against Ragna (Silfr)");
    let title = screen.find("17-match-to-five.hirp, game 2").unwrap();
    assert!(screen.find("Gull to move").unwrap() < title, "{screen}");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

/// A tafl game whose recorded result is wrong: an error under its last move.
const TAFL_WRONG_RESULT: &str = "fixtures/tafl/invalid/brandub/err_end_result.otg";

#[test]
fn keys_step_through_a_tafl_game_a_move_at_a_time() {
    let args = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let Some(tmux) = Tmux::start("tafl-keys", (120, 60), args) else {
        return;
    };
    let first = tmux.wait_for("After 1a: b4-b7");
    assert!(first.contains("→/n next move"), "{first}");
    assert!(first.contains("( ) moved from b4  [ ] to b7"), "{first}");
    tmux.keys(&["Right"]);
    tmux.wait_for("After 1b: c4-c3");
    tmux.keys(&["End"]);
    let last = tmux.wait_for("After 3b: a4-a7-- — the defenders win: the king escaped");
    assert!(
        last.contains(" 7 │[♔] ●"),
        "the king's move marked:\n{last}"
    );
    tmux.keys(&["p"]);
    tmux.wait_for("After 3a: d2-f2");
    tmux.keys(&["Home"]);
    tmux.wait_for("After 1a: b4-b7");
    // A tafl turn is one move: ↓ and ↑ go a move.
    tmux.keys(&["Down"]);
    tmux.wait_for("After 1b: c4-c3");
    tmux.keys(&["Up"]);
    tmux.wait_for("After 1a: b4-b7");
    tmux.keys(&["g", "2", "B"]);
    tmux.wait_for("go to move: 2B");
    tmux.keys(&["Enter"]);
    tmux.wait_for("After 2b: d4-a4");
    tmux.keys(&["g", "9", "a", "Enter"]);
    tmux.wait_for("no move 9a in this game");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0, "q quits");
}

#[test]
fn a_tafl_move_s_problems_scroll_in_the_pane_under_its_board() {
    let Some(tmux) = Tmux::start("tafl-small", (80, 24), TAFL_WRONG_RESULT) else {
        return;
    };
    tmux.wait_for("After 1a: b4-b7");
    tmux.keys(&["End"]);
    let screen = tmux.wait_for("After 3b: a4-a7-- — 1 error");
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines.len(), 24);
    assert!(lines.iter().all(|l| l.chars().count() <= 80));
    assert!(lines[22].starts_with("lines 1–"), "{screen}");
    assert!(screen.contains("hirp::tafl::end::result"), "{screen}");
    insta::assert_snapshot!("interactive_tafl_80x24", screen);
    for _ in 0..5 {
        tmux.keys(&["NPage"]);
    }
    let end = tmux.wait_for("PgUp to go back");
    assert!(end.contains("help: write `-1`"), "{end}");
    assert!(
        end.contains("( ) moved from a4  [ ] to a7"),
        "the legend:\n{end}"
    );
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_terminal_too_small_for_a_tafl_board_says_what_it_needs() {
    let Some(tmux) = Tmux::start("tafl-tiny", (27, 12), TAFL_WRONG_RESULT) else {
        return;
    };
    let screen = tmux.wait_for("press q to quit");
    // Broken into lines of the terminal's width.
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.starts_with("This terminal is 27×12: hirp replay -i needs at least 28×16."),
        "{screen}"
    );
    tmux.run(&["resize-window", "-t", "replay", "-x", "80", "-y", "24"]);
    tmux.wait_for("After 1a: b4-b7");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_tafl_replay_starts_at_turn_and_ends_with_130_on_ctrl_c() {
    let args = format!("{TAFL_WRONG_RESULT} --turn 3A");
    let Some(tmux) = Tmux::start("tafl-turn", (120, 60), &args) else {
        return;
    };
    let screen = tmux.wait_for("After 3a: d2-f2");
    assert!(screen.starts_with("After 3a: d2-f2"), "{screen}");
    tmux.keys(&["n"]);
    tmux.wait_for("After 3b: a4-a7--");
    tmux.keys(&["C-c"]);
    assert_eq!(tmux.exit_status(), 130);
}

/// A game in the shape OpenTafl saves an annotated replay.
const TAFL_ANNOTATED: &str = "fixtures/tafl/opentafl/brandub-club-annotated.otg";

#[test]
fn a_tafl_game_s_heading_start_comment_and_commentary_are_in_the_pane() {
    let Some(tmux) = Tmux::start("tafl-notes", (80, 40), TAFL_ANNOTATED) else {
        return;
    };
    // With the first move: the whole heading, the start-comment, then the
    // move's commentary, over the legend.
    let first = tmux.wait_for("1a: The attackers open on the edge");
    let lines: Vec<&str> = first.lines().collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 80));
    for text in [
        "Ask (attackers) against Embla",
        "Event: Club evening",
        "Rules: Brandub Club",
        "The defenders play for a corner from the first move.",
    ] {
        assert!(first.contains(text), "{text}:\n{first}");
    }
    let start = common::replay::at(&first, "The defenders play for a corner");
    let comment = common::replay::at(&first, "1a: The attackers open");
    assert!(start < comment && comment < common::replay::at(&first, "● attacker"));
    insta::assert_snapshot!("interactive_tafl_annotated_80x40", first);
    // Later, the players name the game over the move's commentary.
    tmux.keys(&["g", "8", "b", "Enter"]);
    let king = tmux.wait_for("From d7 he looks at both top corners.");
    assert!(king.contains("8b: The king leaves the centre"), "{king}");
    assert!(king.contains("Ask (attackers) against Embla"), "{king}");
    assert!(!king.contains("Event: Club evening"), "{king}");
    tmux.keys(&["Right"]);
    let quiet = tmux.wait_for("After 9a: d1-d3");
    assert!(quiet.contains("9a: A quiet move."), "{quiet}");
    assert!(!quiet.contains("8b: "), "{quiet}");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

/// A game with a heading, commentary and variations, in the same shape.
const TAFL_ANNOTATED_VARIATIONS: &str = "fixtures/tafl/opentafl/brandub-annotated-variations.otg";

#[test]
fn a_tafl_variation_s_commentary_is_in_the_pane() {
    let Some(tmux) = Tmux::start(
        "tafl-notes-variations",
        (100, 50),
        TAFL_ANNOTATED_VARIATIONS,
    ) else {
        return;
    };
    let first = tmux.wait_for("1a: The attackers open towards the corner.");
    for text in [
        "Event: Club evening",
        "The attackers try three openings.",
        "Variations of 1a (v):",
    ] {
        assert!(first.contains(text), "{text}:\n{first}");
    }
    // A variation that replaces the first move starts the game too: the
    // whole heading and the start-comment, then its move's commentary.
    tmux.keys(&["v"]);
    let replaced = tmux.wait_for("1a.1.1a: The other wing first.");
    assert!(replaced.contains("After 1a.1.1a: f4-f7"), "{replaced}");
    assert!(
        replaced.contains("The attackers try three openings."),
        "{replaced}"
    );
    let comment = common::replay::at(&replaced, "1a.1.1a: The other wing first.");
    assert!(comment < common::replay::at(&replaced, "In variation 1a.1"));
    tmux.keys(&["Right"]);
    let second = tmux.wait_for("1a.1.1b: A capture against the corner.");
    assert!(second.contains("Ask (attackers) against Embla"), "{second}");
    assert!(!second.contains("Event: Club evening"), "{second}");
    assert!(!second.contains("The other wing first."), "{second}");
    // Into the variation off the variation, and back.
    tmux.keys(&["v"]);
    tmux.wait_for("1a.1.1a.1.1b: A quieter answer.");
    tmux.keys(&["b"]);
    tmux.wait_for("1a.1.1b: A capture against the corner.");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn v_steps_into_a_tafl_move_s_variations_and_b_back() {
    let args = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
    let Some(tmux) = Tmux::start("tafl-variations", (120, 60), args) else {
        return;
    };
    let first = tmux.wait_for("After 1a: b4-b7");
    assert!(first.contains("v variation  b back"), "{first}");
    assert!(first.contains("Variations of 1a (v):"), "{first}");
    assert!(first.contains("1a.1.1a: f4-f7"), "{first}");
    // v: the first move of each variation of 1a, then 1a again.
    tmux.keys(&["v"]);
    let screen = tmux.wait_for("After 1a.1.1a: f4-f7");
    assert!(
        screen.contains("In variation 1a.1, instead of 1a: b goes back"),
        "{screen}"
    );
    assert!(
        screen.contains("> 1a.1.1a: f4-f7"),
        "the variation shown marked:\n{screen}"
    );
    tmux.keys(&["v"]);
    tmux.wait_for("After 1a.2.1a: d2-c2");
    tmux.keys(&["v"]);
    tmux.wait_for("After 1a: b4-b7");
    // → and ← go along the line of play shown.
    tmux.keys(&["v", "Right"]);
    tmux.wait_for("After 1a.1.1b: e4-e7xf7");
    tmux.keys(&["v"]);
    tmux.wait_for("After 1a.1.1a.1.1b: e4-e6");
    tmux.keys(&["End"]);
    tmux.wait_for("After 1a.1.1a.1.2b: Kd4-e4");
    tmux.keys(&["Home"]);
    tmux.wait_for("After 1a.1.1a: f4-f7");
    // b: back to the move the variation replaces, in the line it leaves.
    tmux.keys(&["End", "b"]);
    tmux.wait_for("After 1a.1.1b: e4-e7xf7");
    tmux.keys(&["b"]);
    tmux.wait_for("After 1a: b4-b7");
    tmux.keys(&["b"]);
    tmux.wait_for("not in a variation");
    tmux.keys(&["End"]);
    tmux.wait_for("After 3b: Ka4-a7--");
    tmux.keys(&["g", "3", "b", ".", "1", ".", "2", "b", "Enter"]);
    tmux.wait_for("After 3b.1.2b: Ka6-a7-- — the defenders win: the king escaped");
    tmux.keys(&["p"]);
    tmux.wait_for("After 3b.1.2a: g4-g6");
    tmux.keys(&["v"]);
    tmux.wait_for("no variation of this move");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

#[test]
fn a_tafl_replay_starts_at_a_variation_s_move() {
    let args = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg --turn 1a.2.1b";
    let Some(tmux) = Tmux::start("tafl-variation-turn", (80, 24), args) else {
        return;
    };
    let screen = tmux.wait_for("After 1a.2.1b: d3-d2");
    // The keys, in 80 columns.
    let keys = "→/n next  ←/p previous  v variation  b back  Home/End first/last  g go  q quit";
    assert_eq!(screen.lines().last(), Some(keys), "{screen}");
    tmux.keys(&["p"]);
    tmux.wait_for("After 1a.2.1a: d2-c2");
    tmux.keys(&["p"]);
    tmux.wait_for("After 1a.2.1a: d2-c2");
    tmux.keys(&["q"]);
    assert_eq!(tmux.exit_status(), 0);
}

/// A page written to a terminal would be a screenful of markup: it is
/// refused, with the option that writes it to a file.
#[test]
fn a_page_is_not_written_to_a_terminal() {
    let args = "html fixtures/rulebook/corrected.hirp";
    let Some(tmux) = Tmux::start_command("html", (120, 20), args) else {
        return;
    };
    let screen = tmux.wait_for("-o corrected.html");
    assert!(!screen.contains("<!DOCTYPE"), "{screen}");
    assert!(
        screen.contains("error: the page is HTML for a browser, not for the terminal"),
        "{screen}"
    );
    assert_eq!(tmux.exit_status(), 2);
}

/// On a terminal, `hirp stats` and `hirp select` draw a bar of the bytes
/// read on standard error while they work (at once, with
/// `HIRP_PROGRESS_DELAY_MS=0`), and clear it before they print; `select`
/// draws none while it writes games to the terminal.
#[test]
fn long_runs_show_a_progress_bar_and_clear_it() {
    let dir = std::env::temp_dir().join(format!("hirp-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let archive = common::root().join("fixtures/tafl/hnefatafl-org/archived-games.ron");
    let big = dir.join("big.ron");
    std::fs::write(&big, std::fs::read(&archive).unwrap().repeat(200)).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("hirp");
    let runs = [
        (
            "stats",
            format!(
                "stats '{}' > '{}'",
                big.display(),
                dir.join("report").display()
            ),
            true,
            0,
        ),
        // A filter that reads every game (a player's name would pass
        // over the games that lack it, too fast for a bar).
        (
            "count",
            format!("select --count --rated '{}'", big.display()),
            true,
            0,
        ),
        // The copies are named once the bar is cleared.
        (
            "dedupe",
            format!(
                "dedupe '{}' -o '{}'",
                big.display(),
                dir.join("kept.ron").display()
            ),
            true,
            1,
        ),
        (
            "split",
            format!(
                "split '{}' --by player --dir '{}' > '{}'",
                big.display(),
                dir.join("split").display(),
                dir.join("list").display()
            ),
            true,
            0,
        ),
        // Games would be written to the terminal: no bar.
        (
            "games",
            format!("select --player nobody '{}'", big.display()),
            false,
            1,
        ),
    ];
    for (name, args, drawn, status) in runs {
        let line = format!("HIRP_PROGRESS_DELAY_MS=0 '{}' {args}", binary.display());
        let Some(tmux) = Tmux::start_line(&format!("progress-{name}"), (100, 10), &line) else {
            return;
        };
        let start = Instant::now();
        let mut seen = false;
        while !std::fs::read_to_string(&tmux.status).is_ok_and(|s| s.ends_with('\n')) {
            seen |= tmux.screen().contains("MiB/");
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{name} does not end"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(seen, drawn, "{name}: a bar was drawn: {seen}");
        assert_eq!(tmux.exit_status(), status, "{name}");
        let screen = tmux.screen();
        assert!(
            !screen.contains("MiB/"),
            "{name}: the bar is cleared:\n{screen}"
        );
        if name == "count" {
            let count = screen.lines().find_map(|l| l.trim().parse::<usize>().ok());
            assert!(count.is_some_and(|n| n > 0), "{screen}");
        }
    }
    let report = std::fs::read_to_string(dir.join("report")).unwrap();
    assert!(report.starts_with("7200 games"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
