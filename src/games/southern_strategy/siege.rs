//! The art of the siege (11.x and 13.1): declaring, its effects' bookkeeping, lifting, and the
//! Food a besieged army eats at each turn end. The effects on other actions (no generation, no
//! supply in or out, only Dig-In or Attack, no refusing) are checked where those actions are.

use super::battle;
use super::data::Data;
use super::events::Event;
use super::state::{Id, Key, Side, State, Supplies};

/// 11.0: the conditions for a siege of the enemy army in `area` by `besieger`: friendly armies
/// in two adjacent areas; or, at a Port City, one adjacent friendly army and the friendly navy
/// in its sea zone without the enemy navy.
pub fn conditions_hold(
    data: &Data,
    st: &State,
    area: &(impl Key + ?Sized),
    besieger: Side,
) -> bool {
    let a = data.area(area);
    if !a.is_city_or_fort() || st.army(area).is_none_or(|x| x.side == besieger) {
        return false;
    }
    let around = a
        .adjacent
        .iter()
        .filter(|b| st.army_of(b, besieger).is_some())
        .count();
    if around >= 2 {
        return true;
    }
    let (own, enemy) = match besieger {
        Side::Crown => (&st.navies.crown, &st.navies.french),
        Side::Patriot => (&st.navies.french, &st.navies.crown),
    };
    around >= 1
        && a.port
        && a.kind == super::data::AreaType::City
        && a.sea.is_some()
        && own.as_ref() == a.sea.as_ref()
        && enemy.as_ref() != a.sea.as_ref()
}

/// 11.0: at the end of a player's impulses every occupied City or Fort that meets the
/// conditions is put under siege, whichever side besieges it (RULINGS.md B13): an army that
/// marches between two enemy armies is besieged at the end of its own side's impulses.
pub fn declare(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    // Only an occupied City or Fort can be besieged, and this runs after every impulse: the
    // armies are far fewer than the areas. The sieges are declared in the map's order.
    let mut areas: Vec<(usize, Id, Side)> = st
        .armies
        .iter()
        .filter_map(|(area, army)| {
            let at = data.position(area)?;
            let besieger = army.side.other();
            (data.area_at(at).is_city_or_fort()
                && !st.besieged(area)
                && conditions_hold(data, st, area, besieger))
            .then_some((at, *area, besieger))
        })
        .collect();
    areas.sort_by_key(|(at, _, _)| *at);
    for (_, area, by) in areas {
        ev.push(Event::SiegeDeclared { area, by });
        st.sieges.insert(area);
    }
}

/// 11.3: a siege lifts as soon as its conditions no longer hold. While an attack waits for the
/// defender, the attackers still stand where they came from for this purpose (RULINGS.md B10),
/// so nothing lifts until the battle is fought.
pub fn lift_broken(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    if st.pending_attack().is_some() {
        return;
    }
    let broken: Vec<Id> = st
        .sieges
        .iter()
        .filter(|area| {
            let besieged = st.army(area).map(|a| a.side);
            besieged.is_none_or(|side| !conditions_hold(data, st, area, side.other()))
        })
        .cloned()
        .collect();
    for area in broken {
        st.sieges.remove(&area);
        ev.push(Event::SiegeLifted { area });
    }
}

/// 13.1 and 11.2: each besieged army expends 1 Food; with none it surrenders.
pub fn turn_end(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    let areas: Vec<Id> = st.sieges.iter().copied().collect();
    for area in areas {
        let Some(army) = st.army(&area).cloned() else {
            continue;
        };
        let s = st.supplies_at(&area);
        if s.food > 0 {
            st.set_supplies(
                &area,
                Supplies {
                    food: s.food - 1,
                    war: s.war,
                },
            );
            ev.push(Event::SiegeFood { area });
        } else {
            st.armies.remove(area.as_str());
            st.sieges.remove(area.as_str());
            battle::surrender(data, st, army.side, &area, army.units, army.leader, ev);
            if st.phase == super::state::Phase::Over {
                return;
            }
        }
    }
}
