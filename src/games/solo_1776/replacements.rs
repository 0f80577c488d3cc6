//! Rule 15. American replacements and upkeep: replacements join the area's army when its location
//! has an uncontrolled strategic town, else go to the nearest location that has one; every
//! area's army keeps one dragoon SP; every fort keeps a garrison of 5 SP with an artillery
//! and a supply unit where they can be spared.

use super::data::LOCATIONS;
use super::events::Event;
use super::offboard::{land, GARRISON};
use super::orders::Replacement;
use super::script::Ctx;
use super::state::{fort_key, Force, Fort, State};

/// A location with a strategic town the British do not control.
fn open_strategic(st: &State, area: &str, loc: u32) -> bool {
    st.location(area, loc)
        .towns
        .iter()
        .any(|t| t.strategic && !t.british)
}

/// 15: where the replacements of an area go, and why.
pub fn place(st: &mut State, ctx: &mut Ctx, list: &[Replacement]) {
    let data = ctx.data;
    for r in list {
        let force = Force {
            sp: r.sp as u32,
            dragoons: 0,
            artillery: r.artillery as u32,
            supply: r.supply as u32,
        };
        let army = st.army_in(&r.area).map(str::to_string);
        let (loc, reason) = match &army {
            Some(id) => {
                let here = st.armies[id].location;
                if open_strategic(st, &r.area, here) {
                    (
                        here,
                        format!("the army's location {here} has an uncontrolled strategic town"),
                    )
                } else {
                    // Nearest first; of two as near, the one nearer the coast (A8).
                    let mut by_distance: Vec<u32> = LOCATIONS.to_vec();
                    by_distance.sort_by_key(|&l| (l.abs_diff(here), std::cmp::Reverse(l)));
                    match by_distance.into_iter().find(|&l| open_strategic(st, &r.area, l)) {
                        Some(l) => (
                            l,
                            format!("location {l} is the nearest to the army (in {here}) with an uncontrolled strategic town"),
                        ),
                        None => (
                            here,
                            "no location of the area has an uncontrolled strategic town: with the army".to_string(),
                        ),
                    }
                }
            }
            None => {
                let l = LOCATIONS
                    .iter()
                    .rev()
                    .copied()
                    .find(|&l| open_strategic(st, &r.area, l))
                    .unwrap_or(0);
                (
                    l,
                    format!("the area has no army: they form one in location {l}"),
                )
            }
        };
        let landed = land(st, data, &r.area, loc, force, "replacements");
        ctx.event(Event::Replacements {
            area: r.area.clone(),
            force,
            joined: landed.army(),
            detachment: landed.detachment(),
            location: loc,
            reason,
        });
    }
}

/// 15: one dragoon SP per area's army, and garrisons of 5 SP in every fort.
pub fn maintain(st: &mut State, ctx: &mut Ctx) {
    let ids: Vec<String> = st.armies.keys().cloned().collect();
    for id in &ids {
        let a = st.armies.get_mut(id).expect("army");
        if a.force.dragoons == 0 && a.force.sp >= 1 {
            a.force.dragoons = 1;
            ctx.event(Event::Dragoon {
                army: id.clone(),
                reason: "the area has no dragoon SP: one SP of the army becomes one".into(),
            });
        }
    }
    town_forts_lost(st, ctx);
    let forts: Vec<String> = st.forts.keys().cloned().collect();
    for key in forts {
        man(st, ctx, &key);
    }
    town_forts_kept(st, ctx);
}

/// 15: tops up the garrison of the fort `key` from its area's army, which keeps one SP of its
/// own.
fn man(st: &mut State, ctx: &mut Ctx, key: &str) {
    let f = st.forts[key].clone();
    let short = GARRISON.saturating_sub(f.garrison.sp);
    let wants_art = f.garrison.artillery == 0;
    let wants_sup = f.garrison.supply == 0;
    if short == 0 && !wants_art && !wants_sup {
        return;
    }
    let Some(army) = st.army_in(&f.area).map(str::to_string) else {
        return;
    };
    let a = &mut st.armies.get_mut(&army).expect("army").force;
    // The army keeps one SP of its own.
    let sent = Force {
        sp: short.min(a.sp.saturating_sub(1)),
        dragoons: 0,
        artillery: u32::from(wants_art && a.artillery > 0),
        supply: u32::from(wants_sup && a.supply > 0),
    };
    if sent == Force::default() {
        if short > 0 {
            ctx.event(Event::Garrison {
                army: army.clone(),
                fort: key.to_string(),
                sent,
                garrison: f.garrison,
                reason: format!(
                    "the garrison is {} SP short and the army has none to spare",
                    short
                ),
            });
        }
        return;
    }
    a.sp -= sent.sp;
    a.artillery -= sent.artillery;
    a.supply -= sent.supply;
    a.dragoons = a.dragoons.min(a.sp);
    let fort = st.forts.get_mut(key).expect("fort");
    fort.garrison.add(sent);
    ctx.event(Event::Garrison {
        army,
        fort: key.to_string(),
        sent,
        garrison: fort.garrison,
        reason: "a fort keeps a garrison of 5 SP with an artillery and a supply unit".into(),
    });
}

/// 15 with 12 (RULINGS A17): under the reading that a fort in a town hex the Americans hold is
/// an American fort on the board, a fort whose town the British now hold is lost.
fn town_forts_lost(st: &mut State, ctx: &mut Ctx) {
    if !ctx.data.tables.fort.garrisons_town_forts() {
        return;
    }
    let taken = super::facts::in_british_towns(st);
    for key in taken {
        super::facts::lose_fort(st, ctx, key, super::facts::BRITISH_TOWN);
    }
}

/// 15 with 12 (RULINGS A17): a fort in a town hex the Americans hold (Fort Ticonderoga) not yet
/// kept is garrisoned like the bot's own, once the forts already kept are served and while the
/// area's army can spare an SP; a location has one fort (A5).
fn town_forts_kept(st: &mut State, ctx: &mut Ctx) {
    let data = ctx.data;
    if !data.tables.fort.garrisons_town_forts() {
        return;
    }
    for area in data.areas() {
        for loc in LOCATIONS {
            let key = fort_key(&area.id, loc);
            let Some(town) = st.areas[&area.id]
                .locations
                .get(&loc)
                .and_then(|l| l.towns.iter().find(|t| t.fort && !t.british))
                .map(|t| t.id.clone())
            else {
                continue;
            };
            let spare = st
                .army_in(&area.id)
                .is_some_and(|a| st.armies[a].force.sp > 1);
            if st.forts.contains_key(&key) || !spare {
                continue;
            }
            st.forts.insert(
                key.clone(),
                Fort {
                    area: area.id.clone(),
                    location: loc,
                    town: Some(town),
                    garrison: Force::default(),
                },
            );
            man(st, ctx, &key);
        }
    }
}
