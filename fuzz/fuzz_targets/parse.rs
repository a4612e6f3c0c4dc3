//! Reading any bytes: no panic, every span on the decoded text's character
//! boundaries, and a record read without error reads back the same from its
//! canonical form.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, parsed) = hirp::parse_bytes(data);
    assert_eq!(text.len(), data.len(), "decoding keeps offsets");
    for error in &parsed.errors {
        assert!(
            text.get(error.span.start..error.span.end).is_some(),
            "{error:?}"
        );
    }
    for game in &parsed.record.games {
        assert!(text.get(game.span.start..game.span.end).is_some());
    }
    if parsed.errors.is_empty() {
        let canonical = parsed.record.to_string();
        let again = hirp::parse(&canonical);
        assert!(again.errors.is_empty(), "{canonical:?}: {:?}", again.errors);
        assert_eq!(again.record.to_string(), canonical);
    }
});
