//! Supplies (5.x): generation in the supply phase, moves along supply lines, and the storage
//! and carrying limits.

use std::collections::BTreeSet;

use super::data::{Area, AreaType, Data};
use super::events::Event;
use super::orders::{self, SupplyMove};
use super::state::{Id, Key, Side, State, Supplies};
use crate::engine::error::{OrderError, Path};

/// 5.1: every eligible City generates 1 Food and 1 War, or 2 Food and 1 War when its
/// occupier has the majority in the Colony's Partisan Box; never beyond 8 stored, Food before
/// War. When the stock runs short the Patriot cities generate first (2.5).
pub fn generate(data: &Data, st: &mut State, ev: &mut Vec<Event>) {
    // Every City asks whose army stands on it and on the Points around it, and whether a
    // Loyalist Holds it: the armies and Holds are placed by place in the map's list once.
    // Generation moves neither.
    let mut army_at: Vec<Option<Side>> = vec![None; data.map.areas.len()];
    for (area, army) in &st.armies {
        if let Some(i) = data.position_of_id(area) {
            army_at[i] = Some(army.side);
        }
    }
    let mut held_at = vec![false; data.map.areas.len()];
    for area in &st.holds {
        if let Some(i) = data.position_of_id(area) {
            held_at[i] = true;
        }
    }
    // The cubes out of the stock (2.5), kept up to date as the Cities generate.
    let mut out_of_stock = st.supplies_on_map();
    for side in [Side::Patriot, Side::Crown] {
        for (i, area) in data.areas().enumerate() {
            if area.kind != AreaType::City {
                continue;
            }
            // `occupier`.
            let owner = army_at[i].or(held_at[i].then_some(Side::Crown));
            if owner != Some(side) {
                continue;
            }
            if st.besieged(&area.id) {
                ev.push(Event::NoGeneration {
                    side,
                    area: area.id,
                    reason: "under siege (11.1)".into(),
                });
                continue;
            }
            let open_point = data.adjacent_at(i).iter().any(|&p| {
                data.area_at(p).kind == AreaType::Point && army_at[p].is_none_or(|a| a == side)
            });
            if !open_point {
                ev.push(Event::NoGeneration {
                    side,
                    area: area.id,
                    reason: "every adjacent Point is held by an enemy army".into(),
                });
                continue;
            }
            let majority = has_generation_majority(data, st, side, &area.colony);
            let stored = st.supplies_at(&area.id);
            // `stock`.
            let stock = Supplies {
                food: data.pieces.supplies.food.saturating_sub(out_of_stock.food),
                war: data.pieces.supplies.war.saturating_sub(out_of_stock.war),
            };
            let mut room = data.pieces.storage_limit.saturating_sub(stored.total());
            let food = (if majority { 2 } else { 1 }).min(room).min(stock.food);
            room -= food;
            let war = 1u32.min(room).min(stock.war);
            if food + war == 0 {
                let reason = if room == 0 && stored.total() >= data.pieces.storage_limit {
                    "its supply box is full (5.1)"
                } else {
                    "no cubes left in the stock (2.5)"
                };
                ev.push(Event::NoGeneration {
                    side,
                    area: area.id,
                    reason: reason.into(),
                });
                continue;
            }
            st.add_supplies(&area.id, Supplies { food, war });
            out_of_stock.food += food;
            out_of_stock.war += war;
            ev.push(Event::SuppliesGenerated {
                side,
                area: area.id,
                food,
                war,
                majority,
            });
        }
    }
}

/// Who a City's supplies serve: the side whose army occupies it, or the Crown where a
/// Loyalist Holds it.
pub fn occupier(st: &State, area: &(impl Key + ?Sized)) -> Option<Side> {
    st.army(area)
        .map(|a| a.side)
        .or_else(|| st.held(area).then_some(Side::Crown))
}

/// 5.1 with 8.4: for generation, Holding Loyalists count with those in the box. The Swamp Fox
/// counts as a Militia counter (RULINGS.md).
pub fn has_generation_majority(data: &Data, st: &State, side: Side, colony: &str) -> bool {
    let p = st.partisans.get(colony).copied().unwrap_or_default();
    let holding = st
        .holds
        .iter()
        .filter(|h| data.area(h).colony == colony)
        .count() as u32;
    let crown = p.loyalists + holding;
    let patriot = p.militia + u32::from(p.swamp_fox);
    match side {
        Side::Crown => crown > patriot,
        Side::Patriot => patriot > crown,
    }
}

/// The cubes not on the map (2.5).
pub fn stock(data: &Data, st: &State) -> Supplies {
    let on = st.supplies_on_map();
    Supplies {
        food: data.pieces.supplies.food.saturating_sub(on.food),
        war: data.pieces.supplies.war.saturating_sub(on.war),
    }
}

/// Whether supplies of `side` may move to, from and through `area`: a friendly army is there,
/// or (for the Crown) a Loyalist Holds it (5.2, 5.3). Nothing moves in or out of a siege (11.1).
pub fn is_supply_node(st: &State, side: Side, area: &(impl Key + ?Sized)) -> bool {
    !st.besieged(area) && serves_as_node(st, side, area)
}

/// `is_supply_node` for an area already known not to be besieged: the army there is
/// `side`'s, or (for the Crown) there is none and a Loyalist Holds it.
fn serves_as_node(st: &State, side: Side, area: &(impl Key + ?Sized)) -> bool {
    match st.army(area) {
        Some(army) => army.side == side,
        None => side == Side::Crown && st.held(area),
    }
}

/// Every supply node of `side` (see `is_supply_node`), in the map's order.
pub fn supply_nodes<'s>(data: &Data, st: &'s State, side: Side) -> Vec<&'s Id> {
    // The armies, Holds and sieges are walked side by side (`Cursor`), not searched by id
    // for each area; each area's place is looked up once, not at every comparison of the
    // sort.
    let mut nodes: Vec<(Option<usize>, &Id)> = Vec::with_capacity(st.armies.len() + st.holds.len());
    let mut sieges = st.sieges.cursor();
    for (area, army) in &st.armies {
        let besieged = sieges.contains(area);
        if army.side == side && !besieged {
            nodes.push((data.position_of_id(area), area));
        }
    }
    if side == Side::Crown {
        // 5.3: a Hold is a node of its own only where no army stands.
        let mut armies = st.armies.cursor();
        let mut sieges = st.sieges.cursor();
        for area in &st.holds {
            let occupied = armies.get(area).is_some();
            let besieged = sieges.contains(area);
            if !occupied && !besieged {
                nodes.push((data.position_of_id(area), area));
            }
        }
    }
    nodes.sort_by_key(|(at, _)| *at);
    nodes.into_iter().map(|(_, a)| a).collect()
}

/// The areas joined to `start` by a supply line (5.2): friendly armies adjacent to one
/// another. 5.3: an area Held by Loyalists is also adjacent to every area it shares an
/// adjacent unoccupied area with; a Patriot army on that shared area breaks the link.
pub fn supply_line(data: &Data, st: &State, side: Side, start: &str) -> BTreeSet<Id> {
    if !is_supply_node(st, side, start) {
        return BTreeSet::new();
    }
    let start = data.position(start).expect("an area of the map");
    SupplyMap::new(data, st, side)
        .line(data, start)
        .into_iter()
        .map(|i| data.area_at(i).id)
        .collect()
}

/// What a supply line (5.2, 5.3) depends on, area by area in the map's order, read from the
/// state once so that tracing lines looks nothing up by id.
pub struct SupplyMap {
    places: Vec<Place>,
}

/// What a supply line needs to know of one area.
#[derive(Clone, Copy)]
struct Place {
    /// `is_supply_node`.
    node: bool,
    /// No army of either side.
    empty: bool,
    /// Held by Loyalists, for the Crown (5.3); never for the Patriots.
    held: bool,
}

impl SupplyMap {
    pub fn new(data: &Data, st: &State, side: Side) -> SupplyMap {
        let mut places = vec![
            Place {
                node: false,
                empty: true,
                held: false,
            };
            data.map.areas.len()
        ];
        // Areas the state names that are not on the map cannot be reached over it.
        for (area, army) in &st.armies {
            if let Some(i) = data.position_of_id(area) {
                places[i].empty = false;
                places[i].node = army.side == side;
            }
        }
        if side == Side::Crown {
            for area in &st.holds {
                if let Some(i) = data.position_of_id(area) {
                    let p = &mut places[i];
                    p.held = true;
                    p.node |= p.empty;
                }
            }
        }
        for area in &st.sieges {
            if let Some(i) = data.position_of_id(area) {
                places[i].node = false;
            }
        }
        SupplyMap { places }
    }

    /// The map after a march of `side` (9.1): its army enters the area at place `to`, which must
    /// not be besieged, and, when `emptied`, no army stays in the one at `from` (a Loyalist
    /// Holding it still makes it a node, 5.3).
    pub fn after_march(&mut self, from: usize, to: usize, emptied: bool) {
        let entered = &mut self.places[to];
        entered.empty = false;
        entered.node = true;
        if emptied {
            let left = &mut self.places[from];
            left.empty = true;
            left.node = left.held;
        }
    }

    /// `supply_line` from the area at place `start` of the map's list, which must be a supply
    /// node: the places of the areas on the line, in the map's order.
    pub fn line(&self, data: &Data, start: usize) -> Vec<usize> {
        let mut line = self.trace(data, start, None);
        line.sort_unstable();
        line
    }

    /// Whether the areas at places `a` and `b` are on one supply line; `a` must be a supply
    /// node. The line is traced only until `b` is found.
    pub fn joins(&self, data: &Data, a: usize, b: usize) -> bool {
        self.trace(data, a, Some(b)).contains(&b)
    }

    /// The places on the line from `start`, in the order found, up to `until` when it is on
    /// the line.
    fn trace(&self, data: &Data, start: usize, until: Option<usize>) -> Vec<usize> {
        if self.places.len() <= 64 {
            self.trace_marking(data, start, until, 0u64)
        } else {
            self.trace_marking(data, start, until, vec![false; self.places.len()])
        }
    }

    /// `trace`, marking the areas found in `on`.
    fn trace_marking(
        &self,
        data: &Data,
        start: usize,
        until: Option<usize>,
        mut on: impl Seen,
    ) -> Vec<usize> {
        on.insert(start);
        // The areas found so far, each once; those after `next` have not been looked from.
        // Room for every area is made at once: growing the list step by step cost more.
        let mut line = Vec::with_capacity(self.places.len());
        line.push(start);
        let mut next = 0;
        while let Some(&a) = line.get(next) {
            if until.is_some_and(|u| on.has(u)) {
                break;
            }
            next += 1;
            let mut reach = |b: usize| {
                if self.places[b].node && on.insert(b) {
                    line.push(b);
                }
            };
            for &b in data.adjacent_at(a) {
                reach(b);
                if self.places[b].empty {
                    for &c in data.adjacent_at(b) {
                        // 5.3 works from the held area outwards and back, so either end may
                        // be it.
                        if c != a && (self.places[a].held || self.places[c].held) {
                            reach(c);
                        }
                    }
                }
            }
        }
        line
    }
}

/// A set of places in the map's list, for tracing a line. For a map of up to 64 areas, as the
/// shipped one, it is one number's bits, which costs no allocation.
trait Seen {
    /// Adds place `i`; whether it was not in the set before.
    fn insert(&mut self, i: usize) -> bool;
    /// Whether place `i` is in the set.
    fn has(&self, i: usize) -> bool;
}

impl Seen for u64 {
    fn insert(&mut self, i: usize) -> bool {
        let new = *self & (1 << i) == 0;
        *self |= 1 << i;
        new
    }

    fn has(&self, i: usize) -> bool {
        *self & (1 << i) != 0
    }
}

impl Seen for Vec<bool> {
    fn insert(&mut self, i: usize) -> bool {
        !std::mem::replace(&mut self[i], true)
    }

    fn has(&self, i: usize) -> bool {
        self[i]
    }
}

/// 5.2: moves supplies between friendly armies on one supply line. Limits are not checked
/// while moving; `enforce_limits` checks them once the player is done.
pub fn move_supplies(
    data: &Data,
    st: &mut State,
    side: Side,
    moves: &[SupplyMove],
    key: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    for (i, m) in moves.iter().enumerate() {
        let path = key.item(i);
        if data.find_sea(&m.from).is_some() || data.find_sea(&m.to).is_some() {
            by_sea(data, st, side, m, path, ev)?;
            continue;
        }
        let from = orders::area(data, &m.from, path.field("from"))?;
        let to = orders::area(data, &m.to, path.field("to"))?;
        if m.food + m.war == 0 {
            return Err(
                OrderError::new("5.2", "a supply move must carry some food or war").at(path),
            );
        }
        for (a, field) in [(from, "from"), (to, "to")] {
            if st.besieged(&a.id) {
                return Err(OrderError::new(
                    "11.1",
                    format!(
                        "no supplies move to or from `{}` while it is under siege",
                        a.name
                    ),
                )
                .at(path.field(field)));
            }
            if !serves_as_node(st, side, &a.id) {
                return Err(OrderError::new(
                    "5.2",
                    format!(
                        "supplies move only to, from and through your armies; you have no army in `{}`{}",
                        a.name,
                        if side == Side::Crown { " and no Loyalist Holds it (5.3)" } else { "" }
                    ),
                )
                .at(path.field(field)));
            }
        }
        if from.id == to.id {
            return Err(
                OrderError::new("5.2", format!("`{}` to itself is no move", from.name)).at(path),
            );
        }
        // Both ends are supply nodes (checked above): whether they share a line is
        // `supply_line`, by the areas' places.
        let at = |a: &Area| data.position_of_id(&a.id).expect("an area of the map");
        if !SupplyMap::new(data, st, side).joins(data, at(from), at(to)) {
            return Err(OrderError::new(
                "5.2",
                format!(
                    "`{}` and `{}` are not on one supply line (a chain of your armies, each adjacent to the next)",
                    from.name, to.name
                ),
            )
            .at(path));
        }
        let have = st.supplies_at(&from.id);
        if have.food < m.food || have.war < m.war {
            return Err(OrderError::new(
                "5.2",
                format!(
                    "`{}` has {} food and {} war, too few to send {} food and {} war",
                    from.name, have.food, have.war, m.food, m.war
                ),
            )
            .at(path));
        }
        st.set_supplies(
            &from.id,
            Supplies {
                food: have.food - m.food,
                war: have.war - m.war,
            },
        );
        st.add_supplies(
            &to.id,
            Supplies {
                food: m.food,
                war: m.war,
            },
        );
        ev.push(Event::SuppliesMoved {
            side,
            from: from.id,
            to: to.id,
            food: m.food,
            war: m.war,
        });
    }
    Ok(())
}

/// 5.4: supplies go aboard the own navy from a friendly-occupied Port City on its zone, or
/// ashore from it into one, never while the enemy navy shares the zone. Between zones they
/// travel only with the navy (12.1, 9.3).
fn by_sea(
    data: &Data,
    st: &mut State,
    side: Side,
    m: &SupplyMove,
    path: Path<'_>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let fail = |msg: String, field: &str| Err(OrderError::new("5.4", msg).at(path.field(field)));
    let (zone_text, port_text, loading) = match (data.find_sea(&m.from), data.find_sea(&m.to)) {
        (Some(_), Some(_)) => {
            return fail(
                "supplies cross from zone to zone only aboard a moving navy".into(),
                "to",
            )
        }
        (None, Some(_)) => (&m.to, &m.from, true),
        _ => (&m.from, &m.to, false),
    };
    let zone = data.find_sea(zone_text).expect("checked").id;
    let port_field = if loading { "from" } else { "to" };
    let port = orders::area(data, port_text, path.field(port_field))?;
    if m.food + m.war == 0 {
        return Err(OrderError::new("5.2", "a supply move must carry some food or war").at(path));
    }
    if st.navies.zone(side) != Some(&zone) {
        return fail(
            format!("your navy is not in sea zone `{zone}`"),
            if loading { "to" } else { "from" },
        );
    }
    if st.navies.zone(side.other()) == Some(&zone) {
        return fail(
            format!("the enemy navy is in sea zone `{zone}`"),
            if loading { "to" } else { "from" },
        );
    }
    if !port.port
        || port.sea.as_deref() != Some(zone.as_str())
        || st.army_of(&port.id, side).is_none()
    {
        return fail(
            format!(
                "`{}` is not a Port City you occupy on sea zone `{zone}`",
                port.name
            ),
            port_field,
        );
    }
    if st.besieged(&port.id) {
        return Err(OrderError::new(
            "11.1",
            format!(
                "no supplies move to or from `{}` while it is under siege",
                port.name
            ),
        )
        .at(path.field(port_field)));
    }
    let cargo = st.navies.cargo.entry(side).or_default();
    let ashore = st
        .supplies
        .get(port.id.as_str())
        .copied()
        .unwrap_or_default();
    let (have, what) = if loading {
        (ashore, port.name.as_str())
    } else {
        (
            Supplies {
                food: cargo.food,
                war: cargo.war,
            },
            "the navy",
        )
    };
    if have.food < m.food || have.war < m.war {
        return Err(OrderError::new(
            "5.4",
            format!(
                "{what} has {} food and {} war, too few to move {} food and {} war",
                have.food, have.war, m.food, m.war
            ),
        )
        .at(path));
    }
    let (from_id, to_id) = if loading {
        cargo.food += m.food;
        cargo.war += m.war;
        st.set_supplies(
            &port.id,
            Supplies {
                food: ashore.food - m.food,
                war: ashore.war - m.war,
            },
        );
        (port.id, zone)
    } else {
        cargo.food -= m.food;
        cargo.war -= m.war;
        if cargo.is_empty() {
            st.navies.cargo.remove(&side);
        }
        st.set_supplies(
            &port.id,
            Supplies {
                food: ashore.food + m.food,
                war: ashore.war + m.war,
            },
        );
        (zone, port.id)
    };
    ev.push(Event::SuppliesMoved {
        side,
        from: from_id,
        to: to_id,
        food: m.food,
        war: m.war,
    });
    Ok(())
}

/// 5.5: what an area of `side` may hold: 8 in a City or Fort, one plus the units of the army
/// carrying them on a Point.
pub fn limit(data: &Data, st: &State, area: &(impl Key + ?Sized)) -> u32 {
    limit_of(data, st, data.area(area))
}

/// `limit` of an area of the map.
fn limit_of(data: &Data, st: &State, area: &Area) -> u32 {
    if area.is_city_or_fort() {
        data.pieces.storage_limit
    } else {
        st.army(&area.id).map(|a| a.units + 1).unwrap_or(0)
    }
}

/// 5.2 and 5.5: after the player's moves no City or Fort holds more than 8 and no army on a
/// Point carries more than it can. Where an excess could still be moved along the supply line
/// the orders are refused with a hint; where no room is left on the line, or the area is
/// besieged (11.1, RULINGS S7), the excess is discarded, War before Food.
///
/// `moves` is where in the orders the player may still move supplies: `supply` in the supply
/// phase, before an attack (B6) or with a limited impulse whose full impulse passes (S3),
/// `supply_after` after a full impulse that acts, none in a full impulse that passes (9.0);
/// `limited` between a limited impulse and the full impulse ordered with it, where none may
/// be given (S10).
pub fn enforce_limits(
    data: &Data,
    st: &mut State,
    side: Side,
    moves: Option<&'static str>,
    ev: &mut Vec<Event>,
) -> Result<(), OrderError> {
    let over = over_limits(data, st, side);
    if over.is_empty() {
        return Ok(());
    }
    let lines = SupplyMap::new(data, st, side);
    for (at, area, excess) in over {
        // 11.1 (RULINGS S7): nothing moves out of a siege, so its excess cannot be moved on.
        if st.besieged(&area) {
            discard_excess(data, st, side, &area, ev);
            continue;
        }
        let room = room_on_line(data, st, &lines, at);
        let a = data.area_at(at);
        if room > 0 {
            let (name, held, limit) = (
                a.name.clone(),
                st.supplies_at(&area).total(),
                limit_of(data, st, a),
            );
            return Err(OrderError::worded_later("5.5", move || {
                let how = match moves {
                    // The limited impulse with a full impulse in the same orders: no moves
                    // come between the two (RULINGS S10).
                    Some("limited") => "with moves listed under `supply_after:` in orders of the limited impulse alone; the full impulse then goes in orders of its own".to_string(),
                    Some(field) => format!("with moves listed under `{field}:` in these orders"),
                    None => "in an impulse that acts: a passing full impulse moves none (9.0)"
                        .to_string(),
                };
                format!(
                    "`{name}` would hold {held} supplies, {excess} over its limit of {limit}; move them along your supply line (there is room for {room}) {how}"
                )
            })
            .at(moves.unwrap_or("full")));
        }
        discard_excess(data, st, side, &area, ev);
    }
    Ok(())
}

/// 5.5: the room left on the supply line of the area at place `at`, the area's own included
/// (none there, as it is over its limit).
fn room_on_line(data: &Data, st: &State, lines: &SupplyMap, at: usize) -> u32 {
    lines
        .line(data, at)
        .into_iter()
        .map(|i| {
            let a = data.area_at(i);
            limit_of(data, st, a).saturating_sub(st.supplies_at(&a.id).total())
        })
        .sum()
}

/// 5.5 with 10.7 (RULINGS S12): an attacker whose battle left it over a limit puts it right
/// at once, as the acting player. What cannot be moved on (in a siege, 11.1, or with no room
/// on its line) is discarded now, War first; the areas returned are those over their limits
/// with room on the line, where the attacker chooses the moves.
pub fn excess_after_attack(
    data: &Data,
    st: &mut State,
    side: Side,
    ev: &mut Vec<Event>,
) -> Vec<Id> {
    let waiting = excess_waiting(data, st, side);
    for (_, area, _) in over_limits(data, st, side) {
        if !waiting.contains(&area) {
            discard_excess(data, st, side, &area, ev);
        }
    }
    waiting
}

/// The areas of `side` over their limits with room on their lines, which an attacker moves
/// on after its battle (RULINGS S12): what the question asks, worked out again for a
/// position's check.
pub fn excess_waiting(data: &Data, st: &State, side: Side) -> Vec<Id> {
    let over = over_limits(data, st, side);
    if over.is_empty() {
        return Vec::new();
    }
    let lines = SupplyMap::new(data, st, side);
    over.into_iter()
        .filter(|(at, area, _)| !st.besieged(area) && room_on_line(data, st, &lines, *at) > 0)
        .map(|(_, area, _)| area)
        .collect()
}

/// 5.5: the supply nodes of `side` holding more than their `limit`, in the map's order, each
/// with its place in the map's list and its excess.
fn over_limits(data: &Data, st: &State, side: Side) -> Vec<(usize, Id, u32)> {
    // Only an area holding supplies can hold too many. This runs after every impulse and
    // nearly always finds nothing, so each area is first judged by what costs nothing to
    // know: whose army is there, and the two limits it may have.
    //
    // No supply node may hold fewer than 2, or the storage limit if that is less: a City or
    // Fort holds the storage limit, and an army at least 1 unit (2.2), so a Point with an army
    // holds at least 2 (a Loyalist Holds only a City or Fort, 8.4). An area holding that many
    // or fewer is not over, whoever stands there, and is passed without looking.
    let least = data.pieces.storage_limit.min(2);
    let sealed = data.pieces.readings.sieges_sealed();
    let mut over = Vec::new();
    let mut armies = st.armies.cursor();
    let mut holds = st.holds.cursor();
    for (key, area, s) in st.supplies.iter_keyed() {
        let total = s.total();
        if total <= least {
            continue;
        }
        let army = armies.get_keyed(key, area);
        let held = side == Side::Crown && holds.contains_keyed(key, area);
        match army {
            // Not `side`'s supply node: an enemy army holds it.
            Some(a) if a.side != side => continue,
            // Within both limits an area may have: 8, or what its army carries.
            Some(a) if total <= data.pieces.storage_limit.min(a.units + 1) => continue,
            // With no army, only a Loyalist Hold makes it a node, for the Crown (5.3).
            None if !held => continue,
            _ => {}
        }
        let at = data.position_of_id(area).expect("an area of the map");
        // `limit`, from what is known here.
        let lim = if data.area_at(at).is_city_or_fort() {
            data.pieces.storage_limit
        } else {
            army.map_or(0, |a| a.units + 1)
        };
        // 11.1: a besieged area is no supply node, but (RULINGS S7) it keeps its limit too.
        if total > lim && (!st.besieged(area) || sealed) {
            over.push((at, *area, total - lim));
        }
    }
    over.sort_by_key(|(at, _, _)| *at);
    over
}

/// 5.5: discards what `area` holds beyond its limit, War before Food, where the excess cannot
/// be moved on.
pub fn discard_excess(data: &Data, st: &mut State, side: Side, area: &str, ev: &mut Vec<Event>) {
    let mut s = st.supplies_at(area);
    let excess = s.total().saturating_sub(limit(data, st, area));
    if excess == 0 {
        return;
    }
    let war = excess.min(s.war);
    let food = excess - war;
    s.war -= war;
    s.food -= food;
    st.set_supplies(area, s);
    ev.push(Event::SuppliesDiscarded {
        side,
        area: Id::new(area),
        food,
        war,
    });
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::selfplay;
    use crate::games::southern_strategy::{test_data, SouthernStrategy};

    /// 5.5 as written: every supply node of `side` holding more than its limit, in the map's
    /// order, with its excess, and (11.1, RULINGS S7) every besieged area it holds: its army's,
    /// or for the Crown one a Loyalist Holds with no army there (8.4).
    fn over_by_the_rule(data: &Data, st: &State, side: Side) -> Vec<(usize, Id, u32)> {
        let mut over = Vec::new();
        for (at, a) in data.map.areas.iter().enumerate() {
            let total = st.supplies_at(&a.id).total();
            let lim = limit(data, st, &a.id);
            let held = match st.army(&a.id) {
                Some(army) => army.side == side,
                None => side == Side::Crown && st.holds.contains(&a.id),
            };
            let ours = is_supply_node(st, side, &a.id) || (st.besieged(&a.id) && held);
            if ours && total > lim {
                over.push((at, a.id, total - lim));
            }
        }
        over
    }

    /// `over_limits`, which passes over small heaps and walks the maps side by side, finds
    /// what the rule finds, for both sides, at every position of some seeded games with 1,
    /// 2, 3 or 7 more supplies heaped in turn on each area that holds supplies or an army (the
    /// positions self-play keeps are within their limits).
    #[test]
    fn over_limits_finds_what_the_rule_finds() {
        let data = test_data();
        let (mut checked, mut found) = (0usize, 0usize);
        let forever = Duration::from_secs(u64::MAX / 4);
        selfplay::run_observed::<SouthernStrategy>(&data, 4, forever, |st, _| {
            let places: Vec<Id> = st
                .supplies
                .keys()
                .chain(st.armies.keys())
                .copied()
                .collect();
            for area in places {
                for more in [1, 2, 3, 7] {
                    let mut heaped = st.clone();
                    heaped.add_supplies(&area, Supplies { food: more, war: 0 });
                    for side in [Side::Crown, Side::Patriot] {
                        let want = over_by_the_rule(&data, &heaped, side);
                        assert_eq!(
                            over_limits(&data, &heaped, side),
                            want,
                            "{side} with {more} more food in {area}"
                        );
                        checked += 1;
                        found += usize::from(!want.is_empty());
                    }
                }
            }
        });
        assert!(checked > 10_000, "only {checked} positions checked");
        // Heaps both over and within the limits were met.
        assert!(
            found > checked / 20 && found < checked,
            "{found} of {checked} over"
        );
    }
}
