//! Every rule of a grammar (grammar/hirp.ebnf, grammar/tafl.ebnf) has
//! exactly one parser function quoting it, and every function that quotes a
//! rule quotes one of the grammar.

use crate::common;

use std::collections::BTreeMap;

/// The rules of the grammar file `path`: name to definition, comments
/// removed.
fn grammar_rules(path: &str) -> BTreeMap<String, String> {
    let text = common::fixture(path);
    let mut without_comments = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("(*") {
        without_comments.push_str(&rest[..start]);
        let end = rest[start..].find("*)").expect("comments are closed") + start + 2;
        rest = &rest[end..];
    }
    without_comments.push_str(rest);
    let mut rules = BTreeMap::new();
    for line in without_comments
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        let (name, _) = line
            .split_once(" = ")
            .unwrap_or_else(|| panic!("not a rule: {line}"));
        assert!(line.ends_with(" ;"), "a rule ends with ` ;`: {line}");
        let previous = rules.insert(name.to_owned(), line.to_owned());
        assert!(previous.is_none(), "rule `{name}` is defined twice");
    }
    rules
}

/// The files in `dir` and the folders under it.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the parser directory exists") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// The rules quoted by the parser functions of the files in `dir` and the
/// folders under it: rule name to (quoted rule, function name).
fn quoted_rules(dir: &str) -> BTreeMap<String, (String, String)> {
    let mut quoted = BTreeMap::new();
    for path in files_under(&common::root().join(dir)) {
        let source = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<&str> = source.lines().map(str::trim).collect();
        for (n, line) in lines.iter().enumerate() {
            if *line != "/// ```ebnf" {
                continue;
            }
            let rule = lines[n + 1].trim_start_matches("///").trim().to_owned();
            assert_eq!(
                lines[n + 2],
                "/// ```",
                "one rule per block in {}",
                path.display()
            );
            let function = lines[n + 3..]
                .iter()
                .find_map(|l| {
                    let after = l.split_once("fn ")?.1;
                    Some(
                        after[..after.find(['(', '<'])?]
                            .trim_start_matches("r#")
                            .to_owned(),
                    )
                })
                .expect("a function follows the rule");
            let name = rule.split_once(" = ").expect("a quoted rule").0.to_owned();
            let previous = quoted.insert(name.clone(), (rule, function));
            assert!(previous.is_none(), "rule `{name}` is quoted twice");
        }
    }
    quoted
}

/// Checks that the rules of `grammar` and those the parser in `parser`
/// quotes are the same, each implemented by a function named after it.
fn rules_match(grammar: &str, parser: &str, at_least: usize) {
    let rules = grammar_rules(grammar);
    let quoted = quoted_rules(parser);
    let missing: Vec<_> = rules.keys().filter(|r| !quoted.contains_key(*r)).collect();
    assert!(
        missing.is_empty(),
        "rules of {grammar} without a parser function: {missing:?}"
    );
    let extra: Vec<_> = quoted.keys().filter(|r| !rules.contains_key(*r)).collect();
    assert!(
        extra.is_empty(),
        "parser functions quoting no rule of {grammar}: {extra:?}"
    );
    for (name, (rule, function)) in &quoted {
        assert_eq!(
            &rules[name], rule,
            "the doc of `{function}` quotes `{name}` differently"
        );
        assert_eq!(
            function,
            &name.replace(' ', "_"),
            "rule `{name}` is implemented by a function named after it"
        );
    }
    assert!(rules.len() >= at_least, "{grammar} has all its rules");
}

#[test]
fn every_rule_has_one_parser_function_and_back() {
    rules_match("grammar/hirp.ebnf", "src/hirp/syntax/parser", 30);
}

#[test]
fn every_tafl_rule_has_one_parser_function_and_back() {
    rules_match("grammar/tafl.ebnf", "src/tafl/syntax/parser", 45);
}

#[test]
fn every_hirp_position_rule_has_one_parser_function_and_back() {
    rules_match("grammar/hirp-position.ebnf", "src/hirp/position", 12);
}
