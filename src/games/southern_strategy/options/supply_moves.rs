//! Options of the supply phase: supply moves along the supply lines (5.2) and by sea (5.4).

use std::cell::Cell;
use std::ops::Range;

use super::*;

/// An area of a supply line, with its limit (5.5) and what it holds.
#[derive(Clone, Copy)]
struct Stop {
    id: Id,
    limit: u32,
    held: Supplies,
}

/// 5.2 and 5.4: a move of supplies from each area of `side`'s supply lines that has some, to
/// any other area of its line; moves that bring the lines within their limits where that
/// takes several; and moves aboard the navy from a port it lies off, or ashore from it.
pub(super) fn supply_options<S: Sink<Vec<SupplyMove>>>(
    board: &Board,
    lines: &SupplyLines,
    st: &State,
    side: Side,
    out: &mut S,
) {
    let data = board.data;
    for (line, line_fix) in lines.lines() {
        let describe = || {
            let parts: Vec<String> = line
                .iter()
                .map(|x| {
                    format!(
                        "{} ({} food {} war, limit {})",
                        data.area(&x.id).name,
                        x.held.food,
                        x.held.war,
                        x.limit
                    )
                })
                .collect();
            // A line is a network of areas, not a chain (5.3 joins areas that do not
            // touch), so its areas are listed, not drawn as a path.
            match parts.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} and {last}", rest.join(", "))
                }
                _ => parts.join(""),
            }
        };
        if !out.section() {
            continue;
        }
        for (k, from) in line.iter().enumerate().filter(|(_, x)| !x.held.is_empty()) {
            let here = from.held;
            let others = || line.iter().enumerate().filter(move |&(o, _)| o != k);
            // 5.5: what one move may bring: the most room any other area has, plus what this
            // one holds beyond its limit. More would leave an area over its limit with room
            // still on the line, which is refused; an excess is discarded only once no room is
            // left anywhere on the line, the source included.
            let most = others()
                .map(|(_, x)| x.limit.saturating_sub(x.held.total()))
                .max()
                .unwrap_or(0)
                + here.total().saturating_sub(from.limit);
            if most == 0 {
                // Every move from here would be refused: no area has room for it.
                continue;
            }
            let (food_most, war_most) = (here.food.min(most), here.war.min(most));
            // 5.5: where some area of the line has room, a move into one at its limit leaves it
            // over with room still on the line, which is refused; only once none has room does
            // every area take the move (and its excess is discarded).
            let roomy = |x: &Stop| x.limit > x.held.total();
            let any_room = others().any(|(_, x)| roomy(x));
            let to = move || others().filter(move |(_, x)| !any_room || roomy(x));
            let moves = || {
                // The example, legal as it stands: the move that brings the line within its
                // limits, where one does; else one cube to where there is room for it.
                let example = match line_fix {
                    [m] if m.from == from.id => m.clone(),
                    _ => {
                        let (_, to) = others()
                            .find(|(_, x)| x.limit > x.held.total())
                            .or_else(|| others().next())
                            .expect("a line of two areas or more");
                        SupplyMove {
                            from: from.id,
                            to: to.id,
                            food: u32::from(here.food > 0),
                            war: u32::from(here.food == 0),
                        }
                    }
                };
                Open::default()
                    .one_of(
                        "supply[0].to",
                        to().map(|(_, x)| Value::from(x.id.as_str())).collect(),
                    )
                    .amount("supply[0].food", least(here.food, here.war), food_most)
                    .amount("supply[0].war", least(here.war, here.food), war_most)
                    .with(vec![example])
            };
            out.offer(moves, || {
                let others: Vec<Id> = to().map(|(_, x)| x.id).collect();
                format!(
                    "move supplies (5.2) from {} to {}: {} (the supply line of {})",
                    data.area(&from.id).name,
                    either_of(data, &others),
                    move_amounts(
                        (least(here.food, here.war), food_most),
                        (least(here.war, here.food), war_most)
                    ),
                    describe()
                )
            });
        }
    }
    // Where one move cannot bring every line within its limits, several can.
    let fix = lines.fix();
    if out.section() && fix.len() > 1 {
        // The areas of the lines beyond their limits.
        let over_lines: Vec<Id> = lines
            .lines()
            .filter(|(_, line_fix)| !line_fix.is_empty())
            .flat_map(|(line, _)| line.iter().map(|x| x.id))
            .collect();
        let most_moves = over_lines.len() as u32 - 1;
        let total =
            over_lines
                .iter()
                .map(|a| st.supplies_at(a))
                .fold(Supplies::default(), |t, s| Supplies {
                    food: t.food + s.food,
                    war: t.war + s.war,
                });
        let moves = || {
            Open::default()
                .amount("supply", 1, most_moves)
                .one_of("supply[*].from", ids(&over_lines))
                .one_of("supply[*].to", ids(&over_lines))
                .amount("supply[*].food", 0, total.food)
                .amount("supply[*].war", 0, total.war)
                .with(fix.to_vec())
        };
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
    sea_supply_options(board, st, side, out);
}

/// `side`'s supply lines (5.2, 5.3) as `supply::SupplyMap::line` traces them: supply nodes
/// adjacent to one another, and, for the Crown, an area Held by Loyalists adjacent to every
/// area it shares an adjacent area without an army with. Only the lines of two areas or more
/// holding supplies are kept: a line holding none, or of one area, has no move to offer and
/// is within its limits. They come in the order of their first areas in the map's list, each
/// with its areas and the moves that bring it within its limits (5.5), worked out once for
/// every pass over the options.
pub(super) struct SupplyLines {
    /// Boxed, so that taking them from the spare and giving them back moves a pointer; there
    /// until the lines are dropped.
    lists: Option<Box<Lists>>,
}

/// The lists the lines are traced into.
#[derive(Default)]
struct Lists {
    /// Per area, by place: whether a line traced so far holds it.
    on: Vec<bool>,
    /// The places of the areas of every line, line after line, each line in the map's order.
    places: Vec<usize>,
    /// Where each line lies in `places`.
    spans: Vec<Range<usize>>,
    /// The areas of the lines of two areas or more, line after line, each line in the map's
    /// order, and the moves that bring them within their limits.
    stops: Vec<Stop>,
    fix: Vec<SupplyMove>,
    /// Where each such line lies in `stops`, and its moves in `fix`.
    kept: Vec<(Range<usize>, Range<usize>)>,
    /// What each area of the line being brought within its limits holds as it goes.
    load: Vec<Supplies>,
}

thread_local! {
    /// The lists of the last lines traced on this thread, kept for the next: self-play traces
    /// them at most steps, and allocating them anew cost about a tenth of tracing them.
    static SPARE: Cell<Option<Box<Lists>>> = const { Cell::new(None) };
}

impl Drop for SupplyLines {
    fn drop(&mut self) {
        SPARE.set(self.lists.take());
    }
}

impl SupplyLines {
    pub(super) fn new(board: &Board, side: Side) -> SupplyLines {
        let mut lists = SPARE.take().unwrap_or_default();
        let Lists {
            on,
            places,
            spans,
            stops,
            fix,
            kept,
            load,
        } = &mut *lists;
        let node = |i: usize| board.is_supply_node(side, i);
        on.clear();
        on.resize(board.len(), false);
        places.clear();
        spans.clear();
        for &start in board.stocked() {
            if on[start] || !node(start) {
                continue;
            }
            let first = places.len();
            on[start] = true;
            places.push(start);
            // The areas of the line found so far that have not been looked around yet are
            // those after `next`.
            let mut next = first;
            while next < places.len() {
                let a = places[next];
                next += 1;
                let mut reach = |b: usize| {
                    if !on[b] && node(b) {
                        on[b] = true;
                        places.push(b);
                    }
                };
                for &b in board.adjacent(a) {
                    reach(b);
                    // 5.3 is the Crown's only.
                    if side == Side::Crown && board.army(b).is_none() {
                        for &c in board.adjacent(b) {
                            // 5.3 works from the held area outwards and back, so either end
                            // may be it.
                            if c != a && (board.held(a) || board.held(c)) {
                                reach(c);
                            }
                        }
                    }
                }
            }
            places[first..].sort_unstable();
            spans.push(first..places.len());
        }
        spans.sort_unstable_by_key(|r| places[r.start]);
        stops.clear();
        fix.clear();
        kept.clear();
        for r in spans.iter().filter(|r| r.len() >= 2) {
            let (first_stop, first_move) = (stops.len(), fix.len());
            stops.extend(places[r.clone()].iter().map(|&i| Stop {
                id: board.area(i).id,
                limit: board.limit(i),
                held: board.supplies(i),
            }));
            within_limits(&stops[first_stop..], load, fix);
            kept.push((first_stop..stops.len(), first_move..fix.len()));
        }
        SupplyLines { lists: Some(lists) }
    }

    fn lists(&self) -> &Lists {
        self.lists
            .as_deref()
            .expect("the lines keep their lists until dropped")
    }

    /// The areas of each line of two areas or more, in the map's order, with the moves that
    /// bring it within its limits.
    fn lines(&self) -> impl Iterator<Item = (&[Stop], &[SupplyMove])> + '_ {
        let Lists {
            stops, fix, kept, ..
        } = self.lists();
        kept.iter()
            .map(|(line, moves)| (&stops[line.clone()], &fix[moves.clone()]))
    }

    /// The moves that bring every line within its limits, line after line.
    pub(super) fn fix(&self) -> &[SupplyMove] {
        &self.lists().fix
    }

    /// 5.5: the other areas of the line through `id` that have room left, with how much, in
    /// the map's order: where supplies that put `id` over its limit may move on to.
    pub(super) fn room_beside(&self, id: Id) -> impl Iterator<Item = (Id, u32)> + '_ {
        self.lines()
            .map(|(line, _)| line)
            .find(|line| line.iter().any(|s| s.id == id))
            .unwrap_or_default()
            .iter()
            .filter(move |s| s.id != id && s.held.total() < s.limit)
            .map(|s| (s.id, s.limit - s.held.total()))
    }
}

/// 5.5: moves that bring `line` within its limits as far as its room allows, added to
/// `moves`: each area's excess over its limit to the areas with room, Food first. `load` is
/// room to work in.
fn within_limits(line: &[Stop], load: &mut Vec<Supplies>, moves: &mut Vec<SupplyMove>) {
    if line.iter().all(|x| x.held.total() <= x.limit) {
        return;
    }
    load.clear();
    load.extend(line.iter().map(|x| x.held));
    for x in 0..line.len() {
        for y in 0..line.len() {
            let excess = load[x].total().saturating_sub(line[x].limit);
            let room = line[y].limit.saturating_sub(load[y].total());
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
                from: line[x].id,
                to: line[y].id,
                food,
                war,
            });
        }
    }
}

/// The least of one kind of supply a move may carry when `other` is what there is of the other
/// kind: a move carries some food or war (5.2), so with none of the other there is at least
/// one of this kind to move (when there is any).
pub(super) fn least(one: u32, other: u32) -> u32 {
    u32::from(other == 0 && one > 0)
}

/// 5.4: supplies aboard the navy from a friendly-occupied Port City on its zone, or ashore
/// into one, the enemy navy absent.
fn sea_supply_options<S: Sink<Vec<SupplyMove>>>(
    board: &Board,
    st: &State,
    side: Side,
    out: &mut S,
) {
    let Some(zone) = st.navies.zone(side) else {
        return;
    };
    if st.navies.zone(side.other()) == Some(zone) {
        return;
    }
    if !out.section() {
        return;
    }
    let cargo = st.navies.cargo.get(&side).cloned().unwrap_or_default();
    for at in board
        .ports_on(zone)
        .filter(|&p| board.army_of(p, side).is_some() && !board.besieged(p))
    {
        let p = board.area(at);
        let s = board.supplies(at);
        if !s.is_empty() {
            let aboard = || {
                Open::default()
                    .amount("supply[0].food", least(s.food, s.war), s.food)
                    .amount("supply[0].war", least(s.war, s.food), s.war)
                    .with(vec![SupplyMove {
                        from: p.id,
                        to: *zone,
                        food: s.food,
                        war: s.war,
                    }])
            };
            out.offer(aboard, || {
                format!(
                    "move supplies (5.4) from {} aboard the navy in {zone}: {}",
                    p.name,
                    move_amounts(
                        (least(s.food, s.war), s.food),
                        (least(s.war, s.food), s.war)
                    )
                )
            });
        }
        if cargo.food + cargo.war > 0 {
            // 5.5: no more than the port has room for, where it has some (more would leave it
            // over its limit with that room on the line); a full port is offered one cube, which
            // the rules take only when the whole line is full and the excess is discarded.
            let room = board.limit(at).saturating_sub(s.total()).max(1);
            let (food_most, war_most) = (cargo.food.min(room), cargo.war.min(room));
            let ashore = || {
                // The example: as much as the port has room for, Food first, and at least a cube.
                let food = food_most;
                let war = war_most.min(room - food).max(u32::from(food == 0));
                Open::default()
                    .amount("supply[0].food", least(food_most, war_most), food_most)
                    .amount("supply[0].war", least(war_most, food_most), war_most)
                    .with(vec![SupplyMove {
                        from: *zone,
                        to: p.id,
                        food,
                        war,
                    }])
            };
            out.offer(ashore, || {
                format!(
                    "move supplies (5.4) ashore from the navy in {zone} to {}: {}",
                    p.name,
                    move_amounts(
                        (least(food_most, war_most), food_most),
                        (least(war_most, food_most), war_most)
                    )
                )
            });
        }
    }
}
