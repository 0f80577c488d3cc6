//! Rule 17. French intervention: each fleet's land element (5 SP, 1 artillery, 1 supply) comes
//! ashore in location 15 of the area the landing table gives; the battle fleets then operate
//! as one, taking their duties in priority order (the West Indies when the naval SP
//! difference is -2 or worse; supply for an area that has none; one sea invasion a quarter
//! in place of an army's Down move; blockade otherwise), intercept British reinforcements of
//! a location they blockade, and can be found by a British search.

use super::data::Data;
use super::events::Event;
use super::facts;
use super::offboard::land;
use super::orders::{Reinforce, Search};
use super::script::{Ctx, Run};
use super::state::{Duty, Force, Question, State};
use crate::engine::error::OrderError;

pub(super) const WEST_INDIES: &str = "west-indies";

/// 17: the land elements come ashore, one landing-table roll a fleet.
pub fn intervene(st: &mut State, ctx: &mut Ctx, fleets: u32) {
    let data = ctx.data;
    let force = Force::from(data.tables.french.land_element);
    for _ in 0..fleets {
        st.french.landed += 1;
        let n = st.french.landed;
        let die = ctx.d6(&format!("17 landing table: French fleet {n}"));
        let area = data.landing(die).id.clone();
        let landed = land(st, data, &area, 15, force, &format!("french-{n}"));
        ctx.event(Event::FrenchLanding {
            fleet: n,
            die,
            area,
            joined: Some(landed.joined()),
            formed: landed.formed_told(data),
        });
    }
    st.french.fleets += fleets;
}

/// 17: the quarter's French Intervention Table roll, and duties 1 and 2, at the start of the
/// American turn. Duties 3 and 4 are decided as the armies move (`sea_invasion`, `blockade`).
pub fn duties_before(st: &mut State, ctx: &mut Ctx) {
    let data = ctx.data;
    st.french.duty = None;
    if st.french.fleets == 0 {
        return;
    }
    if !st.french_rolled_this_quarter() {
        let die = ctx.d6("17 French Intervention Table: where the fleets operate this quarter");
        let area = data.landing(die).id.clone();
        st.french.operating = Some(area.clone());
        st.french.rolled = Some(st.date.quarter());
        ctx.event(Event::FrenchOperating { die, area });
    }
    let diff = st.naval.american - st.naval.british;
    if diff <= -2 {
        let reason = format!(
            "the naval SP difference is {diff} ({} American, {} British)",
            st.naval.american, st.naval.british
        );
        // A26: withdrawn already in this turn's British part, which said so.
        if withdrawn_this_turn(ctx) {
            st.french.at = Some(WEST_INDIES.into());
            st.french.duty = Some(Duty::WestIndies);
        } else {
            to_the_west_indies(st, ctx, reason);
        }
        return;
    }
    let dry = data
        .areas()
        .iter()
        .map(|a| a.id.clone())
        .find(|a| st.army_in(a).is_some() && st.supply_in(a) == 0);
    if let Some(area) = dry {
        let source = supply_source(st, data, &area);
        let landed = land(
            st,
            data,
            &area,
            15,
            Force {
                supply: 1,
                ..Force::default()
            },
            "french-supply",
        );
        st.french.at = Some(area.clone());
        st.french.duty = Some(Duty::Supply);
        ctx.event(Event::FrenchDuty {
            duty: Duty::Supply,
            area: area.clone(),
            reason: format!(
                "American supply in {} is zero: one supply from {source} carried to location 15 ({})",
                name(data, &area),
                landed.joined()
            ),
        });
        return;
    }
    st.french.at = st.french.operating.clone();
}

/// 17 duty 2: where the fleets obtain the supply: the first port (a strategic town of a
/// location 15) of another area the British do not hold, in landing-table order, else
/// France (RULINGS.md, A11).
fn supply_source(st: &State, data: &Data, dry: &str) -> String {
    data.areas()
        .iter()
        .filter(|a| a.id != dry)
        .find_map(|a| {
            st.location(&a.id, 15)
                .towns
                .iter()
                .find(|t| t.strategic && !t.british)
                .map(|t| {
                    format!(
                        "{} ({}), the first port the British do not hold,",
                        t.name, a.name
                    )
                })
        })
        .unwrap_or_else(|| "France (the British hold every port)".to_string())
}

fn name(data: &Data, id: &str) -> String {
    data.area(id).map_or(id.to_string(), |a| a.name.clone())
}

/// 17 duty 3: in place of an army's Down move from location 15 of the area where the
/// fleets are, they carry half of it (up to their capacity) to the area the French
/// Intervention Table gives, once a quarter. Returns whether they did.
pub fn sea_invasion(st: &mut State, ctx: &mut Ctx, id: &str, down_reason: &str) -> Run<bool> {
    let data = ctx.data;
    let a = st.armies[id].clone();
    let q = st.date.quarter();
    if st.french.fleets == 0 || st.french.at.as_deref() != Some(a.area.as_str()) || a.location != 15
    {
        return Ok(false);
    }
    // A25: the fleets are there, but one invasion a quarter, and only as their one duty.
    let busy = match st.french.duty {
        Some(d) if d != Duty::Invasion => Some(format!(
            "the French battle fleets there already have their duty this turn ({})",
            duty_words(d)
        )),
        // An invasion this turn (their duty now) is this quarter's.
        duty if duty.is_some() || st.french.invaded == Some(q) => {
            Some("the French battle fleets carried out this quarter's sea invasion".into())
        }
        _ => None,
    };
    if let Some(reason) = busy {
        if ctx.data.tables.french.invasion_skip_told {
            ctx.event(Event::NoSeaInvasion {
                army: id.into(),
                area: a.area.clone(),
                reason,
            });
        }
        return Ok(false);
    }
    let capacity = st.french.fleets * data.tables.french.capacity_per_fleet;
    let sp = (a.force.sp / 2).min(capacity);
    if sp == 0 {
        return Ok(false);
    }
    let die = ctx.d6(&format!(
        "17 French Intervention Table: where the sea invasion with {id} lands"
    ));
    let to = data.landing(die).id.clone();
    if to == a.area {
        ctx.event(Event::SeaInvasion {
            army: id.into(),
            from: a.area.clone(),
            die,
            to: None,
            sp: 0,
            joined: None,
            formed: false,
            reason: format!(
                "the roll names {} itself: no invasion, the army moves down",
                name(data, &to)
            ),
        });
        return Ok(false);
    }
    let force = Force {
        sp,
        dragoons: 0,
        artillery: a.force.artillery / 2,
        supply: a.force.supply / 2,
    };
    let army = st.armies.get_mut(id).expect("army");
    // 12: the half left in location 15 has not moved on the OB (A16).
    if data.tables.french.invasion_entrenches {
        army.entrenched = true;
    }
    army.force.sp -= force.sp;
    army.force.artillery -= force.artillery;
    army.force.supply -= force.supply;
    army.force.dragoons = army.force.dragoons.min(army.force.sp);
    let landed = land(st, data, &to, 15, force, &format!("{id}-invasion"));
    // The fleets sail with the troops and are off the area they landed them in.
    st.french.at = Some(to.clone());
    st.french.invaded = Some(q);
    st.french.duty = Some(Duty::Invasion);
    ctx.event(Event::SeaInvasion {
        army: id.into(),
        from: a.area,
        die,
        to: Some(to.clone()),
        sp,
        joined: Some(landed.joined()),
        formed: landed.formed_told(data),
        reason: format!(
            "instead of moving down ({down_reason}), half the army (capacity {capacity} SP) sails to location 15 of {}; the French battle fleets stay there",
            name(data, &to)
        ),
    });
    Ok(true)
}

/// 17 duty 4: with nothing else to do, the fleets blockade location 15 where they operate.
pub fn blockade(st: &mut State, ctx: &mut Ctx) {
    if st.french.fleets == 0 || st.french.duty.is_some() {
        return;
    }
    let Some(area) = st.french.operating.clone() else {
        return;
    };
    st.french.at = Some(area.clone());
    st.french.duty = Some(Duty::Blockade);
    ctx.event(Event::FrenchDuty {
        duty: Duty::Blockade,
        area,
        reason: "no other duty: blockade duties in location 15".into(),
    });
}

/// 17: a British reinforcement of a location the French blockade is attacked on a d6 of at
/// most the fleets on blockade plus one, before any embarkation or debarkation.
pub fn reinforcements(st: &mut State, ctx: &mut Ctx, list: &[Reinforce]) -> Run {
    for r in list {
        let loc = r.location as u32;
        let blockading = st.french.fleets > 0
            && st.french.duty == Some(Duty::Blockade)
            && st.french.at.as_deref() == Some(r.area.as_str())
            && loc == 15;
        if !blockading {
            ctx.event(Event::Interception {
                area: r.area.clone(),
                location: loc,
                die: None,
                target: None,
                attacked: false,
                reason: format!(
                    "no French battle fleets blockade location {loc} of {}",
                    name(ctx.data, &r.area)
                ),
            });
            continue;
        }
        let target = st.french.fleets + 1;
        let die = ctx.d6(&format!(
            "17 French interception: British reinforcement of {}",
            r.area
        ));
        let attacked = u32::from(die) <= target;
        ctx.event(Event::Interception {
            area: r.area.clone(),
            location: loc,
            die: Some(die),
            target: Some(target as u8),
            attacked,
            reason: if attacked {
                format!(
                    "{die} is at most {target} ({} on blockade + 1): fight the fleet engagement before embarking or landing",
                    fleets_words(ctx.data, st.french.fleets, "fleet")
                )
            } else {
                format!("{die} is above {target}: the reinforcement goes through")
            },
        });
        if attacked {
            let what = format!(
                "the fleet engagement of the French attack on the British reinforcement of {}",
                name(ctx.data, &r.area)
            );
            engagement(st, ctx, what)?;
        }
    }
    Ok(())
}

/// 17: the player fights a fleet engagement of the French battle fleets and reports what it
/// cost them; with none left, the French have no fleet at sea.
fn engagement(st: &mut State, ctx: &mut Ctx, what: String) -> Run {
    let answer = ctx.ask(Question::FleetEngagement { what: what.clone() })?;
    let r = answer
        .fleet_engagement
        .expect("asked for a fleet engagement");
    let lost = facts::count(
        r.french_lost,
        "French battle fleets lost",
        "fleet_engagement.french_lost".into(),
    )?;
    if lost > st.french.fleets {
        return Err(OrderError::new(
            "17",
            format!(
                "the French have {} battle fleets in play; they cannot lose `{lost}`",
                st.french.fleets
            ),
        )
        .at("fleet_engagement.french_lost")
        .into());
    }
    st.french.fleets -= lost;
    if st.french.fleets == 0 {
        st.french.at = None;
    }
    ctx.event(Event::FrenchFleetsLost {
        lost,
        left: st.french.fleets,
        reason: what,
    });
    Ok(())
}

/// 17: British battle fleets that spent the turn searching find the French on a d6 of at
/// most their number.
pub fn search(st: &mut State, ctx: &mut Ctx, s: &Search) -> Run {
    if st.french.fleets == 0 {
        // Lost to a fleet engagement earlier in this turn (a search with none in play at its
        // start is refused with the facts).
        ctx.event(Event::Reported {
            rule: "17".into(),
            what: "the French battle fleets were all lost earlier this turn: nothing to search for"
                .into(),
        });
        return Ok(());
    }
    let fleets = s.fleets as u32;
    let die = ctx.d6(&format!(
        "17 British search with {}",
        fleets_words(ctx.data, fleets, "battle fleet")
    ));
    let found = u32::from(die) <= fleets;
    ctx.event(Event::Search { fleets, die, found });
    if found {
        engagement(
            st,
            ctx,
            "the fleet engagement after the British search".into(),
        )?;
    }
    Ok(())
}

/// `n` fleets in a roll's record: `1 battle fleet`, `2 battle fleets`; the first eight
/// editions wrote the plural whatever the count, and keep it.
fn fleets_words(data: &Data, n: u32, what: &str) -> String {
    if n == 1 && data.tables.french.counted_fleets {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// 17 duty 1 (RULINGS A26): the naval SP a British turn reports put the Americans 2 or more
/// behind: the fleets withdraw to the West Indies at once, so no reinforcement reported in
/// the same turn meets them. The American turn then gives them their duty as usual.
pub fn withdraw_when_outnumbered(st: &mut State, ctx: &mut Ctx) {
    let diff = st.naval.american - st.naval.british;
    if !ctx.data.tables.french.withdraw_when_reported
        || st.french.fleets == 0
        || diff > -2
        || st.french.duty == Some(Duty::WestIndies)
    {
        return;
    }
    let reason = format!(
        "the naval SP difference is {diff} ({} American, {} British), so they go at once, before any British reinforcement",
        st.naval.american, st.naval.british
    );
    to_the_west_indies(st, ctx, reason);
}

/// Whether this turn has told the fleets' withdrawal to the West Indies already.
fn withdrawn_this_turn(ctx: &Ctx) -> bool {
    ctx.events.iter().any(|e| {
        matches!(
            e,
            Event::FrenchDuty {
                duty: Duty::WestIndies,
                ..
            }
        )
    })
}

/// 17 duty 1: the fleets withdraw to the West Indies, for `reason`.
fn to_the_west_indies(st: &mut State, ctx: &mut Ctx, reason: String) {
    st.french.at = Some(WEST_INDIES.into());
    st.french.duty = Some(Duty::WestIndies);
    ctx.event(Event::FrenchDuty {
        duty: Duty::WestIndies,
        area: WEST_INDIES.into(),
        reason,
    });
}

/// A duty in words, for why the fleets do not also carry out a sea invasion.
fn duty_words(d: Duty) -> &'static str {
    match d {
        Duty::WestIndies => "to withdraw to the West Indies",
        Duty::Supply => "to carry a supply",
        Duty::Invasion => "a sea invasion",
        Duty::Blockade => "to blockade",
    }
}
