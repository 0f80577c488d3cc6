//! Faults a play-tester found playing a whole game of The Lost Cause through the command line,
//! each shown from the shipped example's position (a self-mode game at a Command action, 10.0)
//! as a test edits it.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::support::*;

/// The shipped example's position with `edit` made, as a new demo game `name` in `dir`.
fn demo_at(dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let demo = read(&root().join("games/the-lost-cause/examples/demo-game.yaml"));
    game_at(dir, name, &demo, edit)
}

/// Report text is wrapped: its words, one space apart.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `orders` for `game` in `d`, in words.
fn options(d: &Path, game: &Path) -> String {
    words(&stdout(&ok(d, &["orders", game.to_str().unwrap()])))
}

/// The refusal of `orders` (YAML) for `game`, in words.
fn refusal(d: &Path, game: &Path, orders: &str) -> String {
    write(d, "o.yaml", orders);
    words(&fails(d, &["orders", game.to_str().unwrap(), "o.yaml"]))
}

/// Plays `orders` in the demo game `game` (made by `demo_at`) and returns the report of the
/// step, in words.
fn play(d: &Path, game: &Path, orders: &str) -> String {
    write(d, "o.yaml", orders);
    let g = game.to_str().unwrap();
    let secrets = format!("{}-secrets", game.file_name().unwrap().to_str().unwrap());
    ok(d, &["play", g, "o.yaml", "--secrets", &secrets]);
    words(&stdout(&ok(d, &["report", g])))
}

/// 9.6, 9.7: with the Commerce Raider in the Resource Cup a Naval action only brings it out to
/// the Available box. `orders` listed that as "the raider stays where it is", the report's
/// decision line said the same above "The Commerce Raider goes to the Available box", and an
/// order to sail was refused as "the Navy cannot Commerce Raider action: ...". With the raider
/// on the ER/EP marker, the answer that leaves it there read "sails with the ER/EP marker", and
/// `stay`, which a Naval action does not take, was refused in the same garbled words.
#[test]
fn a_naval_commerce_raider_action_says_where_the_raider_goes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cup = demo_at(d, "cup.yaml", |st| {
        st["resources"]["commerce-raider"] = json!("cup");
    });
    let listed = options(d, &cup);
    assert!(
        listed.contains("10.3 Naval action at -1: Commerce Raider action: the raider comes out of the Resource Cup to the Available box (9.7)"),
        "{listed}"
    );
    assert!(!listed.contains("stays where it is"), "{listed}");
    let err = refusal(d, &cup, "command: {naval: {commerce_raider: morale}}\n");
    assert!(!err.contains("cannot Commerce Raider action"), "{err}");
    assert!(
        err.contains("9.6: the Commerce Raider is in the Resource Cup, so it cannot sail with the Confederate Morale marker yet: a Commerce Raider action brings it out to the Available box (9.7), ordered as `commerce_raider: available`"),
        "{err}"
    );
    // The orders listed say what the words say: `available`, where they said `stay` (and
    // `morale` for the Command action), which read as a voyage the raider does not make.
    assert!(
        listed.contains("command: {naval: {commerce_raider: available}}")
            && listed.contains("command: {commerce_raider: available}"),
        "{listed}"
    );
    assert!(!listed.contains("commerce_raider: stay"), "{listed}");
    assert!(!listed.contains("commerce_raider: morale"), "{listed}");
    let report = play(d, &cup, "command: {naval: {commerce_raider: available}}\n");
    assert!(
        report.contains("Decision: Command action: a Naval action at -1: a Commerce Raider action: the raider comes out of the Resource Cup to the Available box"),
        "{report}"
    );
    // Games that ordered it out as `stay` before `available` existed keep their orders.
    let cup = demo_at(d, "cup-stay.yaml", |st| {
        st["resources"]["commerce-raider"] = json!("cup");
    });
    let report = play(d, &cup, "command: {naval: {commerce_raider: stay}}\n");
    assert!(
        report.contains("Decision: Command action: a Naval action at -1: a Commerce Raider action: the raider comes out of the Resource Cup to the Available box"),
        "{report}"
    );

    let at_sea = demo_at(d, "at-sea.yaml", |st| {
        st["resources"]["commerce-raider"] = json!({"raiding": "recognition"});
    });
    let listed = options(d, &at_sea);
    assert!(
        listed.contains("10.9 Commerce Raider action: the raider stays with the ER/EP marker"),
        "{listed}"
    );
    assert!(
        listed.contains("10.3 Naval action at -1: Commerce Raider action: the raider stays with the ER/EP marker"),
        "{listed}"
    );
    assert!(!listed.contains("sails with the ER/EP marker"), "{listed}");
    for orders in [
        "command: {commerce_raider: available}\n",
        "command: {naval: {commerce_raider: available}}\n",
    ] {
        let err = refusal(d, &at_sea, orders);
        assert!(
            err.contains("the Commerce Raider is already out of the Resource Cup"),
            "{orders}: {err}"
        );
    }
    let err = refusal(d, &at_sea, "command: {naval: {commerce_raider: stay}}\n");
    assert!(!err.contains("cannot Commerce Raider action"), "{err}");
    assert!(
        err.contains("9.6: a Naval action sails the Commerce Raider with the Confederate Morale, ER/EP or Naval Blockade marker (9.7); to leave it with the ER/EP marker, order `commerce_raider: recognition`"),
        "{err}"
    );
}

/// 10.9, 9.7: a Commerce Raider Command action with the raider in the Resource Cup brings it
/// out to the Available box, whatever the order names (`orders` lists it so, with the snippet
/// `{commerce_raider: morale}`). The report's decision line said "the raider sails with the
/// Confederate Morale marker" above "The Commerce Raider goes to the Available box".
#[test]
fn a_command_commerce_raider_action_from_the_cup_says_it_comes_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cup = demo_at(d, "cup.yaml", |st| {
        st["resources"]["commerce-raider"] = json!("cup");
    });
    let report = play(d, &cup, "command: {commerce_raider: morale}\n");
    assert!(
        report.contains("Decision: Command action: a Commerce Raider action: the raider comes out of the Resource Cup to the Available box"),
        "{report}"
    );
    // The report comes with its lines joined: the decision runs up to the dice.
    let decision = report
        .split("Decision:")
        .nth(1)
        .and_then(|rest| rest.split("Dice:").next())
        .unwrap_or_default();
    assert!(!decision.contains("sails with"), "{decision}");
}

/// The Lost Cause's rules and the text report of one step of `events` after `orders`, played
/// from `st` (as JSON), through the words the report reads from the state before the step.
fn step_report(st: &Value, orders: Value, events: Value) -> String {
    step_report_in("report.txt", st, orders, events, json!([]))
}

/// `step_report` with the step's `rolls`, in the report `template` (`report.md`, ...).
fn step_report_in(
    template: &str,
    st: &Value,
    orders: Value,
    events: Value,
    rolls: Value,
) -> String {
    use adjutant::report::text::{with_lookups, Templates};
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let mut orders = orders;
    let mut events: Vec<Value> = serde_json::from_value(events).unwrap();
    rules
        .annotate_step(st, None, &mut orders, &mut events)
        .unwrap();
    let steps = json!([{"step": 1, "ordered_by": "csa", "adjudicated_by": "self",
        "orders": orders, "events": events, "rolls": rolls}]);
    let ctx = with_lookups(
        json!({"title": "table", "id": "table", "game": "the-lost-cause", "steps": steps,
            "reveals": [], "tip": "", "at_step": 1, "verification_block": "", "state": st,
            "awaiting": null}),
        &rules.lookups(),
    );
    words(
        &Templates::new(None)
            .render(&format!("the-lost-cause/{template}"), &ctx)
            .unwrap(),
    )
}

/// The set-up state, as JSON, with `edit` made.
fn setup_with(edit: impl FnOnce(&mut Value)) -> Value {
    let rules = adjutant::games::load("the-lost-cause", None).unwrap();
    let (mut st, _) = rules.setup().unwrap();
    edit(&mut st);
    st
}

/// 9.1.1, 9.2.1 (RULINGS L33): an army in its Northern Invasion space is not pushed further
/// back. A Confederate victory over it, or a Raid's Retreat, said it "stands at its Base"
/// or "is at its Base already", though the blue army stood in Maryland & Pennsylvania; an army
/// that is at its Base still reads so.
#[test]
fn an_invading_army_that_cannot_retreat_is_said_to_be_in_its_invasion_space() {
    let invading = setup_with(|st| {
        st["year"] = json!(1863);
        st["armies"]["blue"]["invading"] = json!(true);
    });
    let battle = json!([{"event": "battle", "rule": "9.1.1", "leader": "lee", "army": "blue",
        "result": "above"}]);
    let raid = json!([{"event": "raid", "rule": "9.2", "army": "blue", "die": 5, "drm": 0,
        "result": "retreat"}]);
    let text = step_report(
        &invading,
        json!({"battle": {"army": "blue"}}),
        battle.clone(),
    );
    assert!(
        text.contains("The blue army is in its Northern Invasion space, Maryland & Pennsylvania, and cannot retreat further, so it stays (9.1.1)."),
        "{text}"
    );
    assert!(!text.contains("at its Base"), "{text}");
    let text = step_report(&invading, json!({"raid": "blue"}), raid.clone());
    assert!(
        text.contains("it retreats (9.2). The blue army is in its Northern Invasion space, Maryland & Pennsylvania, and cannot retreat further, so it stays (9.2.1)."),
        "{text}"
    );
    assert!(!text.contains("at its Base"), "{text}");
    let at_base = setup_with(|_| {});
    let text = step_report(&at_base, json!({"battle": {"army": "blue"}}), battle);
    assert!(
        text.contains(
            "The blue army stands at its Base with nowhere to retreat, so it stays (9.1.1)."
        ),
        "{text}"
    );
}

/// 14.6: a year's shuffle lists the cards by number, in the order they will be drawn. The
/// dice line listed places in the stack ("taken in the order 8 15 2 ..."), which read as card
/// numbers and were not: only in 1861, whose stack is in order, do the two agree. Markdown and
/// BBCode printed "shuffle" alone. A Broadsheet card whose month ends in the step joins the
/// stack before the shuffle (RULINGS L4), last.
#[test]
fn a_years_shuffle_lists_the_cards_by_number() {
    let stack_1862 = [
        "4", "1", "11", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24",
        "A", "B",
    ];
    let before = setup_with(|st| {
        st["year"] = json!(1861);
        st["draw_pile"] = json!([]);
        st["card"] = json!("C");
        st["stacks"]["1862"] = json!(stack_1862);
    });
    let events = json!([
        {"event": "year_end_phase", "rule": "14.1", "phase": "the Mississippi River"},
        {"event": "year_advanced", "year": 1862, "leaders": [], "resources": []},
        {"event": "year_begins", "year": 1862, "cards": 12, "held_back": 6}
    ]);
    // Places counted from 0: the 18th card (C, joined last), then the 8th (17), ...
    let order: Vec<usize> = [17, 7, 0, 1].into_iter().chain(2..7).chain(8..17).collect();
    let rolls =
        json!([{"why": "14.6 shuffle the 1862 stack", "shuffle": {"of": 18, "order": order}}]);
    let want = "14.6 shuffle the 1862 stack: 18 cards, shuffled into the order C 17 4 1 11 13 14 15 16 18 19 20 21 22 23 24 A B (card numbers)";
    for template in ["report.txt", "report.md", "report.bbcode"] {
        let text = step_report_in(
            template,
            &before,
            json!({"railroads": []}),
            events.clone(),
            rolls.clone(),
        );
        assert!(text.contains(want), "{template}: {text}");
    }
}

/// Orders may name armies and markers as the reports print them, in any case; the report's
/// decision line repeated what the player wrote, lower-cased: "attack the army of the potomac
/// army", "put the coastal forts marker", "put the forts marker in play". It names them as
/// the rest of the report does.
#[test]
fn a_decision_line_names_what_the_orders_name_as_the_report_does() {
    let before = setup_with(|st| {
        st["resources"]["coastal-forts-1"] = json!("available");
        st["resources"]["forts-1"] = json!("available");
    });
    for (orders, want) in [
        (
            json!({"railroads": [{"theater": "east", "army": "Army of the Potomac"}]}),
            "Decision: Railroads: attack the blue army in the East theater",
        ),
        (
            json!({"command": {"naval": {"place": {"resource": "coastal forts", "to": "blockade"}}}}),
            "Decision: Command action: a Naval action at -1: put the Coastal Forts marker on the Naval Blockade marker",
        ),
        (
            json!({"command": {"place": {"resource": "forts", "space": "peninsula"}}}),
            "Decision: Command action: put the Forts marker in play at the Peninsula",
        ),
        (
            json!({"initiative_order": ["Army of the Potomac", {"army": "the green army", "marker": 1}]}),
            "Decision: Union Initiative: the blue army's marker, then the green army's marker 1",
        ),
    ] {
        let text = step_report(&before, orders, json!([]));
        assert!(text.contains(want), "`{want}` not in {text}");
    }
}

/// 10.1, 9.1: a Battle ordered without a target was refused with serde's words, "no variant
/// of enum Target found in flattened data"; it says which keys are missing, under its rules.
#[test]
fn a_battle_without_a_target_says_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "demo.yaml", |_| {});
    for orders in [
        "command: {battle: {theater: east}}\n",
        "railroads: [{theater: east}]\n",
    ] {
        let err = refusal(d, &game, orders);
        assert!(!err.contains("enum"), "{err}");
        assert!(
            err.contains("9.1: a battle names its target: `army:` (the Union army it attacks) or `reclaim:` (the Strategic space it takes back, 13.8.1)"),
            "{err}"
        );
    }
}

/// 9.3, 12.0: a Morale Test that beats a morale of 12 gains nothing, since the marker is at
/// its maximum (RULINGS L25); the report gave the roll and nothing after it. It says why, as
/// the 14.5 infrastructure line does; a test that does raise morale says nothing more.
#[test]
fn a_morale_test_at_the_maximum_says_morale_cannot_rise() {
    let before = setup_with(|st| st["morale"] = json!(12));
    let roll = |rule: &str, against: i32| {
        json!({"event": "roll", "rule": rule, "what": "Morale Test", "dice": [5, 4], "drm": 4,
            "result": 13, "against": against, "versus": "above"})
    };
    let text = step_report(
        &before,
        json!({"command": "morale_test"}),
        json!([roll("10.6", 12)]),
    );
    assert!(
        text.contains("Morale Test: rolled 5+4 +4 = 13, which beats 12 (10.6). Confederate Morale is already at its maximum of 12, so it cannot rise (12.0)."),
        "{text}"
    );
    let rises = json!([roll("9.3", 11),
        {"event": "morale", "rule": "9.3", "from": 11, "to": 12, "why": "the Morale Test beat expectations"}]);
    let text = step_report(&before, json!({"command": "morale_test"}), rises);
    assert!(!text.contains("maximum"), "{text}");
}

/// 12.0: morale moved by a card names the card, also when the card was revealed in an earlier
/// step; such a line read "morale 12 -> 11: the card (12.0)".
#[test]
fn morale_moved_by_a_card_revealed_earlier_names_the_card() {
    let before = setup_with(|st| st["card"] = json!("5"));
    let events =
        json!([{"event": "morale", "rule": "12.0", "from": 12, "to": 11, "why": "the card"}]);
    let text = step_report(&before, json!({"battle": {"army": "blue"}}), events);
    assert!(
        text.contains("Confederate morale 12 -> 11: Headline card 5 (12.0)."),
        "{text}"
    );
}

/// `play` on a witness-mode game is refused under its own name (it said "adjudicate:"), and
/// `position --at` given a record number that carries a step's result names the step to give
/// and the steps that have results (it said only that the step had none).
#[test]
fn play_and_position_name_what_was_asked_and_what_to_give() {
    use super::support::{fails, new_solitaire, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = new_solitaire(
        d,
        "the-lost-cause",
        "tlc-words",
        Some("a".repeat(64) + ":" + &"b".repeat(64)),
        64,
    );
    write(d, "start.yaml", "start: true\n");
    let err = fails(
        d,
        &[
            "play",
            game.to_str().unwrap(),
            "start.yaml",
            "--secrets",
            d.join("secrets").to_str().unwrap(),
        ],
    );
    assert!(err.contains("error: play:"), "{err}");
    assert!(!err.contains("adjudicate:"), "{err}");

    // A self-mode game two steps on: records 1 (orders), 2 (result and the next orders)...
    let own = d.join("self");
    std::fs::create_dir(&own).unwrap();
    crate::report::lost_cause_one_answer_on(&own);
    let err = fails(&own, &["position", "game.yaml", "--at", "4"]);
    assert!(
        err.contains("record 4 carries the result of step 3: give `--at 3`"),
        "{err}"
    );
    assert!(err.contains("the steps with results are 1, 3"), "{err}");

    // A refused order names its file, as every error about a file does.
    write(&own, "bad.yaml", "command: {battle: {theater: east}}\n");
    let secrets = super::support::root().join("games/the-lost-cause/examples/demo-secrets");
    let err = fails(
        &own,
        &[
            "play",
            "game.yaml",
            "bad.yaml",
            "--secrets",
            secrets.to_str().unwrap(),
        ],
    );
    assert!(
        err.contains("error: the orders file `bad.yaml` line 1"),
        "{err}"
    );
}

/// 10.5, 11.0: `show` gives an army's markers as the player needs them to order them: how many
/// Disruption markers (each takes an activation to recover) and the kind of each Initiative
/// marker. It said "disrupted, 2 Initiative markers" for two of one and a Conditional -1 and a
/// Directed marker of the other.
#[test]
fn show_counts_disruption_and_names_each_initiative_marker() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "markers.yaml", |st| {
        st["armies"]["blue"]["disrupted"] = json!(2);
        st["armies"]["blue"]["initiative"] =
            json!([{"symbol": "square", "drm": -1}, {"symbol": "circle"}]);
        st["armies"]["brown"] = json!({"form": "army-of-the-tennessee", "at": 0,
            "route": ["cairo", "forts-henry-donelson", "shiloh-corinth"],
            "disrupted": 1, "initiative": [{"symbol": "arrow"}]});
    });
    let shown = words(&stdout(&ok(d, &["show", game.to_str().unwrap()])));
    for want in [
        "2 Disruption markers, Initiative markers: Conditional -1, Directed",
        "disrupted, Initiative marker: Mandatory",
    ] {
        assert!(shown.contains(want), "`{want}` not in {shown}");
    }
}

/// 10.4: a Leader Shuffle "promoting its commander to Advisor" was listed for a theater whose
/// box is empty, where there is no commander to promote and the shuffle is the plain one.
#[test]
fn a_shuffle_promotes_only_a_commander_there_is() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "empty-box.yaml", |st| {
        let gone = st["commanders"]["mississippi"].clone();
        st["commanders"]["mississippi"] = Value::Null;
        st["leader_cup"].as_array_mut().unwrap().push(gone);
    });
    let listed = options(d, &game);
    assert!(
        listed.contains("10.4 Leader Shuffle in the Mississippi theater "),
        "{listed}"
    );
    assert!(
        !listed.contains("Leader Shuffle in the Mississippi theater, promoting"),
        "{listed}"
    );
    assert!(
        listed.contains("Leader Shuffle in the West theater, promoting its commander to Advisor"),
        "{listed}"
    );
}

/// 10.4 with 9.8 and 6.1 (found at the table): with the Leader Cup empty a Leader Shuffle
/// draws no one, and `orders` listed it in the East, where the box was empty too, as if it did
/// something. The choice stays (RULINGS L58: the text ignores an action that cannot be
/// performed, 6.1, and a Command may be spent on nothing), but its option says it changes
/// nothing, and the promotion, which needs a leader drawn, is not listed.
#[test]
fn a_shuffle_with_the_leader_cup_empty_says_it_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "empty-cup.yaml", |st| {
        // Every leader in the cup, and the East commander, out of the war.
        let mut gone = st["leader_cup"].as_array().unwrap().clone();
        gone.push(st["commanders"]["east"].clone());
        gone.extend(st["leaders_gone"].as_array().cloned().unwrap_or_default());
        st["leaders_gone"] = Value::from(gone);
        st["commanders"]["east"] = Value::Null;
        st["leader_cup"] = json!([]);
    });
    let listed = options(d, &game);
    for t in ["East", "West", "Mississippi"] {
        let want = format!(
            "10.4 Leader Shuffle in the {t} theater: the Leader Cup is empty, so it changes nothing (9.8, 6.1)"
        );
        assert!(listed.contains(&want), "`{want}` not in {listed}");
    }
    assert!(!listed.contains("promoting"), "{listed}");
}

/// 16.2, 16.6, 16.7: a naval marker refused a place says why, under the marker's own rule:
/// Ironclads on a contested river space were refused as "9.6: the Navy cannot put the
/// Ironclads marker on New Orleans now", above the options alone.
#[test]
fn a_naval_marker_refused_a_place_says_why_under_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "navy.yaml", |st| {
        st["armies"]["orange"] = json!({"at": 1, "form": "army-of-the-gulf",
            "route": ["ship-island", "new-orleans", "baton-rouge", "port-hudson", "vicksburg"]});
        for r in ["ironclads-1", "gunboats-1", "coastal-forts-1"] {
            st["resources"][r] = json!("available");
        }
    });
    for (marker, to, want) in [
        ("ironclads-1", "new-orleans", "16.7: the Navy cannot put the Ironclads marker on New Orleans: New Orleans is contested (a Union army is there), and Ironclads go only on a Confederate controlled river space or the Naval Blockade marker; it could"),
        ("gunboats-1", "blockade", "16.6: the Navy cannot put the Gunboats marker on the Naval Blockade marker: Gunboats go only on a Confederate controlled or contested river space; it could"),
        ("coastal-forts-1", "memphis", "16.2: the Navy cannot put the Coastal Forts marker on Memphis: Coastal Forts go only on the Naval Blockade marker; it could"),
    ] {
        let err = refusal(
            d,
            &game,
            &format!("command: {{naval: {{place: {{resource: {marker}, to: {to}}}}}}}\n"),
        );
        assert!(err.contains(want), "`{want}` not in\n{err}");
    }
    // Where the place is one it may take, the order stands.
    write(
        d,
        "o.yaml",
        "command: {naval: {place: {resource: gunboats-1, to: new-orleans}}}\n",
    );
    ok(d, &["orders", game.to_str().unwrap(), "o.yaml"]);
}

/// 16.5: a Forts marker refused a space names the space as the map does and says why: it read
/// "`red-river` is not a Confederate controlled track space without a Fortification", the id
/// the player never wrote.
#[test]
fn a_forts_marker_refused_a_space_names_it_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "forts.yaml", |st| {
        st["resources"]["forts-1"] = json!("available");
    });
    for (space, want) in [
        ("Red River", "and Red River is on no track"),
        (
            "Maryland & Pennsylvania",
            "and Maryland & Pennsylvania is on no track",
        ),
        ("Atlantis", "and there is no space `Atlantis`"),
    ] {
        let err = refusal(
            d,
            &game,
            &format!("command: {{place: {{resource: Forts, space: \"{space}\"}}}}\n"),
        );
        assert!(err.contains("16.5"), "{err}");
        assert!(err.contains(want), "`{want}` not in\n{err}");
        assert!(
            !err.contains("red-river") && !err.contains("maryland-pennsylvania"),
            "an id in\n{err}"
        );
    }
}

/// `show` said "On the Naval Blockade marker: nothing" and, two lines on, that the Commerce
/// Raider was on the Naval Blockade marker (9.7): the raider is named there.
#[test]
fn the_raider_on_the_blockade_marker_is_not_shown_as_nothing_there() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "raider.yaml", |st| {
        st["resources"]["commerce-raider"] = json!({"raiding": "blockade"});
    });
    let shown = words(&stdout(&ok(d, &["show", game.to_str().unwrap()])));
    assert!(
        shown.contains("On the Naval Blockade marker: the Commerce Raider alone"),
        "{shown}"
    );
    assert!(
        shown.contains("Commerce Raider: on the Naval Blockade marker"),
        "{shown}"
    );
}

/// The demo game with card 24 (whose third Confederate line is a Commerce Raider action, 9.7)
/// in play at that line, asking where the raider goes, and the raider at `raider`.
fn raider_question(d: &Path, name: &str, raider: Value) -> PathBuf {
    demo_at(d, name, |st| {
        // Card 24 leaves its stack or pile for the card in play, which takes its place.
        let old = st["card"].clone();
        fn swap(v: &mut Value, old: &Value) {
            match v {
                Value::Array(items) => items.iter_mut().for_each(|x| {
                    if x == "24" {
                        *x = old.clone();
                    } else {
                        swap(x, old);
                    }
                }),
                Value::Object(m) => m.values_mut().for_each(|x| swap(x, old)),
                _ => {}
            }
        }
        swap(st, &old);
        st["card"] = json!("24");
        st["cursor"] = json!({"line": 2, "step": "confederate"});
        st["question"] = json!({"ask": "raider"});
        st["resources"]["commerce-raider"] = raider;
    })
}

/// 9.7: with the Commerce Raider on the Naval Blockade marker, a card's Commerce Raider action
/// listed `raider: blockade` and `raider: stay` in the same words ("the raider stays with the
/// Naval Blockade marker"): two options that do one thing. Naming the marker it is on leaves
/// it in place, as the Command action's list has it; `stay` is still taken.
#[test]
fn a_raider_on_a_marker_is_offered_staying_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let on_blockade = raider_question(d, "on-blockade.yaml", json!({"raiding": "blockade"}));
    let listed = options(d, &on_blockade);
    assert_eq!(
        listed
            .matches("the raider stays with the Naval Blockade marker")
            .count(),
        1,
        "{listed}"
    );
    assert!(
        listed.contains(
            "Commerce Raider: the raider stays with the Naval Blockade marker raider: blockade"
        ),
        "{listed}"
    );
    assert!(!listed.contains("raider: stay"), "{listed}");
    let report = play(d, &on_blockade, "raider: stay\n");
    assert!(
        report.contains("the raider stays with the Naval Blockade marker"),
        "{report}"
    );
    // From the Available box, `stay` is the one order that leaves it there.
    let in_box = raider_question(d, "in-box.yaml", json!("available"));
    let listed = options(d, &in_box);
    assert!(
        listed.contains("Commerce Raider: the raider stays in the Available box raider: stay"),
        "{listed}"
    );
}

/// The report's closing line: the text format said "European Recognition 2 (EP), ..., 30
/// Headline cards played in the war so far", while Markdown and BBCode dropped the
/// Emancipation Proclamation mark and the count of cards played. Every format says it all.
#[test]
fn every_report_format_closes_with_the_same_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "ep.yaml", |st| {
        st["emancipation"] = json!(true);
    });
    play(d, &game, "command: morale_test\n");
    let g = game.to_str().unwrap();
    let text = words(&stdout(&ok(d, &["report", g])));
    let start = text.rfind(": morale ").unwrap_or_else(|| panic!("{text}")) + 2;
    let end = text[start..]
        .find("in the war so far.")
        .unwrap_or_else(|| panic!("{text}"));
    let tail = &text[start..start + end];
    assert!(tail.contains("(EP), Blockade"), "{tail}");
    assert!(tail.contains("Headline card"), "{tail}");
    assert!(tail.ends_with(" played "), "{tail}");
    for format in ["markdown", "bbcode"] {
        let out = words(&stdout(&ok(d, &["report", g, "--format", format])));
        assert!(out.contains(tail), "{format}: {tail}\n{out}");
    }
}

/// 9.7: an answer the orders cannot read named no rule ("unknown variant `foo`, expected one
/// of ..."), where every other refusal of the same answer cites the rule it answers to.
#[test]
fn an_unreadable_answer_cites_the_rule_of_its_question() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = raider_question(d, "bad-raider.yaml", json!({"raiding": "blockade"}));
    let err = refusal(d, &game, "raider: foo\n");
    assert!(
        err.contains("(`raider`): 9.7: unknown variant `foo`"),
        "{err}"
    );
}

/// "Next:" in every report format and `show` led with the orders key ("Next: the Confederate
/// player, command: 10.0 Directed Command action: choose its use"; `raider:`, `railroads:`,
/// `battle:` likewise), an internal word before the words that say it. The question's words
/// come first, and the key is named as what the orders give.
#[test]
fn next_says_the_decision_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = raider_question(d, "next.yaml", json!({"raiding": "blockade"}));
    let g = game.to_str().unwrap();
    let show = words(&stdout(&ok(d, &["show", g])));
    assert!(
        show.contains(
            "Next: 9.7 Commerce Raider action: choose where it sails (ordered with `raider`)"
        ),
        "{show}"
    );
    play(d, &game, "raider: blockade\n");
    for (format, want) in [
        ("text", "Next: the Confederate player, "),
        ("markdown", "**Next:** the Confederate player, "),
        ("bbcode", "[b]Next:[/b] the Confederate player, "),
    ] {
        let out = words(&stdout(&ok(d, &["report", g, "--format", format])));
        let next = &out[out.find(want).unwrap_or_else(|| panic!("{format}: {out}"))..];
        let next = &next[want.len()..];
        assert!(
            !next.starts_with("command:") && !next.starts_with("railroads:"),
            "{format}: {next}"
        );
        assert!(next.contains("(ordered with "), "{format}: {next}");
    }
}

/// 14.6: the picture's footer called the cards waiting for 1865 "held back after the war's
/// last year", reading the last year from the cards printed (the sample deck prints none for
/// 1865) instead of the game's last year, 1865, whose Draw Pile takes them all.
#[test]
fn the_picture_counts_the_cards_for_1865_as_for_1865() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "stack-1865.yaml", |st| {
        let stacks = st["stacks"].as_object_mut().unwrap();
        let last = stacks.keys().next_back().unwrap().clone();
        let cards = stacks.remove(&last).unwrap();
        stacks.insert("1865".into(), cards);
    });
    let svg = stdout(&ok(
        d,
        &["report", game.to_str().unwrap(), "--format", "svg"],
    ));
    assert!(svg.contains(" for 1865"), "{svg}");
    assert!(!svg.contains("after the war's last year"), "{svg}");
}

/// 1863, the Army of the Tennessee on its river track from its Advanced Base at Shiloh &
/// Corinth: its route, as a position may write it (8.1: the army operates from the Base at the
/// start of its current Track), begins at that base, not at its Home Base, Cairo. Beauregard
/// commands on the Mississippi and the card's circle symbol lets him give battle.
const AT_ADVANCED_BASE: &str = r#"
year: 1863
morale: 8
recognition: 2
blockade: 3
navies: none
armies:
  blue: {form: army-of-the-potomac, route: [washington, manassas, fredericksburg, spotsylvania, richmond-petersburg], at: 0}
  brown: {form: army-of-the-tennessee-riverine, route: [shiloh-corinth, memphis, milikens-bend, vicksburg], at: 0}
  orange: {form: army-of-the-gulf, route: [ship-island, new-orleans, baton-rouge, port-hudson, vicksburg], at: 1}
bases: [shiloh-corinth]
held: [forts-henry-donelson]
fortified: [atlanta, mobile, new-orleans, port-hudson, richmond-petersburg, vicksburg]
strategic: {decatur: confederate, knoxville: confederate, shenandoah-valley: confederate}
flags_taken: 1
resources:
  coastal-forts-1: available
  coastal-forts-2: future
  commerce-raider: available
  european-munitions: available
  forts-1: available
  forts-2: cup
  gunboats-1: available
  gunboats-2: future
  ironclads-1: available
  railroads-1: cup
  railroads-2: cup
  submarines: available
  torpedoes-1: available
  torpedoes-2: future
union_commanders: {east: burnside, west: none}
commanders: {east: lee, west: as-johnston, mississippi: beauregard}
advisor: je-johnston
leader_cup: [polk, hood]
leaders_gone: [bragg]
draw_pile: ['26', '27']
stacks:
  1864: ['35','38','39','40','41','42','43','44','45','46','47','48', A, B, C, '25', '28', '29', '30', '31', '32', '33', '37', '36']
headlines_played: 25
card: "34"
cursor: {step: confederate, line: 1}
question: {ask: command, symbol: circle}
"#;

/// A new demo game `name` in `d` from `AT_ADVANCED_BASE` with `edit` made.
fn at_advanced_base(d: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut st: Value = serde_yaml::from_str(AT_ADVANCED_BASE).unwrap();
    edit(&mut st);
    let pos = format!("{name}.position.yaml");
    write_position(d, &pos, "the-lost-cause", &st);
    let secrets = format!("{name}-secrets");
    let id = format!("tlc-{}", name.replace('.', "-"));
    ok(
        d,
        &[
            "new",
            "--game",
            "the-lost-cause",
            "--id",
            &id,
            "--demo",
            "--secrets",
            &secrets,
            "--position",
            &pos,
            "-o",
            name,
        ],
    );
    d.join(name)
}

/// The brown army's place in the game file `game`: its space and whether it invades.
fn brown_army(game: &Path) -> (String, bool) {
    let st = adjutant::engine::gamefile::GameFile::parse(&read(game))
        .unwrap()
        .state;
    let brown = &st["armies"]["brown"];
    let at = brown["at"].as_u64().unwrap() as usize;
    (
        brown["route"][at].as_str().unwrap().to_string(),
        brown["invading"].as_bool().unwrap_or(false),
    )
}

/// 8.1, 13.2, 9.1.1 (RULINGS L24): a Union army never retreats past an Advanced Base, and
/// once a base stands on its track no Northern Invasion is possible there. Beaten at its
/// Advanced Base, Shiloh & Corinth, the Army of the Tennessee was driven into Missouri &
/// Illinois, its Northern Invasion space behind Cairo: the retreat took the first space of the
/// route written for it for its Home Base, and looked for a base only after it. Each game id
/// gives other dice; the first few that give Beauregard his victory are played.
#[test]
fn an_army_beaten_at_its_advanced_base_stays_there() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut victories = 0;
    for n in 0..16 {
        let game = at_advanced_base(d, &format!("base-{n}.yaml"), |_| {});
        let report = play(
            d,
            &game,
            "command: {battle: {theater: mississippi, army: brown}}\n",
        );
        if !report.contains("Battle: Beauregard against the brown army: a Confederate victory") {
            continue;
        }
        victories += 1;
        assert!(!report.contains("Northern Invasion!"), "{report}");
        assert!(
            report.contains(
                "The brown army stands at its Base with nowhere to retreat, so it stays (9.1.1)."
            ),
            "{report}"
        );
        // The card's Initiative Roll for the army may march it on from where it stood.
        let (space, invading) = brown_army(&game);
        assert!(!invading, "{report}");
        assert!(
            space == "shiloh-corinth"
                || report.contains("The brown army marches from Shiloh & Corinth to Memphis"),
            "{space}: {report}"
        );
        if victories == 2 {
            break;
        }
    }
    assert_eq!(victories, 2, "the dice gave Beauregard too few victories");
}

/// 14.4 #3 (RULINGS L56): European Recognition advances at the Year End when every Union army
/// in play stands on its Home Base space. It advanced with the Army of the Tennessee at its
/// Advanced Base, Shiloh & Corinth, because that was the first space of the route its position
/// gave it; back at Cairo, its Home Base, the marker does advance. The last card of 1863 is
/// played out, and the Railroads question before the Year End is answered.
#[test]
fn the_year_end_counts_an_army_at_its_advanced_base_as_away_from_home() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let year_end = |st: &mut Value| {
        st["armies"].as_object_mut().unwrap().remove("orange");
        st["resources"]["railroads-1"] = json!("available");
        st["draw_pile"] = json!([]);
        st["stacks"] = json!({"1864": ["35", "38", "39", "40", "41", "42", "43", "44", "45",
            "46", "47", "48", "A", "B", "C"]});
        st["headlines_played"] = json!(36);
        st["card"] = json!("37");
        st["cursor"] = json!({"step": "railroads"});
        st["question"] = json!({"ask": "railroads"});
    };
    let away = at_advanced_base(d, "away.yaml", year_end);
    let report = play(d, &away, "railroads: []\n");
    // 14.4: the phase's line says what its checks found (it read "Year End: International
    // (14.4)" alone).
    let flat = |r: &str| r.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(&report).contains("Year End: International: European Recognition is in box 2, short of box 5, so no Blockade fall-back and no military aid; not every Union army in play stands on its Home Base and none is in its Northern Invasion space, so Recognition does not advance (14.4)."),
        "{report}"
    );
    assert!(!report.contains("European Recognition 2 -> 3"), "{report}");
    let home = at_advanced_base(d, "home.yaml", |st| {
        year_end(st);
        st["armies"]["brown"]["route"] = json!(["cairo", "forts-henry-donelson", "shiloh-corinth"]);
    });
    let report = play(d, &home, "railroads: []\n");
    assert!(
        flat(&report).contains(
            "every Union army in play stands on its Home Base, so Recognition advances (14.4)."
        ),
        "{report}"
    );
    assert!(
        report.contains("European Recognition 2 -> 3 (14.4)"),
        "{report}"
    );
}

/// 16.8, 9.1 (RULINGS L10, L57): a Railroads marker buys a Directed Battle action, which the
/// theater's Confederate leader fights. With the East's Command box empty, `orders` listed
/// "Railroads: attack the blue army in the East theater", and playing it spent the marker (an
/// X marker, set aside for good, 16.1) on a battle skipped for want of a leader. Such a battle
/// is neither listed nor taken now, as a Command action passed to that theater is not (10.1),
/// and the refusal names the theater that can use the marker; the game file is untouched.
#[test]
fn railroads_are_not_spent_in_a_theater_without_a_leader() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "rr.yaml", |st| {
        st["commanders"]["east"] = json!(null);
        st["leaders_gone"] = json!(["je-johnston"]);
        st["armies"]["green"] = json!({"form": "army-of-the-cumberland", "at": 1,
            "route": ["louisville", "lexington-bowling-green", "nashville", "chattanooga", "atlanta"]});
        st["resources"]["railroads-1"] = json!("available");
        st["cursor"] = json!({"step": "railroads"});
        st["question"] = json!({"ask": "railroads"});
    });
    let listed = options(d, &game);
    assert!(
        listed.contains("Railroads: attack the green army in the West theater"),
        "{listed}"
    );
    assert!(!listed.contains("in the East theater"), "{listed}");
    let orders = "railroads: [{theater: east, army: blue}]\n";
    let err = refusal(d, &game, orders);
    assert!(
        err.contains("16.8: the East theater has no Confederate leader to fight the Directed Battle a Railroads marker gives (9.1, RULINGS L10, L57); spend it in the West theater, or keep it"),
        "{err}"
    );
    // Played, the orders are refused and leave every file as it was: the marker is kept.
    let err = words(&refused(
        d,
        &[
            "play",
            game.to_str().unwrap(),
            "o.yaml",
            "--secrets",
            "rr.yaml-secrets",
        ],
    ));
    assert!(
        err.contains("16.8: the East theater has no Confederate leader"),
        "{err}"
    );
}

/// 7.1, 16.10 (card 48, found at the table): the card activates the green army on two lines.
/// Torpedoes spent to stop the first line's march into Nashville, the second line marches it
/// there, and its line says so, the army read from the card in play and the question answered,
/// not from the words of the Torpedoes line.
#[test]
fn card_48s_second_line_marches_after_torpedoes_stop_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "card-48.yaml", |st| {
        st["card"] = json!("48");
        // Card 9, in play in the example, where card 48 was.
        let stack = st["stacks"]["1864"].as_array_mut().unwrap();
        stack.retain(|c| c != "48");
        stack.push(json!("9"));
        st["cursor"] = json!({"step": "union", "line": 1});
        st["question"] =
            json!({"ask": "torpedoes", "what": "the green army's march into Nashville"});
        st["armies"]["green"] = json!({"at": 1, "form": "army-of-the-cumberland",
            "route": ["louisville", "lexington-bowling-green", "nashville", "chattanooga", "atlanta"]});
        st["resources"]["torpedoes-1"] = json!("available");
    });
    let text = play(d, &game, "torpedoes: true\n");
    assert!(
        text.contains("The green army marches from Lexington & Bowling Green to Nashville on the card's second line for it, Torpedoes having stopped the march of the line before (7.1, 7.3)."),
        "{text}"
    );
}

/// 9.6 (found playing a whole game through the command line): the options named the
/// Peninsula without its article ("put the Gunboats marker on Peninsula", "move the Ironclads
/// marker from Peninsula to Selma") where the report of the same order reads "on the
/// Peninsula". Each names it as the report does.
#[test]
fn options_name_the_peninsula_as_the_report_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "peninsula.yaml", |st| {
        st["resources"]["gunboats-1"] = json!("available");
        st["resources"]["ironclads-1"] = json!({"space": "peninsula"});
    });
    let listed = options(d, &game);
    assert!(
        listed.contains("put the Gunboats marker on the Peninsula"),
        "{listed}"
    );
    assert!(
        listed.contains("move the Ironclads marker from the Peninsula to Selma"),
        "{listed}"
    );
    for bare in ["on Peninsula", "from Peninsula", "to Peninsula"] {
        assert!(!listed.contains(bare), "{listed}");
    }
}

/// 16.7 (found playing a whole game through the command line): `show` listed "Ironclads at
/// Peninsula" among the resources on the map; it names the space as the report does.
#[test]
fn show_names_a_marker_on_the_peninsula_as_the_report_does() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = demo_at(d, "peninsula-show.yaml", |st| {
        st["resources"]["ironclads-1"] = json!({"space": "peninsula"});
    });
    let shown = words(&stdout(&ok(d, &["show", game.to_str().unwrap()])));
    assert!(
        shown.contains("Resources on the map: Ironclads at the Peninsula"),
        "{shown}"
    );
}
