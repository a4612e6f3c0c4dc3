//! One long game, for the benchmarks and the linear-time test.

/// One game of `turns` turns in which each side's Hirþs board and leave a
/// Karve at home: legal and never ending. With `broken` N, every Nth turn
/// has a Hirþ leave a Karve that is not there.
pub fn long_game(turns: usize, broken: Option<usize>) -> String {
    let mut text = String::with_capacity(turns * 24);
    for n in 0..turns {
        let (side, home) = if n % 2 == 0 { ('G', 0) } else { ('S', 9) };
        let round = n / 2 + 1;
        let steps = match n / 2 % 2 {
            _ if n < 2 => format!("KeHeHiHv{home}Hi"),
            0 => format!("HiHv{home}HiHv{home}Hi"),
            _ => format!("Hv{home}HiHv{home}HiHv{home}"),
        };
        let steps = if broken.is_some_and(|every| n % every == every - 1) {
            steps.replacen(&format!("Hv{home}"), "Hv5", 1)
        } else {
            steps
        };
        text.push_str(&format!("{side}{round} {steps} /\n"));
    }
    text
}
