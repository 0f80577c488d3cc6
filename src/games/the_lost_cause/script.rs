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
use crate::engine::replay::Answers;

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
    answers: Answers<Orders>,
    drawn: Vec<Drawn>,
    next_drawn: usize,
    pub events: Vec<Event>,
}

impl<'a> Ctx<'a> {
    pub fn new(data: &'a Data, dice: &'a mut dyn Dice, task: &Task) -> Result<Self, OrderError> {
        let answers = Answers::load(&task.answers, "4.0")?;
        Ok(Ctx {
            data,
            dice,
            answers,
            drawn: task.drawn.clone(),
            next_drawn: 0,
            events: Vec::new(),
        })
    }

    /// The progress to keep when the line pauses.
    pub fn task(&self, events_shown: usize) -> Task {
        Task {
            answers: self.answers.values(),
            drawn: self.drawn.clone(),
            events_shown,
        }
    }

    /// Adds the player's newest answer, to be read when the line asks for it.
    pub fn give(&mut self, orders: Orders) {
        self.answers.give(orders);
    }

    /// Whether every answer given has been read: an answer left over was not asked for.
    pub fn answers_used(&self) -> bool {
        self.answers.all_used()
    }

    pub fn event(&mut self, e: Event) {
        self.events.push(e);
    }

    /// The player's answer to `q`, or a pause to ask for it.
    pub fn ask(&mut self, q: Question) -> Run<Orders> {
        match self.answers.next(q.key(), q.rule())? {
            Some(o) => Ok(o),
            None => Err(Stop::Pause(q)),
        }
    }

    fn replayed(&mut self) -> Option<Drawn> {
        let d = self.drawn.get(self.next_drawn).cloned();
        if d.is_some() {
            self.next_drawn += 1;
        }
        d
    }

    /// Dice for one reason, replayed when this line drew them before.
    pub fn roll(&mut self, count: usize, why: &str) -> Vec<i32> {
        if let Some(Drawn::D6(v)) = self.replayed() {
            return v.into_iter().map(i32::from).collect();
        }
        let v = self.dice.d6(count, why);
        self.drawn.push(Drawn::D6(v.clone()));
        self.next_drawn += 1;
        v.into_iter().map(i32::from).collect()
    }

    pub fn d6(&mut self, why: &str) -> i32 {
        self.roll(1, why)[0]
    }

    /// One item of `n` from a cup held in a listed order.
    pub fn draw(&mut self, n: usize, why: &str) -> usize {
        if let Some(Drawn::Draw(i)) = self.replayed() {
            return i;
        }
        let i = self.dice.draw(n, why);
        self.drawn.push(Drawn::Draw(i));
        self.next_drawn += 1;
        i
    }

    pub fn shuffle(&mut self, n: usize, why: &str) -> Vec<usize> {
        if let Some(Drawn::Shuffle(v)) = self.replayed() {
            return v;
        }
        let v = self.dice.shuffle(n, why);
        self.drawn.push(Drawn::Shuffle(v.clone()));
        self.next_drawn += 1;
        v
    }
}
