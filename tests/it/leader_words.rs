//! The Southern Strategy names the leader who moves (9.2): an army the Subordinate Leader
//! leads goes "with the Subordinate Leader", the side's Leader by his name (Cornwallis,
//! Gates), in the options, the orders and the events; units that stay where they are say
//! so; and a standing policy's answer says what it decided and for which army.

use adjutant::engine::game::Game;
use adjutant::games::southern_strategy::state::{LeaderRank, Side};
use adjutant::games::southern_strategy::SouthernStrategy;

use crate::support::*;

/// 9.2, 9.3: a Transport's options name the leader who sails and count the units in words.
#[test]
fn a_transport_option_names_the_leader_who_sails() {
    let data = super::options::data();
    let mut st = super::options::position(
        &data,
        Side::Crown,
        &[
            ("SAV", Side::Crown, 1, Some(LeaderRank::Subordinate), 1, 0),
            ("SUN", Side::Crown, 3, Some(LeaderRank::Leader), 2, 2),
        ],
    );
    st.navies.crown = Some("D".into());
    let summaries: Vec<String> = SouthernStrategy::legal_options(&data, &st, "crown")
        .into_iter()
        .map(|o| o.summary)
        .filter(|s| s.contains("transport (9.3)"))
        .collect();
    let savannah = summaries
        .iter()
        .find(|s| s.contains("in Savannah"))
        .unwrap_or_else(|| panic!("{summaries:#?}"));
    assert!(
        savannah.contains(": 1 unit with the Subordinate Leader,"),
        "{savannah}"
    );
    let sunbury = summaries
        .iter()
        .find(|s| s.contains("in Sunbury"))
        .unwrap_or_else(|| panic!("{summaries:#?}"));
    assert!(
        sunbury.contains(": 1-3 units with Cornwallis,"),
        "{sunbury}"
    );
    for s in &summaries {
        assert!(
            !s.contains("1 units") && !s.contains("with the leader"),
            "{s}"
        );
    }
}

/// 9.1, 9.2: the Crown splits its army at Savannah, leaving one unit under a Subordinate
/// Leader, then marches that unit: the orders and events name Cornwallis for the first
/// march, the Subordinate Leader for the second, and the unit left behind "stays".
#[test]
fn a_march_names_the_leader_who_marches_and_the_units_that_stay() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--id",
            "lw",
            "--demo",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    let play = |name: &str, orders: &str| {
        write(d, name, orders);
        let o = ok(d, &["play", "g.yaml", name, "--secrets", "s"]);
        stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    play("c1.yaml", "supply: []\n");
    play("p1.yaml", "supply: []\n");
    // The initiative (6.0) may give the Patriot the first impulse: it passes.
    let awaiting = || {
        let gf = adjutant::engine::gamefile::GameFile::parse(&read(&d.join("g.yaml"))).unwrap();
        gf.awaiting.map(|a| a.side).unwrap_or_default()
    };
    let crown_turn = || {
        while awaiting() != "crown" {
            play("pass.yaml", "limited: skip\nfull: pass\n");
        }
    };
    crown_turn();
    let split = play(
        "c2.yaml",
        "limited: skip\nfull: {march: {from: SAV, groups: [{to: EBN, units: 7, leader: true}, {to: SAV, units: 1, subordinate: true}]}}\n",
    );
    let report = |steps: &str| {
        stdout(&ok(d, &["report", "g.yaml", "--steps", steps]))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = report("last");
    assert!(
        text.contains("march from Savannah: 7 units with Cornwallis to Ebenezer, 1 unit stays in Savannah under a Subordinate Leader"),
        "{text}\n{split}"
    );
    assert!(
        text.contains("7 units with Cornwallis to Ebenezer"),
        "{text}"
    );
    assert!(!text.contains("to Savannah"), "{text}");
    // The report `play` wrote as it adjudicated reads the same, from the state it had at hand
    // rather than a replay of the game.
    assert!(
        split.contains("7 units with Cornwallis to Ebenezer, 1 unit stays in Savannah under a Subordinate Leader"),
        "{split}"
    );
    crown_turn();
    play(
        "c3.yaml",
        "limited: skip\nfull: {march: {from: SAV, groups: [{to: SUN, units: 1, leader: true}]}}\n",
    );
    let text = report("last");
    assert!(
        text.contains("march from Savannah: 1 unit with the Subordinate Leader to Sunbury"),
        "{text}"
    );
    assert_eq!(
        text.matches("1 unit with the Subordinate Leader to Sunbury")
            .count(),
        2,
        "the orders and the event: {text}"
    );
    assert!(!text.contains("with the leader"), "{text}");
}

/// 10.1: a refused battle says the attackers occupy the area, with what the defender left
/// there: an army without a leader takes no supplies along.
#[test]
fn a_refused_battle_says_the_attackers_take_the_area_and_what_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::bot_cli::crown_full_impulse_beside_ebenezer(d, "lw-refuse");
    write(
        d,
        "attack.yaml",
        "full: {attack: {from: SAV, to: EBN, units: 6, war: 2}}\n",
    );
    ok(d, &["play", "g.yaml", "attack.yaml", "--secrets", "s"]);
    write(d, "refuse.yaml", "battle: {refuse: {to: AUG}}\n");
    let o = ok(d, &["play", "g.yaml", "refuse.yaml", "--secrets", "s"]);
    let said = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    let want = "Patriot refuses battle and falls back from Ebenezer to Augusta; the Crown attackers occupy Ebenezer and take the 1 food and 1 war left there (10.1).";
    assert!(said.contains(want), "{said}");
    let report = stdout(&ok(d, &["report", "g.yaml", "--steps", "last"]));
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(report.contains(want), "{report}");
}
