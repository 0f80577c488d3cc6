//! The board facts of a British turn: checked against the rules and the state, then taken
//! into the state in the order the orders list them. A fact that contradicts the rules (an
//! army in two locations, two armies in one area, a negative strength, an unknown area,
//! town or army, a location other than 0, 5, 10 or 15) refuses the whole turn.

use std::collections::BTreeSet;

use super::data::{Data, Date};
use super::events::Event;
use super::options::month;
use super::orders::{Holder, NavyFact, Turn};
use super::script::Ctx;
use super::state::{Army, Force, NavyOut, State};
use crate::engine::error::OrderError;

mod check;

/// Words listed with commas and a last `and` or `or`, as every game's messages list them.
pub use crate::engine::error::listed;
pub use check::{area, army_known, bre, count, known_area, location, named};
use check::{area_name, err, forts_are, no_town};

fn say(ctx: &mut Ctx, rule: &str, what: String) {
    ctx.event(Event::Reported {
        rule: rule.into(),
        what,
    });
}

/// Refuses a date `d` (at `path`) that is no turn of the game: months 1 to 12, from the
/// scenario's first turn to its last.
pub fn date_of_the_game(data: &Data, d: Date, path: &str) -> Result<(), OrderError> {
    let (start, end) = (data.scenario.setup.date, data.scenario.end);
    if !(1..=12).contains(&d.month) || d > end || d < start {
        return Err(err(
            "1776",
            path.into(),
            format!(
                "`{{year: {}, month: {}}}` is no turn of the game (months 1 to 12, from {} {} to {} {})",
                d.year, d.month, month(start.month), start.year, month(end.month), end.year
            ),
        ));
    }
    Ok(())
}

/// Takes the turn's facts into the state, or refuses them all.
pub fn apply(st: &mut State, ctx: &mut Ctx, t: &Turn) -> Result<(), OrderError> {
    let data = ctx.data;
    if let Some(d) = t.date {
        date_of_the_game(data, d, "turn.date")?;
        // A20: the date goes forward only; set back, it would hand out again the quarter's
        // French roll and sea invasion (17) and move a damaged navy's return (16).
        if data.tables.reports.date_forward && d < st.date {
            return Err(err(
                "17",
                "turn.date".into(),
                format!(
                    "`{{year: {}, month: {}}}` ({} {}) is before the game's date, {} {}: turns go forward only, and the French roll and sea invasion once a quarter (17) and a damaged navy's quarters out (16) count from the date",
                    d.year, d.month, month(d.month), d.year, month(st.date.month), st.date.year
                ),
            ));
        }
        st.date = d;
        say(ctx, "1776", format!("the date is {}/{}", d.month, d.year));
    }
    if let Some(b) = t.bre {
        st.bre = bre(b, "turn.bre".into())?;
        say(ctx, "12", format!("the BRE number is {}", st.bre));
    }
    for (town, holder) in &t.control {
        let path = format!("turn.control.{town}");
        let Some(tw) = st.town_mut(town) else {
            return Err(no_town(st, town, path));
        };
        tw.british = *holder == Holder::British;
        let name = tw.name.clone();
        say(
            ctx,
            "13",
            format!(
                "{name} is {}",
                if *holder == Holder::British {
                    "British controlled"
                } else {
                    "not British controlled"
                }
            ),
        );
    }
    for (a, holder) in &t.areas {
        let id = area(data, "12", a, format!("turn.areas.{a}"))?;
        st.areas.get_mut(id).expect("every area").british_control = *holder == Holder::British;
        say(
            ctx,
            "12",
            format!(
                "the British {} {}",
                if *holder == Holder::British {
                    "control"
                } else {
                    "do not control"
                },
                data.area(id).expect("known").name
            ),
        );
    }
    if let Some(n) = t.naval {
        count(n.american.into(), "naval SP", "turn.naval.american".into())?;
        count(n.british.into(), "naval SP", "turn.naval.british".into())?;
        st.naval = n;
        say(
            ctx,
            "17",
            format!(
                "naval SP deployed: {} American, {} British",
                n.american, n.british
            ),
        );
    }
    armies(st, ctx, t)?;
    for (i, f) in t.towns.iter().enumerate() {
        let path = format!("turn.towns[{i}]");
        let Some(tw) = st.town_mut(&f.town) else {
            return Err(no_town(st, &f.town, path));
        };
        if let Some(p) = f.priority {
            if !(0..=3).contains(&p) {
                return Err(err(
                    "13",
                    format!("{path}.priority"),
                    format!("a town's priority is 1, 2, 3 or 0 for none, not `{p}`"),
                ));
            }
            tw.priority = (p > 0).then_some(p as u8);
        }
        if let Some(s) = f.strategic {
            tw.strategic = s;
        }
        if let Some(x) = f.fort {
            tw.fort = x;
        }
        let what = format!(
            "{}: priority {}, {}strategic, {}",
            tw.name,
            tw.priority.map_or("none".to_string(), |p| p.to_string()),
            if tw.strategic { "" } else { "not " },
            if tw.fort { "a fort" } else { "no fort" }
        );
        say(ctx, "13", what);
    }
    for (i, r) in t.requisite.iter().enumerate() {
        let path = format!("turn.requisite[{i}]");
        let id = area(data, "12", &r.area, format!("{path}.area"))?;
        let l = location(r.location, format!("{path}.location"))?;
        let sp = count(r.sp, "a requisite", format!("{path}.sp"))?;
        st.areas
            .get_mut(id)
            .expect("every area")
            .locations
            .get_mut(&l)
            .expect("every location")
            .requisite = sp;
        say(
            ctx,
            "12",
            format!(
                "the requisite of location {l} of {} is {sp} SP",
                data.area(id).expect("known").name
            ),
        );
    }
    if let Some(n) = t.navy {
        st.navy.out = match n {
            NavyFact::Deployed => None,
            NavyFact::NotDeployed => Some(NavyOut::NotDeployed),
            NavyFact::Lost => Some(NavyOut::Lost),
        };
        say(
            ctx,
            "16",
            format!("the Continental Navy is {}", navy_words(n)),
        );
    }
    for (a, n) in &t.supply {
        let path = format!("turn.supply.{a}");
        let id = area(data, "17", a, path.clone())?;
        let n = count(*n, "supply", path.clone())?;
        let Some(army) = st.army_in(id).map(str::to_string) else {
            return Err(err(
                "17",
                path,
                format!(
                    "there is no American army in {} to hold the supply",
                    area_name(data, id)
                ),
            ));
        };
        st.armies.get_mut(&army).expect("found").force.supply = n;
        say(
            ctx,
            "17",
            format!("{} holds {n} supply", st.armies[&army].name),
        );
    }
    for (i, l) in t.losses.iter().enumerate() {
        let path = format!("turn.losses[{i}]");
        let lost = Force {
            sp: count(l.sp, "losses", format!("{path}.sp"))?,
            dragoons: 0,
            artillery: count(l.artillery, "losses", format!("{path}.artillery"))?,
            supply: count(l.supply, "losses", format!("{path}.supply"))?,
        };
        // RULINGS A29 (from the eleventh edition): a loss of nothing is no combat loss to
        // record.
        if data.tables.reports.nothing_refused
            && lost.sp == 0
            && lost.artillery == 0
            && lost.supply == 0
        {
            return Err(err(
                "14",
                path,
                "a loss of nothing: give the SP, artillery or supply lost in the combat (more than 0)".into(),
            ));
        }
        // `name` goes into the record's fact as it always has; `said` into an error, where an
        // army a correction made is named in words.
        let (force, name, said) = match (&l.army, &l.fort, &l.detachment) {
            (Some(a), None, None) => {
                army_known(st, "12", a, format!("{path}.army"))?;
                // A31 (from the thirteenth edition): an army off the board stands on the
                // Off-Board chart (A7), where no British force can attack it (A28), so no
                // combat on the board can cost it anything.
                let army = &st.armies[a];
                if data.tables.reports.losses_on_board_only && army.at.is_none() {
                    return Err(err(
                        "14",
                        format!("{path}.army"),
                        format!(
                            "{} is off the board, in location {} of {}, on the Off-Board chart, so no combat on the board can cost it anything (RULINGS A7, A28, A31); report the losses of an army that stands at a town on the board",
                            army.words(a),
                            army.location,
                            area_name(data, &army.area)
                        ),
                    ));
                }
                let army = st.armies.get_mut(a).expect("known");
                let said = army.words(a);
                (&mut army.force, army.name.clone(), said)
            }
            (None, None, Some(d)) => match st.detachments.get_mut(d) {
                // A35 (from the sixteenth edition): a detachment moves only on the Off-Board
                // chart (12) and never marches onto the board (13 brings armies alone), so no
                // combat on the board can cost it anything, as for an army off the board (A31).
                Some(det) if data.tables.reports.detachment_losses_refused => {
                    let (location, area) = (det.location, det.area.clone());
                    let made = crate::games::solo_1776::words::detachment_source(d, &area, |a| {
                        st.armies.get(a).map(|x| x.words(a))
                    });
                    return Err(err(
                        "14",
                        format!("{path}.detachment"),
                        format!(
                            "the detachment `{d}`{} stands in location {location} of {} on the Off-Board chart, so no combat on the board can cost it anything (RULINGS A31, A35); report the losses of an army at a town on the board or of a fort's garrison",
                            made.map_or(String::new(), |m| format!(" ({m})")),
                            area_name(data, &area)
                        ),
                    ));
                }
                Some(det) => (
                    &mut det.force,
                    format!("detachment {d}"),
                    format!("detachment {d}"),
                ),
                None => {
                    let known: Vec<String> = st
                        .detachments
                        .iter()
                        .map(|(id, x)| {
                            format!(
                                "`{id}` (location {} of {})",
                                x.location,
                                area_name(data, &x.area)
                            )
                        })
                        .collect();
                    return Err(err(
                        "12",
                        format!("{path}.detachment"),
                        format!(
                            "there is no detachment `{d}`; the detachments are {}",
                            listed(&known, "and")
                        ),
                    ));
                }
            },
            (None, Some(f), None) => match st.forts.get_mut(f) {
                Some(fort) => (
                    &mut fort.garrison,
                    format!("the garrison of fort `{f}`"),
                    format!("the garrison of fort `{f}`"),
                ),
                None => {
                    return Err(err(
                        "15",
                        format!("{path}.fort"),
                        format!("there is no American fort `{f}`; {}", forts_are(data, st)),
                    ))
                }
            },
            _ => {
                return Err(err(
                    "14",
                    path,
                    "a loss names one of an `army`, a `fort` or a `detachment`".into(),
                ))
            }
        };
        take(force, lost, &said, &path)?;
        say(
            ctx,
            "14",
            format!(
                "{name} lost {} SP, {} artillery, {} supply in combat on the board",
                lost.sp, lost.artillery, lost.supply
            ),
        );
    }
    forts_lost(st, ctx, t)?;
    // A22: what earlier files of this month named counts as named here too.
    let earlier = if data.tables.reports.once_a_month {
        st.month.clone()
    } else {
        Default::default()
    };
    let before = "in an earlier report of this month (RULINGS A22)";
    let mut ids = BTreeSet::new();
    for (i, tr) in t.transports.iter().enumerate() {
        // A22: a label is the same transport however it is written (`Howe convoy`,
        // `howe-convoy`), as the report prints it one way and the player may copy it.
        let key = if data.tables.reports.once_a_month {
            transport_key(&tr.id)
        } else {
            tr.id.clone()
        };
        if earlier.transports.contains(&key) {
            return Err(err(
                "16",
                format!("turn.transports[{i}].id"),
                format!(
                    "transport `{}` was named {before}; each transport or stack is rolled for once a month",
                    tr.id
                ),
            ));
        }
        if !ids.insert(key) {
            return Err(err(
                "16",
                format!("turn.transports[{i}].id"),
                format!(
                    "transport `{}` is listed twice; roll once for each transport or stack",
                    tr.id
                ),
            ));
        }
    }
    for (i, r) in t.reinforce.iter().enumerate() {
        area(data, "17", &r.area, format!("turn.reinforce[{i}].area"))?;
        location(r.location, format!("turn.reinforce[{i}].location"))?;
    }
    let mut scouted = BTreeSet::new();
    for (i, a) in t.scout.iter().enumerate() {
        let id = area(data, "12", a, format!("turn.scout[{i}]"))?;
        if earlier.scouted.contains(id) {
            return Err(err(
                "12",
                format!("turn.scout[{i}]"),
                format!(
                    "{} was scouted {before}; an area's army is scouted once a turn",
                    area_name(data, id)
                ),
            ));
        }
        if !scouted.insert(id) {
            return Err(err(
                "12",
                format!("turn.scout[{i}]"),
                format!(
                    "{} is scouted twice; an area's army is scouted once a turn",
                    area_name(data, id)
                ),
            ));
        }
    }
    let mut attacked = BTreeSet::new();
    for (i, a) in t.attacks.iter().enumerate() {
        let path = format!("turn.attacks[{i}].army");
        army_known(st, "14", &a.army, path.clone())?;
        // A28: an army off the board stands on no hex the British could reach.
        if data.tables.reports.attacks_on_board_only && st.armies[&a.army].at.is_none() {
            return Err(err(
                "14",
                path,
                format!(
                    "{} is off the board, on the Off-Board chart, so no British force can attack it (RULINGS A7, A28); the British attack an army that stands at a town on the board",
                    st.armies[&a.army].words(&a.army)
                ),
            ));
        }
        if earlier.attacked.contains(&a.army) {
            return Err(err(
                "14",
                path,
                format!(
                    "{} was attacked {before}; the bot answers a British attack on an army with one run of multiple combat a month (RULINGS A21)",
                    st.armies[&a.army].words(&a.army)
                ),
            ));
        }
        // A21: the bot answers a British attack on an army with one run of multiple combat.
        if data.tables.reports.one_attack_per_army && !attacked.insert(a.army.as_str()) {
            return Err(err(
                "14",
                path,
                format!(
                    "{} is attacked twice; `attacks` names an army once, since the bot answers a British attack with one run of multiple combat (RULINGS A21)",
                    st.armies[&a.army].words(&a.army)
                ),
            ));
        }
    }
    for (i, r) in t.replacements.iter().enumerate() {
        let path = format!("turn.replacements[{i}]");
        area(data, "15", &r.area, format!("{path}.area"))?;
        let sp = count(r.sp, "replacements", format!("{path}.sp"))?;
        let artillery = count(r.artillery, "replacements", format!("{path}.artillery"))?;
        let supply = count(r.supply, "replacements", format!("{path}.supply"))?;
        // RULINGS A29 (from the eleventh edition): replacements of nothing place nothing for
        // 15 to place.
        if data.tables.reports.nothing_refused && sp == 0 && artillery == 0 && supply == 0 {
            return Err(err(
                "15",
                path,
                "replacements of nothing: give the SP, artillery or supply that arrive (more than 0)".into(),
            ));
        }
    }
    if let Some(s) = &t.search {
        if st.french.fleets == 0 && t.french_intervention.is_none() {
            return Err(err(
                "17",
                "turn.search".into(),
                "there are no French battle fleets in play to search for".into(),
            ));
        }
        if s.fleets < 1 {
            return Err(err(
                "17",
                "turn.search.fleets".into(),
                format!(
                    "a search needs at least one British battle fleet, not `{}`",
                    s.fleets
                ),
            ));
        }
    }
    if let Some(f) = &t.french_intervention {
        // A19: rule 17 brings the French in once, with all the fleets they send.
        if data.tables.reports.one_intervention && (st.french.landed > 0 || st.french.fleets > 0) {
            return Err(err(
                "17",
                "turn.french_intervention".into(),
                "the French have already intervened: rule 17 brings them in once, and their battle fleets then operate as one".into(),
            ));
        }
        if f.fleets < 1 || f.fleets > 6 {
            return Err(err(
                "17",
                "turn.french_intervention.fleets".into(),
                format!(
                    "the French intervene with 1 to 6 battle fleets, not `{}`",
                    f.fleets
                ),
            ));
        }
    }
    Ok(())
}

fn navy_words(n: NavyFact) -> &'static str {
    match n {
        NavyFact::Deployed => "deployed",
        NavyFact::NotDeployed => "not deployed",
        NavyFact::Lost => "lost",
    }
}

/// 12, 15: forts the player reports captured or destroyed, then forts whose garrison has
/// lost every SP (RULINGS.md, A13): each is gone with what is left of its garrison.
fn forts_lost(st: &mut State, ctx: &mut Ctx, t: &Turn) -> Result<(), OrderError> {
    let data = ctx.data;
    let mut gone: Vec<(String, &str)> = Vec::new();
    for (i, key) in t.forts_lost.iter().enumerate() {
        if !st.forts.contains_key(key) || gone.iter().any(|(k, _)| k == key) {
            return Err(err(
                "15",
                format!("turn.forts_lost[{i}]"),
                format!(
                    "there is no American fort `{key}` (to lose once); {}",
                    forts_are(data, st)
                ),
            ));
        }
        // A27: a fort in a town the Americans hold stands with its town (A17); it is lost
        // when the British take the town, which this report would have said.
        if data.tables.reports.town_fort_lost_with_town && data.tables.fort.garrisons_town_forts() {
            let f = &st.forts[key];
            let town = f.town.as_ref().and_then(|t| {
                st.location(&f.area, f.location)
                    .towns
                    .iter()
                    .find(|x| x.id == *t && !x.british)
            });
            if let Some(town) = town {
                return Err(err(
                    "15",
                    format!("turn.forts_lost[{i}]"),
                    format!(
                        "the fort `{key}` stands in {}, a town the Americans hold, and falls with it: report in the same file that the British take the town (`control: {{{}: british}}`), which loses the fort, with or without this entry (RULINGS A27)",
                        town.name, town.id
                    ),
                ));
            }
        }
        gone.push((key.clone(), "reported captured or destroyed by the British"));
    }
    for (key, f) in &st.forts {
        if f.garrison.sp == 0 && !gone.iter().any(|(k, _)| k == key) {
            gone.push((key.clone(), "its garrison lost every SP"));
        }
    }
    // A17: a fort in a town the British now hold is theirs.
    if data.tables.fort.garrisons_town_forts() {
        for key in in_british_towns(st) {
            if !gone.iter().any(|(k, _)| *k == key) {
                gone.push((key, BRITISH_TOWN));
            }
        }
    }
    for (key, reason) in gone {
        lose_fort(st, ctx, key, reason);
    }
    Ok(())
}

/// Why a fort in a town the British hold is lost (A17).
pub const BRITISH_TOWN: &str = "the British hold its town";

/// The American forts standing in towns the British hold (A17).
pub fn in_british_towns(st: &State) -> Vec<String> {
    st.forts
        .iter()
        .filter(|(_, f)| {
            f.town
                .as_ref()
                .and_then(|t| st.town(t))
                .is_some_and(|(_, _, t)| t.british)
        })
        .map(|(k, _)| k.clone())
        .collect()
}

/// 12, 15: the American fort `key` is gone, with what is left of its garrison.
pub fn lose_fort(st: &mut State, ctx: &mut Ctx, key: String, reason: &str) {
    let f = st.forts.remove(&key).expect("a kept fort");
    ctx.event(Event::FortLost {
        fort: key,
        area: f.area,
        location: f.location,
        town: f.town,
        garrison: f.garrison,
        reason: reason.into(),
    });
}

/// Takes losses out of a force; more than it holds is refused.
pub fn take(force: &mut Force, lost: Force, name: &str, path: &str) -> Result<(), OrderError> {
    for (have, lose, what) in [
        (force.sp, lost.sp, "SP"),
        (force.artillery, lost.artillery, "artillery"),
        (force.supply, lost.supply, "supply"),
    ] {
        if lose > have {
            return Err(err(
                "14",
                path.to_string(),
                format!("{name} has {have} {what}; it cannot lose `{lose}`"),
            ));
        }
    }
    force.sp -= lost.sp;
    force.artillery -= lost.artillery;
    force.supply -= lost.supply;
    force.dragoons = force.dragoons.min(force.sp);
    Ok(())
}

/// A transport's label as it is compared (RULINGS A22): in lower case, with hyphens and
/// underscores read as spaces and spaces run together, so `Howe convoy`, `howe-convoy` and
/// `HOWE_CONVOY` are one transport.
pub fn transport_key(id: &str) -> String {
    id.to_lowercase()
        .replace(['-', '_'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Army corrections: each army once, in one OB location, one army per area (12).
fn armies(st: &mut State, ctx: &mut Ctx, t: &Turn) -> Result<(), OrderError> {
    let data = ctx.data;
    let mut seen = BTreeSet::new();
    for (i, f) in t.armies.iter().enumerate() {
        let path = format!("turn.armies[{i}]");
        if !seen.insert(f.army.as_str()) {
            return Err(err(
                "12",
                format!("{path}.army"),
                format!(
                    "army `{}` is given twice: an army is in one location only",
                    f.army
                ),
            ));
        }
        let mut a = match st.armies.get(&f.army) {
            Some(a) => a.clone(),
            None => {
                let (Some(ar), Some(_), Some(_)) = (&f.area, f.location, f.sp) else {
                    return Err(err(
                        "12",
                        format!("{path}.army"),
                        format!(
                            "there is no American army `{}`; a new one needs `area`, `location` and `sp`",
                            f.army
                        ),
                    ));
                };
                Army {
                    name: f.army.clone(),
                    area: ar.clone(),
                    location: 0,
                    at: None,
                    force: Force::default(),
                    entrenched: false,
                }
            }
        };
        if let Some(ar) = &f.area {
            a.area = area(data, "12", ar, format!("{path}.area"))?.to_string();
        }
        if let Some(l) = f.location {
            a.location = location(l, format!("{path}.location"))?;
        }
        if let Some(v) = f.sp {
            a.force.sp = count(v, "strength", format!("{path}.sp"))?;
        }
        if let Some(v) = f.dragoons {
            a.force.dragoons = count(v, "dragoon SP", format!("{path}.dragoons"))?;
        }
        if let Some(v) = f.artillery {
            a.force.artillery = count(v, "artillery", format!("{path}.artillery"))?;
        }
        if let Some(v) = f.supply {
            a.force.supply = count(v, "supply", format!("{path}.supply"))?;
        }
        if a.force.dragoons > a.force.sp {
            return Err(err(
                "15",
                format!("{path}.dragoons"),
                format!(
                    "{} dragoon SP are more than the army's {} SP",
                    a.force.dragoons, a.force.sp
                ),
            ));
        }
        match f.at.as_deref() {
            Some("") => a.at = None,
            Some(town) => match st.town(town) {
                Some((ar, l, _)) if ar == a.area && l == a.location => a.at = Some(town.into()),
                Some((ar, l, _)) => {
                    return Err(err(
                        "13",
                        format!("{path}.at"),
                        format!(
                            "`{town}` is in location {l} of {}, not location {} of {}: an army is in one location only",
                            area_name(data, ar), a.location, area_name(data, &a.area)
                        ),
                    ))
                }
                None => return Err(no_town(st, town, format!("{path}.at"))),
            },
            None => {
                if let Some(town) = &a.at {
                    if st.town(town).is_some_and(|(ar, l, _)| ar != a.area || l != a.location) {
                        a.at = None;
                    }
                }
            }
        }
        say(
            ctx,
            "12",
            format!(
                "{} is in location {} of {}{}: {} SP ({} dragoon), {} artillery, {} supply",
                a.name,
                a.location,
                data.area(&a.area).expect("checked").name,
                a.at.as_ref().map_or(String::new(), |t| format!(" at {t}")),
                a.force.sp,
                a.force.dragoons,
                a.force.artillery,
                a.force.supply
            ),
        );
        st.armies.insert(f.army.clone(), a);
    }
    let mut held = std::collections::BTreeMap::new();
    for (id, a) in &st.armies {
        if let Some(other) = held.insert(a.area.as_str(), id.as_str()) {
            return Err(err(
                "12",
                "turn.armies".into(),
                format!(
                    "the Americans keep one army per area: {} and {} are both in {}",
                    st.armies[other].words(other),
                    a.words(id),
                    area_name(data, &a.area)
                ),
            ));
        }
    }
    Ok(())
}
