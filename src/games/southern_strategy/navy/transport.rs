//! Transport (9.3): a Crown army with its Leader goes aboard the Crown navy in a Port City,
//! and lands later in a friendly or empty Port City on the navy's zone.

use super::{siege_seals, zone_id};
use crate::engine::error::{OrderError, Path};
use crate::games::southern_strategy::data::Data;
use crate::games::southern_strategy::events::Event;
use crate::games::southern_strategy::orders::{self, err, Embark, SubordinatePlacement, Transport};
use crate::games::southern_strategy::state::{
    self, Army, LeaderRank, Side, State, Supplies, SUBORDINATE_UNITS,
};
use crate::games::southern_strategy::{march, supply, words};

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
                "the army in `{}` has {}; transport {}",
                from.name,
                words::units(&army.units.to_string()),
                words::one_to(army.units)
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
        march::over_subordinate_limit(st, Side::Crown, &to.id, cargo.units, cargo.leader)
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
    entry.leader = state::merged_command(cargo.leader, entry.leader);
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
            state::Cargo {
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
    let excess = s.total().saturating_sub(supply::limit(data, st, area));
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
