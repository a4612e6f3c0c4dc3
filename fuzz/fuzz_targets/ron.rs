//! The `ron` check of `checks.rs` on every input the fuzzer makes.

#![no_main]

// Each target uses one of the checks.
#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::ron(data));
