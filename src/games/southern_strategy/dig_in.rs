//! Dig-In (9.6).

use super::data::Data;
use super::events::Event;
use super::orders;
use super::state::{Side, State, Supplies};
use crate::engine::error::{OrderError, Path};

/// 9.6: an army in a City or Fort pays 1 Food and 1 War and is Dug-In for the rest of the
/// campaign turn: it cannot be activated, cannot refuse battle, and ignores one hit.
pub fn dig_in(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &str,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let a = orders::area(data, area, key)?;
    let Some(army) = st.army_of(&a.id, side) else {
        return Err(
            OrderError::new("9.6", format!("you have no army in `{}` to dig in", a.name)).at(key),
        );
    };
    if !a.is_city_or_fort() {
        return Err(OrderError::new(
            "9.6",
            format!(
                "only an army in a City or Fort digs in; `{}` is a Point",
                a.name
            ),
        )
        .at(key));
    }
    if army.dug_in {
        return Err(OrderError::new(
            "9.6",
            format!(
                "the army in `{}` is already dug in and cannot be activated this turn",
                a.name
            ),
        )
        .at(key));
    }
    let s = st.supplies_at(&a.id);
    if s.food < 1 || s.war < 1 {
        return Err(OrderError::new(
            "9.6",
            format!(
                "digging in costs 1 food and 1 war; `{}` has {} food and {} war",
                a.name, s.food, s.war
            ),
        )
        .at(key));
    }
    st.set_supplies(
        &a.id,
        Supplies {
            food: s.food - 1,
            war: s.war - 1,
        },
    );
    if let Some(army) = st.armies.get_mut(a.id.as_str()) {
        army.dug_in = true;
    }
    ev.push(Event::DugIn { side, area: a.id });
    Ok(())
}
