//! Militia and Loyalist actions (8.x).

use super::data::Data;
use super::events::Event;
use super::orders;
use super::state::{Side, State, Supplies};
use super::supply;
use crate::engine::error::OrderError;

/// 8.0: a side may act in a Colony when its counters in the Partisan Box are at least as many
/// as the enemy's (Holding Loyalists do not count, 8.4); the Swamp Fox lets the Patriot act
/// in South Carolina even when outnumbered (8.5).
pub fn may_act(st: &State, side: Side, colony: &str) -> bool {
    let p = st.partisans.get(colony).copied().unwrap_or_default();
    let militia = p.militia + u32::from(p.swamp_fox);
    match side {
        Side::Crown => p.loyalists > 0 && p.loyalists >= militia,
        Side::Patriot => p.militia > 0 && (militia >= p.loyalists || p.swamp_fox),
    }
}

/// 8.0 and 8.5: removes one expended counter; it goes beside the board (the pool), or back
/// into the cup for South Carolina Militia while the Swamp Fox is in play.
fn expend(st: &mut State, side: Side, colony: &str) {
    let p = st.partisans.entry(colony.to_string()).or_default();
    let swamp_fox = p.swamp_fox;
    match side {
        Side::Crown => p.loyalists -= 1,
        Side::Patriot => p.militia -= 1,
    }
    if side == Side::Patriot && swamp_fox && colony == "SC" {
        st.cup.push(super::state::Chit {
            side,
            colony: colony.into(),
            swamp_fox: false,
        });
    } else {
        let pool = st.pool.entry(colony.to_string()).or_default();
        match side {
            Side::Crown => pool.loyalists += 1,
            Side::Patriot => pool.militia += 1,
        }
    }
}

fn check_may_act(
    data: &Data,
    st: &State,
    side: Side,
    colony: &str,
    key: &str,
) -> Result<(), OrderError> {
    if may_act(st, side, colony) {
        return Ok(());
    }
    let p = st.partisans.get(colony).copied().unwrap_or_default();
    let name = data
        .map
        .colonies
        .iter()
        .find(|c| c.id == colony)
        .map(|c| c.name.as_str())
        .unwrap_or(colony);
    Err(OrderError::new(
        "8.0",
        format!(
            "you cannot act in `{name}`: its Partisan Box holds {} Militia{} and {} Loyalists, and an action needs a counter of yours and no fewer than the enemy's",
            p.militia,
            if p.swamp_fox { " and the Swamp Fox" } else { "" },
            p.loyalists
        ),
    )
    .at(key))
}

/// 8.2: expend one counter of the army's Colony to add 1 Food to a friendly army not under
/// siege there.
pub fn forage(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &str,
    key: &str,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let a = orders::area(data, area, key)?;
    if st.army_of(&a.id, side).is_none() {
        return Err(OrderError::new(
            "8.2",
            format!(
                "foraging feeds a friendly army; you have none in `{}`",
                a.name
            ),
        )
        .at(key));
    }
    if st.sieges.contains(&a.id) {
        return Err(OrderError::new(
            "8.2",
            format!("the army in `{}` is under siege and cannot forage", a.name),
        )
        .at(key));
    }
    check_may_act(data, st, side, &a.colony, key)?;
    if supply::stock(data, st).food == 0 {
        return Err(OrderError::new(
            "2.5",
            "every Food cube is on the map; none is left to forage",
        )
        .at(key));
    }
    expend(st, side, &a.colony);
    let s = st.supplies_at(&a.id);
    st.set_supplies(
        &a.id,
        Supplies {
            food: s.food + 1,
            war: s.war,
        },
    );
    ev.push(Event::Foraged {
        side,
        colony: a.colony.clone(),
        area: a.id.clone(),
        food: 1,
    });
    Ok(())
}
