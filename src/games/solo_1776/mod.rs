//! The solo 1776 American bot (rules 12-17 of a solo system for the 1776 board game): the
//! player is the British; adjutant plays the American side by its rules, deciding and rolling
//! for it and giving the reason of every decision. One module per rule: `offboard` (12),
//! `movement` (13), `combat` (14), `replacements` (15), `navy` (16), `french` (17); the
//! tables of rules 1-11 are reconstructions in `games/solo-1776/tables.yaml`.

pub mod combat;
pub mod data;
pub mod events;
pub mod facts;
pub mod french;
pub mod movement;
pub mod navy;
pub mod offboard;
pub mod options;
pub mod orders;
pub mod position;
pub mod replacements;
pub mod script;
pub mod state;
pub mod turn;
pub mod words;

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::engine::dice::Dice;
use crate::engine::error::OrderError;
use crate::engine::game::{listed, Awaiting, Candidate, Game, LegalOption};
use crate::engine::Error;
use data::Data;
use events::Event;
use orders::Orders;
use script::{Ctx, Stop};
use state::{Area, Army, Force, Fort, Location, Navy, State, Task};

pub struct Solo1776;

/// The one side: the player, as the British.
pub const SIDE: &str = "british";

/// An edition's files: its `scenario` and `tables` (paths under `games/solo-1776/`).
macro_rules! edition {
    ($scenario:literal, $tables:literal) => {
        &[
            (
                data::SCENARIO,
                include_str!(concat!("../../../games/solo-1776/", $scenario)),
            ),
            (
                data::TABLES,
                include_str!(concat!("../../../games/solo-1776/", $tables)),
            ),
        ]
    };
}

/// The data files, as built into adjutant.
pub const DATA_FILES: &[(&str, &str)] = edition!("scenario.yaml", "tables.yaml");

/// The data files of the first edition (adjutant-solo-1776/1 as first shipped), kept so that
/// game files begun with them still load with the tables they pin: the tables were retuned
/// for plausibility later (docs/solo-1776.md).
pub const DATA_FILES_V1: &[(&str, &str)] = edition!("v1/scenario.yaml", "v1/tables.yaml");

/// The data files of the fifteenth edition (before RULINGS A35 refused a board loss of a
/// detachment, which stands on the Off-Board chart), kept so that game files begun with them
/// still load with the tables they pin. Its scenario is the current one.
pub const DATA_FILES_V15: &[(&str, &str)] = edition!("scenario.yaml", "v15/tables.yaml");

/// The data files of the fourteenth edition (before RULINGS A31 sent an army of 0 SP on the
/// board off it, where its OB move left it at its town), kept so that game files begun with
/// them still load with the tables they pin. Its scenario is the current one.
pub const DATA_FILES_V14: &[(&str, &str)] = edition!("scenario.yaml", "v14/tables.yaml");

/// The data files of the thirteenth edition (before RULINGS A32 took a damaged Continental
/// Navy's naval SP off those deployed), kept so that game files begun with them still load
/// with the tables they pin. Its scenario is the current one.
pub const DATA_FILES_V13: &[(&str, &str)] = edition!("scenario.yaml", "v13/tables.yaml");

/// The data files of the twelfth edition (before RULINGS A31 refused a board loss of an army
/// off the board), kept so that game files begun with them still load with the tables they
/// pin. Its scenario is the current one.
pub const DATA_FILES_V12: &[(&str, &str)] = edition!("scenario.yaml", "v12/tables.yaml");

/// The data files of the eleventh edition (before RULINGS A30 recorded that a force put into
/// an area with no army became its army), kept so that game files begun with them still load
/// with the tables they pin. Its scenario is the current one.
pub const DATA_FILES_V11: &[(&str, &str)] = edition!("scenario.yaml", "v11/tables.yaml");

/// The data files of the tenth edition (before RULINGS A29 refused a loss or replacements of
/// nothing), kept so that game files begun with them still load with the tables they pin. Its
/// scenario is the current one.
pub const DATA_FILES_V10: &[(&str, &str)] = edition!("scenario.yaml", "v10/tables.yaml");

/// The data files of the ninth edition (before RULINGS A28 refused a British attack on an
/// army off the board), kept so that game files begun with them still load with the tables
/// they pin. Its scenario is the current one.
pub const DATA_FILES_V9: &[(&str, &str)] = edition!("scenario.yaml", "v9/tables.yaml");

/// The data files of the eighth edition (before RULINGS A26 withdrew the French fleets as
/// soon as the naval SP were reported, and before a roll's reason counted one fleet in the
/// singular), kept so that game files begun with them still load with the tables they pin.
/// Its scenario is the current one.
pub const DATA_FILES_V8: &[(&str, &str)] = edition!("scenario.yaml", "v8/tables.yaml");

/// The data files of the seventh edition (before RULINGS A24 let condition 1 move an army
/// up where condition 5 would bring it back), kept so that game files begun with them still
/// load with the tables they pin. Its scenario is the current one.
pub const DATA_FILES_V7: &[(&str, &str)] = edition!("scenario.yaml", "v7/tables.yaml");

/// The data files of the sixth edition (before RULINGS A23 worded an Up move by what draws
/// the army up), kept so that game files begun with them still load with the tables they
/// pin. Its scenario is the current one.
pub const DATA_FILES_V6: &[(&str, &str)] = edition!("scenario.yaml", "v6/tables.yaml");

/// The data files of the fifth edition (RULINGS A19-A21, before A22 held a month reported
/// over several files to once for each transport, scouted area and attacked army), kept so
/// that game files begun with them still load with the tables they pin. Its scenario is the
/// current one.
pub const DATA_FILES_V5: &[(&str, &str)] = edition!("scenario.yaml", "v5/tables.yaml");

/// The data files of the fourth edition (RULINGS A17, before A19-A21 bounded what a British
/// turn reports), kept so that game files begun with them still load with the tables they
/// pin. Its scenario is the current one.
pub const DATA_FILES_V4: &[(&str, &str)] = edition!("scenario.yaml", "v4/tables.yaml");

/// The data files of the third edition (RULINGS A16, before A17's town forts), kept so that
/// game files begun with them still load with the tables they pin. The second and third
/// editions share one scenario (`v3/scenario.yaml`, without the fort garrisoned at the start).
pub const DATA_FILES_V3: &[(&str, &str)] = edition!("v3/scenario.yaml", "v3/tables.yaml");

/// The data files of the second edition (the retuned tables, before RULINGS A16), kept so that
/// game files begun with them still load with the tables they pin.
pub const DATA_FILES_V2: &[(&str, &str)] = edition!("v3/scenario.yaml", "v2/tables.yaml");

/// The board at the bot's pause in the middle of a turn: the state keeps the board from before
/// the turn and the answers and dice so far, so the turn is replayed up to the question (every
/// die it needs is among those already drawn). `None` when no turn is paused.
pub fn in_turn(data: &Data, st: &State) -> Option<State> {
    st.question.as_ref()?;
    let turn: orders::Turn = serde_json::from_value(st.task.turn.clone()?).ok()?;
    // Replayed dice come from the task; a die beyond them would mean a broken task, and a
    // fixed key keeps even that case from reading anything secret.
    let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
    let mut ctx = Ctx::new(data, &mut dice, &st.task).ok()?;
    let mut work = st.clone();
    work.question = None;
    work.task = Task::default();
    match turn::run(&mut work, &mut ctx, &turn) {
        Err(Stop::Pause(_)) => {
            work.question = st.question.clone();
            work.task = st.task.clone();
            Some(work)
        }
        _ => None,
    }
}

impl Game for Solo1776 {
    const NAME: &'static str = "solo-1776";
    const ANNOTATES_STEPS: bool = true;
    const SIDES: &'static [&'static str] = &[SIDE];
    type Data = Data;
    type State = State;
    type Orders = Orders;
    type Event = Event;
    type Policy = ();

    fn load_data(files: &[(String, String)]) -> Result<Data, Error> {
        Data::load(files)
    }

    /// The scenario's areas, towns and armies; the first British turn is next.
    fn setup(data: &Data) -> (State, Vec<Event>) {
        let sc = &data.scenario;
        let areas = sc
            .areas
            .iter()
            .map(|a| {
                let locations = data::LOCATIONS
                    .iter()
                    .map(|&l| {
                        (
                            l,
                            Location {
                                requisite: a.requisite.get(&l).copied().unwrap_or(sc.requisite[&l]),
                                towns: a.locations.get(&l).cloned().unwrap_or_default(),
                            },
                        )
                    })
                    .collect();
                (
                    a.id.clone(),
                    Area {
                        british_control: a.british_control,
                        locations,
                    },
                )
            })
            .collect();
        let armies = sc
            .setup
            .armies
            .iter()
            .map(|a| {
                (
                    a.id.clone(),
                    Army {
                        name: a.name.clone(),
                        area: a.area.clone(),
                        location: a.location,
                        at: None,
                        force: Force {
                            sp: a.sp,
                            dragoons: a.dragoons,
                            artillery: a.artillery,
                            supply: a.supply,
                        },
                        entrenched: false,
                    },
                )
            })
            .collect();
        let st = State {
            date: sc.setup.date,
            bre: sc.setup.bre,
            naval: sc.setup.naval,
            areas,
            armies,
            detachments: BTreeMap::new(),
            forts: sc
                .setup
                .forts
                .iter()
                .map(|f| {
                    (
                        state::fort_key(&f.area, f.location),
                        Fort {
                            area: f.area.clone(),
                            location: f.location,
                            town: Some(f.town.clone()),
                            garrison: Force::from(f.garrison),
                        },
                    )
                })
                .collect(),
            navy: Navy::default(),
            french: Default::default(),
            question: None,
            task: Task::default(),
            over: false,
            month: Default::default(),
        };
        (st, Vec::new())
    }

    fn awaiting(data: &Data, st: &State) -> Option<Awaiting> {
        if st.over {
            return None;
        }
        Some(Awaiting {
            side: SIDE.into(),
            decision: st.question.as_ref().map_or("turn", |q| q.key()).into(),
            detail: Some(options::describe(
                &in_turn(data, st).unwrap_or_else(|| st.clone()),
            )),
        })
    }

    fn apply(
        data: &Data,
        state: &State,
        side: &str,
        orders: &Orders,
        _policy: Option<&()>,
        dice: &mut dyn Dice,
    ) -> Result<(State, Vec<Event>), OrderError> {
        if side != SIDE {
            return Err(OrderError::new(
                "1776",
                format!("the solo bot has one player side, `{SIDE}`, not `{side}`"),
            ));
        }
        if state.over {
            return Err(OrderError::new(
                "1776",
                "the last turn has been played; no orders are taken",
            ));
        }
        let want = state.question.as_ref().map_or("turn", |q| q.key());
        let keys = orders.keys();
        if keys != [want] {
            // The British turn the bot waits for runs rules 12 to 17; a pause cites its own.
            return Err(OrderError::new(
                state.question.as_ref().map_or("12-17", |q| q.rule()),
                format!(
                    "the bot waits for `{want}`; the orders must give `{want}` and nothing else (they give {})",
                    facts::listed(&keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>(), "and")
                ),
            ));
        }
        let (turn_value, answer) = match &state.question {
            None => (
                serde_json::to_value(orders.turn.as_ref().expect("checked")).expect("serializes"),
                None,
            ),
            Some(_) => (
                state
                    .task
                    .turn
                    .clone()
                    .expect("a paused turn keeps its orders"),
                Some(orders.clone()),
            ),
        };
        let turn: orders::Turn = serde_json::from_value(turn_value.clone()).map_err(|e| {
            OrderError::new("1776", format!("the turn in progress is unreadable: {e}"))
        })?;
        let mut ctx = Ctx::new(data, dice, &state.task)?;
        if let Some(a) = answer {
            ctx.progress.answers.give(a);
        }
        let mut work = state.clone();
        work.question = None;
        work.task = Task::default();
        let r = turn::run(&mut work, &mut ctx, &turn);
        let shown = state.task.events_shown.min(ctx.events.len());
        match r {
            Ok(()) => {
                if !ctx.progress.answers.all_used() {
                    return Err(OrderError::new(
                        "1776",
                        "the orders answer a question the bot is not asking",
                    ));
                }
                Ok((work, ctx.events.split_off(shown)))
            }
            Err(Stop::Pause(q)) => {
                let n = ctx.events.len();
                let mut next = state.clone();
                next.task = ctx.task(turn_value, n);
                next.question = Some(q);
                Ok((next, ctx.events.split_off(shown)))
            }
            Err(Stop::Illegal(e)) => Err(e),
        }
    }

    fn legal_options(data: &Data, st: &State, side: &str) -> Vec<LegalOption> {
        if side != SIDE || st.over {
            return Vec::new();
        }
        // Every option is tried on a copy first, so only orders the rules accept are listed.
        listed(
            options::candidates(data, st),
            |orders| {
                let mut dice = crate::engine::dice::KeyedDice::new(&[0u8; 32]);
                Self::apply(data, st, SIDE, orders, None, &mut dice).is_ok()
            },
            crate::engine::flow::to_lines,
        )
    }

    fn candidates(data: &Data, st: &State, side: &str) -> Vec<Candidate<Orders>> {
        if side != SIDE || st.over {
            return Vec::new();
        }
        options::candidates(data, st)
            .into_iter()
            .map(|(_, orders)| orders.into())
            .collect()
    }

    fn check_position(data: &Data, st: &State) -> Result<(), OrderError> {
        position::check(data, st)
    }

    fn orders_rule(_state: &State, path: &str) -> Option<&'static str> {
        crate::engine::written::rule_under(orders::RULES_BY_KEY, path)
    }

    /// `words::annotate`: a Down move past a fort says the army builds none there.
    fn annotate_step(
        data: &Data,
        before: &State,
        _after: Option<&State>,
        _orders: &mut Value,
        events: &mut [Value],
    ) {
        words::annotate(data, before, events);
    }

    fn view(data: &Data, st: &State) -> State {
        in_turn(data, st).unwrap_or_else(|| st.clone())
    }

    fn lookups(data: &Data) -> Value {
        let areas: BTreeMap<&str, &str> = data
            .areas()
            .iter()
            .map(|a| (a.id.as_str(), a.name.as_str()))
            .collect();
        let towns: BTreeMap<&str, &str> = data
            .areas()
            .iter()
            .flat_map(|a| a.locations.values().flatten())
            .map(|t| (t.id.as_str(), t.name.as_str()))
            .collect();
        let order: Vec<&str> = data.areas().iter().map(|a| a.id.as_str()).collect();
        let months: Vec<&str> = (1..=12).map(options::month).collect();
        let armies: BTreeMap<&str, &str> = data
            .scenario
            .setup
            .armies
            .iter()
            .map(|a| (a.id.as_str(), a.name.as_str()))
            .collect();
        // An army formed in play is `<area>-army` (12), as `words::id_words` reads it; a
        // sea invasion's roll and the area-change randomiser's name it.
        let formed: BTreeMap<String, String> = data
            .areas()
            .iter()
            .map(|a| {
                (
                    format!("{}-army", a.id),
                    format!("the American army of {}", a.name),
                )
            })
            .collect();
        // The dice reasons name areas and armies by id (`scouting roll: middle-states`), and
        // the Continental Navy's roll the transport by the player's own label (16): reports
        // print names and words in their place (`report::log::roll_words`).
        json!({"areas": areas, "towns": towns, "area_order": order, "months": months, "armies": armies,
               "formed_armies": formed,
               "side_names": {"british": "the British player"},
               "dice_names": ["areas", "armies", "formed_armies"],
               "dice_labels": [navy::COURSE_ROLL],
               // A reason recorded without its rule number, and the number a report adds.
               "dice_rules": {"scouting roll:": "12"}})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::KeyedDice;

    pub fn data() -> Data {
        let files: Vec<(String, String)> = DATA_FILES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        Data::load(&files).expect("built-in data loads")
    }

    /// Orders that give the wrong keys are refused with the keys in words, not as a list.
    #[test]
    fn orders_with_other_keys_are_refused_naming_them_in_words() {
        let data = data();
        let (st, _) = Solo1776::setup(&data);
        let orders: Orders = serde_json::from_value(json!({
            "combat": {"bre": 1}, "engagement": {"damaged": false}}))
        .unwrap();
        let mut dice = KeyedDice::new(&[0; 32]);
        let e = Solo1776::apply(&data, &st, SIDE, &orders, None, &mut dice).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("(they give `combat` and `engagement`)"),
            "{text}"
        );
    }

    /// Plays the whole campaign choosing listed options by a seeded counter.
    #[test]
    fn seeded_campaigns_reach_the_last_turn() {
        let data = data();
        for seed in 0..10u8 {
            let (mut st, _) = Solo1776::setup(&data);
            let mut steps = 0usize;
            while !st.over {
                let options = Solo1776::legal_options(&data, &st, SIDE);
                assert!(!options.is_empty(), "no option at {:?}", st.question);
                let pick = &options[(steps * 7 + seed as usize) % options.len()];
                let v: Value = serde_yaml::from_str(&pick.example).unwrap();
                let orders: Orders = serde_json::from_value(v).unwrap();
                let mut key = [seed; 32];
                key[0] = steps as u8;
                key[1] = (steps >> 8) as u8;
                let mut dice = KeyedDice::new(&key);
                let (next, _) = Solo1776::apply(&data, &st, SIDE, &orders, None, &mut dice)
                    .unwrap_or_else(|e| panic!("{e} at {:?} with {}", st.question, pick.example));
                st = next;
                steps += 1;
                assert!(steps < 3000, "the campaign does not end");
            }
        }
    }
}
