//! What a player may order at the decision in hand, so nobody has to guess: each option as
//! typed orders with words for its cost. `orders` lists the words with the orders written as a
//! snippet (`engine::flow`); self-play takes the orders alone, and no text is built for it.

use super::data::Data;
use super::march::food_cost;
use super::orders::{
    Accept, Action, Answer, Attack, BattleDecision, Embark, Group, March, NavyAction, Orders, Raid,
    Refuse, Skirmish, SupplyMove, Transport, Unload,
};
use super::state::{ImpulseKind, Phase, Question, Side, State};
use super::supply;
use super::{battle, irregulars};

/// Where options go. `summary` is called only by a sink that shows words.
pub trait Sink<T> {
    fn offer(&mut self, item: T, summary: impl FnOnce() -> String);
}

/// The options with their words, for `orders`.
#[derive(Default)]
pub struct Listing(pub Vec<(String, Orders)>);

impl Sink<Orders> for Listing {
    fn offer(&mut self, item: Orders, summary: impl FnOnce() -> String) {
        self.0.push((summary(), item));
    }
}

/// The bare orders, for self-play.
#[derive(Default)]
pub struct Bare(pub Vec<Orders>);

impl Sink<Orders> for Bare {
    fn offer(&mut self, item: Orders, _summary: impl FnOnce() -> String) {
        self.0.push(item);
    }
}

/// A sink for a part of the orders (an action, some supply moves) feeding a sink of whole
/// orders: `wrap` completes the orders and `words` the summary.
struct Lift<'s, S, W, D> {
    sink: &'s mut S,
    wrap: W,
    words: D,
}

impl<T, S, W, D> Sink<T> for Lift<'_, S, W, D>
where
    S: Sink<Orders>,
    W: Fn(T) -> Orders,
    D: Fn(String) -> String,
{
    fn offer(&mut self, item: T, summary: impl FnOnce() -> String) {
        let words = &self.words;
        self.sink.offer((self.wrap)(item), || words(summary()));
    }
}

fn lift<S, W, D>(sink: &mut S, wrap: W, words: D) -> Lift<'_, S, W, D> {
    Lift { sink, wrap, words }
}

fn full(a: Action) -> Orders {
    Orders {
        full: Some(a),
        ..Orders::default()
    }
}

fn limited(a: Action) -> Orders {
    Orders {
        limited: Some(a),
        ..Orders::default()
    }
}

/// Orders of supply moves, with `limited` as the limited impulse.
fn supply_moves(limited: Option<Action>) -> impl Fn(Vec<SupplyMove>) -> Orders {
    move |supply| Orders {
        supply,
        limited: limited.clone(),
        ..Orders::default()
    }
}

/// The orders as the snippet `orders` prints.
pub fn example(o: &Orders) -> String {
    if *o == Orders::default() {
        "supply: []".to_string()
    } else {
        crate::engine::flow::to_lines(o)
    }
}

/// Every option worth listing for `side` now, in the order `orders` shows them. Each is built
/// to be legal, and the caller still tries each before listing it.
pub fn offer<S: Sink<Orders>>(data: &Data, st: &State, side: Side, out: &mut S) {
    match &st.phase {
        Phase::Over | Phase::TurnStart => {}
        Phase::Supply { side: s } if *s == side => {
            supply_options(data, st, side, &mut lift(out, supply_moves(None), |s| s));
            out.offer(Orders::default(), || {
                "end your supply phase without moving anything".to_string()
            });
        }
        Phase::Impulse { side: s, kind, .. } if *s == side => {
            if *kind == ImpulseKind::Limited {
                out.offer(limited(Action::Skip), || {
                    "skip the limited impulse (no penalty)".to_string()
                });
                irregular_options(
                    data,
                    st,
                    side,
                    &mut lift(out, limited, |s| format!("limited: {s}")),
                );
                supply_options(
                    data,
                    st,
                    side,
                    &mut lift(out, supply_moves(Some(Action::Skip)), |s| {
                        format!("{s}, then skip the limited impulse")
                    }),
                );
                full_options(
                    data,
                    st,
                    side,
                    &mut lift(
                        out,
                        |mut o: Orders| {
                            o.limited = Some(Action::Skip);
                            o
                        },
                        |s| format!("skip the limited impulse, then {s}"),
                    ),
                );
            } else {
                full_options(data, st, side, out);
            }
        }
        Phase::Battle { attack, .. } if attack.side.other() == side => {
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
            for d in battle::refuse_destinations(data, st, attack) {
                let name = &data.area(&d).name;
                out.offer(
                    battle(BattleDecision::Refuse(Refuse {
                        to: d.clone(),
                        food: 0,
                        war: 0,
                    })),
                    || format!("refuse battle (10.1): the army moves to {name}, taking up to {can_take} supplies"),
                );
            }
            let retreat = data
                .area(&attack.to)
                .adjacent
                .iter()
                .find(|b| **b != attack.from)
                .cloned();
            out.offer(
                battle(BattleDecision::Accept(Accept {
                    commit: super::orders::CommitRule::Count(here.war),
                    retreat: retreat.into_iter().collect(),
                })),
                || format!("accept battle (10.3), committing 0 to {} War Supplies, one die each; list where to retreat if morale fails (10.7)", here.war),
            );
        }
        Phase::Commit { attack, .. } if attack.side == side => {
            let most = attack.carried.war;
            out.offer(
                Orders {
                    commit: Some(most),
                    ..Orders::default()
                },
                || format!("commit 1 to {most} of the War Supplies the attackers carry (10.2); the defender accepted battle"),
            );
        }
        Phase::Decision {
            side: s, question, ..
        } if *s == side => {
            let answer = |a| Orders {
                answer: Some(a),
                ..Orders::default()
            };
            match question {
                Question::NavyZone { zones } => {
                    for z in zones {
                        out.offer(answer(Answer::NavyZone(z.clone())), || {
                            format!("return the navy to sea zone {z} (12.4)")
                        });
                    }
                }
                Question::Commander { areas } => {
                    for a in areas {
                        out.offer(answer(Answer::Commander(a.clone())), || {
                            format!("the new commander enters {} (13.4)", data.area(a).name)
                        });
                    }
                }
                Question::Unload {
                    army_ports,
                    supply_ports,
                } => {
                    for p in army_ports {
                        out.offer(
                            answer(Answer::Unload(Unload {
                                army: Some(p.clone()),
                                supplies: Some(p.clone()),
                            })),
                            || format!("land the army aboard in {} (9.3)", data.area(p).name),
                        );
                    }
                    for p in supply_ports {
                        out.offer(
                            answer(Answer::Unload(Unload {
                                army: None,
                                supplies: Some(p.clone()),
                            })),
                            || {
                                format!(
                                    "put the supplies aboard ashore in {} (5.4)",
                                    data.area(p).name
                                )
                            },
                        );
                    }
                    out.offer(answer(Answer::Unload(Unload::default())), || {
                        "land nothing: the cargo is lost".to_string()
                    });
                }
            }
        }
        Phase::Supply { .. }
        | Phase::Impulse { .. }
        | Phase::Battle { .. }
        | Phase::Commit { .. }
        | Phase::Decision { .. } => {}
    }
}

/// 7.0: the full impulse: passing, an irregular action, or an activation.
fn full_options<S: Sink<Orders>>(data: &Data, st: &State, side: Side, out: &mut S) {
    out.offer(full(Action::Pass), || {
        "pass the full impulse (the Pass Marker moves back one space)".to_string()
    });
    let mut actions = lift(out, full, |s| format!("full: {s}"));
    irregular_options(data, st, side, &mut actions);
    army_options(data, st, side, &mut actions);
    naval_options(data, st, side, &mut actions);
}

/// 8.1-8.4: the irregular actions open to `side`, each as the action it orders.
fn irregular_options<S: Sink<Action>>(data: &Data, st: &State, side: Side, out: &mut S) {
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
            out.offer(Action::Forage(a.id.clone()), || {
                format!(
                    "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                    a.colony, a.name
                )
            });
        }
        let p = st.partisans.get(&a.colony).copied().unwrap_or_default();
        let own = if side == Side::Crown {
            p.loyalists
        } else {
            p.militia
        };
        let banned = side == Side::Patriot && a.colony == "SC" && p.swamp_fox;
        if own >= 2 && !banned {
            out.offer(Action::Recruit(a.id.clone()), || {
                format!(
                    "recruit (8.1): 2 counters of {} for 1 Unit to the army in {}",
                    a.colony, a.name
                )
            });
        }
        if side == Side::Crown && a.is_city_or_fort() && !st.holds.contains(area) {
            out.offer(Action::Hold(a.id.clone()), || {
                format!("hold (8.4): a {} Loyalist Holds {}", a.colony, a.name)
            });
        }
    }
    if side == Side::Patriot {
        for c in &data.map.colonies {
            if !irregulars::may_act(st, side, &c.id) {
                continue;
            }
            let raid = |hold: Option<&String>, unit: Option<&String>, food: Option<&String>| {
                Action::Raid(Raid {
                    colony: c.id.clone(),
                    hold: hold.cloned(),
                    unit: unit.cloned(),
                    food: food.cloned(),
                })
            };
            for a in data.areas().filter(|a| a.colony == c.id) {
                let crown = st.army_of(&a.id, Side::Crown);
                if st.holds.contains(&a.id) && crown.is_none() {
                    out.offer(raid(Some(&a.id), None, None), || {
                        format!("raid (8.3) in {}: the Loyalist Holding {}", c.name, a.name)
                    });
                }
                if let Some(army) = crown.filter(|_| !a.is_city_or_fort()) {
                    if army.leader.is_none() && army.units <= 2 {
                        out.offer(raid(None, Some(&a.id), None), || {
                            format!(
                                "raid (8.3) in {}: a Unit of the Crown army on {}",
                                c.name, a.name
                            )
                        });
                    }
                    if st.supplies_at(&a.id).food > 0 {
                        out.offer(raid(None, None, Some(&a.id)), || {
                            format!(
                                "raid (8.3) in {}: a Food of the Crown army on {}",
                                c.name, a.name
                            )
                        });
                    }
                }
            }
        }
    }
}

/// 9.1, 9.4-9.6: the activations of `side`'s armies.
fn army_options<S: Sink<Action>>(data: &Data, st: &State, side: Side, out: &mut S) {
    for (area, army) in &st.armies {
        if army.side != side || army.dug_in {
            continue;
        }
        let a = data.area(area);
        let s = st.supplies_at(area);
        if !st.sieges.contains(area) {
            let open = |b: &&String| st.army(b).is_none_or(|x| x.side == side);
            // What the army can afford: with a leader, 4 units per Food; without, all or
            // nothing.
            let cost = food_cost(army.units);
            let movers = if army.leader.is_some() {
                army.units.min(4 * s.food)
            } else if s.food >= cost {
                army.units
            } else {
                0
            };
            if movers > 0 {
                let per_leader = if army.leader.is_some() {
                    " (with its leader, only the units that move pay)"
                } else {
                    ""
                };
                for b in a.adjacent.iter().filter(open) {
                    let march = March {
                        from: a.id.clone(),
                        groups: vec![Group {
                            to: b.clone(),
                            units: movers,
                            leader: army.leader.is_some(),
                            subordinate: false,
                            food: None,
                            war: None,
                        }],
                    };
                    out.offer(Action::March(march), || {
                        let dests: Vec<&str> = a
                            .adjacent
                            .iter()
                            .filter(open)
                            .map(|b| data.area(b).name.as_str())
                            .collect();
                        format!(
                            "march (9.1) from {} ({} units, {} food there) to {}: {} food for the whole army{}; also possible to {}",
                            a.name, army.units, s.food, data.area(b).name, cost, per_leader, dests.join(", ")
                        )
                    });
                }
            }
        }
        let enemies = || {
            a.adjacent
                .iter()
                .filter(|b| st.army(b).is_some_and(|x| x.side != side))
        };
        if army.leader.is_some() && s.war >= 1 && s.food >= food_cost(army.units.min(4)) {
            for e in enemies() {
                let attack = Attack {
                    from: a.id.clone(),
                    to: e.clone(),
                    units: army.units,
                    war: Some(1),
                    carry_food: 0,
                    carry_war: 0,
                    return_after: false,
                };
                out.offer(Action::Attack(attack), || {
                    format!(
                        "attack (9.4) {} from {}: 1 food per 4 attacking units and at least 1 war",
                        data.area(e).name,
                        a.name
                    )
                });
            }
        }
        if side == Side::Patriot
            && s.food >= 1
            && s.war >= 1
            && (army.leader.is_some() || army.units <= 2)
            && !st.sieges.contains(area)
        {
            for e in enemies().filter(|e| !data.area(e).is_city_or_fort()) {
                let skirmish = Skirmish {
                    from: a.id.clone(),
                    to: e.clone(),
                    units: army.units.min(2),
                    war: 1,
                };
                out.offer(Action::Skirmish(skirmish), || {
                    format!(
                        "skirmish (9.5) {} from {} with 1 or 2 units: 1 food, one die per war",
                        data.area(e).name,
                        a.name
                    )
                });
            }
        }
        if a.is_city_or_fort() && s.food >= 1 && s.war >= 1 {
            out.offer(Action::DigIn(a.id.clone()), || {
                format!("dig in (9.6) in {}: 1 food and 1 war", a.name)
            });
        }
    }
}

/// 9.3 and 12.0: the naval activations and Transport open to `side` now.
fn naval_options<S: Sink<Action>>(data: &Data, st: &State, side: Side, out: &mut S) {
    if data.is_winter(st.turn.space) {
        return;
    }
    let Some(zone) = st.navies.zone(side) else {
        return;
    };
    let troops = st.navies.cargo.get(&side).is_some_and(|c| c.units > 0);
    if !troops {
        for z in data
            .map
            .sea_zones
            .iter()
            .filter(|z| data.seas_adjacent(zone, &z.id))
        {
            out.offer(Action::Navy(NavyAction::Move(z.id.clone())), || {
                format!("move the navy (12.1) from {zone} to {}", z.id)
            });
        }
    }
    if st.navies.zone(side.other()) == Some(zone) {
        out.offer(Action::Navy(NavyAction::Battle), || {
            format!("sea battle (12.2) in {zone}: 2d6 plus modifiers, 10 defeats")
        });
    }
    if side != Side::Crown {
        return;
    }
    let french = st.navies.french.as_ref();
    if troops {
        if french != Some(zone) {
            for p in data
                .ports_on(zone)
                .filter(|p| st.army(&p.id).is_none_or(|a| a.side == side))
            {
                out.offer(Action::Transport(Transport::Land(p.id.clone())), || {
                    format!("land the army aboard in {} (9.3)", p.name)
                });
            }
        }
        return;
    }
    let blocked = french.is_some_and(|f| f == zone || data.seas_adjacent(f, zone));
    if blocked {
        return;
    }
    for p in data.ports_on(zone) {
        if let Some(army) = st
            .army_of(&p.id, side)
            .filter(|a| a.leader.is_some() && !a.dug_in)
        {
            if let Some(to) = data
                .map
                .sea_zones
                .iter()
                .find(|z| data.seas_adjacent(zone, &z.id))
            {
                let embark = Embark {
                    from: p.id.clone(),
                    units: army.units,
                    to_zone: to.id.clone(),
                    food: 0,
                    war: 0,
                };
                out.offer(Action::Transport(Transport::Embark(embark)), || {
                    format!(
                        "transport (9.3) the army in {} by sea to an adjacent zone",
                        p.name
                    )
                });
            }
        }
    }
}

/// 5.2: for each supply line of `side`, one move of one cube along it.
fn supply_options<S: Sink<Vec<SupplyMove>>>(data: &Data, st: &State, side: Side, out: &mut S) {
    let mut seen = std::collections::BTreeSet::new();
    for area in supply::supply_nodes(data, st, side) {
        if seen.contains(area) {
            continue;
        }
        let line = supply::supply_line(data, st, side, area);
        seen.extend(line.iter().cloned());
        if line.len() < 2 {
            continue;
        }
        // An example that is legal as it stands: one cube from where there is one to where
        // there is room for it.
        let from = line.iter().find(|a| !st.supplies_at(a).is_empty());
        let to = line
            .iter()
            .find(|a| Some(*a) != from && supply::limit(data, st, a) > st.supplies_at(a).total());
        if let (Some(x), Some(y)) = (from, to) {
            let food = st.supplies_at(x).food > 0;
            let cube = SupplyMove {
                from: x.clone(),
                to: y.clone(),
                food: u32::from(food),
                war: u32::from(!food),
            };
            out.offer(vec![cube], || {
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
                format!(
                    "move supplies (5.2) along the supply line {}",
                    parts.join(" - ")
                )
            });
        }
    }
}
