//! What a position of The Southern Strategy must satisfy to be played from (`new --position`):
//! the rulebook's own limits on pieces, places and tracks. A position is a state the rules
//! could reach, not a free edit; each refusal names the rule it breaks and where in the state
//! the bad value sits (a path such as `armies.CHS.units`).

use std::collections::BTreeMap;

use super::data::Data;
use super::state::{LeaderRank, Phase, Question, Side, Stage, State};
use super::{navy, siege, supply, turn_end};
use crate::engine::error::OrderError;

fn bad(rule: &str, path: impl Into<String>, message: String) -> OrderError {
    OrderError::new(rule, message).at(path)
}

/// Checks `st` against the rules; the first fault found is returned.
pub fn check(data: &Data, st: &State) -> Result<(), OrderError> {
    areas_exist(data, st)?;
    armies(data, st)?;
    supplies(data, st)?;
    irregulars(data, st)?;
    navies(data, st)?;
    tracks(data, st)?;
    phase(data, st)?;
    Ok(())
}

/// 2.1: every area named is on the map, by its id.
fn areas_exist(data: &Data, st: &State) -> Result<(), OrderError> {
    let named = st
        .armies
        .keys()
        .map(|a| ("armies", a))
        .chain(st.supplies.keys().map(|a| ("supplies", a)))
        .chain(st.holds.iter().map(|a| ("holds", a)))
        .chain(st.sieges.iter().map(|a| ("sieges", a)));
    for (key, area) in named {
        if !data.has_area(area) {
            let hint = match data.find_area(area) {
                Some(a) => format!("; write its id, `{}`", a.id),
                None => String::new(),
            };
            return Err(bad(
                "2.1",
                format!("{key}.{area}"),
                format!("there is no area with the id `{area}` on the map{hint}"),
            ));
        }
    }
    Ok(())
}

/// 2.2, 9.2, 9.6: armies, leaders and the piece limit.
fn armies(data: &Data, st: &State) -> Result<(), OrderError> {
    let mut leaders: BTreeMap<(Side, &str), String> = BTreeMap::new();
    let mut note = |side: Side, rank: LeaderRank, path: String| -> Result<(), OrderError> {
        let (rank_name, rule) = match rank {
            LeaderRank::Leader => ("Leader", "2.2"),
            LeaderRank::Subordinate => ("Subordinate Leader", "9.2"),
        };
        if let Some(first) = leaders.insert((side, rank_name), path.clone()) {
            return Err(bad(
                rule,
                path,
                format!("the {side} has one {rank_name}, but it is also at `{first}`"),
            ));
        }
        Ok(())
    };
    for (area, army) in &st.armies {
        let path = format!("armies.{area}");
        if army.units == 0 {
            return Err(bad(
                "2.2",
                format!("{path}.units"),
                "an army is at least one Unit; a leader never stands alone".into(),
            ));
        }
        if let Some(rank) = army.leader {
            note(army.side, rank, path.clone())?;
            if rank == LeaderRank::Subordinate && army.units > super::state::SUBORDINATE_UNITS {
                return Err(bad(
                    "9.2",
                    format!("{path}.units"),
                    format!(
                        "a Subordinate Leader commands at most {} Units, not {}",
                        super::state::SUBORDINATE_UNITS,
                        army.units
                    ),
                ));
            }
        }
        // 9.6: an army digs in only in a City or Fort, but (B16) keeps the marker for the rest
        // of the turn if beaten there and retreated, to a Point as well.
        if army.dug_in
            && !data.area(area).is_city_or_fort()
            && !data.pieces.readings.retreat_keeps_dig_in()
        {
            return Err(bad(
                "9.6",
                format!("{path}.dug_in"),
                format!(
                    "only an army in a City or Fort digs in; `{}` is a Point",
                    data.area(area).name
                ),
            ));
        }
    }
    for (side, cargo) in &st.navies.cargo {
        if let Some(rank) = cargo.leader {
            note(*side, rank, format!("navies.cargo.{side}"))?;
        }
    }
    // An attack waiting for the defender's answer has its units and leader on the move.
    let attacking = st.pending_attack();
    if let Some(rank) = attacking.and_then(|a| a.leader) {
        note(attacking.unwrap().side, rank, "phase.attack".into())?;
    }
    for side in [Side::Crown, Side::Patriot] {
        let limit = data.pieces.units[&side];
        let moving = attacking.filter(|a| a.side == side).map_or(0, |a| a.units);
        let total = st.units_on_map(side) + moving;
        if total > limit {
            return Err(bad(
                "2.2",
                "armies",
                format!(
                    "the {side} has {total} Units on the map and aboard, but only {limit} exist"
                ),
            ));
        }
    }
    let cornwallis = leaders.contains_key(&(Side::Crown, "Leader"));
    if !cornwallis && st.phase != Phase::Over {
        return Err(bad(
            "14.0",
            "armies",
            format!(
                "{} is not on the map; losing him ends the game, so a game in play has him with an army",
                data.pieces.leaders.crown
            ),
        ));
    }
    if !data.pieces.leaders.patriot.contains(&st.patriot_commander) {
        return Err(bad(
            "13.4",
            "patriot_commander",
            format!(
                "`{}` is not a Patriot commander of the data ({})",
                st.patriot_commander,
                data.pieces.leaders.patriot.join(", ")
            ),
        ));
    }
    Ok(())
}

/// 2.1, 2.5, 5.5: where supplies lie, and the stock. How many a City, Fort or army holds is
/// not checked: a side puts its limits right at the end of its own orders (5.5, RULINGS S4),
/// and a defender given the attacker's supplies need not until its next impulse (10.7), so a
/// reachable position may hold more than a limit.
fn supplies(data: &Data, st: &State) -> Result<(), OrderError> {
    for (area, s) in &st.supplies {
        let a = data.area(area);
        let path = format!("supplies.{area}");
        if s.is_empty() {
            return Err(bad(
                "2.5",
                path,
                "an entry with no supplies; leave the area out".into(),
            ));
        }
        if !a.is_city_or_fort() && st.army(area).is_none() {
            return Err(bad(
                "5.5",
                path,
                format!(
                    "supplies lie on the Point `{}` with no army to carry them",
                    a.name
                ),
            ));
        }
    }
    let out = st.supplies_on_map();
    let pieces = &data.pieces.supplies;
    if out.food > pieces.food || out.war > pieces.war {
        return Err(bad(
            "2.5",
            "supplies",
            format!(
                "{} Food and {} War are on the map and aboard, but only {} Food and {} War cubes exist",
                out.food, out.war, pieces.food, pieces.war
            ),
        ));
    }
    Ok(())
}

/// 2.3, 8.4, 8.5, 13.2: the Partisan Boxes, the pool, the cup and the Holding Loyalists account
/// for every irregular counter, and each is where the rules can put it.
fn irregulars(data: &Data, st: &State) -> Result<(), OrderError> {
    for c in &data.map.colonies {
        let id = &c.id;
        let p = st.partisans.get(id.as_str()).copied().unwrap_or_default();
        let boxes = data.pieces.partisan_boxes_per_colony;
        let in_box = p.militia + p.loyalists + u32::from(p.swamp_fox);
        if in_box > boxes {
            return Err(bad(
                "13.2",
                format!("partisans.{id}"),
                format!(
                    "{} has {boxes} Partisan Boxes, but {in_box} counters are in them",
                    c.name
                ),
            ));
        }
        if p.swamp_fox && id != "SC" {
            return Err(bad(
                "8.5",
                format!("partisans.{id}.swamp_fox"),
                "the Swamp Fox enters play only in South Carolina".into(),
            ));
        }
        let pool = st.pool.get(id.as_str()).copied().unwrap_or_default();
        let in_cup = |side: Side| {
            st.cup
                .iter()
                .filter(|x| x.colony == *id && x.side == side && !x.swamp_fox)
                .count() as u32
        };
        let holds = st
            .holds
            .iter()
            .filter(|h| data.area(h).colony == *id)
            .count() as u32;
        let militia = p.militia + pool.militia + in_cup(Side::Patriot);
        if militia != data.pieces.irregulars.militia[id.as_str()] {
            return Err(bad(
                "2.3",
                format!("partisans.{id}.militia"),
                format!(
                    "{} has {} Militia counters, but box ({}), pool ({}) and cup ({}) hold {militia}",
                    c.name,
                    data.pieces.irregulars.militia[id.as_str()],
                    p.militia,
                    pool.militia,
                    in_cup(Side::Patriot)
                ),
            ));
        }
        let loyalists = p.loyalists + pool.loyalists + in_cup(Side::Crown) + holds;
        if loyalists != data.pieces.irregulars.loyalists[id.as_str()] {
            return Err(bad(
                "2.3",
                format!("partisans.{id}.loyalists"),
                format!(
                    "{} has {} Loyalist counters, but box ({}), pool ({}), cup ({}) and Holds ({holds}) hold {loyalists}",
                    c.name,
                    data.pieces.irregulars.loyalists[id.as_str()],
                    p.loyalists,
                    pool.loyalists,
                    in_cup(Side::Crown)
                ),
            ));
        }
    }
    for key in st.partisans.keys().chain(st.pool.keys()) {
        if !data.map.colonies.iter().any(|c| c.id == *key) {
            return Err(bad(
                "2.3",
                format!("partisans.{key}"),
                format!("there is no Colony `{key}` (VA, NC, SC, GA)"),
            ));
        }
    }
    let mut foxes = 0;
    for (i, chit) in st.cup.iter().enumerate() {
        if !data.map.colonies.iter().any(|c| c.id == chit.colony) {
            return Err(bad(
                "3.3",
                format!("cup[{i}].colony"),
                format!("there is no Colony `{}`", chit.colony),
            ));
        }
        if chit.swamp_fox {
            foxes += 1;
            if chit.side != Side::Patriot || chit.colony != "SC" {
                return Err(bad(
                    "8.5",
                    format!("cup[{i}]"),
                    "the Swamp Fox is a Patriot counter of South Carolina".into(),
                ));
            }
        }
    }
    let boxed = st.partisans.values().any(|p| p.swamp_fox);
    foxes += u32::from(boxed);
    if foxes > 1 {
        return Err(bad(
            "8.5",
            "cup",
            "there is one Swamp Fox, but he is in more than one place".into(),
        ));
    }
    // 8.5: he goes into the cup at the end of the first campaign turn (13.3), so until then he
    // is nowhere, and from the second turn on he is in the cup or the box. A decision of the
    // first turn's end that comes after 13.3 (the new commander's, 13.4) finds him in the cup.
    let past_first_cup = matches!(&st.phase, Phase::Decision { resume, .. } if *resume > Stage::Irregulars)
        || st.phase == Phase::Over;
    if foxes > 0 && st.campaign_turns <= 1 && !past_first_cup {
        return Err(bad(
            "8.5",
            if boxed { "partisans.SC.swamp_fox" } else { "cup" },
            "the Swamp Fox enters the cup at the end of the first campaign turn (13.3); this position is before it"
                .into(),
        ));
    }
    if foxes == 0 && st.campaign_turns > 1 {
        return Err(bad(
            "8.5",
            "cup",
            "after the first campaign turn the Swamp Fox is in the cup or in South Carolina's box"
                .into(),
        ));
    }
    for area in &st.holds {
        let a = data.area(area);
        if !a.is_city_or_fort() {
            return Err(bad(
                "8.4",
                format!("holds.{area}"),
                format!(
                    "Loyalists Hold only a City or Fort; `{}` is a Point",
                    a.name
                ),
            ));
        }
        if st.army_of(area, Side::Patriot).is_some() {
            return Err(bad(
                "8.4",
                format!("holds.{area}"),
                format!(
                    "a Patriot army in `{}` would have eliminated the Holding Loyalist",
                    a.name
                ),
            ));
        }
    }
    Ok(())
}

/// 2.4, 5.4, 9.3, 12.0: the navies, what they carry, and the sieges they help.
fn navies(data: &Data, st: &State) -> Result<(), OrderError> {
    let winter = data.is_winter(st.turn.space);
    // The navies are still on the map while their owners answer 12.3, before the removal at
    // the turn start, and when the game ended during the removal (Cornwallis lost aboard).
    let leaving = matches!(
        st.phase,
        Phase::Decision {
            resume: Stage::WinterRemoval,
            ..
        } | Phase::TurnStart
            | Phase::Over
    );
    for (side, key) in [(Side::Crown, "crown"), (Side::Patriot, "french")] {
        let Some(zone) = st.navies.zone(side) else {
            continue;
        };
        if data.find_sea(zone).is_none_or(|z| z.id != *zone) {
            return Err(bad(
                "2.1",
                format!("navies.{key}"),
                format!("there is no sea zone `{zone}` (A to D)"),
            ));
        }
        if winter && !leaving {
            return Err(bad(
                "2.4",
                format!("navies.{key}"),
                "no navy is on the map in a Winter Turn".into(),
            ));
        }
    }
    for (side, cargo) in &st.navies.cargo {
        let path = format!("navies.cargo.{side}");
        if st.navies.zone(*side).is_none() {
            return Err(bad(
                "12.3",
                path,
                format!("the {side}'s navy is off the map, so it carries nothing"),
            ));
        }
        if cargo.is_empty() {
            return Err(bad("5.4", path, "an empty cargo; leave it out".into()));
        }
        if cargo.units > 0 && *side != Side::Crown {
            return Err(bad("9.3", path, "only the Crown transports an army".into()));
        }
        if cargo.units > 0 && cargo.leader.is_none() || cargo.units == 0 && cargo.leader.is_some() {
            return Err(bad(
                "9.3",
                path,
                "a transported army is Units with one Leader".into(),
            ));
        }
    }
    for side in &st.navies.returning {
        if st.navies.zone(*side).is_some() {
            return Err(bad(
                "12.4",
                "navies.returning",
                format!("the {side}'s navy is on the map already"),
            ));
        }
    }
    for area in &st.sieges {
        // RULINGS B10: an army that attacks out of its siege with every unit still counts as
        // besieged until the battle is fought.
        if st.pending_attack().is_some_and(|a| a.from == *area) {
            continue;
        }
        let Some(army) = st.army(area) else {
            return Err(bad(
                "11.0",
                format!("sieges.{area}"),
                format!(
                    "`{}` is under siege but no army holds it",
                    data.area(area).name
                ),
            ));
        };
        if !siege::conditions_hold(data, st, area, army.side.other())
            && st.pending_attack().is_none()
        {
            return Err(bad(
                "11.3",
                format!("sieges.{area}"),
                format!(
                    "the conditions of a siege of `{}` do not hold, so it would have been lifted",
                    data.area(area).name
                ),
            ));
        }
    }
    Ok(())
}

/// 3.0, 6.0, 13.5, 14.0: the Campaign Turn, the Pass Track and Political Will.
fn tracks(data: &Data, st: &State) -> Result<(), OrderError> {
    let ct = &data.tracks.campaign_turn;
    if !(1..=ct.spaces).contains(&st.turn.space) {
        return Err(bad(
            "13.5",
            "turn.space",
            format!("the Campaign Turn Track has spaces 1 to {}", ct.spaces),
        ));
    }
    if st.turn.year < ct.start_year
        || st.turn.year == ct.start_year && st.turn.space < ct.start_space
    {
        return Err(bad(
            "3.0",
            "turn",
            format!(
                "the game starts on space {} of {}; a position cannot be earlier",
                ct.start_space, ct.start_year
            ),
        ));
    }
    let years = st.turn.year - ct.start_year;
    // On the last space the year's end (13.5) comes before the marker loops to the next year.
    let after_year_end = st.turn.space == ct.spaces && st.years_ended == years + 1;
    if st.years_ended != years && !after_year_end {
        return Err(bad(
            "13.5",
            "years_ended",
            format!(
                "{years} year ends have passed by {} (the first year is {}), not {}",
                st.turn.year, ct.start_year, st.years_ended
            ),
        ));
    }
    let played =
        years * u32::from(ct.spaces) + u32::from(st.turn.space) - u32::from(ct.start_space) + 1;
    if st.campaign_turns != played {
        return Err(bad(
            "4.0",
            "campaign_turns",
            format!(
                "space {} of {} is campaign turn {played} of the game, not {}",
                st.turn.space, st.turn.year, st.campaign_turns
            ),
        ));
    }
    let pw = &data.tracks.political_will;
    if !(pw.min..=pw.max).contains(&st.political_will) {
        return Err(bad(
            "14.0",
            "political_will",
            format!("the track runs from {} to {}", pw.min, pw.max),
        ));
    }
    let top = data
        .tracks
        .pass_track
        .spaces
        .iter()
        .max()
        .copied()
        .unwrap_or(0);
    if st.pass_track > top {
        return Err(bad(
            "6.0",
            "pass_track",
            format!("the Pass Track runs from 0 to {top}"),
        ));
    }
    Ok(())
}

/// 4.0: whose decision it is, and that the question put is the one the rules would put.
fn phase(data: &Data, st: &State) -> Result<(), OrderError> {
    let in_impulses = matches!(st.phase, Phase::Impulse { .. }) || st.pending_attack().is_some();
    if in_impulses && (st.initiative.is_none() || st.pass_track == 0) {
        return Err(bad(
            "6.0",
            "initiative",
            "during the impulses someone holds the initiative and the Pass Marker is on the track"
                .into(),
        ));
    }
    if matches!(st.phase, Phase::Supply { .. } | Phase::TurnStart) && st.initiative.is_some() {
        return Err(bad(
            "6.0",
            "initiative",
            "initiative is rolled after the Supply Phase".into(),
        ));
    }
    if (st.phase == Phase::Over) != st.outcome.is_some() {
        return Err(bad(
            "14.0",
            "outcome",
            "a game over has an `outcome`, and only a game over has one".into(),
        ));
    }
    match &st.phase {
        Phase::Battle { attack, .. }
        | Phase::Commit { attack, .. }
        | Phase::Defend { attack, .. } => {
            let path = "phase.attack";
            if !data.has_area(&attack.from)
                || !data.has_area(&attack.to)
                || !data.adjacent(&attack.from, &attack.to)
            {
                return Err(bad(
                    "9.4",
                    path,
                    "an attack goes from an area to an adjacent one".into(),
                ));
            }
            if st.army(&attack.to).is_none_or(|d| d.side == attack.side) {
                return Err(bad(
                    "9.4",
                    path,
                    "an attack is on an area the enemy's army holds".into(),
                ));
            }
            // 9.4: at least one War Supply, committed or carried to commit (10.2).
            if attack.units == 0
                || attack.leader.is_none()
                || attack.war_committed + attack.carried.war == 0
                || matches!(st.phase, Phase::Commit { .. }) && attack.war_committed > 0
                || matches!(st.phase, Phase::Defend { .. }) && attack.war_committed == 0
            {
                return Err(bad(
                    "9.4",
                    path,
                    "an attack is made by Units with a Leader and at least one War Supply".into(),
                ));
            }
        }
        Phase::Decision { side, question, .. } => {
            let expected = match question {
                Question::NavyZone { .. } => Question::NavyZone {
                    zones: navy::return_zones(data, st, *side),
                },
                Question::Commander { .. } => Question::Commander {
                    areas: turn_end::commander_areas(data, st),
                },
                Question::Unload { .. } => Question::Unload {
                    army_ports: if st.navies.cargo.get(side).is_some_and(|c| c.units > 0) {
                        navy::winter_army_ports(data, st, *side)
                    } else {
                        Vec::new()
                    },
                    supply_ports: navy::supply_ports(data, st, *side),
                },
                Question::Excess {
                    previous_passed, ..
                } => Question::Excess {
                    areas: supply::excess_waiting(data, st, *side),
                    previous_passed: *previous_passed,
                },
            };
            // 13.4 (RULINGS N15): with one area open the commander enters it unasked.
            if let Question::Commander { areas } = &expected {
                if let Some(only) = turn_end::commander_area_unasked(data, areas) {
                    return Err(bad(
                        "13.4",
                        "phase.question",
                        format!(
                            "with {} the only Virginia area open, the new commander enters it without a question (RULINGS N15)",
                            data.area(&only).name
                        ),
                    ));
                }
            }
            if *question != expected {
                // The question the rules would put, worded as the player would read it.
                let mut asked = st.clone();
                if let Phase::Decision { question: q, .. } = &mut asked.phase {
                    *q = expected;
                }
                let words =
                    <super::SouthernStrategy as crate::engine::game::Game>::awaiting(data, &asked)
                        .and_then(|a| a.detail)
                        .unwrap_or_default();
                return Err(bad(
                    "4.0",
                    "phase.question",
                    format!("the rules would ask something else here: {words}"),
                ));
            }
        }
        _ => {}
    }
    Ok(())
}
