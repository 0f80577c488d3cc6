//! Running one line of the sequence of play so that it can stop for a decision and go on
//! later with the same dice. A line runs on a copy of the state; when it needs an answer it
//! has not been given, the copy is dropped and the line's progress (the answers given, the
//! dice drawn, the events shown) is kept in `state.task`. When the answer arrives the line
//! runs again from its start: the kept answers and dice are replayed in order, so it reaches
//! the same point with the same results, and only then draws fresh dice. Rolls are keyed to
//! the step that holds the latest decision they depend on (dice-protocol 3).

use super::data::Data;
use super::events::Event;
use super::orders::Orders;
use super::state::{Drawn, Question, Task};
use crate::engine::dice::Dice;
use crate::engine::error::OrderError;
use crate::engine::replay::Progress;

/// Why a line stopped before its end.
#[derive(Debug)]
pub enum Stop {
    /// It needs the player's answer.
    Pause(Question),
    /// The answer given breaks a rule.
    Illegal(OrderError),
    /// The game ended (15.0); the state so far stands.
    Over,
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
    /// The answers given and the dice drawn in this line so far.
    pub progress: Progress<Orders, Drawn>,
    pub events: Vec<Event>,
}

impl<'a> Ctx<'a> {
    pub fn new(data: &'a Data, dice: &'a mut dyn Dice, task: &Task) -> Result<Self, OrderError> {
        Ok(Ctx {
            data,
            dice,
            progress: Progress::load(&task.answers, &task.drawn, "4.0")?,
            events: Vec::new(),
        })
    }

    /// The progress to keep when the line pauses.
    pub fn task(&self, events_shown: usize) -> Task {
        Task {
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

    /// Dice for one reason, replayed when this line drew them before.
    pub fn roll(&mut self, count: usize, why: &str) -> Vec<i32> {
        if let Some(Drawn::D6(v)) = self.progress.replayed() {
            return v.into_iter().map(i32::from).collect();
        }
        let v = self.dice.d6(count, why);
        self.progress.record(Drawn::D6(v.clone()));
        v.into_iter().map(i32::from).collect()
    }

    pub fn d6(&mut self, why: &str) -> i32 {
        self.roll(1, why)[0]
    }

    /// One item of `n` from a cup held in a listed order.
    pub fn draw(&mut self, n: usize, why: &str) -> usize {
        if let Some(Drawn::Draw(i)) = self.progress.replayed() {
            return i;
        }
        let i = self.dice.draw(n, why);
        self.progress.record(Drawn::Draw(i));
        i
    }

    pub fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize> {
        if let Some(Drawn::Shuffle(v)) = self.progress.replayed() {
            return v;
        }
        let v = self.dice.shuffle(n, why);
        self.progress.record(Drawn::Shuffle(v.clone()));
        v
    }
}
