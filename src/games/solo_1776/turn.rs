//! The sequence of one British turn as the bot plays it: the board facts, the British moves
//! it reacts to (scouting, transports at sea, reinforcements, a search, British attacks),
//! then the American turn: the French fleets' duties, detachments, each area's army in the
//! order of the landing table (13, then 12), replacements and upkeep (15), and the date.

use super::combat;
use super::events::Event;
use super::facts;
use super::french;
use super::movement;
use super::navy;
use super::offboard;
use super::orders::Turn;
use super::replacements;
use super::script::{Ctx, Run};
use super::state::State;

pub fn run(st: &mut State, ctx: &mut Ctx, t: &Turn) -> Run {
    // Towns, areas and armies by id from here on, however the player named them.
    let t = &facts::named(ctx.data, st, t)?;
    facts::apply(st, ctx, t)?;
    navy::returns(st, ctx);
    if let Some(f) = &t.french_intervention {
        french::intervene(st, ctx, f.fleets as u32);
    }
    french::withdraw_when_outnumbered(st, ctx);
    for area in &t.scout {
        movement::scout(st, ctx, area);
    }
    navy::transports(st, ctx, &t.transports)?;
    // A32: a navy damaged at sea takes its naval SP off those deployed, which may send the
    // French to the West Indies before the reinforcements are checked (A26).
    french::withdraw_when_outnumbered(st, ctx);
    french::reinforcements(st, ctx, &t.reinforce)?;
    if let Some(s) = &t.search {
        french::search(st, ctx, s)?;
    }
    combat::british_attacks(st, ctx, &t.attacks)?;
    if !t.american_turn {
        replacements::place(st, ctx, &t.replacements);
        // A22: the month goes on in another file, which may not name these again.
        if ctx.data.tables.reports.once_a_month {
            let m = &mut st.month;
            m.transports
                .extend(t.transports.iter().map(|x| facts::transport_key(&x.id)));
            // `t` is read by id (`facts::named`): its areas and armies are ids already.
            m.attacked.extend(t.attacks.iter().map(|x| x.army.clone()));
            m.scouted.extend(t.scout.iter().cloned());
        }
        return Ok(());
    }
    st.month = Default::default();
    french::duties_before(st, ctx);
    offboard::detachments(st, ctx);
    let data = ctx.data;
    // The armies at the start of the turn, in area order: a force that lands in an area
    // without an army this turn becomes its army, and moves from the next turn.
    let ids: Vec<String> = data
        .areas()
        .iter()
        .filter_map(|a| st.army_in(&a.id).map(str::to_string))
        .collect();
    for id in ids {
        if st.armies.contains_key(&id) {
            movement::army_turn(st, ctx, &id)?;
        }
    }
    french::blockade(st, ctx);
    replacements::place(st, ctx, &t.replacements);
    replacements::maintain(st, ctx);
    if st.date >= data.scenario.end {
        st.over = true;
        ctx.event(Event::GameOver { date: st.date });
    } else {
        st.date = st.date.next();
        ctx.event(Event::TurnEnds { next: st.date });
    }
    Ok(())
}
