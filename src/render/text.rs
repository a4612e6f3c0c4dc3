//! The board as text: Unicode box drawing in the board's real layout.
//!
//! ```text
//!                ┌──────────┐     ┌──────────┐     ┌──────────┐     ┌──────────┐
//!                │1 Delta   │     │3 Arch    │     │5 Arch    │     │7 Delta   │
//!                │G L       │─────│G 2H      │─────│          │─────│S H       │
//!                │          │     │K1        │     │          │     │          │
//!                └──────────┘     └──────────┘     └──────────┘     └──────────┘
//!                     │                  │ ↘H          │                  │
//! ┌─────────┐                          ┌──────────┐                            ┌─────────┐
//! │0 Gull   │         ...              │m Miðr    │                            │9 Silfr  │
//! ```
//!
//! Homes at the short ends, 1, 3, 5, 7 (Norðr) above 2, 4, 6, 8 (Suðr), and
//! Miðr in the centre where 3, 4, 5, 6 meet. Each space shows each side's
//! Lofðungr (`L`), loose Hirþs (`3H`) and Karves with their crews (`K2`: a
//! Karve carrying two Hirþs). Pieces standing on a line to attack are drawn
//! on that line, with an arrow towards the space they attack.

use super::canvas::{Canvas, Style};
use crate::replay::BattleView;
use crate::rules::board::{DIRECTED_EDGES, edge_ends};
use crate::rules::{Army, Fighter, FighterKind, Position, Tiebreak};
use crate::syntax::ast::Turn;
use crate::syntax::escape;
use crate::types::{Side, Space};

/// Where a space's box stands: its top-left corner and its width (all boxes
/// are five rows high).
fn place(space: Space) -> (usize, usize, usize) {
    match space {
        Space::GullHome => (0, 6, 12),
        Space::GullNordrDelta => (15, 0, 12),
        Space::GullSudrDelta => (15, 12, 12),
        Space::GullNordrArchipelago => (32, 0, 12),
        Space::GullSudrArchipelago => (32, 12, 12),
        Space::Midr => (40, 6, 12),
        Space::SilfrNordrArchipelago => (49, 0, 12),
        Space::SilfrSudrArchipelago => (49, 12, 12),
        Space::SilfrNordrDelta => (66, 0, 12),
        Space::SilfrSudrDelta => (66, 12, 12),
        Space::SilfrHome => (82, 6, 12),
    }
}

/// The short name written in a space's box.
fn title(space: Space) -> &'static str {
    match space {
        Space::GullHome => "0 Gull",
        Space::SilfrHome => "9 Silfr",
        Space::Midr => "m Miðr",
        Space::GullNordrDelta | Space::GullSudrDelta => "Delta",
        Space::SilfrNordrDelta | Space::SilfrSudrDelta => "Delta",
        _ => "Arch",
    }
}

/// How the pieces on one line are written: where, and which way.
#[derive(Clone, Copy)]
struct Slot {
    x: usize,
    y: usize,
    /// One row (pieces side by side), or three (one kind of piece a row).
    rows: usize,
    /// The text ends at `x` rather than starting there.
    right_aligned: bool,
    /// The arrow for an attack from the first space of the edge to the second,
    /// and the other way.
    arrows: (char, char),
}

/// The slot of the edge between two spaces (in either order), with the
/// arrow for an attack from `from`.
fn slot(from: Space, to: Space) -> Option<(Slot, char)> {
    use Space::*;
    let s = |x, y, rows, right_aligned, arrows| Slot {
        x,
        y,
        rows,
        right_aligned,
        arrows,
    };
    let (a, b) = if from.index() <= to.index() {
        (from, to)
    } else {
        (to, from)
    };
    let slot = match (a, b) {
        (GullNordrDelta, GullNordrArchipelago) => s(28, 1, 3, false, ('▶', '◀')),
        (GullNordrArchipelago, SilfrNordrArchipelago) => s(45, 1, 3, false, ('▶', '◀')),
        (SilfrNordrArchipelago, SilfrNordrDelta) => s(62, 1, 3, false, ('▶', '◀')),
        (GullSudrDelta, GullSudrArchipelago) => s(28, 13, 3, false, ('▶', '◀')),
        (GullSudrArchipelago, SilfrSudrArchipelago) => s(45, 13, 3, false, ('▶', '◀')),
        (SilfrSudrArchipelago, SilfrSudrDelta) => s(62, 13, 3, false, ('▶', '◀')),
        (GullNordrDelta, GullSudrDelta) => s(22, 7, 3, false, ('▼', '▲')),
        (GullNordrArchipelago, GullSudrArchipelago) => s(36, 7, 3, false, ('▼', '▲')),
        (SilfrNordrArchipelago, SilfrSudrArchipelago) => s(56, 7, 3, true, ('▼', '▲')),
        (SilfrNordrDelta, SilfrSudrDelta) => s(73, 7, 3, false, ('▼', '▲')),
        (GullHome, GullNordrDelta) => s(12, 5, 1, false, ('↗', '↙')),
        (GullHome, GullSudrDelta) => s(12, 11, 1, false, ('↘', '↖')),
        (SilfrNordrDelta, SilfrHome) => s(81, 5, 1, true, ('↘', '↖')),
        (SilfrSudrDelta, SilfrHome) => s(81, 11, 1, true, ('↗', '↙')),
        (GullNordrArchipelago, Midr) => s(45, 5, 1, true, ('↘', '↖')),
        (GullSudrArchipelago, Midr) => s(45, 11, 1, true, ('↗', '↙')),
        (SilfrNordrArchipelago, Midr) => s(46, 5, 1, false, ('↙', '↗')),
        (SilfrSudrArchipelago, Midr) => s(46, 11, 1, false, ('↖', '↘')),
        _ => return None,
    };
    let arrow = if from == a {
        slot.arrows.0
    } else {
        slot.arrows.1
    };
    Some((slot, arrow))
}

/// The connectors drawn between boxes: (x, y, text).
const CONNECTORS: &[(usize, usize, &str)] = &[
    (27, 2, "─────"),
    (44, 2, "─────"),
    (61, 2, "─────"),
    (27, 14, "─────"),
    (44, 14, "─────"),
    (61, 14, "─────"),
    (12, 6, "╱"),
    (12, 10, "╲"),
    (81, 6, "╲"),
    (81, 10, "╱"),
    (39, 5, "╲"),
    (39, 11, "╱"),
    (52, 5, "╱"),
    (52, 11, "╲"),
];

/// The vertical connectors through the middle band, at these columns.
const UPRIGHTS: [usize; 4] = [21, 35, 57, 72];

/// A side's pieces on a space, written compactly: `L 3H` and `K2 K0`.
/// Pieces standing on a line are drawn on the line instead.
fn contents(army: &Army, space: Space) -> (String, String) {
    let mut first = Vec::new();
    let l = army.lofdungr;
    if l.at == Some(space) && l.attacking.is_none() {
        first.push("L".to_owned());
    }
    let loose = army.hirths[space.index()] + army.stopped[space.index()];
    if loose > 0 {
        first.push(format!("{loose}H"));
    }
    let karves: Vec<String> = army
        .karves_on(space)
        .filter(|(_, k)| k.attacking.is_none())
        .map(|(_, k)| format!("K{}", k.crew))
        .collect();
    (first.join(" "), karves.join(" "))
}

/// The pieces of one side on a directed edge, one kind a line: `L`, `2H`,
/// `K1 K2`.
fn on_line(army: &Army, from: Space, to: Space) -> Vec<String> {
    let mut items = Vec::new();
    if army.lofdungr.attacking == Some(to) && army.lofdungr.at == Some(from) {
        items.push("L".to_owned());
    }
    let hirths = crate::rules::board::edge(from, to).map_or(0, |e| army.attacking[e]);
    if hirths > 0 {
        items.push(format!("{hirths}H"));
    }
    let karves: Vec<String> = army
        .karves
        .iter()
        .filter(|k| k.attacking == Some(to) && k.at == Some(from))
        .map(|k| format!("K{}", k.crew))
        .collect();
    if !karves.is_empty() {
        items.push(karves.join(" "));
    }
    items
}

/// The board for a position.
pub fn board(position: &Position) -> Canvas {
    let mut canvas = Canvas::new();
    for &(x, y, text) in CONNECTORS {
        canvas.text(x, y, text, Style::Frame);
    }
    for x in UPRIGHTS {
        for y in 5..12 {
            canvas.text(x, y, "│", Style::Frame);
        }
    }
    for space in Space::ALL {
        let (x, y, width) = place(space);
        canvas.frame(x, y, width, 5);
        let title = match space {
            Space::GullHome | Space::SilfrHome | Space::Midr => title(space).to_owned(),
            _ => format!("{} {}", space.code(), title(space)),
        };
        canvas.text(x + 1, y + 1, &title, Style::Plain);
        let mut row = y + 2;
        for side in Side::ALL {
            let (first, karves) = contents(position.army(side), space);
            for line in [first, karves] {
                if !line.is_empty() && row < y + 4 {
                    canvas.text(x + 1, row, &format!("{side} {line}"), Style::Side(side));
                    row += 1;
                }
            }
        }
    }
    for side in Side::ALL {
        let army = position.army(side);
        for e in 0..DIRECTED_EDGES {
            let (from, to) = edge_ends(e);
            let items = on_line(army, from, to);
            if let (false, Some((slot, arrow))) = (items.is_empty(), slot(from, to)) {
                draw_on_line(&mut canvas, slot, arrow, &items, side);
            }
        }
    }
    canvas
}

/// Writes the pieces on a line into its slot.
fn draw_on_line(canvas: &mut Canvas, slot: Slot, arrow: char, items: &[String], side: Side) {
    let lines: Vec<String> = if slot.rows == 1 {
        vec![format!("{arrow}{}", items.join(" "))]
    } else {
        items.iter().map(|item| format!("{arrow}{item}")).collect()
    };
    // A lone marker sits on the middle row, on the line itself.
    let first = slot.y + slot.rows.saturating_sub(lines.len()) / 2;
    for (n, line) in lines.iter().enumerate().take(slot.rows) {
        let width = line.chars().count();
        let x = if slot.right_aligned {
            (slot.x + 1).saturating_sub(width)
        } else {
            slot.x
        };
        canvas.text(x, first + n, line, Style::Side(side));
    }
}

/// What the board's marks mean.
pub const LEGEND: &str = "G Gull, S Silfr: L Lofðungr, 3H three Hirþs, K2 a Karve with two Hirþs aboard; \
     ▶ pieces on a line, attacking";

/// The turn line with one token marked: in the plain form by carets under it.
pub fn turn_line(turn: &Turn, token: Option<usize>) -> Canvas {
    let mut canvas = Canvas::new();
    let label = turn.label.to_string();
    canvas.text(0, 0, &label, Style::Side(turn.label.side));
    let mut x = label.chars().count() + 1;
    let mut marked = None;
    for (n, step) in turn.steps.iter().enumerate() {
        let text = escape(&step.to_string()).into_owned();
        let width = text.chars().count();
        let style = if Some(n) == token {
            marked = Some((x, width));
            Style::Highlight
        } else {
            Style::Plain
        };
        canvas.text(x, 0, &text, style);
        x += width;
    }
    canvas.text(x + 1, 0, &escape(&turn.outcome.to_string()), Style::Plain);
    if let Some((x, width)) = marked {
        canvas.text(x, 1, &"^".repeat(width), Style::Caret);
    }
    canvas
}

/// Supplies, Hirþs removed from game, the Penningr, and whose turn it is.
pub fn panel(position: &Position) -> Canvas {
    let mut canvas = Canvas::new();
    for (row, side) in Side::ALL.into_iter().enumerate() {
        let army = position.army(side);
        let line = format!(
            "{:<6} supply {:>2}H {}K   removed from game {:>2}H",
            side.name(),
            army.hirth_supply(),
            army.karve_supply(),
            army.removed
        );
        canvas.text(0, row, &line, Style::Side(side));
    }
    let penningr = position.penningr();
    let coin = match (penningr.holder, penningr.multiplier()) {
        (None, _) => "Penningr: neutral".to_owned(),
        (Some(holder), 2) => format!("Penningr: {} holds it; points doubled", holder.name()),
        (Some(holder), _) => format!("Penningr: {} holds it; points tripled", holder.name()),
    };
    canvas.text(0, 2, &coin, Style::Plain);
    match position.result() {
        Some(victory) => canvas.text(0, 3, &victory.to_string(), Style::Highlight),
        None => canvas.text(
            0,
            3,
            &format!("{} to move", position.to_move().name()),
            Style::Side(position.to_move()),
        ),
    }
    canvas
}

/// The battles of a turn as a short table: attackers and defenders with
/// their powers, how a tie was broken, who won, who advanced and retreated.
pub fn battle_table(battles: &[BattleView]) -> Canvas {
    let mut rows = vec![[
        "battle".to_owned(),
        "attackers".to_owned(),
        "power".to_owned(),
        "defenders".to_owned(),
        "power".to_owned(),
        "outcome".to_owned(),
    ]];
    for view in battles {
        let battle = &view.battle;
        let pieces = |fighters: &[Fighter], with_origin: bool| -> String {
            let names: Vec<String> = fighters
                .iter()
                .map(|f| {
                    let name = piece_name(f);
                    if with_origin {
                        format!("{name} from {}", f.from)
                    } else {
                        name
                    }
                })
                .collect();
            format!("{} {}", battle.attacker.name(), names.join(", "))
        };
        let defenders = pieces(&battle.defenders, false).replacen(
            battle.attacker.name(),
            battle.defender().name(),
            1,
        );
        // The outcome takes a line per effect, so the table stays narrow.
        for (n, effect) in outcome(view).into_iter().enumerate() {
            let mut row: [String; 6] = Default::default();
            if n == 0 {
                row[0] = battle.space.to_string();
                row[1] = pieces(&battle.attackers, true);
                row[2] = battle.attack.to_string();
                row[3].clone_from(&defenders);
                row[4] = battle.defence.to_string();
            }
            row[5] = effect;
            rows.push(row);
        }
    }
    let widths: Vec<usize> = (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut canvas = Canvas::new();
    for (y, row) in rows.iter().enumerate() {
        let mut x = 0;
        for (c, cell) in row.iter().enumerate() {
            let style = if y == 0 { Style::Frame } else { Style::Plain };
            canvas.text(x, y, cell, style);
            x += widths[c] + 2;
        }
    }
    canvas
}

/// `L`, `H`, `K2`.
fn piece_name(fighter: &Fighter) -> String {
    match fighter.kind {
        FighterKind::Lofdungr => "L".to_owned(),
        FighterKind::Hirth => "H".to_owned(),
        FighterKind::Karve { crew, .. } => format!("K{crew}"),
    }
}

/// "Silfr wins", "Gull H removed from game", "Silfr L enters 6"...
fn outcome(view: &BattleView) -> Vec<String> {
    let battle = &view.battle;
    let mut parts = vec![match battle.tiebreak {
        None => format!("{} wins", battle.winner.name()),
        Some(Tiebreak::Lofdungr(side)) => {
            format!("{} wins the tie with its lone L", side.name())
        }
        Some(Tiebreak::Defender) => format!("{} wins the tie as defender", battle.winner.name()),
    }];
    let losers = if battle.attacker_wins() {
        &battle.defenders
    } else {
        &battle.attackers
    };
    for fighter in losers {
        let name = format!("{} {}", fighter.side.name(), piece_name(fighter));
        parts.push(match fighter.kind {
            FighterKind::Hirth => format!("{name} removed from game"),
            FighterKind::Karve { .. } => format!("{name} removed from play"),
            FighterKind::Lofdungr => match view.retreat {
                Some(Some(to)) => format!("{name} retreats to {to}"),
                Some(None) if battle.space == Space::Midr && fighter.from == Space::Midr => {
                    format!("{name} killed: Drepið")
                }
                _ => format!("{name} off the board: Þungur Hnífur"),
            },
        });
    }
    if battle.attacker_wins() {
        for (fighter, &enters) in battle.attackers.iter().zip(&view.advance) {
            if enters {
                parts.push(format!(
                    "{} {} enters {}",
                    fighter.side.name(),
                    piece_name(fighter),
                    battle.space
                ));
            }
        }
    }
    parts
}
