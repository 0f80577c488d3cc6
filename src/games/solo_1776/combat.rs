//! Rule 14. American combat: an American attack gets a (BE) roll (the British attacking do not
//! give one); the player fights each combat on the board and reports its result; for
//! multiple combat the army makes a (B) check to fight on, rolled again once when the combat
//! lowered the BRE number; after a British attack that lowered it, one (B) check lets the
//! army fight on as the attacker.

use super::data::Data;
use super::events::{Event, TownResult};
use super::facts;
use super::movement::b_check;
use super::orders::Holder;
use super::script::{Ctx, Run};
use super::state::{Force, Initiator, Question, State};
use crate::engine::error::OrderError;

/// Fights an army's combats of this turn, one result from the player each.
pub fn fight(
    st: &mut State,
    ctx: &mut Ctx,
    id: &str,
    town: Option<String>,
    first: Initiator,
) -> Run {
    let data = ctx.data;
    // After a British attack that lowered the BRE number the army may fight on as the
    // attacker (RULINGS.md, A9).
    let mut initiated = first;
    let limit = data.tables.combats_per_turn;
    // A combat for a town the British do not hold is no combat (a march on an own town).
    if let Some(t) = &town {
        if initiated == Initiator::American && !st.town(t).is_some_and(|(_, _, t)| t.british) {
            return Ok(());
        }
    }
    for round in 1..=limit {
        let shift = match initiated {
            Initiator::American => {
                let die = ctx.d6(&format!("14 (BE) roll: {id}, combat {round}"));
                let shift = Data::row(&data.tables.be_roll, die as i32);
                ctx.event(Event::BeRoll {
                    army: id.into(),
                    die,
                    shift,
                });
                Some(shift)
            }
            Initiator::British => {
                ctx.event(Event::NoBeRoll {
                    army: id.into(),
                    reason: "the British initiated the combat".into(),
                });
                None
            }
        };
        ctx.event(Event::Combat {
            army: id.into(),
            town: town.clone(),
            initiated,
            round,
        });
        let answer = ctx.ask(Question::Combat {
            army: id.into(),
            town: town.clone(),
            initiated,
            round,
            bre: st.bre,
            shift,
        })?;
        let r = answer.combat.expect("asked for a combat");
        let lost = Force {
            sp: facts::count(r.sp, "losses", "combat.sp".into())?,
            dragoons: 0,
            artillery: facts::count(r.artillery, "losses", "combat.artillery".into())?,
            supply: facts::count(r.supply, "losses", "combat.supply".into())?,
        };
        let bre_after = facts::bre(r.bre, "combat.bre".into())?;
        if r.town.is_some() && town.is_none() {
            return Err(
                OrderError::new("14", "this combat was not for a town; leave out `town`")
                    .at("combat.town")
                    .into(),
            );
        }
        let name = st.armies[id].words(id);
        facts::take(
            &mut st.armies.get_mut(id).expect("army").force,
            lost,
            &name,
            "combat",
        )?;
        let bre_before = st.bre;
        st.bre = bre_after;
        let mut taken = false;
        let mut town_result = None;
        if let Some(t) = &town {
            let tw = st.town_mut(t).expect("a known town");
            let british_before = tw.british;
            if let Some(h) = r.town {
                tw.british = h == Holder::British;
                taken = h == Holder::American;
            }
            // From the eighth edition the record says what the combat did to the town: a
            // British attack may be on a town the Americans hold (A7), which they keep or lose.
            if data.tables.combat_record.town_result {
                let result = match (british_before, tw.british) {
                    (true, false) => TownResult::Taken,
                    (true, true) => TownResult::StillBritish,
                    (false, false) => TownResult::Held,
                    (false, true) => TownResult::Lost,
                };
                taken = result == TownResult::Taken;
                town_result = Some(result);
            }
        }
        ctx.event(Event::CombatResult {
            army: id.into(),
            lost,
            bre_before,
            bre_after,
            town: town.clone(),
            taken,
            town_result,
        });
        let over = |ctx: &mut Ctx, reason: &str| {
            ctx.event(Event::CombatOver {
                army: id.into(),
                reason: reason.into(),
            })
        };
        let british_town = town
            .as_ref()
            .and_then(|t| st.town(t))
            .is_some_and(|(_, _, t)| t.british);
        if initiated == Initiator::British && (bre_after >= bre_before || !british_town) {
            over(
                ctx,
                "the British initiated the combat: fighting on is their choice",
            );
            return Ok(());
        }
        if taken {
            over(ctx, "the town is taken");
            return Ok(());
        }
        if st.armies[id].force.sp == 0 {
            over(ctx, "the army has no SP left");
            return Ok(());
        }
        let Some(t) = town
            .as_ref()
            .and_then(|t| st.town(t))
            .map(|(_, _, t)| t.clone())
        else {
            over(ctx, "no town to fight on for");
            return Ok(());
        };
        if !t.british {
            over(ctx, "the British no longer hold the town");
            return Ok(());
        }
        if round == limit {
            over(ctx, &format!("{limit} combats are the most in one turn"));
            return Ok(());
        }
        if initiated == Initiator::British {
            let go_on = b_check(
                st,
                ctx,
                "14",
                id,
                &t,
                format!(
                    "re-rolled after the British attack: the BRE number fell from {bre_before} to {bre_after}"
                ),
            );
            if !go_on {
                over(
                    ctx,
                    "the (B) check to fight on after the British attack failed",
                );
                return Ok(());
            }
            initiated = Initiator::American;
            continue;
        }
        let mut go_on = b_check(st, ctx, "14", id, &t, "to continue combat".into());
        if !go_on && bre_after < bre_before {
            go_on = b_check(
                st,
                ctx,
                "14",
                id,
                &t,
                format!("re-rolled: the BRE number fell from {bre_before} to {bre_after}"),
            );
        }
        if !go_on {
            over(ctx, "the (B) check to continue failed");
            return Ok(());
        }
    }
    Ok(())
}

/// 14: British attacks on American armies this turn; no (BE) roll for the Americans.
pub fn british_attacks(st: &mut State, ctx: &mut Ctx, attacks: &[super::orders::Attack]) -> Run {
    for a in attacks {
        let town = st.armies[&a.army].at.clone();
        fight(st, ctx, &a.army, town, Initiator::British)?;
    }
    Ok(())
}
