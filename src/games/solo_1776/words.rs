//! Solo 1776's records in words, for the reports: the rules write ids into some reasons and
//! facts they record (a fort, a detachment, an army formed in play), and the records keep
//! them as written, which `verify` compares. The `id_words` template filter reads them out,
//! and `annotate` adds to a report's copy of a step's events what the record leaves unsaid.

use std::collections::BTreeMap;

use minijinja::Value as JValue;
use serde_json::{json, Value};

use super::data::Data;
use super::state::{fort_key, State};

/// Adds to a report's copy of a step's events what its words need (`Game::annotate_step`).
/// Each reads the board before the step: at the bot's pause, if the turn was paused.
pub fn annotate(data: &Data, before: &State, events: &mut [Value]) {
    let board = super::in_turn(data, before).unwrap_or_else(|| before.clone());
    kept_forts(&board, events);
    fleets_staying_away(&board, events);
    operating_while_away(&board, events);
    towns_kept(&board, events);
    short_ups(events);
    garrisons_short(events);
    detachments_lost_from(&board, events);
    checked_in_order(&board, events);
}

/// 13: an army checks the priority towns within one move in an order the rule lists by
/// number (1: a priority with a fort, 2 to 4: the 1st, 2nd and 3rd priorities), and each
/// check and the march it sends recorded that number ("step 2: the 1st priority"), which the
/// report printed as it stood. The copy of each check of the American Movement gets `order`:
/// the number of its town's kind in the rule's list, read from the check's `priority` and
/// whether the town has a fort on the board before the step (a checked town is British-held,
/// and only a fort in a town the British do not hold is destroyed during a turn, 12). The
/// march the passed check sends gets the same.
fn checked_in_order(board: &State, events: &mut [Value]) {
    let mut passed: Option<(Value, Value, Value)> = None;
    for e in events.iter_mut() {
        let sent = passed.take();
        if e["event"] == "b_check" && e["rule"] == "13" {
            let Some(p) = e["priority"].as_u64() else {
                continue;
            };
            let fort = e["town"]
                .as_str()
                .and_then(|t| board.town(t))
                .is_some_and(|(_, _, t)| t.fort);
            let order = if fort { 1 } else { p + 1 };
            e["order"] = order.into();
            if e["success"] == true {
                passed = Some((e["army"].clone(), e["town"].clone(), order.into()));
            }
        } else if e["event"] == "marched" {
            if let Some((army, town, order)) = sent {
                if e["army"] == army && e["town"] == town {
                    e["order"] = order;
                    e["priority"] = board
                        .town(town.as_str().unwrap_or_default())
                        .and_then(|(_, _, t)| t.priority)
                        .into();
                }
            }
        }
    }
}

/// 14 with RULINGS A13: a loss reported of a detachment is recorded by its id alone
/// (`detachment replacements-middle-states lost ...`), which names at most the location it
/// was made in, and a detachment moves a location a turn (12). Where the board before the
/// step shows it, its box on the Off-Board chart goes with the line (`stood`: its area and
/// location), so the player can tell which detachment it was.
fn detachments_lost_from(board: &State, events: &mut [Value]) {
    for e in events.iter_mut().filter(|e| e["event"] == "reported") {
        let Some(id) = e["what"]
            .as_str()
            .and_then(|w| w.strip_prefix("detachment "))
            .and_then(|w| w.split_once(" lost "))
            .map(|(id, _)| id.to_string())
        else {
            continue;
        };
        if let Some(d) = board.detachments.get(&id) {
            e["stood"] = json!({ "id": id, "area": d.area, "location": d.location });
        }
    }
}

/// 15 (RULINGS A8, A17): a garrison an army tops up only in part, as it keeps one SP of its
/// own, says how far it still is from the garrison a fort keeps (`short_by`).
fn garrisons_short(events: &mut [Value]) {
    for e in events.iter_mut().filter(|e| e["event"] == "garrison") {
        let sent = &e["sent"];
        let some_sent = ["sp", "artillery", "supply"]
            .iter()
            .any(|k| sent[k].as_u64().unwrap_or(0) > 0);
        let sp = e["garrison"]["sp"].as_u64().unwrap_or(0);
        let garrison = u64::from(super::offboard::GARRISON);
        if some_sent && sp < garrison {
            e["short_by"] = (garrison - sp).into();
        }
    }
}

/// 12 (RULINGS A2): condition 2 asks for no SP, so an army goes up by it short of the
/// requisite of the location above, and condition 3 sends it down again at its next OB move:
/// a weak army (one of 0 SP too) swings between locations 5 and 10 while the area stays
/// British and the BRE number low. Condition 1 comes first and moves an army that has the
/// requisite, so an army that goes up by condition 2 lacks it, unless condition 1 was refused
/// (its `up_refused`, just before the move or before the army's taking off the board); the
/// rest are marked `short`, and the line says why the army will come back.
fn short_ups(events: &mut [Value]) {
    for i in 0..events.len() {
        let e = &events[i];
        if e["event"] != "moved" || e["condition"] != 2 {
            continue;
        }
        let army = e["army"].clone();
        let mut j = i;
        while j > 0 && events[j - 1]["event"] == "evaded" && events[j - 1]["army"] == army {
            j -= 1;
        }
        let refused = j > 0
            && events[j - 1]["event"] == "up_refused"
            && events[j - 1]["army"] == army
            && events[j - 1]["condition"] == 1;
        if !refused {
            events[i]["short"] = true.into();
        }
    }
}

/// 12 with 13 (RULINGS A7): an army on the board that has no town to check and makes no OB
/// move keeps its town, which `show` names; its `stayed` line names it too (`keeps`). Only
/// where the board before the step is known to still hold: no earlier event of the step
/// names the army, but for those of a combat it fights where it stands, and no report
/// corrects it (a correction's words begin with its name).
fn towns_kept(board: &State, events: &mut [Value]) {
    let mut named: Vec<String> = Vec::new();
    for e in events.iter_mut() {
        if e["event"] == "stayed" {
            let id = e["army"].as_str().unwrap_or_default();
            if let Some(army) = board
                .armies
                .get(id)
                .filter(|_| !named.iter().any(|n| n == id))
            {
                if let Some(town) = &army.at {
                    e["keeps"] = Value::String(town.clone());
                }
            }
        }
        // A combat and the checks and rolls of its run leave the army at its town (14):
        // only a march or an evasion moves it, and each of those names it.
        let in_place = matches!(
            e["event"].as_str(),
            Some("b_check" | "be_roll" | "no_be_roll" | "combat" | "combat_result" | "combat_over")
        );
        if let Some(id) = e["army"].as_str().filter(|_| !in_place) {
            named.push(id.to_string());
        }
        if e["event"] == "reported" {
            let what = e["what"].as_str().unwrap_or_default();
            named.extend(
                board
                    .armies
                    .iter()
                    .filter(|(_, a)| what.starts_with(&a.name))
                    .map(|(id, _)| id.clone()),
            );
        }
    }
}

/// 17 duty 1: while the naval SP stay 2 or more behind, every American turn records the
/// French battle fleets' withdrawal to the West Indies. Where the board before the step shows
/// them there already, and nothing earlier in the step moved them (another duty, a sea
/// invasion, a landing) or took the last of them (a fleet engagement), the report says they
/// stay (`stays`).
fn fleets_staying_away(board: &State, events: &mut [Value]) {
    if board.french.at.as_deref() != Some(super::french::WEST_INDIES) {
        return;
    }
    for e in events.iter_mut() {
        match e["event"].as_str() {
            Some("french_duty") if e["duty"] == "west_indies" => e["stays"] = true.into(),
            // A search, an interception and a fleet engagement move no fleet: the fleets stay
            // where they are, unless none is left.
            Some("french_fleets_lost") if e["left"] == 0 => return,
            Some("french_duty" | "sea_invasion" | "french_landing") => return,
            _ => {}
        }
    }
}

/// 17 duty 1 (A11, A26): the quarter's French Intervention Table roll names where the fleets
/// operate, but fleets withdrawn to the West Indies by an earlier step of the turn (the naval
/// SP a British turn reported, before the bot paused for a combat or an engagement) stay
/// there. Their line said "the battle fleets operate off Canada this quarter" while `show` put
/// them in the West Indies. Where the board before the step shows them withdrawn, and nothing
/// in the step moved them before the roll, its copy gets `away`.
fn operating_while_away(board: &State, events: &mut [Value]) {
    if board.french.at.as_deref() != Some(super::french::WEST_INDIES)
        || board.french.duty != Some(super::state::Duty::WestIndies)
    {
        return;
    }
    for e in events.iter_mut() {
        match e["event"].as_str() {
            Some("french_operating") => e["away"] = true.into(),
            Some("french_fleets_lost") if e["left"] == 0 => return,
            Some("french_duty" | "sea_invasion" | "french_landing") => return,
            _ => {}
        }
    }
}

/// 12 (RULINGS A5): an army moving down from location 10 or 5 builds a fort first, and the
/// record says why when it builds none (`no_fort`), except when its location has a fort
/// already, one fort being all a location has: then it records only the move. Such a move
/// gets `kept_fort`, with the fort's town hex where the board before the step (at the
/// bot's pause, if the turn was paused) shows it. A Down move the rules tried to build
/// before is the one whose army's `fort_built` or `no_fort` comes just before it, or before
/// the army's taking off the board (`evaded`) that comes between.
fn kept_forts(board: &State, events: &mut [Value]) {
    for i in 0..events.len() {
        let e = &events[i];
        let (Some("moved"), Some(army), Some(area), Some(from), Some(to)) = (
            e["event"].as_str(),
            e["army"].as_str(),
            e["area"].as_str(),
            e["from"].as_u64(),
            e["to"].as_u64(),
        ) else {
            continue;
        };
        if !matches!(from, 5 | 10) || to + 5 != from {
            continue;
        }
        let of_army = |e: &Value| e["army"].as_str() == Some(army);
        let mut j = i;
        while j > 0 && events[j - 1]["event"] == "evaded" && of_army(&events[j - 1]) {
            j -= 1;
        }
        let tried = j > 0
            && matches!(
                events[j - 1]["event"].as_str(),
                Some("fort_built" | "no_fort")
            )
            && of_army(&events[j - 1]);
        if tried {
            continue;
        }
        let from = from as u32;
        let town = board
            .forts
            .get(&fort_key(area, from))
            .and_then(|f| f.town.clone())
            .or_else(|| {
                board
                    .areas
                    .get(area)
                    .and_then(|a| a.locations.get(&from))
                    .and_then(|l| l.towns.iter().find(|t| t.fort && !t.british))
                    .map(|t| t.id.clone())
            });
        events[i]["kept_fort"] = json!({ "town": town });
    }
}

/// `id_words(areas, armies[, state_armies[, state_forts]])`: a reason or reported fact as solo 1776's rules
/// recorded it, with the ids they wrote into it as words. Those ids name a piece by where it
/// is: a fort `<area>-<location>` (12), a detachment `<source>-<area>` or
/// `<source>-<area>-<location>` (12), an army formed in play `<area>-army`; the French carry a
/// supply to an army or a detachment named in brackets at the end (17, duty 2). With the
/// state's armies, an army a correction made (its name is the player's label) is named in
/// words there too; with the state's forts, a fort is named with the town it stands at (as
/// `at <town id>`, which `town_words` then reads out). The records keep the text as written:
/// only the report's words change.
pub fn id_words(
    text: String,
    areas: JValue,
    armies: JValue,
    state_armies: Option<JValue>,
    state_forts: Option<JValue>,
) -> String {
    let forts = state_forts
        .and_then(|v| serde_json::to_value(&v).ok())
        .unwrap_or_default();
    let fort_town = |id: &str| forts[id]["town"].as_str().map(str::to_string);
    let areas: BTreeMap<String, String> = serde_json::to_value(&areas)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default();
    let mut armies: BTreeMap<String, String> = serde_json::to_value(&armies)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default();
    // Armies a correction made: named by the player's label, read as words.
    let made = state_armies.and_then(|v| serde_json::to_value(&v).ok());
    for (id, a) in made.iter().filter_map(|v| v.as_object()).flatten() {
        if a["name"].as_str() == Some(id.as_str()) {
            armies
                .entry(id.clone())
                .or_insert_with(|| crate::engine::error::label_words(id));
        }
    }
    enum Piece {
        Army(String),
        /// Its location, its area's name and the town it stands at, where the state says.
        Fort(u32, String, Option<String>),
        Detachment(Option<u32>, String, Option<String>),
    }
    // An army by its id only in brackets: a bare word may be an English one (`southern`).
    let piece = |core: &str, bracketed: bool| -> Option<Piece> {
        if let Some(name) = armies.get(core).filter(|_| bracketed) {
            return Some(Piece::Army(name.clone()));
        }
        // Longer area ids first, so `new-england` is not read as an `england`.
        let mut ids: Vec<(&String, &String)> = areas.iter().collect();
        ids.sort_by_key(|(id, _)| std::cmp::Reverse(id.len()));
        for (id, name) in ids {
            if core.strip_prefix(id.as_str()) == Some("-army") {
                return Some(Piece::Army(format!("the American army of {name}")));
            }
            if let Some(l) = core.strip_prefix(&format!("{id}-")) {
                if let Ok(l) = l.parse::<u32>() {
                    return Some(Piece::Fort(l, name.clone(), fort_town(core)));
                }
            }
            if let Some((source, l)) = detachment_parts(core, id) {
                let made = source_words(source, |a| armies.get(a).cloned());
                return Some(Piece::Detachment(l, name.clone(), made));
            }
        }
        None
    };
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let core = w.trim_start_matches(['(', '`']);
        let lead = &w[..w.len() - core.len()];
        let bare = core.trim_end_matches(['`', ')', '.', ',', ':', ';']);
        let trail = &core[bare.len()..];
        let Some(p) = piece(bare, lead == "(") else {
            out.push(w.to_string());
            continue;
        };
        // `... location 15 (washington)` at the end: where a carried supply went.
        if lead == "(" && trail.starts_with(')') && i + 1 == words.len() {
            let said = match &p {
                Piece::Army(name) => format!(", joining {name}"),
                _ => ", as a detachment".to_string(),
            };
            if let Some(last) = out.last_mut() {
                last.push_str(&said);
                last.push_str(&trail[1..]);
                continue;
            }
        }
        let trail = trail.trim_start_matches('`');
        let lead = lead.trim_start_matches('`');
        let said = match p {
            Piece::Army(name) => name,
            Piece::Fort(l, area, town) => {
                if out.last().is_some_and(|x| x == "fort") {
                    out.pop();
                }
                match town {
                    Some(town) => format!("the fort in location {l} of {area} at {town}"),
                    None => format!("the fort in location {l} of {area}"),
                }
            }
            Piece::Detachment(l, area, made) => {
                if out.last().is_some_and(|x| x == "detachment") {
                    out.pop();
                }
                let made = made.map_or(String::new(), |m| format!(" ({m})"));
                match l {
                    Some(l) => format!("the detachment in location {l} of {area}{made}"),
                    None => format!("the detachment in {area}{made}"),
                }
            }
        };
        out.push(format!("{lead}{said}{trail}"));
    }
    out.join(" ")
}

/// A detachment's id split into its parts: what made it and, where the id says one, the
/// location it was made in. Its id (`offboard::land`) is `<source>-<area>` or
/// `<source>-<area>-<location>`; `None` for an id that is neither for `area`.
fn detachment_parts<'a>(id: &'a str, area: &str) -> Option<(&'a str, Option<u32>)> {
    let tail = format!("-{area}");
    if let Some((head, l)) = id.rsplit_once('-') {
        if let (Ok(l), Some(source)) = (l.parse::<u32>(), head.strip_suffix(&tail)) {
            return Some((source, Some(l)));
        }
    }
    id.strip_suffix(&tail).map(|source| (source, None))
}

/// What made a detachment, for brackets after its place ("a detachment in Canada (French
/// fleet 1's land element)"): two of one area, even in one location (the land elements of a
/// French intervention), read alike by their place alone. `army` names an army by its id.
/// `None` for an id that says no source (one a correction gave it).
pub fn detachment_source(
    id: &str,
    area: &str,
    army: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    source_words(detachment_parts(id, area)?.0, army)
}

/// A detachment's source (`detachment_parts`) in words.
fn source_words(source: &str, army: impl Fn(&str) -> Option<String>) -> Option<String> {
    match source {
        "replacements" => Some("replacements".into()),
        // 17 duty 2.
        "french-supply" => Some("supply the French carried".into()),
        // 17: each fleet's land element.
        s if s
            .strip_prefix("french-")
            .is_some_and(|n| n.parse::<u32>().is_ok()) =>
        {
            Some(format!(
                "French fleet {}'s land element",
                &s["french-".len()..]
            ))
        }
        s => match s.strip_suffix("-invasion").and_then(&army) {
            // 17 duty 3: the half of an army a sea invasion carried.
            Some(a) => Some(format!("half of {a}, landed by sea invasion")),
            // 12 with A6: the half of an army that changed area.
            None => army(s).map(|a| format!("half of {a}")),
        },
    }
}

/// `detachment(area, armies, formed_armies)`: `detachment_source` in brackets after a
/// detachment's place, with a space before them, or nothing; the lookups' `armies` and
/// `formed_armies` name the armies by id.
pub fn detachment_filter(id: String, area: String, armies: JValue, formed: JValue) -> String {
    let map = |v: &JValue| -> BTreeMap<String, String> {
        serde_json::to_value(v)
            .ok()
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    };
    let (armies, formed) = (map(&armies), map(&formed));
    let army = |a: &str| armies.get(a).or_else(|| formed.get(a)).cloned();
    detachment_source(&id, &area, army).map_or(String::new(), |s| format!(" ({s})"))
}

/// `b_terms(target)`: a (B) check's recorded reason, whose brackets hold its terms (`base 3,
/// priority 1 +1, BRE 0 +1`), with their sum when the table's bounds (13, `b_check.min_target`
/// and `max_target`) kept the target from it: `= 6, capped at 5`. Otherwise the terms would
/// seem to add up to a target the check did not roll against. The term of an army that has its
/// location's requisite SP (12) is recorded as "at requisite" and read in words. The record
/// keeps the reason as written. With `bare`, only the terms, in their brackets: the line
/// says in words what the reason says before them (13's order, `checked_in_order`).
pub fn b_terms(reason: String, target: i32, bare: Option<bool>) -> String {
    let worded = terms_summed(reason, target);
    if bare != Some(true) {
        return worded;
    }
    match worded.rfind(" (") {
        Some(i) if worded.ends_with(')') => worded[i + 1..].to_string(),
        _ => worded,
    }
}

/// `b_terms` without `bare`.
fn terms_summed(reason: String, target: i32) -> String {
    // The term `b_check.at_requisite` adds is recorded as "at requisite": in words, what it is.
    let reason = reason.replace(
        ", at requisite ",
        ", the army has its location's requisite SP ",
    );
    let Some(terms) = reason
        .strip_suffix(')')
        .and_then(|r| r.rfind('(').map(|i| &r[i + 1..]))
    else {
        return reason;
    };
    let mut sum = 0;
    for term in terms.split(", ") {
        let Some(n) = term
            .rsplit(' ')
            .next()
            .and_then(|n| n.trim_start_matches('+').parse::<i32>().ok())
        else {
            return reason;
        };
        sum += n;
    }
    if sum == target {
        return reason;
    }
    let kept = if sum > target {
        "capped at"
    } else {
        "raised to"
    };
    format!("{} = {sum}, {kept} {target})", &reason[..reason.len() - 1])
}

/// `town_words(towns)`: a reported fact with the town an army stands at (`at boston`, 12) by
/// its name. The record keeps the id, and an id is an ordinary word (`boston`), so only the
/// word after `at` is read as one.
pub fn town_words(text: String, towns: JValue) -> String {
    let towns: BTreeMap<String, String> = serde_json::to_value(&towns)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default();
    let mut out: Vec<String> = Vec::new();
    for w in text.split(' ') {
        let bare = w.trim_end_matches([':', ',', ';', '.']);
        match towns
            .get(bare)
            .filter(|_| out.last().is_some_and(|x| x == "at"))
        {
            Some(name) => out.push(format!("{name}{}", &w[bare.len()..])),
            None => out.push(w.to_string()),
        }
    }
    out.join(" ")
}

/// 17: whether the French roll a state (as a report reads it) holds is this quarter's, or
/// there is none to be out of date, by the rules' own quarter (`Date::quarter`, as
/// `State::french_rolled_this_quarter` reads it): for the board and the `roll_current`
/// filter, which read the state as plain values.
pub fn french_roll_current(state: &serde_json::Value) -> bool {
    use super::data::{Date, Quarter};
    use serde::Deserialize;
    let rolled = &state["french"]["rolled"];
    match (
        Quarter::deserialize(rolled),
        Date::deserialize(&state["date"]),
    ) {
        (Ok(rolled), Ok(date)) => rolled == date.quarter(),
        // No roll yet (or a state this cannot read): nothing out of date to show.
        _ => true,
    }
}

/// `state|roll_current`: `french_roll_current` for the templates.
pub fn roll_current(state: JValue) -> bool {
    serde_json::to_value(&state).map_or(true, |v| french_roll_current(&v))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 12: a detachment's id is split in one place (`detachment_parts`), so a reason's id
    /// (`id_words`) and a detachment's brackets (`detachment_source`) read its source alike,
    /// with and without the location an id may end in.
    #[test]
    fn a_detachment_id_reads_alike_in_a_reason_and_in_its_brackets() {
        let areas = JValue::from_serialize(BTreeMap::from([
            ("new-england", "New England"),
            ("england", "England"),
            ("canada", "Canada"),
        ]));
        let armies = JValue::from_serialize(BTreeMap::from([("washington", "Washington's army")]));
        let army = |a: &str| (a == "washington").then(|| "Washington's army".to_string());
        let cases = [
            (
                "replacements-new-england",
                "new-england",
                None,
                "replacements",
            ),
            (
                "french-2-canada-15",
                "canada",
                Some(15),
                "French fleet 2's land element",
            ),
            (
                "washington-invasion-canada",
                "canada",
                None,
                "half of Washington's army, landed by sea invasion",
            ),
            (
                "washington-new-england-10",
                "new-england",
                Some(10),
                "half of Washington's army",
            ),
            (
                "french-supply-canada",
                "canada",
                None,
                "supply the French carried",
            ),
        ];
        for (id, area, location, source) in cases {
            assert_eq!(
                detachment_parts(id, area).map(|p| p.1),
                Some(location),
                "{id}"
            );
            assert_eq!(
                detachment_source(id, area, army).as_deref(),
                Some(source),
                "{id}"
            );
            let name = if area == "canada" {
                "Canada"
            } else {
                "New England"
            };
            let place = match location {
                Some(l) => format!("location {l} of {name}"),
                None => name.to_string(),
            };
            let said = id_words(
                format!("detachment {id} lost"),
                areas.clone(),
                armies.clone(),
                None,
                None,
            );
            assert_eq!(
                said,
                format!("the detachment in {place} ({source}) lost"),
                "{id}"
            );
        }
        // An id that is no detachment of the area says no source.
        assert_eq!(detachment_source("greene-force", "canada", army), None);
    }
}
