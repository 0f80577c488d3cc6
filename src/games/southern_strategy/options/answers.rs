//! Options of the questions put between impulses: the defender's answer to an attack
//! (10.1, 10.3) and where a navy leaving for the winter puts its cargo ashore (12.3, 9.3, 5.4).

use super::*;

/// 10.1 and 10.3: the defender refuses, moving to one of the areas open to it with what its
/// leader lets it take, or accepts, committing War Supplies and naming where to retreat.
pub(super) fn battle_options<S: Sink<Orders>>(
    data: &Data,
    st: &State,
    attack: &super::super::state::PendingAttack,
    out: &mut S,
) {
    let defender = st.army(&attack.to);
    let here = st.supplies_at(&attack.to);
    let can_take = defender
        .filter(|d| d.leader.is_some())
        .map(|d| d.units / 2)
        .unwrap_or(0);
    let battle = |b| Orders {
        battle: Some(b),
        ..Orders::default()
    };
    let dests = battle::refuse_destinations(data, st, attack);
    // 11.1 (S9): an army refusing into a besieged City or Fort takes nothing in; the example
    // goes where it may take what its leader lets it, if there is such a place.
    let sealed = |a: &Id| super::super::siege::closed_to_armies(data, st, a);
    let open = dests.iter().find(|a| !sealed(a)).or(dests.first());
    if let Some(first) = open {
        let can_take = if sealed(first) { 0 } else { can_take };
        let (food, war) = (here.food.min(can_take), here.war.min(can_take));
        // The example takes as much as the leader allows, Food first.
        let taken_war = war.min(can_take - food);
        let refuse = || {
            Open::default()
                .one_of("battle.refuse.to", ids(&dests))
                .amount("battle.refuse.food", 0, food)
                .amount("battle.refuse.war", 0, war)
                .with(battle(BattleDecision::Refuse(Refuse {
                    to: *first,
                    food,
                    war: taken_war,
                })))
        };
        out.offer(refuse, || {
            let taking = if can_take == 0 || here.is_empty() {
                "leaving its supplies".to_string()
            } else {
                let besieged: Vec<Id> = dests.iter().filter(|a| sealed(a)).copied().collect();
                format!(
                    "taking food {} and war {} (at most {can_take} in all{})",
                    span(0, food),
                    span(0, war),
                    if besieged.is_empty() {
                        String::new()
                    } else {
                        format!("; none into besieged {}, 11.1", either_of(data, &besieged))
                    }
                )
            };
            format!(
                "refuse battle (10.1): the army moves to {}, {taking}",
                either_of(data, &dests)
            )
        });
    }
    // 10.7: a beaten defender retreats to a friendly or empty area. An area an enemy army holds
    // now still holds it when the battle is over (nothing else moves in between), so only the
    // others are offered; whether one of them is legal then (9.2, after the losses) is judged
    // at the retreat (RULINGS B4).
    // An army under siege cannot retreat at all (11.1).
    let defender_side = defender.map(|d| d.side);
    let besieged = st.besieged(&attack.to);
    let around: Vec<Id> = data
        .area(&attack.to)
        .adjacent
        .iter()
        .filter(|b| !besieged && st.army(*b).is_none_or(|x| Some(x.side) == defender_side))
        .copied()
        .collect();
    let retreat: Vec<Id> = around
        .iter()
        .find(|b| **b != attack.from)
        .cloned()
        .into_iter()
        .collect();
    let accept = || {
        Open::default()
            .amount("battle.accept.commit", 0, here.war)
            .amount("battle.accept.retreat", 0, around.len() as u32)
            .one_of("battle.accept.retreat[*]", ids(&around))
            .with(battle(BattleDecision::Accept(Accept {
                commit: CommitRule::Count(here.war),
                retreat,
            })))
    };
    out.offer(accept, || {
        // RULINGS B1: with the attacker's War still open, the number named here binds only
        // where the attacker's hidden standing policy commits in the step that reads this
        // answer.
        let when = if attack.war_committed == 0
            && data.pieces.readings.defender_commits_after_attacker()
        {
            "; it counts only if the attacker's standing policy commits its War at once; otherwise you commit after the attacker has (RULINGS B1)"
        } else {
            ""
        };
        format!(
            "accept battle (10.3): commit war {} (or `all`, or `match`: as many as the attacker's dice), one die each{when}; {}",
            span(0, here.war),
            if besieged {
                "an army under siege cannot retreat, so if morale fails it surrenders (11.1)"
                    .to_string()
            } else if around.is_empty() {
                "no area is open to retreat to, so if morale fails the army surrenders (10.7, 10.4)"
                    .to_string()
            } else {
                format!(
                    "list where to retreat if morale fails (10.7), in order, among {}",
                    all_of(data, &around)
                )
            }
        )
    });
}

/// 5.4: the ports where the supplies aboard `side`'s navy may go ashore for the winter: the
/// friendly ports (`supply_ports`), and those on the navy's own zone where its army lands,
/// which the landing makes friendly.
pub fn supply_landings(
    data: &Data,
    st: &State,
    side: Side,
    army_ports: &[Id],
    supply_ports: &[Id],
) -> Vec<Id> {
    let own_zone = st.navies.zone(side);
    let mut supply_to: Vec<Id> = supply_ports.to_vec();
    for p in army_ports {
        if data.area(p).sea.as_ref() == own_zone && !supply_to.contains(p) {
            supply_to.push(*p);
        }
    }
    supply_to
}

/// 12.3, 9.3 and 5.4: where the cargo of a navy leaving for the winter goes ashore, the army
/// and the supplies each in one port or nowhere (lost).
pub(super) fn unload_options<S: Sink<Unload>>(
    data: &Data,
    st: &State,
    side: Side,
    army_ports: &[Id],
    supply_ports: &[Id],
    out: &mut S,
) {
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    let own_zone = st.navies.zone(side);
    let supply_to = supply_landings(data, st, side, army_ports, supply_ports);
    let army = if cargo.units > 0 {
        army_ports.first().cloned()
    } else {
        None
    };
    // With nothing aboard, the example names no port for supplies (5.4).
    let supplies = match &army {
        _ if cargo.food + cargo.war == 0 => None,
        Some(p) if supply_to.contains(p) => Some(*p),
        _ => supply_ports.first().cloned(),
    };
    let unload = || {
        let nowhere = || std::iter::once(Value::Null);
        let mut open = Open::default();
        if cargo.units > 0 {
            open.one_of(
                "answer.unload.army",
                nowhere().chain(ids(army_ports)).collect(),
            );
        }
        if cargo.food + cargo.war > 0 {
            open.one_of(
                "answer.unload.supplies",
                nowhere().chain(ids(&supply_to)).collect(),
            );
        }
        open.with(Unload { army, supplies })
    };
    out.offer(unload, || {
        // 14.0: Cornwallis left aboard is captured, which ends the game.
        let lost = if cargo.leader == Some(LeaderRank::Leader) && side == Side::Crown {
            format!(
                "they are lost, and {}'s capture ends the game, 14.0",
                words::leader_name(data, st, side, LeaderRank::Leader)
            )
        } else {
            "they are lost".to_string()
        };
        let army = match (cargo.units, army_ports) {
            (0, _) => "no army aboard".to_string(),
            (_, []) => format!(
                "{} aboard can land nowhere ({lost})",
                words::army_aboard(data, st, side, &cargo)
            ),
            (_, ports) => format!(
                "{} aboard in {}, or nowhere ({lost})",
                words::army_aboard(data, st, side, &cargo),
                either_of(data, ports)
            ),
        };
        let aboard = words::supplies(cargo.food, cargo.war);
        let supplies = if cargo.food + cargo.war == 0 {
            "no supplies aboard".to_string()
        } else if supply_to.is_empty() {
            format!("the supplies aboard ({aboard}) can go ashore nowhere (lost, 5.4)")
        } else {
            format!(
                "the supplies aboard ({aboard}) in {}, or nowhere (lost, 5.4)",
                either_of(data, &supply_to)
            )
        };
        // 9.3, 5.4 (RULINGS N8): the enemy navy in the same zone keeps everything aboard.
        let barred = match st.navies.shared_zone(side) {
            Some(z) => format!(
                "the {} is in {} too, so ",
                words::navy(side.other()),
                words::sea_zone(data, z)
            ),
            None => String::new(),
        };
        let zone = own_zone.map_or(String::new(), |z| format!(" {}", words::sea_zone(data, z)));
        format!("land the cargo (12.3) before the navy leaves{zone}: {barred}{army}; {supplies}")
    });
}
