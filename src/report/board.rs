//! Places a game's map on a picture: latitude and longitude from the game data projected onto
//! a drawing area, so the board templates only draw.

use serde_json::{json, Value};

/// Drawing area of the map, in SVG units, inside the picture's margins.
const MAP_WIDTH: f64 = 760.0;
const LEFT: f64 = 40.0;
const TOP: f64 = 90.0;

/// Adds `x`, `y` to each entry of `lookups.geometry` and `lookups.seas`, and the movement lines
/// between areas, as `board` in the returned lookups.
pub fn layout(lookups: &Value) -> Value {
    let areas = lookups["geometry"].as_array().cloned().unwrap_or_default();
    let seas = lookups["seas"].as_array().cloned().unwrap_or_default();
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
    let place = |v: &Value| -> (f64, f64) {
        let x = LEFT + (lon(v) - min_lon) * squash * scale;
        let y = TOP + (max_lat - lat(v)) * scale;
        ((x * 10.0).round() / 10.0, (y * 10.0).round() / 10.0)
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
    let areas = placed(&areas);
    let seas = placed(&seas);
    let mut lines = Vec::new();
    for a in &areas {
        for b in a["adjacent"].as_array().into_iter().flatten() {
            // Each movement line once.
            if a["id"].as_str() < b.as_str() {
                if let Some(o) = areas.iter().find(|x| x["id"] == *b) {
                    lines.push(json!({"x1": a["x"], "y1": a["y"], "x2": o["x"], "y2": o["y"]}));
                }
            }
        }
    }
    let height = TOP + (max_lat - min_lat) * scale + 60.0;
    json!({"areas": areas, "seas": seas, "lines": lines, "width": LEFT * 2.0 + MAP_WIDTH + 200.0, "height": height})
}
