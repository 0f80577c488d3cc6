//! The art of the siege (11.x and 13.1): declaring, its effects' bookkeeping, lifting, and the
//! Food a besieged army eats at each turn end. The effects on other actions (no generation, no
//! supply in or out, only Dig-In or Attack, no refusing) are checked where those actions are.

use super::battle;
use super::data::Data;
use super::events::Event;
use super::state::{Id, Key, Navies, Side, State, Supplies};

/// 11.1 (RULINGS S9): whether an army entering `area` by a march or a refused battle brings
/// no supplies in, since it is besieged and the game reads 11.1's bar on land moves so.
pub fn closed_to_armies(data: &Data, st: &State, area: &(impl Key + ?Sized)) -> bool {
    data.pieces.readings.sieges_closed_to_armies() && st.besieged(area)
}

/// 11.0: the conditions for a siege of the enemy army in `area` by `besieger`: friendly armies
/// in two adjacent areas; or, at a Port City, one adjacent friendly army and the friendly navy
/// in its sea zone without the enemy navy.
pub fn conditions_hold(
    data: &Data,
    st: &State,
    area: &(impl Key + ?Sized),
    besieger: Side,
) -> bool {
    let at = data.position(area).expect("an area of the map");
    conditions_hold_at(data, st, at, besieger, |b| {
        st.army(&data.area_at(b).id).map(|a| a.side)
    })
}

/// `conditions_hold` for the area at place `at` of the map's list, with `side_at` telling
/// whose army is at each place.
fn conditions_hold_at(
    data: &Data,
    st: &State,
    at: usize,
    besieger: Side,
    side_at: impl Fn(usize) -> Option<Side>,
) -> bool {
    let a = data.area_at(at);
    if !a.is_city_or_fort() || side_at(at).is_none_or(|s| s == besieger) {
        return false;
    }
    let around = beside_at(data, at, besieger, &side_at);
    if around >= 2 {
        return true;
    }
    around >= 1 && navy_seals(a, &st.navies, besieger)
}

/// 11.0: how many areas beside `area` hold a `besieger` army in `st` (two make the first
/// condition; one, with the navy, the second). The attackers of an attack waiting for the
/// defender count where they came from (RULINGS B10), though the state holds them in no area.
pub fn armies_beside(data: &Data, st: &State, area: &super::data::Area, besieger: Side) -> usize {
    let Some(at) = data.position(&area.id) else {
        return 0;
    };
    let attackers_from = st
        .pending_attack()
        .filter(|a| a.side == besieger)
        .and_then(|a| data.position(&a.from));
    beside_at(data, at, besieger, |b| {
        if Some(b) == attackers_from {
            return Some(besieger);
        }
        st.army(&data.area_at(b).id).map(|a| a.side)
    })
}

/// `armies_beside` for the area at place `at` of the map's list, `side_at` telling whose army
/// is at each place.
fn beside_at(
    data: &Data,
    at: usize,
    besieger: Side,
    side_at: impl Fn(usize) -> Option<Side>,
) -> usize {
    data.adjacent_at(at)
        .iter()
        .filter(|&&b| side_at(b) == Some(besieger))
        .count()
}

/// 11.0's second condition, at sea: `a` is a Port City and the `besieger`'s navy is in its sea
/// zone without the enemy navy (`navies` say where they are). With one adjacent army of the
/// besieger's, a siege of the City is then declared.
pub fn navy_seals(a: &super::data::Area, navies: &Navies, besieger: Side) -> bool {
    a.is_port_city()
        && a.sea.is_some()
        && navies.zone(besieger) == a.sea.as_ref()
        && navies.zone(besieger.other()) != a.sea.as_ref()
}

/// 11.0: at the end of a player's impulses every occupied City or Fort that meets the
/// conditions is put under siege, whichever side besieges it (RULINGS.md B13): an army that
/// marches between two enemy armies is besieged at the end of its own side's impulses.
pub fn declare(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    // This runs after every impulse, and the conditions look at the armies around each
    // occupied City or Fort: whose army stands where is read from the state once, by place
    // in the map's list, which is also the order the sieges are declared in.
    // The map fits on the stack (the shipped one has 38 areas); a larger one is allocated.
    let n = data.map.areas.len();
    let mut on_stack = [None; 128];
    let mut on_heap = Vec::new();
    let side_at: &mut [Option<Side>] = if n <= on_stack.len() {
        &mut on_stack[..n]
    } else {
        on_heap.resize(n, None);
        &mut on_heap
    };
    for (area, army) in &st.armies {
        // An army off the map besieges nothing and is besieged by nothing.
        if let Some(at) = data.position_of_id(area) {
            side_at[at] = Some(army.side);
        }
    }
    for at in 0..side_at.len() {
        let Some(held_by) = side_at[at] else {
            continue;
        };
        let by = held_by.other();
        let area = data.area_at(at).id;
        if conditions_hold_at(data, st, at, by, |b| side_at[b]) && !st.besieged(&area) {
            ev.push(Event::SiegeDeclared { area, by });
            st.sieges.insert(area);
        }
    }
}

/// 11.3: a siege lifts as soon as its conditions no longer hold. While an attack waits for the
/// defender, the attackers still stand where they came from for this purpose (RULINGS.md B10),
/// so nothing lifts until the battle is fought.
pub fn lift_broken(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    if st.pending_attack().is_none() {
        lift_broken_now(data, st, ev);
    }
}

/// `lift_broken` once a battle is fought, while the state still holds its attack (11.3 with
/// 5.5, RULINGS S14): the attackers stand where the battle left them.
pub fn lift_broken_now(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    if st.sieges.is_empty() {
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
