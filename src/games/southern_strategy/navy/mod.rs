//! Naval affairs (12.x) and the navies' cargo (5.4); Transport (9.3) is in `transport`.

mod transport;

pub use transport::{keep_excess_aboard, transport};

use super::battle;
use super::data::{Area, Data};
use super::events::Event;
use super::orders::{self, err, NavyAction, Unload};
use super::state::{Army, Id, Key, Side, State, Supplies, SUBORDINATE_UNITS};
use super::words;
use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};

fn zone_id(data: &Data, text: &str, key: Path<'_>) -> Result<Id, OrderError> {
    data.find_sea(text)
        .map(|z| z.id)
        .ok_or_else(|| err("2.1", format!("there is no sea zone `{text}`"), key))
}

/// 12.0: in a non-winter turn a full impulse may activate the navy instead of an army.
pub fn activate(
    data: &Data,
    st: &mut State,
    side: Side,
    action: &NavyAction,
    key: Path<'_>,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    if data.is_winter(st.turn.space) {
        return Err(err(
            "12.0",
            "no navy is on the map in a Winter Turn".into(),
            key,
        ));
    }
    let Some(zone) = st.navies.zone(side).cloned() else {
        return Err(err("12.0", "your navy is not on the map".into(), key));
    };
    match action {
        NavyAction::Move(to) => {
            let key = key.field("move");
            let to = zone_id(data, to, key)?;
            if st.navies.cargo.get(&side).is_some_and(|c| c.units > 0) {
                return Err(err("12.0", "a navy with an army aboard does not move on its own: the army lands first (`full: {transport: {land: AREA}}`, 9.3)".into(), key));
            }
            if !data.seas_adjacent(&zone, &to) {
                return Err(err(
                    "12.1",
                    format!("sea zone `{to}` is not adjacent to `{zone}`"),
                    key,
                ));
            }
            st.navies.set_zone(side, Some(to));
            ev.push(Event::NavyMoved {
                side,
                from: zone,
                to,
            });
            Ok(())
        }
        NavyAction::Battle => {
            if st.navies.shared_zone(side).is_none() {
                return Err(err("12.2", format!("a sea battle needs both navies in one zone; the enemy navy is not in `{zone}`"), key));
            }
            sea_battle(data, st, side, &zone, dice, ev);
            Ok(())
        }
    }
}

/// 12.2: the naval modifier of the Political Will space for `side`: red spaces add it for the
/// Crown and take it from the Patriot, blue ones the reverse.
pub fn naval_modifier(data: &Data, st: &State, side: Side) -> i32 {
    let Some(space) = data
        .tracks
        .political_will
        .naval
        .iter()
        .find(|n| n.space == st.political_will)
    else {
        return 0;
    };
    match (space.colour.as_str(), side) {
        ("red", Side::Crown) | ("blue", Side::Patriot) => space.modifier,
        ("red", Side::Patriot) | ("blue", Side::Crown) => -space.modifier,
        _ => 0,
    }
}

/// 12.2: both roll two dice plus the naval modifier, the initiator one more; 10 or more
/// defeats the other navy, which leaves the map with its cargo lost and any army aboard
/// surrendering. Both, or neither, may be defeated. The Crown rolls first.
fn sea_battle(
    data: &Data,
    st: &mut State,
    initiator: Side,
    zone: &str,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) {
    let mut totals = Vec::new();
    for side in [Side::Crown, Side::Patriot] {
        let faces = dice.d6(2, &format!("12.2 sea battle: {side}"));
        let modifier = naval_modifier(data, st, side) + i32::from(side == initiator);
        let total = faces.iter().map(|&f| f as i32).sum::<i32>() + modifier;
        ev.push(Event::SeaBattleRoll {
            side,
            faces,
            modifier,
            total,
        });
        totals.push((side, total));
    }
    for (side, total) in totals {
        if total >= 10 {
            defeat(data, st, side.other(), zone, ev);
        }
    }
}

/// 12.2: a defeated navy is removed; what it carried is lost, and an army aboard surrenders.
fn defeat(data: &Data, st: &mut State, side: Side, zone: &str, ev: &mut Vec<Event>) {
    st.navies.set_zone(side, None);
    ev.push(Event::NavyDefeated {
        side,
        zone: Id::new(zone),
    });
    if let Some(cargo) = st.navies.cargo.remove(&side) {
        if cargo.units > 0 || cargo.leader.is_some() {
            battle::surrender(data, st, side, zone, cargo.units, cargo.leader, ev);
        }
    }
}

/// 11.1 (RULINGS S7): whether a siege keeps every supply from going in or out of `area` by
/// sea, a Transport's and the winter unload's too. The first edition's reading barred only
/// ordinary supply moves (5.4), which refuse a besieged port in either reading.
pub fn siege_seals(data: &Data, st: &State, area: &(impl Key + ?Sized)) -> bool {
    data.pieces.readings.sieges_sealed() && st.besieged(area)
}

/// 5.4: the ports where supplies aboard `side`'s navy may go ashore: friendly-occupied ports
/// on its zone, without the enemy navy there, and (11.1, RULINGS S7) not besieged.
pub fn supply_ports(data: &Data, st: &State, side: Side) -> Vec<Id> {
    let Some(zone) = st.navies.zone(side) else {
        return Vec::new();
    };
    if st.navies.shared_zone(side).is_some() {
        return Vec::new();
    }
    data.ports_on(zone)
        .filter(|a| st.army_of(&a.id, side).is_some() && !siege_seals(data, st, &a.id))
        .map(|a| a.id)
        .collect()
}

/// 9.3 and 12.3: where a transported army may land when its navy leaves for the winter:
/// a friendly or empty Port City on its zone or an adjacent one, the enemy navy absent, and
/// (9.2) not where it would give a Subordinate Leader more than 4 units.
pub fn winter_army_ports(data: &Data, st: &State, side: Side) -> Vec<Id> {
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    let Some(zone) = st.navies.zone(side).cloned() else {
        return Vec::new();
    };
    let enemy = st.navies.zone(side.other()).cloned();
    // The enemy navy in the navy's own zone bars every landing; in an adjacent zone, only
    // that zone's ports (RULINGS.md N8).
    if st.navies.shared_zone(side).is_some() {
        return Vec::new();
    }
    data.map
        .sea_zones
        .iter()
        .filter(|z| {
            (z.id == zone || data.seas_adjacent(&zone, &z.id))
                && enemy.as_deref() != Some(z.id.as_str())
        })
        .flat_map(|z| data.ports_on(&z.id))
        .filter(|a| st.army(&a.id).is_none_or(|x| x.side == side))
        .filter(|a| {
            super::march::over_subordinate_limit(st, side, &a.id, cargo.units, cargo.leader)
                .is_none()
        })
        .map(|a| a.id)
        .collect()
}

/// 9.3 and 12.3 (RULINGS N8): why the army aboard `side`'s navy may not land in `port` as the
/// navy leaves for the winter, once `winter_army_ports` has left the port out.
fn no_winter_landing(data: &Data, st: &State, side: Side, port: &Area) -> String {
    if st.navies.cargo.get(&side).is_none_or(|c| c.units == 0) {
        return "no army is aboard".into();
    }
    let Some(zone) = st.navies.zone(side) else {
        return "the navy is not on the map".into();
    };
    let enemy = st.navies.zone(side.other());
    let Some(port_zone) = port.sea.as_ref().filter(|_| port.port) else {
        return "it is not a port".into();
    };
    if st.navies.shared_zone(side).is_some() {
        return format!(
            "the {} is in {} too, which bars every landing (RULINGS N8)",
            words::navy(side.other()),
            words::sea_zone(data, zone)
        );
    }
    if port_zone != zone && !data.seas_adjacent(zone, port_zone) {
        return format!(
            "its sea zone, {port_zone} ({}), is neither {}, where the navy is, nor next to it",
            data.find_sea(port_zone).map_or("", |z| z.name.as_str()),
            words::sea_zone(data, zone)
        );
    }
    if enemy == Some(port_zone) {
        return format!(
            "it lies on {}, where the {} is",
            words::sea_zone(data, port_zone),
            words::navy(side.other())
        );
    }
    if let Some(held) = st.army(&port.id).filter(|a| a.side != side) {
        return format!(
            "a {} army holds it; the army lands only in a friendly or empty port",
            words::side_word(held.side)
        );
    }
    "the army aboard may not land there".into()
}

/// 5.4 with 11.1 (RULINGS S7, N8): why the supplies aboard `side`'s navy may not go ashore in
/// `port` as the navy leaves for the winter, the army aboard landing in `army_to`, once the
/// answer has been refused.
fn no_winter_supplies(
    data: &Data,
    st: &State,
    side: Side,
    port: &Area,
    army_to: Option<&str>,
) -> String {
    let Some(zone) = st.navies.zone(side) else {
        return "the navy is not on the map".into();
    };
    if !port.port || port.sea.is_none() {
        return "it is not a port".into();
    }
    if port.sea.as_ref() != Some(zone) {
        return format!(
            "they go ashore only on {}, where the navy is",
            words::sea_zone(data, zone)
        );
    }
    if st.navies.shared_zone(side).is_some() {
        return format!(
            "the {} is in {} too",
            words::navy(side.other()),
            words::sea_zone(data, zone)
        );
    }
    if siege_seals(data, st, &port.id) {
        return "it is under siege, and nothing goes into a siege by sea (11.1, RULINGS S7)".into();
    }
    if st.army_of(&port.id, side).is_none() && army_to != Some(port.id.as_str()) {
        return format!(
            "no {} army holds it, and the army aboard does not land there",
            words::side_word(side)
        );
    }
    "the supplies aboard may not go ashore there".into()
}

/// 12.3: the owner's answer on the cargo of a navy leaving for the winter; whatever is not
/// landed is lost (the army eliminated, its leader captured).
pub fn unload(
    data: &Data,
    st: &mut State,
    side: Side,
    u: &Unload,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    let key = Path::root("answer.unload");
    let army_to = match &u.army {
        Some(p) => {
            let a = orders::area(data, p, key.field("army"))?;
            if let Some(total) =
                super::march::over_subordinate_limit(st, side, &a.id, cargo.units, cargo.leader)
                    .filter(|_| cargo.units > 0)
            {
                return Err(err(
                    "9.2",
                    format!(
                        "a Subordinate Leader commands at most {SUBORDINATE_UNITS} units; `{}` would hold {total}",
                        a.name
                    ),
                    key.field("army"),
                ));
            }
            if cargo.units == 0 || !winter_army_ports(data, st, side).contains(&a.id) {
                return Err(err(
                    "9.3",
                    format!(
                        "the army aboard cannot land in `{}`: {}",
                        a.name,
                        no_winter_landing(data, st, side, a)
                    ),
                    key.field("army"),
                ));
            }
            Some(a.id)
        }
        None => None,
    };
    let supplies_to = match &u.supplies {
        Some(p) => {
            let a = orders::area(data, p, key.field("supplies"))?;
            // 5.4: supplies go ashore only in the navy's own zone, where the army may also land.
            let here = st
                .navies
                .zone(side)
                .is_some_and(|z| a.sea.as_deref() == Some(z.as_str()));
            let ok = supply_ports(data, st, side).contains(&a.id)
                || (here
                    && army_to.as_deref() == Some(a.id.as_str())
                    && !siege_seals(data, st, &a.id));
            if !ok {
                return Err(err(
                    "5.4",
                    format!(
                        "the supplies aboard cannot go ashore in `{}`: {}",
                        a.name,
                        no_winter_supplies(data, st, side, a, army_to.as_deref())
                    ),
                    key.field("supplies"),
                ));
            }
            Some(a.id)
        }
        None => None,
    };
    st.navies.cargo.remove(&side);
    if cargo.units > 0 || cargo.leader.is_some() {
        match army_to {
            Some(to) => {
                let entry = st.armies.get_or_insert_with(to, || Army {
                    side,
                    units: 0,
                    leader: None,
                    dug_in: false,
                });
                entry.units += cargo.units;
                entry.leader = super::state::merged_command(cargo.leader, entry.leader);
                ev.push(Event::Landed {
                    area: to,
                    units: cargo.units,
                    food: 0,
                    war: 0,
                    aboard: None,
                });
            }
            None => {
                let zone = st.navies.zone(side).cloned().unwrap_or_default();
                battle::surrender(data, st, side, &zone, cargo.units, cargo.leader, ev);
            }
        }
    }
    match supplies_to {
        Some(to) => {
            let s = st.supplies_at(&to);
            st.set_supplies(
                &to,
                Supplies {
                    food: s.food + cargo.food,
                    war: s.war + cargo.war,
                },
            );
            ev.push(Event::SuppliesMoved {
                side,
                from: st.navies.zone(side).copied().unwrap_or_default(),
                to,
                food: cargo.food,
                war: cargo.war,
            });
            // 5.5: no supply moves follow the winter landing, so what the area cannot hold is
            // discarded at once (RULINGS N10).
            super::supply::discard_excess(data, st, side, &to, ev);
        }
        None => cargo_lost(side, cargo.food, cargo.war, ev),
    }
    Ok(())
}

/// 12.3, 5.4: supplies left aboard a navy leaving the map are lost (nothing when there are
/// none).
fn cargo_lost(side: Side, food: u32, war: u32, ev: &mut Vec<Event>) {
    if food + war > 0 {
        ev.push(Event::CargoLost { side, food, war });
    }
}

/// 12.3: at the start of a Winter Turn both navies leave the map.
pub fn remove_for_winter(st: &mut State, ev: &mut Vec<Event>) {
    for side in [Side::Crown, Side::Patriot] {
        if let Some(zone) = st.navies.zone(side).cloned() {
            st.navies.set_zone(side, None);
            ev.push(Event::NavyRemoved { side, zone });
        }
    }
}

/// 12.3 with 14.0 (RULINGS N12): Cornwallis lost aboard at the winter unload ends the game, and
/// the removal that asked about the cargo still takes both navies off the map; what the other
/// navy carries leaves with it, unasked, and is lost.
pub fn leave_after_capture(st: &mut State, ev: &mut Vec<Event>) {
    remove_for_winter(st, ev);
    for side in [Side::Crown, Side::Patriot] {
        if let Some(cargo) = st.navies.cargo.remove(&side) {
            cargo_lost(side, cargo.food, cargo.war, ev);
        }
    }
}

/// 12.4: at the end of a non-winter turn a side whose navy is off the map rolls for its
/// return: it returns on 1-2, or 1-3 while the enemy navy is on the map. The Crown rolls
/// first, and its navy, if it returns, is placed before the French roll (RULINGS.md N9), so
/// the turn end calls this once for each side.
pub fn roll_for_return(st: &mut State, side: Side, dice: &mut dyn Dice, ev: &mut Vec<Event>) {
    if st.navies.zone(side).is_some() || st.navies.returning.contains(&side) {
        return;
    }
    let enemy_present = st.navies.zone(side.other()).is_some();
    let needed = if enemy_present { 3 } else { 2 };
    // The roll's label, written out for each side: it comes at every turn end.
    let label = match side {
        Side::Crown => "12.4 navy return: crown",
        Side::Patriot => "12.4 navy return: patriot",
    };
    let die = dice.d6(1, label)[0];
    let returns = die <= needed;
    ev.push(Event::NavyReturnRoll {
        side,
        die,
        needed,
        returns,
    });
    if returns {
        st.navies.returning.push(side);
    }
}

/// 12.4: the zones a returning navy may enter: any without the enemy navy.
pub fn return_zones(data: &Data, st: &State, side: Side) -> Vec<Id> {
    let enemy = st.navies.zone(side.other());
    data.map
        .sea_zones
        .iter()
        .filter(|z| Some(&z.id) != enemy)
        .map(|z| z.id)
        .collect()
}

pub fn place(st: &mut State, side: Side, zone: Id, ev: &mut Vec<Event>) {
    st.navies.set_zone(side, Some(zone));
    ev.push(Event::NavyReturned { side, zone });
}
