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

/// 12.3, 9.3 (RULINGS N8): with the French navy in the same sea zone the army aboard can land
/// nowhere. The question and its option named that place "in nowhere" and said neither where
/// the navy is nor who is aboard: they name the sea zone, Cornwallis and his units, and why.
#[test]
fn the_winter_unload_question_names_the_zone_and_the_army_aboard() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = winter_unload(d, "blocked.yaml", "C");
    let shown = words(&stdout(&ok(d, &["show", game.to_str().unwrap()])));
    let options = words(&stdout(&ok(d, &["orders", game.to_str().unwrap()])));
    for text in [&shown, &options] {
        assert!(!text.contains("in nowhere"), "{text}");
        assert!(text.contains("sea zone C (Off South Carolina)"), "{text}");
        assert!(text.contains("Cornwallis and 2 units"), "{text}");
        assert!(
            text.contains("the French navy is in sea zone C (Off South Carolina) too"),
            "{text}"
        );
    }
    assert!(
        shown.contains("Next: Crown, answer: 12.3: your navy leaves sea zone C (Off South Carolina) for the winter with Cornwallis and 2 units, 1 food and 1 war aboard;"),
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
    for (answer, why) in [
        (
            "army: CHS",
            "9.3: the army aboard cannot land in `Charleston`: the French navy is in sea zone C (Off South Carolina) too, which bars every landing (RULINGS N8)",
        ),
        (
            "supplies: GEO",
            "5.4: the supplies aboard cannot go ashore in `Georgetown`: the French navy is in sea zone C (Off South Carolina) too",
        ),
    ] {
        write(d, "answer.yaml", &format!("answer: {{unload: {{{answer}}}}}\n"));
        let err = words(&refused(
            d,
            &["orders", held.to_str().unwrap(), "answer.yaml"],
        ));
        assert!(err.contains(why), "`{answer}`: {err}");
    }
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
