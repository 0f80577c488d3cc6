//! Marches that leave supplies over a limit (9.1 with 5.5), offered with the move after them
//! (`supply_after`) that takes the excess on along the supply line.

use super::army::carried;
use super::*;

/// A march of one group (9.1), as its option offers it: from the area at place `at` to the one
/// at `to`, at most `units` with the leader where he goes (the example's), carrying `food` and
/// `war` (least and most).
pub(super) struct OneGroup {
    pub(super) at: usize,
    pub(super) to: usize,
    pub(super) units: u32,
    pub(super) food: (u32, u32),
    pub(super) war: (u32, u32),
    /// The most units the group may have without the leader, and under the Subordinate Leader.
    pub(super) without: u32,
    pub(super) subordinate: u32,
    /// Whether the leader goes with the group in the example, and whether he may stay.
    pub(super) leader: bool,
    pub(super) may_stay: bool,
}

/// The words of a march's option that a march moving supplies on after it shares: the army
/// marching, its leader by name, and what the march costs.
pub(super) struct MarchWords<'w, A, L> {
    pub(super) army: &'w A,
    pub(super) leader: &'w L,
    pub(super) cost: &'w str,
}

/// 9.1 with 5.5: a march that leaves supplies over a limit, at the Point it leaves (fewer units
/// stay than the supplies left there need) or in the area it enters (a full Fort, an army at
/// its limit), is legal with the moves after the action (`supply_after`) that take the excess
/// on along the supply line where it has room. The march's own option brings no moves, so such
/// a march is offered again, once for each of the two areas it may leave over its limit, with
/// the units that do so and one move after it: from that area to any area of the line through
/// the entered one that may have room, with as much as the player likes. Offered only where
/// some march leaves that excess and the line may have room for it.
#[allow(clippy::too_many_arguments)]
pub(super) fn march_on_option<S: Sink<Orders>>(
    board: &Board,
    st: &State,
    side: Side,
    army: &Army,
    s: Supplies,
    group: &OneGroup,
    march: &impl Fn() -> Candidate<Action>,
    words: &MarchWords<impl Fn() -> String, impl Fn() -> String>,
    out: &mut S,
) {
    let data = board.data;
    let (at, b) = (group.at, group.to);
    let (here, there) = (board.area(at), board.area(b));
    // 11.1: nothing moves to or from a siege.
    if board.besieged(b) {
        return;
    }
    let storage = data.pieces.storage_limit;
    let point = !here.is_city_or_fort();
    let held = board.supplies(b);
    let waiting = board.army_of(b, side).map_or(0, |d| d.units);
    // 5.5: what the entered area may hold once `g` units have come in.
    let limit_there = |g: u32| {
        if there.is_city_or_fort() {
            storage
        } else {
            waiting + g + 1
        }
    };
    // What is left for the group after the march's Food, when `g` units march (9.1).
    let has_leader = army.leader.is_some();
    let pool = |g: u32| {
        let cost = food_cost(if has_leader { g } else { army.units });
        (s.food >= cost).then(|| Supplies {
            food: s.food - cost,
            war: s.war,
        })
    };
    // The most `g` units may carry of `p`, Food first: one more than their units (5.5).
    let full_load = |g: u32, p: Supplies| {
        let food = p.food.min(group.food.1).min(g + 1);
        Supplies {
            food,
            war: p.war.min(group.war.1).min(g + 1 - food),
        }
    };
    // The units of the marches that leave the Point they leave over its limit (carrying
    // nothing, with units staying), and of those that leave the entered area over its own
    // (carrying all they may): each a span, as one option's units.
    let mut here_units: Option<(u32, u32)> = None;
    let mut there_units: Option<(u32, u32)> = None;
    let widen = |span: &mut Option<(u32, u32)>, g: u32| {
        *span = Some(span.map_or((g, g), |(lo, hi)| (lo.min(g), hi.max(g))));
    };
    for g in 1..=group.units {
        let Some(p) = pool(g) else { continue };
        let stayed = army.units - g;
        if point && stayed > 0 && p.total() > stayed + 1 {
            widen(&mut here_units, g);
        }
        if held.total() + full_load(g, p).total() > limit_there(g) {
            widen(&mut there_units, g);
        }
    }
    // The line through the entered area after the march, with units left behind or none:
    // traced once each, however many of the two options and their words ask for it.
    let lines: [OnceCell<Vec<usize>>; 2] = Default::default();
    let line = |emptied: bool| -> &[usize] {
        lines[usize::from(emptied)].get_or_init(|| {
            let mut map = supply::SupplyMap::new(data, st, side);
            map.after_march(at, b, emptied);
            map.line(data, b)
        })
    };
    let id = |p: usize| board.area(p).id;
    for (from, units) in [(at, here_units), (b, there_units)] {
        let Some((lo, mut hi)) = units else { continue };
        // Where the excess may go: the left area, when units stay there, or the entered one,
        // whichever is not the one over its limit; and the other areas of the line through the
        // entered one after the march that have room now.
        let takes = |p: usize| {
            if p == from {
                false
            } else if p == at {
                lo < army.units
            } else if p == b {
                !there.is_city_or_fort() || held.total() < storage
            } else {
                board.limit(p) > board.supplies(p).total()
            }
        };
        // With every unit gone, the left area no longer joins the line (5.2), and the excess
        // may go only where the line still reaches without it.
        if hi == army.units && !line(true).iter().any(|&p| p != at && takes(p)) {
            hi -= 1;
            if hi < lo {
                continue;
            }
        }
        let cheap = (from == b && lo < army.units)
            || (from == at && (!there.is_city_or_fort() || held.total() < storage));
        let targets = || -> Vec<usize> {
            line(lo == army.units)
                .iter()
                .copied()
                .filter(|&p| takes(p))
                .collect()
        };
        if !cheap && targets().is_empty() {
            continue;
        }
        // The most one move may take: what the area it leaves may hold after the march, and no
        // more than the most room an area it may go to may have.
        let amounts = |to: &[usize]| {
            let room = to
                .iter()
                .map(|&p| {
                    if p == at {
                        if point {
                            army.units - lo + 1
                        } else {
                            storage
                        }
                    } else if p == b {
                        limit_there(hi).saturating_sub(held.total())
                    } else {
                        board.limit(p) - board.supplies(p).total()
                    }
                })
                .max()
                .unwrap_or(0);
            // What the area may hold after the march, and the most it may be over its limit:
            // a move of more is a supply move of its own (5.2), not one the march needs.
            let (food, war, excess) = if from == at {
                let left = (lo..=hi).filter_map(pool).map(|p| p.food).max();
                let excess = (lo..=hi)
                    .filter_map(|g| Some(pool(g)?.total().saturating_sub(army.units - g + 1)))
                    .max();
                (left.unwrap_or(0), s.war, excess.unwrap_or(0))
            } else {
                let excess = (lo..=hi)
                    .filter_map(|g| {
                        let load = full_load(g, pool(g)?).total();
                        Some((held.total() + load).saturating_sub(limit_there(g)))
                    })
                    .max();
                (
                    held.food + group.food.1.min(hi + 1),
                    held.war + group.war.1.min(hi + 1),
                    excess.unwrap_or(0),
                )
            };
            let most = room.min(excess);
            (food.min(most), war.min(most))
        };
        // The example: the most units that leave the area over its limit, carrying all they may
        // or what the entered area has room for, and the move of the excess to the first area
        // of the line with room for all of it.
        let example = |to: &[usize]| -> Option<(u32, Supplies, SupplyMove)> {
            // With no units left behind, the left area no longer joins the line (5.2).
            let emptied = line(true);
            for g in (lo..=hi).rev() {
                let Some(p) = pool(g) else { continue };
                let stayed = army.units - g;
                // Carrying nothing, the left area keeps the most.
                let none = Supplies::default();
                for load in [full_load(g, p), carried(board, side, b, g, p), none] {
                    let kept = Supplies {
                        food: p.food - load.food,
                        war: p.war - load.war,
                    };
                    // 5.5: a Point's last units take what they can carry, and leave the rest
                    // only once they carry all they may.
                    if point && stayed == 0 && load.total() < g + 1 && !kept.is_empty() {
                        continue;
                    }
                    let arrived = Supplies {
                        food: held.food + load.food,
                        war: held.war + load.war,
                    };
                    let left_over = if point && stayed > 0 {
                        kept.total().saturating_sub(stayed + 1)
                    } else {
                        0
                    };
                    let over = arrived.total().saturating_sub(limit_there(g));
                    let (excess, has) = match (left_over, over) {
                        (e, 0) if e > 0 && from == at => (e, kept),
                        (0, e) if e > 0 && from == b => (e, arrived),
                        _ => continue,
                    };
                    let room = |q: usize| {
                        if q == at {
                            match (stayed, point) {
                                (0, _) => 0,
                                (_, true) => (stayed + 1).saturating_sub(kept.total()),
                                (_, false) => storage.saturating_sub(kept.total()),
                            }
                        } else if q == b {
                            limit_there(g).saturating_sub(arrived.total())
                        } else {
                            board.limit(q) - board.supplies(q).total()
                        }
                    };
                    let on_line = |q: &usize| stayed > 0 || emptied.contains(q);
                    if let Some(&q) = to
                        .iter()
                        .filter(|q| on_line(q))
                        .find(|&&q| room(q) >= excess)
                    {
                        let food = has.food.min(excess);
                        let moved = SupplyMove {
                            from: id(from),
                            to: id(q),
                            food,
                            war: excess - food,
                        };
                        return Some((g, load, moved));
                    }
                }
            }
            None
        };
        // A group carries at most one more than its units (5.5); one that leaves the Point it
        // leaves over its limit, less than all but what the units staying hold and one more.
        let carry = if from == at {
            (lo..=hi)
                .filter_map(|g| Some(pool(g)?.total().saturating_sub(army.units - g + 2)))
                .max()
                .unwrap_or(0)
                .min(hi + 1)
        } else {
            hi + 1
        };
        // 9.2: the leader staying, or the Subordinate Leader taking the group, only where he
        // may command that many.
        let may_stay = group.may_stay && group.without >= lo;
        let subordinate = group.subordinate >= lo && group.subordinate > 0;
        let item = || {
            let to = targets();
            let (food_most, war_most) = amounts(&to);
            let c = march();
            let mut orders = c.orders;
            let mut ranges = c.ranges;
            ranges.retain(|r| {
                r.name != "full.march.groups[0].units"
                    && (r.name != "full.march.groups[0].leader" || may_stay)
                    && (r.name != "full.march.groups[0].subordinate" || subordinate)
            });
            if lo < hi {
                ranges.insert(0, Range::amount("full.march.groups[0].units", lo, hi));
            }
            for r in &mut ranges {
                if let crate::engine::ranges::Values::Amount { max, .. } = &mut r.values {
                    if r.name == "full.march.groups[0].food" || r.name == "full.march.groups[0].war"
                    {
                        *max = (*max).min(carry);
                    }
                }
            }
            ranges.retain(|r| {
                !matches!(r.values, crate::engine::ranges::Values::Amount { min, max } if min >= max)
            });
            let moved = match example(&to) {
                Some((units, load, moved)) => {
                    if let Action::March(m) = &mut orders {
                        m.groups[0].units = units;
                        m.groups[0].food = Some(load.food);
                        m.groups[0].war = Some(load.war);
                    }
                    moved
                }
                // No march leaves an excess one move can put right: the option's draws may
                // still find one.
                None => {
                    if let Action::March(m) = &mut orders {
                        m.groups[0].units = hi;
                        let g = &mut m.groups[0];
                        g.food = g.food.map(|f| f.min(carry));
                        g.war = g.war.map(|w| w.min(carry - g.food.unwrap_or(0).min(carry)));
                    }
                    SupplyMove {
                        from: id(from),
                        to: id(to.first().copied().unwrap_or(b)),
                        food: u32::from(food_most > 0),
                        war: u32::from(food_most == 0),
                    }
                }
            };
            let to_ids: Vec<Id> = to.iter().map(|&p| id(p)).collect();
            Open(ranges)
                .one_of("supply_after[0].to", ids(&to_ids))
                .amount(
                    "supply_after[0].food",
                    least(food_most, war_most),
                    food_most,
                )
                .amount("supply_after[0].war", least(war_most, food_most), war_most)
                .with(Orders {
                    full: Some(orders),
                    supply_after: vec![moved],
                    ..Orders::default()
                })
        };
        out.offer(item, || {
            let to = targets();
            let (food_most, war_most) = amounts(&to);
            let to_ids: Vec<Id> = to.iter().map(|&p| id(p)).collect();
            let leader = (words.leader)();
            let who = match (army.leader.is_some(), group.leader, may_stay) {
                (false, _, _) => String::new(),
                (true, true, true) => {
                    format!("; {leader} goes with the group or stays with units left behind")
                }
                (true, true, false) => format!("; {leader} goes with the group"),
                (true, false, _) => format!("; {leader} stays with units left behind"),
            };
            let under = if subordinate {
                let most = group.subordinate.min(hi);
                format!(
                    "; the Subordinate Leader may command the group {leader} leaves (at most {}, 9.2)",
                    units_words(most, most)
                )
            } else {
                String::new()
            };
            format!(
                "march (9.1) from {} to {}: {}{}, leaving {} over its limit (5.5){who}{under}; {}; then move supplies on from {} (`supply_after`, 5.5) to {}: {}, at least 1 in all",
                (words.army)(),
                there.name,
                units_words(lo, hi),
                carrying_from(
                    (group.food.0.min(carry), group.food.1.min(carry)),
                    (group.war.0.min(carry), group.war.1.min(carry))
                ),
                board.area(from).name,
                words.cost,
                board.area(from).name,
                either_of(data, &to_ids),
                move_amounts(
                    (least(food_most, war_most), food_most),
                    (least(war_most, food_most), war_most)
                )
            )
        });
    }
}
