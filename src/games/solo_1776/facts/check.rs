//! The checks a British turn's facts pass before any is taken in: counts, locations and
//! BRE numbers in range, and every area, town and army named one the game knows (by id or
//! name, RULINGS A1), each refusal with its rule.

use std::collections::BTreeMap;

use super::super::data::{Data, LOCATIONS};
use super::super::orders::{Turn, RULES_BY_KEY};
use super::super::state::State;
use crate::engine::error::{listed, OrderError};
use crate::engine::written::rule_under;

pub(super) fn err(rule: &str, path: String, message: String) -> OrderError {
    OrderError::new(rule, message).at(path)
}

/// A count that cannot be negative (strength points, artillery and supply units), refused
/// under the rule of the orders key at `path` (`RULES_BY_KEY`: 14 for losses, 15 for
/// replacements, 17 for supply and naval SP), as the other refusals of that key cite it.
pub fn count(v: i64, what: &str, path: String) -> Result<u32, OrderError> {
    let rule = rule_under(RULES_BY_KEY, &path).unwrap_or("12-17");
    if v < 0 {
        return Err(err(
            rule,
            path,
            format!("{what} cannot be negative (`{v}`)"),
        ));
    }
    u32::try_from(v).map_err(|_| err(rule, path, format!("{what} `{v}` is too large")))
}

/// 12: one of the four OB locations.
pub fn location(v: i64, path: String) -> Result<u32, OrderError> {
    match u32::try_from(v) {
        Ok(l) if LOCATIONS.contains(&l) => Ok(l),
        _ => Err(err(
            "12",
            path,
            format!("`{v}` is not an OB location; the locations are 0, 5, 10 and 15"),
        )),
    }
}

/// An area a position holds: by its id only, which the error lists (12).
pub fn known_area<'a>(data: &'a Data, id: &str, path: String) -> Result<&'a str, OrderError> {
    data.area(id).map(|a| a.id.as_str()).ok_or_else(|| {
        let known: Vec<&str> = data.areas().iter().map(|a| a.id.as_str()).collect();
        err(
            "12",
            path,
            format!(
                "`{id}` is not an area id; the ids are {}",
                listed(&known, "and")
            ),
        )
    })
}

/// An area named in orders, by id, or by `rule` when there is none: the error lists the
/// areas by name.
pub fn area<'a>(data: &'a Data, rule: &str, id: &str, path: String) -> Result<&'a str, OrderError> {
    data.find_area(id).map(|a| a.id.as_str()).ok_or_else(|| {
        let known: Vec<&str> = data.areas().iter().map(|a| a.name.as_str()).collect();
        err(
            rule,
            path,
            format!(
                "`{id}` is not an area; the areas are {}",
                listed(&known, "and")
            ),
        )
    })
}

/// There is an American army `id`; else the error, under `rule` (12 for a fact about the
/// army, 14 for a British attack on it).
pub fn army_known(st: &State, rule: &str, id: &str, path: String) -> Result<(), OrderError> {
    if st.armies.contains_key(id) {
        return Ok(());
    }
    Err(err(
        rule,
        path,
        format!("there is no American army `{id}`; {}", armies_are(st)),
    ))
}

/// The armies by name, for an error naming one that is not there.
pub(super) fn armies_are(st: &State) -> String {
    let known: Vec<String> = st.armies.iter().map(|(id, a)| a.words(id)).collect();
    format!("the armies are {}", listed(&known, "and"))
}

/// 13: there is no such town; the error lists the towns by name.
pub(super) fn no_town(st: &State, town: &str, path: String) -> OrderError {
    let known: Vec<&str> = st
        .areas
        .values()
        .flat_map(|a| a.locations.values())
        .flat_map(|l| l.towns.iter().map(|t| t.name.as_str()))
        .collect();
    err(
        "13",
        path,
        format!(
            "there is no town `{town}`; the towns are {}",
            listed(&known, "and")
        ),
    )
}

/// An area's name, for messages.
pub(super) fn area_name<'a>(data: &'a Data, id: &'a str) -> &'a str {
    data.area(id).map_or(id, |a| a.name.as_str())
}

/// The forts by id (the name orders give them, `<area>-<location>`) and where they stand.
pub(super) fn forts_are(data: &Data, st: &State) -> String {
    let known: Vec<String> = st
        .forts
        .iter()
        .map(|(id, f)| {
            format!(
                "`{id}` (location {} of {})",
                f.location,
                area_name(data, &f.area)
            )
        })
        .collect();
    format!("the forts are {}", listed(&known, "and"))
}

/// The turn with every town, area and army it names by its id: players may write them by id
/// or by the name the reports print, in any case. What names nothing is left as written, for
/// the checks of `apply` to refuse with the choices listed.
pub fn named(data: &Data, st: &State, t: &Turn) -> Result<Turn, OrderError> {
    let area = |a: &String| {
        data.find_area(a)
            .map_or_else(|| a.clone(), |x| x.id.clone())
    };
    let town = |a: &String| st.find_town(a).unwrap_or_else(|| a.clone());
    let army = |a: &String| st.find_army(a).unwrap_or_else(|| a.clone());
    let mut t = t.clone();
    t.control = by_id(&t.control, town, "13", "turn.control")?;
    t.areas = by_id(&t.areas, area, "12", "turn.areas")?;
    t.supply = by_id(&t.supply, area, "17", "turn.supply")?;
    for l in &mut t.losses {
        l.army = l.army.as_ref().map(army);
    }
    for f in &mut t.armies {
        f.army = army(&f.army);
        f.area = f.area.as_ref().map(area);
        f.at =
            f.at.as_ref()
                .map(|a| if a.is_empty() { a.clone() } else { town(a) });
    }
    for f in &mut t.towns {
        f.town = town(&f.town);
    }
    for r in &mut t.requisite {
        r.area = area(&r.area);
    }
    for r in &mut t.replacements {
        r.area = area(&r.area);
    }
    for r in &mut t.reinforce {
        r.area = area(&r.area);
    }
    t.scout = t.scout.iter().map(area).collect();
    for a in &mut t.attacks {
        a.army = army(&a.army);
    }
    Ok(t)
}

/// A fact keyed by name, re-keyed by id: the same town or area written two ways (`Charleston`
/// and `charleston`) with two different values is refused, since either could be meant.
fn by_id<V: PartialEq + Copy + std::fmt::Debug>(
    facts: &BTreeMap<String, V>,
    id: impl Fn(&String) -> String,
    rule: &str,
    path: &str,
) -> Result<BTreeMap<String, V>, OrderError> {
    let mut out: BTreeMap<String, (V, &String)> = BTreeMap::new();
    for (k, v) in facts {
        match out.get(&id(k)) {
            Some((w, first)) if w != v => {
                return Err(err(
                    rule,
                    format!("{path}.{k}"),
                    format!("`{first}` and `{k}` name the same place with two different values"),
                ));
            }
            Some(_) => {}
            None => {
                out.insert(id(k), (*v, k));
            }
        }
    }
    Ok(out.into_iter().map(|(k, (v, _))| (k, v)).collect())
}

pub fn bre(v: i64, path: String) -> Result<i32, OrderError> {
    if !(-9..=9).contains(&v) {
        return Err(err(
            "12",
            path,
            format!("the BRE number `{v}` is out of range (-9 to 9)"),
        ));
    }
    Ok(v as i32)
}
