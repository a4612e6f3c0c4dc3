//! The statistics as text tables, for a person: `hirp stats` without
//! `--format json`.

use std::fmt::Write as _;

use super::report::{Lengths, Player, Report, Variant};
use crate::core::escape;

/// The report as text: the players' results, their results by side, then
/// the variants' results, lengths and endings, each a table of aligned
/// columns under a title (a table with no row is left out). Ratings are
/// rounded to whole numbers, shares to whole percents; names are shown
/// with their control characters escaped.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let finished: u64 = report.variants.iter().fold(0, |n, v| {
        n.saturating_add(v.games.saturating_sub(v.unfinished))
    });
    let _ = writeln!(
        out,
        "{} {}, {finished} finished; {} {}; {} {}",
        report.games,
        plural(report.games, "game", "games"),
        report.players.len(),
        plural(report.players.len() as u64, "player", "players"),
        report.variants.len(),
        plural(report.variants.len() as u64, "variant", "variants"),
    );
    let settings = &report.ratings;
    let _ = writeln!(
        out,
        "Ratings from the games in order: Elo (k {}) and Glicko-2 (tau {}), from {} and {};",
        settings.elo_k, settings.glicko2_tau, settings.elo_start, settings.glicko2_start.rating,
    );
    let _ = writeln!(
        out,
        "games marked unrated are {}.",
        if settings.count_unrated {
            "counted"
        } else {
            "left out"
        },
    );
    section(&mut out, "Players", players(&report.players));
    section(&mut out, "Players by side", by_side(&report.players));
    section(&mut out, "Variants", variants(&report.variants));
    section(&mut out, "Game lengths", lengths(&report.variants));
    section(&mut out, "Endings", endings(&report.variants));
    out
}

/// `one` or `many`, as `n` asks.
fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// A table: its header, then its rows, each cell aligned to the right but
/// for the columns of text.
struct Table {
    /// The columns' headers.
    header: Vec<&'static str>,
    /// Whether each column is text, aligned to the left.
    text: Vec<bool>,
    /// The rows.
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table of these columns, each `(header, is text)`.
    fn new(columns: &[(&'static str, bool)]) -> Table {
        Table {
            header: columns.iter().map(|c| c.0).collect(),
            text: columns.iter().map(|c| c.1).collect(),
            rows: Vec::new(),
        }
    }

    /// The table's lines, its columns two spaces apart, no line ending in
    /// spaces.
    fn write(&self, out: &mut String) {
        let width = |cell: &str| cell.chars().count();
        let mut widths: Vec<usize> = self.header.iter().map(|h| width(h)).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(width(cell));
            }
        }
        let header: Vec<String> = self.header.iter().map(|h| h.to_string()).collect();
        for row in std::iter::once(&header).chain(&self.rows) {
            let mut line = String::new();
            for (n, cell) in row.iter().enumerate() {
                let pad = widths[n].saturating_sub(width(cell));
                if n > 0 {
                    line.push_str("  ");
                }
                if self.text[n] {
                    line.push_str(cell);
                    line.extend(std::iter::repeat_n(' ', pad));
                } else {
                    line.extend(std::iter::repeat_n(' ', pad));
                    line.push_str(cell);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

/// Writes `table` under `title`, after a blank line, if it has a row.
fn section(out: &mut String, title: &str, table: Table) {
    if table.rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{title}");
    table.write(out);
}

/// A name as shown: escaped, its tabs too.
fn shown(name: &str) -> String {
    escape(name).replace('\t', "\\t")
}

/// The players' table.
fn players(players: &[Player]) -> Table {
    let mut table = Table::new(&[
        ("player", true),
        ("games", false),
        ("wins", false),
        ("losses", false),
        ("draws", false),
        ("unfinished", false),
        ("rated", false),
        ("elo", false),
        ("glicko-2", false),
        ("rd", false),
        ("recorded", false),
        ("rd", false),
    ]);
    for p in players {
        let rating = |r: Option<f64>| r.map_or("-".to_owned(), |r| format!("{r:.0}"));
        table.rows.push(vec![
            shown(&p.name),
            p.games.to_string(),
            p.wins.to_string(),
            p.losses.to_string(),
            p.draws.to_string(),
            p.unfinished.to_string(),
            p.rated_games.to_string(),
            rating(p.elo),
            rating(p.glicko2.map(|g| g.rating)),
            rating(p.glicko2.map(|g| g.rd)),
            rating(p.recorded.map(|r| r.rating)),
            rating(p.recorded.and_then(|r| r.rd)),
        ]);
    }
    table
}

/// The table of the players' results on each side.
fn by_side(players: &[Player]) -> Table {
    let mut table = Table::new(&[
        ("player", true),
        ("side", true),
        ("games", false),
        ("wins", false),
        ("losses", false),
        ("draws", false),
        ("unfinished", false),
    ]);
    for p in players {
        for side in &p.sides {
            table.rows.push(vec![
                shown(&p.name),
                shown(&side.side),
                side.games.to_string(),
                side.wins.to_string(),
                side.losses.to_string(),
                side.draws.to_string(),
                side.unfinished.to_string(),
            ]);
        }
    }
    table
}

/// A variant's name as shown: `(none)` for games that name no rules.
fn variant_name(v: &Variant) -> String {
    v.variant.as_deref().map_or("(none)".to_owned(), shown)
}

/// `n (s%)`, the count and its share, or the count alone without one.
fn with_share(n: u64, share: Option<f64>) -> String {
    match share {
        Some(share) => format!("{n} ({:.0}%)", share * 100.0),
        None => n.to_string(),
    }
}

/// The variants' results.
fn variants(variants: &[Variant]) -> Table {
    let mut table = Table::new(&[
        ("variant", true),
        ("games", false),
        ("first side", true),
        ("wins", false),
        ("second side", true),
        ("wins", false),
        ("draws", false),
        ("unfinished", false),
    ]);
    for v in variants {
        table.rows.push(vec![
            variant_name(v),
            v.games.to_string(),
            shown(&v.sides[0].side),
            with_share(v.sides[0].wins, v.sides[0].share),
            shown(&v.sides[1].side),
            with_share(v.sides[1].wins, v.sides[1].share),
            with_share(v.draws, v.draw_share),
            v.unfinished.to_string(),
        ]);
    }
    table
}

/// The variants' game lengths.
fn lengths(variants: &[Variant]) -> Table {
    let mut table = Table::new(&[
        ("variant", true),
        ("games", false),
        ("min", false),
        ("median", false),
        ("mean", false),
        ("max", false),
    ]);
    for v in variants {
        let Lengths {
            min,
            max,
            mean,
            median,
        } = v.moves;
        table.rows.push(vec![
            variant_name(v),
            v.games.to_string(),
            min.to_string(),
            format!("{median}"),
            format!("{mean:.1}"),
            max.to_string(),
        ]);
    }
    table
}

/// The variants' endings.
fn endings(variants: &[Variant]) -> Table {
    let mut table = Table::new(&[
        ("variant", true),
        ("ending", true),
        ("games", false),
        ("share", false),
    ]);
    for v in variants {
        for ending in &v.endings {
            let share = ending.games as f64 / v.games.max(1) as f64;
            table.rows.push(vec![
                variant_name(v),
                shown(&ending.ending),
                ending.games.to_string(),
                format!("{:.0}%", share * 100.0),
            ]);
        }
    }
    table
}
