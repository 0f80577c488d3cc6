//! What a paused stretch of rules has done so far, for games that run it again from its start
//! once the player's answer arrives (The Lost Cause, the solo 1776 bot): the answers it was
//! given, kept as JSON in the state, read back in order and each checked against the question
//! asked; and the dice it drew, replayed in order before any fresh die is drawn.

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
                    "the decision is `{key}`; the orders must give `{key}` and nothing else (they give {})", crate::engine::error::listed(&keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>(), "and")
                ),
            ));
        }
        Ok(Some(o.clone()))
    }
}

/// The answers and the dice of a stretch of rules that may pause: `O` the game's orders, `T`
/// one value drawn from the dice.
pub struct Progress<O, T> {
    pub answers: Answers<O>,
    drawn: Vec<T>,
    next_drawn: usize,
}

impl<O: Clone + Serialize + DeserializeOwned + Keyed, T: Clone> Progress<O, T> {
    /// The progress kept in the state; `rule` names the game for a damaged one.
    pub fn load(answers: &[Value], drawn: &[T], rule: &str) -> Result<Self, OrderError> {
        Ok(Progress {
            answers: Answers::load(answers, rule)?,
            drawn: drawn.to_vec(),
            next_drawn: 0,
        })
    }

    /// Everything drawn so far, to keep in the state.
    pub fn drawn(&self) -> &[T] {
        &self.drawn
    }

    /// The next value drawn before the pause, if this run has not yet reached the pause.
    pub fn replayed(&mut self) -> Option<T> {
        let d = self.drawn.get(self.next_drawn).cloned();
        if d.is_some() {
            self.next_drawn += 1;
        }
        d
    }

    /// Keeps a value just drawn from the dice.
    pub fn record(&mut self, d: T) {
        self.drawn.push(d);
        self.next_drawn += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Serialize, serde::Deserialize)]
    struct O;

    impl Keyed for O {
        fn keys(&self) -> Vec<&'static str> {
            vec!["o"]
        }
    }

    #[test]
    fn a_rerun_replays_what_was_drawn_then_draws_fresh() {
        let mut first: Progress<O, u8> = Progress::load(&[], &[], "t").unwrap();
        assert_eq!(first.replayed(), None);
        first.record(4);
        first.record(2);
        let mut again: Progress<O, u8> = Progress::load(&[], first.drawn(), "t").unwrap();
        assert_eq!(
            (again.replayed(), again.replayed(), again.replayed()),
            (Some(4), Some(2), None)
        );
        again.record(6);
        assert_eq!(again.drawn(), &[4, 2, 6]);
    }
}
