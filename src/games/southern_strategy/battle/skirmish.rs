//! The Patriot Skirmish (9.5, 10.8): one or two units strike an adjacent enemy army on a Point.

use super::*;

/// 9.5 and 10.8: one or two Patriot units, from an army without a leader of at most two
/// units or picked by a leader, strike an adjacent enemy army on a Point for 1 Food. Each War
/// Supply expended is a die hitting on 1-2; the defender neither refuses nor rolls, and the
/// skirmishers go back where they came from.
pub fn skirmish(
    data: &Data,
    st: &mut State,
    side: Side,
    s: &Skirmish,
    key: Path<'_>,
    ev: &mut Vec<Event>,
    dice: &mut dyn Dice,
) -> Result<(), OrderError> {
    if side != Side::Patriot {
        return Err(err("9.5", "only the Patriot player skirmishes".into(), key));
    }
    let from = orders::area(data, &s.from, key.field("from"))?;
    let to = orders::area(data, &s.to, key.field("to"))?;
    let army = orders::activated_army(st, from, side, "9.5", "skirmish with", key.field("from"))?;
    if st.besieged(&from.id) {
        return Err(err(
            "11.1",
            format!(
                "the army in `{}` is under siege: it may only dig in or attack",
                from.name
            ),
            key.field("from"),
        ));
    }
    if !(1..=2).contains(&s.units)
        || s.units > army.units
        || (army.leader.is_none() && army.units > 2)
    {
        return Err(err("9.5", "a skirmish is one or two units: an army of at most two without a leader, or one or two picked by a leader".into(), key.field("units")));
    }
    if !data.adjacent(&from.id, &to.id) {
        return Err(err(
            "9.5",
            format!("`{}` is not adjacent to `{}`", to.name, from.name),
            key.field("to"),
        ));
    }
    if to.is_city_or_fort() {
        return Err(err(
            "9.5",
            format!(
                "only a Point can be skirmished; `{}` is a City or Fort",
                to.name
            ),
            key.field("to"),
        ));
    }
    let Some(target) = st.army(&to.id).filter(|d| d.side != side).cloned() else {
        return Err(err(
            "9.5",
            format!("there is no enemy army in `{}`", to.name),
            key.field("to"),
        ));
    };
    let mut pool = st.supplies_at(&from.id);
    if pool.food < 1 {
        return Err(err(
            "9.5",
            format!("a skirmish costs 1 food; `{}` has none", from.name),
            key,
        ));
    }
    if s.war == 0 || pool.war < s.war {
        return Err(err(
            "10.8",
            format!(
                "a skirmish rolls one die per War Supply expended, at least 1 (RULINGS B7); `{}` has {} war",
                from.name, pool.war
            ),
            key.field("war"),
        ));
    }
    // 9.5 with 5.5 (RULINGS B18): the skirmishers go to the enemy's Point with the War they
    // roll, and units carry one plus their number there.
    if s.war > s.units + 1 && data.pieces.readings.skirmish_war_carried() {
        return Err(err(
            "5.5",
            format!(
                "the skirmishers carry their War to `{}`: {} {} at most {}",
                to.name,
                words::units(&s.units.to_string()),
                if s.units == 1 { "carries" } else { "carry" },
                s.units + 1
            ),
            key.field("war"),
        ));
    }
    pool.food -= 1;
    pool.war -= s.war;
    st.set_supplies(&from.id, pool);
    let faces = dice.d6(s.war as usize, "10.8 skirmish roll: patriot");
    let mut scored = hits(&faces, 2);
    ev.push(Event::Skirmished {
        from: from.id,
        to: to.id,
        units: s.units,
        war: s.war,
    });
    // 9.6 with 10.8 (RULINGS B17): a skirmish is a battle, so an army Dug-In on the Point
    // (B16) ignores its first hit.
    if target.dug_in && scored > 0 && data.pieces.readings.skirmish_hit_ignored_when_dug_in() {
        scored -= 1;
        ev.push(Event::DugInHitIgnored { area: to.id });
    }
    let lost = scored.min(target.units);
    ev.push(Event::BattleRoll {
        side,
        faces,
        hits: lost,
    });
    if lost == target.units {
        // The surrendered army's carried supplies go back to the stock.
        st.armies.remove(to.id.as_str());
        st.set_supplies(&to.id, Supplies::default());
        surrender(
            data,
            st,
            target.side,
            &to.id,
            target.units,
            target.leader,
            ev,
        );
    } else if let Some(t) = st.armies.get_mut(to.id.as_str()) {
        t.units -= lost;
    }
    Ok(())
}
