//! Rule 13. American on-board movement: an army with priority targets within one move (the
//! towns of its location) makes a (B) check for each in order (a priority with a fort, then
//! the 1st, 2nd and 3rd priorities) and marches on the first that passes; when all fail it
//! evades to the OB and makes its rule 12 move. In the December 1780 turn it attacks the
//! first priority without a roll. Also the (B) check itself and the British scouting roll,
//! both tables of rules 1-11 reconstructed in `games/solo-1776/tables.yaml`.

use super::combat;
use super::data::{Data, Scouted, TownDef};
use super::events::Event;
use super::offboard;
use super::script::{Ctx, Run};
use super::state::{Initiator, State};

/// The (B) check's target for an army against a town (tables.yaml `b_check`), with the
/// modifiers in words. The target is kept within the table's bounds (1 to 5: a 1 always
/// passes and a 6 always fails).
pub fn b_target(data: &Data, st: &State, army: &str, town: &TownDef) -> (i32, String) {
    let t = &data.tables.b_check;
    let a = &st.armies[army];
    let mut target = t.base;
    let mut parts = vec![format!("base {}", t.base)];
    if let Some(p) = town.priority {
        let m = t.priority.get(&(p as i32)).copied().unwrap_or(0);
        target += m;
        parts.push(format!("priority {p} {m:+}"));
    }
    if town.fort {
        target += t.fort;
        parts.push(format!("fort {:+}", t.fort));
    }
    let m = Data::row(&t.bre, st.bre);
    target += m;
    parts.push(format!("BRE {} {m:+}", st.bre));
    if a.force.sp >= st.location(&a.area, a.location).requisite {
        target += t.at_requisite;
        parts.push(format!("at requisite {:+}", t.at_requisite));
    }
    (target.clamp(t.min_target, t.max_target), parts.join(", "))
}

/// Rolls a (B) check and reports it.
pub fn b_check(
    st: &State,
    ctx: &mut Ctx,
    rule: &str,
    army: &str,
    town: &TownDef,
    reason: String,
) -> bool {
    let (target, mods) = b_target(ctx.data, st, army, town);
    let die = ctx.d6(&format!("{rule} (B) check: {army} against {}", town.name));
    let success = i32::from(die) <= target;
    ctx.event(Event::BCheck {
        rule: rule.into(),
        army: army.into(),
        town: town.id.clone(),
        priority: town.priority,
        die,
        target,
        success,
        reason: format!("{reason} ({mods})"),
    });
    success
}

/// 13: the towns to check, in order, each with the step of the order it comes from.
pub fn candidates(st: &State, army: &str) -> Vec<(TownDef, String)> {
    let a = &st.armies[army];
    let towns: Vec<&TownDef> = st
        .location(&a.area, a.location)
        .towns
        .iter()
        .filter(|t| t.priority.is_some() && t.british)
        .collect();
    let mut out: Vec<(TownDef, String)> = Vec::new();
    let mut forts: Vec<&&TownDef> = towns.iter().filter(|t| t.fort).collect();
    // More than one fort: by town priority.
    forts.sort_by_key(|t| t.priority);
    for t in forts {
        out.push(((*t).clone(), "1: a priority with a fort".into()));
    }
    for (p, step) in [
        (1, "2: the 1st priority"),
        (2, "3: the 2nd priority"),
        (3, "4: the 3rd priority"),
    ] {
        for t in towns.iter().filter(|t| !t.fort && t.priority == Some(p)) {
            out.push(((*t).clone(), step.into()));
        }
    }
    out
}

/// 13, then 12: one army's turn.
pub fn army_turn(st: &mut State, ctx: &mut Ctx, id: &str) -> Run {
    st.armies.get_mut(id).expect("army").entrenched = false;
    let army = &st.armies[id];
    let no_sp = army.force.sp == 0;
    // The first fourteen editions looked for no priority for an army of 0 SP.
    let evades = no_sp && army.at.is_some() && ctx.data.tables.offboard.zero_sp_evades;
    let cands = if no_sp && !evades {
        Vec::new()
    } else {
        candidates(st, id)
    };
    if cands.is_empty() {
        return offboard::ob_move(st, ctx, id, None);
    }
    // 13 with RULINGS A31: an army of 0 SP has nothing to march on its priorities with, so
    // it evades to the OB as an army whose checks all failed (no check is rolled: none could
    // send it anywhere), before the OB move.
    if evades {
        return evade(
            st,
            ctx,
            id,
            Some("it has no SP to march on a British-held priority (RULINGS A31)".into()),
        );
    }
    if st.date.year == 1780 && st.date.month == 12 {
        let (town, _) = cands[0].clone();
        march(
            st,
            ctx,
            id,
            &town,
            "December 1780: battle is automatic against the first priority checked, no (B) check"
                .into(),
        );
        return combat::fight(st, ctx, id, Some(town.id), Initiator::American);
    }
    for (town, step) in cands {
        if b_check(st, ctx, "13", id, &town, format!("step {step}")) {
            march(
                st,
                ctx,
                id,
                &town,
                format!("the (B) check passed (step {step})"),
            );
            return combat::fight(st, ctx, id, Some(town.id), Initiator::American);
        }
    }
    evade(st, ctx, id, None)
}

/// 13: the army evades to the OB (for `reason`, or because every check failed), then makes
/// its OB move, which takes into account the forts of the hex the army leaves.
fn evade(st: &mut State, ctx: &mut Ctx, id: &str, reason: Option<String>) -> Run {
    let a = st.armies.get_mut(id).expect("army");
    let from = a.at.take();
    ctx.event(Event::Evaded {
        army: id.into(),
        area: a.area.clone(),
        location: a.location,
        from: from.clone(),
        reason,
    });
    offboard::ob_move(st, ctx, id, from)
}

fn march(st: &mut State, ctx: &mut Ctx, id: &str, town: &TownDef, reason: String) {
    let a = st.armies.get_mut(id).expect("army");
    a.at = Some(town.id.clone());
    ctx.event(Event::Marched {
        army: id.into(),
        area: a.area.clone(),
        town: town.id.clone(),
        reason,
    });
}

/// A British scouting roll on an area's army (tables.yaml `scouting`); an army that did not
/// move on the OB in its last turn is found entrenched (12).
pub fn scout(st: &State, ctx: &mut Ctx, area: &str) {
    let army = st.army_in(area).map(str::to_string);
    let die = ctx.d6(&format!("scouting roll: {area}"));
    let result = Data::row(&ctx.data.tables.scouting, die as i32);
    let a = army.as_ref().map(|id| &st.armies[id]);
    let shows_location = result != Scouted::Nothing;
    ctx.event(Event::Scouted {
        area: area.into(),
        army: army.clone().filter(|_| shows_location),
        die,
        result,
        entrenched: shows_location && a.is_some_and(|a| a.entrenched),
        location: a.filter(|_| shows_location).map(|a| a.location),
        sp: a
            .filter(|_| result == Scouted::Strength)
            .map(|a| a.force.sp),
    });
}
