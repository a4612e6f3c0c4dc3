//! The board as text: Unicode box drawing in the board's real layout.
//!
//! ```text
//!                ┌──────────┐     ┌──────────┐     ┌──────────┐
//!                │1 Delta   │     │3 Arch    │     │5 Arch    │
//!                │G L       │─────│G 2H      │S◀K2─│S 1H      │ …
//!                │          │     │G K1      │     │          │
//!               ╱└──────────┘     └──────────┘     └──────────┘
//!              ╱       │             │  G↘H           ╱    │
//! ┌──────────┐╱        │             │    ┌──────────┐     │
//! │0 Gull    │         │             │    │m Miðr    │     │   …
//! ```
//!
//! Homes at the short ends, 1, 3, 5, 7 (Norðr) above 2, 4, 6, 8 (Suðr), and
//! Miðr in the centre where 3, 4, 5, 6 meet. Each space shows each side's
//! Lofðungr (`L`), loose Hirþs (`3H`) and Karves with their crews (`K2`: a
//! Karve carrying two Hirþs). Pieces standing on a line to attack are drawn
//! on that line after their side's letter and an arrow towards the space
//! they attack (`S◀K2`).
//!
//! ```
//! use hirp::hirp::render::text::{board, legend};
//!
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! let position = hirp::hirp::replay::replay_game(&parsed.record.games[0], &[]).position;
//! let drawn = board(&position).plain();
//! assert!(drawn.contains("│G K2      │"), "a Gull Karve with two Hirþs on 0");
//! assert!(drawn.contains("│S L 1H    │"), "Silfr's Lofðungr and a Hirþ on 9");
//! assert!(legend(&position).plain().starts_with("G Gull, S Silfr"));
//! ```

pub use super::layout::Drawing;
use super::layout::{ARROWS, Geometry, Slot};
use crate::core::Span;
use crate::core::canvas::{Canvas, Style};
use crate::core::escape;
use crate::hirp::replay::BattleView;
use crate::hirp::rules::board::{DIRECTED_EDGES, edge_ends};
use crate::hirp::rules::{Army, Fighter, FighterKind, Position, Tiebreak};
use crate::hirp::syntax::ast::Turn;
use crate::hirp::types::{Side, Space};

/// The name written on a space's box.
fn title(space: Space) -> String {
    match space {
        Space::GullHome => "0 Gull".to_owned(),
        Space::SilfrHome => "9 Silfr".to_owned(),
        Space::Midr => "m Miðr".to_owned(),
        Space::GullNordrDelta | Space::GullSudrDelta => format!("{space} Delta"),
        Space::SilfrNordrDelta | Space::SilfrSudrDelta => format!("{space} Delta"),
        _ => format!("{space} Arch"),
    }
}

/// A side's pieces on a space, written compactly: `L 3H` and `K2 K0`, each
/// line in at most `width` columns. Pieces standing on a line are drawn on
/// the line instead.
fn contents(army: &Army, space: Space, width: usize) -> [String; 2] {
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
    let mut karves = karves.join(" ");
    if karves.chars().count() > width {
        karves.retain(|c| c != ' ');
    }
    [first.join(" "), karves]
}

/// The pieces of one side on a directed edge: its Lofðungr, its loose
/// Hirþs, the crews of its Karves.
struct OnLine {
    lofdungr: bool,
    hirths: u8,
    karves: Vec<u8>,
}

impl OnLine {
    fn of(army: &Army, edge: usize) -> OnLine {
        let (from, to) = edge_ends(edge);
        OnLine {
            lofdungr: army.lofdungr.attacking == Some(to) && army.lofdungr.at == Some(from),
            hirths: army.attacking[edge],
            karves: army
                .karves
                .iter()
                .filter(|k| k.attacking == Some(to) && k.at == Some(from))
                .map(|k| k.crew)
                .collect(),
        }
    }

    fn is_empty(&self) -> bool {
        !self.lofdungr && self.hirths == 0 && self.karves.is_empty()
    }

    /// One kind of piece a string: `L`, `2H`, and `K1 K2` (or, `summed`,
    /// `2K`).
    fn kinds(&self, summed: bool) -> Vec<String> {
        let mut kinds = Vec::new();
        if self.lofdungr {
            kinds.push("L".to_owned());
        }
        if self.hirths > 0 {
            kinds.push(format!("{}H", self.hirths));
        }
        match self.karves.len() {
            0 => {}
            n if summed && n > 1 => kinds.push(format!("{n}K")),
            _ => {
                let crews: Vec<String> = self.karves.iter().map(|c| format!("K{c}")).collect();
                kinds.push(crews.join(" "));
            }
        }
        kinds
    }

    /// The rows written after the arrow in a slot: all on the line if they
    /// fit, else one kind a row, else with the Karves counted rather than
    /// listed, else cut short.
    fn rows(&self, slot: Slot) -> Vec<String> {
        let room = slot.rows.1 - slot.rows.0 + 1;
        let fits = |rows: &[String]| {
            rows.len() <= room && rows.iter().all(|r| r.chars().count() <= slot.after)
        };
        for summed in [false, true] {
            let kinds = self.kinds(summed);
            let candidates = [vec![kinds.join(" ")], kinds];
            if let Some(rows) = candidates.into_iter().find(|rows| fits(rows)) {
                return rows;
            }
        }
        let all = self.kinds(true).join(" ");
        let cut: String = all.chars().take(slot.after.saturating_sub(1)).collect();
        vec![format!("{cut}…")]
    }
}

/// The full board for a position.
pub fn board(position: &Position) -> Canvas {
    board_in(position, Drawing::Full)
}

/// The board for a position, in the size `layout` gives it.
pub(crate) fn board_in(position: &Position, layout: Drawing) -> Canvas {
    draw(position, layout.geometry())
}

/// The board for a position, drawn as `geometry` places it.
fn draw(position: &Position, geometry: &Geometry) -> Canvas {
    let mut canvas = Canvas::new();
    for line in &geometry.lines {
        for (x, y) in line.cells() {
            canvas.text(x, y, &line.glyph.to_string(), Style::Frame);
        }
    }
    for space in Space::ALL {
        draw_space(&mut canvas, position, geometry, space);
    }
    for side in Side::ALL {
        let army = position.army(side);
        for edge in 0..DIRECTED_EDGES {
            let pieces = OnLine::of(army, edge);
            if !pieces.is_empty() {
                draw_on_line(
                    &mut canvas,
                    geometry.slots[edge / 2],
                    arrow(edge),
                    &pieces,
                    side,
                );
            }
        }
    }
    canvas
}

/// A space's box, its name, and the pieces standing on it.
fn draw_space(canvas: &mut Canvas, position: &Position, geometry: &Geometry, space: Space) {
    let (x, y, width) = geometry.place(space);
    canvas.frame(x, y, width, geometry.box_height);
    let (title_row, first_row) = if geometry.title_in_border {
        (y, y + 1)
    } else {
        (y + 1, y + 2)
    };
    canvas.text(x + 1, title_row, &title(space), Style::Plain);
    let last_row = y + geometry.box_height - 2;
    let mut row = first_row;
    for side in Side::ALL {
        for line in contents(position.army(side), space, width - 4) {
            if !line.is_empty() && row <= last_row {
                canvas.text(
                    x + 1,
                    row,
                    &format!("{side} {line}"),
                    Style::Side(super::hue(side)),
                );
                row += 1;
            }
        }
    }
}

/// The arrow of a directed edge: towards the space attacked.
fn arrow(edge: usize) -> char {
    let (forth, back) = ARROWS[edge / 2];
    if edge.is_multiple_of(2) { forth } else { back }
}

/// Writes the pieces on a line into its slot: the side's letter, the arrow
/// on the line, the pieces after it.
fn draw_on_line(canvas: &mut Canvas, slot: Slot, arrow: char, pieces: &OnLine, side: Side) {
    let rows = pieces.rows(slot);
    // A single row sits on the line itself; more are centred on it.
    let first = slot
        .line
        .saturating_sub(rows.len() / 2)
        .clamp(slot.rows.0, slot.rows.1 + 1 - rows.len());
    for (n, row) in rows.iter().enumerate() {
        canvas.text(
            slot.x - 1,
            first + n,
            &format!("{side}{arrow}{row}"),
            Style::Side(super::hue(side)),
        );
    }
}

/// What the board's marks mean: the letters, and the arrows drawn on it.
pub fn legend(position: &Position) -> Canvas {
    let mut canvas = Canvas::new();
    canvas.text(
        0,
        0,
        "G Gull, S Silfr: L Lofðungr, 3H three Hirþs, K2 a Karve with two Hirþs aboard",
        Style::Frame,
    );
    let mut arrows: Vec<char> = Vec::new();
    for side in Side::ALL {
        for edge in 0..DIRECTED_EDGES {
            let drawn = !OnLine::of(position.army(side), edge).is_empty();
            if drawn && !arrows.contains(&arrow(edge)) {
                arrows.push(arrow(edge));
            }
        }
    }
    if !arrows.is_empty() {
        let arrows: Vec<String> = arrows.iter().map(char::to_string).collect();
        canvas.text(
            0,
            1,
            &format!(
                "{} pieces on a line, attacking the space the arrow points to",
                arrows.join(" ")
            ),
            Style::Frame,
        );
    }
    canvas
}

/// The turn line with one token marked (in the plain form by carets under
/// it), and the tokens at `faults` (spans in the record) marked `×` under
/// them, in red with colours.
pub(crate) fn turn_line_with(turn: &Turn, token: Option<usize>, faults: &[Span]) -> Canvas {
    let mut canvas = Canvas::new();
    // Each token written, where it stands in the record.
    let mut tokens: Vec<(usize, usize, Span)> = Vec::new();
    let label = turn.label.to_string();
    canvas.text(0, 0, &label, Style::Side(super::hue(turn.label.side)));
    tokens.push((0, label.chars().count(), turn.label.span));
    let mut x = label.chars().count() + 1;
    for (n, step) in turn.steps.iter().enumerate() {
        let text = escape(&step.to_string()).into_owned();
        let width = text.chars().count();
        if Some(n) == token {
            canvas.text(x, 0, &text, Style::Highlight);
            canvas.text(x, 1, &"^".repeat(width), Style::Caret);
        } else {
            canvas.text(x, 0, &text, Style::Plain);
        }
        tokens.push((x, width, step.span()));
        x += width;
    }
    let outcome = &turn.outcome;
    let written = escape(&outcome.to_string()).into_owned();
    canvas.text(x + 1, 0, &written, Style::Plain);
    let whole = (x + 1, written.chars().count(), outcome.span);
    x += 1;
    for action in &outcome.penningr {
        let width = action.to_string().chars().count();
        tokens.push((x, width, action.span));
        x += width;
    }
    for battle in &outcome.battles {
        let width = escape(&battle.to_string()).chars().count();
        tokens.push((x, width, battle.span()));
        x += width + 1;
    }
    for fault in faults {
        let within =
            |span: Span| span.start <= fault.start && fault.start < span.end.max(span.start + 1);
        let (x, width, _) = tokens
            .iter()
            .copied()
            .find(|&(_, _, span)| within(span))
            .unwrap_or(whole);
        canvas.restyle(x, 0, width, Style::Fault);
        canvas.text(x, 1, &"×".repeat(width.max(1)), Style::FaultMark);
    }
    canvas
}

/// Supplies, Hirþs removed from game, the Penningr, and whose turn it is,
/// for a board of `layout`: in three rows for the compact one, the
/// Penningr beside Gull's supply.
pub(crate) fn panel_in(position: &Position, layout: Drawing) -> Canvas {
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
        canvas.text(0, row, &line, Style::Side(super::hue(side)));
    }
    let penningr = position.penningr();
    let points = match penningr.multiplier() {
        2 => "doubled",
        _ => "tripled",
    };
    // The compact board's panel has the Penningr beside Gull's supply.
    let (x, y, state, coin) = match (layout, penningr.holder) {
        (Drawing::Full, None) => (0, 2, 3, "Penningr: neutral".to_owned()),
        (Drawing::Full, Some(holder)) => (
            0,
            2,
            3,
            format!("Penningr: {} holds it; points {points}", holder.name()),
        ),
        (Drawing::Compact, None) => (46, 0, 2, "Penningr: neutral".to_owned()),
        (Drawing::Compact, Some(holder)) => (
            46,
            0,
            2,
            format!("Penningr with {}, {points}", holder.name()),
        ),
    };
    canvas.text(x, y, &coin, Style::Plain);
    match position.result() {
        Some(victory) => canvas.text(0, state, &victory.to_string(), Style::Highlight),
        None => canvas.text(
            0,
            state,
            &format!("{} to move", position.to_move().name()),
            Style::Side(super::hue(position.to_move())),
        ),
    }
    canvas
}

/// The battles of a turn as a short table: attackers and defenders with
/// their powers, how a tie was broken, who won, who advanced and retreated;
/// in at most `columns` where it can be: a table wider than that lists each
/// side's pieces a line each.
pub(crate) fn battle_table_in(battles: &[BattleView], columns: Option<usize>) -> Canvas {
    let rows = table_rows(battles, false);
    match columns {
        Some(columns) if table_width(&rows) > columns => table(&table_rows(battles, true)),
        _ => table(&rows),
    }
}

/// The battle table's header and a row a battle, for a page to lay out:
/// a cell's lines joined by `\n`.
pub(crate) fn battle_cells(battles: &[BattleView]) -> (Vec<String>, Vec<Vec<String>>) {
    let rows = table_rows(&[], false);
    let head = rows[0].to_vec();
    let body = battles
        .iter()
        .map(|view| {
            let battle = &view.battle;
            vec![
                battle.space.to_string(),
                fighters(battle.attacker, &battle.attackers, true, false).join("\n"),
                battle.attack.to_string(),
                fighters(battle.defender(), &battle.defenders, false, false).join("\n"),
                battle.defence.to_string(),
                outcome(view, false).join("\n"),
            ]
        })
        .collect();
    (head, body)
}

/// The cells of the battle table, a header first; with `split`, a side's
/// pieces a row each.
fn table_rows(battles: &[BattleView], split: bool) -> Vec<[String; 6]> {
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
        let attackers = fighters(battle.attacker, &battle.attackers, true, split);
        let defenders = fighters(battle.defender(), &battle.defenders, false, split);
        // The outcome takes a line per effect, so the table stays narrow.
        let effects = outcome(view, split);
        let height = effects.len().max(attackers.len()).max(defenders.len());
        for n in 0..height {
            let cell = |cells: &[String]| cells.get(n).cloned().unwrap_or_default();
            let mut row: [String; 6] = Default::default();
            if n == 0 {
                row[0] = battle.space.to_string();
                row[2] = battle.attack.to_string();
                row[4] = battle.defence.to_string();
            }
            row[1] = cell(&attackers);
            row[3] = cell(&defenders);
            row[5] = cell(&effects);
            rows.push(row);
        }
    }
    rows
}

/// One side's pieces in a battle, after the side's name: `Silfr L from 8,
/// H from 8` (without `with_origin`, `Gull H`); with `split`, a line a
/// piece.
fn fighters(side: Side, fighters: &[Fighter], with_origin: bool, split: bool) -> Vec<String> {
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
    if !split {
        return vec![format!("{} {}", side.name(), names.join(", "))];
    }
    let last = names.len().saturating_sub(1);
    names
        .iter()
        .enumerate()
        .map(|(n, name)| {
            let comma = if n < last { "," } else { "" };
            match n {
                0 => format!("{} {name}{comma}", side.name()),
                _ => format!("{name}{comma}"),
            }
        })
        .collect()
}

/// The width of each column of a table.
fn column_widths(rows: &[[String; 6]]) -> Vec<usize> {
    (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect()
}

/// The columns a table takes, two blanks between its columns.
fn table_width(rows: &[[String; 6]]) -> usize {
    let widths = column_widths(rows);
    widths.iter().sum::<usize>() + 2 * (widths.len() - 1)
}

/// The table drawn, its header dim.
fn table(rows: &[[String; 6]]) -> Canvas {
    let widths = column_widths(rows);
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
/// With `split`, how a tie was broken and the name of a victory take lines
/// of their own.
fn outcome(view: &BattleView, split: bool) -> Vec<String> {
    let battle = &view.battle;
    let tie = match battle.tiebreak {
        None => None,
        Some(Tiebreak::Lofdungr(_)) => Some("with its lone L"),
        Some(Tiebreak::Defender) => Some("as defender"),
    };
    let mut parts = match (tie, split) {
        (None, _) => vec![format!("{} wins", battle.winner.name())],
        (Some(how), false) => vec![format!("{} wins the tie {how}", battle.winner.name())],
        (Some(how), true) => vec![
            format!("{} wins the tie", battle.winner.name()),
            how.to_owned(),
        ],
    };
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
    if split {
        // `Gull L off the board:` over `Þungur Hnífur`.
        parts = parts
            .iter()
            .flat_map(|part| match part.split_once(": ") {
                Some((what, name)) => vec![format!("{what}:"), format!("  {name}")],
                None => vec![part.clone()],
            })
            .collect();
    }
    parts
}
