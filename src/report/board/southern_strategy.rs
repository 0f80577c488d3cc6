//! The Southern Strategy's board: latitude and longitude from `board.yaml` projected onto the
//! picture, each colony shaded over the areas nearest its own, names placed where they crowd
//! nothing, and a column beside the map for the Partisan Boxes and the legend.

use serde_json::{json, Value};

use super::{place_label, round1, text_box, Rect, Spot};

/// Drawing area of the map, in SVG units, inside the picture's margins.
const MAP_WIDTH: f64 = 760.0;
const LEFT: f64 = 60.0;
/// The northernmost area's place: low enough that its shading, REACH around it, clears the
/// title instead of being cut flat under it.
const TOP: f64 = MAP_TOP + REACH;
/// Where the map begins below the title.
const MAP_TOP: f64 = 68.0;
/// The sea zone ellipses' half-axes.
const SEA_RX: f64 = 70.0;
const SEA_RY: f64 = 38.0;
/// How far an area's shading reaches where no other area is nearer.
const REACH: f64 = 68.0;
/// The size of area names.
const NAME_SIZE: f64 = 10.0;
/// Width of the column beside the map.
const PANEL_WIDTH: f64 = 230.0;
/// Shading and lettering of each colony, in the map's order of colonies.
const COLONY_COLOURS: &[(&str, &str)] = &[
    ("#cfe3bf", "#557a3e"),
    ("#efe2a2", "#85711c"),
    ("#f1c9a6", "#9a5a2e"),
    ("#dccbe8", "#6a5487"),
];

type Point = (f64, f64);

/// Places the areas, sea zones and colonies of `lookups` on the picture, with the movement
/// lines, the colony shading and borders, every name's spot, and the picture's size; and, for
/// an attack under way in `state`, where the attacking force waits.
pub fn layout(lookups: &Value, state: &Value) -> Value {
    let areas = lookups["geometry"].as_array().cloned().unwrap_or_default();
    let seas = lookups["seas"].as_array().cloned().unwrap_or_default();
    let colonies = lookups["colony_places"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let all: Vec<&Value> = areas.iter().chain(seas.iter()).collect();
    let lat = |v: &Value| v["lat"].as_f64().unwrap_or(0.0);
    let lon = |v: &Value| v["lon"].as_f64().unwrap_or(0.0);
    let (min_lon, max_lon) = all.iter().fold((f64::MAX, f64::MIN), |(a, b), v| {
        (a.min(lon(v)), b.max(lon(v)))
    });
    let (min_lat, max_lat) = all.iter().fold((f64::MAX, f64::MIN), |(a, b), v| {
        (a.min(lat(v)), b.max(lat(v)))
    });
    // An equirectangular projection at the map's middle latitude keeps shapes about right.
    let squash = ((min_lat + max_lat) / 2.0).to_radians().cos();
    let scale = MAP_WIDTH / ((max_lon - min_lon) * squash).max(1e-9);
    let place = |v: &Value| -> Point {
        let x = LEFT + (lon(v) - min_lon) * squash * scale;
        let y = TOP + (max_lat - lat(v)) * scale;
        (round1(x), round1(y))
    };
    let placed = |list: &[Value]| -> Vec<Value> {
        list.iter()
            .map(|v| {
                let (x, y) = place(v);
                let mut v = v.clone();
                v["x"] = json!(x);
                v["y"] = json!(y);
                v
            })
            .collect()
    };
    let mut areas = placed(&areas);
    let seas = placed(&seas);
    let mut colonies = placed(&colonies);
    let at = |v: &Value| {
        (
            v["x"].as_f64().unwrap_or(0.0),
            v["y"].as_f64().unwrap_or(0.0),
        )
    };

    let mut lines = Vec::new();
    let mut segments = Vec::new();
    for a in &areas {
        for b in a["adjacent"].as_array().into_iter().flatten() {
            // Each movement line once.
            if a["id"].as_str() < b.as_str() {
                if let Some(o) = areas.iter().find(|x| x["id"] == *b) {
                    let (p, q) = (at(a), at(o));
                    lines.push(json!({"x1": p.0, "y1": p.1, "x2": q.0, "y2": q.1}));
                    segments.push((p, q));
                }
            }
        }
    }

    // Colonies: each area's cell is the ground nearer to it than to any other area, within
    // REACH; the cells of a colony shade it, and where two colonies' cells meet is a border.
    let points: Vec<Point> = areas.iter().map(at).collect();
    let colony_of: Vec<String> = areas
        .iter()
        .map(|a| a["colony"].as_str().unwrap_or("").to_string())
        .collect();
    let colony_ids: Vec<String> = colonies
        .iter()
        .map(|c| c["id"].as_str().unwrap_or("").to_string())
        .collect();
    let colony_index = |id: &str| {
        colony_ids
            .iter()
            .position(|c| c == id)
            .unwrap_or(0)
            .min(COLONY_COLOURS.len() - 1)
    };
    let mut cells = Vec::new();
    let mut borders = Vec::new();
    for i in 0..points.len() {
        let cell = cell(i, &points);
        let text: Vec<String> = cell
            .iter()
            .map(|(v, _)| format!("{},{}", round1(v.0), round1(v.1)))
            .collect();
        cells.push(json!({"points": text.join(" "),
                          "fill": COLONY_COLOURS[colony_index(&colony_of[i])].0}));
        for (k, (v, edge)) in cell.iter().enumerate() {
            if let Some(j) = edge {
                if *j > i && colony_of[*j] != colony_of[i] {
                    let w = cell[(k + 1) % cell.len()].0;
                    borders.push(json!({"x1": round1(v.0), "y1": round1(v.1),
                                        "x2": round1(w.0), "y2": round1(w.1)}));
                }
            }
        }
    }
    for c in colonies.iter_mut() {
        let (fill, ink) = COLONY_COLOURS[colony_index(c["id"].as_str().unwrap_or(""))];
        c["fill"] = json!(fill);
        c["ink"] = json!(ink);
    }

    // What names must not cover: every marker with the room its pieces take (army to the
    // right, supplies below, a Loyalist hold to the left, the port mark above left), the sea
    // zones and the colony names. The room is kept whether or not a piece is there, so the
    // names stay put from one picture to the next.
    // The picture's edges and the title above the map are taken too.
    let mut taken: Vec<Rect> = vec![
        Rect::new(-1e4, -1e4, 0.0, 1e4),
        Rect::new(-1e4, -1e4, 1e4, MAP_TOP),
    ];
    for (a, &(x, y)) in areas.iter().zip(&points) {
        taken.extend(piece_boxes(x, y, a["port"] == true));
    }
    for z in &seas {
        let (x, y) = at(z);
        taken.push(Rect::new(x - SEA_RX, y - SEA_RY, x + SEA_RX, y + SEA_RY));
    }
    for c in &colonies {
        let (x, y) = at(c);
        let name = c["name"].as_str().unwrap_or("").to_uppercase();
        taken.push(text_box(x, y, "middle", 15.0, &name));
    }
    for a in areas.iter_mut() {
        let (x, y) = at(a);
        let name = a["name"].as_str().unwrap_or("").to_string();
        let above = Spot::new(x, y - 13.0, "middle");
        let below = Spot::new(x, y + 33.0, "middle");
        let right = Spot::new(x + 40.0, y + 4.0, "start");
        let left = Spot::new(x - 21.0, y + 4.0, "end");
        let mut spots = match a["label"].as_str() {
            Some("below") => vec![below, above, right, left],
            Some("left") => vec![left, above, below, right],
            Some("right") => vec![right, above, below, left],
            _ => vec![above, below, right, left],
        };
        // Then the corners, shifted off the marker.
        spots.extend([
            Spot::new(x + 4.0, y - 13.0, "start"),
            Spot::new(x - 4.0, y - 13.0, "end"),
            Spot::new(x + 4.0, y + 33.0, "start"),
            Spot::new(x - 4.0, y + 33.0, "end"),
            Spot::new(x + 40.0, y - 8.0, "start"),
            Spot::new(x - 21.0, y - 8.0, "end"),
        ]);
        let spot = place_label(&name, NAME_SIZE, &spots, &mut taken, &segments);
        let mut label = spot.json();
        // A name to the right of its marker stands past the room kept for the army, so far
        // that it can read as a neighbour's name: a thin line leads it to its marker, under
        // any army counter drawn there.
        if spot.x - x >= 30.0 {
            label["leader"] = json!({"x1": round1(x + 11.0), "y1": round1(y),
                                     "x2": round1(spot.x - 3.0), "y2": round1(spot.y - 4.0)});
        }
        a["label"] = label;
    }

    // Where an attacking force waits (9.4, 10.0): on its movement line, from the middle
    // towards the target, then beside the line, covering the fewest names and pieces' room.
    let attack = &state["phase"]["attack"];
    let end = |id: &Value| areas.iter().find(|a| a["id"] == *id).map(&at);
    let attack_spot = match (end(&attack["from"]), end(&attack["to"])) {
        (Some(p), Some(q)) => {
            let (x, y) = attack_spot(p, q, &name_boxes(&areas), &taken);
            json!({"x": round1(x), "y": round1(y)})
        }
        _ => Value::Null,
    };

    let right = points
        .iter()
        .map(|p| p.0 + 40.0)
        .chain(seas.iter().map(|z| at(z).0 + SEA_RX))
        .fold(LEFT + MAP_WIDTH, f64::max);
    let bottom = points
        .iter()
        .map(|p| p.1 + 40.0)
        .chain(seas.iter().map(|z| at(z).1 + SEA_RY))
        .fold(TOP, f64::max);
    let panel_x = round1(right + 30.0);
    json!({"areas": areas, "seas": seas, "lines": lines, "cells": cells, "borders": borders,
           "attack_spot": attack_spot,
           "colonies": colonies, "panel_x": panel_x,
           "width": round1(panel_x + PANEL_WIDTH), "height": round1(bottom.max(720.0) + 20.0),
           "name_size": NAME_SIZE})
}

/// The box of each placed area name (`label` in the layout's areas).
fn name_boxes(areas: &[Value]) -> Vec<Rect> {
    areas
        .iter()
        .map(|a| {
            let l = &a["label"];
            text_box(
                l["x"].as_f64().unwrap_or(0.0),
                l["y"].as_f64().unwrap_or(0.0),
                l["anchor"].as_str().unwrap_or("start"),
                NAME_SIZE,
                a["name"].as_str().unwrap_or(""),
            )
        })
        .collect()
}

/// Where a force attacking from `p` to `q` waits: along the line from the middle towards the
/// target, then beside it where the line itself is crowded; covering a name costs far more
/// than covering a piece's room (`taken`).
fn attack_spot(p: Point, q: Point, names: &[Rect], taken: &[Rect]) -> Point {
    let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt().max(1e-9);
    let (nx, ny) = (-(q.1 - p.1) / len, (q.0 - p.0) / len);
    [0.0, 16.0, -16.0, 28.0, -28.0, 40.0, -40.0]
        .iter()
        .flat_map(|n| [0.6, 0.5, 0.7, 0.4, 0.8].map(|t| (t, *n)))
        .map(|(t, n)| {
            (
                p.0 + (q.0 - p.0) * t + nx * n,
                p.1 + (q.1 - p.1) * t + ny * n,
            )
        })
        .min_by_key(|&(x, y)| {
            let chip = Rect::new(x - 10.0, y - 10.0, x + 20.0, y + 10.0);
            names.iter().filter(|r| r.overlaps(&chip)).count() * 100
                + taken.iter().filter(|r| r.overlaps(&chip)).count()
        })
        .unwrap_or(p)
}

/// The room an area's marker and pieces take around its place: the marker, the army to the
/// right, the supplies below, a Loyalist hold to the left and a port's mark above left.
fn piece_boxes(x: f64, y: f64, port: bool) -> Vec<Rect> {
    let mut boxes = vec![
        Rect::around(x, y, 10.0),
        Rect::new(x + 8.0, y - 9.0, x + 38.0, y + 9.0),
        Rect::new(x - 20.0, y + 12.0, x + 20.0, y + 24.0),
        Rect::new(x - 18.0, y - 5.0, x - 7.0, y + 5.0),
    ];
    if port {
        boxes.push(Rect::new(x - 21.0, y - 19.0, x - 9.0, y - 7.0));
    }
    boxes
}

/// Area `i`'s cell: the ground nearer to it than to any other point, within REACH, as a convex
/// polygon. Each vertex carries the index of the area across the edge that starts there
/// (`None` where the edge is the end of the reach).
fn cell(i: usize, points: &[Point]) -> Vec<(Point, Option<usize>)> {
    let (cx, cy) = points[i];
    let sides = 28;
    let mut poly: Vec<(Point, Option<usize>)> = (0..sides)
        .map(|k| {
            let t = std::f64::consts::TAU * k as f64 / sides as f64;
            ((cx + REACH * t.cos(), cy + REACH * t.sin()), None)
        })
        .collect();
    for (j, &(ox, oy)) in points.iter().enumerate() {
        if j == i || ((ox - cx).powi(2) + (oy - cy).powi(2)).sqrt() > 2.0 * REACH {
            continue;
        }
        // Keep the half-plane nearer to i: (p - m) . (o - c) <= 0 with m the midpoint.
        let (mx, my) = ((cx + ox) / 2.0, (cy + oy) / 2.0);
        let (nx, ny) = (ox - cx, oy - cy);
        poly = clip(&poly, |p| (p.0 - mx) * nx + (p.1 - my) * ny, Some(j));
    }
    // Nothing above the map: the title is there.
    clip(&poly, |p| MAP_TOP - p.1, None)
}

/// The part of a convex polygon where `side` is at most 0; the cut's edge carries `edge`.
fn clip(
    poly: &[(Point, Option<usize>)],
    side: impl Fn(Point) -> f64,
    edge_of_cut: Option<usize>,
) -> Vec<(Point, Option<usize>)> {
    let mut out = Vec::new();
    for k in 0..poly.len() {
        let (a, edge) = poly[k];
        let (b, _) = poly[(k + 1) % poly.len()];
        let (sa, sb) = (side(a), side(b));
        let cut = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        match (sa <= 0.0, sb <= 0.0) {
            (true, true) => out.push((a, edge)),
            (true, false) => {
                out.push((a, edge));
                out.push((cut(sa / (sa - sb)), edge_of_cut));
            }
            (false, true) => out.push((cut(sa / (sa - sb)), edge)),
            (false, false) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `board.yaml` places the areas far enough apart that no army, supplies or marker of one
    /// area covers another's, whatever stands where; the sea zones too.
    #[test]
    fn the_pieces_of_neighbouring_areas_never_collide() {
        let rules = crate::games::load("southern-strategy", None).unwrap();
        let board = layout(&rules.lookups(), &json!({}));
        let areas = board["areas"].as_array().unwrap();
        let at = |v: &Value| (v["x"].as_f64().unwrap(), v["y"].as_f64().unwrap());
        let mut faults = Vec::new();
        let boxes = |v: &Value| piece_boxes(at(v).0, at(v).1, v["port"] == true);
        for (i, a) in areas.iter().enumerate() {
            for b in &areas[i + 1..] {
                if boxes(a)
                    .iter()
                    .any(|p| boxes(b).iter().any(|q| q.overlaps(p)))
                {
                    faults.push(format!("{} and {}", a["id"], b["id"]));
                }
            }
            for z in board["seas"].as_array().unwrap() {
                let (zx, zy) = at(z);
                let sea = Rect::new(zx - SEA_RX, zy - SEA_RY, zx + SEA_RX, zy + SEA_RY);
                if boxes(a).iter().any(|p| p.overlaps(&sea)) {
                    faults.push(format!("{} and sea zone {}", a["id"], z["id"]));
                }
            }
        }
        assert!(faults.is_empty(), "pieces collide: {}", faults.join(", "));
    }
}

#[cfg(test)]
mod attack_tests {
    use super::*;

    /// An attacking force waits on its movement line where it covers no area's name (it hid
    /// "Fort Motte" on the way to Orangeburg), on every line of the map; with no attack under
    /// way there is no spot.
    #[test]
    fn an_attacking_force_covers_no_name() {
        let rules = crate::games::load("southern-strategy", None).unwrap();
        let lookups = rules.lookups();
        let quiet = layout(&lookups, &json!({}));
        assert!(quiet["attack_spot"].is_null());
        let names = name_boxes(quiet["areas"].as_array().unwrap());
        let mut lines = 0;
        let mut covered = Vec::new();
        for a in quiet["areas"].as_array().unwrap() {
            for b in a["adjacent"].as_array().unwrap() {
                let state = json!({"phase": {"attack": {"from": a["id"], "to": b}}});
                let s = &layout(&lookups, &state)["attack_spot"];
                let (x, y) = (s["x"].as_f64().unwrap(), s["y"].as_f64().unwrap());
                let chip = Rect::new(x - 10.0, y - 8.0, x + 19.0, y + 8.0);
                if names.iter().any(|n| n.overlaps(&chip)) {
                    covered.push(format!("{}-{}", a["id"], b));
                }
                lines += 1;
            }
        }
        assert!(lines > 100, "{lines} lines");
        assert!(covered.is_empty(), "attacks covering a name: {covered:?}");
    }
}
