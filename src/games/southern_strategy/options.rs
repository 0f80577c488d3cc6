//! What a player may order at the decision in hand, so nobody has to guess: each option as
//! typed orders with words for its cost. `orders` lists the words with the orders written as a
//! snippet (`engine::flow`); self-play takes the orders alone, and no text is built for it.
//!
//! An option with amounts (units, supplies, War committed) or with a choice of areas among
//! which nothing else changes is offered once, as orders holding one legal value in each open
//! field and the range of each (`engine::ranges`): `attack Charleston from Beaufort: 1-8
//! units, war 1-4, ...`. The ranges are what the rules could allow, worked out from the
//! position; a value inside one may still be refused together with the others (units beyond
//! what the Food pays for, supplies beyond what the units carry), and self-play draws again.
//! Range names are paths into the whole orders (`full.attack.units`, `supply[0].food`): each
//! part of the orders an option fills goes in one place.

use serde_json::Value;

use super::data::Data;
use super::march::food_cost;
use super::orders::{
    Accept, Action, Answer, Attack, BattleDecision, CommitRule, Embark, Group, March, NavyAction,
    Orders, Raid, Refuse, Skirmish, SupplyMove, Transport, Unload,
};
use super::state::{merged_command, Army, ImpulseKind, LeaderRank, Phase, Question, Side, State};
use super::state::{Supplies, SUBORDINATE_UNITS};
use super::supply;
use super::{battle, irregulars};
use crate::engine::game::Candidate;
use crate::engine::ranges::Range;

/// Where options go. `summary` is called only by a sink that shows words.
pub trait Sink<T> {
    fn offer(&mut self, item: Candidate<T>, summary: impl FnOnce() -> String);
}

/// The options with their words, for `orders`.
#[derive(Default)]
pub struct Listing(pub Vec<(String, Candidate<Orders>)>);

impl Sink<Orders> for Listing {
    fn offer(&mut self, item: Candidate<Orders>, summary: impl FnOnce() -> String) {
        self.0.push((summary(), item));
    }
}

/// The bare orders with their ranges, for self-play.
#[derive(Default)]
pub struct Bare(pub Vec<Candidate<Orders>>);

impl Sink<Orders> for Bare {
    fn offer(&mut self, item: Candidate<Orders>, _summary: impl FnOnce() -> String) {
        self.0.push(item);
    }
}

/// A sink for a part of the orders (an action, some supply moves) feeding a sink of whole
/// orders: `wrap` completes the orders and `words` the summary. The part's ranges already name
/// their fields in the whole orders (`full.attack.units`): each part goes in one place.
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
    fn offer(&mut self, item: Candidate<T>, summary: impl FnOnce() -> String) {
        let words = &self.words;
        self.sink.offer(
            Candidate {
                orders: (self.wrap)(item.orders),
                ranges: item.ranges,
            },
            || words(summary()),
        );
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

/// The ranges an option leaves open, gathered as it is built. A range with one value is not
/// open: the example holds that value.
#[derive(Default)]
struct Open(Vec<Range>);

impl Open {
    fn amount(&mut self, name: &'static str, min: u32, max: u32) -> &mut Self {
        if min < max {
            self.0.push(Range::amount(name, min, max));
        }
        self
    }

    fn either(&mut self, name: &'static str, open: bool) -> &mut Self {
        if open {
            self.0.push(Range::either(name));
        }
        self
    }

    fn one_of(&mut self, name: &'static str, values: Vec<Value>) -> &mut Self {
        if values.len() > 1 {
            self.0.push(Range::one_of(name, values));
        }
        self
    }

    fn with<T>(&mut self, orders: T) -> Candidate<T> {
        Candidate {
            orders,
            ranges: std::mem::take(&mut self.0),
        }
    }
}

/// `a-b`, or `a` alone when they are the same.
fn span(min: u32, max: u32) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min}-{max}")
    }
}

/// Area names joined with commas and a last `or`.
fn either_of(data: &Data, ids: &[String]) -> String {
    joined(data, ids, "or")
}

/// Area names joined with commas and a last `and`.
fn all_of(data: &Data, ids: &[String]) -> String {
    joined(data, ids, "and")
}

fn joined(data: &Data, ids: &[String], last_word: &str) -> String {
    let names: Vec<&str> = ids.iter().map(|a| data.area(a).name.as_str()).collect();
    match names.split_last() {
        None => "nowhere".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} {last_word} {last}", rest.join(", ")),
    }
}

/// `1-8 units`, `1 unit`.
fn units_words(min: u32, max: u32) -> String {
    let plural = if max == 1 { "" } else { "s" };
    format!("{} unit{plural}", span(min, max))
}

/// `, carrying food 0-3 and war 0-2`, without what there is none of.
fn carrying(food: u32, war: u32) -> String {
    match (food, war) {
        (0, 0) => String::new(),
        (f, 0) => format!(", carrying food {}", span(0, f)),
        (0, w) => format!(", carrying war {}", span(0, w)),
        (f, w) => format!(", carrying food {} and war {}", span(0, f), span(0, w)),
    }
}

fn ids(areas: &[String]) -> Vec<Value> {
    areas.iter().map(|a| Value::from(a.as_str())).collect()
}

/// Every option worth listing for `side` now, in the order `orders` shows them. Each is built
/// to be legal, and the caller still tries each before listing it.
pub fn offer<S: Sink<Orders>>(data: &Data, st: &State, side: Side, out: &mut S) {
    match &st.phase {
        Phase::Over | Phase::TurnStart => {}
        Phase::Supply { side: s } if *s == side => {
            supply_options(data, st, side, &mut lift(out, supply_moves(None), |s| s));
            out.offer(Orders::default().into(), || {
                "end your supply phase without moving anything".to_string()
            });
        }
        Phase::Impulse { side: s, kind, .. } if *s == side => {
            if *kind == ImpulseKind::Limited {
                out.offer(limited(Action::Skip).into(), || {
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
            battle_options(data, st, attack, out);
        }
        Phase::Commit { attack, .. } if attack.side == side => {
            let most = attack.carried.war;
            let commit = Open::default().amount("commit", 1, most).with(Orders {
                commit: Some(most),
                ..Orders::default()
            });
            out.offer(commit, || {
                format!(
                    "the defender accepted battle: commit war {} of the {most} the attackers carry (10.2)",
                    span(1, most)
                )
            });
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
                        out.offer(answer(Answer::NavyZone(z.clone())).into(), || {
                            format!("return the navy to sea zone {z} (12.4)")
                        });
                    }
                }
                Question::Commander { areas } => {
                    for a in areas {
                        out.offer(answer(Answer::Commander(a.clone())).into(), || {
                            format!("the new commander enters {} (13.4)", data.area(a).name)
                        });
                    }
                }
                Question::Unload {
                    army_ports,
                    supply_ports,
                } => unload_options(
                    data,
                    st,
                    side,
                    army_ports,
                    supply_ports,
                    &mut lift(out, |u| answer(Answer::Unload(u)), |s| s),
                ),
            }
        }
        Phase::Supply { .. }
        | Phase::Impulse { .. }
        | Phase::Battle { .. }
        | Phase::Commit { .. }
        | Phase::Decision { .. } => {}
    }
}

/// 10.1 and 10.3: the defender refuses, moving to one of the areas open to it with what its
/// leader lets it take, or accepts, committing War Supplies and naming where to retreat.
fn battle_options<S: Sink<Orders>>(
    data: &Data,
    st: &State,
    attack: &super::state::PendingAttack,
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
    if let Some(first) = dests.first() {
        let (food, war) = (here.food.min(can_take), here.war.min(can_take));
        // The example takes as much as the leader allows, Food first.
        let taken_war = war.min(can_take - food);
        let refuse = Open::default()
            .one_of("battle.refuse.to", ids(&dests))
            .amount("battle.refuse.food", 0, food)
            .amount("battle.refuse.war", 0, war)
            .with(battle(BattleDecision::Refuse(Refuse {
                to: first.clone(),
                food,
                war: taken_war,
            })));
        out.offer(refuse, || {
            let taking = if can_take == 0 || here.is_empty() {
                "leaving its supplies".to_string()
            } else {
                format!(
                    "taking food {} and war {} (at most {can_take} in all)",
                    span(0, food),
                    span(0, war)
                )
            };
            format!(
                "refuse battle (10.1): the army moves to {}, {taking}",
                either_of(data, &dests)
            )
        });
    }
    let around = &data.area(&attack.to).adjacent;
    let retreat: Vec<String> = around
        .iter()
        .find(|b| **b != attack.from)
        .cloned()
        .into_iter()
        .collect();
    let accept = Open::default()
        .amount("battle.accept.commit", 0, here.war)
        .amount("battle.accept.retreat", 0, around.len() as u32)
        .one_of("battle.accept.retreat[*]", ids(around))
        .with(battle(BattleDecision::Accept(Accept {
            commit: CommitRule::Count(here.war),
            retreat,
        })));
    out.offer(accept, || {
        format!(
            "accept battle (10.3): commit war {} (or `all`, or `match`: as many as the attacker's dice), one die each; list where to retreat if morale fails (10.7), in order, among {}",
            span(0, here.war),
            all_of(data, around)
        )
    });
}

/// 12.3, 9.3 and 5.4: where the cargo of a navy leaving for the winter goes ashore, the army
/// and the supplies each in one port or nowhere (lost).
fn unload_options<S: Sink<Unload>>(
    data: &Data,
    st: &State,
    side: Side,
    army_ports: &[String],
    supply_ports: &[String],
    out: &mut S,
) {
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    let own_zone = st.navies.zone(side);
    // 5.4: supplies also go ashore where the army lands on the navy's own zone.
    let mut supply_to: Vec<String> = supply_ports.to_vec();
    for p in army_ports {
        if data.area(p).sea.as_ref() == own_zone && !supply_to.contains(p) {
            supply_to.push(p.clone());
        }
    }
    let army = if cargo.units > 0 {
        army_ports.first().cloned()
    } else {
        None
    };
    let supplies = match &army {
        Some(p) if supply_to.contains(p) => Some(p.clone()),
        _ => supply_ports.first().cloned(),
    };
    let nowhere = || std::iter::once(Value::Null);
    let mut open = Open::default();
    if cargo.units > 0 {
        open.one_of(
            "answer.unload.army",
            nowhere().chain(ids(army_ports)).collect(),
        );
    }
    open.one_of(
        "answer.unload.supplies",
        nowhere().chain(ids(&supply_to)).collect(),
    );
    let unload = open.with(Unload { army, supplies });
    out.offer(unload, || {
        let army = if cargo.units > 0 {
            format!(
                "the army aboard ({} units) in {}, or nowhere (it is lost)",
                cargo.units,
                either_of(data, army_ports)
            )
        } else {
            "no army aboard".to_string()
        };
        format!(
            "land the cargo before the navy leaves (12.3): {army}; the supplies aboard ({} food, {} war) in {}, or nowhere (lost, 5.4)",
            cargo.food,
            cargo.war,
            either_of(data, &supply_to)
        )
    });
}

/// 7.0: the full impulse: passing, an irregular action, or an activation.
fn full_options<S: Sink<Orders>>(data: &Data, st: &State, side: Side, out: &mut S) {
    out.offer(full(Action::Pass).into(), || {
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
            out.offer(Action::Forage(a.id.clone()).into(), || {
                format!(
                    "forage (8.2): 1 counter of {} for 1 food to the army in {}",
                    data.colony_name(&a.colony),
                    a.name
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
            out.offer(Action::Recruit(a.id.clone()).into(), || {
                format!(
                    "recruit (8.1): 2 counters of {} for 1 Unit to the army in {}",
                    data.colony_name(&a.colony),
                    a.name
                )
            });
        }
        if side == Side::Crown && a.is_city_or_fort() && !st.holds.contains(area) {
            out.offer(Action::Hold(a.id.clone()).into(), || {
                format!(
                    "hold (8.4): a {} Loyalist Holds {}",
                    data.colony_name(&a.colony),
                    a.name
                )
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
                .into()
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

/// 5.5: what a group of `units` leaving with `pool` to `to` takes by default: as much as it
/// can carry, Food first, but no more than `to` can then hold.
fn carried(data: &Data, st: &State, side: Side, to: &str, units: u32, pool: Supplies) -> Supplies {
    let there = st.supplies_at(to);
    let limit = if data.area(to).is_city_or_fort() {
        data.pieces.storage_limit
    } else {
        st.army_of(to, side).map_or(0, |a| a.units) + units + 1
    };
    let cap = (units + 1).min(limit.saturating_sub(there.total()));
    let food = pool.food.min(cap);
    Supplies {
        food,
        war: pool.war.min(cap - food),
    }
}

/// 9.2: the most units a group under `rank` may bring into `to`, where a Subordinate Leader
/// would command the joined army.
fn command_cap(st: &State, side: Side, to: &str, rank: Option<LeaderRank>, units: u32) -> u32 {
    let (dest_rank, dest_units) = st
        .army_of(to, side)
        .map(|d| (d.leader, d.units))
        .unwrap_or((None, 0));
    if merged_command(rank, dest_rank) == Some(LeaderRank::Subordinate) {
        units.min(SUBORDINATE_UNITS.saturating_sub(dest_units))
    } else {
        units
    }
}

/// 9.1 and 9.2: what an army's march may move and carry.
struct Marchable {
    /// The most units that can move: with a leader, four per Food; without, all or nothing.
    movers: u32,
    /// What the groups may take of what is left after the least the march costs.
    food: u32,
    war: u32,
    /// Whether the leader may stay behind, and whether a Subordinate Leader may take a group.
    leader_may_stay: bool,
    subordinate: bool,
}

fn marchable(st: &State, side: Side, army: &Army, s: Supplies) -> Marchable {
    let (movers, least_cost) = if army.leader.is_some() {
        (army.units.min(4 * s.food), 1)
    } else if s.food >= food_cost(army.units) {
        (army.units, food_cost(army.units))
    } else {
        (0, 0)
    };
    Marchable {
        movers,
        food: s.food.saturating_sub(least_cost).min(movers + 1),
        war: s.war.min(movers + 1),
        leader_may_stay: army.leader.is_some() && army.units >= 2,
        subordinate: army.leader == Some(LeaderRank::Leader)
            && army.units >= 2
            && !st.subordinate_on_map(side),
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
            march_options(data, st, side, area, army, s, out);
        }
        let enemies = || {
            a.adjacent
                .iter()
                .filter(|b| st.army(b).is_some_and(|x| x.side != side))
        };
        if army.leader.is_some() && s.war >= 1 && s.food >= 1 {
            for e in enemies() {
                attack_option(data, st, area, army, s, e, out);
            }
        }
        if side == Side::Patriot
            && s.food >= 1
            && s.war >= 1
            && (army.leader.is_some() || army.units <= 2)
            && !st.sieges.contains(area)
        {
            for e in enemies().filter(|e| !data.area(e).is_city_or_fort()) {
                let units = army.units.min(2);
                let skirmish = Open::default()
                    .amount("full.skirmish.units", 1, units)
                    .amount("full.skirmish.war", 1, s.war)
                    .with(Action::Skirmish(Skirmish {
                        from: a.id.clone(),
                        to: e.clone(),
                        units,
                        war: s.war,
                    }));
                out.offer(skirmish, || {
                    format!(
                        "skirmish (9.5) {} from {}: {} units, war {} (one die each); 1 food",
                        data.area(e).name,
                        a.name,
                        span(1, units),
                        span(1, s.war)
                    )
                });
            }
        }
        if a.is_city_or_fort() && s.food >= 1 && s.war >= 1 {
            out.offer(Action::DigIn(a.id.clone()).into(), || {
                format!("dig in (9.6) in {}: 1 food and 1 war", a.name)
            });
        }
    }
}

/// 9.1 and 9.2: a march of one group to each open area, and a split into several groups.
fn march_options<S: Sink<Action>>(
    data: &Data,
    st: &State,
    side: Side,
    area: &str,
    army: &Army,
    s: Supplies,
    out: &mut S,
) {
    let a = data.area(area);
    let m = marchable(st, side, army, s);
    if m.movers == 0 {
        return;
    }
    let open: Vec<String> = a
        .adjacent
        .iter()
        .filter(|b| st.army(b).is_none_or(|x| x.side == side))
        .cloned()
        .collect();
    let has_leader = army.leader.is_some();
    let army_words = || {
        format!(
            "{} ({} units{}, {} food {} war)",
            a.name,
            army.units,
            match army.leader {
                Some(LeaderRank::Leader) => " with the leader",
                Some(LeaderRank::Subordinate) => " with the Subordinate Leader",
                None => "",
            },
            s.food,
            s.war
        )
    };
    let cost_words = if has_leader {
        "1 food per 4 units that move"
    } else {
        "1 food per 4 units of the whole army"
    };
    let leader_words = |groups: &str| {
        let mut w = String::new();
        if m.leader_may_stay {
            w.push_str(&format!(
                "; the leader goes with {groups} or stays with units left behind"
            ));
        }
        if m.subordinate {
            w.push_str(&format!(
                "; the Subordinate Leader may command {} the leader leaves (at most {SUBORDINATE_UNITS} units)",
                if groups == "the group" { "the group" } else { "one group" }
            ));
        }
        w
    };
    for b in &open {
        let rank = army.leader;
        let units = command_cap(st, side, b, rank, m.movers).max(1);
        let cost = food_cost(if has_leader { units } else { army.units });
        let pool = Supplies {
            food: s.food.saturating_sub(cost),
            war: s.war,
        };
        let take = carried(data, st, side, b, units, pool);
        // 9.2: another place for the Subordinate Leader (with the units left behind, or with
        // a transported army) is one more `either` range beside `subordinate`.
        let march = Open::default()
            .amount("full.march.groups[0].units", 1, m.movers)
            .amount("full.march.groups[0].food", 0, m.food)
            .amount("full.march.groups[0].war", 0, m.war)
            .either("full.march.groups[0].leader", m.leader_may_stay)
            .either("full.march.groups[0].subordinate", m.subordinate)
            .with(Action::March(March {
                from: a.id.clone(),
                groups: vec![Group {
                    to: b.clone(),
                    units,
                    leader: has_leader,
                    subordinate: false,
                    food: Some(take.food),
                    war: Some(take.war),
                }],
            }));
        out.offer(march, || {
            format!(
                "march (9.1) from {} to {}: {}{}{}; {cost_words}",
                army_words(),
                data.area(b).name,
                units_words(1, m.movers),
                carrying(m.food, m.war),
                leader_words("the group")
            )
        });
    }
    let most_groups = (open.len() as u32).min(m.movers);
    if most_groups < 2 {
        return;
    }
    // The example: two groups, the first with the leader and the larger half.
    let mut pool = Supplies {
        food: s
            .food
            .saturating_sub(food_cost(if has_leader { m.movers } else { army.units })),
        war: s.war,
    };
    let halves = [m.movers.div_ceil(2), m.movers / 2];
    let groups: Vec<Group> = open
        .iter()
        .zip(halves)
        .enumerate()
        .map(|(i, (b, units))| {
            let take = carried(data, st, side, b, units, pool);
            pool.food -= take.food;
            pool.war -= take.war;
            Group {
                to: b.clone(),
                units,
                leader: has_leader && i == 0,
                subordinate: false,
                food: Some(take.food),
                war: Some(take.war),
            }
        })
        .collect();
    let split = Open::default()
        .amount("full.march.groups", 2, most_groups)
        .one_of("full.march.groups[*].to", ids(&open))
        .amount("full.march.groups[*].units", 1, m.movers - 1)
        .amount("full.march.groups[*].food", 0, m.food)
        .amount("full.march.groups[*].war", 0, m.war)
        .either("full.march.groups[*].leader", has_leader)
        .either("full.march.groups[*].subordinate", m.subordinate)
        .with(Action::March(March {
            from: a.id.clone(),
            groups,
        }));
    out.offer(split, || {
        format!(
            "split and march (9.1) from {}: {} groups, each to a different area among {}, {} each{}{}; {cost_words}",
            army_words(),
            span(2, most_groups),
            all_of(data, &open),
            units_words(1, m.movers - 1),
            carrying(m.food, m.war),
            if has_leader { leader_words("one group") } else { String::new() }
        )
    });
}

/// 9.4, 5.5 and 11.3: an attack on the enemy army in `target`, with some or all units, at
/// least one War Supply for dice, and what else the attackers carry.
fn attack_option<S: Sink<Action>>(
    data: &Data,
    st: &State,
    area: &str,
    army: &Army,
    s: Supplies,
    target: &str,
    out: &mut S,
) {
    let a = data.area(area);
    let movers = army.units.min(4 * s.food);
    let besieged = st.sieges.contains(area);
    let war_most = s.war.min(movers + 1);
    let carry_food = (s.food - 1).min(movers);
    let carry_war = (s.war - 1).min(movers);
    // The example: every unit the Food pays for, as many dice as they can carry, and, leaving a
    // Point, what else they can carry (what they leave there would be the stayers' load).
    let cost = food_cost(movers);
    let war = war_most;
    let room = movers + 1 - war;
    let (cf, cw) = if a.is_city_or_fort() {
        (0, 0)
    } else {
        let cf = (s.food - cost).min(room);
        (cf, (s.war - war).min(room - cf))
    };
    let carry_most = s.war.min(movers + 1);
    // 10.1 before 10.2: the War to commit travels with the attackers and is committed once
    // the defender accepts. The example carries all it can.
    let (hf, hw) = if a.is_city_or_fort() {
        (0, carry_most)
    } else {
        let hw = (s.war).min(movers + 1);
        ((s.food - cost).min(movers + 1 - hw), hw)
    };
    let hidden = Open::default()
        .amount("full.attack.units", 1, movers)
        .amount("full.attack.carry_food", 0, carry_food)
        .amount("full.attack.carry_war", 1, carry_most)
        .either("full.attack.return_after", besieged)
        .with(Action::Attack(Attack {
            from: a.id.clone(),
            to: target.to_string(),
            units: movers,
            war: None,
            carry_food: hf,
            carry_war: hw,
            return_after: false,
        }));
    out.offer(hidden, || {
        format!(
            "attack (9.4) {} from {}: {} units carrying food {} war {} (at least 1 war; at most 1 plus the units in all); the war you commit is chosen once the defender accepts (10.2); 1 food per 4 attacking units{}",
            data.area(target).name,
            a.name,
            span(1, movers),
            span(0, carry_food),
            span(1, carry_most),
            if besieged { "; out of the siege, they may go back after a victory (11.3)" } else { "" }
        )
    });
    let attack = Open::default()
        .amount("full.attack.units", 1, movers)
        .amount("full.attack.war", 1, war_most)
        .amount("full.attack.carry_food", 0, carry_food)
        .amount("full.attack.carry_war", 0, carry_war)
        .either("full.attack.return_after", besieged)
        .with(Action::Attack(Attack {
            from: a.id.clone(),
            to: target.to_string(),
            units: movers,
            war: Some(war),
            carry_food: cf,
            carry_war: cw,
            return_after: false,
        }));
    out.offer(attack, || {
        format!(
            "attack (9.4) {} from {} committing war openly now (the defender sees it): {} units, war {}, carry food {} war {} besides (at most 1 plus the units in all); 1 food per 4 attacking units{}",
            data.area(target).name,
            a.name,
            span(1, movers),
            span(1, war_most),
            span(0, carry_food),
            span(0, carry_war),
            if besieged { "; out of the siege, they may go back after a victory (11.3)" } else { "" }
        )
    });
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
    let next_zones: Vec<String> = data
        .map
        .sea_zones
        .iter()
        .filter(|z| data.seas_adjacent(zone, &z.id))
        .map(|z| z.id.clone())
        .collect();
    if !troops {
        for z in &next_zones {
            out.offer(Action::Navy(NavyAction::Move(z.clone())).into(), || {
                format!("move the navy (12.1) from {zone} to {z}")
            });
        }
    }
    if st.navies.zone(side.other()) == Some(zone) {
        out.offer(Action::Navy(NavyAction::Battle).into(), || {
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
                out.offer(
                    Action::Transport(Transport::Land(p.id.clone())).into(),
                    || format!("land the army aboard in {} (9.3)", p.name),
                );
            }
        }
        return;
    }
    let blocked = french.is_some_and(|f| f == zone || data.seas_adjacent(f, zone));
    let Some(first_zone) = next_zones.first().filter(|_| !blocked) else {
        return;
    };
    for p in data.ports_on(zone) {
        let Some(army) = st
            .army_of(&p.id, side)
            .filter(|a| a.leader.is_some() && !a.dug_in)
        else {
            continue;
        };
        let s = st.supplies_at(&p.id);
        // The example: the whole army, with what it could carry out of a City (5.5), or
        // everything from a Point, where nothing may stay without an army.
        let take = if p.is_city_or_fort() {
            let food = s.food.min(army.units + 1);
            Supplies {
                food,
                war: s.war.min(army.units + 1 - food),
            }
        } else {
            s
        };
        let embark = Open::default()
            .one_of("full.transport.embark.to_zone", ids(&next_zones))
            .amount("full.transport.embark.units", 1, army.units)
            .amount("full.transport.embark.food", 0, s.food)
            .amount("full.transport.embark.war", 0, s.war)
            .with(Action::Transport(Transport::Embark(Embark {
                from: p.id.clone(),
                units: army.units,
                to_zone: first_zone.clone(),
                food: take.food,
                war: take.war,
            })));
        out.offer(embark, || {
            format!(
                "transport (9.3) the army in {} by sea to zone {}: {} units with the leader, food {}, war {}",
                p.name,
                next_zones.join(" or "),
                span(1, army.units),
                span(0, s.food),
                span(0, s.war)
            )
        });
    }
}

/// 5.2 and 5.4: a move of supplies from each area of `side`'s supply lines that has some, to
/// any other area of its line; moves that bring the lines within their limits where that
/// takes several; and moves aboard the navy from a port it lies off, or ashore from it.
fn supply_options<S: Sink<Vec<SupplyMove>>>(data: &Data, st: &State, side: Side, out: &mut S) {
    let mut seen = std::collections::BTreeSet::new();
    let mut fix = Vec::new();
    let mut over_lines: Vec<String> = Vec::new();
    for area in supply::supply_nodes(data, st, side) {
        if seen.contains(area) {
            continue;
        }
        let mut line: Vec<String> = supply::supply_line(data, st, side, area)
            .into_iter()
            .collect();
        line.sort_by_key(|a| data.position(a));
        seen.extend(line.iter().cloned());
        if line.len() < 2 {
            continue;
        }
        let line_fix = within_limits(data, st, &line);
        if !line_fix.is_empty() {
            over_lines.extend(line.iter().cloned());
        }
        let describe = || {
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
            parts.join(" - ")
        };
        for from in line.iter().filter(|a| !st.supplies_at(a).is_empty()) {
            let here = st.supplies_at(from);
            let others: Vec<String> = line.iter().filter(|a| *a != from).cloned().collect();
            // The example, legal as it stands: the move that brings the line within its
            // limits, where one does; else one cube to where there is room for it.
            let example = match line_fix.as_slice() {
                [m] if m.from == *from => m.clone(),
                _ => {
                    let has_room =
                        |a: &&String| supply::limit(data, st, a) > st.supplies_at(a).total();
                    let to = others.iter().find(has_room).unwrap_or(&others[0]);
                    SupplyMove {
                        from: from.clone(),
                        to: to.clone(),
                        food: u32::from(here.food > 0),
                        war: u32::from(here.food == 0),
                    }
                }
            };
            let moves = Open::default()
                .one_of("supply[0].to", ids(&others))
                .amount("supply[0].food", 0, here.food)
                .amount("supply[0].war", 0, here.war)
                .with(vec![example]);
            out.offer(moves, || {
                format!(
                    "move supplies (5.2) from {} to {}: food {}, war {} (supply line {})",
                    data.area(from).name,
                    either_of(data, &others),
                    span(0, here.food),
                    span(0, here.war),
                    describe()
                )
            });
        }
        fix.extend(line_fix);
    }
    // Where one move cannot bring every line within its limits, several can.
    if fix.len() > 1 {
        let most_moves = over_lines.len() as u32 - 1;
        let total =
            over_lines
                .iter()
                .map(|a| st.supplies_at(a))
                .fold(Supplies::default(), |t, s| Supplies {
                    food: t.food + s.food,
                    war: t.war + s.war,
                });
        let moves = Open::default()
            .amount("supply", 1, most_moves)
            .one_of("supply[*].from", ids(&over_lines))
            .one_of("supply[*].to", ids(&over_lines))
            .amount("supply[*].food", 0, total.food)
            .amount("supply[*].war", 0, total.war)
            .with(fix);
        out.offer(moves, || {
            format!(
                "move supplies (5.2, 5.5) to bring {} within the limits of what they may hold: {} moves, each from one area to another of its supply line with food {} and war {}",
                all_of(data, &over_lines),
                span(1, most_moves),
                span(0, total.food),
                span(0, total.war)
            )
        });
    }
    sea_supply_options(data, st, side, out);
}

/// 5.5: moves that bring `line` within its limits as far as its room allows: each area's
/// excess over its limit to the areas with room, Food first.
fn within_limits(data: &Data, st: &State, line: &[String]) -> Vec<SupplyMove> {
    let limit: Vec<u32> = line.iter().map(|a| supply::limit(data, st, a)).collect();
    let mut load: Vec<Supplies> = line.iter().map(|a| st.supplies_at(a)).collect();
    let mut moves = Vec::new();
    for x in 0..line.len() {
        for y in 0..line.len() {
            let excess = load[x].total().saturating_sub(limit[x]);
            let room = limit[y].saturating_sub(load[y].total());
            let cubes = excess.min(room);
            if x == y || cubes == 0 {
                continue;
            }
            let food = load[x].food.min(cubes);
            let war = cubes - food;
            load[x].food -= food;
            load[x].war -= war;
            load[y].food += food;
            load[y].war += war;
            moves.push(SupplyMove {
                from: line[x].clone(),
                to: line[y].clone(),
                food,
                war,
            });
        }
    }
    moves
}

/// 5.4: supplies aboard the navy from a friendly-occupied Port City on its zone, or ashore
/// into one, the enemy navy absent.
fn sea_supply_options<S: Sink<Vec<SupplyMove>>>(data: &Data, st: &State, side: Side, out: &mut S) {
    let Some(zone) = st.navies.zone(side) else {
        return;
    };
    if st.navies.zone(side.other()) == Some(zone) {
        return;
    }
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    for p in data
        .ports_on(zone)
        .filter(|p| st.army_of(&p.id, side).is_some() && !st.sieges.contains(&p.id))
    {
        let s = st.supplies_at(&p.id);
        if !s.is_empty() {
            let aboard = Open::default()
                .amount("supply[0].food", 0, s.food)
                .amount("supply[0].war", 0, s.war)
                .with(vec![SupplyMove {
                    from: p.id.clone(),
                    to: zone.clone(),
                    food: s.food,
                    war: s.war,
                }]);
            out.offer(aboard, || {
                format!(
                    "move supplies (5.4) from {} aboard the navy in {zone}: food {}, war {}",
                    p.name,
                    span(0, s.food),
                    span(0, s.war)
                )
            });
        }
        if cargo.food + cargo.war > 0 {
            // The example: as much as the port has room for, Food first, and at least a cube.
            let room = supply::limit(data, st, &p.id).saturating_sub(s.total());
            let food = cargo.food.min(room.max(u32::from(cargo.food > 0)));
            let war = cargo
                .war
                .min(room.saturating_sub(food).max(u32::from(food == 0)));
            let ashore = Open::default()
                .amount("supply[0].food", 0, cargo.food)
                .amount("supply[0].war", 0, cargo.war)
                .with(vec![SupplyMove {
                    from: zone.clone(),
                    to: p.id.clone(),
                    food,
                    war,
                }]);
            out.offer(ashore, || {
                format!(
                    "move supplies (5.4) ashore from the navy in {zone} to {}: food {}, war {}",
                    p.name,
                    span(0, cargo.food),
                    span(0, cargo.war)
                )
            });
        }
    }
}
