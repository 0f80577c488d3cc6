//! Faults a play-tester found playing a whole Solo 1776 campaign through the command line,
//! each shown by a report line, a `show` line, an error or the board's geometry. Their game
//! is kept in `tests/data/solo-1776-playtest/` (the whole game, and its positions in May and
//! July 1777): it must still verify, since the fixes change words, not records.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::support::*;

/// The play-tester's kept game files.
fn playtest(name: &str) -> PathBuf {
    root().join("tests/data/solo-1776-playtest").join(name)
}

/// Each event as its report line, through the shipped `event` macro, with the event before
/// it in its step (`prev`) where the line depends on it.
fn lines(events: &[(Value, Option<Value>)]) -> Vec<String> {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (state, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": state}), &rules.lookups());
    let calls: Vec<(&str, Vec<Value>)> = events
        .iter()
        .map(|(e, prev)| {
            (
                "event",
                vec![e.clone(), prev.clone().unwrap_or(Value::Null)],
            )
        })
        .collect();
    adjutant::report::text::Templates::new(None)
        .call_macros("solo-1776/events.txt", &ctx, &calls)
        .unwrap()
}

fn line(event: Value, prev: Option<Value>) -> String {
    lines(&[(event, prev)]).remove(0)
}

/// The fixes change how records read, never the records: the play-tester's whole game, made
/// by the binary before them, still verifies.
#[test]
fn the_play_testers_game_still_verifies() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["game.yaml", "game-may77.yaml", "game-jul77.yaml"] {
        let out = stdout(&ok(
            dir.path(),
            &["verify", playtest(name).to_str().unwrap()],
        ));
        assert!(!out.is_empty(), "{name}");
    }
}

/// 14 (RULINGS A9), fault 1: after a British attack that lowered the BRE number the army
/// stopped "because fighting on is the British player's choice", which is the reason only
/// when the BRE number did not fall; when it fell, the army stops because it stands at no
/// British-held town to fight on for.
#[test]
fn an_army_stopping_after_a_british_attack_that_lowered_the_bre_says_why() {
    let result = |before: i32, after: i32| {
        json!({"event": "combat_result", "army": "washington",
               "lost": {"sp": 1, "artillery": 0, "supply": 0}, "bre_before": before,
               "bre_after": after, "town": null, "taken": false})
    };
    let over = json!({"event": "combat_over", "army": "washington",
                      "reason": "the British initiated the combat: fighting on is their choice"});
    let fell = line(over.clone(), Some(result(1, 0)));
    assert_eq!(
        fell,
        "14: Washington's army fights no more this turn: the BRE number fell from 1 to 0, but it stands at no British-held town to fight on for (A9)."
    );
    let kept = line(over, Some(result(1, 1)));
    assert_eq!(
        kept,
        "14: Washington's army fights no more this turn: the British initiated the combat and the BRE number did not fall: fighting on is their choice."
    );
}

/// 13 (tables.yaml `b_check`), fault 2: a (B) check's modifiers that add up beyond the
/// table's bounds say the target was kept within them. The term the record writes "at
/// requisite" (`b_check.at_requisite`: the army has at least its location's requisite SP,
/// 12) reads in words, where a forum reader could not tell what it was.
#[test]
fn a_b_check_whose_terms_pass_the_bounds_says_so() {
    let check = |target: i32, reason: &str| {
        line(
            json!({"event": "b_check", "rule": "14", "army": "washington", "town": "new-york",
                   "priority": 1, "die": 5, "target": target, "success": true, "reason": reason}),
            None,
        )
    };
    let capped = check(
        5,
        "to continue combat (base 3, priority 1 +1, BRE 0 +1, at requisite +1)",
    );
    assert!(
        capped.ends_with("passed: to continue combat (base 3, priority 1 +1, BRE 0 +1, the army has its location's requisite SP +1 = 6, capped at 5)."),
        "{capped}"
    );
    let raised = check(
        1,
        "step 4: the 3rd priority (base 3, priority 3 -1, BRE 3 -2)",
    );
    assert!(
        raised.ends_with("(base 3, priority 3 -1, BRE 3 -2 = 0, raised to 1)."),
        "{raised}"
    );
    let within = check(
        4,
        "step 2: the 1st priority (base 3, priority 1 +1, BRE 1 +0)",
    );
    assert!(
        within.ends_with("(base 3, priority 1 +1, BRE 1 +0)."),
        "{within}"
    );
}

/// 12, fault 4: an army the player reports at a town reads with the town's name (the record
/// keeps its id, `boston`).
#[test]
fn a_reported_army_at_a_town_names_the_town() {
    let reported = line(
        json!({"event": "reported", "rule": "12",
               "what": "the Northern army is in location 15 of New England at boston: 9 SP (1 dragoon), 2 artillery, 2 supply"}),
        None,
    );
    assert!(
        reported.starts_with(
            "Reported: the Northern army is in location 15 of New England at Boston: 9 SP"
        ),
        "{reported}"
    );
    let two_words = line(
        json!({"event": "reported", "rule": "12",
               "what": "Washington's army is in location 15 of Middle States at perth-amboy: 9 SP (1 dragoon), 0 artillery, 0 supply"}),
        None,
    );
    assert!(two_words.contains(" at Perth Amboy: 9 SP"), "{two_words}");
}

/// Fault 5: a reported date reads as a month and year, and the board game's rules, which the
/// solo system leaves the date to, are not written as a bare `(1776)` that reads as a year.
/// The refusal of an earlier date names the months too (A20).
#[test]
fn a_reported_date_and_its_refusal_name_the_month() {
    let reported = line(
        json!({"event": "reported", "rule": "1776", "what": "the date is 12/1780"}),
        None,
    );
    assert_eq!(
        reported,
        "Reported: the date is December 1780 (the 1776 board game's rules)."
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "s1776-dates",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "game.yaml",
        ],
    );
    write(d, "turn.yaml", "turn: {}\n");
    ok(d, &["play", "game.yaml", "turn.yaml", "--secrets", "s"]);
    write(d, "back.yaml", "turn: {date: {year: 1776, month: 7}}\n");
    let err = fails(d, &["play", "game.yaml", "back.yaml", "--secrets", "s"]);
    assert!(
        err.contains("`{year: 1776, month: 7}` (July 1776) is before the game's date, August 1776"),
        "{err}"
    );
    write(d, "late.yaml", "turn: {date: {year: 1790, month: 1}}\n");
    let err = fails(d, &["play", "game.yaml", "late.yaml", "--secrets", "s"]);
    assert!(
        err.contains("is no turn of the game (months 1 to 12, from July 1776 to December 1781)"),
        "{err}"
    );
}

/// The `orders` macro's words for one orders file, as the reports' `Orders:` line gives them.
fn orders_line(orders: &str) -> String {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (state, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": state}), &rules.lookups());
    let o: Value = serde_yaml::from_str(orders).unwrap();
    adjutant::report::text::Templates::new(None)
        .call_macros("solo-1776/events.txt", &ctx, &[("orders", vec![o])])
        .unwrap()
        .remove(0)
}

/// Fault 6: the `Orders:` line of a British turn names every fact it gives, where it left out
/// town and area control, naval SP, supply, scouting, replacements and reinforcements.
#[test]
fn the_orders_line_names_every_fact_of_a_british_turn() {
    let first = orders_line(&read(&playtest("t1.yaml")));
    assert_eq!(
        first,
        "the British turn: the BRE number at 1, control of Perth Amboy, naval SP 1 American and 5 British, scouting in Middle States, 2 transports at sea, replacements for Middle States; the American turn"
    );
    let sixth = orders_line(&read(&playtest("t6.yaml")));
    assert_eq!(
        sixth,
        "the British turn: naval SP 2 American and 3 British, supply in New England, scouting in South Central, replacements for New England and Canada; the American turn"
    );
    let eighth = orders_line(&read(&playtest("t8.yaml")));
    assert_eq!(
        eighth,
        "the British turn: a reinforcement of Deep South, a search with 5 battle fleets; the American turn"
    );
    let all = orders_line(
        "turn: {date: {year: 1780, month: 12}, areas: {middle-states: british}, \
         armies: [{army: washington, location: 15}], towns: [{town: boston, fort: true}], \
         requisite: [{area: canada, location: 10, sp: 8}], navy: lost, \
         losses: [{army: washington, sp: 2}], forts_lost: [new-england-10], \
         french_intervention: {fleets: 2}, attacks: [{army: northern}], american_turn: false}",
    );
    assert_eq!(
        all,
        "the British turn: the date December 1780, area control of Middle States, corrections to Washington's army, corrections to Boston, 1 requisite corrected, the Continental Navy lost, 1 loss on the board, the fort in location 10 of New England lost, the French intervene, 1 British attack (facts only)"
    );
    let nothing = orders_line("turn: {}");
    assert_eq!(nothing, "the British turn; the American turn");
}

/// 12, 15, fault 7: a detachment that joins its army where it stands says where ("from
/// location 10 to 10"), and replacements that form an area's first army say so once, where
/// they "joined" an army the reason said the area did not have.
#[test]
fn a_detachment_joining_in_place_and_replacements_forming_an_army_read_plainly() {
    let joined = line(
        json!({"event": "detachment_moved", "detachment": "replacements-middle-states",
               "area": "middle-states", "from": 10, "to": 10, "joined": "washington"}),
        None,
    );
    assert_eq!(
        joined,
        "12: a detachment in Middle States (replacements) joins Washington's army in location 10."
    );
    let moved = line(
        json!({"event": "detachment_moved", "detachment": "replacements-middle-states",
               "area": "middle-states", "from": 10, "to": 15, "joined": "washington"}),
        None,
    );
    assert_eq!(
        moved,
        "12: a detachment in Middle States (replacements) moves from location 10 to 15 and joins Washington's army there."
    );
    let formed = line(
        json!({"event": "replacements", "area": "west-indies",
               "force": {"sp": 2, "artillery": 0, "supply": 0}, "joined": "west-indies-army",
               "detachment": null, "location": 15,
               "reason": "the area has no army: they form one in location 15"}),
        None,
    );
    assert_eq!(
        formed,
        "15: replacements for West Indies (2 SP) form a new American army in location 15: the area had none."
    );
}

/// 14, fault 8: the combat question joins its last two requests with `and`, with or without
/// a town to report (a British attack on an army off the board has none).
#[test]
fn the_combat_question_lists_what_to_report_with_and() {
    use adjutant::engine::game::Game;
    use adjutant::games::solo_1776::{options, state::State, Solo1776};
    let data = super::solo_1776::data();
    let (setup, _) = Solo1776::setup(&data);
    let mut v = serde_json::to_value(&setup).unwrap();
    v["question"] = json!({"ask": "combat", "army": "washington", "initiated": "british",
        "round": 1, "bre": 1});
    let st: State = serde_json::from_value(v.clone()).unwrap();
    let asked = options::describe(&st);
    assert!(
        asked.ends_with(
            "(a British attack: no (BE) roll), then report the American losses and the BRE number"
        ),
        "{asked}"
    );
    v["question"]["town"] = json!("new-york");
    let st: State = serde_json::from_value(v).unwrap();
    let asked = options::describe(&st);
    assert!(
        asked.ends_with("then report the American losses, the BRE number and who holds the town"),
        "{asked}"
    );
}

/// 17, fault 9: in July 1777, before the American turn makes the new quarter's French
/// Intervention Table roll, `show` and the board said the fleets operate "this quarter" off
/// the area April to June's roll named. They say it was last quarter's roll, and the board
/// draws no dashed "French operate here" sea for it.
#[test]
fn last_quarters_french_roll_is_not_shown_as_this_quarters() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = playtest("game-jul77.yaml");
    let shown = stdout(&ok(d, &["show", game.to_str().unwrap()]));
    assert!(!shown.contains("off Middle States this quarter"), "{shown}");
    assert!(
        shown.contains("operated off Middle States in quarter 2 of 1777; this quarter's French Intervention Table roll is made at the American turn"),
        "{shown}"
    );
    let svg = board_svg(d, &game);
    assert!(!svg.contains("French operate here"), "dashed sea drawn");
    assert!(
        svg.contains("last rolled to operate off Middle States in quarter 2 of 1777"),
        "header"
    );
    // In May 1777, the quarter of the roll, it is this quarter's.
    let may = stdout(&ok(
        d,
        &["show", playtest("game-may77.yaml").to_str().unwrap()],
    ));
    assert!(
        may.contains("operating off Middle States this quarter"),
        "{may}"
    );
}

/// The x, y, width and height of an SVG rect.
fn rect_of(n: roxmltree::Node) -> (f64, f64, f64, f64) {
    let a = |k: &str| n.attribute(k).unwrap().parse::<f64>().unwrap();
    (a("x"), a("y"), a("width"), a("height"))
}

/// 12, fault 10: a detachment holding dragoons, artillery and supply (`5 SP 1D 1A 1S`) is drawn
/// inside its location's cell: its box ran past the cell's right edge, into location 15's
/// cell (over Quebec's fort) or, from location 15, into the sea.
#[test]
fn a_detachment_box_stays_inside_its_cell() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let full = json!({"sp": 5, "dragoons": 1, "artillery": 1, "supply": 1});
    let game = game_at(d, "crowded.yaml", &read(&playtest("game.yaml")), |st| {
        st.as_object_mut().unwrap().remove("question");
        st.as_object_mut().unwrap().remove("task");
        let mut canada = full.clone();
        canada["area"] = json!("canada");
        canada["location"] = json!(10);
        let mut new_england = full.clone();
        new_england["area"] = json!("new-england");
        new_england["location"] = json!(15);
        st["detachments"] =
            json!({"french-1-canada": canada, "washington-new-england": new_england});
    });
    let svg = board_svg(d, &game);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let by_id = |id: &str| {
        doc.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap_or_else(|| panic!("no {id}"))
    };
    for (det, cell) in [
        ("detachment-french-1-canada", "cell-canada-10"),
        ("detachment-washington-new-england", "cell-new-england-15"),
    ] {
        let first_rect = |id: &str| {
            by_id(id)
                .descendants()
                .find(|n| n.has_tag_name("rect"))
                .map(rect_of)
                .unwrap()
        };
        let (cx, cy, cw, ch) = first_rect(cell);
        let (x, y, w, h) = first_rect(det);
        assert!(
            x >= cx && x + w <= cx + cw && y >= cy && y + h <= cy + ch,
            "{det} at {x},{y} {w}x{h} outside {cell} at {cx},{cy} {cw}x{ch}"
        );
    }
}

/// 12, 14, fault 11: orders name a detachment or a fort by its id (`losses`, `forts_lost`),
/// and `show` and the board's titles give it: the player learned `french-1-canada` only from
/// an error.
#[test]
fn show_and_the_board_give_the_ids_orders_name_detachments_and_forts_by() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = playtest("game-jul77.yaml");
    let shown = stdout(&ok(d, &["show", game.to_str().unwrap()]));
    assert!(
        shown.contains("a detachment (`northern-canada`): 4 SP, 0 artillery, 1 supply"),
        "{shown}"
    );
    assert!(
        shown.contains("an American fort (`new-england-10`) at Hartford: garrison 5 SP"),
        "{shown}"
    );
    let svg = board_svg(d, &game);
    assert!(
        svg.contains("<title>a detachment (northern-canada): 4 SP"),
        "detachment title"
    );
    assert!(
        svg.contains("<title>an American fort (canada-5) at Fort Ticonderoga: garrison 5 SP"),
        "fort title"
    );
    // The fort built at Hartford frames Hartford, the second town of its location.
    let hartford = svg
        .split("<g id=\"town-hartford\">")
        .nth(1)
        .unwrap_or_default();
    let hartford = hartford.split("</g>").next().unwrap_or_default();
    assert!(
        hartford.contains("stroke=\"#1f4e9e\" stroke-width=\"2\"/>")
            && hartford.contains("an American fort stands here"),
        "{hartford}"
    );
}

/// Fault 12 (in part): an unknown army in `attacks` is refused under 14, the rule of British
/// attacks, not 12; and two armies put in one area are named, with the area, by name.
#[test]
fn refused_attacks_and_armies_cite_their_rule_and_name_names() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "s1776-errors",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "game.yaml",
        ],
    );
    write(d, "typo.yaml", "turn: {attacks: [{army: washingtn}]}\n");
    let err = fails(d, &["play", "game.yaml", "typo.yaml", "--secrets", "s"]);
    assert!(
        err.contains("14: there is no American army `washingtn`"),
        "{err}"
    );
    write(
        d,
        "two.yaml",
        "turn: {armies: [{army: washington, area: canada}]}\n",
    );
    let err = fails(d, &["play", "game.yaml", "two.yaml", "--secrets", "s"]);
    assert!(
        err.contains("12: the Americans keep one army per area: the Canadian expedition and Washington's army are both in Canada"),
        "{err}"
    );
}

/// The board of `game` as `report --format svg` draws it (written in `d`).
fn board_svg(d: &Path, game: &Path) -> String {
    ok(
        d,
        &[
            "report",
            game.to_str().unwrap(),
            "--format",
            "svg",
            "-o",
            "board.svg",
        ],
    );
    read(&d.join("board.svg"))
}

/// 13: an army off the board whose every (B) check failed "evades to the OB", where it
/// already stands; it marches nowhere and stays there for its OB move.
#[test]
fn an_army_off_the_board_whose_checks_fail_stays_on_the_ob() {
    let off = line(
        json!({"event": "evaded", "army": "washington", "area": "middle-states",
               "location": 15, "from": null}),
        None,
    );
    assert_eq!(
        off,
        "13: every (B) check failed: Washington's army marches on no town and stays on the OB (location 15 of Middle States)."
    );
    let on = line(
        json!({"event": "evaded", "army": "washington", "area": "middle-states",
               "location": 10, "from": "perth-amboy"}),
        None,
    );
    assert!(on.contains("evades to the OB from Perth Amboy"), "{on}");
}

/// 12 (RULINGS A5): an army moving down from location 10 or 5 builds a fort first, and the
/// report says why when it builds none; but when its location had a fort already (one fort to
/// a location) nothing was said, so the play-tester's Canadian expedition left location 5 of
/// Canada, Fort Ticonderoga's, in silence (step 41) where the other armies each had a line.
#[test]
fn an_army_moving_down_past_a_fort_says_it_builds_none() {
    let dir = tempfile::tempdir().unwrap();
    let game = playtest("game.yaml");
    let text = stdout(&ok(
        dir.path(),
        &["report", game.to_str().unwrap(), "--steps", "41"],
    ));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let want = "12: the Canadian expedition builds no fort in location 5 of Canada: the location has one already, at Fort Ticonderoga (one fort to a location, A5); it moves down 1 location (5 to 0, Canada), condition 5: BRE number 2 at least 2.";
    assert!(flat.contains(want), "`{want}` not in\n{text}");
    // An army that tried to build says so once, as before.
    assert!(
        flat.contains("12: the Northern army builds a fort at Hartford")
            && flat.contains(
                "12: the Northern army moves down 1 location (10 to 5, New England), condition 5"
            ),
        "{text}"
    );
}
