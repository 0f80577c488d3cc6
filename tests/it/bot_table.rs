//! Faults a player found playing The Southern Strategy against adjutant's bot at one machine
//! (`new --hotseat`, `show`, `orders`, `hint`, `play --bot`), each shown through the command
//! line from a position set up for it.

use std::path::Path;

use serde_json::json;

use super::bot_cli::demo_game;
use super::support::*;

/// Mail text and option lines are wrapped: their words, one space apart.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The option lines of `orders g.yaml` in `d` (each with its snippet dropped).
fn listed(d: &Path) -> Vec<String> {
    stdout(&ok(d, &["orders", "g.yaml", "--secrets", "s"]))
        .lines()
        .filter_map(|l| l.strip_prefix("  - "))
        .map(str::to_string)
        .collect()
}

/// The Crown's limited impulse with 2 units alone on High Hills of Santee (a Point), holding
/// `food` and `war`, and 2 Loyalists in the South Carolina box to forage with (Cornwallis is
/// far off in Augusta, on no line with them).
fn crown_on_a_point_at_its_limit(d: &Path, id: &str, food: u32, war: u32) {
    demo_game(
        d,
        id,
        json!({
            "phase": {"step": "impulse", "side": "crown", "kind": "limited"},
            "initiative": "crown",
            "pass_track": 4,
            "armies": {
                "HHS": {"side": "crown", "units": 2},
                "AUG": {"side": "crown", "units": 1, "leader": "leader"},
                "CHS": {"side": "patriot", "units": 2},
            },
            "supplies": {"HHS": {"food": food, "war": war}},
            "partisans": {
                "GA": {"loyalists": 0, "militia": 0},
                "NC": {"loyalists": 0, "militia": 0},
                "SC": {"loyalists": 2, "militia": 0},
                "VA": {"loyalists": 0, "militia": 0},
            },
            "pool": {
                "GA": {"loyalists": 3, "militia": 5},
                "NC": {"loyalists": 5, "militia": 5},
                "SC": {"loyalists": 2, "militia": 3},
                "VA": {"loyalists": 5, "militia": 5},
            },
        }),
    );
}

/// 8.2 with 5.5: a forage into an army at its limit with no room on its line puts it one over,
/// and 5.5 discards War before Food. `orders` said "the food is discarded" while the forage
/// then discarded a War (the report's "discards 1 war"): the option said something false about
/// what the player would keep. With no War held, the Food itself goes, and it says so.
#[test]
fn a_forage_over_the_limit_says_the_war_goes_before_the_food() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crown_on_a_point_at_its_limit(d, "ss-forage-war-first", 1, 2);
    let forage = listed(d)
        .into_iter()
        .find(|l| l.starts_with("limited: forage (8.2)"))
        .expect("the forage is listed");
    assert!(
        forage.contains("1 war over the limit is discarded, War before Food (5.5)")
            && !forage.contains("the food is discarded"),
        "{forage}"
    );
    write(d, "o.yaml", "limited: {forage: HHS}\n");
    let report = words(&stdout(&ok(
        d,
        &["play", "g.yaml", "o.yaml", "--secrets", "s"],
    )));
    assert!(
        report.contains("High Hills of Santee discards 1 war"),
        "{report}"
    );
    let shown = words(&stdout(&ok(d, &["show", "g.yaml"])));
    assert!(
        shown.contains("High Hills of Santee 2 units, 2 food 1 war"),
        "{shown}"
    );

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crown_on_a_point_at_its_limit(d, "ss-forage-food-only", 3, 0);
    let forage = listed(d)
        .into_iter()
        .find(|l| l.starts_with("limited: forage (8.2)"))
        .expect("the forage is listed");
    assert!(
        forage.contains("1 food over the limit is discarded (5.5)"),
        "{forage}"
    );
}

/// 8.0 with 8.5 (RULINGS P1, P3): the Patriot's limited impulse with 1 unit in Orangeburg, and
/// in the South Carolina box the Swamp Fox and `militia` Militia against `loyalists`
/// Loyalists.
fn patriot_beside_the_swamp_fox(d: &Path, id: &str, militia: u32, loyalists: u32) {
    demo_game(
        d,
        id,
        json!({
            "phase": {"step": "impulse", "side": "patriot", "kind": "limited"},
            "initiative": "patriot",
            "pass_track": 4,
            "turn": {"year": 1780, "space": 4},
            "campaign_turns": 2,
            "armies": {
                "AUG": {"side": "crown", "units": 1, "leader": "leader"},
                "ORB": {"side": "patriot", "units": 1},
            },
            "supplies": {"ORB": {"food": 1, "war": 1}},
            "partisans": {
                "GA": {"loyalists": 0, "militia": 0},
                "NC": {"loyalists": 0, "militia": 0},
                "SC": {"loyalists": loyalists, "militia": militia, "swamp_fox": true},
                "VA": {"loyalists": 0, "militia": 0},
            },
            "pool": {
                "GA": {"loyalists": 3, "militia": 5},
                "NC": {"loyalists": 5, "militia": 5},
                "SC": {"loyalists": 4 - loyalists, "militia": 3 - militia},
                "VA": {"loyalists": 5, "militia": 5},
            },
        }),
    );
}

/// 8.0, RULINGS P1 and P3: with the Swamp Fox alone in the South Carolina box the Patriot may
/// not forage there, as no Militia is left to expend. The refusal said the box held "1
/// Loyalists" and that "an action needs a counter of yours and no fewer than the enemy's",
/// which the Swamp Fox is, and which he overrides (8.5): it named a reason that was not the
/// one. It now says that an action expends a Militia, which the Swamp Fox never is.
#[test]
fn a_refused_action_beside_the_lone_swamp_fox_says_no_militia_is_left_to_expend() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    patriot_beside_the_swamp_fox(d, "ss-fox-alone", 0, 1);
    write(d, "o.yaml", "limited: {forage: ORB}\n");
    let err = words(&refused(
        d,
        &["orders", "g.yaml", "o.yaml", "--secrets", "s"],
    ));
    assert!(
        err.contains(
            "8.0: you cannot act in `South Carolina`: its Partisan Box holds the Swamp Fox, \
             0 Militia and 1 Loyalist; an action expends a Militia counter, and the Swamp Fox \
             is never expended (RULINGS P1)"
        ),
        "{err}"
    );
}

/// 8.0 (RULINGS P3): outnumbered without the Swamp Fox, the refusal counts each side's
/// counters in the singular where there is one.
#[test]
fn a_refused_action_when_outnumbered_counts_the_counters_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    demo_game(
        d,
        "ss-outnumbered",
        json!({
            "phase": {"step": "impulse", "side": "crown", "kind": "limited"},
            "initiative": "crown",
            "pass_track": 4,
            "armies": {
                "SAV": {"side": "crown", "units": 8, "leader": "leader"},
                "CHS": {"side": "patriot", "units": 2},
            },
            "partisans": {
                "GA": {"loyalists": 1, "militia": 2},
                "NC": {"loyalists": 0, "militia": 0},
                "SC": {"loyalists": 0, "militia": 0},
                "VA": {"loyalists": 0, "militia": 0},
            },
            "pool": {
                "GA": {"loyalists": 2, "militia": 3},
                "NC": {"loyalists": 5, "militia": 5},
                "SC": {"loyalists": 4, "militia": 3},
                "VA": {"loyalists": 5, "militia": 5},
            },
        }),
    );
    write(d, "o.yaml", "limited: {forage: SAV}\n");
    let err = words(&refused(
        d,
        &["orders", "g.yaml", "o.yaml", "--secrets", "s"],
    ));
    assert!(
        err.contains(
            "8.0: you cannot act in `Georgia`: its Partisan Box holds 2 Militia and 1 \
             Loyalist; an action needs no fewer counters of yours than the enemy's"
        ),
        "{err}"
    );
}

/// 2.1: an area the orders misspell is refused, and the refusal names the area meant where
/// one is close: "Snows Island" for "Snow's Island" (the apostrophe a player leaves out),
/// "Savanah" for "Savannah". It said only "there is no area `Snows Island` on the map",
/// leaving the player to find the spelling in the map file. A word that is like no area gets
/// no guess.
#[test]
fn a_misspelt_area_is_refused_with_the_area_meant() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    super::bot_cli::crown_full_impulse_beside_ebenezer(d, "ss-misspelt-area");
    let refusal = |orders: &str| {
        write(d, "o.yaml", orders);
        words(&refused(
            d,
            &["orders", "g.yaml", "o.yaml", "--secrets", "s"],
        ))
    };
    let err =
        refusal("full: {march: {from: Savanah, groups: [{to: SUN, units: 8, leader: true}]}}\n");
    assert!(
        err.contains("2.1: there is no area `Savanah` on the map; did you mean `Savannah`?"),
        "{err}"
    );
    let err =
        refusal("full: {march: {from: SAV, groups: [{to: Sunbery, units: 8, leader: true}]}}\n");
    assert!(
        err.contains("there is no area `Sunbery` on the map; did you mean `Sunbury`?"),
        "{err}"
    );
    let err = refusal("supply: [{from: SAV, to: Monks Corner, food: 1}]\nfull: {dig_in: SAV}\n");
    assert!(
        err.contains("there is no area `Monks Corner` on the map; did you mean `Monck's Corner`?"),
        "{err}"
    );
    let err =
        refusal("full: {march: {from: SAV, groups: [{to: Boston, units: 8, leader: true}]}}\n");
    assert!(
        err.contains("there is no area `Boston` on the map") && !err.contains("did you mean"),
        "{err}"
    );
}

/// 10.7 with 2.1: a standing policy that misspells a retreat is refused when it is committed,
/// naming the area meant, as orders are.
#[test]
fn a_policy_misspelling_a_retreat_is_refused_with_the_area_meant() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    super::bot_cli::crown_full_impulse_beside_ebenezer(d, "ss-misspelt-policy");
    write(d, "o.yaml", "full: {dig_in: SAV}\n");
    write(
        d,
        "p.yaml",
        "battle:\n  default: {accept: {commit: all, retreat: [Ebenzer]}}\n",
    );
    let err = words(&refused(
        d,
        &[
            "orders",
            "g.yaml",
            "o.yaml",
            "--policy",
            "p.yaml",
            "--secrets",
            "s",
            "-o",
            "packet.yaml",
        ],
    ));
    assert!(
        err.contains("`Ebenzer` is not an area of the map; did you mean `Ebenezer`?"),
        "{err}"
    );
}

/// 5.2: a supply move option names only the kinds the area holds. From City Point, holding 1
/// war and no food, the option read "food 0, war 1", as if a Food were in question; it now
/// reads "war 1". Greene's 6 units in Petersburg hold 4 food and 3 war, 2 units on City Point
/// beside them 1 war: the Patriot's supply phase.
#[test]
fn a_supply_move_names_only_the_kinds_there_are() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    demo_game(
        d,
        "ss-move-kinds",
        json!({
            "phase": {"step": "supply", "side": "patriot"},
            "armies": {
                "SAV": {"side": "crown", "units": 8, "leader": "leader"},
                "PTB": {"side": "patriot", "units": 6, "leader": "leader"},
                "CPT": {"side": "patriot", "units": 2},
            },
            "supplies": {"SAV": {"food": 4, "war": 4}, "PTB": {"food": 4, "war": 3},
                         "CPT": {"war": 1}},
        }),
    );
    let moves: Vec<String> = listed(d)
        .into_iter()
        .filter(|l| l.starts_with("move supplies"))
        .collect();
    assert!(
        moves.iter().any(|m| m.starts_with(
            "move supplies (5.2) from City Point to Petersburg: war 1 (the supply line of"
        )) && moves.iter().any(|m| m.starts_with(
            "move supplies (5.2) from Petersburg to City Point: food 0-2, war 0-2 (the supply"
        )),
        "{moves:#?}"
    );
    assert!(moves.iter().all(|m| !m.contains("food 0,")), "{moves:#?}");
}

/// 10.7 (RULINGS B4): a beaten defender retreats to the first area of its list it may enter,
/// so the list is an order of preference. The report read "retreating if beaten to Augusta or
/// Savannah", as if either would do; it now reads "to Augusta, else Savannah".
#[test]
fn a_retreat_list_is_read_as_an_order_of_preference() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    super::bot_cli::crown_full_impulse_beside_ebenezer(d, "ss-retreat-words");
    write(
        d,
        "o.yaml",
        "full: {attack: {from: SAV, to: EBN, units: 8, carry_war: 4}}\n",
    );
    ok(d, &["play", "g.yaml", "o.yaml", "--secrets", "s"]);
    write(
        d,
        "d.yaml",
        "battle: {accept: {commit: 1, retreat: [AUG, SAV]}}\n",
    );
    let report = words(&stdout(&ok(
        d,
        &["play", "g.yaml", "d.yaml", "--secrets", "s"],
    )));
    assert!(
        report.contains("retreating if beaten to Augusta, else Savannah"),
        "{report}"
    );
}

/// 11.3 with 10.1: Cornwallis, besieged in Charleston by single Patriot units on Monck's
/// Corner and Orangeburg, sorties against Monck's Corner ordering the attackers back to
/// Charleston if victorious; the defender refuses. A refused battle has no Victory (10.1
/// resolves no further step), so the attackers stay where they attacked, and Charleston is
/// left empty. The report said only that they occupy Monck's Corner, so the player who ordered
/// them back saw them stay without a word; it now says why.
#[test]
fn a_refused_sortie_is_said_to_stay_where_it_attacked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    demo_game(
        d,
        "ss-refused-sortie",
        json!({
            "phase": {"step": "impulse", "side": "crown", "kind": "full"},
            "initiative": "crown",
            "pass_track": 4,
            "armies": {
                "CHS": {"side": "crown", "units": 4, "leader": "leader"},
                "MCK": {"side": "patriot", "units": 1},
                "ORB": {"side": "patriot", "units": 1},
            },
            "supplies": {"CHS": {"food": 1, "war": 4}},
            "sieges": ["CHS"],
        }),
    );
    write(
        d,
        "o.yaml",
        "full: {attack: {from: CHS, to: MCK, units: 4, carry_war: 4, return_after: true}}\n",
    );
    let attack = words(&stdout(&ok(
        d,
        &["play", "g.yaml", "o.yaml", "--secrets", "s"],
    )));
    assert!(
        attack.contains("going back to Charleston if victorious"),
        "{attack}"
    );
    write(d, "d.yaml", "battle: {refuse: {to: WAT}}\n");
    let report = words(&stdout(&ok(
        d,
        &["play", "g.yaml", "d.yaml", "--secrets", "s"],
    )));
    assert!(
        report.contains(
            "the Crown attackers occupy Monck's Corner (10.1); a refused battle is no \
             victory, so they stay there and do not go back to Charleston (11.3)"
        ),
        "{report}"
    );
}
