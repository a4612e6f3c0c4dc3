//! The documented examples of the syntax errors, as the tests read them.

/// The bytes a documented example stands for: `\xFF` is that byte (two hex
/// digits), `\n` a line end, and `(text)×N` the text N times.
pub fn expand(example: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut rest = example;
    while !rest.is_empty() {
        if let Some(byte) = rest
            .strip_prefix("\\x")
            .and_then(|after| after.get(..2))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            bytes.push(byte);
            rest = &rest[4..];
        } else if let Some(after) = rest.strip_prefix("\\n") {
            bytes.push(b'\n');
            rest = after;
        } else if let Some((inner, after)) = rest.strip_prefix('(').and_then(|r| r.split_once(")×"))
        {
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let times: usize = after[..digits].parse().expect("a count after ×");
            bytes.extend(expand(inner).repeat(times));
            rest = &after[digits..];
        } else {
            let c = rest.chars().next().unwrap();
            bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    bytes
}
