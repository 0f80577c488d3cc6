//! The Turn End Phase (13.0) and the start of the next campaign turn.

use super::data::Data;
use super::events::Event;
use super::state::{Chit, Phase, Side, State};
use super::{siege, supply, victory};
use crate::engine::dice::Dice;

/// 13.0, in order: 1 Dug-In markers off; 2 sieges (13.1); 3 navies return (12.4) and 6 the
/// new Patriot commander (13.4) come with the navy rules; 4 new irregulars
/// come out (13.2); 5 new irregulars into the cup (13.3); 7 Political Will (13.5). Then the
/// Victory Check Phase (14.0) and, if the game goes on, the next campaign turn.
pub fn run(data: &Data, st: &mut State, dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    remove_dig_in(st, ev);
    siege::turn_end(data, st, ev);
    if st.phase == Phase::Over {
        return;
    }
    irregulars_come_out(data, st, dice, ev);
    irregulars_into_cup(data, st, ev);
    political_will_adjustment(data, st, ev);
    if victory::check(data, st, ev) {
        return;
    }
    next_campaign_turn(data, st, ev);
}

/// 13.0 step 1: every Dug-In marker comes off.
pub fn remove_dig_in(st: &mut State, ev: &mut Vec<Event>) {
    let mut areas = Vec::new();
    for (area, army) in st.armies.iter_mut() {
        if army.dug_in {
            army.dug_in = false;
            areas.push(area.clone());
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
    for k in 1..=3 {
        if st.cup.is_empty() {
            return;
        }
        let i = dice.draw(
            st.cup.len(),
            &format!("13.2 irregular {k} of 3 from the cup"),
        );
        let chit = st.cup.remove(i);
        let boxes = data.pieces.partisan_boxes_per_colony;
        let p = st.partisans.entry(chit.colony.clone()).or_default();
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
        let p = st.partisans.entry(chit.colony.clone()).or_default();
        if placed {
            match (chit.side, chit.swamp_fox) {
                (Side::Patriot, true) => p.swamp_fox = true,
                (Side::Patriot, false) => p.militia += 1,
                (Side::Crown, _) => p.loyalists += 1,
            }
        }
        let pool = st.pool.entry(chit.colony.clone()).or_default();
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
            st.cup.push(chit.clone());
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
    for colony in &data.map.colonies {
        for side in [Side::Crown, Side::Patriot] {
            let present = st
                .armies
                .iter()
                .any(|(area, a)| a.side == side && data.area(area).colony == colony.id);
            if !present {
                continue;
            }
            let pool = st.pool.entry(colony.id.clone()).or_default();
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
                colony: colony.id.clone(),
                swamp_fox: false,
            });
            ev.push(Event::IrregularsToCup {
                side,
                colony: colony.id.clone(),
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
/// fifth, back to the first of the next year) and the supply phase begins: generation
/// (5.1), then the Crown's moves.
pub fn next_campaign_turn(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    let ct = &data.tracks.campaign_turn;
    if st.turn.space >= ct.spaces {
        st.turn.space = 1;
        st.turn.year += 1;
    } else {
        st.turn.space += 1;
    }
    begin_campaign_turn(data, st, ev);
}

/// The start of a campaign turn: its Supply Phase up to the Crown's first decision.
pub fn begin_campaign_turn(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    st.initiative = None;
    st.pass_track = 0;
    st.campaign_turns += 1;
    ev.push(Event::CampaignTurn {
        year: st.turn.year,
        space: st.turn.space,
        winter: data.is_winter(st.turn.space),
    });
    supply::generate(data, st, ev);
    st.phase = Phase::Supply { side: Side::Crown };
}
