//! Checking any bytes, whole and cut into games within small limits: no
//! panic, and every problem and fix points into the text.

#![no_main]

use hirp::replay::replay_record;
use hirp::stream::{Games, Limits, parse_chunk};
use libfuzzer_sys::fuzz_target;

fn check(text: &str, parsed: &hirp::Parsed, base: usize) {
    let report = replay_record(&parsed.record, &parsed.errors);
    let problems = report
        .problems
        .iter()
        .chain(report.games.iter().flat_map(|g| &g.problems));
    for problem in problems {
        let span = problem.span;
        assert!(
            text.get(span.start - base..span.end - base).is_some(),
            "{problem:?}"
        );
        if let Some(fix) = &problem.fix {
            assert!(text.get(fix.span.start - base..fix.span.end - base).is_some());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (text, parsed) = hirp::parse_bytes(data);
    check(&text, &parsed, 0);
    let limits = Limits {
        line: 64,
        game: 256,
    };
    for chunk in Games::with_limits(data, limits) {
        let chunk = chunk.expect("reading from memory");
        let (text, parsed) = parse_chunk(&chunk);
        check(&text, &parsed, chunk.offset);
    }
});
