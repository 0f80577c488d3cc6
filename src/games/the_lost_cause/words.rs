//! Words a report needs that a step's record does not hold, read from the state before the
//! step (`Game::annotate_step`): they go into the report's copy of the step's orders and
//! events, never into the record, which `verify` compares.

use std::collections::BTreeSet;

use serde_json::Value;

use super::data::Data;
use super::state::{Place, State};

/// Adds to a step's orders and events what the report's words need.
pub fn annotate(data: &Data, before: &State, orders: &mut Value, events: &mut [Value]) {
    raider_was(data, before, orders);
    invading(data, before, events);
}

/// 9.1.1, 9.2.1 (RULINGS L33): an army in its Northern Invasion space goes no further back,
/// so a battle it loses or a Raid's Retreat leaves it there, not "at its Base". Such a
/// `battle` or `raid` event gets `invading:` the space, followed through the step's events
/// from the state before it (an army driven into the space earlier in the step is in it).
fn invading(data: &Data, before: &State, events: &mut [Value]) {
    let mut now: BTreeSet<String> = before
        .armies
        .iter()
        .filter(|(_, a)| a.invading)
        .map(|(id, _)| id.clone())
        .collect();
    for e in events.iter_mut() {
        let Some(army) = e.get("army").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        match e.get("event").and_then(Value::as_str) {
            Some("northern_invasion") => {
                now.insert(army);
            }
            Some("marched" | "retreated" | "recalled" | "army_removed") => {
                now.remove(&army);
            }
            Some("battle" | "raid") if now.contains(&army) => {
                if let (Some(space), Value::Object(o)) =
                    (data.army(&army).and_then(|d| d.invasion.clone()), e)
                {
                    o.insert("invading".into(), Value::String(space));
                }
            }
            _ => {}
        }
    }
}

/// 9.7: where the Commerce Raider was when a Commerce Raider order was given
/// (`raider_was: cup`, `available`, or the track marker it sailed with), since the same order
/// brings a raider out of the Resource Cup, sends it to sea, or leaves it where it is.
fn raider_was(data: &Data, before: &State, orders: &mut Value) {
    let ordered = [
        "/naval/commerce_raider",
        "/command/naval/commerce_raider",
        "/command/commerce_raider",
        "/raider",
    ]
    .iter()
    .any(|p| orders.pointer(p).is_some());
    if !ordered {
        return;
    }
    let was = match super::navy::raider_place(before, data) {
        Some(Place::Cup) => Value::from("cup"),
        Some(Place::Available) => Value::from("available"),
        Some(Place::Raiding(m)) => serde_json::to_value(m).unwrap_or_default(),
        _ => return,
    };
    if let Value::Object(o) = orders {
        o.insert("raider_was".into(), was);
    }
}
