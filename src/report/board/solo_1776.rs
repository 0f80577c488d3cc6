//! Solo 1776's board: the Off-Board movement chart (12) as a table, one row for each of the
//! six areas from north to south and one column for each OB location (0, 5, 10, 15) from
//! inland to the coast, with the towns of each location and the American armies,
//! detachments and forts in it, and the sea beside location 15 for the French fleets (17).

use serde_json::{json, Value};

use super::round1;

const LEFT: f64 = 20.0;
const TOP: f64 = 124.0;
/// The column of area names.
const NAMES_W: f64 = 150.0;
const CELL_W: f64 = 220.0;
const CELL_H: f64 = 100.0;
const SEA_W: f64 = 110.0;
const TOWN_STEP: f64 = 16.0;
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
    let y_of = |area: &str| {
        let i = order.iter().position(|a| a == area).unwrap_or(0);
        TOP + i as f64 * CELL_H
    };
    let french = &state["french"];
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for id in &order {
        let area = &state["areas"][id];
        let y = y_of(id);
        let fleets = if french["at"] == id.as_str() {
            french["fleets"].as_u64().unwrap_or(0)
        } else {
            0
        };
        rows.push(json!({
            "id": id, "name": lookups["areas"][id], "y": y, "mid": y + CELL_H / 2.0,
            "british_control": area["british_control"], "fleets": fleets,
            "operating": french["operating"] == id.as_str() && french["fleets"].as_u64().unwrap_or(0) > 0,
        }));
        for loc in LOCATIONS {
            let x = x_of(loc);
            let l = &area["locations"][loc.to_string()];
            let towns: Vec<Value> = l["towns"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(k, t)| {
                    let mut t = t.clone();
                    t["x"] = json!(x + 14.0);
                    t["y"] = json!(round1(y + 24.0 + k as f64 * TOWN_STEP));
                    t
                })
                .collect();
            cells.push(
                json!({"area": id, "location": loc, "x": x, "y": y, "w": CELL_W, "h": CELL_H,
                              "requisite": l["requisite"], "towns": towns}),
            );
        }
    }

    // The pieces stack at the right of their cell: the army on top, then the detachments,
    // then a fort.
    let piece_x = |loc: u64| x_of(loc) + CELL_W - 76.0;
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
        (piece_x(loc), y_of(area) + 8.0 + n as f64 * 30.0)
    };
    let town_name = |id: &str| lookups["towns"][id].as_str().unwrap_or(id).to_string();
    let mut armies = Vec::new();
    for (id, a) in state["armies"].as_object().into_iter().flatten() {
        let area = a["area"].as_str().unwrap_or("");
        let loc = a["location"].as_u64().unwrap_or(0);
        let (x, y) = slot(area, loc);
        let mut v = a.clone();
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
        forts.push(v);
    }
    let columns: Vec<Value> = LOCATIONS
        .iter()
        .map(|l| json!({"location": l, "x": x_of(*l), "mid": x_of(*l) + CELL_W / 2.0}))
        .collect();
    let sea_x = LEFT + NAMES_W + 4.0 * CELL_W;
    let bottom = TOP + order.len() as f64 * CELL_H;
    json!({"rows": rows, "cells": cells, "columns": columns, "armies": armies,
           "detachments": detachments, "forts": forts, "sea_x": sea_x, "sea_w": SEA_W,
           "left": LEFT, "names_w": NAMES_W, "top": TOP, "bottom": bottom,
           "width": sea_x + SEA_W + LEFT})
}
