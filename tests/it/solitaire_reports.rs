//! The two solitaire games as a player posting an after-action report reads them: each test
//! plays a position through the command line, as a forum reader's report is made, and checks
//! a line a play-through found wrong or unclear.

use serde_json::{json, Value};

use crate::support::{fails, game_at, ok, read, root, stdout, write};

/// A Lost Cause game from the demo game's position with `edit` applied; its dice come from
/// the demo secrets, so every test plays the same rolls.
fn tlc_at(d: &std::path::Path, edit: impl FnOnce(&mut Value)) -> String {
    let demo = read(&root().join("games/the-lost-cause/examples/demo-game.yaml"));
    let game = game_at(d, "g.yaml", &demo, edit);
    game.to_str().unwrap().to_string()
}

/// Puts `card` on top of the Draw Pile, taken out of wherever it waits.
fn card_next(st: &mut Value, card: &str) {
    for stack in st["stacks"].as_object_mut().unwrap().values_mut() {
        stack.as_array_mut().unwrap().retain(|c| c != card);
    }
    let pile = st["draw_pile"].as_array_mut().unwrap();
    pile.retain(|c| c != card);
    pile.insert(0, json!(card));
}

/// Plays `orders` on `game` and returns the step's report with its lines joined, as a reader
/// reads it.
fn play(d: &std::path::Path, game: &str, orders: &str) -> String {
    write(d, "o.yaml", orders);
    let o = ok(d, &["play", game, "o.yaml", "--secrets", "g.yaml-secrets"]);
    flat(&stdout(&o))
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 7.3 #1, 10.5: an army can carry several Disruption markers (a Diversionary Campaign's and a
/// card's), and an activation removes one. The report said "The blue army recovers from its
/// disruption" while one marker stayed on it and `show` printed it disrupted; it says how many
/// are left. Card 13's Directed action for the blue army is the activation.
#[test]
fn a_recovery_that_leaves_a_marker_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_at(d, |st| {
        st["armies"]["blue"]["disrupted"] = json!(2);
        card_next(st, "13");
    });
    let text = play(d, &game, "command: {switch: {theater: east}}\n");
    assert!(
        text.contains(
            "The blue army removes one of its Disruption markers instead of moving; 1 is still on it (7.3 #1)."
        ),
        "{text}"
    );
    assert!(!text.contains("recovers from its disruption"), "{text}");
    let show = stdout(&ok(d, &["show", &game]));
    assert!(show.contains("disrupted"), "{show}");
    ok(d, &["verify", &game]);
}

/// A Lost Cause game from the demo game's position with `edit` applied, played with a copy of
/// the game data where every Leader Casualty Table result is `result` (`wounded` or `killed`),
/// so that a casualty check's outcome does not hang on the demo dice. Commands on it take
/// `--data data`.
fn tlc_with_casualties(d: &std::path::Path, result: &str, edit: impl FnOnce(&mut Value)) -> String {
    use crate::support::{copy_game_data, write_position};
    copy_game_data("the-lost-cause", &d.join("data"), |name, text| {
        if name != "tables.yaml" {
            return text;
        }
        let table = format!(
            "leader_casualty: {{1: {result}, 2: {result}, 3: {result}, 4: {result}, 5: {result}, 6: {result}}}"
        );
        let line = text
            .lines()
            .find(|l| l.starts_with("leader_casualty:"))
            .expect("the table is one line");
        text.replace(line, &table)
    });
    let demo = read(&root().join("games/the-lost-cause/examples/demo-game.yaml"));
    let gf = adjutant::engine::gamefile::GameFile::parse(&demo).unwrap();
    let mut state = gf.state.clone();
    edit(&mut state);
    write_position(d, "pos.yaml", "the-lost-cause", &state);
    ok(
        d,
        &[
            "new",
            "--game",
            "the-lost-cause",
            "--id",
            "tlc-leaders",
            "--demo",
            "--secrets",
            "g.yaml-secrets",
            "--data",
            "data",
            "--position",
            "pos.yaml",
            "-o",
            "g.yaml",
        ],
    );
    d.join("g.yaml").to_str().unwrap().to_string()
}

fn play_with_data(d: &std::path::Path, game: &str, orders: &str) -> String {
    write(d, "o.yaml", orders);
    let o = ok(
        d,
        &[
            "play",
            game,
            "o.yaml",
            "--secrets",
            "g.yaml-secrets",
            "--data",
            "data",
        ],
    );
    flat(&stdout(&o))
}

/// 9.1.2, 9.8, 9.9 (RULINGS L10): where a leader goes was left for the reader to guess. A
/// wounded leader went back to the Leader Cup with nothing said, so a card's Leader Attrition
/// drawing him from it a line later ("Lee leaves the war (9.9)") came from nowhere; a card's
/// Leader Shuffle read "Hood takes the West command from Bragg (9.8)", naming neither the
/// shuffle nor the cup Bragg went to. Card 24 shuffles the West's leader; card 29 fights a
/// battle in the East with a casualty check, then draws a leader for Leader Attrition.
#[test]
fn a_leader_who_leaves_a_command_says_where_he_goes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_with_casualties(d, "wounded", |st| {
        card_next(st, "29");
        card_next(st, "24");
    });
    let text = play_with_data(d, &game, "command: {switch: {theater: east}}\n");
    for want in [
        "Leader Shuffle: Beauregard, drawn from the Leader Cup, takes the West command from A.S. Johnston, who goes back to the Leader Cup (9.8).",
        "Casualty check for Beauregard: rolled 3, wounded: Beauregard goes back to the Leader Cup once a new commander is drawn from it (9.1.2, RULINGS L10).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
    let text = play_with_data(d, &game, "raider: stay\n");
    for want in [
        "Casualty check for Lee: rolled ",
        "is drawn from the Leader Cup and leaves the war (9.9).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
    ok(d, &["verify", &game, "--data", "data"]);
}

/// 9.1.2, 9.9 with an empty Leader Cup (RULINGS L10): the wounded East commander (Lee, whom the
/// Command switches there) leaves his box empty and goes into the cup, and Leader Attrition then draws him, the one leader there.
/// The skipped call-up read "Skipped: the Leader Cup is empty (9.1.2)", naming nothing it
/// skipped, and then repeated what the empty command's line says, so it has no line of its own;
/// a killed leader's line did not say he was out of the war.
#[test]
fn an_empty_leader_cup_names_what_it_stops() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_with_casualties(d, "wounded", |st| {
        st["leader_cup"] = json!([]);
        st["leaders_gone"] = json!(["beauregard", "bragg"]);
        card_next(st, "29");
    });
    let text = play_with_data(d, &game, "command: {switch: {theater: east}}\n");
    for want in [
        "The East command stays empty after Lee: no leader is left in the Leader Cup (9.1.2).",
        "Leader Attrition: Lee is drawn from the Leader Cup and leaves the war (9.9).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
    // The empty cup is said once: the skipped call-up's line said it again (found at the table).
    assert!(
        !text.contains("Skipped: calling up a new commander"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_with_casualties(d, "killed", |st| {
        st["leader_cup"] = json!([]);
        st["leaders_gone"] = json!(["beauregard", "bragg"]);
        card_next(st, "29");
    });
    let text = play_with_data(d, &game, "command: {switch: {theater: east}}\n");
    for want in [
        ", killed: Lee leaves the war (9.1.2).",
        "Skipped: the Leader Attrition, as the Leader Cup is empty: no leader is drawn to leave the war (9.9).",
    ] {
        assert!(text.contains(want), "`{want}` not in\n{text}");
    }
}

/// 7.1 with 6.1: card 40 names Grant for the East, whose box Grant holds already. The line
/// read "Grant and Sherman, once in command of their theaters, are never moved, so Grant is
/// not placed", as if Grant were not in command; it says he holds the East command.
#[test]
fn a_card_naming_grant_for_his_own_box_says_he_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_at(d, |st| {
        st["union_commanders"]["east"] = json!("grant");
        card_next(st, "40");
    });
    let text = play(d, &game, "command: {switch: {theater: west}}\n");
    let want = "Skipped: the card's change of command: Grant already holds the East command, and once placed is never moved (6.1, 7.1).";
    assert!(text.contains(want), "`{want}` not in\n{text}");
    assert!(!text.contains("so Grant is not placed"), "{text}");
}

/// A Command action written in the wrong shape was refused in serde's words ("invalid type:
/// unit variant, expected `key: value` lines", "expected unit", "expected map with a single
/// key"), and `command: battle` was told that `battle: {}` would do, which a battle, naming its
/// target, refuses. Each says what the choice takes, as the orders list writes it.
#[test]
fn a_command_in_the_wrong_shape_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let demo = root().join("games/the-lost-cause/examples/demo-game.yaml");
    let demo = demo.to_str().unwrap();
    for (orders, want) in [
        ("command: raid", "10.5: `raid` takes its details under it (`raid: {...}`), not the word alone"),
        ("command: battle", "10.1: `battle` takes its details under it (`battle: {...}`), not the word alone"),
        ("command: {morale_test: true}", "10.0: `morale_test` is a choice written alone, with nothing under it (`command: morale_test`)"),
        ("command: {war_effort: {}}", "10.0: `war_effort` is a choice written alone, with nothing under it (`command: war_effort`)"),
        ("command: {naval: {}}", "10.3: `naval` takes exactly one choice under it (`naval: {choice: ...}` or `naval: choice`), where this gives none or several"),
        ("command: {}", "10.0: `command` takes exactly one choice under it"),
        ("command: [battle]", "10.0: `command` takes one choice (a word, or `key: value` lines), not a list"),
    ] {
        write(d, "bad.yaml", &format!("{orders}\n"));
        let err = fails(d, &["orders", demo, "bad.yaml"]);
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains(want), "{orders}: `{want}` not in\n{first}");
        for serde in ["invalid type", "invalid value", "where every detail"] {
            assert!(!first.contains(serde), "{orders}: {first}");
        }
    }
}

/// 17 duty 1 (RULINGS A11, A26): the French come in with the naval SP 5 behind, so the
/// British turn's report sends their fleets to the West Indies at once; a British attack then
/// stops the turn for its combat, and the quarter's French Intervention Table roll comes with
/// the American turn, in the next step. Its line read "the battle fleets operate off Canada
/// this quarter" while `show` had them in the West Indies; it says they have withdrawn.
#[test]
fn the_french_table_roll_after_a_pause_says_the_fleets_stay_away() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "s-french",
            "--demo",
            "--secrets",
            "g.yaml-secrets",
            "-o",
            "g.yaml",
        ],
    );
    let game = d.join("g.yaml");
    let game = game.to_str().unwrap();
    play(
        d,
        game,
        "turn: {armies: [{army: washington, location: 10, at: philadelphia}], naval: {american: 1, british: 6}, french_intervention: {fleets: 2}, attacks: [{army: washington}]}\n",
    );
    let text = play(d, game, "combat: {sp: 1, bre: 1, town: american}\n");
    assert!(
        text.contains("but the battle fleets have withdrawn to the West Indies (duty 1, earlier this turn); they operate off"),
        "{text}"
    );
    assert!(!text.contains("the battle fleets operate off"), "{text}");
    let show = stdout(&ok(d, &["show", game]));
    assert!(show.contains("in location 15 of West Indies"), "{show}");
}

/// 16.8: two Railroads battles ordered with one marker available were refused with "only 1
/// Railroads markers are available".
#[test]
fn too_many_railroads_battles_count_the_markers_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_at(d, |st| {
        st["resources"]["railroads-1"] = json!("available");
        st["railroads_ask"] = json!("every_action");
        st["question"] = json!({"ask": "railroads", "line": 0});
    });
    write(
        d,
        "bad.yaml",
        "railroads: [{theater: east, army: blue}, {theater: east, army: blue}]\n",
    );
    let err = fails(d, &["orders", &game, "bad.yaml"]);
    assert!(
        err.contains("16.8: 2 battles ordered but only 1 Railroads marker is available"),
        "{err}"
    );
}

/// 8.4 with 8.6.2: the Army of the Gulf, placed at Ship Island by card 13 and activated, takes
/// the Mississippi River track. The line cited only 8.4, which sends the reader on to "the
/// cases below"; it cites the case that decides, 8.6.2 (no Advanced Base at New Orleans and
/// Vicksburg).
#[test]
fn a_branch_cites_the_case_that_decides_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = tlc_at(d, |st| card_next(st, "13"));
    play(d, &game, "command: {switch: {theater: east}}\n");
    // The War Effort drew a Railroads marker; kept, card 13 comes up.
    let text = play(d, &game, "railroads: []\n");
    let want = "The orange army takes the track \"Mississippi River (orange)\" (8.4, 8.6.2).";
    assert!(text.contains(want), "`{want}` not in\n{text}");
}

/// 13 (found at the table): a (B) check of the American Movement and the march it sent read
/// "passed: step 2: the 1st priority (...)" and "the (B) check passed (step 2: the 1st
/// priority)", the number of the rule's list for a word. Each says what kind of town was
/// checked and where rule 13 puts it in its order, read from the check's priority and the
/// board (the play-tester's game holds all four kinds); the records keep their words.
#[test]
fn an_american_movement_check_says_which_town_rule_13_checks_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let game = root().join("tests/data/solo-1776-playtest/game.yaml");
    let text = flat(&stdout(&ok(
        dir.path(),
        &["report", game.to_str().unwrap(), "--steps", "all"],
    )));
    for number in [
        "step 1: a priority",
        "step 2: the",
        "step 3: the",
        "step 4: the",
    ] {
        assert!(!text.contains(number), "`{number}` in {text}");
    }
    // The kind read from the board agrees with the terms the record summed: a fort's term
    // goes with a town with a fort, and only with one.
    for check in text.split("13: (B) check, ").skip(1) {
        let check = &check[..check.find(").").unwrap_or(check.len())];
        assert_eq!(
            check.contains("with a fort, checked first"),
            check.contains(", fort +"),
            "{check}"
        );
    }
    for words in [
        "13: (B) check, Washington's army against New York, a 1st priority town, checked after any priority town with a fort: rolled 5 against 5, passed (base 3, priority 1 +1, BRE 0 +1, the army has its location's requisite SP +1 = 6, capped at 5).",
        "13: Washington's army marches on New York, a 1st priority town: its (B) check passed.",
        "13: (B) check, the Canadian expedition against Montreal, a 2nd priority town, checked after any with a fort and the 1st priority: rolled 4 against 3, failed (base 3, priority 2 +0, BRE 1 +0).",
        "13: (B) check, Washington's army against Perth Amboy, a 3rd priority town, checked last: rolled 4 against 2, failed (base 3, priority 3 -1, BRE 1 +0).",
        "priority town with a fort, checked first:",
    ] {
        assert!(text.contains(words), "`{words}` not in {text}");
    }
}
