//! Militia and Loyalist actions (8.x).

use super::data::Data;
use super::events::Event;
use super::orders::{self, Raid};
use super::state::{Id, Key, Partisans, Side, State, Supplies};
use super::supply;
use crate::engine::dice::Dice;
use crate::engine::error::{OrderError, Path};

/// 8.0: a side may act in a Colony when its counters in the Partisan Box are at least as many
/// as the enemy's (Holding Loyalists do not count, 8.4); the Swamp Fox lets the Patriot act
/// in South Carolina even when outnumbered (8.5).
pub fn may_act(st: &State, side: Side, colony: &(impl Key + ?Sized)) -> bool {
    may_act_with(st.partisans.get(colony).copied().unwrap_or_default(), side)
}

/// `may_act` with the Colony's Partisan Box `p` already looked up.
pub fn may_act_with(p: Partisans, side: Side) -> bool {
    let militia = p.militia + u32::from(p.swamp_fox);
    match side {
        Side::Crown => p.loyalists > 0 && p.loyalists >= militia,
        Side::Patriot => p.militia > 0 && (militia >= p.loyalists || p.swamp_fox),
    }
}

/// 8.0 and 8.5: removes one expended counter; it goes beside the board (the pool), or back
/// into the cup for South Carolina Militia while the Swamp Fox is in play.
fn expend(st: &mut State, side: Side, colony: &str) {
    let p = st.partisans.get_or_default(Id::new(colony));
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
        let pool = st.pool.get_or_default(Id::new(colony));
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
    key: Path<'_>,
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
    let loyalists = format!(
        "{} Loyalist{}",
        p.loyalists,
        if p.loyalists == 1 { "" } else { "s" }
    );
    let held = if p.swamp_fox {
        format!("the Swamp Fox, {} Militia and {loyalists}", p.militia)
    } else {
        format!("{} Militia and {loyalists}", p.militia)
    };
    // RULINGS P3: the side lacks a counter to expend, or is outnumbered (8.0); the Swamp Fox
    // lifts only the second (8.5) and is never expended himself (P1).
    let mine = match side {
        Side::Crown => p.loyalists,
        Side::Patriot => p.militia,
    };
    let why = match (side, mine) {
        (Side::Patriot, 0) if p.swamp_fox => {
            "an action expends a Militia counter, and the Swamp Fox is never expended (RULINGS P1)"
        }
        (Side::Patriot, 0) => "an action expends a Militia counter",
        (Side::Crown, 0) => "an action expends a Loyalist counter",
        (Side::Crown, _) if p.swamp_fox => {
            "an action needs no fewer counters of yours than the enemy's, and the Swamp Fox counts as a Militia (RULINGS P1)"
        }
        _ => "an action needs no fewer counters of yours than the enemy's",
    };
    Err(OrderError::new(
        "8.0",
        format!("you cannot act in `{name}`: its Partisan Box holds {held}; {why}"),
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
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let a = supported_army(data, st, side, area, "8.2", "foraging", key)?;
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
        colony: a.colony,
        area: a.id,
        food: 1,
    });
    Ok(())
}

/// The friendly army an irregular action feeds or reinforces: it must exist and not be under
/// siege (8.1, 8.2).
fn supported_army<'d>(
    data: &'d Data,
    st: &State,
    side: Side,
    area: &str,
    rule: &str,
    what: &str,
    key: Path<'_>,
) -> Result<&'d super::data::Area, OrderError> {
    let a = orders::area(data, area, key)?;
    if st.army_of(&a.id, side).is_none() {
        return Err(OrderError::new(
            rule,
            format!(
                "{what} needs a friendly army; you have none in `{}`",
                a.name
            ),
        )
        .at(key));
    }
    if st.besieged(&a.id) {
        return Err(
            OrderError::new(rule, format!("the army in `{}` is under siege", a.name)).at(key),
        );
    }
    Ok(a)
}

fn own_counters(st: &State, side: Side, colony: &str) -> u32 {
    let p = st.partisans.get(colony).copied().unwrap_or_default();
    match side {
        Side::Crown => p.loyalists,
        Side::Patriot => p.militia,
    }
}

/// 8.1: expend two counters of a Colony to add a "1" Unit to a friendly army there that is not
/// under siege. With the Swamp Fox in play the Patriot recruits no more in South Carolina
/// (8.5); the Units are limited by the counters (2.2).
pub fn recruit(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &str,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let a = supported_army(data, st, side, area, "8.1", "recruiting", key)?;
    let colony = a.colony;
    if side == Side::Patriot
        && colony == "SC"
        && st.partisans.get("SC").is_some_and(|p| p.swamp_fox)
    {
        return Err(OrderError::new(
            "8.5",
            "with the Swamp Fox in play, South Carolina Militia cannot be recruited",
        )
        .at(key));
    }
    check_may_act(data, st, side, &colony, key)?;
    if own_counters(st, side, &colony) < 2 {
        return Err(OrderError::new(
            "8.1",
            format!(
                "recruiting expends two counters; you have {} in `{colony}`",
                own_counters(st, side, &colony)
            ),
        )
        .at(key));
    }
    let limit = data.pieces.units.get(&side).copied().unwrap_or(0);
    if st.units_on_map(side) >= limit {
        let aboard = st.navies.cargo.get(&side).map_or(0, |c| c.units);
        let at_sea = if aboard > 0 {
            format!(" ({aboard} of them aboard your navy)")
        } else {
            String::new()
        };
        return Err(OrderError::new(
            "2.2",
            format!("all {limit} of your Units are on the map{at_sea}"),
        )
        .at(key));
    }
    if st.army(&a.id).is_some_and(|x| {
        x.leader == Some(super::state::LeaderRank::Subordinate)
            && x.units >= super::state::SUBORDINATE_UNITS
    }) {
        return Err(OrderError::new(
            "9.2",
            format!(
                "the army in `{}` is under a Subordinate Leader, who commands at most {} units",
                a.name,
                super::state::SUBORDINATE_UNITS
            ),
        )
        .at(key));
    }
    expend(st, side, &colony);
    expend(st, side, &colony);
    if let Some(army) = st.armies.get_mut(a.id.as_str()) {
        army.units += 1;
    }
    ev.push(Event::Recruited {
        side,
        colony,
        area: a.id,
    });
    Ok(())
}

/// 8.4: move a Loyalist from a Colony's box to Hold a Crown-occupied City or Fort of that
/// Colony that is not under siege and not already Held.
pub fn hold(
    data: &Data,
    st: &mut State,
    side: Side,
    area: &str,
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    if side != Side::Crown {
        return Err(OrderError::new(
            "8.4",
            "only Loyalists Hold; the Patriot player has no Hold action",
        )
        .at(key));
    }
    let a = orders::area(data, area, key)?;
    if !a.is_city_or_fort() {
        return Err(OrderError::new(
            "8.4",
            format!("Loyalists Hold a City or Fort; `{}` is a Point", a.name),
        )
        .at(key));
    }
    if st.army_of(&a.id, Side::Crown).is_none() {
        return Err(OrderError::new(
            "8.4",
            format!(
                "Loyalists Hold only a City or Fort the Crown occupies; `{}` has no Crown army",
                a.name
            ),
        )
        .at(key));
    }
    if st.besieged(&a.id) {
        return Err(OrderError::new("8.4", format!("`{}` is under siege", a.name)).at(key));
    }
    if st.held(&a.id) {
        return Err(
            OrderError::new("8.4", format!("`{}` already holds a Loyalist", a.name)).at(key),
        );
    }
    check_may_act(data, st, side, &a.colony, key)?;
    st.partisans.get_or_default(a.colony).loyalists -= 1;
    st.holds.insert(a.id);
    ev.push(Event::Held { area: a.id });
    Ok(())
}

/// What a Raid aims at, checked before the die is rolled (8.3).
enum RaidTarget {
    Hold(Id),
    Unit(Id),
    Food(Id),
}

fn raid_target(
    data: &Data,
    st: &State,
    raid: &Raid,
    key: Path<'_>,
) -> Result<RaidTarget, OrderError> {
    let chosen: Vec<(&str, &Id)> = [
        ("hold", &raid.hold),
        ("unit", &raid.unit),
        ("food", &raid.food),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
    .collect();
    let [(kind, target)] = chosen[..] else {
        return Err(OrderError::new(
            "8.3",
            "a Raid names exactly one target: `hold`, `unit` or `food`",
        )
        .at(key));
    };
    let tkey = key.field(kind);
    let a = orders::area(data, target, tkey)?;
    if a.colony != raid.colony {
        return Err(OrderError::new(
            "8.3",
            format!(
                "a Raid only affects its own Colony; `{}` is not in `{}`",
                a.name, raid.colony
            ),
        )
        .at(tkey));
    }
    let crown = st.army_of(&a.id, Side::Crown);
    match kind {
        "hold" => {
            if !st.held(&a.id) {
                return Err(
                    OrderError::new("8.3", format!("no Loyalist Holds `{}`", a.name)).at(tkey),
                );
            }
            if crown.is_some() {
                return Err(OrderError::new("8.3", format!("a Raid eliminates only a Loyalist Holding an area with no Crown army; `{}` has one", a.name)).at(tkey));
            }
            Ok(RaidTarget::Hold(a.id))
        }
        _ => {
            let Some(army) = crown.filter(|_| !a.is_city_or_fort()) else {
                return Err(OrderError::new(
                    "8.3",
                    format!(
                        "a Raid strikes a Crown army on a Point; there is none in `{}`",
                        a.name
                    ),
                )
                .at(tkey));
            };
            if kind == "unit" && (army.leader.is_some() || army.units > 2) {
                return Err(OrderError::new("8.3", format!("a Raid eliminates a Unit only from an army of at most 2 Units with no leader; `{}` has {} Units{}", a.name, army.units, if army.leader.is_some() { " and a leader" } else { "" })).at(tkey));
            }
            if kind == "food" && st.supplies_at(&a.id).food == 0 {
                return Err(OrderError::new(
                    "8.3",
                    format!("the Crown army in `{}` carries no Food", a.name),
                )
                .at(tkey));
            }
            Ok(if kind == "unit" {
                RaidTarget::Unit(a.id)
            } else {
                RaidTarget::Food(a.id)
            })
        }
    }
}

/// 8.3: the Patriot expends a Militia of a Colony and rolls a die plus the Militia left in the
/// box (with the Swamp Fox); 6 or more succeeds, with the one effect named in the orders.
pub fn raid(
    data: &Data,
    st: &mut State,
    side: Side,
    raid: &Raid,
    key: Path<'_>,
    dice: &mut dyn Dice,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    if side != Side::Patriot {
        return Err(OrderError::new(
            "8.3",
            "only Militia Raid; the Crown player has no Raid action",
        )
        .at(key));
    }
    let colony = data
        .map
        .colonies
        .iter()
        .find(|c| {
            c.id.eq_ignore_ascii_case(&raid.colony) || c.name.eq_ignore_ascii_case(&raid.colony)
        })
        .ok_or_else(|| {
            OrderError::new("2.1", format!("there is no colony `{}`", raid.colony))
                .at(key.field("colony"))
        })?
        .id;
    let raid = Raid {
        colony,
        ..raid.clone()
    };
    let target = raid_target(data, st, &raid, key)?;
    check_may_act(data, st, side, &colony, key)?;
    expend(st, side, &colony);
    let p = st
        .partisans
        .get(colony.as_str())
        .copied()
        .unwrap_or_default();
    let modifier = p.militia + u32::from(p.swamp_fox);
    let die = dice.d6(1, &format!("8.3 raid in {colony}: patriot"))[0];
    let total = die as u32 + modifier;
    let success = total >= 6;
    let (target_area, effect) = match &target {
        RaidTarget::Hold(a) => (*a, "eliminate the holding Loyalist"),
        RaidTarget::Unit(a) => (*a, "eliminate a Crown Unit"),
        RaidTarget::Food(a) => (*a, "destroy a carried Food"),
    };
    ev.push(Event::Raided {
        colony,
        die,
        modifier,
        total,
        success,
        target: target_area.to_string(),
        effect: effect.into(),
    });
    if !success {
        return Ok(());
    }
    match target {
        RaidTarget::Hold(a) => {
            st.holds.remove(a.as_str());
            st.pool.get_or_default(colony).loyalists += 1;
            ev.push(Event::HoldEliminated { area: a });
        }
        RaidTarget::Unit(a) => {
            let gone = match st.armies.get_mut(a.as_str()) {
                Some(army) => {
                    army.units -= 1;
                    army.units == 0
                }
                None => false,
            };
            if gone {
                // The last Unit of the army: what it carried has no one left to carry it.
                st.armies.remove(a.as_str());
                st.set_supplies(&a, Supplies::default());
            }
            ev.push(Event::UnitEliminated {
                side: Side::Crown,
                area: a,
            });
        }
        RaidTarget::Food(a) => {
            let s = st.supplies_at(&a);
            st.set_supplies(
                &a,
                Supplies {
                    food: s.food - 1,
                    war: s.war,
                },
            );
            ev.push(Event::FoodDestroyed { area: a });
        }
    }
    Ok(())
}
