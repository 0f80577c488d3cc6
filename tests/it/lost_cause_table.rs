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
        err.contains("9.6: the Commerce Raider is in the Resource Cup, so it cannot sail with the Confederate Morale marker yet: a Commerce Raider action brings it out to the Available box (9.7), ordered as `commerce_raider: stay`"),
        "{err}"
    );
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
    assert!(!report.contains("sails with"), "{report}");
}
