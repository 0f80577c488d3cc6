//! The Lost Cause's first edition: games begun before adjutant followed the text of 8.3 and
//! 11.0 (RULINGS L17, L31) pin the first `tables.yaml`, which has no `readings`, and so still
//! verify and play on by the readings they began with. The fixtures in
//! `tests/data/tlc-first-edition/` were made by adjutant as it was before that change: a whole
//! war, and three games from positions at the month's Railroads question, one with the Army of
//! the Gulf about to go back from Vicksburg to Ship Island, one with two different Initiative
//! markers on the blue army alone, and one with markers on two armies ordered
//! `initiative_order: [brown, blue]`.

use std::path::Path;

use adjutant::engine::gamefile::GameFile;
use serde_json::Value;

use crate::support::*;

const FIXTURES: [&str; 4] = ["gulf", "markers", "order", "whole"];

fn fixture(name: &str) -> std::path::PathBuf {
    root()
        .join("tests/data/tlc-first-edition")
        .join(format!("{name}.yaml"))
}

fn copy_fixture(d: &Path, name: &str) -> std::path::PathBuf {
    let to = d.join(format!("{name}.yaml"));
    std::fs::copy(fixture(name), &to).unwrap();
    std::fs::create_dir_all(d.join("secrets")).unwrap();
    for e in std::fs::read_dir(root().join("tests/data/tlc-first-edition/secrets")).unwrap() {
        let p = e.unwrap().path();
        let copy = d.join("secrets").join(p.file_name().unwrap());
        std::fs::copy(&p, &copy).unwrap();
        // Git keeps no file modes but the executable bit, and adjutant refuses a secret
        // others can read: a fresh checkout gives 644.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
    }
    to
}

/// The events of every step of a game file, in order.
fn events(gf: &GameFile) -> Vec<Value> {
    gf.log
        .iter()
        .filter_map(|r| r.result.as_ref())
        .flat_map(|r| r.events.clone())
        .collect()
}

#[test]
fn first_edition_games_still_verify_by_their_readings() {
    let tables = |files: &[(&str, &str)]| {
        files
            .iter()
            .find(|(n, _)| *n == "tables.yaml")
            .map(|(_, t)| adjutant::games::data_hash(t))
            .unwrap()
    };
    let first = tables(adjutant::games::the_lost_cause::DATA_FILES_V1);
    assert_ne!(
        first,
        tables(adjutant::games::the_lost_cause::DATA_FILES),
        "new games pin other tables than the first edition's"
    );
    let dir = tempfile::tempdir().unwrap();
    for name in FIXTURES {
        let gf = GameFile::parse(&read(&fixture(name))).unwrap();
        assert_eq!(
            gf.data["tables.yaml"], first,
            "{name} pins the first tables"
        );
        let out = stdout(&ok(
            dir.path(),
            &["verify", fixture(name).to_str().unwrap()],
        ));
        assert!(out.contains("verified"), "{name}: {out}");
        let report = stdout(&ok(
            dir.path(),
            &["report", fixture(name).to_str().unwrap(), "--steps", "all"],
        ));
        assert!(
            !report.contains("own tables"),
            "{name}: the first edition is adjutant's own data:\n{report}"
        );
    }
    // L31's first reading: back at Ship Island, the river stays Union controlled.
    let gulf = GameFile::parse(&read(&fixture("gulf"))).unwrap();
    let ev = events(&gulf);
    assert!(ev
        .iter()
        .any(|e| e["event"] == "marched" && e["to"] == "ship-island"));
    assert!(!ev.iter().any(|e| e["event"] == "regained"));
    let held = gulf.state["held"].as_array().unwrap();
    for s in ["baton-rouge", "port-hudson"] {
        assert!(held.iter().any(|h| h == s), "{s} is held: {held:?}");
    }
    // L17's first reading: two markers on the blue army alone act as placed, unasked.
    let markers = GameFile::parse(&read(&fixture("markers"))).unwrap();
    let first_orders: Vec<&Value> = markers
        .log
        .iter()
        .filter_map(|r| r.orders.as_ref())
        .collect();
    assert!(!first_orders
        .iter()
        .any(|o| o.get("initiative_order").is_some()));
}

#[test]
fn a_first_edition_game_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in ["gulf", "markers"] {
        let game = copy_fixture(d, name);
        let l = adjutant::app::load_game(&game, None).unwrap();
        let options = adjutant::app::legal_options(&l, "csa").unwrap();
        let orders = write(d, "orders.yaml", &options[0].example);
        let before = GameFile::parse(&read(&game)).unwrap().log.len();
        ok(
            d,
            &[
                "play",
                game.to_str().unwrap(),
                orders.to_str().unwrap(),
                "--secrets",
                "secrets",
            ],
        );
        let after = GameFile::parse(&read(&game)).unwrap();
        assert!(after.log.len() > before, "{name}: the game went on");
        ok(d, &["verify", game.to_str().unwrap()]);
    }
}

/// The second edition (RULINGS L43): games begun with the tables that read 8.6.2 and 11.0 as the
/// text does but 9.7 as the first edition did pin those tables, load them, and so still verify
/// (the fixture is the shipped example as it was made then). New games pin the third.
#[test]
fn second_edition_games_keep_their_reading_of_the_raider() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::RaiderReturn};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    assert_eq!(
        load(tlc::DATA_FILES_V2).tables.readings.raider_return,
        RaiderReturn::FinalRoll
    );
    assert_eq!(
        load(tlc::DATA_FILES).tables.readings.raider_return,
        RaiderReturn::ModifiedRoll
    );
    let pins: std::collections::BTreeMap<String, String> = tlc::DATA_FILES_V2
        .iter()
        .map(|(n, t)| (n.to_string(), adjutant::games::data_hash(t)))
        .collect();
    // The shipped example as it was before the third edition, kept as a fixture.
    let example = root().join("tests/data/tlc-second-edition/demo-game.yaml");
    let gf = GameFile::parse(&read(&example)).unwrap();
    assert_eq!(gf.data, pins, "the fixture pins the second edition");
    assert!(adjutant::games::load_pinned("the-lost-cause", &pins).is_ok());
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The third edition (RULINGS L47): the Eastern Army Group was the army whose advance made it,
/// so when the yellow army's did, the blue army's track and markers were lost. Its cases fail
/// under that edition, whose games still load it and verify.
#[test]
fn third_edition_games_keep_their_eastern_army_group() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::EasternArmyGroup};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    assert_eq!(
        load(tlc::DATA_FILES_V3).tables.readings.eastern_army_group,
        EasternArmyGroup::AdvancingArmy
    );
    assert_eq!(
        load(tlc::DATA_FILES).tables.readings.eastern_army_group,
        EasternArmyGroup::BlueArmy
    );
    let cases = root().join("tests/cases/the-lost-cause");
    for case in [
        "08.9.2-yellow-at-richmond-combines.yaml",
        "08.9.2-the-eastern-army-group-keeps-the-blue-armys-markers.yaml",
    ] {
        let path = cases.join(case);
        assert!(
            crate::lost_cause::run_case_with(None, &path).is_ok(),
            "{case} fails today"
        );
        assert!(
            crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V3), &path).is_err(),
            "{case} passes under the third edition"
        );
    }
    // The shipped example as it was before the fourth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-third-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The fourth edition (RULINGS L48, L49, L50): `start: false` started the war, a `space` given
/// with European Munitions was dropped without a word, and the sample deck's cards 9 and 13
/// named only the leader they put in, not the one they sack. The two answers' cases fail under
/// that edition, whose games still load it and verify.
#[test]
fn fourth_edition_games_keep_their_answers_and_deck() {
    use adjutant::games::the_lost_cause::{
        self as tlc,
        data::UnionAction,
        readings::{MunitionsSpace, StartAnswer},
    };
    let load = |files| crate::lost_cause::data_of(files, &[]);
    let (now, fourth) = (load(tlc::DATA_FILES), load(tlc::DATA_FILES_V4));
    assert_eq!(now.tables.readings.start_answer, StartAnswer::TrueOnly);
    assert_eq!(now.tables.readings.munitions_space, MunitionsSpace::Refused);
    assert_eq!(fourth.tables.readings.start_answer, StartAnswer::Any);
    assert_eq!(
        fourth.tables.readings.munitions_space,
        MunitionsSpace::Ignored
    );
    let cases = root().join("tests/cases/the-lost-cause");
    for case in [
        "03.0-start-false-refused.yaml",
        "16.4-munitions-with-a-space-refused.yaml",
    ] {
        let path = cases.join(case);
        assert!(
            crate::lost_cause::run_case_with(None, &path).is_ok(),
            "{case} fails today"
        );
        assert!(
            crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V4), &path).is_err(),
            "{case} passes under the fourth edition"
        );
    }
    // L50: the sample deck's sackings name the leader sacked, as 7.1's example and 18.0 read
    // them; the fourth edition's deck did not.
    let sacks = |d: &tlc::data::Data, card: &str| -> Option<String> {
        d.card(card).union.iter().find_map(|a| match a {
            UnionAction::Commander { replaces, .. } => replaces.clone(),
            _ => None,
        })
    };
    assert_eq!(sacks(&now, "9").as_deref(), Some("scott"));
    assert_eq!(sacks(&now, "13").as_deref(), Some("fremont"));
    assert_eq!(sacks(&fourth, "9"), None);
    assert_eq!(sacks(&fourth, "13"), None);
    // The shipped example as it was before the fifth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-fourth-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The fifth edition (RULINGS L51): a space a Union army came back into, its route having
/// passed through it before (Jackson, when the Army of the Tennessee crosses the Deep South
/// from Vicksburg), was Union controlled as a space behind the army; 8.3 makes it contested.
/// The case fails under that edition, whose games still load it and verify.
#[test]
fn fifth_edition_games_keep_their_revisited_spaces() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::RevisitedSpace};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    let (now, fifth) = (load(tlc::DATA_FILES), load(tlc::DATA_FILES_V5));
    assert_eq!(
        now.tables.readings.revisited_space,
        RevisitedSpace::Contested
    );
    assert_eq!(
        fifth.tables.readings.revisited_space,
        RevisitedSpace::Controlled
    );
    let path =
        root().join("tests/cases/the-lost-cause/08.5.1-vicksburg-overland-holds-memphis.yaml");
    assert!(crate::lost_cause::run_case_with(None, &path).is_ok());
    let under_fifth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V5), &path);
    assert!(
        under_fifth.as_ref().is_err_and(|e| e.contains("\"to\":7")),
        "under the fifth edition Jackson stays behind the army and costs a point: {under_fifth:?}"
    );
    // The shipped example as it was before the sixth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-fifth-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The sixth edition (RULINGS L52, L53, L54): a roll's record gave the sum of its modifiers
/// only, a card moving European Recognition up moved the number only, so box 5 reached by a
/// card brought no Recognition, and a morale change for key spaces named none. The cases that show both fail under that edition, whose games still
/// load and verify.
#[test]
fn sixth_edition_games_keep_their_bare_modifiers_card_recognition_and_key_spaces() {
    use adjutant::games::the_lost_cause::{
        self as tlc,
        readings::{CardRecognition, RollModifiers},
    };
    let load = |files| crate::lost_cause::data_of(files, &[]);
    let (now, sixth) = (load(tlc::DATA_FILES), load(tlc::DATA_FILES_V6));
    assert_eq!(now.tables.readings.roll_modifiers, RollModifiers::Named);
    assert_eq!(sixth.tables.readings.roll_modifiers, RollModifiers::Total);
    assert_eq!(now.tables.readings.card_recognition, CardRecognition::Boxes);
    assert_eq!(
        sixth.tables.readings.card_recognition,
        CardRecognition::Number
    );
    let case = |name: &str| root().join("tests/cases/the-lost-cause").join(name);
    let recognition = case("09.5.1-a-card-raising-recognition-brings-its-effects.yaml");
    assert!(crate::lost_cause::run_case_with(None, &recognition).is_ok());
    let under_sixth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V6), &recognition);
    assert!(
        under_sixth
            .as_ref()
            .is_err_and(|e| e.contains("european_navies")),
        "under the sixth edition the card moves the number only: {under_sixth:?}"
    );
    let named = case("09.3-morale-test-invasion-and-year.yaml");
    assert!(crate::lost_cause::run_case_with(None, &named).is_ok());
    let under_sixth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V6), &named);
    assert!(
        under_sixth.as_ref().is_err_and(|e| e.contains("modifiers")),
        "under the sixth edition a roll records its total only: {under_sixth:?}"
    );
    let holds = case("12.0-regaining-a-key-space.yaml");
    assert!(crate::lost_cause::run_case_with(None, &holds).is_ok());
    let under_sixth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V6), &holds);
    assert!(
        under_sixth.as_ref().is_err_and(|e| e.contains("holds")),
        "under the sixth edition a morale change for key spaces names none: {under_sixth:?}"
    );
    // The shipped example as it was before the seventh edition, kept as a fixture.
    let example = root().join("tests/data/tlc-sixth-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The seventh edition (RULINGS L55): a commander promoted to Advisor sent the Advisor before
/// him back to the Leader Cup without a word in the record, so a reader saw that leader come
/// out of the cup later with no sign he went in. The case that shows it fails under that
/// edition, whose games still load and verify.
#[test]
fn seventh_edition_games_keep_their_silent_advisor_return() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::AdvisorReturn};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    assert_eq!(
        load(tlc::DATA_FILES).tables.readings.advisor_return,
        AdvisorReturn::Named
    );
    for old in [tlc::DATA_FILES_V7, tlc::DATA_FILES_V6, tlc::DATA_FILES_V1] {
        assert_eq!(
            load(old).tables.readings.advisor_return,
            AdvisorReturn::Unnamed
        );
    }
    let case = root().join("tests/cases/the-lost-cause/10.4-shuffle-and-promote.yaml");
    assert!(crate::lost_cause::run_case_with(None, &case).is_ok());
    let under_seventh = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V7), &case);
    assert!(
        under_seventh
            .as_ref()
            .is_err_and(|e| e.contains("returned")),
        "under the seventh edition the record names no leader going back: {under_seventh:?}"
    );
    // The shipped example as it was before the eighth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-seventh-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The eighth edition (RULINGS L56): an army's Home Base was the first space of its route, so
/// an army whose route a position began at its Advanced Base was driven from that base into
/// its Northern Invasion space when beaten there, and counted as at home at the Year End. From
/// the ninth edition the Home Base is the space the army's track begins at. The cases that show
/// it fail under the eighth edition, whose games still load and verify.
#[test]
fn eighth_edition_games_keep_the_route_start_as_the_home_base() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::HomeBase};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    assert_eq!(
        load(tlc::DATA_FILES).tables.readings.home_base,
        HomeBase::Space
    );
    for old in [tlc::DATA_FILES_V8, tlc::DATA_FILES_V7, tlc::DATA_FILES_V1] {
        assert_eq!(load(old).tables.readings.home_base, HomeBase::RouteStart);
    }
    let case = root().join(
        "tests/cases/the-lost-cause/08.1-no-invasion-from-an-advanced-base-a-route-begins-at.yaml",
    );
    assert!(crate::lost_cause::run_case_with(None, &case).is_ok());
    let under_eighth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V8), &case);
    assert!(
        under_eighth
            .as_ref()
            .is_err_and(|e| e.contains("northern_invasion")),
        "under the eighth edition the army is driven into its invasion space: {under_eighth:?}"
    );
    // 14.4 #3: the same army counted at home for the Year End's European Recognition.
    let case = root().join(
        "tests/cases/the-lost-cause/14.4-an-army-at-an-advanced-base-its-route-begins-at-is-away.yaml",
    );
    assert!(crate::lost_cause::run_case_with(None, &case).is_ok());
    let under_eighth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V8), &case);
    assert!(
        under_eighth
            .as_ref()
            .is_err_and(|e| e.contains("recognition")),
        "under the eighth edition the army counts as at home: {under_eighth:?}"
    );
    // The shipped example as it was before the ninth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-eighth-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}

/// The ninth edition (RULINGS L57): a Railroads marker named for a theater with no Confederate
/// leader was spent, set aside for good (16.1), and its battle skipped (6.1). From the tenth
/// edition such an order is refused (16.8 with 9.1). The case that shows it fails under the
/// ninth edition, whose games still load and verify.
#[test]
fn ninth_edition_games_spend_railroads_in_a_leaderless_theater() {
    use adjutant::games::the_lost_cause::{self as tlc, readings::LeaderlessRailroads};
    let load = |files| crate::lost_cause::data_of(files, &[]);
    assert_eq!(
        load(tlc::DATA_FILES).tables.readings.leaderless_railroads,
        LeaderlessRailroads::Refused
    );
    for old in [tlc::DATA_FILES_V9, tlc::DATA_FILES_V8, tlc::DATA_FILES_V1] {
        assert_eq!(
            load(old).tables.readings.leaderless_railroads,
            LeaderlessRailroads::Spent
        );
    }
    let case = root().join("tests/cases/the-lost-cause/16.8-railroads-need-a-theater-leader.yaml");
    assert!(crate::lost_cause::run_case_with(None, &case).is_ok());
    let under_ninth = crate::lost_cause::run_case_with(Some(tlc::DATA_FILES_V9), &case);
    assert!(
        under_ninth.is_err(),
        "under the ninth edition the marker is spent: {under_ninth:?}"
    );
    // The shipped example as it was before the tenth edition, kept as a fixture.
    let example = root().join("tests/data/tlc-ninth-edition/demo-game.yaml");
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&ok(dir.path(), &["verify", example.to_str().unwrap()]));
    assert!(out.contains("verified"), "{out}");
}
