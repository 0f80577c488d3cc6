//! Words a report needs that a step's record does not hold, read from the state before the
//! step (`Game::annotate_step`): they go into the report's copy of the step's orders and
//! events, never into the record, which `verify` compares.

use serde_json::Value;

use super::data::Data;
use super::state::{Place, State};

/// Adds to a step's orders and events what the report's words need.
pub fn annotate(data: &Data, before: &State, orders: &mut Value, _events: &mut [Value]) {
    raider_was(data, before, orders);
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
