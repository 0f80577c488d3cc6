//! The Turn End Phase (13.0) and the start of the next campaign turn.

use super::data::Data;
use super::events::Event;
use super::state::{Phase, Side, State};
use super::{supply, victory};
use crate::engine::dice::Dice;

/// 13.0, in order. Steps 2 to 6 (sieges 13.1, navies 12.4, new irregulars 13.2 and 13.3, the
/// new Patriot commander 13.4) come with the rest of the rules; step 1 and step 7 run here.
/// Then the Victory Check Phase (14.0) and, if the game goes on, the next campaign turn.
pub fn run(data: &Data, st: &mut State, _dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    remove_dig_in(st, ev);
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

/// 13.5: at the end of the last campaign turn of a year the British Political Will marker
/// moves left: 1 space the first year, 2 every later year.
pub fn political_will_adjustment(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    let track = &data.tracks;
    if st.turn.space != track.campaign_turn.spaces {
        return;
    }
    let loss = if st.years_ended == 0 { track.political_will.year_end_loss.first } else { track.political_will.year_end_loss.later };
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
    ev.push(Event::CampaignTurn { year: st.turn.year, space: st.turn.space, winter: data.is_winter(st.turn.space) });
    supply::generate(data, st, ev);
    st.phase = Phase::Supply { side: Side::Crown };
}
