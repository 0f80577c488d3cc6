//! Faults a rules tester found by setting up Solo 1776 positions against rules 12-17 (the
//! options `orders` lists after a British attack or a fleet engagement, and report lines a
//! reader could not follow), each shown through the command line.

use std::path::Path;

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
    assert!(!listed.is_empty(), "no options");
    for (label, orders) in &listed {
        if orders.contains("town: british") {
            assert!(
                label.contains("the British take Philadelphia"),
                "{label}: {orders}"
            );
        } else {
            assert!(
                orders.contains("town: american")
                    && label.contains("the Americans hold Philadelphia"),
                "{label}: {orders}"
            );
        }
    }
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
    let listed = options(d);
    assert!(!listed.is_empty(), "no options");
    for (label, orders) in &listed {
        if orders.contains("town: british") {
            assert!(
                label.contains("the British keep Philadelphia"),
                "{label}: {orders}"
            );
        } else {
            assert!(
                orders.contains("town: american")
                    && label.contains("the Americans take Philadelphia"),
                "{label}: {orders}"
            );
        }
    }
}
