//! Rules cases as data: each file in `tests/cases/<game>/` gives a state (as changes to the
//! set-up), the orders of one side, the scripted dice, and what must follow: an error with
//! its rule number, or the events and the parts of the state that result.

use std::path::Path;

use adjutant::engine::dice::ScriptedDice;
use adjutant::engine::game::Game;
use adjutant::games::southern_strategy::{self as ss, SouthernStrategy};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// The rule the case checks, e.g. `9.1`.
    rule: String,
    /// Top-level keys of the state that replace those of the set-up state.
    #[serde(default)]
    state: serde_json::Map<String, Value>,
    side: String,
    orders: Value,
    /// The other side's committed standing policy (dice-protocol 3.1), if any.
    #[serde(default)]
    policy: Option<Value>,
    #[serde(default)]
    dice: Vec<u32>,
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    error: Option<ExpectError>,
    /// The whole list of events, in order.
    #[serde(default)]
    events: Option<Vec<Value>>,
    /// Events that must appear, in this order, among others.
    #[serde(default)]
    events_include: Vec<Value>,
    /// Top-level keys of the resulting state, each compared whole.
    #[serde(default)]
    state: serde_json::Map<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectError {
    rule: String,
    #[serde(default)]
    contains: Option<String>,
    #[serde(default)]
    path: Option<String>,
}

fn data() -> ss::data::Data {
    super::support::southern_data()
}

/// Reads a case file, which must open with a comment saying what it checks.
pub fn read_case<C: serde::de::DeserializeOwned>(path: &Path) -> Result<C, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !text.lines().next().unwrap_or("").starts_with('#') {
        return Err("a case starts with a comment saying what it checks".into());
    }
    let v: Value = serde_yaml::from_str(&text).map_err(|e| format!("bad case file: {e}"))?;
    serde_json::from_value(v).map_err(|e| format!("bad case file: {e}"))
}

/// Runs `f`, turning a panic into an error with its message, so one broken case does not hide
/// the others.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

fn run_case(data: &ss::data::Data, path: &Path) -> Result<(), String> {
    let case: Case = read_case(path)?;
    let (setup, _) = SouthernStrategy::setup(data);
    let mut state = serde_json::to_value(&setup).unwrap();
    for (k, v) in case.state {
        // An unknown key is caught when the state is read back as the typed value below.
        state[&k] = v;
    }
    let state: ss::state::State =
        serde_json::from_value(state).map_err(|e| format!("bad state: {e}"))?;
    let orders: ss::orders::Orders =
        serde_json::from_value(case.orders).map_err(|e| format!("bad orders: {e}"))?;
    let policy: Option<ss::orders::Policy> = case
        .policy
        .map(serde_json::from_value)
        .transpose()
        .map_err(|e| format!("bad policy: {e}"))?;
    let mut dice = ScriptedDice::new(case.dice);
    let result = catching(|| {
        SouthernStrategy::apply(
            data,
            &state,
            &case.side,
            &orders,
            policy.as_ref(),
            &mut dice,
        )
    })?;
    compare::<ss::events::Event, ss::state::State>(&case.rule, result, case.expect, dice.unused())
}

/// Checks what the rules did against what a case expects: an error under a rule, or the
/// events and parts of the state.
pub fn compare<E, S>(
    rule: &str,
    result: Result<(S, Vec<E>), adjutant::engine::error::OrderError>,
    expect: Expect,
    unused_dice: usize,
) -> Result<(), String>
where
    E: serde::Serialize + serde::de::DeserializeOwned,
    S: serde::Serialize + serde::de::DeserializeOwned,
{
    match (result, expect.error) {
        (Err(e), Some(want)) => {
            if e.rule != want.rule {
                return Err(format!(
                    "refused under rule {} (`{e}`), expected {}",
                    e.rule, want.rule
                ));
            }
            if let Some(c) = want.contains {
                if !e.message.contains(&c) {
                    return Err(format!("error `{e}` does not contain `{c}`"));
                }
            }
            if want.path.is_some() && e.path != want.path {
                return Err(format!("error at {:?}, expected {:?}", e.path, want.path));
            }
            if !rule.split(',').any(|r| r.trim() == e.rule) {
                return Err(format!(
                    "the case names rule {}, the error rule {}",
                    rule, e.rule
                ));
            }
            Ok(())
        }
        (Err(e), None) => Err(format!("refused: {e}")),
        (Ok(_), Some(want)) => Err(format!("accepted, expected an error under {}", want.rule)),
        (Ok((next, events)), None) => {
            if unused_dice != 0 {
                return Err(format!("{unused_dice} scripted dice were not used"));
            }
            let events: Vec<Value> = events
                .iter()
                .map(|e| serde_json::to_value(e).unwrap())
                .collect();
            // Expected values are read as typed values and written back, so a case may leave
            // out fields at their defaults.
            let norm_event = |v: &Value| -> Result<Value, String> {
                let e: E = serde_json::from_value(v.clone())
                    .map_err(|e| format!("bad expected event {v}: {e}"))?;
                Ok(serde_json::to_value(e).unwrap())
            };
            let want_events: Option<Vec<Value>> = match &expect.events {
                Some(w) => Some(w.iter().map(norm_event).collect::<Result<_, _>>()?),
                None => None,
            };
            let want_include: Vec<Value> = expect
                .events_include
                .iter()
                .map(norm_event)
                .collect::<Result<_, _>>()?;
            if let Some(want) = &want_events {
                if &events != want {
                    return Err(format!(
                        "events\n  got  {}\n  want {}",
                        yaml(&events),
                        yaml(want)
                    ));
                }
            }
            let mut at = 0;
            for want in &want_include {
                match events[at..].iter().position(|e| e == want) {
                    Some(k) => at += k + 1,
                    None => {
                        return Err(format!(
                            "missing event (in order) {}\n  got {}",
                            yaml(want),
                            yaml(&events)
                        ))
                    }
                }
            }
            let next = serde_json::to_value(&next).unwrap();
            for (k, want) in &expect.state {
                let mut merged = next.clone();
                merged[k] = want.clone();
                let typed: S = serde_json::from_value(merged)
                    .map_err(|e| format!("bad expected state `{k}`: {e}"))?;
                let want = &serde_json::to_value(typed).unwrap()[k];
                if next.get(k).unwrap_or(&Value::Null) != want {
                    return Err(format!(
                        "state `{k}`\n  got  {}\n  want {}",
                        yaml(&next[k]),
                        yaml(want)
                    ));
                }
            }
            if expect.events.is_none()
                && expect.events_include.is_empty()
                && expect.state.is_empty()
            {
                return Err("the case expects nothing".into());
            }
            Ok(())
        }
    }
}

pub fn yaml<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap()
}

#[test]
fn southern_strategy_rules_cases() {
    let data = data();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/southern-strategy");
    run_folder(&dir, |f| run_case(&data, f));
}

/// RULINGS S7 and N11 follow the text where the first edition did not, B16 where the first
/// two did not, S9 where the first three did not, B1 where the first four did not, and S10 and
/// B17 where the first five did not, B4's lists and N12 where the first six did not: the cases that show them fail under the older editions'
/// data, which games begun with them still load (and such games verify).
#[test]
fn the_first_southern_strategy_edition_keeps_its_readings() {
    use adjutant::games::southern_strategy::readings::{CommanderWithoutUnits, SiegeSupplies};
    let first = super::support::southern_data_of(ss::DATA_FILES_V1);
    assert_eq!(
        first.pieces.readings.siege_supplies,
        SiegeSupplies::SupplyMovesOnly
    );
    assert_eq!(
        first.pieces.readings.commander_without_units,
        CommanderWithoutUnits::EntersAlone
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/southern-strategy");
    for case in [
        "11.1-besieged-city-over-its-limit-discards-war-first.yaml",
        "11.1-landing-in-a-besieged-port-leaves-the-supplies-aboard.yaml",
        "11.1-transport-from-a-besieged-port-takes-no-supplies.yaml",
        "12.3-winter-unload-into-a-besieged-port-refused.yaml",
        "13.4-new-commander-waits-while-no-patriot-unit-is-free.yaml",
    ] {
        let path = dir.join(case);
        assert!(run_case(&data(), &path).is_ok(), "{case} fails today");
        assert!(
            run_case(&first, &path).is_err(),
            "{case} passes under the first edition"
        );
    }
    // B16 followed the text after the second edition: its case fails under both earlier ones.
    let second = super::support::southern_data_of(ss::DATA_FILES_V2);
    assert_eq!(
        second.pieces.readings.siege_supplies,
        SiegeSupplies::Sealed,
        "the second edition keeps S7"
    );
    let path = dir.join("9.6-a-beaten-dug-in-army-stays-dug-in-as-it-retreats.yaml");
    assert!(run_case(&data(), &path).is_ok(), "B16 fails today");
    for (edition, old) in [("first", &first), ("second", &second)] {
        assert!(
            run_case(old, &path).is_err(),
            "B16 passes under the {edition} edition"
        );
    }
    // S9 followed the text after the third edition: its cases fail under every earlier one.
    let third = super::support::southern_data_of(ss::DATA_FILES_V3);
    assert!(
        third.pieces.readings.retreat_keeps_dig_in(),
        "the third edition keeps B16"
    );
    assert_eq!(third.pieces.readings.siege_supplies, SiegeSupplies::Sealed);
    pass_today_only(
        &dir,
        &[
            "11.1-march-into-a-besieged-city-with-supplies-refused.yaml",
            "11.1-march-into-a-besieged-city-leaves-its-supplies-behind.yaml",
            "11.1-refusing-into-a-besieged-city-takes-no-supplies.yaml",
        ],
        &[("first", &first), ("second", &second), ("third", &third)],
    );
    // B1's order of commitments followed the text after the fourth edition: its case fails
    // under every earlier one.
    let fourth = super::support::southern_data_of(ss::DATA_FILES_V4);
    assert!(
        fourth.pieces.readings.sieges_closed_to_armies(),
        "the fourth edition keeps S9"
    );
    assert!(!fourth.pieces.readings.defender_commits_after_attacker());
    let path = dir.join("10.2-attacker-commits-by-hand-then-the-defender-commits.yaml");
    assert!(run_case(&data(), &path).is_ok(), "B1 fails today");
    for (edition, old) in [
        ("first", &first),
        ("second", &second),
        ("third", &third),
        ("fourth", &fourth),
    ] {
        assert!(
            run_case(old, &path).is_err(),
            "B1 passes under the {edition} edition"
        );
    }
    // S10's limits after each set of supply moves and B17's dug-in skirmish followed the text
    // after the fifth edition: their cases fail under it (and so under every earlier one,
    // none of which has either reading).
    let fifth = super::support::southern_data_of(ss::DATA_FILES_V5);
    assert!(
        fifth.pieces.readings.defender_commits_after_attacker(),
        "the fifth edition keeps B1"
    );
    pass_today_only(
        &dir,
        &[
            "5.2-limits-hold-after-the-moves-before-an-activation.yaml",
            "5.2-limits-hold-after-a-limited-impulse-with-the-full-in-the-same-orders.yaml",
            "5.5-an-excess-a-battle-left-is-put-right-before-the-next-action.yaml",
            "10.8-a-skirmished-dug-in-army-ignores-the-first-hit.yaml",
            "9.5-skirmishers-roll-only-the-war-they-carry.yaml",
            "11.1-a-sortie-takes-war-but-no-food-out-of-the-siege.yaml",
        ],
        &[("fourth", &fourth), ("fifth", &fifth)],
    );
    // B4's retreat lists of adjacent areas and N12's winter removal after Cornwallis is lost
    // followed the text after the sixth edition.
    let sixth = super::support::southern_data_of(ss::DATA_FILES_V6);
    assert!(
        sixth.pieces.readings.limits_after_each_moves()
            && sixth.pieces.readings.sortie_carries_no_food(),
        "the sixth edition keeps S10 and S11"
    );
    pass_today_only(
        &dir,
        &[
            "10.7-a-retreat-list-naming-an-area-not-adjacent-refused.yaml",
            "12.3-the-navies-leave-the-map-when-cornwallis-is-lost-at-sea.yaml",
        ],
        &[("fifth", &fifth), ("sixth", &sixth)],
    );
    // S12's attacker putting its excess right at once followed the text after the seventh.
    let seventh = super::support::southern_data_of(ss::DATA_FILES_V7);
    assert!(
        seventh.pieces.readings.retreat_list_adjacent()
            && seventh.pieces.readings.navies_leave_after_capture(),
        "the seventh edition keeps B4 and N12"
    );
    assert!(!seventh.pieces.readings.attacker_excess_at_once());
    pass_today_only(
        &dir,
        &[
            "5.5-an-attacker-discards-at-once-what-its-line-cannot-take.yaml",
            "5.5-an-attacker-with-room-on-its-line-is-asked-for-the-moves.yaml",
        ],
        &[("sixth", &sixth), ("seventh", &seventh)],
    );
    // S13's landing within the Port City's limits followed the text after the eighth.
    let eighth = super::support::southern_data_of(ss::DATA_FILES_V8);
    assert!(
        eighth.pieces.readings.attacker_excess_at_once(),
        "the eighth edition keeps S12"
    );
    assert!(!eighth.pieces.readings.landing_within_limits());
    pass_today_only(
        &dir,
        &["9.3-a-landing-puts-ashore-what-the-port-can-hold.yaml"],
        &[("seventh", &seventh), ("eighth", &eighth)],
    );
    // S14's sieges lifting before the attacker's excess is weighed followed the text after
    // the ninth.
    let ninth = super::support::southern_data_of(ss::DATA_FILES_V9);
    assert!(
        ninth.pieces.readings.landing_within_limits(),
        "the ninth edition keeps S13"
    );
    assert!(!ninth.pieces.readings.sieges_lift_before_excess());
    // N13's winter unload without a pause where nothing is to be chosen came with it
    // (`words::a_winter_unload_with_no_port_is_not_asked` plays it).
    assert!(!ninth.pieces.readings.unload_asked_only_with_a_choice());
    assert!(data().pieces.readings.unload_asked_only_with_a_choice());
    pass_today_only(
        &dir,
        &["11.3-a-siege-the-sortie-broke-lifts-before-the-excess-is-weighed.yaml"],
        &[
            ("seventh", &seventh),
            ("eighth", &eighth),
            ("ninth", &ninth),
        ],
    );
    // N15's new commander entering the one area open without a question followed the tenth.
    let tenth = super::support::southern_data_of(ss::DATA_FILES_V10);
    assert!(tenth.pieces.readings.unload_asked_only_with_a_choice());
    assert!(!tenth.pieces.readings.commander_asked_only_with_a_choice());
    pass_today_only(
        &dir,
        &["13.4-one-area-open-the-commander-enters-without-a-question.yaml"],
        &[("ninth", &ninth), ("tenth", &tenth)],
    );
    // T3's supply moves left unmade after an instant victory, and S9's siege closed to a new
    // commander's supplies, followed the eleventh.
    let eleventh = super::support::southern_data_of(ss::DATA_FILES_V11);
    assert!(eleventh
        .pieces
        .readings
        .commander_asked_only_with_a_choice());
    assert!(eleventh.pieces.readings.supplies_moved_after_victory());
    pass_today_only(
        &dir,
        &[
            "14.0-supply-moves-after-an-instant-victory-are-not-made.yaml",
            "14.0-a-skirmish-taking-cornwallis-ends-the-impulse.yaml",
            "13.4-a-commander-entering-a-siege-brings-no-supplies.yaml",
        ],
        &[("tenth", &tenth), ("eleventh", &eleventh)],
    );
    // A game begun with each older edition still loads it and verifies.
    for edition in [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh",
    ] {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/data/ss-{edition}-edition/demo-game.yaml"));
        let tmp = tempfile::tempdir().unwrap();
        let out = super::support::stdout(&super::support::ok(
            tmp.path(),
            &["verify", fixture.to_str().unwrap()],
        ));
        assert!(out.contains("verified"), "{edition}: {out}");
    }
}

/// Each of `cases` (in `dir`) passes with today's data and fails under each of the `older`
/// editions.
fn pass_today_only(dir: &Path, cases: &[&str], older: &[(&str, &ss::data::Data)]) {
    for case in cases {
        let path = dir.join(case);
        assert!(run_case(&data(), &path).is_ok(), "{case} fails today");
        for (edition, old) in older {
            assert!(
                run_case(old, &path).is_err(),
                "{case} passes under the {edition} edition"
            );
        }
    }
}

/// Runs every case file of a folder, in name order, and fails with every failure listed.
pub fn run_folder(dir: &Path, run: impl Fn(&Path) -> Result<(), String>) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        if let Err(e) = run(f) {
            failures.push(format!("{}: {e}", f.file_name().unwrap().to_string_lossy()));
        }
    }
    assert!(files.len() >= 3, "only {} rules cases", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
