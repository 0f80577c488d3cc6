//! Words the options and reports need that the records do not hold: which leader leads an
//! army (9.2), read from the state before a step; and the names a question or a refusal
//! gives a side, a navy, a sea zone or the army aboard. The records keep what they hold,
//! which `verify` compares; only the words a report or an option prints change.

use serde_json::Value;

use super::data::Data;
use super::state::{Cargo, Id, LeaderRank, Navies, Side, State, Supplies};

/// 9.2: the leader of a `side` army of `rank` by name: the side's Leader as the pieces name
/// him (Cornwallis; the Patriot commander of the moment, 13.4), or the Subordinate Leader,
/// who has no name of his own.
pub fn leader_name(data: &Data, st: &State, side: Side, rank: LeaderRank) -> String {
    match (rank, side) {
        (LeaderRank::Subordinate, _) => "the Subordinate Leader".into(),
        (LeaderRank::Leader, Side::Crown) => data.pieces.leaders.crown.clone(),
        (LeaderRank::Leader, Side::Patriot) => st.patriot_commander.clone(),
    }
}

/// The leader of a `side` army whose leader is `rank`, by name (`leader_name`); "the leader"
/// when the army has none to name.
pub fn leader_words(data: &Data, st: &State, side: Side, rank: Option<LeaderRank>) -> String {
    rank.map(|r| leader_name(data, st, side, r))
        .unwrap_or_else(|| "the leader".into())
}

/// A side as the players call it: `Crown`, `Patriot`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::Crown => "Crown",
        Side::Patriot => "Patriot",
    }
}

/// 12.0: a side's navy: the Crown's, or the French navy that sails for the Patriot.
pub fn navy(side: Side) -> &'static str {
    match side {
        Side::Crown => "Crown navy",
        Side::Patriot => "French navy",
    }
}

/// A sea zone as the reports name it: `sea zone C (Off South Carolina)`.
pub fn sea_zone(data: &Data, zone: &str) -> String {
    match data.find_sea(zone) {
        Some(z) => format!("sea zone {} ({})", z.id, z.name),
        None => format!("sea zone {zone}"),
    }
}

/// 9.3: the army aboard a navy, its leader by name first: `Cornwallis and 2 units`.
pub fn army_aboard(data: &Data, st: &State, side: Side, cargo: &Cargo) -> String {
    let units = units(&cargo.units.to_string());
    match cargo.leader {
        Some(rank) => format!("{} and {units}", leader_name(data, st, side, rank)),
        None => units,
    }
}

/// Supplies as a player counts them, a kind of which there is none left out: `1 food and 2
/// war`, `2 war` (the reports' `supplies` macro says them so).
pub fn supplies(food: u32, war: u32) -> String {
    match (food, war) {
        (0, 0) => "no supplies".into(),
        (f, 0) => format!("{f} food"),
        (0, w) => format!("{w} war"),
        (f, w) => format!("{f} food and {w} war"),
    }
}

/// `n unit` or `n units`; a range (`1-3`) is plural.
pub fn units(n: &str) -> String {
    if n == "1" {
        "1 unit".into()
    } else {
        format!("{n} units")
    }
}

/// How many of `n` units an order may name, from one: `1` alone when there is only one, else
/// `1 to 4`.
pub fn one_to(n: u32) -> String {
    if n == 1 {
        "1".into()
    } else {
        format!("1 to {n}")
    }
}

/// The leader of the army at `area` in `st`, by name, if it has one.
fn leader_at(data: &Data, st: &State, area: &Value) -> Option<String> {
    let id = data.find_area_key(area.as_str()?)?.id;
    let army = st.army(&id)?;
    Some(leader_name(data, st, army.side, army.leader?))
}

/// A march's groups (orders or event) with the leader who goes with a group by name
/// (`commander`), from the army at `from` before the step.
fn name_commanders(data: &Data, before: &State, march: &mut Value, from: &Value) {
    let Some(name) = leader_at(data, before, from) else {
        return;
    };
    if let Some(groups) = march["groups"].as_array_mut() {
        for g in groups.iter_mut().filter(|g| g["leader"] == true) {
            g["commander"] = Value::String(name.clone());
        }
    }
}

/// 10.7: marks the event `e` of beaten attackers with the supplies they `carried` besides the
/// War they committed, which the defender at `area` takes (`handed_over`); nothing when they
/// carried none.
fn handed_over(e: &mut Value, carried: Option<Supplies>, area: Option<&Value>) {
    if let (Some(c), Some(area)) = (carried.filter(|c| !c.is_empty()), area) {
        e["handed_over"] = serde_json::json!({"food": c.food, "war": c.war, "area": area});
    }
}

/// Report words for one step, from the state `before` it (`Game::annotate_step`): each
/// march names the leader going with a group (9.2), in the orders and the events; a refused
/// battle what the defender left behind (10.1); a standing
/// policy's answer names the attack it answered for, its side (attacker or defender) and
/// where the attack came from (dice-protocol 3.1, 10.1-10.3); an army that surrenders is
/// told apart as attackers wiped out (10.4) or besieged and starved (13.1, 11.2); beaten
/// attackers name what they carried to the defender (10.7), and attackers going back (or
/// barred from it, 11.3) their leader; a march's units that stay the leader staying with them
/// (9.1); an attack committing its War at once what it carries besides (9.4); a dug-in army
/// retreating names
/// the army it joins, dug in with it (9.6, RULINGS B16); a skirmish's roll is followed by the
/// skirmishers going back to their army (9.5, 10.8); a Hold a Raid eliminated cites the Raid
/// (8.3).
pub fn annotate_step(
    data: &Data,
    before: &State,
    after: Option<&State>,
    orders: &mut Value,
    events: &mut [Value],
) {
    if orders["full"]["march"].is_object() {
        let from = orders["full"]["march"]["from"].clone();
        name_commanders(data, before, &mut orders["full"]["march"], &from);
    }
    // 9.3: a landing names the sea zone the army aboard goes ashore from, where the Crown
    // navy is (only the Crown transports armies), so it does not read as a landing at sea.
    if orders["full"]["transport"]["land"].is_string() {
        if let Some(zone) = &before.navies.crown {
            orders["full"]["transport"]["zone"] = Value::String(zone.to_string());
        }
    }
    // 9.4: the attackers leave with their army's leader.
    if orders["full"]["attack"].is_object() {
        if let Some(name) = leader_at(data, before, &orders["full"]["attack"]["from"]) {
            orders["full"]["attack"]["commander"] = Value::String(name);
        }
    }
    // The attack under way: from the state before, or launched within the step.
    let mut attack: Option<(Value, Value, Value)> = before.pending_attack().map(|a| {
        (
            Value::String(a.side.name().into()),
            Value::String(a.from.to_string()),
            Value::String(a.to.to_string()),
        )
    });
    // 10.7: the supplies the attackers carry besides the War they committed, which a beaten
    // attacker leaves to the defender: from the attack under way, or the attack order.
    let mut carried: Option<Supplies> = before.pending_attack().map(|a| a.carried);
    // 10.7, 11.3: the leader of the attack under way, by name, who goes back with the
    // attackers (or is barred from it with them).
    let mut attack_leader: Option<String> = before
        .pending_attack()
        .and_then(|a| Some(leader_name(data, before, a.side, a.leader?)));
    let mut turn_end = false;
    let mut winner = Value::Null;
    // 10.7: the side whose beaten army just failed its morale check and must retreat.
    let mut must_retreat = Value::Null;
    // 11.1 (S9): where a march left supplies on its Point because its groups went into a
    // siege, the besieged area they went into.
    let sealed_in = events
        .iter()
        .filter(|e| e["event"] == "marched")
        .flat_map(|e| e["groups"].as_array().into_iter().flatten())
        .filter_map(|g| g["to"].as_str())
        .find(|to| super::siege::closed_to_armies(data, before, *to))
        .map(|to| Value::String(to.to_string()));
    // The side attacking in the battle being fought, and whether its defenders' dug-in marker
    // just took the first hit (9.6).
    let mut attacker = Value::Null;
    let mut ignored = 0;
    // 10.3: the War the defenders spent in the battle being fought, one die each.
    let mut defender_war = 0;
    // 10.8: a skirmish's roll follows its `skirmished` event, rolled by the skirmishers as
    // attackers (the Patriots, hitting on 1 or 2).
    let mut skirmish = false;
    // 9.5, 10.8: a skirmish's units, who go back where they came from once they have rolled.
    let mut skirmishers: Option<Value> = None;
    // 10.8: the Point a skirmish struck, whose army, if wiped out, leaves what it carried to
    // the stock (the skirmishers go home, and a Point holds no supplies without an army, 2.1).
    let mut skirmished_at = Value::Null;
    // 12.2: the sides whose navy a sea battle sank in this step; an army aboard any other is
    // lost as its navy leaves for the winter (12.3).
    let mut sunk: Vec<Value> = Vec::new();
    // 12.2: the sides whose cargo changed earlier in the step (supplies moved aboard or
    // ashore, an army sailing or landing), whose cargo the state before does not tell.
    let mut loaded: Vec<Value> = Vec::new();
    // 8.3 (RULINGS P7): the Units raids took in this step, and the Food, by area.
    let mut raided: Vec<(Value, u32, u32)> = Vec::new();
    // 12.2: the total of the sea battle's first roll, once it is rolled.
    let mut sea_roll: Option<i64> = None;
    // 8.3: the area whose Hold a successful Raid in this step targeted.
    let mut raid_hit = Value::Null;
    for e in events.iter_mut() {
        // 8.3: a Hold the Raid eliminated goes as the Raid's effect, where 8.4 eliminates one
        // an enemy army moves in on.
        if e["event"] == "raided" {
            raid_hit = if e["success"] == true {
                e["target"].clone()
            } else {
                Value::Null
            };
        }
        if e["event"] == "hold_eliminated" && !raid_hit.is_null() && e["area"] == raid_hit {
            e["raided"] = true.into();
        }
        // 10.7: the beaten army retreated, so no surrender waits on its failed check.
        if e["event"] == "retreated" && e["side"] == must_retreat {
            must_retreat = Value::Null;
        }
        // 10.7: the attackers hold the area the beaten defender retreats from (unless they go
        // back, 11.3: `left_behind` drops this then).
        if e["event"] == "retreated" {
            if let Some((side, _, _)) = attack
                .as_ref()
                .filter(|(side, _, to)| *side != e["side"] && *to == e["from"])
            {
                e["occupied"] = serde_json::json!({ "side": side });
            }
        }
        if matches!(e["event"].as_str(), Some("transported" | "landed")) {
            loaded.push(Side::Crown.name().into());
            loaded.push(Side::Patriot.name().into());
        }
        if matches!(
            e["event"].as_str(),
            Some("attacker_returned" | "return_barred")
        ) {
            if let Some(name) = &attack_leader {
                e["commander"] = Value::String(name.clone());
            }
        }
        if e["event"] == "battle_roll" {
            if let Some(back) = skirmishers.take() {
                e["skirmishers_back"] = back;
            }
        }
        match e["event"].as_str() {
            Some("battle_joined") => {
                attacker = e["attacker"].clone();
                defender_war = e["defender_dice"].as_u64().unwrap_or(0) as u32;
            }
            Some("dug_in_hit_ignored") => ignored = 1,
            // 10.4, 10.5, 10.8: the hits a roll scored, where fewer units were there to lose.
            Some("battle_roll") if !attacker.is_null() || skirmish => {
                // 10.4 the defender's roll, 10.5 the attacker's, 10.8 a skirmish's.
                e["rule"] = match (skirmish, e["side"] == attacker) {
                    (true, _) => "10.8",
                    (false, true) => "10.5",
                    (false, false) => "10.4",
                }
                .into();
                let attacking = std::mem::take(&mut skirmish) || e["side"] == attacker;
                let on = Side::parse(e["side"].as_str().unwrap_or(""))
                    .map_or(2, |s| super::battle::hits_on(s, attacking));
                let scored = e["faces"].as_array().map_or(0, |f| {
                    f.iter()
                        .filter(|x| x.as_u64().is_some_and(|x| x <= u64::from(on)))
                        .count()
                }) as u64;
                if attacking && ignored > 0 {
                    // 9.6: the roll as rolled; the dug-in line after it says what it cost.
                    e["dug_in_hits"] = scored.into();
                }
                let scored = scored.saturating_sub(if attacking { ignored } else { 0 });
                if scored > e["hits"].as_u64().unwrap_or(0) {
                    e["scored"] = scored.into();
                }
            }
            Some("marched") => {
                let from = e["from"].clone();
                name_commanders(data, before, e, &from);
                // 9.1: a leader no group took stays with the units left behind; where the
                // Leader left and the Subordinate took them (9.2), the line says so already.
                let leader_left = e["groups"]
                    .as_array()
                    .is_some_and(|g| g.iter().any(|g| g["leader"] == true));
                if e["stayed"].as_u64().unwrap_or(0) > 0
                    && !leader_left
                    && e["subordinate_stays"] != true
                {
                    if let Some(name) = leader_at(data, before, &from) {
                        e["stays_with"] = Value::String(name);
                    }
                }
            }
            Some("battle_refused") => {
                // 11.3 with 10.1: attackers ordered back to their besieged City if victorious
                // stay where they attacked, as a refused battle has no Victory step.
                let back = before
                    .pending_attack()
                    .filter(|a| a.return_after)
                    .map(|a| Value::String(a.from.to_string()))
                    .or_else(|| {
                        let order = &orders["full"]["attack"];
                        (order["return_after"] == true).then(|| order["from"].clone())
                    });
                if let Some(from) = back {
                    e["no_return"] = from;
                }
                // 10.1: what the defender leaves behind goes to the attackers, who occupy the
                // area: the supplies there before the step, less those taken along.
                let left = data
                    .find_area_key(e["from"].as_str().unwrap_or(""))
                    .and_then(|a| before.supplies.get(&a.id).copied());
                if let Some(s) = left {
                    let taken = |k: &str| e[k].as_u64().unwrap_or(0) as u32;
                    let (food, war) = (taken("food"), taken("war"));
                    e["left_food"] = s.food.saturating_sub(food).into();
                    e["left_war"] = s.war.saturating_sub(war).into();
                }
            }
            Some("attack_launched") => {
                attack = Some((e["side"].clone(), e["from"].clone(), e["to"].clone()));
                let order = &orders["full"]["attack"];
                let amount = |k: &str| order[k].as_u64().unwrap_or(0) as u32;
                let with = Supplies {
                    food: amount("carry_food"),
                    war: amount("carry_war"),
                };
                carried = Some(with);
                // 9.4, 5.5: War committed at once, and supplies carried besides it.
                if e["war"].is_u64() && !with.is_empty() {
                    e["besides"] = serde_json::json!({"food": with.food, "war": with.war});
                }
                attack_leader = leader_at(data, before, &e["from"]);
                if let Some(name) = &attack_leader {
                    e["commander"] = Value::String(name.clone());
                }
            }
            Some("policy_answered") => {
                if let Some((side, from, to)) =
                    attack.as_ref().filter(|(_, _, to)| *to == e["area"])
                {
                    e["attacker"] = side.clone();
                    e["from"] = from.clone();
                    e["to"] = to.clone();
                }
            }
            // 9.6 with 10.7 (RULINGS B16): a dug-in army keeps its marker as it retreats.
            Some("retreated")
                if data.pieces.readings.retreat_keeps_dig_in()
                    && e["from"]
                        .as_str()
                        .and_then(|from| before.army(from))
                        .is_some_and(|a| a.dug_in) =>
            {
                e["dug_in"] = true.into();
                // The army it joins is dug in with it from now on (RULINGS B16, I6): named,
                // since it is frozen too, which its player would not otherwise learn.
                let joined = e["to"]
                    .as_str()
                    .and_then(|to| before.army(to))
                    .filter(|a| !a.dug_in && e["side"] == a.side.name());
                if let Some(a) = joined {
                    e["joins"] = serde_json::json!({
                        "leader": a.leader.map(|r| leader_name(data, before, a.side, r)),
                    });
                }
            }
            Some("supplies_abandoned") => {
                if let Some(to) = &sealed_in {
                    e["sealed_in"] = to.clone();
                }
            }
            // 10.2: the War committed now comes out of what the attackers carry.
            Some("attack_committed") => {
                if let Some(c) = carried.as_mut() {
                    c.war = c.war.saturating_sub(e["war"].as_u64().unwrap_or(0) as u32);
                }
            }
            // 9.5: units a leader picked rejoin his army; an army without one goes back whole.
            Some("skirmished") => {
                skirmish = true;
                skirmished_at = e["to"].clone();
                let army = e["from"].as_str().and_then(|from| before.army(from));
                let units = e["units"].as_u64().unwrap_or(0);
                let rejoin = army.is_some_and(|a| u64::from(a.units) > units);
                let leader = army
                    .filter(|_| rejoin)
                    .and_then(|a| Some(leader_name(data, before, a.side, a.leader?)));
                skirmishers = Some(serde_json::json!({
                    "to": e["from"],
                    "units": units,
                    "rejoin": rejoin,
                    "leader": leader,
                }));
            }
            Some("battle_won") => winner = e["winner"].clone(),
            // 9.3: the army that sails, by its leader's name, unless the Subordinate sails
            // and the Leader stays (9.2).
            Some("transported") if e["subordinate"] != "aboard" => {
                if let Some(name) = leader_at(data, before, &e["from"]) {
                    e["commander"] = Value::String(name);
                }
            }
            Some("landed") => {
                // The army landing is the cargo of the navy that carried it: the Crown's, or in
                // a winter landing (12.3) whichever navy had an army aboard.
                let side = [Side::Crown, Side::Patriot]
                    .into_iter()
                    .find(|s| before.navies.cargo.get(s).is_some_and(|c| c.units > 0))
                    .unwrap_or(Side::Crown);
                let leader = before.navies.cargo.get(&side).and_then(|c| c.leader);
                if let Some(rank) = leader {
                    e["commander"] = Value::String(leader_name(data, before, side, rank));
                }
                // 9.2: a landing that joins the army of the other leader brings the
                // Subordinate Leader off, as a march into it does.
                let there = before.army(e["area"].as_str().unwrap_or(""));
                if leader.is_some() && there.is_some_and(|a| a.side == side && a.leader.is_some()) {
                    e["rejoined"] = Value::Bool(true);
                }
            }
            Some("supplies_moved")
                if [&e["from"], &e["to"]]
                    .iter()
                    .any(|a| data.find_sea(a.as_str().unwrap_or("")).is_some()) =>
            {
                loaded.push(e["side"].clone())
            }
            // 12.2: a roll's modifier in its parts: the Political Will track's naval
            // modifier and the 1 the side that began the battle adds, whose impulse it is;
            // the second roll says whether either reached 10.
            Some("sea_battle_roll") => {
                let modifier = e["modifier"].as_i64().unwrap_or(0);
                let began = matches!(
                    before.phase,
                    super::state::Phase::Impulse { side, .. } if e["side"] == side.name()
                );
                e["began"] = began.into();
                e["naval"] = (modifier - i64::from(began)).into();
                let total = e["total"].as_i64().unwrap_or(0);
                if let Some(first) = sea_roll.replace(total) {
                    e["neither"] = (first < 10 && total < 10).into();
                }
            }
            // 12.2: what the defeated navy carried is lost with it.
            Some("navy_defeated") => {
                sunk.push(e["side"].clone());
                let cargo = Side::parse(e["side"].as_str().unwrap_or(""))
                    .filter(|_| !loaded.contains(&e["side"]))
                    .and_then(|side| before.navies.cargo.get(&side))
                    .filter(|c| c.food + c.war > 0);
                if let Some(c) = cargo {
                    e["cargo"] = serde_json::json!({"food": c.food, "war": c.war});
                }
            }
            // 8.5: with the Swamp Fox in play, the Militia a South Carolina action spends goes
            // back into the Irregular Cup.
            Some("raided") | Some("foraged")
                if e["colony"] == "SC"
                    && e["side"] != Side::Crown.name()
                    && before.partisans.get("SC").is_some_and(|p| p.swamp_fox) =>
            {
                e["to_cup"] = true.into();
            }
            Some("food_destroyed") => raided.push((e["area"].clone(), 0, 1)),
            // 8.3 (RULINGS P7): a raid that takes an army's last Unit removes the army, and
            // what it carried goes back to the stock.
            Some("unit_eliminated") => {
                let area = e["area"].clone();
                let (units, food) = raided
                    .iter()
                    .filter(|(a, _, _)| *a == area)
                    .fold((0, 0), |(u, f), (_, du, df)| (u + du, f + df));
                let id = data
                    .find_area_key(area.as_str().unwrap_or(""))
                    .map(|a| a.id);
                if let Some(id) = id {
                    let army = before.army(&id).filter(|a| a.leader.is_none());
                    if army.is_some_and(|a| a.units == units + 1) {
                        let s = before.supplies_at(&id);
                        e["last"] = serde_json::json!({
                            "food": s.food.saturating_sub(food),
                            "war": s.war,
                        });
                    }
                }
                raided.push((area, 1, 0));
            }
            // 9.3 with 12.2 and 12.3: an army lost at sea, by its leader's name, with how it
            // was lost: with a navy a sea battle sank, or left aboard one leaving for winter.
            Some("surrendered") if data.find_sea(e["area"].as_str().unwrap_or("")).is_some() => {
                let side = Side::parse(e["side"].as_str().unwrap_or(""));
                let rank = serde_json::from_value::<LeaderRank>(e["leader"].clone()).ok();
                if let (Some(side), Some(rank)) = (side, rank) {
                    e["commander"] = Value::String(leader_name(data, before, side, rank));
                }
                if !sunk.contains(&e["side"]) {
                    e["at_winter"] = true.into();
                }
            }
            // A defender that passes its morale check stands (10.7): the attackers go back
            // as after a loss, not as victors leaving with what they took.
            Some("morale_check") if e["passed"] == true => winner = Value::Null,
            Some("morale_check") => must_retreat = e["side"].clone(),
            // 11.3: attackers who won and go back to the City they attacked out of.
            Some("attacker_returned") if e["side"] == winner => e["victorious"] = true.into(),
            // 10.7: beaten attackers go back without what they carried, which the defender
            // takes where the battle was fought.
            Some("attacker_returned") if !winner.is_null() => {
                handed_over(e, carried, attack.as_ref().map(|(_, _, to)| to))
            }
            // The turn end: no battle is fought in it, so a surrender there is a besieged army
            // with no Food left (13.1, 11.2).
            Some("impulse_phase_ended") => turn_end = true,
            Some("surrendered") if turn_end => {
                e["starved"] = true.into();
                name_surrendered(data, before, e);
            }
            // 10.4: the attackers lost their last unit to the defender's roll; they surrender
            // before the area they attacked, which they never held.
            Some("surrendered")
                if attack
                    .as_ref()
                    .is_some_and(|(side, _, to)| *side == e["side"] && *to == e["area"]) =>
            {
                e["attacking"] = true.into();
                name_surrendered(data, before, e);
                handed_over(e, carried, attack.as_ref().map(|(_, _, to)| to));
            }
            // 10.4, 10.5: the defenders lost their last unit in the battle: the attackers won,
            // and go back to a City they attacked out of as victors (11.3).
            Some("surrendered")
                if attack
                    .as_ref()
                    .is_some_and(|(side, _, to)| *side != e["side"] && *to == e["area"]) =>
            {
                name_surrendered(data, before, e);
                why_no_retreat(before, e, &mut must_retreat);
                winner = attack
                    .as_ref()
                    .map(|(side, _, _)| side.clone())
                    .unwrap_or_default();
                // RULINGS B12, 10.7: the attackers take the emptied area and what the
                // defenders kept there, less the War they spent (unless they go back, 11.3:
                // `left_behind` drops this then).
                let kept = data
                    .find_area_key(e["area"].as_str().unwrap_or(""))
                    .map(|a| before.supplies_at(&a.id))
                    .unwrap_or_default();
                e["occupied"] = serde_json::json!({
                    "side": winner,
                    "food": kept.food,
                    "war": kept.war.saturating_sub(defender_war),
                });
            }
            Some("surrendered") => {
                name_surrendered(data, before, e);
                why_no_retreat(before, e, &mut must_retreat);
                if e["area"] == skirmished_at {
                    let carried = before.supplies_at(e["area"].as_str().unwrap_or(""));
                    if !carried.is_empty() {
                        e["stocked"] =
                            serde_json::json!({"food": carried.food, "war": carried.war});
                    }
                }
            }
            _ => {}
        }
    }
    roll_before_dug_in(events);
    refusal_before_its_arrival(events);
    return_after_surrender(events);
    left_behind(events);
    why_discarded(data, before, events);
    siege_conditions(data, before, after, events);
    if let Some(after) = after {
        decisive_before_peace(data, after, events);
    }
}

/// 14.0 with RULINGS T2: a Crown victory in a step that leaves Political Will at 0 is the
/// Decisive Victory, checked before the track; the line says so, as a reader who saw the track
/// fall to 0 a line earlier would take the game for the Patriots'.
fn decisive_before_peace(data: &Data, after: &State, events: &mut [Value]) {
    if after.political_will > data.tracks.political_will.min {
        return;
    }
    for e in events
        .iter_mut()
        .filter(|e| e["event"] == "victory" && e["winner"] == "crown")
    {
        e["before_peace"] = Value::Bool(true);
    }
}

/// 11.0 and 11.3: a siege declared names the conditions that hold, and a siege lifted the
/// one that broke. The navies are followed through the step (they change only by these
/// events): the besieger's navy in a Port City's sea zone with no enemy navy there is the
/// second condition, which needs one army beside the City. The armies beside it are read from
/// the state `after` the step where the caller has it (a report does; an option's words do
/// not): two areas of them are the first condition. Without it a declared siege names the
/// navy's condition where it holds, otherwise the armies', and a lifted one says no more. A
/// navy a sea battle sank in the step (12.2) is said to be defeated, not to have sailed away.
fn siege_conditions(data: &Data, before: &State, after: Option<&State>, events: &mut [Value]) {
    // Where the navies are as the step goes, and where they were as it began; their cargo
    // plays no part.
    let start = Navies {
        crown: before.navies.crown,
        french: before.navies.french,
        ..Navies::default()
    };
    let mut at_sea = start.clone();
    // RULINGS B13: the side whose impulses end in the step; a siege by the other side is
    // declared in them too.
    let acting = match &before.phase {
        super::state::Phase::Impulse { side, .. }
        | super::state::Phase::Decision {
            side,
            question: super::state::Question::Excess { .. },
            ..
        } => Some(*side),
        _ => before.pending_attack().map(|a| a.side),
    };
    // What held each siege declared earlier in the step as it was declared, by area: its
    // besieger, armies in two areas beside it, the navy's condition.
    let mut declared: Vec<(Id, Side, bool, bool)> = Vec::new();
    // 12.2: the navies a sea battle defeated in the step.
    let mut sunk: Vec<Side> = Vec::new();
    for e in events.iter_mut() {
        let side = Side::parse(e["side"].as_str().unwrap_or(""));
        if e["event"] == "navy_defeated" {
            sunk.extend(side);
        }
        let zone = |field: &str| e[field].as_str().map(Id::new);
        let (side, to) = match e["event"].as_str() {
            Some("navy_moved") => (side, zone("to")),
            Some("navy_returned") => (side, zone("zone")),
            Some("navy_defeated" | "navy_removed") => (side, None),
            // 9.3: the Crown navy sails with the army it transports.
            Some("transported") => (Some(Side::Crown), zone("zone")),
            Some("siege_declared") => {
                let area = data.find_area_key(e["area"].as_str().unwrap_or(""));
                let by = Side::parse(e["by"].as_str().unwrap_or(""));
                if let (Some(a), Some(by)) = (area, by) {
                    let seals = super::siege::navy_seals(a, &at_sea, by);
                    let two = after
                        .is_some_and(|after| super::siege::armies_beside(data, after, a, by) >= 2);
                    if seals {
                        e["navy"] = Value::from(a.sea.as_ref().map(Id::as_str));
                        e["armies"] = two.into();
                        // The enemy navy shared the zone as the step began: its leaving (or
                        // its defeat there, 12.2) made the siege.
                        if start.zone(by.other()) == a.sea.as_ref() {
                            e["enemy_left"] = if sunk.contains(&by.other()) {
                                "defeated"
                            } else {
                                "sailed"
                            }
                            .into();
                        }
                    }
                    e["enemy"] = by.other().name().into();
                    e["b13"] = acting.is_some_and(|s| s != by).into();
                    declared.push((a.id, by, two, seals));
                }
                continue;
            }
            Some("siege_lifted") => {
                let area = data.find_area_key(e["area"].as_str().unwrap_or(""));
                if let (Some(a), Some(after)) = (area, after) {
                    let held = declared
                        .iter()
                        .rev()
                        .find(|d| d.0 == a.id)
                        .map(|&(_, by, two, seals)| (by, two, seals))
                        .or_else(|| {
                            let by = before.army(&a.id)?.side.other();
                            let two = super::siege::armies_beside(data, before, a, by) >= 2;
                            Some((by, two, super::siege::navy_seals(a, &start, by)))
                        });
                    if let Some(held) = held {
                        lifted_words(data, a, held, &at_sea, after, e);
                        // 12.2: the besieger's navy did not sail away: it was sunk.
                        if e["navy"] == "left" && sunk.contains(&held.0) {
                            e["navy"] = "defeated".into();
                        }
                    }
                }
                continue;
            }
            _ => continue,
        };
        if let Some(side) = side {
            at_sea.set_zone(side, to);
        }
    }
}

/// 11.3: a lifted siege of `a` says what broke it: the besieged army gone from it, no army of
/// the besieger's left beside it, or one left and (at a Port City) no navy to hold it with.
/// `held` is what held the siege as the step began (or as it was declared in it): the
/// besieger, armies in two areas beside it, the navy's condition; `at_sea` where the navies
/// are at the lift, and `after` the armies after the step. Where `after` still shows the
/// conditions holding (something later in the step restored them) the line says no more.
fn lifted_words(
    data: &Data,
    a: &super::data::Area,
    (by, two, sealed): (Side, bool, bool),
    at_sea: &Navies,
    after: &State,
    e: &mut Value,
) {
    e["by"] = by.name().into();
    e["enemy"] = by.other().name().into();
    if after.army(&a.id).is_none_or(|army| army.side == by) {
        e["gone"] = true.into();
        return;
    }
    let beside = super::siege::armies_beside(data, after, a, by);
    let seals = super::siege::navy_seals(a, at_sea, by);
    if beside >= 2 || (beside == 1 && seals) {
        return;
    }
    e["beside"] = beside.into();
    e["two_broke"] = two.into();
    if let (1, true, Some(sea)) = (beside, a.is_port_city(), a.sea.as_ref()) {
        e["sea"] = sea.as_str().into();
        let there = at_sea.zone(by) == Some(sea);
        // Whose navy broke the siege, or why none holds it.
        e["navy"] = match (sealed, there) {
            (true, false) => "left",
            (true, true) => "came",
            (false, false) => "away",
            (false, true) => "shared",
        }
        .into();
    }
}

/// 5.5: supplies discarded say why they could not be moved on: an area under siege, from
/// which nothing moves (11.1, RULINGS S7), or supplies a navy put ashore before the winter,
/// which no supply moves follow (12.3, RULINGS N10); otherwise the line had no room.
fn why_discarded(data: &Data, before: &State, events: &mut [Value]) {
    let winter = events.iter().any(|e| e["event"] == "navy_removed");
    // Sieges declared or lifted earlier in the step, by area: whether each is under siege now.
    let mut changed: Vec<(Value, bool)> = Vec::new();
    for i in 0..events.len() {
        let area = events[i]["area"].clone();
        match events[i]["event"].as_str() {
            Some("siege_declared") => changed.push((area, true)),
            Some("siege_lifted") => changed.push((area, false)),
            Some("supplies_discarded") => {
                let besieged = changed
                    .iter()
                    .rev()
                    .find(|(a, _)| *a == area)
                    .map_or_else(|| before.besieged(area.as_str().unwrap_or("")), |c| c.1);
                let landed = winter
                    && i > 0
                    && events[i - 1]["event"] == "supplies_moved"
                    && events[i - 1]["to"] == area
                    && data
                        .find_sea(events[i - 1]["from"].as_str().unwrap_or(""))
                        .is_some();
                if besieged {
                    events[i]["besieged"] = true.into();
                } else if landed {
                    events[i]["winter_landing"] = true.into();
                }
            }
            _ => {}
        }
    }
}

/// 11.3: attackers that go back to the City they attacked out of (or are barred from it, and
/// hold the area they won) do not occupy the area of a defender that surrendered; the line of
/// their return says where they are.
fn left_behind(events: &mut [Value]) {
    let returned = events.iter().any(|e| {
        matches!(
            e["event"].as_str(),
            Some("attacker_returned" | "return_barred")
        )
    });
    if returned {
        for e in events.iter_mut() {
            if let Some(o) = e.as_object_mut() {
                o.remove("occupied");
            }
        }
    }
}

/// 10.4 with 9.5 and 10.8: skirmishers whose roll wipes out the army they attack go back to
/// their own army after it surrenders, the battle having ended at once (10.4): the return the
/// roll's line would tell moves to the surrender's.
fn return_after_surrender(events: &mut [Value]) {
    for i in 1..events.len() {
        if events[i]["event"] != "surrendered" {
            continue;
        }
        let back = events[i - 1]
            .as_object_mut()
            .and_then(|o| o.remove("skirmishers_back"));
        if let Some(back) = back {
            events[i]["skirmishers_back"] = back;
        }
    }
}

/// 10.7 with 10.4 and 11.1: a beaten defender that failed its morale check surrenders only
/// because it could not retreat: under siege, or with no area to go to. The line says which,
/// where a surrender with no check before it is an army whose last unit fell (10.4). The
/// check is spent once it has explained a surrender.
fn why_no_retreat(before: &State, e: &mut Value, must_retreat: &mut Value) {
    if must_retreat.is_null() || e["side"] != *must_retreat {
        return;
    }
    *must_retreat = Value::Null;
    if before.besieged(e["area"].as_str().unwrap_or("")) {
        e["besieged"] = true.into();
    } else {
        e["no_retreat"] = true.into();
    }
}

/// An army that surrenders on land, with its leader by name (`commander`): Cornwallis, the
/// Patriot commander, or the Subordinate Leader.
fn name_surrendered(data: &Data, before: &State, e: &mut Value) {
    let side = Side::parse(e["side"].as_str().unwrap_or(""));
    let rank = serde_json::from_value::<LeaderRank>(e["leader"].clone()).ok();
    if let (Some(side), Some(rank)) = (side, rank) {
        e["commander"] = Value::String(leader_name(data, before, side, rank));
    }
}

/// 10.1, 10.7: the record tells what the refusing or retreating army's arrival did (a Loyalist
/// Hold there eliminated, 8.4; the Subordinate Leader coming off as it joins an army, 9.2)
/// before the refusal or retreat itself; the report tells the move first.
fn refusal_before_its_arrival(events: &mut [Value]) {
    for i in 0..events.len() {
        if !matches!(
            events[i]["event"].as_str(),
            Some("battle_refused" | "retreated")
        ) {
            continue;
        }
        let to = events[i]["to"].clone();
        let mut first = i;
        while first > 0
            && matches!(
                events[first - 1]["event"].as_str(),
                Some("hold_eliminated" | "subordinate_rejoined")
            )
            && events[first - 1]["area"] == to
        {
            first -= 1;
        }
        events[first..=i].rotate_right(1);
    }
}

/// 9.6: the record notes the dug-in defenders' ignored hit before the roll it comes out of; the
/// report tells the roll first (`dug_in_hits`, the hits as rolled), then the hit ignored and
/// what the roll then eliminated.
fn roll_before_dug_in(events: &mut [Value]) {
    for i in 1..events.len() {
        if events[i]["event"] == "battle_roll" && events[i - 1]["event"] == "dug_in_hit_ignored" {
            let (hits, scored) = (events[i]["hits"].clone(), events[i]["scored"].clone());
            events[i - 1]["eliminated"] = hits;
            if !scored.is_null() {
                events[i - 1]["scored"] = scored;
            }
            events.swap(i - 1, i);
        }
    }
}
