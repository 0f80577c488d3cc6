//! The Lost Cause's board: the rulebook prints the Union army tracks (8.5-8.9), not a map, so
//! the picture is a schematic. Each space sits on the grid of `board.yaml`, the tracks join
//! their spaces in marching order, each theater is a band, and the tracks of the game's
//! markers (morale, recognition, blockade) with the leaders, cards and resources go below.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::{name_lines, place_block, round1, text_width, Rect, Spot};

const CELL_W: f64 = 108.0;
const CELL_H: f64 = 72.0;
const X0: f64 = 70.0;
const Y0: f64 = 162.0;
/// Half the size of a space's shape.
const R: f64 = 13.0;
const NAME_SIZE: f64 = 10.0;
const LINE_STEP: f64 = 11.0;
/// The colours of the Union armies, by army id (the colour each army is named for, 7.1).
const ARMY_COLOURS: &[(&str, &str, &str)] = &[
    ("blue", "#2f5fb3", "white"),
    ("yellow", "#e3bd1d", "black"),
    ("brown", "#8b5a2b", "white"),
    ("green", "#2e8b57", "white"),
    ("orange", "#e0771f", "black"),
];
/// Each Confederate theater, its name, and the Union theater it lies in (2.1).
const THEATER_NAMES: &[(&str, &str, &str)] = &[
    ("mississippi", "Mississippi theater", "west"),
    ("west", "Western theater", "west"),
    ("east", "Eastern theater", "east"),
];

type Point = (f64, f64);

fn colour_of(army: &str) -> (&'static str, &'static str) {
    ARMY_COLOURS
        .iter()
        .find(|(id, _, _)| *id == army)
        .map(|(_, c, t)| (*c, *t))
        .unwrap_or(("#555555", "white"))
}

/// A marker's short code on the picture; the legend spells it out.
fn resource_code(name: &str) -> &'static str {
    match name {
        "Forts" => "Ft",
        "Gunboats" => "Gb",
        "Ironclads" => "Ic",
        "Coastal Forts" => "CF",
        "Torpedoes" => "Tp",
        "Commerce Raider" => "CR",
        "European Munitions" => "EM",
        "Railroads" => "RR",
        "Submarines" => "Sb",
        _ => "?",
    }
}

/// Places the spaces, tracks, armies and markers of `state` on the schematic, with each
/// theater's band, every name's spot and the picture's size. `facts.holders` says who holds
/// each space (8.3).
pub fn layout(lookups: &Value, state: &Value, facts: &Value) -> Value {
    let pic = &lookups["picture"];
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let grid = |v: &Value| -> Point {
        (
            round1(X0 + v["place"]["col"].as_f64().unwrap_or(0.0) * CELL_W),
            round1(Y0 + v["place"]["row"].as_f64().unwrap_or(0.0) * CELL_H),
        )
    };
    let mut spaces = list(&pic["spaces"]);
    let mut strategic = list(&pic["strategic"]);
    let pos = |id: &str, spaces: &[Value]| -> Option<Point> {
        spaces.iter().find(|s| s["id"] == id).map(grid)
    };
    let fortified: BTreeSet<&str> = str_set(&state["fortified"]);
    let bases: BTreeSet<&str> = str_set(&state["bases"]);

    // The tracks: each pair of spaces next to each other on a track, once, in the colour of
    // the army that marches it from its Home Base.
    let mut edges: Vec<(String, String, &str)> = Vec::new();
    for t in list(&pic["tracks"]) {
        let colour = list(&pic["armies"])
            .iter()
            .find(|a| a["track"] == t["id"])
            .map(|a| colour_of(a["id"].as_str().unwrap_or("")).0)
            .unwrap_or("#8c7a5b");
        let ids: Vec<String> = list(&t["spaces"])
            .iter()
            .filter_map(|s| s.as_str().map(str::to_string))
            .collect();
        for w in ids.windows(2) {
            let (a, b) = if w[0] < w[1] {
                (w[0].clone(), w[1].clone())
            } else {
                (w[1].clone(), w[0].clone())
            };
            match edges.iter_mut().find(|e| e.0 == a && e.1 == b) {
                // A coloured track wins over a plain one on a shared stretch.
                Some(e) if e.2 == "#8c7a5b" => e.2 = colour,
                Some(_) => {}
                None => edges.push((a, b, colour)),
            }
        }
    }
    let mut segments = Vec::new();
    let mut lines = Vec::new();
    for (a, b, colour) in &edges {
        if let (Some(p), Some(q)) = (pos(a, &spaces), pos(b, &spaces)) {
            segments.push((p, q));
            lines.push(json!({"x1": p.0, "y1": p.1, "x2": q.0, "y2": q.1, "colour": colour}));
        }
    }
    let mut links = Vec::new();
    for s in &strategic {
        let p = grid(s);
        for c in list(&s["connected"]) {
            if let Some(q) = pos(c.as_str().unwrap_or(""), &spaces) {
                segments.push((p, q));
                links.push(json!({"x1": p.0, "y1": p.1, "x2": q.0, "y2": q.1}));
            }
        }
    }

    // The Union armies: where each stands (its Northern Invasion space when invading), its
    // face and markers, and the road it has taken from its base.
    let defs = list(&pic["armies"]);
    let mut armies = Vec::new();
    // The spaces each army's road has passed, in order.
    let mut walks: Vec<Vec<Point>> = Vec::new();
    let mut at_space: Vec<(String, usize)> = Vec::new();
    for (id, a) in state["armies"].as_object().into_iter().flatten() {
        let def = defs.iter().find(|d| d["id"] == id.as_str());
        let route: Vec<&str> = a["route"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let step = a["at"].as_u64().unwrap_or(0) as usize;
        let invading = a["invading"].as_bool().unwrap_or(false);
        let space = if invading {
            def.and_then(|d| d["invasion"].as_str()).unwrap_or("")
        } else {
            route.get(step).copied().unwrap_or("")
        };
        let Some((x, y)) = pos(space, &spaces) else {
            continue;
        };
        let k = at_space.iter().filter(|(s, _)| s == space).count();
        at_space.push((space.to_string(), armies.len()));
        let form = def
            .map(|d| &d["forms"][a["form"].as_str().unwrap_or("")])
            .cloned()
            .unwrap_or(Value::Null);
        let (colour, ink) = colour_of(id);
        walks.push(
            route[..=step.min(route.len().saturating_sub(1))]
                .iter()
                .filter_map(|s| pos(s, &spaces))
                .collect::<Vec<Point>>(),
        );
        armies.push(json!({
            "id": id, "colour": colour, "ink": ink, "space": space, "invading": invading,
            "x": round1(x + R + 4.0 + k as f64 * 38.0), "y": round1(y - R - 6.0),
            "form": form["name"], "rating": format!("{}-{}", form["initiative"], form["battle"]),
            "disrupted": a["disrupted"].as_u64().unwrap_or(0),
            "initiative": a["initiative"].as_array().map_or(0, Vec::len),
            // 11.0: each Union Initiative marker's shape and modifier, drawn by shape.
            "markers": a["initiative"].clone(),
        }));
    }
    for (a, d) in armies.iter_mut().zip(route_paths(&walks)) {
        a["route"] = json!(d);
    }

    // What sits on each space: markers, who holds it, and where its name goes.
    let names = &lookups["resources"];
    let mut taken: Vec<Rect> = Vec::new();
    let points: Vec<Point> = spaces.iter().map(grid).collect();
    for &(x, y) in &points {
        taken.push(Rect::around(x, y, R + 1.0));
        taken.push(Rect::new(x - R, y + R, x + R, y + R + 6.0));
        taken.push(Rect::new(x - R - 3.0, y - R - 14.0, x + 4.0, y - R));
        taken.push(Rect::new(
            x + R + 3.0,
            y - R - 8.0,
            x + R + 41.0,
            y - R + 13.0,
        ));
        taken.push(Rect::new(x + R + 3.0, y - 1.0, x + R + 50.0, y + 12.0));
    }
    for s in strategic.iter() {
        let (x, y) = grid(s);
        taken.push(Rect::around(x, y, R + 3.0));
    }
    for s in spaces.iter_mut() {
        let id = s["id"].as_str().unwrap_or("").to_string();
        let (x, y) = grid(s);
        let mut chips = Vec::new();
        if fortified.contains(id.as_str()) {
            chips
                .push(json!({"code": "F", "fill": "#3b3b3b", "ink": "white", "what": "Fortified"}));
        }
        if bases.contains(id.as_str()) {
            chips.push(
                json!({"code": "AB", "fill": "#c9d6ea", "ink": "#1d2f52", "what": "Advanced Base"}),
            );
        }
        for (r, place) in state["resources"].as_object().into_iter().flatten() {
            if place["space"] == id.as_str() {
                let name = names[r].as_str().unwrap_or(r);
                chips.push(
                    json!({"code": resource_code(name), "fill": "#f4e4b0", "ink": "#3b2f1e",
                                  "what": name}),
                );
            }
        }
        for (k, c) in chips.iter_mut().enumerate() {
            c["x"] = json!(round1(x + R + 4.0 + k as f64 * 16.0));
            c["y"] = json!(round1(y));
        }
        let lines = name_lines(s["name"].as_str().unwrap_or(""), 13);
        let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
        let up = (texts.len() as f64 - 1.0) * LINE_STEP;
        let spots = [
            Spot::new(x, y + R + 16.0, "middle"),
            Spot::new(x - R - 5.0, y + 4.0 - up / 2.0, "end"),
            Spot::new(x, y - R - 18.0 - up, "middle"),
            Spot::new(x + R + 5.0, y + 22.0, "start"),
            Spot::new(x - R - 5.0, y + R + 12.0, "end"),
            Spot::new(x + R + 50.0, y + 4.0 - up / 2.0, "start"),
        ];
        let spot = place_block(&texts, NAME_SIZE, LINE_STEP, &spots, &mut taken, &segments);
        s["label"] = spot.json();
        s["lines"] = json!(lines);
        s["x"] = json!(x);
        s["y"] = json!(y);
        s["holder"] = facts["holders"][&id].clone();
        s["chips"] = json!(chips);
    }
    for s in strategic.iter_mut() {
        let (x, y) = grid(s);
        let lines = name_lines(s["name"].as_str().unwrap_or(""), 13);
        let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
        let up = (texts.len() as f64 - 1.0) * LINE_STEP;
        let spots = [
            Spot::new(x, y + R + 14.0, "middle"),
            Spot::new(x, y - R - 8.0 - up, "middle"),
            Spot::new(x + R + 6.0, y + 4.0 - up / 2.0, "start"),
            Spot::new(x - R - 6.0, y + 4.0 - up / 2.0, "end"),
        ];
        let spot = place_block(&texts, NAME_SIZE, LINE_STEP, &spots, &mut taken, &segments);
        s["label"] = spot.json();
        s["lines"] = json!(lines);
        s["x"] = json!(x);
        s["y"] = json!(y);
        s["control"] = state["strategic"][s["id"].as_str().unwrap_or("")].clone();
    }

    // Each theater a band across the map, split halfway between neighbouring theaters.
    let mut spans: Vec<(&str, &str, &str, f64, f64)> = THEATER_NAMES
        .iter()
        .filter_map(|(id, name, union)| {
            let xs: Vec<f64> = spaces
                .iter()
                .chain(strategic.iter())
                .filter(|s| s["theater"] == *id)
                .filter_map(|s| s["x"].as_f64())
                .collect();
            let lo = xs.iter().copied().fold(f64::MAX, f64::min);
            let hi = xs.iter().copied().fold(f64::MIN, f64::max);
            (!xs.is_empty()).then_some((*id, *name, *union, lo, hi))
        })
        .collect();
    spans.sort_by(|a, b| a.3.total_cmp(&b.3));
    let right = points
        .iter()
        .map(|p| p.0 + R + 60.0)
        .fold(X0 + 9.0 * CELL_W, f64::max);
    let bottom = points.iter().map(|p| p.1 + 50.0).fold(Y0, f64::max);
    let mut theaters = Vec::new();
    for (k, (id, name, union, _, hi)) in spans.iter().enumerate() {
        let x0 = if k == 0 {
            12.0
        } else {
            (spans[k - 1].4 + spans[k].3) / 2.0
        };
        let x1 = match spans.get(k + 1) {
            Some(next) => (hi + next.3) / 2.0,
            None => right,
        };
        theaters.push(
            json!({"id": id, "name": name, "union": union, "x0": round1(x0),
                             "x1": round1(x1), "mid": round1((x0 + x1) / 2.0),
                             "shade": k % 2 == 0}),
        );
    }
    let width = round1(right + 12.0);
    // The card's headline may run long: the picture is as wide as it needs.
    let card = state["card"].as_str().unwrap_or("");
    let headline = lookups["cards"][card]["headline"].as_str().unwrap_or("");
    let width = width.max(round1(40.0 + text_width(headline, 13.0) + 150.0));
    json!({"spaces": spaces, "strategic": strategic, "lines": lines, "links": links,
           "armies": armies, "theaters": theaters, "width": width,
           "map_top": Y0 - 62.0, "map_bottom": round1(bottom), "name_size": NAME_SIZE,
           "line_step": LINE_STEP, "r": R,
           "legend_x": round1(width - 440.0)})
}

fn str_set(v: &Value) -> BTreeSet<&str> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// How far apart two roads along the same link are drawn.
const ROUTE_GAP: f64 = 5.0;

/// Each army's road as an SVG path, one stroke a link: where roads share a link they are
/// drawn side by side, shifted across it, so that none hides another.
fn route_paths(walks: &[Vec<Point>]) -> Vec<String> {
    // A link by its two ends in a fixed order, so that roads going either way meet on it.
    let link = |p: Point, q: Point| {
        let key = |(x, y): Point| ((x * 10.0).round() as i64, (y * 10.0).round() as i64);
        if key(p) <= key(q) {
            (p, q)
        } else {
            (q, p)
        }
    };
    let mut users: Vec<((Point, Point), Vec<usize>)> = Vec::new();
    for (i, w) in walks.iter().enumerate() {
        for pair in w.windows(2) {
            let l = link(pair[0], pair[1]);
            match users.iter_mut().find(|(k, _)| *k == l) {
                Some((_, u)) if !u.contains(&i) => u.push(i),
                Some(_) => {}
                None => users.push((l, vec![i])),
            }
        }
    }
    walks
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let mut d = Vec::new();
            for pair in w.windows(2) {
                let l = link(pair[0], pair[1]);
                let u = users
                    .iter()
                    .find(|(k, _)| *k == l)
                    .map_or(&[][..], |(_, u)| &u[..]);
                let rank = u.iter().position(|x| *x == i).unwrap_or(0) as f64;
                let shift = (rank - (u.len() as f64 - 1.0) / 2.0) * ROUTE_GAP;
                let ((x1, y1), (x2, y2)) = l;
                let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1e-9);
                let (nx, ny) = (-(y2 - y1) / len * shift, (x2 - x1) / len * shift);
                d.push(format!(
                    "M {},{} L {},{}",
                    round1(pair[0].0 + nx),
                    round1(pair[0].1 + ny),
                    round1(pair[1].0 + nx),
                    round1(pair[1].1 + ny)
                ));
            }
            d.join(" ")
        })
        .collect()
}

#[cfg(test)]
mod route_tests {
    use super::*;

    /// Two roads along the same link, one each way, are drawn either side of it, a gap apart;
    /// a link only one road takes is drawn on the link itself.
    #[test]
    fn roads_sharing_a_link_are_drawn_side_by_side() {
        let a = vec![(0.0, 0.0), (100.0, 0.0), (100.0, 50.0)];
        let b = vec![(100.0, 0.0), (0.0, 0.0)];
        let paths = route_paths(&[a, b]);
        assert_eq!(
            paths[0], "M 0,-2.5 L 100,-2.5 M 100,0 L 100,50",
            "{paths:?}"
        );
        assert_eq!(paths[1], "M 100,2.5 L 0,2.5", "{paths:?}");
        assert_eq!(route_paths(&[vec![(5.0, 5.0)]]), vec![String::new()]);
    }
}
