//! Solo 1776's report lines in words, beyond the sample of every kind in `words.rs`: the ids
//! made in play (detachments, armies formed and gone, the player's transports, forts) read as
//! names, costs and shifts say only what a force holds, and `show` of an American combat says
//! whose turn it is.

use serde_json::{json, Value};

/// Each solo 1776 event as its report line, through the shipped `event` macro.
fn solo_1776_lines(events: &[Value]) -> Vec<String> {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (state, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": state}), &rules.lookups());
    let calls: Vec<(&str, Vec<Value>)> =
        events.iter().map(|e| ("event", vec![e.clone()])).collect();
    adjutant::report::text::Templates::new(None)
        .call_macros("solo-1776/events.txt", &ctx, &calls)
        .unwrap()
}

/// 12, 16, 17: what solo 1776 events hold as ids reads as words: a detachment a force joined
/// (its id is made in play: `canadian-new-england`), an army formed in play and gone since,
/// the player's own label for a transport, and the ids inside reasons the records keep as the
/// rules wrote them (`french-supply-south-central`, `detachment replacements-middle-states`,
/// fort `middle-states-10`).
#[test]
fn solo_1776_events_name_detachments_transports_and_forts_in_words() {
    let cases = [
        (
            json!({"event": "area_change", "army": "canadian", "die": 6, "result": "south", "to": "new-england",
                   "moved": {"sp": 2, "artillery": 0, "supply": 0}, "joined": "canadian-new-england", "reason": "half the army moves"}),
            "2 SP to New England, as a detachment; half the army moves.",
        ),
        (
            json!({"event": "french_landing", "fleet": 1, "die": 2, "area": "deep-south", "joined": "deep-south-army"}),
            "location 15 of Deep South, joining the American army of Deep South.",
        ),
        (
            json!({"event": "transport", "transport": "howe-convoy", "die": 4, "engaged": false, "reason": "1-4: the transport passes"}),
            "16: the Continental Navy rolls 4 against transport Howe convoy: no engagement (only a 5-6 engages), the transport passes.",
        ),
        (
            json!({"event": "navy_undamaged", "transport": "hessian_transports"}),
            "the engagement with Hessian transports undamaged.",
        ),
        (
            json!({"event": "french_duty", "duty": "supply", "area": "south-central",
                   "reason": "American supply in South Central is zero: one supply from France carried to location 15 (french-supply-south-central)"}),
            "one supply from France carried to location 15, as a detachment.",
        ),
        (
            json!({"event": "french_duty", "duty": "supply", "area": "middle-states",
                   "reason": "American supply in Middle States is zero: one supply from France carried to location 15 (washington)"}),
            "carried to location 15, joining Washington's army.",
        ),
        (
            json!({"event": "reported", "rule": "14",
                   "what": "detachment replacements-middle-states lost 1 SP, 0 artillery, 0 supply in combat on the board"}),
            "Reported: the detachment in Middle States (replacements) lost 1 SP in combat on the board (14).",
        ),
        // A loss of no SP (a supply or artillery unit alone, A29) says what was lost, not
        // "0 SP" first.
        (
            json!({"event": "reported", "rule": "14",
                   "what": "detachment washington-south-central lost 0 SP, 0 artillery, 1 supply in combat on the board"}),
            "Reported: the detachment in South Central (half of Washington's army) lost 1 supply in combat on the board (14).",
        ),
        (
            json!({"event": "reported", "rule": "14",
                   "what": "the garrison of fort `middle-states-10` lost 0 SP, 1 artillery, 0 supply in combat on the board"}),
            "Reported: the garrison of the fort in location 10 of Middle States lost 1 artillery in combat on the board (14).",
        ),
        (
            json!({"event": "reported", "rule": "14",
                   "what": "the garrison of fort `middle-states-10` lost 2 SP, 1 artillery, 0 supply in combat on the board"}),
            "Reported: the garrison of the fort in location 10 of Middle States lost 2 SP, 1 artillery in combat on the board (14).",
        ),
        (
            // The reason keeps its capitals: proper names stay proper names.
            json!({"event": "french_fleets_lost", "lost": 2, "left": 1,
                   "reason": "the fleet engagement of the French attack on the British reinforcement of New England"}),
            "17: the fleet engagement of the French attack on the British reinforcement of New England: the French lose 2 battle fleets, 1 left.",
        ),
    ];
    let (events, wants): (Vec<Value>, Vec<&str>) = cases.into_iter().unzip();
    for (line, want) in solo_1776_lines(&events).iter().zip(wants) {
        assert!(line.contains(want), "`{want}` not in\n{line}");
    }
}

/// 12, 17 (RULINGS A6, A30): a force put into an area with no army (a French land element, a
/// sea invasion, half an army changing area) becomes its army, and a record of the twelfth
/// edition says so (`formed`): the line says the force became the army, where it said it
/// joined one that did not exist. A record without it (the earlier editions') reads as before.
#[test]
fn a_force_that_becomes_an_areas_army_is_said_to() {
    let formed = ", becoming the American army of West Indies (the area had none)";
    let cases = [
        (
            json!({"event": "french_landing", "fleet": 1, "die": 1, "area": "west-indies",
                   "joined": "west-indies-army", "formed": true}),
            format!("comes ashore in location 15 of West Indies{formed}."),
        ),
        (
            json!({"event": "sea_invasion", "army": "southern", "from": "deep-south", "die": 1,
                   "to": "west-indies", "sp": 3, "joined": "west-indies-army", "formed": true,
                   "reason": "instead of moving down"}),
            format!("sail from Deep South to West Indies{formed}: instead of moving down."),
        ),
        (
            json!({"event": "area_change", "army": "southern", "die": 1, "result": "south",
                   "to": "west-indies", "moved": {"sp": 2, "artillery": 0, "supply": 0},
                   "joined": "west-indies-army", "formed": true, "reason": "half the army moves"}),
            format!("2 SP to West Indies{formed}; half the army moves."),
        ),
        (
            json!({"event": "french_landing", "fleet": 2, "die": 1, "area": "west-indies",
                   "joined": "west-indies-army"}),
            "comes ashore in location 15 of West Indies, joining the American army of West Indies."
                .to_string(),
        ),
    ];
    let (events, wants): (Vec<Value>, Vec<String>) = cases.into_iter().unzip();
    for (line, want) in solo_1776_lines(&events).iter().zip(wants) {
        assert!(line.contains(&want), "`{want}` not in\n{line}");
    }
}

/// 12, 14, 15: solo 1776 says what a fort costs to build, gives a (BE) column shift once and
/// the same way everywhere (none when it is 0), and leaves out what a force has none of.
#[test]
fn solo_1776_events_say_costs_shifts_and_only_what_a_force_holds() {
    let cases = [
        (
            json!({"event": "fort_built", "army": "washington", "area": "middle-states", "location": 10,
                   "town": "trenton", "garrison": {"sp": 5, "artillery": 1, "supply": 0}}),
            "builds a fort at Trenton in location 10 of Middle States before moving down, spending 1 SP, 1 artillery and 1 supply on it; garrison 5 SP, 1 artillery.",
        ),
        (
            json!({"event": "be_roll", "army": "washington", "die": 3, "shift": 0}),
            "14: (BE) roll for Washington's army: 3, no column shift for the American attack.",
        ),
        (
            json!({"event": "be_roll", "army": "washington", "die": 6, "shift": 1}),
            "14: (BE) roll for Washington's army: 6, column shift +1 for the American attack.",
        ),
        (
            json!({"event": "be_roll", "army": "washington", "die": 1, "shift": -1}),
            "14: (BE) roll for Washington's army: 1, column shift -1 for the American attack.",
        ),
        (
            json!({"event": "garrison", "army": "washington", "fort": "middle-states-15",
                   "sent": {"sp": 0, "artillery": 1}, "garrison": {"sp": 5, "artillery": 1, "supply": 0}, "reason": "the fort is short"}),
            "Washington's army sends 1 artillery to the fort in location 15 of Middle States; its garrison is now 5 SP, 1 artillery: the fort is short.",
        ),
        (
            json!({"event": "combat_result", "army": "washington", "lost": {"sp": 0, "artillery": 0},
                   "bre_before": 1, "bre_after": 1}),
            "14: Washington's army lost nothing in the combat; the BRE number stays at 1.",
        ),
    ];
    let (events, wants): (Vec<Value>, Vec<&str>) = cases.into_iter().unzip();
    for (line, want) in solo_1776_lines(&events).iter().zip(wants) {
        assert!(line.contains(want), "`{want}` not in\n{line}");
    }
}

/// 14: `show` during an American attack says it is the American turn, and a (BE) shift of 0
/// reads as none, there and in the question, as in the report's (BE) line.
#[test]
fn solo_1776_show_of_an_american_combat_says_whose_turn_and_no_shift() {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (mut state, _) = rules.setup().unwrap();
    state["question"] = json!({"ask": "combat", "army": "washington", "initiated": "american",
        "round": 1, "bre": 1, "shift": 0});
    let ctx = adjutant::report::text::with_lookups(
        json!({"title": "show", "state": state, "awaiting": null}),
        &rules.lookups(),
    );
    let text = adjutant::report::text::Templates::new(None)
        .render("solo-1776/show.txt", &ctx)
        .unwrap();
    assert!(
        text.contains("In the middle of the American turn: combat 1 of Washington's army, an American attack, BRE number 1, no (BE) column shift."),
        "{text}"
    );
}

/// 12: `show` counts an army's dragoons in words, none and one alike.
#[test]
fn solo_1776_show_counts_dragoons_in_words() {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (mut state, _) = rules.setup().unwrap();
    state["armies"]["washington"]["dragoons"] = json!(0);
    let ctx = adjutant::report::text::with_lookups(
        json!({"title": "show", "state": state, "awaiting": null}),
        &rules.lookups(),
    );
    let text = adjutant::report::text::Templates::new(None)
        .render("solo-1776/show.txt", &ctx)
        .unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("Washington's army:"))
        .unwrap_or_else(|| panic!("no line for Washington's army in\n{text}"));
    assert!(line.contains("SP (0 dragoons),"), "{line}");
}

/// 17: the board's header said "French battle fleets: none yet." after the French had come in
/// and lost every fleet, which `show` words as none in play. A search by six fleets always
/// finds them (a d6 of at most 6).
#[test]
fn the_board_says_the_french_fleets_are_all_lost_once_they_are() {
    use crate::support::{ok, stdout, write};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "new",
            "--game",
            "solo-1776",
            "--id",
            "lost-fleets",
            "--mode",
            "self",
            "--secrets",
            "s",
            "-o",
            "g.yaml",
        ],
    );
    write(
        d,
        "t.yaml",
        "turn: {french_intervention: {fleets: 1}, search: {fleets: 6}, american_turn: false}\n",
    );
    write(d, "f.yaml", "fleet_engagement: {french_lost: 1}\n");
    ok(d, &["play", "g.yaml", "t.yaml", "--secrets", "s"]);
    ok(d, &["play", "g.yaml", "f.yaml", "--secrets", "s"]);
    let svg = stdout(&ok(d, &["report", "g.yaml", "--format", "svg"]));
    let header = svg
        .lines()
        .find(|l| l.contains("French battle fleets:"))
        .expect("the board's header names the French fleets");
    assert!(
        header.contains("French battle fleets: none in play, all lost."),
        "{header}"
    );
}

/// A transport labelled `transport` (the label `orders` suggests) is named once: the lines
/// read "against transport Transport"; and a combat result with no losses says "lose nothing",
/// as the event line for it does, where it read "lose 0 SP".
#[test]
fn a_transport_is_named_once_and_no_loss_reads_as_nothing() {
    let lines = solo_1776_lines(&[
        json!({"event": "transport", "transport": "transport", "die": 6, "engaged": true, "reason": "5-6: it engages"}),
        json!({"event": "navy_undamaged", "transport": "transport-2"}),
        json!({"event": "transport", "transport": "tr-1", "die": 2, "engaged": false, "reason": "1-4: the transport passes"}),
    ]);
    assert!(
        lines[0].contains("rolls 6 against Transport: a 5-6"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("the engagement with Transport 2 undamaged."),
        "{lines:?}"
    );
    assert!(lines[2].contains("against transport Tr 1:"), "{lines:?}");
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (state, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": state}), &rules.lookups());
    let got = adjutant::report::text::Templates::new(None)
        .call_macros(
            "solo-1776/events.txt",
            &ctx,
            &[
                ("orders", vec![json!({"combat": {"sp": 0, "bre": 2}})]),
                (
                    "orders",
                    vec![json!({"combat": {"sp": 2, "supply": 1, "bre": 1}})],
                ),
            ],
        )
        .unwrap();
    assert!(
        got[0].contains("the Americans lose nothing; the BRE number is now 2"),
        "{got:?}"
    );
    assert!(
        got[1].contains("the Americans lose 2 SP, 1 supply; the BRE number is now 1"),
        "{got:?}"
    );
}

/// 15: a garrison line named its fort by the state the report is drawn from, so a fort lost
/// since (Fort Ticonderoga, retaken and lost again in a played campaign) read "sends nothing to
/// the fort", with no place; and a month that sent nothing said the garrison "is now" what it
/// already was. The fort is named by its id's place (`new-england-10` is not in the set-up's
/// state), and nothing sent reads as the garrison staying.
#[test]
fn a_garrison_line_names_a_fort_gone_since_and_says_nothing_changed() {
    let lines = solo_1776_lines(&[
        json!({"event": "garrison", "army": "northern", "fort": "new-england-10",
               "sent": {"sp": 0, "artillery": 0, "supply": 0},
               "garrison": {"sp": 2, "artillery": 1, "supply": 1},
               "reason": "the garrison is 3 SP short and the army has none to spare"}),
        json!({"event": "garrison", "army": "canadian", "fort": "canada-5",
               "sent": {"sp": 1, "artillery": 0, "supply": 0},
               "garrison": {"sp": 3, "artillery": 1, "supply": 1},
               // The report's reading adds how far the garrison still is from 5 SP.
               "short_by": 2,
               "reason": "a fort keeps a garrison of 5 SP with an artillery and a supply unit"}),
    ]);
    assert_eq!(
        lines[0],
        "15: the Northern army sends nothing to the fort in location 10 of New England, whose garrison stays 2 SP, 1 artillery, 1 supply: the garrison is 3 SP short and the army has none to spare."
    );
    assert_eq!(
        lines[1],
        "15: the Canadian expedition sends 1 SP to the fort in location 5 of Canada; its garrison is now 3 SP, 1 artillery, 1 supply: a fort keeps a garrison of 5 SP with an artillery and a supply unit; it is still 2 SP short, as the army keeps one SP of its own."
    );
}

/// 17 duty 1: a table roll naming the West Indies, where the fleets withdraw anyway, read "the
/// table names West Indies for this quarter, but the battle fleets go to the West Indies
/// instead": no contrast to make. It reads as the plain roll line, and the withdrawal follows.
#[test]
fn a_roll_naming_the_west_indies_before_a_withdrawal_reads_plainly() {
    let rules = adjutant::games::load("solo-1776", None).unwrap();
    let (state, _) = rules.setup().unwrap();
    let ctx = adjutant::report::text::with_lookups(json!({"state": state}), &rules.lookups());
    let roll = |area: &str| {
        (
            "event",
            vec![
                json!({"event": "french_operating", "die": 1, "area": area}),
                Value::Null,
                json!([{"event": "french_duty", "duty": "west_indies", "area": "west-indies",
                        "reason": "the naval SP difference is -6 (1 American, 7 British)"}]),
            ],
        )
    };
    let got = adjutant::report::text::Templates::new(None)
        .call_macros(
            "solo-1776/events.txt",
            &ctx,
            &[roll("west-indies"), roll("new-england")],
        )
        .unwrap();
    assert_eq!(
        got[0],
        "17: French Intervention Table 1: the battle fleets operate off West Indies this quarter."
    );
    assert!(
        got[1].contains("the table names New England for this quarter, but the battle fleets go to the West Indies instead"),
        "{got:?}"
    );
}

/// 16: a transport the navy does not roll for read "16: Transport: the Continental Navy is not
/// deployed." and "16: Hessian transports: escorted: ...", a label and two colons where the
/// line means there is no roll. Each now says so.
#[test]
fn a_transport_not_rolled_for_says_there_is_no_roll() {
    let lines = solo_1776_lines(&[
        json!({"event": "transport", "transport": "transport", "engaged": false,
               "reason": "the Continental Navy is not deployed"}),
        json!({"event": "transport", "transport": "hessian-transports", "engaged": false,
               "reason": "escorted: the Continental Navy engages only unescorted transports"}),
    ]);
    assert_eq!(
        lines[0],
        "16: no roll against Transport: the Continental Navy is not deployed."
    );
    assert_eq!(
        lines[1],
        "16: no roll against Hessian transports, escorted: the Continental Navy engages only unescorted transports."
    );
}

/// 17 duty 1: while the naval SP stay 2 or more behind, every American turn told the French
/// battle fleets "withdraw to the West Indies", though the turn before had sent them there.
/// A turn that finds them there already says they stay; the turn that sends them says they
/// withdraw.
#[test]
fn fleets_already_in_the_west_indies_are_said_to_stay() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = super::solo_1776::two_turns_outnumbered_at_sea(dir.path(), "");
    assert!(
        first.contains("17: the French battle fleets withdraw to the West Indies: the naval SP difference is -5"),
        "{first}"
    );
    assert!(
        second.contains(
            "17: the French battle fleets stay in the West Indies: the naval SP difference is -5"
        ),
        "{second}"
    );
    assert!(!second.contains("withdraw to the West Indies"), "{second}");
}

/// 15 (RULINGS A8): replacements for an area with no uncontrolled strategic town join its army;
/// the line read "join the Canadian expedition in location 0: no location of the area has an
/// uncontrolled strategic town: with the army", two colons and a fragment. It says so plainly.
#[test]
fn replacements_with_no_free_strategic_town_read_plainly() {
    let lines = solo_1776_lines(&[json!({"event": "replacements", "area": "canada",
        "force": {"sp": 2, "artillery": 0, "supply": 0}, "joined": "canadian",
        "detachment": null, "location": 0,
        "reason": "no location of the area has an uncontrolled strategic town: with the army"})]);
    assert_eq!(
        lines[0],
        "15: replacements for Canada (2 SP) join the Canadian expedition in location 0: no location of the area has an uncontrolled strategic town, so they go to the army (RULINGS A8)."
    );
}

/// 15 (RULINGS A13): a fort whose garrison lost every SP is lost with what was left of it; the
/// line read "is lost, its garrison lost every SP; its garrison (1 artillery, 1 supply) with
/// it", the garrison named twice as if it were still whole.
#[test]
fn a_fort_lost_with_no_sp_left_names_what_was_left_of_its_garrison() {
    let lines = solo_1776_lines(&[json!({"event": "fort_lost", "fort": "canada-5",
        "area": "canada", "location": 5, "town": "fort-ticonderoga",
        "garrison": {"sp": 0, "artillery": 1, "supply": 1},
        "reason": "its garrison lost every SP"})]);
    assert_eq!(
        lines[0],
        "15: the American fort in location 5 of Canada at Fort Ticonderoga is lost, its garrison lost every SP; what was left of it (1 artillery, 1 supply) goes with the fort."
    );
}

/// 12: a scouting that found an entrenched army read "... with 12 SP, entrenched (it did not
/// move) (12).", two brackets in a row, the first a reason. The reason is part of the sentence.
#[test]
fn a_scouted_entrenched_army_says_why_in_the_sentence() {
    let lines = solo_1776_lines(&[json!({"event": "scouted", "area": "middle-states",
        "army": "washington", "die": 4, "result": "strength", "entrenched": true,
        "location": 10, "sp": 12})]);
    assert!(
        lines[0].ends_with("with 12 SP, entrenched, as it did not move in its last turn (12)."),
        "{}",
        lines[0]
    );
    assert!(!lines[0].contains(") ("), "{}", lines[0]);
}
