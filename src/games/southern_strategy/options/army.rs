//! Options of the armies and navies: marches and attacks (9.0, 10.0), the navy's moves and
//! sea battles (12.0), and the counts they share (what an army may carry and command).

use super::march_on::{march_on_option, split_on_option, MarchWords, OneGroup, Splitting};
use super::*;

/// 5.5: what a group of `units` leaving with `pool` to `to` takes by default: as much as it
/// can carry, Food first, but no more than `to` can then hold.
pub(super) fn carried(
    board: &Board,
    side: Side,
    to: usize,
    units: u32,
    pool: Supplies,
) -> Supplies {
    if sealed_in(board, to) {
        return Supplies::default();
    }
    let there = board.supplies(to);
    let cap = (units + 1).min(limit_on_entry(board, side, to, units).saturating_sub(there.total()));
    let food = pool.food.min(cap);
    Supplies {
        food,
        war: pool.war.min(cap - food),
    }
}

/// 5.5: what the area at `to` may hold once `units` of `side` have come in: the storage limit
/// in a City or Fort, one more than its units on a Point (those waiting there included).
pub(super) fn limit_on_entry(board: &Board, side: Side, to: usize, units: u32) -> u32 {
    if board.area(to).is_city_or_fort() {
        board.data.pieces.storage_limit
    } else {
        board.army_of(to, side).map_or(0, |a| a.units) + units + 1
    }
}

/// 9.1: what is left of `s` for the groups once `moving` units of `army` march: a leader's
/// army pays 1 Food per 4 units that move, one without a leader 1 per 4 of the whole army;
/// `None` where it cannot pay.
pub(super) fn left_after_march(army: &Army, s: Supplies, moving: u32) -> Option<Supplies> {
    let cost = food_cost(if army.leader.is_some() {
        moving
    } else {
        army.units
    });
    (s.food >= cost).then(|| Supplies {
        food: s.food - cost,
        war: s.war,
    })
}

/// 11.1 (S9): whether an army entering `to` brings no supplies in, since it is besieged.
pub(super) fn sealed_in(board: &Board, to: usize) -> bool {
    board.besieged(to) && board.data.pieces.readings.sieges_closed_to_armies()
}

/// 9.2: the most units a group under `rank` may bring into `to`, where a Subordinate Leader
/// would command the joined army.
fn command_cap(board: &Board, side: Side, to: usize, rank: Option<LeaderRank>, units: u32) -> u32 {
    let (dest_rank, dest_units) = board
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
pub(super) fn army_options<S: Sink<Orders>>(board: &Board, st: &State, side: Side, out: &mut S) {
    for (i, army) in board.armies_of(side) {
        if army.dug_in || !out.section() {
            continue;
        }
        let a = board.area(i);
        let s = board.supplies(i);
        if !board.besieged(i) {
            march_options(board, st, side, i, army, s, out);
        }
        let out = &mut lift(&mut *out, full, |s| s);
        let enemies = || {
            board
                .adjacent(i)
                .iter()
                .copied()
                .filter(|&b| board.enemy_of(b, side))
        };
        if army.leader.is_some() && s.war >= 1 && s.food >= 1 {
            for e in enemies() {
                attack_option(board, i, army, s, e, out);
            }
        }
        if side == Side::Patriot
            && s.food >= 1
            && s.war >= 1
            && (army.leader.is_some() || army.units <= 2)
            && !board.besieged(i)
        {
            for e in enemies().filter(|&e| !board.area(e).is_city_or_fort()) {
                let units = army.units.min(2);
                // B18: the War goes with the skirmishers, one plus their units at most.
                let war = if board.data.pieces.readings.skirmish_war_carried() {
                    s.war.min(units + 1)
                } else {
                    s.war
                };
                let skirmish = || {
                    Open::default()
                        .amount("full.skirmish.units", 1, units)
                        .amount("full.skirmish.war", 1, war)
                        .with(Action::Skirmish(Skirmish {
                            from: a.id,
                            to: board.area(e).id,
                            units,
                            war,
                        }))
                };
                out.offer(skirmish, || {
                    format!(
                        "skirmish (9.5) {} from {}: {}, war {} (one die each); 1 food",
                        board.area(e).name,
                        a.name,
                        units_words(1, units),
                        span(1, war)
                    )
                });
            }
        }
        if a.is_city_or_fort() && s.food >= 1 && s.war >= 1 {
            out.offer(
                || Action::DigIn(a.id).into(),
                || format!("dig in (9.6) in {}: 1 food and 1 war", a.name),
            );
        }
    }
}

/// 9.1 and 9.2: the most units one group may bring into an area, by who leads it. The
/// Subordinate Leader commands at most 4 units, so where he would command the army the group
/// joins, its units count against his 4.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    /// With the army's own leader (or, for an army without one, leaderless).
    pub(super) with: u32,
    /// Leaderless, the leader staying with the units left behind.
    pub(super) without: u32,
    /// Under the Subordinate Leader, taking the group the Leader leaves.
    pub(super) subordinate: u32,
    /// Friendly units already in the area, which a group joins.
    pub(super) there: u32,
}

impl Reach {
    fn of(board: &Board, side: Side, to: usize, army: &Army, m: &Marchable) -> Reach {
        // A group that leaves the leader behind leaves him at least one unit (9.1).
        let left = m.movers.min(army.units.saturating_sub(1));
        Reach {
            with: command_cap(board, side, to, army.leader, m.movers),
            without: if m.leader_may_stay {
                command_cap(board, side, to, None, left)
            } else {
                0
            },
            subordinate: if m.subordinate {
                command_cap(board, side, to, Some(LeaderRank::Subordinate), left)
            } else {
                0
            },
            there: board.army_of(to, side).map_or(0, |d| d.units),
        }
    }

    /// The most units a group may bring in, led by anyone.
    pub(super) fn most(&self) -> u32 {
        self.with.max(self.without).max(self.subordinate)
    }
}

/// 9.2: why the Subordinate Leader commands so few in `to`: `he commands at most 4, the 3
/// units in Charlotte included`.
fn subordinate_limit_words(board: &Board, to: usize, there: u32) -> String {
    format!(
        "he commands at most {SUBORDINATE_UNITS}, the {} in {} included, 9.2",
        words::units(&there.to_string()),
        board.area(to).name
    )
}

/// 9.1 and 9.2: a march of one group to each open area, and a split into several groups.
fn march_options<S: Sink<Orders>>(
    board: &Board,
    st: &State,
    side: Side,
    at: usize,
    army: &Army,
    s: Supplies,
    out: &mut S,
) {
    let data = board.data;
    let a = board.area(at);
    let m = marchable(st, side, army, s);
    if m.movers == 0 {
        return;
    }
    // The adjacent areas no enemy army holds and some group may enter, with what it may bring.
    let open = || {
        board
            .adjacent(at)
            .iter()
            .copied()
            .filter(|&b| !board.enemy_of(b, side))
            .map(|b| (b, Reach::of(board, side, b, army, &m)))
            .filter(|(_, r)| r.most() > 0)
    };
    let has_leader = army.leader.is_some();
    // 9.2: the leader by name (Cornwallis, Gates), or the Subordinate Leader; worded only
    // when the options' words are (self-play never asks for them).
    let leader = || words::leader_words(data, st, side, army.leader);
    let army_words = || {
        format!(
            "{} ({}{}, {} food {} war)",
            a.name,
            words::units(&army.units.to_string()),
            if has_leader {
                format!(" with {}", leader())
            } else {
                String::new()
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
    // How many areas are open, and the most a group may bring into any of them (led by
    // anyone, and under the Subordinate Leader), counted on the way for the split below.
    let (mut open_areas, mut most_anywhere, mut subordinate_anywhere) = (0, 0, 0);
    for (b, reach) in open() {
        open_areas += 1;
        let most = reach.most();
        most_anywhere = most_anywhere.max(most);
        subordinate_anywhere = subordinate_anywhere.max(reach.subordinate);
        // 11.1 (S9): nothing is carried into a siege; 5.5: a group carries at most one more
        // than its units.
        let sealed = sealed_in(board, b);
        let (food, war) = if sealed {
            (0, 0)
        } else {
            (m.food.min(most + 1), m.war.min(most + 1))
        };
        // 5.5: an army of one unit leaving a Point takes everything there: what it could carry
        // and leaves behind is refused, so the one amount is at least what the other cannot
        // hold of it.
        let (food_least, war_least) = if army.units == 1 && !a.is_city_or_fort() && !sealed {
            let pool = s.food.saturating_sub(food_cost(1)) + s.war;
            let need = pool.min(army.units + 1);
            (
                need.saturating_sub(war).min(food),
                need.saturating_sub(food).min(war),
            )
        } else {
            (0, 0)
        };
        // 9.2: whether the group may go with the leader, and without him.
        let with_leader = has_leader && reach.with > 0;
        let without_leader = reach.without > 0;
        let march = || {
            // The example: as many units as may go, with the leader if he may go.
            let units = if with_leader || !has_leader {
                reach.with
            } else {
                reach.without
            };
            let cost = food_cost(if has_leader { units } else { army.units });
            let pool = Supplies {
                food: s.food.saturating_sub(cost),
                war: s.war,
            };
            let take = carried(board, side, b, units, pool);
            // 9.2: another place for the Subordinate Leader (with the units left behind, or with
            // a transported army) is one more `either` range beside `subordinate`.
            Open::default()
                .amount("full.march.groups[0].units", 1, most)
                .amount("full.march.groups[0].food", food_least, food)
                .amount("full.march.groups[0].war", war_least, war)
                .either("full.march.groups[0].leader", with_leader && without_leader)
                .either("full.march.groups[0].subordinate", reach.subordinate > 0)
                .with(Action::March(March {
                    from: a.id,
                    groups: vec![Group {
                        to: board.area(b).id,
                        units,
                        leader: with_leader,
                        subordinate: false,
                        food: Some(take.food),
                        war: Some(take.war),
                    }],
                }))
        };
        let march_words = || {
            let leader = leader();
            // 9.2: units joining the Subordinate Leader's army there without their own leader
            // come under his command, at most 4 units in all; and so do units he leads into
            // an army there without a leader.
            let joining = command_cap(board, side, b, None, m.movers);
            let capped = if m.leader_may_stay && joining == 0 {
                format!(
                    " (only with {leader}: the Subordinate Leader there already commands {SUBORDINATE_UNITS} units, 9.2)"
                )
            } else if without_leader && joining < m.movers && reach.without < most {
                format!(
                    " (without {leader}, at most {}: the Subordinate Leader there commands at most {SUBORDINATE_UNITS}, 9.2)",
                    units_words(reach.without, reach.without)
                )
            } else if !has_leader && joining < m.movers {
                format!(" (the Subordinate Leader there commands at most {SUBORDINATE_UNITS}, 9.2)")
            } else if has_leader && reach.with == 0 {
                format!(
                    " (only without {leader}: {})",
                    subordinate_limit_words(board, b, reach.there)
                )
            } else if has_leader && reach.with < most {
                format!(
                    " (with {leader}, at most {}: {})",
                    units_words(reach.with, reach.with),
                    subordinate_limit_words(board, b, reach.there)
                )
            } else {
                String::new()
            };
            let mut who = String::new();
            if with_leader && without_leader {
                who.push_str(&format!(
                    "; {leader} goes with the group or stays with units left behind"
                ));
            } else if has_leader && without_leader {
                who.push_str(&format!("; {leader} stays with units left behind"));
            }
            if reach.subordinate > 0 {
                let left = m.movers.min(army.units - 1).min(SUBORDINATE_UNITS);
                let limit = if reach.subordinate < left {
                    format!(
                        "at most {} here: {}",
                        units_words(reach.subordinate, reach.subordinate),
                        subordinate_limit_words(board, b, reach.there)
                    )
                } else {
                    format!("at most {}", units_words(left, left))
                };
                who.push_str(&format!(
                    "; the Subordinate Leader may command the group {leader} leaves ({limit})"
                ));
            }
            format!(
                "march (9.1) from {} to {}: {}{capped}{}{who}; {cost_words}",
                army_words(),
                board.area(b).name,
                units_words(1, most),
                if sealed && m.food + m.war > 0 {
                    ", carrying no supplies into the siege (11.1)".to_string()
                } else {
                    carrying_from((food_least, food), (war_least, war))
                },
            )
        };
        lift(&mut *out, full, |s| s).offer(march, march_words);
        if !sealed {
            let group = OneGroup {
                at,
                to: b,
                units: if with_leader || !has_leader {
                    reach.with
                } else {
                    reach.without
                },
                food: (food_least, food),
                war: (war_least, war),
                without: reach.without,
                subordinate: reach.subordinate,
                leader: with_leader,
                may_stay: without_leader,
            };
            let words = MarchWords {
                army: &army_words,
                leader: &leader,
                cost: cost_words,
            };
            march_on_option(board, st, side, army, s, &group, &march, &words, out);
        }
    }
    let most_groups = open_areas.min(m.movers);
    if most_groups < 2 {
        return;
    }
    // A split sends at least one unit elsewhere, so each group has one unit fewer than can move.
    let per_group = most_anywhere.min(m.movers - 1);
    let subordinate_most = subordinate_anywhere.min(m.movers - 1);
    let split = || {
        // The example: two groups, the first with the leader and the larger half.
        let mut pool = Supplies {
            food: s
                .food
                .saturating_sub(food_cost(if has_leader { m.movers } else { army.units })),
            war: s.war,
        };
        let halves = [m.movers.div_ceil(2), m.movers / 2];
        let groups: Vec<Group> = open()
            .zip(halves)
            .enumerate()
            .map(|(i, ((b, _), units))| {
                let take = carried(board, side, b, units, pool);
                pool.food -= take.food;
                pool.war -= take.war;
                Group {
                    to: board.area(b).id,
                    units,
                    leader: has_leader && i == 0,
                    subordinate: false,
                    food: Some(take.food),
                    war: Some(take.war),
                }
            })
            .collect();
        Open::default()
            .amount("full.march.groups", 2, most_groups)
            .one_of(
                "full.march.groups[*].to",
                open()
                    .map(|(b, _)| Value::from(board.area(b).id.as_str()))
                    .collect(),
            )
            .amount("full.march.groups[*].units", 1, per_group)
            .amount("full.march.groups[*].food", 0, m.food.min(per_group + 1))
            .amount("full.march.groups[*].war", 0, m.war.min(per_group + 1))
            .either("full.march.groups[*].leader", has_leader)
            .either("full.march.groups[*].subordinate", subordinate_most > 0)
            .with(Action::March(March { from: a.id, groups }))
    };
    let split_words = || {
        let leader = leader();
        let mut who = String::new();
        if m.leader_may_stay {
            who.push_str(&format!(
                "; {leader} goes with one group or stays with units left behind"
            ));
        }
        if subordinate_most > 0 {
            // 9.2: where units wait, he may take fewer there.
            let fewer: Vec<String> = open()
                .filter(|(_, r)| r.subordinate < subordinate_most)
                .map(|(b, r)| {
                    let n = if r.subordinate == 0 {
                        "none".to_string()
                    } else {
                        format!("at most {}", units_words(r.subordinate, r.subordinate))
                    };
                    let there = words::units(&r.there.to_string());
                    let wait = if r.there == 1 { "waits" } else { "wait" };
                    format!("{n} into {}, where {there} {wait}", board.area(b).name)
                })
                .collect();
            let fewer = if fewer.is_empty() {
                String::new()
            } else {
                format!(
                    "; {}: he commands at most {SUBORDINATE_UNITS}, 9.2",
                    fewer.join(", ")
                )
            };
            who.push_str(&format!(
                "; the Subordinate Leader may command one group {leader} leaves (at most {}{fewer})",
                units_words(subordinate_most, subordinate_most)
            ));
        }
        format!(
            "split and march (9.1) from {}: {} groups, each to a different area among {}, {} each{}{who}; {cost_words}",
            army_words(),
            span(2, most_groups),
            all_of(data, &open().map(|(b, _)| board.area(b).id).collect::<Vec<_>>()),
            units_words(1, per_group),
            {
                // 11.1 (S9): a group going into a siege carries nothing.
                let sealed: Vec<Id> = open()
                    .filter(|&(b, _)| sealed_in(board, b))
                    .map(|(b, _)| board.area(b).id)
                    .collect();
                let carry = carrying(m.food.min(per_group + 1), m.war.min(per_group + 1));
                if sealed.is_empty() || carry.is_empty() {
                    carry
                } else {
                    format!("{carry} (none into besieged {}, 11.1)", either_of(data, &sealed))
                }
            },
        )
    };
    lift(&mut *out, full, |s| s).offer(split, split_words);
    let splitting = Splitting {
        at,
        movers: m.movers,
        per_group,
        leader_may_stay: m.leader_may_stay,
    };
    split_on_option(
        board,
        st,
        side,
        army,
        s,
        &splitting,
        &open,
        &split,
        &split_words,
        out,
    );
}

/// 9.4, 5.5 and 11.3: an attack on the enemy army in `target`, with some or all units, at
/// least one War Supply for dice, and what else the attackers carry.
fn attack_option<S: Sink<Action>>(
    board: &Board,
    at: usize,
    army: &Army,
    s: Supplies,
    target: usize,
    out: &mut S,
) {
    let a = board.area(at);
    let target = board.area(target);
    let movers = army.units.min(4 * s.food);
    let besieged = board.besieged(at);
    let war_most = s.war.min(movers + 1);
    // S11: a sortie takes no Food out of the siege.
    let carry_food = if besieged && board.data.pieces.readings.sortie_carries_no_food() {
        0
    } else {
        (s.food - 1).min(movers)
    };
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
    let hidden = || {
        Open::default()
            .amount("full.attack.units", 1, movers)
            .amount("full.attack.carry_food", 0, carry_food)
            .amount("full.attack.carry_war", 1, carry_most)
            .either("full.attack.return_after", besieged)
            .with(Action::Attack(Attack {
                from: a.id,
                to: target.id,
                units: movers,
                war: None,
                carry_food: hf,
                carry_war: hw,
                // The snippet shows the field the words offer (11.3).
                return_after: besieged,
            }))
    };
    out.offer(hidden, || {
        format!(
            "attack (9.4) {} from {}: {} carrying food {} and war {} (at least 1 war; at most 1 plus the units in all); the war you commit is chosen once the defender accepts (10.2); 1 food per 4 attacking units{}",
            target.name,
            a.name,
            words::units(&span(1, movers)),
            span(0, carry_food),
            span(1, carry_most),
            if besieged { "; out of the siege, they may go back after a victory (11.3)" } else { "" }
        )
    });
    let attack = || {
        Open::default()
            .amount("full.attack.units", 1, movers)
            .amount("full.attack.war", 1, war_most)
            .amount("full.attack.carry_food", 0, carry_food)
            .amount("full.attack.carry_war", 0, carry_war)
            .either("full.attack.return_after", besieged)
            .with(Action::Attack(Attack {
                from: a.id,
                to: target.id,
                units: movers,
                war: Some(war),
                carry_food: cf,
                carry_war: cw,
                // The snippet shows the field the words offer (11.3).
                return_after: besieged,
            }))
    };
    out.offer(attack, || {
        format!(
            "attack (9.4) {} from {} committing war openly now (the defender sees it): {}, war {}, carry food {} and war {} besides (at most 1 plus the units in all); 1 food per 4 attacking units{}",
            target.name,
            a.name,
            words::units(&span(1, movers)),
            span(1, war_most),
            span(0, carry_food),
            span(0, carry_war),
            if besieged { "; out of the siege, they may go back after a victory (11.3)" } else { "" }
        )
    });
}

/// 9.3 and 12.0: the naval activations and Transport open to `side` now.
pub(super) fn naval_options<S: Sink<Action>>(board: &Board, st: &State, side: Side, out: &mut S) {
    let data = board.data;
    if !out.section() || data.is_winter(st.turn.space) {
        return;
    }
    let Some(zone) = st.navies.zone(side) else {
        return;
    };
    let troops = st.navies.cargo.get(&side).is_some_and(|c| c.units > 0);
    // The zones adjacent to the navy's, in the map's order, found by comparing ids as ids.
    let around: &[Id] = data
        .map
        .sea_zones
        .iter()
        .find(|z| z.id == *zone)
        .map_or(&[], |z| &z.adjacent);
    let next_zones: Vec<Id> = data
        .map
        .sea_zones
        .iter()
        .filter(|z| around.contains(&z.id))
        .map(|z| z.id)
        .collect();
    if !troops {
        for z in &next_zones {
            out.offer(
                || Action::Navy(NavyAction::Move(*z)).into(),
                || {
                    format!(
                        "move the navy (12.1) from {} to {}",
                        words::sea_zone(data, zone),
                        words::sea_zone(data, z)
                    )
                },
            );
        }
    }
    if st.navies.zone(side.other()) == Some(zone) {
        out.offer(
            || Action::Navy(NavyAction::Battle).into(),
            || format!("sea battle (12.2) in {zone}: 2d6 plus modifiers, 10 defeats"),
        );
    }
    if side != Side::Crown {
        return;
    }
    let french = st.navies.french.as_ref();
    if troops {
        if french != Some(zone) {
            for p in board
                .ports_on(zone)
                .filter(|&p| !board.enemy_of(p, side))
                .map(|p| board.area(p))
            {
                out.offer(
                    || Action::Transport(Transport::Land(p.id)).into(),
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
    for at in board.ports_on(zone) {
        let Some(army) = board
            .army_of(at, side)
            .filter(|a| a.leader.is_some() && !a.dug_in)
        else {
            continue;
        };
        let p = board.area(at);
        // 11.1 (RULINGS S7): a besieged army sails without supplies.
        let s = if board.besieged(at) && data.pieces.readings.sieges_sealed() {
            Supplies::default()
        } else {
            board.supplies(at)
        };
        // The example's supplies for `units` sailing: what they could carry out of a City
        // (5.5), or everything from a Point, where nothing may stay without an army.
        let take = |units: u32| {
            if p.is_city_or_fort() {
                let food = s.food.min(units + 1);
                Supplies {
                    food,
                    war: s.war.min(units + 1 - food),
                }
            } else {
                s
            }
        };
        // 5.5: an army of one unit sailing from a Point leaves no one to hold supplies there,
        // so it takes them all aboard.
        let (food_least, war_least) = if army.units == 1 && !p.is_city_or_fort() {
            (s.food, s.war)
        } else {
            (0, 0)
        };
        let embark = || {
            // The example: the whole army.
            let take = take(army.units);
            Open::default()
                .one_of("full.transport.embark.to_zone", ids(&next_zones))
                .amount("full.transport.embark.units", 1, army.units)
                .amount("full.transport.embark.food", food_least, s.food)
                .amount("full.transport.embark.war", war_least, s.war)
                .with(Action::Transport(Transport::Embark(Embark {
                    from: p.id,
                    units: army.units,
                    to_zone: *first_zone,
                    food: take.food,
                    war: take.war,
                })))
        };
        out.offer(embark, || {
            format!(
                "transport (9.3) the army in {} by sea to zone {}: {} with {}, food {}, war {}",
                p.name,
                next_zones.join(" or "),
                words::units(&span(1, army.units)),
                words::leader_words(data, st, side, army.leader),
                span(food_least, s.food),
                span(war_least, s.war)
            )
        });
        // 9.2 with 9.3: the Leader's army may split as it sails and place the Subordinate
        // Leader, in command of at most 4 units, in port or aboard, with a unit left for
        // whoever stays.
        if army.leader != Some(LeaderRank::Leader) || st.subordinate_on_map(side) {
            continue;
        }
        let most = army.units.saturating_sub(1);
        let least_sailing = army.units.saturating_sub(SUBORDINATE_UNITS).max(1);
        let leader = words::leader_words(data, st, side, army.leader);
        for (placing, least, most) in [
            (SubordinatePlacement::Stays, least_sailing, most),
            (SubordinatePlacement::Aboard, 1, most.min(SUBORDINATE_UNITS)),
        ] {
            if least > most {
                continue;
            }
            let sail = || {
                let take = take(most);
                Open::default()
                    .one_of("full.transport.embark.to_zone", ids(&next_zones))
                    .amount("full.transport.embark.units", least, most)
                    .amount("full.transport.embark.food", 0, s.food)
                    .amount("full.transport.embark.war", 0, s.war)
                    .with(Action::Transport(Transport::EmbarkPlacing {
                        embark: Embark {
                            from: p.id,
                            units: most,
                            to_zone: *first_zone,
                            food: take.food,
                            war: take.war,
                        },
                        subordinate: placing,
                    }))
            };
            out.offer(sail, || {
                let sailing = words::units(&span(least, most));
                let who = match placing {
                    SubordinatePlacement::Stays => format!(
                        "{sailing} sail with {leader}, and the Subordinate Leader (9.2) takes command of the units left in port"
                    ),
                    SubordinatePlacement::Aboard => format!(
                        "the Subordinate Leader (9.2) sails in command of {sailing}, and {leader} stays in port with the rest"
                    ),
                };
                format!(
                    "transport (9.3) part of the army in {} by sea to zone {}: {who}; food {}, war {}",
                    p.name,
                    next_zones.join(" or "),
                    span(0, s.food),
                    span(0, s.war)
                )
            });
        }
    }
}
