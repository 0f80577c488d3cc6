//! What a player may order at the decision in hand, so nobody has to guess: each option with
//! its cost and an orders snippet that takes it.

use super::data::Data;
use super::irregulars;
use super::march::food_cost;
use super::state::{ImpulseKind, Phase, Side, State};
use super::supply;
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
            if *kind == ImpulseKind::Limited {
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
            }
            let prefix = if *kind == ImpulseKind::Limited {
                "then "
            } else {
                ""
            };
            out.push(opt(
                &format!("{prefix}pass the full impulse (the Pass Marker moves back one space)"),
                "full: pass",
            ));
            for o in irregular_options(data, st, side) {
                out.push(opt(
                    &format!("{prefix}full: {}", o.0),
                    &format!("full: {}", o.1),
                ));
            }
            army_options(data, st, side, prefix, &mut out);
            supply_options(data, st, side, "supply", &mut out);
        }
        Phase::Supply { .. } | Phase::Impulse { .. } => {}
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
    if supply::stock(data, st).food == 0 {
        return out;
    }
    for (area, army) in &st.armies {
        let a = data.area(area);
        if army.side == side
            && !st.sieges.contains(area)
            && irregulars::may_act(st, side, &a.colony)
        {
            out.push((
                format!(
                    "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                    a.colony, a.name
                ),
                format!("{{forage: {}}}", a.id),
            ));
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
                if s.food >= 1 {
                    let first = a
                        .adjacent
                        .iter()
                        .find(|b| st.army(b).is_none_or(|x| x.side == side))
                        .expect("non-empty");
                    out.push(opt(
                        &format!(
                            "{prefix}full: march (9.1) from {} ({} units, {} food there): {} food for the whole army{}; to {}",
                            a.name, army.units, s.food, cost, per_leader, dests.join(", ")
                        ),
                        &format!(
                            "full: {{march: {{from: {}, groups: [{{to: {}, units: {}{}}}]}}}}",
                            a.id,
                            first,
                            army.units,
                            if army.leader.is_some() { ", leader: true" } else { "" }
                        ),
                    ));
                }
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

fn supply_options(data: &Data, st: &State, side: Side, key: &str, out: &mut Vec<LegalOption>) {
    let mut seen = std::collections::BTreeSet::new();
    for (area, army) in &st.armies {
        if army.side != side || seen.contains(area) {
            continue;
        }
        let line = supply::supply_line(data, st, side, area);
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
        let mut it = line.iter();
        let (x, y) = (it.next().expect("two"), it.next().expect("two"));
        out.push(opt(
            &format!(
                "move supplies (5.2) along the supply line {}",
                parts.join(" - ")
            ),
            &format!("{key}: [{{from: {x}, to: {y}, food: 1}}]"),
        ));
    }
}
