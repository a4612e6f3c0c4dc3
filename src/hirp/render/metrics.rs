//! How wide the pictures' text is drawn, so that it can be made to fit its
//! box.
//!
//! The pictures ask for DejaVu Sans, then Verdana, then any sans-serif
//! font. A character is counted as wide as DejaVu Sans Bold draws it (its
//! advance width in the font's `hmtx` table, in 2048ths of an em), whether
//! the text is bold or not: bold glyphs are as wide as regular ones or up
//! to a quarter wider, which leaves room for Verdana, whose regular glyphs
//! are within a few per cent of DejaVu Sans's, and for the narrower
//! fallbacks. A character not in the table counts as an em, as wide as the
//! widest there.

/// DejaVu Sans Bold's advance widths of the characters from ` ` to `~`.
const ASCII: [u16; 95] = [
    713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, // ` ` to `+`
    778, 850, 778, 748, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, // `,` to `7`
    1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, // `8` to `C`
    1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, // `D` to `O`
    1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, // `P` to `[`
    748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, // `\` to `g`
    1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219, // `h` to `s`
    979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716, // `t` to `~`
];

/// The units of an em in the table.
const EM: f64 = 2048.0;

/// The advance width of `c`, in 2048ths of an em.
fn advance(c: char) -> u16 {
    match c {
        ' '..='~' => ASCII[c as usize - ' ' as usize],
        'Á' | 'Ý' => 1585,
        'É' => 1399,
        'Í' => 762,
        'í' => 702,
        'Ó' | 'Ö' => 1741,
        'Ú' => 1663,
        'Þ' => 1511,
        'Ð' => 1716,
        'Æ' => 2222,
        'á' => 1382,
        'é' => 1389,
        'ó' | 'ö' | 'ð' => 1407,
        'ú' => 1458,
        'ý' => 1335,
        'þ' => 1466,
        'æ' => 2146,
        '×' => 1716,
        '–' => 1024,
        _ => 2048,
    }
}

/// The width of `text` drawn `size` units high.
pub(super) fn width(text: &str, size: f64) -> f64 {
    text.chars().map(|c| f64::from(advance(c))).sum::<f64>() * size / EM
}

/// `text` cut at spaces into as few lines as fit `room` at `size`, made as
/// even as they can be, so that no line is left with a word or two while
/// another is full. A word wider than `room` has a line of its own.
pub(super) fn wrap(text: &str, size: f64, room: f64) -> Vec<String> {
    let lines = greedy(text, size, room);
    if lines.len() < 2 {
        return lines;
    }
    // The narrowest room that needs no more lines gives the most even ones.
    let (mut low, mut high) = (0.0, room);
    for _ in 0..32 {
        let middle = (low + high) / 2.0;
        if greedy(text, size, middle).len() <= lines.len() {
            high = middle;
        } else {
            low = middle;
        }
    }
    greedy(text, size, high)
}

/// `text` cut at spaces, each line filled as far as `room` allows.
fn greedy(text: &str, size: f64, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if width(&format!("{line} {word}"), size) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_add_up_per_character() {
        // `W` is DejaVu Sans Bold's widest letter, `i` one of its narrowest.
        assert_eq!(width("W", 2048.0), 2259.0);
        assert_eq!(width("ii", 2048.0), 1404.0);
        assert_eq!(width("Þ", 1.0), 1511.0 / EM);
        assert_eq!(width("\u{4e00}", 10.0), 10.0);
    }

    #[test]
    fn lines_are_as_even_as_they_can_be() {
        assert_eq!(wrap("ab cd ef", 10.0, 1000.0), ["ab cd ef"]);
        assert_eq!(wrap("", 10.0, 100.0), Vec::<String>::new());
        // Greedy filling would leave `points` alone on the second line.
        let text = "aaaa bbbb cccc dddd eeee points";
        let room = width("aaaa bbbb cccc dddd eeee", 16.0);
        assert_eq!(
            greedy(text, 16.0, room),
            ["aaaa bbbb cccc dddd eeee", "points"]
        );
        assert_eq!(
            wrap(text, 16.0, room),
            ["aaaa bbbb cccc", "dddd eeee points"]
        );
    }
}
