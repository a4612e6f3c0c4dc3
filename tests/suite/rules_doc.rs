//! `docs/rules.md`, the project's rules reference, against the code: every
//! link into it names a heading it has, and every code the replay reports
//! is listed in it.

use std::path::Path;

/// The anchor GitHub gives a heading: lower case, punctuation dropped,
/// spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn rules() -> String {
    std::fs::read_to_string("docs/rules.md").expect("docs/rules.md")
}

fn anchors() -> Vec<String> {
    rules()
        .lines()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|heading| anchor(heading.trim_start_matches('#')))
        .collect()
}

/// Every `docs/rules.md#anchor` written in `text`, and every link
/// `](rules.md#anchor)` of a page beside it under `docs/`.
fn links(text: &str) -> Vec<String> {
    let from_docs = text.match_indices("](rules.md#");
    text.match_indices("docs/rules.md#")
        .chain(from_docs)
        .map(|(n, found)| {
            text[n + found.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect()
        })
        .collect()
}

fn sources(dir: &Path, found: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path.display().to_string(), text));
        }
    }
}

/// The README and the pages under `docs/`, each with its path.
fn pages() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_owned()];
    for entry in std::fs::read_dir("docs").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            names.push(path.display().to_string());
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(&name).unwrap();
            (name, text)
        })
        .collect()
}

#[test]
fn every_link_into_the_rules_names_a_heading() {
    let anchors = anchors();
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.extend(pages());
    let mut checked = 0;
    for (name, text) in &files {
        for link in links(text) {
            assert!(
                anchors.contains(&link),
                "{name} links to docs/rules.md#{link}, which has no such heading"
            );
            checked += 1;
        }
    }
    // The readings are linked from the code that keeps them.
    assert!(checked >= 20, "only {checked} links into docs/rules.md");
    // And the page's own links between its sections.
    let rules = rules();
    for (n, _) in rules.match_indices("](#") {
        let link: String = rules[n + 3..].chars().take_while(|&c| c != ')').collect();
        assert!(anchors.contains(&link), "docs/rules.md links to #{link}");
    }
}

#[test]
fn every_code_the_replay_reports_is_in_the_rules() {
    let rules = rules();
    for kind in hirp::hirp::replay::ProblemKind::ALL {
        let code = format!("`hirp::{}`", kind.code());
        assert!(rules.contains(&code), "docs/rules.md does not list {code}");
    }
}

#[test]
fn the_code_and_docs_cite_no_file_outside_the_repository() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.extend(pages());
    for (name, text) in files {
        assert!(!text.contains("shared/"), "{name} cites shared/");
    }
}

/// The names after each `*Test:*` or `*Tests:*` of `text`, up to the end of
/// its paragraph or list item.
fn cited_tests(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for marker in ["*Test:*", "*Tests:*"] {
        for (n, _) in text.match_indices(marker) {
            let rest = &text[n + marker.len()..];
            let end = ["\n\n", "\n- ", "\n#"]
                .iter()
                .filter_map(|stop| rest.find(stop))
                .min()
                .unwrap_or(rest.len());
            let cited = rest[..end].split('`').skip(1).step_by(2);
            names.extend(
                cited
                    .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                    .map(str::to_owned),
            );
        }
    }
    names
}

#[test]
fn every_tafl_rule_and_reading_names_a_test_that_exists() {
    let rules = rules();
    let tafl = &rules[rules
        .find("## Tafl: about these rules")
        .expect("the tafl part")..];
    let tests = std::fs::read_to_string("tests/suite/tafl_rules.rs").unwrap();
    let cited = cited_tests(tafl);
    for name in &cited {
        assert!(
            tests.contains(&format!("fn {name}(")),
            "docs/rules.md cites the test `{name}`, which tests/suite/tafl_rules.rs lacks"
        );
    }
    assert!(cited.len() >= 40, "only {} tests cited", cited.len());
    // Each reading, and each rule of a preset, says which test holds it.
    for section in tafl.split("\n### Tafl: reading").skip(1) {
        let section = section.split("\n#").next().unwrap_or(section);
        let heading = section.lines().next().unwrap_or_default();
        assert!(
            !cited_tests(section).is_empty(),
            "the reading{heading} names no test"
        );
    }
    for game in [
        "## Tafl: Brandub",
        "## Tafl: Hnefatafl",
        "## Tafl: Berserk",
        "### Tafl: brandubh-online",
        "### Tafl: copenhagen",
    ] {
        let part = &tafl[tafl.find(game).expect(game)..];
        let part = &part[..part[3..].find("\n#").map_or(part.len(), |n| n + 3)];
        for item in part.split("\n- ").skip(1) {
            let names_a_test = !cited_tests(item).is_empty() || item.contains("](#tafl-reading");
            assert!(names_a_test, "{game}: the rule `{item}` names no test");
        }
    }
}

#[test]
fn every_tafl_preset_is_listed_with_its_rules_string() {
    let rules = rules();
    for name in hirp::tafl::rules::RuleSet::PRESETS {
        let preset = hirp::tafl::rules::RuleSet::preset(name).unwrap();
        let row = rules
            .lines()
            .find(|line| line.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("docs/rules.md lists no preset `{name}`"));
        assert!(
            row.contains(&format!("`{preset}`")),
            "docs/rules.md gives `{name}` another rules string than `{preset}`"
        );
    }
}

#[test]
fn every_source_file_the_rules_cite_exists() {
    // The page without its fenced blocks, whose backticks would pair
    // the code spans wrongly.
    let mut fenced = false;
    let rules: String = rules()
        .lines()
        .filter(|line| {
            fenced ^= line.starts_with("```");
            !fenced && !line.starts_with("```")
        })
        .map(|line| format!("{line}\n"))
        .collect();
    let cited: Vec<&str> = rules
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|text| text.starts_with("src/"))
        .collect();
    assert!(cited.len() >= 20, "only {} files cited", cited.len());
    for path in cited {
        assert!(
            Path::new(path).exists(),
            "docs/rules.md cites {path}, which does not exist"
        );
    }
}
