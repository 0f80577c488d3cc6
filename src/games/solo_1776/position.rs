//! What a position of the solo 1776 bot must satisfy to be played from (`new --position`):
//! the same board facts a British turn may report (12: one area an army, locations 0, 5, 10
//! and 15, known areas and towns; the BRE number in range), held by the whole state.

use std::collections::BTreeMap;

use super::data::{Data, LOCATIONS};
use super::facts;
use super::state::State;
use crate::engine::error::OrderError;

fn bad(rule: &str, path: impl Into<String>, message: String) -> OrderError {
    OrderError::new(rule, message).at(path)
}

/// Checks `st` against the rules; the first fault found is returned.
pub fn check(data: &Data, st: &State) -> Result<(), OrderError> {
    facts::date_of_the_game(data, st.date, "date")?;
    facts::bre(i64::from(st.bre), "bre".into())?;
    for (id, area) in &st.areas {
        facts::known_area(data, id, format!("areas.{id}"))?;
        for loc in area.locations.keys() {
            facts::location(i64::from(*loc), format!("areas.{id}.locations"))?;
        }
    }
    let mut holder: BTreeMap<&str, &str> = BTreeMap::new();
    for (name, army) in &st.armies {
        let path = format!("armies.{name}");
        facts::known_area(data, &army.area, format!("{path}.area"))?;
        place(st, &army.area, army.location, &path)?;
        if let Some(first) = holder.insert(army.area.as_str(), name.as_str()) {
            return Err(bad(
                "12",
                format!("{path}.area"),
                format!(
                    "the armies `{first}` and `{name}` are both in `{}`; an area holds one army",
                    army.area
                ),
            ));
        }
        if let Some(town) = &army.at {
            match st.town(town) {
                Some((area, loc, _)) if area == army.area && loc == army.location => {}
                Some(_) => {
                    return Err(bad(
                        "13",
                        format!("{path}.at"),
                        format!("`{town}` is not a town of the army's location"),
                    ))
                }
                None => {
                    return Err(bad(
                        "13",
                        format!("{path}.at"),
                        format!("there is no town `{town}`"),
                    ))
                }
            }
        }
    }
    for (name, d) in &st.detachments {
        let path = format!("detachments.{name}");
        facts::known_area(data, &d.area, format!("{path}.area"))?;
        place(st, &d.area, d.location, &path)?;
    }
    for (key, f) in &st.forts {
        let path = format!("forts.{key}");
        facts::known_area(data, &f.area, format!("{path}.area"))?;
        place(st, &f.area, f.location, &path)?;
        if *key != super::state::fort_key(&f.area, f.location) {
            return Err(bad(
                "12",
                path,
                format!(
                    "a fort is keyed by its area and location, `{}`",
                    super::state::fort_key(&f.area, f.location)
                ),
            ));
        }
    }
    if let Some(at) = &st.french.at {
        facts::known_area(data, at, "french.at".into())?;
    }
    Ok(())
}

/// 12: a location of the area's OB chart.
fn place(st: &State, area: &str, location: u32, path: &str) -> Result<(), OrderError> {
    facts::location(i64::from(location), format!("{path}.location"))?;
    let known = st
        .areas
        .get(area)
        .is_some_and(|a| a.locations.contains_key(&location));
    if !known && LOCATIONS.contains(&location) {
        return Err(bad(
            "12",
            format!("{path}.location"),
            format!("`{area}` has no location {location} on its chart"),
        ));
    }
    Ok(())
}
