//! A toy solitaire game for the engine's tests: one side, `solo`, who orders `{roll: n}` to
//! roll n six-sided dice and add them to a score; the game is over after three steps. It keeps
//! the solitaire paths of the engine tested without depending on a real rulebook.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dice::Dice;
use super::error::{Error, OrderError};
use super::game::{Awaiting, Game, LegalOption, Loaded, Rules};

pub struct Toy;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub steps: u32,
    pub score: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    pub roll: u32,
}

/// Self-play draws these orders' open fields through their JSON form, the default.
impl crate::engine::ranges::Draw for Orders {}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub rolled: Vec<u8>,
    pub score: u32,
}

/// How many steps a toy game lasts.
pub const STEPS: u32 = 3;

impl Game for Toy {
    const NAME: &'static str = "toy-solitaire";
    const SIDES: &'static [&'static str] = &["solo"];
    type Data = ();
    type State = State;
    type Orders = Orders;
    type Event = Event;
    type Policy = Value;

    fn load_data(_files: &[(String, String)]) -> Result<(), Error> {
        Ok(())
    }

    fn setup(_data: &()) -> (State, Vec<Event>) {
        (State { steps: 0, score: 0 }, Vec::new())
    }

    fn awaiting(_data: &(), state: &State) -> Option<Awaiting> {
        (state.steps < STEPS).then(|| Awaiting {
            side: "solo".into(),
            decision: "roll".into(),
            detail: Some(format!("roll {} of {STEPS}", state.steps + 1)),
        })
    }

    fn apply(
        _data: &(),
        state: &State,
        side: &str,
        orders: &Orders,
        _policy: Option<&Value>,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), OrderError> {
        if side != "solo" {
            return Err(OrderError::new("T1", format!("`{side}` does not play")));
        }
        if !(1..=5).contains(&orders.roll) {
            return Err(OrderError::new("T2", "roll 1 to 5 dice").at("roll"));
        }
        let rolled = dice.d6(orders.roll as usize, "T2 roll");
        let score = state.score + rolled.iter().map(|&d| d as u32).sum::<u32>();
        Ok((
            State {
                steps: state.steps + 1,
                score,
            },
            vec![Event { rolled, score }],
        ))
    }

    fn legal_options(_data: &(), state: &State, side: &str) -> Vec<LegalOption> {
        if side != "solo" || state.steps >= STEPS {
            return Vec::new();
        }
        (1..=5)
            .map(|n| LegalOption {
                summary: format!("roll {n} dice"),
                example: format!("roll: {n}"),
                ranges: Vec::new(),
            })
            .collect()
    }

    fn lookups(_data: &()) -> Value {
        Value::Null
    }
}

/// The toy's rules, ready for the engine.
pub fn rules() -> Box<dyn Rules> {
    Box::new(Loaded::<Toy> {
        data: (),
        hashes: BTreeMap::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that lists its options only as text still gives self-play typed candidates: the
    /// trait's default reads each example.
    #[test]
    fn the_default_candidates_are_the_listed_examples_read_as_orders() {
        let state = State { steps: 0, score: 0 };
        let rolls: Vec<u32> = Toy::candidates(&(), &state, "solo")
            .iter()
            .map(|c| c.orders.roll)
            .collect();
        assert_eq!(rolls, vec![1, 2, 3, 4, 5]);
        assert!(Toy::candidates(&(), &state, "other").is_empty());
    }
}
