//! Lays out each game's board picture: where the template draws every space, piece, label and
//! panel, so the templates only draw. One function per game, chosen by `layout`. Labels are
//! placed where they crowd nothing else (`place_label`), with text measured as the tests
//! measure it (`text_box`).

mod lost_cause;
mod solo_1776;
mod southern_strategy;

use serde_json::{json, Value};

/// The layout of `game`'s board picture for `state`: where the template draws each space and
/// piece. `facts` are what the rules tell of the state for the picture (`Rules::board_facts`).
/// Null for a game without a picture.
pub fn layout(game: &str, lookups: &Value, state: &Value, facts: &Value) -> Value {
    match game {
        "southern-strategy" => southern_strategy::layout(lookups, state),
        "the-lost-cause" => lost_cause::layout(lookups, state, facts),
        "solo-1776" => solo_1776::layout(lookups, state),
        _ => Value::Null,
    }
}

/// A straight line on the picture, from one point to another.
pub type Segment = ((f64, f64), (f64, f64));

/// A box on the picture, in SVG units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
        Rect { x0, y0, x1, y1 }
    }

    /// The square of half-side `r` around a point.
    pub fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect::new(x - r, y - r, x + r, y + r)
    }

    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang-Barsky clipping).
    pub fn crossed_by(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, a.0 - self.x0),
            (dx, self.x1 - a.0),
            (-dy, a.1 - self.y0),
            (dy, self.y1 - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        t0 < t1
    }
}

/// The width of a line of text: 0.6 em a letter, about DejaVu Sans's average, the measure
/// the tests check the pictures with.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// `text` as drawn in at most `width` at `size`: whole if it fits, else cut short with an
/// ellipsis (the whole of it then belongs in the picture's title for it). A name is measured
/// at 0.55 em a letter, about what DejaVu Sans gives a mixed-case name, so that only a name
/// that would really run over is cut; `text_width`'s 0.6 em, which places labels apart, would
/// cut names of the shipped data that fit.
pub fn fit_text(text: &str, width: f64, size: f64) -> String {
    let letters = (width / (size * 0.55)).floor() as usize;
    if text.chars().count() <= letters {
        return text.to_string();
    }
    let room = letters.saturating_sub(1);
    let kept: String = text.chars().take(room).collect();
    format!("{}…", kept.trim_end())
}

/// The box a line of text takes, drawn at baseline `y` with `anchor` (start, middle or end).
pub fn text_box(x: f64, y: f64, anchor: &str, size: f64, text: &str) -> Rect {
    let w = text_width(text, size);
    let x0 = match anchor {
        "middle" => x - w / 2.0,
        "end" => x - w,
        _ => x,
    };
    Rect::new(x0, y - 0.8 * size, x0 + w, y + 0.25 * size)
}

/// Where a label is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub anchor: &'static str,
}

impl Spot {
    pub fn new(x: f64, y: f64, anchor: &'static str) -> Spot {
        Spot { x, y, anchor }
    }

    pub fn json(&self) -> Value {
        json!({"x": round1(self.x), "y": round1(self.y), "anchor": self.anchor})
    }
}

/// Picks among `candidates`, listed nearest first, a spot where `text` crowds nothing in
/// `taken`: the nearest, unless it crosses more of `lines` than a farther one (a line through
/// a name costs two steps down the list); when every one crowds something, the one crowding
/// least. The label's box is added to `taken`.
pub fn place_label(
    text: &str,
    size: f64,
    candidates: &[Spot],
    taken: &mut Vec<Rect>,
    lines: &[Segment],
) -> Spot {
    place_block(&[text], size, 0.0, candidates, taken, lines)
}

/// `place_label` for a name in several lines, `step` apart: each candidate is the first
/// line's spot.
pub fn place_block(
    texts: &[&str],
    size: f64,
    step: f64,
    candidates: &[Spot],
    taken: &mut Vec<Rect>,
    lines: &[Segment],
) -> Spot {
    let boxes = |s: &Spot| -> Vec<Rect> {
        texts
            .iter()
            .enumerate()
            .map(|(k, t)| text_box(s.x, s.y + k as f64 * step, s.anchor, size, t))
            .collect()
    };
    let cost = |s: &Spot| {
        let bs = boxes(s);
        let crowded = taken
            .iter()
            .filter(|t| bs.iter().any(|b| t.overlaps(b)))
            .count();
        let crossed = lines
            .iter()
            .filter(|(a, z)| bs.iter().any(|b| b.crossed_by(*a, *z)))
            .count();
        crowded * 1000 + crossed * 2
    };
    let best = candidates
        .iter()
        .copied()
        .enumerate()
        .min_by_key(|(i, s)| (cost(s) + i, *i))
        .map(|(_, s)| s)
        .unwrap_or(Spot::new(0.0, 0.0, "start"));
    taken.extend(boxes(&best));
    best
}

/// A name in at most two lines for a small space: split at ` & `, or at the space nearest
/// its middle when it is longer than `max` letters.
pub fn name_lines(name: &str, max: usize) -> Vec<String> {
    if let Some((a, b)) = name.split_once(" & ") {
        return vec![format!("{a} &"), b.to_string()];
    }
    if name.chars().count() <= max {
        return vec![name.to_string()];
    }
    let middle = name.len() / 2;
    match name
        .match_indices(' ')
        .map(|(i, _)| i)
        .min_by_key(|i| i.abs_diff(middle))
    {
        Some(i) => vec![name[..i].to_string(), name[i + 1..].to_string()],
        None => vec![name.to_string()],
    }
}

pub fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_avoids_what_is_taken() {
        let mut taken = vec![Rect::new(0.0, 0.0, 100.0, 20.0)];
        let spots = [
            Spot::new(50.0, 15.0, "middle"),
            Spot::new(50.0, 40.0, "middle"),
        ];
        let s = place_label("Camden", 10.0, &spots, &mut taken, &[]);
        assert_eq!(s, spots[1]);
        assert_eq!(taken.len(), 2);
        // The next label there has to take the crowded spot that crowds least.
        let s = place_label("Camden", 10.0, &spots, &mut taken, &[]);
        assert_eq!(s, spots[0]);
    }

    #[test]
    fn long_names_take_two_lines() {
        assert_eq!(
            name_lines("Forts Henry & Donelson", 14),
            ["Forts Henry &", "Donelson"]
        );
        assert_eq!(name_lines("Washington D.C.", 14), ["Washington", "D.C."]);
        assert_eq!(name_lines("Fredericksburg", 14), ["Fredericksburg"]);
        assert_eq!(name_lines("Camden", 14), ["Camden"]);
    }

    #[test]
    fn a_segment_through_a_box_crosses_it_and_one_beside_it_does_not() {
        let r = Rect::new(10.0, 10.0, 20.0, 20.0);
        assert!(r.crossed_by((0.0, 0.0), (30.0, 30.0)));
        assert!(!r.crossed_by((0.0, 25.0), (30.0, 25.0)));
        assert!(!r.crossed_by((0.0, 0.0), (5.0, 5.0)));
    }
}
