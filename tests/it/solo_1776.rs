//! The solo 1776 American bot's rules cases: each file in `tests/cases/solo-1776/` gives a
//! state (the armies whole, other keys merged into the set-up), the British player's orders
//! and answers in turn, the scripted dice, and what must follow. Plus a whole campaign in
//! self mode through the library's commands, and the shipped example.

use std::path::Path;

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::solo_1776::{
    self as solo, data::Data, orders::Orders, state::State, Solo1776,
};
use serde::Deserialize;
use serde_json::Value;

use super::cases::{compare, Expect};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    rule: String,
    /// The American armies, replacing the set-up's whole (id to army).
    #[serde(default)]
    armies: Option<Value>,
    /// Merged into the set-up state: objects key by key, `null` deletes a key.
    #[serde(default)]
    state: Value,
    /// Merged into the tables the case runs with (the first edition's), the same way: a
    /// reading a later edition follows (`fort: {town_forts: garrisoned}`).
    #[serde(default)]
    tables: Value,
    /// The British turn, then the answers to the bot's questions, in order.
    orders: Vec<Value>,
    #[serde(default)]
    dice: Vec<u32>,
    expect: Expect,
}

pub fn data() -> Data {
    data_of(solo::DATA_FILES)
}

/// An edition of the built-in data.
pub fn data_of(files: &[(&str, &str)]) -> Data {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    Data::load(&files).expect("the built-in data loads")
}

fn merge(into: &mut Value, patch: &Value) {
    match (into, patch) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                if v.is_null() {
                    a.remove(k);
                } else {
                    merge(a.entry(k.clone()).or_insert(Value::Null), v);
                }
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}

/// The set-up state with the case's changes.
pub fn state_with(data: &Data, armies: Option<Value>, patch: &Value) -> Result<State, String> {
    let (setup, _) = Solo1776::setup(data);
    let mut v = serde_json::to_value(&setup).unwrap();
    if let Some(a) = armies {
        v["armies"] = a;
    }
    if !patch.is_null() {
        merge(&mut v, patch);
    }
    serde_json::from_value(v).map_err(|e| format!("bad state: {e}"))
}

/// Applies the orders in turn as the game file would; the events of every step together.
pub fn run(
    data: &Data,
    state: &State,
    orders: &[Orders],
    dice: &mut ScriptedDice,
) -> Result<(State, Vec<solo::events::Event>), adjutant::engine::error::OrderError> {
    let mut st = state.clone();
    let mut events = Vec::new();
    for o in orders {
        let (next, ev) = Solo1776::apply(data, &st, solo::SIDE, o, None, dice)?;
        st = next;
        events.extend(ev);
    }
    Ok((st, events))
}

/// The first edition of the tables, which the rules cases were written against and whose
/// numbers their comments quote (requisites 0/5/10/15, condition 5 at BRE 1 or more, only
/// British-held priority towns counting); the retuned tables are exercised by the seeded
/// campaigns (`solo_1776_figures`).
pub fn data_v1() -> Data {
    data_of(solo::DATA_FILES_V1)
}

fn run_case(data: &Data, path: &Path) -> Result<(), String> {
    let case: Case = super::cases::read_case(path)?;
    let patched;
    let data = if case.tables.is_null() {
        data
    } else {
        let mut tables = serde_json::to_value(&data.tables).unwrap();
        merge(&mut tables, &case.tables);
        let mut d = data.clone();
        d.tables = serde_json::from_value(tables).map_err(|e| format!("bad tables: {e}"))?;
        patched = d;
        &patched
    };
    let state = state_with(data, case.armies, &case.state)?;
    let orders: Vec<Orders> = case
        .orders
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad orders: {e}"))?;
    let mut dice = ScriptedDice::new(case.dice);
    let result = super::cases::catching(|| run(data, &state, &orders, &mut dice))?;
    compare::<solo::events::Event, State>(&case.rule, result, case.expect, dice.unused())
}

#[test]
fn solo_1776_rules_cases() {
    let data = data_v1();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    super::cases::run_folder(&dir, |f| run_case(&data, f));
}

/// A British turn made up by a seeded generator: board facts, transports, attacks,
/// replacements, the French coming in 1778, searches once they are in.
pub fn british_turn(st: &State, rng: &mut rand_chacha::ChaCha8Rng) -> Value {
    use rand_chacha::rand_core::Rng;
    let mut r = |n: u32| rng.next_u32() % n;
    let mut t = serde_json::Map::new();
    // The BRE number drifts by at most one a turn, as a war's fortunes do, between -1 and 3.
    t.insert(
        "bre".into(),
        (i64::from(st.bre) + r(3) as i64 - 1).clamp(-1, 3).into(),
    );
    let towns = [
        "new-york",
        "boston",
        "philadelphia",
        "charleston",
        "quebec",
        "newport",
    ];
    let town = towns[r(towns.len() as u32) as usize];
    let holder = if r(2) == 0 { "british" } else { "american" };
    t.insert("control".into(), serde_json::json!({ town: holder }));
    t.insert(
        "naval".into(),
        serde_json::json!({"american": r(5), "british": r(6)}),
    );
    if r(2) == 0 {
        t.insert(
            "transports".into(),
            serde_json::json!([{"id": "tr-1", "escorted": r(2) == 0}, {"id": "tr-2"}]),
        );
    }
    // 14 (RULINGS A28): the British attack an army on the board, at a town.
    let armies: Vec<&String> = st
        .armies
        .iter()
        .filter(|(_, a)| a.at.is_some())
        .map(|(id, _)| id)
        .collect();
    if r(4) == 0 && !armies.is_empty() {
        let a = armies[r(armies.len() as u32) as usize];
        t.insert("attacks".into(), serde_json::json!([{ "army": a }]));
    }
    if r(3) == 0 {
        let areas = [
            "deep-south",
            "south-central",
            "middle-states",
            "new-england",
            "canada",
        ];
        let a = areas[r(areas.len() as u32) as usize];
        let (sp, supply) = (r(4), r(2));
        // Replacements of nothing are refused (RULINGS A29): none arrive that turn.
        if sp + supply > 0 {
            t.insert(
                "replacements".into(),
                serde_json::json!([{"area": a, "sp": sp, "supply": supply}]),
            );
        }
    }
    if st.date.year == 1778 && st.date.month == 6 {
        t.insert(
            "french_intervention".into(),
            serde_json::json!({"fleets": 2}),
        );
    }
    if st.french.fleets > 0 && r(3) == 0 {
        t.insert("search".into(), serde_json::json!({"fleets": 1 + r(2)}));
        t.insert(
            "reinforce".into(),
            serde_json::json!([{"area": "middle-states"}]),
        );
    }
    if r(4) == 0 {
        t.insert("scout".into(), serde_json::json!(["middle-states"]));
    }
    serde_json::json!({ "turn": t })
}

/// One step's orders in a seeded campaign: a made-up British turn, or one of the bot's listed
/// options when it asks for a result. Counts the questions in `questions`.
fn campaign_step(
    l: &adjutant::app::Loaded,
    rng: &mut rand_chacha::ChaCha8Rng,
    questions: &mut usize,
) -> String {
    use rand_chacha::rand_core::Rng;
    let awaiting = l.game.awaiting.as_ref().expect("a decision");
    if awaiting.decision == "turn" {
        let st: State = serde_json::from_value(l.game.state.clone()).unwrap();
        return serde_yaml::to_string(&british_turn(&st, rng)).unwrap();
    }
    *questions += 1;
    let options = adjutant::app::legal_options(l, solo::SIDE).unwrap();
    assert!(!options.is_empty(), "no option at {awaiting:?}");
    options[(rng.next_u32() as usize) % options.len()]
        .example
        .clone()
}

/// The whole campaign, July 1776 to December 1781, in self mode through the library's
/// commands: British turns from a seed, the bot's questions answered from its listed
/// options; then the file verifies and the report says the mode.
#[test]
fn a_whole_bot_campaign_in_self_mode_verifies() {
    use super::support::{new_solitaire, play_solitaire, Solitaire};
    use rand_chacha::rand_core::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    let path = new_solitaire(dir.path(), "solo-1776", "solo-whole-self", None, 1024);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1776);
    let mut questions = 0;
    let (steps, _) = play_solitaire(&path, Solitaire::SelfMode, 1000, |l| {
        campaign_step(l, &mut rng, &mut questions)
    });
    let l = adjutant::app::load_game(&path, None).unwrap();
    let st: State = serde_json::from_value(l.game.state.clone()).unwrap();
    assert!(st.over);
    assert_eq!(st.date.year, 1781);
    assert!(questions > 0, "the bot never asked for a result");
    assert!(st.french.landed >= 2, "the French came in");
    assert_eq!(l.game.log.len(), 2 * steps);
    let summary = adjutant::app::verify(&l, None).unwrap();
    assert_eq!(summary.steps_replayed as usize, steps);
    let out = super::support::ok(dir.path(), &["verify", path.to_str().unwrap()]);
    assert!(super::support::stdout(&out).contains("self mode"));
    let report = super::support::ok(
        dir.path(),
        &["report", path.to_str().unwrap(), "--steps", "all"],
    );
    let text = super::support::stdout(&report);
    assert!(text.contains("THE CAMPAIGN IS OVER"), "{text}");
    assert!(text.contains("(B) check"), "{text}");
    assert!(
        !text.contains("{\""),
        "an event the templates do not know: {text}"
    );
    assert!(super::support::stdout(&report)
        .lines()
        .all(|l| l.chars().count() <= 72));
    let forum = |format: &str| {
        super::support::stdout(&super::support::ok(
            dir.path(),
            &[
                "report",
                path.to_str().unwrap(),
                "--format",
                format,
                "--steps",
                "all",
            ],
        ))
    };
    let markdown = forum("markdown");
    let bbcode = forum("bbcode");
    super::support::assert_forum_markdown(&markdown);
    super::support::assert_bgg_bbcode(&bbcode);
    let show = super::support::ok(dir.path(), &["show", path.to_str().unwrap()]);
    let lookups = l.rules.lookups();
    for text in [&text, &markdown, &bbcode, &super::support::stdout(&show)] {
        assert_names_not_ids(text, &lookups, &["tr-1", "tr-2"]);
    }
}

/// No line of `text` shows an id of the game's data (an area, town or army) where its name
/// belongs, alone or inside a longer id (`canadian-new-england`, a detachment), nor one of
/// the player's own `labels` as written (a transport's `tr-1`): every dice line, event,
/// option and question reads in names.
pub fn assert_names_not_ids(text: &str, lookups: &Value, labels: &[&str]) {
    let mut ids: Vec<(String, String)> = labels
        .iter()
        .map(|l| (l.to_string(), "the player's label in words".to_string()))
        .collect();
    for map in ["areas", "towns", "armies"] {
        for (id, name) in lookups[map].as_object().unwrap() {
            let name = name.as_str().unwrap();
            if !id.eq_ignore_ascii_case(name) {
                ids.push((id.clone(), name.to_string()));
            }
        }
    }
    let inside = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let mut faults = std::collections::BTreeSet::new();
    for line in text.lines() {
        // A value in backticks is one the orders take as written (a fort's or a detachment's
        // id, which has no name), as errors give values.
        let line: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join("``");
        for word in line.split(|c: char| !inside(c)) {
            let hyphened = format!("-{word}-");
            if let Some((id, name)) = ids
                .iter()
                .find(|(id, _)| hyphened.contains(&format!("-{id}-")))
            {
                faults.insert(format!("`{id}` (`{name}`) in: {}", line.trim()));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "ids where names belong:\n{}",
        faults.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The same campaign with a witness drawing the dice: the witness holds only its own secret,
/// answers each record hash once, and every witness record in the file is one it answered. The
/// bot's pauses for a result (14, 16) replay the dice the witness gave earlier in the turn.
#[test]
fn a_whole_bot_campaign_in_witness_mode_verifies_against_the_witness_ledger() {
    use super::support::{check_witnessed, new_solitaire, play_solitaire, Solitaire};
    use rand_chacha::rand_core::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    let wdir = dir.path().join("witness");
    let id = "solo-whole-witness";
    let (wsecret, anchor) =
        adjutant::app::witness_new(&wdir, id, 1024, Some(&wdir.join("w.yaml"))).unwrap();
    let path = new_solitaire(dir.path(), "solo-1776", id, Some(anchor), 1024);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1777);
    let mut questions = 0;
    let (steps, answered) = play_solitaire(&path, Solitaire::Witness(&wsecret), 1000, |l| {
        campaign_step(l, &mut rng, &mut questions)
    });
    assert!(questions > 0, "the bot never asked for a result");
    assert_eq!(answered.len(), steps, "one witness answer a step");
    check_witnessed(&path, &answered);
    let l = adjutant::app::load_game(&path, None).unwrap();
    let st: State = serde_json::from_value(l.game.state.clone()).unwrap();
    assert!(st.over);
    let out = super::support::ok(dir.path(), &["verify", path.to_str().unwrap()]);
    assert!(
        super::support::stdout(&out).contains("witness"),
        "{}",
        super::support::stdout(&out)
    );
}

/// The shipped example (games/solo-1776/examples) is exactly what its commands make, and its
/// British turn is accepted: rerun regenerate.sh when this fails.
#[test]
fn the_shipped_solo_1776_example_is_what_the_commands_make() {
    use super::support::ok;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = super::support::rebuild_example(
        d,
        "solo-1776",
        "solo-1776-example",
        &["british=Demo Player"],
        &[],
    );
    let out = ok(
        d,
        &[
            "play",
            "demo-game.yaml",
            ex.join("british-turn.yaml").to_str().unwrap(),
            "--secrets",
            "s",
        ],
    );
    let text = super::support::stdout(&out);
    assert!(text.contains("against transport Howe convoy"), "{text}");
    // Either the bot plays on to its rule 12 moves, or its navy's roll pauses it for the
    // engagement's result (rule 16), as the example's dice decide.
    assert!(
        text.to_lowercase().contains("12: washington") || text.contains("engagement: 16"),
        "{text}"
    );
    ok(d, &["verify", "demo-game.yaml"]);
}

/// The data is checked when it loads: a location other than 0, 5, 10 and 15, or a table
/// without a row for every face, is refused naming the file.
#[test]
fn solo_1776_data_with_a_bad_entry_is_refused_when_it_loads() {
    let bad = [
        (
            solo::data::SCENARIO,
            "      5: []\n      0: []\n  - id: deep-south",
            "      7: []\n      0: []\n  - id: deep-south",
            "not an OB location",
        ),
        (
            solo::data::TABLES,
            "scouting: {1: nothing, ",
            "scouting: {",
            "row for each die",
        ),
        (
            solo::data::SCENARIO,
            "{area: canada, location: 5, town: fort-ticonderoga,",
            "{area: canada, location: 10, town: montreal,",
            "a town with a fort that the Americans hold",
        ),
    ];
    for (file, from, to, want) in bad {
        let files: Vec<(String, String)> = solo::DATA_FILES
            .iter()
            .map(|(n, t)| {
                let t = if *n == file {
                    assert!(t.contains(from), "{from}");
                    t.replacen(from, to, 1)
                } else {
                    t.to_string()
                };
                (n.to_string(), t)
            })
            .collect();
        let e = Data::load(&files).expect_err("refused").to_string();
        assert!(e.contains(want) && e.contains(file), "{e}");
    }
}

/// While the bot waits for a second combat result, the game file keeps the board from before
/// the turn; `show`, the reports and the question itself tell the board as it stands at the
/// pause: Washington has lost the SP of the first combat.
#[test]
fn a_paused_turn_is_shown_as_it_stands_at_the_pause() {
    let data = data();
    let armies = serde_json::json!({"washington": {"name": "Washington", "area": "middle-states",
        "location": 15, "sp": 10, "dragoons": 1, "artillery": 0, "supply": 1}});
    let state = state_with(&data, Some(armies), &Value::Null).unwrap();
    let orders: Vec<Orders> = [
        serde_json::json!({"turn": {}}),
        serde_json::json!({"combat": {"sp": 1, "bre": 1, "town": "british"}}),
    ]
    .into_iter()
    .map(|o| serde_json::from_value(o).unwrap())
    .collect();
    let mut dice = ScriptedDice::new(vec![1, 4, 2, 6]);
    let (paused, _) = run(&data, &state, &orders, &mut dice).unwrap();
    assert!(
        paused.question.is_some(),
        "the bot waits for the second combat"
    );
    assert_eq!(
        paused.armies["washington"].force.sp, 10,
        "the file keeps the board from before"
    );
    let now = Solo1776::view(&data, &paused);
    assert_eq!(
        now.armies["washington"].force.sp, 9,
        "the board at the pause"
    );
    assert_eq!(now.question, paused.question);
    let asked = Solo1776::awaiting(&data, &paused).unwrap().detail.unwrap();
    assert!(
        asked.contains("Washington (9 SP, 0 artillery, 1 supply)"),
        "{asked}"
    );
}

/// A game started with the player's own tables (`--data`) says so in its reports, rather than
/// calling them adjutant's reconstruction; the built-in tables are still labelled as one. Read
/// with other data, the solitaire game's error names no opponent.
#[test]
fn a_game_with_the_players_own_tables_is_labelled_as_such() {
    use super::support::{fails, ok, read, root, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = d.join("data");
    std::fs::create_dir_all(&data).unwrap();
    for f in [solo::data::SCENARIO, solo::data::TABLES] {
        let t = read(&root().join("games/solo-1776").join(f)).replace("base: 3", "base: 4");
        write(&data, f, &t);
    }
    let new = |id: &str, extra: &[&str]| {
        let mut args = vec!["new", "--game", "solo-1776", "--id", id, "--mode", "self"];
        args.extend(["--secrets", id, "-o"]);
        let out = format!("{id}.yaml");
        args.push(&out);
        args.extend(extra);
        ok(d, &args);
        let mut play = vec!["play", &out, "turn.yaml", "--secrets", id];
        play.extend(extra);
        ok(d, &play);
    };
    write(d, "turn.yaml", "turn: {}\n");
    new("own", &["--data", "data"]);
    new("builtin", &[]);
    let own = stdout(&ok(d, &["report", "own.yaml", "--data", "data"]));
    assert!(own.contains("the player's own tables"), "{own}");
    assert!(!own.contains("adjutant's reconstruction"), "{own}");
    for format in ["markdown", "bbcode"] {
        let text = stdout(&ok(
            d,
            &["report", "own.yaml", "--data", "data", "--format", format],
        ));
        assert!(text.contains("the player's own tables"), "{text}");
    }
    let builtin = stdout(&ok(d, &["report", "builtin.yaml"]));
    assert!(builtin.contains("adjutant's reconstruction"), "{builtin}");
    let err = fails(d, &["show", "own.yaml"]);
    assert!(
        err.contains("tables.yaml") && !err.contains("opponent"),
        "{err}"
    );
}

/// `report --steps turn:YEAR.MONTH` picks the steps of that month's British turn: the bot
/// marks no campaign turn, but each American turn ends by naming the next month.
#[test]
fn a_report_of_one_month_picks_that_months_steps() {
    use super::support::{ok, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["new", "--game", "solo-1776", "--id", "m", "--mode", "self"];
    ok(
        d,
        &[&args[..], &["--secrets", "s", "-o", "g.yaml"]].concat(),
    );
    // No British town anywhere: no combat pauses a turn.
    let free = "{new-york: american, quebec: american, halifax: american, montreal: american}";
    write(d, "turn.yaml", &format!("turn: {{control: {free}}}\n"));
    for _ in 0..3 {
        ok(d, &["play", "g.yaml", "turn.yaml", "--secrets", "s"]);
    }
    let text = stdout(&ok(d, &["report", "g.yaml", "--steps", "turn:1776.8"]));
    // Each play is two steps of the log (the player's report, then the dice party's).
    // Its heading says which record holds the result (step 4).
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Step 3 (its result is step 4):"), "{text}");
    assert!(
        !text.contains("Step 1 ") && !text.contains("Step 5 "),
        "{text}"
    );
    let first = stdout(&ok(d, &["report", "g.yaml", "--steps", "turn:1776.7"]));
    assert!(
        first.contains("Step 1 (its result is step 2):") && !first.contains("Step 3 "),
        "{first}"
    );
}

/// 12, 13, 14, 15, 17: orders may name towns, areas and armies as the reports print them, in
/// any case, as well as by id; a name that is none of them is refused with the valid choices
/// listed by name.
#[test]
fn orders_take_the_names_the_reports_print_in_any_case() {
    use super::support::{fails, ok, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["new", "--game", "solo-1776", "--id", "n", "--mode", "self"];
    ok(
        d,
        &[&args[..], &["--secrets", "s", "-o", "g.yaml"]].concat(),
    );
    write(
        d,
        "bad-town.yaml",
        "turn: {control: {Perth Ambo: british}}\n",
    );
    let err = fails(d, &["play", "g.yaml", "bad-town.yaml", "--secrets", "s"]);
    assert!(
        err.contains("there is no town `Perth Ambo`")
            && err.contains("Perth Amboy, ")
            && !err.contains("perth-amboy"),
        "{err}"
    );
    write(d, "bad-area.yaml", "turn: {scout: [Middle State]}\n");
    let err = fails(d, &["play", "g.yaml", "bad-area.yaml", "--secrets", "s"]);
    assert!(
        err.contains("12: ") && err.contains("Middle States") && !err.contains("middle-states"),
        "{err}"
    );
    write(d, "bad-army.yaml", "turn: {attacks: [{army: Washingtn}]}\n");
    let err = fails(d, &["play", "g.yaml", "bad-army.yaml", "--secrets", "s"]);
    assert!(
        err.contains("Washington's army") && !err.contains("washington,"),
        "{err}"
    );
    write(
        d,
        "names.yaml",
        "turn: {control: {Perth Amboy: british, TRENTON: british}, areas: {canada: american},\n  \
         scout: [middle states], replacements: [{area: New England, sp: 1}],\n  \
         towns: [{town: new bern, priority: 2}], armies: [{army: the northern army, at: providence}],\n  \
         american_turn: false}\n",
    );
    let out = stdout(&ok(d, &["play", "g.yaml", "names.yaml", "--secrets", "s"]));
    for want in [
        "Perth Amboy is British controlled",
        "Trenton is British controlled",
        "British scouting in Middle States",
        "New Bern: priority 2",
    ] {
        assert!(out.contains(want), "`{want}` not in\n{out}");
    }
    let show = stdout(&ok(d, &["show", "g.yaml"]));
    assert!(
        show.contains("the Northern army: 9 SP (1 dragoon), 1 artillery, 2 supply, on the board at Providence"),
        "{show}"
    );
}

/// Two turns of a new Solo 1776 game in `d` (`g.yaml`, demo secrets in `s`, so its dice are
/// fixed): the first reports the French intervening with 2 fleets while the naval SP stand 1
/// American to 6 British (and `more` besides), the second nothing. Each turn's report text,
/// its words one space apart (the mail text wraps at 72 columns).
pub(crate) fn two_turns_outnumbered_at_sea(d: &std::path::Path, more: &str) -> (String, String) {
    use super::support::{ok, stdout, write};
    let args = [
        "new",
        "--game",
        "solo-1776",
        "--id",
        "n",
        "--mode",
        "self",
        "--demo",
    ];
    ok(
        d,
        &[&args[..], &["--secrets", "s", "-o", "g.yaml"]].concat(),
    );
    // No British town anywhere: no combat pauses a turn.
    let free = "{new-york: american, quebec: american, halifax: american, montreal: american}";
    write(
        d,
        "t1.yaml",
        &format!(
            "turn: {{control: {free}, naval: {{american: 1, british: 6}}, french_intervention: {{fleets: 2}}{more}}}\n"
        ),
    );
    write(d, "t2.yaml", "turn: {}\n");
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let play = |t: &str| flat(stdout(&ok(d, &["play", "g.yaml", t, "--secrets", "s"])));
    (play("t1.yaml"), play("t2.yaml"))
}

/// 16, 17: the Continental Navy reported lost reads as lost in the board's header, in the
/// summary line of every report format and in `show`, and the French battle fleets' duty is
/// told in words (withdrawal to the West Indies), never as its id (`west indies`) nor as a
/// duty "West Indies in West Indies".
#[test]
fn a_lost_navy_and_the_french_duty_read_alike_in_the_board_the_reports_and_show() {
    use super::support::{ok, stdout};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, second) = two_turns_outnumbered_at_sea(d, ", navy: lost");
    for text in [&first, &second] {
        assert!(
            !text.contains("Navy functional") && !text.contains("Navy damaged"),
            "{text}"
        );
    }
    assert!(
        second.contains("BRE number 1; Continental Navy lost;"),
        "{second}"
    );
    assert!(
        first.contains("17: the French battle fleets withdraw to the West Indies: the naval SP difference is -5"),
        "{first}"
    );
    assert!(!first.contains("West Indies in West Indies"), "{first}");
    for format in ["markdown", "bbcode"] {
        let text = stdout(&ok(d, &["report", "g.yaml", "--format", format]));
        assert!(text.contains("Continental Navy lost"), "{format}:\n{text}");
    }
    let svg = stdout(&ok(d, &["report", "g.yaml", "--format", "svg"]));
    let header = svg
        .lines()
        .find(|l| l.contains("Continental Navy:"))
        .expect("the board's header names the navy");
    assert!(
        header.contains("Continental Navy: lost.")
            && header.contains("withdrawal to the West Indies")
            && !header.contains("ready")
            && !header.contains("west indies"),
        "{header}"
    );
    let show = stdout(&ok(d, &["show", "g.yaml"]));
    assert!(
        show.contains("Continental Navy: lost") && show.contains("withdrawal to the West Indies"),
        "{show}"
    );
}

/// 12, 17: a sea invasion's landing roll names the army by its id, and an army formed in play
/// has the id `<area>-army`; the reports and the dice statistics read it as the army's name
/// (a seeded campaign where the French carried the West Indies army printed
/// `west-indies-army lands`).
#[test]
fn a_sea_invasion_roll_names_an_army_formed_in_play() {
    use adjutant::engine::dice::Roll;
    use adjutant::engine::session::StepView;
    let data = data();
    let lookups = Solo1776::lookups(&data);
    let step = StepView {
        step: 1,
        ordered_by: "british".into(),
        adjudicated_by: "self".into(),
        orders: Value::Null,
        rolls: vec![Roll {
            why: "17 French Intervention Table: where the sea invasion with west-indies-army lands"
                .into(),
            d6: Some(vec![3]),
            draw: None,
            shuffle: None,
        }],
        events: vec![],
        state: String::new(),
        policy: None,
        policy_rows: Vec::new(),
        result_in: None,
    };
    let worded = adjutant::report::log::roll_words(&[step], &lookups);
    assert_eq!(
        worded[0].rolls[0].why,
        "17 French Intervention Table: where the sea invasion with the American army of West Indies lands"
    );
}

/// 12 with 17 duty 3 (RULINGS A16): the half army a sea invasion leaves in location 15 has not
/// moved on the OB, so scouting finds it entrenched; the first two editions of the tables left
/// it not entrenched, and games begun with them keep that.
#[test]
fn the_half_a_sea_invasion_leaves_behind_is_entrenched() {
    let case: Value = serde_yaml::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/cases/solo-1776/17.3-sea-invasion.yaml"),
        )
        .unwrap(),
    )
    .unwrap();
    let entrenched_after = |data: &Data| {
        let state = state_with(data, Some(case["armies"].clone()), &case["state"]).unwrap();
        let orders: Vec<Orders> = serde_json::from_value(case["orders"].clone()).unwrap();
        let mut dice = ScriptedDice::new(vec![5]);
        let (st, events) = run(data, &state, &orders, &mut dice).unwrap();
        let invaded = serde_json::to_value(&events)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "sea_invasion" && e["to"] == "new-england");
        assert!(invaded, "the case's sea invasion happens");
        st.armies["washington"].entrenched
    };
    // The case's numbers are the first edition's; the reading alone is switched on.
    let mut data = data_v1();
    assert!(!entrenched_after(&data), "the first editions' reading");
    data.tables.french.invasion_entrenches = true;
    assert!(
        entrenched_after(&data),
        "12: the half left behind did not move"
    );
    assert!(data_of(solo::DATA_FILES).tables.french.invasion_entrenches);
    assert!(
        !data_of(solo::DATA_FILES_V2)
            .tables
            .french
            .invasion_entrenches
    );
    edition_game_verifies("second");
}

/// A game begun with the `edition` edition of the tables (a fixture in `tests/data`) loads
/// with it and verifies.
/// The rules case `case` passes with its `reading` on (`reading: true` in the case), and with
/// it off (in a copy written in `dir`) fails with `without` in its complaint.
fn passes_only_with(dir: &Path, case: &str, reading: &str, without: &str) {
    let path = super::support::root()
        .join("tests/cases/solo-1776")
        .join(case);
    assert!(run_case(&data_v1(), &path).is_ok(), "{case}");
    let old = dir.join(case);
    std::fs::write(
        &old,
        std::fs::read_to_string(&path)
            .unwrap()
            .replace(&format!("{reading}: true"), &format!("{reading}: false")),
    )
    .unwrap();
    let out = run_case(&data_v1(), &old);
    assert!(
        out.as_ref().is_err_and(|e| e.contains(without)),
        "{case} without the reading: {out:?}"
    );
}

fn edition_game_verifies(edition: &str) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "tests/data/solo-1776-{edition}-edition/demo-game.yaml"
    ));
    let dir = tempfile::tempdir().unwrap();
    let out = super::support::stdout(&super::support::ok(
        dir.path(),
        &["verify", fixture.to_str().unwrap()],
    ));
    assert!(out.contains("verified"), "{edition}: {out}");
}

/// 15 with 12 (RULINGS A17): a town fort the Americans hold is garrisoned and is its
/// location's one fort; the first three editions of the tables left it alone, and games begun
/// with them keep that. The cases switch the reading on over the first edition's numbers.
#[test]
fn an_american_town_fort_is_garrisoned_from_the_fourth_edition() {
    use adjutant::games::solo_1776::data::TownForts;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    for case in [
        "15.0-an-american-town-fort-is-garrisoned.yaml",
        "15.0-a-fort-in-a-town-the-british-take-is-lost.yaml",
        "15.0-a-fort-in-a-town-the-british-take-is-lost-at-once.yaml",
    ] {
        let path = dir.join(case);
        assert!(run_case(&data_v1(), &path).is_ok(), "{case} fails today");
        // The same case without the reading, as the earlier editions play it.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text = text.replace("tables: {fort: {town_forts: garrisoned}}\n", "");
        let old = tempfile::tempdir().unwrap();
        let old_case = old.path().join(case);
        std::fs::write(&old_case, text).unwrap();
        assert!(
            run_case(&data_v1(), &old_case).is_err(),
            "{case} passes without the reading"
        );
    }
    assert_eq!(
        data_of(solo::DATA_FILES).tables.fort.town_forts,
        TownForts::Garrisoned
    );
    for old in [
        solo::DATA_FILES_V3,
        solo::DATA_FILES_V2,
        solo::DATA_FILES_V1,
    ] {
        assert_eq!(data_of(old).tables.fort.town_forts, TownForts::Unmanned);
    }
    edition_game_verifies("third");
}

/// 14, 16, 17 (RULINGS A19-A21): the French intervene once, the date goes forward only, and
/// `attacks` names an army once. The first four editions took those facts as written, and
/// games begun with them keep that: each case passes with its check and is accepted without
/// it.
#[test]
fn a_british_turn_is_held_to_the_rules_bounds_from_the_fifth_edition() {
    use adjutant::games::solo_1776::data::Reports;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    for (case, reading) in [
        (
            "17.0-a-second-intervention-refused.yaml",
            "tables: {reports: {one_intervention: true}}\n",
        ),
        (
            "17.0-a-date-set-back-refused.yaml",
            "tables: {reports: {date_forward: true}}\n",
        ),
        (
            "14.0-an-army-attacked-twice-refused.yaml",
            "tables: {reports: {one_attack_per_army: true}}\n",
        ),
    ] {
        let path = dir.join(case);
        assert!(run_case(&data_v1(), &path).is_ok(), "{case} fails today");
        // Without the check the fact is taken as written, so the case's expected refusal fails.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(reading), "{case} switches its check on");
        let old = tempfile::tempdir().unwrap();
        let old_case = old.path().join(case);
        std::fs::write(&old_case, text.replace(reading, "")).unwrap();
        let out = run_case(&data_v1(), &old_case);
        assert!(
            out.as_ref()
                .is_err_and(|e| e.starts_with("accepted, expected an error")),
            "{case} without its check: {out:?}"
        );
    }
    let all = Reports {
        one_intervention: true,
        date_forward: true,
        one_attack_per_army: true,
        once_a_month: false,
        town_fort_lost_with_town: false,
        attacks_on_board_only: false,
        nothing_refused: false,
        losses_on_board_only: false,
        detachment_losses_refused: false,
    };
    assert_eq!(data_of(solo::DATA_FILES_V5).tables.reports, all);
    for old in [
        solo::DATA_FILES_V4,
        solo::DATA_FILES_V3,
        solo::DATA_FILES_V2,
        solo::DATA_FILES_V1,
    ] {
        assert_eq!(data_of(old).tables.reports, Reports::default());
    }
    edition_game_verifies("fourth");
}

/// 12, 14, 16 (RULINGS A22): a month reported over several files still scouts each area,
/// attacks each army and rolls for each transport once. The fifth edition checked each file
/// alone, and games begun with it keep that: each case passes with its check and is accepted
/// without it.
#[test]
fn a_month_over_several_files_is_held_to_once_from_the_sixth_edition() {
    use adjutant::games::solo_1776::data::Reports;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    for case in [
        "14.0-an-army-attacked-again-later-in-the-month-refused.yaml",
        "12.0-an-area-scouted-again-later-in-the-month-refused.yaml",
        "16.0-a-transport-rolled-for-again-later-in-the-month-refused.yaml",
        "16.0-a-transport-written-two-ways-in-one-file-refused.yaml",
    ] {
        let path = dir.join(case);
        assert!(run_case(&data_v1(), &path).is_ok(), "{case} fails today");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("once_a_month: true"),
            "{case} switches its check on"
        );
        let old = tempfile::tempdir().unwrap();
        let old_case = old.path().join(case);
        std::fs::write(
            &old_case,
            text.replace("once_a_month: true", "once_a_month: false"),
        )
        .unwrap();
        let out = run_case(&data_v1(), &old_case);
        assert!(
            out.as_ref()
                .is_err_and(|e| e.starts_with("accepted, expected an error")),
            "{case} without its check: {out:?}"
        );
    }
    assert_eq!(
        data_of(solo::DATA_FILES).tables.reports,
        Reports {
            one_intervention: true,
            date_forward: true,
            one_attack_per_army: true,
            once_a_month: true,
            town_fort_lost_with_town: true,
            attacks_on_board_only: true,
            nothing_refused: true,
            losses_on_board_only: true,
            detachment_losses_refused: true,
        }
    );
    edition_game_verifies("fifth");
}

/// RULINGS A23: an Up move's reason names what draws the army up (a British-held town to
/// march on before a town of its own); the first six editions named the first town above,
/// Philadelphia in the case, which a reader took for the bot marching on its own town. The
/// case passes with the reading and not without it; the sixth edition's games verify.
#[test]
fn an_up_move_names_what_draws_it_from_the_seventh_edition() {
    use adjutant::games::solo_1776::data::UpReason;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    let case = "12.1-up-names-the-british-target-that-draws-it.yaml";
    let path = dir.join(case);
    assert!(run_case(&data_v1(), &path).is_ok(), "{case} fails today");
    let text = std::fs::read_to_string(&path).unwrap();
    let old = tempfile::tempdir().unwrap();
    let old_case = old.path().join(case);
    std::fs::write(
        &old_case,
        text.replace("up_reason: deciding", "up_reason: first_found"),
    )
    .unwrap();
    let out = run_case(&data_v1(), &old_case);
    assert!(
        out.as_ref().is_err_and(|e| e.contains("Philadelphia")),
        "{case} with the first reading: {out:?}"
    );
    assert_eq!(
        data_of(solo::DATA_FILES).tables.offboard.up_reason,
        UpReason::Deciding
    );
    assert_eq!(
        data_of(solo::DATA_FILES_V6).tables.offboard.up_reason,
        UpReason::FirstFound
    );
    edition_game_verifies("sixth");
}

/// RULINGS A24: rule 12 ranks condition 1 above condition 5, so an army drawn up only by a
/// priority town of its own goes up at a BRE number that would send it down had it stayed;
/// the first seven editions refused the move (A2's old damping) and sent it down instead.
/// The tester's position passes with the eighth edition's reading and not with the old one;
/// the seventh edition's games verify.
#[test]
fn condition_1_comes_before_condition_5_from_the_eighth_edition() {
    use adjutant::games::solo_1776::data::UpDamping;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/solo-1776");
    let case = "12.1-up-to-hold-its-own-town-at-a-high-bre.yaml";
    let path = dir.join(case);
    assert!(run_case(&data_v1(), &path).is_ok(), "{case} fails today");
    let text = std::fs::read_to_string(&path).unwrap();
    let old = tempfile::tempdir().unwrap();
    let old_case = old.path().join(case);
    std::fs::write(
        &old_case,
        text.replace("up_damping: none", "up_damping: condition_5"),
    )
    .unwrap();
    let out = run_case(&data_v1(), &old_case);
    assert!(
        out.as_ref()
            .is_err_and(|e| e.contains("scripted dice were not used")),
        "{case} with the first reading: {out:?}"
    );
    // What the old reading did instead: refused the move, built a fort and went down.
    let head = text.split("dice: [1]").next().unwrap();
    std::fs::write(
        &old_case,
        format!(
            "{}expect:\n  events_include:\n{}",
            head.replace("up_damping: none", "up_damping: condition_5"),
            [
                r#"    - {event: up_refused, army: washington, condition: 1, reason: "SP 12 at least the requisite 9 of location 15, but at BRE number 2 (at least 2) condition 5 would bring it straight back down"}"#,
                r#"    - {event: fort_built, army: washington, area: middle-states, location: 10, town: philadelphia, garrison: {sp: 5, artillery: 1, supply: 1}, reason: "Philadelphia: the first town of location 10 the British do not hold (strategic towns first, then by priority)"}"#,
                r#"    - {event: moved, army: washington, area: middle-states, from: 10, to: 5, condition: 5, reason: "BRE number 2 at least 2"}"#,
            ]
            .join("\n")
        ),
    )
    .unwrap();
    let out = run_case(&data_v1(), &old_case);
    assert!(out.is_ok(), "{case} with the first reading: {out:?}");
    assert_eq!(
        data_of(solo::DATA_FILES).tables.offboard.up_damping,
        UpDamping::None
    );
    for old in [
        solo::DATA_FILES_V7,
        solo::DATA_FILES_V6,
        solo::DATA_FILES_V1,
    ] {
        assert_eq!(
            data_of(old).tables.offboard.up_damping,
            UpDamping::Condition5
        );
    }
    edition_game_verifies("seventh");
}

/// 17 duty 3 (RULINGS A25): from the eighth edition an army moving down from location 15 where
/// the fleets are, not carried off because they already have a duty or invaded this quarter,
/// is told; the earlier editions said nothing, and their games replay so. The cases that show
/// it fail without the reading.
#[test]
fn the_eighth_edition_tells_a_sea_invasion_the_fleets_do_not_make() {
    assert!(data_of(solo::DATA_FILES).tables.french.invasion_skip_told);
    for old in [
        solo::DATA_FILES_V7,
        solo::DATA_FILES_V6,
        solo::DATA_FILES_V1,
    ] {
        assert!(!data_of(old).tables.french.invasion_skip_told);
    }
    let dir = tempfile::tempdir().unwrap();
    for case in [
        "17.3-no-second-sea-invasion-in-a-quarter-is-told.yaml",
        "17.3-fleets-on-supply-duty-carry-no-invasion.yaml",
    ] {
        let path = super::support::root()
            .join("tests/cases/solo-1776")
            .join(case);
        assert!(run_case(&data_v1(), &path).is_ok(), "{case}");
        let silent = dir.path().join(case);
        std::fs::write(
            &silent,
            std::fs::read_to_string(&path)
                .unwrap()
                .replace("invasion_skip_told: true", "invasion_skip_told: false"),
        )
        .unwrap();
        let out = run_case(&data_v1(), &silent);
        assert!(
            out.as_ref().is_err_and(|e| e.contains("no_sea_invasion")),
            "{case} without the reading: {out:?}"
        );
    }
}

/// 17 (RULINGS A26): from the ninth edition the French fleets withdraw to the West Indies as
/// soon as a British turn reports the naval SP 2 or more against the Americans, before its
/// reinforcements meet them, and a roll's reason counts one fleet as one ("1 battle fleet");
/// and a fort in a town the Americans hold is lost only with its town (A27). The earlier
/// editions keep their games: the cases fail without the readings, and a game
/// begun with the eighth edition verifies.
#[test]
fn the_ninth_edition_withdraws_the_fleets_when_outnumbered_and_counts_one_fleet() {
    let current = data_of(solo::DATA_FILES);
    assert!(current.tables.french.withdraw_when_reported && current.tables.french.counted_fleets);
    assert!(current.tables.reports.town_fort_lost_with_town);
    for old in [
        solo::DATA_FILES_V8,
        solo::DATA_FILES_V7,
        solo::DATA_FILES_V1,
    ] {
        let tables = data_of(old).tables;
        assert!(!tables.french.withdraw_when_reported && !tables.french.counted_fleets);
        assert!(!tables.reports.town_fort_lost_with_town);
    }
    let dir = tempfile::tempdir().unwrap();
    for (case, reading, without) in [
        (
            "17.1-fleets-withdraw-when-the-naval-sp-are-reported.yaml",
            "withdraw_when_reported",
            "dice",
        ),
        (
            "17.1-a-withdrawal-is-told-once-a-turn.yaml",
            "withdraw_when_reported",
            "events",
        ),
        (
            "15.0-a-town-fort-is-lost-only-with-its-town.yaml",
            "town_fort_lost_with_town",
            "expected an error",
        ),
        (
            "17.4-one-fleet-on-blockade-is-counted-as-one.yaml",
            "counted_fleets",
            "1 fleets on blockade",
        ),
    ] {
        passes_only_with(dir.path(), case, reading, without);
    }
    // The search roll's reason, as the game file records it.
    let d = dir.path();
    super::support::ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "one-fleet",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    super::support::write(
        d,
        "o.yaml",
        "turn: {french_intervention: {fleets: 1}, search: {fleets: 1}, american_turn: false}\n",
    );
    super::support::ok(d, &["play", "g.yaml", "o.yaml", "--secrets", "s"]);
    let game = super::support::read(&d.join("g.yaml"));
    assert!(
        game.contains("why: 17 British search with 1 battle fleet\n"),
        "{game}"
    );
    edition_game_verifies("eighth");
}

/// 14 with 12 (RULINGS A28): from the tenth edition a British attack on an army off the board
/// is refused, where the earlier editions fought it on the board; their games keep that, and a
/// game begun with the ninth edition verifies.
#[test]
fn the_tenth_edition_refuses_an_attack_on_an_army_off_the_board() {
    assert!(
        data_of(solo::DATA_FILES)
            .tables
            .reports
            .attacks_on_board_only
    );
    for old in [
        solo::DATA_FILES_V9,
        solo::DATA_FILES_V8,
        solo::DATA_FILES_V1,
    ] {
        assert!(!data_of(old).tables.reports.attacks_on_board_only);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "14.0-an-attack-on-an-army-off-the-board-refused.yaml",
        "attacks_on_board_only",
        "expected an error",
    );
    // Through the command line: the army `orders` offers no attack on is refused one.
    let d = dir.path();
    super::support::new_solitaire(d, "solo-1776", "off-board", None, 64);
    let listed = super::support::stdout(&super::support::ok(d, &["orders", "game.yaml"]));
    let army = ["northern", "southern", "virginia"]
        .into_iter()
        .find(|a| !listed.contains(&format!("attacks: [{{army: {a}}}]")))
        .expect("an army off the board at the start");
    super::support::write(
        d,
        "o.yaml",
        &format!("turn: {{attacks: [{{army: {army}}}]}}\n"),
    );
    let err = super::support::refused(d, &["play", "game.yaml", "o.yaml", "--secrets", "secrets"]);
    assert!(
        err.contains("14: ") && err.contains("is off the board"),
        "{err}"
    );
    edition_game_verifies("ninth");
}

/// 14, 15 (RULINGS A29): from the eleventh edition a board loss or replacements of nothing are
/// refused (`solo_1776_findings` plays the refusals through the command line); the earlier
/// editions took them, and a game begun with the tenth edition verifies.
#[test]
fn the_eleventh_edition_refuses_a_loss_of_nothing() {
    assert!(data_of(solo::DATA_FILES).tables.reports.nothing_refused);
    for old in [
        solo::DATA_FILES_V10,
        solo::DATA_FILES_V9,
        solo::DATA_FILES_V1,
    ] {
        assert!(!data_of(old).tables.reports.nothing_refused);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "14.0-a-loss-of-nothing-refused.yaml",
        "nothing_refused",
        "expected an error",
    );
    edition_game_verifies("tenth");
}

/// 12, 17 (RULINGS A6, A30): from the twelfth edition the record of a force put into an area
/// with no army (a French land element, a sea invasion, half an army changing area) says it
/// became the area's army (`formed`), and the report says so rather than that it joined one
/// (`solo_1776_findings` shows the report through the command line); the earlier editions'
/// records name the army alone, and a game begun with the eleventh edition verifies.
#[test]
fn the_twelfth_edition_records_an_army_formed_by_a_landing() {
    assert!(data_of(solo::DATA_FILES).tables.landing_record.formed_told);
    for old in [
        solo::DATA_FILES_V11,
        solo::DATA_FILES_V10,
        solo::DATA_FILES_V1,
    ] {
        assert!(!data_of(old).tables.landing_record.formed_told);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "17.0-a-land-element-with-no-army-there-becomes-it.yaml",
        "formed_told",
        "events\n  got",
    );
    edition_game_verifies("eleventh");
}

/// 14 with 12 (RULINGS A7, A28, A31): from the thirteenth edition a board loss of an army off
/// the board is refused, as an attack on it is (`solo_1776_findings` plays the refusal through
/// the command line); the earlier editions took it, and a game begun with the twelfth edition
/// verifies.
#[test]
fn the_thirteenth_edition_refuses_a_loss_of_an_army_off_the_board() {
    assert!(
        data_of(solo::DATA_FILES)
            .tables
            .reports
            .losses_on_board_only
    );
    for old in [
        solo::DATA_FILES_V12,
        solo::DATA_FILES_V11,
        solo::DATA_FILES_V1,
    ] {
        assert!(!data_of(old).tables.reports.losses_on_board_only);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "14.0-a-loss-of-an-army-off-the-board-refused.yaml",
        "losses_on_board_only",
        "expected an error",
    );
    edition_game_verifies("twelfth");
}

/// 16 with 17 duty 1 (RULINGS A32): from the fourteenth edition a damaged Continental Navy's
/// naval SP are not deployed while it is out, and are again once it is back; and (12, A33) a
/// location with no town is said to have no hex for a fort. Without the readings (the first
/// thirteen editions) the cases fail.
#[test]
fn the_fourteenth_edition_counts_a_damaged_navy_out_and_a_townless_location_as_such() {
    assert!(data_of(solo::DATA_FILES).tables.continental_navy.is_some());
    assert!(data_of(solo::DATA_FILES).tables.fort.townless_told);
    for old in [solo::DATA_FILES_V13, solo::DATA_FILES_V1] {
        assert!(data_of(old).tables.continental_navy.is_none());
        assert!(!data_of(old).tables.fort.townless_told);
    }
    let dir = tempfile::tempdir().unwrap();
    for case in [
        "16.0-a-damaged-navy-is-not-deployed.yaml",
        "16.0-a-returning-navy-is-deployed-again.yaml",
        "12.0-no-fort-where-the-location-has-no-town.yaml",
    ] {
        let path = super::support::root()
            .join("tests/cases/solo-1776")
            .join(case);
        assert!(run_case(&data_v1(), &path).is_ok(), "{case}");
        let old = dir.path().join(case);
        std::fs::write(
            &old,
            std::fs::read_to_string(&path)
                .unwrap()
                .replace("continental_navy: {sp: 1}, ", "")
                .replace("{continental_navy: {sp: 1}}", "{}")
                .replace("townless_told: true", "townless_told: false"),
        )
        .unwrap();
        assert!(run_case(&data_v1(), &old).is_err(), "{case} without A32");
    }
    edition_game_verifies("thirteenth");
}

/// 13 with 12 (RULINGS A31): from the fifteenth edition an army of 0 SP on the board with a
/// British-held priority within a move evades to the OB; without the reading (the first
/// fourteen editions) it stayed at its town where its OB move left it in place, and a game
/// begun with the fourteenth edition verifies.
#[test]
fn the_fifteenth_edition_sends_an_army_of_0_sp_off_the_board() {
    assert!(data_of(solo::DATA_FILES).tables.offboard.zero_sp_evades);
    for old in [solo::DATA_FILES_V14, solo::DATA_FILES_V1] {
        assert!(!data_of(old).tables.offboard.zero_sp_evades);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "13.0-an-army-of-0-sp-on-the-board-evades.yaml",
        "zero_sp_evades",
        "missing event",
    );
    edition_game_verifies("fourteenth");
}

/// 14 with 12 (RULINGS A35): from the sixteenth edition a board loss of a detachment, which
/// stands on the Off-Board chart, is refused, as one of an army off the board is (A31), and
/// `orders` offers none; the first fifteen editions took it, and a game begun with the
/// fifteenth edition verifies.
#[test]
fn the_sixteenth_edition_refuses_a_loss_of_a_detachment() {
    assert!(
        data_of(solo::DATA_FILES)
            .tables
            .reports
            .detachment_losses_refused
    );
    for old in [solo::DATA_FILES_V15, solo::DATA_FILES_V1] {
        assert!(!data_of(old).tables.reports.detachment_losses_refused);
    }
    let dir = tempfile::tempdir().unwrap();
    passes_only_with(
        dir.path(),
        "14.0-a-loss-of-a-detachment-on-the-off-board-chart-refused.yaml",
        "detachment_losses_refused",
        "",
    );
    edition_game_verifies("fifteenth");
}
