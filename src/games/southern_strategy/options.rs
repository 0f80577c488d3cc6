//! What a player may order at the decision in hand, so nobody has to guess: each option with
//! its cost and an orders snippet that takes it.

use super::data::Data;
use super::march::food_cost;
use super::state::{ImpulseKind, Phase, Side, State};
use super::supply;
use super::{battle, irregulars};
use crate::engine::game::LegalOption;

pub fn legal_options(data: &Data, st: &State, side: Side) -> Vec<LegalOption> {
    let mut out = Vec::new();
    match &st.phase {
        Phase::Over => {}
        Phase::Supply { side: s } if *s == side => {
            supply_options(data, st, side, "supply", &mut out);
            out.push(opt(
                "end your supply phase without moving anything",
                "supply: []",
            ));
        }
        Phase::Impulse { side: s, kind, .. } if *s == side => {
            let limited = *kind == ImpulseKind::Limited;
            if limited {
                out.push(opt(
                    "skip the limited impulse (no penalty)",
                    "limited: skip",
                ));
                for o in irregular_options(data, st, side) {
                    out.push(opt(
                        &format!("limited: {}", o.0),
                        &format!("limited: {}", o.1),
                    ));
                }
                let mut moves = Vec::new();
                supply_options(data, st, side, "supply", &mut moves);
                for m in moves {
                    out.push(opt(
                        &format!("{}, then skip the limited impulse", m.summary),
                        &format!("{}\nlimited: skip", m.example),
                    ));
                }
            }
            let mut full = vec![opt(
                "pass the full impulse (the Pass Marker moves back one space)",
                "full: pass",
            )];
            for o in irregular_options(data, st, side) {
                full.push(opt(&format!("full: {}", o.0), &format!("full: {}", o.1)));
            }
            army_options(data, st, side, "", &mut full);
            naval_options(data, st, side, "", &mut full);
            for o in full {
                if limited {
                    out.push(opt(
                        &format!("skip the limited impulse, then {}", o.summary),
                        &format!("limited: skip\n{}", o.example),
                    ));
                } else {
                    out.push(o);
                }
            }
        }
        Phase::Battle { attack, .. } if attack.side.other() == side => {
            let dests = battle::refuse_destinations(data, st, attack);
            let defender = st.army(&attack.to);
            let here = st.supplies_at(&attack.to);
            let can_take = defender
                .filter(|d| d.leader.is_some())
                .map(|d| d.units / 2)
                .unwrap_or(0);
            for d in &dests {
                out.push(opt(
                    &format!(
                        "refuse battle (10.1): the army moves to {}, taking up to {} supplies",
                        data.area(d).name,
                        can_take
                    ),
                    &format!("battle: {{refuse: {{to: {d}}}}}"),
                ));
            }
            let retreat = data
                .area(&attack.to)
                .adjacent
                .iter()
                .find(|b| **b != attack.from)
                .cloned()
                .unwrap_or_default();
            out.push(opt(
                &format!("accept battle (10.3), committing 0 to {} War Supplies, one die each; list where to retreat if morale fails (10.7)", here.war),
                &format!("battle: {{accept: {{commit: {}, retreat: [{retreat}]}}}}", here.war),
            ));
        }
        Phase::Decision {
            side: s, question, ..
        } if *s == side => match question {
            super::state::Question::NavyZone { zones } => {
                for z in zones {
                    out.push(opt(
                        &format!("return the navy to sea zone {z} (12.4)"),
                        &format!("answer: {{navy_zone: {z}}}"),
                    ));
                }
            }
            super::state::Question::Commander { areas } => {
                for a in areas {
                    out.push(opt(
                        &format!("the new commander enters {} (13.4)", data.area(a).name),
                        &format!("answer: {{commander: {a}}}"),
                    ));
                }
            }
            super::state::Question::Unload {
                army_ports,
                supply_ports,
            } => {
                for p in army_ports {
                    out.push(opt(
                        &format!("land the army aboard in {} (9.3)", data.area(p).name),
                        &format!("answer: {{unload: {{army: {p}, supplies: {p}}}}}"),
                    ));
                }
                for p in supply_ports {
                    out.push(opt(
                        &format!(
                            "put the supplies aboard ashore in {} (5.4)",
                            data.area(p).name
                        ),
                        &format!("answer: {{unload: {{supplies: {p}}}}}"),
                    ));
                }
                out.push(opt(
                    "land nothing: the cargo is lost",
                    "answer: {unload: {}}",
                ));
            }
        },
        Phase::Supply { .. }
        | Phase::Impulse { .. }
        | Phase::Battle { .. }
        | Phase::Decision { .. } => {}
    }
    out
}

fn opt(summary: &str, example: &str) -> LegalOption {
    LegalOption {
        summary: summary.to_string(),
        example: example.to_string(),
    }
}

fn irregular_options(data: &Data, st: &State, side: Side) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let food_left = supply::stock(data, st).food > 0;
    for (area, army) in &st.armies {
        let a = data.area(area);
        if army.side != side
            || st.sieges.contains(area)
            || !irregulars::may_act(st, side, &a.colony)
        {
            continue;
        }
        if food_left {
            out.push((
                format!(
                    "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                    a.colony, a.name
                ),
                format!("{{forage: {}}}", a.id),
            ));
        }
        let p = st.partisans.get(&a.colony).copied().unwrap_or_default();
        let own = if side == Side::Crown {
            p.loyalists
        } else {
            p.militia
        };
        let banned = side == Side::Patriot && a.colony == "SC" && p.swamp_fox;
        if own >= 2 && !banned {
            out.push((
                format!(
                    "recruit (8.1): 2 counters of {} for 1 Unit to the army in {}",
                    a.colony, a.name
                ),
                format!("{{recruit: {}}}", a.id),
            ));
        }
        if side == Side::Crown && a.is_city_or_fort() && !st.holds.contains(area) {
            out.push((
                format!("hold (8.4): a {} Loyalist Holds {}", a.colony, a.name),
                format!("{{hold: {}}}", a.id),
            ));
        }
    }
    if side == Side::Patriot {
        for c in &data.map.colonies {
            if !irregulars::may_act(st, side, &c.id) {
                continue;
            }
            for a in data.areas().filter(|a| a.colony == c.id) {
                let crown = st.army_of(&a.id, Side::Crown);
                if st.holds.contains(&a.id) && crown.is_none() {
                    out.push((
                        format!("raid (8.3) in {}: the Loyalist Holding {}", c.name, a.name),
                        format!("{{raid: {{colony: {}, hold: {}}}}}", c.id, a.id),
                    ));
                }
                if let Some(army) = crown.filter(|_| !a.is_city_or_fort()) {
                    if army.leader.is_none() && army.units <= 2 {
                        out.push((
                            format!(
                                "raid (8.3) in {}: a Unit of the Crown army on {}",
                                c.name, a.name
                            ),
                            format!("{{raid: {{colony: {}, unit: {}}}}}", c.id, a.id),
                        ));
                    }
                    if st.supplies_at(&a.id).food > 0 {
                        out.push((
                            format!(
                                "raid (8.3) in {}: a Food of the Crown army on {}",
                                c.name, a.name
                            ),
                            format!("{{raid: {{colony: {}, food: {}}}}}", c.id, a.id),
                        ));
                    }
                }
            }
        }
    }
    out
}

fn army_options(data: &Data, st: &State, side: Side, prefix: &str, out: &mut Vec<LegalOption>) {
    for (area, army) in &st.armies {
        if army.side != side || army.dug_in {
            continue;
        }
        let a = data.area(area);
        let s = st.supplies_at(area);
        if !st.sieges.contains(area) {
            let dests: Vec<&str> = a
                .adjacent
                .iter()
                .filter(|b| st.army(b).is_none_or(|x| x.side == side))
                .map(|b| data.area(b).name.as_str())
                .collect();
            if !dests.is_empty() {
                let cost = food_cost(army.units);
                let per_leader = if army.leader.is_some() {
                    " (with its leader, only the units that move pay)"
                } else {
                    ""
                };
                // What the army can afford: with a leader, 4 units per Food; without, all or
                // nothing.
                let movers = if army.leader.is_some() {
                    army.units.min(4 * s.food)
                } else if s.food >= cost {
                    army.units
                } else {
                    0
                };
                if movers > 0 {
                    for b in a
                        .adjacent
                        .iter()
                        .filter(|b| st.army(b).is_none_or(|x| x.side == side))
                    {
                        out.push(opt(
                            &format!(
                                "{prefix}full: march (9.1) from {} ({} units, {} food there) to {}: {} food for the whole army{}; also possible to {}",
                                a.name, army.units, s.food, data.area(b).name, cost, per_leader, dests.join(", ")
                            ),
                            &format!(
                                "full: {{march: {{from: {}, groups: [{{to: {b}, units: {movers}{}}}]}}}}",
                                a.id,
                                if army.leader.is_some() { ", leader: true" } else { "" }
                            ),
                        ));
                    }
                }
            }
        }
        let enemies: Vec<&String> = a
            .adjacent
            .iter()
            .filter(|b| st.army(b).is_some_and(|x| x.side != side))
            .collect();
        if army.leader.is_some() && s.war >= 1 && s.food >= food_cost(army.units.min(4)) {
            for e in &enemies {
                out.push(opt(
                    &format!("{prefix}full: attack (9.4) {} from {}: 1 food per 4 attacking units and at least 1 war", data.area(e).name, a.name),
                    &format!("full: {{attack: {{from: {}, to: {e}, units: {}, war: 1}}}}", a.id, army.units),
                ));
            }
        }
        if side == Side::Patriot
            && s.food >= 1
            && s.war >= 1
            && (army.leader.is_some() || army.units <= 2)
            && !st.sieges.contains(area)
        {
            for e in enemies.iter().filter(|e| !data.area(e).is_city_or_fort()) {
                out.push(opt(
                    &format!("{prefix}full: skirmish (9.5) {} from {} with 1 or 2 units: 1 food, one die per war", data.area(e).name, a.name),
                    &format!("full: {{skirmish: {{from: {}, to: {e}, units: {}, war: 1}}}}", a.id, army.units.min(2)),
                ));
            }
        }
        if a.is_city_or_fort() && s.food >= 1 && s.war >= 1 {
            out.push(opt(
                &format!("{prefix}full: dig in (9.6) in {}: 1 food and 1 war", a.name),
                &format!("full: {{dig_in: {}}}", a.id),
            ));
        }
    }
}

/// 9.3 and 12.0: the naval activations and Transport open to `side` now.
fn naval_options(data: &Data, st: &State, side: Side, prefix: &str, out: &mut Vec<LegalOption>) {
    if data.is_winter(st.turn.space) {
        return;
    }
    let Some(zone) = st.navies.zone(side).cloned() else {
        return;
    };
    let troops = st.navies.cargo.get(&side).is_some_and(|c| c.units > 0);
    if !troops {
        for z in data
            .map
            .sea_zones
            .iter()
            .filter(|z| data.seas_adjacent(&zone, &z.id))
        {
            out.push(opt(
                &format!("{prefix}full: move the navy (12.1) from {zone} to {}", z.id),
                &format!("full: {{navy: {{move: {}}}}}", z.id),
            ));
        }
    }
    if st.navies.zone(side.other()) == Some(&zone) {
        out.push(opt(
            &format!("{prefix}full: sea battle (12.2) in {zone}: 2d6 plus modifiers, 10 defeats"),
            "full: {navy: battle}",
        ));
    }
    if side != Side::Crown {
        return;
    }
    let french = st.navies.french.clone();
    if troops {
        if french.as_deref() != Some(zone.as_str()) {
            for p in data
                .ports_on(&zone)
                .filter(|p| st.army(&p.id).is_none_or(|a| a.side == side))
            {
                out.push(opt(
                    &format!("{prefix}full: land the army aboard in {} (9.3)", p.name),
                    &format!("full: {{transport: {{land: {}}}}}", p.id),
                ));
            }
        }
        return;
    }
    let blocked = french
        .as_ref()
        .is_some_and(|f| *f == zone || data.seas_adjacent(f, &zone));
    if blocked {
        return;
    }
    for p in data.ports_on(&zone) {
        if let Some(army) = st
            .army_of(&p.id, side)
            .filter(|a| a.leader.is_some() && !a.dug_in)
        {
            if let Some(to) = data
                .map
                .sea_zones
                .iter()
                .find(|z| data.seas_adjacent(&zone, &z.id))
            {
                out.push(opt(
                    &format!(
                        "{prefix}full: transport (9.3) the army in {} by sea to an adjacent zone",
                        p.name
                    ),
                    &format!(
                        "full: {{transport: {{embark: {{from: {}, units: {}, to_zone: {}}}}}}}",
                        p.id, army.units, to.id
                    ),
                ));
            }
        }
    }
}

fn supply_options(data: &Data, st: &State, side: Side, key: &str, out: &mut Vec<LegalOption>) {
    let mut seen = std::collections::BTreeSet::new();
    for area in data
        .areas()
        .map(|a| a.id.clone())
        .filter(|a| supply::is_supply_node(st, side, a))
    {
        if seen.contains(&area) {
            continue;
        }
        let line = supply::supply_line(data, st, side, &area);
        seen.extend(line.iter().cloned());
        if line.len() < 2 {
            continue;
        }
        let parts: Vec<String> = line
            .iter()
            .map(|a| {
                let s = st.supplies_at(a);
                format!(
                    "{} ({}F {}W, limit {})",
                    data.area(a).name,
                    s.food,
                    s.war,
                    supply::limit(data, st, a)
                )
            })
            .collect();
        // An example that is legal as it stands: one cube from where there is one to where
        // there is room for it.
        let from = line.iter().find(|a| !st.supplies_at(a).is_empty());
        let to = line
            .iter()
            .find(|a| Some(*a) != from && supply::limit(data, st, a) > st.supplies_at(a).total());
        if let (Some(x), Some(y)) = (from, to) {
            let cube = if st.supplies_at(x).food > 0 {
                "food"
            } else {
                "war"
            };
            out.push(opt(
                &format!(
                    "move supplies (5.2) along the supply line {}",
                    parts.join(" - ")
                ),
                &format!("{key}: [{{from: {x}, to: {y}, {cube}: 1}}]"),
            ));
        }
    }
}
