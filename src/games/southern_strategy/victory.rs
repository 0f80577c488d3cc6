//! Victory (14.0).

use super::data::Data;
use super::events::Event;
use super::state::{Id, Outcome, Phase, Side, State};

/// 14.0: how many Cities and Forts the Crown occupies with armies or Holds with Loyalists.
pub fn crown_cities_and_forts(data: &Data, st: &State) -> usize {
    // Counted from the armies and the Holds, far fewer than the areas. An area off the map
    // counts for nothing.
    let city_or_fort = |area: &Id| {
        data.position(area)
            .is_some_and(|i| data.area_at(i).is_city_or_fort())
    };
    let occupied = st
        .armies
        .iter()
        .filter(|(area, a)| a.side == Side::Crown && city_or_fort(area))
        .count();
    // A Hold under a Crown army is counted once, with the army.
    let held = st
        .holds
        .iter()
        .filter(|area| st.army_of(*area, Side::Crown).is_none() && city_or_fort(area))
        .count();
    occupied + held
}

/// 14.0: the Cities and Forts the Crown must occupy or Hold for a Decisive Victory.
pub const DECISIVE: usize = 10;

/// 14.0, the Victory Check Phase: a Crown Decisive Victory with 10 Cities or Forts; else the
/// Political Will track at 0 (Patriot) or 9 (Crown). Returns whether the game ended.
pub fn check(data: &Data, st: &mut State, ev: &mut Vec<Event>) -> bool {
    let pw = &data.tracks.political_will;
    let held = crown_cities_and_forts(data, st);
    let won = if held >= DECISIVE {
        Some((
            Side::Crown,
            format!("14.0 decisive victory: the Crown holds {held} Cities and Forts"),
        ))
    } else if st.political_will <= pw.min {
        Some((
            Side::Patriot,
            "14.0 the Crown sues for peace: Political Will at 0".to_string(),
        ))
    } else if st.political_will >= pw.max {
        Some((
            Side::Crown,
            "14.0 the Patriots sue for peace: Political Will at 9".to_string(),
        ))
    } else {
        None
    };
    match won {
        Some((winner, how)) => {
            end(st, winner, how, ev);
            true
        }
        None => false,
    }
}

/// Ends the game (also used by instant victories).
pub fn end(st: &mut State, winner: Side, how: String, ev: &mut Vec<Event>) {
    st.outcome = Some(Outcome {
        winner,
        how: how.clone(),
    });
    st.phase = Phase::Over;
    ev.push(Event::Victory { winner, how });
}
