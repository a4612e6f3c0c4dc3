//! Importing any JSON: no panic, and what is imported exports and imports
//! back to the same records.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(records) = hirp::json::read_records(text) else {
        return;
    };
    let document =
        hirp::json::document(records.iter().map(|(path, record)| (path.as_str(), record)));
    let json = serde_json::to_string(&document).expect("a document serializes");
    let again = hirp::json::read_records(&json).expect("an exported document imports");
    let shown = |records: &[(String, hirp::syntax::ast::Record)]| {
        records
            .iter()
            .map(|(path, record)| format!("{path}\n{record}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&again), shown(&records));
});
