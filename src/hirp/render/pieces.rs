//! The pieces: Lofðungar as large discs, loose Hirþs as small ones, Karves
//! as boats with their crew on deck; those standing on a line on a plate,
//! with an arrow towards the space they attack.

use super::map::{self, Point, unit};
use super::svg::{Canvas, Num};
use crate::hirp::rules::Army;
use crate::hirp::rules::board::edge_ends;
use crate::hirp::types::{Side, Space};

const LOFDUNGR_RADIUS: f64 = 14.0;
/// The room a Lofðungr takes in a row, its outline included.
const LOFDUNGR_WIDTH: f64 = 2.0 * LOFDUNGR_RADIUS + 2.0;
pub(super) const HIRTH_RADIUS: f64 = 6.5;
/// The distance between loose Hirþs, in rows of three.
const HIRTH_PITCH: f64 = 16.0;
/// The most loose Hirþs drawn one by one; beyond, a few and a count.
const HIRTHS_DRAWN: u8 = 6;
/// The loose Hirþs drawn before the count, when there are too many.
const HIRTHS_BEFORE_COUNT: u8 = 3;
/// The room for the count (`×15`).
const COUNT_WIDTH: f64 = 28.0;
const KARVE_WIDTH: f64 = 72.0;
const KARVE_ROW: f64 = 28.0;
const CREW_PITCH: f64 = 14.0;
const GAP: f64 = 6.0;
/// A Karve's hull around its middle, bow to the right.
pub(super) const HULL: &str = "M-36 -13C-33 -2 -28 7 -16 8.5H16C28 7 33 -2 36 -13L29 -2H-29Z";
/// The padding of the plate under pieces standing on a line.
const PLATE_PAD: f64 = 5.0;

/// A side's colours: pieces, their outlines, and the hulls of its Karves.
pub(super) struct Colours {
    pub(super) fill: &'static str,
    pub(super) stroke: &'static str,
    pub(super) hull: &'static str,
}

/// The colours of `side`.
pub(super) const fn colours(side: Side) -> Colours {
    match side {
        Side::Gull => Colours {
            fill: "#d4a72c",
            stroke: "#6f520b",
            hull: "#a47a16",
        },
        Side::Silfr => Colours {
            fill: "#a9adb3",
            stroke: "#44484f",
            hull: "#767b83",
        },
    }
}

/// Pieces of one side drawn together: those standing on a space, or those
/// standing on one line.
pub(super) struct Group {
    side: Side,
    lofdungr: bool,
    /// Loose Hirþs.
    hirths: u8,
    /// The crew of each Karve.
    karves: Vec<u8>,
}

impl Group {
    /// The pieces of `side` on `space`, those on a line left out.
    pub(super) fn standing(side: Side, army: &Army, space: Space) -> Group {
        let here =
            |at: Option<Space>, attacking: Option<Space>| at == Some(space) && attacking.is_none();
        Group {
            side,
            lofdungr: here(army.lofdungr.at, army.lofdungr.attacking),
            hirths: army.hirths[space.index()] + army.stopped[space.index()],
            karves: army
                .karves
                .iter()
                .filter(|k| here(k.at, k.attacking))
                .map(|k| k.crew)
                .collect(),
        }
    }

    /// The pieces of `side` on the directed edge `edge`.
    pub(super) fn on_line(side: Side, army: &Army, edge: usize) -> Group {
        let (from, to) = edge_ends(edge);
        let on =
            |at: Option<Space>, attacking: Option<Space>| at == Some(from) && attacking == Some(to);
        Group {
            side,
            lofdungr: on(army.lofdungr.at, army.lofdungr.attacking),
            hirths: army.attacking[edge],
            karves: army
                .karves
                .iter()
                .filter(|k| on(k.at, k.attacking))
                .map(|k| k.crew)
                .collect(),
        }
    }

    /// Whether there is nothing to draw.
    fn is_empty(&self) -> bool {
        !self.lofdungr && self.hirths == 0 && self.karves.is_empty()
    }

    /// The width and height of the loose Hirþs: rows of three, or a few and
    /// a count.
    fn hirths_size(&self) -> Point {
        match self.hirths {
            0 => (0.0, 0.0),
            n if n <= HIRTHS_DRAWN => {
                let columns = f64::from(n.min(3));
                let rows = f64::from(n.div_ceil(3));
                (columns * HIRTH_PITCH, rows * HIRTH_PITCH)
            }
            _ => (
                f64::from(HIRTHS_BEFORE_COUNT) * HIRTH_PITCH + COUNT_WIDTH,
                HIRTH_PITCH,
            ),
        }
    }

    /// The width and height of the first row: the Lofðungr and loose Hirþs.
    fn first_row_size(&self) -> Point {
        let (hirths_width, hirths_height) = self.hirths_size();
        let lofdungr = if self.lofdungr { LOFDUNGR_WIDTH } else { 0.0 };
        let gap = if self.lofdungr && self.hirths > 0 {
            GAP
        } else {
            0.0
        };
        (lofdungr + gap + hirths_width, lofdungr.max(hirths_height))
    }

    /// The width and height of the whole group: the first row, then one row
    /// per Karve.
    fn size(&self) -> Point {
        let (width, height) = self.first_row_size();
        if self.karves.is_empty() {
            return (width, height);
        }
        (
            width.max(KARVE_WIDTH),
            self.karves_top() + KARVE_ROW * self.karves.len() as f64,
        )
    }

    /// How far below the group's top its Karves begin: under the first row
    /// and a gap, if there is a first row.
    fn karves_top(&self) -> f64 {
        if self.lofdungr || self.hirths > 0 {
            self.first_row_size().1 + GAP
        } else {
            0.0
        }
    }

    /// Draws the group centred on `at`, in a `<g>` with `attributes`, over
    /// `under`.
    pub(super) fn draw_at(&self, canvas: &mut Canvas, at: Point, attributes: &str, under: &str) {
        if self.is_empty() {
            return;
        }
        let colours = colours(self.side);
        canvas.open(format_args!(
            r#"<g {attributes} transform="translate({} {})" fill="{}" stroke="{}" stroke-width="1.5">"#,
            Num(at.0),
            Num(at.1),
            colours.fill,
            colours.stroke,
        ));
        if !under.is_empty() {
            canvas.line(format_args!("{under}"));
        }
        let (_, height) = self.size();
        let (row_width, row_height) = self.first_row_size();
        let top = -height / 2.0;
        let mut x = -row_width / 2.0;
        let y = top + row_height / 2.0;
        if self.lofdungr {
            canvas.line(format_args!(
                r#"<circle class="lofdungr" cx="{}" cy="{}" r="{}" stroke-width="2.5"/><text x="{}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{}" stroke="none">L</text>"#,
                Num(x + LOFDUNGR_WIDTH / 2.0),
                Num(y),
                Num(LOFDUNGR_RADIUS),
                Num(x + LOFDUNGR_WIDTH / 2.0),
                Num(y + 5.0),
                colours.stroke,
            ));
            x += LOFDUNGR_WIDTH + GAP;
        }
        self.draw_hirths(canvas, x, y);
        for (n, &crew) in self.karves.iter().enumerate() {
            let y = top + self.karves_top() + KARVE_ROW * (n as f64 + 0.5);
            // The crew stands above the hull's middle: lower the hull so that
            // both sit in the row.
            draw_karve(canvas, &colours, (0.0, y + 3.0), crew);
        }
        canvas.close("</g>");
    }

    /// Draws the loose Hirþs from `left`, centred on `y`.
    fn draw_hirths(&self, canvas: &mut Canvas, left: f64, y: f64) {
        let (_, height) = self.hirths_size();
        let shown = if self.hirths <= HIRTHS_DRAWN {
            self.hirths
        } else {
            HIRTHS_BEFORE_COUNT
        };
        for n in 0..shown {
            let column = f64::from(n % 3);
            let row = f64::from(n / 3);
            canvas.line(format_args!(
                r#"<circle class="hirth" cx="{}" cy="{}" r="{}"/>"#,
                Num(left + HIRTH_PITCH * (column + 0.5)),
                Num(y - height / 2.0 + HIRTH_PITCH * (row + 0.5)),
                Num(HIRTH_RADIUS),
            ));
        }
        if shown < self.hirths {
            canvas.line(format_args!(
                r##"<text class="count" x="{}" y="{}" font-size="13" font-weight="bold" fill="#2b2620" stroke="none">×{}</text>"##,
                Num(left + f64::from(shown) * HIRTH_PITCH + 2.0),
                Num(y + 4.5),
                self.hirths,
            ));
        }
    }

    /// Draws the pieces on the directed edge `edge` on a plate between its
    /// spaces, with an arrow towards the space they attack.
    pub(super) fn draw_on_line(&self, canvas: &mut Canvas, edge: usize) {
        if self.is_empty() {
            return;
        }
        let (from, to) = edge_ends(edge);
        let (width, height) = self.size();
        let (w, h) = (width + 2.0 * PLATE_PAD, height + 2.0 * PLATE_PAD);
        let u = unit(map::centre(from), map::centre(to));
        let reach = u.0.abs() * w / 2.0 + u.1.abs() * h / 2.0;
        let tip = (u.0 * (reach + 18.0), u.1 * (reach + 18.0));
        let neck = (tip.0 - u.0 * 10.0, tip.1 - u.1 * 10.0);
        let side = (-u.1 * 7.0, u.0 * 7.0);
        let stroke = colours(self.side).stroke;
        let under = format!(
            r#"<path class="arrow" d="M0 0L{} {}" stroke-width="3" fill="none"/><path class="arrowhead" d="M{} {}L{} {}L{} {}Z" fill="{stroke}"/><rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="white"/>"#,
            Num(neck.0),
            Num(neck.1),
            Num(tip.0),
            Num(tip.1),
            Num(neck.0 + side.0),
            Num(neck.1 + side.1),
            Num(neck.0 - side.0),
            Num(neck.1 - side.1),
            Num(-w / 2.0),
            Num(-h / 2.0),
            Num(w),
            Num(h),
        );
        let attributes = format!(
            r#"class="attack {}" id="attack-{}-{}-{}""#,
            self.side.name().to_lowercase(),
            self.side.letter(),
            from.code(),
            to.code()
        );
        let at = map::on_line(from, to, reach);
        self.draw_at(canvas, at, &attributes, &under);
    }
}

/// Draws a Karve centred on `at` with its crew on deck.
fn draw_karve(canvas: &mut Canvas, colours: &Colours, at: Point, crew: u8) {
    canvas.line(format_args!(
        r#"<path class="karve" transform="translate({} {})" d="{HULL}" fill="{}"/>"#,
        Num(at.0),
        Num(at.1),
        colours.hull,
    ));
    let first = -CREW_PITCH * f64::from(crew.saturating_sub(1)) / 2.0;
    for n in 0..crew {
        canvas.line(format_args!(
            r#"<circle class="crew" cx="{}" cy="{}" r="6"/>"#,
            Num(at.0 + first + CREW_PITCH * f64::from(n)),
            Num(at.1 - 7.0),
        ));
    }
}
