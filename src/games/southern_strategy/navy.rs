//! Naval affairs (12.x), Transport (9.3) and the navies' cargo (5.4).

use super::battle;
use super::data::{Area, Data};
use super::events::Event;
use super::orders::{self, err, Embark, NavyAction, SubordinatePlacement, Transport, Unload};
use super::state::{Army, Id, Key, LeaderRank, Side, State, Supplies, SUBORDINATE_UNITS};
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
                return Err(err("12.0", "a navy transporting troops does not move on its own; land them or transport them (9.3)".into(), key));
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

/// 9.3: whether the French navy keeps the Crown navy in `zone` from transporting: in the same
/// zone always, in an adjacent one when embarking.
fn french_blocks(data: &Data, st: &State, zone: &str, embarking: bool) -> bool {
    match &st.navies.french {
        Some(f) => f == zone || (embarking && data.seas_adjacent(f, zone)),
        None => false,
    }
}

/// 9.3: Transport. Out: a Crown army with a leader in a Port City on the Crown navy's zone
/// goes aboard with any supplies and the navy carries it to an adjacent zone. In: the army at
/// sea lands, with what it carries, in a friendly or empty Port City on the navy's zone. The
/// French navy in the same zone (or, embarking, an adjacent one) prevents it.
pub fn transport(
    data: &Data,
    st: &mut State,
    side: Side,
    t: &Transport,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    if side != Side::Crown {
        return Err(err(
            "9.3",
            "only the Crown transports armies by sea".into(),
            key,
        ));
    }
    let Some(zone) = st.navies.crown else {
        return Err(err("9.3", "the Crown navy is not on the map".into(), key));
    };
    let key_embark = key.field("embark");
    match t {
        Transport::Embark(e) => embark(data, st, &zone, e, None, key_embark, ev),
        Transport::EmbarkPlacing {
            embark: e,
            subordinate,
        } => embark(data, st, &zone, e, Some(*subordinate), key_embark, ev),
        Transport::Land(port) => land(data, st, &zone, port, key.field("land"), ev),
    }
}

/// 9.2 with 9.3: a Transport that places the Subordinate Leader: the army has the Leader, the
/// Subordinate commands no other army, and the part he takes (the units left in the port, or
/// those aboard) is 1 to 4 units, with at least one unit left for the Leader to stay with.
fn check_placing(
    st: &State,
    army: &Army,
    units: u32,
    placing: SubordinatePlacement,
    key: Path<'_>,
) -> Result<(), OrderError> {
    let key = key.field("subordinate");
    if army.leader != Some(LeaderRank::Leader) || st.subordinate_on_map(Side::Crown) {
        return Err(err(
            "9.2",
            "a Subordinate Leader is placed only when the Leader's army splits, and only if he is not already commanding an army".into(),
            key,
        ));
    }
    let stayed = army.units.saturating_sub(units);
    let (his, what) = match placing {
        SubordinatePlacement::Stays => (stayed, "stay in the port"),
        SubordinatePlacement::Aboard => (units, "go aboard"),
    };
    if his > SUBORDINATE_UNITS {
        return Err(err(
            "9.2",
            format!("a Subordinate Leader commands at most {SUBORDINATE_UNITS} units; {his} would {what} under him"),
            key,
        ));
    }
    if stayed == 0 {
        return Err(err(
            "9.2",
            format!(
                "placing the Subordinate Leader splits the army: leave at least one unit in the port for {}",
                match placing {
                    SubordinatePlacement::Stays => "him",
                    SubordinatePlacement::Aboard => "the Leader (leaders are not units, 2.2)",
                }
            ),
            key,
        ));
    }
    Ok(())
}

fn embark(
    data: &Data,
    st: &mut State,
    zone: &str,
    e: &Embark,
    placing: Option<SubordinatePlacement>,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let from = orders::area(data, &e.from, key.field("from"))?;
    let army =
        orders::activated_army(st, from, Side::Crown, "9.3", "transport", key.field("from"))?;
    if army.leader.is_none() {
        return Err(err(
            "9.3",
            format!(
                "only an army with a leader is transported; the army in `{}` has none",
                from.name
            ),
            key.field("from"),
        ));
    }
    if !from.port || from.sea.as_deref() != Some(zone) {
        return Err(err(
            "9.3",
            format!(
                "`{}` is not a Port City on the Crown navy's sea zone `{zone}`",
                from.name
            ),
            key.field("from"),
        ));
    }
    if st
        .navies
        .cargo
        .get(&Side::Crown)
        .is_some_and(|c| c.units > 0)
    {
        return Err(err(
            "9.3",
            "the Crown navy already carries an army".into(),
            key,
        ));
    }
    if french_blocks(data, st, zone, true) {
        return Err(err(
            "9.3",
            format!("the French navy is in or next to sea zone `{zone}`"),
            key,
        ));
    }
    let to_zone = zone_id(data, &e.to_zone, key.field("to_zone"))?;
    if !data.seas_adjacent(zone, &to_zone) {
        return Err(err("9.3", format!("the navy carries the army to an adjacent zone; `{to_zone}` is not next to `{zone}`"), key.field("to_zone")));
    }
    if e.units == 0 || e.units > army.units {
        return Err(err(
            "9.3",
            format!(
                "the army in `{}` has {} units; transport 1 to {}",
                from.name, army.units, army.units
            ),
            key.field("units"),
        ));
    }
    if let Some(p) = placing {
        check_placing(st, &army, e.units, p, key)?;
    }
    if (e.food > 0 || e.war > 0) && siege_seals(data, st, &from.id) {
        return Err(err(
            "11.1",
            format!(
                "`{}` is under siege: the army may sail, but no supplies leave a besieged City, by sea either",
                from.name
            ),
            key,
        ));
    }
    let here = st.supplies_at(&from.id);
    if e.food > here.food || e.war > here.war {
        return Err(err(
            "9.3",
            format!(
                "`{}` has {} food and {} war",
                from.name, here.food, here.war
            ),
            key,
        ));
    }
    st.set_supplies(
        &from.id,
        Supplies {
            food: here.food - e.food,
            war: here.war - e.war,
        },
    );
    let stayed = army.units - e.units;
    let (ashore, aboard) = match placing {
        None => (None, army.leader),
        Some(SubordinatePlacement::Stays) => {
            (Some(LeaderRank::Subordinate), Some(LeaderRank::Leader))
        }
        Some(SubordinatePlacement::Aboard) => {
            (Some(LeaderRank::Leader), Some(LeaderRank::Subordinate))
        }
    };
    if stayed > 0 {
        st.armies.insert(
            from.id,
            Army {
                side: Side::Crown,
                units: stayed,
                leader: ashore,
                dug_in: false,
            },
        );
    } else {
        st.armies.remove(from.id.as_str());
        if !from.is_city_or_fort() && !st.supplies_at(&from.id).is_empty() {
            return Err(err(
                "5.5",
                format!(
                    "supplies would be left on `{}` with no army; take them aboard",
                    from.name
                ),
                key,
            ));
        }
    }
    let cargo = st.navies.cargo.entry(Side::Crown).or_default();
    cargo.units += e.units;
    cargo.leader = aboard;
    cargo.food += e.food;
    cargo.war += e.war;
    st.navies.crown = Some(to_zone);
    ev.push(Event::Transported {
        from: from.id,
        units: e.units,
        food: e.food,
        war: e.war,
        zone: to_zone,
        subordinate: placing,
    });
    Ok(())
}

fn land(
    data: &Data,
    st: &mut State,
    zone: &str,
    port: &str,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let to = orders::area(data, port, key)?;
    let Some(cargo) = st
        .navies
        .cargo
        .get(&Side::Crown)
        .cloned()
        .filter(|c| c.units > 0)
    else {
        return Err(err("9.3", "the Crown navy carries no army".into(), key));
    };
    if !to.port || to.sea.as_deref() != Some(zone) {
        return Err(err(
            "9.3",
            format!(
                "`{}` is not a Port City on the Crown navy's sea zone `{zone}`",
                to.name
            ),
            key,
        ));
    }
    if st.army(&to.id).is_some_and(|a| a.side != Side::Crown) {
        return Err(err(
            "9.4",
            format!(
                "an army at sea cannot attack the enemy-held port `{}`",
                to.name
            ),
            key,
        ));
    }
    if french_blocks(data, st, zone, false) {
        return Err(err(
            "9.3",
            format!("the French navy is in sea zone `{zone}`"),
            key,
        ));
    }
    // 9.2: a Subordinate Leader's army may not grow past four units by landing.
    if let Some(total) =
        super::march::over_subordinate_limit(st, Side::Crown, &to.id, cargo.units, cargo.leader)
    {
        return Err(err(
            "9.2",
            format!(
                "a Subordinate Leader commands at most {SUBORDINATE_UNITS} units; `{}` would hold {total}",
                to.name
            ),
            key,
        ));
    }
    st.navies.cargo.remove(&Side::Crown);
    let entry = st.armies.get_or_insert_with(to.id, || Army {
        side: Side::Crown,
        units: 0,
        leader: None,
        dug_in: false,
    });
    entry.units += cargo.units;
    entry.leader = super::state::merged_command(cargo.leader, entry.leader);
    let s = st.supplies_at(&to.id);
    // 11.1 (RULINGS S7): no supplies go ashore in a besieged City; they stay aboard. What
    // goes ashore elsewhere may exceed the Port City's limit until the impulse's moves have
    // carried it on (`keep_excess_aboard`).
    let (food, war) = if siege_seals(data, st, &to.id) {
        (0, 0)
    } else {
        (cargo.food, cargo.war)
    };
    let (left_food, left_war) = (cargo.food - food, cargo.war - war);
    if left_food + left_war > 0 {
        st.navies.cargo.insert(
            Side::Crown,
            super::state::Cargo {
                food: left_food,
                war: left_war,
                ..Default::default()
            },
        );
    }
    st.set_supplies(
        &to.id,
        Supplies {
            food: s.food + food,
            war: s.war + war,
        },
    );
    let told = data.pieces.readings.landing_within_limits() && left_food + left_war > 0;
    ev.push(Event::Landed {
        area: to.id,
        units: cargo.units,
        food,
        war,
        aboard: told.then_some(Supplies {
            food: left_food,
            war: left_war,
        }),
    });
    Ok(())
}

/// 9.3 with 5.5 (RULINGS S13): supplies go ashore with a landing "provided it does not violate
/// the storage or carrying limits". Once the impulse's moves have carried on what they would
/// (to and through the Port City), what the landing left over the Port City's limit never went
/// ashore: it stays aboard, War before Food, and the landing's event says so. The first eight
/// editions left it ashore, to be moved on or discarded (5.5).
pub fn keep_excess_aboard(data: &Data, st: &mut State, ev: &mut [Event]) {
    if !data.pieces.readings.landing_within_limits() {
        return;
    }
    let Some(Event::Landed {
        area,
        food,
        war,
        aboard,
        ..
    }) = ev
        .iter_mut()
        .rev()
        .find(|e| matches!(e, Event::Landed { .. }))
    else {
        return;
    };
    let s = st.supplies_at(area);
    let excess = s
        .total()
        .saturating_sub(super::supply::limit(data, st, area));
    let back_war = excess.min(*war).min(s.war);
    let back_food = (excess - back_war).min(*food).min(s.food);
    if back_war + back_food == 0 {
        return;
    }
    st.set_supplies(
        area,
        Supplies {
            food: s.food - back_food,
            war: s.war - back_war,
        },
    );
    let cargo = st.navies.cargo.entry(Side::Crown).or_default();
    cargo.food += back_food;
    cargo.war += back_war;
    *food -= back_food;
    *war -= back_war;
    let kept = aboard.get_or_insert_with(Supplies::default);
    kept.food += back_food;
    kept.war += back_war;
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
