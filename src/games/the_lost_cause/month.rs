//! The sequence of play (4.0): the month's card, its Union and Confederate lines, the
//! Railroads window, the Union Initiative check, and the Year End Sequence, run line by line
//! until the player must decide something or the war ends.

use super::confederate;
use super::control::settle;
use super::data::{Broadsheet, CardKind, Data};
use super::events::Event;
use super::initiative;
use super::orders::Orders;
use super::railroads;
use super::script::{Ctx, Stop};
use super::state::{Cursor, State, Task};
use super::union;
use super::year_end;
use crate::engine::dice::Dice;
use crate::engine::error::OrderError;

/// Runs the game from its current line with the player's answer, up to the next decision.
pub fn run(
    data: &Data,
    st: &mut State,
    dice: &mut dyn Dice,
    answer: Orders,
) -> Result<Vec<Event>, OrderError> {
    run_until(data, st, dice, vec![answer], |_| false)
}

/// Runs line after line, giving the answers in turn as questions come, until a question
/// finds no answer left, the war ends, or `stop` holds before a line (for rules cases).
pub fn run_until(
    data: &Data,
    st: &mut State,
    dice: &mut dyn Dice,
    answers: Vec<Orders>,
    stop: impl Fn(&State) -> bool,
) -> Result<Vec<Event>, OrderError> {
    let mut out = Vec::new();
    // Orders may name things as the reports print them; the lines read ids.
    let mut answers = answers.into_iter().map(|o| o.by_id(data));
    // An answer goes to a line that asks: at once if the game is waiting on a question,
    // else at the next pause.
    let mut answer = if st.question.is_some() {
        answers.next()
    } else {
        None
    };
    while st.cursor != Cursor::Over && !stop(st) {
        let mut work = st.clone();
        let mut ctx = Ctx::new(data, dice, &st.task)?;
        let given = answer.is_some();
        if let Some(o) = answer.take() {
            ctx.progress.answers.give(o);
        }
        let r = step(&mut work, &mut ctx);
        let shown = st.task.events_shown.min(ctx.events.len());
        if given && !ctx.progress.answers.all_used() && !matches!(r, Err(Stop::Illegal(_))) {
            return Err(OrderError::new(
                "4.0",
                format!(
                    "the orders answer a question the game is not asking (it asks for `{}`)",
                    st.question.as_ref().map_or("nothing", |q| q.key())
                ),
            ));
        }
        match r {
            Ok(()) | Err(Stop::Over) => {
                out.extend(ctx.events.drain(shown..));
                work.task = Task::default();
                work.question = None;
                let over = matches!(r, Err(Stop::Over));
                *st = work;
                if over {
                    break;
                }
            }
            Err(Stop::Pause(q)) => {
                let n = ctx.events.len();
                out.extend(ctx.events.drain(shown..));
                st.task = ctx.task(n);
                st.question = Some(q);
                answer = answers.next();
                if answer.is_none() {
                    break;
                }
            }
            Err(Stop::Illegal(e)) => return Err(e),
        }
    }
    if answer.is_some() || answers.next().is_some() {
        return Err(OrderError::new(
            "4.0",
            "more answers were given than the game asked for".to_string(),
        ));
    }
    Ok(out)
}

/// The board as it stands at the pause: a line that stops for a question keeps the state from
/// before it (and the answers, dice and events so far in `state.task`), so the line is run
/// again on a copy up to the question. The events a report has told for the paused line are
/// then also in what `show` shows (14.3 turns the year before 14.5 asks its question).
/// `None` when no line is paused or the line cannot be replayed.
pub fn at_pause(data: &Data, st: &State) -> Option<State> {
    st.question.as_ref()?;
    // Every die up to the question is among those the task holds; a fixed key keeps even a
    // broken task from reading anything secret.
    let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
    let mut ctx = Ctx::new(data, &mut dice, &st.task).ok()?;
    let mut work = st.clone();
    match step(&mut work, &mut ctx) {
        Err(Stop::Pause(_)) => {
            work.question = st.question.clone();
            work.task = st.task.clone();
            work.cursor = st.cursor.clone();
            Some(work)
        }
        _ => None,
    }
}

/// One line: does its work and moves the cursor on.
fn step(st: &mut State, ctx: &mut Ctx) -> Result<(), Stop> {
    let data = ctx.data;
    match st.cursor.clone() {
        Cursor::Start => {
            let answer = ctx.ask(super::state::Question::Start)?;
            // L48: the war has no other beginning than the one the player starts.
            if answer.start == Some(false)
                && data.tables.readings.start_answer == super::readings::StartAnswer::TrueOnly
            {
                return Err(Stop::Illegal(
                    OrderError::new(
                        "3.0",
                        "the war begins when you start it: answer `start: true`; `start: false` has no meaning here",
                    )
                    .at("start"),
                ));
            }
            ctx.event(Event::Started);
            year_end::deal(st, ctx);
            st.cursor = Cursor::Reveal;
        }
        Cursor::Reveal => {
            if st.draw_pile.is_empty() {
                st.cursor = Cursor::YearEnd;
                return Ok(());
            }
            let id = st.draw_pile.remove(0);
            let card = data.card(&id);
            ctx.event(Event::CardRevealed {
                card: id.clone(),
                kind: card.kind,
                year: st.year,
                headline: card.headline.clone(),
            });
            st.card = Some(id.clone());
            match card.kind {
                CardKind::Headline => {
                    st.headlines_played += 1;
                    st.card_friction = std::mem::take(&mut st.friction);
                    st.cursor = Cursor::Union { line: 0 };
                }
                CardKind::Broadsheet => {
                    let effect = card.broadsheet.expect("checked at load");
                    ctx.event(Event::Broadsheet {
                        card: id.clone(),
                        effect: format!("{effect:?}"),
                    });
                    match effect {
                        Broadsheet::RebelYell => st.rebel_yell = Some(id),
                        Broadsheet::FrictionOfWar => st.friction = true,
                        Broadsheet::BlockadeRunners => confederate::draw_resource(st, ctx, "9.4"),
                    }
                    st.cursor = Cursor::EndMonth;
                }
            }
        }
        Cursor::Union { line } => {
            let card = data.card(st.card.as_deref().expect("a card is in play"));
            match card.union.get(line) {
                Some(action) => {
                    union::line(st, ctx, action)?;
                    st.cursor = Cursor::Union { line: line + 1 };
                }
                None => st.cursor = Cursor::Confederate { line: 0 },
            }
        }
        Cursor::Confederate { line } => {
            let card = data.card(st.card.as_deref().expect("a card is in play"));
            match card.confederate.get(line) {
                Some(action) => {
                    // 16.8: Railroads may go in before any Confederate action, if the
                    // player's standing order asks there.
                    railroads::point(st, ctx, Some(line))?;
                    let friction = st.card_friction;
                    confederate::line(st, ctx, action, friction)?;
                    st.cursor = Cursor::Confederate { line: line + 1 };
                }
                None => st.cursor = Cursor::Railroads,
            }
        }
        Cursor::Railroads => {
            railroads::point(st, ctx, None)?;
            st.cursor = Cursor::Initiative;
        }
        Cursor::Initiative => {
            initiative::check(st, ctx)?;
            st.cursor = Cursor::EndMonth;
        }
        Cursor::EndMonth => {
            if let Some(id) = st.card.take() {
                let card = data.card(&id);
                let in_hand = st.rebel_yell.as_deref() == Some(id.as_str());
                if card.kind == CardKind::Broadsheet && !in_hand {
                    st.stacks.entry(st.year + 1).or_default().push(id);
                }
            }
            st.card_friction = false;
            st.cursor = Cursor::Reveal;
        }
        Cursor::YearEnd => {
            year_end::run(st, ctx)?;
            st.cursor = Cursor::Reveal;
        }
        Cursor::Over => {}
    }
    settle(st, ctx)
}
