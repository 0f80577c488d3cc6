//! Marches that leave supplies over a limit (9.1 with 5.5), offered with the move after them
//! (`supply_after`) that takes the excess on along the supply line.

use super::army::{carried, left_after_march, limit_on_entry};
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
    // 5.5: what the entered area may hold once `g` units have come in.
    let limit_there = |g: u32| limit_on_entry(board, side, b, g);
    // What is left for the group after the march's Food, when `g` units march (9.1).
    let pool = |g: u32| left_after_march(army, s, g);
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
                            room_left(stayed, point, kept, storage)
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
            with_move_after(
                &mut Open(ranges),
                &to_ids,
                (food_most, war_most),
                orders,
                moved,
            )
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
    both_ends_option(
        board,
        army,
        s,
        group,
        &|| line(false).to_vec(),
        march,
        words,
        out,
    );
}

/// 9.1 with 5.5: a march of `g` units from a Point that leaves both ends over their limits:
/// the units staying keep more than they may hold, and the area entered gets more than it may
/// hold. Such a march needs a move after the action (`supply_after`) from each end, so it is
/// offered once more with two: the first from the Point left, the second from the area entered.
/// The group's load lies between what overfills the entered area and what still overfills the
/// Point; offered only where some number of units leaves such a load.
#[allow(clippy::too_many_arguments)]
fn both_ends_option<S: Sink<Orders>>(
    board: &Board,
    army: &Army,
    s: Supplies,
    group: &OneGroup,
    line: &dyn Fn() -> Vec<usize>,
    march: &impl Fn() -> Candidate<Action>,
    words: &MarchWords<impl Fn() -> String, impl Fn() -> String>,
    out: &mut S,
) {
    let (at, b) = (group.at, group.to);
    if board.area(at).is_city_or_fort() {
        return;
    }
    let side = army.side;
    let held = board.supplies(b);
    // For `g` units marching: the least and the most they may carry that leaves both ends
    // over their limits, and the most each end is then over.
    let window = |g: u32| -> Option<(u32, u32, u32, u32)> {
        let p = left_after_march(army, s, g)?;
        let stayed = army.units.checked_sub(g).filter(|&n| n > 0)?;
        let most_load = (g + 1)
            .min(p.food.min(group.food.1) + p.war.min(group.war.1))
            .min(p.total().checked_sub(stayed + 2)?);
        let least_load = (limit_on_entry(board, side, b, g) + 1).saturating_sub(held.total());
        (least_load <= most_load).then(|| {
            (
                least_load,
                most_load,
                p.total() - least_load - (stayed + 1),
                held.total() + most_load - limit_on_entry(board, side, b, g),
            )
        })
    };
    let units: Vec<u32> = (1..=group.units).filter(|&g| window(g).is_some()).collect();
    let (Some(&lo), Some(&hi)) = (units.first(), units.last()) else {
        return;
    };
    // The room an area of the line has now (the entered one after the group's load).
    let room = |q: usize| board.limit(q).saturating_sub(board.supplies(q).total());
    let id = |p: usize| board.area(p).id;
    let item = || {
        let to = line();
        let here_to: Vec<usize> = to
            .iter()
            .copied()
            .filter(|&q| q != at && (q == b || room(q) > 0))
            .collect();
        // With units staying, the Point left may take back what it has room for once its
        // excess has gone.
        let there_to: Vec<usize> = to
            .iter()
            .copied()
            .filter(|&q| q != b && (q == at || room(q) > 0))
            .collect();
        // The rules take any moves that leave every area within its limit: the Point's move may
        // take all it keeps, the entered area's what it holds and what came in, as far as the
        // room where it goes allows.
        let (here_most, load_most) = units
            .iter()
            .filter_map(|&g| {
                Some((
                    left_after_march(army, s, g)?.total() - window(g)?.0,
                    window(g)?.1,
                ))
            })
            .fold((0, 0), |m, (h, l)| (m.0.max(h), m.1.max(l)));
        let room_back = army.units - lo + 1;
        let there_room = there_to
            .iter()
            .map(|&q| if q == at { room_back } else { room(q) })
            .max()
            .unwrap_or(0);
        let there_most =
            (held.total() + load_most + if here_to.contains(&b) { here_most } else { 0 })
                .min(there_room);
        let c = march();
        let mut orders = c.orders;
        let mut ranges = c.ranges;
        ranges.retain(|r| {
            r.name != "full.march.groups[0].units"
                && (r.name != "full.march.groups[0].leader"
                    || (group.may_stay && group.without >= lo))
                && (r.name != "full.march.groups[0].subordinate"
                    || (group.subordinate >= lo && group.subordinate > 0))
                && r.name != "full.march.groups[0].food"
                && r.name != "full.march.groups[0].war"
        });
        if lo < hi {
            ranges.insert(0, Range::amount("full.march.groups[0].units", lo, hi));
        }
        // The example: the most units, the least load, each excess to the first area with room.
        let (least_load, _, here_excess, _) = window(hi).unwrap_or_default();
        let p = left_after_march(army, s, hi).unwrap_or_default();
        let food = p.food.min(group.food.1).min(least_load);
        let load = Supplies {
            food,
            war: least_load - food,
        };
        let kept = Supplies {
            food: p.food - load.food,
            war: p.war - load.war,
        };
        let there_excess =
            (held.total() + least_load).saturating_sub(limit_on_entry(board, side, b, hi));
        let first = here_to
            .iter()
            .copied()
            .find(|&q| q != b && room(q) >= here_excess)
            .unwrap_or(b);
        let second = there_to
            .iter()
            .copied()
            .find(|&q| {
                q != at && room(q) >= there_excess + if q == first { here_excess } else { 0 }
            })
            .unwrap_or(at);
        let arrived = Supplies {
            food: held.food + load.food,
            war: held.war + load.war,
        };
        if let Action::March(m) = &mut orders {
            m.groups[0].units = hi;
            m.groups[0].food = Some(load.food);
            m.groups[0].war = Some(load.war);
        }
        let moves = vec![
            excess_move(id(at), id(first), kept, here_excess),
            excess_move(id(b), id(second), arrived, there_excess),
        ];
        let most_food = units
            .iter()
            .filter_map(|&g| left_after_march(army, s, g))
            .map(|p| p.food)
            .max()
            .unwrap_or(0);
        let food_here = here_most.min(most_food);
        let war_here = here_most.min(s.war);
        let food_there = there_most.min(held.food + most_food);
        let war_there = there_most.min(held.war + s.war);
        let here_ids: Vec<Id> = here_to.iter().map(|&q| id(q)).collect();
        let there_ids: Vec<Id> = there_to.iter().map(|&q| id(q)).collect();
        let mut open = Open(ranges);
        open.amount("full.march.groups[0].food", 0, group.food.1.min(load_most))
            .amount("full.march.groups[0].war", 0, group.war.1.min(load_most))
            .one_of("supply_after[0].to", ids(&here_ids))
            .amount(
                "supply_after[0].food",
                least(food_here, war_here),
                food_here,
            )
            .amount("supply_after[0].war", least(war_here, food_here), war_here)
            .one_of("supply_after[1].to", ids(&there_ids))
            .amount(
                "supply_after[1].food",
                least(food_there, war_there),
                food_there,
            )
            .amount(
                "supply_after[1].war",
                least(war_there, food_there),
                war_there,
            );
        open.with(Orders {
            full: Some(orders),
            supply_after: moves,
            ..Orders::default()
        })
    };
    out.offer(item, || {
        let to = line();
        let here_to: Vec<Id> = to.iter().copied().filter(|&q| q != at && (q == b || room(q) > 0)).map(id).collect();
        let there_to: Vec<Id> = to
            .iter()
            .copied()
            .filter(|&q| q != b && (q == at || room(q) > 0))
            .map(id)
            .collect();
        let (load_least, load_most) = units.iter().filter_map(|&g| window(g)).fold((u32::MAX, 0), |m, (l, h, _, _)| (m.0.min(l), m.1.max(h)));
        format!(
            "march (9.1) from {} to {}: {}, carrying {} in all, leaving both {} and {} over their limits (5.5); {}; then move supplies on from {} (`supply_after`, 5.5) to {}, and from {} to {}",
            (words.army)(),
            board.area(b).name,
            units_words(lo, hi),
            span(load_least, load_most),
            board.area(at).name,
            board.area(b).name,
            words.cost,
            board.area(at).name,
            either_of(board.data, &here_to),
            board.area(b).name,
            either_of(board.data, &there_to),
        )
    });
}

/// 5.5: the room the area a march left has for more supplies, with `stayed` units and `kept`
/// supplies there: none once no unit stays, one more than the units on a Point, the storage
/// limit in a City or Fort.
fn room_left(stayed: u32, point: bool, kept: Supplies, storage: u32) -> u32 {
    match (stayed, point) {
        (0, _) => 0,
        (_, true) => (stayed + 1).saturating_sub(kept.total()),
        (_, false) => storage.saturating_sub(kept.total()),
    }
}

/// A march's option with the move after it: the areas it may go to and its amounts (`most`,
/// food and war) as ranges beside the march's, at least one supply in all (5.2).
fn with_move_after(
    ranges: &mut Open,
    to: &[Id],
    most: (u32, u32),
    march: Action,
    moved: SupplyMove,
) -> Candidate<Orders> {
    ranges
        .one_of("supply_after[0].to", ids(to))
        .amount("supply_after[0].food", least(most.0, most.1), most.0)
        .amount("supply_after[0].war", least(most.1, most.0), most.1)
        .with(Orders {
            full: Some(march),
            supply_after: vec![moved],
            ..Orders::default()
        })
}

/// What a split's option with the move after it reads of the split (`army.rs`): the area left,
/// the most units that may move and that one group may have, and whether the leader may stay
/// behind.
pub(super) struct Splitting {
    pub(super) at: usize,
    pub(super) movers: u32,
    pub(super) per_group: u32,
    pub(super) leader_may_stay: bool,
}

/// 9.1 with 5.5, for a split: a group that goes into an area with more supplies than that area
/// may then hold (a full Fort), or a Point left with more than its staying units may hold,
/// leaves an excess that one move after the action (`supply_after`) may take on along the line.
/// The split's own option brings no moves, so such a split is offered again with one: from any
/// area that may be left over its limit, to any area of the line through the left one and the
/// entered ones that may have room. Offered only where some split leaves such an excess.
#[allow(clippy::too_many_arguments)]
pub(super) fn split_on_option<S: Sink<Orders>, I: Iterator<Item = (usize, Reach)>>(
    board: &Board,
    st: &State,
    side: Side,
    army: &Army,
    s: Supplies,
    split: &Splitting,
    open: &impl Fn() -> I,
    build: &impl Fn() -> Candidate<Action>,
    words: &impl Fn() -> String,
    out: &mut S,
) {
    let data = board.data;
    let at = split.at;
    let point = !board.area(at).is_city_or_fort();
    let storage = data.pieces.storage_limit;
    // What is left for the groups after the march's Food, when `g` units move (9.1).
    let pool = |g: u32| left_after_march(army, s, g);
    // 5.5: what the entered area may hold once `g` units have come in.
    let limit_there = |b: usize, g: u32| limit_on_entry(board, side, b, g);
    // The Point left keeps the most when the most units leave it carrying nothing and some
    // stay: more than those may hold is an excess there.
    let most_moving = split.movers.min(army.units.saturating_sub(1));
    let left_over = |g: u32| {
        pool(g).map_or(0, |p| {
            p.total().saturating_sub(army.units.saturating_sub(g) + 1)
        })
    };
    let over_here = point && most_moving >= 2 && left_over(most_moving) > 0;
    // A group of `g` (another group of at least one going elsewhere) carrying all it may.
    let over_there = |b: usize, r: &Reach| {
        (1..=split.per_group.min(r.most())).map(move |g| {
            pool(g + 1).map_or(0, |p| {
                (board.supplies(b).total() + p.total().min(g + 1)).saturating_sub(limit_there(b, g))
            })
        })
    };
    let entered_over =
        |b: usize, r: &Reach| !sealed_in(board, b) && over_there(b, r).any(|e| e > 0);
    if !over_here && !open().any(|(b, r)| entered_over(b, &r)) {
        return;
    }
    let froms = || -> Vec<usize> {
        let mut f: Vec<usize> = open()
            .filter(|(b, r)| entered_over(*b, r))
            .map(|(b, _)| b)
            .collect();
        if over_here {
            f.insert(0, at);
        }
        f
    };
    // Where an excess may go: the left area while units stay there, an entered area, and the
    // other areas with room on the line through them all after the split.
    let targets = || -> Vec<usize> {
        let mut map = supply::SupplyMap::new(data, st, side);
        for (b, _) in open() {
            if !board.besieged(b) {
                map.after_march(at, b, false);
            }
        }
        let entered: Vec<usize> = open()
            .filter(|(b, _)| !sealed_in(board, *b))
            .map(|(b, _)| b)
            .collect();
        map.line(data, at)
            .into_iter()
            .filter(|&p| {
                if p == at {
                    army.units >= 3
                } else if entered.contains(&p) {
                    !board.area(p).is_city_or_fort() || board.supplies(p).total() < storage
                } else {
                    board.limit(p) > board.supplies(p).total()
                }
            })
            .collect()
    };
    // The most one move may take: the most any of those areas may be over its limit.
    let amounts = |from: &[usize]| -> (u32, u32) {
        let mut most = (0, 0);
        for &f in from {
            let (food, war, excess) = if f == at {
                let p = pool(most_moving).unwrap_or_default();
                (p.food, p.war, left_over(most_moving))
            } else {
                let r = open().find(|(b, _)| *b == f).map(|(_, r)| r);
                let excess = r.map_or(0, |r| over_there(f, &r).max().unwrap_or(0));
                let held = board.supplies(f);
                let carry = split.per_group + 1;
                (
                    held.food + s.food.min(carry),
                    held.war + s.war.min(carry),
                    excess,
                )
            };
            most.0 = most.0.max(food.min(excess));
            most.1 = most.1.max(war.min(excess));
        }
        most
    };
    let id = |p: usize| board.area(p).id;
    let item = || {
        let from = froms();
        let to = targets();
        let (food_most, war_most) = amounts(&from);
        let c = build();
        let (groups, moved) = split_example(board, army, split, open, &to, &pool, &limit_there)
            .unwrap_or_else(|| {
                // No split found that one move puts right: the option's draws may still find
                // one.
                let groups = match &c.orders {
                    Action::March(m) => m.groups.clone(),
                    _ => Vec::new(),
                };
                let moved = SupplyMove {
                    from: id(from[0]),
                    to: id(to.first().copied().unwrap_or(at)),
                    food: u32::from(food_most > 0),
                    war: u32::from(food_most == 0),
                };
                (groups, moved)
            });
        let from_ids: Vec<Id> = from.iter().map(|&p| id(p)).collect();
        let to_ids: Vec<Id> = to.iter().map(|&p| id(p)).collect();
        let split = Action::March(March {
            from: id(at),
            groups,
        });
        let mut ranges = Open(c.ranges);
        ranges.one_of("supply_after[0].from", ids(&from_ids));
        with_move_after(&mut ranges, &to_ids, (food_most, war_most), split, moved)
    };
    out.offer(item, || {
        let from = froms();
        let to = targets();
        let (food_most, war_most) = amounts(&from);
        let from_ids: Vec<Id> = from.iter().map(|&p| id(p)).collect();
        let to_ids: Vec<Id> = to.iter().map(|&p| id(p)).collect();
        format!(
            "{}; where it leaves {} over its limit (5.5), move supplies on from there (`supply_after`, 5.5) to {}: {}, at least 1 in all",
            words(),
            either_of(data, &from_ids),
            either_of(data, &to_ids),
            move_amounts(
                (least(food_most, war_most), food_most),
                (least(war_most, food_most), war_most)
            )
        )
    });
}

/// A split of two groups leaving one area over its limit by what one move to an area of `to`
/// takes on, with that move: units leaving the Point carrying nothing and the excess staying
/// with the units left behind, or a group carrying all it may into an area that cannot hold
/// it, the other group a single unit carrying nothing.
#[allow(clippy::too_many_arguments)]
fn split_example<I: Iterator<Item = (usize, Reach)>>(
    board: &Board,
    army: &Army,
    split: &Splitting,
    open: &impl Fn() -> I,
    to: &[usize],
    pool: &impl Fn(u32) -> Option<Supplies>,
    limit_there: &impl Fn(usize, u32) -> u32,
) -> Option<(Vec<Group>, SupplyMove)> {
    let at = split.at;
    let point = !board.area(at).is_city_or_fort();
    let storage = board.data.pieces.storage_limit;
    let has_leader = army.leader.is_some();
    let id = |p: usize| board.area(p).id;
    // 5.5: the room an entered area has once `g` units came in.
    let room_there = |b: usize, g: u32| limit_there(b, g).saturating_sub(board.supplies(b).total());
    let group = |b: usize, units: u32, leader: bool, load: Supplies| Group {
        to: id(b),
        units,
        leader,
        subordinate: false,
        food: Some(load.food),
        war: Some(load.war),
    };
    let spots: Vec<(usize, Reach)> = open().filter(|(b, _)| !sealed_in(board, *b)).collect();
    // A leaderless group may go where units without the leader may (9.2).
    let leaderless = |r: &Reach| if has_leader { r.without } else { r.with };
    // Two single units leave the Point, the leader staying: the rest is over its limit there.
    if point && army.units >= 3 && split.movers >= 2 && (!has_leader || split.leader_may_stay) {
        if let Some(p) = pool(2) {
            let excess = p.total().saturating_sub(army.units - 2 + 1);
            let two: Vec<usize> = spots
                .iter()
                .filter(|(_, r)| r.without >= 1 || (!has_leader && r.with >= 1))
                .map(|(b, _)| *b)
                .take(2)
                .collect();
            if excess > 0 && two.len() == 2 {
                if let Some(&q) = two
                    .iter()
                    .find(|&&q| to.contains(&q) && room_there(q, 1) >= excess)
                {
                    let none = Supplies::default();
                    let groups = two.iter().map(|&b| group(b, 1, false, none)).collect();
                    return Some((groups, excess_move(id(at), id(q), p, excess)));
                }
            }
        }
    }
    // A group carrying all it may into an area that cannot hold it, a single unit elsewhere.
    for &(b, r) in &spots {
        for g in (1..=split.per_group.min(r.most())).rev() {
            let Some(p) = pool(g + 1) else { continue };
            // The leader goes with this group, or stays with units left behind (9.1, 9.2).
            let leader = has_leader && r.with >= g;
            let stayed = army.units - g - 1;
            if has_leader
                && !leader
                && (leaderless(&r) < g || stayed == 0 || !split.leader_may_stay)
            {
                continue;
            }
            let food = p.food.min(g + 1);
            let load = Supplies {
                food,
                war: p.war.min(g + 1 - food),
            };
            let arrived = board.supplies(b).total() + load.total();
            let excess = arrived.saturating_sub(limit_there(b, g));
            if excess == 0 {
                continue;
            }
            let kept = Supplies {
                food: p.food - load.food,
                war: p.war - load.war,
            };
            // The units left behind hold what is kept (5.5), or leave nothing at all.
            if point && kept.total() > if stayed > 0 { stayed + 1 } else { 0 } {
                continue;
            }
            // The other group goes without the leader.
            let Some(&(c, _)) = spots.iter().find(|(c, rc)| *c != b && leaderless(rc) >= 1) else {
                continue;
            };
            let has = Supplies {
                food: board.supplies(b).food + load.food,
                war: board.supplies(b).war + load.war,
            };
            let room = |q: usize| {
                if q == at {
                    room_left(stayed, point, kept, storage)
                } else if q == c {
                    room_there(c, 1)
                } else if q == b {
                    0
                } else {
                    board.limit(q) - board.supplies(q).total()
                }
            };
            if let Some(&q) = to.iter().find(|&&q| room(q) >= excess) {
                let groups = vec![
                    group(b, g, leader, load),
                    group(c, 1, false, Supplies::default()),
                ];
                return Some((groups, excess_move(id(b), id(q), has, excess)));
            }
        }
    }
    None
}

/// The move after an action (`supply_after`, 5.5) that takes `excess` cubes from `from`
/// (holding `has`) on to `to`: Food first, as far as it goes, then War.
fn excess_move(from: Id, to: Id, has: Supplies, excess: u32) -> SupplyMove {
    let food = has.food.min(excess);
    SupplyMove {
        from,
        to,
        food,
        war: excess - food,
    }
}
