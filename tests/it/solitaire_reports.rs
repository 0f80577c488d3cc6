//! The two solitaire games as a player posting an after-action report reads them: each test
//! plays a position through the command line, as a forum reader's report is made, and checks
//! a line a play-through found wrong or unclear.

use serde_json::{json, Value};

use crate::support::{game_at, ok, read, root, stdout, write};

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
