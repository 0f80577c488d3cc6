//! Faults a rules tester found by setting up Solo 1776 positions against rules 12-17 (the
//! options `orders` lists after a British attack or a fleet engagement, and report lines a
//! reader could not follow), each shown through the command line.

use std::path::Path;

use serde_json::json;

use crate::support::*;

/// A new self-mode Solo 1776 game in `d`, `game.yaml`, with its secrets in `s`.
fn new_game(d: &Path, id: &str) {
    ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            id,
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "game.yaml",
        ],
    );
}

/// A new self-mode Solo 1776 game in `d`, `game.yaml`, from the set-up with `edit` applied
/// to its state: a position a campaign would take long to reach. It plays with the published
/// demo secrets, so its dice are the same at every run (a French Intervention Table roll of 1
/// named the West Indies one run in six and changed what a test read).
fn new_game_at(d: &Path, id: &str, edit: impl Fn(&mut serde_json::Value)) {
    new_game_at_with(d, id, &[], edit)
}

/// A folder holding the fifteenth edition's data files (before RULINGS A35), for `new --data`:
/// its tables are built in, so the game loads them by their hash. A test written against the
/// dice a game of that edition rolls (the tables' hash keys them) keeps them so.
fn fifteenth_edition(d: &Path) -> std::path::PathBuf {
    let data = d.join("v15");
    std::fs::create_dir_all(&data).unwrap();
    let games = root().join("games/solo-1776");
    write(&data, "scenario.yaml", &read(&games.join("scenario.yaml")));
    write(&data, "tables.yaml", &read(&games.join("v15/tables.yaml")));
    data
}

/// `new_game_at` with more arguments for `new` (`--data DIR`: an earlier edition's tables).
fn new_game_at_with(d: &Path, id: &str, more: &[&str], edit: impl Fn(&mut serde_json::Value)) {
    new_game(d, &format!("{id}-setup"));
    let text = stdout(&ok(d, &["position", "game.yaml"]));
    let mut pos: serde_json::Value = serde_yaml::from_str(&text).unwrap();
    edit(&mut pos["state"]);
    write(d, "position.yaml", &serde_yaml::to_string(&pos).unwrap());
    std::fs::remove_file(d.join("game.yaml")).unwrap();
    let args = [
        "new",
        "--game",
        "solo-1776",
        "--id",
        id,
        "--mode",
        "self",
        "--demo",
        "--position",
        "position.yaml",
        "--secrets",
        "s",
        "-o",
        "game.yaml",
    ];
    ok(d, &[&args[..], more].concat());
}

/// Plays `orders` (the text of an orders file) on `game.yaml` in `d`; returns the report.
fn play(d: &Path, name: &str, orders: &str) -> String {
    write(d, name, orders);
    ok(
        d,
        &[
            "play",
            "game.yaml",
            name,
            "--secrets",
            "s",
            "--report",
            "report.txt",
        ],
    );
    read(&d.join("report.txt"))
}

/// The options `orders` lists, each as its label and its orders.
fn options(d: &Path) -> Vec<(String, String)> {
    let out = stdout(&ok(d, &["orders", "game.yaml"]));
    let lines: Vec<&str> = out.lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let label = w[0].strip_prefix("  - ")?;
            Some((label.to_string(), w[1].trim().to_string()))
        })
        .collect()
}

/// Each of the combat answers `listed` (label, orders) says in its label what its orders do
/// with the town: `british` words for `town: british`, `american` words for `town: american`.
fn each_says_who_holds(listed: &[(String, String)], british: &str, american: &str) {
    assert!(!listed.is_empty(), "no options");
    for (label, orders) in listed {
        if orders.contains("town: british") {
            assert!(label.contains(british), "{label}: {orders}");
        } else {
            assert!(
                orders.contains("town: american") && label.contains(american),
                "{label}: {orders}"
            );
        }
    }
}

/// 14 with A7, finding B-1: after a British attack on Washington at Philadelphia, which the
/// Americans hold, every answer `orders` listed gave the town to the British (`town:
/// british`) without saying so, one said the Americans "take" their own town, and the plain
/// result, the attack beaten off with the town still American, was missing. Each label now
/// says what happens to the town, and its orders match.
#[test]
fn the_answers_to_a_british_attack_at_an_american_town_say_who_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-b1");
    play(
        d,
        "attack.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
    );
    let listed = options(d);
    each_says_who_holds(
        &listed,
        "the British take Philadelphia",
        "the Americans hold Philadelphia",
    );
    assert!(
        listed.contains(&(
            "no American losses, the BRE number stays 1; the Americans hold Philadelphia".into(),
            "combat: {bre: 1, town: american}".into()
        )),
        "{listed:#?}"
    );
}

/// 14, with B-1: for a combat at a town the British hold (here a British attack on an army
/// standing at a town it failed to take, A7) the labels say the British keep it, or that the
/// Americans take it, by name.
#[test]
fn the_answers_for_a_combat_at_a_british_town_name_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-b1-american");
    play(
        d,
        "attack.yaml",
        "turn: {control: {philadelphia: british}, armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
    );
    each_says_who_holds(
        &options(d),
        "the British keep Philadelphia",
        "the Americans take Philadelphia",
    );
}

/// 17, finding B-2: after a British search finds two French battle fleets, `orders` listed
/// only the loss of none or one ("the French lost 1 battle fleets"); the engagement may sink
/// any number up to the fleets in play, so each is listed, in plain words.
#[test]
fn a_fleet_engagement_lists_every_loss_up_to_the_fleets_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-b2", |st| {
        st["french"] = serde_json::json!({"fleets": 2, "landed": 2, "at": "new-england",
            "operating": "new-england", "rolled": {"year": 1776, "quarter": 3}, "duty": "blockade"});
    });
    play(d, "search.yaml", "turn: {search: {fleets: 6}}\n");
    let listed = options(d);
    let expected: Vec<(String, String)> = [
        (
            "the French lost no battle fleets",
            "fleet_engagement: {french_lost: 0}",
        ),
        (
            "the French lost 1 battle fleet",
            "fleet_engagement: {french_lost: 1}",
        ),
        (
            "the French lost 2 battle fleets",
            "fleet_engagement: {french_lost: 2}",
        ),
    ]
    .iter()
    .map(|(l, o)| (l.to_string(), o.to_string()))
    .collect();
    assert_eq!(listed, expected);
    // With one fleet in play, the question and the answers speak of one.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-b2-one", |st| {
        st["french"] = serde_json::json!({"fleets": 1, "landed": 1, "at": "new-england",
            "operating": "new-england", "rolled": {"year": 1776, "quarter": 3}, "duty": "blockade"});
    });
    let report = play(d, "search.yaml", "turn: {search: {fleets: 6}}\n");
    assert!(
        report
            .replace('\n', " ")
            .replace("  ", " ")
            .contains("(1 French battle fleet),"),
        "{report}"
    );
    assert_eq!(options(d), expected[..2].to_vec());
}

/// 12, finding C-1: a scouting roll that would find an army (3-6 on the reconstructed table)
/// in an area with no American army printed "None in location none". It says there is no
/// American army there to find. The demo games' dice are fixed by their ids, so the first of
/// a few ids whose roll is 3-6 shows the line.
#[test]
fn scouting_an_area_with_no_army_says_there_is_none_to_find() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 0..20 {
        let _ = std::fs::remove_dir_all(d.join("s"));
        let _ = std::fs::remove_file(d.join("game.yaml"));
        ok(
            d,
            &[
                "new",
                "--game",
                "solo-1776",
                "--id",
                &format!("s1776-c1-{i}"),
                "--demo",
                "--secrets",
                "s",
                "-o",
                "game.yaml",
            ],
        );
        let report = play(
            d,
            "scout.yaml",
            "turn: {scout: [west-indies], american_turn: false}\n",
        );
        let line = report
            .lines()
            .skip_while(|l| !l.contains("British scouting in West Indies"))
            .take(2)
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(!line.is_empty(), "{report}");
        if line.contains("nothing found") {
            continue;
        }
        assert!(
            line.contains("no American army in West Indies to find (12)."),
            "{line}"
        );
        assert!(!line.contains("None") && !line.contains("none"), "{line}");
        return;
    }
    panic!("no demo game rolled 3-6 for the scouting");
}

/// 14: a combat's result read "BRE 1 -> 0", an abbreviation and an arrow a player had to
/// decode. It says in words what the BRE number did, from what to what, and why: the British
/// player's report of the combat (the `combat` answer) set it; and the answer's own line says
/// what the BRE number is now. The rule number stays.
#[test]
fn a_combat_result_says_what_the_bre_number_did_in_words() {
    for (answer, result, orders) in [
        (
            "combat: {sp: 1, bre: 0, town: american}\n",
            "14: Washington's army lost 1 SP in the combat; the BRE number falls from 1 to 0, as the British player reported the combat; Philadelphia held.",
            "combat result: the Americans lose 1 SP; the BRE number is now 0; the town is American",
        ),
        (
            "combat: {sp: 0, bre: 2, town: british}\n",
            "14: Washington's army lost nothing in the combat; the BRE number rises from 1 to 2, as the British player reported the combat; Philadelphia lost to the British.",
            "combat result: the Americans lose nothing; the BRE number is now 2; the town is British",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        new_game(d, "s1776-bre-words");
        play(
            d,
            "attack.yaml",
            "turn: {armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
        );
        let report = play(d, "answer.yaml", answer);
        let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(result), "`{result}` not in {flat}");
        assert!(flat.contains(orders), "`{orders}` not in {flat}");
        assert!(!flat.contains("->"), "{flat}");
    }
}

/// 14, finding C-2: after a British attack on Washington at Philadelphia, which the
/// Americans held, the result read "Philadelphia taken" when they kept it (and the record
/// said `taken: true`) and "Philadelphia still British" when the British took it. The
/// record did not keep who held the town before the combat, so from the eighth edition it
/// says what the combat did to the town (`town_result`), `taken` only for a town the
/// Americans took from the British, and the line says "held" or "lost to the British".
#[test]
fn a_british_attack_on_an_american_town_reads_held_or_lost() {
    for (answer, words, taken) in [
        (
            "combat: {sp: 1, bre: 1, town: american}\n",
            "14: Washington's army lost 1 SP in the combat; the BRE number stays at 1; Philadelphia held.",
            false,
        ),
        (
            "combat: {sp: 1, bre: 1, town: british}\n",
            "14: Washington's army lost 1 SP in the combat; the BRE number stays at 1; Philadelphia lost to the British.",
            false,
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        new_game(d, "s1776-c2");
        play(
            d,
            "attack.yaml",
            "turn: {armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
        );
        let report = play(d, "answer.yaml", answer);
        let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        assert!(flat.contains(words), "{report}");
        let game = read(&d.join("game.yaml"));
        assert!(game.contains(&format!("taken: {taken}")), "{game}");
    }
    // The seventh and earlier editions keep their record: only `taken`.
    use super::solo_1776::data_of;
    use adjutant::games::solo_1776 as solo;
    assert!(data_of(solo::DATA_FILES).tables.combat_record.town_result);
    assert!(
        !data_of(solo::DATA_FILES_V7)
            .tables
            .combat_record
            .town_result
    );
    // A British town the Americans take still reads "taken".
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-c2-taken");
    play(
        d,
        "attack.yaml",
        "turn: {control: {philadelphia: british}, armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
    );
    let report = play(
        d,
        "answer.yaml",
        "combat: {sp: 1, bre: 1, town: american}\n",
    );
    let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "14: Washington's army lost 1 SP in the combat; the BRE number stays at 1; Philadelphia taken."
        ),
        "{report}"
    );
}

/// Finding C-3: an army an `armies` correction makes is named by the label the player gave
/// it (`greene-force`), which the reports printed as it stands. The report, `show` and the
/// question after a British attack word it ("Greene force"), and orders may name it so.
#[test]
fn an_army_made_by_a_correction_is_named_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-c3");
    let report = play(
        d,
        "greene.yaml",
        "turn: {armies: [{army: greene-force, area: west-indies, location: 15, sp: 6}], scout: [west-indies]}\n",
    );
    let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("greene-force"), "{report}");
    assert!(
        flat.contains("Reported: Greene force is in location 15 of West Indies"),
        "{report}"
    );
    assert!(
        flat.contains("12: Greene force moves down 1 location (15 to 10, West Indies)"),
        "{report}"
    );
    let show = stdout(&ok(d, &["show", "game.yaml"]));
    assert!(!show.contains("greene-force"), "{show}");
    assert!(show.contains("      Greene force: "), "{show}");
    // The name the report prints names the army in orders too.
    let report = play(
        d,
        "attack.yaml",
        "turn: {losses: [{army: Greene force, sp: 1}], armies: [{army: Greene force, location: 15, at: st-eustatius}], attacks: [{army: Greene force}]}\n",
    );
    let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("greene-force"), "{report}");
    assert!(
        flat.contains("fight combat 1 of Greene force (5 SP"),
        "{report}"
    );
    // A reason that names it in brackets (the French carry a supply to it, 17 duty 2) too.
    use adjutant::games::solo_1776::words::id_words;
    use minijinja::Value as J;
    let said = id_words(
        "the first port ... into location 15 (greene-force)".into(),
        J::from_serialize(serde_json::json!({"west-indies": "West Indies"})),
        J::from_serialize(serde_json::json!({})),
        Some(J::from_serialize(
            serde_json::json!({"greene-force": {"name": "greene-force"}}),
        )),
        None,
    );
    assert_eq!(
        said,
        "the first port ... into location 15, joining Greene force"
    );
}

/// 16 (A10), finding C-3: a damaged Continental Navy was "out until quarter 3 of 1777",
/// though it is back at the start of that quarter; the line says "back in quarter 3", as
/// `show` does. The demo games' dice are fixed by their ids: the first whose navy engages one
/// of six transports shows the line.
#[test]
fn a_damaged_navy_says_when_it_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 0..20 {
        let _ = std::fs::remove_dir_all(d.join("s"));
        let _ = std::fs::remove_file(d.join("game.yaml"));
        ok(
            d,
            &[
                "new",
                "--game",
                "solo-1776",
                "--id",
                &format!("s1776-c3-navy-{i}"),
                "--demo",
                "--secrets",
                "s",
                "-o",
                "game.yaml",
            ],
        );
        play(
            d,
            "transports.yaml",
            "turn: {transports: [{id: t1}, {id: t2}, {id: t3}, {id: t4}, {id: t5}, {id: t6}], american_turn: false}\n",
        );
        if !read(&d.join("game.yaml")).contains("decision: engagement") {
            continue;
        }
        let report = play(
            d,
            "damage.yaml",
            "engagement: {damaged: true, quarters: 1}\n",
        );
        let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("is damaged by the engagement with")
                && flat.contains(": back in quarter 1 of 1777."),
            "{report}"
        );
        assert!(!flat.contains("out until"), "{report}");
        let show = stdout(&ok(d, &["show", "game.yaml"]));
        assert!(
            show.contains("damaged, back in quarter 1 of 1777"),
            "{show}"
        );
        return;
    }
    panic!("no demo game's navy engaged a transport");
}

/// 12-17: orders with the wrong key while the bot waits for a British turn cited "1776", the
/// game's name, as their rule; a pause for a combat result cites "14". The turn the orders
/// must give runs rules 12 to 17, so the refusal cites those.
#[test]
fn a_wrong_key_for_a_turn_cites_the_rules_of_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-wrong-key");
    write(d, "o.yaml", "combat: {sp: 1, bre: 1, town: british}\n");
    let err = fails(d, &["orders", "game.yaml", "o.yaml"]);
    assert!(
        err.contains("`o.yaml`: 12-17: the bot waits for `turn`"),
        "{err}"
    );
    assert!(!err.contains("1776: the bot waits"), "{err}");
}

/// 14, 15: a board loss or a replacement of nothing (0 SP, artillery and supply) was taken,
/// and the report read "lost 0 SP in combat" and counted it as a loss on the board. It is
/// refused with its rule, as a loss beyond what the army holds is (RULINGS A29).
#[test]
fn a_loss_or_replacement_of_nothing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-zero-loss");
    for (orders, want) in [
        (
            "turn: {losses: [{army: washington, sp: 0}]}\n",
            "(`turn.losses[0]`): 14: a loss of nothing",
        ),
        (
            "turn: {replacements: [{area: middle-states, sp: 0}]}\n",
            "(`turn.replacements[0]`): 15: replacements of nothing",
        ),
    ] {
        write(d, "o.yaml", orders);
        let err = fails(d, &["play", "game.yaml", "o.yaml", "--secrets", "s"]);
        assert!(err.contains(want), "{orders}: {err}");
    }
    // Artillery or supply alone is a loss all the same, of an army on the board (A31).
    play(
        d,
        "o.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], losses: [{army: washington, artillery: 1}], american_turn: false}\n",
    );
}

/// 14 with 12 (RULINGS A7, A28, A31): a board loss was taken for Washington's army standing
/// off the board (location 10 of the Middle States at the set-up), where an attack on it is
/// refused: the report read "lost 12 SP ... in combat on the board" and the army played on at
/// 0 SP. A loss falls only on an army on the board, at a town, and the refusal says where the
/// army is. On the board at Philadelphia the same loss is taken, and the army left with 0 SP
/// stays the area's army (12): at its turn it evades to the OB and moves down (condition 3).
#[test]
fn a_loss_of_an_army_off_the_board_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-off-board-loss");
    let loss = "losses: [{army: washington, sp: 12, artillery: 2, supply: 2}]";
    write(d, "o.yaml", &format!("turn: {{{loss}}}\n"));
    let err = refused(d, &["play", "game.yaml", "o.yaml", "--secrets", "s"]);
    assert!(
        err.contains("(`turn.losses[0].army`): 14: Washington's army is off the board, in location 10 of Middle States"),
        "{err}"
    );
    assert!(err.contains("RULINGS A7, A28, A31"), "{err}");
    let report = play(
        d,
        "o.yaml",
        &format!("turn: {{armies: [{{army: washington, at: philadelphia}}], {loss}, american_turn: false}}\n"),
    );
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        report.contains(
            "Washington's army lost 12 SP, 2 artillery, 2 supply in combat on the board (14)"
        ),
        "{report}"
    );
    let report = play(d, "o.yaml", "turn: {}\n");
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "13: Washington's army evades to the OB from Philadelphia",
        "12: Washington's army moves down 1 location (10 to 5, Middle States), condition 3: SP 0 below the requisite",
    ] {
        assert!(report.contains(want), "{want}: {report}");
    }
}

/// 13: a town's holder the orders cannot read named no rule ("unknown variant `french`,
/// expected `british` or `american`"), where other refusals of town control cite 13.
#[test]
fn an_unreadable_fact_cites_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-bad-control");
    write(d, "o.yaml", "turn: {control: {quebec: french}}\n");
    let err = fails(d, &["orders", "game.yaml", "o.yaml"]);
    assert!(
        err.contains("(`turn.control.quebec`): 13: unknown variant `french`"),
        "{err}"
    );
}

/// 14, 15, 17: a negative number where a count goes was refused citing "1776", the game's
/// name, where other refusals of the same keys cite the rule of the key: 14 for the losses of
/// a combat or on the board, 15 for replacements, 17 for the supply the French fleets keep
/// up and the naval SP their duties are decided by.
#[test]
fn a_negative_count_cites_the_rule_of_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-negative");
    let refusals = |cases: &[(&str, &str)]| {
        for (orders, want) in cases {
            write(d, "o.yaml", orders);
            let err = refused(d, &["orders", "game.yaml", "o.yaml"]);
            assert!(err.contains(want), "{orders}: {err}");
            assert!(!err.contains("1776:"), "{orders}: {err}");
        }
    };
    refusals(&[
        (
            "turn: {losses: [{army: washington, sp: -1}]}\n",
            "(`turn.losses[0].sp`): 14: losses cannot be negative (`-1`)",
        ),
        (
            "turn: {replacements: [{area: canada, sp: -2}]}\n",
            "(`turn.replacements[0].sp`): 15: replacements cannot be negative (`-2`)",
        ),
        (
            "turn: {supply: {canada: -1}}\n",
            "(`turn.supply.canada`): 17: supply cannot be negative (`-1`)",
        ),
        (
            "turn: {naval: {american: -1, british: 2}}\n",
            "(`turn.naval.american`): 17: naval SP cannot be negative (`-1`)",
        ),
    ]);
    play(
        d,
        "attack.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
    );
    refusals(&[
        (
            "combat: {sp: -1, bre: 1, town: american}\n",
            "(`combat.sp`): 14: losses cannot be negative (`-1`)",
        ),
        (
            "combat: {sp: 1, artillery: -1, bre: 1, town: american}\n",
            "(`combat.artillery`): 14: losses cannot be negative (`-1`)",
        ),
    ]);
}

/// Every event `kind` in the game file `game.yaml` in `d`, in the order of the file.
fn events_of(d: &Path, kind: &str) -> Vec<serde_json::Value> {
    fn walk(v: &serde_json::Value, kind: &str, out: &mut Vec<serde_json::Value>) {
        match v {
            serde_json::Value::Object(m) => {
                if m.get("event").and_then(|e| e.as_str()) == Some(kind) {
                    out.push(v.clone());
                }
                m.values().for_each(|x| walk(x, kind, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, kind, out)),
            _ => {}
        }
    }
    let file: serde_json::Value = serde_yaml::from_str(&read(&d.join("game.yaml"))).unwrap();
    let mut out = Vec::new();
    walk(&file["log"], kind, &mut out);
    out
}

/// 17 with 12 (RULINGS A6, A30): a French land element coming ashore in an area with no
/// American army becomes the area's army, but the report said it came ashore "joining the
/// American army of West Indies", an army that did not exist. From the twelfth edition the
/// record says the land element formed the army (`formed`), and the report says so; a land
/// element landing where one stands, the army another fleet's formed included, joins it. With
/// no American army anywhere, six fleets land in turn.
#[test]
fn a_land_element_in_an_area_with_no_army_becomes_its_army() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-formed", |st| {
        st["armies"] = serde_json::json!({});
    });
    let report = play(
        d,
        "french.yaml",
        "turn: {french_intervention: {fleets: 6}}\n",
    );
    let report = report.split_whitespace().collect::<Vec<_>>().join(" ");
    let landings = events_of(d, "french_landing");
    assert_eq!(landings.len(), 6, "{landings:#?}");
    let mut armies = std::collections::BTreeSet::new();
    for l in &landings {
        let fleet = l["fleet"].as_u64().unwrap();
        let first = armies.insert(l["area"].as_str().unwrap().to_string());
        assert_eq!(l["formed"].as_bool().unwrap_or(false), first, "{l}");
        let at = report
            .find(&format!("17: French fleet {fleet}'s land element"))
            .unwrap_or_else(|| panic!("fleet {fleet}: {report}"));
        // The line runs to the next one's dash.
        let line = &report[at..at + report[at..].find(" - ").unwrap_or(report.len() - at)];
        if first {
            assert!(
                line.contains(", becoming the American army of")
                    && line.contains("(the area had none"),
                "{line}"
            );
        } else {
            assert!(line.contains(", joining the American army of"), "{line}");
        }
    }
}

/// A solitaire player who tries orders on a copy of the game file has played that step's
/// dice: the other copy refuses other orders for it, in a solitaire's words (the refusal spoke
/// of mailing packets to a receiver, which a solitaire game has none of).
#[test]
fn orders_tried_on_a_copy_are_played_and_said_so_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s-copy");
    std::fs::copy(d.join("game.yaml"), d.join("try.yaml")).unwrap();
    write(d, "a.yaml", "turn: {}\n");
    write(d, "b.yaml", "turn: {bre: 1}\n");
    ok(d, &["play", "try.yaml", "a.yaml", "--secrets", "s"]);
    let err = fails(d, &["play", "game.yaml", "b.yaml", "--secrets", "s"]);
    assert!(
        err.contains(
            "you played other orders for this step already, in another copy of this game file"
        ),
        "{err}"
    );
    assert!(!err.contains("Mail") && !err.contains("receiver"), "{err}");
    // A game begun again from its position under the same id and secret is another game:
    // told so, not sent looking for a copy that does not exist.
    ok(d, &["position", "try.yaml", "-o", "pos.yaml"]);
    ok(
        d,
        &[
            "new",
            "--position",
            "pos.yaml",
            "--id",
            "s-copy",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "g2.yaml",
        ],
    );
    let err = fails(d, &["play", "g2.yaml", "b.yaml", "--secrets", "s"]);
    assert!(!err.contains("another copy of this game file"), "{err}");
}

/// 16, a tester's finding: a navy damaged in one engagement was worded at every later
/// transport as "the Continental Navy is damaged, back in quarter 3 of 1781", with no die, as
/// if the transport had damaged it again. The line now says the damage stands from an earlier
/// engagement and that the navy cannot engage, while the engagement that damages it keeps its
/// own line (`a_damaged_navy_says_when_it_is_back`).
#[test]
fn a_navy_damaged_before_is_said_to_be_still_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-still-damaged", |st| {
        st["navy"] = serde_json::json!({"damaged": true, "back": {"year": 1781, "quarter": 3}});
    });
    let report = play(
        d,
        "o.yaml",
        "turn: {transports: [{id: transport}], american_turn: false}\n",
    );
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "16: Transport passes: the Continental Navy is still damaged from an earlier fleet engagement and cannot engage; it is back in quarter 3 of 1781."
        ),
        "{report}"
    );
    assert!(!flat.contains("is damaged, back in"), "{report}");
}

/// 13 with 15 and RULINGS A17, a tester's finding: at the set-up `orders` offered the British
/// taking Richmond but not Hillsborough, listed in the same location, though the rules take
/// the fact for any town (`control: {hillsborough: british}`) and a town with no priority still
/// counts for replacements (15) and for its fort (A17). Every town the Americans hold where an
/// army stands is offered now, each with the orders that take it.
#[test]
fn orders_offer_taking_every_town_where_an_army_stands() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-every-town");
    let listed = options(d);
    for (name, id) in [("Richmond", "richmond"), ("Hillsborough", "hillsborough")] {
        let label = format!("the British take {name} from the Americans");
        let (_, orders) = listed
            .iter()
            .find(|(l, _)| l.contains(&label))
            .unwrap_or_else(|| panic!("`{label}` not offered: {listed:?}"));
        assert!(
            orders.contains(&format!("{id}: british")),
            "{label}: {orders}"
        );
    }
}

/// 12 condition 2, 14, 15, 17 duty 1, found at the table: `orders` offered no example of three
/// facts a British turn reports and the bot's rules turn on: the naval SP deployed (what sends
/// the French fleets to the West Indies, 17 duty 1), control of an area (condition 2's
/// "British control area", 12), and a loss of a fort's garrison (15 keeps it at 5 SP). Nor
/// did a combat's answers offer the BRE number rising, a result the board gives as often as
/// its fall (14 re-rolls only after a fall, so the two read differently). Each is offered now,
/// with orders that say it.
#[test]
fn orders_offer_the_naval_sp_area_control_a_garrison_loss_and_a_rising_bre() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-more-options");
    let listed = options(d);
    let offered = |label: &str, key: &str| {
        let (_, orders) = listed
            .iter()
            .find(|(l, _)| l.contains(label))
            .unwrap_or_else(|| panic!("`{label}` not offered: {listed:#?}"));
        assert!(orders.contains(key), "{label}: {orders}");
    };
    offered(
        "the naval SP deployed are 1 American, 6 British (17)",
        "naval: {american: 1, british: 6}",
    );
    offered(
        "the British control Middle States (12)",
        "areas: {middle-states: british}",
    );
    offered(
        "the Americans control Canada (12)",
        "areas: {canada: american}",
    );
    offered(
        "the garrison of the fort at Fort Ticonderoga lost 1 SP in a combat on the board (14)",
        "losses: [{fort: canada-5, sp: 1",
    );
    // Each offered fact is one the game takes, and the report cites the rule the option did
    // (the option cited 15, the report 14, the rule of combat on the board, as its refusals do).
    let report = play(
        d,
        "facts.yaml",
        "turn: {naval: {american: 1, british: 6}, areas: {middle-states: british}, losses: [{fort: canada-5, sp: 1}]}\n",
    );
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        // The fort by its place and the town it stands at, as the option named it.
        flat.contains("the garrison of the fort in location 5 of Canada at Fort Ticonderoga lost 1 SP in combat on the board (14)"),
        "{flat}"
    );

    // A combat: the answers include the BRE number rising.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-rising-bre");
    play(
        d,
        "attack.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], attacks: [{army: washington}]}\n",
    );
    let listed = options(d);
    assert!(
        listed
            .iter()
            .any(|(l, o)| l.contains("the BRE number rises to 2") && o.contains("bre: 2")),
        "{listed:#?}"
    );
    // An army's loss on the board cites its rule too, as the report's line for it does.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-army-loss");
    play(
        d,
        "on-board.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], american_turn: false}\n",
    );
    let listed = options(d);
    assert!(
        listed.iter().any(|(l, o)| l
            == "Washington's army lost 1 SP in a combat on the board (14), and the American turn"
            && o.contains("losses: [{army: washington, sp: 1")),
        "{listed:#?}"
    );
}

/// 15 with RULINGS A27: `orders` never offered `forts_lost`, and a fort whose location has no
/// army (Fort Ticonderoga once the Canadian expedition has gone down to location 0) could not
/// be taken from any listed option at all, so random play never lost a fort to the British.
/// The fort stands with its town, so its capture is offered with the town taken, the one
/// report the rules accept; `forts_lost` alone is refused with words that say to report the
/// town taken in the same report.
#[test]
fn orders_offer_capturing_a_fort_with_its_town() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-fort-taken", |st| {
        st["armies"]["canadian"]["location"] = 0.into();
    });
    let listed = options(d);
    let (label, orders) = listed
        .iter()
        .find(|(_, o)| o.contains("forts_lost"))
        .unwrap_or_else(|| panic!("no `forts_lost` offered: {listed:#?}"));
    assert!(
        label.contains("the British capture the fort at Fort Ticonderoga, taking the town (15)"),
        "{label}"
    );
    assert!(
        orders.contains("control: {fort-ticonderoga: british}")
            && orders.contains("forts_lost: [canada-5]"),
        "{label}: {orders}"
    );
    let refused = refused(
        d,
        &[
            "orders",
            "game.yaml",
            write(d, "alone.yaml", "turn: {forts_lost: [canada-5]}\n")
                .to_str()
                .unwrap(),
        ],
    );
    assert!(
        refused.contains(
            "report in the same file that the British take the town (`control: {fort-ticonderoga: british}`)"
        ),
        "{refused}"
    );
    let report = play(d, "capture.yaml", &format!("{orders}\n"));
    assert!(
        report.contains("Fort Ticonderoga") && report.contains("captured"),
        "{report}"
    );
}

/// The report's line for `event` (`17: French Intervention Table`), its wrapped lines joined.
fn report_line(report: &str, start: &str) -> String {
    let flat = report.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let from = flat
        .find(start)
        .unwrap_or_else(|| panic!("no `{start}` in\n{report}"));
    let rest = &flat[from..];
    rest[..rest.find(" - ").unwrap_or(rest.len())].to_string()
}

/// 17 duty 1 with the table roll (RULINGS A11, A26): when the fleets withdrew to the West
/// Indies, the quarter's French Intervention Table line still said "the battle fleets operate
/// off Middle States this quarter", after the withdrawal (reported with the naval SP in the
/// British turn) or just before it (the American turn's duty 1): two lines that could not both
/// be true. The roll names where the fleets go if the naval SP let them back within the
/// quarter, and the line now says so with the withdrawal; `show` likewise.
#[test]
fn the_french_roll_after_or_before_a_withdrawal_says_the_fleets_are_away() {
    // Outnumbered when the British turn reports the naval SP (withdrawn before the roll), and
    // withdrawn in an earlier quarter and still outnumbered (told again after the roll).
    for (naval, at, turn, order) in [
        (
            (3, 3),
            json!({"at": "middle-states"}),
            "turn: {naval: {american: 1, british: 5}}\n",
            "have withdrawn to the West Indies (duty 1, above)",
        ),
        (
            (1, 5),
            json!({"at": "west-indies", "duty": "west_indies"}),
            "turn: {}\n",
            "stay in the West Indies instead (duty 1, next line)",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        // The dice this test reads are those of the fifteenth edition's tables (they key the
        // dice), which it keeps.
        let data = fifteenth_edition(d);
        new_game_at_with(
            d,
            "s1776-french-away",
            &["--data", data.to_str().unwrap()],
            |st| {
                let mut french = json!({"fleets": 2, "landed": 2, "operating": "middle-states",
                "rolled": {"quarter": 2, "year": 1776}});
                for (k, v) in at.as_object().unwrap() {
                    french[k] = v.clone();
                }
                st["french"] = french;
                st["naval"] = json!({"american": naval.0, "british": naval.1});
            },
        );
        let report = play(d, "turn.yaml", turn);
        let line = report_line(&report, "17: French Intervention Table");
        assert!(!line.contains("the battle fleets operate off"), "{line}");
        assert!(
            line.contains("for this quarter, but the battle fleets") && line.contains(order),
            "{line}"
        );
        assert!(
            line.contains("if the naval SP let them back within the quarter"),
            "{line}"
        );
        let show = stdout(&ok(d, &["show", "game.yaml"]));
        let french = show
            .lines()
            .find(|l| l.starts_with("French battle fleets:"))
            .unwrap();
        assert!(
            french.contains("in location 15 of West Indies") && !french.contains("operating off"),
            "{french}"
        );
    }
}

/// 12 with 13 (RULINGS A7): an army on the board with no British-held priority town to check
/// that makes no OB move keeps its town. The report said only "stays in location 0 of Canada,
/// entrenched" while `show` had it "on the board at Crown Point": a reader took the two for a
/// contradiction. The line now names the town it keeps.
#[test]
fn an_army_that_stays_on_the_board_is_said_to_keep_its_town() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-keeps-town", |st| {
        st["armies"]["canadian"]["location"] = 0.into();
        st["armies"]["canadian"]["at"] = "crown-point".into();
        // Too weak to go up (condition 1): it stays.
        st["armies"]["canadian"]["sp"] = 1.into();
    });
    let report = play(d, "turn.yaml", "turn: {}\n");
    let line = report_line(&report, "12: the Canadian expedition stays");
    assert!(
        line.contains(
            "stays in location 0 of Canada, on the board at Crown Point (RULINGS A7), entrenched"
        ),
        "{line}"
    );
    let show = stdout(&ok(d, &["show", "game.yaml"]));
    assert!(show.contains("on the board at Crown Point"), "{show}");
}

/// 12 (RULINGS A2): condition 2 asks for no SP, so an army short of the requisite of the
/// location above goes up by it all the same, and condition 3 brings it down again at its next
/// OB move: an army of 0 SP in a British-held area at a low BRE number swings between
/// locations 5 and 10 every month of a whole game. The text orders both moves; the report read
/// the swing without a word of why, so the Up line now says it.
#[test]
fn an_army_short_of_the_requisite_says_condition_2_asks_for_no_sp() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The dice this test reads are those of the fifteenth edition's tables (they key the
    // dice), which it keeps.
    let data = fifteenth_edition(d);
    new_game_at_with(
        d,
        "s1776-weak-up",
        &["--data", data.to_str().unwrap()],
        |st| {
            st["bre"] = 0.into();
            st["areas"]["new-england"]["british_control"] = true.into();
            st["areas"]["new-england"]["locations"]["10"]["towns"][0]["british"] = true.into();
            st["armies"]["northern"]["location"] = 5.into();
            st["armies"]["northern"]["sp"] = 0.into();
            // No British town for Washington to march on: no combat pauses the second turn.
            st["areas"]["middle-states"]["locations"]["15"]["towns"][0]["british"] = false.into();
        },
    );
    let report = play(d, "turn.yaml", "turn: {}\n");
    let up = report_line(&report, "12: the Northern army moves up");
    assert!(up.contains("condition 2:"), "{up}");
    assert!(
        up.contains(
            "condition 2 asks for no SP: short of the requisite of location 10, the army goes down \
             again by condition 3 at its next OB move unless it has the requisite by then \
             (RULINGS A2)"
        ),
        "{up}"
    );
    let report = play(d, "turn2.yaml", "turn: {}\n");
    let down = report_line(&report, "12: the Northern army moves down");
    assert!(
        down.contains("condition 3: SP 0 below the requisite 6 of location 10"),
        "{down}"
    );
}

/// 15 (RULINGS A13, A27): a fort the British capture is lost with its garrison. The refusal of
/// a fort lost without its town, the `orders` option and the key's rule all cite 15, the rule
/// that keeps "a garrison of 5 SP ... in each American fort on the GB", while the report's line
/// for the same capture cited 12. Both now cite 15.
#[test]
fn a_fort_captured_and_a_fort_capture_refused_cite_the_same_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-fort-rule");
    write(d, "o.yaml", "turn: {forts_lost: [canada-5]}\n");
    let err = refused(d, &["play", "game.yaml", "o.yaml", "--secrets", "s"]);
    assert!(err.contains("(`turn.forts_lost[0]`): 15: "), "{err}");
    let report = play(
        d,
        "o.yaml",
        "turn: {control: {fort-ticonderoga: british}, forts_lost: [canada-5]}\n",
    );
    let line = report_line(&report, "the American fort in location 5 of Canada");
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!("- 15: {line}")),
        "the fort's loss cites 15: {flat}"
    );
}

/// 14 (RULINGS A31): an army on the board at 0 SP stays its area's army and may be attacked.
/// Every answer `orders` listed for the combat but one took 1 SP from it, which it does not
/// have, so only "no American losses, the BRE number stays" was left: the BRE number rising or
/// falling, the British taking the town and a loss of artillery were missing, though the bot
/// takes each. They are listed with no SP lost.
#[test]
fn a_combat_of_an_army_of_0_sp_lists_every_kind_of_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-0-sp-combat");
    play(
        d,
        "attack.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], losses: [{army: washington, sp: 12}], attacks: [{army: washington}]}\n",
    );
    let listed = options(d);
    for want in [
        (
            "no American losses, the BRE number stays 1; the Americans hold Philadelphia",
            "combat: {bre: 1, town: american}",
        ),
        (
            "no American losses, the BRE number falls to 0; the Americans hold Philadelphia",
            "combat: {bre: 0, town: american}",
        ),
        (
            "no American losses, the BRE number rises to 2; the Americans hold Philadelphia",
            "combat: {bre: 2, town: american}",
        ),
        (
            "no American losses, the BRE number stays 1; the British take Philadelphia",
            "combat: {bre: 1, town: british}",
        ),
        (
            "the Americans lose 1 artillery, the BRE number stays 1; the Americans hold Philadelphia",
            "combat: {artillery: 1, bre: 1, town: american}",
        ),
    ] {
        assert!(
            listed.contains(&(want.0.into(), want.1.into())),
            "{want:?} not in {listed:#?}"
        );
    }
    // At a town the British hold, an army with no SP takes nothing: no answer has the
    // Americans take it (a whole game's answers had "lost nothing; ... Crown Point taken").
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-0-sp-british-town", |st| {
        st["armies"]["canadian"]["location"] = 0.into();
        st["armies"]["canadian"]["at"] = "crown-point".into();
        st["armies"]["canadian"]["sp"] = 0.into();
        st["armies"]["canadian"]["dragoons"] = 0.into();
        st["areas"]["canada"]["locations"]["0"]["towns"][0]["british"] = true.into();
    });
    play(d, "attack.yaml", "turn: {attacks: [{army: canadian}]}\n");
    let listed = options(d);
    assert!(
        listed
            .iter()
            .any(|(l, _)| l.contains("the BRE number rises")),
        "{listed:#?}"
    );
    assert!(
        !listed
            .iter()
            .any(|(l, o)| l.contains("the Americans take") || o.contains("american")),
        "{listed:#?}"
    );
}

/// Every fact `orders` offers a British turn cites its rule, as the report's line for the same
/// fact does ("Reported: the BRE number is 2 (12)", "Reported: Trenton is British controlled
/// (13)"); the BRE number's changes and a town taken cited none.
#[test]
fn every_fact_orders_offer_cites_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game(d, "s1776-option-rules");
    play(
        d,
        "on-board.yaml",
        "turn: {armies: [{army: washington, at: philadelphia}], american_turn: false}\n",
    );
    let listed = options(d);
    let cites = ends_with_rule();
    for (label, _) in &listed {
        if label == "the American turn, no board facts changed"
            || label == "only record the facts given (no American turn)"
        {
            continue;
        }
        let fact = label.trim_end_matches(", and the American turn");
        assert!(cites(fact), "`{label}` cites no rule");
    }
    assert!(listed.iter().any(|(l, o)| l
        == "the British take Trenton from the Americans (13), and the American turn"
        && o.contains("control: {trenton: british}")));
    assert!(listed.iter().any(|(l, o)| l
        == "the BRE number rises to 2 (12), and the American turn"
        && o.contains("bre: 2")));
}

/// Whether a label ends with a rule in brackets: `(12)`, `(15)`.
fn ends_with_rule() -> impl Fn(&str) -> bool {
    |s: &str| {
        s.strip_suffix(')')
            .and_then(|s| s.rsplit_once('('))
            .is_some_and(|(_, n)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    }
}

/// 15 (RULINGS A8, A17): the army tops a fort's garrison up, keeping one SP of its own. When it
/// could spare only part, the line read "its garrison is now 2 SP, 1 artillery, 1 supply: a
/// fort keeps a garrison of 5 SP", as if 2 were the 5 the rule asks. It now says how far short
/// the garrison stays, and why.
#[test]
fn a_garrison_topped_up_in_part_says_it_is_still_short() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-garrison-short", |st| {
        st["armies"]["canadian"]["sp"] = 2.into();
        st["forts"]["canada-5"]["garrison"]["sp"] = 1.into();
    });
    let report = play(d, "turn.yaml", "turn: {}\n");
    let line = report_line(&report, "15: the Canadian expedition sends");
    assert_eq!(
        line,
        "15: the Canadian expedition sends 1 SP to the fort in location 5 of Canada; its garrison \
         is now 2 SP, 1 artillery, 1 supply: a fort keeps a garrison of 5 SP with an artillery and \
         a supply unit; it is still 3 SP short, as the army keeps one SP of its own."
    );
}

/// 12 with 13 and 14 (RULINGS A7, A31): an army the British attacked at its town fights there
/// and stays on the board (at 0 SP, with its town still American and no British-held priority
/// within a move, it has nothing to check and no OB move from location 0; with one, A31 sends
/// it off the board). Its `stayed` line after the combat read "stays in
/// location 0 of Canada, entrenched", where the same line in a month with no combat, and `show`,
/// have it "on the board at Crown Point": the combat's own lines named the army, and any line
/// naming it kept the town out. A combat does not take an army off the board, so they no longer
/// do.
#[test]
fn an_army_attacked_at_its_town_that_stays_keeps_its_town() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-attacked-keeps-town", |st| {
        st["armies"]["canadian"]["location"] = 0.into();
        st["armies"]["canadian"]["at"] = "crown-point".into();
        // At 0 SP, with its town kept, it has nothing to check (13) and stays.
        st["armies"]["canadian"]["sp"] = 0.into();
        st["armies"]["canadian"]["dragoons"] = 0.into();
    });
    play(d, "attack.yaml", "turn: {attacks: [{army: canadian}]}\n");
    let report = play(d, "combat.yaml", "combat: {bre: 1}\n");
    let line = report_line(&report, "12: the Canadian expedition stays");
    assert!(
        line.contains("stays in location 0 of Canada, on the board at Crown Point (RULINGS A7)"),
        "{line}"
    );
    let show = stdout(&ok(d, &["show", "game.yaml"]));
    assert!(show.contains("on the board at Crown Point"), "{show}");
}

/// 14 with RULINGS A13 and A31: in the first fifteen editions a loss can fall on a detachment
/// (`losses: [{detachment: ..}]`), and the report takes it, but `orders` listed losses only of
/// an army or a fort's garrison, so random play never took strength from a detachment. Each
/// detachment is offered a loss of what it holds (1 SP, or with no SP an artillery or supply
/// unit), worded as the other losses. A game begun with the fifteenth edition's tables keeps
/// them (`--data` with those tables, which are built in, so the game loads them by its hash).
#[test]
fn orders_offer_a_loss_of_each_detachment_in_the_fifteenth_edition() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = fifteenth_edition(d);
    new_game_at_with(
        d,
        "s1776-detachment-loss",
        &["--data", data.to_str().unwrap()],
        |st| {
            st["detachments"] = json!({
                "replacements-middle-states": {"area": "middle-states", "location": 5, "sp": 2},
                "french-supply-new-england": {"area": "new-england", "location": 15, "sp": 0, "supply": 1},
            });
        },
    );
    let listed = options(d);
    let offered = |label: &str, key: &str| -> String {
        let (_, orders) = listed
            .iter()
            .find(|(l, _)| l.contains(label))
            .unwrap_or_else(|| panic!("`{label}` not offered: {listed:#?}"));
        assert!(orders.contains(key), "{label}: {orders}");
        orders.clone()
    };
    let sp = offered(
        "the detachment in location 5 of Middle States (replacements) lost 1 SP in a combat on the board (14), and the American turn",
        "losses: [{detachment: replacements-middle-states, sp: 1",
    );
    offered(
        "the detachment in location 15 of New England (supply the French carried) lost 1 supply in a combat on the board (14), and the American turn",
        "losses: [{detachment: french-supply-new-england, sp: 0, artillery: 0, supply: 1",
    );
    // The listed orders are taken, and the report's line names the detachment in words: the
    // box of the Off-Board chart it stood in and what made it. The record holds its id,
    // `<source>-<area>`, which says no location, and the line said only the area, so a player
    // could not tell where it was.
    let report = play(d, "loss.yaml", &format!("{sp}\n"));
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "Reported: the detachment in location 5 of Middle States (replacements), on the Off-Board chart, lost 1 SP in combat on the board (14)."
        ),
        "{flat}"
    );
}

/// 14 with 12 and RULINGS A35: from the sixteenth edition a detachment, which stands on the
/// Off-Board chart, takes no board loss: `orders` offers none, and one reported is refused,
/// saying where the detachment stands, and the game file is left as it was.
#[test]
fn a_loss_of_a_detachment_is_refused_from_the_sixteenth_edition() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-detachment-loss-refused", |st| {
        st["detachments"] = json!({
            "replacements-middle-states": {"area": "middle-states", "location": 5, "sp": 2},
        });
    });
    let listed = options(d);
    assert!(
        !listed.iter().any(|(_, o)| o.contains("detachment:")),
        "{listed:#?}"
    );
    write(
        d,
        "loss.yaml",
        "turn: {losses: [{detachment: replacements-middle-states, sp: 1}]}\n",
    );
    let err = refused(d, &["play", "game.yaml", "loss.yaml", "--secrets", "s"]);
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the detachment `replacements-middle-states` (replacements) stands in location 5 of Middle States on the Off-Board chart")
            && flat.contains("RULINGS A31, A35"),
        "{err}"
    );
}

/// 13 with 14 and RULINGS A7, A9, A21: an army that marched on a British-held town and failed
/// to take it stands on the board at that town, where the British defenders may attack it and
/// fight on as they choose; the town's control after such a combat is reported as a fact
/// (`control: {philadelphia: american}`), which the report takes. `orders` offered towns only
/// going to the British, so random play never gave one back. A British-held town where an
/// American army stands is offered to the Americans now; one where none stands (New York at
/// the set-up) is not, since no American force on the board is there to take it (A34).
#[test]
fn orders_offer_the_americans_taking_a_town_where_an_army_stands() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-town-retaken", |st| {
        st["armies"]["washington"]["at"] = "philadelphia".into();
        st["areas"]["middle-states"]["locations"]["10"]["towns"][0]["british"] = true.into();
    });
    let listed = options(d);
    let label = "the Americans take Philadelphia from the British (13), and the American turn";
    let (_, orders) = listed
        .iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("`{label}` not offered: {listed:#?}"));
    assert!(
        orders.contains("control: {philadelphia: american}"),
        "{label}: {orders}"
    );
    assert!(
        !listed
            .iter()
            .any(|(l, o)| l.contains("take New York") || o.contains("new-york: american")),
        "{listed:#?}"
    );
    let report = play(d, "retake.yaml", &format!("{orders}\n"));
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Philadelphia is not British controlled (13)"),
        "{flat}"
    );
}

/// 17, 12 with RULINGS A13: the two French land elements of an intervention that come ashore
/// in one area are two detachments, which march together; `orders` offered the loss of each
/// with the same words ("the detachment in location 10 of Canada lost 1 SP ..."), so a reader
/// of the list could not tell which was which without reading the ids in the orders. The report's
/// lines for their march read the same: "12: a detachment in Canada moves from location 10 to
/// 5 ..." twice. Each is named by what made it, in the list and in the report. Losses of a
/// detachment are offered in the first fifteen editions (RULINGS A35), so the game keeps those
/// tables.
#[test]
fn detachment_losses_say_which_detachment() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = fifteenth_edition(d);
    let v15 = ["--data", data.to_str().unwrap()];
    new_game_at_with(d, "s1776-which-detachment", &v15, |st| {
        st["detachments"] = json!({
            "french-1-canada": {"area": "canada", "location": 10, "sp": 5, "artillery": 1, "supply": 1},
            "french-2-canada": {"area": "canada", "location": 10, "sp": 5, "artillery": 1, "supply": 1},
            "washington-south-central": {"area": "south-central", "location": 15, "sp": 4, "supply": 1},
        });
    });
    let listed = options(d);
    let losses: Vec<&String> = listed
        .iter()
        .filter(|(_, o)| o.contains("detachment:"))
        .map(|(l, _)| l)
        .collect();
    assert_eq!(
        losses,
        [
            "the detachment in location 10 of Canada (French fleet 1's land element) lost 1 SP in a combat on the board (14), and the American turn",
            "the detachment in location 10 of Canada (French fleet 2's land element) lost 1 SP in a combat on the board (14), and the American turn",
            "the detachment in location 15 of South Central (half of Washington's army) lost 1 SP in a combat on the board (14), and the American turn",
        ],
        "{listed:#?}"
    );
    let report = play(d, "turn.yaml", "turn: {}\n");
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    for n in [1, 2] {
        let line = format!(
            "12: a detachment in Canada (French fleet {n}'s land element) moves from location 10 to 5 and joins the Canadian expedition there."
        );
        assert!(flat.contains(&line), "no `{line}` in {flat}");
    }
}

/// 17 duty 1 with a fleet engagement, found playing a campaign: with the French fleets in the
/// West Indies already (the naval SP 3 behind), a British search found them and the
/// engagement cost them a fleet; the American turn that followed said "the French battle
/// fleets withdraw to the West Indies", where they were, since the report's reading stopped
/// looking at the fleets' place at the engagement. An engagement moves no fleet, so they are
/// said to stay.
#[test]
fn fleets_in_the_west_indies_after_an_engagement_are_said_to_stay() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_game_at(d, "s1776-engaged-away", |st| {
        st["french"] = json!({"fleets": 2, "landed": 2, "at": "west-indies", "duty": "west_indies",
            "operating": "middle-states", "rolled": {"quarter": 3, "year": 1776}});
        st["naval"] = json!({"american": 0, "british": 3});
    });
    // 6 searching fleets find the French on any roll (17).
    play(d, "search.yaml", "turn: {search: {fleets: 6}}\n");
    let report = play(d, "lost.yaml", "fleet_engagement: {french_lost: 1}\n");
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "17: the French battle fleets stay in the West Indies: the naval SP difference is -3"
        ),
        "{flat}"
    );
    assert!(!flat.contains("withdraw to the West Indies"), "{flat}");
}
