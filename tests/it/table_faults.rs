//! Faults two players found playing The Southern Strategy by mail at the table, each shown
//! through the command line from a position of their kept game (`tests/data/ss-table-game`).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::support::*;

/// The kept table game's text.
fn table_game() -> String {
    read(&root().join("tests/data/ss-table-game/game.yaml"))
}

/// A new demo game in `dir` from the table game's position as `edit` leaves it.
fn table_position(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    game_at(dir, name, &table_game(), edit)
}

/// Mail text is wrapped: its words, one space apart.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The table game's position as the campaign turn of its winter begins (4.0): `new` runs the
/// winter removal (12.3), which asks where the navy's cargo lands.
fn start_of_winter(st: &mut Value) {
    st["phase"] = json!({"step": "turn_start"});
    st.as_object_mut().unwrap().remove("initiative");
}

/// 12.3 at the start of the winter of 1782: the Crown navy in sea zone C, with Cornwallis and
/// the 2 units of his army (taken off Waxhaws) and 1 food 1 war aboard, asks where they land;
/// the French navy is in `french`.
fn winter_unload(dir: &Path, name: &str, french: &str) -> PathBuf {
    table_position(dir, name, |st| {
        st["armies"].as_object_mut().unwrap().remove("WAX");
        st["navies"] = json!({"crown": "C", "french": french,
            "cargo": {"crown": {"units": 2, "leader": "leader", "food": 1, "war": 1}}});
        start_of_winter(st);
    })
}

/// 12.3, 9.3 (RULINGS N8, N13): with the French navy in the same sea zone the army aboard can
/// land nowhere and the supplies go ashore nowhere, so from the tenth edition nothing is asked:
/// the cargo is lost as the navy leaves, Cornwallis with it (the question the ninth edition
/// asked named that place "in nowhere" before it named the zone and the army). Where there
/// is a port, the question and its option name the sea zone, Cornwallis and his units.
#[test]
fn the_winter_unload_question_names_the_zone_and_the_army_aboard() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = winter_unload(d, "blocked.yaml", "C");
    let shown = words(&stdout(&ok(d, &["show", game.to_str().unwrap()])));
    assert!(
        shown.contains("the game is over") && shown.contains("Cornwallis is captured"),
        "{shown}"
    );
    // With the French navy off North Carolina, the army may land on zones C and D.
    let open = winter_unload(d, "open.yaml", "B");
    let options = words(&stdout(&ok(d, &["orders", open.to_str().unwrap()])));
    assert!(
        options.contains("Cornwallis and 2 units aboard in Charleston, Georgetown, Savannah, Sunbury or Beaufort, or nowhere"),
        "{options}"
    );
}

/// 9.3, 5.4, 12.3: an answer the rules refuse says why, under its rule, with the place named
/// in backticks; each said only that the cargo "cannot land" there.
#[test]
fn a_refused_winter_unload_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = winter_unload(d, "open.yaml", "B");
    let cases = [
        (
            "army: WIL",
            "9.3: the army aboard cannot land in `Wilmington`: it lies on sea zone B (Off North Carolina), where the French navy is",
        ),
        (
            "army: YRK",
            "9.3: the army aboard cannot land in `Yorktown`: its sea zone, A (Off Virginia), is neither sea zone C (Off South Carolina), where the navy is, nor next to it",
        ),
        (
            "army: CAM",
            "9.3: the army aboard cannot land in `Camden`: it is not a port",
        ),
        (
            "supplies: SAV",
            "5.4: the supplies aboard cannot go ashore in `Savannah`: they go ashore only on sea zone C (Off South Carolina), where the navy is",
        ),
        (
            "supplies: CHS",
            "5.4: the supplies aboard cannot go ashore in `Charleston`: no Crown army holds it, and the army aboard does not land there",
        ),
    ];
    for (answer, why) in cases {
        write(
            d,
            "answer.yaml",
            &format!("answer: {{unload: {{{answer}}}}}\n"),
        );
        let err = words(&refused(
            d,
            &["orders", game.to_str().unwrap(), "answer.yaml"],
        ));
        assert!(err.contains(why), "`{answer}`: {err}");
    }
    // An enemy army in the port, and the French navy in the navy's own zone.
    let held = table_position(d, "held.yaml", |st| {
        st["armies"].as_object_mut().unwrap().remove("WAX");
        st["armies"]["SUN"] = json!({"side": "patriot", "units": 1});
        st["navies"] = json!({"crown": "C", "french": "C",
            "cargo": {"crown": {"units": 2, "leader": "leader", "food": 1, "war": 1}}});
        start_of_winter(st);
    });
    // With the French navy in the navy's own zone every landing is barred (RULINGS N8): no
    // port is left to choose, so the cargo is lost without a pause (N13), Cornwallis aboard
    // with it (N3), and the answer the first nine editions asked for is refused as too late.
    write(d, "answer.yaml", "answer: {unload: {army: CHS}}\n");
    let err = words(&refused(
        d,
        &["orders", held.to_str().unwrap(), "answer.yaml"],
    ));
    assert!(
        err.contains("the game is over") && err.contains("Cornwallis is captured"),
        "{err}"
    );
    let open_held = table_position(d, "held-open.yaml", |st| {
        st["armies"].as_object_mut().unwrap().remove("WAX");
        st["armies"]["SUN"] = json!({"side": "patriot", "units": 1});
        st["navies"] = json!({"crown": "C", "french": "A",
            "cargo": {"crown": {"units": 2, "leader": "leader", "food": 1, "war": 1}}});
        start_of_winter(st);
    });
    write(d, "answer.yaml", "answer: {unload: {army: SUN}}\n");
    let err = words(&refused(
        d,
        &["orders", open_held.to_str().unwrap(), "answer.yaml"],
    ));
    assert!(
        err.contains("9.3: the army aboard cannot land in `Sunbury`: a Patriot army holds it; the army lands only in a friendly or empty port"),
        "{err}"
    );
}

/// The table game's position with the Crown to play its full impulse, and `edit` made.
fn crown_full_impulse(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    table_position(dir, name, |st| {
        st["phase"] = json!({"step": "impulse", "side": "crown", "kind": "full",
            "previous_passed": false});
        edit(st);
    })
}

/// Plays `orders` for `side` in the hot-seat game `game`.
fn play(dir: &Path, game: &Path, side: &str, orders: &str) {
    write(dir, "orders.yaml", orders);
    let secrets = format!("{}-secrets", game.file_name().unwrap().to_str().unwrap());
    ok(
        dir,
        &[
            "play",
            game.to_str().unwrap(),
            "orders.yaml",
            "--side",
            side,
            "--secrets",
            &secrets,
        ],
    );
}

/// The last step's report in each text format, its words one space apart.
fn last_step_reports(dir: &Path, game: &Path) -> Vec<(&'static str, String)> {
    ["text", "markdown", "bbcode"]
        .into_iter()
        .map(|format| {
            let o = ok(
                dir,
                &[
                    "report",
                    game.to_str().unwrap(),
                    "--format",
                    format,
                    "--steps",
                    "last",
                ],
            );
            (format, words(&stdout(&o)))
        })
        .collect()
}

/// 10.7: a beaten attacker goes back, and the supplies it carried go to the defender. The
/// report told the return but not the supplies, which changed hands unseen. Cornwallis's 3
/// units from Waxhaws carry 1 food and 1 war besides the 1 war they commit; the 6 Patriot
/// units in Camden win whatever the dice (one attacking die).
#[test]
fn a_beaten_attackers_supplies_are_reported_going_to_the_defender() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "beaten.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 3, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 2, "war": 2});
        st["armies"]["CAM"] = json!({"side": "patriot", "units": 6});
    });
    play(
        d,
        &game,
        "crown",
        "full: {attack: {from: WAX, to: CAM, units: 3, war: 1, carry_food: 1, carry_war: 1}}\n",
    );
    play(d, &game, "patriot", "battle: {accept: {commit: 0}}\n");
    let camden = adjutant::engine::gamefile::GameFile::parse(&read(&game))
        .unwrap()
        .state["supplies"]["CAM"]
        .clone();
    assert_eq!(camden, json!({"food": 2, "war": 1}), "Camden had 1 food");
    for (format, text) in last_step_reports(d, &game) {
        assert!(
            text.contains("The 3 attacking units and Cornwallis go back to Waxhaws; the defenders of Camden take the 1 food and 1 war they carried (10.7)."),
            "{format}: {text}"
        );
    }
}

/// 10.4 with 10.7: attackers wiped out by the defender's roll surrender, and the defender takes
/// what they carried; an attack whose War was committed after the defender accepted (10.2)
/// hands over only what was left.
#[test]
fn wiped_out_attackers_hand_their_supplies_to_the_defender() {
    use crate::leader_words::southern_lines;
    let wiped = southern_lines(
        json!({"full": {"attack": {"from": "CHS", "to": "BFT", "units": 1, "war": 1,
            "carry_war": 1}}}),
        vec![
            json!({"event": "attack_launched", "side": "crown", "from": "CHS", "to": "BFT", "units": 1, "food_paid": 1, "war": 1}),
            json!({"event": "surrendered", "side": "crown", "area": "BFT", "units": 1, "leader": "leader"}),
        ],
    );
    assert_eq!(
        wiped[2],
        "The attacking Crown army loses its last unit before Beaufort and surrenders: 1 unit and Cornwallis eliminated (10.4). The defenders take the 1 war it carried (10.7).",
        "{wiped:?}"
    );
    // Committed by the attacker's standing policy in the same step: 2 of the 3 War carried.
    let committed = southern_lines(
        json!({"full": {"attack": {"from": "CHS", "to": "BFT", "units": 2, "carry_war": 3}}}),
        vec![
            json!({"event": "attack_launched", "side": "crown", "from": "CHS", "to": "BFT", "units": 2, "food_paid": 1, "carried": {"food": 0, "war": 3}}),
            json!({"event": "attack_committed", "side": "crown", "area": "BFT", "war": 2, "dice": 2}),
            json!({"event": "battle_won", "winner": "patriot", "attacker_total": 2, "defender_total": 2}),
            json!({"event": "attacker_returned", "side": "crown", "to": "CHS", "units": 1}),
        ],
    );
    assert_eq!(
        committed[4],
        "The attacking unit goes back to Charleston; the defenders of Beaufort take the 1 war it carried (10.7).",
        "{committed:?}"
    );
}

/// 9.6 with 10.7 (RULINGS B16): a beaten dug-in army keeps its marker as it retreats, and an
/// army it joins is dug in with it. Cornwallis's army took in the beaten garrison of Fort
/// Watson and could not be activated for the rest of the turn, and the report did not say
/// why. Greene's 7 units against 1 dug-in unit that commits no War win by at least 7, which
/// no morale die passes.
#[test]
fn a_dug_in_army_retreating_into_cornwallis_is_said_to_freeze_him() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = table_position(d, "frozen.yaml", |st| {
        let armies = st["armies"].as_object_mut().unwrap();
        armies.remove("WAX");
        armies.remove("RIC");
        armies.insert(
            "HHS".into(),
            json!({"side": "crown", "units": 2, "leader": "leader"}),
        );
        armies.insert(
            "WAT".into(),
            json!({"side": "crown", "units": 1, "dug_in": true}),
        );
        armies.insert(
            "SNW".into(),
            json!({"side": "patriot", "units": 7, "leader": "leader"}),
        );
        st["supplies"]["SNW"] = json!({"food": 2, "war": 1});
        st["supplies"].as_object_mut().unwrap().remove("RIC");
        st["phase"] = json!({"step": "impulse", "side": "patriot", "kind": "full",
            "previous_passed": false});
    });
    play(
        d,
        &game,
        "patriot",
        "full: {attack: {from: SNW, to: WAT, units: 7, war: 1}}\n",
    );
    play(
        d,
        &game,
        "crown",
        "battle: {accept: {commit: 0, retreat: [HHS]}}\n",
    );
    let state = adjutant::engine::gamefile::GameFile::parse(&read(&game))
        .unwrap()
        .state;
    assert_eq!(
        state["armies"]["HHS"],
        json!({"side": "crown", "units": 3, "leader": "leader", "dug_in": true})
    );
    for (format, text) in last_step_reports(d, &game) {
        assert!(
            text.contains("Crown retreats from Fort Watson to High Hills of Santee, abandoning 3 war, and stays dug in for the rest of the campaign turn; it joins Cornwallis's army there, which is dug in with it and cannot be activated this turn either (10.7, 9.6, RULINGS B16)."),
            "{format}: {text}"
        );
    }
    // `show` marks the army dug in.
    let shown = stdout(&ok(d, &["show", game.to_str().unwrap()]));
    assert!(
        shown.contains("High Hills of Santee   3 units, Cornwallis, dug in"),
        "{shown}"
    );
}

/// 9.5 and 10.8: after a skirmish the skirmishing units go back where they came from, and
/// units a leader picked rejoin his army. The report told the skirmish and its roll but not
/// the return, so the units seemed to stay on the Point they struck.
#[test]
fn skirmishers_are_said_to_go_back_to_their_army() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = table_position(d, "skirmish.yaml", |st| {
        let armies = st["armies"].as_object_mut().unwrap();
        armies.remove("RIC");
        armies.insert(
            "CAM".into(),
            json!({"side": "patriot", "units": 5, "leader": "leader"}),
        );
        st["supplies"]["CAM"] = json!({"food": 1, "war": 2});
        st["supplies"].as_object_mut().unwrap().remove("RIC");
        st["phase"] = json!({"step": "impulse", "side": "patriot", "kind": "full",
            "previous_passed": false});
    });
    play(
        d,
        &game,
        "patriot",
        "full: {skirmish: {from: CAM, to: HHS, units: 2, war: 2}}\n",
    );
    for (format, text) in last_step_reports(d, &game) {
        let roll = text.find("Patriot rolls").expect("the skirmish roll");
        let back = text
            .find("The 2 skirmishing units go back to Camden and rejoin Greene's army there (9.5, 10.8).")
            .unwrap_or_else(|| panic!("{format}: {text}"));
        assert!(roll < back, "{format}: the return follows the roll: {text}");
    }
    let state = adjutant::engine::gamefile::GameFile::parse(&read(&game))
        .unwrap()
        .state;
    assert_eq!(state["armies"]["CAM"]["units"], 5);
    // An army without a leader skirmishes whole and goes back on its own: the set-up's two
    // Patriot units in Charleston.
    let whole = crate::leader_words::southern_lines(
        json!({"full": {"skirmish": {"from": "CHS", "to": "ORB", "units": 2, "war": 1}}}),
        vec![
            json!({"event": "skirmished", "from": "CHS", "to": "ORB", "units": 2, "war": 1}),
            json!({"event": "battle_roll", "side": "patriot", "faces": [4], "hits": 0}),
        ],
    );
    assert_eq!(
        whole[2],
        "Patriot rolls 4: 0 hits (10.8). The 2 skirmishing units go back to Charleston (9.5, 10.8).",
        "{whole:?}"
    );
}

/// 14.0: once the game has ended, `hint` and `play` (and `orders`) say who won and why in the
/// words the report ends the game with; they said only that the game was over. `hint` exits 0
/// as `orders` does (it refused, with 1). The Patriot
/// passed, the Crown passes too with Political Will at 0: the Crown sues for peace at the
/// Victory Check.
#[test]
fn after_the_end_hint_and_play_name_the_winner_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "ended.yaml", |st| {
        st["phase"]["previous_passed"] = true.into();
        st["political_will"] = 0.into();
    });
    play(d, &game, "crown", "full: pass\n");
    let g = game.to_str().unwrap();
    let report = words(&stdout(&ok(d, &["report", g, "--steps", "last"])));
    let ending = "PATRIOT WINS: 14.0 the Crown sues for peace: Political Will at 0";
    assert!(report.contains(&format!("- {ending} ")), "{report}");
    let said = format!("the game is over: {ending}");
    // `hint` and `orders` are questions: they answer and succeed; `play` and `bot` would
    // write orders, and refuse.
    let hint = words(&stderr(&ok(d, &["hint", g])));
    assert!(hint.contains(&said), "{hint}");
    write(d, "more.yaml", "full: pass\n");
    let secrets = "ended.yaml-secrets";
    for side in [None, Some("patriot")] {
        let mut args = vec!["play", g, "more.yaml", "--secrets", secrets];
        args.extend(side.map(|s| ["--side", s]).into_iter().flatten());
        let err = words(&refused(d, &args));
        assert!(err.contains(&format!("play: {said}")), "{args:?}: {err}");
    }
    let err = words(&refused(
        d,
        &["play", g, "--bot", "crown", "--secrets", secrets],
    ));
    assert!(err.contains(&format!("play: {said}")), "{err}");
    let listed = words(&stderr(&ok(d, &["orders", g])));
    assert!(listed.contains(&said), "{listed}");
    let shown = words(&stdout(&ok(d, &["show", g])));
    assert!(shown.contains(ending), "{shown}");
}

/// 10.1, 10.3 (RULINGS B1): the Orders line of a defender's acceptance names where its army
/// retreats if beaten, and, when the attacker commits its War by hand next, that the
/// defender's War is committed after it; it read "accept battle, committing 1 war", a number
/// the game then asked for again. Cornwallis's 3 units from Waxhaws carry 2 war, committed
/// once the 6 Patriot units in Camden, holding 2 war, accept.
#[test]
fn an_accepted_attack_waiting_for_the_attackers_war_says_the_defenders_comes_after() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "waits.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 3, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 2, "war": 2});
        st["armies"]["CAM"] = json!({"side": "patriot", "units": 6});
        st["supplies"]["CAM"] = json!({"food": 1, "war": 2});
    });
    play(
        d,
        &game,
        "crown",
        "full: {attack: {from: WAX, to: CAM, units: 3, carry_food: 1, carry_war: 2}}\n",
    );
    play(
        d,
        &game,
        "patriot",
        "battle: {accept: {commit: 1, retreat: [HHS]}}\n",
    );
    for (format, text) in last_step_reports(d, &game) {
        assert!(
            text.contains("accept battle, its War committed after the attacker's (10.3), retreating if beaten to High Hills of Santee"),
            "{format}: {text}"
        );
        assert!(!text.contains("committing 1 war"), "{format}: {text}");
    }
}

/// 10.3 (RULINGS B1): `orders` for a defender facing an attack whose War is still open says
/// when the War it names counts: only if the attacker's standing policy commits at once;
/// otherwise it commits again once the attacker's War is known. The listing offered "commit
/// war 0-2" as if it always bound, and the game then asked for the number a second time.
/// Where the attack committed its War openly, the number binds and the listing says nothing
/// of it.
#[test]
fn a_defender_facing_open_war_is_told_when_its_commitment_counts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let attack = |name: &str, orders: &str| {
        let game = crown_full_impulse(d, name, |st| {
            st["armies"]["WAX"] = json!({"side": "crown", "units": 3, "leader": "leader"});
            st["supplies"]["WAX"] = json!({"food": 2, "war": 2});
            st["armies"]["CAM"] = json!({"side": "patriot", "units": 6});
            st["supplies"]["CAM"] = json!({"food": 1, "war": 2});
        });
        play(d, &game, "crown", orders);
        words(&stdout(&ok(d, &["orders", game.to_str().unwrap()])))
    };
    let open = attack(
        "open.yaml",
        "full: {attack: {from: WAX, to: CAM, units: 3, carry_food: 1, carry_war: 2}}\n",
    );
    assert!(
        open.contains("accept battle (10.3): commit war 0-2")
            && open.contains("it counts only if the attacker's standing policy commits its War at once; otherwise you commit after the attacker has (RULINGS B1)"),
        "{open}"
    );
    let shown = attack(
        "shown.yaml",
        "full: {attack: {from: WAX, to: CAM, units: 3, carry_food: 1, war: 2}}\n",
    );
    assert!(
        shown.contains("accept battle (10.3): commit war 0-2"),
        "{shown}"
    );
    assert!(!shown.contains("RULINGS B1"), "{shown}");
}

/// 9.4: an attack taking more supplies than its area holds says how much it asked for, as a
/// supply move's refusal does; it gave only what the area held ("too few for what the
/// attackers take").
#[test]
fn an_attack_taking_too_much_says_what_it_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "greedy.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 3, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 2, "war": 2});
        st["armies"]["CAM"] = json!({"side": "patriot", "units": 6});
    });
    write(
        d,
        "greedy-orders.yaml",
        "full: {attack: {from: WAX, to: CAM, units: 3, war: 1, carry_war: 2}}\n",
    );
    let err = refused(d, &["orders", game.to_str().unwrap(), "greedy-orders.yaml"]);
    assert!(
        err.contains("9.4: the attackers take 0 food and 3 war (1 committed and 2 carried), but `Waxhaws` has 1 food and 2 war after paying for the attack"),
        "{err}"
    );
}

/// 9.4: an attack option of a 1-unit army counts it as "1 unit", as the march option of the
/// same army does; both attack options said "1 units". Cornwallis alone with 1 unit in
/// Waxhaws, 1 food and 1 war, beside the Patriots in Camden.
#[test]
fn an_attack_option_of_one_unit_says_unit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "one.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 1, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 1, "war": 1});
        st["armies"]["CAM"] = json!({"side": "patriot", "units": 6});
    });
    let listed = words(&stdout(&ok(d, &["orders", game.to_str().unwrap()])));
    let attacks: Vec<&str> = listed
        .split(" - ")
        .filter(|o| o.contains("attack (9.4) Camden from Waxhaws"))
        .collect();
    assert_eq!(attacks.len(), 2, "{listed}");
    assert!(
        attacks[0].contains("Waxhaws: 1 unit carrying food 0 and war 1")
            && attacks[1].contains("(the defender sees it): 1 unit, war 1,"),
        "{attacks:#?}"
    );
    assert!(!listed.contains("1 units"), "{listed}");
}

/// 5.5 (RULINGS S10): a limited forage followed by a march in the same orders was refused with
/// "the groups take more than `Waxhaws` has left after paying for the march (0 food, 1 war)"
/// for an army the player saw holding 2 war: the foraged food had put the area over its
/// limit, and 1 war was discarded before the march, without a word. Cornwallis's lone unit
/// in Waxhaws holds 0 food and 2 war (its limit, 1 plus its unit); the forage brings 1 food.
#[test]
fn a_march_refused_after_a_forage_says_what_the_limit_discarded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = table_position(d, "forage.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 1, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 0, "war": 2});
        // A South Carolina Loyalist to forage with, from the cup.
        let cup = st["cup"].as_array_mut().unwrap();
        let sc = json!({"colony": "SC", "side": "crown"});
        cup.remove(cup.iter().position(|c| *c == sc).unwrap());
        st["partisans"]["SC"]["loyalists"] = json!(1);
        st["phase"] = json!({"step": "impulse", "side": "crown", "kind": "limited",
            "previous_passed": false});
    });
    write(
        d,
        "march.yaml",
        "limited: {forage: WAX}\nfull: {march: {from: WAX, groups: [{to: CAM, units: 1, leader: true, food: 0, war: 2}]}}\n",
    );
    let err = words(&refused(
        d,
        &["orders", game.to_str().unwrap(), "march.yaml"],
    ));
    assert!(
        err.contains("the groups take more than `Waxhaws` has left after paying for the march (0 food, 1 war); the limited impulse left `Waxhaws` over its limit of 2 supplies, so the limits discarded 1 war there first (5.5)"),
        "{err}"
    );
    // With nothing discarded, nothing is said of it: the same march from 1 food and 1 war.
    let game = table_position(d, "within.yaml", |st| {
        st["armies"]["WAX"] = json!({"side": "crown", "units": 1, "leader": "leader"});
        st["supplies"]["WAX"] = json!({"food": 1, "war": 1});
        st["phase"] = json!({"step": "impulse", "side": "crown", "kind": "limited",
            "previous_passed": false});
    });
    write(
        d,
        "march.yaml",
        "limited: skip\nfull: {march: {from: WAX, groups: [{to: CAM, units: 1, leader: true, food: 0, war: 2}]}}\n",
    );
    let err = words(&refused(
        d,
        &["orders", game.to_str().unwrap(), "march.yaml"],
    ));
    assert!(
        err.contains("after paying for the march (0 food, 1 war) legal options")
            && !err.contains("discarded"),
        "{err}"
    );
}

/// 9.3: the Orders line of a landing read "land the army at sea in Savannah", as if the army
/// landed at sea, where `orders` offered "land the army aboard in Savannah". It now says the
/// army aboard the navy goes ashore, and from which sea zone. Cornwallis and 2 units are
/// aboard the Crown navy in sea zone C.
#[test]
fn a_landing_says_the_army_aboard_goes_ashore() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = crown_full_impulse(d, "landing.yaml", |st| {
        st["armies"].as_object_mut().unwrap().remove("WAX");
        // The spring of 1782: no navy sails in a Winter Turn (2.4).
        st["turn"]["space"] = json!(2);
        st["campaign_turns"] = json!(10);
        st["navies"] = json!({"crown": "C",
            "cargo": {"crown": {"units": 2, "leader": "leader", "food": 0, "war": 0}}});
    });
    let listed = words(&stdout(&ok(d, &["orders", game.to_str().unwrap()])));
    assert!(
        listed.contains("land the army aboard in Charleston (9.3) full: {transport: {land: CHS}}"),
        "{listed}"
    );
    play(d, &game, "crown", "full: {transport: {land: CHS}}\n");
    for (format, text) in last_step_reports(d, &game) {
        assert!(
            text.contains("full impulse: land in Charleston the army aboard the navy in sea zone C (Off South Carolina)"),
            "{format}: {text}"
        );
        assert!(!text.contains("at sea in"), "{format}: {text}");
    }
}
