//! The Turn End Phase (13.0) and the start of the next campaign turn.

use super::data::Data;
use super::events::Event;
use super::orders::{self, Answer};
use super::readings::CommanderWithoutUnits;
use super::state::{Chit, Id, LeaderRank, Phase, Question, Side, Stage, State, Supplies};
use super::{march, navy, siege, supply, victory};
use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};

/// 13.0, in order: 1 Dug-In markers off; 2 sieges (13.1); 3 navies return (12.4); 4 new
/// irregulars come out (13.2); 5 new irregulars into the cup (13.3); 6 the new Patriot
/// commander (13.4); 7 Political Will (13.5). Then the Victory Check Phase (14.0) and, if the
/// game goes on, the next campaign turn.
pub fn run(data: &Data, st: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    remove_dig_in(st, ev);
    run_from(data, st, Stage::Sieges, dice, ev);
}

/// Runs the turn end and the next turn's start from `stage` on, stopping where a side must
/// decide (the phase then says who, what, and where to resume) or at the Crown's supply moves.
pub fn run_from(
    data: &Data,
    st: &mut State,
    stage: Stage,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) {
    let mut stage = stage;
    loop {
        // 14.0: once a step has ended the game (Cornwallis lost at sea with the cargo left
        // aboard at 12.3, a victory check), nothing after it happens.
        if st.phase == Phase::Over {
            return;
        }
        // 11.3: a siege lifts as soon as its conditions fail, whatever step broke them (a
        // surrender at 13.1, a navy placed at 12.4 or removed for the winter at 12.3), so
        // before the next step: a City freed at the winter removal generates (5.1).
        siege::lift_broken(data, st, ev);
        let winter = data.is_winter(st.turn.space);
        match stage {
            // A question inside the impulses is answered in `answer`, which goes on with the
            // next impulse itself.
            Stage::Impulses => return,
            Stage::Sieges => siege::turn_end(data, st, ev),
            Stage::NavyReturn if !winter => {
                navy::roll_for_return(st, Side::Crown, dice, ev);
                if place_returning(data, st, Stage::FrenchNavyReturn, ev) {
                    return;
                }
            }
            Stage::FrenchNavyReturn if !winter => {
                navy::roll_for_return(st, Side::Patriot, dice, ev);
                if place_returning(data, st, Stage::PlaceNavies, ev) {
                    return;
                }
            }
            Stage::NavyReturn | Stage::FrenchNavyReturn => {}
            Stage::PlaceNavies => {
                if place_returning(data, st, Stage::PlaceNavies, ev) {
                    return;
                }
            }
            Stage::Irregulars => {
                irregulars_come_out(data, st, dice, ev);
                irregulars_into_cup(data, st, ev);
            }
            Stage::Commander if !winter => {
                let areas = commander_areas(data, st);
                if !patriot_leader_on_map(st) && !areas.is_empty() && commander_has_units(data, st)
                {
                    match commander_area_unasked(data, &areas) {
                        Some(only) => commander_arrives(data, st, &only, ev),
                        None => {
                            st.phase = Phase::Decision {
                                side: Side::Patriot,
                                question: Question::Commander { areas },
                                resume: Stage::PoliticalWill,
                            };
                            return;
                        }
                    }
                }
            }
            Stage::Commander => {}
            Stage::PoliticalWill => political_will_adjustment(data, st, ev),
            Stage::Victory => {
                if victory::check(data, st, ev) {
                    return;
                }
            }
            Stage::NextTurn => advance_turn(data, st, ev),
            Stage::WinterRemoval if winter => {
                // 12.3: a navy with cargo first lets its owner put it ashore.
                for side in [Side::Crown, Side::Patriot] {
                    if st.navies.zone(side).is_some()
                        && st.navies.cargo.get(&side).is_some_and(|c| !c.is_empty())
                    {
                        let army_ports = if st.navies.cargo[&side].units > 0 {
                            navy::winter_army_ports(data, st, side)
                        } else {
                            Vec::new()
                        };
                        let supply_ports = navy::supply_ports(data, st, side);
                        // 12.3 (RULINGS N13): with no port for the army aboard nor for the
                        // supplies aboard, the one answer loses the cargo: it is lost without a
                        // pause.
                        let supplies = st.navies.cargo[&side].food + st.navies.cargo[&side].war;
                        if army_ports.is_empty()
                            && (supply_ports.is_empty() || supplies == 0)
                            && data.pieces.readings.unload_asked_only_with_a_choice()
                        {
                            navy::unload(data, st, side, &Default::default(), ev)
                                .expect("an unload of nothing is always taken");
                            if st.phase == Phase::Over {
                                if data.pieces.readings.navies_leave_after_capture() {
                                    navy::leave_after_capture(st, ev);
                                }
                                return;
                            }
                            continue;
                        }
                        st.phase = Phase::Decision {
                            side,
                            question: Question::Unload {
                                army_ports,
                                supply_ports,
                            },
                            resume: Stage::WinterRemoval,
                        };
                        return;
                    }
                }
                navy::remove_for_winter(st, ev);
            }
            Stage::WinterRemoval => {}
            Stage::Generation => {
                supply::generate(data, st, ev);
                st.phase = Phase::Supply { side: Side::Crown };
                return;
            }
        }
        stage = next_stage(stage);
    }
}

/// 12.4: places the navies that rolled their return, the first in the list first; when its
/// owner has a choice of zones the game pauses for it, to go on at `resume` once the answer
/// has placed it. Returns whether it paused.
fn place_returning(data: &Data, st: &mut State, resume: Stage, ev: &mut Vec<Event>) -> bool {
    while let Some(side) = st.navies.returning.first().copied() {
        let zones = navy::return_zones(data, st, side);
        if zones.len() > 1 {
            st.phase = Phase::Decision {
                side,
                question: Question::NavyZone { zones },
                resume,
            };
            return true;
        }
        st.navies.returning.remove(0);
        if let Some(zone) = zones.into_iter().next() {
            navy::place(st, side, zone, ev);
        }
    }
    false
}

fn next_stage(s: Stage) -> Stage {
    match s {
        Stage::Impulses => Stage::Impulses,
        Stage::Sieges => Stage::NavyReturn,
        Stage::NavyReturn => Stage::FrenchNavyReturn,
        Stage::FrenchNavyReturn => Stage::PlaceNavies,
        Stage::PlaceNavies => Stage::Irregulars,
        Stage::Irregulars => Stage::Commander,
        Stage::Commander => Stage::PoliticalWill,
        Stage::PoliticalWill => Stage::Victory,
        Stage::Victory => Stage::NextTurn,
        Stage::NextTurn => Stage::WinterRemoval,
        Stage::WinterRemoval | Stage::Generation => Stage::Generation,
    }
}

/// Applies a side's answer to the question in hand and goes on with the sequence.
pub fn answer(
    data: &Data,
    st: &mut State,
    side: Side,
    answer: &Answer,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let Phase::Decision {
        side: asked,
        question,
        resume,
    } = st.phase.clone()
    else {
        return Err(OrderError::new("4.0", "no question waits for an answer").at("answer"));
    };
    if asked != side {
        return Err(
            OrderError::new("4.0", format!("the question is `{asked}`'s to answer")).at("answer"),
        );
    }
    let wrong = |rule: &str, what: &str| {
        OrderError::new(rule, format!("the question is {what}")).at("answer")
    };
    match (&question, answer) {
        (Question::NavyZone { zones }, Answer::NavyZone(z)) => {
            let z = data.find_sea(z).map_or(*z, |x| x.id);
            if !zones.contains(&z) {
                return Err(OrderError::new(
                    "12.4",
                    format!(
                        "the navy returns to a zone without the enemy navy: one of {}",
                        zones.join(", ")
                    ),
                )
                .at("answer.navy_zone"));
            }
            st.navies.returning.retain(|s| *s != side);
            navy::place(st, side, z, ev);
        }
        (Question::Commander { areas }, Answer::Commander(a)) => {
            let area = orders::area(data, a, "answer.commander")?;
            if !areas.contains(&area.id) {
                return Err(OrderError::new("13.4", format!("the new commander enters a Virginia area that is empty or held by your army: one of {}", areas.join(", "))).at("answer.commander"));
            }
            commander_arrives(data, st, &area.id, ev);
        }
        (
            Question::Excess {
                previous_passed, ..
            },
            Answer::Excess(moves),
        ) => {
            // 5.5 (RULINGS S12): the moves along the line, then the limits as after any
            // moves: an excess the line still has room for is refused, the rest discarded.
            supply::move_supplies(data, st, side, moves, Path::root("answer.excess"), ev)?;
            supply::enforce_limits(data, st, side, Some("answer.excess"), ev)?;
            super::impulse::after_battle(data, st, side, *previous_passed, dice, ev);
            return Ok(());
        }
        (Question::Unload { .. }, Answer::Unload(u)) => {
            navy::unload(data, st, side, u, ev)?;
            if st.phase == Phase::Over && data.pieces.readings.navies_leave_after_capture() {
                navy::leave_after_capture(st, ev);
            }
        }
        (Question::NavyZone { .. }, _) => {
            return Err(wrong(
                "12.4",
                "where your navy returns: `answer: {navy_zone: ZONE}`",
            ))
        }
        (Question::Commander { .. }, _) => {
            return Err(wrong(
                "13.4",
                "where the new commander enters: `answer: {commander: AREA}`",
            ))
        }
        (Question::Excess { .. }, _) => {
            return Err(wrong(
                "5.5",
                "how the supplies your attack left over their limit move on: `answer: {excess: [{from: AREA, to: AREA, food: N, war: N}]}`",
            ))
        }
        (Question::Unload { .. }, _) => return Err(wrong(
            "12.3",
            "where your navy's cargo goes ashore: `answer: {unload: {army: PORT, supplies: PORT}}`",
        )),
    }
    run_from(data, st, resume, dice, ev);
    Ok(())
}

fn patriot_leader_on_map(st: &State) -> bool {
    st.armies
        .values()
        .any(|a| a.side == Side::Patriot && a.leader == Some(LeaderRank::Leader))
}

/// 13.4 (RULINGS N15): the area the new commander enters without a question, when `areas`
/// (those open to him) hold only one: no choice, and no reason to wait for a mail. The first
/// ten editions asked all the same.
pub fn commander_area_unasked(data: &Data, areas: &[Id]) -> Option<Id> {
    match areas {
        [only] if data.pieces.readings.commander_asked_only_with_a_choice() => Some(*only),
        _ => None,
    }
}

/// 13.4: the Virginia areas the new commander may enter: with no army, or a Patriot army (an
/// area a Loyalist Holds is not occupied by the enemy, RULINGS N14).
pub fn commander_areas(data: &Data, st: &State) -> Vec<Id> {
    data.areas()
        .filter(|a| a.colony == "VA" && st.army(&a.id).is_none_or(|x| x.side == Side::Patriot))
        .map(|a| a.id)
        .collect()
}

/// 13.4 with 2.2 (RULINGS N11): whether a Patriot unit is left for the new commander to lead. A
/// leader is not a unit, and an army is one or more units, so with none left he waits for the
/// next campaign turn's end (the first edition's reading let him enter alone).
fn commander_has_units(data: &Data, st: &State) -> bool {
    data.pieces.readings.commander_without_units == CommanderWithoutUnits::EntersAlone
        || data.pieces.units[&Side::Patriot] > st.units_on_map(Side::Patriot)
}

/// 13.4: the new Patriot commander enters with 6 Units, 2 Food and 2 War, or what the pieces
/// and the stock still allow. Gates's successor is the next name of the data (Greene). He
/// enters as any army does (9.1, 8.4): a Loyalist Holding the area with no Crown army there is
/// eliminated, and a Subordinate Leader he joins comes off (9.2).
fn commander_arrives(data: &Data, st: &mut State, area: &str, ev: &mut Vec<Event>) {
    let names = &data.pieces.leaders.patriot;
    if st.leaders_lost > 0 {
        let i = (st.leaders_lost as usize).min(names.len().saturating_sub(1));
        st.patriot_commander = names[i].clone();
    }
    let units =
        6u32.min(data.pieces.units[&Side::Patriot].saturating_sub(st.units_on_map(Side::Patriot)));
    let stock = supply::stock(data, st);
    // 11.1 (RULINGS S9): no supplies go into a siege by land, his no more than a marching
    // army's; they stay in the stock.
    let besieged = st.besieged(area)
        && data
            .pieces
            .readings
            .commander_brings_no_supplies_into_a_siege();
    let (food, war) = if besieged {
        (0, 0)
    } else {
        (2u32.min(stock.food), 2u32.min(stock.war))
    };
    ev.push(Event::CommanderArrived {
        name: st.patriot_commander.clone(),
        area: Id::new(area),
        units,
        food,
        war,
        besieged,
    });
    march::enter(
        data,
        st,
        Side::Patriot,
        area,
        march::Force {
            units,
            leader: Some(LeaderRank::Leader),
            supplies: Supplies { food, war },
        },
        ev,
    );
}

/// 13.0 step 1: every Dug-In marker comes off.
pub fn remove_dig_in(st: &mut State, ev: &mut Vec<Event>) {
    let mut areas = Vec::new();
    for (area, army) in st.armies.iter_mut() {
        if army.dug_in {
            army.dug_in = false;
            areas.push(*area);
        }
    }
    if !areas.is_empty() {
        ev.push(Event::DugInRemoved { areas });
    }
}

/// 13.2: three counters are drawn from the cup one at a time. Each goes into an empty
/// Partisan Box of its Colony or, with none empty, replaces an enemy counter (never the
/// Swamp Fox), which goes beside the board. A counter with neither goes back beside the
/// board (RULINGS.md). The Swamp Fox stays in South Carolina for good (8.5).
pub fn irregulars_come_out(data: &Data, st: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    // The draws' labels, written out: they are the same every turn end.
    let labels = [
        "13.2 irregular 1 of 3 from the cup",
        "13.2 irregular 2 of 3 from the cup",
        "13.2 irregular 3 of 3 from the cup",
    ];
    for label in labels {
        if st.cup.is_empty() {
            return;
        }
        let i = dice.draw(st.cup.len(), label);
        let chit = st.cup.remove(i);
        let boxes = data.pieces.partisan_boxes_per_colony;
        let p = st.partisans.get_or_default(chit.colony);
        let used = p.militia + p.loyalists + u32::from(p.swamp_fox);
        let enemy = chit.side.other();
        let mut replaced = None;
        let placed = if used < boxes {
            true
        } else {
            let enemy_count = match enemy {
                Side::Crown => &mut p.loyalists,
                Side::Patriot => &mut p.militia,
            };
            if *enemy_count > 0 {
                *enemy_count -= 1;
                replaced = Some(enemy);
                true
            } else {
                false
            }
        };
        let p = st.partisans.get_or_default(chit.colony);
        if placed {
            match (chit.side, chit.swamp_fox) {
                (Side::Patriot, true) => p.swamp_fox = true,
                (Side::Patriot, false) => p.militia += 1,
                (Side::Crown, _) => p.loyalists += 1,
            }
        }
        let pool = st.pool.get_or_default(chit.colony);
        if let Some(side) = replaced {
            match side {
                Side::Crown => pool.loyalists += 1,
                Side::Patriot => pool.militia += 1,
            }
        }
        if !placed && !chit.swamp_fox {
            match chit.side {
                Side::Crown => pool.loyalists += 1,
                Side::Patriot => pool.militia += 1,
            }
        }
        if !placed && chit.swamp_fox {
            st.cup.push(chit);
        }
        ev.push(Event::IrregularDrawn {
            side: chit.side,
            colony: chit.colony,
            swamp_fox: chit.swamp_fox,
            placed,
            replaced,
        });
    }
}

/// 13.3: from Virginia south, each side with an army in a Colony puts one of its counters of
/// that Colony from beside the board into the cup, if it has one left. 8.5: at the end of the
/// first campaign turn the Swamp Fox goes into the cup too.
pub fn irregulars_into_cup(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    // Which sides have an army in each Colony, found by going through the armies once.
    let mut present = vec![(false, false); data.map.colonies.len()];
    for (area, a) in &st.armies {
        let Some(at) = data.position(area) else {
            continue;
        };
        let colony = data.area_at(at).colony;
        if let Some(k) = data.map.colonies.iter().position(|c| c.id == colony) {
            match a.side {
                Side::Crown => present[k].0 = true,
                Side::Patriot => present[k].1 = true,
            }
        }
    }
    for (colony, &(crown, patriot)) in data.map.colonies.iter().zip(&present) {
        for (side, present) in [(Side::Crown, crown), (Side::Patriot, patriot)] {
            if !present {
                continue;
            }
            let pool = st.pool.get_or_default(colony.id);
            let left = match side {
                Side::Crown => &mut pool.loyalists,
                Side::Patriot => &mut pool.militia,
            };
            if *left == 0 {
                continue;
            }
            *left -= 1;
            st.cup.push(Chit {
                side,
                colony: colony.id,
                swamp_fox: false,
            });
            ev.push(Event::IrregularsToCup {
                side,
                colony: colony.id,
                swamp_fox: false,
            });
        }
    }
    if st.campaign_turns == 1 {
        st.cup.push(Chit {
            side: Side::Patriot,
            colony: "SC".into(),
            swamp_fox: true,
        });
        ev.push(Event::IrregularsToCup {
            side: Side::Patriot,
            colony: "SC".into(),
            swamp_fox: true,
        });
    }
}

/// 13.5: at the end of the last campaign turn of a year the British Political Will marker
/// moves left: 1 space the first year, 2 every later year.
pub fn political_will_adjustment(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    let track = &data.tracks;
    if st.turn.space != track.campaign_turn.spaces {
        return;
    }
    let loss = if st.years_ended == 0 {
        track.political_will.year_end_loss.first
    } else {
        track.political_will.year_end_loss.later
    };
    let from = st.political_will;
    st.political_will = from.saturating_sub(loss).max(track.political_will.min);
    st.years_ended += 1;
    ev.push(Event::PoliticalWill {
        from,
        to: st.political_will,
        reason: format!("13.5 end of {}", st.turn.year),
    });
}

/// 4.0 and 13.5: the marker moves to the next space of the Campaign Turn Track (after the
/// fifth, back to the first of the next year) and a new campaign turn begins.
fn advance_turn(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    let ct = &data.tracks.campaign_turn;
    if st.turn.space >= ct.spaces {
        st.turn.space = 1;
        st.turn.year += 1;
    } else {
        st.turn.space += 1;
    }
    start_turn(data, st, ev);
}

fn start_turn(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    st.initiative = None;
    st.pass_track = 0;
    st.campaign_turns += 1;
    ev.push(Event::CampaignTurn {
        year: st.turn.year,
        space: st.turn.space,
        winter: data.is_winter(st.turn.space),
    });
}

/// The first campaign turn (3.0): its Supply Phase up to the Crown's first decision. The game
/// starts on a non-winter space, so nothing here needs dice or a decision.
pub fn begin_first_turn(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    start_turn(data, st, ev);
    supply::generate(data, st, ev);
    st.phase = Phase::Supply { side: Side::Crown };
}
