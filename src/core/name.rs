//! The error of text that names no value of a closed vocabulary, of any
//! family's notation.

/// The error returned when text does not name a value of a closed
/// vocabulary (a side, a space, a square, a piece).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a {what}")]
pub struct UnknownName {
    /// What was being read ("side", "space", "square", "piece").
    pub what: &'static str,
    /// The text that was given.
    pub text: String,
}

/// The candidate `text` is most likely a slip for: the nearest by edit
/// distance (a character added, left out, changed, or two swapped), when it
/// is near enough to be a slip (a third of the longer of the two, at least
/// one); the first listed of the nearest. For "did you mean" in messages.
///
/// ```
/// use hirp::core::closest;
///
/// let keys = ["dim", "esc", "spd", "start"];
/// assert_eq!(closest("strat", keys), Some("start"));
/// assert_eq!(closest("sped", keys), Some("spd"));
/// assert_eq!(closest("flavour", keys), None);
/// ```
pub fn closest<'c>(text: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    candidates
        .into_iter()
        .map(|candidate| (distance(text, candidate), candidate))
        .filter(|&(d, candidate)| d <= (text.len().max(candidate.len()) / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, candidate)| candidate)
}

/// What a name that is none of `candidates` may have meant, for "did you
/// mean": the nearest by [`closest`], and each candidate that is the name
/// followed by a dash and more (`brandubh` for `brandubh-online`, the
/// archive's preset); the text `; did you mean `a` or `b`?`, or nothing.
///
/// ```
/// use hirp::core::did_you_mean;
///
/// let presets = ["brandub", "brandubh-online", "copenhagen"];
/// assert_eq!(
///     did_you_mean("brandubh", presets),
///     "; did you mean `brandub` or `brandubh-online`?"
/// );
/// assert_eq!(did_you_mean("copenhagn", presets), "; did you mean `copenhagen`?");
/// assert_eq!(did_you_mean("tablut", presets), "");
/// ```
pub fn did_you_mean<'c>(
    text: &str,
    candidates: impl IntoIterator<Item = &'c str> + Clone,
) -> String {
    let lower = text.to_ascii_lowercase();
    let mut guesses: Vec<&str> = closest(&lower, candidates.clone()).into_iter().collect();
    for candidate in candidates {
        let longer = candidate
            .strip_prefix(lower.as_str())
            .is_some_and(|rest| rest.starts_with('-'));
        if longer && !guesses.contains(&candidate) {
            guesses.push(candidate);
        }
    }
    match guesses.as_slice() {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(|g| format!("`{g}`")).collect();
            format!("; did you mean {} or `{last}`?", first.join(", "))
        }
    }
}

/// The edit distance between `a` and `b`, counting a swap of two
/// neighbouring characters as one edit (optimal string alignment).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two back, one back, this one.
    let mut rows = [
        vec![0; b.len() + 1],
        (0..=b.len()).collect(),
        vec![0; b.len() + 1],
    ];
    for i in 1..=a.len() {
        rows[2][0] = i;
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[1][j] + 1)
                .min(rows[2][j - 1] + 1)
                .min(rows[1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[0][j - 2] + 1);
            }
            rows[2][j] = best;
        }
        rows.rotate_left(1);
    }
    rows[1][b.len()]
}

#[cfg(test)]
mod tests {
    use super::{closest, distance};

    #[test]
    fn edits_are_counted_one_each() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("spd", "spd"), 0);
        assert_eq!(distance("spd", "sped"), 1);
        assert_eq!(distance("start", "strat"), 1);
        assert_eq!(distance("kj", "jk"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn only_a_near_candidate_is_offered() {
        let presets = ["brandub", "copenhagen", "fetlar", "tablut"];
        assert_eq!(closest("copenhage", presets), Some("copenhagen"));
        assert_eq!(closest("tablout", presets), Some("tablut"));
        assert_eq!(closest("x", presets), None);
        assert_eq!(closest("sea-battle", presets), None);
    }
}
