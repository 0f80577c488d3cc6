//! Running a British turn so that it can stop for a result only the player knows (a combat,
//! 14; a fleet engagement, 16) and go on later with the same dice. The turn runs on a copy
//! of the state; when it needs an answer not yet given, the copy is dropped and the turn's
//! progress (its orders, the answers given, the dice drawn, the events shown) is kept in
//! `state.task`. When the answer arrives the turn runs again from its start, replaying the
//! kept answers and dice in order, and only then draws fresh dice.

use super::data::Data;
use super::events::Event;
use super::orders::Orders;
use super::state::{Question, Task};
use crate::engine::dice::Dice;
use crate::engine::error::OrderError;
use crate::engine::replay::Progress;

/// Why a turn stopped before its end.
#[derive(Debug)]
pub enum Stop {
    Pause(Question),
    Illegal(OrderError),
}

impl From<OrderError> for Stop {
    fn from(e: OrderError) -> Self {
        Stop::Illegal(e)
    }
}

pub type Run<T = ()> = Result<T, Stop>;

pub struct Ctx<'a> {
    pub data: &'a Data,
    dice: &'a mut dyn Dice,
    /// The answers given and the dice drawn in this turn so far.
    pub progress: Progress<Orders, u8>,
    pub events: Vec<Event>,
}

impl<'a> Ctx<'a> {
    pub fn new(data: &'a Data, dice: &'a mut dyn Dice, task: &Task) -> Result<Self, OrderError> {
        Ok(Ctx {
            data,
            dice,
            progress: Progress::load(&task.answers, &task.drawn, "1776")?,
            events: Vec::new(),
        })
    }

    /// The progress to keep when the turn pauses.
    pub fn task(&self, turn: serde_json::Value, events_shown: usize) -> Task {
        Task {
            turn: Some(turn),
            answers: self.progress.answers.values(),
            drawn: self.progress.drawn().to_vec(),
            events_shown,
        }
    }

    pub fn event(&mut self, e: Event) {
        self.events.push(e);
    }

    /// The player's answer to `q`, or a pause to ask for it.
    pub fn ask(&mut self, q: Question) -> Run<Orders> {
        match self.progress.answers.next(q.key(), q.rule())? {
            Some(o) => Ok(o),
            None => Err(Stop::Pause(q)),
        }
    }

    /// One d6 for one reason, replayed when this turn drew it before.
    pub fn d6(&mut self, why: &str) -> u8 {
        if let Some(v) = self.progress.replayed() {
            return v;
        }
        let v = self.dice.d6(1, why)[0];
        self.progress.record(v);
        v
    }
}
