//! March (9.1): an activated army moves, whole or split, into adjacent friendly or empty
//! areas, paying 1 Food per four activated units.

use super::data::Data;
use super::events::{Event, GroupMoved};
use super::orders::{self, March};
use super::siege;
use super::state::{
    merged_command, Army, Id, Key, LeaderRank, Side, State, Supplies, SUBORDINATE_UNITS,
};
use super::words;
use crate::engine::error::{OrderError, Path};

/// 9.1: 1 Food for every four units activated, rounding up.
pub fn food_cost(units: u32) -> u32 {
    units.div_ceil(4)
}

/// 9.1 (with 5.5 for what the groups carry and 8.4 for Loyalists Holding an entered area).
pub fn march(
    data: &Data,
    st: &mut State,
    side: Side,
    m: &March,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let from = orders::area(data, &m.from, key.field("from"))?;
    let army = orders::activated_army(st, from, side, "9.1", "march", key.field("from"))?;
    if st.besieged(&from.id) {
        return Err(OrderError::new(
            "11.1",
            format!(
                "the army in `{}` is under siege: it may only dig in or attack",
                from.name
            ),
        )
        .at(key.field("from")));
    }
    let groups_key = key.field("groups");
    if m.groups.is_empty() {
        return Err(
            OrderError::new("9.1", "a march needs at least one group (`to`, `units`)")
                .at(groups_key),
        );
    }
    // Where each group that moves goes, in the order of the groups: few enough to search
    // one by one.
    let mut destinations: Vec<Id> = Vec::with_capacity(m.groups.len());
    let mut moving = 0;
    let mut leader_groups = 0;
    let mut subordinate_groups = 0;
    // 9.2: a group "to" the army's own area is the units that stay, under the Subordinate.
    let mut staying: Option<(usize, u32)> = None;
    for (i, g) in m.groups.iter().enumerate() {
        let path = groups_key.item(i);
        let to = orders::area(data, &g.to, path.field("to"))?;
        if to.id == from.id {
            check_subordinate_stays(st, side, &army, g, staying.is_some(), path)?;
            if subordinate_groups > 0 {
                return Err(subordinate_refused(path));
            }
            subordinate_groups += 1;
            staying = Some((i, g.units));
            continue;
        }
        if !from.adjacent.contains(&to.id) {
            return Err(OrderError::new(
                "9.1",
                format!("`{}` is not adjacent to `{}`", to.name, from.name),
            )
            .at(path.field("to")));
        }
        if st.army(&to.id).is_some_and(|a| a.side != side) {
            return Err(OrderError::new(
                "9.1",
                format!(
                    "`{}` is held by an enemy army; a march never enters it (attack instead, 9.4)",
                    to.name
                ),
            )
            .at(path.field("to")));
        }
        if destinations.contains(&to.id) {
            let name = to.name.clone();
            return Err(OrderError::worded_later("9.1", move || {
                format!("two groups march to `{name}`; each group goes to a different area")
            })
            .at(path.field("to")));
        }
        destinations.push(to.id);
        if g.units == 0 {
            return Err(OrderError::new(
                "9.1",
                "a group needs at least one unit (leaders are not units, 2.2)",
            )
            .at(path.field("units")));
        }
        if g.subordinate {
            // An army the Subordinate Leader already leads moves him as its leader.
            if army.leader == Some(LeaderRank::Subordinate) && !g.leader {
                return Err(OrderError::new(
                    "9.2",
                    "this army's leader is the Subordinate Leader already: he goes with a group marked `leader: true`, not `subordinate: true`",
                )
                .at(path.field("subordinate")));
            }
            if army.leader != Some(LeaderRank::Leader)
                || g.leader
                || subordinate_groups > 0
                || st.subordinate_on_map(side)
            {
                return Err(subordinate_refused(path));
            }
            subordinate_groups += 1;
        }
        let group_rank = if g.subordinate {
            Some(LeaderRank::Subordinate)
        } else if g.leader {
            army.leader
        } else {
            None
        };
        if let Some(total) = over_subordinate_limit(st, side, &to.id, g.units, group_rank) {
            let name = to.name.clone();
            return Err(OrderError::worded_later("9.2", move || {
                format!("a Subordinate Leader commands at most {SUBORDINATE_UNITS} units; `{name}` would hold {total}")
            })
            .at(path.field("units")));
        }
        if g.leader {
            if army.leader.is_none() {
                return Err(OrderError::new(
                    "9.1",
                    format!(
                        "the army in `{}` has no leader to go with this group",
                        from.name
                    ),
                )
                .at(path.field("leader")));
            }
            leader_groups += 1;
        }
        moving += g.units;
    }
    if leader_groups > 1 {
        return Err(OrderError::new("9.1", "the leader goes with one group only").at(groups_key));
    }
    if moving > army.units {
        let (name, units) = (from.name.clone(), army.units);
        return Err(OrderError::worded_later("9.1", move || {
            format!("the groups move {moving} units, but the army in `{name}` has {units}")
        })
        .at(groups_key));
    }
    let stayed = army.units - moving;
    let leader_leaves = leader_groups == 1;
    if let Some((i, units)) = staying {
        if units != stayed {
            return Err(OrderError::new(
                "9.2",
                format!(
                    "{} {} in `{}`; the group under the Subordinate Leader names them all, not {units}",
                    words::units(&stayed.to_string()),
                    if stayed == 1 { "stays" } else { "stay" },
                    from.name
                ),
            )
            .at(groups_key.item(i).field("units")));
        }
        if !leader_leaves {
            return Err(OrderError::new(
                "9.2",
                "the Subordinate Leader takes command of the units that stay only when the Leader marches off with another group (`leader: true`)",
            )
            .at(groups_key));
        }
    }
    if army.leader.is_some() && !leader_leaves && stayed == 0 {
        return Err(OrderError::new(
            "9.1",
            "the leader moves with the army; name the group it goes with (`leader: true`)",
        )
        .at(groups_key));
    }
    // 9.1: with a leader only the moving units are activated; without one, the whole army.
    let activated = if army.leader.is_some() {
        moving
    } else {
        army.units
    };
    let cost = food_cost(activated);
    let mut pool = st.supplies_at(&from.id);
    if pool.food < cost {
        return Err(OrderError::new(
            "9.1",
            format!(
                "too little food: activating {} in `{}` costs {cost} food, and there is {}",
                words::units(&activated.to_string()),
                from.name,
                pool.food
            ),
        )
        .at(key));
    }
    pool.food -= cost;
    // 5.5: what each group takes. Leaving a Point with every unit in one group, it takes all
    // it can carry unless the orders say otherwise.
    let whole_army_leaves_point = !from.is_city_or_fort() && stayed == 0 && m.groups.len() == 1;
    let mut moved = Vec::with_capacity(destinations.len());
    let mut destinations = destinations.into_iter();
    for (i, g) in m.groups.iter().enumerate() {
        if staying.is_some_and(|(k, _)| k == i) {
            continue;
        }
        let path = groups_key.item(i);
        let to = destinations
            .next()
            .expect("one destination for each group that moves");
        // 11.1 (S9): no supplies go into a besieged City or Fort by land, a march included.
        let sealed_in = siege::closed_to_armies(data, st, &to);
        if sealed_in && g.food.unwrap_or(0) + g.war.unwrap_or(0) > 0 {
            let name = data.area(&to).name.clone();
            return Err(OrderError::worded_later("11.1", move || {
                format!("no supplies may be carried into besieged `{name}`: the group must enter without them")
            })
            .at(path));
        }
        let capacity = if sealed_in { 0 } else { g.units + 1 };
        let (food, war) = match (g.food, g.war) {
            (None, None) if whole_army_leaves_point => {
                let food = pool.food.min(capacity);
                (food, pool.war.min(capacity - food))
            }
            (f, w) => (f.unwrap_or(0), w.unwrap_or(0)),
        };
        if food > pool.food || war > pool.war {
            let (name, left) = (from.name.clone(), pool);
            return Err(OrderError::worded_later("5.5", move || {
                format!(
                    "the groups take more than `{name}` has left after paying for the march ({} food, {} war)",
                    left.food, left.war
                )
            })
            .at(path));
        }
        if food + war > capacity {
            let (units, carried) = (g.units, food + war);
            return Err(OrderError::worded_later("5.5", move || {
                format!(
                    "a group of {} carries at most {capacity} supplies, not {carried}",
                    words::units(&units.to_string())
                )
            })
            .at(path));
        }
        pool.food -= food;
        pool.war -= war;
        moved.push(GroupMoved {
            to,
            units: g.units,
            leader: g.leader,
            subordinate: g.subordinate,
            food,
            war,
        });
    }
    // What stays behind.
    if stayed > 0 {
        let leader = if staying.is_some() {
            Some(LeaderRank::Subordinate)
        } else if leader_leaves {
            None
        } else {
            army.leader
        };
        let rest = Army {
            side,
            units: stayed,
            leader,
            dug_in: false,
        };
        st.armies.insert(from.id, rest);
        st.set_supplies(&from.id, pool);
    } else {
        st.armies.remove(from.id.as_str());
        if from.is_city_or_fort() {
            st.set_supplies(&from.id, pool);
        } else {
            // A Point holds only what its army carries: nothing stays when the army is gone.
            st.set_supplies(&from.id, Supplies::default());
        }
        if !from.is_city_or_fort() && !pool.is_empty() {
            let spare = moved
                .iter()
                .any(|g| g.food + g.war < g.units + 1 && !siege::closed_to_armies(data, st, &g.to));
            if spare {
                return Err(OrderError::new(
                    "5.5",
                    format!(
                        "{} food and {} war would be left in `{}` with no army to carry them; give them to a group (`food`, `war`)",
                        pool.food, pool.war, from.name
                    ),
                )
                .at(groups_key));
            }
            ev.push(Event::SuppliesAbandoned {
                side,
                area: from.id,
                food: pool.food,
                war: pool.war,
            });
        }
    }
    ev.push(Event::Marched {
        side,
        from: from.id,
        food_paid: cost,
        activated_units: activated,
        groups: moved.clone(),
        stayed,
        subordinate_stays: staying.is_some(),
    });
    for g in moved {
        let group_rank = if g.subordinate {
            Some(LeaderRank::Subordinate)
        } else if g.leader {
            army.leader
        } else {
            None
        };
        enter(
            data,
            st,
            side,
            &g.to,
            Force {
                units: g.units,
                leader: group_rank,
                supplies: Supplies {
                    food: g.food,
                    war: g.war,
                },
            },
            ev,
        );
    }
    Ok(())
}

fn subordinate_refused(path: Path<'_>) -> OrderError {
    OrderError::new(
        "9.2",
        "a Subordinate Leader is placed only when the Leader's army splits, with a group the Leader does not go with, and only if it is not already commanding an army",
    )
    .at(path.field("subordinate"))
}

/// 9.2: the units of a split march that stay where they are, written as a group "to" the
/// army's own area, go under the Subordinate Leader: the army must have the Leader (who
/// marches off with another group), the Subordinate must not be commanding another army, and
/// he takes at most 4 units. Supplies stay with them, so the group carries none.
fn check_subordinate_stays(
    st: &State,
    side: Side,
    army: &Army,
    g: &orders::Group,
    again: bool,
    path: Path<'_>,
) -> Result<(), OrderError> {
    if !g.subordinate || g.leader {
        return Err(OrderError::new(
            "9.1",
            "a group marches to an adjacent area; units that stay are left out of the groups, or named in a group to their own area with `subordinate: true` (9.2) to stay under the Subordinate Leader",
        )
        .at(path.field("to")));
    }
    if again || army.leader != Some(LeaderRank::Leader) || st.subordinate_on_map(side) {
        return Err(subordinate_refused(path));
    }
    if g.units == 0 || g.units > SUBORDINATE_UNITS {
        return Err(OrderError::new(
            "9.2",
            format!(
                "a Subordinate Leader commands 1 to at most {SUBORDINATE_UNITS} units, not {}",
                g.units
            ),
        )
        .at(path.field("units")));
    }
    if g.food.is_some_and(|f| f > 0) || g.war.is_some_and(|w| w > 0) {
        return Err(OrderError::new(
            "5.5",
            "the units that stay keep the supplies left where they are; their group takes none",
        )
        .at(path));
    }
    Ok(())
}

/// 9.2: the units a Subordinate Leader would command if `units` under `leader` entered `area`
/// to join `side`'s army there, when that is more than he may (4); `None` when it is allowed.
pub fn over_subordinate_limit(
    st: &State,
    side: Side,
    area: &str,
    units: u32,
    leader: Option<LeaderRank>,
) -> Option<u32> {
    let (dest_rank, dest_units) = st
        .army_of(area, side)
        .map(|d| (d.leader, d.units))
        .unwrap_or((None, 0));
    let total = dest_units + units;
    (merged_command(leader, dest_rank) == Some(LeaderRank::Subordinate)
        && total > SUBORDINATE_UNITS)
        .then_some(total)
}

/// What enters an area: units, their commander and the supplies they carry.
pub struct Force {
    pub units: u32,
    pub leader: Option<LeaderRank>,
    pub supplies: Supplies,
}

/// 9.1 and 8.4: an army enters an area; Loyalists Holding it with no Crown army are
/// eliminated when the Patriot comes in.
pub fn enter(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &(impl Key + ?Sized),
    force: Force,
    ev: &mut Vec<Event>,
) {
    // The area is made an id once for the lookups below.
    let area = &area.to_id();
    let Force {
        units,
        leader,
        supplies,
    } = force;
    let entry = st.armies.get_or_insert_with(*area, || Army {
        side,
        units: 0,
        leader: None,
        dug_in: false,
    });
    entry.units += units;
    if leader.is_some() && entry.leader.is_some() {
        ev.push(Event::SubordinateRejoined { side, area: *area });
    }
    entry.leader = merged_command(leader, entry.leader);
    st.add_supplies(area, supplies);
    if side == Side::Patriot && st.holds.remove(area) {
        st.pool.get_or_default(data.area(area).colony).loyalists += 1;
        ev.push(Event::HoldEliminated { area: *area });
    }
}
