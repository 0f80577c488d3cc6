//! The solo 1776 American bot's rules cases: each file in `tests/cases/solo-1776/` gives a
//! state (the armies whole, other keys merged into the set-up), the British player's orders
//! and answers in turn, the scripted dice, and what must follow. Plus a whole campaign in
//! self mode through the library's commands, and the shipped example.

use std::path::Path;

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::solo_1776::{
    self as solo, data::Data, orders::Orders, state::State, Solo1776,
};
use serde::Deserialize;
use serde_json::Value;

use super::cases::{compare, Expect};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    /// The American armies, replacing the set-up's whole (id to army).
    #[serde(default)]
    armies: Option<Value>,
    /// Merged into the set-up state: objects key by key, `null` deletes a key.
    #[serde(default)]
    state: Value,
    /// The British turn, then the answers to the bot's questions, in order.
    orders: Vec<Value>,
    #[serde(default)]
    dice: Vec<u32>,
    expect: Expect,
}

pub fn data() -> Data {
    let files: Vec<(String, String)> = solo::DATA_FILES
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    Data::load(&files).expect("the built-in data loads")
}

fn merge(into: &mut Value, patch: &Value) {
    match (into, patch) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                if v.is_null() {
                    a.remove(k);
                } else {
                    merge(a.entry(k.clone()).or_insert(Value::Null), v);
                }
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}

/// The set-up state with the case's changes.
pub fn state_with(data: &Data, armies: Option<Value>, patch: &Value) -> Result<State, String> {
    let (setup, _) = Solo1776::setup(data);
    let mut v = serde_json::to_value(&setup).unwrap();
    if let Some(a) = armies {
        v["armies"] = a;
    }
    if !patch.is_null() {
        merge(&mut v, patch);
    }
    serde_json::from_value(v).map_err(|e| format!("bad state: {e}"))
}

/// Applies the orders in turn as the game file would; the events of every step together.
pub fn run(
    data: &Data,
    state: &State,
    orders: &[Orders],
    dice: &mut ScriptedDice,
) -> Result<(State, Vec<solo::events::Event>), adjutant::engine::error::OrderError> {
    let mut st = state.clone();
    let mut events = Vec::new();
    for o in orders {
        let (next, ev) = Solo1776::apply(data, &st, solo::SIDE, o, None, dice)?;
        st = next;
        events.extend(ev);
    }
    Ok((st, events))
}

fn run_case(data: &Data, path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !text.lines().next().unwrap_or("").starts_with('#') {
        return Err("a case starts with a comment saying what it checks".into());
    }
    let v: Value = serde_yaml::from_str(&text).map_err(|e| format!("bad case file: {e}"))?;
    let case: Case = serde_json::from_value(v).map_err(|e| format!("bad case file: {e}"))?;
    let state = state_with(data, case.armies, &case.state)?;
    let orders: Vec<Orders> = case
        .orders
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad orders: {e}"))?;
    let mut dice = ScriptedDice::new(case.dice);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run(data, &state, &orders, &mut dice)
    }))
    .map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })?;
    compare::<solo::events::Event, State>(&case.rule, result, case.expect, dice.unused())
}

#[test]
fn solo_1776_rules_cases() {
    let data = data();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    super::cases::run_folder(&dir, |f| run_case(&data, f));
}
