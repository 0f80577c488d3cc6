//! The answers a paused line or turn has been given, for games that run a stretch of rules
//! again from its start once the player's answer arrives (The Lost Cause, the solo 1776 bot):
//! kept as JSON in the state, read back in order, each checked against the question asked.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::error::OrderError;

/// Orders that say which of their keys are given.
pub trait Keyed {
    fn keys(&self) -> Vec<&'static str>;
}

pub struct Answers<O> {
    list: Vec<O>,
    next: usize,
}

impl<O: Clone + Serialize + DeserializeOwned + Keyed> Answers<O> {
    /// The answers kept in the state; `rule` names the game for a damaged one.
    pub fn load(values: &[Value], rule: &str) -> Result<Self, OrderError> {
        let list = values
            .iter()
            .map(|v| {
                serde_json::from_value(v.clone()).map_err(|e| {
                    OrderError::new(rule, format!("a stored answer is unreadable: {e}"))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Answers { list, next: 0 })
    }

    /// Adds the player's newest answer, to be read when it is asked for.
    pub fn give(&mut self, o: O) {
        self.list.push(o);
    }

    /// Whether every answer given has been read: one left over was not asked for.
    pub fn all_used(&self) -> bool {
        self.next == self.list.len()
    }

    /// The answers as JSON, to keep in the state.
    pub fn values(&self) -> Vec<Value> {
        self.list
            .iter()
            .map(|o| serde_json::to_value(o).expect("orders serialize"))
            .collect()
    }

    /// The next answer, which must give `key` and nothing else; `None` when none is left.
    pub fn next(&mut self, key: &str, rule: &str) -> Result<Option<O>, OrderError> {
        let Some(o) = self.list.get(self.next) else {
            return Ok(None);
        };
        self.next += 1;
        let keys = o.keys();
        if keys != [key] {
            return Err(OrderError::new(
                rule,
                format!(
                    "the decision is `{key}`; the orders must give `{key}` and nothing else (they give {keys:?})"
                ),
            ));
        }
        Ok(Some(o.clone()))
    }
}
