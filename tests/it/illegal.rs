//! Issue 8, item 2: every illegal-order case of every game, gathered in one table and run
//! through the command line. Each must be refused naming its rule number, and every file in
//! the game's folder must be byte-for-byte what it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::support::{root, run, stderr, write_position};

/// The folder's files and their bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// A data folder with the built-in files of a game and extra cards in its deck.
fn data_dir_with(dir: &Path, files: &[(&str, &str)], deck: &str, extra: &[Value]) -> PathBuf {
    let d = dir.join("data");
    std::fs::create_dir_all(&d).unwrap();
    for (name, text) in files {
        let text = if *name == deck && !extra.is_empty() {
            let mut v: Value = serde_yaml::from_str(text).unwrap();
            v["cards"]
                .as_array_mut()
                .unwrap()
                .extend(extra.iter().cloned());
            serde_yaml::to_string(&v).unwrap()
        } else {
            text.to_string()
        };
        std::fs::write(d.join(name), text).unwrap();
    }
    d
}

/// For a Lost Cause case: the refused answer and the position (as JSON) at which it is given,
/// found by running the case's earlier answers with its scripted dice.
fn lost_cause_position(v: &Value) -> Option<(Value, Option<Value>)> {
    use adjutant::engine::dice::ScriptedDice;
    use adjutant::games::the_lost_cause::{month, orders::Orders};
    let extra: Vec<Value> = v["deck"].as_array().cloned().unwrap_or_default();
    let data = super::lost_cause::data_with(&extra);
    let changes = v["state"].as_object().cloned().unwrap_or_default();
    let answers: Vec<Value> = match &v["orders"] {
        Value::Array(a) => a.clone(),
        Value::Null => Vec::new(),
        o => vec![o.clone()],
    };
    let dice: Vec<u32> = serde_json::from_value(v["dice"].clone()).unwrap_or_default();
    let run = |given: &[Orders]| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut st = super::lost_cause::state_with(&data, changes.clone()).ok()?;
            let mut d = ScriptedDice::new(dice.clone());
            let r = month::run_until(&data, &mut st, &mut d, given.to_vec(), |_| false);
            Some((r.is_err(), st))
        }))
        .ok()
        .flatten()
    };
    let given: Vec<Orders> = answers
        .iter()
        .map(|a| serde_json::from_value(a.clone()).ok())
        .collect::<Option<_>>()?;
    for k in 0..given.len() {
        let (refused, _) = run(&given[..=k])?;
        if refused {
            let (failed, st) = run(&given[..k])?;
            if failed || st.question.is_none() {
                return None;
            }
            // A case puts its card in play without taking it out of the year's piles; a
            // position has each card in one place (5.0).
            let mut st = st;
            if let Some(card) = st.card.clone() {
                st.draw_pile.retain(|c| *c != card);
                for stack in st.stacks.values_mut() {
                    stack.retain(|c| *c != card);
                }
                // The card in play has been revealed, so it counts as played (5.1).
                st.headlines_played = st.headlines_played.max(1);
            }
            // A case that moves the year on leaves the pieces of the years passed where the
            // set-up put them: they arrive (resources into the cup, leaders into the Leader
            // Cup), as the Year End Sequence would have done (14.0 #3).
            use adjutant::games::the_lost_cause::state::Place;
            for r in &data.pieces.resources {
                let place = st.resources.entry(r.id.clone()).or_insert(Place::Cup);
                if *place == Place::Future && r.year <= st.year {
                    *place = Place::Cup;
                }
            }
            for l in &data.pieces.confederate_leaders {
                let placed = st.commanders.values().flatten().any(|c| *c == l.id)
                    || st.advisor.as_deref() == Some(l.id.as_str())
                    || st.leader_cup.contains(&l.id)
                    || st.leaders_gone.contains(&l.id);
                if !placed && l.arrives.is_none_or(|y| y <= st.year) {
                    st.leaders_gone.push(l.id.clone());
                }
            }
            return Some((answers[k].clone(), Some(serde_json::to_value(&st).unwrap())));
        }
    }
    None
}

struct Row {
    file: String,
    /// Refused before the rules ran: the wrong side, or a game already over.
    early: bool,
    game: &'static str,
    rule: String,
}

/// Runs one case; `Ok(false)` when the case does not fit one orders file (several answers in
/// turn, a stop inside a month, or the other side's policy).
/// A Southern Strategy case gives only what it tests; a position must also keep the counts
/// the rules derive (4.0, 13.5: the campaign turns and year ends the turn marker implies; 6.0:
/// someone holds the initiative during the impulses), so they are filled in from the turn.
fn complete_southern_position(state: &mut Value) {
    let year = state["turn"]["year"].as_u64().unwrap();
    let space = state["turn"]["space"].as_u64().unwrap();
    state["years_ended"] = (year - 1780).into();
    state["campaign_turns"] = ((year - 1780) * 5 + space - 3 + 1).into();
    let step = state["phase"]["step"].as_str().unwrap_or("").to_string();
    if (step == "impulse" || step == "battle") && state["initiative"].is_null() {
        let side = match step.as_str() {
            "impulse" => state["phase"]["side"].clone(),
            _ => state["phase"]["attack"]["side"].clone(),
        };
        state["initiative"] = side;
    }
    if (step == "impulse" || step == "battle") && state["pass_track"].as_u64() == Some(0) {
        state["pass_track"] = 1.into();
    }
    if step != "over" && state["outcome"].is_object() {
        state["outcome"] = Value::Null;
    }
    place_swamp_fox(state);
    // 2.3: the pool holds every counter the case did not put elsewhere.
    for colony in ["VA", "NC", "SC", "GA"] {
        for (side, kind) in [("patriot", "militia"), ("crown", "loyalists")] {
            let boxed = state["partisans"][colony][kind].as_u64().unwrap_or(0);
            let cup = state["cup"].as_array().map_or(0, |c| {
                c.iter()
                    .filter(|x| {
                        x["colony"] == colony && x["side"] == side && x["swamp_fox"] != true
                    })
                    .count() as u64
            });
            let holds = if side == "crown" {
                state["holds"].as_array().map_or(0, |h| {
                    h.iter()
                        .filter(|a| southern_colony(a.as_str().unwrap_or("")) == colony)
                        .count() as u64
                })
            } else {
                0
            };
            state["pool"][colony][kind] = 5u64.saturating_sub(boxed + cup + holds).into();
        }
    }
    // 14.0: Cornwallis is with an army while the game goes on; a case that leaves him out
    // gets him with one Unit in Sunbury, out of its way.
    let has_him = state["armies"].as_object().is_some_and(|a| {
        a.values()
            .any(|x| x["side"] == "crown" && x["leader"] == "leader")
    }) || state["navies"]["cargo"]["crown"]["leader"] == "leader"
        || (state["phase"]["attack"]["side"] == "crown"
            && state["phase"]["attack"]["leader"] == "leader");
    if !has_him && step != "over" && state["armies"].get("SUN").is_none() {
        state["armies"]["SUN"] =
            serde_json::json!({"side": "crown", "units": 1, "leader": "leader"});
    }
}

/// 8.5: after the first campaign turn the Swamp Fox is in the cup or the box; a case that
/// leaves him out has him in the cup. A case that has him in play is past the first turn's end,
/// where 13.3 brings him in.
fn place_swamp_fox(state: &mut Value) {
    let in_cup = state["cup"]
        .as_array()
        .is_some_and(|c| c.iter().any(|x| x["swamp_fox"] == true));
    let in_box = state["partisans"]["SC"]["swamp_fox"] == true;
    if (in_cup || in_box) && state["campaign_turns"].as_u64() <= Some(1) {
        state["turn"]["space"] = (state["turn"]["space"].as_u64().unwrap() + 1).into();
        state["campaign_turns"] = 2.into();
    }
    if !in_cup && !in_box && state["campaign_turns"].as_u64() > Some(1) {
        state["cup"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"side": "patriot", "colony": "SC", "swamp_fox": true}));
    }
}

/// The Colony of a Southern Strategy area id, from the shipped map.
fn southern_colony(area: &str) -> String {
    let map: Value =
        serde_yaml::from_str(include_str!("../../games/southern-strategy/map.yaml")).unwrap();
    map["areas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == area)
        .map(|a| a["colony"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

fn run_row(game: &'static str, path: &Path, k: usize, rows: &mut Vec<Row>) -> Result<bool, String> {
    let v: Value = serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let Some(want) = v["expect"]["error"]["rule"].as_str() else {
        return Ok(false);
    };
    if v.get("policy").is_some_and(|p| !p.is_null()) {
        return Ok(false);
    }
    // The Lost Cause's cases may start inside a month and give several answers: the rules
    // are run (with the case's scripted dice) up to the question whose answer is refused,
    // and that position goes into the game file.
    let (orders, position) = if game == "the-lost-cause" {
        match lost_cause_position(&v) {
            Some(p) => p,
            None => return Ok(false),
        }
    } else {
        if v.get("until").is_some_and(|u| !u.is_null()) {
            return Ok(false);
        }
        let o = match &v["orders"] {
            Value::Array(a) if a.len() == 1 => a[0].clone(),
            Value::Array(_) => return Ok(false),
            o => o.clone(),
        };
        (o, None)
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let extra: Vec<Value> = v["deck"].as_array().cloned().unwrap_or_default();
    let data = match game {
        "the-lost-cause" => Some(data_dir_with(
            d,
            adjutant::games::the_lost_cause::DATA_FILES,
            adjutant::games::the_lost_cause::data::DECK,
            &extra,
        )),
        _ => None,
    };
    let id = format!("illegal-{k}");
    // The case's state is the position the game starts from (`new --position`).
    let rules = adjutant::games::load(game, data.as_deref()).unwrap();
    let state = match position {
        Some(state) => state,
        None => {
            let mut state = rules.setup().unwrap().0;
            if let Some(changes) = v["state"].as_object() {
                for (key, val) in changes {
                    state[key] = val.clone();
                }
            }
            if game == "southern-strategy" {
                complete_southern_position(&mut state);
            }
            state
        }
    };
    let awaiting = rules
        .awaiting(&state)
        .map_err(|e| format!("bad state: {e}"))?;
    if awaiting.is_none() && game != "southern-strategy" {
        // A case that starts inside a month, with no question asked: it tests the rules
        // alone, and has no orders file to give.
        return Ok(false);
    }
    write_position(d, "position.yaml", game, &state);
    let mut new = vec![
        "new",
        "--game",
        game,
        "--id",
        &id,
        "--demo",
        "--secrets",
        "s",
        "--position",
        "position.yaml",
        "-o",
        "game.yaml",
    ];
    let data_arg = data.as_ref().map(|p| p.to_str().unwrap().to_string());
    if let Some(p) = &data_arg {
        new.extend(["--data", p.as_str()]);
    }
    let out = run(d, &new);
    if !out.status.success() {
        return Err(format!("`new` failed: {}", stderr(&out)));
    }
    let mut o = orders.as_object().cloned().unwrap_or_default();
    if let Some(side) = v["side"].as_str() {
        o.insert("side".into(), side.into());
    }
    std::fs::write(d.join("orders.yaml"), serde_yaml::to_string(&o).unwrap()).unwrap();
    let before = snapshot(d);
    let mut play = vec!["play", "game.yaml", "orders.yaml", "--secrets", "s"];
    if let Some(p) = &data_arg {
        play.extend(["--data", p.as_str()]);
    }
    let out = run(d, &play);
    let err = stderr(&out);
    if out.status.success() {
        return Err("accepted".into());
    }
    // Orders from the wrong side, or after the end, are refused before the rules run, by the
    // game file's own record of whose decision it is; that refusal names the side instead.
    let early = err.contains("'s decision (") || err.contains("the game is over");
    if !err.contains(&format!("{want}: ")) && !early {
        return Err(format!("refused without naming rule {want}: {err}"));
    }
    if snapshot(d) != before {
        return Err("a file changed although the orders were refused".into());
    }
    rows.push(Row {
        early,
        file: path.file_name().unwrap().to_string_lossy().into_owned(),
        game,
        rule: want.to_string(),
    });
    Ok(true)
}

#[test]
fn every_illegal_order_of_every_game_is_refused_with_its_rule_and_changes_nothing() {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let mut k = 0;
    for game in ["southern-strategy", "the-lost-cause", "solo-1776"] {
        let dir = root().join("tests/cases").join(game);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for f in files
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        {
            k += 1;
            if let Err(e) = run_row(game, f, k, &mut rows) {
                failures.push(format!(
                    "{game}/{}: {e}",
                    f.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} illegal-order cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let per_game = |g: &str| rows.iter().filter(|r| r.game == g).count();
    assert!(
        per_game("southern-strategy") >= 150,
        "only {} Southern Strategy rows",
        per_game("southern-strategy")
    );
    let rules: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.rule.as_str()).collect();
    eprintln!(
        "{} illegal orders refused and no file changed ({} naming one of {} rules, {} from the wrong side or after the end): {} Southern Strategy, {} The Lost Cause, {} solo 1776; e.g. {}",
        rows.len(),
        rows.iter().filter(|r| !r.early).count(),
        rules.len(),
        rows.iter().filter(|r| r.early).count(),
        per_game("southern-strategy"),
        per_game("the-lost-cause"),
        per_game("solo-1776"),
        rows.first().map(|r| r.file.as_str()).unwrap_or("")
    );
}
