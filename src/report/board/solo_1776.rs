//! Solo 1776's board: the Off-Board movement chart (12) as a table, one row for each of the
//! six areas from north to south and one column for each OB location (0, 5, 10, 15) from
//! inland to the coast, with the towns of each location and the American armies,
//! detachments and forts in it, and the sea beside location 15 for the French fleets (17).

use serde_json::{json, Value};

use super::{fit_text, round1, text_width};

const LEFT: f64 = 20.0;
const TOP: f64 = 124.0;
/// The column of area names.
const NAMES_W: f64 = 150.0;
const CELL_W: f64 = 220.0;
/// The least height of an area's row; a row grows to hold its fullest location.
const CELL_H: f64 = 100.0;
/// Where in its cell the pieces of a location stack.
const PIECE_X: f64 = CELL_W - 76.0;
/// How far apart the pieces stacked in a location are.
const PIECE_STEP: f64 = 30.0;
const SEA_W: f64 = 110.0;
const TOWN_STEP: f64 = 16.0;
/// The font size of a town's name.
const TOWN_SIZE: f64 = 10.0;
const LOCATIONS: [u64; 4] = [0, 5, 10, 15];

/// Places the areas, their locations and towns, and the American pieces of `state`.
pub fn layout(lookups: &Value, state: &Value) -> Value {
    let order: Vec<String> = lookups["area_order"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .rev()
        .collect();
    let x_of = |loc: u64| {
        let i = LOCATIONS.iter().position(|l| *l == loc).unwrap_or(0);
        LEFT + NAMES_W + i as f64 * CELL_W
    };
    // Each row is as tall as its fullest location needs: its towns above the requisite line
    // at the bottom, and its pieces stacked at the right.
    // How many pieces of the `kinds` stand in a location.
    let count_at = |kinds: &[&str], area: &str, loc: u64| {
        kinds
            .iter()
            .flat_map(|k| state[*k].as_object().into_iter().flatten())
            .filter(|(_, p)| p["area"] == area && p["location"].as_u64() == Some(loc))
            .count()
    };
    let counters_at = |area: &str, loc: u64| count_at(&["armies", "detachments"], area, loc);
    let forts_at = |area: &str, loc: u64| count_at(&["forts"], area, loc);
    let pieces_at = |area: &str, loc: u64| counters_at(area, loc) + forts_at(area, loc);
    let heights: Vec<f64> = order
        .iter()
        .map(|id| {
            LOCATIONS
                .iter()
                .map(|loc| {
                    let towns = state["areas"][id]["locations"][loc.to_string()]["towns"]
                        .as_array()
                        .map_or(0, Vec::len);
                    let pieces = pieces_at(id, *loc);
                    let for_towns = 24.0 + towns as f64 * TOWN_STEP + 14.0;
                    let for_pieces = 8.0 + pieces as f64 * PIECE_STEP + 4.0;
                    for_towns.max(for_pieces)
                })
                .fold(CELL_H, f64::max)
        })
        .collect();
    let tops: Vec<f64> = heights
        .iter()
        .scan(TOP, |y, h| {
            let top = *y;
            *y += h;
            Some(top)
        })
        .collect();
    let row_of = |area: &str| order.iter().position(|a| a == area).unwrap_or(0);
    let y_of = |area: &str| tops.get(row_of(area)).copied().unwrap_or(TOP);
    let french = &state["french"];
    // The table roll is made at the first American turn of a quarter (17): until then the
    // state holds the last quarter's, which is not where the fleets operate now.
    let rolled_now = crate::games::solo_1776::words::french_roll_current(state);
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for id in &order {
        let area = &state["areas"][id];
        let y = y_of(id);
        let h = heights[row_of(id)];
        let fleets = if french["at"] == id.as_str() {
            french["fleets"].as_u64().unwrap_or(0)
        } else {
            0
        };
        rows.push(json!({
            "id": id, "name": lookups["areas"][id], "y": y, "h": h, "mid": y + h / 2.0,
            "british_control": area["british_control"], "fleets": fleets,
            // Fleets withdrawn to the West Indies (17 duty 1) operate nowhere the roll names.
            "operating": rolled_now && french["operating"] == id.as_str() && french["fleets"].as_u64().unwrap_or(0) > 0
                && (french["duty"] != "west_indies" || id == "west-indies"),
        }));
        for loc in LOCATIONS {
            let x = x_of(loc);
            let l = &area["locations"][loc.to_string()];
            // 12, 15: the towns an American fort stands in, framed on the board: the fort's
            // counter stacks with the location's pieces, beside whichever town comes first.
            let fort_in = |town: &Value| {
                state["forts"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .any(|(_, f)| !town.is_null() && f["town"] == *town)
            };
            let towns: Vec<Value> = l["towns"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(k, t)| {
                    let mut t = t.clone();
                    if fort_in(&t["id"]) {
                        t["american_fort"] = json!(true);
                    }
                    // The name runs from 35 past the cell's edge to the first piece its
                    // line meets, or to the cell's end: a longer one (a position may name a
                    // town with 64 letters) is cut short, whole in its title.
                    let baseline = 24.0 + k as f64 * TOWN_STEP;
                    let end = piece_edge(
                        counters_at(id, loc),
                        forts_at(id, loc),
                        baseline - 0.8 * TOWN_SIZE,
                        baseline + 0.25 * TOWN_SIZE,
                    );
                    // The priority: a space at the name's size, then the letters at 8.
                    let priority = t["priority"].as_u64().map_or(0.0, |p| {
                        text_width(" ", TOWN_SIZE) + text_width(&format!("P{p}"), 8.0)
                    });
                    let name = t["name"].as_str().unwrap_or_default();
                    t["label"] = json!(fit_text(name, end - 35.0 - 3.0 - priority, TOWN_SIZE));
                    t["x"] = json!(x + 14.0);
                    t["y"] = json!(round1(y + baseline));
                    t
                })
                .collect();
            cells.push(
                json!({"area": id, "location": loc, "x": x, "y": y, "w": CELL_W, "h": h,
                              "requisite": l["requisite"], "towns": towns}),
            );
        }
    }

    // The pieces stack at the right of their cell: the army on top, then the detachments,
    // then a fort.
    let piece_x = |loc: u64| x_of(loc) + PIECE_X;
    let mut stacks: Vec<((String, u64), usize)> = Vec::new();
    let mut slot = |area: &str, loc: u64| {
        let key = (area.to_string(), loc);
        let n = match stacks.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                stacks.push((key, 0));
                0
            }
        };
        (piece_x(loc), y_of(area) + 8.0 + n as f64 * PIECE_STEP)
    };
    let town_name = |id: &str| lookups["towns"][id].as_str().unwrap_or(id).to_string();
    let mut armies = Vec::new();
    for (id, a) in state["armies"].as_object().into_iter().flatten() {
        let area = a["area"].as_str().unwrap_or("");
        let loc = a["location"].as_u64().unwrap_or(0);
        let (x, y) = slot(area, loc);
        let mut v = a.clone();
        // An army a correction made is named by the player's label: in words, as the
        // reports name it.
        if a["name"].as_str() == Some(id.as_str()) {
            v["name"] = json!(crate::engine::error::label_words(id));
        }
        v["id"] = json!(id);
        v["x"] = json!(x);
        v["y"] = json!(y);
        if let Some(t) = a["at"].as_str() {
            v["at_name"] = json!(town_name(t));
        }
        armies.push(v);
    }
    let mut detachments = Vec::new();
    for (id, d) in state["detachments"].as_object().into_iter().flatten() {
        let (x, y) = slot(
            d["area"].as_str().unwrap_or(""),
            d["location"].as_u64().unwrap_or(0),
        );
        let mut v = d.clone();
        v["id"] = json!(id);
        v["x"] = json!(x);
        v["y"] = json!(y);
        detachments.push(v);
    }
    let mut forts = Vec::new();
    for (id, f) in state["forts"].as_object().into_iter().flatten() {
        let (x, y) = slot(
            f["area"].as_str().unwrap_or(""),
            f["location"].as_u64().unwrap_or(0),
        );
        let mut v = f.clone();
        v["id"] = json!(id);
        v["x"] = json!(x);
        v["y"] = json!(y);
        if let Some(t) = f["town"].as_str() {
            v["town_name"] = json!(town_name(t));
        }
        forts.push(v);
    }
    let columns: Vec<Value> = LOCATIONS
        .iter()
        .map(|l| json!({"location": l, "x": x_of(*l), "mid": x_of(*l) + CELL_W / 2.0}))
        .collect();
    let sea_x = LEFT + NAMES_W + 4.0 * CELL_W;
    let bottom = TOP + heights.iter().sum::<f64>();
    json!({"rows": rows, "cells": cells, "columns": columns, "armies": armies,
           "detachments": detachments, "forts": forts, "sea_x": sea_x, "sea_w": SEA_W,
           "left": LEFT, "names_w": NAMES_W, "top": TOP, "bottom": bottom,
           "width": sea_x + SEA_W + LEFT})
}

/// How far into its cell a line of text from `top` to `bottom` (below the cell's top) may
/// run before it meets a piece: the cell's end, or the left edge of the first piece stacked
/// at its right beside the line (`counters` armies and detachments, then `forts` forts,
/// whose mark begins 6 further in, leaving room for the garrison's two lines beside it).
fn piece_edge(counters: usize, forts: usize, top: f64, bottom: f64) -> f64 {
    (0..counters + forts)
        .filter(|j| {
            let y = 8.0 + *j as f64 * PIECE_STEP;
            y < bottom && top < y + 27.0
        })
        .map(|j| PIECE_X + if j < counters { 0.0 } else { 6.0 })
        .fold(CELL_W - 4.0, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` towns, `t0`, `t1`, ...
    fn towns(n: usize) -> Vec<Value> {
        (0..n)
            .map(|k| json!({"id": format!("t{k}"), "name": format!("Town {k}")}))
            .collect()
    }

    fn location(towns: Vec<Value>) -> Value {
        json!({"requisite": 3, "towns": towns})
    }

    /// The laid-out cell of `area` at OB location `loc`.
    fn cell<'b>(board: &'b Value, area: &str, loc: u64) -> &'b Value {
        board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["area"] == area && c["location"] == loc)
            .unwrap()
    }

    /// A location holding an army, two detachments and a fort, beside one with five towns:
    /// its row grows so that every piece and town stays inside its cell, above the requisite
    /// line (the fourth piece was drawn in the row below).
    #[test]
    fn a_crowded_location_stays_inside_its_row() {
        let lookups = json!({"area_order": ["south", "north"], "areas": {"north": "North", "south": "South"}, "towns": {}});
        let area = |towns: Vec<Value>| {
            json!({"locations": {"0": location(Vec::new()), "5": location(towns),
                                 "10": location(Vec::new()), "15": location(Vec::new())}})
        };
        let piece = json!({"area": "north", "location": 5, "sp": 2});
        let state = json!({
            "areas": {"north": area(towns(5)), "south": area(Vec::new())},
            "armies": {"main": piece},
            "detachments": {"d1": piece, "d2": piece},
            "forts": {"f": piece},
            "french": {},
        });
        let board = layout(&lookups, &state);
        let cell = cell(&board, "north", 5);
        let (top, h) = (cell["y"].as_f64().unwrap(), cell["h"].as_f64().unwrap());
        assert!(h > CELL_H, "the row did not grow: {h}");
        let mut pieces = 0;
        for kind in ["armies", "detachments", "forts"] {
            for p in board[kind].as_array().unwrap() {
                let y = p["y"].as_f64().unwrap();
                assert!(
                    y >= top && y + 26.0 <= top + h,
                    "{kind} at {y} outside {top}..{}",
                    top + h
                );
                pieces += 1;
            }
        }
        assert_eq!(pieces, 4);
        for t in cell["towns"].as_array().unwrap() {
            // The requisite line's text stands 6 above the cell's bottom, 9 high.
            assert!(
                t["y"].as_f64().unwrap() + 3.0 <= top + h - 15.0,
                "{t} over the requisite line"
            );
        }
        // The row below starts where this one ends.
        let next = board["rows"].as_array().unwrap()[1]["y"].as_f64().unwrap();
        assert_eq!(next, top + h);
    }

    /// 12, 15: a fort built in the third town of a location frames that town, not the first
    /// beside which its counter stacks, and the counter names its town.
    #[test]
    fn a_fort_marks_the_town_it_stands_in() {
        let lookups = json!({"area_order": ["north"], "areas": {"north": "North"},
                             "towns": {"t2": "Hartford"}});
        let state = json!({
            "areas": {"north": {"locations": {"0": location(Vec::new()), "5": location(Vec::new()),
                                              "10": location(towns(3)), "15": location(Vec::new())}}},
            "armies": {}, "detachments": {},
            "forts": {"north-10": {"area": "north", "location": 10, "town": "t2", "garrison": {"sp": 5}},
                      "old": {"area": "north", "location": 10, "garrison": {"sp": 1}}},
            "french": {},
        });
        let board = layout(&lookups, &state);
        let framed: Vec<&Value> = cell(&board, "north", 10)["towns"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["american_fort"] == true)
            .map(|t| &t["id"])
            .collect();
        assert_eq!(framed, [&json!("t2")]);
        let named: Vec<&Value> = board["forts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| &f["town_name"])
            .collect();
        assert_eq!(named, [&json!("Hartford"), &Value::Null]);
    }
}
