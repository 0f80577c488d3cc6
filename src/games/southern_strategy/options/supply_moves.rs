//! Options of the supply phase: supply moves along the supply lines (5.2) and by sea (5.4).

use super::*;

/// 5.2 and 5.4: a move of supplies from each area of `side`'s supply lines that has some, to
/// any other area of its line; moves that bring the lines within their limits where that
/// takes several; and moves aboard the navy from a port it lies off, or ashore from it.
pub(super) fn supply_options<S: Sink<Vec<SupplyMove>>>(
    data: &Data,
    st: &State,
    side: Side,
    out: &mut S,
) {
    // The areas go by their place in the map's list here, and each is named only where an
    // option needs its id: self-play builds these options at every impulse.
    let mut seen = vec![false; data.map.areas.len()];
    let mut fix = Vec::new();
    let mut over_lines: Vec<Id> = Vec::new();
    let lines = supply::SupplyMap::new(data, st, side);
    for area in supply::supply_nodes(data, st, side) {
        let at = data.position(area).expect("an area of the map");
        if seen[at] {
            continue;
        }
        let places = lines.line(data, at);
        for &i in &places {
            seen[i] = true;
        }
        if places.len() < 2 {
            continue;
        }
        let line: Vec<Id> = places.iter().map(|&i| data.area_at(i).id).collect();
        let limits: Vec<u32> = line.iter().map(|a| supply::limit(data, st, a)).collect();
        let held: Vec<Supplies> = line.iter().map(|a| st.supplies_at(a)).collect();
        let line_fix = within_limits(&line, &limits, &held);
        if !line_fix.is_empty() {
            over_lines.extend(&line);
        }
        let describe = || {
            let parts: Vec<String> = (0..line.len())
                .map(|k| {
                    format!(
                        "{} ({}F {}W, limit {})",
                        data.area(&line[k]).name,
                        held[k].food,
                        held[k].war,
                        limits[k]
                    )
                })
                .collect();
            parts.join(" - ")
        };
        for (k, from) in line
            .iter()
            .enumerate()
            .filter(|(k, _)| !held[*k].is_empty())
        {
            let here = held[k];
            let others: Vec<usize> = (0..line.len()).filter(|&o| o != k).collect();
            // The example, legal as it stands: the move that brings the line within its
            // limits, where one does; else one cube to where there is room for it.
            let example = match line_fix.as_slice() {
                [m] if m.from == *from => m.clone(),
                _ => {
                    let to = others
                        .iter()
                        .find(|&&o| limits[o] > held[o].total())
                        .unwrap_or(&others[0]);
                    SupplyMove {
                        from: *from,
                        to: line[*to],
                        food: u32::from(here.food > 0),
                        war: u32::from(here.food == 0),
                    }
                }
            };
            let moves = Open::default()
                .one_of(
                    "supply[0].to",
                    others
                        .iter()
                        .map(|&o| Value::from(line[o].as_str()))
                        .collect(),
                )
                .amount("supply[0].food", 0, here.food)
                .amount("supply[0].war", 0, here.war)
                .with(vec![example]);
            out.offer(moves, || {
                let others: Vec<Id> = others.iter().map(|&o| line[o]).collect();
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

/// 5.5: moves that bring `line` (each area with its `limit` and what it `held`) within its
/// limits as far as its room allows: each area's excess over its limit to the areas with
/// room, Food first.
fn within_limits(line: &[Id], limit: &[u32], held: &[Supplies]) -> Vec<SupplyMove> {
    let mut load = held.to_vec();
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
                from: line[x],
                to: line[y],
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
        .filter(|p| st.army_of(&p.id, side).is_some() && !st.besieged(&p.id))
    {
        let s = st.supplies_at(&p.id);
        if !s.is_empty() {
            let aboard = Open::default()
                .amount("supply[0].food", 0, s.food)
                .amount("supply[0].war", 0, s.war)
                .with(vec![SupplyMove {
                    from: p.id,
                    to: *zone,
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
                    from: *zone,
                    to: p.id,
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
