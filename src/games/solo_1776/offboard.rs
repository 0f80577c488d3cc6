//! Rule 12. American off-board movement: each army moves Up or Down one location of its area's
//! OB chart (0, 5, 10, 15) by the first of five ordered conditions that holds, or stays
//! (and is found entrenched if scouted). Before a Down move it destroys a fort it holds in
//! location 15, or builds one in 10 or 5 when it has the men and material. An Up move rolls
//! the area-change randomiser: on a change half the army goes to the neighbouring area.
//! Detachments move one location a turn towards their area's army.

use super::data::{AreaChange, Data, PriorityTowns, TownDef, UpDamping, UpReason, LOCATIONS};
use super::events::Event;
use super::french;
use super::script::{Ctx, Run};
use super::state::{fort_key, Army, Detachment, Force, Fort, State};

/// 12: the size of a fort's garrison (also 15).
pub const GARRISON: u32 = 5;

/// 13, and conditions 1 and 4 of 12: a priority target is a British controlled town with a
/// priority (RULINGS.md, A1).
pub fn targets_in(st: &State, area: &str, loc: u32) -> bool {
    targets(st, area, loc).next().is_some()
}

/// The priority targets of a location, in the order it lists them.
pub fn targets<'a>(st: &'a State, area: &str, loc: u32) -> impl Iterator<Item = &'a TownDef> {
    st.location(area, loc)
        .towns
        .iter()
        .filter(|t| t.priority.is_some() && t.british)
}

fn area_name(data: &Data, id: &str) -> String {
    data.area(id).map_or(id.to_string(), |a| a.name.clone())
}

/// Where a force put into an area went (`land`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landed {
    /// It joined the area's army, in its location.
    Joined(String),
    /// The area had no army: the force became it (12: one army per area).
    Formed(String),
    /// It is a detachment, away from the area's army.
    Detachment(String),
}

impl Landed {
    /// The army it joined or became, if it did not become a detachment.
    pub fn army(&self) -> Option<String> {
        match self {
            Landed::Joined(id) | Landed::Formed(id) => Some(id.clone()),
            Landed::Detachment(_) => None,
        }
    }

    /// The detachment it became, if it did.
    pub fn detachment(&self) -> Option<String> {
        match self {
            Landed::Detachment(id) => Some(id.clone()),
            _ => None,
        }
    }

    /// The army or detachment, as a record's `joined` names it.
    pub fn joined(&self) -> String {
        match self {
            Landed::Joined(id) | Landed::Formed(id) | Landed::Detachment(id) => id.clone(),
        }
    }

    /// Whether the record says the force became the area's army: it did, and the edition's
    /// tables record it (RULINGS A30; the first eleven editions' records do not).
    pub fn formed_told(&self, data: &Data) -> bool {
        matches!(self, Landed::Formed(_)) && data.tables.landing_record.formed_told
    }
}

/// Puts a force in a location of an area: with the area's army if it is in that location,
/// else as a detachment named `name` (added to one of that name already there); with no
/// army in the area, the force becomes its army (12: one army per area).
pub fn land(st: &mut State, data: &Data, area: &str, loc: u32, force: Force, name: &str) -> Landed {
    match st.army_in(area).map(str::to_string) {
        Some(army) if st.armies[&army].location == loc => {
            st.armies.get_mut(&army).expect("found").force.add(force);
            Landed::Joined(army)
        }
        Some(_) => {
            let id = format!("{name}-{area}");
            let d = st.detachments.entry(id.clone()).or_insert(Detachment {
                area: area.into(),
                location: loc,
                force: Force::default(),
            });
            if d.location != loc {
                // A detachment of that name elsewhere in the area: this one is new.
                let id = format!("{name}-{area}-{loc}");
                st.detachments
                    .entry(id.clone())
                    .or_insert(Detachment {
                        area: area.into(),
                        location: loc,
                        force: Force::default(),
                    })
                    .force
                    .add(force);
                return Landed::Detachment(id);
            }
            d.force.add(force);
            Landed::Detachment(id)
        }
        None => {
            let id = format!("{area}-army");
            st.armies.insert(
                id.clone(),
                Army {
                    name: format!("the American army of {}", area_name(data, area)),
                    area: area.into(),
                    location: loc,
                    at: None,
                    force,
                    entrenched: false,
                },
            );
            Landed::Formed(id)
        }
    }
}

/// 12: detachments move one location towards the army of their area and join it there; a
/// detachment in an area without an army becomes its army.
pub fn detachments(st: &mut State, ctx: &mut Ctx) {
    let ids: Vec<String> = st.detachments.keys().cloned().collect();
    for id in ids {
        let d = st.detachments[&id].clone();
        let Some(army) = st.army_in(&d.area).map(str::to_string) else {
            st.detachments.remove(&id);
            let name = format!("the American army of {}", area_name(ctx.data, &d.area));
            st.armies.insert(
                id.clone(),
                Army {
                    name,
                    area: d.area.clone(),
                    location: d.location,
                    at: None,
                    force: d.force,
                    entrenched: false,
                },
            );
            ctx.event(Event::DetachmentPromoted {
                detachment: id.clone(),
                army: id,
                area: d.area,
            });
            continue;
        };
        let target = st.armies[&army].location;
        let to = match d.location.cmp(&target) {
            std::cmp::Ordering::Less => d.location + 5,
            std::cmp::Ordering::Greater => d.location - 5,
            std::cmp::Ordering::Equal => d.location,
        };
        let joined = (to == target).then(|| army.clone());
        if joined.is_some() {
            st.detachments.remove(&id);
            st.armies.get_mut(&army).expect("found").force.add(d.force);
        } else {
            st.detachments.get_mut(&id).expect("listed").location = to;
        }
        ctx.event(Event::DetachmentMoved {
            detachment: id,
            area: d.area,
            from: d.location,
            to,
            joined,
        });
    }
}

/// 12: the OB move of one army by the five conditions in order. `left` is the town hex the
/// army has just evaded from (13), if any; an army still on the board stands at `at`.
pub fn ob_move(st: &mut State, ctx: &mut Ctx, id: &str, left: Option<String>) -> Run {
    let data = ctx.data;
    let a = st.armies[id].clone();
    let loc = a.location;
    let sp = a.force.sp;
    let area_def = data.area(&a.area).expect("known area");
    // An Up move needs a priority target above, or a French battle fleet in a higher
    // location (the fleets sit in location 15). For condition 1 a target or the fleet counts
    // only where the army has that location's requisite, or condition 3 or 4 would undo the
    // move (RULINGS.md, A2).
    let above: Vec<(u32, &TownDef)> = LOCATIONS
        .iter()
        .filter(|&&l| l > loc)
        .flat_map(|&l| {
            st.location(&a.area, l)
                .towns
                .iter()
                .filter(move |t| match data.tables.offboard.priority_towns {
                    PriorityTowns::BritishHeld => t.priority.is_some() && t.british,
                    PriorityTowns::AnyPriority => t.priority.is_some(),
                })
                .map(move |t| (l, t))
        })
        .collect();
    // Every location on the way, not only the last, must be one the army can hold.
    let reach = |l: u32| {
        LOCATIONS
            .iter()
            .filter(|&&m| m > loc && m <= l)
            .all(|&m| sp >= st.location(&a.area, m).requisite)
    };
    let thr = data.tables.offboard.down_at_least;
    let french_higher =
        loc < 15 && st.french.fleets > 0 && st.french.at.as_deref() == Some(a.area.as_str());
    let french = "a French battle fleet is deployed in location 15".to_string();
    let none = format!(
        "no priority target lies above location {loc} and no French battle fleet is deployed higher"
    );
    let up_allowed = |by_strength: bool| -> Result<String, String> {
        // The first seven editions: drawn up only by towns of its own (`any_priority`), it
        // would have nothing to fight there (13), and condition 5 would bring it back on the
        // same facts, so it stayed. Rule 12 ranks condition 1 above condition 5, so from the
        // eighth edition it goes up (A24).
        let damped = data.tables.offboard.up_damping == UpDamping::Condition5;
        let to_fight = above.iter().any(|(l, t)| reach(*l) && t.british);
        let to_hold = above.iter().any(|(l, t)| reach(*l) && !t.british);
        if damped && by_strength && to_hold && !to_fight && !french_higher && st.bre >= thr {
            return Err(format!(
                "at BRE number {} (at least {thr}) condition 5 would bring it straight back down",
                st.bre
            ));
        }
        let allowed = |l: u32| !by_strength || reach(l);
        // A23: the reason names what draws the army up, where the first editions named the
        // first town above (the outcome is the same either way: only the words differ).
        // With no target allowed, the fleet's words are the same as below, and the rest fall
        // through to the refusals.
        if data.tables.offboard.up_reason == UpReason::Deciding {
            if let Some((l, t)) = above.iter().find(|(l, t)| t.british && allowed(*l)) {
                return Ok(format!(
                    "a British-held priority target lies above location {loc} ({} in location {l})",
                    t.name
                ));
            }
            if french_higher && allowed(15) {
                return Ok(french.clone());
            }
            if let Some((l, t)) = above.iter().find(|(l, _)| allowed(*l)) {
                return Ok(format!(
                    "a priority town of its own lies above location {loc}, to hold ({} in location {l})",
                    t.name
                ));
            }
        }
        match above.iter().find(|(l, _)| allowed(*l)) {
            Some((l, t)) => Ok(format!(
                "a priority target lies above location {loc} ({} in location {l})",
                t.name
            )),
            None if french_higher && (!by_strength || reach(15)) => Ok(french.clone()),
            None if french_higher => Err(format!(
                "the French battle fleet lies in location 15, where it lacks the requisite SP ({})",
                st.location(&a.area, 15).requisite
            )),
            None if above.is_empty() => Err(none.clone()),
            None => Err(format!(
                "the priority targets above location {loc} lie where it lacks the requisite SP ({})",
                above
                    .iter()
                    .map(|(l, t)| format!(
                        "{}: {} SP in location {l}",
                        t.name,
                        st.location(&a.area, *l).requisite
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    };
    if loc < 15 {
        let next = loc + 5;
        let req = st.location(&a.area, next).requisite;
        if sp >= req {
            let why = format!("SP {sp} at least the requisite {req} of location {next}");
            match &up_allowed(true) {
                Ok(also) => return up(st, ctx, id, 1, format!("{why}; {also}")),
                Err(no) => ctx.event(Event::UpRefused {
                    army: id.into(),
                    condition: 1,
                    reason: format!("{why}, but {no}"),
                }),
            }
        }
        if loc == 5 && st.areas[&a.area].british_control && st.bre < data.tables.offboard.up_below {
            let why = format!(
                "in location 5, the British control {}, BRE number {} below {}",
                area_def.name, st.bre, data.tables.offboard.up_below
            );
            match &up_allowed(false) {
                Ok(also) => return up(st, ctx, id, 2, format!("{why}; {also}")),
                Err(no) => ctx.event(Event::UpRefused {
                    army: id.into(),
                    condition: 2,
                    reason: format!("{why}, but {no}"),
                }),
            }
        }
    }
    if loc > 0 {
        let req = st.location(&a.area, loc).requisite;
        if sp < req {
            return down(
                st,
                ctx,
                id,
                left,
                3,
                format!("SP {sp} below the requisite {req} of location {loc}"),
            );
        }
        let has_priorities = st
            .location(&a.area, loc)
            .towns
            .iter()
            .any(|t| t.priority.is_some());
        let stays = match data.tables.offboard.priority_towns {
            PriorityTowns::BritishHeld => targets_in(st, &a.area, loc),
            PriorityTowns::AnyPriority => has_priorities,
        };
        if !stays {
            let why = if has_priorities {
                format!("no British-held priority town in location {loc}")
            } else {
                format!("no priorities in location {loc}")
            };
            return down(st, ctx, id, left, 4, why);
        }
        if st.bre >= data.tables.offboard.down_at_least {
            return down(
                st,
                ctx,
                id,
                left,
                5,
                format!(
                    "BRE number {} at least {}",
                    st.bre, data.tables.offboard.down_at_least
                ),
            );
        }
    }
    st.armies.get_mut(id).expect("army").entrenched = true;
    ctx.event(Event::Stayed {
        army: id.into(),
        area: a.area.clone(),
        location: loc,
        reason: if loc == 0 {
            "in location 0 with no Up condition holding".into()
        } else if loc == 15 {
            "in location 15 with no Down condition holding".into()
        } else {
            "no Up or Down condition holds".into()
        },
    });
    Ok(())
}

/// 12: Up one location, then the area-change randomiser.
fn up(st: &mut State, ctx: &mut Ctx, id: &str, condition: u8, reason: String) -> Run {
    let data = ctx.data;
    leave_board(st, ctx, id);
    let a = st.armies.get_mut(id).expect("army");
    let (from, to) = (a.location, a.location + 5);
    a.location = to;
    let area = a.area.clone();
    ctx.event(Event::Moved {
        army: id.into(),
        area: area.clone(),
        from,
        to,
        condition,
        reason,
    });
    let die = ctx.d6(&format!("12 area-change randomiser: {id} moving up"));
    let result = Data::row(&data.tables.area_change, die as i32);
    let def = data.area(&area).expect("known");
    let neighbour = match result {
        AreaChange::Stay => None,
        AreaChange::North => def.north.clone(),
        AreaChange::South => def.south.clone(),
    };
    let (moved, landed, to_area, why) = match (&result, neighbour) {
        (AreaChange::Stay, _) => (Force::default(), None, None, "no area change".to_string()),
        (_, None) => (
            Force::default(),
            None,
            None,
            format!("{} has no area that way: no area change", def.name),
        ),
        (_, Some(n)) => {
            let half = st.armies.get_mut(id).expect("army").force.split_half();
            if half.sp == 0 {
                st.armies.get_mut(id).expect("army").force.add(half);
                (
                    Force::default(),
                    None,
                    Some(n.clone()),
                    "half the army rounds down to no SP: nobody moves".to_string(),
                )
            } else {
                let landed = land(st, data, &n, to, half, id);
                let why = format!(
                    "half the army (rounded down) moves to location {to} of {}",
                    area_name(data, &n)
                );
                (half, Some(landed), Some(n), why)
            }
        }
    };
    ctx.event(Event::AreaChange {
        army: id.into(),
        die,
        result,
        to: to_area,
        moved,
        joined: landed.as_ref().map(Landed::joined),
        formed: landed.as_ref().is_some_and(|l| l.formed_told(data)),
        reason: why,
    });
    Ok(())
}

/// 12: Down one location, after destroying a fort in 15 or building one in 10 or 5; the
/// French may carry half the army away instead (17, duty 3).
fn down(
    st: &mut State,
    ctx: &mut Ctx,
    id: &str,
    left: Option<String>,
    condition: u8,
    reason: String,
) -> Run {
    if french::sea_invasion(st, ctx, id, &reason)? {
        return Ok(());
    }
    let a = st.armies[id].clone();
    let loc = a.location;
    let key = fort_key(&a.area, loc);
    let hex = a.at.clone().or(left);
    // A location has one fort (A5): under A17 a town fort the Americans hold is it.
    let town_fort = ctx.data.tables.fort.garrisons_town_forts()
        && st
            .location(&a.area, loc)
            .towns
            .iter()
            .any(|t| t.fort && !t.british);
    if loc == 15 {
        destroy_fort(st, ctx, id, hex);
    } else if (loc == 10 || loc == 5) && !st.forts.contains_key(&key) && !town_fort {
        build_fort(st, ctx, id, hex);
    }
    leave_board(st, ctx, id);
    let a = st.armies.get_mut(id).expect("army");
    a.location = loc - 5;
    ctx.event(Event::Moved {
        army: id.into(),
        area: a.area.clone(),
        from: loc,
        to: loc - 5,
        condition,
        reason,
    });
    Ok(())
}

/// 12: before moving down from location 15 an army destroys the fort it occupies: its own
/// fort of that location (whose garrison marches with it), or the fort in the town hex it
/// stands at or has just evaded from, when the Americans hold that town (RULINGS.md, A5).
fn destroy_fort(st: &mut State, ctx: &mut Ctx, id: &str, hex: Option<String>) {
    let a = st.armies[id].clone();
    let own = st.forts.remove(&fort_key(&a.area, a.location));
    let town = hex.filter(|t| {
        st.town(t)
            .is_some_and(|(ar, l, tw)| ar == a.area && l == a.location && tw.fort && !tw.british)
    });
    if own.is_none() && town.is_none() {
        return;
    }
    if let Some(t) = &town {
        st.town_mut(t).expect("a known town").fort = false;
    }
    // A17: the fort the army kept may be a town fort, wherever the army stands; it is
    // destroyed too.
    if ctx.data.tables.fort.garrisons_town_forts() {
        if let Some(tw) = own
            .as_ref()
            .and_then(|f| f.town.as_ref())
            .and_then(|t| st.town_mut(t))
        {
            tw.fort = false;
        }
    }
    let rejoined = own.as_ref().map(|f| f.garrison).unwrap_or_default();
    st.armies.get_mut(id).expect("army").force.add(rejoined);
    ctx.event(Event::FortDestroyed {
        army: id.into(),
        area: a.area,
        location: a.location,
        town: town.or(own.and_then(|f| f.town)),
        rejoined,
    });
}

/// 13: an army on the board that leaves it by its OB move evades from its town, so the
/// player takes it off.
fn leave_board(st: &mut State, ctx: &mut Ctx, id: &str) {
    let a = st.armies.get_mut(id).expect("army");
    let Some(from) = a.at.take() else {
        return;
    };
    ctx.event(Event::Evaded {
        army: id.into(),
        area: a.area.clone(),
        location: a.location,
        from: Some(from),
        reason: Some(
            "no British-held priority town within one move: it leaves the board by its OB move"
                .into(),
        ),
    });
}

/// 12: a fort needs one SP, one artillery and one supply to build it, plus five SP to
/// garrison it (with one more artillery and supply if there are any); the army keeps at
/// least one SP to march on. It stands in the town hex the army leaves if the Americans hold
/// it, else in the location's first town the British do not hold, strategic towns first,
/// then by priority; with none there is no hex to build in (RULINGS.md, A5).
fn build_fort(st: &mut State, ctx: &mut Ctx, id: &str, hex: Option<String>) {
    let a = st.armies[id].clone();
    let f = a.force;
    let march_on = ctx.data.tables.fort.march_on_sp;
    let need_sp = 1 + GARRISON + march_on;
    let towns = &st.location(&a.area, a.location).towns;
    let left = hex.and_then(|h| towns.iter().find(|t| t.id == h && !t.british));
    let mut free: Vec<&TownDef> = towns.iter().filter(|t| !t.british).collect();
    free.sort_by_key(|t| (!t.strategic, t.priority.unwrap_or(4)));
    let site = match (left, free.first()) {
        (Some(t), _) => Some((t.id.clone(), format!("{}: the town hex the army leaves", t.name))),
        (None, Some(t)) => Some((
            t.id.clone(),
            format!(
                "{}: the first town of location {} the British do not hold (strategic towns first, then by priority)",
                t.name, a.location
            ),
        )),
        (None, None) => None,
    };
    let lacking = if f.sp < need_sp {
        Some(format!(
            "it needs {need_sp} SP (1 to build, {GARRISON} to garrison, {march_on} to march on) and has {}",
            f.sp
        ))
    } else if f.artillery < 1 {
        Some("it has no artillery to spare".to_string())
    } else if f.supply < 1 {
        Some("it has no supply to spare".to_string())
    } else if site.is_none() && towns.is_empty() && ctx.data.tables.fort.townless_told {
        Some(format!(
            "location {} has no town hex to build in",
            a.location
        ))
    } else if site.is_none() {
        Some(format!(
            "the British hold every town of location {}: there is no hex to build in",
            a.location
        ))
    } else {
        None
    };
    if let Some(reason) = lacking {
        ctx.event(Event::NoFort {
            army: id.into(),
            area: a.area,
            location: a.location,
            reason,
        });
        return;
    }
    let (town, why) = site.expect("checked");
    let army = st.armies.get_mut(id).expect("army");
    army.force.sp -= 1 + GARRISON;
    army.force.artillery -= 1;
    army.force.supply -= 1;
    let mut garrison = Force {
        sp: GARRISON,
        ..Force::default()
    };
    if army.force.artillery >= 1 {
        army.force.artillery -= 1;
        garrison.artillery = 1;
    }
    if army.force.supply >= 1 {
        army.force.supply -= 1;
        garrison.supply = 1;
    }
    army.force.dragoons = army.force.dragoons.min(army.force.sp);
    st.forts.insert(
        fort_key(&a.area, a.location),
        Fort {
            area: a.area.clone(),
            location: a.location,
            town: Some(town.clone()),
            garrison,
        },
    );
    ctx.event(Event::FortBuilt {
        army: id.into(),
        area: a.area,
        location: a.location,
        town: Some(town),
        garrison,
        reason: Some(why),
    });
}
