//! Sides by their names: the messages of `new`, `orders`, `verify`, `show`, `hint` and the
//! reports name a side as the game does (Crown, the Confederate player, the British player)
//! and a decision in words, while the game file, packets and `--side` keep the side's id.

use std::path::Path;

use crate::support::*;

/// The side ids of the three games, as they must not show in a message: in backticks, in a
/// `reveal` line, or bare before a decision in brackets.
fn assert_no_side_id(what: &str, text: &str) {
    for id in ["crown", "patriot", "csa", "british"] {
        for bad in [
            format!("`{id}`"),
            format!("reveal {id} "),
            format!(": {id} ("),
            format!("next: {id}"),
        ] {
            assert!(!text.contains(&bad), "{what} shows `{bad}`:\n{text}");
        }
    }
}

fn new_game(d: &Path, game: &str, args: &[&str]) -> String {
    let mut all = vec!["new", "--game", game, "--id", game, "--secrets", "s", "-o"];
    let out = format!("{game}.yaml");
    all.push(&out);
    all.extend(args);
    stderr(&ok(d, &all))
}

#[test]
fn messages_name_each_side_by_its_name_and_each_decision_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ss = new_game(d, "southern-strategy", &["--hotseat"]);
    assert!(ss.contains("first decision: Crown (supply)"), "{ss}");
    let tlc = new_game(d, "the-lost-cause", &["--mode", "self"]);
    assert!(
        tlc.contains("first decision: the Confederate player (start)"),
        "{tlc}"
    );
    let solo = new_game(d, "solo-1776", &["--mode", "self"]);
    assert!(
        solo.contains("first decision: the British player (turn)"),
        "{solo}"
    );
    for text in [&ss, &tlc, &solo] {
        assert_no_side_id("new", text);
    }

    let g = "southern-strategy.yaml";
    let options = stdout(&ok(d, &["orders", g]));
    assert!(options.contains("legal options for Crown:"), "{options}");
    write(d, "o.yaml", "supply: []\n");
    let legal = stderr(&ok(d, &["orders", g, "o.yaml", "--secrets", "s"]));
    assert!(legal.contains("the orders of Crown are legal"), "{legal}");
    ok(d, &["orders", g, "o.yaml", "-o", "p.txt", "--secrets", "s"]);
    // The packet and the game file keep the id.
    assert!(read(&d.join("p.txt")).contains("by: crown"));
    assert!(read(&d.join(g)).contains("side: patriot"));
    let verify = stdout(&ok(d, &["verify", g]));
    assert!(verify.contains("next: Patriot (adjudication)"), "{verify}");
    let show = stdout(&ok(d, &["show", g]));
    assert!(
        show.contains("Next: Patriot, adjudication: the orders of Crown in step 1"),
        "{show}"
    );
    for (what, text) in [
        ("orders", &options),
        ("orders", &legal),
        ("verify", &verify),
        ("show", &show),
    ] {
        assert_no_side_id(what, text);
    }

    for game in ["the-lost-cause", "solo-1776"] {
        let err = fails(d, &["hint", &format!("{game}.yaml"), "--secrets", "s"]);
        assert_no_side_id("hint", &err);
        assert!(!err.contains(&format!("for {game}")), "{err}");
    }

    // The verification block of every format names who revealed each element.
    write(d, "turn.yaml", "turn: {}\n");
    ok(
        d,
        &["play", "solo-1776.yaml", "turn.yaml", "--secrets", "s"],
    );
    for format in ["text", "markdown", "bbcode"] {
        let report = stdout(&ok(d, &["report", "solo-1776.yaml", "--format", format]));
        assert!(
            report.contains("reveal #1 of the British player (step 1)"),
            "{format}:\n{report}"
        );
        assert!(
            report.contains("reveal #1 of the self chain (step 2)"),
            "{format}:\n{report}"
        );
        assert_no_side_id(format, &report);
    }
}
