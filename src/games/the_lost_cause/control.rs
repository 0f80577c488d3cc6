//! Who controls each space (8.3), what that costs the South in morale (12.0), the
//! Strategic spaces (13.8), and the morale marker itself, whose reaching 0 ends the game
//! (15.0).

use std::collections::BTreeSet;

use super::data::{Data, Shape, Space, Strategic, Theater};
use super::events::Event;
use super::readings::{KeySpaces, RevisitedSpace};
use super::script::{Ctx, Run, Stop};
use super::state::{Control, Place, State, TrackMarker};
use super::year_end;

/// The three states of a track space (8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Union,
    Contested,
    Confederate,
}

/// 8.3: Home Bases and Advanced Bases are Union controlled, as are the spaces behind each
/// Union army on its route; a space a Union army occupies is contested; the rest are the
/// South's. Spaces held for good (8.5.1, 8.8.1) stay Union controlled.
pub fn holder(data: &Data, st: &State, space: &str) -> Holder {
    if union_controls(data, st, space) {
        return Holder::Union;
    }
    if st
        .armies
        .values()
        .any(|a| !a.invading && a.space() == space)
    {
        return Holder::Contested;
    }
    Holder::Confederate
}

fn union_controls(data: &Data, st: &State, space: &str) -> bool {
    // RULINGS L51: the space an army stands on is not behind it, though its route may have
    // passed through it before (the Deep South track back through Jackson and Meridian).
    let revisited_contested = data.tables.readings.revisited_space == RevisitedSpace::Contested;
    st.held.contains(space)
        || st.bases.contains(space)
        || data.space(space).shape == Shape::Home
        || st.armies.values().any(|a| {
            a.route[..a.at].iter().any(|s| s == space)
                && !(revisited_contested && a.space() == space)
        })
}

/// Every space the Union controls now.
pub fn union_spaces(data: &Data, st: &State) -> BTreeSet<String> {
    data.map
        .spaces
        .iter()
        .filter(|s| union_controls(data, st, &s.id))
        .map(|s| s.id.clone())
        .collect()
}

/// The flags on Union controlled key spaces (12.0).
pub fn flags_taken(data: &Data, st: &State) -> i32 {
    union_key_spaces(data, st).map(|s| s.flags as i32).sum()
}

/// What the record of a morale change says when the Union takes key spaces (12.0), one or
/// several; the report's reading names them (`words::key_spaces_changed`).
pub(super) const KEY_SPACES_TAKEN: &str = "the Union took key spaces";
/// What the record says when the South regains key spaces (12.0), one or several.
pub(super) const KEY_SPACES_REGAINED: &str = "the South regained key spaces";

/// The ids of the key spaces the Union controls (12.0).
pub(super) fn union_key_space_ids(data: &Data, st: &State) -> std::collections::BTreeSet<String> {
    union_key_spaces(data, st).map(|s| s.id.clone()).collect()
}

/// The key spaces (those with flags) the Union controls (12.0).
fn union_key_spaces<'a>(data: &'a Data, st: &'a State) -> impl Iterator<Item = &'a Space> + 'a {
    data.map
        .spaces
        .iter()
        .filter(move |s| s.flags > 0 && union_controls(data, st, &s.id))
}

/// Moves the morale marker (12.0): never above 12; at 0 the South has lost (15.0).
pub fn shift_morale(st: &mut State, ctx: &mut Ctx, delta: i32, rule: &str, why: &str) -> Run {
    shift_morale_holding(st, ctx, delta, rule, why, None)
}

/// `shift_morale`, the event naming the key spaces the Union holds after the change (12.0).
fn shift_morale_holding(
    st: &mut State,
    ctx: &mut Ctx,
    delta: i32,
    rule: &str,
    why: &str,
    holds: Option<Vec<String>>,
) -> Run {
    if delta == 0 {
        return Ok(());
    }
    let from = st.morale;
    st.morale = (st.morale + delta).min(12);
    if st.morale != from {
        ctx.event(Event::Morale {
            rule: rule.into(),
            from,
            to: st.morale,
            why: why.into(),
            holds,
        });
    }
    munitions_meet(st, ctx);
    if st.morale <= 0 {
        st.morale = 0;
        year_end::finish(st, ctx, false, "morale_collapse");
        return Err(Stop::Over);
    }
    Ok(())
}

/// 16.4: European Munitions leave play the instant they share a box with the morale marker.
pub fn munitions_meet(st: &mut State, ctx: &mut Ctx) {
    let hit: Vec<String> = st
        .resources
        .iter()
        .filter(|(_, p)| matches!(p, Place::MoraleBox(b) if *b >= st.morale))
        .map(|(id, _)| id.clone())
        .collect();
    for id in hit {
        st.resources.insert(id.clone(), Place::Gone);
        ctx.event(Event::MunitionsExhausted { resource: id });
    }
}

/// 13.8.1: who controls Strategic space `s` once the spaces it connects to are settled: the
/// Union when none of them is Confederate, the South when all are; otherwise, and for a
/// devastated or held space, it stays as it is.
pub fn strategic_control(data: &Data, st: &State, s: &Strategic) -> Control {
    let now = st.strategic[&s.id];
    if now == Control::Devastated || st.held.contains(&s.id) {
        return now;
    }
    let holders: Vec<Holder> = s.connected.iter().map(|c| holder(data, st, c)).collect();
    if holders.iter().all(|h| *h != Holder::Confederate) {
        Control::Union
    } else if holders.iter().all(|h| *h == Holder::Confederate) {
        Control::Confederate
    } else {
        now
    }
}

/// Brings morale and the Strategic spaces up to date after anything moved (12.0, 13.8.1).
pub fn settle(st: &mut State, ctx: &mut Ctx) -> Run {
    let data = ctx.data;
    for s in &data.map.strategic {
        let now = st.strategic[&s.id];
        let next = strategic_control(data, st, s);
        if next != now {
            st.strategic.insert(s.id.clone(), next);
            ctx.event(Event::StrategicControl {
                rule: "13.8.1".into(),
                space: s.id.clone(),
                control: next,
            });
        }
    }
    let taken = flags_taken(data, st);
    let change = taken - st.flags_taken;
    if change != 0 {
        st.flags_taken = taken;
        // L54: which key spaces the Union holds after the change, so a reader sees which
        // were taken or given back; the first six editions' records say only that some were.
        let holds = (data.tables.readings.key_spaces == KeySpaces::Named)
            .then(|| union_key_spaces(data, st).map(|s| s.id.clone()).collect());
        shift_morale_holding(
            st,
            ctx,
            -change,
            "12.0",
            if change > 0 {
                KEY_SPACES_TAKEN
            } else {
                KEY_SPACES_REGAINED
            },
            holds,
        )?;
    }
    Ok(())
}

/// Union armies in their Northern Invasion spaces: +1 each to Morale Tests, War Effort and
/// Diplomatic actions (13.2).
pub fn invasions(st: &State) -> i32 {
    st.armies.values().filter(|a| a.invading).count() as i32
}

/// 13.8.2: Decatur's +1 for Raids in the West and Mississippi theaters.
pub fn decatur_bonus(st: &State, theater: Theater) -> i32 {
    let csa = st.strategic.get("decatur") == Some(&Control::Confederate);
    i32::from(csa && theater != Theater::East)
}

/// 13.8.3: Knoxville's +1 for battles fought by Railroads.
pub fn knoxville_bonus(st: &State) -> i32 {
    i32::from(st.strategic.get("knoxville") == Some(&Control::Confederate))
}

/// 13.8.4: -1 on Confederate Initiative rolls in the East while the Union holds the Valley.
pub fn shenandoah_penalty(st: &State, theater: Theater) -> i32 {
    let union = st.strategic.get("shenandoah-valley") == Some(&Control::Union);
    -i32::from(union && theater == Theater::East)
}

/// The Commerce Raider's +1 when it sails with the marker rolled against (9.7, 16.3).
pub fn raider_on(st: &State, marker: TrackMarker) -> Option<String> {
    st.resources
        .iter()
        .find(|(_, p)| **p == Place::Raiding(marker))
        .map(|(id, _)| id.clone())
}

/// After the roll it helped: back to Available on a success, to the cup otherwise (9.7).
pub fn raider_returns(st: &mut State, ctx: &mut Ctx, marker: TrackMarker, success: bool) {
    if let Some(id) = raider_on(st, marker) {
        let to = if success {
            Place::Available
        } else {
            Place::Cup
        };
        st.resources.insert(id.clone(), to.clone());
        ctx.event(Event::RaiderReturns {
            rule: "9.7".into(),
            resource: id,
            success,
        });
    }
}
