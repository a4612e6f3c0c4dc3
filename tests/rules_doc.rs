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

/// Every `docs/rules.md#anchor` written in `text`.
fn links(text: &str) -> Vec<String> {
    text.match_indices("docs/rules.md#")
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

#[test]
fn every_link_into_the_rules_names_a_heading() {
    let anchors = anchors();
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    for name in ["README.md", "docs/rules.md"] {
        files.push((name.to_owned(), std::fs::read_to_string(name).unwrap()));
    }
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
    for kind in hirp::replay::ProblemKind::ALL {
        let code = format!("`hirp::{}`", kind.code());
        assert!(rules.contains(&code), "docs/rules.md does not list {code}");
    }
}

#[test]
fn the_code_and_readme_cite_no_file_outside_the_repository() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.push((
        "README.md".to_owned(),
        std::fs::read_to_string("README.md").unwrap(),
    ));
    for (name, text) in files {
        assert!(!text.contains("shared/"), "{name} cites shared/");
    }
}
